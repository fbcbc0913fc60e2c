//! Dwar7s Spring in the registry: 2-4 players, no options, with its board view. Local bot seats
//! are played by the engine's greedy bot (balanced weights).

use crate::{GameEntry, SuiteCase, SuitePlan, TakeoverPin};
use dwarfs_engine::Bot;
use dwarfs_engine::suite::Golden;
use dwarfs_spring::SpringOptions;
use dwarfs_spring::{GreedyBot, Spring};

/// The registry entry of Dwar7s Spring.
pub struct SpringEntry;

impl GameEntry for SpringEntry {
    type G = Spring;
    const TITLE: &'static str = "Dwar7s Spring";
    const BLURB: &'static str =
        "2-4 players: settle the petal map, fight monsters, fulfil quests, raise dragons";

    fn bot(seed: u64) -> Box<dyn Bot<Spring> + Send> {
        Box::new(GreedyBot::new(seed))
    }

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

    fn takeover_pins() -> Vec<TakeoverPin<Spring>> {
        vec![TakeoverPin {
            name: "default",
            options: SpringOptions::default(),
            hash: "f0a2a4dec5df37d14bf1d11bffa5e03a0f98b2e5ac252013bcf82e9f37c287af",
        }]
    }

    fn fuzz_options() -> Vec<SpringOptions> {
        vec![SpringOptions::default()]
    }
}

/// Pinned playouts (the same (players, seed) pairs and hashes as the engine's own golden test,
/// so the two pins cross-check each other).
const GOLDEN: &[Golden] = &[
    Golden {
        players: 2,
        seed: 1,
        hash: "b25acb44f2d29117a1bfaf2930d75d48864c9a773ed7908a130c03fce29f1422",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "ab2ae8d9beee17603011b45d215021a27b7831147217ada4cb9f8b99e1afb906",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "6e8f083ac9ed1c367f1b7dcd56f375771821b9b56d49a1edde183d1044deb01d",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "7953b46e66ad9df67e91dde37b5b2a2ee6d6bfc52c7d7a8006d40a809c92e93f",
    },
];
