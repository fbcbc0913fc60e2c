//! The app's side of a dwarfs peer, with no IO.
//!
//! A peer (`dwarfs-net`, on libp2p and tokio) plays one seat of a network game; the app that
//! shows it (the desktop window, the terminal, a browser page) talks to it with the types here:
//! [`Command`]s down, [`Update`]s up. Updates come in three kinds that an app handles in
//! different places: [`LobbyUpdate`] (before the game), [`GameUpdate`] (the game itself) and
//! [`LinkUpdate`] (how peers are reached). [`GameMirror`] is the app's copy of a network game,
//! fed by those updates: the state, the move number, the log, the hash agreement, incidents,
//! chat, silent seats, and the moves of ours in flight. It decides nothing the session decides
//! (the session alone checks a move's legality); it lists, shows and sends.
//!
//! Everything here builds for `wasm32-unknown-unknown`: no clock, no thread, no socket, no
//! file. A [`PeerLink`] is the one seam to the running peer.

mod command;
mod links;
mod mirror;
mod peer_link;
mod reach;
mod report;
mod role;
mod roster;
mod sync;
pub mod ticket;
mod update;

pub use command::Command;
pub use links::{LinkState, Links, MAX_LINKS};
pub use mirror::{
    Changed, GameMirror, LogLine, MAX_CHAT_LINES, MAX_WATCH_REQUESTS_SHOWN, PlayError, SeatBook,
    Talk, seat_label,
};
pub use multiaddr::Multiaddr;
pub use peer_link::PeerLink;
pub use reach::{MAX_RELAYS, Path, RELAY_LINE, Reachability, is_relayed, peer_of, relay_of};
pub use report::{Ending, LinkReport, PeerReport};
pub use role::{LobbyInfo, Role};
pub use roster::RosterSeat;
pub use sync::{Incident, SyncStatus};
pub use ticket::{Ticket, TicketError};
pub use update::{GameUpdate, LinkUpdate, LobbyUpdate, Started, Update};
