//! The seam between an app and the peer that plays its seat.

use crate::{Command, Update};
use dwarfs_engine::Game;

/// The app's end of a running peer: commands go down without waiting, updates are drained when
/// the app draws a frame. `dwarfs-net`'s `PeerHandle` is one (a peer on a tokio runtime); a
/// test or a browser page brings its own.
pub trait PeerLink<G: Game> {
    /// Sends a command; false if the peer has stopped.
    fn send(&self, command: Command<G::Action>) -> bool;
    /// The next update if one is waiting.
    fn try_recv(&mut self) -> Option<Update<G>>;
}
