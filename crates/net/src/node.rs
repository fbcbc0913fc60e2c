//! The libp2p node: a swarm on tokio with TCP (noise + yamux) or QUIC, identify and ping (so
//! stock libp2p tools can talk to it), optional mDNS, and the `/dwarfs/1` stream protocol that
//! carries length-prefixed frames between peers.
//!
//! The swarm runs in its own task. [`Node`] is the handle: it sends frames to peers (one writer
//! task per peer keeps a stream open and reopens it after a failure) and yields [`NetEvent`]s:
//! frames received, connections made and lost, peers discovered on the LAN.

use crate::frame::{read_frame, write_frame};
use futures::StreamExt;
use libp2p::identity::Keypair;
use libp2p::swarm::{NetworkBehaviour, SwarmEvent, behaviour::toggle::Toggle};
use libp2p::{Multiaddr, PeerId, StreamProtocol, Swarm, identify, mdns, noise, ping, tcp, yamux};
use std::collections::HashMap;
use std::time::Duration;
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

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
}

impl Transport {
    /// The default listen address on all interfaces, any port.
    pub fn any_addr(self, ip: &str) -> Multiaddr {
        let s = match self {
            Transport::Tcp => format!("/ip4/{ip}/tcp/0"),
            Transport::Quic => format!("/ip4/{ip}/udp/0/quic-v1"),
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
            other => Err(format!("unknown transport {other:?}: use tcp or quic")),
        }
    }
}

impl std::fmt::Display for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Transport::Tcp => "tcp",
            Transport::Quic => "quic",
        })
    }
}

/// The behaviours every dwarfs node runs.
#[derive(NetworkBehaviour)]
pub struct Behaviour {
    identify: identify::Behaviour,
    ping: ping::Behaviour,
    mdns: Toggle<mdns::tokio::Behaviour>,
    stream: libp2p_stream::Behaviour,
}

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
    ListenAddrs(oneshot::Sender<Vec<Multiaddr>>),
    Shutdown,
}

/// A running node.
pub struct Node {
    local: PeerId,
    commands: mpsc::UnboundedSender<Command>,
    events: mpsc::UnboundedReceiver<NetEvent>,
    control: libp2p_stream::Control,
    links: HashMap<PeerId, mpsc::UnboundedSender<Vec<u8>>>,
    frame_limit: usize,
    listen_addrs: Vec<Multiaddr>,
    swarm_task: tokio::task::JoinHandle<()>,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.commands.send(Command::Shutdown);
    }
}

fn build_swarm(cfg: &NodeConfig) -> Result<Swarm<Behaviour>, NodeError> {
    let mdns_on = cfg.mdns;
    let swarm = libp2p::SwarmBuilder::with_existing_identity(cfg.key.clone())
        .with_tokio()
        .with_tcp(
            tcp::Config::default().nodelay(true),
            noise::Config::new,
            yamux::Config::default,
        )
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_quic()
        .with_behaviour(|key| {
            let mdns = if mdns_on {
                let peer = key.public().to_peer_id();
                Some(mdns::tokio::Behaviour::new(
                    mdns::Config {
                        query_interval: Duration::from_secs(5),
                        ..Default::default()
                    },
                    peer,
                )?)
            } else {
                None
            };
            Ok(Behaviour {
                identify: identify::Behaviour::new(
                    identify::Config::new(IDENTIFY_VERSION.into(), key.public())
                        .with_agent_version(format!("dwarfs/{}", env!("CARGO_PKG_VERSION"))),
                ),
                ping: ping::Behaviour::new(ping::Config::new()),
                mdns: Toggle::from(mdns),
                stream: libp2p_stream::Behaviour::new(),
            })
        })
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_swarm_config(|c| c.with_idle_connection_timeout(IDLE_TIMEOUT))
        .build();
    Ok(swarm)
}

impl Node {
    /// Starts a node and waits until it listens on every requested address.
    pub async fn start(cfg: NodeConfig) -> Result<Node, NodeError> {
        let mut swarm = build_swarm(&cfg)?;
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
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while listen_addrs.len() < cfg.listen.len() {
            let ev = tokio::time::timeout_at(deadline, swarm.select_next_some())
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
        let incoming = control
            .accept(PROTOCOL)
            .map_err(|e| NodeError::Transport(e.to_string()))?;
        let (cmd_tx, cmd_rx) = mpsc::unbounded_channel();
        let (ev_tx, ev_rx) = mpsc::unbounded_channel();
        tokio::spawn(accept_loop(incoming, ev_tx.clone(), cfg.frame_limit));
        let swarm_task = tokio::spawn(swarm_loop(swarm, cmd_rx, ev_tx.clone()));
        Ok(Node {
            local,
            commands: cmd_tx,
            events: ev_rx,
            control,
            links: HashMap::new(),
            frame_limit: cfg.frame_limit,
            listen_addrs,
            swarm_task,
        })
    }

    /// This node's peer id.
    pub fn peer_id(&self) -> PeerId {
        self.local
    }

    /// The addresses this node listened on at start.
    pub fn listen_addrs(&self) -> &[Multiaddr] {
        &self.listen_addrs
    }

    /// Every address the swarm listens on now (including ones added after start).
    pub async fn current_listen_addrs(&self) -> Result<Vec<Multiaddr>, NodeError> {
        let (tx, rx) = oneshot::channel();
        self.commands
            .send(Command::ListenAddrs(tx))
            .map_err(|_| NodeError::Stopped)?;
        rx.await.map_err(|_| NodeError::Stopped)
    }

    /// Remembers an address for a peer, used when a stream to it must dial.
    pub fn add_address(&self, peer: PeerId, addr: Multiaddr) {
        let _ = self.commands.send(Command::AddAddress(peer, addr));
    }

    /// Dials a peer now at the given addresses and every address already known for it (sending
    /// to it dials too).
    pub fn dial(&self, peer: PeerId, addrs: Vec<Multiaddr>) {
        let _ = self.commands.send(Command::Dial(peer, addrs));
    }

    /// Closes every connection to a peer and forgets its writer.
    pub fn disconnect(&mut self, peer: PeerId) {
        self.links.remove(&peer);
        let _ = self.commands.send(Command::Disconnect(peer));
    }

    /// Queues a frame for a peer. Frames to one peer arrive in order while the stream lives; a
    /// frame in flight when a connection breaks may be lost (the protocol retransmits).
    pub fn send(&mut self, peer: PeerId, bytes: Vec<u8>) {
        if peer == self.local {
            return;
        }
        if let Some(link) = self.links.get(&peer)
            && !link.is_closed()
        {
            let _ = link.send(bytes);
            return;
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let _ = tx.send(bytes);
        tokio::spawn(writer(
            peer,
            self.control.clone(),
            rx,
            self.frame_limit,
            self.commands.clone(),
        ));
        self.links.insert(peer, tx);
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
        self.links.clear();
        let _ = self.commands.send(Command::Shutdown);
        let _ = (&mut self.swarm_task).await;
    }
}

/// The most addresses remembered per peer.
const MAX_ADDRS_PER_PEER: usize = 16;

/// Where peers can be dialled, as told by the app (tickets, address books, the host's start
/// message), mDNS and identify.
///
/// The swarm's own address stores forget an address after one failed dial, and a failed dial is
/// common: two peers that dial each other at the same moment collide. So the node keeps its own
/// book and always dials with explicit addresses.
#[derive(Default)]
struct AddressBook {
    addrs: HashMap<PeerId, Vec<Multiaddr>>,
}

impl AddressBook {
    fn add(&mut self, peer: PeerId, addr: Multiaddr) {
        let list = self.addrs.entry(peer).or_default();
        if !list.contains(&addr) {
            if list.len() >= MAX_ADDRS_PER_PEER {
                list.remove(0);
            }
            list.push(addr);
        }
    }

    fn get(&self, peer: &PeerId) -> Vec<Multiaddr> {
        self.addrs.get(peer).cloned().unwrap_or_default()
    }
}

/// Dials `peer` at `addrs` unless connected or already dialling. The dial takes a fresh local
/// port: with the default (the listen port), two peers dialling each other at once make a
/// single TCP connection in which both act as the initiator, and both handshakes fail.
fn dial(swarm: &mut Swarm<Behaviour>, peer: PeerId, addrs: Vec<Multiaddr>) {
    use libp2p::swarm::dial_opts::{DialOpts, PeerCondition};
    if addrs.is_empty() {
        return;
    }
    let opts = DialOpts::peer_id(peer)
        .condition(PeerCondition::DisconnectedAndNotDialing)
        .addresses(addrs)
        .allocate_new_port()
        .build();
    match swarm.dial(opts) {
        Ok(()) | Err(libp2p::swarm::DialError::DialPeerConditionFalse(_)) => {}
        Err(e) => tracing::debug!(%peer, "dial failed: {e}"),
    }
}

async fn swarm_loop(
    mut swarm: Swarm<Behaviour>,
    mut commands: mpsc::UnboundedReceiver<Command>,
    events: mpsc::UnboundedSender<NetEvent>,
) {
    let mut book = AddressBook::default();
    // Writers waiting for a connection to a peer.
    let mut waiting: HashMap<PeerId, Vec<oneshot::Sender<bool>>> = HashMap::new();
    loop {
        tokio::select! {
            cmd = commands.recv() => match cmd {
                None | Some(Command::Shutdown) => break,
                Some(Command::AddAddress(peer, addr)) => {
                    swarm.add_peer_address(peer, addr.clone());
                    book.add(peer, addr);
                }
                Some(Command::Dial(peer, addrs)) => {
                    for a in addrs {
                        book.add(peer, a);
                    }
                    if !swarm.is_connected(&peer) {
                        dial(&mut swarm, peer, book.get(&peer));
                    }
                }
                Some(Command::Connect(peer, tx)) => {
                    if swarm.is_connected(&peer) {
                        let _ = tx.send(true);
                    } else {
                        // With no address to dial, the peer may still dial us: the writer waits
                        // for that (up to its own timeout) as for a dial of ours.
                        dial(&mut swarm, peer, book.get(&peer));
                        let list = waiting.entry(peer).or_default();
                        list.retain(|t| !t.is_closed());
                        list.push(tx);
                    }
                }
                Some(Command::Disconnect(peer)) => {
                    let _ = swarm.disconnect_peer_id(peer);
                }
                Some(Command::ListenAddrs(tx)) => {
                    let _ = tx.send(swarm.listeners().cloned().collect());
                }
            },
            ev = swarm.select_next_some() => {
                let out = match ev {
                    SwarmEvent::ConnectionEstablished { peer_id, endpoint, num_established, .. } => {
                        for tx in waiting.remove(&peer_id).unwrap_or_default() {
                            let _ = tx.send(true);
                        }
                        (num_established.get() == 1).then(|| NetEvent::Connected {
                            peer: peer_id,
                            addr: endpoint.get_remote_address().clone(),
                        })
                    }
                    SwarmEvent::ConnectionClosed { peer_id, num_established, cause, .. } => {
                        tracing::debug!(%peer_id, "connection closed: {cause:?}");
                        (num_established == 0).then_some(NetEvent::Disconnected { peer: peer_id })
                    }
                    SwarmEvent::OutgoingConnectionError { peer_id: Some(peer), error, .. } => {
                        tracing::debug!(%peer, "dial failed: {error}");
                        if !swarm.is_connected(&peer) {
                            for tx in waiting.remove(&peer).unwrap_or_default() {
                                let _ = tx.send(false);
                            }
                        }
                        None
                    }
                    SwarmEvent::Behaviour(BehaviourEvent::Mdns(mdns::Event::Discovered(list))) => {
                        for (p, a) in &list {
                            swarm.add_peer_address(*p, a.clone());
                            book.add(*p, a.clone());
                        }
                        Some(NetEvent::Discovered(list))
                    }
                    SwarmEvent::Behaviour(BehaviourEvent::Identify(identify::Event::Received { peer_id, info, .. })) => {
                        for a in &info.listen_addrs {
                            book.add(peer_id, a.clone());
                        }
                        Some(NetEvent::Identified {
                            peer: peer_id,
                            addrs: info.listen_addrs,
                            agent: info.agent_version,
                        })
                    }
                    other => {
                        tracing::trace!("swarm: {other:?}");
                        None
                    }
                };
                if let Some(ev) = out
                    && events.send(ev).is_err()
                {
                    break;
                }
            }
        }
    }
}

async fn accept_loop(
    mut incoming: libp2p_stream::IncomingStreams,
    events: mpsc::UnboundedSender<NetEvent>,
    limit: usize,
) {
    while let Some((peer, stream)) = incoming.next().await {
        tracing::debug!(%peer, "inbound stream accepted");
        tokio::spawn(reader(peer, stream, events.clone(), limit));
    }
}

async fn reader(
    peer: PeerId,
    mut stream: libp2p::Stream,
    events: mpsc::UnboundedSender<NetEvent>,
    limit: usize,
) {
    loop {
        match read_frame(&mut stream, limit).await {
            Ok(Some(bytes)) => {
                if events.send(NetEvent::Frame { from: peer, bytes }).is_err() {
                    return;
                }
            }
            Ok(None) => return,
            Err(crate::frame::FrameError::TooLarge { len, limit }) => {
                let _ = events.send(NetEvent::BadStream {
                    peer,
                    reason: format!("frame of {len} bytes above the limit of {limit}"),
                });
                return;
            }
            Err(e) => {
                tracing::debug!(%peer, "stream from peer ended: {e}");
                return;
            }
        }
    }
}

/// Keeps one outbound stream to `peer` and writes queued frames to it. On failure it reopens the
/// stream with a growing pause; the frame that failed is dropped (the protocol retransmits).
async fn writer(
    peer: PeerId,
    mut control: libp2p_stream::Control,
    mut queue: mpsc::UnboundedReceiver<Vec<u8>>,
    limit: usize,
    commands: mpsc::UnboundedSender<Command>,
) {
    let mut backoff = Duration::from_millis(50);
    let mut stream: Option<libp2p::Stream> = None;
    while let Some(frame) = queue.recv().await {
        let mut attempts = 0;
        loop {
            if stream.is_none() {
                let opened = tokio::time::timeout(Duration::from_secs(3), async {
                    // Connect first, through the node's address book: left to itself, the
                    // stream behaviour dials with the swarm's addresses, which a failed dial
                    // erases.
                    let (tx, rx) = oneshot::channel();
                    let _ = commands.send(Command::Connect(peer, tx));
                    if rx.await != Ok(true) {
                        return Err(libp2p_stream::OpenStreamError::Io(std::io::Error::new(
                            std::io::ErrorKind::NotConnected,
                            "could not connect",
                        )));
                    }
                    control.open_stream(peer, PROTOCOL).await
                })
                .await
                .unwrap_or_else(|_| {
                    Err(libp2p_stream::OpenStreamError::Io(std::io::Error::from(
                        std::io::ErrorKind::TimedOut,
                    )))
                });
                match opened {
                    Ok(s) => {
                        tracing::debug!(%peer, "outbound stream opened");
                        stream = Some(s);
                        backoff = Duration::from_millis(50);
                    }
                    Err(e) => {
                        tracing::debug!(%peer, "cannot open a stream: {e}");
                        // Drop what piled up meanwhile except the newest frames: the protocol
                        // resends what matters when the peer is back.
                        tokio::time::sleep(backoff).await;
                        backoff = (backoff * 2).min(Duration::from_secs(2));
                        if queue.is_closed() {
                            return;
                        }
                        continue;
                    }
                }
            }
            let s = stream.as_mut().expect("opened above");
            let written =
                tokio::time::timeout(Duration::from_secs(5), write_frame(s, &frame, limit))
                    .await
                    .unwrap_or_else(|_| {
                        Err(std::io::Error::from(std::io::ErrorKind::TimedOut).into())
                    });
            match written {
                Ok(()) => break,
                Err(crate::frame::FrameError::TooLarge { len, .. }) => {
                    tracing::warn!(%peer, "not sending a frame of {len} bytes: above the limit");
                    break;
                }
                Err(e) => {
                    tracing::debug!(%peer, "stream write failed: {e}");
                    stream = None;
                    attempts += 1;
                    if attempts > 5 {
                        break;
                    }
                }
            }
        }
    }
}
