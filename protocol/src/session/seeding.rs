//! The seed phase: commits and reveals of the seed nonces, and the start of the game.

use super::*;

/// The seed's commit-reveal round: our nonce, and every seat's commit and reveal.
pub(super) struct SeedRound {
    /// The digest of the game's configuration, which every commit names.
    pub(super) config_digest: [u8; 32],
    /// Our seed nonce.
    pub(super) nonce: [u8; 32],
    pub(super) commits: Vec<Option<Signed<CommitBody>>>,
    pub(super) reveals: Vec<Option<Signed<RevealBody>>>,
    pub(super) sent_reveal: bool,
    /// The seed, once every player revealed.
    pub(super) seed: Option<[u8; 32]>,
}

impl SeedRound {
    /// The round of a game of `seats` seats, before anyone committed.
    pub(super) fn new(config_digest: [u8; 32], nonce: [u8; 32], seats: usize) -> Self {
        SeedRound {
            config_digest,
            nonce,
            commits: vec![None; seats],
            reveals: vec![None; seats],
            sent_reveal: false,
            seed: None,
        }
    }
}

impl<G: Game> Session<G> {
    // ----- seed phase -----

    pub(super) fn on_commit(&mut self, from: PeerId, c: Signed<CommitBody>) {
        let seat = c.body.seat;
        if !self.check_sig(
            from,
            seat,
            Domain::Commit,
            &c.body,
            &c.sig,
            0,
            "seed commit",
        ) {
            return;
        }
        let signer_peer = self.peer_of_seat_or(seat, from);
        if c.body.game_id != self.game_id || c.body.config_digest != self.seeding.config_digest {
            self.cheat(
                CheatKind::WrongGame,
                Some(seat),
                signer_peer,
                0,
                "commit for another game or configuration (options, seats or data differ)".into(),
                vec![LogItem::Commit(c)],
            );
            return;
        }
        match &self.seeding.commits[seat.index()] {
            None => {
                self.seeding.commits[seat.index()] = Some(c);
                self.progress();
            }
            Some(old) if *old == c => {}
            Some(old) => {
                let old = old.clone();
                self.cheat(
                    CheatKind::Equivocation,
                    Some(seat),
                    signer_peer,
                    0,
                    "two different signed seed commits".into(),
                    vec![LogItem::Commit(old), LogItem::Commit(c)],
                );
            }
        }
    }

    pub(super) fn on_reveal(&mut self, from: PeerId, r: Signed<RevealBody>) {
        let seat = r.body.seat;
        if !self.check_sig(
            from,
            seat,
            Domain::Reveal,
            &r.body,
            &r.sig,
            0,
            "seed reveal",
        ) {
            return;
        }
        if r.body.game_id != self.game_id {
            return;
        }
        // Checked against the seat's commitment before it is stored (and so before it is
        // relayed): a signed reveal that does not match is the author's own doing.
        if let Some(c) = self.seeding.commits[seat.index()].clone()
            && beacon::nonce_hash(&self.game_id, seat, &r.body.nonce) != c.body.nonce_hash
        {
            let peer = self.peer_of_seat_or(seat, from);
            self.cheat(
                CheatKind::WithheldReveal,
                Some(seat),
                peer,
                0,
                "seed reveal does not match its commit; the game cannot start".into(),
                vec![LogItem::Commit(c), LogItem::Reveal(r)],
            );
            self.halt(format!(
                "{seat} revealed a nonce that does not match its commit"
            ));
            return;
        }
        match &self.seeding.reveals[seat.index()] {
            None => {
                self.seeding.reveals[seat.index()] = Some(r);
                self.progress();
            }
            Some(old) if *old == r => {}
            Some(old) => {
                let old = old.clone();
                let peer = self.peer_of_seat_or(seat, from);
                self.cheat(
                    CheatKind::Equivocation,
                    Some(seat),
                    peer,
                    0,
                    "two different signed seed reveals".into(),
                    vec![LogItem::Reveal(old), LogItem::Reveal(r)],
                );
            }
        }
    }

    pub(super) fn player_seats(&self) -> impl Iterator<Item = usize> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.player.is_some())
            .map(|(i, _)| i)
    }

    pub(super) fn try_start(&mut self) {
        let all_commits = self
            .player_seats()
            .all(|i| self.seeding.commits[i].is_some());
        if !all_commits {
            return;
        }
        if let Some(seat) = self.local.seat
            && !self.seeding.sent_reveal
        {
            self.seeding.sent_reveal = true;
            let body = RevealBody {
                game_id: self.game_id,
                seat,
                nonce: self.seeding.nonce,
            };
            let signed = Signed {
                sig: self.local.signer.sign(Domain::Reveal, &body),
                body,
            };
            self.seeding.reveals[seat.index()] = Some(signed.clone());
            self.send(Destination::Broadcast, Message::Reveal(signed));
        }
        let seats: Vec<usize> = self.player_seats().collect();
        let mut nonces = Vec::new();
        for &i in &seats {
            let (Some(c), Some(r)) = (&self.seeding.commits[i], &self.seeding.reveals[i]) else {
                return;
            };
            if beacon::nonce_hash(&self.game_id, Seat(i as u8), &r.body.nonce) != c.body.nonce_hash
            {
                let (c, r) = (c.clone(), r.clone());
                let peer = self.seats[i].player.as_ref().map(|p| p.peer);
                if let Some(peer) = peer {
                    self.cheat(
                        CheatKind::WithheldReveal,
                        Some(Seat(i as u8)),
                        peer,
                        0,
                        "seed reveal does not match its commit; the game cannot start".into(),
                        vec![LogItem::Commit(c), LogItem::Reveal(r)],
                    );
                }
                self.halt(format!(
                    "{} revealed a nonce that does not match its commit",
                    Seat(i as u8)
                ));
                return;
            }
            nonces.push(r.body.nonce);
        }
        let seed = beacon::seed(&self.game_id, &nonces);
        for &i in &seats {
            if let Some(c) = &self.seeding.commits[i] {
                self.trackers[i] = Some(ChainTracker {
                    pos: 0,
                    link: c.body.beacon_tip,
                });
            }
        }
        self.hash_cache = None;
        if lockstep::resolve_setup(&mut self.state, &seed).is_err() {
            self.halt("the engine refused its setup chance point".into());
            return;
        }
        self.seeding.seed = Some(seed);
        self.phase = Phase::Playing;
        let header = Header {
            format: crate::replay::format::FORMAT_VERSION,
            config: self.config.clone(),
            commits: seats
                .iter()
                .filter_map(|&i| self.seeding.commits[i].clone())
                .collect(),
            reveals: seats
                .iter()
                .filter_map(|&i| self.seeding.reveals[i].clone())
                .collect(),
        };
        let mut bytes = MAGIC.to_vec();
        bytes.extend(encode_frame(&Frame::Header(Box::new(header))));
        self.replay.log.clear();
        self.replay.frame_index.clear();
        self.replay.log.extend_from_slice(&bytes);
        self.replay.frame_index.push((0, 0));
        self.replay.out.push_back(bytes);
        self.replay.sync = true;
        self.progress();
        if let Some(hash) = self.current_hash() {
            self.events.push_back(Event::Started {
                seed: *blake3::hash(&seed).as_bytes(),
                hash,
            });
        }
    }
}
