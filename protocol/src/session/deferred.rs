//! Acks counted before their signatures are checked.
//!
//! An ack that arrives over the connection of the very peer whose seat signed it (the transport
//! authenticates the sender: noise over libp2p) is counted towards finality at once, and its
//! signature is checked later, with the others waiting, in one ed25519 batch: when the driver has
//! nothing else to do ([`Session::check_signatures`], once a few are waiting), before anything is
//! relayed or a takeover applied, and at the latest when the replay frames are polled once
//! [`DEFERRED_MOVES`] more moves are final (or the game is over). Replay frames wait for the
//! check, so no move is written on an ack whose signature fails. A bad signature is named
//! ([`CheatKind::BadSignature`], the ack as evidence) and the game halts: its author's own peer
//! sent it. Acks relayed by anyone else (log syncs) are checked before they are used.

use super::*;
use crate::keys::signed_bytes;
use crate::replay::{BatchVerifier, DalekBatch};

/// Fewer unchecked acks than this are checked one by one: an ed25519 batch pays for its random
/// coefficients and for decompressing every signature's point, and wins only from a few
/// signatures on.
const BATCH_MIN: usize = 6;

/// An idle driver's check waits until this many acks are unchecked, or one is this many moves
/// old, so that each batch is worth it.
const IDLE_BATCH: usize = 8;
const IDLE_MOVES: u32 = 2;

impl<G: Game> Session<G> {
    /// Checks the signatures of the acks counted on the word of the connection they came over
    /// (a driver calls it when it has nothing else to do: the check is off the critical path of
    /// the next move). Returns whether any were checked; poll the outputs again if so. A bad
    /// signature is reported as [`Event::Cheat`] and halts the game.
    pub fn check_signatures(&mut self) -> bool {
        let due = self.unchecked.len() >= IDLE_BATCH
            || self
                .unchecked
                .iter()
                .any(|a| a.signed.body.seq + IDLE_MOVES <= self.final_seq)
            || !matches!(self.phase, Phase::Playing);
        let checked = due && self.check_deferred();
        if checked {
            self.advance();
        }
        checked
    }

    /// Whether `ack`, received from `from`, came from its author's own peer: its signature may
    /// then be checked later (see the module docs).
    pub(super) fn sent_by_author(&self, from: &PeerId, ack: &Ack) -> bool {
        *from != self.local_peer
            && ack.signed.body.stage == AckStage::Applied
            && self
                .seats
                .get(ack.signed.body.seat.index())
                .and_then(|s| s.player.as_ref())
                .is_some_and(|p| p.peer == *from)
    }

    /// Checks every unchecked ack: in one batch from [`BATCH_MIN`] on (then one by one only to
    /// name a bad one), one by one below. Returns whether there was anything to check.
    pub(super) fn check_deferred(&mut self) -> bool {
        if self.unchecked.is_empty() {
            return false;
        }
        let acks = std::mem::take(&mut self.unchecked);
        let key = |s: &Self, a: &Ack| {
            s.seats
                .get(a.signed.body.seat.index())
                .and_then(|s| s.player.as_ref())
                .map(|p| p.verifier.clone())
        };
        if acks.len() >= BATCH_MIN {
            let mut batch = DalekBatch::default();
            for a in &acks {
                if let Some(k) = key(self, a) {
                    let message = signed_bytes(Domain::Ack, &a.signed.body);
                    batch.queue(&k.to_bytes(), &message, &a.signed.sig.0);
                }
            }
            if batch.verify_all() {
                return true;
            }
        }
        let bad = acks.into_iter().find(|a| {
            key(self, a).is_none_or(|k| !verify(&k, Domain::Ack, &a.signed.body, &a.signed.sig))
        });
        if let Some(a) = bad {
            self.bad_signature(a);
        }
        true
    }

    /// A counted ack whose signature fails: named with the ack as evidence; the replay is cut
    /// back to before its move (nothing of it was handed out yet) and the game halts.
    fn bad_signature(&mut self, a: Ack) {
        let (seq, seat) = (a.signed.body.seq, a.signed.body.seat);
        let peer = self.peer_of_seat_or(seat, self.local_peer);
        self.cheat(
            CheatKind::BadSignature,
            Some(seat),
            peer,
            seq,
            format!(
                "the ack of move {seq} that {seat}'s own peer sent has a signature that does not \
                 verify"
            ),
            vec![LogItem::Ack(a)],
        );
        // The frames from move `seq` on were held back: drop them.
        let cut = self
            .frame_index
            .iter()
            .find(|(k, _)| *k >= seq)
            .map_or(self.replay_log.len(), |(_, o)| *o);
        if cut >= self.replay_polled {
            self.replay_log.truncate(cut);
            self.frame_index.retain(|(_, o)| *o < cut);
            self.replay_out.clear();
            if cut > self.replay_polled {
                self.replay_out
                    .push_back(self.replay_log[self.replay_polled..].to_vec());
            }
        }
        self.halt(format!(
            "{seat} sent an ack of move {seq} with a bad signature"
        ));
    }
}
