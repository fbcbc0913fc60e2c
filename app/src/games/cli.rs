//! Game options on the command line: one flag per option key of every registered game
//! (`--edition`, `--scenario`, `--decrees`, `--wagers`, ...), built from the games' own
//! [`OptionSpec`] descriptions, and turned into a game's typed options by that game.

use super::GameKind;
use crate::CliError;
use dwarfs_engine::Game;
use dwarfs_engine::options::{GameOptions, OptionKind, OptionSpec, OptionValues, normalise};

/// Game options given on the command line, as text by key; each game reads its own and refuses
/// the others with a message that lists its options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionArgs {
    /// The values by option key.
    pub values: OptionValues,
}

/// Every option key of every registered game once, with the games that have it.
fn all_specs() -> Vec<(OptionSpec, Vec<&'static str>)> {
    let mut out: Vec<(OptionSpec, Vec<&'static str>)> = Vec::new();
    for &kind in GameKind::ALL {
        for spec in kind.option_specs() {
            match out.iter_mut().find(|(s, _)| s.key == spec.key) {
                Some((_, games)) => games.push(kind.name()),
                None => out.push((*spec, vec![kind.name()])),
            }
        }
    }
    out
}

impl clap::Args for OptionArgs {
    fn augment_args(mut cmd: clap::Command) -> clap::Command {
        for (spec, games) in all_specs() {
            let values: Vec<&str> = spec.choices().iter().map(|c| c.value).collect();
            let mut help = format!("{} ({}): {}", spec.label, games.join(", "), spec.help);
            if !values.is_empty() {
                help.push_str(&format!(" [{}]", values.join(", ")));
            }
            let arg = clap::Arg::new(spec.key).long(spec.key).help(help);
            cmd = cmd.arg(match spec.kind {
                OptionKind::Flag => arg.action(clap::ArgAction::SetTrue),
                OptionKind::Many(_) => arg
                    .action(clap::ArgAction::Append)
                    .value_delimiter(',')
                    .value_name("LIST"),
                OptionKind::One(_) | OptionKind::Maybe(_) => {
                    arg.action(clap::ArgAction::Set).value_name("NAME")
                }
            });
        }
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for OptionArgs {
    fn from_arg_matches(m: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut values = OptionValues::new();
        for (spec, _) in all_specs() {
            let chosen: Vec<String> = match spec.kind {
                OptionKind::Flag => {
                    if m.get_flag(spec.key) {
                        vec!["true".into()]
                    } else {
                        vec![]
                    }
                }
                _ => m
                    .get_many::<String>(spec.key)
                    .into_iter()
                    .flatten()
                    .map(|v| normalise(v))
                    .collect(),
            };
            if !chosen.is_empty() {
                values.insert(spec.key.to_string(), chosen);
            }
        }
        Ok(OptionArgs { values })
    }

    fn update_from_arg_matches(&mut self, m: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// A game the command line can set up from [`OptionArgs`]: every [`Game`].
pub trait CliGame: Game {
    /// The game's options from the command line, or a message saying what is wrong.
    fn options_from(args: &OptionArgs) -> Result<Self::Options, CliError> {
        Self::Options::from_values(&args.values).map_err(|e| CliError::Usage(e.to_string()))
    }
}

impl<G: Game> CliGame for G {}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{FromArgMatches, Parser};

    #[derive(Parser, Debug)]
    struct T {
        #[command(flatten)]
        options: OptionArgs,
    }

    fn parse(args: &[&str]) -> OptionArgs {
        let m = <T as clap::CommandFactory>::command()
            .try_get_matches_from(std::iter::once("t").chain(args.iter().copied()))
            .unwrap();
        T::from_arg_matches(&m).unwrap().options
    }

    #[test]
    fn every_registered_option_is_a_flag_and_reaches_its_game() {
        let o = parse(&["--edition", "third", "--decrees", "Bar_Fights,fortress"]);
        let fall = dwarfs_fall::Fall::options_from(&o).unwrap();
        assert_eq!(fall.edition, dwarfs_fall::Edition::Third);
        assert_eq!(fall.decrees.len(), 2);
        let err = dwarfs_hold::Hold::options_from(&o).unwrap_err().to_string();
        assert!(err.contains("not an option of Dwarf Hold"), "{err}");
        let hold = dwarfs_hold::Hold::options_from(&parse(&["--offers", "5"])).unwrap();
        assert_eq!(hold.offers_per_trade, 5);
        let pig = parse(&["--wagers"]);
        assert!(dwarfs_engine::toy::Pig::options_from(&pig).unwrap().wagers);
        assert_eq!(parse(&[]), OptionArgs::default());
    }
}
