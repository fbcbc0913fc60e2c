//! A seat of a lobby as the host's roster lists it.

use dwarfs_engine::Seat;
use libp2p_identity::PeerId;
use multiaddr::Multiaddr;
use serde::{Deserialize, Serialize};

/// One seat as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterSeat {
    /// The seat.
    pub seat: Seat,
    /// The player's display name ("bot" for a bot seat).
    pub name: String,
    /// The colour the seat plays.
    pub colour: String,
    /// The player's peer id bytes; `None` for a bot seat or a seat still open.
    pub peer: Option<Vec<u8>>,
    /// Where the player listens (multiaddr bytes).
    pub addrs: Vec<Vec<u8>>,
    /// Whether a bot plays the seat.
    pub bot: bool,
    /// Whether the player said it is ready to start (bots and the host always are).
    pub ready: bool,
}

impl RosterSeat {
    /// The player's peer id, if the seat has one and it decodes.
    pub fn peer_id(&self) -> Option<PeerId> {
        self.peer.as_ref().and_then(|b| PeerId::from_bytes(b).ok())
    }

    /// The listen addresses that decode.
    pub fn multiaddrs(&self) -> Vec<Multiaddr> {
        self.addrs
            .iter()
            .filter_map(|a| Multiaddr::try_from(a.clone()).ok())
            .collect()
    }
}
