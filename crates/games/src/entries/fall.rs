//! Dwar7s Fall in the registry: classic and 3rd edition, 2-4 players.

use crate::{GameEntry, SuiteCase, SuitePlan, TakeoverPin};
use dwarfs_engine::suite::Golden;
use dwarfs_fall::Fall;
use dwarfs_fall::{Decree, Edition, FallOptions, Scenario};

/// The registry entry of Dwar7s Fall.
pub struct FallEntry;

/// Pinned classic playouts.
const CLASSIC: &[Golden] = &[
    Golden {
        players: 2,
        seed: 1,
        hash: "8f365f1666e8e44999d65df65085ea23dacd504b2ee2cbb5118f032f394c5069",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "7b1a387a9578d56e6fbd0828e02f7f895174ab51edf8a7aaf603991b5a6123fd",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "511fc9257b1f3099cd0eb4ba27bde95828fb7615a4373d071836b1f44c2e19a9",
    },
    Golden {
        players: 4,
        seed: 2026,
        hash: "e9b4e8dbfc3098c5662c30915797fa9bacb47a6325b95873fbf3fbb519c6b12f",
    },
];

/// One pinned playout per scenario, in [`Scenario::ALL`] order.
const SCENARIO_GOLDEN: [&[Golden]; 5] = [
    &[Golden {
        players: 3,
        seed: 7,
        hash: "ed79bdd7aa83a611a770db47eb13d366cbb4fe8a4969a8f835625e8b95845fec",
    }],
    &[Golden {
        players: 4,
        seed: 8,
        hash: "bcc4e6af0a26c06c3e75e1f334316e6f6ae22b1996fefd9cf3f6f366cb23f9de",
    }],
    &[Golden {
        players: 2,
        seed: 9,
        hash: "ed96d7e673c136e7ba651817ced9a9d82d42a597c872f5180940a3bdb7365744",
    }],
    &[Golden {
        players: 3,
        seed: 10,
        hash: "4fc64509eea38b3b3ee40a9a2b9f2624e42d1e2ab6016285c06adc6539002787",
    }],
    &[Golden {
        players: 4,
        seed: 11,
        hash: "bccc8b8954ba7bc04921f47971229f1d6bbfa3617b6e9400df1e65a24f016c4f",
    }],
];

const SCENARIO_NAMES: [&str; 5] = [
    "3rd edition, Axe Gospel",
    "3rd edition, Siege",
    "3rd edition, Chaos Control",
    "3rd edition, Bloodthirsty",
    "3rd edition, Fortune Teller",
];

impl GameEntry for FallEntry {
    type G = Fall;
    const TITLE: &'static str = "Dwar7s Fall";
    const BLURB: &'static str = "2-4 players: build kingdoms, mine gems, fight monsters";

    fn plan() -> SuitePlan<Fall> {
        let third = FallOptions {
            edition: Edition::Third,
            ..FallOptions::default()
        };
        let mut cases = vec![
            SuiteCase {
                conformance: 1000,
                light: true,
                hidden: 6,
                termination: 6,
                golden: CLASSIC,
                ..SuiteCase::new("classic", FallOptions::default(), [2, 3, 4])
            },
            SuiteCase {
                conformance: 150,
                light: true,
                hidden: 3,
                termination: 3,
                ..SuiteCase::new("3rd edition", third.clone(), [2, 3, 4])
            },
        ];
        for (i, scenario) in Scenario::ALL.into_iter().enumerate() {
            cases.push(SuiteCase {
                conformance: 40,
                light: true,
                hidden: 1,
                termination: 2,
                golden: SCENARIO_GOLDEN[i],
                ..SuiteCase::new(
                    SCENARIO_NAMES[i],
                    FallOptions {
                        scenario: Some(scenario),
                        ..third.clone()
                    },
                    [2, 3, 4],
                )
            });
        }
        for decree in Decree::ALL {
            cases.push(SuiteCase {
                conformance: 30,
                light: true,
                ..SuiteCase::new(
                    decree.name(),
                    FallOptions {
                        decrees: vec![decree],
                        ..third.clone()
                    },
                    [3],
                )
            });
        }
        SuitePlan {
            cases,
            hidden_information: true,
        }
    }

    fn takeover_pins() -> Vec<TakeoverPin<Fall>> {
        let third = FallOptions {
            edition: Edition::Third,
            ..FallOptions::default()
        };
        vec![
            TakeoverPin {
                name: "classic",
                options: FallOptions::default(),
                hash: "e41febcf6e355ef3ea680f101350a2b05e525de7c0d5fec2c0527576154f856e",
            },
            TakeoverPin {
                name: "3rd edition",
                options: third,
                hash: "0baee5df391786ecd861d246b1e283c8e79875627cda94d680728765ad520667",
            },
        ]
    }

    fn fuzz_options() -> Vec<FallOptions> {
        let third = FallOptions {
            edition: Edition::Third,
            ..FallOptions::default()
        };
        vec![FallOptions::default(), third]
    }
}
