//! The game registry: the one place that lists the games this binary knows.
//!
//! Each game is one [`GameEntry`] (its rules engine, its board view, its title and the plan of
//! the generic suite) and one line in the `registry!` call below. Everything else reaches the
//! games through it: the command line (`simulate`, `bench`, `host`, `join`, `demo`, `replay`,
//! with each game's option flags built from its [`GameOptions`](dwarfs_engine::options::GameOptions) description), the app's lobby,
//! table, hotseat and replay viewer, and the generic test suite, which runs over every entry.
//!
//! Adding a game: write its crate (a [`Game`]), add a file here with its entry, and add it to the
//! `registry!` call.

mod cli;
pub(crate) mod fall;
pub(crate) mod hold;
pub(crate) mod pig;
pub(crate) mod spring;
#[cfg(test)]
mod suite;
pub(crate) mod winter;

use crate::gui::view::GameView;
pub use cli::{CliGame, OptionArgs};
pub use dwarfs_bots::Level;
use dwarfs_engine::{Bot, Game, RandomBot};
use std::fmt;

/// What a game brings to the shell besides its rules.
pub trait GameEntry: 'static {
    /// The rules engine.
    type G: Game;
    /// The board view in the desktop app.
    type View: GameView<G = Self::G>;
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
}

/// Declares the registry: the [`GameKind`] enum, [`with_game!`] and [`with_entry!`].
macro_rules! registry {
    ($d:tt $($variant:ident => $entry:ty),+ $(,)?) => {
        /// A registered game, chosen at run time (command line, lobby, replay header).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum GameKind {
            $(
                #[doc = concat!("The game of `", stringify!($entry), "`.")]
                $variant,
            )+
        }

        impl GameKind {
            /// Every registered game, in menu order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),+];

            /// The engine's stable name ("fall"), as replays, lobbies and the command line say it.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <<$entry as GameEntry>::G as Game>::NAME,)+
                }
            }

            /// The display name ("Dwar7s Fall").
            pub fn title(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$entry as GameEntry>::TITLE,)+
                }
            }

            /// One line for menus.
            pub fn blurb(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$entry as GameEntry>::BLURB,)+
                }
            }

            /// Kept out of the app's menus (the command line lists every game).
            pub fn hidden(self) -> bool {
                match self {
                    $(GameKind::$variant => <$entry as GameEntry>::HIDDEN,)+
                }
            }

            /// Fewest and most players.
            pub fn players(self) -> std::ops::RangeInclusive<u8> {
                match self {
                    $(GameKind::$variant => {
                        type G = <$entry as GameEntry>::G;
                        G::MIN_PLAYERS..=G::MAX_PLAYERS
                    })+
                }
            }

            /// The option descriptions of the game.
            pub fn option_specs(self) -> &'static [dwarfs_engine::options::OptionSpec] {
                match self {
                    $(GameKind::$variant => <
                        <<$entry as GameEntry>::G as Game>::Options
                        as dwarfs_engine::options::GameOptions
                    >::specs(),)+
                }
            }
        }

        /// Runs `$body` with `$G` bound to the engine type of `$kind`.
        macro_rules! with_game {
            ($d kind:expr, $d G:ident, $d body:expr) => {
                match $d kind {
                    $($crate::games::GameKind::$variant => {
                        #[allow(dead_code)]
                        type $d G = <$entry as $crate::games::GameEntry>::G;
                        $d body
                    })+
                }
            };
        }

        /// Runs `$body` with `$E` bound to the registry entry of `$kind`.
        macro_rules! with_entry {
            ($d kind:expr, $d E:ident, $d body:expr) => {
                match $d kind {
                    $($crate::games::GameKind::$variant => {
                        type $d E = $entry;
                        $d body
                    })+
                }
            };
        }

        /// The generic suite, once per registered game.
        #[cfg(test)]
        mod suite_tests {
            $(
                #[allow(non_snake_case)]
                mod $variant {
                    use super::super::suite;
                    type E = $entry;

                    #[test]
                    fn conformance() {
                        suite::conformance::<E>();
                    }

                    #[test]
                    fn termination_with_deterministic_players() {
                        suite::termination::<E>();
                    }

                    #[test]
                    fn determinization_and_non_interference() {
                        suite::hidden_information::<E>();
                    }

                    #[test]
                    fn golden_vectors() {
                        suite::golden::<E>();
                    }

                    #[test]
                    fn options_round_trip() {
                        suite::options::<E>();
                    }
                }
            )+
        }
    };
}

registry! {
    $
    Fall => crate::games::fall::FallEntry,
    Hold => crate::games::hold::HoldEntry,
    Pig => crate::games::pig::PigEntry,
    Spring => crate::games::spring::SpringEntry,
    Winter => crate::games::winter::WinterEntry,
}

// The macros are made by `registry!`; these make them reachable by path
// (`crate::games::with_game!`).
#[allow(clippy::single_component_path_imports)]
pub(crate) use with_entry;
#[allow(clippy::single_component_path_imports)]
pub(crate) use with_game;

impl GameKind {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for &k in GameKind::ALL {
            assert_eq!(GameKind::from_name(k.name()), Some(k));
            assert!(!k.title().is_empty() && !k.blurb().is_empty());
        }
        let mut names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        names.dedup();
        assert_eq!(names.len(), GameKind::ALL.len());
        assert!(GameKind::listed().all(|k| !k.hidden()));
        assert_eq!(GameKind::from_name("chess"), None);
    }

    #[test]
    fn the_command_line_lists_every_game_the_toy_too() {
        use clap::ValueEnum;
        for &k in GameKind::ALL {
            let v = k.to_possible_value().unwrap();
            assert!(!v.is_hide_set(), "{k} is hidden from --game");
            assert_eq!(GameKind::from_str(k.name(), true), Ok(k));
        }
        assert!(
            GameKind::ALL.iter().any(|k| k.hidden()),
            "the toy is kept out of menus"
        );
    }

    #[test]
    fn every_entrys_bot_picks_a_legal_action_from_its_seats_view() {
        for &k in GameKind::ALL {
            with_entry!(k, E, {
                type G = <E as GameEntry>::G;
                let players = *k.players().start().max(&2);
                let mut g = G::new(&Default::default(), players).unwrap();
                let mut chance = dwarfs_engine::SeedStream::new(1);
                let mut bot = E::bot(7);
                let mut search = dwarfs_bots::SearchBot::new(
                    Level::Easy
                        .fixed_config()
                        .with_budget(dwarfs_bots::Budget::iterations(4)),
                    7,
                );
                for step in 0..200 {
                    match g.to_act().deciding().iter().next() {
                        Some(seat) => {
                            let legal = g.legal_actions_for_vec(seat);
                            let view = dwarfs_engine::SeatView::new(&g, seat);
                            let i = if step % 8 == 0 {
                                dwarfs_engine::Bot::choose(&mut search, &view, &legal)
                            } else {
                                bot.choose(&view, &legal)
                            };
                            assert!(i < legal.len(), "{k}");
                            g.play(seat, &legal[i]).unwrap();
                        }
                        None if g.to_act() == dwarfs_engine::Actor::Chance => {
                            g.resolve_chance(chance.next_entropy()).unwrap();
                        }
                        None => break,
                    }
                }
            });
        }
    }

    #[test]
    fn games_that_share_an_option_key_describe_it_alike() {
        for &a in GameKind::ALL {
            for &b in GameKind::ALL {
                for sa in a.option_specs() {
                    for sb in b.option_specs().iter().filter(|s| s.key == sa.key) {
                        assert_eq!(
                            std::mem::discriminant(&sa.kind),
                            std::mem::discriminant(&sb.kind),
                            "--{} is a different kind of option in {a} and {b}",
                            sa.key
                        );
                    }
                }
            }
        }
    }
}
