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

/// 3rd-edition vectors: (scenario index in `Scenario::ALL`, players, seed, final hash).
const GOLDEN_THIRD: &[(usize, u8, u64, &str)] = &[
    (
        0,
        3,
        7,
        "c21ac0f3d947f5b508b8ddcb49e5f297fc12bbfc6be1db440f955204e92d1b2f",
    ),
    (
        1,
        4,
        8,
        "2c78675b92d05c806760d3021cec5b1e740b3439e906db2947186207dc84641d",
    ),
    (
        2,
        2,
        9,
        "fcf37366f33ce7ad0571833d963e73ddf4946b6584bb42e25f591d03313cb01a",
    ),
    (
        3,
        3,
        10,
        "0a066f693c1539a25ed302637ca65728bdf33d3262db84d821952f24ed4797cc",
    ),
    (
        4,
        4,
        11,
        "8069dc5f12438cdcb9a707c8444f6f6658beb41e44590208d4f20838998219b0",
    ),
];

#[test]
fn golden_third_edition_playouts_reproduce_their_final_hashes() {
    let mut wrong = Vec::new();
    for &(scenario, players, seed, want) in GOLDEN_THIRD {
        let options = FallOptions {
            edition: dwarfs_fall::Edition::Third,
            scenario: Some(dwarfs_fall::Scenario::ALL[scenario]),
            ..Default::default()
        };
        let p = random_playout::<Fall>(&options, players, seed, false).unwrap();
        let got = p.hash().to_hex();
        if got != want {
            wrong.push(format!("    ({scenario}, {players}, {seed}, \"{got}\"),"));
        }
    }
    assert!(
        wrong.is_empty(),
        "golden hashes changed:\n{}",
        wrong.join("\n")
    );
}
