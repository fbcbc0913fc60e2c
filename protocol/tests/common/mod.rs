//! Helpers shared by the replay tests: a recorded game, its frames, and a file put back
//! together from (possibly tampered) frames. Each test file uses some of them.
#![allow(dead_code)]

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::replay;
use dwarfs_protocol::replay::format::{Frame, MAGIC, encode_frame, read_frames};

/// The replay file of a simulated Pig game of `players` seats from `seed`.
pub fn recorded(players: u8, seed: u64) -> Vec<u8> {
    replay::record_simulated::<Pig>(&PigOptions::default(), players, seed).unwrap()
}

/// Every frame of a replay file that reads without an error.
pub fn frames(bytes: &[u8]) -> Vec<Frame> {
    let f = read_frames(bytes);
    assert!(f.error.is_none(), "{:?}", f.error);
    f.frames.into_iter().map(|(_, f)| f).collect()
}

/// A replay file holding `frames` in order.
pub fn assemble(frames: &[Frame]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    for f in frames {
        out.extend(encode_frame(f));
    }
    out
}
