//! Trying a hole punch again after one failed.
//!
//! DCUtR runs once per relayed connection, with the addresses each side had observed for itself
//! when that connection came up. A peer that dials through a relay as soon as it starts can
//! bring the relayed connection up before the relay has told it (by identify) where it is seen
//! from: it then has no address to offer, the punch fails at once ("no addresses"), and libp2p
//! never tries again on that connection. Timing failures of the punch itself end the same way.
//!
//! So the peer that dialled the relayed connection dials the same circuit again after a pause
//! ([`PUNCH_BACKOFF`]), at most [`PUNCH_RETRIES`] times, while the link is still relayed only: a
//! new relayed connection starts a new punch with the addresses known by then. That extra
//! connection never carries a stream and closes once idle (`paths`). Only the dialling side can
//! start a punch: DCUtR is begun by the side a relayed connection came in to. Where both peers
//! dialled through a relay (see `circuits`), both try again, the one with the larger id
//! [`CIRCUIT_GRACE`] later, so that two punches do not collide (by then the first has made the
//! link direct, or failed).

use super::circuits::{CIRCUIT_GRACE, dials_first};
use libp2p::{Multiaddr, PeerId};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How many times a failed hole punch is tried again with one peer, per relayed link.
pub const PUNCH_RETRIES: usize = PUNCH_BACKOFF.len();

/// The pause before each new try: the first is short (the usual failure is a node that had not
/// yet learnt its own address, which takes one round trip to the relay); the later ones wait
/// for a NAT mapping that may have changed.
pub const PUNCH_BACKOFF: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(10),
    Duration::from_secs(60),
];

/// A relayed link we dialled, and its punches.
#[derive(Debug)]
struct Link {
    /// The circuit address we dialled (the new tries dial it again).
    circuit: Multiaddr,
    /// Tries made so far (the first punch not counted).
    tries: usize,
    /// When the next try falls due, if one is scheduled.
    due: Option<Instant>,
}

/// The relayed links this node dialled, each with its punch tries. Bounded by the connections
/// the swarm admits: an entry is made for a relayed connection that came up and removed when
/// the peer disconnects.
#[derive(Debug)]
pub(crate) struct PunchRetries {
    /// This node.
    me: PeerId,
    links: HashMap<PeerId, Link>,
}

impl PunchRetries {
    /// No link yet, for the node `me`.
    pub(crate) fn new(me: PeerId) -> Self {
        PunchRetries {
            me,
            links: HashMap::new(),
        }
    }

    /// We dialled `peer` through the relay at `circuit` and the connection is up. (A later
    /// relayed connection to the same peer, a try of ours among them, keeps the first entry and
    /// its count.)
    pub(crate) fn dialled(&mut self, peer: PeerId, circuit: Multiaddr) {
        self.links.entry(peer).or_insert(Link {
            circuit,
            tries: 0,
            due: None,
        });
    }

    /// A hole punch with `peer` failed at `now`: schedules the next try, if this node dialled
    /// the relayed link and tries are left. Returns the pause before it: the try's
    /// [`PUNCH_BACKOFF`], and [`CIRCUIT_GRACE`] more for the peer with the larger id.
    pub(crate) fn failed(&mut self, peer: &PeerId, now: Instant) -> Option<Duration> {
        let link = self.links.get_mut(peer)?;
        if link.due.is_some() {
            return None;
        }
        let mut pause = *PUNCH_BACKOFF.get(link.tries)?;
        if !dials_first(&self.me, peer) {
            pause += CIRCUIT_GRACE;
        }
        link.due = Some(now + pause);
        Some(pause)
    }

    /// The peers whose try falls due at `now`, with the circuit to dial (each try once).
    pub(crate) fn due(&mut self, now: Instant) -> Vec<(PeerId, Multiaddr)> {
        let mut out = Vec::new();
        for (peer, link) in &mut self.links {
            if link.due.is_some_and(|t| t <= now) {
                link.due = None;
                link.tries += 1;
                out.push((*peer, link.circuit.clone()));
            }
        }
        out
    }

    /// `peer` disconnected: its link and tries are forgotten (a new link starts afresh).
    pub(crate) fn forget(&mut self, peer: &PeerId) {
        self.links.remove(peer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circuit() -> Multiaddr {
        "/ip4/127.0.0.1/tcp/4001/p2p/12D3KooWQDAgA5WY1zJfwhL7PuAo9NzrcMfXAEiPZGLnUXHYAw9M/p2p-circuit"
            .parse()
            .expect("an address")
    }

    /// Two peer ids, the first dialling first.
    fn pair() -> (PeerId, PeerId) {
        let (a, b) = (PeerId::random(), PeerId::random());
        if dials_first(&a, &b) { (a, b) } else { (b, a) }
    }

    #[test]
    fn a_failed_punch_is_tried_again_after_each_pause_until_the_tries_run_out() {
        let (me, peer) = pair();
        let mut r = PunchRetries::new(me);
        let t0 = Instant::now();
        r.dialled(peer, circuit());
        let mut now = t0;
        for pause in PUNCH_BACKOFF {
            assert_eq!(r.failed(&peer, now), Some(pause));
            // A second report of the same failure schedules nothing more.
            assert_eq!(r.failed(&peer, now), None);
            assert!(r.due(now + pause - Duration::from_millis(1)).is_empty());
            now += pause;
            assert_eq!(r.due(now), vec![(peer, circuit())]);
            assert!(r.due(now).is_empty(), "each try once");
        }
        assert_eq!(r.failed(&peer, now), None, "no tries left");
        assert!(r.due(now + Duration::from_secs(3600)).is_empty());
    }

    #[test]
    fn the_peer_with_the_larger_id_tries_again_a_moment_later() {
        let (first, second) = pair();
        let now = Instant::now();
        let mut r = PunchRetries::new(second);
        r.dialled(first, circuit());
        let pause = PUNCH_BACKOFF[0] + CIRCUIT_GRACE;
        assert_eq!(r.failed(&first, now), Some(pause));
        assert!(r.due(now + PUNCH_BACKOFF[0]).is_empty());
        assert_eq!(r.due(now + pause), vec![(first, circuit())]);
    }

    #[test]
    fn only_a_link_this_node_dialled_is_tried_again_and_a_new_link_starts_afresh() {
        let (me, ours) = pair();
        let mut r = PunchRetries::new(me);
        let theirs = PeerId::random();
        let now = Instant::now();
        r.dialled(ours, circuit());
        assert_eq!(
            r.failed(&theirs, now),
            None,
            "the other side starts the punch"
        );
        assert_eq!(r.failed(&ours, now), Some(PUNCH_BACKOFF[0]));
        r.forget(&ours);
        assert!(
            r.due(now + PUNCH_BACKOFF[0]).is_empty(),
            "gone with the peer"
        );
        r.dialled(ours, circuit());
        assert_eq!(r.failed(&ours, now), Some(PUNCH_BACKOFF[0]), "tries afresh");
    }
}
