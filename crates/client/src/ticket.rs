//! Invite tickets: one copy-paste string that holds everything needed to join a game — the game
//! id, the host's peer id and the addresses it listens on.
//!
//! Format: `dwarfs<version>-<base32>` where the base32 (Crockford alphabet, case-insensitive,
//! whitespace ignored) carries the canonical encoding of the ticket followed by a 4-byte blake3
//! checksum, so a typo or a truncated paste is caught with a clear message instead of a failed dial.

use libp2p_identity::PeerId;
use multiaddr::Multiaddr;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The ticket format version written by this build.
pub const TICKET_VERSION: u32 = 1;
const PREFIX: &str = "dwarfs";
/// The web page's query parameter that carries a ticket ([`Ticket::page_link`]).
pub const JOIN_PARAM: &str = "join";
const CHECKSUM_LEN: usize = 4;
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// An invitation to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// The game's engine name ("fall", "hold"...).
    pub game: String,
    /// The game id chosen by the host.
    pub game_id: [u8; 32],
    /// The host's peer id.
    pub host: PeerId,
    /// Addresses the host listens on; the joiner tries them all.
    pub addrs: Vec<Multiaddr>,
}

#[derive(Serialize, Deserialize)]
struct Body {
    game: String,
    game_id: [u8; 32],
    host: Vec<u8>,
    addrs: Vec<Vec<u8>>,
}

/// Why a string is not a usable ticket.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TicketError {
    /// Nothing was given.
    #[error(
        "the ticket is empty: paste the whole line the host printed (it starts with `dwarfs1-`)"
    )]
    Empty,
    /// The string does not start like a ticket.
    #[error("this is not a dwarfs ticket: a ticket starts with `dwarfs1-`")]
    NotATicket,
    /// The ticket was made by another version of dwarfs.
    #[error(
        "this ticket has format version {0}, but this dwarfs understands version {TICKET_VERSION}: use the same dwarfs version as the host"
    )]
    Version(u32),
    /// A character outside the ticket alphabet.
    #[error(
        "the ticket has a character {ch:?} at position {pos} that cannot appear in a ticket; was it copied with something else?"
    )]
    BadCharacter {
        /// The character.
        ch: char,
        /// Its position in the ticket body (after the prefix).
        pos: usize,
    },
    /// The checksum does not match: a typo, or part of the ticket is missing.
    #[error(
        "the ticket's checksum does not match: it was mistyped or cut short; copy the whole line again"
    )]
    Checksum,
    /// The checksum matched but the contents are not a ticket (made by a buggy or hostile tool).
    #[error("the ticket's contents are malformed: {0}")]
    Malformed(String),
    /// The ticket lists no address to dial.
    #[error("the ticket has no address to connect to; ask the host for a new ticket")]
    NoAddress,
}

impl Ticket {
    /// The ticket as one string.
    pub fn encode(&self) -> String {
        let body = Body {
            game: self.game.clone(),
            game_id: self.game_id,
            host: self.host.to_bytes(),
            addrs: self.addrs.iter().map(|a| a.to_vec()).collect(),
        };
        let mut bytes = dwarfs_engine::codec::encode_plain(&body);
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum);
        format!("{PREFIX}{TICKET_VERSION}-{}", base32_encode(&bytes))
    }

    /// The address of a web page served beside the game on port `http_port` (`dwarfs host
    /// --web`), with this ticket inside: `http://IP:PORT/?join=TICKET`, on the IP of the
    /// ticket's first WebSocket address a browser on the LAN can dial (a LAN address before a
    /// loopback one). `None` if the ticket has no IPv4 WebSocket address.
    pub fn page_link(&self, http_port: u16) -> Option<String> {
        use multiaddr::Protocol;
        let ws_ip = |a: &Multiaddr| {
            let mut ps = a.iter();
            match (ps.next(), ps.next(), ps.next()) {
                (Some(Protocol::Ip4(ip)), Some(Protocol::Tcp(_)), Some(Protocol::Ws(_))) => {
                    Some(ip)
                }
                _ => None,
            }
        };
        let ip = self
            .addrs
            .iter()
            .filter_map(ws_ip)
            .min_by_key(|ip| (ip.is_loopback(), ip.is_unspecified()))?;
        // The ticket is base32 with a dash: safe in a URL as it is.
        Some(format!("http://{ip}:{http_port}/?{JOIN_PARAM}={self}"))
    }

    /// Parses a ticket, accepting surrounding whitespace, line breaks and upper case.
    pub fn decode(s: &str) -> Result<Ticket, TicketError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(TicketError::Empty);
        }
        let rest = s
            .get(..PREFIX.len())
            .filter(|p| p.eq_ignore_ascii_case(PREFIX))
            .map(|_| &s[PREFIX.len()..])
            .ok_or(TicketError::NotATicket)?;
        let (version, body) = rest.split_once('-').ok_or(TicketError::NotATicket)?;
        let version: u32 = version.parse().map_err(|_| TicketError::NotATicket)?;
        if version != TICKET_VERSION {
            return Err(TicketError::Version(version));
        }
        let bytes = base32_decode(body)?;
        if bytes.len() < CHECKSUM_LEN {
            return Err(TicketError::Checksum);
        }
        let (payload, sum) = bytes.split_at(bytes.len() - CHECKSUM_LEN);
        if checksum(payload) != sum {
            return Err(TicketError::Checksum);
        }
        let body: Body = dwarfs_engine::codec::decode_frame(payload)
            .map_err(|e| TicketError::Malformed(e.to_string()))?;
        let host = PeerId::from_bytes(&body.host)
            .map_err(|e| TicketError::Malformed(format!("host peer id: {e}")))?;
        let addrs = body
            .addrs
            .into_iter()
            .map(|a| {
                Multiaddr::try_from(a).map_err(|e| TicketError::Malformed(format!("address: {e}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if addrs.is_empty() {
            return Err(TicketError::NoAddress);
        }
        Ok(Ticket {
            game: body.game,
            game_id: body.game_id,
            host,
            addrs,
        })
    }
}

impl fmt::Display for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.encode())
    }
}

impl FromStr for Ticket {
    type Err = TicketError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ticket::decode(s)
    }
}

fn checksum(bytes: &[u8]) -> [u8; CHECKSUM_LEN] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs ticket v1");
    h.update(bytes);
    let mut out = [0u8; CHECKSUM_LEN];
    out.copy_from_slice(&h.finalize().as_bytes()[..CHECKSUM_LEN]);
    out
}

fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &b in bytes {
        acc = (acc << 8) | b as u32;
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

fn base32_value(c: char) -> Option<u32> {
    let c = c.to_ascii_lowercase();
    let c = match c {
        'o' => '0',
        'i' | 'l' => '1',
        c => c,
    };
    ALPHABET
        .iter()
        .position(|&a| a as char == c)
        .map(|v| v as u32)
}

fn base32_decode(s: &str) -> Result<Vec<u8>, TicketError> {
    let mut out = Vec::with_capacity(s.len() * 5 / 8);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for (pos, ch) in s.chars().enumerate() {
        if ch.is_whitespace() {
            continue;
        }
        let v = base32_value(ch).ok_or(TicketError::BadCharacter { ch, pos })?;
        acc = (acc << 5) | v;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
        acc &= (1 << bits) - 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_link_is_on_the_lan_address_of_a_websocket_listener_and_carries_the_ticket() {
        let with = |addrs: &[&str]| Ticket {
            addrs: addrs.iter().map(|a| a.parse().unwrap()).collect(),
            ..sample()
        };
        let t = with(&[
            "/ip4/127.0.0.1/tcp/4001",
            "/ip4/127.0.0.1/tcp/4002/ws",
            "/ip4/192.168.1.20/udp/4003/quic-v1",
            "/ip4/192.168.1.20/tcp/4004/ws",
        ]);
        let link = t.page_link(8080).unwrap();
        let (base, ticket_text) = link.split_once("/?join=").unwrap();
        assert_eq!(base, "http://192.168.1.20:8080");
        let back: Ticket = ticket_text.parse().unwrap();
        assert_eq!(back.host, t.host);
        assert_eq!(back.addrs, t.addrs);
        // Loopback when that is all there is; none without a WebSocket address.
        let local = with(&["/ip4/127.0.0.1/tcp/4002/ws"]);
        assert!(
            local
                .page_link(80)
                .unwrap()
                .starts_with("http://127.0.0.1:80/?join=")
        );
        assert_eq!(with(&["/ip4/10.0.0.2/tcp/4001"]).page_link(80), None);
    }

    fn sample() -> Ticket {
        Ticket {
            game: "fall".into(),
            game_id: [7; 32],
            host: libp2p_identity::Keypair::generate_ed25519()
                .public()
                .to_peer_id(),
            addrs: vec![
                "/ip4/127.0.0.1/tcp/4001".parse().unwrap(),
                "/ip4/192.168.1.5/udp/4001/quic-v1".parse().unwrap(),
            ],
        }
    }

    #[test]
    fn round_trips_and_tolerates_paste_damage() {
        let t = sample();
        let s = t.encode();
        assert!(s.starts_with("dwarfs1-"));
        assert_eq!(Ticket::decode(&s).unwrap(), t);
        // Upper case, surrounding whitespace and a line break in the middle are fine.
        let mut messy = format!("  {}\n", s.to_uppercase());
        messy.insert(40, '\n');
        assert_eq!(Ticket::decode(&messy).unwrap(), t);
    }

    #[test]
    fn every_kind_of_bad_input_is_named() {
        let s = sample().encode();
        assert_eq!(Ticket::decode("  "), Err(TicketError::Empty));
        assert_eq!(Ticket::decode("hello"), Err(TicketError::NotATicket));
        assert_eq!(
            Ticket::decode(&s.replacen("dwarfs1-", "dwarfs9-", 1)),
            Err(TicketError::Version(9))
        );
        assert!(matches!(
            Ticket::decode(&format!("{s}!")),
            Err(TicketError::BadCharacter { ch: '!', .. })
        ));
        // Truncated.
        assert_eq!(
            Ticket::decode(&s[..s.len() - 3]),
            Err(TicketError::Checksum)
        );
        // One character changed.
        let mut typo: Vec<char> = s.chars().collect();
        let i = 20;
        typo[i] = if typo[i] == 'a' { 'b' } else { 'a' };
        let typo: String = typo.into_iter().collect();
        assert_eq!(Ticket::decode(&typo), Err(TicketError::Checksum));
    }

    #[test]
    fn a_ticket_without_addresses_is_refused() {
        let mut t = sample();
        t.addrs.clear();
        assert_eq!(Ticket::decode(&t.encode()), Err(TicketError::NoAddress));
    }

    #[test]
    fn base32_round_trips_all_lengths() {
        for len in 0..40usize {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + len) as u8).collect();
            assert_eq!(base32_decode(&base32_encode(&bytes)).unwrap(), bytes);
        }
    }
}
