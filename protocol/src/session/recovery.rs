//! Chat, retransmission, sync requests and answers, and silence reports.

use super::*;

impl<G: Game> Session<G> {
    // ----- chat -----

    pub(super) fn on_chat(&mut self, from: PeerId, c: Signed<ChatBody>) {
        let Some(seat) = c.body.seat else { return };
        if c.body.game_id != self.game_id || c.body.text.len() > MAX_CHAT_LEN {
            return;
        }
        // A flood of lines is dropped before its signatures are checked.
        if !self.limits.chat.allow(&from, self.clock.now) {
            return;
        }
        if !self.check_sig(
            from,
            seat,
            Domain::Chat,
            &c.body,
            &c.sig,
            self.ledger.final_seq,
            "chat",
        ) {
            return;
        }
        if self.chat_is_new(seat, c.body.counter) {
            self.events.push_back(Event::Chat {
                seat,
                text: c.body.text,
            });
        }
    }

    /// Whether chat line `counter` of `seat` is new, remembering it. Each seat's highest
    /// [`CHATS_SEEN_PER_SEAT`] counters are kept; one below all of them, when that many are
    /// held, counts as seen (a duplicate of an old line, or a line too late to show).
    fn chat_is_new(&mut self, seat: Seat, counter: u32) -> bool {
        let held: Vec<u32> = self
            .chat
            .seen
            .range((seat, 0)..=(seat, u32::MAX))
            .map(|(_, n)| *n)
            .collect();
        if held.len() >= CHATS_SEEN_PER_SEAT && held.first().is_some_and(|&low| counter < low) {
            return false;
        }
        if !self.chat.seen.insert((seat, counter)) {
            return false;
        }
        if held.len() >= CHATS_SEEN_PER_SEAT
            && let Some(&low) = held.first()
        {
            self.chat.seen.remove(&(seat, low));
        }
        true
    }

    // ----- retransmission and sync -----

    pub(super) fn sync_request(&self) -> SyncRequest {
        SyncRequest {
            game_id: self.game_id,
            // Resumed without the last final move's links: its acks are asked for again.
            from_seq: self.ledger.final_seq + u32::from(self.ledger.relink.is_none()),
            need_setup: self.phase == Phase::Seeding,
        }
    }

    pub(super) fn request_sync_from_someone(&mut self) {
        // The live players first (a seat handed to the bot may be gone), never ourselves.
        let mut peers: Vec<PeerId> = self.broadcast_peers();
        if peers.is_empty() {
            peers = self
                .seat_peers()
                .into_iter()
                .flatten()
                .filter(|p| *p != self.local.peer)
                .collect();
        }
        if peers.is_empty() {
            return;
        }
        let p = peers[self.spectator_rr % peers.len()];
        self.spectator_rr += 1;
        let req = self.sync_request();
        self.outbox.push_back(Transmit {
            to: Destination::Peer(p),
            message: Message::SyncRequest(req),
        });
    }

    /// Our own latest messages for the current step.
    pub(super) fn own_items(&self) -> Vec<Message> {
        let mut out = Vec::new();
        let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live) else {
            return out;
        };
        match self.phase {
            Phase::Seeding => out.extend(self.own_seed_items(me)),
            Phase::Playing => {
                out.extend(self.own_secret_items(me, self.ledger.final_seq + 1));
                if let Some(p) = &self.ledger.pending {
                    if let Some(m) = &p.mv
                        && m.body.seat == me
                    {
                        out.push(Message::Move(m.clone()));
                    }
                    if let Some(a) = self
                        .held_ack(p.seq, me.index(), self.counted_rank(p.seq))
                        .cloned()
                    {
                        out.push(Message::Ack(a));
                    }
                }
            }
            Phase::Settling => {
                if let Some(a) = &self.ledger.settled[me.index()] {
                    out.push(Message::Ack(a.clone()));
                }
            }
            _ => {}
        }
        // Our takeover votes still waiting for the others.
        for ((_, n), votes) in &self.takeover.votes {
            if *n > self.ledger.final_seq
                && let Some(v) = votes.get(&me)
            {
                out.push(Message::Takeover(v.clone()));
            }
        }
        out
    }

    pub(super) fn resend_own(&mut self, to: Destination) {
        for m in self.own_items() {
            self.send(to.clone(), m);
        }
    }

    pub(super) fn retransmit(&mut self) {
        if self.local.seat.is_none() || self.is_taken_over() {
            self.request_sync_from_someone();
            return;
        }
        self.send_disputed_move();
        // Peers we are missing something from.
        let live = self.live_player_seats();
        let me = self.local.seat.map(|s| s.index());
        let mut missing: Vec<usize> = Vec::new();
        match self.phase {
            Phase::Seeding => missing.extend(self.seed_missing()),
            Phase::Playing => match &self.ledger.pending {
                Some(p) => {
                    for &i in &live {
                        if !self.acked(p.seq, i) {
                            missing.push(i);
                        }
                    }
                }
                None => match self.ledger.state.to_act() {
                    Actor::Seat(s) if Some(s) != self.local.seat => {
                        missing.extend(live.iter().copied());
                    }
                    Actor::Simultaneous(_) => missing.extend(live.iter().copied()),
                    _ => {}
                },
            },
            Phase::Settling => {
                for &i in &live {
                    if self.ledger.settled[i].is_none() {
                        missing.push(i);
                    }
                }
            }
            _ => {}
        }
        // Resumed, the players that have not answered our sync yet (their answer may have been
        // lost): asked again below.
        if self.ledger.awaiting_resync {
            missing.extend(self.resync_pending());
        }
        // While a vote of ours waits, everyone live may hold the missing votes.
        if self.takeover.votes.iter().any(|((_, n), v)| {
            *n > self.ledger.final_seq && self.local.seat.is_some_and(|m| v.contains_key(&m))
        }) {
            missing = live.clone();
        }
        missing.retain(|i| Some(*i) != me);
        if missing.is_empty() {
            return;
        }
        let req = self.sync_request();
        let own = self.own_items();
        for &i in &missing {
            let Some(peer) = self.seats[i].player.as_ref().map(|p| p.peer) else {
                continue;
            };
            for m in &own {
                self.send(Destination::Peer(peer), m.clone());
            }
        }
        // Ask every live peer, not only those we lack something from: what a peer sent just
        // before it went silent (its ack, its commit) may have reached only some of the
        // others, and they are then the only ones who can pass it on.
        for i in live.into_iter().filter(|i| Some(*i) != me) {
            if let Some(peer) = self.seats[i].player.as_ref().map(|p| p.peer) {
                self.send(Destination::Peer(peer), Message::SyncRequest(req.clone()));
            }
        }
    }

    pub(super) fn answer_sync(&mut self, from: PeerId, req: &SyncRequest) {
        // Relay only acks whose signatures were checked (a bad one would be blamed on us).
        self.check_deferred();
        if matches!(self.phase, Phase::Halted(_)) {
            return;
        }
        let mut items = Vec::new();
        if req.need_setup || req.from_seq <= 1 {
            items.extend(
                self.seeding
                    .commits
                    .iter()
                    .flatten()
                    .cloned()
                    .map(LogItem::Commit),
            );
            if self.phase != Phase::Seeding || self.seeding.sent_reveal {
                items.extend(
                    self.seeding
                        .reveals
                        .iter()
                        .flatten()
                        .cloned()
                        .map(LogItem::Reveal),
                );
            }
            items.extend(self.seed_sync_items());
        }
        let from_seq = req.from_seq.max(1);
        let last = self
            .ledger
            .final_seq
            .min(from_seq.saturating_add(self.settings.sync_chunk));
        // Takeover votes, so a catching-up peer applies them at the same point: those of the
        // takeovers applied in the range asked (and at the move after it, and at its last final
        // move: a peer handed over at a move it already took as final rewinds), and those held
        // now.
        for (_, votes) in self
            .takeover
            .applied_votes
            .range(from_seq.saturating_sub(1)..)
            .take_while(|(n, _)| **n <= last.saturating_add(1))
        {
            items.extend(votes.iter().cloned().map(LogItem::Takeover));
        }
        for votes in self.takeover.votes.values() {
            items.extend(votes.values().cloned().map(LogItem::Takeover));
        }
        for seq in from_seq..=last {
            let Some(e) = self.ledger.log.get(seq as usize - 1) else {
                break;
            };
            if let Some(m) = &e.mv {
                items.push(LogItem::Move(m.clone()));
            }
            items.extend(e.secret.iter().cloned());
            items.extend(e.acks.iter().flatten().cloned().map(LogItem::Ack));
        }
        if last == self.ledger.final_seq {
            if let Some(p) = &self.ledger.pending
                && let Some(m) = &p.mv
            {
                items.push(LogItem::Move(m.clone()));
            }
            // Commitments, and reveals already sent by their seats, of steps not yet final.
            for v in self.secret.commits.values() {
                items.extend(v.iter().flatten().cloned().map(LogItem::SecretCommit));
            }
            for v in self.secret.reveals.values() {
                items.extend(v.iter().flatten().cloned().map(LogItem::SecretReveal));
            }
            for (seq, acks) in &self.ledger.acks {
                if *seq >= from_seq {
                    items.extend(acks.iter().flatten().cloned().map(LogItem::Ack));
                }
            }
            items.extend(
                self.ledger
                    .settled
                    .iter()
                    .flatten()
                    .cloned()
                    .map(LogItem::Ack),
            );
        }
        // Answered even with nothing to send: the answer says how far we are, and a peer
        // resumed exactly where we stand waits for it (and every other live player's) before it
        // plays again (`resync_answered`; else both would wait for each other). Requests are
        // rate-limited per peer, so an empty answer costs no more than a full one.
        self.outbox.push_back(Transmit {
            to: Destination::Peer(from),
            message: Message::LogSync(LogSync {
                game_id: self.game_id,
                final_seq: self.ledger.final_seq,
                items,
            }),
        });
    }

    /// The other seats we wait for now, and for what.
    pub(super) fn waiting_for(&self) -> Vec<(usize, Waiting)> {
        let live = self.live_player_seats();
        let mut silent: Vec<(usize, Waiting)> = Vec::new();
        match self.phase {
            Phase::Seeding => silent.extend(self.seed_waiting_for()),
            Phase::Playing => match &self.ledger.pending {
                Some(p) => {
                    for &i in &live {
                        if !self.acked(p.seq, i) {
                            silent.push((i, Waiting::Ack(p.seq)));
                        }
                    }
                }
                None => match self.ledger.state.to_act() {
                    Actor::Seat(s) => {
                        silent.push((s.index(), Waiting::Move(self.ledger.final_seq + 1)));
                    }
                    // A deciding seat that has not committed, or (once every commitment is
                    // held) has not revealed.
                    Actor::Simultaneous(set) => {
                        let seq = self.ledger.final_seq + 1;
                        let committed = |i: usize| {
                            self.secret
                                .commits
                                .get(&seq)
                                .is_some_and(|v| v[i].is_some())
                        };
                        let revealed = |i: usize| {
                            self.secret
                                .reveals
                                .get(&seq)
                                .is_some_and(|v| v[i].is_some())
                        };
                        let deciding: Vec<usize> = set
                            .iter()
                            .map(|s| s.index())
                            .filter(|&i| self.seats[i].live)
                            .collect();
                        let all_committed = deciding.iter().all(|&i| committed(i));
                        for &i in &deciding {
                            if !committed(i) {
                                silent.push((i, Waiting::Move(seq)));
                            } else if all_committed && !revealed(i) {
                                silent.push((i, Waiting::SecretReveal(seq)));
                            }
                        }
                    }
                    Actor::Chance | Actor::Over => {}
                },
            },
            Phase::Settling => {
                for &i in &live {
                    if self.ledger.settled[i].is_none() {
                        silent.push((i, Waiting::Ack(self.ledger.final_seq)));
                    }
                }
            }
            _ => {}
        }
        // Resumed, we play only once every other live player answered our sync: we wait for
        // those that have not (and may hand a gone one's seat to the bot, as for a move; in a
        // 2-player game the partner's, after the gone-timeout).
        if self.ledger.awaiting_resync && self.phase == Phase::Playing {
            for i in self.resync_pending() {
                if !silent.iter().any(|(j, _)| *j == i) {
                    silent.push((i, Waiting::Move(self.ledger.final_seq + 1)));
                }
            }
        }
        // Having voted at this move, we wait for the other required voters' votes. One that has
        // sent nothing for this move (no ack, no vote) is silent too: that is how a second dead
        // seat is found while everyone waits for the first one's move.
        if let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live)
            && matches!(self.phase, Phase::Playing | Phase::Settling)
        {
            let n = self.ledger.final_seq + 1;
            let mine = self.voted_against(me, n, &live);
            if self.votes_overdue(&mine) {
                for v in takeover::voters(&live, &mine) {
                    if v == me.index() || silent.iter().any(|(i, _)| *i == v) {
                        continue;
                    }
                    let voted_all = mine.iter().all(|&t| {
                        self.takeover
                            .votes
                            .get(&(Seat(t as u8), n))
                            .is_some_and(|m| m.contains_key(&Seat(v as u8)))
                    });
                    if !voted_all && !self.heard_at(v, n) {
                        silent.push((v, Waiting::Vote(n)));
                    }
                }
            }
        }
        silent.retain(|(i, _)| Some(Seat(*i as u8)) != self.local.seat);
        silent
    }

    /// Resumed from a file: the other live players whose answer to our sync has not caught us
    /// up with them yet.
    pub(super) fn resync_pending(&self) -> Vec<usize> {
        self.secret
            .resync
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| self.seats[i].live && Some(Seat(i as u8)) != self.local.seat)
            .collect()
    }

    /// Resumed from a file, ends the wait (`awaiting_resync`) once every other live player's
    /// answer to our sync caught us up with it; returns whether it just ended.
    ///
    /// **Why every one, and never a number.** Before the local seat signs anything for move
    /// `n`, it must hold whatever it signed for `n` before the crash: its journal record of it
    /// may be lost (written, not yet on disk, when the power went), and signing anew would be
    /// equivocation. Such a move is held by every live player that acked it, and if it is final
    /// anywhere, every live player acked it; so any honest live player's answer brings it back.
    /// But signed items only show what exists, never that nothing more does, and an answer's
    /// `final_seq` is unsigned: a player that answers "I am where you are" with no items cannot
    /// be told from an honest one that has nothing newer. So an answer counts for its own seat
    /// only (a lie hides only what its sender holds), and the wait ends once every other live
    /// player answered: it is then fooled only if every one of them lies (in a 2-player game,
    /// the partner alone; the README's trust model says so). A player that never answers is
    /// waited for like a silent seat, and once handed to the bot is no longer waited for.
    pub(super) fn resync_answered(&mut self) -> bool {
        if !self.ledger.awaiting_resync || !self.resync_pending().is_empty() {
            return false;
        }
        self.ledger.awaiting_resync = false;
        true
    }

    /// Whether seat `i` sent anything signed for move `n`: an ack, a vote, or the move itself.
    pub(super) fn heard_at(&self, i: usize, n: u32) -> bool {
        // An ack held aside at a re-roll position no takeover reached is no sign of life.
        let counted = self.counted_rank(n);
        self.ledger.acks.get(&n).is_some_and(|a| {
            a.get(i)
                .is_some_and(|v| v.iter().any(|a| super::moves::reroll_rank(a) <= counted))
        }) || self
            .takeover
            .votes
            .iter()
            .any(|((_, m), v)| *m == n && v.contains_key(&Seat(i as u8)))
            || self
                .ledger
                .pending
                .as_ref()
                .is_some_and(|p| p.seq == n && p.seat.index() == i && p.mv.is_some())
    }

    pub(super) fn report_silence(&mut self) {
        let silent = self.waiting_for();
        for (i, waiting) in silent {
            if Some(Seat(i as u8)) == self.local.seat {
                continue;
            }
            let Some(peer) = self.seats[i].player.as_ref().map(|p| p.peer) else {
                continue;
            };
            let key = (
                i as u8,
                match waiting {
                    Waiting::Move(s)
                    | Waiting::Ack(s)
                    | Waiting::Vote(s)
                    | Waiting::SecretReveal(s) => s,
                    _ => 0,
                },
                match waiting {
                    Waiting::Commit => 0,
                    Waiting::Reveal => 1,
                    Waiting::Move(_) => 2,
                    Waiting::Ack(_) => 3,
                    Waiting::Vote(_) => 4,
                    Waiting::SecretReveal(_) => 5,
                },
            );
            if !self.reported.silence.insert(key) {
                continue;
            }
            if waiting == Waiting::Reveal {
                let (detail, proof) = self.seed_withheld(i);
                self.cheat(
                    CheatKind::WithheldReveal,
                    Some(Seat(i as u8)),
                    peer,
                    0,
                    detail,
                    proof,
                );
            }
            if let Waiting::SecretReveal(seq) = waiting {
                let proof: Vec<LogItem> = self
                    .secret
                    .commits
                    .get(&seq)
                    .and_then(|v| v[i].clone())
                    .map(LogItem::SecretCommit)
                    .into_iter()
                    .collect();
                self.cheat(
                    CheatKind::WithheldReveal,
                    Some(Seat(i as u8)),
                    peer,
                    seq,
                    format!(
                        "committed to a secret choice at move {seq} but has not revealed it \
                         although every commitment is in"
                    ),
                    proof,
                );
            }
            self.events.push_back(Event::Silent {
                seat: Seat(i as u8),
                peer,
                waiting,
            });
        }
    }
}
