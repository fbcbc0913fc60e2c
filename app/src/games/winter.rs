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

    fn bot(seed: u64) -> Box<dyn Bot<Winter>> {
        Box::new(GreedyBot::new(seed))
    }
}

/// Pinned playouts with the default options.
#[cfg(test)]
const GOLDEN: &[Golden] = &[
    Golden {
        players: 1,
        seed: 1,
        hash: "1bfc8ebae3b63d3599678b755f5a1960a949df89544078e7355e7efdfa3735de",
    },
    Golden {
        players: 2,
        seed: 2,
        hash: "8f4e61e5f15fd6a6dbc2215706f8fce17e82a5a3f50dcf19b7d021163642f3f5",
    },
    Golden {
        players: 3,
        seed: 3,
        hash: "51d280d9c7f2a3464665a302b36b99354b989cc2c0bb782f734f96e675e414de",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "2c9affd766bd90b08b125e2d0c2425402994bc88c31542529e5b58004d8c9e4d",
    },
];

/// Pinned playouts with every option on.
#[cfg(test)]
const GOLDEN_ALL: &[Golden] = &[
    Golden {
        players: 1,
        seed: 5,
        hash: "904aa401c830c51603540fa9cfbf053a1658771f9cf93176534f74a1acbd2bfb",
    },
    Golden {
        players: 4,
        seed: 6,
        hash: "5d5611d11c5aadfd933db089604beb94ee5930ddaa473ba66661a26b9d8e738c",
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
