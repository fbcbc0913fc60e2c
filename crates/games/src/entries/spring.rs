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
            hash: "42b8283a92bf8fad624212d64d3ff2f62194d75b92e1bb7529a72ad561ee2d54",
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
        hash: "8d99f859ef2121d2ac593d923f6a373dcdd10659110bd948105e1a0c5b9ab89f",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "524b7ae5e86916c07794dc1c4f8dd8db59f558c5e8b2b979888a0305afc2fb27",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "f34f4b3145b2bff446a3b486e63855faaed060ded1d178ebdc2a26214d4e1e97",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "a2ebc8e4dfc61e8ad099b24b1e010299d991c4e66f3854d32f30bfc8fec0be53",
    },
];
