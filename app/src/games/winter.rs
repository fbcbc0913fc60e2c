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
        hash: "b7ed9b108f603817fb925834d94dcf9f6801109f09e601973094cd7a76d84f05",
    },
    Golden {
        players: 2,
        seed: 2,
        hash: "f1e575d014bc12330af18433f27c08c453d9db8028b275522dacfc75f7f90e62",
    },
    Golden {
        players: 3,
        seed: 3,
        hash: "f8806a0bc8146195041ed0512949133be0bd1076647e11913647062c887aa328",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "5cc0788de6832b06f76e5910aa9514ba3cfaeef62c8c64cbf3b7047ec5c096e6",
    },
];

/// Pinned playouts with every option on.
#[cfg(test)]
const GOLDEN_ALL: &[Golden] = &[
    Golden {
        players: 1,
        seed: 5,
        hash: "8770291c5972894d0db0d57e9ec45f3de425fdf12fe31134e208cc839a8b5535",
    },
    Golden {
        players: 4,
        seed: 6,
        hash: "33a76c5462adf7027e835fb752e09d85f612583485e71dcba70ccb856391ec5d",
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
