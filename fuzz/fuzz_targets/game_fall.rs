//! Fall: actions decoded from fuzz bytes and played from states reached by a seed, with the
//! option sets of its registry entry (see `dwarfs_fuzz::game` for what is asserted).
#![no_main]

use dwarfs_games::entries::FallEntry;
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("game_fall"),
    |data: &[u8]| dwarfs_fuzz::game::run_entry::<FallEntry>(data)
);
