//! Verifiable replays: the file format ([`format`](mod@format)), offline verification ([`verify`]), a readable
//! log ([`show`]), and simulated games recorded exactly as a real game records them
//! ([`record_simulated`]).
//!
//! The verifier itself is in `verifier` (one module per kind of frame), what a failure reports in
//! `fault`, and resuming from a cut file in `resume`.

mod fault;
mod foresight;
pub mod format;
mod resume;
mod verifier;

pub use crate::keys::SigBatch;
pub use fault::{Fault, VerifyError};
pub use foresight::Foresight;
pub(crate) use resume::rebuild;
pub use resume::{UnfinishedReport, check_unfinished};

use dwarfs_engine::{Game, Outcome, Seat, StateHash};
use format::{Frame, Header, read_frames};
use verifier::Verifier;

pub use crate::sim::{record_simulated, record_simulated_with};

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
    /// The seats played by people at the start (the others are bots).
    pub players_at_start: Vec<Seat>,
}

impl VerifyReport {
    /// From which move chance was foreseeable, and by whom: once a single live player was left
    /// (see [`Foresight`]).
    pub fn foresight(&self) -> Option<Foresight> {
        Foresight::of(&self.players_at_start, &self.takeovers)
    }
}

/// A seat as the replay tools name it: "Red (player 1)" in a game with colours, "player 1"
/// otherwise.
pub fn seat_name<G: Game>(seat: Seat) -> String {
    match G::seat_colour(seat) {
        Some(colour) => format!("{colour} ({seat})"),
        None => seat.to_string(),
    }
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
/// Signatures are checked together in one ed25519 batch ([`SigBatch`]); when anything fails,
/// the replay is checked again one signature at a time to name the first bad frame and move.
pub fn verify<G: Game>(bytes: &[u8]) -> Result<VerifyReport, VerifyError> {
    verify_batched::<G>(bytes, &mut SigBatch::default())
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

/// Verifies like [`verify_one_by_one`], but checks every signature at the end in one batch
/// (`batch`, empty on return) instead of one by one; the verdict is the same (the one rule:
/// see [`crate::keys`]). When anything fails, the replay is verified again one by one to name
/// the first bad frame and move.
fn verify_batched<G: Game>(
    bytes: &[u8],
    batch: &mut SigBatch,
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

/// A readable move log of a replay of game `G`. A replay that fails verification is shown up to
/// the failure, followed by the reason.
pub fn show<G: Game>(bytes: &[u8]) -> String {
    let mut lines = Vec::new();
    match Verifier::<G>::run(bytes, Some(&mut lines), None) {
        Ok((r, _)) => {
            if let Some(f) = r.foresight() {
                lines.push(f.sentence(seat_name::<G>));
            }
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

/// How a move log marks a re-rolled chance point: "re-rolled after seat 2 withheld".
pub fn rerolled_note(after: &[Seat]) -> String {
    let seats: Vec<String> = after.iter().map(|s| s.to_string()).collect();
    format!("re-rolled after {} withheld", seats.join(" and "))
}
