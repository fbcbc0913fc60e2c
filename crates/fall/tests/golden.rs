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
        "709253cfb8fdedd974e828937276ccb65d15b9970362a55ff77e0a8adfe3d260",
    ),
    (
        3,
        2,
        "2a5daf1089ccf84ee30ad7deece45e3f1174cff3b9a4e72d233d188d132b510f",
    ),
    (
        4,
        3,
        "721952c14131a80442c6ebd709bc52475b085b5a66475ad0859451e3a36659e4",
    ),
    (
        4,
        2026,
        "a4a4f467af7e96c3a0d06dc963bcfdc3eec3e0da5d1c0b546971f1c57a285362",
    ),
];

#[test]
fn golden_playouts_reproduce_their_final_hashes() {
    assert_eq!(
        Fall::RULES_VERSION,
        3,
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
