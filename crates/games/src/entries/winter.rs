//! Dwar7s Winter in the registry: 1-4 players (1 is the solitaire variant), with the nightmare,
//! bloodlust and Legendary! options. Shown with its board view
//! ([`crate::gui::winter_view::WinterView`]); local bot seats are played by the game's greedy bot.

use crate::{GameEntry, SuiteCase, SuitePlan, TakeoverPin};
use dwarfs_engine::Bot;
use dwarfs_engine::suite::Golden;
use dwarfs_winter::WinterOptions;
use dwarfs_winter::{GreedyBot, Winter};

/// The registry entry of Dwar7s Winter.
pub struct WinterEntry;

impl GameEntry for WinterEntry {
    type G = Winter;
    const TITLE: &'static str = "Dwar7s Winter";
    const BLURB: &'static str = "1-4 players: hold the castle through seven weeks of winter";

    fn bot(seed: u64) -> Box<dyn Bot<Winter> + Send> {
        Box::new(GreedyBot::new(seed))
    }

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
                    conformance: 6,
                    ..SuiteCase::new("nightmare and bloodlust", with(true, true, false), all)
                },
                SuiteCase {
                    conformance: 6,
                    ..SuiteCase::new("nightmare, Legendary!", with(true, false, true), all)
                },
                SuiteCase {
                    conformance: 6,
                    ..SuiteCase::new("bloodlust, Legendary!", with(false, true, true), all)
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

    fn takeover_pins() -> Vec<TakeoverPin<Winter>> {
        vec![TakeoverPin {
            name: "base game",
            options: WinterOptions::default(),
            hash: "6e84b3569ebb6c48406d0261add9b3c00345a43f699497875b680acf633ea8e1",
        }]
    }

    fn fuzz_options() -> Vec<WinterOptions> {
        vec![
            WinterOptions::default(),
            WinterOptions {
                nightmare: true,
                bloodlust: true,
                legendary: true,
            },
        ]
    }
}

/// Pinned playouts with the default options.
const GOLDEN: &[Golden] = &[
    Golden {
        players: 1,
        seed: 1,
        hash: "a840d068695af28fc0f45218d5d3e16665e334f9458a19f1038453c8cab2c79e",
    },
    Golden {
        players: 2,
        seed: 2,
        hash: "0a7a13ccd6432810a52dcb232f09dc1b746c65dbdab61b179718cada1a5615db",
    },
    Golden {
        players: 3,
        seed: 3,
        hash: "d8e057a6e8d654754779cfb48c7b35daa8d4c81d42404ff26d42581605648f2b",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "be502fe89bb19b8def3c0623efd88e4f30c836f59db09a1ab06f81b8a812c1fa",
    },
];

/// Pinned playouts with every option on.
const GOLDEN_ALL: &[Golden] = &[
    Golden {
        players: 1,
        seed: 5,
        hash: "ce39dab49946b3957821341a3b00ed64a5a7e52ef20d4872c87ceb9cdd4325ba",
    },
    Golden {
        players: 4,
        seed: 6,
        hash: "e33a038bdc8e19717404d4cfcb660be0d838cd086bb8f808429228b1a06ff05c",
    },
];
