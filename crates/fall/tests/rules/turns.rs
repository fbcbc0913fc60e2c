//! Setup, turn order and the actions of a turn.

use super::*;

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
