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
        hash: "c215eeb45c0fea0daa5f460c334a8b5edeb2ca897a63254bcd134b28364e476d",
    },
    Golden {
        players: 3,
        seed: 42,
        hash: "b03e6d8192f0c3eafdec429308c210d622c8573f09ccbf3df33fba7961981fc5",
    },
    Golden {
        players: 5,
        seed: 7,
        hash: "2bb398ae53f48b09df5255c2816a75443b84979a911740de47f0fc325632ad28",
    },
    Golden {
        players: 8,
        seed: 3,
        hash: "79022efa4e57ff06d0fd0a816ecca8c27f710d838e1ba0269621b4a641799551",
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
