//! Fresh local randomness behind a peer's per-game secrets.
//!
//! A peer's seed nonce, beacon chain and secret-choice salts for one game are derived from three
//! things: its signing key, the game id and a [`GameSecret`], 32 bytes of randomness drawn by the
//! driver for that game alone (the protocol never draws randomness itself). With the key alone,
//! a host who offered a game id again would learn every joiner's nonce and beacon links from the
//! first game with that id; with a fresh secret, the values of one game say nothing about
//! another's. The driver keeps the secret on disk next to the game's replay, readable only by
//! the user, so that [`crate::Session::resume`] derives the same values after a crash.

use std::fmt;

/// 32 bytes of fresh randomness for one game of one peer. Never sent or recorded in a replay;
/// `Debug` does not show it.
#[derive(Clone, PartialEq, Eq)]
pub struct GameSecret([u8; 32]);

impl fmt::Debug for GameSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("GameSecret(..)")
    }
}

impl GameSecret {
    /// The secret made of these bytes: fresh randomness from the operating system for a new
    /// game, or the bytes kept on disk for a resumed one.
    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        GameSecret(bytes)
    }

    /// The bytes, to keep on disk (readable only by the user) for a resume.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The deterministic secret of peer `i` in a simulation with `seed` (simulations, tests and
    /// `replay::record_simulated`: the same seed gives the same game).
    pub fn for_simulation(seed: u64, i: usize) -> Self {
        let mut h = blake3::Hasher::new();
        h.update(b"dwarfs sim game secret v1\0");
        h.update(&seed.to_le_bytes());
        h.update(&(i as u64).to_le_bytes());
        GameSecret(*h.finalize().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_hides_the_bytes_and_simulation_secrets_differ_by_seed_and_peer() {
        let s = GameSecret::from_bytes([0xab; 32]);
        assert_eq!(format!("{s:?}"), "GameSecret(..)");
        assert_eq!(s.to_bytes(), [0xab; 32]);
        let a = GameSecret::for_simulation(1, 0);
        assert_eq!(a, GameSecret::for_simulation(1, 0));
        assert_ne!(a, GameSecret::for_simulation(1, 1));
        assert_ne!(a, GameSecret::for_simulation(2, 0));
    }
}
