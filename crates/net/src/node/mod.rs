//! The libp2p node: a swarm on tokio with TCP (noise + yamux) or QUIC, identify and ping (so
//! stock libp2p tools can talk to it), optional mDNS, and the `/dwarfs/1` stream protocol that
//! carries length-prefixed frames between peers.
//!
//! The swarm runs in its own task. [`Node`] is the handle: it sends frames to peers (one writer
//! task per peer keeps a stream open and reopens it after a failure) and yields [`NetEvent`]s:
//! frames received, connections made and lost, peers discovered on the LAN.
//!
//! A node answers anyone, so everything a remote peer can make it hold is bounded:
//! connections ([`MAX_CONNECTIONS_PER_PEER`], [`MAX_CONNECTIONS`], [`MAX_PENDING_INCOMING`]),
//! inbound streams ([`MAX_STREAMS_PER_PEER`], [`MAX_STREAMS`]; at most [`INBOUND_BACKLOG`]
//! negotiated ones waiting to be admitted), a frame being read (it grows with
//! the bytes that arrive and must arrive whole within [`FRAME_DEADLINE`]), and every queue:
//! - events to the driver: [`EVENT_QUEUE`] events; a reader waits for room, so a peer that floods
//!   us is slowed (its stream is no longer read) rather than buffered;
//! - swarm events waiting for that channel: [`SWARM_BACKLOG`], the oldest dropped when full;
//! - frames to a peer: [`WRITER_QUEUE_FRAMES`] frames and [`WRITER_QUEUE_BYTES`] bytes, the
//!   oldest dropped when full (the protocol resends);
//! - commands to the swarm task: [`COMMAND_QUEUE`]; a writer waits for room, the driver's
//!   address hints are dropped when full (with a warning).
//!
//! Strangers cannot lock out the peers of our lobbies and games by filling the totals: the app
//! names those ([`Node::trust`], and [`Node::distrust`] once they are no longer ours), and they
//! are held only to their per-peer limits.

mod circuits;
mod dial_words;
#[cfg(not(target_arch = "wasm32"))]
mod host_relay;
mod links;
mod nat;
mod paths;
mod punches;
mod queue;
mod relays;
mod streams;
mod swarm;
mod tap;

pub use crate::frame::FRAME_DEADLINE;
pub use circuits::{CIRCUIT_GRACE, dials_first};
pub use links::LinkStats;
pub use nat::{
    MAX_CIRCUIT_BYTES, MAX_CIRCUIT_DURATION, MAX_RELAYS, NatConfig, Path, Reachability,
    RelayAllowList, RelayService, browser_dialable, is_relayed, peer_of, relay_of,
};
pub use paths::{PROBE_GRACE, RETIRE_GRACE};
pub use punches::{PUNCH_BACKOFF, PUNCH_WATCH};
pub use queue::{WRITER_QUEUE_BYTES, WRITER_QUEUE_FRAMES};
pub use relays::RelayAddrError;
pub use streams::{MAX_STREAMS, MAX_STREAMS_PER_PEER, WRITER_IDLE};
pub use swarm::{
    CONNECTION_TIMEOUT, MAX_CONNECTIONS, MAX_CONNECTIONS_PER_PEER, MAX_PENDING_INCOMING,
    SWARM_BACKLOG,
};
pub use tap::INBOUND_BACKLOG;

use futures::StreamExt;
use libp2p::identity::Keypair;
use libp2p::swarm::{NetworkBehaviour, SwarmEvent, behaviour::toggle::Toggle};
use libp2p::{Multiaddr, PeerId, StreamProtocol, connection_limits, identify, ping, relay};
#[cfg(not(target_arch = "wasm32"))]
use libp2p::{autonat, dcutr, mdns, upnp};
use queue::FrameQueue;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use tokio::sync::{mpsc, oneshot, watch};

/// The most events waiting for the driver. Frames wait for room (backpressure on the sender).
pub const EVENT_QUEUE: usize = 256;

/// The most commands waiting for the swarm task.
pub const COMMAND_QUEUE: usize = 1024;

/// The stream protocol that carries dwarfs frames.
pub const PROTOCOL: StreamProtocol = StreamProtocol::new("/dwarfs/1");

/// The identify protocol version string peers announce.
pub const IDENTIFY_VERSION: &str = "/dwarfs/id/1";

/// How long a connection with no open stream stays up. Streams stay open during a game, which
/// keeps the connection alive anyway; this covers the lobby and the pauses between frames.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(3600);

/// Which transport a node listens and dials on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Transport {
    /// TCP with noise encryption and yamux multiplexing.
    #[default]
    Tcp,
    /// QUIC (v1).
    Quic,
    /// WebSocket over TCP, with noise and yamux: what a browser can dial.
    Ws,
}

impl Transport {
    /// The default listen address on all interfaces, any port.
    pub fn any_addr(self, ip: &str) -> Multiaddr {
        let s = match self {
            Transport::Tcp => format!("/ip4/{ip}/tcp/0"),
            Transport::Quic => format!("/ip4/{ip}/udp/0/quic-v1"),
            Transport::Ws => format!("/ip4/{ip}/tcp/0/ws"),
        };
        s.parse().expect("a well-formed multiaddr")
    }
}

impl std::str::FromStr for Transport {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "tcp" => Ok(Transport::Tcp),
            "quic" => Ok(Transport::Quic),
            "ws" => Ok(Transport::Ws),
            other => Err(format!("unknown transport {other:?}: use tcp, quic or ws")),
        }
    }
}

impl std::fmt::Display for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Transport::Tcp => "tcp",
            Transport::Quic => "quic",
            Transport::Ws => "ws",
        })
    }
}

/// The behaviours every dwarfs node runs.
#[derive(NetworkBehaviour)]
pub struct Behaviour {
    identify: identify::Behaviour,
    ping: ping::Behaviour,
    mdns: Toggle<Mdns>,
    /// The `/dwarfs/1` streams, kept off relayed connections once a direct one is up.
    stream: paths::StreamPaths,
    limits: connection_limits::Behaviour,
    /// Reserves slots on relays and dials through them.
    relay_client: relay::client::Behaviour,
    /// Relays for allowed peers (see [`RelayAllowList`]).
    relay: Toggle<RelayServer>,
    /// Upgrades relayed connections to direct ones (hole punching).
    dcutr: Dcutr,
    /// Asks peers whether our addresses are reachable from outside.
    autonat_client: AutonatClient,
    /// Answers peers that ask whether theirs are.
    autonat_server: AutonatServer,
    upnp: Toggle<Upnp>,
}

/// mDNS on the LAN: a desktop's; a browser has none.
#[cfg(not(target_arch = "wasm32"))]
type Mdns = mdns::tokio::Behaviour;
#[cfg(target_arch = "wasm32")]
type Mdns = libp2p::swarm::dummy::Behaviour;
/// UPnP port mappings on the home router: a desktop's; a browser has none.
#[cfg(not(target_arch = "wasm32"))]
type Upnp = upnp::tokio::Behaviour;
#[cfg(target_arch = "wasm32")]
type Upnp = libp2p::swarm::dummy::Behaviour;
// A browser cannot be dialled: it serves no relay, punches no hole and has no address to test.
// Those behaviours are left out of its build (and its page's size).
#[cfg(not(target_arch = "wasm32"))]
type RelayServer = host_relay::HostRelay;
#[cfg(target_arch = "wasm32")]
type RelayServer = libp2p::swarm::dummy::Behaviour;
#[cfg(not(target_arch = "wasm32"))]
type Dcutr = dcutr::Behaviour;
#[cfg(target_arch = "wasm32")]
type Dcutr = libp2p::swarm::dummy::Behaviour;
#[cfg(not(target_arch = "wasm32"))]
type AutonatClient = autonat::v2::client::Behaviour;
#[cfg(target_arch = "wasm32")]
type AutonatClient = libp2p::swarm::dummy::Behaviour;
#[cfg(not(target_arch = "wasm32"))]
type AutonatServer = autonat::v2::server::Behaviour;
#[cfg(target_arch = "wasm32")]
type AutonatServer = libp2p::swarm::dummy::Behaviour;

/// How to start a node.
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// The player's key (also the peer id).
    pub key: Keypair,
    /// Addresses to listen on; each may be TCP or QUIC (both transports are always available for
    /// dialling).
    pub listen: Vec<Multiaddr>,
    /// Run mDNS to find lobbies on the LAN.
    pub mdns: bool,
    /// The largest frame accepted or sent.
    pub frame_limit: usize,
    /// How to get through NAT: relays, relay service, UPnP.
    pub nat: NatConfig,
}

impl NodeConfig {
    /// A node with the given key listening at `listen`: no mDNS, the default frame limit, no
    /// relays or UPnP, relaying for allowed peers only.
    pub fn new(key: Keypair, listen: Vec<Multiaddr>) -> Self {
        NodeConfig {
            key,
            listen,
            mdns: false,
            frame_limit: crate::envelope::FRAME_LIMIT,
            nat: NatConfig::default(),
        }
    }

    /// A node as [`NodeConfig::new`] makes it, listening on TCP on 127.0.0.1 (any port): for
    /// tests and short-lived local nodes.
    pub fn loopback(key: Keypair) -> Self {
        Self::new(key, vec![Transport::Tcp.any_addr("127.0.0.1")])
    }
}

/// Something that happened on the network.
#[derive(Debug)]
pub enum NetEvent {
    /// A frame arrived from a peer.
    Frame {
        /// The sender (authenticated by the transport).
        from: PeerId,
        /// The frame.
        bytes: Vec<u8>,
    },
    /// A first connection to a peer was made.
    Connected {
        /// The peer.
        peer: PeerId,
        /// The remote address of the connection.
        addr: Multiaddr,
    },
    /// The last connection to a peer closed.
    Disconnected {
        /// The peer.
        peer: PeerId,
    },
    /// mDNS found peers on the LAN.
    Discovered(Vec<(PeerId, Multiaddr)>),
    /// Identify told us where a peer listens.
    Identified {
        /// The peer.
        peer: PeerId,
        /// Its listen addresses.
        addrs: Vec<Multiaddr>,
        /// Its agent version string.
        agent: String,
    },
    /// How a connected peer is reached changed (also sent after [`NetEvent::Connected`]).
    Link {
        /// The peer.
        peer: PeerId,
        /// Direct or relayed.
        path: Path,
    },
    /// A dial of a peer we are not connected to failed.
    DialFailed {
        /// The peer.
        peer: PeerId,
        /// Why, in words a player can act on.
        reason: String,
    },
    /// A hole punch to a peer reached through a relay failed; the link stays relayed.
    PunchFailed {
        /// The peer.
        peer: PeerId,
        /// Why.
        reason: String,
    },
    /// What the node knows of its own reachability changed.
    Reachability(Reachability),
    /// A peer sent something that is not a frame (oversize, cut short); its stream was dropped.
    BadStream {
        /// The peer.
        peer: PeerId,
        /// Why.
        reason: String,
    },
}

/// Why a node could not start.
#[derive(Debug, Error)]
pub enum NodeError {
    /// The transport could not be built.
    #[error("could not set up the network transport: {0}")]
    Transport(String),
    /// An address could not be listened on.
    #[error("cannot listen on {addr}: {reason}")]
    Listen {
        /// The address.
        addr: Multiaddr,
        /// Why.
        reason: String,
    },
    /// A relay address is not usable.
    #[error(transparent)]
    Relay(#[from] RelayAddrError),
    /// The swarm task ended.
    #[error("the network task stopped")]
    Stopped,
}

enum Command {
    AddAddress(PeerId, Multiaddr),
    Dial(PeerId, Vec<Multiaddr>),
    /// Answers `true` once connected to the peer (dialling its known addresses if need be),
    /// `false` if the dial failed; no answer while there is neither a connection nor a dial.
    Connect(PeerId, oneshot::Sender<bool>),
    Disconnect(PeerId),
    UseRelay(Multiaddr),
    /// A peer of our lobbies and games: not held to the connection totals.
    Trust(PeerId),
    /// A peer no longer ours: held to the connection totals again.
    Distrust(PeerId),
    ListenAddrs(oneshot::Sender<Vec<Multiaddr>>),
    Stats(oneshot::Sender<NodeStats>),
    Shutdown,
}

/// What a node holds for others right now (for tests and diagnostics).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeStats {
    /// Established connections, all peers.
    pub connections: u32,
    /// Incoming connections still in their handshake.
    pub pending_incoming: u32,
    /// Inbound `/dwarfs/1` streams being read.
    pub inbound_streams: usize,
    /// Inbound `/dwarfs/1` streams closed over a limit since start: refused past the total, or a
    /// peer's oldest closed for its newer one.
    pub refused_streams: u64,
    /// Frames received from peers reached directly.
    pub frames_direct: u64,
    /// Frames received from peers reached only through a relay.
    pub frames_relayed: u64,
    /// Relay reservations and circuits refused to peers not allowed.
    pub relay_refused: u64,
}

/// The node's end of a writer's queue; closing it lets the writer drain and end.
struct Link(Arc<FrameQueue>);

impl Drop for Link {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// A running node.
pub struct Node {
    local: PeerId,
    commands: mpsc::Sender<Command>,
    events: mpsc::Receiver<NetEvent>,
    control: libp2p_stream::Control,
    writers: HashMap<PeerId, Link>,
    frame_limit: usize,
    /// Where others can dial us: the listen addresses at start, then relayed and confirmed
    /// public addresses as they come (kept by the swarm task).
    advertised: Shared<Vec<Multiaddr>>,
    links: links::Links,
    relay_allow: RelayAllowList,
    streams: streams::Counts,
    reach: watch::Receiver<Reachability>,
    swarm_task: crate::rt::Task<()>,
}

/// A value the swarm task keeps and the node reads.
pub(crate) type Shared<T> = Arc<std::sync::Mutex<T>>;

impl Drop for Node {
    fn drop(&mut self) {
        if self.commands.try_send(Command::Shutdown).is_err() {
            self.swarm_task.abort();
        }
    }
}

impl Node {
    /// Starts a node and waits until it listens on every requested address.
    pub async fn start(cfg: NodeConfig) -> Result<Node, NodeError> {
        let relay_allow = match cfg.nat.serve {
            RelayService::Anyone => RelayAllowList::anyone(),
            _ => RelayAllowList::default(),
        };
        let (inbound_tx, inbound) = mpsc::channel(INBOUND_BACKLOG);
        let mut swarm = swarm::build_swarm(&cfg, &relay_allow, inbound_tx)?;
        let local = *swarm.local_peer_id();
        for addr in &cfg.listen {
            swarm
                .listen_on(addr.clone())
                .map_err(|e| NodeError::Listen {
                    addr: addr.clone(),
                    reason: e.to_string(),
                })?;
        }
        // Wait for the actual addresses (the OS picks the ports).
        let mut listen_addrs = Vec::new();
        let deadline = web_time::Instant::now() + Duration::from_secs(10);
        while listen_addrs.len() < cfg.listen.len() {
            let ev = crate::rt::timeout_at(deadline, swarm.select_next_some())
                .await
                .map_err(|_| NodeError::Listen {
                    addr: cfg.listen[listen_addrs.len()].clone(),
                    reason: "no address after 10 s".into(),
                })?;
            match ev {
                SwarmEvent::NewListenAddr { address, .. } => listen_addrs.push(address),
                SwarmEvent::ListenerError { error, .. } => {
                    return Err(NodeError::Listen {
                        addr: cfg.listen[listen_addrs.len()].clone(),
                        reason: error.to_string(),
                    });
                }
                SwarmEvent::ListenerClosed { reason, .. } => {
                    return Err(NodeError::Listen {
                        addr: cfg.listen[listen_addrs.len()].clone(),
                        reason: format!("{reason:?}"),
                    });
                }
                _ => {}
            }
        }
        let mut control = swarm.behaviour().stream.new_control();
        // The registration makes the stream behaviour negotiate the protocol; the streams
        // themselves come through `inbound` (see `tap`).
        let registered = control
            .accept(PROTOCOL)
            .map_err(|e| NodeError::Transport(e.to_string()))?;
        let (cmd_tx, cmd_rx) = mpsc::channel(COMMAND_QUEUE);
        let (ev_tx, ev_rx) = mpsc::channel(EVENT_QUEUE);
        let counts = streams::Counts::default();
        let links = links::Links::default();
        crate::rt::spawn(streams::accept_loop(
            inbound,
            registered,
            ev_tx.clone(),
            cfg.frame_limit,
            counts.clone(),
            links.clone(),
        ));
        for a in &cfg.nat.external {
            swarm.add_external_address(a.clone());
        }
        let advertised: Shared<Vec<Multiaddr>> = Arc::new(std::sync::Mutex::new(listen_addrs));
        let (reach_tx, reach) = watch::channel(Reachability::Unknown);
        let task = swarm::SwarmTask::new(
            swarm,
            &cfg.nat,
            swarm::Shares {
                streams: counts.clone(),
                links: links.clone(),
                advertised: advertised.clone(),
                reach: reach_tx,
                relay_allow: relay_allow.clone(),
            },
        )?;
        let swarm_task = crate::rt::spawn(task.run(cmd_rx, ev_tx));
        Ok(Node {
            local,
            commands: cmd_tx,
            events: ev_rx,
            control,
            writers: HashMap::new(),
            frame_limit: cfg.frame_limit,
            advertised,
            links,
            relay_allow,
            streams: counts,
            reach,
            swarm_task,
        })
    }

    /// This node's peer id.
    pub fn peer_id(&self) -> PeerId {
        self.local
    }

    /// Where others can dial this node: the addresses it listened on at start, then its
    /// relayed (`/p2p-circuit`) addresses and addresses confirmed reachable from outside, as
    /// they come.
    pub fn listen_addrs(&self) -> Vec<Multiaddr> {
        self.advertised
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// What the node knows of its own reachability now.
    pub fn reachability(&self) -> Reachability {
        self.reach.borrow().clone()
    }

    /// Waits (up to `timeout`) until the node is reachable from outside: a public address is
    /// confirmed or a relay holds a slot for it. Returns the reachability at the end.
    pub async fn wait_reachable(&mut self, timeout: Duration) -> Reachability {
        let ok = |r: &Reachability| matches!(r, Reachability::Public(_) | Reachability::Relayed(_));
        let _ = crate::rt::timeout(timeout, self.reach.wait_for(ok)).await;
        self.reachability()
    }

    /// Reserves a slot on one more relay (`.../p2p/RELAY_ID`), for example one named in a
    /// ticket, so that the other players can reach this node through it.
    pub fn use_relay(&self, addr: Multiaddr) -> Result<(), RelayAddrError> {
        let peer = peer_of(&addr).ok_or_else(|| RelayAddrError::NoPeerId(addr.clone()))?;
        if is_relayed(&addr) {
            return Err(RelayAddrError::Relayed(addr));
        }
        tracing::debug!(relay = %peer, "using relay {addr}");
        self.command(Command::UseRelay(addr));
        Ok(())
    }

    /// Trusts `peer`, a peer of ours (for a player's node, whom `Lobby::trusted` names: a
    /// seated player or an admitted spectator of our lobby or game; for `dwarfs relay`, a peer
    /// of its `--allow` list): it may use this node as a relay, when this node is reachable from
    /// outside and serves as one, and room is kept for it past the totals that strangers can
    /// fill ([`MAX_CONNECTIONS`], [`MAX_PENDING_INCOMING`], [`MAX_STREAMS`]; its own per-peer
    /// limits still hold). False when the list is full (`MAX_RELAY_ALLOWED` peers): the peer is
    /// then not trusted at all.
    pub fn trust(&self, peer: PeerId) -> bool {
        if !self.relay_allow.allow(peer) {
            return false;
        }
        self.streams
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .trust(peer);
        self.command(Command::Trust(peer));
        true
    }

    /// Undoes [`Node::trust`]: `peer` may no longer use this node as a relay (its reservations
    /// and circuits already made run out) and its new connections and streams count against the
    /// totals again (those it holds stay).
    pub fn distrust(&self, peer: PeerId) {
        self.relay_allow.revoke(&peer);
        self.streams
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .distrust(&peer);
        self.command(Command::Distrust(peer));
    }

    /// Whether `peer` is trusted ([`Node::trust`]) now.
    pub fn is_trusted(&self, peer: &PeerId) -> bool {
        self.relay_allow.allows(peer)
    }

    /// How `peer` is reached and how many frames came each way (kept a while after it left).
    pub fn link(&self, peer: &PeerId) -> Option<LinkStats> {
        self.links.get(peer)
    }

    /// Every address the swarm listens on now (including ones added after start).
    pub async fn current_listen_addrs(&self) -> Result<Vec<Multiaddr>, NodeError> {
        let (tx, rx) = oneshot::channel();
        self.commands
            .send(Command::ListenAddrs(tx))
            .await
            .map_err(|_| NodeError::Stopped)?;
        rx.await.map_err(|_| NodeError::Stopped)
    }

    /// What the node holds for others right now.
    pub async fn stats(&self) -> Result<NodeStats, NodeError> {
        let (tx, rx) = oneshot::channel();
        self.commands
            .send(Command::Stats(tx))
            .await
            .map_err(|_| NodeError::Stopped)?;
        rx.await.map_err(|_| NodeError::Stopped)
    }

    /// Sends a command that must not wait: when the queue is full it is dropped, with a warning.
    fn command(&self, cmd: Command) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.commands.try_send(cmd) {
            tracing::warn!("the network task is behind: dropping a dial or address hint");
        }
    }

    /// Remembers an address for a peer, used when a stream to it must dial.
    pub fn add_address(&self, peer: PeerId, addr: Multiaddr) {
        self.command(Command::AddAddress(peer, addr));
    }

    /// Dials a peer now at the given addresses and every address already known for it (sending
    /// to it dials too).
    pub fn dial(&self, peer: PeerId, addrs: Vec<Multiaddr>) {
        self.command(Command::Dial(peer, addrs));
    }

    /// Closes every connection to a peer and forgets its writer.
    pub fn disconnect(&mut self, peer: PeerId) {
        self.writers.remove(&peer);
        self.command(Command::Disconnect(peer));
    }

    /// Queues a frame for a peer. Frames to one peer arrive in order while the stream lives; a
    /// frame in flight when a connection breaks may be lost (the protocol retransmits), and so
    /// are the oldest frames of a full queue (see [`WRITER_QUEUE_FRAMES`]).
    pub fn send(&mut self, peer: PeerId, bytes: Vec<u8>) {
        if peer == self.local {
            return;
        }
        let bytes = match self.writers.get(&peer) {
            Some(link) => match link.0.push(bytes) {
                Ok(0) => return,
                Ok(n) => {
                    tracing::debug!(%peer, "writer queue full: dropped the {n} oldest frames");
                    return;
                }
                Err(bytes) => bytes,
            },
            None => bytes,
        };
        // Forget writers that ended (idle or stopped), then start one for this peer.
        self.writers.retain(|_, l| !l.0.writer_gone());
        let queue = Arc::new(FrameQueue::default());
        let _ = queue.push(bytes);
        crate::rt::spawn(streams::writer(
            peer,
            self.control.clone(),
            queue.clone(),
            self.frame_limit,
            self.commands.clone(),
            self.links.clone(),
        ));
        self.writers.insert(peer, Link(queue));
    }

    /// The next network event; `None` once the node has stopped.
    pub async fn next_event(&mut self) -> Option<NetEvent> {
        self.events.recv().await
    }

    /// A network event if one is ready now.
    pub fn try_next_event(&mut self) -> Option<NetEvent> {
        self.events.try_recv().ok()
    }

    /// Stops the node: every connection closes.
    pub async fn shutdown(mut self) {
        self.writers.clear();
        let _ = self.commands.send(Command::Shutdown).await;
        let _ = (&mut self.swarm_task).await;
    }
}
