//! Output helpers: sending, the replay writer, halting, and cheat evidence (ours, and relayed
//! equivocation proofs), with the signature checks that find it.

use super::*;

/// The replay file as this session produced it, and what the driver has taken of it.
#[derive(Default)]
pub(super) struct ReplayOut {
    /// Replay frames not yet polled by the driver.
    pub(super) out: VecDeque<Vec<u8>>,
    /// Every replay byte this session produced (the file as it should be), to rewind it.
    pub(super) log: Vec<u8>,
    /// Where each frame of `log` starts, keyed by the move it belongs to.
    pub(super) frame_index: Vec<(u32, usize)>,
    /// Replay bytes handed to the driver so far.
    pub(super) polled: usize,
    /// The driver must cut its replay file to this length (after a rewind).
    pub(super) truncate: Option<usize>,
    /// A checkpoint (or the header, a takeover, the end) was queued for the replay since the
    /// driver last flushed it to disk.
    pub(super) sync: bool,
}

/// The signing journal: what the local seat signed, so that it never signs a second, different
/// item for one move.
#[derive(Default)]
pub(super) struct JournalOut {
    /// What the local seat signed for each move (its move, or its commitment at a secret step),
    /// from the journal and since.
    pub(super) own_signed: BTreeMap<u32, SignedRecord>,
    /// Journal bytes not yet polled by the driver.
    pub(super) out: VecDeque<Vec<u8>>,
    /// Whether the journal's magic was written already.
    pub(super) started: bool,
}

/// Findings already reported, so that each is reported once; every set is bounded.
#[derive(Default)]
pub(super) struct Reported {
    /// Silences reported since the game last moved on (cleared then), as (silent seat, the
    /// move waited on (0 in the seed round), what is waited for).
    pub(super) silence: BTreeSet<(u8, u32, u8)>,
    /// Findings reported, as (kind, move, peer): at most [`MAX_CHEAT_REPORTS`].
    pub(super) cheats: BTreeSet<(u8, u32, Vec<u8>)>,
    /// Peers with no seat reported: at most [`MAX_UNKNOWN_REPORTS`].
    pub(super) unknown: BTreeSet<Vec<u8>>,
}

impl<G: Game> Session<G> {
    // ----- internals: output helpers -----

    pub(super) fn send(&mut self, to: Destination, message: Message) {
        if self.local.seat.is_none()
            && !matches!(message, Message::SyncRequest(_) | Message::LogSync(_))
        {
            return;
        }
        self.outbox.push_back(Transmit { to, message });
    }

    pub(super) fn progress(&mut self) {
        self.clock.progress_count += 1;
        self.clock.last_progress = self.clock.now;
        self.reported.silence.clear();
    }

    pub(super) fn push_frame(&mut self, frame: Frame) {
        // Checkpoints, takeovers and the end are flushed to disk (see `poll_replay_sync`).
        self.replay.sync |= match &frame {
            Frame::Move(m) => !m.acks.is_empty(),
            Frame::Secret(r) => !r.acks.is_empty(),
            Frame::Header(_) | Frame::Takeover(_) | Frame::Final(_) | Frame::Reseed(_) => true,
        };
        let bytes = encode_frame(&frame);
        self.emit_replay(frame_key(&frame), bytes);
    }

    pub(super) fn emit_replay(&mut self, key: u32, bytes: Vec<u8>) {
        self.replay.frame_index.push((key, self.replay.log.len()));
        self.replay.log.extend_from_slice(&bytes);
        self.replay.out.push_back(bytes);
    }

    pub(super) fn halt(&mut self, reason: String) {
        if !matches!(self.phase, Phase::Halted(_)) {
            self.phase = Phase::Halted(reason.clone());
            self.events.push_back(Event::Halted { reason });
        }
    }

    pub(super) fn cheat(
        &mut self,
        kind: CheatKind,
        seat: Option<Seat>,
        peer: PeerId,
        seq: u32,
        detail: String,
        proof: Vec<LogItem>,
    ) {
        let key = (kind as u8, seq, peer.to_bytes());
        // Each finding once, and at most `MAX_CHEAT_REPORTS` of them (strangers are bounded by
        // `reported.unknown` instead); one past that is not reported, but still halts below.
        let report = !self.reported.cheats.contains(&key)
            && (kind == CheatKind::UnknownPeer
                || (self.reported.cheats.len() < MAX_CHEAT_REPORTS
                    && self.reported.cheats.insert(key)));
        if report {
            self.report_cheat(kind, seat, peer, seq, detail, proof);
        }
        // Two different signed items for one slot prove the seat cheats, and peers may hold
        // different ones: like an illegal move, this stops the game, with the proof.
        if kind == CheatKind::Equivocation {
            let who = seat.map_or_else(|| "a player".to_string(), |s| s.to_string());
            self.halt(format!(
                "{who} signed two different messages for move {seq} (equivocation)"
            ));
        }
    }

    fn report_cheat(
        &mut self,
        kind: CheatKind,
        seat: Option<Seat>,
        peer: PeerId,
        seq: u32,
        detail: String,
        proof: Vec<LogItem>,
    ) {
        let ev = Evidence {
            kind,
            seat,
            peer: peer.to_bytes(),
            seq,
            detail,
            proof,
        };
        if kind.worth_relaying() && !ev.proof.is_empty() && self.local.seat.is_some() {
            self.outbox.push_back(Transmit {
                to: Destination::Broadcast,
                message: Message::Evidence(ev.clone()),
            });
        }
        self.events.push_back(Event::Cheat(Box::new(ev)));
    }

    /// Evidence relayed by another peer. Equivocation proves itself (two different items for
    /// one slot, both validly signed by the seat), so it is checked and acted on like our own
    /// finding. Any other evidence is not taken on the relayer's word, but its signed moves and
    /// acks are held against ours (see `held_against_ours`): a seat that told the relayer
    /// something else than us, or signed a state hash our own log contradicts, is named by us
    /// too. So a peer halted by a lie told to it alone is not left silent, and voted out, by
    /// peers who never heard the lie.
    pub(super) fn on_evidence(&mut self, from: PeerId, ev: Evidence) {
        // Checking a proof costs two signature checks: at most so many per peer.
        if !self.limits.evidence.allow(&from, self.clock.now) {
            return;
        }
        if ev.kind != CheatKind::Equivocation || ev.proof.len() != 2 {
            for item in ev.proof.into_iter().take(2) {
                self.held_against_ours(item);
                if matches!(self.phase, Phase::Halted(_)) {
                    return;
                }
            }
            return;
        }
        let Some(seat) = ev.seat else { return };
        let Some(player) = self.seats.get(seat.index()).and_then(|s| s.player.as_ref()) else {
            return;
        };
        let key = &player.verifier;
        let game_id = self.game_id;
        // (slot, signature valid) of one proof item. An ack's slot includes the re-roll position
        // it was signed at: an ack signed again after a takeover at its move is no second opinion.
        let slot = |item: &LogItem| -> Option<(u8, u32, u32, bool)> {
            match item {
                LogItem::Move(m) if m.body.seat == seat && m.body.game_id == game_id => {
                    Some((0, m.body.seq, 0, verify(key, Domain::Move, &m.body, &m.sig)))
                }
                LogItem::Ack(a)
                    if a.signed.body.seat == seat && a.signed.body.game_id == game_id =>
                {
                    Some((
                        1,
                        a.signed.body.seq,
                        (a.signed.body.stage as u32) << 16 | super::moves::reroll_rank(a),
                        verify(key, Domain::Ack, &a.signed.body, &a.signed.sig),
                    ))
                }
                LogItem::Commit(c) if c.body.seat == seat && c.body.game_id == game_id => {
                    Some((2, 0, 0, verify(key, Domain::Commit, &c.body, &c.sig)))
                }
                LogItem::Reveal(r) if r.body.seat == seat && r.body.game_id == game_id => {
                    Some((3, 0, 0, verify(key, Domain::Reveal, &r.body, &r.sig)))
                }
                LogItem::SecretCommit(c) if c.body.seat == seat && c.body.game_id == game_id => {
                    Some((
                        4,
                        c.body.seq,
                        0,
                        verify(key, Domain::SecretCommit, &c.body, &c.sig),
                    ))
                }
                _ => None,
            }
        };
        let (a, b) = (&ev.proof[0], &ev.proof[1]);
        let differ = match (a, b) {
            (LogItem::Ack(x), LogItem::Ack(y)) => x.signed != y.signed,
            _ => a != b,
        };
        let (Some(sa), Some(sb)) = (slot(a), slot(b)) else {
            return;
        };
        if !differ || (sa.0, sa.1, sa.2) != (sb.0, sb.1, sb.2) || !sa.3 || !sb.3 {
            return;
        }
        let peer = player.peer;
        let relayed_by = self
            .seat_of_peer(&from)
            .map_or_else(|| from.to_string(), |s| s.to_string());
        self.cheat(
            CheatKind::Equivocation,
            Some(seat),
            peer,
            ev.seq,
            format!("two different signed messages for one slot (proof relayed by {relayed_by})"),
            ev.proof,
        );
    }

    /// A signed move or ack from relayed evidence, held against what we hold for its slot.
    fn held_against_ours(&mut self, item: LogItem) {
        match item {
            LogItem::Move(m) if m.body.game_id == self.game_id && m.body.seq >= 1 => {
                let seq = m.body.seq;
                let seat = m.body.seat;
                let ours = if seq <= self.ledger.final_seq {
                    self.ledger
                        .log
                        .get(seq as usize - 1)
                        .and_then(|e| e.mv.clone())
                } else {
                    self.ledger
                        .pending
                        .as_ref()
                        .filter(|p| p.seq == seq)
                        .and_then(|p| p.mv.clone())
                };
                let Some(ours) = ours.filter(|o| o.body.seat == seat && *o != m) else {
                    return;
                };
                let Some(peer) = self.seat_signed(seat, Domain::Move, &m.body, &m.sig) else {
                    return;
                };
                self.second_move(Some(ours), m, seat, peer);
            }
            LogItem::Ack(a)
                if a.signed.body.game_id == self.game_id
                    && a.signed.body.stage == AckStage::Applied
                    && a.signed.body.seq >= 1
                    && a.signed.body.seq <= self.ledger.final_seq =>
            {
                let (seq, seat) = (a.signed.body.seq, a.signed.body.seat);
                let Some(entry) = self.ledger.log.get(seq as usize - 1) else {
                    return;
                };
                // The hash every live seat agreed on when the move became final.
                let agreed = entry.mv.as_ref().map(|m| m.body.hash).or_else(|| {
                    entry
                        .acks
                        .iter()
                        .flatten()
                        .next()
                        .map(|x| x.signed.body.hash)
                });
                let Some(agreed) = agreed else { return };
                if a.signed.body.hash == agreed {
                    return;
                }
                let Some(peer) = self.seat_signed(seat, Domain::Ack, &a.signed.body, &a.signed.sig)
                else {
                    return;
                };
                self.cheat(
                    CheatKind::FalseHash,
                    Some(seat),
                    peer,
                    seq,
                    format!(
                        "signed state hash {} after move {seq}, but the signed moves give {}",
                        a.signed.body.hash.short(),
                        agreed.short()
                    ),
                    vec![LogItem::Ack(a)],
                );
                self.halt(format!(
                    "{seat} signed a state hash for move {seq} that the game does not give"
                ));
            }
            // A seed reveal that does not open the seat's commitment we hold (the seat
            // told the relayer another nonce than us), or a second commitment.
            LogItem::Reveal(r) if r.body.game_id == self.game_id => {
                let seat = r.body.seat;
                let Some(c) = self.seeding.commits.get(seat.index()).cloned().flatten() else {
                    return;
                };
                if crate::beacon::nonce_hash(&self.game_id, seat, &r.body.nonce)
                    == c.body.nonce_hash
                {
                    return;
                }
                let Some(peer) = self.seat_signed(seat, Domain::Reveal, &r.body, &r.sig) else {
                    return;
                };
                // Not a halt: at the seed round a false reveal counts as withheld, and its seat
                // goes to the bot (see `seeding.rs`); halting would let the last revealer, who
                // knows the deal, stop the game at no cost to its seat.
                self.cheat(
                    CheatKind::WithheldReveal,
                    Some(seat),
                    peer,
                    0,
                    "seed reveal does not match its commit; it counts as withheld".into(),
                    vec![LogItem::Commit(c), LogItem::Reveal(r)],
                );
            }
            // A signed commitment is handled as if its seat had sent it (see `on_commit`): one
            // we lack is stored (its reveal, next in the proof, is then held against it), a
            // different one is equivocation.
            LogItem::Commit(c) if c.body.game_id == self.game_id => {
                if let Some(peer) = self.seat_signed(c.body.seat, Domain::Commit, &c.body, &c.sig) {
                    self.on_commit(peer, c);
                }
            }
            _ => {}
        }
    }

    /// The peer of `seat`, if a player holds it and `sig` is its signature over `body`.
    fn seat_signed<T: serde::Serialize>(
        &self,
        seat: Seat,
        domain: Domain,
        body: &T,
        sig: &crate::keys::Signature,
    ) -> Option<PeerId> {
        let player = self.seats.get(seat.index())?.player.as_ref()?;
        verify(&player.verifier, domain, body, sig).then_some(player.peer)
    }

    /// Checks a signature from `seat` (claimed) as received from `from`. On failure, reports
    /// wrong-seat (signed by the sender's own key) or bad signature, and returns false.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_sig<T: serde::Serialize>(
        &mut self,
        from: PeerId,
        seat: Seat,
        domain: Domain,
        body: &T,
        sig: &crate::keys::Signature,
        seq: u32,
        what: &str,
    ) -> bool {
        let Some(player) = self.seats.get(seat.index()).and_then(|s| s.player.as_ref()) else {
            let s = self.seat_of_peer(&from);
            self.cheat(
                CheatKind::WrongSeat,
                s,
                from,
                seq,
                format!("{what} claims seat {}, which no player holds", seat.0),
                vec![],
            );
            return false;
        };
        if verify(&player.verifier, domain, body, sig) {
            return true;
        }
        let sender_seat = self.seat_of_peer(&from);
        let signed_by_sender = sender_seat
            .and_then(|s| self.seats[s.index()].player.as_ref())
            .is_some_and(|p| verify(&p.verifier, domain, body, sig));
        if signed_by_sender && sender_seat != Some(seat) {
            self.cheat(
                CheatKind::WrongSeat,
                sender_seat,
                from,
                seq,
                format!("{what} signed by this peer claims {seat}"),
                vec![],
            );
        } else {
            self.cheat(
                CheatKind::BadSignature,
                sender_seat,
                from,
                seq,
                format!("{what} for {} has a signature that does not verify", seat),
                vec![],
            );
        }
        false
    }
}
