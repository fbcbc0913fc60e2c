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
        hash: "c8a85bb4bd320d98b5e3b165c319e7cc8d4fbf9fab8c58ce832b760ac9d91169",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "700b745359f41287c83f0c76593c615e60d1f8ef95f6e4f2a1a97a74c323ccf9",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "b0fa1f5b44c2dbd1c24637e183312c4d47fe294a43abaecc30411b91a443d909",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "56797a20c63c599cf0f4bff5192751d43e31d816a241e707ca611ee0ddd9ae51",
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
