//! The swarm task: builds the swarm (transports, behaviours, connection limits), keeps the
//! address book, dials, and turns swarm events into [`NetEvent`]s.

use super::streams::Counts;
use super::{
    Behaviour, BehaviourEvent, Command, IDENTIFY_VERSION, IDLE_TIMEOUT, NetEvent, NodeConfig,
    NodeError, NodeStats,
};
use futures::StreamExt;
use libp2p::connection_limits::{self, ConnectionLimits};
use libp2p::swarm::{SwarmEvent, behaviour::toggle::Toggle};
use libp2p::{Multiaddr, PeerId, Swarm, identify, mdns, noise, ping, tcp, yamux};
use std::collections::{HashMap, VecDeque};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The most connections to one peer at once. Two peers dialling each other at the same moment
/// make two; the rest covers a connection being replaced.
pub const MAX_CONNECTIONS_PER_PEER: u32 = 4;

/// The most established connections at once, with all peers (a table of 8 players and 16
/// spectators needs 23).
pub const MAX_CONNECTIONS: u32 = 256;

/// The most incoming connections in their handshake at once.
pub const MAX_PENDING_INCOMING: u32 = 32;

/// The most swarm events (connections, discovery, identify) held for the driver while it is
/// busy. Policy: when full, the oldest is dropped (with a warning); the swarm task never waits
/// for the driver, so it keeps answering pings and commands.
pub const SWARM_BACKLOG: usize = 1024;

/// The most peers the address book remembers addresses for, learned from the network (mDNS,
/// identify). Addresses the app gives are always kept.
const MAX_LEARNED_PEERS: usize = 1024;

pub(crate) fn build_swarm(cfg: &NodeConfig) -> Result<Swarm<Behaviour>, NodeError> {
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
                limits: connection_limits::Behaviour::new(
                    ConnectionLimits::default()
                        .with_max_established_per_peer(Some(MAX_CONNECTIONS_PER_PEER))
                        .with_max_established(Some(MAX_CONNECTIONS))
                        .with_max_pending_incoming(Some(MAX_PENDING_INCOMING)),
                ),
            })
        })
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_swarm_config(|c| c.with_idle_connection_timeout(IDLE_TIMEOUT))
        .build();
    Ok(swarm)
}

/// The most addresses remembered per peer.
const MAX_ADDRS_PER_PEER: usize = 16;

/// Where peers can be dialled, as told by the app (tickets, address books, the host's start
/// message), mDNS and identify.
///
/// The swarm's own address stores forget an address after one failed dial, and a failed dial is
/// common: two peers that dial each other at the same moment collide. So the node keeps its own
/// book and always dials with explicit addresses.
///
/// Bounded: at most [`MAX_ADDRS_PER_PEER`] addresses per peer (the oldest go first), and
/// addresses learned from the network (mDNS, identify) for at most [`MAX_LEARNED_PEERS`] peers
/// (a newcomer past that is not remembered); peers the app named are always kept.
#[derive(Default)]
struct AddressBook {
    addrs: HashMap<PeerId, Entry>,
    learned: usize,
}

#[derive(Default)]
struct Entry {
    addrs: Vec<Multiaddr>,
    /// The app named this peer (kept whatever strangers do).
    pinned: bool,
}

impl AddressBook {
    /// An address the app gave (ticket, address book, start message).
    fn add(&mut self, peer: PeerId, addr: Multiaddr) {
        let e = self.addrs.entry(peer).or_default();
        if !e.pinned {
            e.pinned = true;
            if !e.addrs.is_empty() {
                self.learned -= 1;
            }
        }
        Self::push(e, addr);
    }

    /// An address the network told us (mDNS, identify).
    fn learn(&mut self, peer: PeerId, addr: Multiaddr) {
        if !self.addrs.contains_key(&peer) {
            if self.learned >= MAX_LEARNED_PEERS {
                return;
            }
            self.learned += 1;
        }
        Self::push(self.addrs.entry(peer).or_default(), addr);
    }

    fn push(e: &mut Entry, addr: Multiaddr) {
        if !e.addrs.contains(&addr) {
            if e.addrs.len() >= MAX_ADDRS_PER_PEER {
                e.addrs.remove(0);
            }
            e.addrs.push(addr);
        }
    }

    fn get(&self, peer: &PeerId) -> Vec<Multiaddr> {
        self.addrs
            .get(peer)
            .map(|e| e.addrs.clone())
            .unwrap_or_default()
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

/// Runs the swarm: commands in, events out. Events wait in a bounded backlog
/// ([`SWARM_BACKLOG`]) for room in the events channel, so the swarm never waits for the driver.
pub(crate) async fn swarm_loop(
    mut swarm: Swarm<Behaviour>,
    mut commands: mpsc::Receiver<Command>,
    events: mpsc::Sender<NetEvent>,
    streams: Counts,
) {
    let mut book = AddressBook::default();
    let mut backlog: VecDeque<NetEvent> = VecDeque::new();
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
                Some(Command::Stats(tx)) => {
                    let info = swarm.network_info();
                    let c = info.connection_counters();
                    let (inbound_streams, refused_streams) =
                        streams.lock().unwrap_or_else(|e| e.into_inner()).snapshot();
                    let _ = tx.send(NodeStats {
                        connections: c.num_established(),
                        pending_incoming: c.num_pending_incoming(),
                        inbound_streams,
                        refused_streams,
                    });
                }
            },
            permit = events.reserve(), if !backlog.is_empty() => match permit {
                Ok(permit) => permit.send(backlog.pop_front().expect("not empty")),
                Err(_) => break,
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
                            book.learn(*p, a.clone());
                        }
                        Some(NetEvent::Discovered(list))
                    }
                    SwarmEvent::Behaviour(BehaviourEvent::Identify(identify::Event::Received { peer_id, info, .. })) => {
                        for a in &info.listen_addrs {
                            book.learn(peer_id, a.clone());
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
                if let Some(ev) = out {
                    if backlog.len() >= SWARM_BACKLOG {
                        tracing::warn!("the driver is behind: dropping the oldest network event");
                        backlog.pop_front();
                    }
                    backlog.push_back(ev);
                }
            }
        }
    }
}
