//! The takeover bot: plays a seat whose player is gone (and a network game's bot seats). Every
//! peer computes its move, so it must be the same on every machine: a search at the normal level
//! with a fixed number of iterations (a setting every peer agreed on in the lobby), seeded from
//! a hash of what its seat observes, the seat and the move's number, with integer arithmetic
//! only. It searches on determinizations of its seat's view like every search bot, so it never
//! uses what its seat cannot see.

use crate::budget::Budget;
use crate::level::Level;
use crate::search::search;
use dwarfs_engine::codec::{self, CodecError};
use dwarfs_engine::{Chooser, Game, Seat, SeatView, SeedStream, StateHash, Viewer, state_hash};

/// The takeover bot. `iterations` is its strength: 0 is the uniform pick of the first takeover
/// bot ([`TakeoverBot::pick`], kept for quick tests), anything else a search of that many
/// iterations ([`TakeoverBot::choose`]).
///
/// As a [`Chooser`] (offline playouts, where there is no protocol sequence number) it counts its
/// own picks and uses that count, from 1, as the sequence number.
#[derive(Clone, Copy, Debug)]
pub struct TakeoverBot {
    iterations: u32,
    picks: u32,
}

/// Index `legal_len` with the first 8 bytes of a digest.
fn index_of(digest: blake3::Hash, legal_len: usize) -> usize {
    let mut word = [0u8; 8];
    word.copy_from_slice(&digest.as_bytes()[..8]);
    (u64::from_le_bytes(word) % legal_len as u64) as usize
}

impl TakeoverBot {
    /// The default strength: the normal level's iterations.
    pub const NORMAL_ITERATIONS: u32 = 300;

    /// A takeover bot of `iterations` (see the type), its pick counter at zero.
    pub fn new(iterations: u32) -> Self {
        TakeoverBot {
            iterations,
            picks: 0,
        }
    }

    /// The uniform pick (strength 0): the index into the `legal_len` legal actions for `seat` in
    /// the state of hash `state` at move `seq`. Mixing in the move's number keeps a repeated
    /// position from repeating the choice forever.
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

    /// The index into `seat`'s legal actions in `state` ([`Game::legal_actions_for`]) that a
    /// takeover bot of `iterations` plays at move `seq`: `None` when the seat has no legal
    /// action, an error when the state (strength 0) or the seat's observation cannot be encoded.
    /// A pure function: every peer computes the same index.
    pub fn choose<G: Game>(
        state: &G,
        seat: Seat,
        seq: u32,
        iterations: u32,
    ) -> Result<Option<usize>, CodecError> {
        let legal = state.legal_actions_for_vec(seat);
        if legal.is_empty() {
            return Ok(None);
        }
        if iterations == 0 {
            return Ok(Some(Self::pick(state_hash(state)?, seat, seq, legal.len())));
        }
        if legal.len() == 1 {
            return Ok(Some(0));
        }
        let mut h = blake3::Hasher::new();
        h.update(b"dwarfs takeover bot v3\0");
        h.update(&codec::encode(&state.observe(Viewer::Seat(seat)))?);
        h.update(&[seat.0]);
        h.update(&seq.to_le_bytes());
        h.update(&iterations.to_le_bytes());
        let mut rng = SeedStream::from_bytes(*h.finalize().as_bytes());
        let config = Level::Normal
            .config()
            .with_budget(Budget::iterations(iterations));
        let r = search(&SeatView::new(state, seat), &legal, &config, &mut rng);
        Ok(Some(r.index))
    }
}

/// Offline only: a state whose observation cannot be encoded (a bug its game's conformance test
/// reports) makes the bot take the first legal action.
impl<G: Game> Chooser<G> for TakeoverBot {
    fn pick(&mut self, state: &G, seat: Seat, _legal: &[G::Action]) -> usize {
        self.picks = self.picks.wrapping_add(1);
        TakeoverBot::choose(state, seat, self.picks, self.iterations)
            .ok()
            .flatten()
            .unwrap_or(0)
    }
}
