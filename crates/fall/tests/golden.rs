//! Golden vectors: fixed (players, seed) random playouts and the hash of their final state.
//!
//! These pin the rules, the card data and the encoding. If a change alters any of them on
//! purpose, bump `Fall::RULES_VERSION` (and re-pin the hashes printed by the failure message);
//! if it was not on purpose, it is a determinism bug.

use dwarfs_engine::Game;
use dwarfs_engine::playout::{random_playout, replay_steps};
use dwarfs_fall::{Fall, FallOptions};

const GOLDEN: &[(u8, u64, &str)] = &[
    (
        2,
        1,
        "6da6a44ebe4cd2602ebf5fb21527c3afb76a7ffb6b990c39beceae6d87b73522",
    ),
    (
        3,
        2,
        "1416c3789cabaadbad5ee054887ba37fa7bfa5866918d7a35165ceed53eb7d31",
    ),
    (
        4,
        3,
        "6c5faaf7e12a0fae9b000e1097e9832872c37cdc3a9032b1a7113f2578c5fd30",
    ),
    (
        4,
        2026,
        "dcc981c0abfbe0fa3bac7be906fed06736e20baa46da988bd2a3b50012d99b00",
    ),
];

#[test]
fn golden_playouts_reproduce_their_final_hashes() {
    assert_eq!(
        Fall::RULES_VERSION,
        2,
        "re-pin the vectors when the rules version changes"
    );
    let mut wrong = Vec::new();
    for &(players, seed, want) in GOLDEN {
        let p = random_playout::<Fall>(&FallOptions::default(), players, seed, true).unwrap();
        let got = p.hash().to_hex();
        // The recorded steps replay to the same state.
        let again = replay_steps::<Fall>(&FallOptions::default(), players, &p.steps).unwrap();
        assert_eq!(dwarfs_engine::state_hash(&again).to_hex(), got);
        if got != want {
            wrong.push(format!("    ({players}, {seed}, \"{got}\"),"));
        }
    }
    assert!(
        wrong.is_empty(),
        "golden hashes changed:\n{}",
        wrong.join("\n")
    );
}
