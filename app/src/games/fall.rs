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
        hash: "254d15cb5488c99c90d1d0763ad86e786f84f1a50873615a60103278f7a5c5b3",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "b62656bb8da360c7d189696cef0a0cb0bfbea781fe44b2eae8d5a7346adabfee",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "36bea7646ac04c6d53dd8e004a4e012addc0ec066b7bca8fe174c37effcadcc7",
    },
    Golden {
        players: 4,
        seed: 2026,
        hash: "7be1a741e3bd9059455bc584dd5be2d09c0b940a611c4586a46b99265ef066c7",
    },
];

/// One pinned playout per scenario, in [`Scenario::ALL`] order.
#[cfg(test)]
const SCENARIO_GOLDEN: [&[Golden]; 5] = [
    &[Golden {
        players: 3,
        seed: 7,
        hash: "a32aab06216d1ecfcc206e00704e9ecb91365d73530ee76e80335ca0a379a182",
    }],
    &[Golden {
        players: 4,
        seed: 8,
        hash: "587e1ea05198804a75f79c0ebd07fadd4d96537a5e25dae7a8dfc84b0eda28bd",
    }],
    &[Golden {
        players: 2,
        seed: 9,
        hash: "aac75ac68998ab298f2503aa613598382edaa0b473a576135f2f6b1e2d7abdc9",
    }],
    &[Golden {
        players: 3,
        seed: 10,
        hash: "9faccd26c26ec7c7cfb9d9667176a4c5f3b5d2041d6a5b2e2f012b444757ecf7",
    }],
    &[Golden {
        players: 4,
        seed: 11,
        hash: "90b6321ec23dadeeb9808ce5cf21536db5cfdfab968f046049921ebbe82f46e9",
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
