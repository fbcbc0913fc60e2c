//! A peer run by an app: [`spawn_peer`] starts [`crate::run_peer`] on a tokio runtime and gives
//! back a [`PeerHandle`] — [`Command`]s in (play this action, chat, ready, start now, vote a
//! takeover, leave), [`Update`]s out (ticket, lobby roster, game state after every move, hash
//! agreement, incidents, game over). The app never blocks on the network: it sends commands
//! without waiting and drains updates when it draws a frame.

use crate::envelope::RosterSeat;
use crate::spec::{PeerReport, PeerSpec};
use dwarfs_engine::{Game, Outcome, Seat};
use std::sync::Arc;
use tokio::sync::mpsc;

/// What the app asks its peer to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command<A> {
    /// Play this action for the local seat (refusals come back as [`Update::Refused`]).
    Play(A),
    /// Say something: in the lobby to everyone there, in the game signed to every peer.
    Chat(String),
    /// A joiner is (not) ready to start.
    Ready(bool),
    /// Move to this open seat before the game starts: its colour and place in the turn
    /// order. Refusals come back as [`Update::Refused`] for the host; a joiner sees the roster.
    TakeSeat(Seat),
    /// The host fills the open seats with bots and starts now.
    StartNow,
    /// Vote to hand this silent seat to the takeover bot.
    VoteTakeover(Seat),
    /// Leave: the lobby is told, the node stops, the replay is kept.
    Leave,
    /// Host: the answer to an [`Update::WatchRequest`] — let this peer (its id as text) watch
    /// the game, or not.
    AnswerWatcher {
        /// The peer that asked.
        peer: String,
        /// Let it watch.
        allow: bool,
    },
}

/// A detected desync or cheat, pinned to a move and a peer, with its evidence as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incident {
    /// "Desync" or the kind of cheat.
    pub kind: String,
    /// The move concerned.
    pub seq: u32,
    /// The seat concerned (0-based), when known.
    pub seat: Option<Seat>,
    /// The peer concerned (peer id), when known.
    pub peer: Option<String>,
    /// The evidence, readable, for a report file.
    pub evidence: String,
}

/// What the peer tells the app.
#[derive(Clone, Debug)]
pub enum Update<G: Game> {
    /// Progress to show (connecting, waiting for the host...).
    Status(String),
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
    LobbyChat {
        /// Who said it.
        name: String,
        /// What.
        text: String,
    },
    /// The game started from the agreed seed.
    Started {
        /// Our seat, `None` as a spectator.
        seat: Option<Seat>,
        /// Each seat's display name, in seat order.
        names: Vec<String>,
        /// Whether the deterministic bot plays each seat.
        bots: Vec<bool>,
        /// The state after setup.
        state: Box<G>,
        /// blake3 of the agreed seed, for players to compare.
        seed: [u8; 32],
    },
    /// A move was applied (agreement follows in [`Update::Final`]).
    Applied {
        /// Its number.
        seq: u32,
        /// Who played it.
        seat: Seat,
        /// The engine's sentence for it.
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
    /// session halts, which [`Update::Halted`] says.
    Incident(Incident),
    /// The session stopped for good (a proven cheat by a player, or a desync): no move is
    /// played any more.
    Halted(String),
    /// Host: a peer asks to watch the game; answer with [`Command::AnswerWatcher`].
    WatchRequest {
        /// The peer id, as text.
        peer: String,
        /// The name it greeted with.
        name: String,
    },
    /// Our own action was refused (not our turn, illegal...).
    Refused(String),
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
    /// How a player or spectator of ours is reached changed.
    Link {
        /// Its peer id, as text.
        peer: String,
        /// Direct or relayed; `None` when the link is lost.
        path: Option<crate::node::Path>,
    },
    /// A hole punch to a peer failed: the game goes on over the relay.
    PunchFailed {
        /// Its peer id, as text.
        peer: String,
    },
    /// What the node knows of its own reachability changed.
    Reachability(crate::node::Reachability),
    /// The peer stopped; its report says how it ended and where the replay is.
    Ended(Box<PeerReport>),
}

/// The sending half the driver holds.
pub(crate) struct Link<G: Game> {
    pub(crate) commands: mpsc::UnboundedReceiver<Command<G::Action>>,
    updates: mpsc::UnboundedSender<Update<G>>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl<G: Game> Link<G> {
    /// Sends an update to the app and wakes it.
    pub(crate) fn send(&self, u: Update<G>) {
        if self.updates.send(u).is_ok() {
            (self.wake)();
        }
    }
}

/// The app's side of a running peer. Dropping it stops the peer.
pub struct PeerHandle<G: Game> {
    commands: mpsc::UnboundedSender<Command<G::Action>>,
    updates: mpsc::UnboundedReceiver<Update<G>>,
    task: tokio::task::JoinHandle<()>,
}

impl<G: Game> PeerHandle<G> {
    /// Sends a command; false if the peer has stopped.
    pub fn send(&self, c: Command<G::Action>) -> bool {
        self.commands.send(c).is_ok()
    }

    /// The next update if one is waiting.
    pub fn try_recv(&mut self) -> Option<Update<G>> {
        self.updates.try_recv().ok()
    }

    /// The next update, waiting for it; `None` once the peer has stopped and all were read.
    pub async fn recv(&mut self) -> Option<Update<G>> {
        self.updates.recv().await
    }

    /// Whether the peer still runs.
    pub fn is_running(&self) -> bool {
        !self.task.is_finished()
    }
}

impl<G: Game> Drop for PeerHandle<G> {
    fn drop(&mut self) {
        let _ = self.commands.send(Command::Leave);
    }
}

/// The runtime a peer runs best on: one worker thread with IO and timers. Every task of a peer
/// (its driver when spawned, the swarm, the connections, the stream readers and writers) then
/// runs on that thread, and handing a frame from one task to the next does not wake another
/// thread: with two workers, a move's frames crossed threads at every hand-off, which on a
/// busy machine waits for a core each time (`docs/benchmarks.md`, Network). Inbound streams
/// do not need a second worker to be accepted in time (the node queues them, see
/// [`crate::node::INBOUND_BACKLOG`]).
pub fn peer_runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("dwarfs-net")
        .enable_all()
        .build()
}

/// Starts a peer on `rt`, controlled by the returned handle. `wake` is called after every update
/// (an app passes its repaint request). The app chooses the local seat's moves with
/// [`Command::Play`]; the spec's `machine` and `exit_with_parent` flags are turned off.
pub fn spawn_peer<G: Game>(
    rt: &tokio::runtime::Handle,
    mut spec: PeerSpec,
    wake: impl Fn() + Send + Sync + 'static,
) -> PeerHandle<G> {
    spec.machine = false;
    spec.exit_with_parent = false;
    let (cmd_tx, cmd_rx) = mpsc::unbounded_channel();
    let (up_tx, up_rx) = mpsc::unbounded_channel();
    let link = Link {
        commands: cmd_rx,
        updates: up_tx.clone(),
        wake: Arc::new(wake),
    };
    let wake_end = link.wake.clone();
    let task = rt.spawn(async move {
        let (name, replay) = (spec.name.clone(), spec.replay.clone());
        let report = match crate::peer::run_linked::<G>(spec, Some(link)).await {
            Ok(r) => r,
            Err(e) => {
                let mut r = PeerReport::new(String::new(), name, replay);
                r.ending = crate::spec::Ending::Failed(e.to_string());
                r
            }
        };
        if up_tx.send(Update::Ended(Box::new(report))).is_ok() {
            wake_end();
        }
    });
    PeerHandle {
        commands: cmd_tx,
        updates: up_rx,
        task,
    }
}
