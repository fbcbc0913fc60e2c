//! The games this binary knows, and dispatch from a runtime choice to generic code.

use clap::ValueEnum;
use std::fmt;

/// A game selectable on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    /// Dwar7s Fall (classic or 3rd edition), 2-4 players.
    Fall,
    /// Dwarf Hold, 2-8 players.
    Hold,
    /// Dice Pig, a tiny test game.
    #[value(hide = true)]
    Pig,
}

impl GameKind {
    /// The engine's stable name.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Fall => "fall",
            GameKind::Hold => "hold",
            GameKind::Pig => "pig",
        }
    }
}

impl GameKind {
    /// The game whose engine is called `name`, as a replay or lobby names it.
    pub fn from_name(name: &str) -> Option<Self> {
        [GameKind::Fall, GameKind::Hold, GameKind::Pig]
            .into_iter()
            .find(|k| k.name() == name)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `$body` with `$G` bound to the game type for `$kind` and `$opts` to its options.
macro_rules! with_game {
    ($kind:expr, $G:ident, $body:expr) => {
        match $kind {
            $crate::games::GameKind::Fall => {
                type $G = dwarfs_fall::Fall;
                $body
            }
            $crate::games::GameKind::Hold => {
                type $G = dwarfs_hold::Hold;
                $body
            }
            $crate::games::GameKind::Pig => {
                type $G = dwarfs_engine::toy::Pig;
                $body
            }
        }
    };
}
pub(crate) use with_game;

/// Game options given on the command line; each game reads the ones that apply to it.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct OptionArgs {
    /// Fall: the rulebook edition (classic or third).
    #[arg(long)]
    pub edition: Option<String>,
    /// Fall 3rd edition: a scenario that chooses the Royal Decrees.
    #[arg(long)]
    pub scenario: Option<String>,
    /// Fall 3rd edition: a hand-picked set of Royal Decrees, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub decrees: Vec<String>,
}

/// A game the CLI can set up from [`OptionArgs`].
pub trait CliGame: dwarfs_engine::Game {
    /// The game's options from the command line, or a message saying what is wrong.
    fn options_from(args: &OptionArgs) -> Result<Self::Options, crate::CliError>;
}

/// Refuses options that do not apply to a game.
fn reject_fall_options(game: &str, args: &OptionArgs) -> Result<(), crate::CliError> {
    if args.edition.is_some() || args.scenario.is_some() || !args.decrees.is_empty() {
        return Err(crate::CliError::Usage(format!(
            "--edition, --scenario and --decrees are Dwar7s Fall options; {game} has none"
        )));
    }
    Ok(())
}

impl CliGame for dwarfs_engine::toy::Pig {
    fn options_from(args: &OptionArgs) -> Result<Self::Options, crate::CliError> {
        reject_fall_options("pig", args)?;
        Ok(Default::default())
    }
}

impl CliGame for dwarfs_hold::Hold {
    fn options_from(args: &OptionArgs) -> Result<Self::Options, crate::CliError> {
        reject_fall_options("hold", args)?;
        Ok(Default::default())
    }
}

/// Kebab-case names of Fall's scenarios, as typed on the command line.
const SCENARIOS: &[(&str, dwarfs_fall::Scenario)] = {
    use dwarfs_fall::Scenario::*;
    &[
        ("axe-gospel", AxeGospel),
        ("siege", Siege),
        ("chaos-control", ChaosControl),
        ("bloodthirsty", Bloodthirsty),
        ("fortune-teller", FortuneTeller),
    ]
};

/// Kebab-case names of Fall's Royal Decrees, as typed on the command line.
const DECREES: &[(&str, dwarfs_fall::Decree)] = {
    use dwarfs_fall::Decree::*;
    &[
        ("the-dwarfs-way", TheDwarfsWay),
        ("bar-fights", BarFights),
        ("experienced-beast-hunters", ExperiencedBeastHunters),
        ("hired-hands", HiredHands),
        ("greedy-landlords", GreedyLandlords),
        ("charming-merchants", CharmingMerchants),
        ("fortress", Fortress),
        ("crazy-balloonists", CrazyBalloonists),
        ("hard-workers", HardWorkers),
        ("battle-memorial", BattleMemorial),
    ]
};

/// Looks a name up in a table, or says which names exist.
fn lookup<T: Copy>(what: &str, table: &[(&str, T)], name: &str) -> Result<T, crate::CliError> {
    let wanted = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    table
        .iter()
        .find(|(n, _)| *n == wanted)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            crate::CliError::Usage(format!(
                "unknown {what} '{name}'; choose one of: {}",
                names.join(", ")
            ))
        })
}

impl CliGame for dwarfs_fall::Fall {
    fn options_from(args: &OptionArgs) -> Result<Self::Options, crate::CliError> {
        use dwarfs_fall::{Edition, FallOptions};
        let edition = match args.edition.as_deref() {
            None | Some("classic") => Edition::Classic,
            Some("third") | Some("3rd") | Some("3") => Edition::Third,
            Some(other) => {
                return Err(crate::CliError::Usage(format!(
                    "unknown edition '{other}'; choose classic or third"
                )));
            }
        };
        let mut o = FallOptions {
            edition,
            ..FallOptions::default()
        };
        if (args.scenario.is_some() || !args.decrees.is_empty()) && o.edition == Edition::Classic {
            return Err(crate::CliError::Usage(
                "scenarios and decrees belong to the 3rd edition: add --edition third".into(),
            ));
        }
        if args.scenario.is_some() && !args.decrees.is_empty() {
            return Err(crate::CliError::Usage(
                "give either --scenario or --decrees, not both: a scenario chooses the decrees"
                    .into(),
            ));
        }
        o.scenario = args
            .scenario
            .as_deref()
            .map(|s| lookup("scenario", SCENARIOS, s))
            .transpose()?;
        for d in &args.decrees {
            let d = lookup("decree", DECREES, d)?;
            if o.decrees.contains(&d) {
                return Err(crate::CliError::Usage(format!(
                    "decree '{}' is listed twice",
                    DECREES
                        .iter()
                        .find(|(_, v)| *v == d)
                        .map_or("?", |(n, _)| n)
                )));
            }
            o.decrees.push(d);
        }
        o.validate()
            .map_err(|e| crate::CliError::Usage(e.to_string()))?;
        Ok(o)
    }
}
