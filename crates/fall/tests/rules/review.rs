//! Rules that had no test before the rules review.

use super::*;

// ---------- rules without a test before the review ----------

#[test]
fn ogres_are_free_actions_played_only_in_the_actions_phase() {
    // Blue has spent all 3 actions and still plays an ogre; its 2 dwarfs on the tavern draw a
    // new ogre in Resolve, which cannot be played until Blue's next turn.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, Tavern)
        .card(1, 0, Red, RubyMine)
        .dwarfs(0, 0, Blue, 2)
        .dwarfs(1, 0, Red, 1)
        .ogres(0, OgreKind::Ambush, 1)
        .turn(0, 3)
        .build();
    refuse(&mut g, FallAction::PlaceDwarf(p(1, 0)));
    play(&mut g, FallAction::PlayOgre(OgreKind::Ambush));
    play(&mut g, FallAction::TargetCard(p(1, 0)));
    assert_eq!(g.actions_used(), 3, "the ogre cost no action");
    play(&mut g, FallAction::EndActions);
    // Blue has 9 kingdom cards and draws an ogre: 10 cards, so the Discard step follows.
    let ev = chance(&mut g, 3);
    let drawn = ev
        .iter()
        .find_map(|e| match e {
            FallEvent::OgreDrawn { ogre, .. } => Some(*ogre),
            _ => None,
        })
        .unwrap();
    assert_eq!(g.step(), TurnStep::Discard);
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::Discard(HandCard::Ogre(drawn))],
        "the new ogre can only be discarded now"
    );
    let e = refuse(&mut g, FallAction::PlayOgre(drawn));
    assert!(matches!(e, FallError::WrongStep(_)), "{e}");
}

#[test]
fn dwarfs_of_different_colours_never_complete_a_task_together() {
    // Emerald mine needs 2: one Blue and one Red dwarf do nothing for either of them.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, EmeraldMine)
        .dwarfs(0, 0, Blue, 1)
        .dwarfs(0, 0, Red, 1)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(!ev.iter().any(|e| matches!(e, FallEvent::TaskDone { .. })));
    assert_eq!(meeples(&g, 0, 0), [1, 1, 0, 0], "both dwarfs stay stuck");
    let ev = play(&mut g, FallAction::EndActions); // Red's turn
    assert!(!ev.iter().any(|e| matches!(e, FallEvent::TaskDone { .. })));
    assert_eq!(own(&g, 0).gem_count + own(&g, 1).gem_count, 0);
}

#[test]
fn a_dwarf_cannot_pass_through_a_full_card() {
    // The rulebook's example: Blue wants to walk two cards, castle -> full store -> gold mine.
    // The store (E/W open) is full, so the first step is refused and the mine is out of reach.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(1, 0, Red, GeneralStore)
        .card(2, 0, Red, GoldMine)
        .dwarfs(0, 0, Blue, 1)
        .dwarfs(1, 0, Red, 4)
        .build();
    let e = refuse(
        &mut g,
        FallAction::MoveDwarf {
            from: p(0, 0),
            dir: Dir::East,
        },
    );
    assert_eq!(e, FallError::NoFreeSpot(p(1, 0)));
    assert!(!g.legal_actions_vec().iter().any(|a| matches!(
        a,
        FallAction::MoveDwarf { from, .. } if *from == p(0, 0)
    )));
}
