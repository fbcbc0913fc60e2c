//! The session under way: starting it from the configuration, pumping its frames, events and
//! replay frames, takeover votes for peers gone or left, and what the report is told. The local
//! seat's moves are `our_moves.rs`; what the app is told, `news.rs`.

use super::replay_file::{
    ReplayFile, journal_file, read_secret, resume_copy, secret_file, write_secret,
};
use super::{Driver, LINK_RESET_EVERY, PeerError, hex8, peers_file};
use crate::envelope::wrap_wire;
use crate::lobby::{AddressBook, seat_label};
use crate::node::dials_first;
use crate::spec::{Ending, STARTED_LINE};
use dwarfs_engine::{Game, Seat};
use dwarfs_protocol::replay::format::{Frame, read_frames};
use dwarfs_protocol::{Destination, Event, GameConfig, Phase, SeatSpec, Session, Settings, wire};
use libp2p::PeerId;
use std::path::Path;
use std::time::Duration;
use web_time::Instant;

impl<G: Game> Driver<G> {
    /// The session settings from the spec.
    fn session_settings(&self) -> Settings {
        Settings {
            retransmit_ms: self.spec.timing.retransmit_ms.max(10),
            silence_ms: if self.spec.timing.seat_timeout_ms > 0 {
                self.spec.timing.seat_timeout_ms
            } else {
                10_000
            },
            takeover_after_ms: (self.spec.timing.seat_timeout_ms > 0)
                .then_some(self.spec.timing.seat_timeout_ms),
            ..Settings::default()
        }
    }

    /// Starts the session of the configured game: a player's key refuses a game id it played
    /// before, the game's fresh secret, the replay file (a new one: an existing file is never
    /// written over, a fresh name is taken instead) with the secret and the address book next to
    /// it, the game id recorded as played by the key, and the full mesh (every seated peer
    /// dialled). Everything is on disk before the session's seed commit is sent.
    pub(super) fn start_session(&mut self, config: GameConfig) -> Result<(), PeerError> {
        // A spectator holds no seat: it commits to nothing, and is not recorded.
        let seated = config.seat_of(&self.id.public).is_some();
        if seated {
            crate::store::check(&*self.store, &config.game_id)
                .map_err(|e| PeerError::Setup(e.to_string()))?;
        }
        let secret =
            crate::played::new_game_secret().map_err(|e| PeerError::Setup(e.to_string()))?;
        let session = Session::<G>::new(
            config.clone(),
            &self.id.key,
            secret.clone(),
            self.session_settings(),
            self.now_ms(),
        )
        .map_err(|e| PeerError::Setup(e.to_string()))?;
        if let Some(path) = self.spec.replay.clone() {
            #[cfg_attr(not(feature = "test-hooks"), allow(unused_mut))]
            let mut f = ReplayFile::create_new(&path).map_err(|e| PeerError::Replay {
                path: path.clone(),
                reason: e.to_string(),
            })?;
            #[cfg(feature = "test-hooks")]
            if let Some(n) = self.spec.hooks.replay_fails_after_writes {
                f.fill_disk_after(n);
            }
            if f.path() != path {
                self.say(format!(
                    "{} exists already: this game's replay is {}.",
                    path.display(),
                    f.path().display()
                ));
            }
            self.report.replay = Some(f.path().to_path_buf());
            write_secret(f.path(), &secret).map_err(|e| PeerError::Replay {
                path: secret_file(f.path()),
                reason: format!("the game's secret could not be kept: {e}"),
            })?;
            if let Some(b) = self.address_book() {
                let _ = crate::files::write_atomic(&peers_file(f.path()), &b.encode(), false);
            }
            self.recording.file = Some(f);
        } else if self.spec.replay_in_memory {
            self.recording.memory = Some(Vec::new());
            if seated {
                self.keep_saved_start(&config, &secret);
            }
        }
        if seated {
            crate::store::start(&*self.store, &config.game_id)
                .map_err(|e| PeerError::Setup(e.to_string()))?;
        }
        self.begin_session(session);
        Ok(())
    }

    /// Resumes the session from our own replay file `path` (content `bytes`) and the signing
    /// journal next to it. Nothing is written over the file before a rebuilt copy holds every
    /// move it held (see [`ReplayFile::resume`]).
    pub(super) fn resume_session(
        &mut self,
        config: GameConfig,
        path: &Path,
        bytes: &[u8],
    ) -> Result<(), PeerError> {
        let bad = |reason: String| PeerError::Replay {
            path: path.to_path_buf(),
            reason,
        };
        let journal = match std::fs::read(journal_file(path)) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(bad(format!("its signing journal: {e}"))),
        };
        let secret = read_secret(path).map_err(&bad)?;
        // How long we were down: since the last write to the file or its signing journal.
        let down = downtime_ms(&[path.to_path_buf(), journal_file(path)]);
        let (session, keep) = self
            .rebuild_session(bytes, &journal, secret, down)
            .map_err(|e| bad(format!("{e} (the file was left as it is)")))?;
        debug_assert_eq!(session.config().game_id, config.game_id);
        let original_moves = moves_in(bytes);
        let (f, _) = ReplayFile::resume(path, bytes, keep, original_moves)
            .map_err(|e| bad(e.to_string()))?;
        if keep < bytes.len() {
            self.say(format!(
                "Resuming from move {} of {original_moves}: the replay is rebuilt in {} and \
                 replaces {} once it holds every move (the file is left as it is until then).",
                session.final_seq(),
                resume_copy(path).display(),
                path.display()
            ));
        }
        self.report.replay = Some(path.to_path_buf());
        self.recording.file = Some(f);
        self.begin_session(session);
        self.announce_resumed();
        Ok(())
    }

    /// The address book kept for a resume: the host's signed roster, else the bare one.
    pub(super) fn address_book(&self) -> Option<AddressBook> {
        match self.lobby.hosts_roster() {
            Some(signed) => Some(AddressBook::Hosts(signed)),
            None => self.lobby.roster().cloned().map(AddressBook::Bare),
        }
    }

    /// The session rebuilt from our own replay `bytes`, the signing `journal` and the game's
    /// `secret`, down for `down_ms`; with how many bytes of the replay it keeps (see
    /// `Session::resume_with_journal`).
    pub(super) fn rebuild_session(
        &self,
        bytes: &[u8],
        journal: &[u8],
        secret: dwarfs_protocol::GameSecret,
        down_ms: u64,
    ) -> Result<(Session<G>, usize), String> {
        let (mut session, keep) = Session::<G>::resume_with_journal(
            bytes,
            journal,
            self.id.signer.clone(),
            secret,
            self.session_settings(),
            self.now_ms(),
        )
        .map_err(|e| e.to_string())?;
        session.note_downtime(down_ms);
        Ok((session, keep))
    }

    /// The session under way: dial every seated peer, greet those connected, say who we play.
    pub(super) fn begin_session(&mut self, session: Session<G>) {
        self.report.seat = session.local_seat();
        self.report.configured_us = Some(self.since_start_us());
        // The configuration's players are ours (trusted: see `Lobby::trusted`), whatever roster
        // the lobby holds.
        self.lobby
            .seated(session.seat_peers().into_iter().flatten());
        // Meet every seated peer: the full mesh.
        let mut to_dial = Vec::new();
        if let Some(r) = self.lobby.roster() {
            for s in &r.seats {
                if let Some(p) = s.peer_id()
                    && p != self.id.peer
                {
                    to_dial.push((p, s.multiaddrs()));
                }
            }
        }
        self.session = Some(session);
        // Verdicts belong to the session that handed out their work: a new checker for a new one.
        self.checker = super::checker::Checker::default();
        // One peer of each pair dials (the other keeps the addresses, for when it must send
        // first), so that a pair behind NATs holds one relayed connection to punch through.
        for (p, addrs) in to_dial {
            if dials_first(&self.id.peer, &p) {
                self.node.dial(p, addrs);
            } else {
                for a in addrs {
                    self.node.add_address(p, a);
                }
            }
        }
        let connected: Vec<PeerId> = self.lobby.connected().iter().copied().collect();
        if let Some(s) = self.session.as_mut() {
            for p in connected {
                s.peer_connected(p);
            }
        }
        if let Some(seat) = self.report.seat {
            self.say(format!(
                "The game starts: you play {}.",
                seat_label::<G>(seat)
            ));
        } else {
            self.say("You are watching the game as a spectator.");
        }
    }

    /// The seats' display names from the roster (or "seat N"), and which seats bots play.
    pub(super) fn seat_names(&self) -> (Vec<String>, Vec<bool>) {
        let Some(s) = &self.session else {
            return (vec![], vec![]);
        };
        let seats = &s.config().seats;
        let names = (0..seats.len())
            .map(|i| {
                self.lobby
                    .roster()
                    .and_then(|r| r.seats.get(i))
                    .map(|r| r.name.clone())
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| format!("Seat {}", i + 1))
            })
            .collect();
        let bots = seats.iter().map(|s| matches!(s, SeatSpec::Bot)).collect();
        (names, bots)
    }

    /// Live players (seated people not taken over), for "n of n agree".
    pub(super) fn live_players(&self) -> usize {
        self.session.as_ref().map_or(0, |s| {
            s.broadcast_peers().len() + usize::from(s.local_seat().is_some() && !s.is_taken_over())
        })
    }

    /// Carries out what the session asks: frames to send, events, replay frames, our moves.
    pub(super) fn pump(&mut self) {
        if self.session.is_none() {
            return;
        }
        loop {
            let mut any = false;
            // What we signed and what became final is on disk before anything is sent: a write
            // error stops the game for this peer instead of playing on unrecorded.
            if !self.write_replay() {
                return;
            }
            while let Some(t) = self.session.as_mut().and_then(|s| s.poll_transmit()) {
                any = true;
                let targets = match &t.to {
                    Destination::Peer(p) => vec![*p],
                    Destination::Broadcast => self
                        .session
                        .as_ref()
                        .map(|s| s.broadcast_peers())
                        .unwrap_or_default(),
                };
                for msg in self.tamper(t.message) {
                    let Ok(bytes) = wire::encode(&msg) else {
                        continue;
                    };
                    let frame = wrap_wire(&bytes);
                    for p in &targets {
                        if self.muted(p) {
                            continue;
                        }
                        tracing::trace!(to = %p, "out: {}", msg.kind());
                        self.node.send(*p, frame.clone());
                    }
                }
            }
            while let Some(e) = self.session.as_mut().and_then(|s| s.poll_event()) {
                self.on_event(e);
            }
            if self.play_bot_move() || self.play_app_move() {
                any = true;
            }
            if !any {
                break;
            }
        }
        self.check_hooks();
    }

    /// Writes what the session produced for the disk: signing-journal records (flushed at once,
    /// on the flush thread), replay frames (flushed at every checkpoint on the flush thread, and
    /// at the end before the game is over for us), and replaces the original of
    /// a resumed replay once the rebuilt copy holds every move of it. Returns false once writing
    /// failed: the game is then stopped for this peer (`Recording::failed`).
    fn write_replay(&mut self) -> bool {
        if self.recording.failed.is_some() {
            return false;
        }
        if let (Some(s), Some(m)) = (self.session.as_mut(), self.recording.memory.as_mut()) {
            let journal = self.recording.saved.as_mut().map(|k| &mut k.journal);
            keep_in_memory(s, m, journal);
            self.keep_saved();
            return true;
        }
        let (Some(s), Some(f)) = (self.session.as_mut(), self.recording.file.as_mut()) else {
            return true;
        };
        let mut result = Ok(());
        while let Some(b) = s.poll_signing_record() {
            result = result.and_then(|()| f.journal(&b));
        }
        if let Some(len) = s.poll_replay_truncate() {
            // Our seat was handed to the bot at a move we had taken as final: the session
            // rewound, and the replay is cut back to match before it goes on.
            result = result.and_then(|()| f.truncate(len));
        }
        while let Some(b) = s.poll_replay_frame() {
            result = result.and_then(|()| f.append(&b));
        }
        let ended = matches!(s.phase(), Phase::Over | Phase::Halted(_));
        // Checkpoints are flushed while play goes on; the end is waited for.
        let checkpoint = s.poll_replay_sync();
        if ended {
            result = result.and_then(|()| f.sync());
        } else if checkpoint {
            result = result.and_then(|()| f.sync_soon());
        }
        if result.is_ok() && f.ready_to_replace(s.final_seq(), ended) {
            let verify = |bytes: &[u8], moves: u32| {
                dwarfs_protocol::replay::check_unfinished::<G>(bytes)
                    .is_ok_and(|r| r.moves >= moves || r.over)
            };
            match f.promote(verify) {
                Ok(true) => tracing::info!("the rebuilt replay replaced {}", f.path().display()),
                Ok(false) => {}
                Err(e) => result = Err(e),
            }
        }
        let Err(e) = result else {
            if s.phase() == &Phase::Over {
                f.game_over(|bytes| dwarfs_protocol::replay::verify::<G>(bytes).is_ok());
            }
            return true;
        };
        let why = format!(
            "The game stopped for you: the replay file {} could not be written ({e}). \
             Free some space, then `dwarfs resume {}` to carry on.",
            f.path().display(),
            f.path().display()
        );
        tracing::error!("{why}");
        self.say(why.clone());
        self.report.ending = Ending::Failed(why.clone());
        self.recording.failed = Some(why);
        false
    }

    /// One event of the session: the report, the lines shown, the app told.
    pub(super) fn on_event(&mut self, e: Event<G>) {
        self.forward(&e);
        match e {
            Event::Started { seed, hash } => {
                self.report.started_us = Some(self.since_start_us());
                self.report.cpu_us = crate::cpu::process_cpu_time().map(|t| {
                    let us = t.as_micros() as u64;
                    (us, us)
                });
                if let Some(c) = self.report.configured_us {
                    self.report.seeding_us = Some(self.since_start_us().saturating_sub(c));
                }
                if self.spec.process.machine {
                    println!("{STARTED_LINE}");
                }
                self.say(format!(
                    "Seed agreed ({}); first state hash {}.",
                    hex8(&seed),
                    hash.short()
                ));
            }
            Event::YourTurn { .. } => {}
            Event::MoveApplied {
                seq,
                seat,
                action,
                description,
                by_bot,
                ..
            } => {
                self.hook_saw_action(action);
                self.drop_stale_choice(seat);
                let who = if by_bot { " (bot)" } else { "" };
                if self.spec.process.verbose && self.link.is_none() {
                    println!("{seq:>4}. seat {}{who}: {description}", seat.0 + 1);
                }
            }
            Event::MoveFinal { seq, .. } => {
                self.report.hash_checks += 1;
                if self.report.first_hash_us.is_none() {
                    self.report.first_hash_us = Some(self.since_start_us());
                }
                self.report.moves = seq;
                if let Some(t) = self.moves.sent_at.remove(&seq) {
                    self.report
                        .latencies_us
                        .push(t.elapsed().as_micros() as u64);
                }
            }
            Event::ChanceResolved { .. } => {}
            Event::GameOver {
                outcome,
                hash,
                moves,
            } => {
                self.report.moves = moves;
                if let (Some((start, _)), Some(now)) =
                    (self.report.cpu_us, crate::cpu::process_cpu_time())
                {
                    self.report.cpu_us = Some((start, now.as_micros() as u64));
                }
                self.report.final_hash = Some(hash.to_hex());
                self.report.scores = outcome.scores.iter().map(|s| s.total).collect();
                self.report.winners = outcome.winners.clone();
                self.say(format!(
                    "Game over after {moves} moves: {}",
                    outcome.summary
                ));
                // Who won, and every seat's score, by the names at the table.
                let (names, _) = self.seat_names();
                let name = |s: Seat| {
                    let n = names.get(s.index()).cloned().unwrap_or_default();
                    match G::seat_colour(s) {
                        Some(c) => format!("{n} ({c})"),
                        None => n,
                    }
                };
                let scores: Vec<String> = outcome
                    .scores
                    .iter()
                    .map(|s| format!("{} {}", name(s.seat), s.total))
                    .collect();
                self.say(format!(
                    "{}. Scores: {}.",
                    outcome.verdict(name),
                    scores.join(", ")
                ));
                // Once a single live player was left, chance was its own to foresee: said here
                // as on the end screen and by `replay verify`.
                let (_, bots) = self.seat_names();
                let players: Vec<Seat> = (0..bots.len())
                    .filter(|&i| !bots[i])
                    .map(|i| Seat(i as u8))
                    .collect();
                if let Some(f) =
                    dwarfs_protocol::replay::Foresight::of(&players, &self.report.takeovers)
                {
                    self.say(f.sentence(name));
                }
                if self.spec.process.rtt_probes == 0 {
                    self.send_done();
                } else {
                    self.start_probes();
                }
            }
            Event::Desync(r) => {
                let line = format!(
                    "DESYNC after move {}: hashes {:?}, majority {:?}, ours {}",
                    r.seq,
                    r.hashes
                        .iter()
                        .map(|(s, h)| format!("seat {}={}", s.0 + 1, h.short()))
                        .collect::<Vec<_>>(),
                    r.majority.map(|h| h.short()),
                    r.local.short()
                );
                if self.link.is_none() {
                    eprintln!("{line}");
                }
                self.report.cheats.push(line);
            }
            Event::Cheat(ev) => {
                let line = format!(
                    "{} by seat {} at move {}: {}",
                    ev.kind,
                    ev.seat
                        .map(|s| (s.0 as u16 + 1).to_string())
                        .unwrap_or("?".into()),
                    ev.seq,
                    ev.detail
                );
                if self.link.is_none() {
                    eprintln!("cheat detected: {line}");
                }
                self.report.cheats.push(line);
            }
            Event::Silent { seat, waiting, .. } => {
                self.say(format!(
                    "Silent: {}, waiting for {waiting}.",
                    seat_label::<G>(seat)
                ));
                // No progress for the silence timeout: a link may be what is stuck (a stream
                // that swallows frames, between any two peers, not only toward the silent
                // one). Fresh connections make every peer resend its own items and ask for
                // what it lacks (`Session::peer_connected`); harmless if a player is only
                // thinking.
                if self
                    .links
                    .reset
                    .is_none_or(|t| t.elapsed() >= LINK_RESET_EVERY)
                {
                    self.links.reset = Some(Instant::now());
                    let peers: Vec<PeerId> = self
                        .session
                        .as_ref()
                        .map(|s| s.broadcast_peers())
                        .unwrap_or_default()
                        .into_iter()
                        .filter(|p| self.is_connected(p))
                        .collect();
                    tracing::info!("no progress: reconnecting {} peer(s)", peers.len());
                    for p in peers {
                        self.node.disconnect(p);
                    }
                }
                if self.spec.timing.seat_timeout_ms > 0 {
                    self.say(format!(
                        "Voting to hand seat {} to the takeover bot.",
                        seat.0 + 1
                    ));
                }
            }
            Event::Chat { seat, text } => {
                let line = format!("seat {}: {text}", seat.0 + 1);
                self.say_chat(&format!("[chat] {line}"));
                self.report.chat.push(line);
            }
            Event::TakenOver { seat, from_seq } => {
                // Move 0: at the seed round, before the start (its seed commit or reveal never
                // came).
                let ours = self.report.seat == Some(seat);
                let from = match (from_seq, ours) {
                    (0, true) => {
                        "the start (your seed commitment or reveal never reached them)".to_string()
                    }
                    (0, false) => {
                        "the start (its seed commitment or reveal never came)".to_string()
                    }
                    (n, _) => format!("move {n}"),
                };
                if ours {
                    self.say(format!(
                        "The other players handed your seat to the takeover bot from {from} \
                         (you were silent too long). You follow the game to its end."
                    ));
                } else {
                    self.say(format!(
                        "Seat {} is now played by the takeover bot from {from}.",
                        seat.0 + 1
                    ));
                }
                self.report.takeovers.push((seat, from_seq));
            }
            Event::Halted { reason } => {
                if self.link.is_none() {
                    eprintln!("The game stopped: {reason}");
                }
            }
        }
    }

    /// Votes to hand to the bot the seats whose peers have been disconnected past
    /// `gone_timeout_ms` (a player who is connected, even if thinking for long, is never voted
    /// out this way). The takeover still needs the quorum of the remaining players.
    pub(super) fn vote_out_gone(&mut self) {
        let after = Duration::from_millis(self.spec.timing.gone_timeout_ms);
        if after.is_zero() {
            return;
        }
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if s.local_seat().is_none() || s.is_taken_over() {
            return;
        }
        let gone: Vec<PeerId> = s
            .broadcast_peers()
            .into_iter()
            .filter(|p| {
                self.links
                    .gone_since
                    .get(p)
                    .is_some_and(|t| t.elapsed() >= after)
            })
            .collect();
        for p in gone {
            if let Some(seat) = s.seat_of_peer(&p)
                && s.vote_takeover(seat).is_ok()
            {
                self.links.gone_since.remove(&p);
                let line = format!(
                    "Seat {} has been disconnected for {} s; voting to hand it to the takeover bot.",
                    seat.0 + 1,
                    after.as_secs()
                );
                self.say(line);
                return;
            }
        }
    }

    /// A player left the game under way: vote its seat to the bot at once (the takeover still
    /// needs the quorum of the remaining players).
    pub(super) fn player_left(&mut self, from: PeerId) {
        if let Some(s) = self.session.as_mut()
            && let Some(seat) = s.seat_of_peer(&from)
            && s.local_seat().is_some()
        {
            match s.vote_takeover(seat) {
                Ok(()) => self.say(format!(
                    "Seat {} left the game; voting to hand it to the takeover bot.",
                    seat.0 + 1
                )),
                Err(e) => tracing::debug!("no takeover vote for a leaving seat: {e}"),
            }
        }
    }
}

/// Milliseconds since the newest modification of any of `files` (0 when none can be read): how
/// long a resumed peer was down, for [`Session::note_downtime`].
fn downtime_ms(files: &[std::path::PathBuf]) -> u64 {
    files
        .iter()
        .filter_map(|f| std::fs::metadata(f).and_then(|m| m.modified()).ok())
        .max()
        .and_then(|t| t.elapsed().ok())
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl<G: Game> Driver<G> {
    /// The replay kept in memory, with everything the session produced for it (taken: the run
    /// is over).
    pub(super) fn take_memory_replay(&mut self) -> Option<Vec<u8>> {
        if let (Some(s), Some(bytes)) = (self.session.as_mut(), self.recording.memory.as_mut()) {
            let journal = self.recording.saved.as_mut().map(|k| &mut k.journal);
            keep_in_memory(s, bytes, journal);
        }
        self.keep_saved();
        self.recording.memory.take()
    }
}

/// The highest move or chance point a replay's frames hold.
pub(super) fn moves_in(bytes: &[u8]) -> u32 {
    read_frames(bytes)
        .frames
        .iter()
        .filter_map(|(_, f)| match f {
            Frame::Move(m) => Some(m.seq),
            Frame::Secret(r) => Some(r.seq),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// Keeps what the session produced for its replay in `bytes` (a browser's replay, in memory),
/// and its signing records in `journal` when the game is kept for a resume (else they are
/// dropped: nothing resumes from them).
fn keep_in_memory<G: Game>(
    s: &mut Session<G>,
    bytes: &mut Vec<u8>,
    mut journal: Option<&mut Vec<u8>>,
) {
    while let Some(b) = s.poll_signing_record() {
        if let Some(j) = journal.as_deref_mut() {
            j.extend_from_slice(&b);
        }
    }
    if let Some(len) = s.poll_replay_truncate() {
        bytes.truncate(len);
    }
    while let Some(b) = s.poll_replay_frame() {
        bytes.extend_from_slice(&b);
    }
    let _ = s.poll_replay_sync();
}
