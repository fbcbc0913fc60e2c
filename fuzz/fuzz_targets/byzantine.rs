//! The simulator's Byzantine seat, its plan and the network from the input (see
//! `dwarfs_fuzz::byzantine`): every invariant of `dwarfs_protocol::byzantine` must hold.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("byzantine"),
    |data: &[u8]| dwarfs_fuzz::byzantine::run(data)
);
