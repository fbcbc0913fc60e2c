//! The simulator's Byzantine seat driven by fuzz input (`dwarfs_protocol::byzantine`): the
//! input picks the game (Pig or Dwarf Hold), the seat count, the network's seed, and the
//! adversary's seed, rate, budget and ending; every invariant of the harness must hold.

use crate::Input;
use dwarfs_engine::Game;
use dwarfs_engine::toy::Pig;
use dwarfs_hold::Hold;
use dwarfs_protocol::byzantine::{self, After, Deviation, Plan};
use dwarfs_protocol::sim::{Faults, fixture};

/// Runs one case from `data`; panics with the plan when an invariant fails.
pub fn run(data: &[u8]) {
    let mut input = Input(data);
    let game = input.byte();
    let players = 2 + input.byte() % 3;
    let seed = input.u64();
    let plan = Plan {
        seat: players as usize - 1,
        seed: input.u64(),
        rate: (input.byte() as u16) * 4,
        budget: input.byte() as u32 * 4,
        after: if input.byte() % 2 == 0 {
            After::Honest
        } else {
            After::Silent
        },
        deviations: Deviation::ALL,
    };
    let faults = Faults {
        drop: (input.byte() % 64) as u16,
        duplicate: (input.byte() % 64) as u16,
        reorder: (input.byte() % 128) as u16,
        latency_ms: 1 + (input.byte() % 8) as u64,
        max_extra_delay_ms: (input.byte() % 64) as u64,
    };
    if game % 8 == 7 {
        case::<Hold>(&Default::default(), players, seed, faults, plan);
    } else {
        case::<Pig>(&fixture::options(), players, seed, faults, plan);
    }
}

fn case<G: Game>(options: &G::Options, players: u8, seed: u64, faults: Faults, plan: Plan) {
    if let Err(v) = byzantine::run_case::<G>(options, players, seed, faults, plan) {
        panic!(
            "{} x{players}, seed {seed}, {plan:?}, {faults:?}: {v}",
            G::NAME
        );
    }
}

/// A few starting inputs: each game, seat count, ending and a spread of rates.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for i in 0..12u8 {
        let mut v = vec![if i % 4 == 3 { 7 } else { 0 }, i % 3];
        v.extend((i as u64 * 7919).to_le_bytes());
        v.extend((i as u64 * 104_729 + 1).to_le_bytes());
        v.extend([i * 20, 10 + i * 9, i % 2, 20, 20, 50, 3, 20]);
        out.push(v);
    }
    out
}
