//! The engine's conformance harness and termination checks over Winter, every option set.

use dwarfs_engine::conformance::{Config, check};
use dwarfs_engine::suite::{Fixed, hidden_information, termination};
use dwarfs_winter::{Winter, WinterOptions};

fn option_sets() -> Vec<WinterOptions> {
    let mut v = Vec::new();
    for bits in 0..8u8 {
        v.push(WinterOptions {
            nightmare: bits & 1 != 0,
            bloodlust: bits & 2 != 0,
            legendary: bits & 4 != 0,
        });
    }
    v
}

#[test]
fn conformance_over_every_option_set_and_player_count() {
    for o in option_sets() {
        for players in 1..=4 {
            let seeds: u64 = std::env::var("WINTER_SEEDS")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(6);
            let r = check::<Winter>(&o, &Config::new(players, 0..seeds))
                .unwrap_or_else(|f| panic!("{o:?}, {players} players: {f}"));
            assert_eq!(r.games as u64, seeds);
            assert!(r.rejected > 0);
        }
    }
}

#[test]
fn deterministic_players_end_every_game() {
    for o in [WinterOptions::default(), option_sets()[7].clone()] {
        for players in 1..=4 {
            for (name, mut fixed) in [("first", Fixed::First), ("last", Fixed::Last)] {
                termination::<Winter>(&o, players, 0..3, name, &mut fixed)
                    .unwrap_or_else(|f| panic!("{o:?}: {f}"));
            }
        }
    }
}

#[test]
fn determinization_keeps_every_observation() {
    for o in [WinterOptions::default(), option_sets()[7].clone()] {
        for players in 2..=4 {
            let r = hidden_information::<Winter>(&o, players, 0..3, 7, 2)
                .unwrap_or_else(|f| panic!("{o:?}: {f}"));
            assert!(r.resampled > 0, "{r:?}");
        }
    }
}
