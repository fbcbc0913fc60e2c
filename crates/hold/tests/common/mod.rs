//! Helpers for building and driving test positions.
#![allow(dead_code)]

use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_hold::{Hold, HoldAction, HoldError, HoldEvent, Phase, Pos};

/// The square at row `r`, column `c`.
pub fn at(r: u8, c: u8) -> Pos {
    Pos::new(r, c).expect("on the board")
}

/// The seat that acts now (panics at chance points).
pub fn seat(g: &Hold) -> Seat {
    match g.to_act() {
        Actor::Seat(s) => s,
        other => panic!("no seat acts now: {other:?}"),
    }
}

/// Plays a legal action for the acting seat, asserting it was listed.
pub fn play(g: &mut Hold, a: HoldAction) -> Vec<HoldEvent> {
    let s = seat(g);
    let legal = g.legal_actions_vec();
    assert!(legal.contains(&a), "{a:?} not listed for {s}: {legal:?}");
    g.play(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} rejected: {e}"))
}

/// Plays an action that must be refused, and checks nothing changed.
pub fn refuse(g: &mut Hold, a: HoldAction) -> HoldError {
    let s = seat(g);
    let before = dwarfs_engine::state_hash(g);
    assert!(
        !g.legal_actions_vec().contains(&a),
        "{a:?} should not be listed"
    );
    let err = match g.play(s, &a) {
        Err(dwarfs_engine::PlayError::Rules(e)) => e,
        other => panic!("{a:?} should be refused by the rules, got {other:?}"),
    };
    assert_eq!(
        dwarfs_engine::state_hash(g),
        before,
        "a refused action changed the state"
    );
    assert!(!err.to_string().is_empty());
    err
}

/// Resolves a chance point with fixed entropy.
pub fn chance(g: &mut Hold) -> Vec<HoldEvent> {
    assert_eq!(g.to_act(), Actor::Chance);
    g.resolve_chance([9; 32]).expect("chance point")
}

/// Passes until `phase` is reached (every seat passes).
pub fn pass_until(g: &mut Hold, phase: Phase) {
    let mut guard = 0;
    while g.phase() != phase {
        guard += 1;
        assert!(guard < 500, "never reached {phase:?}");
        match g.to_act() {
            Actor::Chance => {
                chance(g);
            }
            Actor::Seat(_) => {
                let legal = g.legal_actions_vec();
                let a = if legal.contains(&HoldAction::Pass) {
                    HoldAction::Pass
                } else if legal.contains(&HoldAction::Decline) {
                    HoldAction::Decline
                } else {
                    legal[0].clone()
                };
                play(g, a);
            }
            Actor::Over | Actor::Simultaneous(_) => panic!("game over before {phase:?}"),
        }
    }
}

/// A test position at the start of `phase` with automatic steps settled.
pub fn position(players: u8, phase: Phase) -> Hold {
    Hold::test_position(players, phase)
}
