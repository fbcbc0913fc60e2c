//! The relay server of a desktop node, which also offers its WebSocket addresses.
//!
//! A browser cannot listen, so two browsers in one game reach each other only through a peer
//! they can both dial: the desktop host. Each browser reserves a slot on the host's relay and
//! announces the circuit addresses the reservation names; the other dials one of them. A
//! reservation names the relay's *external* addresses, and rust-libp2p's relay knows only those
//! the swarm confirmed (AutoNAT, UPnP, configuration). A host on a LAN has none, and its
//! reservations would name no address (which the client refuses as a protocol violation).
//!
//! [`HostRelay`] wraps [`relay::Behaviour`] and tells it, besides the confirmed external
//! addresses, every WebSocket address the node listens on (not the unspecified ones). Those are
//! the addresses browsers can dial: the ones the host's page link and ticket hand out. Only the
//! relay hears of them: the swarm's own external addresses, what identify announces, and the
//! node's reachability are left as they were.
//!
//! What a forwarding host can do to the game is what any relay can: it sees only encrypted
//! bytes (noise runs end to end through the circuit), so it cannot forge, alter or reorder a
//! signed message unseen; it can drop a circuit, which the lockstep rules already handle as a
//! silent peer.

use super::nat::browser_dialable;
use libp2p::core::transport::PortUse;
use libp2p::core::{Endpoint, Multiaddr};
use libp2p::swarm::behaviour::{ExternalAddrConfirmed, ExternalAddrExpired};
use libp2p::swarm::{
    ConnectionDenied, ConnectionId, FromSwarm, NetworkBehaviour, THandler, THandlerInEvent,
    THandlerOutEvent, ToSwarm,
};
use libp2p::{PeerId, relay};
use std::task::{Context, Poll};

/// The most WebSocket addresses offered (a machine with many interfaces has one per address).
const MAX_OFFERED: usize = 8;

/// [`relay::Behaviour`], told the node's WebSocket listen addresses as addresses to offer.
pub struct HostRelay {
    inner: relay::Behaviour,
    /// WebSocket addresses we listen on, offered to the relay.
    offered: Vec<Multiaddr>,
    /// External addresses the swarm confirmed.
    confirmed: Vec<Multiaddr>,
}

impl HostRelay {
    /// The relay server for `peer` with `config`.
    pub fn new(peer: PeerId, config: relay::Config) -> Self {
        Self {
            inner: relay::Behaviour::new(peer, config),
            offered: Vec::new(),
            confirmed: Vec::new(),
        }
    }

    fn tell_confirmed(&mut self, addr: &Multiaddr) {
        self.inner
            .on_swarm_event(FromSwarm::ExternalAddrConfirmed(ExternalAddrConfirmed {
                addr,
            }));
    }

    fn tell_expired(&mut self, addr: &Multiaddr) {
        self.inner
            .on_swarm_event(FromSwarm::ExternalAddrExpired(ExternalAddrExpired { addr }));
    }

    /// The addresses the relay now offers in a reservation, besides the confirmed ones.
    #[cfg(test)]
    pub(crate) fn offered(&self) -> &[Multiaddr] {
        &self.offered
    }
}

impl NetworkBehaviour for HostRelay {
    type ConnectionHandler = <relay::Behaviour as NetworkBehaviour>::ConnectionHandler;
    type ToSwarm = <relay::Behaviour as NetworkBehaviour>::ToSwarm;

    fn handle_pending_inbound_connection(
        &mut self,
        id: ConnectionId,
        local: &Multiaddr,
        remote: &Multiaddr,
    ) -> Result<(), ConnectionDenied> {
        self.inner
            .handle_pending_inbound_connection(id, local, remote)
    }

    fn handle_established_inbound_connection(
        &mut self,
        id: ConnectionId,
        peer: PeerId,
        local: &Multiaddr,
        remote: &Multiaddr,
    ) -> Result<THandler<Self>, ConnectionDenied> {
        self.inner
            .handle_established_inbound_connection(id, peer, local, remote)
    }

    fn handle_pending_outbound_connection(
        &mut self,
        id: ConnectionId,
        peer: Option<PeerId>,
        addresses: &[Multiaddr],
        role: Endpoint,
    ) -> Result<Vec<Multiaddr>, ConnectionDenied> {
        self.inner
            .handle_pending_outbound_connection(id, peer, addresses, role)
    }

    fn handle_established_outbound_connection(
        &mut self,
        id: ConnectionId,
        peer: PeerId,
        addr: &Multiaddr,
        role: Endpoint,
        port_use: PortUse,
    ) -> Result<THandler<Self>, ConnectionDenied> {
        self.inner
            .handle_established_outbound_connection(id, peer, addr, role, port_use)
    }

    /// Every event reaches the relay as it came, except the expiry of an external address that
    /// is still offered; a WebSocket listen address coming or going is told to it besides.
    fn on_swarm_event(&mut self, event: FromSwarm) {
        match event {
            FromSwarm::NewListenAddr(e)
                if browser_dialable(e.addr)
                    && !self.offered.contains(e.addr)
                    && self.offered.len() < MAX_OFFERED =>
            {
                self.offered.push(e.addr.clone());
                if !self.confirmed.contains(e.addr) {
                    self.tell_confirmed(e.addr);
                }
            }
            FromSwarm::ExpiredListenAddr(e) if self.offered.contains(e.addr) => {
                self.offered.retain(|a| a != e.addr);
                if !self.confirmed.contains(e.addr) {
                    self.tell_expired(e.addr);
                }
            }
            FromSwarm::ExternalAddrConfirmed(e) if !self.confirmed.contains(e.addr) => {
                self.confirmed.push(e.addr.clone());
            }
            FromSwarm::ExternalAddrExpired(e) => {
                self.confirmed.retain(|a| a != e.addr);
                // Still offered as a listen address: the relay keeps it.
                if self.offered.contains(e.addr) {
                    return;
                }
            }
            _ => {}
        }
        self.inner.on_swarm_event(event);
    }

    fn on_connection_handler_event(
        &mut self,
        peer: PeerId,
        connection: ConnectionId,
        event: THandlerOutEvent<Self>,
    ) {
        self.inner
            .on_connection_handler_event(peer, connection, event);
    }

    fn poll(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<ToSwarm<Self::ToSwarm, THandlerInEvent<Self>>> {
        self.inner.poll(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libp2p::core::transport::ListenerId;
    use libp2p::swarm::behaviour::{ExpiredListenAddr, NewListenAddr};

    fn relay() -> HostRelay {
        HostRelay::new(PeerId::random(), relay::Config::default())
    }

    fn listen(r: &mut HostRelay, a: &Multiaddr) {
        r.on_swarm_event(FromSwarm::NewListenAddr(NewListenAddr {
            listener_id: ListenerId::next(),
            addr: a,
        }));
    }

    #[test]
    fn websocket_listen_addresses_are_offered_until_they_expire_and_bounded() {
        let mut r = relay();
        let ws: Multiaddr = "/ip4/192.168.1.5/tcp/4001/ws".parse().unwrap();
        let tcp: Multiaddr = "/ip4/192.168.1.5/tcp/4002".parse().unwrap();
        listen(&mut r, &ws);
        listen(&mut r, &tcp);
        listen(&mut r, &ws);
        assert_eq!(r.offered(), std::slice::from_ref(&ws));
        // Confirmed, then no longer external: still a listen address, still offered.
        r.on_swarm_event(FromSwarm::ExternalAddrConfirmed(ExternalAddrConfirmed {
            addr: &ws,
        }));
        r.on_swarm_event(FromSwarm::ExternalAddrExpired(ExternalAddrExpired {
            addr: &ws,
        }));
        assert_eq!(r.offered(), std::slice::from_ref(&ws));
        r.on_swarm_event(FromSwarm::ExpiredListenAddr(ExpiredListenAddr {
            listener_id: ListenerId::next(),
            addr: &ws,
        }));
        assert!(r.offered().is_empty());
        for i in 0..3 * MAX_OFFERED {
            listen(
                &mut r,
                &format!("/ip4/10.0.0.{i}/tcp/4001/ws").parse().unwrap(),
            );
        }
        assert_eq!(r.offered().len(), MAX_OFFERED);
    }
}
