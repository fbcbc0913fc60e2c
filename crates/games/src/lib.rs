//! The registry of games: the one place that lists the games dwarfs knows, as a library every
//! tool iterates.
//!
//! Each game is one [`GameEntry`] (its rules engine, title, bots, the generic suite's plan with
//! its golden vectors, its takeover-bot pins and the option sets its fuzz target plays) in
//! [`entries`], and one line in the `registry!` call below. The command line (`simulate`,
//! `bench`, `host`, `join`, `demo`, `replay`), the app's lobby, table and replay viewer, the fuzz
//! targets and their seeds, and the generic suite (`tests/suite.rs`, once per game) reach the
//! games through it. No GUI type is named here: the GUI picks a board view per game with
//! [`with_board!`], which shows a game marked `text` in the registry with the generic text view.
//!
//! Adding a game: the checklist in `ARCHITECTURE.md` ("Adding a game") names every place, each
//! enforced by the compiler or a test.

#![warn(missing_docs)]

pub mod entries;
mod plan;
pub mod suite;

pub use dwarfs_bots::Level;
use dwarfs_engine::{Bot, Game, RandomBot};
pub use plan::{SuiteCase, SuitePlan, TakeoverPin};
use std::fmt;

/// How the app shows a game's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// With a board view of its own (the GUI must have one: [`with_board!`] names it).
    Own,
    /// With the generic text view, built from the game's `describe`/`text` alone.
    Text,
}

/// What a game brings to the tools besides its rules.
///
/// The methods without a default are the game's obligations: leaving one out does not compile,
/// and an empty one fails a test of this crate (`tests/registry.rs`).
pub trait GameEntry: 'static {
    /// The rules engine.
    type G: Game;
    /// The display name ("Dwar7s Fall").
    const TITLE: &'static str;
    /// One line for menus: players and what it is.
    const BLURB: &'static str;
    /// Kept out of the app's menus (test games); the command line lists every game.
    const HIDDEN: bool = false;

    /// The game's own bot, seeded: the random bot by default; a game with a scripted bot of its
    /// own (Winter's and Spring's greedy bots) returns it here. `dwarfs simulate --bots game`
    /// and the bot arena (as the player `game`) reach it; local bot seats play at a search level
    /// ([`GameEntry::level_bot`]).
    fn bot(seed: u64) -> Box<dyn Bot<Self::G> + Send> {
        Box::new(RandomBot::new(seed))
    }

    /// The bot that plays a bot seat of a local game at `level` (the lobby's and the command
    /// line's choice), seeded: the information-set search of `dwarfs-bots`, which uses the game's
    /// own knowledge through [`Game::action_weight`] and [`Game::evaluate`]. (Bot seats of a
    /// network game are played by the takeover bot, which every peer computes alike.)
    fn level_bot(level: Level, seed: u64) -> Box<dyn Bot<Self::G> + Send> {
        Box::new(level.bot(seed))
    }

    /// What the generic suite runs for this game: option sets, player counts, how much of each
    /// check, and the pinned golden playouts (at least one).
    fn plan() -> SuitePlan<Self::G>;

    /// Where the takeover bot takes the game from fixed starts (at least one). The takeover bot
    /// is part of the rules: a change to the game's bot knowledge that moves a pin bumps the
    /// game's `RULES_VERSION`.
    fn takeover_pins() -> Vec<TakeoverPin<Self::G>>;

    /// The option sets the game's fuzz target (`fuzz/fuzz_targets/game_<name>.rs`) plays (at
    /// least one).
    fn fuzz_options() -> Vec<<Self::G as Game>::Options>;
}

/// Declares the registry: the [`GameKind`] enum and the macros [`with_entry!`],
/// [`with_game!`], [`with_board!`] and [`for_each_game!`].
macro_rules! registry {
    ($d:tt $($variant:ident => $entry:ident ($board:ident)),+ $(,)?) => {
        /// A registered game, chosen at run time (command line, lobby, replay header).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum GameKind {
            $(
                #[doc = concat!("The game of [`entries::", stringify!($entry), "`].")]
                $variant,
            )+
        }

        impl GameKind {
            /// Every registered game, in menu order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),+];

            /// How the app shows the game's table.
            pub fn board(self) -> Board {
                match self {
                    $(GameKind::$variant => registry!(@board $board),)+
                }
            }

            /// The name of the game's entry type ("FallEntry"), as its fuzz target names it.
            pub fn entry_name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => stringify!($entry),)+
                }
            }
        }

        /// Runs `$body` with `$E` bound to the registry entry (a [`GameEntry`]) of `$kind`.
        #[macro_export]
        macro_rules! with_entry {
            ($d kind:expr, $d E:ident, $d body:expr) => {
                match $d kind {
                    $($crate::GameKind::$variant => {
                        #[allow(dead_code)]
                        type $d E = $crate::entries::$entry;
                        $d body
                    })+
                }
            };
        }

        /// Runs `$body` with `$G` bound to the engine type of `$kind`.
        #[macro_export]
        macro_rules! with_game {
            ($d kind:expr, $d G:ident, $d body:expr) => {
                match $d kind {
                    $($crate::GameKind::$variant => {
                        #[allow(dead_code)]
                        type $d G = <$crate::entries::$entry as $crate::GameEntry>::G;
                        $d body
                    })+
                }
            };
        }

        /// Runs `own => $own` with `$E` bound to the entry of `$kind` where the game has a board
        /// view of its own ([`Board::Own`]), and `text => $text` where it is shown as text: the
        /// GUI names its own views in `$own` (through a trait its views implement per entry),
        /// so a game shown as text needs nothing in the GUI.
        #[macro_export]
        macro_rules! with_board {
            ($d kind:expr, $d E:ident, own => $d own:expr, text => $d text:expr $d(,)?) => {
                match $d kind {
                    $($crate::GameKind::$variant => {
                        #[allow(dead_code)]
                        type $d E = $crate::entries::$entry;
                        $crate::with_board!(@pick $board, $d own, $d text)
                    })+
                }
            };
            (@pick own, $d own:expr, $d text:expr) => { $d own };
            (@pick text, $d own:expr, $d text:expr) => { $d text };
        }

        /// Calls macro `$callback` with every registered game as `Variant => EntryPath`, comma
        /// separated: for code that needs an item per game (the generic suite's tests, one
        /// module per game).
        #[macro_export]
        macro_rules! for_each_game {
            ($d callback:ident) => {
                $d callback! { $($variant => $crate::entries::$entry),+ }
            };
        }
    };
    (@board own) => { Board::Own };
    (@board text) => { Board::Text };
}

registry! {
    $
    Fall => FallEntry (own),
    Hold => HoldEntry (own),
    Pig => PigEntry (text),
    Spring => SpringEntry (own),
    Winter => WinterEntry (own),
}

impl GameKind {
    /// The engine's stable name ("fall"), as replays, lobbies and the command line say it.
    pub fn name(self) -> &'static str {
        with_game!(self, G, G::NAME)
    }

    /// The display name ("Dwar7s Fall").
    pub fn title(self) -> &'static str {
        with_entry!(self, E, E::TITLE)
    }

    /// One line for menus.
    pub fn blurb(self) -> &'static str {
        with_entry!(self, E, E::BLURB)
    }

    /// Kept out of the app's menus (the command line lists every game).
    pub fn hidden(self) -> bool {
        with_entry!(self, E, E::HIDDEN)
    }

    /// Fewest and most players.
    pub fn players(self) -> std::ops::RangeInclusive<u8> {
        with_game!(self, G, G::MIN_PLAYERS..=G::MAX_PLAYERS)
    }

    /// The option descriptions of the game.
    pub fn option_specs(self) -> &'static [dwarfs_engine::options::OptionSpec] {
        with_game!(self, G, {
            <<G as Game>::Options as dwarfs_engine::options::GameOptions>::specs()
        })
    }

    /// The rules version of the game's engine.
    pub fn rules_version(self) -> u32 {
        with_game!(self, G, G::RULES_VERSION)
    }

    /// The name of the game's fuzz target (`game_fall`), a binary of the `fuzz/` crate.
    pub fn fuzz_target(self) -> String {
        format!("game_{}", self.name())
    }

    /// The game whose engine is called `name`, as a replay or lobby names it.
    pub fn from_name(name: &str) -> Option<Self> {
        GameKind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// The games shown in menus.
    pub fn listed() -> impl Iterator<Item = GameKind> {
        GameKind::ALL.iter().copied().filter(|k| !k.hidden())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "clap")]
impl clap::ValueEnum for GameKind {
    fn value_variants<'a>() -> &'a [Self] {
        GameKind::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(
            // Every game is listed on the command line, the toy game too (menus leave it out).
            clap::builder::PossibleValue::new(self.name()).help(self.title()),
        )
    }
}
