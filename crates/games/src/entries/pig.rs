//! Pig, the toy game: hidden from menus, registered like any game, so that it reaches the
//! command line, the generic suite and the replay tools through this entry alone.

use crate::{GameEntry, SuiteCase, SuitePlan, TakeoverPin};
use dwarfs_engine::suite::Golden;
use dwarfs_engine::toy::{Pig, PigOptions};

/// The registry entry of Pig.
pub struct PigEntry;

impl GameEntry for PigEntry {
    type G = Pig;
    const TITLE: &'static str = "Pig";
    const BLURB: &'static str = "1-8 players: a dice game for testing";
    const HIDDEN: bool = true;

    fn plan() -> SuitePlan<Pig> {
        let wagers = PigOptions {
            wagers: true,
            ..PigOptions::default()
        };
        let all = [1, 2, 3, 5, 8];
        SuitePlan {
            cases: vec![
                SuiteCase {
                    conformance: 60,
                    hidden: 8,
                    termination: 8,
                    golden: &[
                        Golden {
                            players: 2,
                            seed: 1,
                            hash: "913deca7e09bf9bb5db1dfc5dddf58b01aa0724a1487e11291147636297ec611",
                        },
                        Golden {
                            players: 5,
                            seed: 2,
                            hash: "c5a2690ae39dc4fe0034977a8d759d88d101c47878399473ffe9c41de7c522de",
                        },
                    ],
                    ..SuiteCase::new("default", PigOptions::default(), all)
                },
                SuiteCase {
                    conformance: 60,
                    hidden: 8,
                    termination: 8,
                    golden: &[Golden {
                        players: 3,
                        seed: 3,
                        hash: "134bdbf079e44a356c51089ad858bf118900abb436bb1696ddee23f5891eee50",
                    }],
                    ..SuiteCase::new("wagers", wagers, all)
                },
            ],
            hidden_information: true,
        }
    }

    fn takeover_pins() -> Vec<TakeoverPin<Pig>> {
        vec![TakeoverPin {
            name: "default",
            options: PigOptions::default(),
            hash: "5fe489f11a6fe608821955515428b1d23d978954934a513ae1a964a68183f7e5",
        }]
    }

    fn fuzz_options() -> Vec<PigOptions> {
        vec![
            PigOptions::default(),
            PigOptions {
                wagers: true,
                ..PigOptions::default()
            },
        ]
    }
}
