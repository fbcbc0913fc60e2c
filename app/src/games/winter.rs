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
        hash: "64ea86ef2eff97d3ad47cafa8f951dff42a4e8db5dc183667b64139bf97b14f7",
    },
    Golden {
        players: 2,
        seed: 2,
        hash: "fec55d6ca3dae4012f8b6de6ba102afb606475016ac83bcc853b35c0b9e781e2",
    },
    Golden {
        players: 3,
        seed: 3,
        hash: "a5fe0193139c4f31fdc760d0778d8ce040529035f5c0ec8edfb214e17746cb0a",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "3206fa4ff707567869bdca5353d20dd1a46146e7f9a89fc624641486cbb49d1a",
    },
];

/// Pinned playouts with every option on.
#[cfg(test)]
const GOLDEN_ALL: &[Golden] = &[
    Golden {
        players: 1,
        seed: 5,
        hash: "320dd4b152277b89b965da9bcd00e283189858f39ad9796997213231769e4d8e",
    },
    Golden {
        players: 4,
        seed: 6,
        hash: "bda94f66eddb545a0e7cc97290069821bf61a406c25e2f47705854d557a61d76",
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
