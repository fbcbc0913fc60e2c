//! Randomness nobody controls: the commit-reveal seed and the fairness beacon.
//!
//! **Seed.** Every seated peer commits to `blake3(game id, seat, nonce)`, then reveals the nonce.
//! The seed is `blake3(game id, nonces in seat order)`; it resolves the setup chance point.
//!
//! **Beacon.** Each peer owns a blake3 hash chain in segments of `L` links: the link at position
//! `p` satisfies `link(p-1) = H(link(p), p)` (128-bit blake3, domain-separated). A peer commits
//! to the tip (position `kL`) of each segment (the first in its seed commit, later ones in the
//! signed ack at the segment's last position) and reveals position `n` with its ack of move `n`.
//! Revealing `link(n)` does not reveal `link(n+1)`, and anyone can check a revealed link against
//! any earlier known one by hashing forward. When move `n` leads to a chance point, its entropy is
//! `blake3(game id, n, links revealed in the acks of move n, in seat order)`: fixed before the
//! move is signed (the links were committed), unknown to anyone until every live peer acked it.
//! Every link travels inside its author's signed ack, so whoever relays an ack cannot swap or
//! strip it: a missing or false link is the author's own signed doing.
//!
//! **Seed takeovers.** The last seat to reveal its seed nonce knows every other one first, so it
//! knows the deal. A seat that withholds its reveal is handed to the bot at the seed round (move
//! 0) by the others' votes, and the seed is drawn again from the live seats' nonces and their
//! re-roll links at the takeover's position ([`reseed`]), revealed once the vote is decided.
//!
//! **Re-rolls.** The last peer to ack a move that leads to a chance point holds every other
//! link before it sends its own, so it knows the outcome. If it withholds its ack and is voted out
//! at that move, the entropy cannot simply be recomputed from the links of the others: the
//! withholder holds them and would know the new outcome too, and could pick the better of two.
//! So each peer also commits, in its seed commit, to the tip of a short *re-roll chain* (one link
//! per seat of the game, from a secret derived from its beacon chain's). The `k`-th takeover of a
//! game (counting records, from 1) makes every remaining live seat sign its ack of the move under
//! way again, revealing its re-roll link at position `k`, and the entropy of the chance point
//! after that move is `blake3(game id, n, beacon links, re-roll links)` ([`move_entropy`]). These
//! links are revealed only once the takeover is decided (irrevocably: every voter is bound by its
//! vote), so the withholder cannot know them when it decides to withhold. Every re-roll link is
//! checked against its committed chain before the move is final, and the replay stores them with
//! the move (`MoveRecord::reroll`), so any verifier recomputes the re-rolled entropy.

use crate::game_secret::GameSecret;
use crate::message::{GameId, Link};
use dwarfs_engine::Seat;

/// `link(pos - 1)` from `link(pos)`.
pub fn step_down(link: &Link, pos: u32) -> Link {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs beacon link v1\0");
    h.update(link);
    h.update(&pos.to_le_bytes());
    let mut out = [0u8; 16];
    out.copy_from_slice(&h.finalize().as_bytes()[..16]);
    out
}

/// A peer's own beacon chain, derived from a secret, one segment in memory at a time.
#[derive(Clone, Debug)]
pub struct Chain {
    secret: [u8; 32],
    segment_len: u32,
    segment: u32,
    /// `links[i]` is the link at position `segment * L + i`, for `i` in `0..=L`.
    links: Vec<Link>,
}

impl Chain {
    /// The chain for `secret` with segments of `segment_len` links (at least 1).
    pub fn new(secret: [u8; 32], segment_len: u32) -> Self {
        let mut c = Chain {
            secret,
            segment_len: segment_len.max(1),
            segment: 0,
            links: Vec::new(),
        };
        c.build(0);
        c
    }

    fn build(&mut self, segment: u32) {
        let l = self.segment_len;
        let start = segment.saturating_mul(l);
        let mut h = blake3::Hasher::new();
        h.update(b"dwarfs beacon segment v1\0");
        h.update(&self.secret);
        h.update(&segment.to_le_bytes());
        let mut top = [0u8; 16];
        top.copy_from_slice(&h.finalize().as_bytes()[..16]);
        let mut links = vec![[0u8; 16]; l as usize + 1];
        links[l as usize] = top;
        for i in (1..=l as usize).rev() {
            links[i - 1] = step_down(&links[i], start + i as u32);
        }
        self.segment = segment;
        self.links = links;
    }

    /// The segment holding position `pos` (positions `kL+1 ..= (k+1)L` are segment `k`).
    pub fn segment_of(&self, pos: u32) -> u32 {
        pos.saturating_sub(1) / self.segment_len
    }

    /// The tip (position `kL`) of segment `k`.
    pub fn tip(&mut self, segment: u32) -> Link {
        if self.segment != segment {
            self.build(segment);
        }
        self.links[0]
    }

    /// The link revealed at position `pos` (at least 1).
    pub fn link(&mut self, pos: u32) -> Link {
        let seg = self.segment_of(pos);
        if self.segment != seg {
            self.build(seg);
        }
        self.links[(pos - seg * self.segment_len) as usize]
    }

    /// The re-roll chain that goes with this chain: `len` links under one tip (position 0), from
    /// a secret derived from this chain's, so it is as fresh as the beacon chain is.
    pub fn reroll_chain(&self, len: u32) -> Chain {
        let mut h = blake3::Hasher::new_keyed(&self.secret);
        h.update(b"dwarfs reroll chain v1\0");
        Chain::new(*h.finalize().as_bytes(), len)
    }

    /// Whether `pos` is the last position of its segment (its ack carries the next tip).
    pub fn is_segment_end(&self, pos: u32) -> bool {
        pos > 0 && pos.is_multiple_of(self.segment_len)
    }
}

/// What is known of another peer's chain: the latest authenticated link and its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainTracker {
    /// Position of `link`.
    pub pos: u32,
    /// The link (a committed tip or a verified reveal).
    pub link: Link,
}

impl ChainTracker {
    /// Checks that `link` is the chain's link at `pos` (> `self.pos`), hashing down to the known
    /// one. At most `max_steps` hashes are spent; further is refused.
    pub fn check(&self, pos: u32, link: &Link, max_steps: u32) -> bool {
        if pos <= self.pos || pos - self.pos > max_steps {
            return false;
        }
        let mut cur = *link;
        let mut p = pos;
        while p > self.pos {
            cur = step_down(&cur, p);
            p -= 1;
        }
        cur == self.link
    }

    /// Accepts a checked link.
    pub fn advance(&mut self, pos: u32, link: Link) {
        self.pos = pos;
        self.link = link;
    }
}

/// The seed commitment of a nonce.
pub fn nonce_hash(game_id: &GameId, seat: Seat, nonce: &[u8; 32]) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs nonce v1\0");
    h.update(game_id);
    h.update(&[seat.0]);
    h.update(nonce);
    *h.finalize().as_bytes()
}

/// The seed: blake3 of the game id and the revealed nonces in seat order.
pub fn seed(game_id: &GameId, nonces_in_seat_order: &[[u8; 32]]) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs seed v1\0");
    h.update(game_id);
    for n in nonces_in_seat_order {
        h.update(n);
    }
    *h.finalize().as_bytes()
}

/// The seed after seats were handed to the bot at the seed round (they withheld their reveal,
/// or their re-roll link): blake3 of the game id, the live seats' nonces and their re-roll links
/// (both in seat order). The links were revealed only once the takeover was decided, so a seat
/// that knew every other nonce when it withheld its own knew neither this seed nor the one its
/// reveal would have made; the last seat to reveal its link may withhold it in turn, at the
/// price of its seat too (see `session/seeding.rs`).
pub fn reseed(game_id: &GameId, nonces_in_seat_order: &[[u8; 32]], rerolls: &[Link]) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs reseed v1\0");
    h.update(game_id);
    h.update(&(nonces_in_seat_order.len() as u32).to_le_bytes());
    for n in nonces_in_seat_order {
        h.update(n);
    }
    h.update(&(rerolls.len() as u32).to_le_bytes());
    for r in rerolls {
        h.update(r);
    }
    *h.finalize().as_bytes()
}

/// Entropy for the `index`-th chance resolution at setup (index 0 is the seed itself).
pub fn setup_entropy(seed: &[u8; 32], index: u32) -> [u8; 32] {
    if index == 0 {
        return *seed;
    }
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs setup entropy v1\0");
    h.update(seed);
    h.update(&index.to_le_bytes());
    *h.finalize().as_bytes()
}

/// Entropy for the chance point reached after move `seq`, from the links revealed in its acks
/// (live seats, in seat order). `round` counts further chance points before the next decision.
/// `rerolls` are the live seats' re-roll links when seats were handed to the bot at move `seq`
/// (empty otherwise: the entropy is then the same as without re-rolls).
pub fn move_entropy(
    game_id: &GameId,
    seq: u32,
    round: u32,
    reveals: &[Link],
    rerolls: &[Link],
) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs beacon entropy v1\0");
    h.update(game_id);
    h.update(&seq.to_le_bytes());
    h.update(&round.to_le_bytes());
    for r in reveals {
        h.update(r);
    }
    if !rerolls.is_empty() {
        h.update(b"\0reroll\0");
        h.update(&(rerolls.len() as u32).to_le_bytes());
        for r in rerolls {
            h.update(r);
        }
    }
    *h.finalize().as_bytes()
}

/// Whether `link` is position `pos` (1 ..= `len`) of the re-roll chain committed by `tip`.
pub fn check_reroll(tip: &Link, len: u32, pos: u32, link: &Link) -> bool {
    ChainTracker { pos: 0, link: *tip }.check(pos, link, len)
}

/// Per-peer secrets for one game (seed nonce, beacon chain, secret-choice salts): keyed by the
/// peer's signing key, over the game's [`GameSecret`] (fresh local randomness, kept on disk so a
/// restarted peer derives the same ones), the game id and the purpose. Nobody without both the
/// key and the game's secret can predict them, and no two games share them, even under one id.
pub fn derive_secret(
    key_secret: &[u8; 32],
    game_secret: &GameSecret,
    game_id: &GameId,
    purpose: &str,
) -> [u8; 32] {
    let mut h = blake3::Hasher::new_keyed(key_secret);
    h.update(b"dwarfs session secret v2\0");
    h.update(&game_secret.to_bytes());
    h.update(game_id);
    h.update(purpose.as_bytes());
    *h.finalize().as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_links_check_against_tip_and_each_other() {
        let mut c = Chain::new([5; 32], 8);
        let tip = c.tip(0);
        let mut t = ChainTracker { pos: 0, link: tip };
        assert!(t.check(3, &c.link(3), 100));
        assert!(!t.check(3, &c.link(4), 100));
        assert!(t.check(1, &c.link(1), 100));
        t.advance(1, c.link(1));
        assert!(t.check(8, &c.link(8), 100));
        assert!(!t.check(8, &c.link(8), 2), "step bound");
        // Next segment: a new tip at position 8.
        let tip1 = c.tip(1);
        assert_ne!(tip1, c.link(8));
        let t1 = ChainTracker { pos: 8, link: tip1 };
        assert!(t1.check(9, &c.link(9), 100));
        assert!(t1.check(16, &c.link(16), 100));
        assert!(c.is_segment_end(16) && !c.is_segment_end(15));
    }
}
