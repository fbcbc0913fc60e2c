//! The relays a node holds a slot on: it dials each (from its listening port, so the relay
//! observes the NAT mapping that hole punching needs), asks for a reservation by listening on
//! `RELAY/p2p-circuit` once connected, and starts over with a growing delay when the
//! connection, the dial or the reservation fails. rust-libp2p has no auto-relay; this is it.

use super::nat::{MAX_RELAYS, peer_of};
use libp2p::core::transport::ListenerId;
use libp2p::multiaddr::Protocol;
use libp2p::{Multiaddr, PeerId};
use std::time::Duration;
use web_time::Instant;

/// The first delay before trying a relay again; it doubles with each failure in a row.
const FIRST_RETRY: Duration = Duration::from_secs(1);
/// The longest delay before trying a relay again.
const MAX_RETRY: Duration = Duration::from_secs(30);

/// Why a relay address was not taken.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum RelayAddrError {
    /// The address does not say which peer the relay is.
    #[error("a relay address must end with /p2p/<relay's peer id>: {0}")]
    NoPeerId(Multiaddr),
    /// The address is itself relayed.
    #[error("a relay address cannot go through another relay: {0}")]
    Relayed(Multiaddr),
    /// Too many relays.
    #[error("at most {MAX_RELAYS} relays can be used at once")]
    TooMany,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Waiting until the given time to dial.
    Waiting(Instant),
    /// A dial is under way.
    Dialing,
    /// Connected; the reservation listener is up (it may still be waiting for the relay's
    /// answer).
    Listening(ListenerId),
}

#[derive(Debug)]
struct Relay {
    addr: Multiaddr,
    peer: PeerId,
    state: State,
    failures: u32,
}

/// Every relay the node uses, and where each stands.
#[derive(Debug, Default)]
pub(crate) struct Relays {
    list: Vec<Relay>,
}

impl Relays {
    /// Adds a relay (`.../p2p/ID`). Ok(false) if it is already there.
    pub(crate) fn add(&mut self, addr: Multiaddr, now: Instant) -> Result<bool, RelayAddrError> {
        if super::nat::is_relayed(&addr) {
            return Err(RelayAddrError::Relayed(addr));
        }
        let peer = peer_of(&addr).ok_or_else(|| RelayAddrError::NoPeerId(addr.clone()))?;
        if self.list.iter().any(|r| r.peer == peer) {
            return Ok(false);
        }
        if self.list.len() >= MAX_RELAYS {
            return Err(RelayAddrError::TooMany);
        }
        self.list.push(Relay {
            addr,
            peer,
            state: State::Waiting(now),
            failures: 0,
        });
        Ok(true)
    }

    /// Whether `peer` is one of our relays.
    pub(crate) fn is_relay(&self, peer: &PeerId) -> bool {
        self.list.iter().any(|r| r.peer == *peer)
    }

    /// Relays due for a dial now: marked as dialling, with the address to dial.
    pub(crate) fn due(&mut self, now: Instant) -> Vec<(PeerId, Multiaddr)> {
        let mut out = Vec::new();
        for r in &mut self.list {
            if matches!(r.state, State::Waiting(t) if t <= now) {
                r.state = State::Dialing;
                out.push((r.peer, r.addr.clone()));
            }
        }
        out
    }

    /// Connected to `peer`: if it is a relay with no reservation yet, the circuit address to
    /// listen on.
    pub(crate) fn connected(&mut self, peer: &PeerId) -> Option<Multiaddr> {
        let r = self.list.iter_mut().find(|r| r.peer == *peer)?;
        match r.state {
            State::Listening(_) => None,
            _ => Some(r.addr.clone().with(Protocol::P2pCircuit)),
        }
    }

    /// The reservation listener for `peer` is `id`.
    pub(crate) fn listening(&mut self, peer: &PeerId, id: ListenerId) {
        if let Some(r) = self.list.iter_mut().find(|r| r.peer == *peer) {
            r.state = State::Listening(id);
        }
    }

    /// The relay answered: the reservation holds (the failure count starts over).
    pub(crate) fn reserved(&mut self, peer: &PeerId) {
        if let Some(r) = self.list.iter_mut().find(|r| r.peer == *peer) {
            r.failures = 0;
        }
    }

    /// A listener closed: if it was a reservation, try that relay again later. True if it
    /// was one.
    pub(crate) fn listener_closed(&mut self, id: ListenerId, now: Instant) -> bool {
        match self
            .list
            .iter_mut()
            .find(|r| r.state == State::Listening(id))
        {
            Some(r) => {
                Self::retry_later(r, now);
                true
            }
            None => false,
        }
    }

    /// Could not connect to `peer`: if it is a relay being dialled, try again later.
    pub(crate) fn dial_failed(&mut self, peer: &PeerId, now: Instant) {
        if let Some(r) = self
            .list
            .iter_mut()
            .find(|r| r.peer == *peer && r.state == State::Dialing)
        {
            Self::retry_later(r, now);
        }
    }

    fn retry_later(r: &mut Relay, now: Instant) {
        let delay = FIRST_RETRY
            .saturating_mul(1 << r.failures.min(16))
            .min(MAX_RETRY);
        r.failures = r.failures.saturating_add(1);
        r.state = State::Waiting(now + delay);
        tracing::debug!(relay = %r.peer, "relay: trying again in {delay:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn relay_addr() -> (PeerId, Multiaddr) {
        let p = PeerId::random();
        (
            p,
            format!("/ip4/203.0.113.1/tcp/4001/p2p/{p}")
                .parse()
                .unwrap(),
        )
    }

    #[test]
    fn a_relay_is_dialled_then_listened_on_then_retried_with_growing_delays() {
        let now = Instant::now();
        let mut r = Relays::default();
        let (peer, addr) = relay_addr();
        assert_eq!(r.add(addr.clone(), now), Ok(true));
        assert_eq!(r.add(addr.clone(), now), Ok(false), "once");
        assert_eq!(r.due(now), vec![(peer, addr.clone())]);
        assert!(r.due(now).is_empty(), "dialling");
        let circuit = r.connected(&peer).expect("listen for a reservation");
        assert_eq!(circuit, addr.clone().with(Protocol::P2pCircuit));
        let id = ListenerId::next();
        r.listening(&peer, id);
        assert_eq!(r.connected(&peer), None, "already listening");
        assert!(!r.listener_closed(ListenerId::next(), now), "not ours");
        assert!(r.listener_closed(id, now));
        assert!(r.due(now).is_empty(), "waits first");
        assert_eq!(r.due(now + FIRST_RETRY).len(), 1);
        r.dial_failed(&peer, now);
        assert!(r.due(now + FIRST_RETRY).is_empty(), "the delay doubled");
        assert_eq!(r.due(now + FIRST_RETRY * 2).len(), 1);
        for _ in 0..20 {
            r.dial_failed(&peer, now);
            r.due(now + MAX_RETRY);
        }
        r.dial_failed(&peer, now);
        assert_eq!(r.due(now + MAX_RETRY).len(), 1, "capped");
    }

    #[test]
    fn bad_relay_addresses_are_refused() {
        let now = Instant::now();
        let mut r = Relays::default();
        let no_id: Multiaddr = "/ip4/203.0.113.1/tcp/4001".parse().unwrap();
        assert!(matches!(
            r.add(no_id, now),
            Err(RelayAddrError::NoPeerId(_))
        ));
        let (_, a) = relay_addr();
        let relayed = a
            .with(Protocol::P2pCircuit)
            .with(Protocol::P2p(PeerId::random()));
        assert!(matches!(
            r.add(relayed, now),
            Err(RelayAddrError::Relayed(_))
        ));
        for _ in 0..MAX_RELAYS {
            assert_eq!(r.add(relay_addr().1, now), Ok(true));
        }
        assert_eq!(r.add(relay_addr().1, now), Err(RelayAddrError::TooMany));
    }
}
