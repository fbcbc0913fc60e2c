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
            hash: "af2ec37a408e8974372017846b05166bd48b8464dfce57ee62c123272e5ca1ae",
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
        hash: "dfb2bce04a433ab65d79fd8e0687ae12d42ddef09835ec0d3003beb189b421c3",
    },
    Golden {
        players: 2,
        seed: 2,
        hash: "910b761aca36d06ab257fc501c32a5d40658e55c1e63798c4de8bfa4d367b9c1",
    },
    Golden {
        players: 3,
        seed: 3,
        hash: "079fc50e74074a26f7c102403a0541c09d2cd7a1113769e9e1be8a36f5f3621d",
    },
    Golden {
        players: 4,
        seed: 4,
        hash: "ba7c037e2383f3f8cb1d6dc87131a685524542051fa817b53097e1299f9a4608",
    },
];

/// Pinned playouts with every option on.
const GOLDEN_ALL: &[Golden] = &[
    Golden {
        players: 1,
        seed: 5,
        hash: "5a4b11fbb712dd74076f0e5de3a100413f0febab3e832eeb22a4b97bdc70918c",
    },
    Golden {
        players: 4,
        seed: 6,
        hash: "60e45ffe435974da6bf0f1d737bf216708f992319d408cd19fe9f21479b5d98e",
    },
];
