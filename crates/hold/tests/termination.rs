//! Every game ends: the draw events that could bring a position back (Greybeards, Rune Stones)
//! take effect once a turn, and `Hold::max_steps` is a real bound. (That deterministic players
//! end every game without a position coming back is checked for every game by the generic suite
//! in the app's registry.)

mod common;

use common::{chance, play, refuse};
use dwarfs_engine::Seat;
use dwarfs_engine::{Actor, Game, state_hash};
use dwarfs_hold::{Hold, HoldAction as A, HoldError, HoldOptions, Phase, Stage, WorkTile as W};

/// Seat 0 in the Event phase holding `tile`, with an empty draw pile and discard pile: every
/// other work tile is in seat 1's hand, so a draw can only bring back what seat 0 discards.
fn cycle_position(tile: W) -> Hold {
    let mut g = Hold::test_position(2, Phase::Event);
    g.set_draw_pile(&[]);
    let others: Vec<W> = W::ALL
        .iter()
        .filter(|t| **t != tile)
        .flat_map(|t| std::iter::repeat_n(*t, t.data().copies as usize))
        .collect();
    g.set_hand(Seat(1), &others);
    g.set_hand(Seat(0), &[tile]);
    assert_eq!(g.draw_pile_len(), 0);
    assert!(g.discard_pile().is_empty());
    assert_eq!(
        g.hand(Seat(1)).len() + 1,
        72,
        "every work tile is in a hand"
    );
    g
}

#[test]
fn greybeards_cannot_be_drawn_back_and_played_again_in_the_same_turn() {
    let mut g = cycle_position(W::Greybeards);
    let start = state_hash(&g);
    play(&mut g, A::PlayEvent(W::Greybeards));
    chance(&mut g);
    // The discard became the draw pile and Greybeards came straight back: the old loop.
    assert_eq!(g.hand(Seat(0)), &[W::Greybeards]);
    assert_eq!(g.events_played(), &[W::Greybeards]);
    assert_ne!(state_hash(&g), start, "the position must not repeat");
    let err = refuse(&mut g, A::PlayEvent(W::Greybeards));
    assert!(matches!(err, HoldError::Limit(_)), "{err}");
    // The only way on is to pass; next turn it may be played again.
    assert_eq!(g.legal_actions_vec(), vec![A::Pass]);
}

#[test]
fn rune_stones_cannot_be_drawn_back_and_played_again_in_the_same_turn() {
    let mut g = cycle_position(W::RuneStones);
    let start = state_hash(&g);
    play(&mut g, A::PlayEvent(W::RuneStones));
    chance(&mut g);
    assert_eq!(g.stage(), &Stage::RunePick(vec![W::RuneStones]));
    play(&mut g, A::Keep(W::RuneStones));
    assert_eq!(g.hand(Seat(0)), &[W::RuneStones]);
    assert_ne!(state_hash(&g), start, "the position must not repeat");
    let err = refuse(&mut g, A::PlayEvent(W::RuneStones));
    assert!(matches!(err, HoldError::Limit(_)), "{err}");
}

#[test]
fn both_draw_events_together_cannot_cycle_either() {
    // Greybeards draws Rune Stones back and the other way round: each still plays once a turn.
    let mut g = cycle_position(W::Greybeards);
    g.set_hand(Seat(1), &[]);
    let rest: Vec<W> = W::ALL
        .iter()
        .filter(|t| !matches!(t, W::Greybeards | W::RuneStones))
        .flat_map(|t| std::iter::repeat_n(*t, t.data().copies as usize))
        .collect();
    g.set_draw_pile(&[]);
    g.set_hand(Seat(1), &rest);
    g.set_hand(Seat(0), &[W::Greybeards, W::RuneStones]);
    g.set_draw_pile(&[]);
    assert_eq!(
        g.hand(Seat(1)).len() + 2,
        72,
        "every work tile is in a hand"
    );
    let mut plays = 0;
    let mut played_before = 0;
    loop {
        let legal = g.legal_actions_vec();
        let Some(a) = legal
            .iter()
            .find(|a| matches!(a, A::PlayEvent(_) | A::Keep(_)))
            .cloned()
        else {
            break;
        };
        play(&mut g, a.clone());
        if g.to_act() == Actor::Chance {
            chance(&mut g);
        }
        if matches!(a, A::PlayEvent(_)) {
            plays += 1;
            // Strictly monotone: every event played grows the set of events played this turn.
            assert!(g.events_played().len() > played_before);
            played_before = g.events_played().len();
        }
        assert!(plays <= 2, "an event was played twice in one turn");
    }
    assert_eq!(plays, 2);
    // Next turn the tiles are playable again.
    common::pass_until(&mut g, Phase::Leader);
    assert!(g.events_played().is_empty());
}

#[test]
fn max_steps_is_a_real_bound_for_every_player_count() {
    // The bound is per player and turn: check it covers the longest game seen with these players
    // by a wide margin, and that the turn limit is the upper end of the option's range.
    for players in 2..=8u8 {
        let mut last = |_: &Hold, _: Seat, legal: &[A]| legal.len() - 1;
        let longest = dwarfs_engine::suite::termination::<Hold>(
            &HoldOptions::default(),
            players,
            0..4,
            "the last legal action",
            &mut last,
        )
        .unwrap_or_else(|f| panic!("{f}"));
        assert!(
            longest * 4 < Hold::max_steps(players),
            "{players}: {longest}"
        );
    }
    let too_long = HoldOptions {
        max_turns: dwarfs_hold::MAX_TURNS_LIMIT + 1,
        ..HoldOptions::default()
    };
    assert!(Hold::new(&too_long, 2).is_err());
}
