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
        "33f753f99fd46275e916284b7b7f7dbec711509e1e4058909d2ab01e24c91b7f",
    ),
    (
        3,
        42,
        "b615420b35ff7a958519443e628e6045109b6434739d225ff8286a873b44f9a3",
    ),
    (
        5,
        7,
        "3ab35069a6241c1a2d748f513def8bee37f54e54bc71aebb3e0f4cfb1beb8f1f",
    ),
    (
        8,
        3,
        "c1538a46e804afd021c326b4287caeb01e844dc9b41da90a854638a2d8843a70",
    ),
];

#[test]
fn golden_playouts_end_in_the_pinned_states() {
    assert_eq!(
        Hold::RULES_VERSION,
        3,
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
