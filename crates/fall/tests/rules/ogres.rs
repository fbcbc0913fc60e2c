//! Ogres.

use super::*;

// ---------- ogres ----------

#[test]
fn brute_swaps_an_enemy_dwarf_with_one_of_yours() {
    let mut g = FallBuilder::new(3)
        .card(0, 0, Red, FireDragon)
        .card(3, 3, Red, Tavern)
        .dwarfs(0, 0, Blue, 4)
        .dwarfs(0, 0, Red, 1)
        .dwarfs(3, 3, Blue, 1)
        .ogres(0, OgreKind::Brute, 1)
        .build();
    play(&mut g, FallAction::PlayOgre(OgreKind::Brute));
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::TargetDwarf {
            at: p(0, 0),
            colour: Red
        }]
    );
    refuse(
        &mut g,
        FallAction::TargetDwarf {
            at: p(3, 3),
            colour: Blue,
        },
    );
    play(
        &mut g,
        FallAction::TargetDwarf {
            at: p(0, 0),
            colour: Red,
        },
    );
    refuse(&mut g, FallAction::TargetCard(p(0, 0)));
    play(&mut g, FallAction::TargetCard(p(3, 3)));
    assert_eq!(meeples(&g, 0, 0), [5, 0, 0, 0]);
    assert_eq!(meeples(&g, 3, 3), [0, 1, 0, 0]);
    assert_eq!(own(&g, 0).ogre_count, 0);
    assert_eq!(g.observe(Viewer::Spectator).ogre_discard[0], 1);
    assert_eq!(g.actions_used(), 0, "ogres are free actions");
}

#[test]
fn ambush_clears_a_card_and_sends_meeples_home() {
    let mut g = FallBuilder::new(3)
        .card(0, 0, Red, RubyMine)
        .dwarfs(0, 0, Red, 2)
        .dwarfs(0, 0, Green, 1)
        .dwarfs(0, 0, Blue, 1)
        .ogres(0, OgreKind::Ambush, 1)
        .build();
    play(&mut g, FallAction::PlayOgre(OgreKind::Ambush));
    refuse(&mut g, FallAction::TargetCard(p(1, 0)));
    let ev = play(&mut g, FallAction::TargetCard(p(0, 0)));
    assert!(ev.contains(&FallEvent::Cleared {
        at: p(0, 0),
        sent_home: [1, 2, 1, 0]
    }));
    assert_eq!(meeples(&g, 0, 0), [0; 4]);
    for s in 0..3 {
        assert_eq!(own(&g, s).dwarfs_in_pile, 7);
    }
}

#[test]
fn crown_steals_all_ogres_from_an_opponent() {
    let mut g = FallBuilder::new(3)
        .ogres(0, OgreKind::Crown, 1)
        .ogres(2, OgreKind::Thief, 2)
        .ogres(2, OgreKind::Panic, 1)
        .build();
    play(&mut g, FallAction::PlayOgre(OgreKind::Crown));
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::TargetPlayer(Seat(2))]
    );
    refuse(&mut g, FallAction::TargetPlayer(Seat(1)));
    refuse(&mut g, FallAction::TargetPlayer(Seat(0)));
    refuse(&mut g, FallAction::TargetPlayer(Seat(9)));
    play(&mut g, FallAction::TargetPlayer(Seat(2)));
    assert_eq!(own(&g, 0).ogres.unwrap(), [0, 0, 0, 1, 2]);
    assert_eq!(own(&g, 2).ogre_count, 0);
}

#[test]
fn panic_moves_a_dwarf_up_to_two_cards_without_crossing_walls() {
    // Row: dragon (0,0) all open - dragon (1,0) all open - dragon (2,0) - dragon (3,0).
    // Diamond mine (0,1) south of (0,0): its north is open, so it connects.
    // Emerald mine (-1,0): its east is walled, so it is not reachable.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, FireDragon)
        .card(1, 0, Blue, FireDragon)
        .card(2, 0, Red, FrostGiant) // W is a wall: blocks the path east
        .card(0, 1, Red, DiamondMine)
        .card(-1, 0, Red, EmeraldMine)
        .card(1, 1, Blue, DiamondMine) // reached via (1,0) south (N open)
        .dwarfs(0, 0, Red, 1)
        .ogres(0, OgreKind::Panic, 1)
        .build();
    play(&mut g, FallAction::PlayOgre(OgreKind::Panic));
    play(
        &mut g,
        FallAction::TargetDwarf {
            at: p(0, 0),
            colour: Red,
        },
    );
    let mut targets = g.legal_actions_vec();
    targets.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![
        FallAction::TargetCard(p(1, 0)),
        FallAction::TargetCard(p(0, 1)),
        FallAction::TargetCard(p(1, 1)),
    ];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(targets, want);
    refuse(&mut g, FallAction::TargetCard(p(-1, 0)));
    refuse(&mut g, FallAction::TargetCard(p(2, 0)));
    play(&mut g, FallAction::TargetCard(p(1, 1)));
    assert_eq!(meeples(&g, 1, 1), [0, 1, 0, 0]);
    assert_eq!(meeples(&g, 0, 0), [0; 4]);
}

#[test]
fn thief_steals_a_random_gem_at_a_chance_point() {
    let mut g = FallBuilder::new(2)
        .ogres(0, OgreKind::Thief, 1)
        .gems(1, Gem::Ruby, 1)
        .gems(1, Gem::Gold, 2)
        .build();
    play(&mut g, FallAction::PlayOgre(OgreKind::Thief));
    play(&mut g, FallAction::TargetPlayer(Seat(1)));
    assert_eq!(g.to_act(), Actor::Chance);
    let ev = chance(&mut g, 3);
    assert!(ev.iter().any(|e| matches!(e, FallEvent::GemStolen { .. })));
    assert_eq!(own(&g, 0).gem_count, 1);
    assert_eq!(own(&g, 1).gem_count, 2);
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
    // No target: Thief cannot be played against empty hands.
    let mut g = FallBuilder::new(2).ogres(0, OgreKind::Thief, 1).build();
    let e = refuse(&mut g, FallAction::PlayOgre(OgreKind::Thief));
    assert!(matches!(e, FallError::NoOgreTarget(_)));
}
