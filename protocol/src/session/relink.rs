//! The beacon links of the last final move after a resume: a takeover record carries them (the
//! links at the move before the takeover), but the replay file holds a move's links only at
//! checkpoints. A resumed session whose last final move is not one asks the peers for that
//! move's acks again ([`Session::sync_request`] starts one move back) and records no takeover
//! until every live seat's link is back.

use super::*;

impl<G: Game> Session<G> {
    /// The beacon links of the last final move for every live player seat, in seat order, from
    /// the log (the mover's from its signed move, ours from our own chain), or `None` while one
    /// is missing.
    pub(super) fn links_of_final(&mut self) -> Option<Vec<(Seat, crate::message::Link)>> {
        let n = self.final_seq;
        if n == 0 {
            return Some(Vec::new());
        }
        let own = self.chain.link(n);
        let e = self.log.get(n as usize - 1)?;
        self.live_player_seats()
            .into_iter()
            .map(|i| {
                let seat = Seat(i as u8);
                let link = if Some(seat) == self.local_seat {
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
                self.last_links = links;
                self.relink = None;
            }
            None => self.relink = hash,
        }
    }

    /// An ack of the last final move, its signature checked, while its links are missing: kept
    /// in the log if it signs the state after the move and its link follows its seat's chain.
    pub(super) fn on_relink_ack(&mut self, a: Ack) {
        let b = &a.signed.body;
        let i = b.seat.index();
        if Some(b.hash) != self.relink
            || b.stage != AckStage::Applied
            || b.seq != self.final_seq
            || !self.seats.get(i).is_some_and(|s| s.live)
        {
            return;
        }
        let Some(link) = b.reveal else { return };
        let follows = match self.trackers.get(i).copied().flatten() {
            Some(t) if t.pos == b.seq => t.link == link,
            Some(t) => t.check(b.seq, &link, self.config.beacon_segment),
            None => false,
        };
        if !follows {
            return;
        }
        let Some(slot) = self
            .log
            .get_mut(b.seq as usize - 1)
            .and_then(|e| e.acks.get_mut(i))
        else {
            return;
        };
        *slot = Some(a);
        let hash = self.relink;
        self.relink_from_log(hash);
        if self.relink.is_none() {
            self.progress();
        }
    }
}
