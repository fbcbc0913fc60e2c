//! Helpers shared by the protocol tests: a recorded game, its frames, a file put back together
//! from (possibly tampered) frames, and a patient Pig network. Each test file uses some of them.
#![allow(dead_code)]

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::Settings;
use dwarfs_protocol::replay;
use dwarfs_protocol::replay::format::{Frame, MAGIC, encode_frame, read_frames};
use dwarfs_protocol::sim::{Faults, Network};

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

/// `players` peers with keys from `seed` playing default Pig over a 2 ms link, with patient
/// timers (retransmit after 50 ms, a seat silent after 2 s): nobody is voted out while a test
/// floods the peers.
pub fn pig_net(players: u8, seed: u64) -> Network<Pig> {
    pig_net_with(
        players,
        seed,
        Settings {
            retransmit_ms: 50,
            silence_ms: 2_000,
            ..Settings::default()
        },
    )
}

/// `players` peers with keys from `seed` playing default Pig over a 2 ms link, with `settings`.
pub fn pig_net_with(players: u8, seed: u64, settings: Settings) -> Network<Pig> {
    Network::<Pig>::new(
        &PigOptions::default(),
        players,
        seed,
        Faults {
            latency_ms: 2,
            ..Faults::default()
        },
        settings,
    )
    .unwrap()
}
