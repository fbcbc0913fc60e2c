//! Hold's options as players set them: the turn limit and the two limits on offers. None is in
//! the rulebook (see the rules doc); the defaults come first in each list of choices.

use crate::HoldOptions;
use dwarfs_engine::SetupError;
use dwarfs_engine::options::{
    Choice, GameOptions, OptionKind, OptionSpec, OptionValues, check_values, one, values,
};

const TURNS: &[Choice] = &[
    Choice {
        value: "40",
        label: "40 turns",
        help: "The game also ends after turn 40",
    },
    Choice {
        value: "20",
        label: "20 turns",
        help: "The game also ends after turn 20",
    },
    Choice {
        value: "60",
        label: "60 turns",
        help: "The game also ends after turn 60",
    },
    Choice {
        value: "100",
        label: "100 turns",
        help: "The game also ends after turn 100",
    },
];

const OFFERS: &[Choice] = &[
    Choice {
        value: "2",
        label: "2 offers",
        help: "Each player may start 2 offers per Trade phase",
    },
    Choice {
        value: "1",
        label: "1 offer",
        help: "Each player may start 1 offer per Trade phase",
    },
    Choice {
        value: "3",
        label: "3 offers",
        help: "Each player may start 3 offers per Trade phase",
    },
    Choice {
        value: "5",
        label: "5 offers",
        help: "Each player may start 5 offers per Trade phase",
    },
    Choice {
        value: "10",
        label: "10 offers",
        help: "Each player may start 10 offers per Trade phase",
    },
    Choice {
        value: "0",
        label: "No trading",
        help: "Nobody may make offers: the Trade phase only has the Trading Post",
    },
];

const ITEMS: &[Choice] = &[
    Choice {
        value: "any",
        label: "Any size",
        help: "An offer may hold any number of items (the rulebook)",
    },
    Choice {
        value: "6",
        label: "6 items",
        help: "An offer holds at most 6 items (tiles, spaces, trophies, gold, VT)",
    },
    Choice {
        value: "12",
        label: "12 items",
        help: "An offer holds at most 12 items (tiles, spaces, trophies, gold, VT)",
    },
];

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "turns",
        label: "Turn limit",
        help: "The game also ends after this turn (ours: the rulebook has no limit)",
        kind: OptionKind::One(TURNS),
    },
    OptionSpec {
        key: "offers",
        label: "Offers per Trade phase",
        help: "How many offers each player may start in one Trade phase (ours: keeps the phase finite)",
        kind: OptionKind::One(OFFERS),
    },
    OptionSpec {
        key: "offer-items",
        label: "Items per offer",
        help: "How many items one offer may hold",
        kind: OptionKind::One(ITEMS),
    },
];

/// The value of `n` among `choices` ("any" for 0), if players can pick it.
fn value_of(choices: &'static [Choice], n: u16) -> Option<&'static str> {
    let text = if n == 0 && choices == ITEMS {
        "any".to_string()
    } else {
        n.to_string()
    };
    choices.iter().find(|c| c.value == text).map(|c| c.value)
}

impl GameOptions for HoldOptions {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn from_values(v: &OptionValues) -> Result<Self, SetupError> {
        check_values("Dwarf Hold", SPECS, v)?;
        let d = HoldOptions::default();
        let num = |key: &str| one(v, key).and_then(|s| s.parse::<u16>().ok());
        Ok(HoldOptions {
            max_turns: num("turns").unwrap_or(d.max_turns),
            offers_per_trade: num("offers").map_or(d.offers_per_trade, |n| n as u8),
            max_offer_items: match one(v, "offer-items") {
                None | Some("any") => d.max_offer_items,
                Some(s) => s.parse().unwrap_or(d.max_offer_items),
            },
        })
    }

    fn to_values(&self) -> OptionValues {
        let d = HoldOptions::default();
        let pick = |choices, n: u16, default: u16| {
            (n != default)
                .then(|| value_of(choices, n))
                .flatten()
                .map(|s| vec![s.to_string()])
                .unwrap_or_default()
        };
        values([
            ("turns", pick(TURNS, self.max_turns, d.max_turns)),
            (
                "offers",
                pick(
                    OFFERS,
                    self.offers_per_trade as u16,
                    d.offers_per_trade as u16,
                ),
            ),
            (
                "offer-items",
                pick(ITEMS, self.max_offer_items as u16, d.max_offer_items as u16),
            ),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_choice_survives_its_text_form() {
        for (key, choices) in [("turns", TURNS), ("offers", OFFERS), ("offer-items", ITEMS)] {
            for c in choices {
                let mut v = OptionValues::new();
                v.insert(key.into(), vec![c.value.into()]);
                let o = HoldOptions::from_values(&v).expect("a listed choice is valid");
                let back = HoldOptions::from_values(&o.to_values()).expect("round trip");
                assert_eq!(back, o, "{key}={}", c.value);
            }
        }
        let o = HoldOptions::from_values(&OptionValues::new()).expect("defaults");
        assert_eq!(o, HoldOptions::default());
        assert!(o.to_values().is_empty());
    }

    #[test]
    fn options_set_the_limits() {
        let mut v = OptionValues::new();
        v.insert("offers".into(), vec!["5".into()]);
        v.insert("offer-items".into(), vec!["6".into()]);
        v.insert("turns".into(), vec!["60".into()]);
        let o = HoldOptions::from_values(&v).expect("valid");
        assert_eq!(
            o,
            HoldOptions {
                max_turns: 60,
                offers_per_trade: 5,
                max_offer_items: 6
            }
        );
        v.insert("offers".into(), vec!["7".into()]);
        assert!(HoldOptions::from_values(&v).is_err());
    }
}
