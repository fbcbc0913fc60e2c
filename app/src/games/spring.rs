//! Dwar7s Spring in the registry: 2-4 players, no options, with its board view. Local bot seats
//! are played by the random bot.

use super::GameEntry;
#[cfg(test)]
use super::suite::{Planned, SuiteCase, SuitePlan};
use crate::gui::spring_view::SpringView;
#[cfg(test)]
use dwarfs_engine::suite::Golden;
use dwarfs_spring::Spring;
#[cfg(test)]
use dwarfs_spring::SpringOptions;

/// The registry entry of Dwar7s Spring.
pub struct SpringEntry;

impl GameEntry for SpringEntry {
    type G = Spring;
    type View = SpringView;
    const TITLE: &'static str = "Dwar7s Spring";
    const BLURB: &'static str =
        "2-4 players: settle the petal map, fight monsters, fulfil quests, raise dragons";
}

/// Pinned playouts (the same (players, seed) pairs and hashes as the engine's own golden test,
/// so the two pins cross-check each other).
#[cfg(test)]
const GOLDEN: &[Golden] = &[
    Golden {
        players: 2,
        seed: 1,
        hash: "58772311dc9109d45b61610864e60e67dfea1298935253a84e87f8f1a239fdb7",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "7133be9603db7f3c2eea482be679942c54a306e9b778627f1a77b18bc7a63901",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "dea71aa2e45632d567d6250b83c40ba7b9f20807ec654a2d1f321ed964c52c04",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "44c8b88b713b2914487c2585d6b6bbf71c21b095569f639275616a638c4a529e",
    },
];

#[cfg(test)]
impl Planned for SpringEntry {
    fn plan() -> SuitePlan<Spring> {
        SuitePlan {
            cases: vec![SuiteCase {
                conformance: 12,
                light: true,
                hidden: 3,
                termination: 2,
                golden: GOLDEN,
                ..SuiteCase::new("base game", SpringOptions::default(), [2, 3, 4])
            }],
            hidden_information: true,
        }
    }
}
