//! What a failed verification reports: the bad frame and move ([`VerifyError`]), and why
//! ([`Fault`]).

use super::format::ReadError;
use crate::config::Refusal;
use dwarfs_engine::Seat;
use std::fmt;
use thiserror::Error;

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
    /// The replay is for another game or data, or its options or seats are bad (another rules
    /// version is [`Fault::OtherRules`]).
    #[error("{0}")]
    Config(Refusal),
    /// The replay was played under other rules than this build's: it cannot be re-run here.
    #[error(
        "this replay of {game} was played under rules v{theirs}; this build runs rules v{ours} \
         and verifies games of its own rules only: verify it with the dwarfs release that played it"
    )]
    OtherRules {
        /// The game.
        game: String,
        /// The build's rules version.
        ours: u32,
        /// The replay's.
        theirs: u32,
    },
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
