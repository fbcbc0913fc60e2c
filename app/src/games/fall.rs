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
        hash: "3a08baa4ac400bd4f18a1cbd4f12ac5dc05555c55635e91643557b278874a81a",
    },
    Golden {
        players: 3,
        seed: 2,
        hash: "566b6446cf3ac50507c2d59b5f47bc22bb753d4a995d30d58f983b5a5601c5d9",
    },
    Golden {
        players: 4,
        seed: 3,
        hash: "d295df22044a23fa066e2b58785945f62f617c48112fb4b0eea186a84afd60ce",
    },
    Golden {
        players: 4,
        seed: 2026,
        hash: "4e2a8e55c9216a29e1cdadfc29a827b7895c64011a73fbe7d960c1af9e51aa08",
    },
];

/// One pinned playout per scenario, in [`Scenario::ALL`] order.
#[cfg(test)]
const SCENARIO_GOLDEN: [&[Golden]; 5] = [
    &[Golden {
        players: 3,
        seed: 7,
        hash: "0981f20616cbbfb270f6428688aabe3fb768c1ba3ba387cae9fd49073474dca8",
    }],
    &[Golden {
        players: 4,
        seed: 8,
        hash: "72d7ccbd9c5e63e85c629306d686f01174dd59777f61319b91289da23ca5a1e5",
    }],
    &[Golden {
        players: 2,
        seed: 9,
        hash: "5e19d6ea4ba925e9d1c101ca9476c1e617166cc95bfec639baa724c3cd900bf0",
    }],
    &[Golden {
        players: 3,
        seed: 10,
        hash: "74fe950f2d388f3a12857e03a50b9faa4f41bf53d9c228eff4d1c368f27ce76c",
    }],
    &[Golden {
        players: 4,
        seed: 11,
        hash: "1d3674fbf9b2d5c4b7be0ba3bf0c5dd0a5ea9613d92cca7bc00aff8955e636a7",
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
