//! Why a session could not be created or resumed, or refused a local action or vote.

use crate::config::Refusal;
use crate::keys::KeyError;
use thiserror::Error;

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
    /// The action or the state cannot be encoded, so nothing was signed (a bug in the game).
    #[error("this build cannot encode the move or the state (a bug in the game): {0}")]
    Unencodable(String),
    /// This peer already signed another action for the move (before a crash, as its signing
    /// journal shows, or just now): a second, different signed move would be cheating.
    #[error(
        "you already signed a different choice for move {seq} (before the game was interrupted); \
         it stands and is played again as signed"
    )]
    AlreadySigned {
        /// The move.
        seq: u32,
    },
}

/// Why a session could not be resumed from a replay file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResumeError {
    /// The file does not verify (before the point where it was cut).
    #[error("the replay file does not verify: {0}")]
    Replay(#[from] crate::replay::VerifyError),
    /// The signing journal next to the replay is damaged (not merely cut by a crash).
    #[error("the signing journal is damaged: {0}")]
    Journal(crate::replay::format::ReadError),
    /// The configuration or key is unusable.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// The game's secret given does not give the seed commit this key made in the file (the
    /// secret file next to the replay is another game's, or was replaced): resuming would
    /// commit to different values.
    #[error(
        "the game's secret does not match the seed commit in the replay: restore the secret \
         file this game was started with"
    )]
    WrongSecret,
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
    /// Before the game starts, a seat is handed to the bot only while we wait for its seed
    /// reveal (or its re-roll link, or its vote) past the time we held every commit.
    #[error(
        "the game has not started, and that seat is not withholding its seed reveal; only a seat \
         that withholds it can be handed to the bot before the start"
    )]
    NotWithholding,
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
    /// In a 2-player game the other player still moves the game on: the survivor may vote it
    /// out alone only after it has been gone for [`crate::Settings::gone_after_ms`].
    #[error(
        "the other player sent something new {quiet_ms} ms ago; in a 2-player game its seat \
         passes to the bot only after {needed_ms} ms without anything new from it"
    )]
    PartnerActive {
        /// Time since the other player last sent anything new.
        quiet_ms: u64,
        /// The silence the rule needs.
        needed_ms: u64,
    },
}
