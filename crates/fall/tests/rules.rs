//! One focused test per rule, each on a constructed position.
//!
//! Card data used below (see `src/data.rs`): castle open N/E/W, 3 spots, 2 dwarfs; tavern open
//! E/S/W, 3 spots, 2 dwarfs; general store open E/W, 4 spots, 3 dwarfs; emerald mine open N/S/W,
//! 3 spots, 2 dwarfs; diamond mine open N/S, 2 spots, 2 dwarfs; ruby mine open N/E, 4 spots,
//! 3 dwarfs; gold mine open S/W, 4 spots, 3 dwarfs; monsters 5 spots, 5 dwarfs (dragon open on
//! all sides, frost giant N/E/S).

use dwarfs_engine::{Actor, Game, PlayError, Seat, Viewer, state_hash};
use dwarfs_fall::Colour::{Blue, Green, Red, Yellow};
use dwarfs_fall::Kind::*;
use dwarfs_fall::{
    Blocked, Dir, Fall, FallAction, FallBuilder, FallError, FallEvent, FallOptions, Gem, HandCard,
    OgreKind, Pos, SecretGoal, TurnStep,
};

fn p(x: i8, y: i8) -> Pos {
    Pos::new(x, y)
}

fn seat_now(g: &Fall) -> Seat {
    match g.to_act() {
        Actor::Seat(s) => s,
        other => panic!("expected a seat to act, got {other:?}"),
    }
}

fn play(g: &mut Fall, a: FallAction) -> Vec<FallEvent> {
    let s = seat_now(g);
    assert!(
        g.legal_actions_vec().contains(&a),
        "{a:?} is not listed: {:?}",
        g.legal_actions_vec()
    );
    let mut ev = g
        .play(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
    // Cards lie as printed unless a test turns them (`orient`).
    if matches!(a, FallAction::PlaceCard(_)) && matches!(g.step(), TurnStep::OrientCard { .. }) {
        ev.extend(g.play(s, &FallAction::Orient(0)).unwrap());
    }
    ev
}

/// Plays an action that must be refused, checks it is unlisted and the state unchanged.
fn refuse(g: &mut Fall, a: FallAction) -> FallError {
    let s = seat_now(g);
    assert!(!g.legal_actions_vec().contains(&a), "{a:?} is listed");
    let h = state_hash(g);
    let e = match g.play(s, &a) {
        Err(PlayError::Rules(e)) => e,
        other => panic!("{a:?} was not refused by the rules: {other:?}"),
    };
    assert_eq!(state_hash(g), h, "a refused action changed the state");
    assert!(!e.to_string().is_empty());
    e
}

fn chance(g: &mut Fall, byte: u8) -> Vec<FallEvent> {
    assert_eq!(g.to_act(), Actor::Chance);
    g.resolve_chance([byte; 32]).unwrap()
}

fn meeples(g: &Fall, x: i8, y: i8) -> [u8; 4] {
    g.cell(p(x, y)).map(|c| c.meeples).unwrap_or([0; 4])
}

fn own(g: &Fall, seat: u8) -> dwarfs_fall::PlayerView {
    g.player_view(Seat(seat), Viewer::Seat(Seat(seat))).unwrap()
}

// ---------- setup and turn order ----------

#[test]
fn setup_is_a_chance_point_then_seat_0_starts() {
    let mut g = Fall::new(&FallOptions::default(), 3).unwrap();
    assert_eq!(g.to_act(), Actor::Chance);
    assert!(g.legal_actions_vec().is_empty());
    chance(&mut g, 5);
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
    assert!(g.face_up_goals().iter().all(|s| s.is_some()));
    let obs = g.observe(Viewer::Spectator);
    assert_eq!(obs.goal_deck, 7);
    assert_eq!(obs.ogre_deck, 13);
    let secrets: Vec<_> = (0..3).map(|s| own(&g, s).secret_goal.unwrap()).collect();
    assert!(secrets[0] != secrets[1] && secrets[1] != secrets[2] && secrets[0] != secrets[2]);
    for s in 0..3 {
        assert_eq!(own(&g, s).kingdom_cards.len(), 9);
        assert_eq!(own(&g, s).dwarfs_in_pile, 7);
    }
}

#[test]
fn third_edition_and_bad_options_are_refused() {
    let twice = FallOptions {
        edition: dwarfs_fall::Edition::Third,
        decrees: vec![
            dwarfs_fall::Decree::HardWorkers,
            dwarfs_fall::Decree::HardWorkers,
        ],
        ..Default::default()
    };
    let e = Fall::new(&twice, 2).unwrap_err();
    assert!(e.to_string().contains("listed twice"), "{e}");
    assert!(Fall::new(&FallOptions::default(), 1).is_err());
    assert!(Fall::new(&FallOptions::default(), 5).is_err());
    let zero = FallOptions {
        round_limit: 0,
        ..Default::default()
    };
    assert!(Fall::new(&zero, 2).is_err());
    let decrees = FallOptions {
        decrees: vec![dwarfs_fall::Decree::Fortress],
        ..Default::default()
    };
    assert!(Fall::new(&decrees, 2).is_err());
}

#[test]
fn the_player_chooses_which_way_a_card_lies() {
    // "You can place or stack cards any way ... whether the walls match or not."
    let mut g = FallBuilder::new(2).card(0, 0, Blue, Tavern).build();
    let s = seat_now(&g);
    g.play(s, &FallAction::ChooseCard(RubyMine)).unwrap();
    g.play(s, &FallAction::PlaceCard(p(1, 0))).unwrap();
    assert_eq!(
        g.step(),
        TurnStep::OrientCard {
            kind: RubyMine,
            at: p(1, 0)
        }
    );
    assert_eq!(
        g.actions_used(),
        0,
        "the action is spent once the card lies"
    );
    assert_eq!(
        g.legal_actions_vec(),
        (0..4).map(FallAction::Orient).collect::<Vec<_>>()
    );
    refuse(&mut g, FallAction::Orient(4));
    refuse(&mut g, FallAction::EndActions);
    let ev = g.play(s, &FallAction::Orient(1)).unwrap();
    assert!(ev.contains(&FallEvent::CardPlayed {
        card: dwarfs_fall::Card {
            colour: Blue,
            kind: RubyMine
        },
        at: p(1, 0),
        stacked: false,
        turns: 1
    }));
    // The ruby mine is printed open north and east; a quarter turn clockwise opens it east and
    // south.
    let top = g.cell(p(1, 0)).unwrap().top;
    assert_eq!(top.rotation, 1);
    assert_eq!(top.open, [false, true, true, false]);
    assert_eq!(g.actions_used(), 1);
    // Corridors lie two ways, the open dragon one way (no choice to make).
    assert_eq!(GeneralStore.orientations(), 2);
    assert_eq!(DiamondMine.orientations(), 2);
    assert_eq!(FireDragon.orientations(), 1);
    assert_eq!(Castle.orientations(), 4);
    g.play(s, &FallAction::ChooseCard(GeneralStore)).unwrap();
    g.play(s, &FallAction::PlaceCard(p(-1, 0))).unwrap();
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::Orient(0), FallAction::Orient(1)]
    );
    g.play(s, &FallAction::Orient(1)).unwrap();
    assert_eq!(
        g.cell(p(-1, 0)).unwrap().top.open,
        [true, false, true, false]
    );
    g.play(s, &FallAction::ChooseCard(FireDragon)).unwrap();
    g.play(s, &FallAction::PlaceCard(p(0, 1))).unwrap();
    assert_eq!(g.step(), TurnStep::Actions, "the dragon lies at once");
}

#[test]
fn first_card_goes_at_the_centre_then_next_to_a_card() {
    let mut g = FallBuilder::new(2).build();
    play(&mut g, FallAction::ChooseCard(Tavern));
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::PlaceCard(Pos::CENTRE)]
    );
    refuse(&mut g, FallAction::PlaceCard(p(2, 2)));
    play(&mut g, FallAction::PlaceCard(Pos::CENTRE));
    play(&mut g, FallAction::ChooseCard(EmeraldMine));
    let e = refuse(&mut g, FallAction::PlaceCard(p(2, 0)));
    assert!(matches!(e, FallError::BadPlacement { .. }));
    refuse(&mut g, FallAction::PlaceCard(p(40, 0)));
    play(&mut g, FallAction::PlaceCard(p(1, 0)));
    assert_eq!(g.actions_used(), 2);
    assert_eq!(g.cell(p(1, 0)).unwrap().top.card.kind, EmeraldMine);
}

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

// ---------- general store and tavern ----------

#[test]
fn general_store_buys_one_goal_and_refills_at_a_chance_point() {
    // Face up: goal 0 (3 emeralds), goal 1 (3 golds), goal 3 (2 diamonds). Blue can pay only 0.
    let mut g = FallBuilder::new(2)
        .face_up([Some(0), Some(1), Some(3)])
        .card(0, 0, Blue, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Emerald, 4)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::GoalBought {
        seat: Seat(0),
        goal: 0
    }));
    assert_eq!(g.to_act(), Actor::Chance, "the refill is a chance point");
    assert_eq!(g.face_up_goals()[0], None);
    let ev = chance(&mut g, 9);
    let refilled = g.face_up_goals()[0].unwrap().id;
    assert!(![0, 1, 3].contains(&refilled));
    assert!(ev.contains(&FallEvent::GoalRevealed {
        slot: 0,
        goal: refilled
    }));
    let me = own(&g, 0);
    assert_eq!(me.trading_goals, vec![0]);
    assert_eq!(me.gems.unwrap(), [1, 0, 0, 0]);
    assert_eq!(g.gem_piles()[0], 9, "paid gems return to their pile");
    assert_eq!(g.observe(Viewer::Spectator).goal_deck, 6);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn general_store_lets_the_player_choose_between_affordable_goals() {
    let mut g = FallBuilder::new(2)
        .face_up([Some(0), Some(1), Some(3)])
        .card(0, 0, Red, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Emerald, 3)
        .gems(0, Gem::Gold, 3)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::ChooseGoal);
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::BuyGoal(0), FallAction::BuyGoal(1)]
    );
    let e = refuse(&mut g, FallAction::BuyGoal(2));
    assert_eq!(e, FallError::CannotBuy(2));
    refuse(&mut g, FallAction::EndActions);
    play(&mut g, FallAction::BuyGoal(1));
    assert_eq!(own(&g, 0).trading_goals, vec![1]);
    assert_eq!(own(&g, 0).gems.unwrap(), [3, 0, 0, 0]);
    assert_eq!(g.to_act(), Actor::Chance);
}

#[test]
fn general_store_without_an_affordable_goal_does_nothing() {
    let mut g = FallBuilder::new(2)
        .face_up([Some(0), Some(1), Some(3)])
        .card(0, 0, Red, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Emerald, 2)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::TaskBlocked {
        at: p(0, 0),
        reason: Blocked::CannotAfford
    }));
    assert_eq!(own(&g, 0).gem_count, 2);
    assert_eq!(own(&g, 0).dwarfs_in_pile, 7);
}

#[test]
fn tavern_draws_an_ogre_at_a_chance_point() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, Tavern)
        .dwarfs(0, 0, Blue, 2)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Chance);
    let ev = chance(&mut g, 1);
    assert!(ev.iter().any(|e| matches!(e, FallEvent::OgreDrawn { .. })));
    assert_eq!(own(&g, 0).ogre_count, 1);
    assert_eq!(g.observe(Viewer::Spectator).ogre_deck, 12);
}

#[test]
fn tavern_reshuffles_the_discard_pile_when_the_deck_is_empty() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, Tavern)
        .dwarfs(0, 0, Blue, 2)
        .ogres(1, OgreKind::Thief, 3)
        .ogre_deck_to_discard()
        .build();
    assert_eq!(g.observe(Viewer::Spectator).ogre_deck, 0);
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::OgresReshuffled));
    let obs = g.observe(Viewer::Spectator);
    assert_eq!((obs.ogre_deck, obs.ogre_discard), (10, [0; 5]));
    let ev = chance(&mut g, 2);
    let drawn = ev
        .iter()
        .find_map(|e| match e {
            FallEvent::OgreDrawn { ogre, .. } => Some(*ogre),
            _ => None,
        })
        .unwrap();
    assert_ne!(drawn, OgreKind::Thief, "all Thieves are in Red's hand");
    assert_eq!(g.observe(Viewer::Spectator).ogre_deck, 9);
}

// ---------- actions per turn ----------

#[test]
fn a_castle_gives_a_fourth_action_and_a_frost_giant_cancels_it() {
    let g = FallBuilder::new(2).build();
    assert_eq!(g.action_limit(Blue), 3);
    let g = FallBuilder::new(2).card(0, 0, Blue, Castle).build();
    assert_eq!(g.action_limit(Blue), 4);
    // A giant outside the kingdom (west of the emerald mine's... here: south, behind the wall).
    let g = FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(0, 1, Red, FrostGiant)
        .build();
    assert_eq!(g.action_limit(Blue), 4);
    let mut g = FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(0, -1, Red, FrostGiant)
        .turn(0, 3)
        .build();
    assert_eq!(g.action_limit(Blue), 3);
    let e = refuse(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    assert_eq!(e, FallError::NoActionsLeft(3));
    assert_eq!(g.legal_actions_vec(), vec![FallAction::EndActions]);
}

#[test]
fn the_castle_action_counts_in_the_turn_it_is_played() {
    let mut g = FallBuilder::new(2)
        .card(1, 0, Red, Tavern)
        .turn(0, 2)
        .build();
    play(&mut g, FallAction::ChooseCard(Castle));
    play(&mut g, FallAction::PlaceCard(p(0, 0)));
    assert_eq!(g.actions_used(), 3);
    play(&mut g, FallAction::PlaceDwarf(p(1, 0)));
    assert_eq!(g.actions_used(), 4);
    refuse(&mut g, FallAction::PlaceDwarf(p(1, 0)));
}

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

// ---------- secret goals ----------

fn reveal_ok(mut g: Fall) {
    let ev = play(&mut g, FallAction::RevealSecret);
    assert!(matches!(ev[0], FallEvent::SecretRevealed { .. }));
    assert!(own(&g, 0).secret_revealed);
    assert_eq!(own(&g, 0).goals_met, 1);
    assert!(g.score_parts(Seat(0)).secret_goal > 0);
    let v = g.player_view(Seat(0), Viewer::Seat(Seat(1))).unwrap();
    assert!(v.secret_goal.is_some(), "a revealed goal is public");
    refuse(&mut g, FallAction::RevealSecret);
}

fn reveal_refused(mut g: Fall) {
    let e = refuse(&mut g, FallAction::RevealSecret);
    assert!(matches!(e, FallError::SecretNotMet(_)), "{e}");
}

/// A Blue kingdom of `n` cards in a row (castle then mines/buildings all open east-west).
fn row_kingdom(b: FallBuilder, n: usize) -> FallBuilder {
    // Castle (-3,0) E open; then cards whose W and E are both open: tavern, general store.
    let chain = [
        (Blue, Tavern),
        (Blue, GeneralStore),
        (Red, Tavern),
        (Red, GeneralStore),
        (Green, Tavern),
        (Green, GeneralStore),
        (Yellow, Tavern),
    ];
    let mut b = b.card(-3, 0, Blue, Castle);
    for (i, &(c, k)) in chain.iter().take(n - 1).enumerate() {
        b = b.card(i as i8 - 2, 0, c, k);
    }
    b
}

#[test]
fn secret_architect() {
    reveal_ok(
        row_kingdom(FallBuilder::new(4), 8)
            .secret(0, SecretGoal::Architect)
            .build(),
    );
    reveal_refused(
        row_kingdom(FallBuilder::new(4), 7)
            .secret(0, SecretGoal::Architect)
            .build(),
    );
}

#[test]
fn secret_hunter() {
    let b = FallBuilder::new(2).secret(0, SecretGoal::Hunter);
    reveal_ok(
        b.clone()
            .defeated(0, Red, FireDragon)
            .defeated(0, Red, FrostGiant)
            .build(),
    );
    reveal_refused(b.defeated(0, Red, FireDragon).build());
}

#[test]
fn secret_king() {
    // Castle 3 + tavern 1 + store 2 + tavern 1 + store 2 + tavern 1 = 10.
    reveal_ok(
        row_kingdom(FallBuilder::new(3), 6)
            .secret(0, SecretGoal::King)
            .build(),
    );
    reveal_refused(
        row_kingdom(FallBuilder::new(3), 5)
            .secret(0, SecretGoal::King)
            .build(),
    );
}

#[test]
fn secret_miner() {
    let b = FallBuilder::new(2)
        .secret(0, SecretGoal::Miner)
        .gems(0, Gem::Emerald, 1)
        .gems(0, Gem::Diamond, 1)
        .gems(0, Gem::Ruby, 1);
    reveal_ok(b.clone().gems(0, Gem::Gold, 1).build());
    reveal_refused(b.build());
}

#[test]
fn secret_ogre_in_disguise() {
    let b = FallBuilder::new(2)
        .secret(0, SecretGoal::OgreInDisguise)
        .ogres(0, OgreKind::Brute, 3);
    reveal_ok(b.clone().ogres(0, OgreKind::Panic, 2).build());
    reveal_refused(b.ogres(0, OgreKind::Panic, 1).build());
}

#[test]
fn secret_researcher() {
    let b = FallBuilder::new(2)
        .secret(0, SecretGoal::Researcher)
        .card(0, 0, Red, FireDragon)
        .card(3, 3, Red, FrostGiant)
        .dwarfs(0, 0, Blue, 3);
    reveal_ok(b.clone().dwarfs(3, 3, Blue, 3).build());
    reveal_refused(b.dwarfs(3, 3, Blue, 2).dwarfs(3, 3, Red, 1).build());
}

#[test]
fn secret_wizard() {
    let b = FallBuilder::new(2).secret(0, SecretGoal::Wizard);
    reveal_ok(b.clone().gems(0, Gem::Emerald, 5).build());
    reveal_refused(b.gems(0, Gem::Emerald, 4).gems(0, Gem::Gold, 3).build());
}

#[test]
fn secret_goals_that_hold_at_the_end_are_revealed_before_scoring() {
    let mut g = FallBuilder::new(2)
        .secret(0, SecretGoal::Wizard)
        .gems(0, Gem::Emerald, 5)
        .secret(1, SecretGoal::Miner)
        .round_limit(1)
        .turn(1, 0)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::SecretRevealed {
        seat: Seat(0),
        goal: SecretGoal::Wizard
    }));
    let o = g.outcome().unwrap();
    assert_eq!(o.scores[0].total, 4 + 5, "Wizard 4 VP + 5 emeralds");
    assert_eq!(o.scores[1].total, 0);
}

// ---------- discard ----------

#[test]
fn discard_down_to_nine_only_gems_and_ogres() {
    // Blue still holds all 9 kingdom cards; mining an emerald makes 10 cards.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, EmeraldMine)
        .dwarfs(0, 0, Blue, 2)
        .ogres(0, OgreKind::Brute, 1)
        .build();
    assert_eq!(own(&g, 0).kingdom_cards.len(), 9);
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::Discard);
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
    assert_eq!(
        g.legal_actions_vec(),
        vec![
            FallAction::Discard(HandCard::Gem(Gem::Emerald)),
            FallAction::Discard(HandCard::Ogre(OgreKind::Brute)),
        ]
    );
    refuse(&mut g, FallAction::Discard(HandCard::Gem(Gem::Ruby)));
    refuse(&mut g, FallAction::ChooseCard(Castle));
    play(&mut g, FallAction::Discard(HandCard::Gem(Gem::Emerald)));
    assert_eq!(g.step(), TurnStep::Discard, "still 10 cards");
    play(&mut g, FallAction::Discard(HandCard::Ogre(OgreKind::Brute)));
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    assert_eq!(g.gem_piles()[0], 10, "discarded gems return to their pile");
    assert_eq!(g.observe(Viewer::Spectator).ogre_discard[0], 1);
}

// ---------- the end ----------

#[test]
fn the_end_is_triggered_by_three_goals_and_the_round_is_finished() {
    let mut g = FallBuilder::new(3)
        .trading_goal(1, 5)
        .trading_goal(1, 6)
        .trading_goal(1, 7)
        .turn(1, 0)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::EndTriggered(Seat(1))));
    assert!(g.final_round());
    assert_eq!(g.to_act(), Actor::Seat(Seat(2)), "Green still plays");
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::GameOver));
    assert_eq!(g.to_act(), Actor::Over);
    assert!(g.legal_actions_vec().is_empty());
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![Seat(1)]);
    assert_eq!(o.scores[1].total, 7 + 6 + 6);
}

#[test]
fn defeated_monsters_do_not_trigger_the_end() {
    let mut g = FallBuilder::new(2)
        .trading_goal(0, 5)
        .trading_goal(0, 6)
        .defeated(0, Red, FireDragon)
        .defeated(0, Red, FrostGiant)
        .build();
    play(&mut g, FallAction::EndActions);
    assert!(!g.final_round());
    // A revealed secret goal does count.
    let mut g = FallBuilder::new(2)
        .trading_goal(0, 5)
        .trading_goal(0, 6)
        .revealed(0)
        .build();
    play(&mut g, FallAction::EndActions);
    assert!(g.final_round());
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn the_last_seat_triggering_ends_the_game_at_once() {
    let mut g = FallBuilder::new(2)
        .trading_goal(1, 5)
        .trading_goal(1, 6)
        .trading_goal(1, 7)
        .turn(1, 0)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Over);
}

#[test]
fn the_round_limit_ends_the_game() {
    let mut g = FallBuilder::new(2).round(40).build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Over);
    assert!(g.outcome().unwrap().summary.contains("round limit"));
}

// ---------- scoring ----------

#[test]
fn scoring_adds_every_category() {
    // Blue: trading goal 0 (5), Architect revealed (5), one monster (3), 2 rubies (4) + 1
    // emerald (1), kingdom: castle alone (3). Green: no castle, so no kingdom VP.
    let mut g = FallBuilder::new(3)
        .card(0, 0, Blue, Castle)
        .card(0, 3, Green, RubyMine)
        .trading_goal(0, 0)
        .secret(0, SecretGoal::Architect)
        .revealed(0)
        .defeated(0, Red, FrostGiant)
        .gems(0, Gem::Ruby, 2)
        .gems(0, Gem::Emerald, 1)
        .round_limit(1)
        .turn(2, 0)
        .build();
    play(&mut g, FallAction::EndActions);
    let o = g.outcome().unwrap();
    let blue = &o.scores[0];
    let pts: Vec<(String, i32)> = blue
        .breakdown
        .iter()
        .map(|l| (l.category.clone(), l.points))
        .collect();
    assert_eq!(
        pts,
        vec![
            ("Trading goals".into(), 5),
            ("Secret goal".into(), 5),
            ("Monsters".into(), 3),
            ("Gems".into(), 5),
            ("Kingdom".into(), 3),
        ]
    );
    assert_eq!(blue.total, 21);
    assert_eq!(o.scores[2].total, 0, "no castle, no kingdom VP");
    assert_eq!(o.winners, vec![Seat(0)]);
}

#[test]
fn a_shared_kingdom_scores_for_each_castle_and_ties_go_to_the_most_dwarfs() {
    // Blue castle (0,0) E open, Red castle (1,0) W open: one kingdom of 6 VP for both.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(1, 0, Red, Castle)
        .dwarfs(1, 0, Blue, 1)
        .round_limit(1)
        .turn(1, 0)
        .build();
    play(&mut g, FallAction::EndActions);
    let o = g.outcome().unwrap();
    assert_eq!((o.scores[0].total, o.scores[1].total), (6, 6));
    assert_eq!(o.scores[0].tiebreakers, vec![2, 1]);
    assert_eq!(o.scores[1].tiebreakers, vec![2, 0]);
    assert_eq!(
        o.winners,
        vec![Seat(0)],
        "same kingdom, Blue has more dwarfs out"
    );
}

#[test]
fn ties_go_to_the_biggest_kingdom_first() {
    // Blue: castle alone (3 VP, 1 card). Red: castle 3 + tavern 1 + emerald 1 + giant -2 = 3 VP
    // in 4 cards. Blue has more dwarfs out, but the kingdom size decides first.
    let mut g = FallBuilder::new(2)
        .card(0, 5, Blue, Castle)
        .card(0, 0, Red, Castle)
        .card(1, 0, Red, Tavern)
        .card(2, 0, Red, EmeraldMine)
        .card(0, -1, Blue, FrostGiant)
        .dwarfs(0, 5, Blue, 1)
        .round_limit(1)
        .turn(1, 0)
        .build();
    assert_eq!(g.kingdom_size(Red), 4);
    play(&mut g, FallAction::EndActions);
    let o = g.outcome().unwrap();
    assert_eq!((o.scores[0].total, o.scores[1].total), (3, 3));
    assert_eq!(o.winners, vec![Seat(1)]);
}

// ---------- hidden information ----------

#[test]
fn observe_hides_other_players_gems_ogres_and_secret_goal() {
    let g = FallBuilder::new(3)
        .card(0, 0, Blue, Castle)
        .gems(0, Gem::Ruby, 2)
        .ogres(0, OgreKind::Thief, 1)
        .gems(1, Gem::Gold, 1)
        .revealed(2)
        .build();
    let blue = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(blue.players[0].gems, Some([0, 0, 2, 0]));
    assert_eq!(blue.players[0].ogres, Some([0, 0, 0, 0, 1]));
    assert!(blue.players[0].secret_goal.is_some());
    assert_eq!(blue.players[1].gems, None);
    assert_eq!(blue.players[1].ogres, None);
    assert_eq!(blue.players[1].secret_goal, None);
    assert_eq!(blue.players[1].gem_count, 1, "counts are public");
    assert!(
        blue.players[2].secret_goal.is_some(),
        "revealed goals are public"
    );
    assert_eq!(
        blue.players[0].kingdom_cards.len(),
        8,
        "kingdom hands are public"
    );
    assert_eq!(blue.players[1].kingdom_cards.len(), 9);
    let spec = g.observe(Viewer::Spectator);
    assert!(
        spec.players
            .iter()
            .all(|p| p.gems.is_none() && p.ogres.is_none())
    );
    assert_eq!(spec.players[0].secret_goal, None);
    assert_eq!(
        spec.players[0].public_score, 3,
        "gems are not in the public score"
    );
    assert_eq!(g.score_parts(Seat(0)).total(), 3 + 4);
    // The observation is public data plus own cards only: Red's view differs from Blue's.
    let red = g.observe(Viewer::Seat(Seat(1)));
    assert_ne!(
        dwarfs_engine::codec::encode(&red).unwrap(),
        dwarfs_engine::codec::encode(&blue).unwrap()
    );
    assert_eq!(red.players[0].gems, None);
}

#[test]
fn describe_reads_like_a_move_log() {
    let g = FallBuilder::new(2)
        .card(1, 0, Blue, RubyMine)
        .turn(1, 0)
        .build();
    assert_eq!(
        g.describe(&FallAction::PlaceDwarf(p(1, 0))),
        "Red places a dwarf on the Blue ruby mine at (1, 0)"
    );
    assert_eq!(
        g.describe(&FallAction::EndActions),
        "Red ends their actions"
    );
}

#[test]
fn wrong_step_and_malformed_actions_are_refused_with_a_reason() {
    let mut g = FallBuilder::new(2).card(0, 0, Blue, Castle).build();
    for a in [
        FallAction::PlaceCard(p(1, 0)),
        FallAction::TargetCard(p(0, 0)),
        FallAction::BuyGoal(0),
        FallAction::Dig(p(0, 0)),
        FallAction::Discard(HandCard::Gem(Gem::Ruby)),
        FallAction::MoveDwarf {
            from: p(0, 0),
            dir: Dir::East,
        },
        FallAction::PlaceDwarf(p(i8::MAX, i8::MIN)),
        FallAction::ChooseCard(Castle),
        FallAction::PlayOgre(OgreKind::Crown),
    ] {
        refuse(&mut g, a);
    }
    assert_eq!(
        g.play(Seat(1), &FallAction::EndActions),
        Err(PlayError::NotYourTurn {
            expected: Seat(0),
            got: Seat(1)
        })
    );
}

// ---------- reveal windows during and after Resolve ----------

#[test]
fn a_secret_goal_met_during_resolve_can_be_revealed_before_the_store_spends_it() {
    // Blue holds an emerald, a diamond and a gold; mining a ruby completes Miner.
    // Ruby mine (0,0) with 3 Blue dwarfs; store (3,0) with 3 Blue dwarfs; the only affordable
    // face-up goal is 1 E + 1 R + 1 G (goal 6), which spends the ruby just mined.
    let mut g = FallBuilder::new(2)
        .secret(0, SecretGoal::Miner)
        .face_up([Some(6), Some(1), Some(3)])
        .card(0, 0, Blue, RubyMine)
        .card(3, 0, Blue, GeneralStore)
        .card(0, 3, Blue, Tavern)
        .card(1, 3, Blue, EmeraldMine)
        .card(2, 3, Blue, DiamondMine)
        .card(3, 3, Blue, GoldMine)
        .dwarfs(0, 0, Blue, 3)
        .dwarfs(3, 0, Blue, 3)
        .gems(0, Gem::Emerald, 1)
        .gems(0, Gem::Diamond, 1)
        .gems(0, Gem::Gold, 1)
        .build();
    play(&mut g, FallAction::EndActions);
    // Miner holds now (the ruby was mined); the single possible trade waits for the reveal.
    assert_eq!(g.step(), TurnStep::ChooseGoal);
    let legal = g.legal_actions_vec();
    assert_eq!(
        legal,
        vec![FallAction::RevealSecret, FallAction::BuyGoal(0)],
        "reveal or buy"
    );
    play(&mut g, FallAction::RevealSecret);
    assert!(own(&g, 0).secret_revealed);
    assert_eq!(g.step(), TurnStep::ChooseGoal, "the trade still follows");
    play(&mut g, FallAction::BuyGoal(0));
    chance(&mut g, 1);
    let me = own(&g, 0);
    assert_eq!(me.trading_goals, vec![6]);
    assert_eq!(me.goals_met, 2, "the trading goal and the revealed Miner");
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn a_secret_goal_met_during_resolve_gets_an_end_of_turn_window() {
    // Blue has 4 emeralds and mines the 5th (Wizard); with 5 kingdom cards played the hand
    // stays within 9 cards.
    let wizard = |emeralds| {
        FallBuilder::new(2)
            .secret(0, SecretGoal::Wizard)
            .card(0, 0, Blue, EmeraldMine)
            .card(0, 3, Blue, Tavern)
            .card(1, 3, Blue, GeneralStore)
            .card(2, 3, Blue, DiamondMine)
            .card(3, 3, Blue, GoldMine)
            .dwarfs(0, 0, Blue, 2)
            .gems(0, Gem::Emerald, emeralds)
    };
    let mut g = wizard(4).build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::Discard);
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::RevealSecret, FallAction::EndActions]
    );
    refuse(&mut g, FallAction::Discard(HandCard::Gem(Gem::Emerald)));
    let ev = play(&mut g, FallAction::RevealSecret);
    assert!(ev.contains(&FallEvent::TurnEnded(Seat(0))), "{ev:?}");
    assert!(own(&g, 0).secret_revealed);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    // Or the player keeps it secret and ends the turn.
    let mut g = wizard(4).build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(
        g.describe(&FallAction::EndActions),
        "Blue ends their turn",
        "{:?}",
        g.step()
    );
    play(&mut g, FallAction::EndActions);
    assert!(!own(&g, 0).secret_revealed);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    // Without a goal to reveal, the turn ends straight after Resolve.
    let mut g = wizard(3).build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn a_single_dig_waits_while_the_secret_goal_can_be_revealed() {
    // Blue's kingdom (castle and 7 open cards) holds Architect; the castle's dig has one stack.
    let mut g = row_kingdom(FallBuilder::new(4), 8)
        .secret(0, SecretGoal::Architect)
        .card(0, 3, Red, EmeraldMine)
        .card(0, 3, Blue, DiamondMine)
        .dwarfs(-3, 0, Blue, 2)
        .build();
    // Blue keeps it secret during actions; Resolve then offers it again before digging.
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::ChooseDig);
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::RevealSecret, FallAction::Dig(p(0, 3))]
    );
    play(&mut g, FallAction::RevealSecret);
    play(&mut g, FallAction::Dig(p(0, 3)));
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    assert!(own(&g, 0).secret_revealed);
}

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
