//! How a node is reached: its own [`Reachability`] as it learns it, the [`Path`] to each peer,
//! and the address helpers both need.

use libp2p_identity::PeerId;
use multiaddr::{Multiaddr, Protocol};

/// The most relays a node reserves a slot on.
pub const MAX_RELAYS: usize = 8;

/// The prefix of the lines on which `dwarfs relay` prints the addresses to give players (the
/// settings take a pasted line whole).
pub const RELAY_LINE: &str = "RELAY ";

/// Whether others can reach this node, as far as it knows.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Reachability {
    /// Not known yet: no peer able to test it (an AutoNAT server, such as a relay) has done so.
    #[default]
    Unknown,
    /// Reachable from outside at these addresses (confirmed by AutoNAT or UPnP, or configured).
    Public(Vec<Multiaddr>),
    /// Behind NAT, and no relay holds a slot for it: only peers it dials can reach it.
    BehindNat,
    /// Behind NAT (or not yet tested), reachable through relays at these `/p2p-circuit`
    /// addresses.
    Relayed(Vec<Multiaddr>),
}

impl std::fmt::Display for Reachability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |f: &mut std::fmt::Formatter<'_>, addrs: &[Multiaddr]| {
            for (i, a) in addrs.iter().enumerate() {
                write!(f, "{}{a}", if i == 0 { "" } else { ", " })?;
            }
            Ok(())
        };
        match self {
            Reachability::Unknown => f.write_str("reachability not tested yet"),
            Reachability::Public(a) => {
                f.write_str("reachable at ")?;
                list(f, a)
            }
            Reachability::BehindNat => f.write_str("behind NAT (no relay)"),
            Reachability::Relayed(a) => {
                f.write_str("behind NAT, relayed via ")?;
                let relays: Vec<Multiaddr> = a.iter().map(relay_of).collect();
                list(f, &relays)
            }
        }
    }
}

/// How a connected peer is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Path {
    /// A direct connection (on the LAN, to a public address, or after a hole punch).
    Direct,
    /// Only through a relay.
    Relayed,
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Path::Direct => "direct",
            Path::Relayed => "relayed",
        })
    }
}

/// Whether an address goes through a relay.
pub fn is_relayed(addr: &Multiaddr) -> bool {
    addr.iter().any(|p| p == Protocol::P2pCircuit)
}

/// The relay part of a `/p2p-circuit` address (everything before `/p2p-circuit`).
pub fn relay_of(addr: &Multiaddr) -> Multiaddr {
    addr.iter()
        .take_while(|p| *p != Protocol::P2pCircuit)
        .collect()
}

/// The peer id an address ends with (`.../p2p/ID`).
pub fn peer_of(addr: &Multiaddr) -> Option<PeerId> {
    match addr.iter().last() {
        Some(Protocol::P2p(id)) => Some(id),
        _ => None,
    }
}
