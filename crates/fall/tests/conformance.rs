//! The engine's conformance harness over many seeds for 2, 3 and 4 players.

use dwarfs_engine::conformance::{Config, check};
use dwarfs_fall::{Fall, FallOptions};

fn run(players: u8, seeds: std::ops::Range<u64>) {
    let seeds = seeds.start
        ..(seeds.start
            + std::env::var("FALL_SEEDS")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(seeds.end - seeds.start));
    let mut cfg = Config::new(players, seeds.clone());
    cfg.garbage_per_decision = 2;
    cfg.all_actions_every = 23;
    cfg.roundtrip_every = 97;
    cfg.replay_every = 50;
    let r = check::<Fall>(&FallOptions::default(), &cfg).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(r.games, (seeds.end - seeds.start) as usize);
    assert!(r.rejected > 0);
    eprintln!("{players} players: {r:?}");
}

#[test]
fn conformance_2_players() {
    run(2, 0..1000);
}

#[test]
fn conformance_3_players() {
    run(3, 0..1000);
}

#[test]
fn conformance_4_players() {
    run(4, 0..1000);
}

fn run_third(players: u8, seeds: std::ops::Range<u64>) {
    let options = FallOptions {
        edition: dwarfs_fall::Edition::Third,
        ..Default::default()
    };
    let mut cfg = Config::new(players, seeds.clone());
    cfg.garbage_per_decision = 2;
    cfg.all_actions_every = 23;
    cfg.roundtrip_every = 97;
    cfg.replay_every = 50;
    let r = check::<Fall>(&options, &cfg).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(r.games, (seeds.end - seeds.start) as usize);
}

#[test]
fn conformance_third_edition_no_decrees() {
    for players in 2..=4 {
        run_third(players, 0..150);
    }
}

fn run_options(options: FallOptions, players: u8, seeds: std::ops::Range<u64>) {
    let mut cfg = Config::new(players, seeds.clone());
    cfg.garbage_per_decision = 2;
    cfg.all_actions_every = 23;
    cfg.roundtrip_every = 97;
    cfg.replay_every = 50;
    let r = check::<Fall>(&options, &cfg).unwrap_or_else(|f| panic!("{options:?}: {f}"));
    assert_eq!(r.games, (seeds.end - seeds.start) as usize);
}

#[test]
fn conformance_every_scenario() {
    for scenario in dwarfs_fall::Scenario::ALL {
        for players in 2..=4 {
            let options = FallOptions {
                edition: dwarfs_fall::Edition::Third,
                scenario: Some(scenario),
                ..Default::default()
            };
            run_options(options, players, 0..40);
        }
    }
}

#[test]
fn conformance_every_decree_alone() {
    for decree in dwarfs_fall::Decree::ALL {
        let options = FallOptions {
            edition: dwarfs_fall::Edition::Third,
            decrees: vec![decree],
            ..Default::default()
        };
        run_options(options, 3, 0..30);
    }
}
