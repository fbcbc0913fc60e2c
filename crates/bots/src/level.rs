//! The bot levels offered in the lobby and on the command line.

use crate::budget::Budget;
use crate::rollout::{Cut, RolloutPolicy};
use crate::search::{SearchBot, SearchConfig};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// How strong a search bot plays: how long it searches and with how much of the game's
/// knowledge (action weights and static evaluation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// A short search with uniform rollouts to the end: beats a random player, makes mistakes.
    Easy,
    /// A medium search with the game's knowledge; the takeover bot plays at this level.
    #[default]
    Normal,
    /// A long search (up to about a second a move) with the game's knowledge.
    Hard,
}

/// UCT's exploration constant, 0.7 in Q16.
const EXPLORATION: u64 = 45_875;

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The level's name, as the command line and the lobby say it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// Iterations per move (each a determinization, a walk down the tree and a rollout). Hard's
    /// 6000 keep its slowest move in Fall, Spring and Winter under its second on one core in a
    /// release build (`docs/benchmarks.md`); Hold is slower per iteration and meets the clock
    /// first.
    pub fn iterations(self) -> u32 {
        match self {
            Level::Easy => 48,
            Level::Normal => 300,
            Level::Hard => 6000,
        }
    }

    /// The most time a move may take at this level, whatever the iterations.
    pub fn time_cap(self) -> Duration {
        Duration::from_millis(match self {
            Level::Easy => 100,
            Level::Normal => 400,
            Level::Hard => 1000,
        })
    }

    /// This level's share of the hard level's time, in sixteenths: for an arena that gives every
    /// bot a budget from the hard bot's (`dwarfs bench bots --budget-ms`).
    pub fn time_share_16ths(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Normal => 4,
            Level::Hard => 16,
        }
    }

    /// The search at this level, with its iterations capped by its time.
    pub fn config(self) -> SearchConfig {
        let knowledge = self != Level::Easy;
        SearchConfig {
            budget: Budget {
                iterations: self.iterations(),
                time: Some(self.time_cap()),
            },
            exploration: EXPLORATION,
            rollout: RolloutPolicy {
                weighted: knowledge,
                cut: if knowledge { Cut::Horizon } else { Cut::Never },
            },
        }
    }

    /// The search at this level with exactly its iterations and no clock: deterministic.
    pub fn fixed_config(self) -> SearchConfig {
        self.config()
            .with_budget(Budget::iterations(self.iterations()))
    }

    /// The search at this level with a time budget only: `hard_ms` for the hard level, and this
    /// level's share of it ([`Level::time_share_16ths`]) for the others.
    pub fn timed_config(self, hard_ms: u64) -> SearchConfig {
        let ms = hard_ms * u64::from(self.time_share_16ths()) / 16;
        self.config()
            .with_budget(Budget::time(Duration::from_millis(ms.max(1))))
    }

    /// A bot of this level whose random choices are fixed by `seed`.
    pub fn bot(self, seed: u64) -> SearchBot {
        SearchBot::new(self.config(), seed)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of `easy`, `normal`, `hard`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown bot level '{0}': choose easy, normal or hard")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip_through_their_names_and_grow_stronger() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        assert_eq!(
            "brutal".parse::<Level>().unwrap_err().to_string(),
            "unknown bot level 'brutal': choose easy, normal or hard"
        );
        for w in Level::ALL.windows(2) {
            assert!(w[0].iterations() < w[1].iterations());
            assert!(w[0].time_cap() < w[1].time_cap());
            assert!(w[0].timed_config(800).budget.time < w[1].timed_config(800).budget.time);
        }
        assert_eq!(Level::Hard.fixed_config().budget.time, None);
    }
}
