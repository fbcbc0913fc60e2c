//! Dwarf Hold in the registry: 2-8 players.

use super::GameEntry;
#[cfg(test)]
use super::suite::{Planned, SuiteCase, SuitePlan};
use crate::gui::hold_view::HoldView;
#[cfg(test)]
use dwarfs_engine::suite::Golden;
use dwarfs_hold::Hold;
#[cfg(test)]
use dwarfs_hold::HoldOptions;

/// The registry entry of Dwarf Hold.
pub struct HoldEntry;

/// Pinned playouts with the default options.
#[cfg(test)]
const GOLDEN: &[Golden] = &[
    Golden {
        players: 2,
        seed: 1,
        hash: "e9cea3cd9e70acbc87a9e144566598393f104edf28ecad251e51ad797742c307",
    },
    Golden {
        players: 3,
        seed: 42,
        hash: "fc5b8c5c7d0bb622083546bc8d3ab66e439032a49c0af23bcb31c7636f432f18",
    },
    Golden {
        players: 5,
        seed: 7,
        hash: "318009757b56e6c074dcdc25133af772c4e64088e584099e7b0bf6bd9e9c1c8e",
    },
    Golden {
        players: 8,
        seed: 3,
        hash: "27d78f792882d09825c3a38a1abe3641f8d576ba2941026a3b161bee4153ec32",
    },
];

impl GameEntry for HoldEntry {
    type G = Hold;
    type View = HoldView;
    const TITLE: &'static str = "Dwarf Hold";
    const BLURB: &'static str = "2-8 players: dig the hold, slay lairs, trade and bargain";
}

#[cfg(test)]
impl Planned for HoldEntry {
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
}
