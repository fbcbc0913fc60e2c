//! The beacon links of the last final move after a resume: a takeover record carries them (the
//! links at the move before the takeover), but in a game of 3 or more the replay file holds a
//! move's links only at checkpoints (a 2-player game's holds them at every move, see
//! `MoveRecord::beacon`). A resumed session whose last final move's links are not in its file
//! asks the peers for that move's acks again ([`Session::sync_request`] starts one move back)
//! and records no takeover until every live seat's link is back. So does one whose last move
//! ended the game by itself: the end record it writes repeats that move's acks.

use super::*;

impl<G: Game> Session<G> {
    /// The beacon links of the last final move for every live player seat, in seat order, from
    /// the log (the mover's from its signed move, ours from our own chain), or `None` while one
    /// is missing.
    pub(super) fn links_of_final(&mut self) -> Option<Vec<(Seat, crate::message::Link)>> {
        let n = self.ledger.final_seq;
        if n == 0 {
            return Some(Vec::new());
        }
        let own = self.local.chain.link(n);
        let e = self.ledger.log.get(n as usize - 1)?;
        self.live_player_seats()
            .into_iter()
            .map(|i| {
                let seat = Seat(i as u8);
                let link = if Some(seat) == self.local.seat {
                    Some(own)
                } else if let Some(m) = e.mv.as_ref().filter(|m| m.body.seat == seat) {
                    Some(m.body.reveal)
                } else {
                    e.acks
                        .get(i)
                        .and_then(|a| a.as_ref())
                        .and_then(|a| a.signed.body.reveal)
                };
                link.map(|l| (seat, l))
            })
            .collect()
    }

    /// Takes the last final move's links from the log if every live seat's is there; otherwise
    /// waits for its acks again, signed on `hash` (the state right after the move).
    pub(super) fn relink_from_log(&mut self, hash: Option<StateHash>) {
        match self.links_of_final() {
            Some(links) => {
                self.ledger.last_links = links;
                self.ledger.relink = None;
            }
            None => self.ledger.relink = hash,
        }
    }

    /// An ack of the last final move, its signature checked, while its links are missing: kept
    /// in the log if it signs the state after the move and its link follows its seat's chain.
    pub(super) fn on_relink_ack(&mut self, a: Ack) {
        let b = &a.signed.body;
        let i = b.seat.index();
        if Some(b.hash) != self.ledger.relink
            || b.stage != AckStage::Applied
            || b.seq != self.ledger.final_seq
            || !self.seats.get(i).is_some_and(|s| s.live)
        {
            return;
        }
        let Some(link) = b.reveal else { return };
        let follows = match self.ledger.trackers.get(i).copied().flatten() {
            Some(t) if t.pos == b.seq => t.link == link,
            Some(t) => t.check(b.seq, &link, self.config.beacon_segment),
            None => false,
        };
        if !follows {
            return;
        }
        let Some(slot) = self
            .ledger
            .log
            .get_mut(b.seq as usize - 1)
            .and_then(|e| e.acks.get_mut(i))
        else {
            return;
        };
        *slot = Some(a);
        let hash = self.ledger.relink;
        self.relink_from_log(hash);
        if self.ledger.relink.is_none() {
            self.progress();
        }
    }
}

impl<G: Game> Session<G> {
    /// Resumed from a file that ends with the game's last move, which ended it without a chance
    /// point, but not with the end record (the process stopped between the two frames): writes
    /// the end record as a peer that played through did, once every live seat's ack of that
    /// move is held (the mover's is its move; ours is signed again, the same bytes). Returns
    /// whether the game ended. Only in `Playing`: a game that a chance point ended resumes in
    /// `Settling` instead (see `Session::resume_with_journal`).
    pub(super) fn end_after_resume(&mut self) -> bool {
        let k = self.ledger.final_seq;
        if self.ledger.relink.is_some()
            || self.phase != Phase::Playing
            || self.ledger.pending.is_some()
            || k == 0
            || self.ledger.state.to_act() != Actor::Over
        {
            return false;
        }
        let Some(hash) = self.current_hash() else {
            return false;
        };
        let Some(e) = self.ledger.log.get(k as usize - 1) else {
            return false;
        };
        let live = self.live_player_seats();
        // As in `try_finalize`: the mover's ack is folded into its move, except after a
        // takeover at the move.
        let mover =
            e.mv.as_ref()
                .map(|m| m.body.seat.index())
                .filter(|i| self.reroll_pos(k).is_none() && live.contains(i));
        let held: Vec<(usize, Option<AckRecord>)> = live
            .iter()
            .filter(|&&i| Some(i) != mover)
            .map(|&i| {
                let rec = e.acks.get(i).and_then(|a| a.as_ref()).map(AckRecord::of);
                (i, rec)
            })
            .collect();
        let mut acks = Vec::new();
        for (i, rec) in held {
            acks.push(match rec {
                Some(rec) => rec,
                None if Some(Seat(i as u8)) == self.local.seat => {
                    self.own_ack_record(Seat(i as u8), k, hash)
                }
                None => return false,
            });
        }
        self.push_frame(Frame::Final(FinalRecord {
            seq: k,
            stage: AckStage::Applied,
            acks,
            beacon: self.ledger.last_links.iter().map(|l| l.1).collect(),
        }));
        self.game_over();
        true
    }

    /// Our ack (as `seat`, ours) of move `seq`, whose state hashes to `hash`, as the replay
    /// stores it, signed again: the same body, so the same signature as the ack we sent then.
    fn own_ack_record(&mut self, seat: Seat, seq: u32, hash: StateHash) -> AckRecord {
        let body = self.own_applied_ack_body(seat, seq, hash);
        AckRecord {
            seat: body.seat,
            sig: self.local.signer.sign(Domain::Ack, &body),
            next_tip: body.next_tip,
        }
    }
}
