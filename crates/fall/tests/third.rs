//! 3rd edition: campfires, class meeples, its secret goals and data, each on a constructed
//! position. (Class data, see `src/data.rs`: king 1 diamond + 1 ruby, 3 VP; warrior 1 emerald +
//! 1 ruby, 2 VP; guardian 1 emerald + 1 gold, 2 VP.)

use dwarfs_engine::{Actor, Game, PlayError, Seat, Viewer, state_hash};
use dwarfs_fall::Colour::{Blue, Red};
use dwarfs_fall::Kind::*;
use dwarfs_fall::{
    Class, Decree, Dir, Edition, Fall, FallAction, FallBuilder, FallError, FallEvent, FallOptions,
    Gem, OgreKind, Pos, Scenario, SecretGoal, TurnStep,
};

fn p(x: i8, y: i8) -> Pos {
    Pos::new(x, y)
}

fn play(g: &mut Fall, a: FallAction) -> Vec<FallEvent> {
    let Actor::Seat(s) = g.to_act() else {
        panic!("no seat to act")
    };
    assert!(g.legal_actions_vec().contains(&a), "{a:?} not listed");
    g.play(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

fn refuse(g: &mut Fall, a: FallAction) -> FallError {
    let Actor::Seat(s) = g.to_act() else {
        panic!("no seat to act")
    };
    assert!(!g.legal_actions_vec().contains(&a), "{a:?} listed");
    let h = state_hash(g);
    let Err(PlayError::Rules(e)) = g.play(s, &a) else {
        panic!("{a:?} not refused")
    };
    assert_eq!(state_hash(g), h);
    e
}

fn third() -> FallOptions {
    FallOptions {
        edition: Edition::Third,
        ..Default::default()
    }
}

#[test]
fn third_edition_setup_uses_its_own_components() {
    let mut g = Fall::new(&third(), 4).unwrap();
    g.resolve_chance([3; 32]).unwrap();
    assert_eq!(g.gem_piles().iter().map(|&n| n as u32).sum::<u32>(), 32);
    for s in 0..4 {
        let goal = g
            .player_view(Seat(s), Viewer::Seat(Seat(s)))
            .unwrap()
            .secret_goal
            .unwrap();
        assert_ne!(goal, SecretGoal::Hunter, "Hunter became Berserker");
    }
}

#[test]
fn bad_decree_combinations_are_refused() {
    let o = FallOptions {
        decrees: vec![Decree::HardWorkers],
        ..FallOptions::default()
    };
    let e = Fall::new(&o, 3).unwrap_err().to_string();
    assert!(e.contains("3rd edition"), "{e}");
    let o = FallOptions {
        scenario: Some(Scenario::Siege),
        decrees: vec![Decree::Fortress],
        ..third()
    };
    assert!(Fall::new(&o, 3).is_err());
}

#[test]
fn upgrading_costs_an_action_and_the_gems() {
    let mut g = FallBuilder::third(2)
        .card(0, 0, Red, Tavern)
        .gems(0, Gem::Diamond, 1)
        .gems(0, Gem::Ruby, 1)
        .build();
    refuse(&mut g, FallAction::Upgrade(Class::Warrior)); // no emerald
    play(&mut g, FallAction::Upgrade(Class::King));
    assert_eq!(g.actions_used(), 1);
    let me = g.player_view(Seat(0), Viewer::Seat(Seat(0))).unwrap();
    assert_eq!(me.gem_count, 0);
    assert_eq!(me.classes, vec![(Class::King, None)]);
    assert_eq!(me.dwarfs_in_pile, 7, "the king is one of the 7 meeples");
    refuse(&mut g, FallAction::Upgrade(Class::King));
    // Placing the king is free; placing a dwarf is not.
    play(
        &mut g,
        FallAction::PlaceClass {
            class: Class::King,
            at: p(0, 0),
        },
    );
    assert_eq!(g.actions_used(), 1);
    assert_eq!(g.cell(p(0, 0)).unwrap().classes, vec![(Blue, Class::King)]);
    play(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    assert_eq!(g.actions_used(), 2);
}

#[test]
fn class_actions_do_not_exist_in_the_classic_edition() {
    let mut g = FallBuilder::new(2)
        .gems(0, Gem::Diamond, 1)
        .gems(0, Gem::Ruby, 1)
        .build();
    let e = refuse(&mut g, FallAction::Upgrade(Class::King));
    assert!(matches!(e, FallError::WrongStep(_)));
}

#[test]
fn the_king_is_placed_free_even_with_no_action_left() {
    let mut g = FallBuilder::third(2)
        .card(0, 0, Red, Tavern)
        .upgraded(0, Class::King)
        .upgraded(0, Class::Warrior)
        .turn(0, 3)
        .build();
    let place_warrior = FallAction::PlaceClass {
        class: Class::Warrior,
        at: p(0, 0),
    };
    assert_eq!(refuse(&mut g, place_warrior), FallError::NoActionsLeft(3));
    play(
        &mut g,
        FallAction::PlaceClass {
            class: Class::King,
            at: p(0, 0),
        },
    );
}

#[test]
fn the_warrior_pushes_an_enemy_meeple_to_an_adjacent_card() {
    // Tavern (0,0) open E/S/W; emerald mine (1,0) open N/S/W: a passage east.
    let mut g = FallBuilder::third(2)
        .card(0, 0, Red, Tavern)
        .card(1, 0, Red, EmeraldMine)
        .card(0, -1, Red, RubyMine) // tavern's north is a wall: no push north
        .upgraded(0, Class::Warrior)
        .class_at(0, 0, 0, Class::Warrior)
        .dwarfs(0, 0, Red, 1)
        .build();
    assert_eq!(
        g.legal_actions_vec()
            .into_iter()
            .filter(|a| matches!(a, FallAction::WarriorPush { .. }))
            .collect::<Vec<_>>(),
        vec![FallAction::WarriorPush {
            colour: Red,
            dir: Dir::East
        }]
    );
    refuse(
        &mut g,
        FallAction::WarriorPush {
            colour: Red,
            dir: Dir::North,
        },
    );
    play(
        &mut g,
        FallAction::WarriorPush {
            colour: Red,
            dir: Dir::East,
        },
    );
    assert_eq!(g.cell(p(1, 0)).unwrap().meeples, [0, 1, 0, 0]);
    assert_eq!(g.cell(p(0, 0)).unwrap().meeples, [1, 0, 0, 0]);
    assert_eq!(g.actions_used(), 1);
}

#[test]
fn ogres_cannot_target_a_card_with_a_guardian() {
    let mut g = FallBuilder::third(2)
        .card(0, 0, Red, FireDragon)
        .card(3, 3, Red, Tavern)
        .upgraded(1, Class::Guardian)
        .class_at(0, 0, 1, Class::Guardian)
        .dwarfs(0, 0, Blue, 4)
        .dwarfs(3, 3, Blue, 1)
        .ogres(0, OgreKind::Ambush, 1)
        .ogres(0, OgreKind::Brute, 1)
        .build();
    play(&mut g, FallAction::PlayOgre(OgreKind::Ambush));
    assert_eq!(g.legal_actions_vec(), vec![FallAction::TargetCard(p(3, 3))]);
    refuse(&mut g, FallAction::TargetCard(p(0, 0)));
    play(&mut g, FallAction::TargetCard(p(3, 3)));
    // Brute: Red's only meeple is the guardian's card: no target.
    let e = refuse(&mut g, FallAction::PlayOgre(OgreKind::Brute));
    assert!(matches!(e, FallError::NoOgreTarget(_)));
}

#[test]
fn class_meeples_go_home_first_and_a_three_type_kill_is_an_adventurer() {
    let mut g = FallBuilder::third(2)
        .card(0, 0, Red, FrostGiant)
        .upgraded(0, Class::King)
        .upgraded(0, Class::Warrior)
        .class_at(0, 0, 0, Class::King)
        .class_at(0, 0, 0, Class::Warrior)
        .dwarfs(0, 0, Blue, 3)
        .secret(0, SecretGoal::Adventurer)
        .build();
    refuse(&mut g, FallAction::RevealSecret);
    let ev = play(&mut g, FallAction::EndActions);
    assert!(
        ev.iter()
            .any(|e| matches!(e, FallEvent::MonsterDefeated { .. }))
    );
    let me = g.player_view(Seat(0), Viewer::Seat(Seat(0))).unwrap();
    assert_eq!(
        me.classes,
        vec![(Class::King, None), (Class::Warrior, None)]
    );
    assert_eq!(me.dwarfs_in_pile, 7);
    // Blue may reveal Adventurer at once, in the end-of-turn window.
    assert_eq!(g.step(), dwarfs_fall::TurnStep::Discard);
    let ev = play(&mut g, FallAction::RevealSecret);
    assert!(ev.contains(&FallEvent::TurnEnded(Seat(0))));
    assert_eq!(g.score_parts(Seat(0)).classes, 3 + 2);
    assert_eq!(g.score_parts(Seat(0)).monsters, 3);
}

#[test]
fn a_task_with_extras_lets_the_player_choose_which_meeples_stay() {
    // Ruby mine needs 3: king + 3 dwarfs. Either the king and 2 dwarfs go home (1 dwarf stays),
    // or 3 dwarfs go home and the king stays on the card.
    let b = FallBuilder::third(2)
        .card(0, 0, Red, RubyMine)
        .upgraded(0, Class::King)
        .class_at(0, 0, 0, Class::King)
        .dwarfs(0, 0, Blue, 3);
    let mut g = b.clone().build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(
        g.legal_actions_vec(),
        vec![
            FallAction::FinishTask {
                draw_two: false,
                keep: 0
            },
            FallAction::FinishTask {
                draw_two: false,
                keep: 1 << Class::King as u8
            },
        ]
    );
    refuse(
        &mut g,
        FallAction::FinishTask {
            draw_two: false,
            keep: 1 << Class::Warrior as u8,
        },
    );
    refuse(
        &mut g,
        FallAction::FinishTask {
            draw_two: true,
            keep: 0,
        },
    );
    refuse(&mut g, FallAction::EndActions);
    play(
        &mut g,
        FallAction::FinishTask {
            draw_two: false,
            keep: 0,
        },
    );
    let c = g.cell(p(0, 0)).unwrap();
    assert_eq!(c.meeples, [1, 0, 0, 0]);
    assert!(c.classes.is_empty());
    assert_eq!(
        g.player_view(Seat(0), Viewer::Seat(Seat(0)))
            .unwrap()
            .gems
            .unwrap()[Gem::Ruby as usize],
        1
    );
    // Keeping the king: the three plain dwarfs go home and mine the ruby.
    let mut g = b.build();
    play(&mut g, FallAction::EndActions);
    play(
        &mut g,
        FallAction::FinishTask {
            draw_two: false,
            keep: 1 << Class::King as u8,
        },
    );
    let c = g.cell(p(0, 0)).unwrap();
    assert_eq!(c.meeples, [1, 0, 0, 0]);
    assert_eq!(c.classes, vec![(Blue, Class::King)]);
    assert_eq!(
        g.player_view(Seat(0), Viewer::Seat(Seat(0)))
            .unwrap()
            .gems
            .unwrap()[Gem::Ruby as usize],
        1
    );
    // With no extra meeple there is nothing to choose: the task completes at once.
    let mut g = FallBuilder::third(2)
        .card(0, 0, Red, RubyMine)
        .upgraded(0, Class::King)
        .class_at(0, 0, 0, Class::King)
        .dwarfs(0, 0, Blue, 2)
        .build();
    play(&mut g, FallAction::EndActions);
    assert!(!matches!(g.step(), TurnStep::ChooseFinish { .. }));
    assert!(g.cell(p(0, 0)).is_some_and(|c| c.meeples == [0; 4]));
}

#[test]
fn berserker_needs_two_defeated_monsters() {
    let b = FallBuilder::third(2).secret(0, SecretGoal::Berserker);
    let mut g = b
        .clone()
        .defeated(0, Red, FireDragon)
        .defeated(0, Red, FrostGiant)
        .build();
    play(&mut g, FallAction::RevealSecret);
    let mut g = b.defeated(0, Red, FireDragon).build();
    refuse(&mut g, FallAction::RevealSecret);
}

#[test]
fn classes_score_at_the_end_in_their_own_category() {
    let mut g = FallBuilder::third(2)
        .upgraded(1, Class::Guardian)
        .round_limit(1)
        .turn(1, 0)
        .build();
    play(&mut g, FallAction::EndActions);
    let o = g.outcome().unwrap();
    let line = o.scores[1]
        .breakdown
        .iter()
        .find(|l| l.category == "Classes")
        .unwrap();
    assert_eq!(line.points, 2);
}

#[test]
fn panic_cannot_carry_a_dwarf_from_or_to_a_guarded_card() {
    // Tavern (0,0) open E/S/W, emerald mine (1,0) open N/S/W: the tavern's east side meets the
    // mine's open west side. Then Red's guardian stands on the mine.
    let b = FallBuilder::third(2)
        .card(0, 0, Red, Tavern)
        .card(1, 0, Red, EmeraldMine)
        .dwarfs(0, 0, Red, 1)
        .ogres(0, OgreKind::Panic, 1);
    // Without the guardian, Red's dwarf can be carried to the mine.
    let mut g = b.clone().build();
    play(&mut g, FallAction::PlayOgre(OgreKind::Panic));
    play(
        &mut g,
        FallAction::TargetDwarf {
            at: p(0, 0),
            colour: Red,
        },
    );
    assert_eq!(g.legal_actions_vec(), vec![FallAction::TargetCard(p(1, 0))]);
    // With it, the mine is no destination, the guardian's own card no source: no target at all.
    let mut g = b
        .upgraded(1, Class::Guardian)
        .class_at(1, 0, 1, Class::Guardian)
        .build();
    let e = refuse(&mut g, FallAction::PlayOgre(OgreKind::Panic));
    assert!(matches!(e, FallError::NoOgreTarget(_)), "{e}");
}
