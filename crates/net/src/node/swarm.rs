//! The swarm task: builds the swarm (transports, behaviours, connection limits), keeps the
//! address book and the relay reservations, dials, and turns swarm events into [`NetEvent`]s.

use super::circuits::HeldCircuits;
use super::links::Links;
#[cfg(not(target_arch = "wasm32"))]
use super::nat::RelayService;
use super::nat::{self, NatConfig, ReachState, Reachability, RelayAllowList};
use super::punches::PunchRetries;
use super::relays::Relays;
use super::streams::Counts;
use super::tap::Inbound;
use super::{
    Behaviour, BehaviourEvent, Command, IDENTIFY_VERSION, IDLE_TIMEOUT, NetEvent, NodeConfig,
    NodeError, NodeStats, Shared,
};
use futures::StreamExt;
use libp2p::Transport as _;
use libp2p::connection_limits::{self, ConnectionLimits};
use libp2p::multiaddr::Protocol;
use libp2p::swarm::dial_opts::PeerCondition;
use libp2p::swarm::{SwarmEvent, behaviour::toggle::Toggle};
use libp2p::{Multiaddr, PeerId, Swarm, identify, noise, ping, relay, yamux};
#[cfg(not(target_arch = "wasm32"))]
use libp2p::{autonat, dcutr, mdns, tcp, upnp};
use std::collections::{HashMap, VecDeque};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use web_time::Instant;

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

/// The longest a dial may take, the connection and its handshakes included (libp2p's default
/// is 10 s). It must stay below the 10 s an AutoNAT v2 client waits for its server's answer: a
/// server's dial back to a home whose router drops unsolicited packets (as home routers do) is
/// never refused, and a TCP connect only gives up after about two minutes. With the default,
/// the client's wait ran out first, the test counted for nothing and was asked again every few
/// seconds, so a node behind NAT over TCP never learnt it was; now the server answers "not
/// reachable" in time.
pub const CONNECTION_TIMEOUT: Duration = Duration::from_secs(8);

/// The most peers the address book remembers addresses for, learned from the network (mDNS,
/// identify). Addresses the app gives are always kept.
const MAX_LEARNED_PEERS: usize = 1024;

/// The swarm of a desktop node: TCP, QUIC and WebSocket (each with noise and yamux; WebSocket
/// is the transport a browser can dial, issue 37; no DNS: tickets carry IP addresses), and
/// relayed connections.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn build_swarm(
    cfg: &NodeConfig,
    relay_allow: &RelayAllowList,
    inbound: mpsc::Sender<Inbound>,
) -> Result<Swarm<Behaviour>, NodeError> {
    let swarm = libp2p::SwarmBuilder::with_existing_identity(cfg.key.clone())
        .with_tokio()
        .with_tcp(
            tcp::Config::default().nodelay(true),
            noise::Config::new,
            yamux::Config::default,
        )
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_quic()
        .with_other_transport(
            |key| -> Result<_, Box<dyn std::error::Error + Send + Sync>> {
                let tcp = libp2p::tcp::tokio::Transport::new(tcp::Config::default().nodelay(true));
                Ok(libp2p_websocket::Config::new(tcp)
                    .upgrade(libp2p::core::upgrade::Version::V1Lazy)
                    .authenticate(noise::Config::new(key)?)
                    .multiplex(yamux::Config::default()))
            },
        )
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_relay_client(noise::Config::new, yamux::Config::default)
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_behaviour(|key, relay_client| behaviour(cfg, relay_allow, inbound, key, relay_client))
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_swarm_config(|c| c.with_idle_connection_timeout(IDLE_TIMEOUT))
        .with_connection_timeout(CONNECTION_TIMEOUT)
        .build();
    Ok(swarm)
}

/// The swarm of a node in a browser: WebSocket out (noise and yamux), and relayed connections;
/// a page cannot listen, so it dials only.
#[cfg(target_arch = "wasm32")]
pub(crate) fn build_swarm(
    cfg: &NodeConfig,
    relay_allow: &RelayAllowList,
    inbound: mpsc::Sender<Inbound>,
) -> Result<Swarm<Behaviour>, NodeError> {
    let swarm = libp2p::SwarmBuilder::with_existing_identity(cfg.key.clone())
        .with_wasm_bindgen()
        .with_other_transport(
            |key| -> Result<_, Box<dyn std::error::Error + Send + Sync>> {
                Ok(libp2p::websocket_websys::Transport::default()
                    .upgrade(libp2p::core::upgrade::Version::V1Lazy)
                    .authenticate(noise::Config::new(key)?)
                    .multiplex(yamux::Config::default()))
            },
        )
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_relay_client(noise::Config::new, yamux::Config::default)
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_behaviour(|key, relay_client| behaviour(cfg, relay_allow, inbound, key, relay_client))
        .map_err(|e| NodeError::Transport(e.to_string()))?
        .with_swarm_config(|c| c.with_idle_connection_timeout(IDLE_TIMEOUT))
        .build();
    Ok(swarm)
}

/// The behaviours of a node, on either platform (mDNS and UPnP only on a desktop).
fn behaviour(
    cfg: &NodeConfig,
    relay_allow: &RelayAllowList,
    inbound: mpsc::Sender<Inbound>,
    key: &libp2p::identity::Keypair,
    relay_client: relay::client::Behaviour,
) -> Result<Behaviour, Box<dyn std::error::Error + Send + Sync>> {
    let peer = key.public().to_peer_id();
    #[cfg(not(target_arch = "wasm32"))]
    let mdns = if cfg.mdns {
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
    #[cfg(target_arch = "wasm32")]
    let mdns = None;
    #[cfg(not(target_arch = "wasm32"))]
    let upnp = cfg.nat.upnp.then(upnp::tokio::Behaviour::default);
    #[cfg(target_arch = "wasm32")]
    let upnp = None;
    #[cfg(not(target_arch = "wasm32"))]
    let (relay, dcutr, autonat_client, autonat_server) = (
        (cfg.nat.serve != RelayService::Off)
            .then(|| super::host_relay::HostRelay::new(peer, nat::relay_config(relay_allow))),
        dcutr::Behaviour::new(peer),
        // Probes every 5 s, up to 10 candidate addresses (the library's defaults).
        autonat::v2::client::Behaviour::default(),
        autonat::v2::server::Behaviour::default(),
    );
    #[cfg(target_arch = "wasm32")]
    let (relay, dcutr, autonat_client, autonat_server) = {
        let _ = (relay_allow, peer, cfg);
        use libp2p::swarm::dummy::Behaviour as Dummy;
        (None, Dummy, Dummy, Dummy)
    };
    Ok(Behaviour {
        identify: identify::Behaviour::new(
            identify::Config::new(IDENTIFY_VERSION.into(), key.public())
                .with_agent_version(format!("dwarfs/{}", env!("CARGO_PKG_VERSION")))
                // Relayed and public addresses come after the first exchange.
                .with_push_listen_addr_updates(true),
        ),
        ping: ping::Behaviour::new(ping::Config::new()),
        mdns: Toggle::from(mdns),
        stream: super::paths::StreamPaths::new(inbound),
        limits: connection_limits::Behaviour::new(
            ConnectionLimits::default()
                .with_max_established_per_peer(Some(MAX_CONNECTIONS_PER_PEER))
                .with_max_established(Some(MAX_CONNECTIONS))
                .with_max_pending_incoming(Some(MAX_PENDING_INCOMING)),
        ),
        relay_client,
        relay: Toggle::from(relay),
        dcutr,
        autonat_client,
        autonat_server,
        upnp: Toggle::from(upnp),
    })
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

/// Dials `peer` at `addrs` when `condition` holds (usually: not connected and not already
/// dialling). The dial takes a fresh local port: with the default (the listen port), two peers
/// dialling each other at once make a single TCP connection in which both act as the
/// initiator, and both handshakes fail. Dials that need the listen port (to relays, so they
/// observe the NAT mapping hole punching uses, and DCUtR's own, which settle the roles of a
/// simultaneous open) are made elsewhere. A circuit address (the punch tries) may come here: the
/// relay client ignores the port choice and reaches the relay over its connection to it, or
/// dials the relay with its own options. Returns the new connection's id if a dial started.
fn dial(
    swarm: &mut Swarm<Behaviour>,
    peer: PeerId,
    addrs: Vec<Multiaddr>,
    condition: PeerCondition,
) -> Option<libp2p::swarm::ConnectionId> {
    use libp2p::swarm::dial_opts::DialOpts;
    if addrs.is_empty() {
        return None;
    }
    let opts = DialOpts::peer_id(peer)
        .condition(condition)
        .addresses(addrs)
        .allocate_new_port()
        .build();
    let id = opts.connection_id();
    match swarm.dial(opts) {
        Ok(()) => return Some(id),
        Err(libp2p::swarm::DialError::DialPeerConditionFalse(_)) => {}
        Err(e) => tracing::debug!(%peer, "dial failed: {e}"),
    }
    None
}

/// What the swarm task shares with the node handle and the stream readers.
pub(crate) struct Shares {
    pub(crate) streams: Counts,
    pub(crate) links: Links,
    pub(crate) advertised: Shared<Vec<Multiaddr>>,
    pub(crate) reach: watch::Sender<Reachability>,
    pub(crate) relay_allow: RelayAllowList,
}

/// The swarm and everything the task keeps beside it.
pub(crate) struct SwarmTask {
    swarm: Swarm<Behaviour>,
    shares: Shares,
    book: AddressBook,
    backlog: VecDeque<NetEvent>,
    /// Writers waiting for a connection to a peer.
    waiting: HashMap<PeerId, Vec<oneshot::Sender<bool>>>,
    relays: Relays,
    reach: ReachState,
    /// Relayed dials left to the other peer of their pair for a moment.
    held: HeldCircuits,
    /// Addresses dialled directly, per peer reached only through a relay (forgotten when the
    /// peer disconnects).
    direct_tried: HashMap<PeerId, Vec<Multiaddr>>,
    /// Relayed links we dialled, and their hole punches tried again.
    punches: PunchRetries,
}

/// How often the task looks for relays due for another try.
const RELAY_TICK: Duration = Duration::from_millis(500);

impl SwarmTask {
    pub(crate) fn new(
        swarm: Swarm<Behaviour>,
        nat: &NatConfig,
        shares: Shares,
    ) -> Result<Self, NodeError> {
        let mut relays = Relays::default();
        let now = Instant::now();
        for r in &nat.relays {
            relays.add(r.clone(), now)?;
        }
        let mut reach = ReachState::default();
        for a in &nat.external {
            reach.confirmed(a.clone());
        }
        let punches = PunchRetries::new(*swarm.local_peer_id());
        let task = SwarmTask {
            swarm,
            shares,
            book: AddressBook::default(),
            backlog: VecDeque::new(),
            waiting: HashMap::new(),
            relays,
            reach,
            held: HeldCircuits::default(),
            direct_tried: HashMap::new(),
            punches,
        };
        task.publish_reach();
        Ok(task)
    }

    /// Runs the swarm: commands in, events out. Events wait in a bounded backlog
    /// ([`SWARM_BACKLOG`]) for room in the events channel, so the swarm never waits for the
    /// driver.
    pub(crate) async fn run(
        mut self,
        mut commands: mpsc::Receiver<Command>,
        events: mpsc::Sender<NetEvent>,
    ) {
        let mut tick = crate::rt::Interval::new(RELAY_TICK);
        loop {
            tokio::select! {
                cmd = commands.recv() => match cmd {
                    None | Some(Command::Shutdown) => break,
                    Some(cmd) => self.command(cmd),
                },
                permit = events.reserve(), if !self.backlog.is_empty() => match permit {
                    Ok(permit) => permit.send(self.backlog.pop_front().expect("not empty")),
                    Err(_) => break,
                },
                _ = tick.tick() => {
                    self.dial_relays();
                    self.dial_held();
                    self.retry_punches();
                }
                ev = self.swarm.select_next_some() => {
                    let before = self.reach.reachability();
                    if let Some(ev) = self.swarm_event(ev) {
                        self.emit(ev);
                    }
                    let now = self.reach.reachability();
                    if now != before {
                        tracing::info!("reachability: {now}");
                        self.publish_reach();
                        self.emit(NetEvent::Reachability(now));
                    }
                }
            }
        }
    }

    fn emit(&mut self, ev: NetEvent) {
        if self.backlog.len() >= SWARM_BACKLOG {
            tracing::warn!("the driver is behind: dropping the oldest network event");
            self.backlog.pop_front();
        }
        self.backlog.push_back(ev);
    }

    /// Tells the node handle what it may advertise and how reachable it is.
    fn publish_reach(&self) {
        let _ = self.shares.reach.send(self.reach.reachability());
    }

    fn advertise(&self, addr: &Multiaddr, add: bool) {
        let mut list = self
            .shares
            .advertised
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if add {
            if !list.contains(addr) {
                list.push(addr.clone());
            }
        } else {
            list.retain(|a| a != addr);
        }
    }

    /// Dials the relays due for a (new) try, from the listening port.
    fn dial_relays(&mut self) {
        use libp2p::swarm::dial_opts::DialOpts;
        for (peer, addr) in self.relays.due(Instant::now()) {
            if self.swarm.is_connected(&peer) {
                self.relay_connected(peer);
                continue;
            }
            let opts = DialOpts::peer_id(peer)
                .condition(PeerCondition::DisconnectedAndNotDialing)
                .addresses(vec![addr])
                .build();
            match self.swarm.dial(opts) {
                // Already dialling it (a circuit through it, say): its connection will do.
                Ok(()) | Err(libp2p::swarm::DialError::DialPeerConditionFalse(_)) => {}
                Err(e) => {
                    tracing::debug!(relay = %peer, "relay dial failed: {e}");
                    self.relays.dial_failed(&peer, Instant::now());
                }
            }
        }
    }

    /// Connected to `peer`: if it is a relay of ours, ask it for a slot.
    fn relay_connected(&mut self, peer: PeerId) {
        if let Some(circuit) = self.relays.connected(&peer) {
            match self.swarm.listen_on(circuit.clone()) {
                Ok(id) => self.relays.listening(&peer, id),
                Err(e) => {
                    tracing::warn!("cannot reserve a slot on relay {circuit}: {e}");
                    self.relays.dial_failed(&peer, Instant::now());
                }
            }
        }
    }

    /// Dials through relays the peers whose held dial fell due and that have not dialled us
    /// meanwhile. (A direct dial of ours may still be pending: a NAT drops it without an
    /// answer, so this dial does not wait for it to fail.)
    fn dial_held(&mut self) {
        for peer in self.held.due(Instant::now()) {
            if self.swarm.is_connected(&peer) {
                continue;
            }
            let addrs: Vec<Multiaddr> = self
                .addrs_for(&peer)
                .into_iter()
                .filter(nat::is_relayed)
                .collect();
            dial(&mut self.swarm, peer, addrs, PeerCondition::Disconnected);
        }
    }

    /// Dials again, through the relay, the peers whose hole punch failed and whose next try is
    /// due, if the link is still relayed only (`punches`).
    fn retry_punches(&mut self) {
        let now = Instant::now();
        for (peer, circuit) in self.punches.due(now) {
            if self.shares.links.path(&peer) != Some(nat::Path::Relayed) {
                continue;
            }
            tracing::info!(%peer, "trying the hole punch again: a new relayed connection");
            match dial(&mut self.swarm, peer, vec![circuit], PeerCondition::Always) {
                Some(id) => self.punches.probing(&peer, id),
                None => {
                    self.punches.failed(&peer, now);
                }
            }
        }
    }

    /// Dials `peer`, reached only through a relay, directly at the addresses it listens on that
    /// were not tried yet. A peer with a public address (a host on the public side, one with a
    /// port forwarded or mapped by UPnP) is reached at once, without waiting for a hole punch
    /// (which may not come: DCUtR needs observed addresses on both sides); a private address
    /// of a peer in another home fails quietly, as its NAT drops the dial. The relayed
    /// connection then retires (`paths`).
    fn dial_direct(&mut self, peer: PeerId) {
        if self.shares.links.path(&peer) != Some(nat::Path::Relayed) {
            return;
        }
        let tried = self.direct_tried.entry(peer).or_default();
        let addrs: Vec<Multiaddr> = self
            .book
            .get(&peer)
            .into_iter()
            .filter(|a| nat::is_direct_candidate(a) && !tried.contains(a))
            .collect();
        if addrs.is_empty() || tried.len() >= 2 * MAX_ADDRS_PER_PEER {
            return;
        }
        tried.extend(addrs.iter().cloned());
        tracing::debug!(%peer, "relayed only: dialling {addrs:?} directly");
        dial(&mut self.swarm, peer, addrs, PeerCondition::Always);
    }

    /// The addresses to dial `peer` at: those we know, then through every relay that holds a
    /// slot for us (the peer may hold one there too).
    fn addrs_for(&self, peer: &PeerId) -> Vec<Multiaddr> {
        let mut addrs = self.book.get(peer);
        // Through each relay that listens for us (`RELAY/p2p-circuit/p2p/ME`): the peer may
        // hold a slot on it too.
        for c in self.reach.circuits() {
            let relay = nat::relay_of(c);
            let a = relay
                .clone()
                .with(Protocol::P2pCircuit)
                .with(Protocol::P2p(*peer));
            if !addrs.contains(&a) && nat::peer_of(&relay) != Some(*peer) {
                addrs.push(a);
            }
        }
        // Through a relay, only over a transport we listen on where there is such a way: a
        // relay reached from a socket of its own observes a port no one can punch a hole to.
        let quic = |a: &Multiaddr| a.iter().any(|p| matches!(p, Protocol::QuicV1));
        let ours: Vec<bool> = self
            .swarm
            .listeners()
            .filter(|a| !nat::is_relayed(a))
            .map(quic)
            .collect();
        let usable = |a: &Multiaddr| !nat::is_relayed(a) || ours.contains(&quic(&nat::relay_of(a)));
        if addrs.iter().any(|a| nat::is_relayed(a) && usable(a)) {
            addrs.retain(usable);
        }
        addrs
    }

    fn command(&mut self, cmd: Command) {
        let swarm = &mut self.swarm;
        match cmd {
            Command::Shutdown => {}
            Command::AddAddress(peer, addr) => {
                swarm.add_peer_address(peer, addr.clone());
                self.book.add(peer, addr);
            }
            Command::Dial(peer, addrs) => {
                for a in addrs {
                    self.book.add(peer, a);
                }
                if !self.swarm.is_connected(&peer) {
                    let addrs = self.addrs_for(&peer);
                    dial(
                        &mut self.swarm,
                        peer,
                        addrs,
                        PeerCondition::DisconnectedAndNotDialing,
                    );
                }
            }
            Command::Connect(peer, tx) => {
                if swarm.is_connected(&peer) {
                    let _ = tx.send(true);
                } else {
                    // With no address to dial, the peer may still dial us: the writer waits
                    // for that (up to its own timeout) as for a dial of ours. Of two peers
                    // behind NATs, one dials through the relay first (`circuits`).
                    let me = *self.swarm.local_peer_id();
                    let addrs = self.addrs_for(&peer);
                    let addrs = self.held.split(&me, peer, addrs, Instant::now());
                    dial(
                        &mut self.swarm,
                        peer,
                        addrs,
                        PeerCondition::DisconnectedAndNotDialing,
                    );
                    let list = self.waiting.entry(peer).or_default();
                    list.retain(|t| !t.is_closed());
                    list.push(tx);
                }
            }
            Command::Disconnect(peer) => {
                let _ = swarm.disconnect_peer_id(peer);
            }
            Command::Trust(peer) => {
                self.swarm.behaviour_mut().limits.bypass_peer_id(&peer);
            }
            Command::Distrust(peer) => {
                self.swarm.behaviour_mut().limits.remove_peer_id(&peer);
            }
            Command::UseRelay(addr) => match self.relays.add(addr, Instant::now()) {
                Ok(true) => self.dial_relays(),
                Ok(false) => {}
                Err(e) => tracing::warn!("{e}"),
            },
            Command::ListenAddrs(tx) => {
                let _ = tx.send(swarm.listeners().cloned().collect());
            }
            Command::Stats(tx) => {
                let info = swarm.network_info();
                let c = info.connection_counters();
                let (inbound_streams, refused_streams) = self
                    .shares
                    .streams
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .snapshot();
                let (frames_direct, frames_relayed) = self.shares.links.totals();
                let _ = tx.send(NodeStats {
                    connections: c.num_established(),
                    pending_incoming: c.num_pending_incoming(),
                    inbound_streams,
                    refused_streams,
                    frames_direct,
                    frames_relayed,
                    relay_refused: self.shares.relay_allow.refused(),
                });
            }
        }
    }

    fn swarm_event(&mut self, ev: SwarmEvent<BehaviourEvent>) -> Option<NetEvent> {
        match ev {
            SwarmEvent::ConnectionEstablished {
                peer_id,
                connection_id,
                endpoint,
                num_established,
                ..
            } => {
                for tx in self.waiting.remove(&peer_id).unwrap_or_default() {
                    let _ = tx.send(true);
                }
                // A direct connection next to relayed ones: the writers move their streams to
                // it and the relayed ones close once drained (`paths`).
                let relayed = endpoint.is_relayed();
                let changed = self.shares.links.opened(peer_id, connection_id, relayed);
                if self.relays.is_relay(&peer_id) {
                    self.relay_connected(peer_id);
                }
                if relayed {
                    if endpoint.is_dialer() {
                        self.punches.dialled(
                            peer_id,
                            endpoint.get_remote_address().clone(),
                            Instant::now(),
                        );
                        // Next to a direct connection there is nothing to punch or watch.
                        if self.shares.links.path(&peer_id) != Some(nat::Path::Relayed) {
                            self.punches.direct(&peer_id);
                        }
                    } else {
                        self.punches.accepted(peer_id);
                    }
                    self.dial_direct(peer_id);
                } else {
                    self.punches.direct(&peer_id);
                }
                if num_established.get() == 1 {
                    self.emit(NetEvent::Connected {
                        peer: peer_id,
                        addr: endpoint.get_remote_address().clone(),
                    });
                }
                changed.map(|path| NetEvent::Link {
                    peer: peer_id,
                    path,
                })
            }
            SwarmEvent::ConnectionClosed {
                peer_id,
                connection_id,
                num_established,
                cause,
                ..
            } => {
                tracing::debug!(%peer_id, "connection closed: {cause:?}");
                let changed = self.shares.links.closed(peer_id, connection_id);
                if num_established == 0 {
                    self.direct_tried.remove(&peer_id);
                    self.punches.forget(&peer_id);
                    Some(NetEvent::Disconnected { peer: peer_id })
                } else {
                    if changed == Some(nat::Path::Relayed)
                        && let Some(pause) = self.punches.relayed_again(&peer_id, Instant::now())
                    {
                        tracing::info!(%peer_id, "back on the relay: punching again in {pause:?}");
                    }
                    changed.map(|path| NetEvent::Link {
                        peer: peer_id,
                        path,
                    })
                }
            }
            SwarmEvent::OutgoingConnectionError {
                peer_id: Some(peer),
                connection_id,
                error,
            } => {
                tracing::debug!(%peer, "dial failed: {error}");
                if let Some(pause) = self
                    .punches
                    .dial_failed(&peer, connection_id, Instant::now())
                {
                    tracing::info!(%peer, "no new relayed connection: trying again in {pause:?}");
                }
                if !self.swarm.is_connected(&peer) {
                    for tx in self.waiting.remove(&peer).unwrap_or_default() {
                        let _ = tx.send(false);
                    }
                    self.relays.dial_failed(&peer, Instant::now());
                    return Some(NetEvent::DialFailed {
                        peer,
                        reason: super::dial_words::dial_error_words(&error),
                    });
                }
                None
            }
            SwarmEvent::NewListenAddr { address, .. } => {
                if nat::is_relayed(&address) {
                    tracing::info!("a relay listens for us at {address}");
                    if let Some(relay) = nat::peer_of(&nat::relay_of(&address)) {
                        self.relays.reserved(&relay);
                    }
                    self.reach.circuit_up(address.clone());
                    self.advertise(&address, true);
                }
                None
            }
            SwarmEvent::ExpiredListenAddr { address, .. } => {
                self.reach.circuit_down(&address);
                self.advertise(&address, false);
                None
            }
            SwarmEvent::ListenerClosed {
                listener_id,
                addresses,
                reason,
            } => {
                if self.relays.listener_closed(listener_id, Instant::now()) {
                    tracing::info!("a relay reservation ended: {reason:?}");
                }
                for a in &addresses {
                    self.reach.circuit_down(a);
                    self.advertise(a, false);
                }
                None
            }
            SwarmEvent::ExternalAddrConfirmed { address } => {
                if !nat::is_relayed(&address) {
                    tracing::info!("reachable from outside at {address}");
                }
                self.reach.confirmed(address.clone());
                self.advertise(&address, true);
                None
            }
            SwarmEvent::ExternalAddrExpired { address } => {
                self.reach.expired(&address);
                self.advertise(&address, false);
                None
            }
            SwarmEvent::Behaviour(ev) => self.behaviour_event(ev),
            other => {
                tracing::trace!("swarm: {other:?}");
                None
            }
        }
    }

    fn behaviour_event(&mut self, ev: BehaviourEvent) -> Option<NetEvent> {
        match ev {
            #[cfg(not(target_arch = "wasm32"))]
            BehaviourEvent::Mdns(mdns::Event::Discovered(list)) => {
                for (p, a) in &list {
                    self.swarm.add_peer_address(*p, a.clone());
                    self.book.learn(*p, a.clone());
                }
                Some(NetEvent::Discovered(list))
            }
            BehaviourEvent::Identify(identify::Event::Received { peer_id, info, .. }) => {
                for a in &info.listen_addrs {
                    self.book.learn(peer_id, a.clone());
                }
                self.dial_direct(peer_id);
                Some(NetEvent::Identified {
                    peer: peer_id,
                    addrs: info.listen_addrs,
                    agent: info.agent_version,
                })
            }
            #[cfg(not(target_arch = "wasm32"))]
            BehaviourEvent::Dcutr(dcutr::Event {
                remote_peer_id,
                result,
            }) => match result {
                Ok(_) => {
                    tracing::info!(peer = %remote_peer_id, "hole punched: the link is direct");
                    None
                }
                Err(e) => {
                    tracing::info!(peer = %remote_peer_id, "hole punching failed: {e}");
                    self.shares.links.punch_failed(remote_peer_id);
                    if let Some(pause) = self.punches.failed(&remote_peer_id, Instant::now()) {
                        tracing::info!(peer = %remote_peer_id, "trying again in {pause:?}");
                    }
                    Some(NetEvent::PunchFailed {
                        peer: remote_peer_id,
                        reason: e.to_string(),
                    })
                }
            },
            #[cfg(not(target_arch = "wasm32"))]
            BehaviourEvent::AutonatClient(ev) => {
                match &ev.result {
                    Ok(()) => tracing::debug!("AutoNAT: {} is reachable", ev.tested_addr),
                    Err(e) => {
                        tracing::debug!("AutoNAT: {} is not reachable: {e}", ev.tested_addr);
                        self.reach.test_failed();
                    }
                }
                None
            }
            BehaviourEvent::RelayClient(ev) => {
                tracing::debug!("relay client: {ev:?}");
                None
            }
            BehaviourEvent::Relay(ev) => {
                tracing::debug!("relay: {ev:?}");
                None
            }
            BehaviourEvent::Upnp(ev) => {
                tracing::info!("UPnP: {ev:?}");
                None
            }
            other => {
                tracing::trace!("behaviour: {other:?}");
                None
            }
        }
    }
}
