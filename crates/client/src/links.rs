//! How the other players of a network game are reached (directly, through a relay, or not at
//! all any more) and how reachable this computer is, as the peer reports them
//! ([`LinkUpdate`]).

use crate::{LinkUpdate, Path, Reachability, RosterSeat};
use std::collections::BTreeMap;

/// How one peer is reached, as far as we know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// A direct connection (same LAN, a public address, or a hole punched through the NATs).
    Direct,
    /// Only through a relay.
    Relayed {
        /// Hole punching was tried and failed: the link stays relayed for the game.
        punch_failed: bool,
    },
    /// No connection any more.
    Lost,
}

/// The most peers whose link is remembered (the players and spectators of one game; news of
/// more is dropped).
pub const MAX_LINKS: usize = 256;

/// The links of a network lobby or game: each seat's peer (from the roster) and how each peer
/// is reached, and this computer's reachability.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Links {
    /// Each seat's peer id as text, in seat order (`None` for a bot or an open seat).
    seat_peers: Vec<Option<String>>,
    /// The last news of each peer's link, by peer id as text.
    paths: BTreeMap<String, LinkState>,
    /// This computer's reachability, once the peer said.
    pub reachability: Option<Reachability>,
}

impl Links {
    /// Learns which peer sits where from the lobby's roster.
    pub fn on_roster(&mut self, seats: &[RosterSeat]) {
        self.seat_peers = seats
            .iter()
            .map(|s| s.peer_id().map(|p| p.to_string()))
            .collect();
    }

    /// Takes in a link, punch or reachability update.
    pub fn on_update(&mut self, u: LinkUpdate) {
        match u {
            LinkUpdate::Path { peer, path } => {
                let was = self.paths.get(&peer).copied();
                let now = match path {
                    Some(Path::Direct) => LinkState::Direct,
                    Some(Path::Relayed) => LinkState::Relayed {
                        punch_failed: was == Some(LinkState::Relayed { punch_failed: true }),
                    },
                    None => LinkState::Lost,
                };
                self.set(peer, now);
            }
            // A punch that failed while a direct link exists changes nothing.
            LinkUpdate::PunchFailed { peer }
                if self.paths.get(&peer) != Some(&LinkState::Direct) =>
            {
                self.set(peer, LinkState::Relayed { punch_failed: true });
            }
            LinkUpdate::Reachability(r) => self.reachability = Some(r),
            LinkUpdate::PunchFailed { .. } => {}
        }
    }

    fn set(&mut self, peer: String, state: LinkState) {
        if self.paths.len() < MAX_LINKS || self.paths.contains_key(&peer) {
            self.paths.insert(peer, state);
        }
    }

    /// The peer id of seat `i`, if the roster named one.
    pub fn seat_peer(&self, i: usize) -> Option<&str> {
        self.seat_peers.get(i)?.as_deref()
    }

    /// How seat `i`'s player is reached: `None` when its peer or its link is not known.
    pub fn seat(&self, i: usize) -> Option<LinkState> {
        self.paths.get(self.seat_peer(i)?).copied()
    }

    /// The peers holding no seat (spectators) with their links, in peer id order.
    pub fn spectators(&self) -> impl Iterator<Item = (&str, LinkState)> {
        self.paths
            .iter()
            .filter(|(p, _)| !self.seat_peers.iter().flatten().any(|s| s == *p))
            .map(|(p, s)| (p.as_str(), *s))
    }
}
