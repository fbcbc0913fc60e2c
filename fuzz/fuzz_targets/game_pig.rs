//! Pig: actions decoded from fuzz bytes and played from states reached by a seed (see
//! `dwarfs_fuzz::game` for what is asserted).
#![no_main]

use dwarfs_engine::toy::{Pig, PigOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("game_pig"),
    |data: &[u8]| dwarfs_fuzz::game::run::<Pig>(&[PigOptions::default(), PigOptions { wagers: true, ..PigOptions::default() }], data)
);
