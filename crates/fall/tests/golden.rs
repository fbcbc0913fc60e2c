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
        "cddc87dc81a084a51ba74f7e8c881b246b7679269caa04491eef4b83feb522de",
    ),
    (
        3,
        2,
        "793583945025ea6dec3e14aab30c263aa05b690eb500fcd7aee672d62d752a24",
    ),
    (
        4,
        3,
        "b50fcb98f9694103c7b587cc51b132e3224dee17b062597754a99e714958550b",
    ),
    (
        4,
        2026,
        "9f93c87353a941f2d8e82b44a43f65507176ce66cc2239256c8558d0839ad194",
    ),
];

#[test]
fn golden_playouts_reproduce_their_final_hashes() {
    assert_eq!(
        Fall::RULES_VERSION,
        5,
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
        "d25ac9346536e6c83f71a92f408408d982277e18ceebf5dfc950c3a625256e6c",
    ),
    (
        1,
        4,
        8,
        "c284215aaccb344de08059dc4dcdc558ed7f2119b8148766d5824bfb7675ab63",
    ),
    (
        2,
        2,
        9,
        "3546f02f2a4e6e99d4f895a173a4637662ef049aa85090a4ac1212d534434f7b",
    ),
    (
        3,
        3,
        10,
        "e2b177c2cd7677c0f78f62750de86af36edaddeb25320b5ef6851d1b6181f847",
    ),
    (
        4,
        4,
        11,
        "325768043d7097b5de1898cf15ea12191efec6a8dea5ddb86b445547b533758e",
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
