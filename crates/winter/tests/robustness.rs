//! Broken states (built with the test setters, or deserialized from elsewhere) are refused by
//! `check_invariants` and by every entry point, with an error and never a panic.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, PlayError, Seat, Viewer, codec};
use dwarfs_winter::{Instrument, Music, Stage, Winter, WinterAction, WinterError, WinterOptions};

/// `g` with its player count replaced (the count is the byte after the option flags, which
/// open the packed state after its 3-byte length prefix).
fn with_players(g: &Winter, players: u8) -> Winter {
    let mut bytes = codec::encode(g).unwrap();
    assert_eq!(bytes[4], g.players(), "the player count's byte");
    bytes[4] = players;
    let w: Winter = codec::decode(&bytes).expect("still a well-formed encoding");
    assert_eq!(w.players(), players);
    w
}

fn assert_refused(g: &mut Winter, seat: Seat, action: WinterAction) {
    let before = g.clone();
    match g.play(seat, &action) {
        Err(PlayError::Rules(WinterError::BadState(_)) | PlayError::NotYourTurn { .. }) => {}
        other => panic!("{action:?} on a broken state: {other:?}"),
    }
    assert_eq!(*g, before, "a refused action changed the state");
}

#[test]
fn music_played_by_a_seat_that_does_not_exist_is_refused() {
    let mut g = position(2);
    g.set_stage(Stage::Music(Music {
        instrument: Instrument::Drums,
        leader: Seat(0),
        current: Seat(7),
        effect: None,
    }));
    let e = g.check_invariants().unwrap_err();
    assert!(e.contains("seat"), "{e}");
    assert!(g.legal_actions_vec().is_empty());
    let before = g.clone();
    assert!(matches!(
        g.apply_action(&WinterAction::Done),
        Err(WinterError::BadState(_))
    ));
    assert_eq!(g, before);
    assert_refused(&mut g, Seat(0), WinterAction::Done);
    assert_refused(&mut g, Seat(7), WinterAction::Done);
    // Nothing else panics either.
    let _ = g.observe(Viewer::Spectator);
    let _ = g.text_view(Viewer::Seat(Seat(0)));
    let _ = g.to_act();
}

#[test]
fn a_turn_of_a_seat_out_of_range_and_a_defender_out_of_range_are_refused() {
    let mut g = position(3);
    g.start_turn_of(Seat(0));
    g.set_stage(Stage::Turn);
    let mut turn = g.clone();
    turn.set_stage(Stage::Defenders {
        seat: Seat(5),
        left: 1,
    });
    assert!(turn.check_invariants().is_err());
    let before = turn.clone();
    assert!(matches!(
        turn.apply_action(&WinterAction::Place {
            kind: dwarfs_winter::DwarfKind::Worker,
            zone: wall(1),
        }),
        Err(WinterError::BadState(_))
    ));
    assert_eq!(turn, before);
    g.set_week(2, Seat(3));
    assert!(
        g.check_invariants().is_err(),
        "the first player is seat 3 of 3"
    );
    assert!(g.apply_action(&WinterAction::Done).is_err());
}

#[test]
fn a_deserialized_game_with_more_than_4_players_is_refused() {
    // At the setup chance point (Impending Doom is looked up by the player count).
    let g = Winter::new(&WinterOptions::default(), 2).unwrap();
    let mut g = with_players(&g, 5);
    assert!(g.check_invariants().unwrap_err().contains("5 players"));
    assert!(g.resolve_chance([1; 32]).is_err());
    assert!(g.legal_actions_vec().is_empty());
    let _ = g.observe(Viewer::Spectator);
    let _ = g.text_view(Viewer::Spectator);
    // In a turn.
    let mut g = with_players(&position(4), 9);
    assert!(g.check_invariants().is_err());
    assert!(matches!(
        g.apply_action(&WinterAction::Done),
        Err(WinterError::BadState(_))
    ));
    let _ = g.to_act();
    let _ = g.scores();
    // No player at all.
    let mut g = with_players(&position(2), 0);
    assert!(g.check_invariants().is_err());
    assert!(g.apply_action(&WinterAction::Done).is_err());
    assert!(g.legal_actions_vec().is_empty());
}

#[test]
fn a_monster_outside_the_board_or_a_card_that_does_not_exist_is_refused() {
    let mut g = position(2);
    g.put_monster(
        monster(dwarfs_winter::data::MonsterType::WolfPack),
        dwarfs_winter::Zone(40),
    );
    assert!(g.check_invariants().is_err());
    assert!(g.apply_action(&WinterAction::Done).is_err());
    assert!(g.legal_actions_vec().is_empty());

    let mut g = position(2);
    g.player_mut(Seat(0)).hand |= 1 << 50;
    assert!(g.check_invariants().is_err());
    assert!(g.apply_action(&WinterAction::Done).is_err());

    // Counts out of range are refused by the invariants; the rules saturate instead of
    // overflowing on them.
    let mut g = position(2);
    g.player_mut(Seat(0)).resources = [250; 4];
    g.player_mut(Seat(0)).home[0] = 255;
    assert!(g.check_invariants().is_err());
    g.player_mut(Seat(0)).hand = hero("Tax Collector").bit();
    g.apply_action(&WinterAction::PlayMusic(Instrument::Harp))
        .unwrap();
    g.apply_action(&WinterAction::PlayCard {
        card: hero("Tax Collector"),
        pick: dwarfs_winter::Pick::Nothing,
    })
    .unwrap();
    assert_eq!(g.player(Seat(0)).resources[0], 250, "no gain above the cap");
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
}
