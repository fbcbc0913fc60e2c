//! The engine's generic checks over Spring: conformance (random games with garbage, near-miss
//! and stale actions, codec round trips and invariants at every step), termination under
//! deterministic players, hidden information, and pinned golden vectors.

use dwarfs_engine::conformance::{Config, check};
use dwarfs_engine::suite::{Fixed, Golden, golden, hidden_information, termination};
use dwarfs_spring::{Spring, SpringOptions};

#[test]
fn conformance_over_every_player_count() {
    for players in 2..=4 {
        let r = check::<Spring>(&SpringOptions::default(), &Config::new(players, 0..8))
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
        assert_eq!(r.games, 8);
        assert!(r.rejected > 0);
        assert!(r.decisions >= 8 * 56 * players as usize, "{r:?}");
    }
}

#[test]
fn deterministic_players_end_every_game() {
    for players in 2..=4 {
        for (name, mut fixed) in [("first", Fixed::First), ("last", Fixed::Last)] {
            termination::<Spring>(&SpringOptions::default(), players, 0..3, name, &mut fixed)
                .unwrap_or_else(|f| panic!("{f}"));
        }
    }
}

#[test]
fn determinization_keeps_every_observation() {
    for players in 2..=4 {
        let r = hidden_information::<Spring>(&SpringOptions::default(), players, 0..3, 7, 2)
            .unwrap_or_else(|f| panic!("{f}"));
        assert!(r.resampled > 0, "{r:?}");
        assert!(r.followed > 0, "{r:?}");
    }
}

const GOLDEN: &[Golden] = &[];

#[test]
fn golden_vectors_hold() {
    let wrong = golden::<Spring>(&SpringOptions::default(), GOLDEN).unwrap();
    assert!(wrong.is_empty(), "re-pin:\n{}", wrong.join("\n"));
}
