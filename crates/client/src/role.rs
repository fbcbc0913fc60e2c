//! What a peer is asked to be in a game ([`Role`]), and an open lobby as a LAN browser lists it
//! ([`LobbyInfo`]).

use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The peer's part in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Open a lobby and sit in seat 1.
    Host {
        /// Seats at the table.
        seats: u8,
        /// How many of them the deterministic bot plays (the last ones).
        bots: u8,
        /// The canonical encoding of the game's options; empty for the defaults.
        options: Vec<u8>,
    },
    /// Join the game of a ticket and take a seat.
    Join {
        /// The invite ticket.
        ticket: String,
    },
    /// Watch the game of a ticket (read-only, may join mid-game).
    Spectate {
        /// The invite ticket.
        ticket: String,
    },
    /// Find an open lobby of the game on the LAN by mDNS and take a seat in it.
    Lan,
    /// Come back to a game from the own replay file after the process died.
    Resume {
        /// The replay file written before the crash.
        replay: PathBuf,
        /// A ticket to reach the other peers if the address book next to the replay is missing.
        ticket: Option<String>,
    },
    /// Come back to a game that the peer's store kept (a browser page that was closed or
    /// reloaded: the replay, signing journal and secret are in the browser's storage).
    Reopen {
        /// The game's id.
        game_id: [u8; 32],
    },
}

/// An open lobby as a LAN browser lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyInfo {
    /// The game's engine name.
    pub game: String,
    /// The host's rules version of that game.
    pub rules_version: u32,
    /// The host's display name.
    pub host_name: String,
    /// The invite ticket to join with.
    pub ticket: String,
    /// Seats at the table.
    pub seats: u8,
    /// Seats still open for players.
    pub open: u8,
}
