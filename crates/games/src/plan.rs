//! What a game's entry declares for the checks every game runs: the generic suite's plan (option
//! sets, player counts, how much of each check, golden playouts) and the takeover bot's pins.

use dwarfs_engine::Game;
use dwarfs_engine::suite::Golden;

/// One set of options the generic suite plays, with how much of each check.
#[derive(Clone, Debug)]
pub struct SuiteCase<G: Game> {
    /// A name for failure messages ("3rd edition, Siege").
    pub name: &'static str,
    /// The options.
    pub options: G::Options,
    /// The player counts to play.
    pub players: Vec<u8>,
    /// Conformance games per player count.
    pub conformance: u64,
    /// Sample the heavier conformance checks more thinly (long games).
    pub light: bool,
    /// Games per player count examined for determinization and non-interference (0: none).
    pub hidden: u64,
    /// Games per player count and deterministic player for termination (0: none).
    pub termination: u64,
    /// Pinned random playouts with these options.
    pub golden: &'static [Golden],
}

impl<G: Game> SuiteCase<G> {
    /// A case with no checks yet, to fill in with struct update syntax.
    pub fn new(name: &'static str, options: G::Options, players: impl Into<Vec<u8>>) -> Self {
        SuiteCase {
            name,
            options,
            players: players.into(),
            conformance: 0,
            light: false,
            hidden: 0,
            termination: 0,
            golden: &[],
        }
    }
}

/// Everything the generic suite runs for one game.
#[derive(Clone, Debug)]
pub struct SuitePlan<G: Game> {
    /// The option sets.
    pub cases: Vec<SuiteCase<G>>,
    /// True if the game hides anything from some seat (so determinization must resample).
    pub hidden_information: bool,
}

impl<G: Game> SuitePlan<G> {
    /// Every golden playout the plan pins, with the name of its case.
    pub fn golden(&self) -> impl Iterator<Item = (&'static str, &'static Golden)> + '_ {
        self.cases
            .iter()
            .flat_map(|c| c.golden.iter().map(move |g| (c.name, g)))
    }
}

/// Where the takeover bot takes a game: the final state hash of a two-seat game with these
/// options whose first decisions the takeover bot makes (see `dwarfs_games::suite::takeover_walk`).
#[derive(Clone, Debug)]
pub struct TakeoverPin<G: Game> {
    /// A name for failure messages ("3rd edition").
    pub name: &'static str,
    /// The options.
    pub options: G::Options,
    /// The pinned final state hash, in hex.
    pub hash: &'static str,
}
