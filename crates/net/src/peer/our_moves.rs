//! The local seat's moves: those the app chose, in the one queue they wait in until the move
//! before them is final, and those the bot plays for a bot-played seat.

use super::Driver;
use crate::control::Update;
use dwarfs_engine::{Game, Seat, StateHash};
use std::collections::{BTreeMap, VecDeque};
use std::time::Duration;
use web_time::Instant;

/// The deterministic choice of a bot-played local seat: a function of the state (its hash), the
/// seat and our peer id, so a peer that resumes after a crash signs the same move again (never
/// two).
pub fn bot_pick(state: StateHash, seat: Seat, salt: &[u8], n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs net bot v1");
    h.update(&state.0);
    h.update(&[seat.0]);
    h.update(salt);
    let mut w = [0u8; 8];
    w.copy_from_slice(&h.finalize().as_bytes()[..8]);
    (u64::from_le_bytes(w) % n as u64) as usize
}

/// The local seat's moves.
pub(super) struct OurMoves<G: Game> {
    /// When each of our signed moves was sent, until it is final (for the latency report).
    pub(super) sent_at: BTreeMap<u32, Instant>,
    /// When the bot plays our next move.
    pub(super) next_bot: Option<Instant>,
    /// Moves the app chose, waiting for the move before them to be final.
    pub(super) from_app: VecDeque<G::Action>,
}

impl<G: Game> Default for OurMoves<G> {
    fn default() -> Self {
        OurMoves {
            sent_at: BTreeMap::new(),
            next_bot: None,
            from_app: VecDeque::new(),
        }
    }
}

impl<G: Game> Driver<G> {
    /// Signs the app's next chosen move once the session may take it; returns whether it did.
    pub(super) fn play_app_move(&mut self) -> bool {
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        if self.moves.from_app.is_empty() || !s.is_my_turn() {
            return false;
        }
        let Some(action) = self.moves.from_app.pop_front() else {
            return false;
        };
        let seq = s.final_seq() + 1;
        match s.submit_local_action(action) {
            Ok(()) => {
                self.moves.sent_at.insert(seq, Instant::now());
                true
            }
            Err(e) => {
                self.moves.from_app.clear();
                self.update(|| Update::Refused(e.to_string()));
                false
            }
        }
    }

    /// A staged choice is for consecutive moves of ours: once another seat's move lands before
    /// the rest of it was played, the rest no longer applies and is dropped, and the app told
    /// (it offers the choice again).
    pub(super) fn drop_stale_choice(&mut self, moved: Seat) {
        let ours = self.session.as_ref().and_then(|s| s.local_seat());
        if ours != Some(moved) && !self.moves.from_app.is_empty() {
            self.moves.from_app.clear();
            self.update(|| {
                Update::Refused(
                    "the game moved on before the rest of your choice was played: choose again"
                        .into(),
                )
            });
        }
    }

    /// Plays the local seat's move by the bot when it is ours to play; returns whether it did.
    pub(super) fn play_bot_move(&mut self) -> bool {
        if self.human() || self.hooks.cheated().is_some() {
            return false;
        }
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        if !s.is_my_turn() {
            self.moves.next_bot = None;
            return false;
        }
        if self.spec.timing.bot_delay_ms > 0 {
            match self.moves.next_bot {
                None => {
                    self.moves.next_bot =
                        Some(Instant::now() + Duration::from_millis(self.spec.timing.bot_delay_ms));
                    return false;
                }
                Some(t) if Instant::now() < t => return false,
                Some(_) => self.moves.next_bot = None,
            }
        }
        let seat = s.local_seat().unwrap_or(Seat(0));
        // The seat's own choices: its turn, or its part of a secret simultaneous step.
        let legal = s.state().legal_actions_for_vec(seat);
        if legal.is_empty() {
            return false;
        }
        let seq = s.final_seq() + 1;
        if self.hook_cheat(seat, seq, &legal) {
            return true;
        }
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        let Some(hash) = s.state_hash() else {
            return false; // the session halts on a state it cannot hash
        };
        let k = bot_pick(hash, seat, &self.id.peer.to_bytes(), legal.len());
        match s.submit_local_action(legal[k].clone()) {
            Ok(()) => {
                self.moves.sent_at.insert(seq, Instant::now());
                true
            }
            Err(e) => {
                tracing::warn!("bot move refused: {e}");
                false
            }
        }
    }
}
