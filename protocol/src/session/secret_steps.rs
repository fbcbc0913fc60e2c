//! Simultaneous secret steps: committing, revealing once every commitment is held, and playing
//! the step (see [`crate::secret`]).

use super::*;

/// What the session holds of the secret steps not yet final.
#[derive(Default)]
pub(super) struct SecretHeld {
    /// The commitments held, by step and seat.
    pub(super) commits: BTreeMap<u32, Vec<Option<Signed<SecretCommitBody>>>>,
    /// The reveals held (each checked against its commitment), by step and seat.
    pub(super) reveals: BTreeMap<u32, Vec<Option<Signed<SecretRevealBody>>>>,
    /// Our own choice at a secret step, committed: its signed reveal, kept back until every
    /// commitment of the step is held.
    pub(super) mine: Option<Signed<SecretRevealBody>>,
    /// Resumed from a file: the live seats that have not answered a sync yet. The local seat
    /// commits at a secret step only once every one of them has, so that a commitment it sent
    /// before the crash, held by any of them, comes back instead of being signed anew.
    pub(super) resync: BTreeSet<u8>,
}

impl<G: Game> Session<G> {
    // ----- simultaneous secret steps (see `crate::secret`) -----

    /// Commits the local seat to `action` at the current secret step; the reveal is sent by
    /// [`Session::secret_step`] once every commitment of the step is held.
    pub(super) fn commit_secret(
        &mut self,
        seat: Seat,
        prev: StateHash,
        action: G::Action,
    ) -> Result<(), SubmitError> {
        let mut probe = self.ledger.state.clone();
        probe
            .play(seat, &action)
            .map_err(|e| SubmitError::Illegal(e.to_string()))?;
        let seq = self.ledger.final_seq + 1;
        let base = self.own_secret("secret choice salt");
        let salt = crate::secret::salt(&base, seq);
        let encoded =
            codec::encode(&action).map_err(|e| SubmitError::Unencodable(e.to_string()))?;
        let body = SecretCommitBody {
            game_id: self.game_id,
            seq,
            prev,
            seat,
            digest: crate::secret::commitment(&self.game_id, seq, seat, &encoded, &salt),
        };
        let commit = match self.journal.own_signed.get(&seq) {
            Some(SignedRecord::SecretCommit(c)) if c.body == body => c.clone(),
            Some(_) => return Err(SubmitError::AlreadySigned { seq }),
            None => {
                let commit = Signed {
                    sig: self.local.signer.sign(Domain::SecretCommit, &body),
                    body,
                };
                self.record_signed(SignedRecord::SecretCommit(commit.clone()));
                commit
            }
        };
        let reveal_body = SecretRevealBody {
            game_id: self.game_id,
            seq,
            seat,
            action: encoded,
            salt,
        };
        self.secret.mine = Some(Signed {
            sig: self.local.signer.sign(Domain::SecretReveal, &reveal_body),
            body: reveal_body,
        });
        let n = self.seats.len();
        self.secret
            .commits
            .entry(seq)
            .or_insert_with(|| vec![None; n])[seat.index()] = Some(commit.clone());
        self.send(Destination::Broadcast, Message::SecretCommit(commit));
        self.progress();
        self.advance();
        Ok(())
    }

    /// Whether `seat`'s commitment at the secret step `seq` is held.
    pub(super) fn committed(&self, seat: Seat, seq: u32) -> bool {
        self.secret
            .commits
            .get(&seq)
            .is_some_and(|v| v[seat.index()].is_some())
    }

    /// Our reveal at step `seq`, rebuilt after a crash or a rewind from our own commitment (held
    /// again from the others): the salt is ours to derive, and the action is the legal one that
    /// matches the commitment.
    pub(super) fn recover_my_secret(&mut self, me: Seat, seq: u32) {
        if self.secret.mine.as_ref().is_some_and(|r| r.body.seq == seq) {
            return;
        }
        let Some(c) = self
            .secret
            .commits
            .get(&seq)
            .and_then(|v| v[me.index()].clone())
        else {
            return;
        };
        let base = self.own_secret("secret choice salt");
        let salt = crate::secret::salt(&base, seq);
        let found = self
            .ledger
            .state
            .legal_actions_for_vec(me)
            .into_iter()
            .filter_map(|a| codec::encode(&a).ok())
            .find(|a| crate::secret::commitment(&self.game_id, seq, me, a, &salt) == c.body.digest);
        if let Some(action) = found {
            let body = SecretRevealBody {
                game_id: self.game_id,
                seq,
                seat: me,
                action,
                salt,
            };
            self.secret.mine = Some(Signed {
                sig: self.local.signer.sign(Domain::SecretReveal, &body),
                body,
            });
        }
    }

    /// The signed secret item of `seat` at final move `seq` held in the log, if any.
    pub(super) fn logged_secret(&self, seq: u32, seat: Seat, commit: bool) -> Option<LogItem> {
        let e = self.ledger.log.get((seq as usize).checked_sub(1)?)?;
        e.secret
            .iter()
            .find(|i| match i {
                LogItem::SecretCommit(c) => commit && c.body.seat == seat,
                LogItem::SecretReveal(r) => !commit && r.body.seat == seat,
                _ => false,
            })
            .cloned()
    }

    pub(super) fn on_secret_commit(&mut self, from: PeerId, c: Signed<SecretCommitBody>) {
        let (seq, seat) = (c.body.seq, c.body.seat);
        let held = |v: Option<&Vec<Option<Signed<SecretCommitBody>>>>| {
            v.and_then(|v| v.get(seat.index()))
                .is_some_and(|x| x.as_ref() == Some(&c))
        };
        if held(self.secret.commits.get(&seq))
            || self.logged_secret(seq, seat, true) == Some(LogItem::SecretCommit(c.clone()))
        {
            return;
        }
        if !self.check_sig(
            from,
            seat,
            Domain::SecretCommit,
            &c.body,
            &c.sig,
            seq,
            "secret commitment",
        ) {
            return;
        }
        if c.body.game_id != self.game_id || seq == 0 || seq > self.ledger.final_seq + WINDOW {
            return;
        }
        let peer = self.peer_of_seat_or(seat, from);
        let old = if seq <= self.ledger.final_seq {
            match self.logged_secret(seq, seat, true) {
                Some(LogItem::SecretCommit(old)) => Some(old),
                _ => return,
            }
        } else {
            let n = self.seats.len();
            let slot = self
                .secret
                .commits
                .entry(seq)
                .or_insert_with(|| vec![None; n]);
            match &slot[seat.index()] {
                None => {
                    slot[seat.index()] = Some(c);
                    self.progress();
                    return;
                }
                Some(old) => Some(old.clone()),
            }
        };
        if let Some(old) = old {
            self.cheat(
                CheatKind::Equivocation,
                Some(seat),
                peer,
                seq,
                format!("two different signed commitments to a secret choice at move {seq}"),
                vec![LogItem::SecretCommit(old), LogItem::SecretCommit(c)],
            );
        }
    }

    pub(super) fn on_secret_reveal(&mut self, from: PeerId, r: Signed<SecretRevealBody>) {
        let (seq, seat) = (r.body.seq, r.body.seat);
        if seq <= self.ledger.final_seq
            || self
                .secret
                .reveals
                .get(&seq)
                .and_then(|v| v.get(seat.index()))
                .is_some_and(|x| x.as_ref() == Some(&r))
        {
            return;
        }
        if !self.check_sig(
            from,
            seat,
            Domain::SecretReveal,
            &r.body,
            &r.sig,
            seq,
            "secret reveal",
        ) {
            return;
        }
        if r.body.game_id != self.game_id || seq > self.ledger.final_seq + WINDOW {
            return;
        }
        // Without the commitment the reveal cannot be checked: it comes again.
        let Some(commit) = self
            .secret
            .commits
            .get(&seq)
            .and_then(|v| v.get(seat.index()).cloned().flatten())
        else {
            return;
        };
        let digest =
            crate::secret::commitment(&self.game_id, seq, seat, &r.body.action, &r.body.salt);
        if digest != commit.body.digest {
            let peer = self.peer_of_seat_or(seat, from);
            self.cheat(
                CheatKind::WithheldReveal,
                Some(seat),
                peer,
                seq,
                format!(
                    "the reveal of a secret choice at move {seq} does not match its commitment"
                ),
                vec![LogItem::SecretCommit(commit), LogItem::SecretReveal(r)],
            );
            return;
        }
        let n = self.seats.len();
        let slot = self
            .secret
            .reveals
            .entry(seq)
            .or_insert_with(|| vec![None; n]);
        if slot[seat.index()].is_none() {
            slot[seat.index()] = Some(r);
            self.progress();
        }
    }

    /// At a simultaneous secret step with nothing pending: announce our turn, send our reveal
    /// once every commitment is held, and play the step once every reveal is in.
    pub(super) fn secret_step(&mut self, seq: u32, set: SeatSet) -> bool {
        let live: Vec<Seat> = set.iter().filter(|s| self.seats[s.index()].live).collect();
        // Having voted to hand a deciding seat to the bot, wait for the vote's outcome.
        if live.iter().any(|&s| self.voted_without_move(s, seq)) {
            return false;
        }
        if let Some(me) = self.local.seat
            && self.is_my_turn()
            && self.your_turn_sent < seq
        {
            self.your_turn_sent = seq;
            self.events.push_back(Event::YourTurn { seq, seat: me });
        }
        let n = self.seats.len();
        let commits = self
            .secret
            .commits
            .get(&seq)
            .cloned()
            .unwrap_or_else(|| vec![None; n]);
        if !live.iter().all(|s| commits[s.index()].is_some()) {
            return false;
        }
        let Some(prev) = self.current_hash() else {
            return false;
        };
        for &s in &live {
            let Some(c) = commits[s.index()].clone() else {
                continue;
            };
            if c.body.prev != prev {
                let peer = self.seats[s.index()].player.as_ref().map(|p| p.peer);
                if let Some(peer) = peer {
                    self.cheat(
                        CheatKind::PrevHashMismatch,
                        Some(s),
                        peer,
                        seq,
                        format!(
                            "the secret commitment of move {seq} claims to follow state {} but \
                             the state is {}",
                            c.body.prev.short(),
                            prev.short()
                        ),
                        vec![LogItem::SecretCommit(c)],
                    );
                }
                self.halt(format!(
                    "{s}'s secret commitment {seq} follows a state we do not have (desync or cheat)"
                ));
                return false;
            }
        }
        // Every commitment is held: now, and only now, our own reveal goes out.
        if let Some(me) = self.local.seat
            && live.contains(&me)
        {
            self.recover_my_secret(me, seq);
        }
        if let Some(me) = self.local.seat
            && live.contains(&me)
            && let Some(mine) = self.secret.mine.clone().filter(|r| r.body.seq == seq)
        {
            let slot = self
                .secret
                .reveals
                .entry(seq)
                .or_insert_with(|| vec![None; n]);
            if slot[me.index()].is_none() {
                slot[me.index()] = Some(mine.clone());
                self.send(Destination::Broadcast, Message::SecretReveal(mine));
            }
        }
        let reveals = self
            .secret
            .reveals
            .get(&seq)
            .cloned()
            .unwrap_or_else(|| vec![None; n]);
        if !live.iter().all(|s| reveals[s.index()].is_some()) {
            return false;
        }
        // Play every choice in seat order; the bot chooses for seats without a live player.
        let mut actions: Vec<Option<G::Action>> = vec![None; n];
        let mut choices = Vec::new();
        let mut items = Vec::new();
        for &s in &live {
            let (Some(c), Some(r)) = (&commits[s.index()], &reveals[s.index()]) else {
                return false;
            };
            let Ok(a) = codec::decode_frame::<G::Action>(&r.body.action) else {
                let (c, r) = (c.clone(), r.clone());
                self.secret_illegal(s, seq, "does not decode".into(), &c, &r);
                return false;
            };
            actions[s.index()] = Some(a);
        }
        let mut next = self.ledger.state.clone();
        let played = match lockstep::play_secret_step(&self.config, &mut next, set, seq, |s| {
            actions[s.index()].clone()
        }) {
            Ok(p) => p,
            Err(lockstep::StepError::Illegal {
                seat,
                description,
                reason,
            }) => {
                if let (Some(c), Some(r)) = (&commits[seat.index()], &reveals[seat.index()]) {
                    let (c, r) = (c.clone(), r.clone());
                    self.secret_illegal(
                        seat,
                        seq,
                        format!("({description}) is illegal: {reason}"),
                        &c,
                        &r,
                    );
                }
                return false;
            }
            Err(e) => {
                self.halt(e.to_string());
                return false;
            }
        };
        for p in &played {
            let proof = match (&commits[p.seat.index()], &reveals[p.seat.index()]) {
                (Some(c), Some(r)) if !p.by_bot => {
                    items.push(LogItem::SecretCommit(c.clone()));
                    items.push(LogItem::SecretReveal(r.clone()));
                    Some(SecretProof {
                        salt: r.body.salt,
                        commit_sig: c.sig,
                        reveal_sig: r.sig,
                    })
                }
                _ => None,
            };
            let action = match codec::encode(&p.action) {
                Ok(a) => a,
                Err(e) => {
                    self.halt(format!("this build cannot encode move {seq}: {e}"));
                    return false;
                }
            };
            choices.push(SecretChoice {
                seat: p.seat,
                action,
                proof,
            });
        }
        let applied: Vec<_> = played
            .into_iter()
            .map(|p| (p.seat, p.action, p.description, p.events, p.by_bot))
            .collect();
        let before = std::mem::replace(&mut self.ledger.state, next);
        self.ledger.hash_cache = None;
        let Some(hash) = self.current_hash() else {
            return false;
        };
        let (first_seat, first_action) = match applied.first() {
            Some((s, a, ..)) => (*s, a.clone()),
            None => {
                self.halt("a simultaneous step with no deciding seat".into());
                return false;
            }
        };
        self.ledger.pending = Some(Pending {
            seq,
            seat: first_seat,
            action: first_action,
            mv: None,
            hash,
            before,
            secret: Some((choices, items)),
        });
        if self.secret.mine.as_ref().is_some_and(|r| r.body.seq == seq) {
            self.secret.mine = None;
        }
        self.progress();
        for (seat, action, description, events, by_bot) in applied {
            self.events.push_back(Event::MoveApplied {
                seq,
                seat,
                action,
                description,
                events,
                by_bot,
            });
        }
        self.ack_applied(seq, hash);
        true
    }

    /// A revealed secret choice the engine refuses: evidence (the signed commitment and reveal
    /// prove it), and the game stops as for an illegal move.
    pub(super) fn secret_illegal(
        &mut self,
        seat: Seat,
        seq: u32,
        why: String,
        c: &Signed<SecretCommitBody>,
        r: &Signed<SecretRevealBody>,
    ) {
        if let Some(peer) = self.seats[seat.index()].player.as_ref().map(|p| p.peer) {
            self.cheat(
                CheatKind::IllegalMove,
                Some(seat),
                peer,
                seq,
                format!("the secret choice of move {seq} {why}"),
                vec![
                    LogItem::SecretCommit(c.clone()),
                    LogItem::SecretReveal(r.clone()),
                ],
            );
        }
        self.halt(format!(
            "{seat} committed to an illegal secret choice {seq}"
        ));
    }

    /// Our commitment and (once sent) reveal at the secret step `seq`.
    pub(super) fn own_secret_items(&self, me: Seat, seq: u32) -> Vec<Message> {
        let mut out = Vec::new();
        if let Some(c) = self
            .secret
            .commits
            .get(&seq)
            .and_then(|v| v[me.index()].clone())
        {
            out.push(Message::SecretCommit(c));
        }
        if let Some(r) = self
            .secret
            .reveals
            .get(&seq)
            .and_then(|v| v[me.index()].clone())
        {
            out.push(Message::SecretReveal(r));
        }
        out
    }
}
