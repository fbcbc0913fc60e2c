//! # dwarfs-bots
//!
//! Bots that play any game implementing [`dwarfs_engine::Game`]:
//! - [`dwarfs_engine::RandomBot`] (re-exported): uniform over the legal actions, from a seed.
//! - [`TakeoverBot`]: the bot that plays a seat whose player went silent. Every peer must compute
//!   the same move from the same state with no shared RNG, so its choice is a pure function of the
//!   state hash, the seat and the move's sequence number.

use dwarfs_engine::{Chooser, Game, Seat, StateHash, state_hash};

pub use dwarfs_engine::RandomBot;

/// A deterministic bot: its choice depends only on the state (through its hash), the seat and the
/// move's sequence number, so every peer computes the same move for a seat that was handed to it.
///
/// The sequence number is mixed in so that a position that repeats (a game that can return to an
/// earlier state) does not make the bot repeat its choice forever: the same state at a later move
/// is a fresh draw. At a simultaneous secret step the bot's choice for a taken-over seat is this
/// same public function, so every peer knows it in advance; that is harmless, since the seat's
/// player is gone.
///
/// As a [`Chooser`] (for offline playouts, where there is no protocol sequence number), it counts
/// its own picks and uses that count, from 1, as the sequence number.
#[derive(Clone, Copy, Debug, Default)]
pub struct TakeoverBot {
    picks: u32,
}

/// Index `legal_len` with the first 8 bytes of a digest.
fn index_of(digest: blake3::Hash, legal_len: usize) -> usize {
    let mut word = [0u8; 8];
    word.copy_from_slice(&digest.as_bytes()[..8]);
    (u64::from_le_bytes(word) % legal_len as u64) as usize
}

impl TakeoverBot {
    /// A bot whose [`Chooser`] pick counter starts at zero.
    pub fn new() -> Self {
        Self::default()
    }

    /// The index into the `legal_len` legal actions that this bot picks in the state of hash
    /// `state` for `seat` at move `seq` (the protocol's sequence number of the move being chosen).
    pub fn pick(state: StateHash, seat: Seat, seq: u32, legal_len: usize) -> usize {
        if legal_len <= 1 {
            return 0;
        }
        let mut h = blake3::Hasher::new();
        h.update(b"dwarfs takeover bot v2");
        h.update(&state.0);
        h.update(&[seat.0]);
        h.update(&seq.to_le_bytes());
        index_of(h.finalize(), legal_len)
    }
}

/// The takeover bot sees the whole state (it must be computed identically by every peer), so it
/// is a [`Chooser`], not a seat-view [`dwarfs_engine::Bot`]. Offline only: a state that cannot be
/// encoded (a bug its game's conformance test reports) has no hash, and the bot then takes the
/// first legal action.
impl<G: Game> Chooser<G> for TakeoverBot {
    fn pick(&mut self, state: &G, seat: Seat, legal: &[G::Action]) -> usize {
        self.picks = self.picks.wrapping_add(1);
        state_hash(state).map_or(0, |h| TakeoverBot::pick(h, seat, self.picks, legal.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::playout::play_out;
    use dwarfs_engine::toy::{Pig, PigOptions};
    use dwarfs_engine::{SeedStream, state_hash};

    #[test]
    fn takeover_bot_is_a_function_of_the_state_seat_and_seq() {
        let g = Pig::new(&PigOptions::default(), 3).unwrap();
        let a = TakeoverBot::pick(state_hash(&g).unwrap(), Seat(1), 7, 1000);
        let b = TakeoverBot::pick(state_hash(&g).unwrap(), Seat(1), 7, 1000);
        assert_eq!(a, b);
        assert!(a < 1000);
        // Different seats may pick differently; across many seats not all picks are equal.
        let picks: Vec<usize> = (0..8)
            .map(|s| TakeoverBot::pick(state_hash(&g).unwrap(), Seat(s), 7, 1000))
            .collect();
        assert!(picks.iter().any(|&p| p != picks[0]));
    }

    #[test]
    fn a_repeated_state_at_another_move_gives_another_choice() {
        // The same position reached again at a later move: a choice of the state alone would
        // pick the same action every time (a fixed point that can loop a game forever); the bot
        // draws afresh per move.
        let g = Pig::new(&PigOptions::default(), 2).unwrap();
        let v2: Vec<usize> = (1..=16)
            .map(|seq| TakeoverBot::pick(state_hash(&g).unwrap(), Seat(0), seq, 2))
            .collect();
        assert!(v2.iter().all(|&p| p < 2));
        assert!(v2.iter().any(|&p| p != v2[0]), "{v2:?}");
    }

    #[test]
    fn takeover_bot_finishes_games_identically() {
        let run = || {
            let g = Pig::new(&PigOptions::default(), 4).unwrap();
            play_out(g, &mut TakeoverBot::new(), &mut SeedStream::new(5), false).unwrap()
        };
        assert_eq!(state_hash(&run().state), state_hash(&run().state));
    }
}
