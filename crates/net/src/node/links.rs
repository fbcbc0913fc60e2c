//! How each connected peer is reached (directly or through a relay) and how many frames came
//! each way, shared between the swarm task (which sees connections come and go) and the stream
//! readers (which count frames).

use super::nat::Path;
use libp2p::PeerId;
use libp2p::swarm::ConnectionId;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// The most peers whose frame counts are kept after they disconnect (so a report at the end of
/// a game still has them); the oldest are forgotten first.
const MAX_GONE: usize = 64;

/// What the node knows about its link with one peer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LinkStats {
    /// How the peer is reached now; `None` when not connected.
    pub path: Option<Path>,
    /// Frames received while the peer was reached directly.
    pub frames_direct: u64,
    /// Frames received while the peer was reached only through a relay.
    pub frames_relayed: u64,
    /// How the last frame from the peer came.
    pub last_frame: Option<Path>,
    /// Hole punches that failed (the link stays relayed).
    pub punches_failed: u32,
    /// Relayed connections still open (beside a direct one, until their streams have moved).
    #[serde(default)]
    pub relayed_open: u32,
}

#[derive(Default)]
struct Peer {
    /// Open connections and whether each is relayed.
    conns: BTreeMap<ConnectionId, bool>,
    stats: LinkStats,
    /// How many times a direct connection came up beside relayed ones: a writer whose stream
    /// is older moves it to the direct connection.
    moves: u64,
}

impl Peer {
    fn relayed_open(&self) -> u32 {
        self.conns.values().filter(|r| **r).count() as u32
    }

    fn path(&self) -> Option<Path> {
        if self.conns.values().any(|relayed| !relayed) {
            Some(Path::Direct)
        } else if self.conns.is_empty() {
            None
        } else {
            Some(Path::Relayed)
        }
    }
}

#[derive(Default)]
struct Inner {
    peers: HashMap<PeerId, Peer>,
    /// Peers with no connection, oldest first (bounded by [`MAX_GONE`]).
    gone: Vec<PeerId>,
}

/// Links to every peer, shared (cheap to clone).
#[derive(Clone)]
pub(crate) struct Links(Arc<Mutex<Inner>>, Arc<watch::Sender<u64>>);

impl Default for Links {
    fn default() -> Self {
        Links(Arc::default(), Arc::new(watch::Sender::new(0)))
    }
}

impl Links {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A connection opened. Returns the peer's path if it changed.
    pub(crate) fn opened(&self, peer: PeerId, id: ConnectionId, relayed: bool) -> Option<Path> {
        let mut g = self.lock();
        g.gone.retain(|p| *p != peer);
        let p = g.peers.entry(peer).or_default();
        let before = p.path();
        let moves = !relayed && p.conns.values().any(|r| *r);
        p.conns.insert(id, relayed);
        p.stats.path = p.path();
        p.stats.relayed_open = p.relayed_open();
        let changed = (p.stats.path != before).then_some(p.stats.path).flatten();
        if moves {
            p.moves += 1;
            drop(g);
            self.1.send_modify(|n| *n += 1);
        }
        changed
    }

    /// A connection closed. Returns the peer's new path if it changed but a connection is
    /// left.
    pub(crate) fn closed(&self, peer: PeerId, id: ConnectionId) -> Option<Path> {
        let mut g = self.lock();
        let p = g.peers.get_mut(&peer)?;
        let before = p.path();
        p.conns.remove(&id);
        p.stats.path = p.path();
        p.stats.relayed_open = p.relayed_open();
        let now = p.stats.path;
        if now.is_none() {
            g.gone.push(peer);
            if g.gone.len() > MAX_GONE {
                let old = g.gone.remove(0);
                g.peers.remove(&old);
            }
        }
        (now != before).then_some(now).flatten()
    }

    /// How many times a direct connection to `peer` came up beside relayed ones.
    pub(crate) fn moves(&self, peer: &PeerId) -> u64 {
        self.lock().peers.get(peer).map_or(0, |p| p.moves)
    }

    /// Changes whenever some peer's streams should move to a direct connection.
    pub(crate) fn subscribe(&self) -> watch::Receiver<u64> {
        self.1.subscribe()
    }

    /// A hole punch with `peer` failed.
    pub(crate) fn punch_failed(&self, peer: PeerId) {
        if let Some(p) = self.lock().peers.get_mut(&peer) {
            p.stats.punches_failed = p.stats.punches_failed.saturating_add(1);
        }
    }

    /// How `peer` is reached now (`None` when not connected).
    pub(crate) fn path(&self, peer: &PeerId) -> Option<Path> {
        self.lock().peers.get(peer).and_then(Peer::path)
    }

    /// A frame came from `peer` on a stream that came in while the peer was reached by `path`
    /// (a stream stays on its connection: one that came through the relay is counted relayed
    /// to its end, after a direct connection came up beside it).
    pub(crate) fn frame(&self, peer: PeerId, path: Path) {
        let mut g = self.lock();
        let Some(p) = g.peers.get_mut(&peer) else {
            return;
        };
        match path {
            Path::Direct => p.stats.frames_direct += 1,
            Path::Relayed => p.stats.frames_relayed += 1,
        }
        p.stats.last_frame = Some(path);
    }

    /// The link with `peer`.
    pub(crate) fn get(&self, peer: &PeerId) -> Option<LinkStats> {
        self.lock().peers.get(peer).map(|p| p.stats)
    }

    /// Frames received in all, directly and through relays.
    pub(crate) fn totals(&self) -> (u64, u64) {
        let g = self.lock();
        g.peers.values().fold((0, 0), |(d, r), p| {
            (d + p.stats.frames_direct, r + p.stats.frames_relayed)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_peer_is_direct_while_any_direct_connection_is_up() {
        let l = Links::default();
        let p = PeerId::random();
        let (relayed, direct) = (
            ConnectionId::new_unchecked(1),
            ConnectionId::new_unchecked(2),
        );
        assert_eq!(l.opened(p, relayed, true), Some(Path::Relayed));
        l.frame(p, Path::Relayed);
        assert_eq!(l.opened(p, direct, false), Some(Path::Direct));
        assert_eq!(l.moves(&p), 1, "the streams move");
        assert_eq!(l.get(&p).unwrap().relayed_open, 1);
        l.frame(p, Path::Direct);
        l.frame(p, Path::Direct);
        assert_eq!(l.closed(p, relayed), None, "still direct");
        let s = l.get(&p).unwrap();
        assert_eq!((s.frames_relayed, s.frames_direct), (1, 2));
        assert_eq!(s.last_frame, Some(Path::Direct));
        assert_eq!(
            l.closed(p, direct),
            None,
            "gone: reported as a disconnection"
        );
        let s = l.get(&p).expect("kept after the peer left");
        assert_eq!(s.path, None);
        assert_eq!(l.totals(), (2, 1));
    }

    #[test]
    fn losing_the_direct_connection_falls_back_to_the_relay() {
        let l = Links::default();
        let p = PeerId::random();
        l.opened(p, ConnectionId::new_unchecked(1), false);
        l.opened(p, ConnectionId::new_unchecked(2), true);
        assert_eq!(
            l.closed(p, ConnectionId::new_unchecked(1)),
            Some(Path::Relayed)
        );
    }

    #[test]
    fn departed_peers_are_bounded() {
        let l = Links::default();
        let first = PeerId::random();
        l.opened(first, ConnectionId::new_unchecked(0), false);
        l.closed(first, ConnectionId::new_unchecked(0));
        for i in 1..=MAX_GONE {
            let p = PeerId::random();
            l.opened(p, ConnectionId::new_unchecked(i), false);
            l.closed(p, ConnectionId::new_unchecked(i));
        }
        assert!(l.get(&first).is_none(), "the oldest is forgotten");
        assert_eq!(l.lock().peers.len(), MAX_GONE);
    }
}
