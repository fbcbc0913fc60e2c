//! The bot interface, and the uniform random bot used by simulations and the conformance harness.
//! Smarter bots live in the `dwarfs-bots` crate.

use crate::chance::SeedStream;
use crate::game::Game;
use crate::seat::Seat;

/// Something that picks an action for a seat.
pub trait Bot<G: Game> {
    /// Returns an index into `legal` (which is never empty) for `seat` in `state`.
    fn choose(&mut self, state: &G, seat: Seat, legal: &[G::Action]) -> usize;
}

/// Picks uniformly among the legal actions, from a seeded stream.
#[derive(Clone, Debug)]
pub struct RandomBot {
    stream: SeedStream,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            stream: SeedStream::derive(seed, "random bot"),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, _state: &G, _seat: Seat, legal: &[G::Action]) -> usize {
        self.stream.choose(legal.len())
    }
}
