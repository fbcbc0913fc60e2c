//! Starting a session: a new game ([`Session::new`]), or a game resumed from the player's own
//! replay file and signing journal ([`Session::resume`], [`Session::resume_with_journal`]),
//! which never writes over the file until a rebuilt copy verifies.

use super::*;

impl<G: Game> Session<G> {
    /// Starts a session for `config` as the peer with identity `keypair`: seated if its key holds
    /// a seat, a spectator otherwise. A seated session immediately queues its seed commit.
    /// `game_secret` is fresh randomness for this game alone, which the driver keeps on disk
    /// (readable only by the user) **before** sending the commit, for [`Session::resume`]: the
    /// seed nonce, beacon chain and secret-choice salts are derived from it, the key and the game
    /// id. `now` is the caller's logical time in milliseconds.
    pub fn new(
        config: GameConfig,
        keypair: &Keypair,
        game_secret: GameSecret,
        settings: Settings,
        now: u64,
    ) -> Result<Self, SessionError> {
        let signer = Signer::new(keypair)?;
        Self::with_signer(config, signer, game_secret, settings, now)
    }

    /// As [`Session::new`], from a [`Signer`].
    pub fn with_signer(
        config: GameConfig,
        signer: Signer,
        game_secret: GameSecret,
        settings: Settings,
        now: u64,
    ) -> Result<Self, SessionError> {
        let (_options, state) = config.check::<G>()?;
        let mut seats = Vec::new();
        for spec in &config.seats {
            seats.push(match spec {
                SeatSpec::Player(key) => {
                    let verifier = key.verifier()?;
                    let peer = key.peer_id()?;
                    SeatInfo {
                        player: Some(PlayerInfo { verifier, peer }),
                        live: true,
                    }
                }
                SeatSpec::Bot => SeatInfo {
                    player: None,
                    live: false,
                },
            });
        }
        let local_seat = config.seat_of(&signer.public());
        let local_peer = signer.public().peer_id()?;
        let game_id = config.game_id;
        let nonce = signer.derive_secret(&game_secret, &game_id, "seed nonce");
        let chain = Chain::new(
            signer.derive_secret(&game_secret, &game_id, "beacon chain"),
            config.beacon_segment,
        );
        let reroll_chain = chain.reroll_chain(lockstep::reroll_len(&config));
        let n = seats.len();
        let limits = crate::limit::PeerLimits::new(settings.retransmit_ms);
        let mut s = Session {
            seeding: seeding::SeedRound::new(config.digest(), nonce, n),
            config,
            game_id,
            settings,
            local: Local {
                signer,
                game_secret,
                peer: local_peer,
                seat: local_seat,
                chain,
                reroll_chain,
            },
            seats,
            phase: Phase::Seeding,
            ledger: Ledger::new(state, n),
            secret: secret_steps::SecretHeld::default(),
            takeover: takeovers::TakeoverBook::default(),
            presence: takeovers::Presence::new(n, now),
            deferred: deferred::Deferred::default(),
            dispute: None,
            clock: Clock {
                now,
                last_progress: now,
                progress_count: 0,
                last_retransmit: now,
            },
            outbox: VecDeque::new(),
            events: VecDeque::new(),
            replay: output::ReplayOut::default(),
            journal: output::JournalOut::default(),
            reported: output::Reported::default(),
            chat: Chat::default(),
            limits,
            your_turn_sent: 0,
            spectator_rr: 0,
        };
        s.takeover.players_at_start = s.player_seats().count();
        if let Some(seat) = s.local.seat {
            let body = CommitBody {
                game_id,
                config_digest: s.seeding.config_digest,
                seat,
                nonce_hash: beacon::nonce_hash(&game_id, seat, &s.seeding.nonce),
                beacon_tip: s.local.chain.tip(0),
                reroll_tip: s.local.reroll_chain.tip(0),
            };
            let signed = Signed {
                sig: s.local.signer.sign(Domain::Commit, &body),
                body,
            };
            s.seeding.commits[seat.index()] = Some(signed.clone());
            s.send(Destination::Broadcast, Message::Commit(signed));
        } else {
            s.request_sync_from_someone();
        }
        s.advance();
        Ok(s)
    }

    /// Resumes the local peer's session from its own replay file after a crash (`dwarfs resume
    /// FILE`) and the game's secret the driver kept ([`Session::new`]), without its signing
    /// journal (see [`Session::resume_with_journal`], which a driver
    /// that keeps one should use). Everything in the file is verified again; the file may be cut
    /// anywhere. Returns the session and how many bytes of the file verify: the session's replay
    /// goes on from that length (a driver writes it to a new file and replaces the old one only
    /// once the new one holds at least as much, so nothing is lost if the others never come
    /// back). The session asks the other peers for what it missed, and does not let the local
    /// seat play until one of them has answered.
    /// A secret that does not give the seed commit recorded in the file is
    /// [`ResumeError::WrongSecret`]: the session never commits to different values.
    pub fn resume(
        replay: &[u8],
        keypair: &Keypair,
        game_secret: GameSecret,
        settings: Settings,
        now: u64,
    ) -> Result<(Self, usize), ResumeError> {
        let signer = Signer::new(keypair).map_err(SessionError::from)?;
        Self::resume_with_signer(replay, signer, game_secret, settings, now)
    }

    /// As [`Session::resume`], from a [`Signer`].
    pub fn resume_with_signer(
        replay: &[u8],
        signer: Signer,
        game_secret: GameSecret,
        settings: Settings,
        now: u64,
    ) -> Result<(Self, usize), ResumeError> {
        Self::resume_with_journal(replay, &[], signer, game_secret, settings, now)
    }

    /// As [`Session::resume_with_signer`], also reading the peer's signing journal (the bytes
    /// [`Session::poll_signing_record`] returned before the crash; empty if there is none).
    ///
    /// **The rule for a crash between signing and finality.** Every move and secret commitment
    /// the local seat signs is journaled before it is sent (the driver writes the journal before
    /// it sends anything polled after it, and flushes it to disk at once, see
    /// [`Session::poll_signing_record`]). So after a crash either the record is absent or torn,
    /// and the item was never sent: no peer holds it, and signing anew is safe;
    /// or the record is whole, and the item may have reached some peers: the resumed session then
    /// signs only that same item for that move (it plays a recorded move again by itself once the
    /// move is the local seat's to play, with the same state before it) and refuses any other
    /// ([`SubmitError::AlreadySigned`]), so it never signs two different items for one move.
    pub fn resume_with_journal(
        replay: &[u8],
        journal: &[u8],
        signer: Signer,
        game_secret: GameSecret,
        settings: Settings,
        now: u64,
    ) -> Result<(Self, usize), ResumeError> {
        let journal = read_journal(journal);
        if let Some(e) = journal.error.as_ref().filter(|e| !e.is_torn_tail()) {
            return Err(ResumeError::Journal(e.clone()));
        }
        let r = crate::replay::rebuild::<G>(replay)?;
        let mut s = Self::with_signer(r.header.config.clone(), signer, game_secret, settings, now)?;
        s.outbox.clear();
        s.events.clear();
        if let Some(seat) = s.local.seat
            && let Some(ours) = r.header.commits.iter().find(|c| c.body.seat == seat)
            && s.seeding.commits[seat.index()].as_ref().map(|c| &c.body) != Some(&ours.body)
        {
            return Err(ResumeError::WrongSecret);
        }
        for c in &r.header.commits {
            if let Some(slot) = s.seeding.commits.get_mut(c.body.seat.index()) {
                *slot = Some(c.clone());
            }
        }
        for rv in &r.header.reveals {
            if let Some(slot) = s.seeding.reveals.get_mut(rv.body.seat.index()) {
                *slot = Some(rv.clone());
            }
        }
        s.seeding.sent_reveal = true;
        match &r.seed_round {
            None => {
                s.try_start();
                // Whether a vote of ours at the seed round bound us is not in the file: we sign
                // no start ack (see `seeding.rs`).
                if let Some((hash, _)) = s.seeding.started {
                    s.seeding.started = Some((hash, false));
                }
            }
            Some((records, reseed)) => s.resume_seed_round(records, reseed, r.seed),
        }
        s.replay.out.clear();
        s.events.clear();
        s.ledger.state = r.state;
        s.ledger.hash_cache = None;
        s.ledger.final_seq = r.final_seq;
        s.ledger.trackers = r.trackers;
        for (seat, live) in s.seats.iter_mut().zip(&r.live) {
            seat.live = *live && seat.player.is_some();
        }
        s.ledger.log = r
            .moves
            .into_iter()
            .map(|(mv, acks, secret)| LogEntry { mv, acks, secret })
            .collect();
        // The last move's links, when the file holds them (see `MoveRecord::beacon`), spare
        // asking for its acks again, unless that move ended the game by itself: the end record
        // to write then repeats its acks.
        let ended_by_move =
            s.ledger.state.to_act() == Actor::Over && r.last_hash == s.current_hash();
        match r.last_links {
            Some(links) if !ended_by_move => s.ledger.last_links = links,
            _ => s.relink_from_log(r.last_hash),
        }
        s.your_turn_sent = s.ledger.final_seq;
        s.replay.log = replay[..r.valid_len].to_vec();
        s.replay.frame_index = read_frames(&s.replay.log)
            .frames
            .iter()
            .map(|(offset, f)| (frame_key(f), *offset))
            .collect();
        s.replay.polled = r.valid_len;
        s.replay.out.clear();
        s.takeover.history = r.takeovers.clone();
        if r.over {
            s.phase = Phase::Over;
        } else {
            // The last move's chance point ended the game, but the end (every live seat's ack
            // of the final state) is not in the file: settle it again, as at the time.
            if s.ledger.state.to_act() == Actor::Over && r.last_hash != s.current_hash() {
                s.phase = Phase::Settling;
                s.send_settled();
            }
            // The last move ended the game by itself: the end record repeats its acks.
            s.end_after_resume();
            s.secret.resync = s
                .live_player_seats()
                .into_iter()
                .map(|i| i as u8)
                .filter(|&i| Some(Seat(i)) != s.local.seat)
                .collect();
            // A player alone with bots has nobody to catch up from: it plays on at once.
            s.ledger.awaiting_resync = !s.secret.resync.is_empty();
            for p in s.seat_peers().into_iter().flatten() {
                if p != s.local.peer {
                    let req = s.sync_request();
                    s.send(Destination::Peer(p), Message::SyncRequest(req));
                }
            }
        }
        s.journal.started = journal.valid_len > 0;
        if let Some(me) = s.local.seat
            && let Some(key) = s.seats[me.index()].player.as_ref().map(|p| p.verifier)
        {
            for (_, rec) in journal.records {
                let ours = match &rec {
                    SignedRecord::Move(m) => {
                        m.body.game_id == s.game_id
                            && m.body.seat == me
                            && verify(&key, Domain::Move, &m.body, &m.sig)
                    }
                    SignedRecord::SecretCommit(c) => {
                        c.body.game_id == s.game_id
                            && c.body.seat == me
                            && verify(&key, Domain::SecretCommit, &c.body, &c.sig)
                    }
                };
                if ours {
                    s.journal.own_signed.entry(rec.seq()).or_insert(rec);
                }
            }
        }
        s.progress();
        Ok((s, r.valid_len))
    }
}
