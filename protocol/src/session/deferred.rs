//! Moves and acks counted before their signatures are checked.
//!
//! A move or an ack that arrives over the connection of the very peer whose seat signed it (the
//! transport authenticates the sender: noise over libp2p) is applied or counted towards finality
//! at once, and its signature is checked later, with the others waiting, in one ed25519 batch:
//! by the driver on a thread of its own ([`Session::take_signature_work`], its result given back
//! with [`Session::signature_verdict`]) or when the driver has nothing else to do
//! ([`Session::check_signatures`]), once a few are waiting; in the session itself before anything
//! is relayed or a takeover applied, and at the latest when the replay frames are polled once
//! [`DEFERRED_MOVES`] more moves are final (or the game is over). A check the session makes
//! itself makes any work handed out stale: its verdict is then ignored. Replay frames wait for the
//! check, so no move is written on a move or ack whose signature fails. A bad signature is named
//! ([`CheatKind::BadSignature`], the item as evidence) and the game halts: its author's own peer
//! sent it. A move about to be blamed for anything else (out of turn, illegal, on another state,
//! a second one for its slot) has its signature checked first, so evidence always holds a valid
//! signature. Items relayed by anyone else (log syncs) are checked before they are used.

use super::*;
use crate::keys::SigBatch;
use crate::keys::signed_bytes;

/// Fewer unchecked acks than this are checked one by one: an ed25519 batch pays for its random
/// coefficients and for decompressing every signature's point, and wins only from a few
/// signatures on.
const BATCH_MIN: usize = 6;

/// An idle driver's check waits until this many acks are unchecked, or one is this many moves
/// old, so that each batch is worth it.
const IDLE_BATCH: usize = 8;
const IDLE_MOVES: u32 = 2;

/// The moves and acks counted on the word of their connection, not checked yet.
#[derive(Clone, Debug, Default)]
pub(super) struct Deferred {
    /// The items, in the order they arrived.
    pub(super) items: Vec<Unchecked>,
    /// The check handed to the driver: its ticket and how many of the first `items` it covers.
    handed_out: Option<(u64, usize)>,
    /// The last ticket handed out.
    tickets: u64,
}

/// Signature checks handed to the driver to run where it likes, off the thread that plays
/// ([`Session::take_signature_work`]): running them ([`SignatureWork::run`]) is a pure function
/// of what they hold, and needs nothing of the session.
#[derive(Clone, Debug)]
pub struct SignatureWork {
    ticket: u64,
    /// Each item's author key, signed bytes and signature.
    items: Vec<([u8; 32], Vec<u8>, [u8; 64])>,
}

impl SignatureWork {
    /// Checks every signature: in one ed25519 batch from a few on, one by one below.
    pub fn run(&self) -> SignatureVerdict {
        let all_hold = if self.items.len() >= BATCH_MIN {
            let mut batch = SigBatch::default();
            for (key, bytes, sig) in &self.items {
                batch.queue(key, bytes, sig);
            }
            batch.verify_all()
        } else {
            self.items
                .iter()
                .all(|(key, bytes, sig)| crate::keys::verify_bytes(key, bytes, sig))
        };
        SignatureVerdict {
            ticket: self.ticket,
            all_hold,
        }
    }
}

/// What [`SignatureWork::run`] found, for [`Session::signature_verdict`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignatureVerdict {
    ticket: u64,
    all_hold: bool,
}

/// A signed item counted on the word of its author's own connection.
#[derive(Clone, Debug)]
pub(super) enum Unchecked {
    /// An ack.
    Ack(Ack),
    /// A move (which carries its author's ack).
    Move(Signed<MoveBody>),
}

impl Unchecked {
    /// The move it is for.
    pub(super) fn seq(&self) -> u32 {
        match self {
            Unchecked::Ack(a) => a.signed.body.seq,
            Unchecked::Move(m) => m.body.seq,
        }
    }

    fn seat(&self) -> Seat {
        match self {
            Unchecked::Ack(a) => a.signed.body.seat,
            Unchecked::Move(m) => m.body.seat,
        }
    }

    fn signed_bytes(&self) -> Vec<u8> {
        match self {
            Unchecked::Ack(a) => signed_bytes(Domain::Ack, &a.signed.body),
            Unchecked::Move(m) => signed_bytes(Domain::Move, &m.body),
        }
    }

    fn sig(&self) -> &crate::keys::Signature {
        match self {
            Unchecked::Ack(a) => &a.signed.sig,
            Unchecked::Move(m) => &m.sig,
        }
    }

    fn holds(&self, key: &crate::keys::VerifyingKey) -> bool {
        match self {
            Unchecked::Ack(a) => verify(key, Domain::Ack, &a.signed.body, &a.signed.sig),
            Unchecked::Move(m) => verify(key, Domain::Move, &m.body, &m.sig),
        }
    }
}

impl<G: Game> Session<G> {
    /// Checks the signatures of the moves and acks counted on the word of the connection they came over
    /// (a driver calls it when it has nothing else to do: the check is off the critical path of
    /// the next move). Returns whether any were checked; poll the outputs again if so. A bad
    /// signature is reported as [`Event::Cheat`] and halts the game.
    pub fn check_signatures(&mut self) -> bool {
        let checked = self.checks_due() && self.check_deferred();
        if checked {
            self.advance();
        }
        checked
    }

    /// The signature checks due, handed to the driver to run off the thread that plays (the
    /// same checks [`Session::check_signatures`] makes in place, due at the same time): run them
    /// with [`SignatureWork::run`], on any thread, and give the result back with
    /// [`Session::signature_verdict`]. One at a time: `None` while a verdict is awaited. Until it
    /// comes, the items wait as before (replay frames included); should the session need them
    /// checked first (a move's frames [`DEFERRED_MOVES`] moves later, a takeover, a blame), it
    /// checks them itself and the verdict is ignored.
    pub fn take_signature_work(&mut self) -> Option<SignatureWork> {
        if self.deferred.handed_out.is_some() || !self.checks_due() {
            return None;
        }
        let work = self.signature_work(&self.deferred.items, self.deferred.tickets + 1)?;
        self.deferred.tickets = work.ticket;
        self.deferred.handed_out = Some((work.ticket, work.items.len()));
        Some(work)
    }

    /// The checks of `items` as work with `ticket`; `None` if a seat that signed one has no key.
    fn signature_work(&self, items: &[Unchecked], ticket: u64) -> Option<SignatureWork> {
        let items = items
            .iter()
            .map(|u| {
                let key = self.author_key(u)?;
                Some((key.to_bytes(), u.signed_bytes(), u.sig().0))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(SignatureWork { ticket, items })
    }

    /// The result of the work [`Session::take_signature_work`] handed out. When every signature
    /// holds, the items it covered count as checked (their replay frames are released); when
    /// one fails, the session checks them again one by one to name it (halting the game). A
    /// verdict for work made stale is ignored. Returns whether anything changed: poll the
    /// outputs again if so.
    pub fn signature_verdict(&mut self, verdict: SignatureVerdict) -> bool {
        let Some((ticket, count)) = self.deferred.handed_out else {
            return false;
        };
        if ticket != verdict.ticket {
            return false;
        }
        self.deferred.handed_out = None;
        if verdict.all_hold {
            self.deferred.items.drain(..count);
        } else {
            self.check_deferred();
        }
        self.advance();
        true
    }

    /// Whether the items waiting are worth a check now: a batch's worth, one a few moves old,
    /// or the game no longer under way.
    fn checks_due(&self) -> bool {
        !self.deferred.items.is_empty()
            && (self.deferred.items.len() >= IDLE_BATCH
                || self
                    .deferred
                    .items
                    .iter()
                    .any(|a| a.seq() + IDLE_MOVES <= self.final_seq)
                || !matches!(self.phase, Phase::Playing))
    }

    /// Where the replay's frames of move `seq` and later start (its length if there are none):
    /// what an unchecked item of move `seq` holds back.
    pub(super) fn frames_from(&self, seq: u32) -> usize {
        self.replay
            .frame_index
            .iter()
            .find(|(k, _)| *k >= seq)
            .map_or(self.replay.log.len(), |(_, o)| *o)
    }

    /// The key of the seat that signed `u`, if a player holds it.
    fn author_key(&self, u: &Unchecked) -> Option<crate::keys::VerifyingKey> {
        self.seats
            .get(u.seat().index())
            .and_then(|s| s.player.as_ref())
            .map(|p| p.verifier)
    }

    /// Whether `ack`, received from `from`, came from its author's own peer: its signature may
    /// then be checked later (see the module docs).
    pub(super) fn sent_by_author(&self, from: &PeerId, ack: &Ack) -> bool {
        *from != self.local.peer
            && ack.signed.body.stage == AckStage::Applied
            && self
                .seats
                .get(ack.signed.body.seat.index())
                .and_then(|s| s.player.as_ref())
                .is_some_and(|p| p.peer == *from)
    }

    /// Whether move `m`, received from `from`, came from its author's own peer: its signature
    /// may then be checked later (see the module docs).
    pub(super) fn move_sent_by_author(&self, from: &PeerId, m: &Signed<MoveBody>) -> bool {
        *from != self.local.peer
            && self
                .seats
                .get(m.body.seat.index())
                .filter(|s| s.live)
                .and_then(|s| s.player.as_ref())
                .is_some_and(|p| p.peer == *from)
    }

    /// A move about to be blamed (out of turn, illegal, on another state) or taken as one side
    /// of an equivocation: if its signature was not checked yet, it is now. Returns whether it
    /// failed (then named as a bad signature, and the game halted).
    pub(super) fn unchecked_move_fails(&mut self, m: &Signed<MoveBody>) -> bool {
        let Some(k) = self
            .deferred
            .items
            .iter()
            .position(|u| matches!(u, Unchecked::Move(x) if x == m))
        else {
            return false;
        };
        // The work handed out covers the items by position: stale now.
        self.deferred.handed_out = None;
        let u = self.deferred.items.remove(k);
        if self.author_key(&u).is_some_and(|k| u.holds(&k)) {
            return false;
        }
        self.bad_signature(u);
        true
    }

    /// Checks every unchecked move and ack, as [`SignatureWork::run`] does (then one by one only
    /// to name a bad one). Returns whether there was anything to check.
    pub(super) fn check_deferred(&mut self) -> bool {
        // Any work handed out is stale from here: these are checked now.
        self.deferred.handed_out = None;
        if self.deferred.items.is_empty() {
            return false;
        }
        let items = std::mem::take(&mut self.deferred.items);
        if self
            .signature_work(&items, 0)
            .is_some_and(|w| w.run().all_hold)
        {
            return true;
        }
        let bad = items
            .into_iter()
            .find(|a| self.author_key(a).is_none_or(|k| !a.holds(&k)));
        if let Some(a) = bad {
            self.bad_signature(a);
        }
        true
    }

    /// A counted move or ack whose signature fails: named with the item as evidence; the replay
    /// is cut back to before its move (nothing of it was handed out yet) and the game halts.
    fn bad_signature(&mut self, a: Unchecked) {
        let (seq, seat) = (a.seq(), a.seat());
        let what = match a {
            Unchecked::Ack(_) => "the ack of move",
            Unchecked::Move(_) => "move",
        };
        let proof = match a {
            Unchecked::Ack(a) => LogItem::Ack(a),
            Unchecked::Move(m) => LogItem::Move(m),
        };
        let peer = self.peer_of_seat_or(seat, self.local.peer);
        self.cheat(
            CheatKind::BadSignature,
            Some(seat),
            peer,
            seq,
            format!(
                "{what} {seq} that {seat}'s own peer sent has a signature that does not verify"
            ),
            vec![proof],
        );
        // The frames from move `seq` on were held back: drop them.
        let cut = self.frames_from(seq);
        if cut >= self.replay.polled {
            self.replay.log.truncate(cut);
            self.replay.frame_index.retain(|(_, o)| *o < cut);
            self.replay.out.clear();
            if cut > self.replay.polled {
                self.replay
                    .out
                    .push_back(self.replay.log[self.replay.polled..].to_vec());
            }
        }
        self.halt(format!("{seat} sent {what} {seq} with a bad signature"));
    }
}
