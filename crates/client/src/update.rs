//! What a peer tells its app: one [`Update`], whose game news ([`GameUpdate`]), lobby news
//! ([`LobbyUpdate`]) and link news ([`LinkUpdate`]) are separate types, so that a lobby screen
//! never handles a move and a table never handles a roster.

use crate::{Path, PeerReport, Reachability, RosterSeat};
use dwarfs_engine::{Game, Outcome, Seat};

/// What the peer tells the app.
#[derive(Clone, Debug)]
pub enum Update<G: Game> {
    /// Progress to show (connecting, waiting for the host...).
    Status(String),
    /// Our own request was refused (a move, a seat, a vote...), with the reason.
    Refused(String),
    /// Host: a peer asks to watch the game; answer with [`crate::Command::AnswerWatcher`].
    WatchRequest {
        /// The peer id, as text.
        peer: String,
        /// The name it greeted with.
        name: String,
    },
    /// News of the lobby, before the game.
    Lobby(LobbyUpdate),
    /// The game started from the agreed seed: the lobby is over, the game's mirror begins
    /// here ([`crate::GameMirror::new`]).
    Started(Box<Started<G>>),
    /// News of the game.
    Game(GameUpdate<G>),
    /// How peers are reached.
    Link(LinkUpdate),
    /// The peer stopped; its report says how it ended and where the replay is.
    Ended(Box<PeerReport>),
}

/// News of the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyUpdate {
    /// The invite ticket of the lobby we host.
    Ticket(String),
    /// The lobby: every seat; `you` is our seat once we have one.
    Roster {
        /// Seats in seat order.
        seats: Vec<RosterSeat>,
        /// The host's game options (canonical encoding; empty for the defaults).
        options: Vec<u8>,
        /// Our seat (0-based), if the roster gives us one.
        you: Option<Seat>,
    },
    /// A lobby chat line.
    Chat {
        /// Who said it.
        name: String,
        /// What.
        text: String,
    },
}

/// The start of a game.
#[derive(Clone, Debug)]
pub struct Started<G: Game> {
    /// Our seat, `None` as a spectator.
    pub seat: Option<Seat>,
    /// Each seat's display name, in seat order.
    pub names: Vec<String>,
    /// Whether the deterministic bot plays each seat.
    pub bots: Vec<bool>,
    /// The state after setup.
    pub state: G,
    /// blake3 of the agreed seed, for players to compare.
    pub seed: [u8; 32],
    /// The moves and chance points played so far: 0 at the start, more for a resumed game.
    pub seq: u32,
}

/// News of the game.
#[derive(Clone, Debug)]
pub enum GameUpdate<G: Game> {
    /// A move was applied (agreement follows in [`GameUpdate::Final`]).
    Applied {
        /// Its number.
        seq: u32,
        /// Who played it.
        seat: Seat,
        /// The engine's sentence for it ([`Game::describe`] in the state before it).
        description: String,
        /// What happened.
        events: Vec<G::Event>,
        /// Played by the bot (bot seat or taken-over seat).
        by_bot: bool,
        /// The state after it.
        state: Box<G>,
    },
    /// A chance point was resolved from the fairness beacon.
    Chance {
        /// What happened.
        events: Vec<G::Event>,
        /// The state after it.
        state: Box<G>,
        /// Seats handed to the bot at the move before it, if any: the chance point was then
        /// re-rolled (the move log says "re-rolled after seat N withheld").
        rerolled_after: Vec<Seat>,
    },
    /// Every live player acked the same state hash for move `seq`.
    Final {
        /// The move.
        seq: u32,
        /// Players that agreed.
        agreed: usize,
        /// Live players in the game.
        peers: usize,
    },
    /// A desync or a cheat was detected (with its evidence). It stops the game only when the
    /// session halts, which [`GameUpdate::Halted`] says.
    Incident(crate::Incident),
    /// The session stopped for good (a proven cheat by a player, or a desync): no move is
    /// played any more.
    Halted(String),
    /// A seat has been silent past the timeout.
    Silent {
        /// The seat.
        seat: Seat,
    },
    /// A seat is now played by the takeover bot.
    TakenOver {
        /// The seat.
        seat: Seat,
        /// From this move.
        from_seq: u32,
    },
    /// A signed chat line in the game.
    Chat {
        /// The author's seat.
        seat: Seat,
        /// The text.
        text: String,
    },
    /// The game ended and every live peer agrees on the final hash.
    Over {
        /// The scores.
        outcome: Outcome,
        /// Moves played.
        moves: u32,
    },
}

/// How peers are reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkUpdate {
    /// How a player or spectator of ours is reached changed.
    Path {
        /// Its peer id, as text.
        peer: String,
        /// Direct or relayed; `None` when the link is lost.
        path: Option<Path>,
    },
    /// A hole punch to a peer failed: the game goes on over the relay.
    PunchFailed {
        /// Its peer id, as text.
        peer: String,
    },
    /// What the node knows of its own reachability changed.
    Reachability(Reachability),
}
