//! Which of two peers dials through a relay first.
//!
//! Two peers behind NATs that both need to talk (every pair of players when a game starts) would
//! both dial through the relay at once. The pair then holds two relayed connections, and DCUtR
//! starts a hole punch on each: the two attempts dial the same addresses from the same ports at
//! the same moment, and neither may finish before the game ends. So the peer with the smaller
//! id ([`dials_first`]) dials through relays at once; the other dials only the peer's direct
//! addresses at once and holds its relayed dial for [`CIRCUIT_GRACE`], dropping it if the
//! first peer's connection came in meanwhile. Explicit dials (a ticket, a LAN discovery) are
//! not held: only dials made because a frame must go out are.

use super::nat;
use libp2p::{Multiaddr, PeerId};
use std::time::Duration;
use web_time::Instant;

/// How long the peer with the larger id waits for the other's relayed connection before it
/// dials through a relay itself.
pub const CIRCUIT_GRACE: Duration = Duration::from_millis(1500);

/// Whether `me` dials `peer` through a relay at once (else it waits [`CIRCUIT_GRACE`] for
/// `peer` to): the smaller peer id does.
pub fn dials_first(me: &PeerId, peer: &PeerId) -> bool {
    me.to_bytes() < peer.to_bytes()
}

/// Relayed dials held back for the other peer of their pair to make.
#[derive(Debug, Default)]
pub(crate) struct HeldCircuits {
    /// (when the dial falls due, the peer)
    held: Vec<(Instant, PeerId)>,
}

impl HeldCircuits {
    /// The addresses of `addrs` to dial `peer` at now; if relayed ones are held back, the dial
    /// through them falls due at `now + CIRCUIT_GRACE` (see [`HeldCircuits::due`]).
    pub(crate) fn split(
        &mut self,
        me: &PeerId,
        peer: PeerId,
        addrs: Vec<Multiaddr>,
        now: Instant,
    ) -> Vec<Multiaddr> {
        if dials_first(me, &peer) || !addrs.iter().any(nat::is_relayed) {
            return addrs;
        }
        if !self.held.iter().any(|(_, p)| *p == peer) {
            self.held.push((now + CIRCUIT_GRACE, peer));
        }
        addrs.into_iter().filter(|a| !nat::is_relayed(a)).collect()
    }

    /// The peers whose held dial falls due at `now` (each once).
    pub(crate) fn due(&mut self, now: Instant) -> Vec<PeerId> {
        let mut out = Vec::new();
        self.held.retain(|(t, p)| {
            let due = *t <= now;
            if due {
                out.push(*p);
            }
            !due
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addrs(peer: &PeerId) -> Vec<Multiaddr> {
        let relay = PeerId::random();
        vec![
            "/ip4/192.168.1.2/tcp/4001".parse().unwrap(),
            format!("/ip4/203.0.113.2/tcp/4001/p2p/{relay}/p2p-circuit/p2p/{peer}")
                .parse()
                .unwrap(),
        ]
    }

    #[test]
    fn one_peer_of_a_pair_dials_through_the_relay_and_the_other_waits() {
        let (a, b) = (PeerId::random(), PeerId::random());
        let (small, large) = if dials_first(&a, &b) { (a, b) } else { (b, a) };
        assert!(!dials_first(&large, &small), "exactly one of the pair");
        let t0 = Instant::now();
        let mut first = HeldCircuits::default();
        assert_eq!(first.split(&small, large, addrs(&large), t0).len(), 2);
        assert_eq!(first.held.len(), 0);
        let mut second = HeldCircuits::default();
        let now = second.split(&large, small, addrs(&small), t0);
        assert_eq!(now.len(), 1);
        assert!(!nat::is_relayed(&now[0]));
        // Asked again (another frame), still one dial held.
        second.split(&large, small, addrs(&small), t0);
        assert_eq!(second.held.len(), 1);
        assert!(second.due(t0).is_empty(), "not before the grace");
        assert_eq!(second.due(t0 + CIRCUIT_GRACE), vec![small]);
        assert_eq!(second.held.len(), 0);
        // Direct addresses only: nothing to hold.
        let direct = vec!["/ip4/10.0.0.1/tcp/1".parse().unwrap()];
        assert_eq!(second.split(&large, small, direct, t0).len(), 1);
        assert_eq!(second.held.len(), 0);
    }
}
