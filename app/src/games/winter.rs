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
        hash: "5d6c0c59c882abfb1352c06666d889960156d421429dacc408e7c6cb11fbea0f",
    },
    Golden {
        players: 2,
        seed: 2,
        hash: "fb352bb3b6a66aaa7a90169b5a1b2dbf63a898c08f79f3daf5f23d42bc47b406",
    },
    Golden {
        players: 3,
        seed: 3,
        hash: "ee3a50d8673987e393f1c09e474629fb975018aa2f638b21c6a56e57813b11dd",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "10cf700c706aeca6d84825acb120cc25e0e78e3d701fe96120795b2710d1dde1",
    },
];

/// Pinned playouts with every option on.
#[cfg(test)]
const GOLDEN_ALL: &[Golden] = &[
    Golden {
        players: 1,
        seed: 5,
        hash: "f238b90ce504b1ea86ddce39d4a84ecf0fc49d5392142660086f101670d0c71c",
    },
    Golden {
        players: 4,
        seed: 6,
        hash: "91d11c8e64532b928b30702a7b5ee8f139ecac3ca9399d8c2b7cf520102bee9f",
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
