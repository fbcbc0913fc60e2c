//! Moves and acks: receiving, checking and applying signed moves, and signing our acks.

use super::*;

impl<G: Game> Session<G> {
    // ----- what the local seat signed (see `Session::resume_with_journal`) -----

    /// Whether the local seat already signed, for move `seq`, an item for another action than
    /// `action` (the canonical encoding).
    pub(super) fn signed_otherwise(&self, seq: u32, seat: Seat, action: &[u8]) -> bool {
        match self.journal.own_signed.get(&seq) {
            None => false,
            Some(SignedRecord::Move(m)) => m.body.seat != seat || m.body.action != action,
            Some(SignedRecord::SecretCommit(c)) => {
                let base = self.own_secret("secret choice salt");
                let salt = crate::secret::salt(&base, seq);
                c.body.seat != seat
                    || c.body.digest
                        != crate::secret::commitment(&self.game_id, seq, seat, action, &salt)
            }
        }
    }

    /// Remembers an item the local seat signed and queues it for the signing journal (to be
    /// written before it is sent).
    pub(super) fn record_signed(&mut self, record: SignedRecord) {
        let seq = record.seq();
        if self.journal.own_signed.contains_key(&seq) {
            return;
        }
        let mut bytes = Vec::new();
        if !self.journal.started {
            self.journal.started = true;
            bytes.extend_from_slice(JOURNAL_MAGIC);
        }
        bytes.extend(encode_record(&record));
        self.journal.out.push_back(bytes);
        self.sent_news();
        self.journal.own_signed.insert(seq, record);
    }

    /// An item the local seat signed for the next move before a crash, taken up again once the
    /// move is its to play from the same state: the move is played (and sent) again as signed,
    /// the secret commitment is held again (and its reveal rebuilt). Returns whether a move was
    /// played.
    pub(super) fn replay_own_signed(&mut self) -> bool {
        let seq = self.ledger.final_seq + 1;
        let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live) else {
            return false;
        };
        if self.ledger.awaiting_resync || self.ledger.pending.is_some() {
            return false;
        }
        match self.journal.own_signed.get(&seq).cloned() {
            Some(SignedRecord::Move(m)) if self.ledger.state.to_act() == Actor::Seat(me) => {
                if Some(m.body.prev) != self.current_hash() {
                    return false;
                }
                let Ok(action) = codec::decode::<G::Action>(&m.body.action) else {
                    return false;
                };
                let mut next = self.ledger.state.clone();
                let Ok(events) = next.play(me, &action) else {
                    return false;
                };
                self.send(Destination::Broadcast, Message::Move(m.clone()));
                self.applied(me, action, Some(m), next, events, false);
                self.sent_news();
                true
            }
            Some(SignedRecord::SecretCommit(c)) if !self.committed(me, seq) => {
                if Some(c.body.prev) != self.current_hash()
                    || !matches!(self.ledger.state.to_act(), Actor::Simultaneous(set) if set.contains(me))
                {
                    return false;
                }
                let n = self.seats.len();
                self.secret
                    .commits
                    .entry(seq)
                    .or_insert_with(|| vec![None; n])[me.index()] = Some(c.clone());
                self.recover_my_secret(me, seq);
                self.send(Destination::Broadcast, Message::SecretCommit(c));
                self.sent_news();
                false
            }
            _ => false,
        }
    }

    // ----- moves and acks -----

    /// A move for a sequence number that already has one (`known`): the same move again is a
    /// harmless duplicate, another move by the same seat is equivocation (both kept as proof),
    /// and a move by another seat is out of turn.
    pub(super) fn second_move(
        &mut self,
        known: Option<Signed<MoveBody>>,
        m: Signed<MoveBody>,
        author: Seat,
        author_peer: PeerId,
    ) {
        let seq = m.body.seq;
        match known {
            Some(old) if old == m => {}
            Some(old) if old.body.seat == m.body.seat => self.cheat(
                CheatKind::Equivocation,
                Some(author),
                author_peer,
                seq,
                format!("two different signed moves for move {seq}"),
                vec![LogItem::Move(old), LogItem::Move(m)],
            ),
            _ => self.cheat(
                CheatKind::OutOfTurn,
                Some(author),
                author_peer,
                seq,
                format!("move {seq} was another seat's to play"),
                vec![LogItem::Move(m)],
            ),
        }
    }

    pub(super) fn on_move(&mut self, from: PeerId, m: Signed<MoveBody>) {
        let seq = m.body.seq;
        if self.dispute.is_some() {
            self.note_disputed_move(&from, &m);
        }
        // A byte-identical copy of a move we hold (retransmission, sync) was verified already.
        let held = (seq >= 1
            && seq <= self.ledger.final_seq
            && self
                .ledger
                .log
                .get(seq as usize - 1)
                .is_some_and(|e| e.mv.as_ref() == Some(&m)))
            || self
                .ledger
                .pending
                .as_ref()
                .is_some_and(|p| p.mv.as_ref() == Some(&m))
            || self
                .ledger
                .future_moves
                .get(&seq)
                .is_some_and(|v| v.contains(&m));
        if held {
            return;
        }
        // Checked before anything else, even from its author's own peer: we sign an ack of the
        // state after it, which could not be taken back (see `deferred.rs`).
        if !self.check_sig(
            from,
            m.body.seat,
            Domain::Move,
            &m.body,
            &m.sig,
            seq,
            "move",
        ) {
            return;
        }
        let author = m.body.seat;
        let author_peer = self.seats[author.index()]
            .player
            .as_ref()
            .map(|p| p.peer)
            .unwrap_or(from);
        if m.body.game_id != self.game_id {
            self.cheat(
                CheatKind::WrongGame,
                Some(author),
                author_peer,
                seq,
                "move signed for another game".into(),
                vec![LogItem::Move(m)],
            );
            return;
        }
        if seq == 0 {
            return;
        }
        // A seat handed to the bot: its peer may not know yet (an honest, slow peer), so its
        // moves are dropped without blame, except its own move that the takeover let stand.
        if !self.seats[author.index()].live {
            let stands = self
                .takeover
                .seat_move
                .is_some_and(|(n, d)| n == seq && crate::message::move_digest(&m) == d);
            let open = seq == self.ledger.final_seq + 1 && self.ledger.pending.is_none();
            if stands && open {
                let slot = self.ledger.future_moves.entry(seq).or_default();
                if !slot.contains(&m) {
                    slot.push(m);
                }
            }
            return;
        }
        // Already final: duplicate or equivocation.
        if seq <= self.ledger.final_seq {
            let known = self.ledger.log[seq as usize - 1].mv.clone();
            self.second_move(known, m, author, author_peer);
            return;
        }
        if let Some(p) = &self.ledger.pending
            && p.seq == seq
        {
            let known = p.mv.clone();
            self.second_move(known, m, author, author_peer);
            return;
        }
        if seq > self.ledger.final_seq + WINDOW {
            return;
        }
        let slot = self.ledger.future_moves.entry(seq).or_default();
        if !slot.contains(&m) && slot.len() < 4 {
            slot.push(m);
        }
    }

    /// Applies a buffered move for the next seq if the state waits for one.
    pub(super) fn try_buffered_move(&mut self) -> bool {
        let seq = self.ledger.final_seq + 1;
        let Some(mut moves) = self.ledger.future_moves.remove(&seq) else {
            return false;
        };
        if moves.is_empty() {
            return false;
        }
        let m = moves.remove(0);
        let author = m.body.seat;
        let author_peer = match self.seats[author.index()].player.as_ref() {
            Some(p) => p.peer,
            None => return false,
        };
        if !self.seats[author.index()].live {
            // Handed to the bot since it was buffered: dropped (see `on_move`).
            self.requeue(seq, moves);
            return true;
        }
        let to_act = self.ledger.state.to_act();
        if to_act != Actor::Seat(author) {
            let who = match to_act {
                Actor::Seat(s) if self.seats[s.index()].live => s.to_string(),
                Actor::Seat(s) => format!("the bot for {s}"),
                Actor::Simultaneous(set) => format!("seats {set:?} in secret"),
                Actor::Chance => "chance".into(),
                Actor::Over => "nobody (the game is over)".into(),
            };
            let why = format!("{author} signed move {seq}, but {who} acts now");
            // Out of turn proves nothing about the other moves held for this number.
            self.refuse_buffered(
                m,
                seq,
                author_peer,
                CheatKind::OutOfTurn,
                why,
                Then::Requeue(moves),
            );
            return true;
        }
        let Some(local) = self.current_hash() else {
            return true;
        };
        if m.body.prev != local {
            let why = format!(
                "move {seq} claims to follow state {} but the state is {}",
                m.body.prev.short(),
                local.short()
            );
            // Either a cheat or a peer whose state differs from ours (a desync in the chance
            // resolution): nothing can be rolled back, so the session stops here.
            let halt =
                format!("{author}'s move {seq} follows a state we do not have (desync or cheat)");
            self.refuse_buffered(
                m,
                seq,
                author_peer,
                CheatKind::PrevHashMismatch,
                why,
                Then::Halt(halt),
            );
            return true;
        }
        let action: G::Action = match codec::decode_frame(&m.body.action) {
            Ok(a) => a,
            Err(e) => {
                let why = format!("move {seq} is not a valid action: {e}");
                let halt = format!("{author} signed an illegal move {seq}");
                self.refuse_buffered(
                    m,
                    seq,
                    author_peer,
                    CheatKind::IllegalMove,
                    why,
                    Then::Halt(halt),
                );
                return true;
            }
        };
        let mut next = self.ledger.state.clone();
        match next.play(author, &action) {
            Ok(events) => {
                self.applied(author, action, Some(m), next, events, false);
                // Anything else buffered for this seq is now a duplicate or an equivocation.
                for other in moves {
                    self.on_move(author_peer, other);
                }
            }
            Err(e) => {
                let desc = self.ledger.state.describe(&action);
                let why = format!("move {seq} ({desc}) is illegal: {e}");
                let halt = format!("{author} signed an illegal move {seq}");
                self.refuse_buffered(
                    m,
                    seq,
                    author_peer,
                    CheatKind::IllegalMove,
                    why,
                    Then::Halt(halt),
                );
            }
        }
        true
    }

    /// A buffered move refused as a cheat, the one way: reported with itself as the proof, then
    /// either the other moves held for its number wait on, or the session halts.
    fn refuse_buffered(
        &mut self,
        m: Signed<MoveBody>,
        seq: u32,
        author_peer: PeerId,
        kind: CheatKind,
        why: String,
        then: Then,
    ) {
        let author = m.body.seat;
        self.cheat(
            kind,
            Some(author),
            author_peer,
            seq,
            why,
            vec![LogItem::Move(m)],
        );
        match then {
            Then::Requeue(moves) => self.requeue(seq, moves),
            Then::Halt(reason) => self.halt(reason),
        }
    }

    pub(super) fn requeue(&mut self, seq: u32, moves: Vec<Signed<MoveBody>>) {
        if !moves.is_empty() {
            self.ledger.future_moves.insert(seq, moves);
        }
    }

    /// Records a move applied to `next` as pending, and sends our ack.
    pub(super) fn applied(
        &mut self,
        seat: Seat,
        action: G::Action,
        mv: Option<Signed<MoveBody>>,
        next: G,
        events: Vec<G::Event>,
        by_bot: bool,
    ) {
        let seq = self.ledger.final_seq + 1;
        let description = self.ledger.state.describe(&action);
        let before = std::mem::replace(&mut self.ledger.state, next);
        // Our own signed move carries the hash of the state after it, computed when signing.
        self.ledger.hash_cache = mv
            .as_ref()
            .filter(|m| Some(m.body.seat) == self.local.seat && m.body.seq == seq)
            .map(|m| m.body.hash);
        let Some(hash) = self.current_hash() else {
            return;
        };
        self.ledger.pending = Some(Pending {
            seq,
            seat,
            action: action.clone(),
            mv,
            hash,
            before,
            secret: None,
        });
        self.progress();
        self.events.push_back(Event::MoveApplied {
            seq,
            seat,
            action,
            description,
            events,
            by_bot,
        });
        self.ack_applied(seq, hash);
    }

    /// Our beacon link at position `seq`, and on a segment's last position the re-commit to the
    /// next segment's tip: what our ack of move `seq` (or our move `seq` itself) reveals.
    pub(super) fn own_beacon(
        &mut self,
        seq: u32,
    ) -> (crate::message::Link, Option<crate::message::Link>) {
        let next_tip = if self.local.chain.is_segment_end(seq) {
            let seg = self.local.chain.segment_of(seq) + 1;
            Some(self.local.chain.tip(seg))
        } else {
            None
        };
        (self.local.chain.link(seq), next_tip)
    }

    /// The body of our ack (as `seat`) of applied move `seq`, whose state hashes to `hash`: our
    /// beacon link and next tip, and our re-roll link where a takeover asks for one. A function
    /// of the move, so an ack signed again after a resume is the ack we sent.
    pub(super) fn own_applied_ack_body(
        &mut self,
        seat: Seat,
        seq: u32,
        hash: StateHash,
    ) -> AckBody {
        let (reveal, next_tip) = self.own_beacon(seq);
        let reroll = self.reroll_pos(seq).map(|pos| crate::message::RerollLink {
            pos,
            link: self.local.reroll_chain.link(pos),
        });
        AckBody {
            game_id: self.game_id,
            seq,
            seat,
            stage: AckStage::Applied,
            hash,
            next_tip,
            reveal: Some(reveal),
            reroll,
        }
    }

    /// Signs and sends our ack of move `seq`, whose state hashes to `hash`; nothing when the
    /// move is our own signed move, which carries our ack already (unless a takeover at the move
    /// asks every live seat for its re-roll link: see [`Session::folded_ack`]).
    pub(super) fn ack_applied(&mut self, seq: u32, hash: StateHash) {
        if self
            .folded_ack()
            .is_some_and(|m| Some(m.body.seat) == self.local.seat)
        {
            return;
        }
        if let Some(me) = self.local.seat
            && self.seats[me.index()].live
        {
            let body = self.own_applied_ack_body(me, seq, hash);
            let ack = Ack {
                signed: Signed {
                    sig: self.local.signer.sign(Domain::Ack, &body),
                    body,
                },
            };
            self.sent_news();
            self.store_ack(ack.clone());
            self.send(Destination::Broadcast, Message::Ack(ack));
        }
    }

    /// Holds an ack of a move not yet final beside the seat's acks at other re-roll positions
    /// (one per position: an ack signed after a takeover at its move never replaces, or hides,
    /// the seat's ack at the position we count; see [`Session::ack_counts`]).
    pub(super) fn store_ack(&mut self, ack: Ack) {
        let n = self.seats.len();
        let slot = self
            .ledger
            .acks
            .entry(ack.signed.body.seq)
            .or_insert_with(|| vec![Vec::new(); n]);
        let Some(held) = slot.get_mut(ack.signed.body.seat.index()) else {
            return;
        };
        let rank = reroll_rank(&ack);
        if !held.iter().any(|a| reroll_rank(a) == rank) {
            held.push(ack);
        }
    }

    /// Seat `i`'s ack of move `seq` (not final) at re-roll position `rank`, if held.
    pub(super) fn held_ack(&self, seq: u32, i: usize, rank: u32) -> Option<&Ack> {
        self.ledger
            .acks
            .get(&seq)
            .and_then(|v| v.get(i))
            .and_then(|v| v.iter().find(|a| reroll_rank(a) == rank))
    }

    /// The re-roll position at which acks of move `seq` count: that of the last takeover we
    /// applied at `seq`, 0 if none.
    pub(super) fn counted_rank(&self, seq: u32) -> u32 {
        self.reroll_pos(seq).unwrap_or(0)
    }

    /// Why an applied ack's re-roll claim is false, if it provably is: its position is past
    /// the re-roll chain or 0, its link is not the seat's committed chain at that position, or
    /// the takeover at that position (every peer applies takeovers in one order) was at
    /// another move. A position no takeover we know of has reached yet may still be justified
    /// (a peer that applied it first): such an ack is held aside, never counted, and is not
    /// progress (see `on_ack`).
    pub(super) fn false_reroll(&self, a: &Ack) -> Option<String> {
        let b = &a.signed.body;
        let r = b.reroll?;
        let len = lockstep::reroll_len(&self.config);
        if r.pos == 0 || r.pos > len {
            return Some(format!(
                "the ack of move {} claims re-roll position {}, outside the re-roll chain \
                 (positions 1 to {len})",
                b.seq, r.pos
            ));
        }
        let tip = self
            .seeding
            .commits
            .get(b.seat.index())
            .and_then(|c| c.as_ref())
            .map(|c| c.body.reroll_tip);
        if tip.is_some_and(|tip| !beacon::check_reroll(&tip, len, r.pos, &r.link)) {
            return Some(format!(
                "the re-roll link in the ack of move {} does not match the committed re-roll \
                 chain at position {}",
                b.seq, r.pos
            ));
        }
        match self.takeover.history.get(r.pos as usize - 1) {
            Some((at, _)) if *at != b.seq => Some(format!(
                "the ack of move {} claims re-roll position {}, but takeover {} was at move {at}",
                b.seq, r.pos, r.pos
            )),
            _ => None,
        }
    }

    /// A signed ack whose re-roll claim is false: evidence against its seat (its signature
    /// checked first). The ack is dropped and the game goes on: it never counted, so peers that
    /// did not receive it decide as we do, and the seat's true ack (or its silence) decides.
    fn reject_false_reroll(&mut self, from: PeerId, a: Ack, deferred: bool, why: String) {
        if deferred && !self.ack_sig_holds(from, &a) {
            return;
        }
        let (seat, seq) = (a.signed.body.seat, a.signed.body.seq);
        let peer = self.peer_of_seat_or(seat, from);
        self.cheat(
            CheatKind::FalseReroll,
            Some(seat),
            peer,
            seq,
            why,
            vec![LogItem::Ack(a)],
        );
    }

    /// After takeover number `k` was applied at move `n`: every held ack of another move that
    /// claims position `k` is now provably false (see [`Session::false_reroll`]).
    pub(super) fn judge_held_rerolls(&mut self, k: u32, n: u32) {
        let found = self
            .ledger
            .acks
            .iter()
            .filter(|(seq, _)| **seq != n)
            .flat_map(|(_, v)| v.iter().flatten())
            .find(|a| reroll_rank(a) == k)
            .cloned();
        if let Some(a) = found
            && let Some(why) = self.false_reroll(&a)
        {
            let seat = a.signed.body.seat;
            let peer = self.peer_of_seat_or(seat, self.local.peer);
            self.reject_false_reroll(peer, a, true, why);
        }
    }

    pub(super) fn on_ack(&mut self, from: PeerId, a: Ack) {
        let b = &a.signed.body;
        let (seq, seat) = (b.seq, b.seat);
        let rank = reroll_rank(&a);
        // A byte-identical copy of an ack we hold was verified already (or is in the batch of
        // those checked later, see `deferred.rs`).
        let same = |x: &Option<Ack>| x.as_ref().is_some_and(|x| x.signed == a.signed);
        let held = match b.stage {
            AckStage::Settled => self.ledger.settled.get(seat.index()).is_some_and(same),
            AckStage::Applied if seq >= 1 && seq <= self.ledger.final_seq => self
                .ledger
                .log
                .get(seq as usize - 1)
                .and_then(|e| e.acks.get(seat.index()))
                .is_some_and(same),
            AckStage::Applied => self
                .held_ack(seq, seat.index(), rank)
                .is_some_and(|x| x.signed == a.signed),
        };
        if held {
            return;
        }
        // From its author's own peer, an ack of a move not yet final counts at once and its
        // signature is checked later, in a batch (see `deferred.rs`).
        let deferred = self.sent_by_author(&from, &a) && seq > self.ledger.final_seq;
        if !deferred && !self.ack_sig_holds(from, &a) {
            return;
        }
        if a.signed.body.game_id != self.game_id || seq == 0 {
            return;
        }
        let peer = self.peer_of_seat_or(seat, from);
        if a.signed.body.stage == AckStage::Settled {
            if seq != self.ledger.final_seq
                && !(self.phase == Phase::Playing && seq == self.ledger.final_seq + 1)
            {
                return;
            }
            match &self.ledger.settled[seat.index()] {
                None => self.ledger.settled[seat.index()] = Some(a),
                Some(old) if old.signed == a.signed => {}
                Some(old) => {
                    let old = old.clone();
                    self.cheat(
                        CheatKind::Equivocation,
                        Some(seat),
                        peer,
                        seq,
                        "two different signed final acks".into(),
                        vec![LogItem::Ack(old), LogItem::Ack(a)],
                    );
                }
            }
            return;
        }
        // A re-roll position is a claim: one that no takeover at the move can justify is the
        // signer's own lie, checked on arrival.
        if let Some(why) = self.false_reroll(&a) {
            self.reject_false_reroll(from, a, deferred, why);
            return;
        }
        if seq <= self.ledger.final_seq {
            let existing = self
                .ledger
                .log
                .get(seq as usize - 1)
                .and_then(|e| e.acks.get(seat.index()).cloned().flatten());
            match existing {
                // Signed at another re-roll position: not a second opinion on the final move.
                Some(old) if old.signed == a.signed || reroll_rank(&old) != rank => {}
                Some(old) => self.equivocating_acks(from, seat, peer, old, a, deferred),
                None if seq == self.ledger.final_seq && self.ledger.relink.is_some() => {
                    self.on_relink_ack(a)
                }
                None => {}
            }
            return;
        }
        if seq > self.ledger.final_seq + WINDOW {
            return;
        }
        if let Some(old) = self.held_ack(seq, seat.index(), rank).cloned() {
            self.equivocating_acks(from, seat, peer, old, a, deferred);
            return;
        }
        let counted = self.counted_rank(seq);
        // Signed before a takeover at this move that we applied: no second opinion.
        if rank < counted {
            return;
        }
        if deferred {
            self.deferred.items.push(a.clone());
        }
        self.store_ack(a);
        // Only an ack that counts moves the game on: one held aside at a position no takeover
        // reached yet is not news (else re-signing at ever new positions would reset every
        // silence timer and stall the game unreported).
        if rank == counted {
            self.progress();
        }
    }

    /// Two different signed acks of move `seq` by `seat` at one re-roll position: both are
    /// checked (they must be signed to prove anything), then reported.
    fn equivocating_acks(
        &mut self,
        from: PeerId,
        seat: Seat,
        peer: PeerId,
        old: Ack,
        a: Ack,
        deferred: bool,
    ) {
        let seq = a.signed.body.seq;
        self.check_deferred();
        if matches!(self.phase, Phase::Halted(_)) || (deferred && !self.ack_sig_holds(from, &a)) {
            return;
        }
        // The one we held may have been a bad signature, dropped just now: the new one is then
        // no second opinion, and is taken as any other.
        let rank = reroll_rank(&old);
        let still_held = if seq <= self.ledger.final_seq {
            self.ledger
                .log
                .get(seq as usize - 1)
                .and_then(|e| e.acks.get(seat.index()))
                .is_some_and(|x| x.as_ref() == Some(&old))
        } else {
            self.held_ack(seq, seat.index(), rank) == Some(&old)
        };
        if !still_held {
            self.on_ack(from, a);
            return;
        }
        self.cheat(
            CheatKind::Equivocation,
            Some(seat),
            peer,
            seq,
            format!("two different signed acks for move {seq}"),
            vec![LogItem::Ack(old), LogItem::Ack(a)],
        );
    }
}

impl<G: Game> Session<G> {
    /// Checks an ack's signature by its seat now (a bad one is reported with the ack as proof).
    fn ack_sig_holds(&mut self, from: PeerId, a: &Ack) -> bool {
        let b = &a.signed.body;
        self.check_sig(from, b.seat, Domain::Ack, b, &a.signed.sig, b.seq, "ack")
    }
}

/// The re-roll position an ack was signed at (0 before any takeover at its move).
pub(super) fn reroll_rank(a: &Ack) -> u32 {
    a.signed.body.reroll.map_or(0, |r| r.pos)
}

/// What follows a buffered move refused as a cheat.
enum Then {
    /// The other moves held for its number wait on.
    Requeue(Vec<Signed<MoveBody>>),
    /// The session halts, for this reason.
    Halt(String),
}
