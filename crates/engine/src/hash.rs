//! The state hash: blake3 over the canonical encoding, domain-separated by game, rules version and
//! card-data digest, so peers that disagree on any of them can never agree on a hash.

use crate::codec;
use crate::game::Game;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::fmt;

/// A blake3 hash of a game state.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct StateHash(pub [u8; 32]);

impl StateHash {
    /// The full hash in lowercase hex.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Parses 64 hex digits.
    pub fn from_hex(s: &str) -> Option<Self> {
        if s.len() != 64 || !s.is_ascii() {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, b) in out.iter_mut().enumerate() {
            *b = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(StateHash(out))
    }

    /// The first 8 hex digits, for display.
    pub fn short(&self) -> String {
        self.to_hex()[..8].to_string()
    }
}

impl fmt::Debug for StateHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StateHash({})", self.short())
    }
}

impl fmt::Display for StateHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

thread_local! {
    static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The bytes that prefix every state before hashing: game name, rules version, data digest.
pub fn domain<G: Game>() -> Vec<u8> {
    let mut d = Vec::with_capacity(64);
    write_domain::<G>(&mut d);
    d
}

fn write_domain<G: Game>(d: &mut Vec<u8>) {
    d.extend_from_slice(b"dwarfs-state\0");
    d.extend_from_slice(G::NAME.as_bytes());
    d.push(0);
    d.extend_from_slice(&G::RULES_VERSION.to_le_bytes());
    d.extend_from_slice(&G::data_digest());
}

/// The state hash: blake3(domain || canonical encoding of the state).
///
/// A state that cannot be encoded (a bug in its game) is an error: there is no hash of it, so
/// nothing can be acked, signed or compared on a value that does not stand for the state.
pub fn state_hash<G: Game>(state: &G) -> Result<StateHash, codec::CodecError> {
    SCRATCH.with(|buf| {
        let mut buf = buf.borrow_mut();
        buf.clear();
        write_domain::<G>(&mut buf);
        codec::encode_into(state, &mut buf)?;
        Ok(StateHash(*blake3::hash(&buf).as_bytes()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip() {
        let h = StateHash([0xab; 32]);
        assert_eq!(StateHash::from_hex(&h.to_hex()), Some(h));
        assert_eq!(h.short(), "abababab");
        assert_eq!(StateHash::from_hex("zz"), None);
    }
}
