//! A live session fed by a hostile seat and a stranger (see `dwarfs_fuzz::session`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("session"),
    |data: &[u8]| dwarfs_fuzz::session::run(data)
);
