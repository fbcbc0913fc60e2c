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
        hash: "820e1e97bfe0b65f651e7d7090283c6b89086ab00a30e821eedebd66d502ae3d",
    },
    Golden {
        players: 3,
        seed: 42,
        hash: "ccb7d12d8ec93e252ace58951d5cd0c57dc36c866c98cd005c0e4e2381a4e1c9",
    },
    Golden {
        players: 5,
        seed: 7,
        hash: "759029a89a987a62210d9ed33efdb61b6aaae0c2927a1979ea142121b882de14",
    },
    Golden {
        players: 8,
        seed: 3,
        hash: "e3234b50480bf22e6e95c1c3e7cd9cbdcd06c11c2eb21d6f6700565cc767a9d1",
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
