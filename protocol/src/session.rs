//! The sans-IO lockstep session: one peer's view of one game.
//!
//! Inputs: [`Session::handle_message`] / [`Session::handle_bytes`], [`Session::submit_local_action`],
//! [`Session::tick`] (logical time in milliseconds), [`Session::peer_connected`].
//! Outputs, polled until `None` after every input: [`Session::poll_transmit`],
//! [`Session::poll_event`], [`Session::poll_replay_frame`]. See the crate README.

use crate::beacon::{self, Chain, ChainTracker};
use crate::config::{GameConfig, Refusal, SeatSpec};
use crate::event::{Destination, DesyncReport, Event, Transmit, Waiting};
use crate::evidence::{CheatKind, Evidence};
use crate::keys::{Domain, KeyError, Signer, verify};
use crate::lockstep;
use crate::message::{
    Ack, AckBody, AckStage, ChatBody, CommitBody, GameId, LogItem, LogSync, Message, MoveBody,
    RevealBody, SecretCommitBody, SecretRevealBody, Signed, SyncRequest, TakeoverBody,
};
use crate::replay::format::{
    AckRecord, FinalRecord, Frame, Header, MAGIC, MoveRecord, SecretChoice, SecretProof,
    SecretRecord, TakeoverRecord, VoteRecord, encode_frame, read_frames,
};
use crate::takeover;
use crate::wire::{self, MAX_CHAT_LEN, WireError};
use dwarfs_engine::{Actor, Game, Seat, SeatSet, StateHash, codec, state_hash};
use libp2p_identity::{Keypair, PeerId, ed25519};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use thiserror::Error;

/// Timing knobs (logical milliseconds, as given to [`Session::tick`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Resend and ask for missing items after this long without progress.
    pub retransmit_ms: u64,
    /// Report a peer we wait for as [`Event::Silent`] after this long.
    pub silence_ms: u64,
    /// Most moves in one [`LogSync`] answer.
    pub sync_chunk: u32,
    /// When set, vote on our own to hand a seat to the takeover bot after it has been silent
    /// this long while we wait for it (see [`crate::takeover`] for whose votes it needs).
    pub takeover_after_ms: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            retransmit_ms: 250,
            silence_ms: 10_000,
            sync_chunk: 64,
            takeover_after_ms: None,
        }
    }
}

/// How far ahead of the last final move messages are buffered.
const WINDOW: u32 = 64;

/// Why a session could not be created.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SessionError {
    /// The configuration does not fit this game.
    #[error(transparent)]
    Config(#[from] Refusal),
    /// The local key is unusable.
    #[error(transparent)]
    Key(#[from] KeyError),
}

/// Why a local action was not played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SubmitError {
    /// This peer is a spectator.
    #[error("spectators cannot play")]
    Spectator,
    /// The game has not started or is over or halted.
    #[error("the game is not in play")]
    NotPlaying,
    /// The previous move is not final yet, or another seat acts.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The engine refused the action.
    #[error("illegal action: {0}")]
    Illegal(String),
}

/// Why a session could not be resumed from a replay file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResumeError {
    /// The file does not verify (before the point where it was cut).
    #[error("the replay file does not verify: {0}")]
    Replay(#[from] crate::replay::VerifyError),
    /// The configuration or key is unusable.
    #[error(transparent)]
    Session(#[from] SessionError),
}

/// Why a takeover vote could not be cast.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TakeoverError {
    /// Only live seated peers vote.
    #[error("only a seated player can vote")]
    NotSeated,
    /// The seat is ours, a bot, or out of range.
    #[error("that seat cannot be taken over")]
    BadSeat,
    /// The game is not in play.
    #[error("the game is not in play")]
    NotPlaying,
    /// Too few players are left to outvote the seat (see [`crate::takeover::quorum`]).
    #[error(
        "a takeover needs the votes of {needed} players, but only {available} other players are still in the game"
    )]
    TooFewVoters {
        /// Voters a takeover needs.
        needed: usize,
        /// Live players other than the seat.
        available: usize,
    },
}

/// Where the session is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Exchanging seed commits and reveals.
    Seeding,
    /// Playing moves.
    Playing,
    /// The game ended after a chance point; agreeing on the final state.
    Settling,
    /// The game is over and agreed.
    Over,
    /// Stopped by a cheat or a desync.
    Halted(String),
}

#[derive(Clone, Debug)]
struct SeatInfo {
    /// `None` for a bot seat.
    player: Option<PlayerInfo>,
    /// Whether this seat still plays and acks itself (false for bots and taken-over seats).
    live: bool,
}

#[derive(Clone, Debug)]
struct PlayerInfo {
    verifier: ed25519::PublicKey,
    peer: PeerId,
}

#[derive(Clone, Debug)]
struct Pending<G: Game> {
    seq: u32,
    seat: Seat,
    action: G::Action,
    mv: Option<Signed<MoveBody>>,
    hash: StateHash,
    /// The state before the move (moved, not cloned), to undo the move of a seat handed to the
    /// bot before the move was final.
    before: G,
    /// A simultaneous secret step: every deciding seat's choice (for the replay), and the signed
    /// commitments and reveals behind them.
    secret: Option<(Vec<SecretChoice>, Vec<LogItem>)>,
}

#[derive(Clone, Debug)]
struct LogEntry {
    mv: Option<Signed<MoveBody>>,
    acks: Vec<Option<Ack>>,
    /// A secret step's signed commitments and reveals.
    secret: Vec<LogItem>,
}

/// The pending move's number and hash, while its acks are checked.
struct PendingView {
    seq: u32,
    hash: StateHash,
}

/// One peer's session of one game. See the module docs and the crate README.
pub struct Session<G: Game> {
    config: GameConfig,
    config_digest: [u8; 32],
    game_id: GameId,
    settings: Settings,
    signer: Signer,
    local_peer: PeerId,
    local_seat: Option<Seat>,
    seats: Vec<SeatInfo>,
    nonce: [u8; 32],
    chain: Chain,
    commits: Vec<Option<Signed<CommitBody>>>,
    reveals: Vec<Option<Signed<RevealBody>>>,
    sent_reveal: bool,
    phase: Phase,
    state: G,
    seed: Option<[u8; 32]>,
    final_seq: u32,
    pending: Option<Pending<G>>,
    acks: BTreeMap<u32, Vec<Option<Ack>>>,
    settled: Vec<Option<Ack>>,
    trackers: Vec<Option<ChainTracker>>,
    future_moves: BTreeMap<u32, Vec<Signed<MoveBody>>>,
    log: Vec<LogEntry>,
    votes: BTreeMap<(u8, u32), BTreeMap<u8, Signed<TakeoverBody>>>,
    takeover_move: Option<(u32, [u8; 32])>,
    /// The beacon links of the live seats revealed with the acks of the last final move.
    last_links: Vec<(u8, crate::message::Link)>,
    outbox: VecDeque<Transmit>,
    events: VecDeque<Event<G>>,
    replay_out: VecDeque<Vec<u8>>,
    now: u64,
    last_progress: u64,
    last_retransmit: u64,
    silence_reported: BTreeSet<(u8, u32, u8)>,
    cheats_reported: BTreeSet<(u8, u32, Vec<u8>)>,
    unknown_reported: BTreeSet<Vec<u8>>,
    chat_counter: u32,
    chats_seen: BTreeSet<(u8, u32)>,
    your_turn_sent: u32,
    spectator_rr: usize,
    /// Resumed from a file: the local seat may not play until a peer answered a sync.
    awaiting_resync: bool,
    /// When we last cast a new takeover vote.
    last_vote_at: u64,
    /// The hash of `state`, once computed (cleared whenever `state` changes otherwise than by
    /// `applied`, which sets it): each state is hashed once.
    hash_cache: Option<StateHash>,
    /// Player seats at the start of the game (for the takeover quorum).
    players_at_start: usize,
    /// Takeovers applied: `(from_seq, seats)`.
    takeover_history: Vec<(u32, Vec<u8>)>,
    /// Every replay byte this session produced (the file as it should be), to rewind it.
    replay_log: Vec<u8>,
    /// Where each frame of `replay_log` starts, keyed by the move it belongs to.
    frame_index: Vec<(u32, usize)>,
    /// Replay bytes handed to the driver so far.
    replay_polled: usize,
    /// The driver must cut its replay file to this length (after a rewind).
    replay_truncate: Option<usize>,
    /// Secret steps not yet final: the commitments held, by step and seat.
    secret_commits: BTreeMap<u32, Vec<Option<Signed<SecretCommitBody>>>>,
    /// Secret steps not yet final: the reveals held (each checked against its commitment).
    secret_reveals: BTreeMap<u32, Vec<Option<Signed<SecretRevealBody>>>>,
    /// Our own choice at a secret step, committed: its signed reveal, kept back until every
    /// commitment of the step is held.
    my_secret: Option<Signed<SecretRevealBody>>,
    /// Resumed from a file: the live seats that have not answered a sync yet. The local seat
    /// commits at a secret step only once every one of them has, so that a commitment it sent
    /// before the crash, held by any of them, comes back instead of being signed anew.
    secret_resync: BTreeSet<u8>,
}

impl<G: Game> std::fmt::Debug for Session<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.config.game)
            .field("local_seat", &self.local_seat)
            .field("phase", &self.phase)
            .field("final_seq", &self.final_seq)
            .finish()
    }
}

/// The move a replay frame belongs to: a rewind to before move `n` cuts at the first frame whose
/// key is `n` or more.
fn frame_key(frame: &Frame) -> u32 {
    match frame {
        Frame::Header(_) => 0,
        Frame::Move(m) => m.seq,
        Frame::Secret(r) => r.seq,
        Frame::Takeover(t) => t.from_seq,
        Frame::Final(_) => u32::MAX,
    }
}

impl<G: Game> Session<G> {
    /// Starts a session for `config` as the peer with identity `keypair`: seated if its key holds
    /// a seat, a spectator otherwise. A seated session immediately queues its seed commit.
    /// `now` is the caller's logical time in milliseconds.
    pub fn new(
        config: GameConfig,
        keypair: &Keypair,
        settings: Settings,
        now: u64,
    ) -> Result<Self, SessionError> {
        let signer = Signer::new(keypair)?;
        Self::with_signer(config, signer, settings, now)
    }

    /// As [`Session::new`], from a [`Signer`].
    pub fn with_signer(
        config: GameConfig,
        signer: Signer,
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
        let nonce = signer.derive_secret(&game_id, "seed nonce");
        let chain = Chain::new(
            signer.derive_secret(&game_id, "beacon chain"),
            config.beacon_segment,
        );
        let n = seats.len();
        let mut s = Session {
            config_digest: config.digest(),
            config,
            game_id,
            settings,
            signer,
            local_peer,
            local_seat,
            seats,
            nonce,
            chain,
            commits: vec![None; n],
            reveals: vec![None; n],
            sent_reveal: false,
            phase: Phase::Seeding,
            state,
            seed: None,
            final_seq: 0,
            pending: None,
            acks: BTreeMap::new(),
            settled: vec![None; n],
            trackers: vec![None; n],
            future_moves: BTreeMap::new(),
            log: Vec::new(),
            votes: BTreeMap::new(),
            takeover_move: None,
            last_links: Vec::new(),
            outbox: VecDeque::new(),
            events: VecDeque::new(),
            replay_out: VecDeque::new(),
            now,
            last_progress: now,
            last_retransmit: now,
            silence_reported: BTreeSet::new(),
            cheats_reported: BTreeSet::new(),
            unknown_reported: BTreeSet::new(),
            chat_counter: 0,
            chats_seen: BTreeSet::new(),
            your_turn_sent: 0,
            spectator_rr: 0,
            awaiting_resync: false,
            last_vote_at: 0,
            hash_cache: None,
            players_at_start: 0,
            takeover_history: Vec::new(),
            replay_log: Vec::new(),
            frame_index: Vec::new(),
            replay_polled: 0,
            replay_truncate: None,
            secret_commits: BTreeMap::new(),
            secret_reveals: BTreeMap::new(),
            my_secret: None,
            secret_resync: BTreeSet::new(),
        };
        s.players_at_start = s.player_seats().count();
        if let Some(seat) = s.local_seat {
            let body = CommitBody {
                game_id,
                config_digest: s.config_digest,
                seat: seat.0,
                nonce_hash: beacon::nonce_hash(&game_id, seat.0, &s.nonce),
                beacon_tip: s.chain.tip(0),
            };
            let signed = Signed {
                sig: s.signer.sign(Domain::Commit, &body),
                body,
            };
            s.commits[seat.index()] = Some(signed.clone());
            s.send(Destination::Broadcast, Message::Commit(signed));
        } else {
            s.request_sync_from_someone();
        }
        s.advance();
        Ok(s)
    }

    /// Resumes the local peer's session from its own replay file after a crash (`dwarfs resume
    /// FILE`). Everything in the file is verified again; the file may be cut anywhere. Returns
    /// the session and how many bytes of the file to keep: **truncate the file to that length**
    /// before appending the session's new replay frames. The session asks the other peers for
    /// what it missed, and does not let the local seat play until one of them has answered (so it
    /// never signs a second, different move for a turn it played before the crash).
    pub fn resume(
        replay: &[u8],
        keypair: &Keypair,
        settings: Settings,
        now: u64,
    ) -> Result<(Self, usize), ResumeError> {
        let signer = Signer::new(keypair).map_err(SessionError::from)?;
        Self::resume_with_signer(replay, signer, settings, now)
    }

    /// As [`Session::resume`], from a [`Signer`].
    pub fn resume_with_signer(
        replay: &[u8],
        signer: Signer,
        settings: Settings,
        now: u64,
    ) -> Result<(Self, usize), ResumeError> {
        let r = crate::replay::rebuild::<G>(replay)?;
        let mut s = Self::with_signer(r.header.config.clone(), signer, settings, now)?;
        s.outbox.clear();
        s.events.clear();
        for c in &r.header.commits {
            if let Some(slot) = s.commits.get_mut(c.body.seat as usize) {
                *slot = Some(c.clone());
            }
        }
        for rv in &r.header.reveals {
            if let Some(slot) = s.reveals.get_mut(rv.body.seat as usize) {
                *slot = Some(rv.clone());
            }
        }
        s.sent_reveal = true;
        s.try_start();
        s.replay_out.clear();
        s.events.clear();
        s.state = r.state;
        s.hash_cache = None;
        s.final_seq = r.final_seq;
        s.trackers = r.trackers;
        for (seat, live) in s.seats.iter_mut().zip(&r.live) {
            seat.live = *live && seat.player.is_some();
        }
        s.log = r
            .moves
            .into_iter()
            .map(|(mv, acks, secret)| LogEntry { mv, acks, secret })
            .collect();
        s.your_turn_sent = s.final_seq;
        s.replay_log = replay[..r.valid_len].to_vec();
        s.frame_index = read_frames(&s.replay_log)
            .frames
            .iter()
            .map(|(offset, f)| (frame_key(f), *offset))
            .collect();
        s.replay_polled = r.valid_len;
        s.replay_out.clear();
        s.takeover_history = r.takeovers.clone();
        if r.over {
            s.phase = Phase::Over;
        } else {
            s.awaiting_resync = true;
            s.secret_resync = s
                .live_player_seats()
                .into_iter()
                .map(|i| i as u8)
                .filter(|&i| Some(Seat(i)) != s.local_seat)
                .collect();
            for p in s.seat_peers().into_iter().flatten() {
                if p != s.local_peer {
                    let req = s.sync_request();
                    s.send(Destination::Peer(p), Message::SyncRequest(req));
                }
            }
        }
        s.progress();
        Ok((s, r.valid_len))
    }

    // ----- accessors -----

    /// The agreed configuration.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// Our seat, or `None` for a spectator.
    pub fn local_seat(&self) -> Option<Seat> {
        self.local_seat
    }

    /// Our peer id.
    pub fn local_peer(&self) -> PeerId {
        self.local_peer
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The current state (the setup state before the seed is known).
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The hash of the current state.
    pub fn state_hash(&self) -> StateHash {
        self.hash_cache.unwrap_or_else(|| state_hash(&self.state))
    }

    /// The hash of the current state, computed at most once per state.
    fn current_hash(&mut self) -> StateHash {
        match self.hash_cache {
            Some(h) => h,
            None => {
                let h = state_hash(&self.state);
                self.hash_cache = Some(h);
                h
            }
        }
    }

    /// The last final move (0 before the first).
    pub fn final_seq(&self) -> u32 {
        self.final_seq
    }

    /// Whether the local seat must act now (and may call [`Session::submit_local_action`]).
    /// At a simultaneous secret step this is true while the local seat decides and has not
    /// committed to its choice yet.
    pub fn is_my_turn(&self) -> bool {
        self.phase == Phase::Playing
            && !self.awaiting_resync
            && self.pending.is_none()
            && self.local_seat.is_some_and(|s| {
                self.seats[s.index()].live
                    && match self.state.to_act() {
                        Actor::Seat(t) => t == s,
                        Actor::Simultaneous(set) => {
                            set.contains(s)
                                && !self.committed(s, self.final_seq + 1)
                                && self
                                    .secret_resync
                                    .iter()
                                    .all(|&i| !self.seats[i as usize].live)
                        }
                        Actor::Chance | Actor::Over => false,
                    }
            })
    }

    /// The peer ids of every seated player, including us, in seat order (`None` for bots).
    pub fn seat_peers(&self) -> Vec<Option<PeerId>> {
        self.seats
            .iter()
            .map(|s| s.player.as_ref().map(|p| p.peer))
            .collect()
    }

    /// Who [`Destination::Broadcast`] means: every other live seated peer.
    pub fn broadcast_peers(&self) -> Vec<PeerId> {
        self.seats
            .iter()
            .filter(|s| s.live)
            .filter_map(|s| s.player.as_ref().map(|p| p.peer))
            .filter(|p| *p != self.local_peer)
            .collect()
    }

    /// The seat held by `peer`.
    pub fn seat_of_peer(&self, peer: &PeerId) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.player.as_ref().is_some_and(|p| p.peer == *peer))
            .map(|i| Seat(i as u8))
    }

    /// When [`Session::tick`] should next be called (logical ms), if anything waits.
    pub fn next_timeout(&self) -> Option<u64> {
        match self.phase {
            Phase::Over | Phase::Halted(_) => None,
            _ => Some(self.last_retransmit.max(self.last_progress) + self.settings.retransmit_ms),
        }
    }

    // ----- outputs -----

    /// The next message to send.
    pub fn poll_transmit(&mut self) -> Option<Transmit> {
        self.outbox.pop_front()
    }

    /// The next event for the app.
    pub fn poll_event(&mut self) -> Option<Event<G>> {
        self.events.pop_front()
    }

    /// The next bytes to append to this peer's replay file. The first call after the game
    /// starts returns the magic and the header frame together. Check
    /// [`Session::poll_replay_truncate`] first.
    pub fn poll_replay_frame(&mut self) -> Option<Vec<u8>> {
        let f = self.replay_out.pop_front()?;
        self.replay_polled += f.len();
        Some(f)
    }

    /// `Some(len)`: cut the replay file to `len` bytes before appending what
    /// [`Session::poll_replay_frame`] returns next. This happens only to a peer that learns late
    /// that its own seat was handed to the bot at a move it had already taken as final: the
    /// session rewinds to before that move and follows the others from there (see the README).
    pub fn poll_replay_truncate(&mut self) -> Option<usize> {
        self.replay_truncate.take()
    }

    /// Whether the local seat was handed to the takeover bot: the session then follows the game
    /// read-only to its end (verifying and recording it), and signs nothing more for the seat.
    pub fn is_taken_over(&self) -> bool {
        self.local_seat.is_some_and(|s| !self.seats[s.index()].live)
    }

    /// The peers of seats handed to the bot (other than us). Some of them may still be running
    /// as followers that fetch the log with sync requests: a driver that lingers at the end of a
    /// game for spectators should wait for connected followers too.
    pub fn follower_peers(&self) -> Vec<PeerId> {
        self.seats
            .iter()
            .filter(|s| !s.live)
            .filter_map(|s| s.player.as_ref().map(|p| p.peer))
            .filter(|p| *p != self.local_peer)
            .collect()
    }

    // ----- inputs -----

    /// Advances logical time: retransmits, asks for missing items, reports silent peers.
    pub fn tick(&mut self, now: u64) {
        self.now = self.now.max(now);
        if matches!(self.phase, Phase::Over | Phase::Halted(_)) {
            return;
        }
        let rto = self.settings.retransmit_ms;
        if self.now >= self.last_progress + rto && self.now >= self.last_retransmit + rto {
            self.last_retransmit = self.now;
            self.retransmit();
        }
        if self.now >= self.last_progress + self.settings.silence_ms {
            self.report_silence();
        }
        self.auto_vote();
    }

    /// A (re)connected peer: send it what it may lack and ask it for what we lack.
    pub fn peer_connected(&mut self, peer: PeerId) {
        if self.seat_of_peer(&peer).is_some() && peer != self.local_peer {
            self.resend_own(Destination::Peer(peer));
            let req = self.sync_request();
            self.send(Destination::Peer(peer), Message::SyncRequest(req));
        }
    }

    /// Decodes and handles one wire frame from `from`.
    pub fn handle_bytes(&mut self, from: PeerId, bytes: &[u8]) -> Result<(), WireError> {
        let msg = wire::decode(bytes)?;
        self.handle_message(from, msg);
        Ok(())
    }

    /// Handles one message from `from` (the transport-authenticated sender).
    pub fn handle_message(&mut self, from: PeerId, msg: Message) {
        if matches!(self.phase, Phase::Halted(_)) {
            return;
        }
        let known = self.seat_of_peer(&from).is_some();
        match msg {
            Message::SyncRequest(req) => {
                if req.game_id == self.game_id {
                    self.answer_sync(from, &req);
                }
                return;
            }
            Message::Lobby(_) => return,
            _ if !known => {
                if self.unknown_reported.insert(from.to_bytes()) {
                    self.cheat(
                        CheatKind::UnknownPeer,
                        None,
                        from,
                        0,
                        format!("{} message from a peer that holds no seat", msg.kind()),
                        vec![],
                    );
                }
                return;
            }
            _ => {}
        }
        match msg {
            Message::Commit(c) => self.on_commit(from, c),
            Message::Reveal(r) => self.on_reveal(from, r),
            Message::Move(m) => self.on_move(from, m),
            Message::Ack(a) => self.on_ack(from, a),
            Message::Chat(c) => self.on_chat(from, c),
            Message::LogSync(sync) => {
                if sync.game_id == self.game_id {
                    let (before, theirs) = (self.final_seq, sync.final_seq);
                    for item in sync.items {
                        match item {
                            LogItem::Commit(c) => self.on_commit(from, c),
                            LogItem::Reveal(r) => self.on_reveal(from, r),
                            LogItem::Move(m) => self.on_move(from, m),
                            LogItem::Ack(a) => self.on_ack(from, a),
                            LogItem::Takeover(t) => self.on_takeover(from, t),
                            LogItem::SecretCommit(c) => self.on_secret_commit(from, c),
                            LogItem::SecretReveal(r) => self.on_secret_reveal(from, r),
                        }
                        if matches!(self.phase, Phase::Halted(_)) {
                            return;
                        }
                    }
                    self.advance();
                    // A resumed peer plays again once it has caught up with a peer that was at
                    // least as far as it: its own moves and commitments signed before the crash
                    // then came back instead of being signed anew.
                    if theirs >= before && self.final_seq >= theirs {
                        if let Some(seat) = self.seat_of_peer(&from) {
                            self.secret_resync.remove(&seat.0);
                        }
                        if self.awaiting_resync {
                            self.awaiting_resync = false;
                            self.advance();
                        }
                    }
                    // A spectator, follower or resumed peer catching up asks the same peer for
                    // the next chunk at once instead of waiting for its retransmission timer.
                    if (self.local_seat.is_none() || self.is_taken_over() || self.awaiting_resync)
                        && self.final_seq > before
                        && theirs > self.final_seq
                    {
                        let req = self.sync_request();
                        self.outbox.push_back(Transmit {
                            to: Destination::Peer(from),
                            message: Message::SyncRequest(req),
                        });
                    }
                    return;
                }
            }
            Message::Takeover(t) => self.on_takeover(from, t),
            Message::SecretCommit(c) => self.on_secret_commit(from, c),
            Message::SecretReveal(r) => self.on_secret_reveal(from, r),
            Message::Evidence(ev) => self.on_evidence(from, ev),
            Message::SyncRequest(_) | Message::Lobby(_) => {}
        }
        self.advance();
    }

    /// Plays `action` for the local seat. Allowed when [`Session::is_my_turn`].
    pub fn submit_local_action(&mut self, action: G::Action) -> Result<(), SubmitError> {
        let seat = self.local_seat.ok_or(SubmitError::Spectator)?;
        if self.phase != Phase::Playing {
            return Err(SubmitError::NotPlaying);
        }
        if !self.is_my_turn() {
            return Err(SubmitError::NotYourTurn);
        }
        let prev = self.current_hash();
        if let Actor::Simultaneous(_) = self.state.to_act() {
            return self.commit_secret(seat, prev, action);
        }
        let mut next = self.state.clone();
        let events = next
            .play(seat, &action)
            .map_err(|e| SubmitError::Illegal(e.to_string()))?;
        let body = MoveBody {
            game_id: self.game_id,
            seq: self.final_seq + 1,
            seat: seat.0,
            prev,
            action: codec::encode(&action),
        };
        let signed = Signed {
            sig: self.signer.sign(Domain::Move, &body),
            body,
        };
        self.send(Destination::Broadcast, Message::Move(signed.clone()));
        self.applied(seat, action, Some(signed), next, events, false);
        self.advance();
        Ok(())
    }

    /// Sends a chat line to the other players.
    pub fn send_chat(&mut self, text: &str) -> Result<(), SubmitError> {
        let seat = self.local_seat.ok_or(SubmitError::Spectator)?;
        let mut text = text.to_string();
        while text.len() > MAX_CHAT_LEN {
            text.pop();
        }
        self.chat_counter += 1;
        let body = ChatBody {
            game_id: self.game_id,
            seat: Some(seat.0),
            counter: self.chat_counter,
            text,
        };
        let signed = Signed {
            sig: self.signer.sign(Domain::Chat, &body),
            body,
        };
        self.send(Destination::Broadcast, Message::Chat(signed));
        Ok(())
    }

    /// Votes to hand `seat` (silent) to the takeover bot from the first move not yet final.
    /// The takeover happens by the rule of [`crate::takeover`]: every live player not handed
    /// over voted the same, and they are at least half of the players the game started with.
    pub fn vote_takeover(&mut self, seat: Seat) -> Result<(), TakeoverError> {
        let me = self.local_seat.ok_or(TakeoverError::NotSeated)?;
        if !self.seats.get(me.index()).is_some_and(|s| s.live) {
            return Err(TakeoverError::NotSeated);
        }
        if seat == me
            || !self
                .seats
                .get(seat.index())
                .is_some_and(|s| s.live && s.player.is_some())
        {
            return Err(TakeoverError::BadSeat);
        }
        if !matches!(self.phase, Phase::Playing | Phase::Settling) {
            return Err(TakeoverError::NotPlaying);
        }
        let needed = takeover::quorum(self.players_at_start);
        let available = self.live_player_seats().len() - 1;
        if available < needed {
            return Err(TakeoverError::TooFewVoters { needed, available });
        }
        // Align with the furthest vote already cast for this seat, so all votes meet.
        let from_seq = self
            .votes
            .keys()
            .filter(|(s, _)| *s == seat.0)
            .map(|(_, n)| *n)
            .max()
            .unwrap_or(0)
            .max(self.final_seq + 1);
        if self
            .votes
            .get(&(seat.0, from_seq))
            .is_some_and(|v| v.contains_key(&me.0))
        {
            return Ok(());
        }
        let seat_move = self.pending.as_ref().and_then(|p| {
            p.mv.as_ref()
                .filter(|m| p.seq == from_seq && m.body.seat == seat.0)
                .map(crate::message::move_digest)
        });
        let body = TakeoverBody {
            game_id: self.game_id,
            seat: seat.0,
            from_seq,
            voter: me.0,
            seat_move,
        };
        let signed = Signed {
            sig: self.signer.sign(Domain::Takeover, &body),
            body,
        };
        self.send(Destination::Broadcast, Message::Takeover(signed.clone()));
        self.on_takeover(self.local_peer, signed);
        self.advance();
        Ok(())
    }

    // ----- internals: output helpers -----

    fn send(&mut self, to: Destination, message: Message) {
        if self.local_seat.is_none()
            && !matches!(message, Message::SyncRequest(_) | Message::LogSync(_))
        {
            return;
        }
        self.outbox.push_back(Transmit { to, message });
    }

    fn progress(&mut self) {
        self.last_progress = self.now;
        self.silence_reported.clear();
    }

    fn push_frame(&mut self, frame: Frame) {
        let bytes = encode_frame(&frame);
        self.emit_replay(frame_key(&frame), bytes);
    }

    fn emit_replay(&mut self, key: u32, bytes: Vec<u8>) {
        self.frame_index.push((key, self.replay_log.len()));
        self.replay_log.extend_from_slice(&bytes);
        self.replay_out.push_back(bytes);
    }

    fn halt(&mut self, reason: String) {
        if !matches!(self.phase, Phase::Halted(_)) {
            self.phase = Phase::Halted(reason.clone());
            self.events.push_back(Event::Halted { reason });
        }
    }

    fn cheat(
        &mut self,
        kind: CheatKind,
        seat: Option<Seat>,
        peer: PeerId,
        seq: u32,
        detail: String,
        proof: Vec<LogItem>,
    ) {
        let key = (kind as u8, seq, peer.to_bytes());
        if !self.cheats_reported.insert(key) {
            return;
        }
        let ev = Evidence {
            kind,
            seat: seat.map(|s| s.0),
            peer: peer.to_bytes(),
            seq,
            detail,
            proof,
        };
        if kind != CheatKind::UnknownPeer && self.local_seat.is_some() {
            self.outbox.push_back(Transmit {
                to: Destination::Broadcast,
                message: Message::Evidence(ev.clone()),
            });
        }
        self.events.push_back(Event::Cheat(Box::new(ev)));
        // Two different signed items for one slot prove the seat cheats, and peers may hold
        // different ones: like an illegal move, this stops the game, with the proof.
        if kind == CheatKind::Equivocation {
            let who = seat.map_or_else(|| "a player".to_string(), |s| s.to_string());
            self.halt(format!(
                "{who} signed two different messages for move {seq} (equivocation)"
            ));
        }
    }

    /// Evidence relayed by another peer. Equivocation proves itself (two different items for
    /// one slot, both validly signed by the seat), so it is checked and acted on like our own
    /// finding; other kinds need the relayer's view and are not acted on.
    fn on_evidence(&mut self, from: PeerId, ev: Evidence) {
        if ev.kind != CheatKind::Equivocation || ev.proof.len() != 2 {
            return;
        }
        let Some(seat) = ev.seat else { return };
        let Some(player) = self
            .seats
            .get(seat as usize)
            .and_then(|s| s.player.as_ref())
        else {
            return;
        };
        let key = &player.verifier;
        let game_id = self.game_id;
        // (slot, signature valid) of one proof item.
        let slot = |item: &LogItem| -> Option<(u8, u32, u8, bool)> {
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
                        a.signed.body.stage as u8,
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
            Some(Seat(seat)),
            peer,
            ev.seq,
            format!("two different signed messages for one slot (proof relayed by {relayed_by})"),
            ev.proof,
        );
    }

    /// Checks a signature from `seat` (claimed) as received from `from`. On failure, reports
    /// wrong-seat (signed by the sender's own key) or bad signature, and returns false.
    #[allow(clippy::too_many_arguments)]
    fn check_sig<T: serde::Serialize>(
        &mut self,
        from: PeerId,
        seat: u8,
        domain: Domain,
        body: &T,
        sig: &crate::keys::Signature,
        seq: u32,
        what: &str,
    ) -> bool {
        let Some(player) = self
            .seats
            .get(seat as usize)
            .and_then(|s| s.player.as_ref())
        else {
            let s = self.seat_of_peer(&from);
            self.cheat(
                CheatKind::WrongSeat,
                s,
                from,
                seq,
                format!("{what} claims seat {seat}, which no player holds"),
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
        if signed_by_sender && sender_seat != Some(Seat(seat)) {
            self.cheat(
                CheatKind::WrongSeat,
                sender_seat,
                from,
                seq,
                format!("{what} signed by this peer claims {}", Seat(seat)),
                vec![],
            );
        } else {
            self.cheat(
                CheatKind::BadSignature,
                sender_seat,
                from,
                seq,
                format!(
                    "{what} for {} has a signature that does not verify",
                    Seat(seat)
                ),
                vec![],
            );
        }
        false
    }

    // ----- seed phase -----

    fn on_commit(&mut self, from: PeerId, c: Signed<CommitBody>) {
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
        let signer_peer = self.seats[seat as usize]
            .player
            .as_ref()
            .map(|p| p.peer)
            .unwrap_or(from);
        if c.body.game_id != self.game_id || c.body.config_digest != self.config_digest {
            self.cheat(
                CheatKind::WrongGame,
                Some(Seat(seat)),
                signer_peer,
                0,
                "commit for another game or configuration (options, seats or data differ)".into(),
                vec![LogItem::Commit(c)],
            );
            return;
        }
        match &self.commits[seat as usize] {
            None => {
                self.commits[seat as usize] = Some(c);
                self.progress();
            }
            Some(old) if *old == c => {}
            Some(old) => {
                let old = old.clone();
                self.cheat(
                    CheatKind::Equivocation,
                    Some(Seat(seat)),
                    signer_peer,
                    0,
                    "two different signed seed commits".into(),
                    vec![LogItem::Commit(old), LogItem::Commit(c)],
                );
            }
        }
    }

    fn on_reveal(&mut self, from: PeerId, r: Signed<RevealBody>) {
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
        match &self.reveals[seat as usize] {
            None => {
                self.reveals[seat as usize] = Some(r);
                self.progress();
            }
            Some(old) if *old == r => {}
            Some(old) => {
                let old = old.clone();
                let peer = self.seats[seat as usize]
                    .player
                    .as_ref()
                    .map(|p| p.peer)
                    .unwrap_or(from);
                self.cheat(
                    CheatKind::Equivocation,
                    Some(Seat(seat)),
                    peer,
                    0,
                    "two different signed seed reveals".into(),
                    vec![LogItem::Reveal(old), LogItem::Reveal(r)],
                );
            }
        }
    }

    fn player_seats(&self) -> impl Iterator<Item = usize> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.player.is_some())
            .map(|(i, _)| i)
    }

    fn try_start(&mut self) {
        let all_commits = self.player_seats().all(|i| self.commits[i].is_some());
        if !all_commits {
            return;
        }
        if let Some(seat) = self.local_seat
            && !self.sent_reveal
        {
            self.sent_reveal = true;
            let body = RevealBody {
                game_id: self.game_id,
                seat: seat.0,
                nonce: self.nonce,
            };
            let signed = Signed {
                sig: self.signer.sign(Domain::Reveal, &body),
                body,
            };
            self.reveals[seat.index()] = Some(signed.clone());
            self.send(Destination::Broadcast, Message::Reveal(signed));
        }
        let seats: Vec<usize> = self.player_seats().collect();
        let mut nonces = Vec::new();
        for &i in &seats {
            let (Some(c), Some(r)) = (&self.commits[i], &self.reveals[i]) else {
                return;
            };
            if beacon::nonce_hash(&self.game_id, i as u8, &r.body.nonce) != c.body.nonce_hash {
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
            if let Some(c) = &self.commits[i] {
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
        self.seed = Some(seed);
        self.phase = Phase::Playing;
        let header = Header {
            format: crate::replay::format::FORMAT_VERSION,
            config: self.config.clone(),
            commits: seats
                .iter()
                .filter_map(|&i| self.commits[i].clone())
                .collect(),
            reveals: seats
                .iter()
                .filter_map(|&i| self.reveals[i].clone())
                .collect(),
        };
        let mut bytes = MAGIC.to_vec();
        bytes.extend(encode_frame(&Frame::Header(Box::new(header))));
        self.replay_log.clear();
        self.frame_index.clear();
        self.replay_log.extend_from_slice(&bytes);
        self.frame_index.push((0, 0));
        self.replay_out.push_back(bytes);
        self.progress();
        self.events.push_back(Event::Started {
            seed: *blake3::hash(&seed).as_bytes(),
            hash: state_hash(&self.state),
        });
    }

    // ----- moves and acks -----

    /// A move for a sequence number that already has one (`known`): the same move again is a
    /// harmless duplicate, another move by the same seat is equivocation (both kept as proof),
    /// and a move by another seat is out of turn.
    fn second_move(
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

    fn on_move(&mut self, from: PeerId, m: Signed<MoveBody>) {
        let seq = m.body.seq;
        // A byte-identical copy of a move we hold (retransmission, sync) was verified already.
        let held = (seq >= 1
            && seq <= self.final_seq
            && self
                .log
                .get(seq as usize - 1)
                .is_some_and(|e| e.mv.as_ref() == Some(&m)))
            || self
                .pending
                .as_ref()
                .is_some_and(|p| p.mv.as_ref() == Some(&m))
            || self.future_moves.get(&seq).is_some_and(|v| v.contains(&m));
        if held {
            return;
        }
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
        let author = Seat(m.body.seat);
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
                .takeover_move
                .is_some_and(|(n, d)| n == seq && crate::message::move_digest(&m) == d);
            let open = seq == self.final_seq + 1 && self.pending.is_none();
            if stands && open {
                let slot = self.future_moves.entry(seq).or_default();
                if !slot.contains(&m) {
                    slot.push(m);
                }
            }
            return;
        }
        // Already final: duplicate or equivocation.
        if seq <= self.final_seq {
            let known = self.log[seq as usize - 1].mv.clone();
            self.second_move(known, m, author, author_peer);
            return;
        }
        if let Some(p) = &self.pending
            && p.seq == seq
        {
            let known = p.mv.clone();
            self.second_move(known, m, author, author_peer);
            return;
        }
        if seq > self.final_seq + WINDOW {
            return;
        }
        let slot = self.future_moves.entry(seq).or_default();
        if !slot.contains(&m) && slot.len() < 4 {
            slot.push(m);
        }
    }

    /// Applies a buffered move for the next seq if the state waits for one.
    fn try_buffered_move(&mut self) -> bool {
        let seq = self.final_seq + 1;
        let Some(mut moves) = self.future_moves.remove(&seq) else {
            return false;
        };
        if moves.is_empty() {
            return false;
        }
        let m = moves.remove(0);
        let author = Seat(m.body.seat);
        let author_peer = match self.seats[author.index()].player.as_ref() {
            Some(p) => p.peer,
            None => return false,
        };
        if !self.seats[author.index()].live {
            // Handed to the bot since it was buffered: dropped (see `on_move`).
            self.requeue(seq, moves);
            return true;
        }
        let to_act = self.state.to_act();
        if to_act != Actor::Seat(author) {
            self.cheat(
                CheatKind::OutOfTurn,
                Some(author),
                author_peer,
                seq,
                format!(
                    "{author} signed move {seq}, but {} acts now",
                    match to_act {
                        Actor::Seat(s) if self.seats[s.index()].live => s.to_string(),
                        Actor::Seat(s) => format!("the bot for {s}"),
                        Actor::Simultaneous(set) => format!("seats {set:?} in secret"),
                        Actor::Chance => "chance".into(),
                        Actor::Over => "nobody (the game is over)".into(),
                    }
                ),
                vec![LogItem::Move(m)],
            );
            self.requeue(seq, moves);
            return true;
        }
        let local = self.current_hash();
        if m.body.prev != local {
            self.cheat(
                CheatKind::PrevHashMismatch,
                Some(author),
                author_peer,
                seq,
                format!(
                    "move {seq} claims to follow state {} but the state is {}",
                    m.body.prev.short(),
                    local.short()
                ),
                vec![LogItem::Move(m)],
            );
            // Either a cheat or a peer whose state differs from ours (a desync in the chance
            // resolution): nothing can be rolled back, so the session stops here.
            self.halt(format!(
                "{author}'s move {seq} follows a state we do not have (desync or cheat)"
            ));
            return true;
        }
        let action: G::Action = match codec::decode(&m.body.action) {
            Ok(a) => a,
            Err(e) => {
                self.cheat(
                    CheatKind::IllegalMove,
                    Some(author),
                    author_peer,
                    seq,
                    format!("move {seq} is not a valid action: {e}"),
                    vec![LogItem::Move(m)],
                );
                self.halt(format!("{author} signed an illegal move {seq}"));
                return true;
            }
        };
        let mut next = self.state.clone();
        match next.play(author, &action) {
            Ok(events) => {
                self.applied(author, action, Some(m), next, events, false);
                // Anything else buffered for this seq is now a duplicate or an equivocation.
                for other in moves {
                    self.on_move(author_peer, other);
                }
            }
            Err(e) => {
                let desc = self.state.describe(&action);
                self.cheat(
                    CheatKind::IllegalMove,
                    Some(author),
                    author_peer,
                    seq,
                    format!("move {seq} ({desc}) is illegal: {e}"),
                    vec![LogItem::Move(m)],
                );
                self.halt(format!("{author} signed an illegal move {seq}"));
            }
        }
        true
    }

    fn requeue(&mut self, seq: u32, moves: Vec<Signed<MoveBody>>) {
        if !moves.is_empty() {
            self.future_moves.insert(seq, moves);
        }
    }

    /// Records a move applied to `next` as pending, and sends our ack.
    fn applied(
        &mut self,
        seat: Seat,
        action: G::Action,
        mv: Option<Signed<MoveBody>>,
        next: G,
        events: Vec<G::Event>,
        by_bot: bool,
    ) {
        let seq = self.final_seq + 1;
        let description = self.state.describe(&action);
        let before = std::mem::replace(&mut self.state, next);
        let hash = state_hash(&self.state);
        self.hash_cache = Some(hash);
        self.pending = Some(Pending {
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

    /// Signs and sends our ack of move `seq`, whose state hashes to `hash`.
    fn ack_applied(&mut self, seq: u32, hash: StateHash) {
        if let Some(me) = self.local_seat
            && self.seats[me.index()].live
        {
            let next_tip = if self.chain.is_segment_end(seq) {
                let seg = self.chain.segment_of(seq) + 1;
                Some(self.chain.tip(seg))
            } else {
                None
            };
            let body = AckBody {
                game_id: self.game_id,
                seq,
                seat: me.0,
                stage: AckStage::Applied,
                hash,
                next_tip,
            };
            let ack = Ack {
                signed: Signed {
                    sig: self.signer.sign(Domain::Ack, &body),
                    body,
                },
                reveal: Some(self.chain.link(seq)),
            };
            self.store_ack(ack.clone());
            self.send(Destination::Broadcast, Message::Ack(ack));
        }
    }

    fn store_ack(&mut self, ack: Ack) {
        let n = self.seats.len();
        let slot = self
            .acks
            .entry(ack.signed.body.seq)
            .or_insert_with(|| vec![None; n]);
        let i = ack.signed.body.seat as usize;
        if slot[i].is_none() {
            slot[i] = Some(ack);
        }
    }

    fn on_ack(&mut self, from: PeerId, a: Ack) {
        let b = &a.signed.body;
        let (seq, seat) = (b.seq, b.seat);
        // A byte-identical copy of an ack we hold was verified already.
        let same = |x: &Option<Ack>| x.as_ref().is_some_and(|x| x.signed == a.signed);
        let held = match b.stage {
            AckStage::Settled => self.settled.get(seat as usize).is_some_and(same),
            AckStage::Applied if seq >= 1 && seq <= self.final_seq => self
                .log
                .get(seq as usize - 1)
                .and_then(|e| e.acks.get(seat as usize))
                .is_some_and(same),
            AckStage::Applied => self
                .acks
                .get(&seq)
                .and_then(|v| v.get(seat as usize))
                .is_some_and(same),
        };
        if held {
            return;
        }
        if !self.check_sig(
            from,
            seat,
            Domain::Ack,
            &a.signed.body,
            &a.signed.sig,
            seq,
            "ack",
        ) {
            return;
        }
        if a.signed.body.game_id != self.game_id || seq == 0 {
            return;
        }
        let peer = self.seats[seat as usize]
            .player
            .as_ref()
            .map(|p| p.peer)
            .unwrap_or(from);
        if a.signed.body.stage == AckStage::Settled {
            if seq != self.final_seq && !(self.phase == Phase::Playing && seq == self.final_seq + 1)
            {
                return;
            }
            match &self.settled[seat as usize] {
                None => self.settled[seat as usize] = Some(a),
                Some(old) if old.signed == a.signed => {}
                Some(old) => {
                    let old = old.clone();
                    self.cheat(
                        CheatKind::Equivocation,
                        Some(Seat(seat)),
                        peer,
                        seq,
                        "two different signed final acks".into(),
                        vec![LogItem::Ack(old), LogItem::Ack(a)],
                    );
                }
            }
            return;
        }
        let existing = if seq <= self.final_seq {
            self.log
                .get(seq as usize - 1)
                .and_then(|e| e.acks.get(seat as usize).cloned().flatten())
        } else {
            self.acks
                .get(&seq)
                .and_then(|v| v.get(seat as usize).cloned().flatten())
        };
        match existing {
            Some(old) if old.signed == a.signed => {}
            Some(old) => {
                self.cheat(
                    CheatKind::Equivocation,
                    Some(Seat(seat)),
                    peer,
                    seq,
                    format!("two different signed acks for move {seq}"),
                    vec![LogItem::Ack(old), LogItem::Ack(a)],
                );
            }
            None => {
                if seq > self.final_seq && seq <= self.final_seq + WINDOW {
                    self.store_ack(a);
                    self.progress();
                }
            }
        }
    }

    fn live_player_seats(&self) -> Vec<usize> {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.live && s.player.is_some())
            .map(|(i, _)| i)
            .collect()
    }

    /// Finalises the pending move if every live seat acked it.
    fn try_finalize(&mut self) -> bool {
        let Some((seq, hash)) = self.pending.as_ref().map(|p| (p.seq, p.hash)) else {
            return false;
        };
        let live = self.live_player_seats();
        // A vote we cast to take over a live seat at this move binds us: wait for the others.
        if self.bound_by_vote(seq, &live) {
            return false;
        }
        match self.acks.get(&seq) {
            Some(a) if live.iter().all(|&i| a[i].is_some()) => {}
            _ => return false,
        }
        let acks = self.acks.remove(&seq).unwrap_or_default();
        let p = PendingView { seq, hash };
        // Compare hashes.
        let hashes: Vec<(Seat, StateHash)> = live
            .iter()
            .filter_map(|&i| {
                acks[i]
                    .as_ref()
                    .map(|a| (Seat(i as u8), a.signed.body.hash))
            })
            .collect();
        if hashes.iter().any(|(_, h)| *h != p.hash) {
            self.desync(p.seq, AckStage::Applied, hashes, p.hash);
            return true;
        }
        // Beacon reveals.
        let mut reveals = Vec::new();
        for &i in &live {
            let Some(a) = acks[i].as_ref() else { continue };
            let Some(tracker) = self.trackers[i] else {
                continue;
            };
            let peer = self.seats[i].player.as_ref().map(|pl| pl.peer);
            let ok = a
                .reveal
                .is_some_and(|r| tracker.check(p.seq, &r, self.config.beacon_segment));
            let segment_end = lockstep::is_segment_end(&self.config, p.seq);
            if !ok || (segment_end && a.signed.body.next_tip.is_none()) {
                if let Some(peer) = peer {
                    self.cheat(
                        CheatKind::WithheldReveal,
                        Some(Seat(i as u8)),
                        peer,
                        p.seq,
                        if a.reveal.is_none() {
                            format!("ack of move {} withholds its beacon preimage", p.seq)
                        } else if !ok {
                            format!(
                                "beacon preimage in the ack of move {} does not match the committed chain",
                                p.seq
                            )
                        } else {
                            format!("ack of move {} ends a beacon segment without a re-commit", p.seq)
                        },
                        vec![LogItem::Ack(a.clone())],
                    );
                }
                self.halt(format!(
                    "{} withheld its beacon reveal for move {}",
                    Seat(i as u8),
                    p.seq
                ));
                return true;
            }
            let r = a.reveal.unwrap_or_default();
            reveals.push(r);
            let mut t = tracker;
            t.advance(p.seq, r);
            if segment_end && let Some(tip) = a.signed.body.next_tip {
                t.advance(p.seq, tip);
            }
            self.trackers[i] = Some(t);
        }
        // Final.
        let Some(p) = self.pending.take() else {
            return false;
        };
        self.future_moves = self.future_moves.split_off(&(p.seq + 1));
        self.secret_commits = self.secret_commits.split_off(&(p.seq + 1));
        self.secret_reveals = self.secret_reveals.split_off(&(p.seq + 1));
        self.final_seq = p.seq;
        let ack_records: Vec<AckRecord> = live
            .iter()
            .filter_map(|&i| acks[i].as_ref())
            .map(|a| AckRecord {
                seat: a.signed.body.seat,
                sig: a.signed.sig,
                next_tip: a.signed.body.next_tip,
            })
            .collect();
        let sig = p.mv.as_ref().map(|m| m.sig);
        let (choices, secret_items) = match p.secret {
            Some((c, items)) => (Some(c), items),
            None => (None, Vec::new()),
        };
        self.log.push(LogEntry {
            mv: p.mv,
            acks,
            secret: secret_items,
        });
        self.events.push_back(Event::MoveFinal {
            seq: p.seq,
            hash: p.hash,
        });
        if self.state.to_act() == Actor::Chance {
            self.hash_cache = None;
        }
        let events = &mut self.events;
        let chance = match lockstep::resolve_after_move(
            &mut self.state,
            &self.game_id,
            p.seq,
            &reveals,
            |entropy, ev| {
                events.push_back(Event::ChanceResolved {
                    seq: p.seq,
                    entropy,
                    events: ev,
                })
            },
        ) {
            Ok(chance) => chance,
            Err(e) => {
                self.halt(format!("the engine refused a chance point: {e}"));
                return true;
            }
        };
        let checkpoint = lockstep::is_checkpoint(&self.config, p.seq);
        let beacon = if checkpoint {
            reveals.clone()
        } else {
            Vec::new()
        };
        let acks = if checkpoint {
            ack_records.clone()
        } else {
            Vec::new()
        };
        let frame = match choices {
            Some(choices) => Frame::Secret(SecretRecord {
                seq: p.seq,
                choices,
                beacon,
                acks,
            }),
            None => Frame::Move(MoveRecord {
                seq: p.seq,
                seat: p.seat.0,
                action: codec::encode(&p.action),
                sig,
                beacon,
                acks,
            }),
        };
        self.last_links = live.iter().map(|&i| i as u8).zip(reveals).collect();
        self.push_frame(frame);
        self.progress();
        if self.state.to_act() == Actor::Over {
            if chance {
                self.phase = Phase::Settling;
                self.send_settled();
            } else {
                self.push_frame(Frame::Final(FinalRecord {
                    seq: p.seq,
                    stage: AckStage::Applied,
                    acks: ack_records,
                    beacon: self.last_links.iter().map(|l| l.1).collect(),
                }));
                self.game_over();
            }
        }
        true
    }

    fn send_settled(&mut self) {
        let Some(me) = self.local_seat else { return };
        if !self.seats[me.index()].live {
            return;
        }
        let body = AckBody {
            game_id: self.game_id,
            seq: self.final_seq,
            seat: me.0,
            stage: AckStage::Settled,
            hash: state_hash(&self.state),
            next_tip: None,
        };
        let ack = Ack {
            signed: Signed {
                sig: self.signer.sign(Domain::Ack, &body),
                body,
            },
            reveal: None,
        };
        self.settled[me.index()] = Some(ack.clone());
        self.send(Destination::Broadcast, Message::Ack(ack));
    }

    fn try_settle(&mut self) -> bool {
        let live = self.live_player_seats();
        let seq = self.final_seq;
        let acks: Vec<Ack> = live
            .iter()
            .filter_map(|&i| self.settled[i].clone())
            .filter(|a| a.signed.body.seq == seq)
            .collect();
        if acks.len() < live.len() {
            return false;
        }
        let local = state_hash(&self.state);
        let hashes: Vec<(Seat, StateHash)> = acks
            .iter()
            .map(|a| (Seat(a.signed.body.seat), a.signed.body.hash))
            .collect();
        if hashes.iter().any(|(_, h)| *h != local) {
            self.desync(seq, AckStage::Settled, hashes, local);
            return true;
        }
        self.push_frame(Frame::Final(FinalRecord {
            seq,
            stage: AckStage::Settled,
            acks: acks
                .iter()
                .map(|a| AckRecord {
                    seat: a.signed.body.seat,
                    sig: a.signed.sig,
                    next_tip: None,
                })
                .collect(),
            beacon: self.last_links.iter().map(|l| l.1).collect(),
        }));
        self.game_over();
        true
    }

    fn game_over(&mut self) {
        self.phase = Phase::Over;
        self.progress();
        if let Some(outcome) = self.state.outcome() {
            self.events.push_back(Event::GameOver {
                outcome,
                hash: state_hash(&self.state),
                moves: self.final_seq,
            });
        }
    }

    fn desync(
        &mut self,
        seq: u32,
        stage: AckStage,
        hashes: Vec<(Seat, StateHash)>,
        local: StateHash,
    ) {
        let mut counts: BTreeMap<StateHash, usize> = BTreeMap::new();
        for (_, h) in &hashes {
            *counts.entry(*h).or_default() += 1;
        }
        let majority = counts
            .iter()
            .find(|(_, c)| **c * 2 > hashes.len())
            .map(|(h, _)| *h);
        self.events.push_back(Event::Desync(Box::new(DesyncReport {
            seq,
            stage,
            hashes,
            majority,
            local,
            state_encoded: codec::encode(&self.state),
            state_debug: format!("{:#?}", self.state),
        })));
        self.halt(format!(
            "desync after move {seq}: peers hold different states"
        ));
    }

    /// Drives everything that can happen without new input.
    fn advance(&mut self) {
        for _ in 0..100_000 {
            let progressed = match self.phase {
                Phase::Seeding => {
                    self.try_start();
                    self.phase != Phase::Seeding
                }
                Phase::Playing => {
                    self.try_apply_takeovers();
                    if self.pending.is_some() {
                        self.try_finalize()
                    } else {
                        self.next_move()
                    }
                }
                Phase::Settling => {
                    self.try_apply_takeovers();
                    self.try_settle()
                }
                Phase::Over | Phase::Halted(_) => false,
            };
            if !progressed {
                break;
            }
        }
    }

    /// With no pending move: play the bot's move, announce our turn, or apply a buffered move.
    fn next_move(&mut self) -> bool {
        let seq = self.final_seq + 1;
        match self.state.to_act() {
            Actor::Seat(s) if !self.seats[s.index()].live => {
                // The seat's own move, signed before it went silent, stands if a voter held it.
                if let Some((n, digest)) = self.takeover_move
                    && n == seq
                {
                    let found = self.future_moves.get(&seq).and_then(|ms| {
                        ms.iter()
                            .find(|m| crate::message::move_digest(m) == digest)
                            .cloned()
                    });
                    let Some(m) = found else {
                        return false; // wait: retransmission asks the others for it
                    };
                    self.future_moves.remove(&seq);
                    let Ok(action) = codec::decode::<G::Action>(&m.body.action) else {
                        self.halt(format!("the taken-over seat's move {seq} does not decode"));
                        return false;
                    };
                    let prev = self.current_hash();
                    let mut next = self.state.clone();
                    return match next.play(s, &action) {
                        Ok(events) if m.body.prev == prev => {
                            self.applied(s, action, Some(m), next, events, false);
                            true
                        }
                        _ => {
                            self.halt(format!("the taken-over seat's move {seq} is invalid"));
                            false
                        }
                    };
                }
                let format = crate::replay::format::FORMAT_VERSION;
                let Some(action) = lockstep::bot_choice(&self.state, s, seq, format) else {
                    self.halt(format!("{s} must act but has no legal action"));
                    return false;
                };
                let mut next = self.state.clone();
                match next.play(s, &action) {
                    Ok(events) => {
                        self.applied(s, action, None, next, events, true);
                        true
                    }
                    Err(e) => {
                        self.halt(format!("the bot's move was refused: {e}"));
                        false
                    }
                }
            }
            Actor::Seat(s) if Some(s) == self.local_seat => {
                if self.awaiting_resync {
                    return self.try_buffered_move() && self.pending.is_some();
                }
                if self.your_turn_sent < seq {
                    self.your_turn_sent = seq;
                    self.events.push_back(Event::YourTurn { seq, seat: s });
                }
                // Anything buffered for this seq claims our seat: handled as out of turn/forgery.
                self.try_buffered_move() && self.pending.is_some()
            }
            // Having voted to hand this seat to the bot without holding its move, we wait for the
            // vote's outcome instead of applying a late move, so every peer plays the same one.
            Actor::Seat(s) if self.voted_without_move(s, seq) => false,
            Actor::Seat(_) => self.try_buffered_move(),
            Actor::Simultaneous(set) => self.secret_step(seq, set),
            Actor::Chance | Actor::Over => false,
        }
    }

    // ----- simultaneous secret steps (see `crate::secret`) -----

    /// Commits the local seat to `action` at the current secret step; the reveal is sent by
    /// [`Session::secret_step`] once every commitment of the step is held.
    fn commit_secret(
        &mut self,
        seat: Seat,
        prev: StateHash,
        action: G::Action,
    ) -> Result<(), SubmitError> {
        let mut probe = self.state.clone();
        probe
            .play(seat, &action)
            .map_err(|e| SubmitError::Illegal(e.to_string()))?;
        let seq = self.final_seq + 1;
        let base = self
            .signer
            .derive_secret(&self.game_id, "secret choice salt");
        let salt = crate::secret::salt(&base, seq);
        let encoded = codec::encode(&action);
        let body = SecretCommitBody {
            game_id: self.game_id,
            seq,
            prev,
            seat: seat.0,
            digest: crate::secret::commitment(&self.game_id, seq, seat.0, &encoded, &salt),
        };
        let commit = Signed {
            sig: self.signer.sign(Domain::SecretCommit, &body),
            body,
        };
        let reveal_body = SecretRevealBody {
            game_id: self.game_id,
            seq,
            seat: seat.0,
            action: encoded,
            salt,
        };
        self.my_secret = Some(Signed {
            sig: self.signer.sign(Domain::SecretReveal, &reveal_body),
            body: reveal_body,
        });
        let n = self.seats.len();
        self.secret_commits
            .entry(seq)
            .or_insert_with(|| vec![None; n])[seat.index()] = Some(commit.clone());
        self.send(Destination::Broadcast, Message::SecretCommit(commit));
        self.progress();
        self.advance();
        Ok(())
    }

    /// Whether `seat`'s commitment at the secret step `seq` is held.
    fn committed(&self, seat: Seat, seq: u32) -> bool {
        self.secret_commits
            .get(&seq)
            .is_some_and(|v| v[seat.index()].is_some())
    }

    /// Our reveal at step `seq`, rebuilt after a crash or a rewind from our own commitment (held
    /// again from the others): the salt is ours to derive, and the action is the legal one that
    /// matches the commitment.
    fn recover_my_secret(&mut self, me: Seat, seq: u32) {
        if self.my_secret.as_ref().is_some_and(|r| r.body.seq == seq) {
            return;
        }
        let Some(c) = self
            .secret_commits
            .get(&seq)
            .and_then(|v| v[me.index()].clone())
        else {
            return;
        };
        let base = self
            .signer
            .derive_secret(&self.game_id, "secret choice salt");
        let salt = crate::secret::salt(&base, seq);
        let found = self
            .state
            .legal_actions_for_vec(me)
            .into_iter()
            .map(|a| codec::encode(&a))
            .find(|a| {
                crate::secret::commitment(&self.game_id, seq, me.0, a, &salt) == c.body.digest
            });
        if let Some(action) = found {
            let body = SecretRevealBody {
                game_id: self.game_id,
                seq,
                seat: me.0,
                action,
                salt,
            };
            self.my_secret = Some(Signed {
                sig: self.signer.sign(Domain::SecretReveal, &body),
                body,
            });
        }
    }

    /// The signed secret item of `seat` at final move `seq` held in the log, if any.
    fn logged_secret(&self, seq: u32, seat: u8, commit: bool) -> Option<LogItem> {
        let e = self.log.get((seq as usize).checked_sub(1)?)?;
        e.secret
            .iter()
            .find(|i| match i {
                LogItem::SecretCommit(c) => commit && c.body.seat == seat,
                LogItem::SecretReveal(r) => !commit && r.body.seat == seat,
                _ => false,
            })
            .cloned()
    }

    fn on_secret_commit(&mut self, from: PeerId, c: Signed<SecretCommitBody>) {
        let (seq, seat) = (c.body.seq, c.body.seat);
        let held = |v: Option<&Vec<Option<Signed<SecretCommitBody>>>>| {
            v.and_then(|v| v.get(seat as usize))
                .is_some_and(|x| x.as_ref() == Some(&c))
        };
        if held(self.secret_commits.get(&seq))
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
        if c.body.game_id != self.game_id || seq == 0 || seq > self.final_seq + WINDOW {
            return;
        }
        let peer = self.seats[seat as usize]
            .player
            .as_ref()
            .map_or(from, |p| p.peer);
        let old = if seq <= self.final_seq {
            match self.logged_secret(seq, seat, true) {
                Some(LogItem::SecretCommit(old)) => Some(old),
                _ => return,
            }
        } else {
            let n = self.seats.len();
            let slot = self
                .secret_commits
                .entry(seq)
                .or_insert_with(|| vec![None; n]);
            match &slot[seat as usize] {
                None => {
                    slot[seat as usize] = Some(c);
                    self.progress();
                    return;
                }
                Some(old) => Some(old.clone()),
            }
        };
        if let Some(old) = old {
            self.cheat(
                CheatKind::Equivocation,
                Some(Seat(seat)),
                peer,
                seq,
                format!("two different signed commitments to a secret choice at move {seq}"),
                vec![LogItem::SecretCommit(old), LogItem::SecretCommit(c)],
            );
        }
    }

    fn on_secret_reveal(&mut self, from: PeerId, r: Signed<SecretRevealBody>) {
        let (seq, seat) = (r.body.seq, r.body.seat);
        if seq <= self.final_seq
            || self
                .secret_reveals
                .get(&seq)
                .and_then(|v| v.get(seat as usize))
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
        if r.body.game_id != self.game_id || seq > self.final_seq + WINDOW {
            return;
        }
        // Without the commitment the reveal cannot be checked: it comes again.
        let Some(commit) = self
            .secret_commits
            .get(&seq)
            .and_then(|v| v.get(seat as usize).cloned().flatten())
        else {
            return;
        };
        let digest =
            crate::secret::commitment(&self.game_id, seq, seat, &r.body.action, &r.body.salt);
        if digest != commit.body.digest {
            let peer = self.seats[seat as usize]
                .player
                .as_ref()
                .map_or(from, |p| p.peer);
            self.cheat(
                CheatKind::WithheldReveal,
                Some(Seat(seat)),
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
            .secret_reveals
            .entry(seq)
            .or_insert_with(|| vec![None; n]);
        if slot[seat as usize].is_none() {
            slot[seat as usize] = Some(r);
            self.progress();
        }
    }

    /// At a simultaneous secret step with nothing pending: announce our turn, send our reveal
    /// once every commitment is held, and play the step once every reveal is in.
    fn secret_step(&mut self, seq: u32, set: SeatSet) -> bool {
        let live: Vec<Seat> = set.iter().filter(|s| self.seats[s.index()].live).collect();
        // Having voted to hand a deciding seat to the bot, wait for the vote's outcome.
        if live.iter().any(|&s| self.voted_without_move(s, seq)) {
            return false;
        }
        if let Some(me) = self.local_seat
            && self.is_my_turn()
            && self.your_turn_sent < seq
        {
            self.your_turn_sent = seq;
            self.events.push_back(Event::YourTurn { seq, seat: me });
        }
        let n = self.seats.len();
        let commits = self
            .secret_commits
            .get(&seq)
            .cloned()
            .unwrap_or_else(|| vec![None; n]);
        if !live.iter().all(|s| commits[s.index()].is_some()) {
            return false;
        }
        let prev = self.current_hash();
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
        if let Some(me) = self.local_seat
            && live.contains(&me)
        {
            self.recover_my_secret(me, seq);
        }
        if let Some(me) = self.local_seat
            && live.contains(&me)
            && let Some(mine) = self.my_secret.clone().filter(|r| r.body.seq == seq)
        {
            let slot = self
                .secret_reveals
                .entry(seq)
                .or_insert_with(|| vec![None; n]);
            if slot[me.index()].is_none() {
                slot[me.index()] = Some(mine.clone());
                self.send(Destination::Broadcast, Message::SecretReveal(mine));
            }
        }
        let reveals = self
            .secret_reveals
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
            let Ok(a) = codec::decode::<G::Action>(&r.body.action) else {
                let (c, r) = (c.clone(), r.clone());
                self.secret_illegal(s, seq, "does not decode".into(), &c, &r);
                return false;
            };
            actions[s.index()] = Some(a);
        }
        let mut next = self.state.clone();
        let played =
            match lockstep::play_secret_step(&mut next, set, seq, |s| actions[s.index()].clone()) {
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
            choices.push(SecretChoice {
                seat: p.seat.0,
                action: codec::encode(&p.action),
                proof,
            });
        }
        let applied: Vec<_> = played
            .into_iter()
            .map(|p| (p.seat, p.action, p.description, p.events, p.by_bot))
            .collect();
        let before = std::mem::replace(&mut self.state, next);
        let hash = state_hash(&self.state);
        self.hash_cache = Some(hash);
        let (first_seat, first_action) = match applied.first() {
            Some((s, a, ..)) => (*s, a.clone()),
            None => {
                self.halt("a simultaneous step with no deciding seat".into());
                return false;
            }
        };
        self.pending = Some(Pending {
            seq,
            seat: first_seat,
            action: first_action,
            mv: None,
            hash,
            before,
            secret: Some((choices, items)),
        });
        if self.my_secret.as_ref().is_some_and(|r| r.body.seq == seq) {
            self.my_secret = None;
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
    fn secret_illegal(
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
    fn own_secret_items(&self, me: Seat, seq: u32) -> Vec<Message> {
        let mut out = Vec::new();
        if let Some(c) = self
            .secret_commits
            .get(&seq)
            .and_then(|v| v[me.index()].clone())
        {
            out.push(Message::SecretCommit(c));
        }
        if let Some(r) = self
            .secret_reveals
            .get(&seq)
            .and_then(|v| v[me.index()].clone())
        {
            out.push(Message::SecretReveal(r));
        }
        out
    }

    // ----- takeover -----

    fn on_takeover(&mut self, from: PeerId, t: Signed<TakeoverBody>) {
        let b = &t.body;
        if b.game_id != self.game_id
            || b.seat as usize >= self.seats.len()
            || b.from_seq == 0
            || b.from_seq > self.final_seq + WINDOW
        {
            return;
        }
        let (seat, from_seq, voter) = (b.seat, b.from_seq, b.voter);
        // The same vote again (verified when first held), or a second one: the first counts.
        if self
            .votes
            .get(&(seat, from_seq))
            .is_some_and(|v| v.contains_key(&voter))
        {
            return;
        }
        if !self.check_sig(
            from,
            voter,
            Domain::Takeover,
            &t.body,
            &t.sig,
            from_seq,
            "takeover vote",
        ) {
            return;
        }
        self.votes
            .entry((seat, from_seq))
            .or_default()
            .insert(voter, t);
        // Not progress: every voter's timer keeps running from the last move or ack, so the
        // others vote at about the same time as the first one.
        let Some(me) = self.local_seat else { return };
        if voter == me.0 {
            self.last_vote_at = self.now;
        }
        // If we voted for this seat at an earlier move, follow the furthest vote.
        if voter != me.0 {
            let voted_earlier = self
                .votes
                .iter()
                .any(|((s, n), v)| *s == seat && *n < from_seq && v.contains_key(&me.0));
            if voted_earlier {
                let _ = self.vote_takeover(Seat(seat));
            }
        }
        // Our own seat was handed over at a move we already took as final (our process or link
        // was slow: the others' acks reached us before their votes): rewind and follow.
        if seat == me.0
            && self.seats[me.index()].live
            && from_seq <= self.final_seq
            && self.decided_against_me(from_seq)
        {
            self.rewind_for_takeover(from_seq);
        }
    }

    /// The player seats that were live at the start of move `n` (before any takeover at `n`).
    fn live_at(&self, n: u32) -> Vec<usize> {
        let mut live = self.live_player_seats();
        for (from, seats) in &self.takeover_history {
            if *from >= n {
                live.extend(seats.iter().map(|&s| s as usize));
            }
        }
        live.sort_unstable();
        live.dedup();
        live
    }

    /// Every set of seats whose takeover at move `n` is decided by the votes held, over the live
    /// seats `live` (largest first; see [`crate::takeover`]).
    fn decided_at(&self, n: u32, live: &[usize]) -> Vec<Vec<usize>> {
        let candidates: Vec<usize> = live
            .iter()
            .copied()
            .filter(|&t| self.votes.contains_key(&(t as u8, n)))
            .collect();
        if candidates.is_empty() {
            return Vec::new();
        }
        takeover::decided_sets(live, &candidates, self.players_at_start, |t, v| {
            self.votes
                .get(&(t as u8, n))
                .is_some_and(|m| m.contains_key(&(v as u8)))
        })
    }

    /// Whether a decided takeover at move `n` hands our (still live) seat to the bot.
    fn decided_against_me(&self, n: u32) -> bool {
        let Some(me) = self.local_seat else {
            return false;
        };
        if !self.seats[me.index()].live {
            return false;
        }
        let live = self.live_at(n);
        self.decided_at(n, &live)
            .iter()
            .any(|x| x.contains(&me.index()))
    }

    /// Whether our seat is handed over by a decided vote at a move after `n`. The voters then
    /// took move `n` as final without a takeover of anyone we voted against at `n` (a vote at a
    /// move proves its voter holds the move before as final), so our votes at `n` stop binding us.
    fn taken_over_after(&self, n: u32) -> bool {
        let Some(me) = self.local_seat else {
            return false;
        };
        let later: Vec<u32> = self
            .votes
            .keys()
            .filter(|(s, m)| *s == me.0 && *m > n)
            .map(|(_, m)| *m)
            .collect();
        if later.is_empty() {
            return false;
        }
        let live = self.live_player_seats();
        later.into_iter().any(|m| {
            self.decided_at(m, &live)
                .iter()
                .any(|x| x.contains(&me.index()))
        })
    }

    /// Whether we voted to take over `seat` at `seq` without holding its move for `seq`.
    /// Once our own seat is handed over, our votes bind us no more.
    fn voted_without_move(&self, seat: Seat, seq: u32) -> bool {
        let Some(me) = self.local_seat.filter(|s| self.seats[s.index()].live) else {
            return false;
        };
        self.votes
            .get(&(seat.0, seq))
            .and_then(|v| v.get(&me.0))
            .is_some_and(|v| v.body.seat_move.is_none())
            && !self.votes.keys().any(|(s2, n2)| *s2 == seat.0 && *n2 > seq)
            && !self.taken_over_after(seq)
    }

    /// Whether a vote of ours binds us not to finalise move `seq` without the takeover.
    /// Once our own seat is handed over, our votes bind us no more.
    fn bound_by_vote(&self, seq: u32, live: &[usize]) -> bool {
        let Some(me) = self.local_seat.filter(|s| self.seats[s.index()].live) else {
            return false;
        };
        self.votes.iter().any(|((s, n), v)| {
            *n == seq
                && live.contains(&(*s as usize))
                && v.contains_key(&me.0)
                && !self.votes.keys().any(|(s2, n2)| s2 == s && *n2 > seq)
        }) && !self.taken_over_after(seq)
    }

    /// Applies every takeover decided for the first move not yet final. A live voter applies only
    /// the set it voted for (so two voters never apply different sets), and any decided set that
    /// names its own seat; a follower or spectator applies the largest decided set.
    fn try_apply_takeovers(&mut self) {
        for _ in 0..self.seats.len() {
            let n = self.final_seq + 1;
            let live = self.live_player_seats();
            let sets = self.decided_at(n, &live);
            if sets.is_empty() {
                return;
            }
            let me = self
                .local_seat
                .map(|s| s.index())
                .filter(|&i| self.seats[i].live);
            let chosen = match me {
                Some(me) => sets.iter().find(|x| x.contains(&me)).cloned().or_else(|| {
                    let mine: Vec<usize> = live
                        .iter()
                        .copied()
                        .filter(|&t| {
                            self.votes
                                .get(&(t as u8, n))
                                .is_some_and(|v| v.contains_key(&(me as u8)))
                        })
                        .collect();
                    sets.iter().find(|x| **x == mine).cloned()
                }),
                None => sets.first().cloned(),
            };
            let Some(x) = chosen else { return };
            self.apply_takeover(n, &live, &x);
        }
    }

    fn apply_takeover(&mut self, n: u32, live: &[usize], x: &[usize]) {
        let voters = takeover::voters(live, x);
        let mut records = Vec::new();
        for &t in x {
            for &v in &voters {
                if let Some(s) = self
                    .votes
                    .get(&(t as u8, n))
                    .and_then(|m| m.get(&(v as u8)))
                {
                    records.push(VoteRecord {
                        voter: v as u8,
                        seat: t as u8,
                        seat_move: s.body.seat_move,
                        sig: s.sig,
                    });
                }
            }
        }
        if let Some(h) = records.iter().find_map(|r| r.seat_move) {
            self.takeover_move = Some((n, h));
        }
        for &t in x {
            self.seats[t].live = false;
        }
        // The not-yet-final move of a seat handed over is undone, unless the vote let it stand.
        let secret_of_target = self.pending.as_ref().is_some_and(|p| {
            p.seq == n
                && p.secret.as_ref().is_some_and(|(c, _)| {
                    c.iter()
                        .any(|c| c.proof.is_some() && x.contains(&(c.seat as usize)))
                })
        });
        if secret_of_target {
            // A secret step is played again with the bot's choice for the seats handed over, as
            // every peer that did not receive their reveals plays it.
            if let Some(p) = self.pending.take() {
                self.state = p.before;
                self.hash_cache = None;
            }
            self.acks.remove(&n);
        } else if let Some(p) = &self.pending
            && p.seq == n
            && p.secret.is_none()
            && x.contains(&p.seat.index())
        {
            let stands = p
                .mv
                .as_ref()
                .is_some_and(|m| self.takeover_move == Some((n, crate::message::move_digest(m))));
            if !stands {
                if let Some(p) = self.pending.take() {
                    self.state = p.before;
                    self.hash_cache = None;
                }
                self.acks.remove(&n);
            }
        }
        let beacon = self.last_links.iter().map(|l| l.1).collect();
        self.last_links.retain(|l| !x.contains(&(l.0 as usize)));
        let seats: Vec<u8> = x.iter().map(|&s| s as u8).collect();
        self.push_frame(Frame::Takeover(TakeoverRecord {
            seats: seats.clone(),
            from_seq: n,
            votes: records,
            beacon,
        }));
        self.takeover_history.push((n, seats));
        for &t in x {
            self.events.push_back(Event::TakenOver {
                seat: Seat(t as u8),
                from_seq: n,
            });
        }
        self.progress();
    }

    /// Our seat was handed to the bot at move `n`, which we already took as final: rebuild the
    /// session from our own replay cut before move `n` (as [`Session::resume`] does), keep the
    /// votes, and follow the others from there. The driver is told to cut its file.
    fn rewind_for_takeover(&mut self, n: u32) {
        let cut = self
            .frame_index
            .iter()
            .find(|(k, _)| *k >= n)
            .map_or(self.replay_log.len(), |(_, o)| *o);
        let prefix = self.replay_log[..cut].to_vec();
        let resumed = Self::resume_with_signer(
            &prefix,
            self.signer.clone(),
            self.settings.clone(),
            self.now,
        );
        let Ok((mut s, keep)) = resumed else {
            self.halt(format!(
                "our seat was handed to the bot from move {n}, and our replay could not be rewound"
            ));
            return;
        };
        s.votes = std::mem::take(&mut self.votes);
        let mut events = std::mem::take(&mut self.events);
        events.extend(s.events.drain(..));
        s.events = events;
        let mut outbox = std::mem::take(&mut self.outbox);
        outbox.extend(s.outbox.drain(..));
        s.outbox = outbox;
        s.cheats_reported = std::mem::take(&mut self.cheats_reported);
        s.unknown_reported = std::mem::take(&mut self.unknown_reported);
        s.chats_seen = std::mem::take(&mut self.chats_seen);
        s.chat_counter = self.chat_counter;
        s.your_turn_sent = self.your_turn_sent.max(s.your_turn_sent);
        s.replay_out.clear();
        s.replay_truncate = self.replay_truncate;
        let polled = self.replay_polled;
        if keep >= polled {
            if keep > polled {
                s.replay_out.push_back(prefix[polled..keep].to_vec());
            }
            s.replay_polled = polled;
        } else {
            s.replay_truncate = Some(keep);
            s.replay_polled = keep;
        }
        *self = s;
        self.advance();
    }

    fn auto_vote(&mut self) {
        let Some(after) = self.settings.takeover_after_ms else {
            return;
        };
        if self.now < self.last_progress.saturating_add(after) {
            return;
        }
        for (seat, _) in self.waiting_for() {
            let _ = self.vote_takeover(Seat(seat as u8));
        }
    }

    // ----- chat -----

    fn on_chat(&mut self, from: PeerId, c: Signed<ChatBody>) {
        let Some(seat) = c.body.seat else { return };
        if c.body.game_id != self.game_id || c.body.text.len() > MAX_CHAT_LEN {
            return;
        }
        if !self.check_sig(
            from,
            seat,
            Domain::Chat,
            &c.body,
            &c.sig,
            self.final_seq,
            "chat",
        ) {
            return;
        }
        if self.chats_seen.insert((seat, c.body.counter)) {
            self.events.push_back(Event::Chat {
                seat: Seat(seat),
                text: c.body.text,
            });
        }
    }

    // ----- retransmission and sync -----

    fn sync_request(&self) -> SyncRequest {
        SyncRequest {
            game_id: self.game_id,
            from_seq: self.final_seq + 1,
            need_setup: self.phase == Phase::Seeding,
        }
    }

    fn request_sync_from_someone(&mut self) {
        // The live players first (a seat handed to the bot may be gone), never ourselves.
        let mut peers: Vec<PeerId> = self.broadcast_peers();
        if peers.is_empty() {
            peers = self
                .seat_peers()
                .into_iter()
                .flatten()
                .filter(|p| *p != self.local_peer)
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
    fn own_items(&self) -> Vec<Message> {
        let mut out = Vec::new();
        let Some(me) = self.local_seat.filter(|s| self.seats[s.index()].live) else {
            return out;
        };
        match self.phase {
            Phase::Seeding => {
                if let Some(c) = &self.commits[me.index()] {
                    out.push(Message::Commit(c.clone()));
                }
                if let Some(r) = &self.reveals[me.index()] {
                    out.push(Message::Reveal(r.clone()));
                }
            }
            Phase::Playing => {
                out.extend(self.own_secret_items(me, self.final_seq + 1));
                if let Some(p) = &self.pending {
                    if let Some(m) = &p.mv
                        && m.body.seat == me.0
                    {
                        out.push(Message::Move(m.clone()));
                    }
                    if let Some(a) = self.acks.get(&p.seq).and_then(|v| v[me.index()].clone()) {
                        out.push(Message::Ack(a));
                    }
                }
            }
            Phase::Settling => {
                if let Some(a) = &self.settled[me.index()] {
                    out.push(Message::Ack(a.clone()));
                }
            }
            _ => {}
        }
        // Our takeover votes still waiting for the others.
        for ((_, n), votes) in &self.votes {
            if *n > self.final_seq
                && let Some(v) = votes.get(&me.0)
            {
                out.push(Message::Takeover(v.clone()));
            }
        }
        out
    }

    fn resend_own(&mut self, to: Destination) {
        for m in self.own_items() {
            self.send(to.clone(), m);
        }
    }

    fn retransmit(&mut self) {
        if self.local_seat.is_none() || self.is_taken_over() {
            self.request_sync_from_someone();
            return;
        }
        // Peers we are missing something from.
        let live = self.live_player_seats();
        let me = self.local_seat.map(|s| s.index());
        let mut missing: Vec<usize> = Vec::new();
        match self.phase {
            Phase::Seeding => {
                for i in self.player_seats().collect::<Vec<_>>() {
                    if self.commits[i].is_none() || (self.sent_reveal && self.reveals[i].is_none())
                    {
                        missing.push(i);
                    }
                }
            }
            Phase::Playing => match &self.pending {
                Some(p) => {
                    let acks = self.acks.get(&p.seq);
                    for &i in &live {
                        if acks.is_none_or(|v| v[i].is_none()) {
                            missing.push(i);
                        }
                    }
                }
                None => match self.state.to_act() {
                    Actor::Seat(s) if Some(s) != self.local_seat => {
                        missing.extend(live.iter().copied());
                    }
                    Actor::Simultaneous(_) => missing.extend(live.iter().copied()),
                    _ => {}
                },
            },
            Phase::Settling => {
                for &i in &live {
                    if self.settled[i].is_none() {
                        missing.push(i);
                    }
                }
            }
            _ => {}
        }
        // While a vote of ours waits, everyone live may hold the missing votes.
        if self.votes.iter().any(|((_, n), v)| {
            *n > self.final_seq && self.local_seat.is_some_and(|m| v.contains_key(&m.0))
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

    fn answer_sync(&mut self, from: PeerId, req: &SyncRequest) {
        let mut items = Vec::new();
        if req.need_setup || req.from_seq <= 1 {
            items.extend(self.commits.iter().flatten().cloned().map(LogItem::Commit));
            if self.phase != Phase::Seeding || self.sent_reveal {
                items.extend(self.reveals.iter().flatten().cloned().map(LogItem::Reveal));
            }
        }
        let from_seq = req.from_seq.max(1);
        let last = self
            .final_seq
            .min(from_seq.saturating_add(self.settings.sync_chunk));
        // Takeover votes, so a catching-up peer applies them at the same point.
        for votes in self.votes.values() {
            items.extend(votes.values().cloned().map(LogItem::Takeover));
        }
        for seq in from_seq..=last {
            let Some(e) = self.log.get(seq as usize - 1) else {
                break;
            };
            if let Some(m) = &e.mv {
                items.push(LogItem::Move(m.clone()));
            }
            items.extend(e.secret.iter().cloned());
            items.extend(e.acks.iter().flatten().cloned().map(LogItem::Ack));
        }
        if last == self.final_seq {
            if let Some(p) = &self.pending
                && let Some(m) = &p.mv
            {
                items.push(LogItem::Move(m.clone()));
            }
            // Commitments, and reveals already sent by their seats, of steps not yet final.
            for v in self.secret_commits.values() {
                items.extend(v.iter().flatten().cloned().map(LogItem::SecretCommit));
            }
            for v in self.secret_reveals.values() {
                items.extend(v.iter().flatten().cloned().map(LogItem::SecretReveal));
            }
            for (seq, acks) in &self.acks {
                if *seq >= from_seq {
                    items.extend(acks.iter().flatten().cloned().map(LogItem::Ack));
                }
            }
            items.extend(self.settled.iter().flatten().cloned().map(LogItem::Ack));
        }
        if items.is_empty() {
            return;
        }
        self.outbox.push_back(Transmit {
            to: Destination::Peer(from),
            message: Message::LogSync(LogSync {
                game_id: self.game_id,
                final_seq: self.final_seq,
                items,
            }),
        });
    }

    /// The other seats we wait for now, and for what.
    fn waiting_for(&self) -> Vec<(usize, Waiting)> {
        let live = self.live_player_seats();
        let mut silent: Vec<(usize, Waiting)> = Vec::new();
        match self.phase {
            Phase::Seeding => {
                for i in self.player_seats().collect::<Vec<_>>() {
                    if self.commits[i].is_none() {
                        silent.push((i, Waiting::Commit));
                    } else if self.reveals[i].is_none()
                        && self.player_seats().all(|j| self.commits[j].is_some())
                    {
                        silent.push((i, Waiting::Reveal));
                    }
                }
            }
            Phase::Playing => match &self.pending {
                Some(p) => {
                    let acks = self.acks.get(&p.seq);
                    for &i in &live {
                        if acks.is_none_or(|v| v[i].is_none()) {
                            silent.push((i, Waiting::Ack(p.seq)));
                        }
                    }
                }
                None => match self.state.to_act() {
                    Actor::Seat(s) => {
                        silent.push((s.index(), Waiting::Move(self.final_seq + 1)));
                    }
                    // A deciding seat that has not committed, or (once every commitment is
                    // held) has not revealed.
                    Actor::Simultaneous(set) => {
                        let seq = self.final_seq + 1;
                        let committed = |i: usize| {
                            self.secret_commits
                                .get(&seq)
                                .is_some_and(|v| v[i].is_some())
                        };
                        let revealed = |i: usize| {
                            self.secret_reveals
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
                    if self.settled[i].is_none() {
                        silent.push((i, Waiting::Ack(self.final_seq)));
                    }
                }
            }
            _ => {}
        }
        // Having voted at this move, we wait for the other required voters' votes. One that has
        // sent nothing for this move (no ack, no vote) is silent too: that is how a second dead
        // seat is found while everyone waits for the first one's move.
        if let Some(me) = self.local_seat.filter(|s| self.seats[s.index()].live)
            && matches!(self.phase, Phase::Playing | Phase::Settling)
        {
            let n = self.final_seq + 1;
            let mine: Vec<usize> = live
                .iter()
                .copied()
                .filter(|&t| {
                    self.votes
                        .get(&(t as u8, n))
                        .is_some_and(|v| v.contains_key(&me.0))
                })
                .collect();
            let wait = self
                .settings
                .takeover_after_ms
                .unwrap_or(self.settings.silence_ms);
            if !mine.is_empty() && self.now >= self.last_vote_at.saturating_add(wait) {
                for v in takeover::voters(&live, &mine) {
                    if v == me.index() || silent.iter().any(|(i, _)| *i == v) {
                        continue;
                    }
                    let voted_all = mine.iter().all(|&t| {
                        self.votes
                            .get(&(t as u8, n))
                            .is_some_and(|m| m.contains_key(&(v as u8)))
                    });
                    if !voted_all && !self.heard_at(v, n) {
                        silent.push((v, Waiting::Vote(n)));
                    }
                }
            }
        }
        silent.retain(|(i, _)| Some(Seat(*i as u8)) != self.local_seat);
        silent
    }

    /// Whether seat `i` sent anything signed for move `n`: an ack, a vote, or the move itself.
    fn heard_at(&self, i: usize, n: u32) -> bool {
        self.acks
            .get(&n)
            .is_some_and(|a| a.get(i).is_some_and(|a| a.is_some()))
            || self
                .votes
                .iter()
                .any(|((_, m), v)| *m == n && v.contains_key(&(i as u8)))
            || self
                .pending
                .as_ref()
                .is_some_and(|p| p.seq == n && p.seat.index() == i && p.mv.is_some())
    }

    fn report_silence(&mut self) {
        let silent = self.waiting_for();
        for (i, waiting) in silent {
            if Some(Seat(i as u8)) == self.local_seat {
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
            if !self.silence_reported.insert(key) {
                continue;
            }
            if waiting == Waiting::Reveal {
                let proof: Vec<LogItem> = self.commits[i]
                    .iter()
                    .cloned()
                    .map(LogItem::Commit)
                    .collect();
                self.cheat(
                    CheatKind::WithheldReveal,
                    Some(Seat(i as u8)),
                    peer,
                    0,
                    "committed to a seed nonce but has not revealed it; the game cannot start"
                        .into(),
                    proof,
                );
            }
            if let Waiting::SecretReveal(seq) = waiting {
                let proof: Vec<LogItem> = self
                    .secret_commits
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
