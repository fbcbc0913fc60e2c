//! Seats, who acts now, and who is looking.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, numbered from 0 in turn order. Seat 0 starts unless a game says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index as a `usize`, for indexing per-seat vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// All seats of a game with `players` players, in seat order.
    pub fn all(players: u8) -> impl Iterator<Item = Seat> + Clone {
        (0..players).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 as u16 + 1)
    }
}

/// Who must act next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    /// This seat must choose one of the legal actions.
    Seat(Seat),
    /// The game is at a chance point: it waits for entropy (`Game::resolve_chance`).
    Chance,
    /// The game is over; `Game::outcome` is available.
    Over,
}

/// Who an observation is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    /// A seated player: sees their own hidden information and everyone's public information.
    Seat(Seat),
    /// A spectator: sees public information only.
    Spectator,
}
