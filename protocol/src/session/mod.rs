//! The sans-IO lockstep session: one peer's view of one game.
//!
//! Inputs: [`Session::handle_message`] / [`Session::handle_bytes`], [`Session::submit_local_action`],
//! [`Session::tick`] (logical time in milliseconds), [`Session::peer_connected`].
//! Outputs, polled until `None` after every input: [`Session::poll_transmit`],
//! [`Session::poll_event`], [`Session::poll_replay_frame`]. See the crate README.

use crate::beacon::{self, Chain, ChainTracker};
use crate::config::{GameConfig, SeatSpec};
use crate::event::{Destination, DesyncReport, Event, Transmit, Waiting};
use crate::evidence::{CheatKind, Evidence};
use crate::game_secret::GameSecret;
use crate::keys::{Domain, Signer, verify};
use crate::lockstep;
use crate::message::{
    Ack, AckBody, AckStage, ChatBody, CommitBody, GameId, LogItem, LogSync, Message, MoveBody,
    RevealBody, SecretCommitBody, SecretRevealBody, Signed, SyncRequest, TakeoverBody,
};
use crate::replay::format::{
    AckRecord, FinalRecord, Frame, Header, JOURNAL_MAGIC, MAGIC, MoveRecord, RerollRecord,
    SecretChoice, SecretProof, SecretRecord, SignedRecord, TakeoverRecord, VoteRecord,
    encode_frame, encode_record, read_frames, read_journal,
};
use crate::takeover;
use crate::wire::{self, MAX_CHAT_LEN, WireError};
use dwarfs_engine::{Actor, Game, Seat, SeatSet, StateHash, codec, state_hash};
use libp2p_identity::{Keypair, PeerId};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

mod deferred;
mod dispute;
mod errors;
mod finality;
mod ledger;
mod moves;
mod output;
mod recovery;
mod relink;
mod secret_steps;
mod seeding;
mod settings;
mod start;
mod takeovers;

pub use deferred::{SignatureVerdict, SignatureWork};
pub use errors::{ResumeError, SessionError, SubmitError, TakeoverError};
pub use settings::Settings;

/// How far ahead of the last final move messages are buffered.
const WINDOW: u32 = crate::limit::MOVES_AHEAD;

/// Acks counted on the word of the connection they came over are checked at the latest when
/// this many more moves are final (see [`Session::check_signatures`]).
pub const DEFERRED_MOVES: u32 = 4;

use crate::limit::{CHATS_SEEN_PER_SEAT, MAX_CHEAT_REPORTS, MAX_UNKNOWN_REPORTS};
use ledger::Ledger;

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
    verifier: crate::keys::VerifyingKey,
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

/// One peer's session of one game. See the module docs and the crate README.
///
/// Its fields are grouped by concern; each group is defined in the module that works on it.
pub struct Session<G: Game> {
    config: GameConfig,
    game_id: GameId,
    settings: Settings,
    /// Who we are in this game, and our secrets for it.
    local: Local,
    seats: Vec<SeatInfo>,
    /// The seed's commit-reveal round (see `seeding.rs`).
    seeding: seeding::SeedRound,
    phase: Phase,
    /// The game as agreed so far: the state, the final moves and their acks, the move pending.
    ledger: Ledger<G>,
    /// Secret steps not yet final (see `secret_steps.rs`).
    secret: secret_steps::SecretHeld,
    /// Takeover votes and the takeovers applied (see `takeovers.rs`).
    takeover: takeovers::TakeoverBook,
    /// Who has sent news lately, for the 2-player gone-timeout (see `takeovers.rs`).
    presence: takeovers::Presence,
    /// Moves and acks received from their author's own peer (the connection authenticates it),
    /// applied or counted towards finality before their signatures are checked, and the check
    /// handed to the driver, if any (see `deferred.rs`).
    deferred: deferred::Deferred,
    /// Acks that disagree on the state after the pending move, while the disagreeing peers
    /// exchange the signed move they hold (see `dispute.rs`).
    dispute: Option<dispute::Dispute>,
    clock: Clock,
    outbox: VecDeque<Transmit>,
    events: VecDeque<Event<G>>,
    /// The replay file's bytes (see `output.rs`).
    replay: output::ReplayOut,
    /// The signing journal (see `output.rs`).
    journal: output::JournalOut,
    /// Findings already reported, each set bounded (see `output.rs`).
    reported: output::Reported,
    chat: Chat,
    /// Rate limits per remote peer on chat, log requests and relayed evidence
    /// ([`crate::limit`]).
    limits: crate::limit::PeerLimits<PeerId>,
    your_turn_sent: u32,
    spectator_rr: usize,
}

/// Who the local peer is in a game, and its secrets for it.
struct Local {
    signer: Signer,
    /// Fresh randomness behind our per-game secrets (see [`crate::game_secret`]).
    game_secret: GameSecret,
    peer: PeerId,
    /// Our seat, `None` for a spectator.
    seat: Option<Seat>,
    /// Our beacon chain (see [`crate::beacon`]).
    chain: Chain,
    /// Our re-roll chain (see [`crate::beacon`], "Re-rolls").
    reroll_chain: Chain,
}

/// The session's logical time and when the game last moved on.
struct Clock {
    /// The caller's logical time in milliseconds: the latest given to [`Session::tick`] or at
    /// the start; it never goes back.
    now: u64,
    /// When the game last moved on (see `progress`).
    last_progress: u64,
    /// How often the game moved on (see `progress`).
    progress_count: u64,
    last_retransmit: u64,
}

/// Our chat lines and the ones seen.
#[derive(Default)]
struct Chat {
    /// Our last chat line's counter.
    counter: u32,
    /// Chat counters seen, per seat: at most [`CHATS_SEEN_PER_SEAT`] each.
    seen: BTreeSet<(Seat, u32)>,
}

impl<G: Game> std::fmt::Debug for Session<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.config.game)
            .field("local_seat", &self.local.seat)
            .field("phase", &self.phase)
            .field("final_seq", &self.ledger.final_seq)
            .finish()
    }
}

/// The move a replay frame belongs to: a rewind to before move `n` cuts at the first frame whose
/// key is `n` or more.
fn frame_key(frame: &Frame) -> u32 {
    match frame {
        Frame::Header(_) | Frame::Reseed(_) => 0,
        Frame::Move(m) => m.seq,
        Frame::Secret(r) => r.seq,
        Frame::Takeover(t) => t.from_seq,
        Frame::Final(_) => u32::MAX,
    }
}

impl<G: Game> Session<G> {
    /// Our per-game secret for `purpose`, from the key, the game's fresh secret and the game id.
    pub(super) fn own_secret(&self, purpose: &str) -> [u8; 32] {
        self.local
            .signer
            .derive_secret(&self.local.game_secret, &self.game_id, purpose)
    }

    // ----- accessors -----

    /// The agreed configuration.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// Our seat, or `None` for a spectator.
    pub fn local_seat(&self) -> Option<Seat> {
        self.local.seat
    }

    /// Our peer id.
    pub fn local_peer(&self) -> PeerId {
        self.local.peer
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The current state (the setup state before the seed is known).
    pub fn state(&self) -> &G {
        &self.ledger.state
    }

    /// The hash of the current state; `None` only if the state cannot be encoded (a bug in the
    /// game), in which case the session has halted or halts at its next step.
    pub fn state_hash(&self) -> Option<StateHash> {
        self.ledger
            .hash_cache
            .or_else(|| state_hash(&self.ledger.state).ok())
    }

    /// The hash of the current state, computed at most once per state. A state that cannot be
    /// encoded has no hash: the session halts (nothing is acked or signed on it) and `None` is
    /// returned.
    fn current_hash(&mut self) -> Option<StateHash> {
        if let Some(h) = self.ledger.hash_cache {
            return Some(h);
        }
        match state_hash(&self.ledger.state) {
            Ok(h) => {
                self.ledger.hash_cache = Some(h);
                Some(h)
            }
            Err(e) => {
                self.halt(format!(
                    "this build cannot encode the game's state, so it cannot be hashed or \
                     acked (a bug in the game): {e}"
                ));
                None
            }
        }
    }

    /// The last final move (0 before the first).
    pub fn final_seq(&self) -> u32 {
        self.ledger.final_seq
    }

    /// The last move applied to [`Session::state`]: the last final one, or the one after it
    /// while that is pending (0 before the first).
    pub fn applied_seq(&self) -> u32 {
        self.ledger.final_seq + u32::from(self.ledger.pending.is_some())
    }

    /// How many items the session holds in its buffers for moves not yet final, votes,
    /// unchecked signatures and output not yet taken: what a hostile peer could try to grow
    /// (the adversary harness checks it against a bound, see [`crate::byzantine`]).
    pub fn held_items(&self) -> usize {
        self.ledger
            .acks
            .values()
            .flatten()
            .map(Vec::len)
            .sum::<usize>()
            + self
                .ledger
                .future_moves
                .values()
                .map(Vec::len)
                .sum::<usize>()
            + self.takeover.votes.values().map(|v| v.len()).sum::<usize>()
            + self.secret.commits.len()
            + self.secret.reveals.len()
            + self.deferred.items.len()
            + self.outbox.len()
            + self.events.len()
    }

    /// blake3 of the agreed seed, once every player revealed (after a resume too), for players
    /// to compare.
    pub fn seed_digest(&self) -> Option<[u8; 32]> {
        self.seeding.seed.map(|s| *blake3::hash(&s).as_bytes())
    }

    /// Whether the local seat must act now (and may call [`Session::submit_local_action`]).
    /// At a simultaneous secret step this is true while the local seat decides and has not
    /// committed to its choice yet.
    pub fn is_my_turn(&self) -> bool {
        self.phase == Phase::Playing
            && !self.ledger.awaiting_resync
            && self.presence.lone_vote.is_none()
            && self.ledger.pending.is_none()
            && self.local.seat.is_some_and(|s| {
                self.seats[s.index()].live
                    && match self.ledger.state.to_act() {
                        Actor::Seat(t) => t == s,
                        Actor::Simultaneous(set) => {
                            set.contains(s)
                                && !self.committed(s, self.ledger.final_seq + 1)
                                && self
                                    .secret
                                    .resync
                                    .iter()
                                    .all(|&i| !self.seats[i as usize].live)
                        }
                        Actor::Chance | Actor::Over => false,
                    }
            })
    }

    /// How many takeover votes are held for takeovers not decided yet. A vote counts only for
    /// the move under way (or the one just final, or the next): it is dropped once a later move
    /// is final, and moved aside once its takeover is applied (those are kept only to answer
    /// sync requests, at most one takeover per seat), so this stays small in any game.
    pub fn held_votes(&self) -> usize {
        self.takeover.votes.values().map(|v| v.len()).sum()
    }

    /// Chat lines, log requests and relayed evidence dropped so far because their sender was
    /// over its rate ([`crate::limit`]).
    pub fn rate_limited(&self) -> u64 {
        self.limits.dropped()
    }

    /// The peer ids of every seated player, including us, in seat order (`None` for bots).
    pub fn seat_peers(&self) -> Vec<Option<PeerId>> {
        self.seats
            .iter()
            .map(|s| s.player.as_ref().map(|p| p.peer))
            .collect()
    }

    /// Who [`Destination::Broadcast`] means: every other live seated peer, in seat order but for
    /// the author of the move under way, who comes first: it waits for our ack to see its move
    /// final, so a driver that sends in this order puts that copy on the wire first.
    pub fn broadcast_peers(&self) -> Vec<PeerId> {
        let author = self.ledger.pending.as_ref().map(|p| p.seat.index());
        let mut peers: Vec<(bool, PeerId)> = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.live)
            .filter_map(|(i, s)| s.player.as_ref().map(|p| (Some(i) != author, p.peer)))
            .filter(|(_, p)| *p != self.local.peer)
            .collect();
        peers.sort_by_key(|(later, _)| *later);
        peers.into_iter().map(|(_, p)| p).collect()
    }

    /// The peer that holds `seat`, or `or` for a bot seat.
    fn peer_of_seat_or(&self, seat: Seat, or: PeerId) -> PeerId {
        self.seats
            .get(seat.index())
            .and_then(|s| s.player.as_ref())
            .map_or(or, |p| p.peer)
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
            _ => Some(
                self.clock.last_retransmit.max(self.clock.last_progress)
                    + self.settings.retransmit_ms,
            ),
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
    ///
    /// A frame waits while an ack of its move (or of an earlier one) counted on the word of its
    /// connection is unchecked (see [`Session::check_signatures`] and
    /// [`Session::take_signature_work`]): a move is written only once every ack it was final
    /// with is known to be signed or dropped. The frames before it go out meanwhile.
    pub fn poll_replay_frame(&mut self) -> Option<Vec<u8>> {
        let first_unchecked = |s: &Self| s.deferred.items.iter().map(|a| a.signed.body.seq).min();
        if let Some(first) = first_unchecked(self)
            && (first + DEFERRED_MOVES <= self.ledger.final_seq
                || !matches!(self.phase, Phase::Playing | Phase::Settling))
        {
            self.check_deferred();
        }
        // Only the frames of moves before the first unchecked item's may go.
        if let Some(first) = first_unchecked(self) {
            let next = self.replay.out.front()?;
            if self.replay.polled + next.len() > self.frames_from(first) {
                return None;
            }
        }
        let f = self.replay.out.pop_front()?;
        self.replay.polled += f.len();
        Some(f)
    }

    /// Whether a checkpoint (every live seat's acks of a move), the header, a takeover or the end
    /// of the game was queued since the last call: **flush the file to disk**
    /// (`File::sync_data`) once the frames polled are written. Reset by the call. (A checkpoint
    /// still held back by an unchecked signature is flushed with a later one: nearly every move
    /// is one.)
    pub fn poll_replay_sync(&mut self) -> bool {
        std::mem::take(&mut self.replay.sync)
    }

    /// The next bytes to append to this peer's signing journal (a file next to the replay; the
    /// first call returns the journal magic with the first record). **Write them before sending
    /// any transmit polled after them, and flush them to disk at once**: the journal is how a
    /// resumed session knows what it signed before a crash (see [`Session::resume_with_journal`]).
    /// Written, they survive the process; flushed, a power cut. A driver may flush while the
    /// transmits travel (a disk flush can take milliseconds): a power cut in that window loses a
    /// record of an item already sent, and the resumed session then learns it back only from a
    /// peer that holds it (it does not play before a peer answered its sync).
    pub fn poll_signing_record(&mut self) -> Option<Vec<u8>> {
        self.journal.out.pop_front()
    }

    /// `Some(len)`: cut the replay file to `len` bytes before appending what
    /// [`Session::poll_replay_frame`] returns next. This happens only to a peer that learns late
    /// that its own seat was handed to the bot at a move it had already taken as final: the
    /// session rewinds to before that move and follows the others from there (see the README).
    pub fn poll_replay_truncate(&mut self) -> Option<usize> {
        self.replay.truncate.take()
    }

    /// Whether the local seat was handed to the takeover bot: the session then follows the game
    /// read-only to its end (verifying and recording it), and signs nothing more for the seat.
    pub fn is_taken_over(&self) -> bool {
        self.local.seat.is_some_and(|s| !self.seats[s.index()].live)
    }

    /// The peers of seats handed to the bot (other than us). Some of them may still be running
    /// as followers that fetch the log with sync requests: a driver that lingers at the end of a
    /// game for spectators should wait for connected followers too.
    pub fn follower_peers(&self) -> Vec<PeerId> {
        self.seats
            .iter()
            .filter(|s| !s.live)
            .filter_map(|s| s.player.as_ref().map(|p| p.peer))
            .filter(|p| *p != self.local.peer)
            .collect()
    }

    // ----- inputs -----

    /// Advances logical time: retransmits, asks for missing items, reports silent peers.
    pub fn tick(&mut self, now: u64) {
        // Time we did not run (a suspended machine, a stopped process) is not the others'
        // silence: we could not hear them.
        let gap = now.saturating_sub(self.clock.now);
        self.clock.now = self.clock.now.max(now);
        if gap > self.settings.silence_ms {
            for t in &mut self.presence.news_at {
                *t = t.saturating_add(gap).min(self.clock.now);
            }
        }
        if matches!(self.phase, Phase::Over | Phase::Halted(_)) {
            return;
        }
        self.judge_lone_vote();
        if self.dispute_expired() {
            self.advance();
        }
        let rto = self.settings.retransmit_ms;
        if self.clock.now >= self.clock.last_progress + rto
            && self.clock.now >= self.clock.last_retransmit + rto
        {
            self.clock.last_retransmit = self.clock.now;
            self.retransmit();
        }
        if self.clock.now >= self.clock.last_progress + self.settings.silence_ms {
            self.report_silence();
        }
        self.auto_vote();
    }

    /// A (re)connected peer: send it what it may lack and ask it for what we lack.
    pub fn peer_connected(&mut self, peer: PeerId) {
        if self.seat_of_peer(&peer).is_some() && peer != self.local.peer {
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
                if req.game_id == self.game_id && self.limits.sync.allow(&from, self.clock.now) {
                    self.answer_sync(from, &req);
                }
                return;
            }
            Message::Lobby(_) => return,
            _ if !known => {
                if self.reported.unknown.len() < MAX_UNKNOWN_REPORTS
                    && self.reported.unknown.insert(from.to_bytes())
                {
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
        let sender = self.seat_of_peer(&from).map(|s| s.index());
        let progress = self.clock.progress_count;
        self.handle_known(from, msg);
        if let Some(i) = sender
            && self.clock.progress_count != progress
        {
            self.presence.news_at[i] = self.clock.now;
        }
    }

    /// [`Session::handle_message`] for a message from a seated peer.
    fn handle_known(&mut self, from: PeerId, msg: Message) {
        match msg {
            Message::Commit(c) => self.on_commit(from, c),
            Message::Reveal(r) => self.on_reveal(from, r),
            Message::Move(m) => self.on_move(from, m),
            // An ack of move 0 belongs to the seed round (see `seeding.rs`).
            Message::Ack(a) if a.signed.body.seq == 0 => self.on_seed_ack(from, a),
            Message::Ack(a) => self.on_ack(from, a),
            Message::Chat(c) => self.on_chat(from, c),
            Message::LogSync(sync) => {
                if sync.game_id == self.game_id {
                    let (before, theirs) = (self.ledger.final_seq, sync.final_seq);
                    for item in sync.items {
                        match item {
                            LogItem::Commit(c) => self.on_commit(from, c),
                            LogItem::Reveal(r) => self.on_reveal(from, r),
                            LogItem::Move(m) => self.on_move(from, m),
                            LogItem::Ack(a) if a.signed.body.seq == 0 => self.on_seed_ack(from, a),
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
                    // A resumed peer has caught up with this peer once its answer, from at least
                    // as far as we were, left us as far as it says it is. The number is only
                    // its claim about itself, so it counts for its seat alone: we play again
                    // once every other live player answered so (`resync_answered`).
                    if theirs >= before && self.ledger.final_seq >= theirs {
                        if let Some(seat) = self.seat_of_peer(&from) {
                            self.secret.resync.remove(&seat.0);
                        }
                        if self.resync_answered() {
                            self.advance();
                        }
                    }
                    // A spectator, follower or resumed peer catching up asks the same peer for
                    // the next chunk at once instead of waiting for its retransmission timer.
                    if (self.local.seat.is_none()
                        || self.is_taken_over()
                        || self.ledger.awaiting_resync)
                        && self.ledger.final_seq > before
                        && theirs > self.ledger.final_seq
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
    /// Never signs a second, different move (or secret commitment) for a move it already signed,
    /// even before a crash: that is [`SubmitError::AlreadySigned`].
    pub fn submit_local_action(&mut self, action: G::Action) -> Result<(), SubmitError> {
        let seat = self.local.seat.ok_or(SubmitError::Spectator)?;
        if self.phase != Phase::Playing {
            return Err(SubmitError::NotPlaying);
        }
        let seq = self.ledger.final_seq + 1;
        let encoded =
            codec::encode(&action).map_err(|e| SubmitError::Unencodable(e.to_string()))?;
        if self.signed_otherwise(seq, seat, &encoded) {
            return Err(SubmitError::AlreadySigned { seq });
        }
        if !self.is_my_turn() {
            return Err(SubmitError::NotYourTurn);
        }
        let prev = self
            .current_hash()
            .ok_or_else(|| SubmitError::Unencodable("the current state".into()))?;
        if let Actor::Simultaneous(_) = self.ledger.state.to_act() {
            return self.commit_secret(seat, prev, action);
        }
        let mut next = self.ledger.state.clone();
        let events = next
            .play(seat, &action)
            .map_err(|e| SubmitError::Illegal(e.to_string()))?;
        // Our ack of the move travels inside it: the state after it and our beacon link.
        let hash = state_hash(&next)
            .map_err(|e| SubmitError::Unencodable(format!("the state after the move: {e}")))?;
        let (reveal, next_tip) = self.own_beacon(seq);
        let body = MoveBody {
            game_id: self.game_id,
            seq,
            seat,
            prev,
            action: encoded,
            hash,
            reveal,
            next_tip,
        };
        let signed = match self.journal.own_signed.get(&body.seq) {
            Some(SignedRecord::Move(m)) if m.body == body => m.clone(),
            Some(_) => return Err(SubmitError::AlreadySigned { seq: body.seq }),
            None => {
                let signed = Signed {
                    sig: self.local.signer.sign(Domain::Move, &body),
                    body,
                };
                self.record_signed(SignedRecord::Move(signed.clone()));
                signed
            }
        };
        self.send(Destination::Broadcast, Message::Move(signed.clone()));
        self.applied(seat, action, Some(signed), next, events, false);
        self.advance();
        Ok(())
    }

    /// Sends a chat line to the other players.
    pub fn send_chat(&mut self, text: &str) -> Result<(), SubmitError> {
        let seat = self.local.seat.ok_or(SubmitError::Spectator)?;
        let mut text = text.to_string();
        while text.len() > MAX_CHAT_LEN {
            text.pop();
        }
        self.chat.counter += 1;
        let body = ChatBody {
            game_id: self.game_id,
            seat: Some(seat),
            counter: self.chat.counter,
            text,
        };
        let signed = Signed {
            sig: self.local.signer.sign(Domain::Chat, &body),
            body,
        };
        self.send(Destination::Broadcast, Message::Chat(signed));
        Ok(())
    }

    /// Votes to hand `seat` (silent) to the takeover bot from the first move not yet final.
    /// The takeover happens by the rule of [`crate::takeover`]: every live player not handed
    /// over voted the same, and they are a strict majority of the players the game started
    /// with. In a 2-player game the survivor votes alone, and only once the other has sent
    /// nothing for [`Settings::gone_after_ms`] ([`TakeoverError::PartnerActive`] before).
    /// Before the game starts, only a seat that withholds its seed commit, reveal (or its
    /// re-roll link) can be voted out, at the seed round (see `seeding.rs`).
    pub fn vote_takeover(&mut self, seat: Seat) -> Result<(), TakeoverError> {
        let me = self.local.seat.ok_or(TakeoverError::NotSeated)?;
        let seeding = self.phase == Phase::Seeding;
        // The vote may name the seat's move we hold: its signature checked first.
        if !seeding {
            self.check_deferred();
        }
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
        if seeding {
            // Only a seat we wait for: its commit, or once every commit is in its reveal,
            // re-roll link or vote.
            if !self
                .seed_waiting_for()
                .iter()
                .any(|(i, _)| *i == seat.index())
            {
                return Err(TakeoverError::NotWithholding);
            }
        } else if !matches!(self.phase, Phase::Playing | Phase::Settling) {
            return Err(TakeoverError::NotPlaying);
        }
        let needed = takeover::quorum(self.takeover.players_at_start);
        let available = self.live_player_seats().len() - 1;
        if available < needed {
            return Err(TakeoverError::TooFewVoters { needed, available });
        }
        if takeover::lone_vote(self.takeover.players_at_start) {
            let quiet_ms = self
                .clock
                .now
                .saturating_sub(self.presence.news_at[seat.index()]);
            if quiet_ms < self.settings.gone_after_ms {
                return Err(TakeoverError::PartnerActive {
                    quiet_ms,
                    needed_ms: self.settings.gone_after_ms,
                });
            }
        }
        // Always the move under way (0: the seed round): a vote cast by someone else for a
        // later move (stale, or hostile) never moves ours, so it cannot stall the takeover.
        let from_seq = if seeding {
            0
        } else {
            self.ledger.final_seq + 1
        };
        if self
            .takeover
            .votes
            .get(&(seat, from_seq))
            .is_some_and(|v| v.contains_key(&me))
        {
            return Ok(());
        }
        let seat_move = self.ledger.pending.as_ref().and_then(|p| {
            p.mv.as_ref()
                .filter(|m| p.seq == from_seq && m.body.seat == seat)
                .map(crate::message::move_digest)
        });
        let body = TakeoverBody {
            game_id: self.game_id,
            seat,
            from_seq,
            voter: me,
            seat_move,
        };
        let signed = Signed {
            sig: self.local.signer.sign(Domain::Takeover, &body),
            body,
        };
        self.sent_news();
        self.send(Destination::Broadcast, Message::Takeover(signed.clone()));
        // The seat's own peer too, by name: once the vote decides, the broadcast no longer
        // reaches it, and it must learn its seat was handed over (it then follows).
        if let Some(peer) = self.seats[seat.index()].player.as_ref().map(|p| p.peer) {
            self.send(Destination::Peer(peer), Message::Takeover(signed.clone()));
        }
        self.on_takeover(self.local.peer, signed);
        self.advance();
        Ok(())
    }
}
