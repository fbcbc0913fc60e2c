//! Getting through home NAT routers: what the node is told (relays to use, whether to serve
//! as a relay, addresses known to be public), what it learns (its [`Reachability`]), and who
//! may use it as a relay ([`RelayAllowList`]).
//!
//! The libp2p protocols do the work: AutoNAT v2 tests whether an address is reachable from
//! outside, UPnP asks the home router for a port mapping, circuit relay v2 gives a node behind
//! NAT an address on a public relay (`.../p2p/RELAY/p2p-circuit`), and DCUtR turns a relayed
//! connection into a direct one where the NATs allow it. This module holds the plain state
//! around them; the swarm task ([`super::swarm`]) feeds it events.

pub use dwarfs_client::{MAX_RELAYS, Path, Reachability, is_relayed, peer_of, relay_of};
use libp2p::multiaddr::Protocol;
use libp2p::{Multiaddr, PeerId, relay};
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use web_time::Instant;

/// How long a relay keeps a reservation before the node renews it (the client renews on its
/// own before it expires).
pub const RESERVATION_DURATION: Duration = Duration::from_secs(60 * 60);

/// The longest a relayed circuit lasts. rust-libp2p's default (2 minutes) ends a game's link in
/// its first minutes; a game that cannot punch a hole plays over the relay to its end.
pub const MAX_CIRCUIT_DURATION: Duration = Duration::from_secs(12 * 60 * 60);

/// The most bytes a relayed circuit carries (both ways). A whole game is a few hundred KiB of
/// moves and acks; the default of 128 KiB ends a circuit in mid-game.
pub const MAX_CIRCUIT_BYTES: u64 = 256 << 20;

/// The most reservations a relay holds, and circuits it relays, at once.
pub const MAX_RESERVATIONS: usize = 128;
/// The most circuits a relay carries at once.
pub const MAX_CIRCUITS: usize = 64;
/// The most circuits a relay carries at once for one peer.
pub const MAX_CIRCUITS_PER_PEER: usize = 8;

/// The most peers a node lets use it as a relay (the players and spectators of its lobbies and
/// games; more are refused).
pub const MAX_RELAY_ALLOWED: usize = 1024;

/// Whom a node relays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RelayService {
    /// Nobody.
    Off,
    /// Only peers the app trusts ([`super::Node::trust`]): the players and spectators of its
    /// lobby and game. Reservations only succeed once the node knows a public address of
    /// its own (AutoNAT, UPnP or configuration).
    #[default]
    Players,
    /// Anyone, within the relay's limits (`dwarfs relay --open`).
    Anyone,
}

/// How a node gets through NAT.
#[derive(Clone, Debug, Default)]
pub struct NatConfig {
    /// Relays to reserve a slot on, each `.../p2p/RELAY_ID` (at most [`MAX_RELAYS`]).
    pub relays: Vec<Multiaddr>,
    /// Whom this node relays for.
    pub serve: RelayService,
    /// Addresses known to be reachable from outside (a relay's public address), announced as
    /// such without testing.
    pub external: Vec<Multiaddr>,
    /// Ask the home router for a port mapping with UPnP.
    pub upnp: bool,
}

/// Whether `addr` is worth a direct dial to a peer reached through a relay: not relayed, and not
/// an address that names this machine or no machine (loopback, unspecified).
pub(crate) fn is_direct_candidate(addr: &Multiaddr) -> bool {
    !is_relayed(addr)
        && match addr.iter().next() {
            Some(Protocol::Ip4(ip)) => !ip.is_loopback() && !ip.is_unspecified(),
            Some(Protocol::Ip6(ip)) => !ip.is_loopback() && !ip.is_unspecified(),
            Some(Protocol::Dns(_) | Protocol::Dns4(_) | Protocol::Dns6(_)) => true,
            _ => false,
        }
}

/// Whether browsers can dial `addr`: a concrete WebSocket address (TCP, then `/ws`).
pub fn browser_dialable(addr: &Multiaddr) -> bool {
    let mut it = addr.iter();
    let ip_ok = match it.next() {
        Some(Protocol::Ip4(ip)) => !ip.is_unspecified(),
        Some(Protocol::Ip6(ip)) => !ip.is_unspecified(),
        Some(Protocol::Dns(_) | Protocol::Dns4(_) | Protocol::Dns6(_)) => true,
        _ => false,
    };
    ip_ok
        && matches!(it.next(), Some(Protocol::Tcp(_)))
        && matches!(it.next(), Some(Protocol::Ws(_)))
        && !addr.iter().any(|p| matches!(p, Protocol::P2pCircuit))
}

/// The peers a node relays for, shared between the app (which allows the players of its games)
/// and the relay behaviour (which asks it for every reservation and circuit).
#[derive(Clone, Debug, Default)]
pub struct RelayAllowList {
    inner: Arc<Mutex<Allowed>>,
}

#[derive(Debug, Default)]
struct Allowed {
    peers: BTreeSet<PeerId>,
    anyone: bool,
    refused: u64,
}

impl RelayAllowList {
    fn lock(&self) -> std::sync::MutexGuard<'_, Allowed> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A list that lets anyone through.
    pub fn anyone() -> Self {
        let l = Self::default();
        l.lock().anyone = true;
        l
    }

    /// Lets `peer` reserve a slot and open circuits. False when the list is full.
    pub fn allow(&self, peer: PeerId) -> bool {
        let mut a = self.lock();
        if a.peers.len() >= MAX_RELAY_ALLOWED && !a.peers.contains(&peer) {
            return false;
        }
        a.peers.insert(peer);
        true
    }

    /// Stops relaying for `peer` (reservations and circuits already made run out).
    pub fn revoke(&self, peer: &PeerId) {
        self.lock().peers.remove(peer);
    }

    /// Whether `peer` may use the relay.
    pub fn allows(&self, peer: &PeerId) -> bool {
        let a = self.lock();
        a.anyone || a.peers.contains(peer)
    }

    /// Reservations and circuits refused so far because the peer was not allowed.
    pub fn refused(&self) -> u64 {
        self.lock().refused
    }
}

impl relay::RateLimiter for RelayAllowList {
    fn try_next(&mut self, peer: PeerId, _addr: &Multiaddr, _now: Instant) -> bool {
        let mut a = self.lock();
        let ok = a.anyone || a.peers.contains(&peer);
        if !ok {
            a.refused += 1;
            tracing::debug!(%peer, "relay refused: not a player of ours");
        }
        ok
    }
}

/// The relay server's configuration: rust-libp2p's rate limits, our own limits (long enough
/// for a game), and the allow-list in front of reservations and circuits.
pub(crate) fn relay_config(allowed: &RelayAllowList) -> relay::Config {
    let mut c = relay::Config {
        max_reservations: MAX_RESERVATIONS,
        reservation_duration: RESERVATION_DURATION,
        max_circuits: MAX_CIRCUITS,
        max_circuits_per_peer: MAX_CIRCUITS_PER_PEER,
        max_circuit_duration: MAX_CIRCUIT_DURATION,
        max_circuit_bytes: MAX_CIRCUIT_BYTES,
        ..relay::Config::default()
    };
    c.reservation_rate_limiters.push(Box::new(allowed.clone()));
    c.circuit_src_rate_limiters.push(Box::new(allowed.clone()));
    c
}

/// What the node has learnt about its own reachability.
#[derive(Debug, Default)]
pub(crate) struct ReachState {
    public: Vec<Multiaddr>,
    circuits: Vec<Multiaddr>,
    /// AutoNAT tests that failed since the last one that succeeded.
    failed_tests: u32,
}

impl ReachState {
    /// The current verdict.
    pub(crate) fn reachability(&self) -> Reachability {
        if !self.public.is_empty() {
            Reachability::Public(self.public.clone())
        } else if !self.circuits.is_empty() {
            Reachability::Relayed(self.circuits.clone())
        } else if self.failed_tests > 0 {
            Reachability::BehindNat
        } else {
            Reachability::Unknown
        }
    }

    /// An address was confirmed reachable from outside.
    pub(crate) fn confirmed(&mut self, addr: Multiaddr) {
        if is_relayed(&addr) {
            return;
        }
        self.failed_tests = 0;
        if !self.public.contains(&addr) {
            self.public.push(addr);
        }
    }

    /// A confirmed address expired.
    pub(crate) fn expired(&mut self, addr: &Multiaddr) {
        self.public.retain(|a| a != addr);
    }

    /// An AutoNAT test of one of our addresses failed.
    pub(crate) fn test_failed(&mut self) {
        self.failed_tests = self.failed_tests.saturating_add(1);
    }

    /// A relay now listens for us at `addr`.
    pub(crate) fn circuit_up(&mut self, addr: Multiaddr) {
        if !self.circuits.contains(&addr) {
            self.circuits.push(addr);
        }
    }

    /// A relayed listen address is gone.
    pub(crate) fn circuit_down(&mut self, addr: &Multiaddr) {
        self.circuits.retain(|a| a != addr);
    }

    /// The relayed addresses we hold.
    pub(crate) fn circuits(&self) -> &[Multiaddr] {
        &self.circuits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_concrete_websocket_addresses_are_for_browsers() {
        for (a, ok) in [
            ("/ip4/192.168.1.5/tcp/4001/ws", true),
            ("/ip4/127.0.0.1/tcp/4001/ws", true),
            ("/dns4/example.org/tcp/443/ws", true),
            ("/ip4/0.0.0.0/tcp/4001/ws", false),
            ("/ip4/192.168.1.5/tcp/4001", false),
            ("/ip4/192.168.1.5/udp/4001/quic-v1", false),
            (
                "/ip4/192.168.1.5/tcp/4001/ws/p2p/12D3KooWAmWaPgKaTvwwYeWrmhUHUyYcRbrtjsWTtLSgCyrN5Jks/p2p-circuit",
                false,
            ),
        ] {
            assert_eq!(browser_dialable(&a.parse().unwrap()), ok, "{a}");
        }
    }
    use libp2p::relay::RateLimiter;

    fn addr(s: &str) -> Multiaddr {
        s.parse().unwrap()
    }

    #[test]
    fn reachability_prefers_public_then_relayed_then_a_failed_test() {
        let mut r = ReachState::default();
        assert_eq!(r.reachability(), Reachability::Unknown);
        r.test_failed();
        assert_eq!(r.reachability(), Reachability::BehindNat);
        let relay = PeerId::random();
        let circuit = addr(&format!(
            "/ip4/203.0.113.1/tcp/4001/p2p/{relay}/p2p-circuit"
        ));
        r.circuit_up(circuit.clone());
        assert_eq!(
            r.reachability(),
            Reachability::Relayed(vec![circuit.clone()])
        );
        assert!(
            r.reachability()
                .to_string()
                .contains("/ip4/203.0.113.1/tcp/4001")
        );
        let public = addr("/ip4/203.0.113.7/tcp/5000");
        r.confirmed(public.clone());
        assert_eq!(r.reachability(), Reachability::Public(vec![public.clone()]));
        // A relayed address is never "public".
        r.confirmed(circuit.clone());
        assert_eq!(r.reachability(), Reachability::Public(vec![public.clone()]));
        r.expired(&public);
        r.circuit_down(&circuit);
        // The failed test was forgotten when an address was confirmed.
        assert_eq!(r.reachability(), Reachability::Unknown);
    }

    #[test]
    fn the_allow_list_refuses_strangers_and_counts_them() {
        let mut l = RelayAllowList::default();
        let (friend, stranger) = (PeerId::random(), PeerId::random());
        assert!(l.allow(friend));
        let a = addr("/ip4/203.0.113.9/tcp/1");
        assert!(l.try_next(friend, &a, Instant::now()));
        assert!(!l.try_next(stranger, &a, Instant::now()));
        assert_eq!(l.refused(), 1);
        l.revoke(&friend);
        assert!(!l.try_next(friend, &a, Instant::now()));
        let mut open = RelayAllowList::anyone();
        assert!(open.try_next(stranger, &a, Instant::now()));
    }

    #[test]
    fn the_allow_list_is_bounded() {
        let l = RelayAllowList::default();
        for _ in 0..MAX_RELAY_ALLOWED {
            assert!(l.allow(PeerId::random()));
        }
        assert!(!l.allow(PeerId::random()), "past the bound");
    }

    #[test]
    fn our_relay_limits_fit_a_game_and_the_protocol() {
        let c = relay_config(&RelayAllowList::default());
        assert!(c.max_circuit_duration >= Duration::from_secs(3600));
        // The protocol carries the duration in u32 seconds (a larger value panics in libp2p).
        assert!(c.max_circuit_duration.as_secs() <= u64::from(u32::MAX));
        assert!(c.max_circuit_bytes >= 16 << 20);
        // Ours come on top of the library's rate limiters.
        assert_eq!(c.reservation_rate_limiters.len(), 3);
        assert_eq!(c.circuit_src_rate_limiters.len(), 3);
    }

    #[test]
    fn relay_and_peer_parts_of_an_address() {
        let (r, p) = (PeerId::random(), PeerId::random());
        let a = addr(&format!(
            "/ip4/203.0.113.1/udp/4001/quic-v1/p2p/{r}/p2p-circuit/p2p/{p}"
        ));
        assert!(is_relayed(&a));
        assert_eq!(
            relay_of(&a),
            addr(&format!("/ip4/203.0.113.1/udp/4001/quic-v1/p2p/{r}"))
        );
        assert_eq!(peer_of(&a), Some(p));
        assert_eq!(peer_of(&relay_of(&a)), Some(r));
        assert!(!is_relayed(&relay_of(&a)));
        assert!(!is_direct_candidate(&a));
        assert!(is_direct_candidate(&relay_of(&a)));
        assert!(!is_direct_candidate(&addr("/ip4/127.0.0.1/tcp/4001")));
        assert!(!is_direct_candidate(&addr("/ip4/0.0.0.0/tcp/4001")));
        assert!(is_direct_candidate(&addr("/ip4/192.168.1.2/tcp/4001")));
    }
}
