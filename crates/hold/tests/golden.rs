//! Golden vectors: random playouts from fixed seeds must end in exactly these states.
//!
//! A change to these hashes means the same seed and moves now give another game. That is only
//! acceptable together with a bump of `Hold::RULES_VERSION` (and the data digest changes on its
//! own if `data.rs` changed): update the vectors in the same commit.

use dwarfs_engine::playout::random_playout;
use dwarfs_engine::{Game, StateHash};
use dwarfs_hold::{Hold, HoldOptions};

const VECTORS: [(u8, u64, &str); 4] = [
    (
        2,
        1,
        "3904396ae93f05a94bea70f1c61e06817862a8c980e51c7ac3a75bd998a691e9",
    ),
    (
        3,
        42,
        "4bb7f61907c2996c9e521c4ced984eaaa49211c1acb49dc2866d3f4d4f698497",
    ),
    (
        5,
        7,
        "444081a2dffa0dde54af639297b7ebc71871e139356b2a25ee85468849a407cf",
    ),
    (
        8,
        3,
        "b5b7c069cb9de2b06026c6f68198ad4a2a611eea4b650d7f04d179fce8b36a29",
    ),
];

#[test]
fn golden_playouts_end_in_the_pinned_states() {
    assert_eq!(
        Hold::RULES_VERSION,
        2,
        "bump the vectors together with RULES_VERSION"
    );
    let mut got = Vec::new();
    for (players, seed, _) in VECTORS {
        let p = random_playout::<Hold>(&HoldOptions::default(), players, seed, false)
            .expect("playout ends");
        got.push((players, seed, p.hash().to_hex()));
    }
    for ((players, seed, want), (_, _, have)) in VECTORS.iter().zip(&got) {
        assert_eq!(
            StateHash::from_hex(want).map(|h| h.to_hex()),
            Some(have.clone()),
            "players {players} seed {seed}: all results {got:?}"
        );
    }
}
