//! Game options as a player sets them: each game describes its options once ([`OptionSpec`]),
//! and the command line (`--edition third`), the lobby's options panel and the lobby's summary
//! are all built from that description, like OpenSpiel's game parameters.
//!
//! Values travel as text ([`OptionValues`]: option key to the chosen values) between the shell and
//! the game; the game turns them into its typed options ([`GameOptions::from_values`]) and
//! refuses what makes no sense with a message the player can act on.

use crate::game::SetupError;
use std::collections::BTreeMap;

/// One value an option can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// As typed on the command line (kebab-case): "third", "bar-fights".
    pub value: &'static str,
    /// As shown in the lobby: "3rd edition", "Bar Fights".
    pub label: &'static str,
    /// One sentence for tooltips and `--help`.
    pub help: &'static str,
}

/// What kind of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// Exactly one of these; the first is the default.
    One(&'static [Choice]),
    /// None or one of these.
    Maybe(&'static [Choice]),
    /// Any set of these (comma-separated on the command line).
    Many(&'static [Choice]),
    /// On or off (off by default).
    Flag,
}

/// One option of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key: the command-line flag without its dashes ("edition" for `--edition`).
    pub key: &'static str,
    /// The lobby's label.
    pub label: &'static str,
    /// One sentence for tooltips and `--help`.
    pub help: &'static str,
    /// The values it takes.
    pub kind: OptionKind,
}

impl OptionSpec {
    /// The choices of this option (empty for a flag).
    pub fn choices(&self) -> &'static [Choice] {
        match self.kind {
            OptionKind::One(c) | OptionKind::Maybe(c) | OptionKind::Many(c) => c,
            OptionKind::Flag => &[],
        }
    }
}

/// Chosen option values by key, as text. A key that is absent takes its default. A flag that is
/// on holds one value, "true".
pub type OptionValues = BTreeMap<String, Vec<String>>;

/// Why option values were refused.
pub fn bad_options(message: impl Into<String>) -> SetupError {
    SetupError::Options(message.into())
}

/// A game's options as players set them. Implemented by each game's `Options` type.
pub trait GameOptions: Sized {
    /// Every option of the game, in the order the lobby shows them.
    fn specs() -> &'static [OptionSpec];

    /// The typed options from values set by a player; an unknown key, an unknown value or a
    /// combination the game does not allow is an error that says what to change.
    fn from_values(values: &OptionValues) -> Result<Self, SetupError>;

    /// Whether option `key` applies given the other `values` (Fall's scenario and decrees only in
    /// the 3rd edition): the lobby shows only options that apply and drops the values of those
    /// that do not. All apply by default.
    fn applies(key: &str, values: &OptionValues) -> bool {
        let _ = (key, values);
        true
    }

    /// The values that give back these options (`from_values(&o.to_values()) == o`).
    fn to_values(&self) -> OptionValues;

    /// A short summary for lobbies and replay lists ("3rd edition, Siege"), empty for defaults.
    fn summary(&self) -> String {
        let values = self.to_values();
        let mut parts = Vec::new();
        for spec in Self::specs() {
            let Some(chosen) = values.get(spec.key) else {
                continue;
            };
            if let OptionKind::Flag = spec.kind {
                if chosen.iter().any(|v| v == "true") {
                    parts.push(spec.label.to_string());
                }
                continue;
            }
            let labels: Vec<&str> = chosen
                .iter()
                .filter_map(|v| spec.choices().iter().find(|c| c.value == v))
                .map(|c| c.label)
                .collect();
            let is_default = matches!(spec.kind, OptionKind::One(c) if c.first().map(|c| c.value) == chosen.first().map(String::as_str));
            if !labels.is_empty() && !is_default {
                parts.push(labels.join(", "));
            }
        }
        parts.join("; ")
    }
}

/// Checks `values` against `specs`: every key is known and every value is one of the key's
/// choices, with at most one value for [`OptionKind::One`] and [`OptionKind::Maybe`] and no
/// repeated value. `game` names the game in messages.
pub fn check_values(
    game: &str,
    specs: &[OptionSpec],
    values: &OptionValues,
) -> Result<(), SetupError> {
    for (key, chosen) in values {
        let Some(spec) = specs.iter().find(|s| s.key == key) else {
            let keys: Vec<String> = specs.iter().map(|s| format!("--{}", s.key)).collect();
            return Err(bad_options(if keys.is_empty() {
                format!("--{key} is not an option of {game}, which has none")
            } else {
                format!(
                    "--{key} is not an option of {game}; its options are {}",
                    keys.join(", ")
                )
            }));
        };
        match spec.kind {
            OptionKind::Flag => {
                if chosen.iter().any(|v| v != "true" && v != "false") || chosen.len() > 1 {
                    return Err(bad_options(format!("--{key} is a switch: on or off")));
                }
            }
            OptionKind::One(_) | OptionKind::Maybe(_) | OptionKind::Many(_) => {
                if !matches!(spec.kind, OptionKind::Many(_)) && chosen.len() > 1 {
                    return Err(bad_options(format!("--{key} takes one value")));
                }
                for (i, v) in chosen.iter().enumerate() {
                    if !spec.choices().iter().any(|c| c.value == v) {
                        let names: Vec<&str> = spec.choices().iter().map(|c| c.value).collect();
                        return Err(bad_options(format!(
                            "unknown {} '{v}'; choose one of: {}",
                            spec.label.to_lowercase(),
                            names.join(", ")
                        )));
                    }
                    if chosen[..i].contains(v) {
                        return Err(bad_options(format!("'{v}' is listed twice for --{key}")));
                    }
                }
            }
        }
    }
    Ok(())
}

/// The one value chosen for `key`, if any.
pub fn one<'a>(values: &'a OptionValues, key: &str) -> Option<&'a str> {
    values.get(key).and_then(|v| v.first()).map(String::as_str)
}

/// True if the flag `key` is on.
pub fn flag(values: &OptionValues, key: &str) -> bool {
    one(values, key) == Some("true")
}

/// Values from (key, values) pairs, leaving out empty ones.
pub fn values<'a>(pairs: impl IntoIterator<Item = (&'a str, Vec<String>)>) -> OptionValues {
    pairs
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// Normalises what a player typed: lower case, `_` and spaces as `-`.
pub fn normalise(value: &str) -> String {
    value.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZES: &[Choice] = &[
        Choice {
            value: "small",
            label: "Small",
            help: "",
        },
        Choice {
            value: "large",
            label: "Large",
            help: "",
        },
    ];
    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "size",
            label: "Size",
            help: "",
            kind: OptionKind::One(SIZES),
        },
        OptionSpec {
            key: "extras",
            label: "Extras",
            help: "",
            kind: OptionKind::Many(SIZES),
        },
        OptionSpec {
            key: "fast",
            label: "Fast",
            help: "",
            kind: OptionKind::Flag,
        },
    ];

    fn v(pairs: &[(&str, &[&str])]) -> OptionValues {
        values(
            pairs
                .iter()
                .map(|(k, v)| (*k, v.iter().map(|s| s.to_string()).collect())),
        )
    }

    #[test]
    fn known_values_pass_and_mistakes_say_what_to_change() {
        assert_eq!(
            check_values("g", SPECS, &v(&[("size", &["large"])])),
            Ok(())
        );
        let err = |vals| check_values("g", SPECS, &vals).unwrap_err().to_string();
        assert!(err(v(&[("colour", &["red"])])).contains("--size, --extras, --fast"));
        assert!(err(v(&[("size", &["huge"])])).contains("choose one of: small, large"));
        assert!(err(v(&[("size", &["small", "large"])])).contains("takes one value"));
        assert!(err(v(&[("extras", &["small", "small"])])).contains("listed twice"));
        assert!(err(v(&[("fast", &["maybe"])])).contains("switch"));
        assert!(
            check_values("g", &[], &v(&[("x", &["1"])]))
                .unwrap_err()
                .to_string()
                .contains("which has none")
        );
        assert_eq!(one(&v(&[("size", &["large"])]), "size"), Some("large"));
        assert!(flag(&v(&[("fast", &["true"])]), "fast"));
        assert_eq!(normalise(" Bar_Fights"), "bar-fights");
    }
}
