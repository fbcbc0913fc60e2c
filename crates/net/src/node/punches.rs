//! Trying a hole punch again after one failed.
//!
//! DCUtR runs once per relayed connection, with the addresses each side had observed for itself
//! when that connection came up. A peer that dials through a relay as soon as it starts can
//! bring the relayed connection up before the relay has told it (by identify) where it is seen
//! from: it then has no address to offer, the punch fails at once ("no addresses"), and libp2p
//! never tries again on that connection. A punch can also fail in its dials (the two routers'
//! mappings did not line up that time, a path dropped packets for a while), and libp2p does not
//! try again either once its attempts are spent.
//!
//! So the peer that dialled the relayed connection dials the same circuit again after each pause
//! of [`PUNCH_BACKOFF`], while the link is still relayed only: a new relayed connection starts a
//! new punch with the addresses known by then. It is kept off the streams and closes once idle
//! (`paths`). Only the dialling side can bring about a new punch: DCUtR is begun by the side a
//! relayed connection came in to, so a new punch needs a new connection coming in there.
//!
//! The dialling side learns of a punch that failed on the protocol (no addresses, a stream cut)
//! and of a new relayed connection that could not be made (the relay refused it), but libp2p
//! does not tell it when the punch's own dials failed (only the other side counts those). So it
//! also keeps a watch: a relayed connection of its own that has not become direct within
//! [`PUNCH_WATCH`] (longer than a whole punch takes, its attempts spent) counts as a failed
//! punch. Where both peers dialled through a relay (see `circuits`), only the one that dials
//! first tries again, so that two punches do not collide. A link that falls back from direct to
//! relayed starts its tries afresh.

use super::circuits::dials_first;
use super::swarm::CONNECTION_TIMEOUT;
use libp2p::swarm::ConnectionId;
use libp2p::{Multiaddr, PeerId};
use std::collections::HashMap;
use std::time::Duration;
use web_time::Instant;

/// The pause before each new try, one try per pause: the first is short (the usual failure is a
/// node that had not yet learnt its own address, which takes one round trip to the relay); the
/// later ones wait for a NAT mapping that may have changed, and each is longer than a try's
/// connection lives when unused (`paths::PROBE_GRACE`), so that tries never pile up on the
/// per-peer connection limit.
pub const PUNCH_BACKOFF: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(40),
    Duration::from_secs(90),
];

/// How many times libp2p's DCUtR dials for one punch before it gives up (its
/// `MAX_NUMBER_OF_UPGRADE_ATTEMPTS`, not exported).
const DCUTR_ATTEMPTS: u32 = 3;

/// How long a relayed connection this node dialled may stay relayed before its punch counts as
/// failed unseen: every attempt of the punch dials for up to [`CONNECTION_TIMEOUT`], and one
/// more such span covers the exchanges through the relay between them. A punch that lands
/// makes the link direct long before, and then nothing is tried again.
pub const PUNCH_WATCH: Duration = CONNECTION_TIMEOUT.saturating_mul(DCUTR_ATTEMPTS + 1);

/// A peer we are connected to through a relay, and the punches we tried with it.
#[derive(Debug, Default)]
struct Link {
    /// The circuit we last dialled the peer through (`None`: it only dialled us).
    circuit: Option<Multiaddr>,
    /// The peer dialled us through a relay too.
    accepted: bool,
    /// Tries made so far (the first punch not counted).
    tries: usize,
    /// When the next try falls due, if one is scheduled.
    due: Option<Instant>,
    /// The connection of the try being dialled (its dial may fail before any punch starts).
    probe: Option<ConnectionId>,
    /// When the punch of our last relayed connection counts as failed if no failure was
    /// reported and the link is not direct by then.
    watch: Option<Instant>,
}

/// The peers this node is connected to through relays, each with its punch tries. Bounded by
/// the connections the swarm admits: an entry is made when a relayed connection comes up and
/// removed when the peer disconnects.
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

    /// We dialled `peer` through the relay at `circuit` and the connection is up at `now` (a try
    /// of ours among them: the count of tries is kept). Its punch is watched ([`PUNCH_WATCH`]).
    pub(crate) fn dialled(&mut self, peer: PeerId, circuit: Multiaddr, now: Instant) {
        let link = self.links.entry(peer).or_default();
        link.circuit = Some(circuit);
        link.probe = None;
        if link.due.is_none() {
            link.watch = Some(now + PUNCH_WATCH);
        }
    }

    /// The link with `peer` has a direct connection: nothing is watched or tried any more
    /// (unless it falls back to the relay, [`PunchRetries::relayed_again`]).
    pub(crate) fn direct(&mut self, peer: &PeerId) {
        if let Some(link) = self.links.get_mut(peer) {
            link.watch = None;
            link.due = None;
            link.probe = None;
        }
    }

    /// `peer` dialled us through a relay and the connection is up.
    pub(crate) fn accepted(&mut self, peer: PeerId) {
        self.links.entry(peer).or_default().accepted = true;
    }

    /// A hole punch with `peer` failed at `now`: schedules the next try, if this node tries
    /// again with this peer (it dialled the relayed link, and dials first if the peer dialled
    /// too) and tries are left. Returns the pause before it.
    pub(crate) fn failed(&mut self, peer: &PeerId, now: Instant) -> Option<Duration> {
        let first = dials_first(&self.me, peer);
        let link = self.links.get_mut(peer)?;
        link.watch = None;
        if link.circuit.is_none() || (link.accepted && !first) || link.due.is_some() {
            return None;
        }
        let pause = *PUNCH_BACKOFF.get(link.tries)?;
        link.due = Some(now + pause);
        Some(pause)
    }

    /// The dial `conn` to `peer` failed at `now`: if it was a try's, that try failed.
    pub(crate) fn dial_failed(
        &mut self,
        peer: &PeerId,
        conn: ConnectionId,
        now: Instant,
    ) -> Option<Duration> {
        let link = self.links.get_mut(peer)?;
        if link.probe != Some(conn) {
            return None;
        }
        link.probe = None;
        self.failed(peer, now)
    }

    /// The link with `peer` fell back from direct to relayed at `now`: the tries start afresh.
    pub(crate) fn relayed_again(&mut self, peer: &PeerId, now: Instant) -> Option<Duration> {
        let link = self.links.get_mut(peer)?;
        link.tries = 0;
        link.due = None;
        self.failed(peer, now)
    }

    /// The peers whose try falls due at `now`, with the circuit to dial (each try once). A
    /// watched punch whose time ran out counts as failed now, and its try falls due after the
    /// pause.
    pub(crate) fn due(&mut self, now: Instant) -> Vec<(PeerId, Multiaddr)> {
        let unseen: Vec<PeerId> = self
            .links
            .iter()
            .filter(|(_, link)| link.watch.is_some_and(|t| t <= now))
            .map(|(peer, _)| *peer)
            .collect();
        for peer in unseen {
            if let Some(pause) = self.failed(&peer, now) {
                tracing::info!(
                    %peer,
                    "still relayed {PUNCH_WATCH:?} after our relayed connection: its punch \
                     failed; trying again in {pause:?}"
                );
            }
        }
        let mut out = Vec::new();
        for (peer, link) in &mut self.links {
            if let Some(circuit) = &link.circuit
                && link.due.is_some_and(|t| t <= now)
            {
                link.due = None;
                link.tries += 1;
                out.push((*peer, circuit.clone()));
            }
        }
        out
    }

    /// A try's connection `conn` to `peer` is being dialled.
    pub(crate) fn probing(&mut self, peer: &PeerId, conn: ConnectionId) {
        if let Some(link) = self.links.get_mut(peer) {
            link.probe = Some(conn);
        }
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

    /// A node that dialled `peer` (whom it dials first) through a relay, and the time.
    fn dialled() -> (PunchRetries, PeerId, Instant) {
        let (me, peer) = pair();
        let mut r = PunchRetries::new(me);
        let now = Instant::now();
        r.dialled(peer, circuit(), now);
        (r, peer, now)
    }

    #[test]
    fn a_failed_punch_is_tried_again_after_each_pause_until_the_tries_run_out() {
        let (mut r, peer, mut now) = dialled();
        for pause in PUNCH_BACKOFF {
            assert_eq!(r.failed(&peer, now), Some(pause));
            // A second report of the same failure schedules nothing more.
            assert_eq!(r.failed(&peer, now), None);
            assert!(r.due(now + pause - Duration::from_millis(1)).is_empty());
            now += pause;
            assert_eq!(r.due(now), vec![(peer, circuit())]);
            assert!(r.due(now).is_empty(), "each try once");
            r.dialled(peer, circuit(), now);
        }
        assert_eq!(r.failed(&peer, now), None, "no tries left");
        assert!(r.due(now + Duration::from_secs(3600)).is_empty());
    }

    #[test]
    fn a_try_lives_less_long_than_the_pause_before_the_next() {
        for pause in &PUNCH_BACKOFF[1..] {
            assert!(super::super::paths::PROBE_GRACE < *pause);
        }
    }

    #[test]
    fn only_a_link_this_node_dialled_is_tried_again_and_a_new_link_starts_afresh() {
        let (me, ours) = pair();
        let mut r = PunchRetries::new(me);
        let theirs = PeerId::random();
        let now = Instant::now();
        r.dialled(ours, circuit(), now);
        r.accepted(theirs);
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
        r.dialled(ours, circuit(), now);
        assert_eq!(r.failed(&ours, now), Some(PUNCH_BACKOFF[0]), "tries afresh");
    }

    #[test]
    fn where_both_dialled_only_the_peer_that_dials_first_tries_again() {
        let (first, second) = pair();
        let now = Instant::now();
        let mut a = PunchRetries::new(first);
        a.dialled(second, circuit(), now);
        a.accepted(second);
        assert_eq!(a.failed(&second, now), Some(PUNCH_BACKOFF[0]));
        let mut b = PunchRetries::new(second);
        b.accepted(first);
        b.dialled(first, circuit(), now);
        assert_eq!(b.failed(&first, now), None);
    }

    #[test]
    fn a_try_whose_connection_could_not_be_made_counts_as_failed() {
        let (mut r, peer, now) = dialled();
        r.failed(&peer, now);
        assert_eq!(r.due(now + PUNCH_BACKOFF[0]).len(), 1);
        let (try_conn, other) = (
            ConnectionId::new_unchecked(7),
            ConnectionId::new_unchecked(8),
        );
        r.probing(&peer, try_conn);
        assert_eq!(r.dial_failed(&peer, other, now), None, "another dial");
        assert_eq!(r.dial_failed(&peer, try_conn, now), Some(PUNCH_BACKOFF[1]));
        assert_eq!(r.dial_failed(&peer, try_conn, now), None, "counted once");
    }

    #[test]
    fn a_link_that_falls_back_to_the_relay_tries_afresh() {
        let (mut r, peer, now) = dialled();
        for pause in PUNCH_BACKOFF {
            r.failed(&peer, now);
            assert_eq!(r.due(now + pause).len(), 1);
        }
        assert_eq!(r.failed(&peer, now), None, "no tries left");
        assert_eq!(r.relayed_again(&peer, now), Some(PUNCH_BACKOFF[0]));
    }

    #[test]
    fn a_punch_that_fails_unseen_counts_as_failed_once_its_watch_runs_out() {
        let (mut r, peer, start) = dialled();
        let ms = Duration::from_millis(1);
        assert!(r.due(start + PUNCH_WATCH - ms).is_empty(), "still punching");
        // The watch runs out: the punch failed, and the first try falls due after its pause.
        let mut now = start + PUNCH_WATCH;
        assert!(r.due(now).is_empty());
        assert!(r.due(now + PUNCH_BACKOFF[0] - ms).is_empty());
        now += PUNCH_BACKOFF[0];
        assert_eq!(r.due(now), vec![(peer, circuit())]);
        // The try's connection comes up and its punch fails unseen too: the next pause.
        r.dialled(peer, circuit(), now);
        now += PUNCH_WATCH;
        assert!(r.due(now).is_empty());
        assert_eq!(r.due(now + PUNCH_BACKOFF[1]).len(), 1, "the second try");
    }

    #[test]
    fn a_reported_failure_or_a_direct_link_ends_the_watch() {
        let (mut r, peer, now) = dialled();
        assert_eq!(r.failed(&peer, now), Some(PUNCH_BACKOFF[0]));
        assert_eq!(r.due(now + PUNCH_BACKOFF[0]).len(), 1);
        assert!(
            r.due(now + PUNCH_WATCH + PUNCH_BACKOFF[1]).is_empty(),
            "the failure was counted once, when it was reported"
        );
        let (mut r, peer, now) = dialled();
        r.direct(&peer);
        assert!(r.due(now + Duration::from_secs(3600)).is_empty());
        // Where both dialled, the peer that dials second does not try again after a watch.
        let (first, second) = pair();
        let mut b = PunchRetries::new(second);
        b.accepted(first);
        b.dialled(first, circuit(), now);
        assert!(b.due(now + PUNCH_WATCH + PUNCH_BACKOFF[0]).is_empty());
    }
}
