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
        "993889a191062e1ca24356151c342b3cb0e7a78b9db1d3dc2dd879929883e1a1",
    ),
    (
        3,
        2,
        "73ae29e9a7703d6171d901329f457c2220ebaf5647c4d89553a0055d0a7a2a09",
    ),
    (
        4,
        3,
        "b2664d7997eea2f51f93f66b4c598b95b90ae9bd040587a0463a3fa4d87a2e00",
    ),
    (
        4,
        2026,
        "2162357a8900192c4e1309e53df7fd0d532efe4d459ce07d9254ec9184a48fec",
    ),
];

#[test]
fn golden_playouts_reproduce_their_final_hashes() {
    assert_eq!(
        Fall::RULES_VERSION,
        4,
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
        "d2ac94be9550cbfae1d73819d76304e10a1958b86bc9235ee105ec02b4146b52",
    ),
    (
        1,
        4,
        8,
        "b382754e9a305a7b9c3e29b22ed20d183f75f41447c1ecdcbe3559490d3b416c",
    ),
    (
        2,
        2,
        9,
        "b6b3e3ada582a6d3b686be13a8d4e8882a83f754c3c1d66b0056ab36386b3e07",
    ),
    (
        3,
        3,
        10,
        "0d0c2017c9a7e41c1fcccc5b67280129d1db9945a8510f76b000a7869daa6873",
    ),
    (
        4,
        4,
        11,
        "24c5720e9bdca3996b0560781f506ce07da33e9721685f903597d89a156d06fe",
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
