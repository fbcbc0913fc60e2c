//! Verifiable replays: the file format ([`format`](mod@format)), offline verification ([`verify`]), a readable
//! log ([`show`]), and simulated games recorded exactly as a real game records them
//! ([`record_simulated`]).

mod batch;
pub mod format;

pub use batch::DalekBatch;

use crate::beacon::{self, ChainTracker};
use crate::config::{Refusal, SeatSpec};
use crate::keys::{Domain, Signature, signed_bytes};
use crate::lockstep::{self, AckClaim, NotFinal};
use crate::message::{AckBody, AckStage, Link, MoveBody, SecretCommitBody, SecretRevealBody};
use dwarfs_engine::{Actor, Game, Outcome, Seat, StateHash, codec, state_hash};
use format::{AckRecord, Frame, Header, ReadError, read_frames};
use libp2p_identity::ed25519;
use std::fmt;
use thiserror::Error;

pub use crate::sim::record_simulated;

/// What a successful verification found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct VerifyReport {
    /// The game's name.
    pub game: String,
    /// Number of seats.
    pub players: u8,
    /// Moves played.
    pub moves: u32,
    /// Chance points resolved from the beacon (setup excluded).
    pub chance_points: u32,
    /// Signatures checked (commits, reveals, moves, acks, votes).
    pub signatures: u32,
    /// The final state hash.
    pub final_hash: StateHash,
    /// The final scores.
    pub outcome: Outcome,
    /// Seats handed to the bot, and from which move.
    pub takeovers: Vec<(Seat, u32)>,
}

/// Where verification failed: the first bad frame (and move), and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct VerifyError {
    /// Index of the bad frame (0 is the header).
    pub frame: usize,
    /// Its byte offset in the file.
    pub offset: usize,
    /// The move concerned, when the frame is (or follows) a move.
    pub seq: Option<u32>,
    /// What is wrong.
    pub fault: Fault,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seq {
            Some(seq) => write!(
                f,
                "frame {} (byte {}), move {seq}: {}",
                self.frame, self.offset, self.fault
            ),
            None => write!(
                f,
                "frame {} (byte {}): {}",
                self.frame, self.offset, self.fault
            ),
        }
    }
}

impl From<dwarfs_engine::codec::CodecError> for Fault {
    fn from(e: dwarfs_engine::codec::CodecError) -> Self {
        Fault::Unencodable(e.to_string())
    }
}

/// The reasons a replay fails verification.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Fault {
    /// The file could not be read (bad magic, truncated or malformed frame).
    #[error("{0}")]
    Read(ReadError),
    /// The first frame is not a header, or a header appears later.
    #[error("expected the header frame first, and only once")]
    Header,
    /// The replay is for another game, rules version or data, or its options or seats are bad.
    #[error("{0}")]
    Config(Refusal),
    /// The header's commits or reveals do not match the player seats.
    #[error("seed commits/reveals: {0}")]
    Seed(String),
    /// A signature does not verify.
    #[error("bad signature on the {what} of {seat}")]
    Signature {
        /// Which item.
        what: &'static str,
        /// Whose.
        seat: Seat,
    },
    /// Moves are not numbered consecutively.
    #[error("expected move {expected}, found move {got}")]
    Sequence {
        /// The expected number.
        expected: u32,
        /// The number found.
        got: u32,
    },
    /// The move's seat is not the one that must act.
    #[error("the move is recorded for {got} but {expected}")]
    WrongSeat {
        /// Who had to act, in words.
        expected: String,
        /// The recorded seat.
        got: Seat,
    },
    /// The engine refuses the move.
    #[error("illegal move: {0}")]
    Illegal(String),
    /// A bot seat's move is not what the takeover bot plays.
    #[error("the bot's move for {0} is not the one the takeover bot computes")]
    BotMove(Seat),
    /// The beacon links are missing, extra or do not match the committed chains.
    #[error("beacon: {0}")]
    Beacon(String),
    /// Checkpoint or final acks are missing, extra or for the wrong seats.
    #[error("acks: {0}")]
    Acks(String),
    /// A takeover record is invalid.
    #[error("takeover: {0}")]
    Takeover(String),
    /// Internal: a later frame (read ahead for a chance point's links) is bad; reported at it.
    #[error("{fault}")]
    Ahead {
        /// How many frames after the current one.
        frames_ahead: usize,
        /// The move of that frame.
        seq: u32,
        /// What is wrong with it.
        fault: Box<Fault>,
    },
    /// A state reached cannot be encoded, so it has no hash to check (a bug in the game).
    #[error("a state of this game cannot be encoded: {0}")]
    Unencodable(String),
    /// Internal: a chance point's links are in a frame the file lacks (reported as truncation).
    #[error("the beacon links of a chance point are missing (the file is cut short)")]
    MissingLinks,
    /// The replay ends before the game does.
    #[error("the replay ends after move {0} before the game is over (truncated or unfinished)")]
    Incomplete(u32),
    /// Frames follow the end of the game, or the end record does not fit.
    #[error("{0}")]
    Ending(String),
}

/// The game name, rules version and player count of a replay, to pick the engine.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HeaderInfo {
    /// `Game::NAME`.
    pub game: String,
    /// The rules version it was played under.
    pub rules_version: u32,
    /// Number of seats.
    pub players: u8,
    /// The game id (hex).
    pub game_id: String,
}

/// Reads only the header: which game a replay is for (to dispatch to the right engine).
pub fn peek_header(bytes: &[u8]) -> Result<HeaderInfo, VerifyError> {
    let header = read_header(bytes)?;
    Ok(HeaderInfo {
        game: header.config.game.clone(),
        rules_version: header.config.rules_version,
        players: header.config.players(),
        game_id: crate::keys::hex(&header.config.game_id),
    })
}

fn read_header(bytes: &[u8]) -> Result<Header, VerifyError> {
    let frames = read_frames(bytes);
    match frames.frames.into_iter().next() {
        Some((_, Frame::Header(h))) => Ok(*h),
        Some((offset, _)) => Err(VerifyError {
            frame: 0,
            offset,
            seq: None,
            fault: Fault::Header,
        }),
        None => Err(VerifyError {
            frame: 0,
            offset: 0,
            seq: None,
            fault: frames.error.map(Fault::Read).unwrap_or(Fault::Header),
        }),
    }
}

/// Verifies a complete replay of game `G`: every signature, the seed derivation, the beacon chain
/// and every state hash, by re-running the engine. Returns the first bad frame or move and why.
///
/// Signatures are checked together in one ed25519 batch ([`DalekBatch`]); when anything fails,
/// the replay is checked again one signature at a time to name the first bad frame and move.
pub fn verify<G: Game>(bytes: &[u8]) -> Result<VerifyReport, VerifyError> {
    verify_batched::<G>(bytes, &mut DalekBatch::default())
}

/// Verifies like [`verify`], checking each signature on its own as it is read (slower; the
/// reference that [`verify_batched`] falls back to).
pub fn verify_one_by_one<G: Game>(bytes: &[u8]) -> Result<VerifyReport, VerifyError> {
    Verifier::<G>::run(bytes, None, None).map(|(r, _)| r)
}

/// One position of a replay, for viewers: the state after setup or after a move (with any chance
/// it led to resolved), and the move that led there.
#[derive(Clone, Debug)]
pub struct Position<G: Game> {
    /// The move's sequence number (0: the start, after setup).
    pub seq: u32,
    /// Who played the move (`None` at the start and for a simultaneous secret step, whose
    /// description names every seat's choice).
    pub seat: Option<Seat>,
    /// The move in words, as the move log shows it (`None` at the start).
    pub description: Option<String>,
    /// The state after the move.
    pub state: G,
    /// The events of the move and of the chance points it led to, in order, unredacted (a
    /// viewer passes them through `Game::redact_event`). Empty at the start.
    pub events: Vec<G::Event>,
    /// Seats handed to the bot at this move, when there were any: the chance point after it
    /// was re-rolled (a move log shows "re-rolled after seat N withheld").
    pub rerolled_after: Vec<Seat>,
}

/// Verifies a replay like [`verify`] and returns every position along the way: the state after
/// setup and after every move, up to the first bad frame when the replay does not verify.
pub fn positions<G: Game>(bytes: &[u8]) -> (Vec<Position<G>>, Result<VerifyReport, VerifyError>) {
    let mut out = Vec::new();
    let r = Verifier::<G>::run_with_positions(bytes, None, None, Some(&mut out)).map(|(r, _)| r);
    (out, r)
}

/// One signature a replay holds: the signer's key, the exact signed bytes and the signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureCheck {
    /// The ed25519 public key.
    pub key: [u8; 32],
    /// The signed bytes (domain tag and canonical body).
    pub message: Vec<u8>,
    /// The signature.
    pub signature: [u8; 64],
}

/// Verifies a replay like [`verify`] and also returns every signature it checked, with the
/// exact signed bytes (for external auditing and the batch-verification benchmark).
pub fn signatures<G: Game>(
    bytes: &[u8],
) -> Result<(VerifyReport, Vec<SignatureCheck>), VerifyError> {
    Verifier::<G>::run(bytes, None, Some(Vec::new()))
}

/// A pluggable batch signature checker for [`verify_batched`] (for example ed25519-dalek's
/// `verify_batch`, several times faster than one-by-one checks). The protocol crate itself only
/// verifies one by one through `libp2p-identity`.
pub trait BatchVerifier {
    /// Queues one ed25519 signature check.
    fn queue(&mut self, key: &[u8; 32], message: &[u8], signature: &[u8; 64]);
    /// Checks everything queued since the last call; true when every signature is valid.
    fn verify_all(&mut self) -> bool;
}

/// Verifies like [`verify`], but hands every signature to `batch` at the end instead of checking
/// them one by one. The result is identical to [`verify`]'s: when anything fails, the replay is
/// verified again one by one to name the first bad frame and move.
pub fn verify_batched<G: Game>(
    bytes: &[u8],
    batch: &mut dyn BatchVerifier,
) -> Result<VerifyReport, VerifyError> {
    if let Ok((report, sigs)) = Verifier::<G>::run_deferred(bytes) {
        for s in &sigs {
            batch.queue(&s.key, &s.message, &s.signature);
        }
        if batch.verify_all() {
            return Ok(report);
        }
    }
    verify_one_by_one::<G>(bytes)
}

fn check_sig<T: serde::Serialize>(
    collect: &mut Option<Vec<SignatureCheck>>,
    key: &ed25519::PublicKey,
    domain: Domain,
    body: &T,
    sig: &Signature,
) -> bool {
    let message = signed_bytes(domain, body);
    // Deferred mode (batch verification) collects without checking: see `verify_batched`.
    let ok = DEFER.with(|d| d.get()) || key.verify(&message, &sig.0);
    if let Some(c) = collect {
        c.push(SignatureCheck {
            key: key.to_bytes(),
            message,
            signature: sig.0,
        });
    }
    ok
}

/// A readable move log of a replay of game `G`. A replay that fails verification is shown up to
/// the failure, followed by the reason.
pub fn show<G: Game>(bytes: &[u8]) -> String {
    let mut lines = Vec::new();
    match Verifier::<G>::run(bytes, Some(&mut lines), None) {
        Ok((r, _)) => {
            lines.push(format!(
                "verified: {} moves, {} chance points, {} signatures, final hash {}",
                r.moves,
                r.chance_points,
                r.signatures,
                r.final_hash.short()
            ));
        }
        Err(e) => lines.push(format!("VERIFICATION FAILED: {e}")),
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

thread_local! {
    static DEFER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// What the acks of a frame reveal, beside their hash, for [`Verifier::check_acks`].
#[derive(Clone, Copy)]
struct Revealed<'a> {
    /// The beacon links of every live seat, in seat order, that applied acks reveal.
    links: &'a [Link],
    /// After a takeover at the move: the re-roll position and every live seat's re-roll link.
    reroll: Option<(u32, &'a [Link])>,
    /// The move's author whose ack is its signed move (checked with the move, not stored), and
    /// whether it re-commits its beacon chain.
    mover: Option<(Seat, bool)>,
}

struct Verifier<G: Game> {
    state: G,
    keys: Vec<Option<ed25519::PublicKey>>,
    live: Vec<bool>,
    trackers: Vec<Option<ChainTracker>>,
    header: Header,
    last_seq: u32,
    last_chance: bool,
    chance_points: u32,
    signatures: u32,
    takeovers: Vec<(Seat, u32)>,
    seat_move: Option<(u32, [u8; 32])>,
    /// Each seat's committed re-roll chain tip.
    reroll_tips: Vec<Option<Link>>,
    /// Takeover records so far, as `(from_seq, seats)`.
    takeover_sets: Vec<(u32, Vec<Seat>)>,
    /// The move whose acks carry re-roll links (a takeover was recorded at it): the move, the
    /// re-roll position and the seats handed over at it.
    reroll_due: Option<(u32, u32, Vec<Seat>)>,
    /// The last move's re-roll position and links, if it was re-rolled (its end record's acks
    /// are the same acks).
    last_reroll: Option<(u32, u32, Vec<Link>)>,
    /// Per seat: links verified ahead, `(position of the first, links)`.
    cache: Vec<(u32, Vec<Link>)>,
    /// The last move's author when its ack is folded into the move (a live seat's signed
    /// move), and whether it re-commits its beacon chain.
    mover: Option<(Seat, bool)>,
    /// Beacon links movers signed in their moves, `(seat, move, link)`, not yet checked against
    /// the chains (they are once a later frame's links reach back to them).
    claims: Vec<(usize, u32, Link)>,
    /// The last move whose frame carries every live seat's beacon link, and those links of
    /// the seats still live (a resumed session's takeover record needs them).
    last_links: Option<(u32, Vec<(usize, Link)>)>,
    over: bool,
    collect: Option<Vec<SignatureCheck>>,
    positions: Option<Vec<Position<G>>>,
}

impl<G: Game> Verifier<G> {
    fn run_deferred(bytes: &[u8]) -> Result<(VerifyReport, Vec<SignatureCheck>), VerifyError> {
        DEFER.with(|d| d.set(true));
        let r = Self::run(bytes, None, Some(Vec::new()));
        DEFER.with(|d| d.set(false));
        r
    }

    fn run(
        bytes: &[u8],
        log: Option<&mut Vec<String>>,
        collect: Option<Vec<SignatureCheck>>,
    ) -> Result<(VerifyReport, Vec<SignatureCheck>), VerifyError> {
        Self::run_with_positions(bytes, log, collect, None)
    }

    /// [`Verifier::run`], also filling `positions` (when given) with the state after setup and
    /// after every verified move, up to the first failure.
    fn run_with_positions(
        bytes: &[u8],
        mut log: Option<&mut Vec<String>>,
        collect: Option<Vec<SignatureCheck>>,
        positions: Option<&mut Vec<Position<G>>>,
    ) -> Result<(VerifyReport, Vec<SignatureCheck>), VerifyError> {
        let frames = read_frames(bytes);
        let mut it = frames.frames.iter().enumerate();
        let err = |frame: usize, offset: usize, seq: Option<u32>, fault: Fault| VerifyError {
            frame,
            offset,
            seq,
            fault,
        };
        let Some((_, (offset, Frame::Header(header)))) = it.next() else {
            return Err(match (frames.frames.first(), frames.error) {
                (None, Some(e)) => err(0, 0, None, Fault::Read(e)),
                (f, _) => err(0, f.map_or(0, |f| f.0), None, Fault::Header),
            });
        };
        let mut v = Self::start(header, log.as_deref_mut(), collect)
            .map_err(|f| err(0, *offset, None, f))?;
        if positions.is_some() {
            v.positions = Some(vec![Position {
                seq: 0,
                seat: None,
                description: None,
                state: v.state.clone(),
                events: Vec::new(),
                rerolled_after: Vec::new(),
            }]);
        }
        let result = 'run: {
            let all = &frames.frames;
            let last_move_in_file = all
                .iter()
                .rev()
                .find_map(|(_, f)| match f {
                    Frame::Move(m) => Some(m.seq),
                    Frame::Secret(r) => Some(r.seq),
                    _ => None,
                })
                .unwrap_or(0);
            for (index, (offset, frame)) in it {
                let seq_hint = match frame {
                    Frame::Move(_) | Frame::Secret(_) => Some(v.last_seq + 1),
                    _ => Some(v.last_seq),
                };
                if v.over {
                    break 'run Err(err(
                        index,
                        *offset,
                        seq_hint,
                        Fault::Ending("frames follow the end of the game".into()),
                    ));
                }
                match v.frame(frame, &all[index + 1..], log.as_deref_mut()) {
                    Ok(()) => {}
                    // The links of a chance point are in a later frame the file does not have.
                    Err(Fault::MissingLinks) => {
                        break 'run Err(match &frames.error {
                            Some(e) => {
                                let (i, o) = e.position();
                                err(i, o, Some(last_move_in_file + 1), Fault::Read(e.clone()))
                            }
                            None => err(
                                all.len(),
                                bytes.len(),
                                Some(last_move_in_file),
                                Fault::Incomplete(last_move_in_file),
                            ),
                        });
                    }
                    Err(Fault::Ahead {
                        frames_ahead,
                        seq,
                        fault,
                    }) => {
                        let i = index + frames_ahead;
                        let o = all.get(i).map_or(*offset, |f| f.0);
                        break 'run Err(err(i, o, Some(seq), *fault));
                    }
                    Err(f) => break 'run Err(err(index, *offset, seq_hint, f)),
                }
            }
            if let Some(e) = frames.error {
                let (index, offset) = e.position();
                break 'run Err(err(index, offset, Some(v.last_seq + 1), Fault::Read(e)));
            }
            if !v.over {
                break 'run Err(err(
                    frames.frames.len(),
                    bytes.len(),
                    Some(v.last_seq),
                    Fault::Incomplete(v.last_seq),
                ));
            }
            let Some(outcome) = v.state.outcome() else {
                break 'run Err(err(
                    frames.frames.len(),
                    bytes.len(),
                    None,
                    Fault::Ending("the game has no outcome".into()),
                ));
            };
            if let Some(log) = log {
                for s in &outcome.scores {
                    log.push(format!(
                        "  {}: {} points{}",
                        s.seat,
                        s.total,
                        if outcome.winners.contains(&s.seat) {
                            " (winner)"
                        } else {
                            ""
                        }
                    ));
                }
                log.push(format!("  {}", outcome.summary));
                log.push(format!("  {}", outcome.verdict(|s| s.to_string())));
            }
            let sigs = v.collect.take().unwrap_or_default();
            let final_hash = match state_hash(&v.state) {
                Ok(h) => h,
                Err(e) => {
                    break 'run Err(err(frames.frames.len(), bytes.len(), None, Fault::from(e)));
                }
            };
            Ok((
                VerifyReport {
                    game: v.header.config.game.clone(),
                    players: v.header.config.players(),
                    moves: v.last_seq,
                    chance_points: v.chance_points,
                    signatures: v.signatures,
                    final_hash,
                    outcome,
                    takeovers: std::mem::take(&mut v.takeovers),
                },
                sigs,
            ))
        };
        if let (Some(out), Some(p)) = (positions, v.positions.take()) {
            *out = p;
        }
        result
    }

    fn start(
        header: &Header,
        log: Option<&mut Vec<String>>,
        mut collect: Option<Vec<SignatureCheck>>,
    ) -> Result<Self, Fault> {
        if !(format::OLDEST_FORMAT_VERSION..=format::FORMAT_VERSION).contains(&header.format) {
            let why = if header.format > format::FORMAT_VERSION {
                "it was written by a newer dwarfs: update dwarfs to verify it"
            } else {
                "it is older than any this build still verifies"
            };
            return Err(Fault::Ending(format!(
                "replay format {} is not supported (this build reads formats {} to {}): {why}",
                header.format,
                format::OLDEST_FORMAT_VERSION,
                format::FORMAT_VERSION
            )));
        }
        let cfg = &header.config;
        let (_options, mut state) = cfg.check::<G>().map_err(Fault::Config)?;
        let mut keys = Vec::new();
        for s in &cfg.seats {
            keys.push(match s {
                SeatSpec::Player(k) => Some(
                    k.verifier()
                        .map_err(|e| Fault::Config(Refusal::Seats(e.to_string())))?,
                ),
                SeatSpec::Bot => None,
            });
        }
        let players: Vec<usize> = (0..keys.len()).filter(|&i| keys[i].is_some()).collect();
        if header.commits.len() != players.len() || header.reveals.len() != players.len() {
            return Err(Fault::Seed(format!(
                "{} player seats but {} commits and {} reveals",
                players.len(),
                header.commits.len(),
                header.reveals.len()
            )));
        }
        let digest = cfg.digest();
        let mut signatures = 0;
        let mut nonces = Vec::new();
        let mut trackers = vec![None; keys.len()];
        let mut reroll_tips = vec![None; keys.len()];
        for (k, &i) in players.iter().enumerate() {
            let (c, r) = (&header.commits[k], &header.reveals[k]);
            let seat = Seat(i as u8);
            let key = keys[i].as_ref().ok_or(Fault::Header)?;
            if c.body.seat != Seat(i as u8) || r.body.seat != Seat(i as u8) {
                return Err(Fault::Seed(format!(
                    "commit or reveal out of seat order at {seat}"
                )));
            }
            if !check_sig(&mut collect, key, Domain::Commit, &c.body, &c.sig) {
                return Err(Fault::Signature {
                    what: "seed commit",
                    seat,
                });
            }
            if !check_sig(&mut collect, key, Domain::Reveal, &r.body, &r.sig) {
                return Err(Fault::Signature {
                    what: "seed reveal",
                    seat,
                });
            }
            signatures += 2;
            if c.body.game_id != cfg.game_id
                || r.body.game_id != cfg.game_id
                || c.body.config_digest != digest
            {
                return Err(Fault::Seed(format!("{seat}'s commit is for another game")));
            }
            if beacon::nonce_hash(&cfg.game_id, Seat(i as u8), &r.body.nonce) != c.body.nonce_hash {
                return Err(Fault::Seed(format!(
                    "{seat}'s reveal does not match its commit"
                )));
            }
            nonces.push(r.body.nonce);
            trackers[i] = Some(ChainTracker {
                pos: 0,
                link: c.body.beacon_tip,
            });
            reroll_tips[i] = Some(c.body.reroll_tip);
        }
        let seed = beacon::seed(&cfg.game_id, &nonces);
        lockstep::resolve_setup(&mut state, &seed).map_err(|e| Fault::Illegal(e.to_string()))?;
        if let Some(log) = log {
            log.push(format!(
                "{} (rules v{}), {} seats, game {}",
                cfg.game,
                cfg.rules_version,
                keys.len(),
                crate::keys::hex(&cfg.game_id[..8])
            ));
            for (i, k) in cfg.seats.iter().enumerate() {
                log.push(format!(
                    "  {}: {}",
                    Seat(i as u8),
                    match k {
                        SeatSpec::Player(k) =>
                            k.peer_id().map(|p| p.to_string()).unwrap_or_default(),
                        SeatSpec::Bot => "bot".into(),
                    }
                ));
            }
            log.push(format!(
                "seed {} (from {} reveals); setup hash {}",
                crate::keys::hex(&blake3::hash(&seed).as_bytes()[..8]),
                nonces.len(),
                state_hash(&state)?.short()
            ));
        }
        let live = keys.iter().map(|k| k.is_some()).collect();
        let n_seats = keys.len();
        Ok(Verifier {
            state,
            keys,
            live,
            trackers,
            header: header.clone(),
            last_seq: 0,
            last_chance: false,
            chance_points: 0,
            signatures,
            takeovers: Vec::new(),
            seat_move: None,
            reroll_tips,
            takeover_sets: Vec::new(),
            reroll_due: None,
            last_reroll: None,
            cache: vec![(0, Vec::new()); n_seats],
            mover: None,
            claims: Vec::new(),
            last_links: None,
            over: false,
            collect,
            positions: None,
        })
    }

    fn live_seats(&self) -> Vec<usize> {
        (0..self.keys.len())
            .filter(|&i| self.live[i] && self.keys[i].is_some())
            .collect()
    }

    /// Checks the acks of move `seq` (or of its settled state) stored in a frame, with what they
    /// reveal ([`Revealed`]).
    fn check_acks(
        &mut self,
        acks: &[AckRecord],
        seq: u32,
        stage: AckStage,
        hash: StateHash,
        revealed: Revealed<'_>,
    ) -> Result<(), Fault> {
        let Revealed {
            links,
            reroll,
            mover,
        } = revealed;
        let live: Vec<Seat> = self
            .live_seats()
            .into_iter()
            .map(|i| Seat(i as u8))
            .collect();
        let mover = mover.filter(|(m, _)| live.contains(m));
        // A stored ack proves its hash by its signature, checked below against `hash`.
        let mut claims: Vec<AckClaim> = acks
            .iter()
            .map(|a| AckClaim {
                seat: a.seat,
                hash,
                recommits: a.next_tip.is_some(),
            })
            .collect();
        if let Some((seat, recommits)) = mover {
            let at = claims
                .iter()
                .position(|c| c.seat >= seat)
                .unwrap_or(claims.len());
            claims.insert(
                at,
                AckClaim {
                    seat,
                    hash,
                    recommits,
                },
            );
        }
        match lockstep::check_final(&self.header.config, seq, stage, &live, &claims, hash) {
            Ok(()) => {}
            Err(NotFinal::Missing(seat)) => {
                return Err(Fault::Acks(format!("{seat}'s ack is missing")));
            }
            Err(NotFinal::Unexpected(seat)) => {
                return Err(Fault::Acks(format!(
                    "an ack for {seat}, which is not the next live seat to ack"
                )));
            }
            Err(NotFinal::Desync { seat, .. }) => {
                return Err(Fault::Signature { what: "ack", seat });
            }
            Err(NotFinal::Recommit { seat, lacks }) => {
                return Err(Fault::Beacon(format!(
                    "{seat}'s ack {} a beacon re-commit",
                    if lacks {
                        "lacks"
                    } else {
                        "carries an unexpected"
                    }
                )));
            }
        }
        let applied = stage == AckStage::Applied;
        if applied && links.len() != live.len() {
            return Err(Fault::Beacon(format!(
                "{} links stored for {} live players",
                links.len(),
                live.len()
            )));
        }
        if let Some((_, r)) = reroll
            && r.len() != live.len()
        {
            return Err(Fault::Beacon(format!(
                "{} re-roll links stored for {} live players",
                r.len(),
                live.len()
            )));
        }
        for a in acks {
            let (seat, i) = (a.seat, a.seat.index());
            // `check_final` above let only live seats through.
            let k = live.iter().position(|s| *s == seat).unwrap_or(usize::MAX);
            let body = AckBody {
                game_id: self.header.config.game_id,
                seq,
                seat: Seat(i as u8),
                stage,
                hash,
                next_tip: a.next_tip,
                reveal: if applied { links.get(k).copied() } else { None },
                reroll: reroll.and_then(|(pos, r)| {
                    r.get(k)
                        .map(|&link| crate::message::RerollLink { pos, link })
                }),
            };
            let key = self.keys[i].clone().ok_or(Fault::Header)?;
            if !check_sig(&mut self.collect, &key, Domain::Ack, &body, &a.sig) {
                return Err(Fault::Signature { what: "ack", seat });
            }
            self.signatures += 1;
        }
        Ok(())
    }

    /// Takes the links a link frame carries at position `c`: checks them against every live
    /// seat's committed chain and caches the links down to the last verified one.
    fn absorb_links(&mut self, c: u32, links: &[Link]) -> Result<(), Fault> {
        let live = self.live_seats();
        if links.len() != live.len() {
            return Err(Fault::Beacon(format!(
                "{} links stored for {} live players",
                links.len(),
                live.len()
            )));
        }
        let max = self.header.config.beacon_segment;
        for (link, &i) in links.iter().zip(&live) {
            let t = self.trackers[i].ok_or(Fault::Header)?;
            if t.pos == c {
                if t.link != *link {
                    return Err(Fault::Beacon(format!(
                        "{}'s link at move {c} differs from the one derived before",
                        Seat(i as u8)
                    )));
                }
                continue;
            }
            if t.pos > c || c - t.pos > max {
                return Err(Fault::Beacon(format!(
                    "{}'s link at move {c} cannot follow its chain at {}",
                    Seat(i as u8),
                    t.pos
                )));
            }
            // Walk down from c to the last verified link, keeping every link on the way.
            let n = (c - t.pos) as usize;
            let mut chain = vec![[0u8; 16]; n];
            let mut cur = *link;
            for k in (0..n).rev() {
                chain[k] = cur;
                cur = beacon::step_down(&cur, t.pos + 1 + k as u32);
            }
            if cur != t.link {
                return Err(Fault::Beacon(format!(
                    "{}'s link at move {c} does not match its committed hash chain",
                    Seat(i as u8)
                )));
            }
            self.cache[i] = (t.pos + 1, chain);
            self.trackers[i] = Some(ChainTracker {
                pos: c,
                link: *link,
            });
        }
        self.settle_claims()
    }

    /// Checks the links movers signed in their moves against the chains, as far as the links
    /// verified so far reach.
    fn settle_claims(&mut self) -> Result<(), Fault> {
        let mut left = Vec::new();
        for (i, n, link) in std::mem::take(&mut self.claims) {
            let (from, chain) = &self.cache[i];
            let known = match self.trackers[i] {
                Some(t) if t.pos == n => Some(t.link),
                _ if n >= *from && ((n - from) as usize) < chain.len() => {
                    Some(chain[(n - from) as usize])
                }
                _ => None,
            };
            match known {
                Some(l) if l != link => {
                    return Err(Fault::Beacon(format!(
                        "the link {} signed in move {n} does not match its committed hash chain",
                        Seat(i as u8)
                    )));
                }
                Some(_) => {}
                None => left.push((i, n, link)),
            }
        }
        self.claims = left;
        Ok(())
    }

    /// Every live seat's link at position `n` (a chance point), from the cache, or from the first
    /// later frame that carries links.
    fn links_at(
        &mut self,
        n: u32,
        current: &Frame,
        rest: &[(usize, Frame)],
    ) -> Result<Vec<Link>, Fault> {
        let live = self.live_seats();
        let covered = |v: &Self| {
            live.iter().all(|&i| {
                let (from, chain) = &v.cache[i];
                n >= *from && ((n - from) as usize) < chain.len()
            })
        };
        if !covered(self) {
            let cfg = self.header.config.clone();
            let found = std::iter::once(current)
                .chain(rest.iter().map(|(_, f)| f))
                .enumerate()
                .find_map(|(k, f)| links_of(f, &cfg).map(|(c, l)| (k, c, l.to_vec())));
            let Some((k, c, links)) = found else {
                return Err(Fault::MissingLinks);
            };
            if c < n {
                return Err(Fault::Beacon(format!(
                    "the links for the chance point of move {n} are missing"
                )));
            }
            if let Err(f) = self.absorb_links(c, &links) {
                return Err(if k == 0 {
                    f
                } else {
                    Fault::Ahead {
                        frames_ahead: k,
                        seq: c,
                        fault: Box::new(f),
                    }
                });
            }
            if !covered(self) {
                return Err(Fault::Beacon(format!(
                    "the links for the chance point of move {n} are missing"
                )));
            }
        }
        Ok(live
            .iter()
            .map(|&i| {
                let (from, chain) = &self.cache[i];
                chain[(n - from) as usize]
            })
            .collect())
    }

    fn frame(
        &mut self,
        frame: &Frame,
        rest: &[(usize, Frame)],
        log: Option<&mut Vec<String>>,
    ) -> Result<(), Fault> {
        let cfg = self.header.config.clone();
        match frame {
            Frame::Header(_) => Err(Fault::Header),
            Frame::Takeover(t) => {
                let from = self.last_seq + 1;
                if t.from_seq != from {
                    return Err(Fault::Takeover(format!(
                        "takeover recorded from move {} at move {from}",
                        t.from_seq
                    )));
                }
                let live = self.live_seats();
                let targets: Vec<usize> = t.seats.iter().map(|&s| s.index()).collect();
                if targets.is_empty() || targets.windows(2).any(|w| w[0] >= w[1]) {
                    return Err(Fault::Takeover(
                        "the seats handed over must be listed once each, in order".into(),
                    ));
                }
                if let Some(&s) = targets.iter().find(|s| !live.contains(s)) {
                    return Err(Fault::Takeover(format!(
                        "{} is not a live player",
                        Seat(s as u8)
                    )));
                }
                let voters = crate::takeover::voters(&live, &targets);
                let players = self.keys.iter().filter(|k| k.is_some()).count();
                let needed = crate::takeover::quorum(players);
                if voters.len() < needed {
                    return Err(Fault::Takeover(format!(
                        "{} voters, but a takeover needs {needed} in a game of {players} players",
                        voters.len()
                    )));
                }
                if t.votes.len() != targets.len() * voters.len() {
                    return Err(Fault::Takeover("not every other live player voted".into()));
                }
                let expected = targets
                    .iter()
                    .flat_map(|&s| voters.iter().map(move |&v| (s, v)));
                for (vote, (s, v)) in t.votes.iter().zip(expected) {
                    if vote.seat.index() != s || vote.voter.index() != v {
                        return Err(Fault::Takeover("votes out of seat order".into()));
                    }
                    let body = crate::message::TakeoverBody {
                        game_id: cfg.game_id,
                        seat: vote.seat,
                        from_seq: t.from_seq,
                        voter: vote.voter,
                        seat_move: vote.seat_move,
                    };
                    let key = self.keys[v].as_ref().ok_or(Fault::Header)?;
                    if !check_sig(&mut self.collect, key, Domain::Takeover, &body, &vote.sig) {
                        return Err(Fault::Signature {
                            what: "takeover vote",
                            seat: vote.voter,
                        });
                    }
                    self.signatures += 1;
                }
                if t.from_seq == 1 {
                    if !t.beacon.is_empty() {
                        return Err(Fault::Beacon("links stored before the first move".into()));
                    }
                } else {
                    self.absorb_links(t.from_seq - 1, &t.beacon)?;
                }
                for &s in &targets {
                    self.live[s] = false;
                    self.takeovers.push((Seat(s as u8), t.from_seq));
                }
                if let Some((_, links)) = &mut self.last_links {
                    links.retain(|(i, _)| !targets.contains(i));
                }
                self.takeover_sets.push((t.from_seq, t.seats.clone()));
                let pos = self.takeover_sets.len() as u32;
                let mut after = match self.reroll_due.take() {
                    Some((n, _, after)) if n == t.from_seq => after,
                    _ => Vec::new(),
                };
                after.extend(t.seats.iter().copied());
                after.sort_unstable();
                self.reroll_due = Some((t.from_seq, pos, after));
                if let Some(h) = t.votes.iter().find_map(|v| v.seat_move) {
                    self.seat_move = Some((t.from_seq, h));
                }
                if let Some(log) = log {
                    log.push(format!(
                        "--- {} handed to the bot from move {} by the others' vote",
                        targets
                            .iter()
                            .map(|&s| Seat(s as u8).to_string())
                            .collect::<Vec<_>>()
                            .join(" and "),
                        t.from_seq
                    ));
                }
                Ok(())
            }
            Frame::Final(f) => {
                if f.seq != self.last_seq {
                    return Err(Fault::Ending(format!(
                        "the end record names move {} but the last move is {}",
                        f.seq, self.last_seq
                    )));
                }
                if self.state.to_act() != Actor::Over {
                    return Err(Fault::Ending(
                        "the end record comes before the game is over".into(),
                    ));
                }
                let want = if self.last_chance {
                    AckStage::Settled
                } else {
                    AckStage::Applied
                };
                if f.stage != want {
                    return Err(Fault::Ending("the end record acks the wrong state".into()));
                }
                let hash = state_hash(&self.state)?;
                let last_reroll = self.last_reroll.clone();
                let reroll = match (&last_reroll, f.stage) {
                    (Some((n, pos, links)), AckStage::Applied) if *n == f.seq => {
                        Some((*pos, &links[..]))
                    }
                    _ => None,
                };
                // After a takeover at the move, the mover re-signed its ack with the others.
                let mover = self
                    .mover
                    .filter(|_| f.stage == AckStage::Applied && reroll.is_none());
                let revealed = Revealed {
                    links: &f.beacon,
                    reroll,
                    mover,
                };
                self.check_acks(&f.acks, f.seq, f.stage, hash, revealed)?;
                self.absorb_links(f.seq, &f.beacon)?;
                if !self.claims.is_empty() {
                    return Err(Fault::Beacon(
                        "beacon links signed in moves are never checked against their chains"
                            .into(),
                    ));
                }
                self.over = true;
                if let Some(log) = log {
                    log.push(format!(
                        "game over after {} moves; final hash {} acked by every live player",
                        f.seq,
                        hash.short()
                    ));
                }
                Ok(())
            }
            Frame::Move(m) => {
                let expected = self.last_seq + 1;
                if m.seq != expected {
                    return Err(Fault::Sequence {
                        expected,
                        got: m.seq,
                    });
                }
                let seat = m.seat;
                let to_act = self.state.to_act();
                if to_act != Actor::Seat(seat) {
                    return Err(Fault::WrongSeat {
                        expected: match to_act {
                            Actor::Seat(s) => format!("{s} must act"),
                            Actor::Simultaneous(set) => format!("seats {set:?} decide in secret"),
                            Actor::Chance => "chance must be resolved".into(),
                            Actor::Over => "the game is over".into(),
                        },
                        got: seat,
                    });
                }
                let prev = state_hash(&self.state)?;
                let action: G::Action = codec::decode(&m.action)
                    .map_err(|e| Fault::Illegal(format!("the action does not decode: {e}")))?;
                let live = self.live.get(seat.index()).copied().unwrap_or(false);
                // A taken-over seat's own last move stands when a voter held it.
                let held = self.seat_move.filter(|(n, _)| *n == m.seq).map(|(_, h)| h);
                let stands = !live && held.is_some() && m.sig.is_some();
                self.mover = None;
                if !live && !stands {
                    if m.sig.is_some() {
                        return Err(Fault::BotMove(seat));
                    }
                    let bot = lockstep::bot_choice(&self.header.config, &self.state, seat, m.seq)?;
                    if bot.as_ref() != Some(&action) {
                        return Err(Fault::BotMove(seat));
                    }
                }
                let description = self.state.describe(&action);
                let events = self
                    .state
                    .play(seat, &action)
                    .map_err(|e| Fault::Illegal(format!("{description}: {e}")))?;
                // A signed move carries its author's ack: the state after it and a beacon link.
                if live || stands {
                    let (Some(sig), Some(reveal)) = (m.sig, m.reveal) else {
                        return Err(Fault::Signature {
                            what: "move (missing)",
                            seat,
                        });
                    };
                    let signed = crate::message::Signed {
                        body: MoveBody {
                            game_id: cfg.game_id,
                            seq: m.seq,
                            seat: m.seat,
                            prev,
                            action: m.action.clone(),
                            hash: state_hash(&self.state)?,
                            reveal,
                            next_tip: m.next_tip,
                        },
                        sig,
                    };
                    let key = self.keys[seat.index()].clone().ok_or(Fault::Header)?;
                    if held.is_some_and(|d| !live && crate::message::move_digest(&signed) != d)
                        || !check_sig(&mut self.collect, &key, Domain::Move, &signed.body, &sig)
                    {
                        return Err(Fault::Signature { what: "move", seat });
                    }
                    self.signatures += 1;
                    if live {
                        self.mover = Some((seat, m.next_tip.is_some()));
                        self.claims.push((seat.index(), m.seq, reveal));
                    }
                } else if m.reveal.is_some() || m.next_tip.is_some() {
                    return Err(Fault::BotMove(seat));
                }
                let line = format!(
                    "#{:<5} {}{}  {:?}",
                    m.seq,
                    description,
                    if live { "" } else { " (bot)" },
                    events
                );
                self.finish_step(
                    frame,
                    rest,
                    log,
                    StepParts {
                        seq: m.seq,
                        acks: &m.acks,
                        beacon: &m.beacon,
                        reroll: m.reroll.as_ref(),
                        seat: Some(seat),
                        description,
                        line,
                        events,
                    },
                )
            }
            Frame::Secret(r) => {
                self.mover = None;
                let expected = self.last_seq + 1;
                if r.seq != expected {
                    return Err(Fault::Sequence {
                        expected,
                        got: r.seq,
                    });
                }
                let Actor::Simultaneous(set) = self.state.to_act() else {
                    return Err(Fault::Illegal(format!(
                        "a secret step is recorded at move {} but the game does not ask for one",
                        r.seq
                    )));
                };
                let seats: Vec<u8> = r.choices.iter().map(|c| c.seat.0).collect();
                let want: Vec<u8> = set.iter().map(|s| s.0).collect();
                if seats != want {
                    return Err(Fault::Illegal(format!(
                        "the secret step of move {} records seats {seats:?}, but seats {want:?} decide",
                        r.seq
                    )));
                }
                let prev = state_hash(&self.state)?;
                let mut actions: Vec<Option<G::Action>> = vec![None; self.keys.len()];
                let mut recorded = Vec::new();
                for c in &r.choices {
                    let seat = c.seat;
                    let action: G::Action = codec::decode(&c.action).map_err(|e| {
                        Fault::Illegal(format!("{seat}'s secret action does not decode: {e}"))
                    })?;
                    let live = self.live.get(seat.index()).copied().unwrap_or(false);
                    match (&c.proof, live) {
                        (Some(p), true) => {
                            let key = self.keys[seat.index()].clone().ok_or(Fault::Header)?;
                            let digest = crate::secret::commitment(
                                &cfg.game_id,
                                r.seq,
                                c.seat,
                                &c.action,
                                &p.salt,
                            );
                            let commit = SecretCommitBody {
                                game_id: cfg.game_id,
                                seq: r.seq,
                                prev,
                                seat: c.seat,
                                digest,
                            };
                            if !check_sig(
                                &mut self.collect,
                                &key,
                                Domain::SecretCommit,
                                &commit,
                                &p.commit_sig,
                            ) {
                                return Err(Fault::Signature {
                                    what: "secret commitment (or its reveal does not match it)",
                                    seat,
                                });
                            }
                            let reveal = SecretRevealBody {
                                game_id: cfg.game_id,
                                seq: r.seq,
                                seat: c.seat,
                                action: c.action.clone(),
                                salt: p.salt,
                            };
                            if !check_sig(
                                &mut self.collect,
                                &key,
                                Domain::SecretReveal,
                                &reveal,
                                &p.reveal_sig,
                            ) {
                                return Err(Fault::Signature {
                                    what: "secret reveal",
                                    seat,
                                });
                            }
                            self.signatures += 2;
                        }
                        (None, false) => {}
                        (None, true) => {
                            return Err(Fault::Signature {
                                what: "secret commitment (missing)",
                                seat,
                            });
                        }
                        (Some(_), false) => return Err(Fault::BotMove(seat)),
                    }
                    if live {
                        actions[seat.index()] = Some(action.clone());
                    }
                    recorded.push(action);
                }
                let played = lockstep::play_secret_step(
                    &self.header.config,
                    &mut self.state,
                    set,
                    r.seq,
                    |s| actions.get(s.index()).cloned().flatten(),
                )
                .map_err(|e| match e {
                    lockstep::StepError::Bot(seat) => Fault::BotMove(seat),
                    e => Fault::Illegal(e.to_string()),
                })?;
                let mut parts = Vec::new();
                for (p, action) in played.iter().zip(&recorded) {
                    if p.action != *action {
                        return Err(Fault::BotMove(p.seat));
                    }
                    parts.push(format!(
                        "{}{}  {:?}",
                        p.description,
                        if p.by_bot { " (bot)" } else { "" },
                        p.events
                    ));
                }
                let description = format!("secret choices: {}", parts.join("; "));
                let events = played.into_iter().flat_map(|p| p.events).collect();
                let line = format!("#{:<5} {description}", r.seq);
                self.finish_step(
                    frame,
                    rest,
                    log,
                    StepParts {
                        seq: r.seq,
                        acks: &r.acks,
                        beacon: &r.beacon,
                        reroll: r.reroll.as_ref(),
                        seat: None,
                        description,
                        line,
                        events,
                    },
                )
            }
        }
    }

    /// Every live seat's beacon link at move `seq`, in seat order, from the links its frame
    /// stores ([`format::MoveRecord::beacon`]): all of them on a checkpoint (`stored`); on any
    /// other move of a 2-player game, from format [`format::LINKS_EVERY_MOVE`] on, those of the
    /// acks the move is final on, with the mover's from its signed move. `None` on any other
    /// move (its links follow from a later frame's).
    fn links_at_move(
        &self,
        seq: u32,
        links: &[Link],
        stored: bool,
        frame: &Frame,
    ) -> Result<Option<Vec<Link>>, Fault> {
        if stored {
            return Ok(Some(links.to_vec()));
        }
        if self.header.format < format::LINKS_EVERY_MOVE
            || !lockstep::links_every_move(&self.header.config)
        {
            if !links.is_empty() {
                return Err(Fault::Beacon(
                    "links stored on a move that is not a checkpoint".into(),
                ));
            }
            return Ok(None);
        }
        let folded = match (self.mover, frame) {
            (Some((seat, _)), Frame::Move(m)) => m.reveal.map(|r| (seat.index(), r)),
            _ => None,
        };
        let live = self.live_seats();
        let want = live.len() - usize::from(folded.is_some());
        if links.len() != want {
            return Err(Fault::Beacon(format!(
                "{} links stored for the {want} live players whose acks make move {seq} final",
                links.len()
            )));
        }
        let mut stored_links = links.iter();
        let mut all = Vec::with_capacity(live.len());
        for i in live {
            match folded {
                Some((mover, reveal)) if mover == i => all.push(reveal),
                _ => all.extend(stored_links.next()),
            }
        }
        Ok(Some(all))
    }

    /// What every final move and secret step shares once it is played: the checkpoint acks and
    /// links, the chance point it leads to, the log line and the position.
    fn finish_step(
        &mut self,
        frame: &Frame,
        rest: &[(usize, Frame)],
        mut log: Option<&mut Vec<String>>,
        step: StepParts<'_, G>,
    ) -> Result<(), Fault> {
        let cfg = self.header.config.clone();
        let StepParts {
            seq,
            acks,
            beacon: links,
            reroll,
            seat,
            description,
            line,
            mut events,
        } = step;
        let hash = state_hash(&self.state)?;
        // A takeover at this move: its acks carry every live seat's re-roll link.
        let due = match self.reroll_due.take() {
            Some((n, pos, after)) if n == seq => Some((pos, after)),
            _ => None,
        };
        let rerolls: Vec<Link> = match (&due, reroll) {
            (None, None) => Vec::new(),
            (Some((pos, after)), Some(r)) => {
                if r.after != *after {
                    return Err(Fault::Beacon(format!(
                        "the re-roll names seats {:?}, but seats {after:?} were handed over",
                        r.after
                    )));
                }
                let live = self.live_seats();
                if r.links.len() != live.len() {
                    return Err(Fault::Beacon(format!(
                        "{} re-roll links stored for {} live players",
                        r.links.len(),
                        live.len()
                    )));
                }
                let len = lockstep::reroll_len(&cfg);
                for (link, &i) in r.links.iter().zip(&live) {
                    let tip = self.reroll_tips[i].ok_or(Fault::Header)?;
                    if !beacon::check_reroll(&tip, len, *pos, link) {
                        return Err(Fault::Beacon(format!(
                            "{}'s re-roll link does not match its committed re-roll chain",
                            Seat(i as u8)
                        )));
                    }
                }
                r.links.clone()
            }
            (Some(_), None) => {
                return Err(Fault::Beacon(
                    "a move with a takeover at it lacks its re-roll links".into(),
                ));
            }
            (None, Some(_)) => {
                return Err(Fault::Beacon(
                    "re-roll links on a move with no takeover at it".into(),
                ));
            }
        };
        let rerolled_after = due.as_ref().map(|d| d.1.clone()).unwrap_or_default();
        let stored = lockstep::is_checkpoint(&cfg, seq) || due.is_some();
        if stored {
            let reroll = due.as_ref().map(|(pos, _)| (*pos, &rerolls[..]));
            // After a takeover at the move, the mover re-signed its ack with the others.
            let mover = self.mover.filter(|_| due.is_none());
            let revealed = Revealed {
                links,
                reroll,
                mover,
            };
            self.check_acks(acks, seq, AckStage::Applied, hash, revealed)?;
        } else if !acks.is_empty() {
            return Err(Fault::Acks(
                "acks stored on a move that is not a checkpoint".into(),
            ));
        }
        if let Some(all) = self.links_at_move(seq, links, stored, frame)? {
            self.absorb_links(seq, &all)?;
            self.last_links = Some((seq, self.live_seats().into_iter().zip(all).collect()));
        }
        if let Some(log) = log.as_deref_mut() {
            log.push(line);
        }
        // Beacon.
        let chance = self.state.to_act() == Actor::Chance;
        if chance {
            let reveals = self.links_at(seq, frame, rest)?;
            let mut lines = Vec::new();
            let label = if rerolled_after.is_empty() {
                "chance".to_string()
            } else {
                format!("chance ({})", rerolled_note(&rerolled_after))
            };
            lockstep::resolve_after_move(
                &mut self.state,
                &cfg.game_id,
                seq,
                &reveals,
                &rerolls,
                |_, ev| {
                    lines.push(format!("        {label}: {ev:?}"));
                    if self.positions.is_some() {
                        events.extend(ev);
                    }
                },
            )
            .map_err(|e| Fault::Illegal(e.to_string()))?;
            if let Some(log) = log {
                log.extend(lines);
            }
            self.chance_points += 1;
        }
        if lockstep::is_segment_end(&cfg, seq) {
            let tips = acks.iter().map(|a| (a.seat, a.next_tip));
            let folded = match (self.mover, frame) {
                (Some((seat, _)), Frame::Move(m)) => Some((seat, m.next_tip)),
                _ => None,
            };
            for (seat, tip) in tips.chain(folded) {
                if let (Some(tip), Some(t)) = (tip, self.trackers[seat.index()].as_mut()) {
                    t.advance(seq, tip);
                    self.cache[seat.index()] = (0, Vec::new());
                }
            }
        }
        if let Some(p) = &mut self.positions {
            p.push(Position {
                seq,
                seat,
                description: Some(description),
                state: self.state.clone(),
                events,
                rerolled_after: if chance { rerolled_after } else { Vec::new() },
            });
        }
        self.last_reroll = due.map(|(pos, _)| (seq, pos, rerolls));
        self.last_seq = seq;
        self.last_chance = chance;
        Ok(())
    }
}

/// The parts of a final move or secret step that [`Verifier::finish_step`] checks.
struct StepParts<'a, G: Game> {
    seq: u32,
    acks: &'a [AckRecord],
    beacon: &'a [Link],
    reroll: Option<&'a format::RerollRecord>,
    seat: Option<Seat>,
    description: String,
    line: String,
    /// The step's own events (the chance points' are added as they resolve).
    events: Vec<G::Event>,
}

/// The beacon links a frame carries, and the position they are at.
fn links_of<'a>(frame: &'a Frame, cfg: &crate::config::GameConfig) -> Option<(u32, &'a [Link])> {
    match frame {
        Frame::Move(m) if lockstep::is_checkpoint(cfg, m.seq) || m.reroll.is_some() => {
            Some((m.seq, &m.beacon))
        }
        Frame::Secret(r) if lockstep::is_checkpoint(cfg, r.seq) || r.reroll.is_some() => {
            Some((r.seq, &r.beacon))
        }
        Frame::Takeover(t) => Some((t.from_seq.saturating_sub(1), &t.beacon)),
        Frame::Final(f) => Some((f.seq, &f.beacon)),
        _ => None,
    }
}

/// A rebuilt move: the signed move (`None` for a bot's or a secret step), the acks the file
/// holds, and a secret step's signed commitments and reveals.
pub(crate) type RebuiltMove = (
    Option<crate::message::Signed<MoveBody>>,
    Vec<Option<crate::message::Ack>>,
    Vec<crate::message::LogItem>,
);

/// A game rebuilt from a (possibly cut) replay file, for a peer resuming after a crash.
pub(crate) struct Rebuilt<G: Game> {
    pub header: Header,
    pub state: G,
    pub final_seq: u32,
    pub live: Vec<bool>,
    pub trackers: Vec<Option<ChainTracker>>,
    /// Per move: the signed move (`None` for bot moves) and the acks the file holds.
    pub moves: Vec<RebuiltMove>,
    /// The bytes of the file that hold the rebuilt frames; the rest must be cut off.
    pub valid_len: usize,
    pub over: bool,
    /// Takeovers in the file: `(from_seq, seats)`.
    pub takeovers: Vec<(u32, Vec<Seat>)>,
    /// The state hash the acks of the last move sign (right after it, before any chance
    /// point).
    pub last_hash: Option<StateHash>,
    /// Every live seat's beacon link at the last move, in seat order (empty before the first
    /// move), when the file holds them (a checkpoint, a move with a takeover at it, any move of
    /// a 2-player game): what a takeover record at the next move carries.
    pub last_links: Option<Vec<(Seat, Link)>>,
}

/// What [`check_unfinished`] found in a replay that may be cut or still being written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfinishedReport {
    /// The last move verified (0 before the first).
    pub moves: u32,
    /// Whether the file holds the end of the game.
    pub over: bool,
    /// How many bytes of the file verify; the rest is a torn last frame or moves whose chance
    /// point needs beacon links the file does not hold yet.
    pub valid_len: usize,
}

/// Verifies a replay of the current format that may be unfinished (a game under way, or cut by a
/// crash), as resuming does: every frame up to the last move whose chance point the file can
/// resolve. A torn last frame is not an error; damage in the middle of the file is.
pub fn check_unfinished<G: Game>(bytes: &[u8]) -> Result<UnfinishedReport, VerifyError> {
    let r = rebuild::<G>(bytes)?;
    Ok(UnfinishedReport {
        moves: r.final_seq,
        over: r.over,
        valid_len: r.valid_len,
    })
}

/// Rebuilds the game from a replay file, verifying everything, up to the last move whose chance
/// point can be resolved from the file (a crash may cut it anywhere).
pub(crate) fn rebuild<G: Game>(bytes: &[u8]) -> Result<Rebuilt<G>, VerifyError> {
    let frames = read_frames(bytes);
    let all = &frames.frames;
    let err = |frame: usize, offset: usize, seq: Option<u32>, fault: Fault| VerifyError {
        frame,
        offset,
        seq,
        fault,
    };
    let Some((_, Frame::Header(header))) = all.first() else {
        return Err(err(
            0,
            0,
            None,
            frames
                .error
                .clone()
                .map(Fault::Read)
                .unwrap_or(Fault::Header),
        ));
    };
    if header.format != format::FORMAT_VERSION {
        return Err(err(
            0,
            0,
            None,
            Fault::Ending(format!(
                "a game cannot resume from a replay of format {} (this build plays format {}): \
                 resume it with the dwarfs release that started it{}",
                header.format,
                format::FORMAT_VERSION,
                if (format::OLDEST_FORMAT_VERSION..format::FORMAT_VERSION).contains(&header.format)
                {
                    "; this build can still verify the file"
                } else {
                    ""
                }
            )),
        ));
    }
    // A torn last frame is what a crash leaves, and is cut; damage anywhere else is reported.
    if let Some(e) = frames.error.as_ref().filter(|e| !e.is_torn_tail()) {
        let (index, offset) = e.position();
        return Err(err(index, offset, None, Fault::Read(e.clone())));
    }
    let mut v = Verifier::<G>::start(header, None, None).map_err(|f| err(0, 0, None, f))?;
    let end_of = |i: usize| -> usize {
        all.get(i + 1).map_or_else(
            || match &frames.error {
                Some(e) => e.position().1,
                None => bytes.len(),
            },
            |f| f.0,
        )
    };
    let mut valid_len = end_of(0);
    let mut moves = Vec::new();
    let mut last_hash = None;
    let game_id = header.config.game_id;
    for (index, (offset, frame)) in all.iter().enumerate().skip(1) {
        if v.over {
            break;
        }
        let snapshot = (
            v.state.clone(),
            v.trackers.clone(),
            v.cache.clone(),
            v.live.clone(),
            v.last_links.clone(),
        );
        let prev = state_hash(&v.state)
            .map_err(|e| err(index, *offset, Some(v.last_seq + 1), Fault::from(e)))?;
        match v.frame(frame, &all[index + 1..], None) {
            Ok(()) => {}
            Err(Fault::MissingLinks) => {
                (v.state, v.trackers, v.cache, v.live, v.last_links) = snapshot;
                break;
            }
            Err(f) => return Err(err(index, *offset, Some(v.last_seq + 1), f)),
        }
        valid_len = end_of(index);
        let reroll_links = match frame {
            Frame::Move(m) => m.reroll.as_ref().map(|r| r.links.clone()),
            Frame::Secret(r) => r.reroll.as_ref().map(|r| r.links.clone()),
            _ => None,
        };
        let reroll_pos = v.takeover_sets.len() as u32;
        let (seq, acks_in, links, plays, signed, secret) = match frame {
            Frame::Move(m) => (
                m.seq,
                &m.acks,
                &m.beacon,
                vec![(m.seat, &m.action)],
                m.sig.zip(m.reveal),
                Vec::new(),
            ),
            Frame::Secret(r) => {
                let mut items = Vec::new();
                for c in &r.choices {
                    let Some(p) = &c.proof else { continue };
                    let digest =
                        crate::secret::commitment(&game_id, r.seq, c.seat, &c.action, &p.salt);
                    items.push(crate::message::LogItem::SecretCommit(
                        crate::message::Signed {
                            body: SecretCommitBody {
                                game_id,
                                seq: r.seq,
                                prev,
                                seat: c.seat,
                                digest,
                            },
                            sig: p.commit_sig,
                        },
                    ));
                    items.push(crate::message::LogItem::SecretReveal(
                        crate::message::Signed {
                            body: SecretRevealBody {
                                game_id,
                                seq: r.seq,
                                seat: c.seat,
                                action: c.action.clone(),
                                salt: p.salt,
                            },
                            sig: p.reveal_sig,
                        },
                    ));
                }
                let plays = r.choices.iter().map(|c| (c.seat, &c.action)).collect();
                (r.seq, &r.acks, &r.beacon, plays, None, items)
            }
            _ => continue,
        };
        // The acks hash the state right after the move, before any chance point.
        let hash_after = {
            let mut s = snapshot.0.clone();
            for (seat, action) in plays {
                let _ = codec::decode::<G::Action>(action)
                    .ok()
                    .map(|a| s.play(seat, &a));
            }
            state_hash(&s).map_err(|e| err(index, *offset, Some(seq), Fault::from(e)))?
        };
        let signed = match (frame, signed) {
            (Frame::Move(m), Some((sig, reveal))) => Some(crate::message::Signed {
                body: MoveBody {
                    game_id,
                    seq,
                    seat: m.seat,
                    prev,
                    action: m.action.clone(),
                    hash: hash_after,
                    reveal,
                    next_tip: m.next_tip,
                },
                sig,
            }),
            _ => None,
        };
        // The links are every seat live at the move's, in seat order (the mover's too).
        let live_before: Vec<usize> = (0..snapshot.3.len())
            .filter(|&i| snapshot.3[i] && v.keys[i].is_some())
            .collect();
        let mut acks = vec![None; header.config.seats.len()];
        for a in acks_in {
            let k = live_before.iter().position(|&i| i == a.seat.index());
            if let Some(slot) = acks.get_mut(a.seat.index()) {
                *slot = Some(crate::message::Ack {
                    signed: crate::message::Signed {
                        body: AckBody {
                            game_id,
                            seq,
                            seat: a.seat,
                            stage: AckStage::Applied,
                            hash: hash_after,
                            next_tip: a.next_tip,
                            reveal: k.and_then(|k| links.get(k)).copied(),
                            reroll: reroll_links.as_ref().and_then(|r| {
                                k.and_then(|k| r.get(k))
                                    .map(|&link| crate::message::RerollLink {
                                        pos: reroll_pos,
                                        link,
                                    })
                            }),
                        },
                        sig: a.sig,
                    },
                });
            }
        }
        moves.push((signed, acks, secret));
        last_hash = Some(hash_after);
    }
    let final_seq = moves.len() as u32;
    let last_links = match v.last_links.take() {
        _ if final_seq == 0 => Some(Vec::new()),
        Some((n, links)) if n == final_seq => Some(
            links
                .into_iter()
                .map(|(i, link)| (Seat(i as u8), link))
                .collect(),
        ),
        _ => None,
    };
    Ok(Rebuilt {
        header: (**header).clone(),
        state: v.state,
        final_seq,
        live: v.live,
        trackers: v.trackers,
        moves,
        valid_len,
        over: v.over,
        takeovers: v.takeover_sets,
        last_hash,
        last_links,
    })
}

/// How a move log marks a re-rolled chance point: "re-rolled after seat 2 withheld".
pub fn rerolled_note(after: &[Seat]) -> String {
    let seats: Vec<String> = after.iter().map(|s| s.to_string()).collect();
    format!("re-rolled after {} withheld", seats.join(" and "))
}
