//! Fall's options as players set them (command line and lobby): `--edition`, `--scenario` and
//! `--decrees`, described once for every shell.

use crate::options::{Decree, Edition, FallOptions, Scenario};
use dwarfs_engine::SetupError;
use dwarfs_engine::options::{
    Choice, GameOptions, OptionKind, OptionSpec, OptionValues, bad_options, check_values, one,
    values,
};

const EDITIONS: &[Choice] = &[
    Choice {
        value: "classic",
        label: "Classic",
        help: "The classic rulebook",
    },
    Choice {
        value: "third",
        label: "3rd edition",
        help: "Campfires, class meeples (king, warrior, guardian) and Royal Decrees",
    },
];

/// Scenarios in [`Scenario::ALL`] order.
const SCENARIOS: &[Choice] = &[
    Choice {
        value: "axe-gospel",
        label: "Axe Gospel",
        help: "Royal Decrees: Hard Workers, Charming Merchants, Greedy Landlords",
    },
    Choice {
        value: "siege",
        label: "Siege",
        help: "Royal Decrees: Fortress, Battle Memorial, Greedy Landlords",
    },
    Choice {
        value: "chaos-control",
        label: "Chaos Control",
        help: "Royal Decrees: Crazy Balloonists, The Dwarfs Way",
    },
    Choice {
        value: "bloodthirsty",
        label: "Bloodthirsty",
        help: "Royal Decrees: Bar Fights, Hired Hands, Experienced Beast Hunters, Battle Memorial",
    },
    Choice {
        value: "fortune-teller",
        label: "Fortune Teller",
        help: "Three Royal Decrees drawn at random when the game is set up",
    },
];

/// Decrees in [`Decree::ALL`] order; the help is the decree's printed text.
const DECREES: &[Choice] = &{
    let mut out = [Choice {
        value: "",
        label: "",
        help: "",
    }; 10];
    let values = [
        "the-dwarfs-way",
        "bar-fights",
        "experienced-beast-hunters",
        "hired-hands",
        "greedy-landlords",
        "charming-merchants",
        "fortress",
        "crazy-balloonists",
        "hard-workers",
        "battle-memorial",
    ];
    let mut i = 0;
    while i < 10 {
        out[i] = Choice {
            value: values[i],
            label: Decree::ALL[i].name(),
            help: Decree::ALL[i].text(),
        };
        i += 1;
    }
    out
};

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "edition",
        label: "Edition",
        help: "Which rulebook: classic or third",
        kind: OptionKind::One(EDITIONS),
    },
    OptionSpec {
        key: "scenario",
        label: "Scenario",
        help: "3rd edition: a scenario, which chooses the Royal Decrees",
        kind: OptionKind::Maybe(SCENARIOS),
    },
    OptionSpec {
        key: "decrees",
        label: "Royal Decrees",
        help: "3rd edition: a hand-picked set of Royal Decrees, comma-separated",
        kind: OptionKind::Many(DECREES),
    },
];

fn index_of(table: &[Choice], value: &str) -> Option<usize> {
    table.iter().position(|c| c.value == value)
}

impl GameOptions for FallOptions {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn applies(key: &str, values: &OptionValues) -> bool {
        match key {
            "scenario" => one(values, "edition").is_some_and(|e| e == "third"),
            // A scenario chooses the decrees: hand-picked ones apply only without one.
            "decrees" => {
                one(values, "edition").is_some_and(|e| e == "third")
                    && one(values, "scenario").is_none()
            }
            _ => true,
        }
    }

    fn from_values(v: &OptionValues) -> Result<Self, SetupError> {
        let mut v = v.clone();
        // "3rd" and "3" are accepted for the third edition.
        if let Some(e) = v.get_mut("edition") {
            for x in e.iter_mut() {
                if x == "3rd" || x == "3" {
                    *x = "third".into();
                }
            }
        }
        check_values("Dwar7s Fall", SPECS, &v)?;
        let edition = match one(&v, "edition") {
            Some("third") => Edition::Third,
            _ => Edition::Classic,
        };
        let scenario = one(&v, "scenario")
            .and_then(|s| index_of(SCENARIOS, s))
            .map(|i| Scenario::ALL[i]);
        let decrees: Vec<Decree> = v
            .get("decrees")
            .into_iter()
            .flatten()
            .filter_map(|d| index_of(DECREES, d))
            .map(|i| Decree::ALL[i])
            .collect();
        if edition == Edition::Classic && (scenario.is_some() || !decrees.is_empty()) {
            return Err(bad_options(
                "scenarios and decrees belong to the 3rd edition: choose --edition third",
            ));
        }
        if scenario.is_some() && !decrees.is_empty() {
            return Err(bad_options(
                "give either a scenario or decrees, not both: a scenario chooses the decrees",
            ));
        }
        let o = FallOptions {
            edition,
            scenario,
            decrees,
            ..FallOptions::default()
        };
        o.validate()?;
        Ok(o)
    }

    fn to_values(&self) -> OptionValues {
        let edition = match self.edition {
            Edition::Classic => "classic",
            Edition::Third => "third",
        };
        let scenario = self
            .scenario
            .and_then(|s| Scenario::ALL.iter().position(|x| *x == s))
            .map(|i| SCENARIOS[i].value.to_string());
        let decrees = self
            .decrees
            .iter()
            .filter_map(|d| Decree::ALL.iter().position(|x| x == d))
            .map(|i| DECREES[i].value.to_string())
            .collect();
        values([
            ("edition", vec![edition.to_string()]),
            ("scenario", scenario.into_iter().collect()),
            ("decrees", decrees),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(pairs: &[(&str, &[&str])]) -> Result<FallOptions, SetupError> {
        FallOptions::from_values(&values(
            pairs
                .iter()
                .map(|(k, v)| (*k, v.iter().map(|s| s.to_string()).collect())),
        ))
    }

    #[test]
    fn tables_follow_the_enums() {
        assert_eq!(SCENARIOS.len(), Scenario::ALL.len());
        assert_eq!(DECREES.len(), Decree::ALL.len());
        assert_eq!(DECREES[1].label, "Bar Fights");
    }

    #[test]
    fn every_option_set_round_trips_through_its_values() {
        let mut all = vec![FallOptions::default()];
        for s in Scenario::ALL {
            all.push(
                parse(&[
                    ("edition", &["third"]),
                    ("scenario", &[SCENARIOS[s as usize].value]),
                ])
                .unwrap(),
            );
        }
        all.push(
            parse(&[
                ("edition", &["3rd"]),
                ("decrees", &["fortress", "bar-fights"]),
            ])
            .unwrap(),
        );
        for o in all {
            assert_eq!(FallOptions::from_values(&o.to_values()).as_ref(), Ok(&o));
        }
        assert_eq!(
            parse(&[("edition", &["third"]), ("scenario", &["siege"])])
                .unwrap()
                .summary(),
            "3rd edition; Siege"
        );
        assert_eq!(FallOptions::default().summary(), "");
    }

    #[test]
    fn mistakes_are_refused_with_what_to_change() {
        let err = |p: &[(&str, &[&str])]| parse(p).unwrap_err().to_string();
        assert!(err(&[("scenario", &["siege"])]).contains("--edition third"));
        assert!(
            err(&[
                ("edition", &["third"]),
                ("scenario", &["siege"]),
                ("decrees", &["fortress"])
            ])
            .contains("not both")
        );
        assert!(err(&[("edition", &["fourth"])]).contains("classic, third"));
        assert!(err(&[("players", &["3"])]).contains("--edition, --scenario, --decrees"));
    }

    #[test]
    fn the_lobby_offers_decrees_only_in_the_third_edition_without_a_scenario() {
        let v = |pairs: &[(&str, &[&str])]| {
            values(
                pairs
                    .iter()
                    .map(|(k, v)| (*k, v.iter().map(|s| s.to_string()).collect())),
            )
        };
        let classic = v(&[("edition", &["classic"])]);
        let third = v(&[("edition", &["third"])]);
        let siege = v(&[("edition", &["third"]), ("scenario", &["siege"])]);
        assert!(!FallOptions::applies("scenario", &classic));
        assert!(!FallOptions::applies("decrees", &classic));
        assert!(FallOptions::applies("scenario", &third));
        assert!(FallOptions::applies("decrees", &third));
        assert!(FallOptions::applies("scenario", &siege));
        assert!(!FallOptions::applies("decrees", &siege));
        assert!(FallOptions::applies("edition", &siege));
    }
}
