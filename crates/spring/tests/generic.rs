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
        hash: "51d6fe1cb8a18f3c1d3124474cfaf7649ed1afffe4f1ac2bbb8edb00cce3b581",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "de4ab4806e31b9bd9f764d8332497f99e6615ebf7e591db3ebf2d7aebe01ca86",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "174786c6133cdb919d2450b1bddcbe9e88f7cae842b94a1afcbb80889bfafce1",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "146e6e4b2181ef264a14d0ea702d3850b6d645a0adb70871e68e26c01c6588d4",
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
