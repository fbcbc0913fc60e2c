//! # dwarfs-net
//!
//! Drives dwarfs protocol sessions ([`dwarfs_protocol::Session`]) over a libp2p swarm on tokio.
//!
//! - [`node`]: the swarm — TCP (noise + yamux) and QUIC, identify and ping (so stock libp2p tools
//!   can talk to a node), mDNS for the LAN, and the `/dwarfs/1` stream protocol carrying
//!   length-prefixed frames ([`frame`], [`envelope`]) with the protocol crate's frame limit.
//! - [`identity`]: the player's ed25519 key, kept in the config directory (or `--key FILE`).
//! - [`played`]: the game ids a key has played (each is played once), and fresh random game
//!   ids and game secrets.
//! - [`ticket`]: invite tickets (game id, host peer id, addresses) as one checksummed string.
//! - [`lobby`]: the lobby before a game as a sans-IO state machine (greetings, seats, roster,
//!   lobby chat, the configuration that starts the game); [`host_lobby`]: the host's seats.
//! - [`peer`]: one peer's run — the lobby over the node, full mesh, session, replay file,
//!   reconnection, resume, takeover votes, spectators, chat — configured by a [`spec::PeerSpec`].
//! - [`control`]: a peer run by an app — commands in, updates out, never blocking the UI.
//! - [`lan`]: lists the open lobbies on the LAN (mDNS, then a lobby query to each peer found).
//!
//! The tooling around peers (the demo runner, NAT-lab games, sample messages) is in
//! `dwarfs-nettools`.

// The browser's build leaves out what a page cannot do (listen, serve relays, punch holes, test
// its addresses, mDNS, UPnP, files): the code for them is the desktop's, unused there.
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

pub mod control;
pub mod cpu;
pub mod envelope;
pub mod files;
pub mod frame;
pub mod host_lobby;
pub mod identity;
#[cfg(not(target_arch = "wasm32"))]
pub mod lan;
pub mod lobby;
pub mod local_net;
pub mod node;
pub mod peer;
pub mod played;
pub mod rt;
pub mod spec;
pub mod store;

pub use control::{
    Command, GameUpdate, Incident, LinkUpdate, LobbyUpdate, PeerHandle, PeerLink, Started, Update,
    spawn_here, spawn_with_store,
};
#[cfg(not(target_arch = "wasm32"))]
pub use control::{peer_runtime, spawn_peer};
pub use dwarfs_client::GameMirror;
pub use dwarfs_client::{Ticket, TicketError, ticket};
#[cfg(not(target_arch = "wasm32"))]
pub use lan::{BrowseConfig, LanBrowser, LanLobby, LanUpdate, browse_lan};
/// The libp2p peer id (a player's public identity).
pub use libp2p::PeerId;
/// A player's key pair (ed25519).
pub use libp2p::identity::Keypair;
/// Network addresses (libp2p multiaddrs).
pub use libp2p::{Multiaddr, multiaddr};
pub use node::{NetEvent, Node, NodeConfig, NodeError, Transport};
pub use peer::{PeerError, run_peer};
pub use spec::{NetPlan, PeerReport, PeerSpec, Process, Role, Timing};
