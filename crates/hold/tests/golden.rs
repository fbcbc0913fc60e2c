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
        "41382f232c5e10588c8702cc70af1baedb5ae4550515fcbbd5f0f4bd460f2eae",
    ),
    (
        3,
        42,
        "3e9eb5b3eb26125e2db80358245d30b944044ed349e2e13caf2f90bbfd7dc283",
    ),
    (
        5,
        7,
        "dc158d25da997eb8b0d32e25062dcb553021041fe1ff55a4164ba5e32751746c",
    ),
    (
        8,
        3,
        "2e6e571ee021fe52b81b93270e2877dc55158d4ecf3fe0bf44c5398e56ed28d0",
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
