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
        "3a08baa4ac400bd4f18a1cbd4f12ac5dc05555c55635e91643557b278874a81a",
    ),
    (
        3,
        2,
        "566b6446cf3ac50507c2d59b5f47bc22bb753d4a995d30d58f983b5a5601c5d9",
    ),
    (
        4,
        3,
        "d295df22044a23fa066e2b58785945f62f617c48112fb4b0eea186a84afd60ce",
    ),
    (
        4,
        2026,
        "4e2a8e55c9216a29e1cdadfc29a827b7895c64011a73fbe7d960c1af9e51aa08",
    ),
];

#[test]
fn golden_playouts_reproduce_their_final_hashes() {
    assert_eq!(
        Fall::RULES_VERSION,
        6,
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
        "0981f20616cbbfb270f6428688aabe3fb768c1ba3ba387cae9fd49073474dca8",
    ),
    (
        1,
        4,
        8,
        "72d7ccbd9c5e63e85c629306d686f01174dd59777f61319b91289da23ca5a1e5",
    ),
    (
        2,
        2,
        9,
        "5e19d6ea4ba925e9d1c101ca9476c1e617166cc95bfec639baa724c3cd900bf0",
    ),
    (
        3,
        3,
        10,
        "74fe950f2d388f3a12857e03a50b9faa4f41bf53d9c228eff4d1c368f27ce76c",
    ),
    (
        4,
        4,
        11,
        "1d3674fbf9b2d5c4b7be0ba3bf0c5dd0a5ea9613d92cca7bc00aff8955e636a7",
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
