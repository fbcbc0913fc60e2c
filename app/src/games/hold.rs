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
        hash: "3904396ae93f05a94bea70f1c61e06817862a8c980e51c7ac3a75bd998a691e9",
    },
    Golden {
        players: 3,
        seed: 42,
        hash: "4bb7f61907c2996c9e521c4ced984eaaa49211c1acb49dc2866d3f4d4f698497",
    },
    Golden {
        players: 5,
        seed: 7,
        hash: "444081a2dffa0dde54af639297b7ebc71871e139356b2a25ee85468849a407cf",
    },
    Golden {
        players: 8,
        seed: 3,
        hash: "b5b7c069cb9de2b06026c6f68198ad4a2a611eea4b650d7f04d179fce8b36a29",
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
