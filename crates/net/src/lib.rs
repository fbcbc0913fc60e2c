//! # dwarfs-net
//!
//! Drives dwarfs protocol sessions over a libp2p swarm on tokio: TCP (noise + yamux) and QUIC,
//! identify and ping, mDNS for LAN lobbies, and the `/dwarfs/1` stream protocol carrying
//! length-prefixed frames. Also: the player's persistent identity key, invite tickets.

pub mod frame;
pub mod identity;
pub mod node;
pub mod ticket;

pub use node::{NetEvent, Node, NodeConfig, NodeError, Transport};
pub use ticket::{Ticket, TicketError};
