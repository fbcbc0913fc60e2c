//! The driver's side of getting through NAT: the node's NAT settings from the spec, relays
//! named by a ticket, whom the node trusts (the lobby's rule, [`crate::lobby::Lobby::trusted`]:
//! they may use us as a relay and are exempt from the totals strangers can fill), and telling
//! the app how each player is reached and how reachable we are.

use super::{Driver, PeerError};
use crate::control::{LinkUpdate, Update};
use crate::node::{NatConfig, Path, Reachability, is_relayed, relay_of};
use crate::spec::{LinkReport, PeerSpec};
use dwarfs_engine::Game;
use dwarfs_protocol::Phase;
use libp2p::{Multiaddr, PeerId};
use std::collections::{BTreeMap, BTreeSet};
use web_time::Instant;

/// Peers lost, and when every connection was last reopened.
#[derive(Default)]
pub(super) struct LinkWatch {
    /// Since when each peer we lost has been disconnected.
    pub(super) gone_since: BTreeMap<PeerId, Instant>,
    /// When we last reopened every connection because the game made no progress.
    pub(super) reset: Option<Instant>,
    /// The peers the node was told to trust ([`Driver::sync_trust`]).
    pub(super) trusted: BTreeSet<PeerId>,
}

/// The node's NAT settings for a peer run.
pub(super) fn nat_config(spec: &PeerSpec) -> Result<NatConfig, PeerError> {
    let relays = spec
        .net
        .relays
        .iter()
        .map(|s| {
            let a: Multiaddr = s
                .parse()
                .map_err(|e| PeerError::Setup(format!("relay address {s:?}: {e}")))?;
            if crate::node::peer_of(&a).is_none() || is_relayed(&a) {
                return Err(PeerError::Setup(format!(
                    "relay address {s:?} must end with /p2p/<the relay's peer id>"
                )));
            }
            Ok(a)
        })
        .collect::<Result<_, _>>()?;
    Ok(NatConfig {
        relays,
        upnp: spec.net.upnp,
        ..NatConfig::default()
    })
}

/// The relays a ticket's relayed addresses go through, those reached over a transport we listen
/// on first (one address per relay is used: a relay reached from our listening socket sees the
/// NAT mapping that hole punching needs).
pub(super) fn ticket_relays(addrs: &[Multiaddr], ours: &[Multiaddr]) -> Vec<Multiaddr> {
    let quic = |a: &Multiaddr| {
        a.iter()
            .any(|p| matches!(p, libp2p::multiaddr::Protocol::QuicV1))
    };
    let mut out: Vec<Multiaddr> = Vec::new();
    for a in addrs.iter().filter(|a| is_relayed(a)) {
        let r = relay_of(a);
        if crate::node::peer_of(&r).is_some() && !out.contains(&r) {
            out.push(r);
        }
    }
    // Stable: among equals the ticket's order stays.
    out.sort_by_key(|r| !ours.iter().any(|o| !is_relayed(o) && quic(o) == quic(r)));
    out
}

impl<G: Game> Driver<G> {
    /// How a connected peer is reached changed.
    pub(super) fn on_link(&mut self, peer: PeerId, path: Option<Path>) {
        if !self.is_known(&peer) && !self.lobby.is_player(&peer) {
            return;
        }
        match path {
            Some(Path::Direct) => tracing::info!(%peer, "link: direct"),
            Some(Path::Relayed) => tracing::info!(%peer, "link: relayed"),
            None => tracing::info!(%peer, "link: lost"),
        }
        self.update(|| {
            Update::Link(LinkUpdate::Path {
                peer: peer.to_string(),
                path,
            })
        });
    }

    /// A hole punch to a peer failed: the game goes on over the relay.
    pub(super) fn on_punch_failed(&mut self, peer: PeerId, reason: &str) {
        if !self.is_known(&peer) && !self.lobby.is_player(&peer) {
            return;
        }
        tracing::info!(%peer, "no direct connection ({reason}): playing over the relay");
        self.update(|| {
            Update::Link(LinkUpdate::PunchFailed {
                peer: peer.to_string(),
            })
        });
    }

    /// What the node knows of its own reachability changed.
    pub(super) fn on_reachability(&mut self, r: Reachability) {
        self.report.reachability = r.to_string();
        self.update(|| Update::Link(LinkUpdate::Reachability(r)));
    }

    /// Tells the node whom to trust now: the peers [`crate::lobby::Lobby::trusted`] names (the
    /// one rule), and no one else. A peer is trusted when it becomes one of ours (seated,
    /// admitted) and distrusted when it no longer is (refused, left, or the game over for us).
    /// Once the game is over or we leave, the lobby is told first: nobody is trusted then.
    pub(super) fn sync_trust(&mut self) {
        let over = self.leaving.left.is_some()
            || self
                .session
                .as_ref()
                .is_some_and(|s| matches!(s.phase(), Phase::Over | Phase::Halted(_)));
        if over {
            self.lobby.game_over();
        }
        let now = self.lobby.trusted();
        if now == self.links.trusted {
            return;
        }
        for p in self.links.trusted.difference(&now) {
            tracing::debug!(%p, "no longer trusted");
            self.node.distrust(*p);
        }
        let mut trusted = BTreeSet::new();
        for p in now {
            if self.links.trusted.contains(&p) || self.node.trust(p) {
                trusted.insert(p);
            } else {
                tracing::warn!(%p, "the relay allow-list is full: not trusted");
            }
        }
        self.links.trusted = trusted;
    }

    /// Uses the relays the ticket names, so that the other players can reach us through them.
    pub(super) fn use_ticket_relays(&mut self, addrs: &[Multiaddr]) {
        for r in ticket_relays(addrs, &self.node.listen_addrs()) {
            if let Err(e) = self.node.use_relay(r) {
                tracing::warn!("{e}");
            }
        }
    }

    /// A peer that cannot listen (a browser, [`crate::spec::NetPlan::dial_only`]) reserves a
    /// slot on the relay of the host it joins, over one of the host's addresses it can dial (a
    /// WebSocket one first): the other players reach it through the host, which relays for the
    /// players of its game ([`crate::node::RelayService::Players`]).
    pub(super) fn use_host_as_relay(&mut self, host: PeerId, addrs: &[Multiaddr]) {
        if !self.spec.net.dial_only {
            return;
        }
        let direct = || addrs.iter().filter(|a| !is_relayed(a));
        let Some(addr) = direct()
            .find(|a| crate::node::browser_dialable(a))
            .or_else(|| direct().next())
        else {
            return;
        };
        let mut addr = addr.clone();
        if crate::node::peer_of(&addr).is_none() {
            addr.push(libp2p::multiaddr::Protocol::P2p(host));
        }
        if crate::node::peer_of(&addr) != Some(host) {
            return;
        }
        if let Err(e) = self.node.use_relay(addr) {
            tracing::warn!("{e}");
        }
    }

    /// How each other player was reached, for the report.
    pub(super) fn link_reports(&self) -> Vec<LinkReport> {
        let Some(s) = &self.session else {
            return Vec::new();
        };
        s.seat_peers()
            .into_iter()
            .flatten()
            .filter(|p| *p != self.id.peer)
            .map(|p| {
                let l = self.node.link(&p).unwrap_or_default();
                LinkReport {
                    peer: p.to_string(),
                    path: l.path,
                    frames_direct: l.frames_direct,
                    frames_relayed: l.frames_relayed,
                    last_frame: l.last_frame,
                    punches_failed: l.punches_failed,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tickets_relays_are_the_relay_parts_of_its_relayed_addresses() {
        let (relay, host) = (PeerId::random(), PeerId::random());
        let direct: Multiaddr = "/ip4/192.168.1.2/tcp/4000".parse().unwrap();
        let circuit: Multiaddr = format!("/ip4/203.0.113.1/tcp/4001/p2p/{relay}/p2p-circuit")
            .parse()
            .unwrap();
        let circuit_quic: Multiaddr =
            format!("/ip4/203.0.113.1/tcp/4001/p2p/{relay}/p2p-circuit/p2p/{host}")
                .parse()
                .unwrap();
        let ours: Vec<Multiaddr> = vec!["/ip4/0.0.0.0/tcp/0".parse().unwrap()];
        let got = ticket_relays(&[direct, circuit.clone(), circuit_quic.clone()], &ours);
        assert_eq!(
            got,
            vec![
                format!("/ip4/203.0.113.1/tcp/4001/p2p/{relay}")
                    .parse::<Multiaddr>()
                    .unwrap()
            ]
        );
        // Over QUIC first when we listen on QUIC only.
        let quic_relay: Multiaddr =
            format!("/ip4/203.0.113.1/udp/4001/quic-v1/p2p/{relay}/p2p-circuit")
                .parse()
                .unwrap();
        let ours: Vec<Multiaddr> = vec!["/ip4/0.0.0.0/udp/0/quic-v1".parse().unwrap()];
        let got = ticket_relays(&[circuit, quic_relay.clone()], &ours);
        assert_eq!(got[0], relay_of(&quic_relay));
    }

    #[test]
    fn relay_settings_must_name_the_relay() {
        let mut spec = PeerSpec::loopback(
            "pig",
            "a",
            crate::spec::Role::Lan,
            crate::node::Transport::Tcp,
        );
        spec.net.relays = vec!["/ip4/203.0.113.1/tcp/4001".into()];
        assert!(nat_config(&spec).is_err());
        spec.net.relays = vec![format!(
            "/ip4/203.0.113.1/tcp/4001/p2p/{}",
            PeerId::random()
        )];
        assert_eq!(nat_config(&spec).unwrap().relays.len(), 1);
        spec.net.relays = vec!["not an address".into()];
        assert!(nat_config(&spec).is_err());
    }
}
