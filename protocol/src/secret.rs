//! Simultaneous secret decisions: commit-then-reveal of moves.
//!
//! At `Actor::Simultaneous(seats)` every live deciding seat signs a [`SecretCommitBody`](crate::message::SecretCommitBody) binding
//! the game, the step's sequence number, the state hash it applies to, the seat and
//! [`commitment`] of its encoded action and a fresh salt (derived from the signer's per-game
//! secret and the step: no one else can derive it). A peer sends its [`SecretRevealBody`](crate::message::SecretRevealBody) only
//! once it holds every commitment of the step, so no client, even a modified one, learns another
//! seat's choice before fixing its own. When every reveal is in and matches its commitment, every
//! peer plays the choices in seat order and acks the resulting state hash as for a normal move.
//!
//! Seats without a live player (bot seats and seats handed to the takeover bot) do not commit:
//! their choice is `dwarfs_bots::TakeoverBot::choose` at the configuration's strength, on the
//! state reached so far in seat order, which every peer computes alike. The bot searches on its
//! own seat's view, so the live seats' choices applied before it (hidden from that seat) do not
//! steer it. It is public before the others reveal, which is harmless: no one plays that seat.
//!
//! A reveal that does not match its commitment, or two different commitments from one seat for
//! one step, is [`crate::Evidence`] against the seat; a seat that withholds its reveal is silent,
//! and the others hand it to the bot by vote as for any silent seat.

use crate::message::GameId;
use dwarfs_engine::Seat;

/// The commitment to `action` (canonical encoding) under `salt` for `seat` at step `seq`.
pub fn commitment(
    game_id: &GameId,
    seq: u32,
    seat: Seat,
    action: &[u8],
    salt: &[u8; 32],
) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs secret choice v1\0");
    h.update(game_id);
    h.update(&seq.to_le_bytes());
    h.update(&[seat.0]);
    h.update(&(action.len() as u64).to_le_bytes());
    h.update(action);
    h.update(salt);
    *h.finalize().as_bytes()
}

/// The salt of step `seq` from a signer's per-game secret `base` (see
/// [`crate::keys::Signer::derive_secret`]): fresh for every step, unknown to everyone else.
pub fn salt(base: &[u8; 32], seq: u32) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs secret salt v1\0");
    h.update(base);
    h.update(&seq.to_le_bytes());
    *h.finalize().as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_binds_every_field() {
        let g = [1u8; 32];
        let s = [2u8; 32];
        let c = commitment(&g, 3, Seat(1), b"ab", &s);
        assert_eq!(c, commitment(&g, 3, Seat(1), b"ab", &s));
        assert_ne!(c, commitment(&[9; 32], 3, Seat(1), b"ab", &s));
        assert_ne!(c, commitment(&g, 4, Seat(1), b"ab", &s));
        assert_ne!(c, commitment(&g, 3, Seat(0), b"ab", &s));
        assert_ne!(c, commitment(&g, 3, Seat(1), b"ac", &s));
        assert_ne!(c, commitment(&g, 3, Seat(1), b"ab", &[3; 32]));
        assert_ne!(salt(&s, 1), salt(&s, 2));
    }
}
