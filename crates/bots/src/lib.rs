//! # dwarfs-bots
//!
//! Bots that play any game implementing [`dwarfs_engine::Game`]:
//! - [`dwarfs_engine::RandomBot`] (re-exported): uniform over the legal actions, from a seed.
//! - [`TakeoverBot`]: the bot that plays a seat whose player went silent. Every peer must compute
//!   the same move from the same state with no shared RNG, so its choice is a pure function of the
//!   state hash.

use dwarfs_engine::{Chooser, Game, Seat, state_hash};

pub use dwarfs_engine::RandomBot;

/// A deterministic bot: its choice depends only on the state (through its hash) and the seat, so
/// every peer computes the same move for a seat that was handed to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct TakeoverBot;

impl TakeoverBot {
    /// The index into `legal` that this bot picks in `state` for `seat`.
    pub fn pick<G: Game>(state: &G, seat: Seat, legal_len: usize) -> usize {
        if legal_len <= 1 {
            return 0;
        }
        let mut h = blake3::Hasher::new();
        h.update(b"dwarfs takeover bot v1");
        h.update(&state_hash(state).0);
        h.update(&[seat.0]);
        let digest = h.finalize();
        let mut word = [0u8; 8];
        word.copy_from_slice(&digest.as_bytes()[..8]);
        (u64::from_le_bytes(word) % legal_len as u64) as usize
    }
}

/// The takeover bot sees the whole state (it must be computed identically by every peer), so it
/// is a [`Chooser`], not a seat-view [`dwarfs_engine::Bot`].
impl<G: Game> Chooser<G> for TakeoverBot {
    fn pick(&mut self, state: &G, seat: Seat, legal: &[G::Action]) -> usize {
        TakeoverBot::pick(state, seat, legal.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::playout::play_out;
    use dwarfs_engine::toy::{Pig, PigOptions};
    use dwarfs_engine::{SeedStream, state_hash};

    #[test]
    fn takeover_bot_is_a_function_of_the_state() {
        let g = Pig::new(&PigOptions::default(), 3).unwrap();
        let a = TakeoverBot::pick(&g, Seat(1), 1000);
        let b = TakeoverBot::pick(&g.clone(), Seat(1), 1000);
        assert_eq!(a, b);
        assert!(a < 1000);
        // Different seats may pick differently; across many seats not all picks are equal.
        let picks: Vec<usize> = (0..8)
            .map(|s| TakeoverBot::pick(&g, Seat(s), 1000))
            .collect();
        assert!(picks.iter().any(|&p| p != picks[0]));
    }

    #[test]
    fn takeover_bot_finishes_games_identically() {
        let run = || {
            let g = Pig::new(&PigOptions::default(), 4).unwrap();
            play_out(g, &mut TakeoverBot, &mut SeedStream::new(5), false).unwrap()
        };
        assert_eq!(state_hash(&run().state), state_hash(&run().state));
    }
}
