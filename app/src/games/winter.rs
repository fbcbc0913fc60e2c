//! Dwar7s Winter in the registry: 1-4 players (1 is the solitaire variant), with the nightmare,
//! bloodlust and Legendary! options. Shown with its board view
//! ([`crate::gui::winter_view::WinterView`]); local bot seats are played by the game's greedy bot.

use super::GameEntry;
#[cfg(test)]
use super::suite::{Planned, SuiteCase, SuitePlan};
use crate::gui::winter_view::WinterView;
use dwarfs_engine::Bot;
#[cfg(test)]
use dwarfs_engine::suite::Golden;
#[cfg(test)]
use dwarfs_winter::WinterOptions;
use dwarfs_winter::{GreedyBot, Winter};

/// The registry entry of Dwar7s Winter.
pub struct WinterEntry;

impl GameEntry for WinterEntry {
    type G = Winter;
    type View = WinterView;
    const TITLE: &'static str = "Dwar7s Winter";
    const BLURB: &'static str = "1-4 players: hold the castle through seven weeks of winter";

    fn bot(seed: u64) -> Box<dyn Bot<Winter> + Send> {
        Box::new(GreedyBot::new(seed))
    }
}

/// Pinned playouts with the default options.
#[cfg(test)]
const GOLDEN: &[Golden] = &[
    Golden {
        players: 1,
        seed: 1,
        hash: "e15ac8012b6bd5ac896fbf550db6f113b411a630d21ffbe8f537756edf1fe4f1",
    },
    Golden {
        players: 2,
        seed: 2,
        hash: "05d1b5902e41493ad696f77f79f305c0885898a5267e6b0cb7e6718c98e78189",
    },
    Golden {
        players: 3,
        seed: 3,
        hash: "a1c654ebfb8db3ea6726dc8714a5158c8f560e8d112fdd97c473db15f755c1b6",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "a98987909ce5ddeb9aefee840fc52a64c286614c4f957a4e2de8cc83d2b3dba4",
    },
];

/// Pinned playouts with every option on.
#[cfg(test)]
const GOLDEN_ALL: &[Golden] = &[
    Golden {
        players: 1,
        seed: 5,
        hash: "0e597b53f88975d2010b554595609ad45b0a46607c77456cd432593c21e0770f",
    },
    Golden {
        players: 4,
        seed: 6,
        hash: "e5cc57f52d300e5302b3592467b1bff5f6214142c8ef7973b113a64fe0da4f8a",
    },
];

#[cfg(test)]
impl Planned for WinterEntry {
    fn plan() -> SuitePlan<Winter> {
        let all = [1, 2, 3, 4];
        let with = |nightmare, bloodlust, legendary| WinterOptions {
            nightmare,
            bloodlust,
            legendary,
        };
        SuitePlan {
            cases: vec![
                SuiteCase {
                    conformance: 40,
                    hidden: 4,
                    termination: 3,
                    golden: GOLDEN,
                    ..SuiteCase::new("base game", WinterOptions::default(), all)
                },
                SuiteCase {
                    conformance: 15,
                    hidden: 2,
                    termination: 1,
                    ..SuiteCase::new("nightmare", with(true, false, false), all)
                },
                SuiteCase {
                    conformance: 15,
                    hidden: 2,
                    termination: 1,
                    ..SuiteCase::new("bloodlust", with(false, true, false), all)
                },
                SuiteCase {
                    conformance: 30,
                    hidden: 4,
                    termination: 2,
                    ..SuiteCase::new("Legendary!", with(false, false, true), all)
                },
                SuiteCase {
                    conformance: 15,
                    hidden: 2,
                    termination: 1,
                    golden: GOLDEN_ALL,
                    ..SuiteCase::new("every variant", with(true, true, true), all)
                },
            ],
            hidden_information: true,
        }
    }
}
