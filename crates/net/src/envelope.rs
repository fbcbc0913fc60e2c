//! What travels in one `/dwarfs/1` frame: either a protocol wire frame (the protocol crate's codec,
//! untouched), or a small network-layer message the sans-IO protocol does not need to know about
//! (where peers listen, the lobby roster, "I am done").

pub use dwarfs_client::{LobbyInfo, RosterSeat};
use dwarfs_engine::Seat;
use dwarfs_protocol::GameId;
use dwarfs_protocol::message::Signed;
use dwarfs_protocol::wire::MAX_FRAME;
use serde::{Deserialize, Serialize};

/// The largest `/dwarfs/1` frame: a protocol frame plus the one-byte channel tag.
pub const FRAME_LIMIT: usize = MAX_FRAME + 1;

const TAG_WIRE: u8 = 0;
const TAG_NET: u8 = 1;

/// The lobby as the host sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    /// The game.
    pub game_id: GameId,
    /// Every seat, in seat order.
    pub seats: Vec<RosterSeat>,
    /// The game options chosen by the host (canonical encoding; empty for the defaults).
    pub options: Vec<u8>,
}

/// Who may watch a game, as its host says: the players answer the log requests of these
/// spectators only (or of anyone who asks, when `open`). Signed by the host
/// ([`dwarfs_protocol::keys::Domain::Watchers`]) and bound to the game by its id: a player heeds
/// it only signed by the host's key, so no other player can open a game the host closed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatcherList {
    /// The game.
    pub game_id: GameId,
    /// Anyone may watch this game.
    pub open: bool,
    /// The admitted spectators' peer id bytes.
    pub admitted: Vec<Vec<u8>>,
}

/// Network-layer messages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NetMsg {
    /// "Here is where I listen"; sent after the lobby hello, and on reconnection.
    Join {
        /// The game joined (from the ticket): a host seats only peers that name its game.
        game_id: GameId,
        /// Listen addresses (multiaddr bytes).
        addrs: Vec<Vec<u8>>,
        /// Wants to watch, not play.
        spectator: bool,
        /// Has no session yet and needs the game's configuration.
        need_config: bool,
        /// Ready to start as soon as the seats are filled.
        ready: bool,
    },
    /// A seated joiner changed its ready state (sent to the host before the game starts).
    Ready(bool),
    /// A player leaves: before the game the host frees its seat; during the game the others
    /// vote its seat to the bot at once.
    Leave,
    /// A seated joiner asks the host to move it to this open seat, to play its colour.
    TakeSeat(Seat),
    /// A chat line in the lobby, before the game (in the game, chat is signed by the session).
    /// A joiner sends it to the host, which relays it to everyone with the author's name.
    LobbyChat {
        /// The author's display name (set by the host when relaying).
        name: String,
        /// The text.
        text: String,
    },
    /// "What game do you host?" — asked by a LAN browser after mDNS found the peer.
    LobbyQuery,
    /// A host's answer to [`NetMsg::LobbyQuery`] while its lobby is open.
    LobbyInfo(LobbyInfo),
    /// The lobby: who sits where and where they listen; signed by the host
    /// ([`dwarfs_protocol::keys::Domain::Roster`]) and bound to the game by its id.
    Roster(Signed<Roster>),
    /// The sender's game is over and agreed; it will leave soon.
    Done,
    /// A raw round-trip probe (benchmark); answered at once with [`NetMsg::Pong`].
    Ping(u64),
    /// The answer to [`NetMsg::Ping`].
    Pong(u64),
    /// The host tells the seated players who may watch, signed
    /// ([`dwarfs_protocol::keys::Domain::Watchers`]).
    Watchers(Signed<WatcherList>),
    /// The host did not let the asker watch, and why.
    WatchDenied(String),
}

/// A decoded frame.
#[derive(Debug)]
pub enum Envelope<'a> {
    /// A protocol frame, to give to the session.
    Wire(&'a [u8]),
    /// A network-layer message.
    Net(NetMsg),
}

/// Wraps a protocol frame.
pub fn wrap_wire(frame: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(frame.len() + 1);
    out.push(TAG_WIRE);
    out.extend_from_slice(frame);
    out
}

/// Wraps a network-layer message.
pub fn wrap_net(msg: &NetMsg) -> Vec<u8> {
    let mut out = vec![TAG_NET];
    dwarfs_engine::codec::encode_plain_into(msg, &mut out);
    out
}

/// Splits a frame into its channel; `Err` says why it is not one.
pub fn open(frame: &[u8]) -> Result<Envelope<'_>, String> {
    match frame.split_first() {
        Some((&TAG_WIRE, rest)) => Ok(Envelope::Wire(rest)),
        Some((&TAG_NET, rest)) => dwarfs_engine::codec::decode_frame(rest)
            .map(Envelope::Net)
            .map_err(|e| format!("bad network message: {e}")),
        Some((tag, _)) => Err(format!("unknown channel {tag}")),
        None => Err("empty frame".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_round_trip_and_garbage_is_an_error() {
        let w = wrap_wire(b"\x01abc");
        assert!(matches!(open(&w), Ok(Envelope::Wire(b"\x01abc"))));
        let m = NetMsg::Done;
        match open(&wrap_net(&m)) {
            Ok(Envelope::Net(got)) => assert_eq!(got, m),
            other => panic!("{other:?}"),
        }
        assert!(open(&[]).is_err());
        assert!(open(&[9, 1, 2]).is_err());
        assert!(open(&[TAG_NET, 200, 200, 200]).is_err());
    }
}
