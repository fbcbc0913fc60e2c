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
        hash: "61a31bae53c53e8f17def1ae84c5de1d0ba4608cff86f60616603fa25e2a10b6",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "c220375c6ebe69fd0d0d5c5c4cc28b4e98d572ccb4c1cc4ab5b78a64d44b6c8c",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "fb7c5c5782f493040dd04ca5f11831e81abbb4ae5a75583998b338abac5781d2",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "d2d31ddccb3d9082324e7fdd1ff2b8a3cd4cc6776c784bd691e49d5459eb7596",
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
