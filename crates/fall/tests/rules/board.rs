//! Stacking cards, dwarfs, walls and kingdoms, and digging.

use super::*;

// ---------- stacking ----------

#[test]
fn no_stacking_on_a_card_with_dwarfs() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, EmeraldMine)
        .dwarfs(0, 0, Red, 1)
        .build();
    play(&mut g, FallAction::ChooseCard(RubyMine));
    let e = refuse(&mut g, FallAction::PlaceCard(p(0, 0)));
    assert!(e.to_string().contains("meeples"), "{e}");
    let mut g = FallBuilder::new(2).card(0, 0, Red, EmeraldMine).build();
    play(&mut g, FallAction::ChooseCard(RubyMine));
    play(&mut g, FallAction::PlaceCard(p(0, 0)));
    let c = g.cell(p(0, 0)).unwrap();
    assert_eq!(c.stack.len(), 2);
    assert_eq!(c.top.card.kind, RubyMine);
}

#[test]
fn nothing_stacks_on_castles_or_monsters() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, Castle)
        .card(1, 0, Red, FireDragon)
        .build();
    play(&mut g, FallAction::ChooseCard(Castle));
    refuse(&mut g, FallAction::PlaceCard(p(0, 0)));
    play(&mut g, FallAction::PlaceCard(p(0, 1)));
    play(&mut g, FallAction::ChooseCard(FrostGiant));
    refuse(&mut g, FallAction::PlaceCard(p(1, 0)));
    refuse(&mut g, FallAction::PlaceCard(p(0, 0)));
}

#[test]
fn only_cards_of_the_same_type_stack() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, EmeraldMine)
        .card(1, 0, Red, Tavern)
        .build();
    play(&mut g, FallAction::ChooseCard(GeneralStore));
    let e = refuse(&mut g, FallAction::PlaceCard(p(0, 0)));
    assert!(e.to_string().contains("same type"), "{e}");
    play(&mut g, FallAction::PlaceCard(p(1, 0))); // building on building
    play(&mut g, FallAction::ChooseCard(GoldMine));
    play(&mut g, FallAction::PlaceCard(p(0, 0))); // mine on mine
    assert_eq!(g.cell(p(1, 0)).unwrap().stack.len(), 2);
    assert_eq!(g.cell(p(0, 0)).unwrap().stack.len(), 2);
}

// ---------- dwarfs, walls, kingdoms ----------

#[test]
fn kingdom_reach_stops_at_walls() {
    // Castle (0,0) open N/E/W. East: emerald mine (W open) joins. West: diamond mine (E wall)
    // does not. South: the castle's south is a wall, so the tavern does not join.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(1, 0, Blue, EmeraldMine)
        .card(-1, 0, Blue, DiamondMine)
        .card(0, 1, Blue, Tavern)
        .card(1, 1, Red, Tavern) // south of the emerald mine (S open), tavern N wall
        .dwarfs(0, 0, Blue, 1)
        .build();
    let k = g.kingdom(Blue).unwrap();
    assert_eq!(k.cells, vec![p(0, 0), p(1, 0)]);
    assert_eq!(k.vp, 3 + 1);
    assert_eq!(g.kingdom_size(Blue), 2);
    assert!(g.kingdom(Red).is_none());
    // Dwarfs walk only through open sides on both cards.
    refuse(
        &mut g,
        FallAction::MoveDwarf {
            from: p(0, 0),
            dir: Dir::West,
        },
    );
    refuse(
        &mut g,
        FallAction::MoveDwarf {
            from: p(0, 0),
            dir: Dir::South,
        },
    );
    refuse(
        &mut g,
        FallAction::MoveDwarf {
            from: p(0, 0),
            dir: Dir::North,
        },
    );
    play(
        &mut g,
        FallAction::MoveDwarf {
            from: p(0, 0),
            dir: Dir::East,
        },
    );
    assert_eq!(meeples(&g, 1, 0), [1, 0, 0, 0]);
}

#[test]
fn dwarfs_need_a_free_spot_to_move_or_be_placed() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(1, 0, Blue, EmeraldMine)
        .dwarfs(0, 0, Blue, 1)
        .dwarfs(1, 0, Red, 3)
        .build();
    let e = refuse(&mut g, FallAction::PlaceDwarf(p(1, 0)));
    assert_eq!(e, FallError::NoFreeSpot(p(1, 0)));
    refuse(
        &mut g,
        FallAction::MoveDwarf {
            from: p(0, 0),
            dir: Dir::East,
        },
    );
    refuse(&mut g, FallAction::PlaceDwarf(p(5, 5)));
    play(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    assert_eq!(meeples(&g, 0, 0), [2, 0, 0, 0]);
}

#[test]
fn a_foreign_dwarf_blocks_a_monster() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, FireDragon)
        .dwarfs(0, 0, Blue, 4)
        .dwarfs(0, 0, Red, 1)
        .build();
    refuse(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    play(&mut g, FallAction::EndActions);
    assert!(g.cell(p(0, 0)).is_some(), "the dragon must survive");
    assert_eq!(
        meeples(&g, 0, 0),
        [4, 1, 0, 0],
        "the blocked dwarfs are stuck"
    );
    // Without the foreign dwarf, five Blue dwarfs defeat it.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, FireDragon)
        .dwarfs(0, 0, Blue, 4)
        .build();
    play(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    let ev = play(&mut g, FallAction::EndActions);
    assert!(
        ev.iter()
            .any(|e| matches!(e, FallEvent::MonsterDefeated { .. }))
    );
    assert!(g.cell(p(0, 0)).is_none());
    let me = own(&g, 0);
    assert_eq!(me.defeated.len(), 1);
    assert_eq!(me.dwarfs_in_pile, 7);
    assert_eq!(me.goals_met, 0, "a defeated monster is not a goal");
    assert_eq!(g.score_parts(Seat(0)).monsters, 3);
}

#[test]
fn a_dragon_blocks_mines_in_its_kingdom_but_the_dwarfs_return() {
    // Dragon (0,0) open everywhere; emerald mine (1,0) west side open: same area.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, FireDragon)
        .card(1, 0, Red, EmeraldMine)
        .card(-1, 0, Red, DiamondMine) // east side walled: not in the dragon's area
        .dwarfs(1, 0, Blue, 2)
        .dwarfs(-1, 0, Blue, 2)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::TaskBlocked {
        at: p(1, 0),
        reason: Blocked::Dragon
    }));
    let me = own(&g, 0);
    assert_eq!(
        me.gems.unwrap(),
        [0, 1, 0, 0],
        "only the walled-off diamond mine works"
    );
    assert_eq!(me.dwarfs_in_pile, 7, "blocked dwarfs still go home");
    assert_eq!(meeples(&g, 1, 0), [0; 4]);
}

#[test]
fn an_empty_gem_pile_sends_dwarfs_home_empty_handed() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, DiamondMine)
        .gems(1, Gem::Diamond, 7)
        .dwarfs(0, 0, Blue, 2)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::TaskBlocked {
        at: p(0, 0),
        reason: Blocked::NoGems
    }));
    assert_eq!(own(&g, 0).gem_count, 0);
    assert_eq!(own(&g, 0).dwarfs_in_pile, 7);
}

#[test]
fn extra_dwarfs_stay_on_the_card() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, RubyMine)
        .card(1, 0, Red, GoldMine)
        .dwarfs(0, 0, Blue, 3)
        .dwarfs(0, 0, Red, 1)
        .build();
    play(&mut g, FallAction::PlaceDwarf(p(1, 0)));
    play(&mut g, FallAction::PlaceDwarf(p(1, 0)));
    play(&mut g, FallAction::PlaceDwarf(p(1, 0)));
    // 4 on the gold mine needing 3: one stays; ruby: Red's dwarf stays.
    let mut g2 = g.clone();
    play(&mut g, FallAction::EndActions);
    assert_eq!(meeples(&g, 0, 0), [0, 1, 0, 0]);
    assert_eq!(meeples(&g, 1, 0), [0, 0, 0, 0]);
    assert_eq!(own(&g, 0).gems.unwrap(), [0, 0, 1, 2]);
    // With a fourth dwarf on the gold mine instead, one stays behind.
    let _ = g2.play(Seat(0), &FallAction::EndActions);
    let mut g = FallBuilder::new(2)
        .card(1, 0, Red, GoldMine)
        .dwarfs(1, 0, Blue, 4)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(meeples(&g, 1, 0), [1, 0, 0, 0]);
    assert_eq!(own(&g, 0).dwarfs_in_pile, 6);
}

// ---------- digging ----------

fn dig_position() -> FallBuilder {
    // Blue castle (0,0); a mine stack at (3,3) (emerald under ruby), far from any monster.
    FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(3, 3, Red, EmeraldMine)
        .card(3, 3, Red, RubyMine)
        .dwarfs(0, 0, Red, 2)
}

#[test]
fn digging_puts_the_top_card_under_the_stack() {
    let mut g = dig_position().turn(1, 0).build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.iter().any(|e| matches!(e, FallEvent::Dug { .. })));
    let c = g.cell(p(3, 3)).unwrap();
    assert_eq!(c.top.card.kind, EmeraldMine);
    assert_eq!(
        c.stack[0].kind, RubyMine,
        "the old top is now at the bottom"
    );
    assert_eq!(
        own(&g, 1).dwarfs_in_pile,
        7,
        "digging on another's castle is fine"
    );
}

#[test]
fn digging_skips_stacks_with_dwarfs_and_asks_when_several_qualify() {
    // The only stack has a dwarf: nothing to dig.
    let mut g = dig_position().dwarfs(3, 3, Blue, 1).turn(1, 0).build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::TaskBlocked {
        at: p(0, 0),
        reason: Blocked::NothingToDig
    }));
    assert_eq!(g.cell(p(3, 3)).unwrap().top.card.kind, RubyMine);
    // Two stacks qualify: a decision, listing exactly those.
    let mut g = dig_position()
        .card(-3, -3, Red, Tavern)
        .card(-3, -3, Red, GeneralStore)
        .card(4, 4, Red, FireDragon)
        .turn(1, 0)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::ChooseDig);
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::Dig(p(-3, -3)), FallAction::Dig(p(3, 3))]
    );
    refuse(&mut g, FallAction::Dig(p(4, 4))); // never a monster
    refuse(&mut g, FallAction::Dig(p(0, 0))); // never a castle
    play(&mut g, FallAction::Dig(p(-3, -3)));
    assert_eq!(g.cell(p(-3, -3)).unwrap().top.card.kind, Tavern);
}

#[test]
fn digging_fails_while_a_monster_is_in_the_kingdom() {
    // Frost giant north of the castle: castle N open, giant S open.
    let mut g = dig_position()
        .card(0, -1, Red, FrostGiant)
        .turn(1, 0)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::TaskBlocked {
        at: p(0, 0),
        reason: Blocked::Monster
    }));
    assert_eq!(g.cell(p(3, 3)).unwrap().top.card.kind, RubyMine);
    assert_eq!(own(&g, 1).dwarfs_in_pile, 7);
}
