//! The network side of a table: the peer playing our seat, and what it told us that is not
//! the game itself (chat, a silent seat, spectators asking to watch, how each player is
//! reached).

use super::links::Links;
use dwarfs_engine::{Game, Seat};
use dwarfs_net::spec::PeerReport;
use dwarfs_net::{Command, PeerHandle};

/// The network side of a table: the peer playing our seat, and what it told us.
pub struct Remote<G: Game> {
    pub(super) handle: PeerHandle<G>,
    /// Our move was sent and has not come back applied yet.
    pub awaiting: bool,
    /// The rest of a staged choice (two actions from one click), sent one by one as each
    /// comes back applied.
    pub(super) queued: std::collections::VecDeque<G::Action>,
    /// Chat lines ("name: text").
    pub chat: Vec<String>,
    /// The chat line being typed.
    pub chat_input: String,
    /// A seat silent past the timeout, that the player may vote to hand to the bot.
    pub silent: Option<Seat>,
    /// The last progress note from the peer.
    pub status: Option<String>,
    /// How the peer's run ended, once it has.
    pub report: Option<PeerReport>,
    /// Host: spectators asking to watch, waiting for Allow or Deny: (peer id, name). At most
    /// [`MAX_WATCH_REQUESTS_SHOWN`]; the peer bounds how many it asks about.
    pub watch_requests: Vec<(String, String)>,
    /// How each other player (and spectator) is reached, and how reachable we are.
    pub links: Links,
    /// The seats played by people at the start (the others are bots), and each seat handed to
    /// the takeover bot with the first move it played: from when a single live player was left
    /// ([`dwarfs_protocol::replay::Foresight`], shown on the end screen).
    pub players_at_start: Vec<Seat>,
    /// See [`Remote::players_at_start`].
    pub takeovers: Vec<(Seat, u32)>,
}

/// Most spectator requests a table lists at once.
pub const MAX_WATCH_REQUESTS_SHOWN: usize = 16;

impl<G: Game> Remote<G> {
    /// Wraps a running peer's handle.
    pub fn new(handle: PeerHandle<G>) -> Self {
        Remote {
            handle,
            awaiting: false,
            queued: std::collections::VecDeque::new(),
            chat: Vec::new(),
            chat_input: String::new(),
            silent: None,
            status: None,
            report: None,
            watch_requests: Vec::new(),
            links: Links::default(),
            players_at_start: Vec::new(),
            takeovers: Vec::new(),
        }
    }

    /// From which move chance was foreseeable, and by whom: once a single live player was left
    /// (the same rule as `dwarfs replay verify` and `replay show`).
    pub fn foresight(&self) -> Option<dwarfs_protocol::replay::Foresight> {
        dwarfs_protocol::replay::Foresight::of(&self.players_at_start, &self.takeovers)
    }

    /// Host: answers a spectator's request (see [`Remote::watch_requests`]).
    pub fn answer_watcher(&mut self, peer: &str, allow: bool) {
        self.watch_requests.retain(|(p, _)| p != peer);
        self.send(Command::AnswerWatcher {
            peer: peer.to_string(),
            allow,
        });
    }

    /// Sends a command to the peer; false if it has stopped.
    pub fn send(&self, c: Command<G::Action>) -> bool {
        self.handle.send(c)
    }
}
