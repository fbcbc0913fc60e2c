//! Dwarf Hold in the registry: 2-8 players.

use crate::{GameEntry, SuiteCase, SuitePlan, TakeoverPin};
use dwarfs_engine::suite::Golden;
use dwarfs_hold::Hold;
use dwarfs_hold::HoldOptions;

/// The registry entry of Dwarf Hold.
pub struct HoldEntry;

/// Pinned playouts with the default options.
const GOLDEN: &[Golden] = &[
    Golden {
        players: 2,
        seed: 1,
        hash: "d2f63089508c3fba501029ff46267caf69ba27463fb540c537fc5c0a980355ea",
    },
    Golden {
        players: 3,
        seed: 42,
        hash: "bd7958927dd320b6395cde4f3c89c4e24a9e00c848dbf368955cf32d9a1aa1e5",
    },
    Golden {
        players: 5,
        seed: 7,
        hash: "8a6cedb37c407fa04a5fb6caf4cc91323b3b7ac4e6dabf61bbab37e0d43bd685",
    },
    Golden {
        players: 8,
        seed: 3,
        hash: "4176e672420387c9dec649c72528a3c513e31a42114b18d433a258b23c734a02",
    },
];

impl GameEntry for HoldEntry {
    type G = Hold;
    const TITLE: &'static str = "Dwarf Hold";
    const BLURB: &'static str = "2-8 players: dig the hold, slay lairs, trade and bargain";

    fn plan() -> SuitePlan<Hold> {
        let all = [2, 3, 4, 5, 6, 7, 8];
        // Most conformance games stop after 2 turns (every phase, a second leader phase, the
        // end check and scoring); a few play whole games so the late game is covered too.
        let short = HoldOptions {
            max_turns: 2,
            ..HoldOptions::default()
        };
        SuitePlan {
            cases: vec![
                SuiteCase {
                    conformance: 1000,
                    light: true,
                    hidden: 4,
                    ..SuiteCase::new("two turns", short, all)
                },
                SuiteCase {
                    conformance: 6,
                    light: true,
                    hidden: 1,
                    termination: 2,
                    golden: GOLDEN,
                    ..SuiteCase::new("whole games", HoldOptions::default(), all)
                },
            ],
            hidden_information: true,
        }
    }

    fn takeover_pins() -> Vec<TakeoverPin<Hold>> {
        vec![TakeoverPin {
            name: "default",
            options: HoldOptions::default(),
            hash: "ccea94efc6e953d8ccc2192d1a3057324af65b784ff5bf609fb66b1814096b61",
        }]
    }

    fn fuzz_options() -> Vec<HoldOptions> {
        vec![HoldOptions::default()]
    }
}
