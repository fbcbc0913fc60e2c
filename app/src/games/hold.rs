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
        hash: "33f753f99fd46275e916284b7b7f7dbec711509e1e4058909d2ab01e24c91b7f",
    },
    Golden {
        players: 3,
        seed: 42,
        hash: "b615420b35ff7a958519443e628e6045109b6434739d225ff8286a873b44f9a3",
    },
    Golden {
        players: 5,
        seed: 7,
        hash: "3ab35069a6241c1a2d748f513def8bee37f54e54bc71aebb3e0f4cfb1beb8f1f",
    },
    Golden {
        players: 8,
        seed: 3,
        hash: "c1538a46e804afd021c326b4287caeb01e844dc9b41da90a854638a2d8843a70",
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
