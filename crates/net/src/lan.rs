//! The list of open lobbies on the LAN. mDNS finds dwarfs nodes; each one found is asked what it
//! hosts ([`NetMsg::LobbyQuery`]), and a host with an open lobby answers with its
//! [`LobbyInfo`] (game, host name, open seats, invite ticket). Lobbies are asked again every few
//! seconds, and one that stops answering (started, closed, gone) leaves the list.

use crate::envelope::{Envelope, LobbyInfo, NetMsg, open, wrap_net};
use crate::node::{NetEvent, Node, NodeConfig};
use libp2p::identity::Keypair;
use libp2p::{Multiaddr, PeerId};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// How often known nodes are asked again.
const ASK_EVERY: Duration = Duration::from_secs(2);
/// A lobby that has not answered for this long leaves the list.
const FORGET_AFTER: Duration = Duration::from_secs(7);

/// An open lobby found on the LAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanLobby {
    /// The host's peer id.
    pub peer: PeerId,
    /// What the host says about its lobby (with the ticket to join it).
    pub info: LobbyInfo,
}

/// What the browser reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LanUpdate {
    /// A lobby appeared, or its open seats changed.
    Found(LanLobby),
    /// A lobby closed, started or stopped answering.
    Gone(PeerId),
    /// The browser could not run (no network, mDNS refused...).
    Failed(String),
}

/// Where to look for lobbies.
#[derive(Clone, Debug, Default)]
pub struct BrowseConfig {
    /// Find nodes by mDNS.
    pub mdns: bool,
    /// Nodes to ask as well, without mDNS (a known address; tests use loopback).
    pub known: Vec<(PeerId, Vec<Multiaddr>)>,
}

/// A running LAN browser. Dropping it stops it.
pub struct LanBrowser {
    updates: mpsc::UnboundedReceiver<LanUpdate>,
    stop: mpsc::UnboundedSender<()>,
}

impl LanBrowser {
    /// The next update if one is waiting.
    pub fn try_recv(&mut self) -> Option<LanUpdate> {
        self.updates.try_recv().ok()
    }

    /// The next update, waiting for it; `None` once the browser has stopped.
    pub async fn recv(&mut self) -> Option<LanUpdate> {
        self.updates.recv().await
    }
}

impl Drop for LanBrowser {
    fn drop(&mut self) {
        let _ = self.stop.send(());
    }
}

/// Starts browsing on `rt`; `wake` is called after every update (an app passes its repaint).
pub fn browse_lan(
    rt: &tokio::runtime::Handle,
    cfg: BrowseConfig,
    wake: impl Fn() + Send + Sync + 'static,
) -> LanBrowser {
    let (tx, rx) = mpsc::unbounded_channel();
    let (stop_tx, stop_rx) = mpsc::unbounded_channel();
    let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(wake);
    rt.spawn(async move {
        if let Err(e) = browse(cfg, &tx, &wake, stop_rx).await {
            let _ = tx.send(LanUpdate::Failed(e));
            wake();
        }
    });
    LanBrowser {
        updates: rx,
        stop: stop_tx,
    }
}

async fn browse(
    cfg: BrowseConfig,
    tx: &mpsc::UnboundedSender<LanUpdate>,
    wake: &Arc<dyn Fn() + Send + Sync>,
    mut stop: mpsc::UnboundedReceiver<()>,
) -> Result<(), String> {
    let ip = if cfg.mdns { "0.0.0.0" } else { "127.0.0.1" };
    let listen: Multiaddr = format!("/ip4/{ip}/tcp/0")
        .parse()
        .map_err(|e| format!("{e}"))?;
    // A throwaway identity: browsing says nothing about who is looking.
    let mut node = Node::start(NodeConfig {
        mdns: cfg.mdns,
        ..NodeConfig::new(Keypair::generate_ed25519(), vec![listen])
    })
    .await
    .map_err(|e| format!("could not start the LAN search: {e}"))?;
    let send = |u: LanUpdate| {
        if tx.send(u).is_ok() {
            wake();
        }
    };
    let mut known: BTreeMap<PeerId, Vec<Multiaddr>> = BTreeMap::new();
    let mut connected: Vec<PeerId> = Vec::new();
    let mut lobbies: BTreeMap<PeerId, (LobbyInfo, Instant)> = BTreeMap::new();
    for (p, addrs) in cfg.known {
        node.dial(p, addrs.clone());
        known.insert(p, addrs);
    }
    let mut tick = tokio::time::interval(ASK_EVERY);
    loop {
        tokio::select! {
            _ = stop.recv() => break,
            _ = tick.tick() => {
                for (p, addrs) in &known {
                    if connected.contains(p) {
                        node.send(*p, wrap_net(&NetMsg::LobbyQuery));
                    } else {
                        node.dial(*p, addrs.clone());
                    }
                }
                let stale: Vec<PeerId> = lobbies
                    .iter()
                    .filter(|(_, (_, at))| at.elapsed() > FORGET_AFTER)
                    .map(|(p, _)| *p)
                    .collect();
                for p in stale {
                    lobbies.remove(&p);
                    send(LanUpdate::Gone(p));
                }
            }
            ev = node.next_event() => match ev {
                None => return Err("the LAN search stopped".into()),
                Some(NetEvent::Discovered(list)) => {
                    for (p, addr) in list {
                        let addrs = known.entry(p).or_default();
                        if !addrs.contains(&addr) {
                            addrs.push(addr.clone());
                            node.dial(p, vec![addr]);
                        }
                    }
                }
                Some(NetEvent::Connected { peer, .. }) => {
                    if !connected.contains(&peer) {
                        connected.push(peer);
                    }
                    node.send(peer, wrap_net(&NetMsg::LobbyQuery));
                }
                Some(NetEvent::Disconnected { peer }) => connected.retain(|p| *p != peer),
                Some(NetEvent::Frame { from, bytes }) => {
                    if let Ok(Envelope::Net(NetMsg::LobbyInfo(info))) = open(&bytes) {
                        let changed = lobbies.get(&from).is_none_or(|(old, _)| *old != info);
                        lobbies.insert(from, (info.clone(), Instant::now()));
                        if changed {
                            send(LanUpdate::Found(LanLobby { peer: from, info }));
                        }
                    }
                }
                Some(_) => {}
            }
        }
    }
    node.shutdown().await;
    Ok(())
}

pub use crate::local_net::is_local;
