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
        hash: "eebab5917b37a526a685f2913aa5be6b240edb89704c092ddfa61cbd160a49b0",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "7bc12c2c4ce33b77a0a8d20958a9306a9f924e2dfd92375f6249852c38228f1b",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "fcaef093b570a279b91bd191d057e0cc65430e7609bbe9fdf9487a78b66f3636",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "55917b2a5d2dbc263c9a351f01b2f3e5d27f69ee8012f456dc285c6b67cbbc67",
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
