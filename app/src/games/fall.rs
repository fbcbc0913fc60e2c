//! Dwar7s Fall in the registry: classic and 3rd edition, 2-4 players.

use super::GameEntry;
#[cfg(test)]
use super::suite::{Planned, SuiteCase, SuitePlan};
use crate::gui::fall_view::FallView;
#[cfg(test)]
use dwarfs_engine::suite::Golden;
use dwarfs_fall::Fall;
#[cfg(test)]
use dwarfs_fall::{Decree, Edition, FallOptions, Scenario};

/// The registry entry of Dwar7s Fall.
pub struct FallEntry;

/// Pinned classic playouts.
#[cfg(test)]
const CLASSIC: &[Golden] = &[
    Golden {
        players: 2,
        seed: 1,
        hash: "ecda59f73418ad8f04c25e4af41270fecb6b28895f413efc07d766b6918a5767",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "5f67b9aa752ab43d4eda8f2d3f06b36bfba6b3caa827033d3c7cbc84fde81a47",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "2a0358fc20901e8a9055b444e6739c276ff3626f658fa22ca8377681e28bd14c",
    },
    Golden {
        players: 4,
        seed: 2026,
        hash: "633d237023ebb0c3d6bd2a1701ad3aa18523ce9a0b2a91c20cf5ef78c1962f01",
    },
];

/// One pinned playout per scenario, in [`Scenario::ALL`] order.
#[cfg(test)]
const SCENARIO_GOLDEN: [&[Golden]; 5] = [
    &[Golden {
        players: 3,
        seed: 7,
        hash: "3cdd04bc384b9b83165897d28593f752948030b135e6355e81aeb613fa58d342",
    }],
    &[Golden {
        players: 4,
        seed: 8,
        hash: "f483994f66cc6ec33e9ec1b0114a19142851d84b11721335150ba1a746ac930e",
    }],
    &[Golden {
        players: 2,
        seed: 9,
        hash: "53d2615fc192ebca6ef37ecf322259bdd40ed127a0a2434432cbb385560f5e4d",
    }],
    &[Golden {
        players: 3,
        seed: 10,
        hash: "5e9282aa81c2bff0293f46c75a398f4277edaf1b361947839e969b27f8b03517",
    }],
    &[Golden {
        players: 4,
        seed: 11,
        hash: "6ee358be0654a6d63dc15642bc6b0c7cc5e85009ce1a801117302404a1dde049",
    }],
];

#[cfg(test)]
const SCENARIO_NAMES: [&str; 5] = [
    "3rd edition, Axe Gospel",
    "3rd edition, Siege",
    "3rd edition, Chaos Control",
    "3rd edition, Bloodthirsty",
    "3rd edition, Fortune Teller",
];

impl GameEntry for FallEntry {
    type G = Fall;
    type View = FallView;
    const TITLE: &'static str = "Dwar7s Fall";
    const BLURB: &'static str = "2-4 players: build kingdoms, mine gems, fight monsters";
}

#[cfg(test)]
impl Planned for FallEntry {
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
}
