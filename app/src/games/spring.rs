//! Dwar7s Spring in the registry: 2-4 players, no options, with its board view. Local bot seats
//! are played by the engine's greedy bot (balanced weights).

use super::GameEntry;
#[cfg(test)]
use super::suite::{Planned, SuiteCase, SuitePlan};
use crate::gui::spring_view::SpringView;
use dwarfs_engine::Bot;
#[cfg(test)]
use dwarfs_engine::suite::Golden;
#[cfg(test)]
use dwarfs_spring::SpringOptions;
use dwarfs_spring::{GreedyBot, Spring};

/// The registry entry of Dwar7s Spring.
pub struct SpringEntry;

impl GameEntry for SpringEntry {
    type G = Spring;
    type View = SpringView;
    const TITLE: &'static str = "Dwar7s Spring";
    const BLURB: &'static str =
        "2-4 players: settle the petal map, fight monsters, fulfil quests, raise dragons";

    fn bot(seed: u64) -> Box<dyn Bot<Spring> + Send> {
        Box::new(GreedyBot::new(seed))
    }
}

/// Pinned playouts (the same (players, seed) pairs and hashes as the engine's own golden test,
/// so the two pins cross-check each other).
#[cfg(test)]
const GOLDEN: &[Golden] = &[
    Golden {
        players: 2,
        seed: 1,
        hash: "51d6fe1cb8a18f3c1d3124474cfaf7649ed1afffe4f1ac2bbb8edb00cce3b581",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "de4ab4806e31b9bd9f764d8332497f99e6615ebf7e591db3ebf2d7aebe01ca86",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "174786c6133cdb919d2450b1bddcbe9e88f7cae842b94a1afcbb80889bfafce1",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "146e6e4b2181ef264a14d0ea702d3850b6d645a0adb70871e68e26c01c6588d4",
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
