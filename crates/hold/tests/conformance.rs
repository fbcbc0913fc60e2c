//! The engine-core conformance harness over many seeds for every player count.
//!
//! Most seeds play short games (a turn limit of 2 turns, which runs every phase, a second
//! leader phase with picks, the end check and scoring); a smaller set plays full games with the
//! default options so the late game and the rulebook's end conditions are covered too. Sampling is thinned for large player
//! counts to keep the whole file within a couple of minutes in the dev profile.

use dwarfs_engine::conformance::{Config, check};
use dwarfs_hold::{Hold, HoldOptions};

fn cfg(players: u8, seeds: std::ops::Range<u64>) -> Config {
    let mut c = Config::new(players, seeds);
    c.garbage_per_decision = 1;
    c.all_actions_every = 23 + 4 * players as usize;
    c.roundtrip_every = 41;
    c.replay_every = 50;
    c
}

fn short(players: u8) {
    let opts = HoldOptions {
        max_turns: 2,
        ..HoldOptions::default()
    };
    let r = check::<Hold>(&opts, &cfg(players, 0..1000)).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(r.games, 1000);
    assert!(r.rejected > 0);
}

fn full(players: u8, games: u64) {
    let r = check::<Hold>(&HoldOptions::default(), &cfg(players, 5000..5000 + games))
        .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(r.games as u64, games);
}

#[test]
fn conformance_2_players() {
    short(2);
    full(2, 12);
}

#[test]
fn conformance_3_players() {
    short(3);
    full(3, 10);
}

#[test]
fn conformance_4_players() {
    short(4);
    full(4, 8);
}

#[test]
fn conformance_5_players() {
    short(5);
    full(5, 7);
}

#[test]
fn conformance_6_players() {
    short(6);
    full(6, 6);
}

#[test]
fn conformance_7_players() {
    short(7);
    full(7, 5);
}

#[test]
fn conformance_8_players() {
    short(8);
    full(8, 5);
}
