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
        "18400ed1c3f66704d5e91e0d88d5e1e859bc6b973d38d5faa52c76a53e05d9f8",
    ),
    (
        3,
        42,
        "0e1f5bbf2d6455192a2d9050e1a487e5fdf210688a5ecafdd9d3097b1fcedbab",
    ),
    (
        5,
        7,
        "c0be766adad784aceeaaddcbb4bcd5bc9d753295fd8295f3af5fbacc8a9c0a25",
    ),
    (
        8,
        3,
        "ef6c0910b81592248c2a4fc7cdb577b0ee59e23838161d724b1fec71edd69614",
    ),
];

#[test]
fn golden_playouts_end_in_the_pinned_states() {
    assert_eq!(
        Hold::RULES_VERSION,
        1,
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
