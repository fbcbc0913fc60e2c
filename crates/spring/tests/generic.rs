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

const GOLDEN: &[Golden] = &[
    Golden {
        players: 2,
        seed: 1,
        hash: "b25acb44f2d29117a1bfaf2930d75d48864c9a773ed7908a130c03fce29f1422",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "ab2ae8d9beee17603011b45d215021a27b7831147217ada4cb9f8b99e1afb906",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "6e8f083ac9ed1c367f1b7dcd56f375771821b9b56d49a1edde183d1044deb01d",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "7953b46e66ad9df67e91dde37b5b2a2ee6d6bfc52c7d7a8006d40a809c92e93f",
    },
];

#[test]
fn golden_vectors_hold() {
    let wrong = golden::<Spring>(&SpringOptions::default(), GOLDEN).unwrap();
    assert!(wrong.is_empty(), "re-pin:\n{}", wrong.join("\n"));
}

/// A longer run for changes to the rules: `cargo test -p dwarfs-spring --release -- --ignored`.
#[test]
#[ignore]
fn conformance_long() {
    for players in 2..=4 {
        check::<Spring>(&SpringOptions::default(), &Config::new(players, 100..400))
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
        hidden_information::<Spring>(&SpringOptions::default(), players, 100..130, 5, 2)
            .unwrap_or_else(|f| panic!("{f}"));
        for (name, mut fixed) in [("first", Fixed::First), ("last", Fixed::Last)] {
            termination::<Spring>(&SpringOptions::default(), players, 10..40, name, &mut fixed)
                .unwrap_or_else(|f| panic!("{f}"));
        }
    }
}

#[test]
fn options_have_no_keys_and_refuse_unknown_ones() {
    use dwarfs_engine::options::{GameOptions, OptionValues};
    assert!(SpringOptions::specs().is_empty());
    let o = SpringOptions::from_values(&OptionValues::new()).unwrap();
    assert_eq!(SpringOptions::from_values(&o.to_values()), Ok(o.clone()));
    assert_eq!(o.summary(), "");
    let mut bad = OptionValues::new();
    bad.insert("edition".into(), vec!["third".into()]);
    let e = SpringOptions::from_values(&bad).unwrap_err().to_string();
    assert!(e.contains("--edition") && e.contains("Spring"), "{e}");
}

#[test]
fn player_counts_outside_two_to_four_are_refused() {
    use dwarfs_engine::Game;
    for players in [0, 1, 5] {
        assert!(Spring::new(&SpringOptions::default(), players).is_err());
    }
    assert_eq!(Spring::seat_colour(dwarfs_engine::Seat(2)), Some("Green"));
}
