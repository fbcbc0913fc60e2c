//! A peer run by an app: [`spawn_peer`] starts [`crate::run_peer`] on a tokio runtime and gives
//! back a [`PeerHandle`], the app's [`PeerLink`]: [`Command`]s in (play a staged choice, chat,
//! ready, start now, vote a takeover, leave), [`Update`]s out (lobby news, the game after every
//! move, hash agreement, incidents, link news, the end). The types live in `dwarfs-client`,
//! which builds for wasm32; the app never blocks on the network: it sends commands without
//! waiting and drains updates when it draws a frame.

use crate::spec::{PeerReport, PeerSpec};
pub use dwarfs_client::{
    Command, GameUpdate, Incident, LinkUpdate, LobbyUpdate, PeerLink, Started, Update,
};
use dwarfs_engine::Game;
use std::sync::Arc;
use tokio::sync::mpsc;

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
    task: crate::rt::Task<()>,
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

    /// Stops the peer at once, telling nobody (a process killed, a browser tab closed): its
    /// connections drop, and it leaves nothing but what it kept so far.
    #[cfg(not(target_arch = "wasm32"))]
    pub async fn crash(mut self) {
        self.task.abort();
        let _ = (&mut self.task).await;
    }
}

impl<G: Game> PeerLink<G> for PeerHandle<G> {
    fn send(&self, command: Command<G::Action>) -> bool {
        PeerHandle::send(self, command)
    }

    fn try_recv(&mut self) -> Option<Update<G>> {
        PeerHandle::try_recv(self)
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
#[cfg(not(target_arch = "wasm32"))]
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
#[cfg(not(target_arch = "wasm32"))]
pub fn spawn_peer<G: Game>(
    rt: &tokio::runtime::Handle,
    spec: PeerSpec,
    wake: impl Fn() + Send + Sync + 'static,
) -> PeerHandle<G> {
    let _on = rt.enter();
    spawn_here(spec, wake)
}

/// [`spawn_peer`] on the runtime this is called from: a tokio runtime on a desktop, the page's
/// event loop in a browser. The key and the record of games played are the spec's files.
pub fn spawn_here<G: Game>(
    spec: PeerSpec,
    wake: impl Fn() + Send + Sync + 'static,
) -> PeerHandle<G> {
    let store = Arc::new(crate::store::FileStore::new(spec.key.clone()));
    spawn_with_store(spec, store, wake)
}

/// [`spawn_here`] with the key and the record of games played kept in `store` (a browser's
/// storage; the spec's key file is not used).
pub fn spawn_with_store<G: Game>(
    mut spec: PeerSpec,
    store: Arc<dyn crate::store::PeerStore>,
    wake: impl Fn() + Send + Sync + 'static,
) -> PeerHandle<G> {
    spec.process.machine = false;
    spec.process.exit_with_parent = false;
    let (cmd_tx, cmd_rx) = mpsc::unbounded_channel();
    let (up_tx, up_rx) = mpsc::unbounded_channel();
    let link = Link {
        commands: cmd_rx,
        updates: up_tx.clone(),
        wake: Arc::new(wake),
    };
    let wake_end = link.wake.clone();
    let task = crate::rt::spawn(async move {
        let (name, replay) = (spec.name.clone(), spec.replay.clone());
        let report = match crate::peer::run_linked::<G>(spec, Some(link), store).await {
            Ok(r) => r,
            Err(e) => {
                let mut r = PeerReport::new(String::new(), name, replay);
                r.ending = dwarfs_client::Ending::Failed(e.to_string());
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
