//! Acks counted before their signatures are checked.
//!
//! An ack that arrives over the connection of the very peer whose seat signed it (the transport
//! authenticates the sender: noise over libp2p) counts towards finality at once, and its
//! signature is checked later, with the others waiting, in one ed25519 batch: by the driver on a
//! thread of its own ([`Session::take_signature_work`], its result given back with
//! [`Session::signature_verdict`]) or when the driver has nothing else to do
//! ([`Session::check_signatures`]), once a few are waiting; in the session itself before anything
//! is relayed or a takeover applied, and at the latest when the replay frames are polled once
//! [`DEFERRED_MOVES`] more moves are final (or the game is over). A check the session makes
//! itself makes any work handed out stale: its verdict is then ignored.
//!
//! **What an unchecked ack may do.** Only agree. Everything it can carry that we use is either
//! fixed before it is sent (its beacon reveal and re-roll link, checked against the seat's
//! committed chains) or a claim we compare with our own (its state hash). So an unchecked ack
//! counts only where the move becomes final in agreement and nothing of it is written: before a
//! move is final on anything else (a desync or a dispute, a blame for a beacon or re-commit
//! fault, a checkpoint or the end, whose frames store the acks' signatures), the acks it counts
//! are checked first (`try_finalize`). A move is never applied before its signature is checked
//! (`on_move`): an ack of ours on a move that turned out unsigned could not be taken back.
//!
//! **A bad signature gets the verdict it gets on arrival** (see `check_sig`): named
//! ([`CheatKind::BadSignature`], the ack as evidence), and the ack dropped as if it never came.
//! Nothing halts: the evidence convinces nobody else (anyone can make a bad signature), so a
//! peer that halted on it could only be handed to the bot by the others. What the dropped ack
//! was needed for, the seat's genuine ack (or its silence) gives, as for any ack that did not
//! arrive: asked for again by retransmission and sync (relayed items are checked before they are
//! used). If the move was already final in agreement, the state is the one the genuine ack
//! would give too (the dropped ack carried nothing we did not check or compare), and its slot
//! in our log is left empty, as after a resume.

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

/// The acks counted on the word of their connection, not checked yet.
#[derive(Clone, Debug, Default)]
pub(super) struct Deferred {
    /// The acks, in the order they arrived.
    pub(super) items: Vec<Ack>,
    /// How many were found with a bad signature and dropped, in all.
    dropped: u64,
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
            // Each author's key decoded once (a point decompression is a good part of a check).
            let mut keys: Vec<([u8; 32], Option<crate::keys::VerifyingKey>)> = Vec::new();
            self.items.iter().all(|(key, bytes, sig)| {
                let decoded = match keys.iter().find(|(k, _)| k == key) {
                    Some((_, v)) => *v,
                    None => {
                        let v = crate::keys::PublicKeyBytes(*key).verifier().ok();
                        keys.push((*key, v));
                        v
                    }
                };
                decoded.is_some_and(|k| k.verify_raw(bytes, sig))
            })
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

impl<G: Game> Session<G> {
    /// Checks the signatures of the acks counted on the word of the connection they came over
    /// (a driver calls it when it has nothing else to do: the check is off the critical path of
    /// the next move). Returns whether any were checked; poll the outputs again if so. A bad
    /// signature is reported as [`Event::Cheat`] and its ack dropped (see the module docs).
    pub fn check_signatures(&mut self) -> bool {
        let checked = self.checks_due() && self.check_deferred();
        if checked {
            self.advance();
        }
        checked
    }

    /// Checks every signature still waiting now, due or not, so that the replay frames they hold
    /// back can be polled: for a driver about to stop (its window closing), or one that wants
    /// its file whole at a quiet moment. Returns whether any were checked; poll the outputs
    /// again if so.
    pub fn check_signatures_now(&mut self) -> bool {
        let checked = self.check_deferred();
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
    /// checked first (a move's frames [`DEFERRED_MOVES`] moves later, a checkpoint, a takeover,
    /// a blame), it checks them itself and the verdict is ignored.
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
    fn signature_work(&self, items: &[Ack], ticket: u64) -> Option<SignatureWork> {
        let items = items
            .iter()
            .map(|a| {
                let key = self.author_key(a)?;
                let bytes = signed_bytes(Domain::Ack, &a.signed.body);
                Some((key.to_bytes(), bytes, a.signed.sig.0))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(SignatureWork { ticket, items })
    }

    /// The result of the work [`Session::take_signature_work`] handed out. When every signature
    /// holds, the items it covered count as checked (their replay frames are released); when
    /// one fails, the session checks them again one by one to name and drop the bad ones. A
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
                    .any(|a| a.signed.body.seq + IDLE_MOVES <= self.ledger.final_seq)
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

    /// The key of the seat that signed `a`, if a player holds it.
    fn author_key(&self, a: &Ack) -> Option<crate::keys::VerifyingKey> {
        self.seats
            .get(a.signed.body.seat.index())
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

    /// Whether an ack of move `seq` counted before its check is still unchecked.
    pub(super) fn unchecked_of(&self, seq: u32) -> bool {
        self.deferred.items.iter().any(|a| a.signed.body.seq == seq)
    }

    /// Checks every unchecked ack now (see [`Session::check_deferred`]) and returns whether a
    /// bad one was dropped: whatever was decided on the acks held must then be decided again.
    pub(super) fn check_deferred_dropped(&mut self) -> bool {
        let before = self.deferred.dropped;
        self.check_deferred();
        self.deferred.dropped != before
    }

    /// Checks every unchecked ack, as [`SignatureWork::run`] does (then one by one only to find
    /// the bad ones, which are named and dropped). Returns whether there was anything to check.
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
        for a in items {
            let holds = self
                .author_key(&a)
                .is_some_and(|k| verify(&k, Domain::Ack, &a.signed.body, &a.signed.sig));
            if !holds {
                self.bad_signature(a);
            }
        }
        true
    }

    /// A counted ack whose signature fails: named with the ack as evidence, as on arrival, and
    /// dropped from wherever it is held (a pending move's acks, or the slot of a move final in
    /// agreement, which stays empty). The game goes on.
    fn bad_signature(&mut self, a: Ack) {
        self.deferred.dropped += 1;
        let (seq, seat) = (a.signed.body.seq, a.signed.body.seat);
        let same = |x: &Option<Ack>| x.as_ref().is_some_and(|x| x.signed == a.signed);
        if let Some(held) = self
            .ledger
            .acks
            .get_mut(&seq)
            .and_then(|v| v.get_mut(seat.index()))
        {
            held.retain(|x| x.signed != a.signed);
        }
        if let Some(slot) = seq
            .checked_sub(1)
            .and_then(|i| self.ledger.log.get_mut(i as usize))
            .and_then(|e| e.acks.get_mut(seat.index()))
            .filter(|x| same(x))
        {
            *slot = None;
        }
        let peer = self.peer_of_seat_or(seat, self.local.peer);
        self.cheat(
            CheatKind::BadSignature,
            Some(seat),
            peer,
            seq,
            format!(
                "the ack of move {seq} that {seat}'s own peer sent has a signature that does \
                 not verify (dropped)"
            ),
            vec![LogItem::Ack(a)],
        );
    }
}
