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

    fn bot(seed: u64) -> Box<dyn Bot<Spring>> {
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
        hash: "9918d9afb0184f041294dbdf825cb44ca94772089ebe9736f75f2b6f81390c12",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "dcaecea3c1083ba13bf2ca8854e9e6e0136d8f270579e1924be9004230541f1b",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "2132ccea1c269c9316830b53ba31c3145fdaf5944a3f306a1c1958191f64ce8d",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "7c1e90e1d5f5a23c5e0270f01ab475a0e778115eb38f309d2f2e3912356f1742",
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
