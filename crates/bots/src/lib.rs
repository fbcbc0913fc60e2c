//! # dwarfs-bots
//!
//! Bots that play any game implementing [`dwarfs_engine::Game`]:
//! - [`dwarfs_engine::RandomBot`] (re-exported): uniform over the legal actions, from a seed.
//! - [`SearchBot`]: information-set Monte Carlo tree search over determinizations of its seat's
//!   view ([`search`](mod@search)), at three [`Level`]s, with a budget of iterations (deterministic for a
//!   seed) or time ([`Budget`]). It uses the game's knowledge where the game gives it:
//!   [`dwarfs_engine::Game::action_weight`] orders the tree's moves and weights rollouts,
//!   [`dwarfs_engine::Game::evaluate`] cuts rollouts short.
//! - [`TakeoverBot`]: the bot that plays a seat whose player went silent. Every peer must compute
//!   the same move, so it is a search with a fixed number of iterations, seeded from its seat's
//!   observation, the seat and the move's number, in integer arithmetic.
//!
//! Modules: [`budget`] (how long), [`tree`] (the search tree and UCT), [`fixed`] (the integer
//! arithmetic of UCT), [`rollout`] (rollout policy and rewards), [`search`](mod@search) (the search and the
//! bot), [`level`] (easy, normal, hard), [`takeover`], [`arena`] (whole games between bots).

pub mod arena;
pub mod budget;
pub mod fixed;
pub mod level;
pub mod rollout;
pub mod search;
pub mod takeover;
pub mod tree;

pub use budget::Budget;
pub use dwarfs_engine::RandomBot;
pub use level::{Level, UnknownLevel};
pub use search::{Search, SearchBot, SearchConfig, SearchResult, search};
pub use takeover::TakeoverBot;

#[cfg(test)]
mod tests;

/// Every bot here may think on a thread of its own (the app searches off its window's thread
/// and off the network task): a bot that stopped being `Send` fails to compile here.
const _: () = {
    const fn send<T: Send>() {}
    send::<SearchBot>();
    send::<TakeoverBot>();
    send::<RandomBot>();
};
