//! Acks that disagree on the state after a signed move: before the session reports a desync, the
//! peers that disagree exchange the signed move they hold for it. A mover that signed two
//! different moves for one number and sent each to some of the peers (so that no peer received
//! both) is then caught: a peer that ends up holding both names the equivocation with the two
//! signed moves as proof (see `moves.rs`, `second_move`) and relays it. A disagreeing peer that
//! holds the very same move confirms a real desync, which is reported at once; one that sends
//! nothing is waited for half of [`Settings::silence_ms`] at most, so that our verdict (and the
//! evidence we relay, see `on_evidence`) reaches the peers who are past the move before they
//! could report us silent while a cheater keeps us waiting.
//!
//! What a remote peer can make us do here is bounded: one dispute per move (the session stops at
//! a desync or an equivocation), our move sent to each disagreeing peer once when the dispute
//! starts and once per retransmission period while it lasts; what comes back is an ordinary
//! move, checked as one (its signature at once, as it is relayed).

use super::*;

/// A disagreement on the state after move `seq`, whose signed move we hold.
#[derive(Clone, Debug)]
pub(super) struct Dispute {
    seq: u32,
    /// The digest of the signed move we applied ([`crate::message::move_digest`]).
    digest: [u8; 32],
    /// When it started (our logical time).
    since: u64,
    /// The seats whose acks disagree with ours (the mover aside), by index.
    seats: BTreeSet<u8>,
    /// Those of `seats` whose peer sent us the very move we hold: a real desync.
    confirmed: BTreeSet<u8>,
}

impl<G: Game> Session<G> {
    /// The acks of the pending move disagree with our state (`claims`, with `local` our hash):
    /// whether to wait for the disagreeing peers' signed moves before calling it a desync.
    /// Starts (or goes on with) the exchange; false once a desync is all that is left to report
    /// (every disagreeing peer holds our move, or was silent for `silence_ms`, or there is no
    /// signed move to exchange).
    pub(super) fn dispute_pending(
        &mut self,
        claims: &[lockstep::AckClaim],
        local: StateHash,
    ) -> bool {
        let Some((seq, mv)) = self
            .ledger
            .pending
            .as_ref()
            .and_then(|p| p.mv.as_ref().map(|m| (p.seq, m.clone())))
        else {
            return false;
        };
        // The mover's own claim is in the move we hold: nothing to exchange with it.
        let seats: BTreeSet<u8> = claims
            .iter()
            .filter(|c| c.hash != local && c.seat != mv.body.seat)
            .filter(|c| Some(c.seat) != self.local.seat)
            .map(|c| c.seat.0)
            .collect();
        if seats.is_empty() {
            return false;
        }
        let digest = crate::message::move_digest(&mv);
        match &mut self.dispute {
            Some(d) if d.seq == seq && d.digest == digest => {
                d.seats.extend(seats);
                let open = d.seats.difference(&d.confirmed).next().is_some();
                return open
                    && self.clock.now < d.since.saturating_add(self.settings.silence_ms / 2);
            }
            _ => {}
        }
        self.dispute = Some(Dispute {
            seq,
            digest,
            since: self.clock.now,
            seats,
            confirmed: BTreeSet::new(),
        });
        self.send_disputed_move();
        true
    }

    /// Sends the move we hold for the disputed move to every disagreeing peer that has not
    /// confirmed holding it too (when the dispute starts, and at each retransmission).
    pub(super) fn send_disputed_move(&mut self) {
        let Some(d) = &self.dispute else { return };
        let Some(mv) = self
            .ledger
            .pending
            .as_ref()
            .filter(|p| p.seq == d.seq)
            .and_then(|p| p.mv.clone())
            .filter(|m| crate::message::move_digest(m) == d.digest)
        else {
            return;
        };
        let peers: Vec<PeerId> = d
            .seats
            .difference(&d.confirmed)
            .filter_map(|&i| self.seats.get(i as usize))
            .filter_map(|s| s.player.as_ref().map(|p| p.peer))
            .collect();
        for peer in peers {
            self.send(Destination::Peer(peer), Message::Move(mv.clone()));
        }
    }

    /// A move `from` sent us: if `from` is a disagreeing peer of the dispute and the move is the
    /// one we hold, that peer confirms a real desync. (A different move by the same author goes
    /// on to `on_move`, which names the equivocation.)
    pub(super) fn note_disputed_move(&mut self, from: &PeerId, m: &Signed<MoveBody>) {
        let Some(seat) = self.seat_of_peer(from) else {
            return;
        };
        let Some(d) = self.dispute.as_mut() else {
            return;
        };
        if d.seq == m.body.seq
            && d.seats.contains(&seat.0)
            && crate::message::move_digest(m) == d.digest
        {
            d.confirmed.insert(seat.0);
        }
    }

    /// Whether a dispute waits only for its time to run out (checked at each tick).
    pub(super) fn dispute_expired(&self) -> bool {
        self.dispute
            .as_ref()
            .is_some_and(|d| self.clock.now >= d.since.saturating_add(self.settings.silence_ms / 2))
    }
}
