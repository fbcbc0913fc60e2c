//! The session's timing knobs.

#[cfg(doc)]
use super::Session;
#[cfg(doc)]
use crate::event::Event;
#[cfg(doc)]
use crate::message::LogSync;

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
    /// In a 2-player game, how long the other player must have sent nothing new (nothing that
    /// moves the game on: resent items do not count) before the survivor may hand its seat to
    /// the bot alone (see [`crate::takeover`]).
    pub gone_after_ms: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            retransmit_ms: 250,
            silence_ms: 10_000,
            sync_chunk: 64,
            takeover_after_ms: None,
            gone_after_ms: 60_000,
        }
    }
}
