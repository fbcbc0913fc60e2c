//! Chance: entropy from outside, a ChaCha RNG over it, and a seed stream for simulations.
//!
//! A game never owns an RNG. When the rules need randomness the game stops at a chance point
//! (`Actor::Chance`); whoever drives it supplies 32 bytes of [`Entropy`] and the game resolves
//! every random step up to the next decision with a [`ChanceRng`] seeded from them. Over the
//! network the entropy comes from every player's contribution; in simulation from a [`SeedStream`].
//!
//! The sampling algorithms here are our own and fixed (not `rand`'s), so outcomes never change
//! with a dependency upgrade.

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

/// A uniform value in `0..n` from `rng`, by rejection of the top partial bucket; 0 when `n <= 1`.
fn below(rng: &mut ChaCha20Rng, n: u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    let zone = u32::MAX - (u32::MAX % n);
    loop {
        let v = rng.next_u32();
        if v < zone {
            return v % n;
        }
    }
}

/// 32 bytes of entropy that resolve one chance point.
pub type Entropy = [u8; 32];

/// The deterministic RNG a game uses while resolving one chance point.
#[derive(Clone, Debug)]
pub struct ChanceRng(ChaCha20Rng);

impl ChanceRng {
    /// An RNG seeded from the given entropy.
    pub fn from_entropy(entropy: Entropy) -> Self {
        ChanceRng(ChaCha20Rng::from_seed(entropy))
    }

    /// The next raw 32-bit value.
    pub fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// A uniform value in `0..n` (unbiased, by rejection). Returns 0 when `n` is 0 or 1.
    pub fn below(&mut self, n: u32) -> u32 {
        below(&mut self.0, n)
    }

    /// A uniform index into a collection of `len` items, or `None` when it is empty.
    pub fn index(&mut self, len: usize) -> Option<usize> {
        if len == 0 {
            None
        } else {
            Some(self.below(u32::try_from(len).unwrap_or(u32::MAX)) as usize)
        }
    }

    /// Picks an index with probability proportional to `weights[i]`; `None` when all are 0.
    /// Drawing a card from a pile of counted kinds is exactly this.
    pub fn weighted(&mut self, weights: &[u32]) -> Option<usize> {
        let total: u64 = weights.iter().map(|&w| w as u64).sum();
        if total == 0 || total > u32::MAX as u64 {
            return None;
        }
        let mut r = self.below(total as u32);
        for (i, &w) in weights.iter().enumerate() {
            if r < w {
                return Some(i);
            }
            r -= w;
        }
        None
    }

    /// Removes and returns a uniformly chosen element (a draw from a face-down pile).
    pub fn draw<T>(&mut self, pile: &mut Vec<T>) -> Option<T> {
        let i = self.index(pile.len())?;
        Some(pile.swap_remove(i))
    }

    /// Shuffles in place (Fisher-Yates). Only for things revealed at once, such as a board
    /// layout; decks are drawn with [`ChanceRng::draw`] instead, never pre-shuffled.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(u32::try_from(i + 1).unwrap_or(u32::MAX)) as usize;
            items.swap(i, j);
        }
    }
}

/// A stream of entropy derived from one seed, for simulations, tests and golden vectors.
#[derive(Clone, Debug)]
pub struct SeedStream(ChaCha20Rng);

impl SeedStream {
    /// The stream for a numeric seed (as given on the command line).
    pub fn new(seed: u64) -> Self {
        let mut h = blake3::Hasher::new();
        h.update(b"dwarfs seed stream v1");
        h.update(&seed.to_le_bytes());
        SeedStream(ChaCha20Rng::from_seed(*h.finalize().as_bytes()))
    }

    /// The stream for a full 32-byte seed.
    pub fn from_bytes(seed: [u8; 32]) -> Self {
        SeedStream(ChaCha20Rng::from_seed(seed))
    }

    /// The entropy for the next chance point.
    pub fn next_entropy(&mut self) -> Entropy {
        let mut e = [0u8; 32];
        self.0.fill_bytes(&mut e);
        e
    }

    /// A uniform index in `0..len` for choosing among actions (not for game chance); 0 if empty.
    pub fn choose(&mut self, len: usize) -> usize {
        below(&mut self.0, u32::try_from(len).unwrap_or(u32::MAX)) as usize
    }

    /// A stream for another purpose derived from the same seed (bots, garbage inputs), so that
    /// using one never shifts the other.
    pub fn derive(seed: u64, purpose: &str) -> Self {
        let mut h = blake3::Hasher::new();
        h.update(b"dwarfs derived stream v1");
        h.update(&seed.to_le_bytes());
        h.update(purpose.as_bytes());
        SeedStream(ChaCha20Rng::from_seed(*h.finalize().as_bytes()))
    }

    /// `original` damaged 1 to 3 times: a bit flipped, a byte overwritten, inserted or
    /// deleted, or the rest cut off (cuts the rarest, so most damage lands inside a value).
    /// The result always differs from `original`. For tests and property tests of decoders.
    pub fn mutate_bytes(&mut self, original: &[u8]) -> Vec<u8> {
        loop {
            let mut b = original.to_vec();
            for _ in 0..1 + self.choose(3) {
                let pos = self.choose(b.len() + 1);
                let byte = self.next_u64() as u8;
                match self.choose(9) {
                    0..=2 if pos < b.len() => b[pos] ^= 1 << (byte % 8),
                    3 | 4 if pos < b.len() => b[pos] = byte,
                    5 => b.insert(pos, byte),
                    6 | 7 if pos < b.len() => {
                        b.remove(pos);
                    }
                    _ => b.truncate(pos),
                }
            }
            if b != original {
                return b;
            }
        }
    }

    /// The next raw 64-bit value.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_covers_all_values() {
        let mut r = ChanceRng::from_entropy([7; 32]);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            let v = r.below(6);
            seen[v as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
    }

    #[test]
    fn same_entropy_same_outcomes() {
        let mut a = ChanceRng::from_entropy([1; 32]);
        let mut b = ChanceRng::from_entropy([1; 32]);
        let mut c = ChanceRng::from_entropy([2; 32]);
        let va: Vec<u32> = (0..8).map(|_| a.below(1000)).collect();
        let vb: Vec<u32> = (0..8).map(|_| b.below(1000)).collect();
        let vc: Vec<u32> = (0..8).map(|_| c.below(1000)).collect();
        assert_eq!(va, vb);
        assert_ne!(va, vc);
    }

    #[test]
    fn weighted_respects_zero_weights() {
        let mut r = ChanceRng::from_entropy([3; 32]);
        for _ in 0..200 {
            let i = r.weighted(&[0, 5, 0, 1]).unwrap();
            assert!(i == 1 || i == 3);
        }
        assert_eq!(r.weighted(&[0, 0]), None);
        assert_eq!(r.weighted(&[]), None);
    }

    #[test]
    fn draw_removes_and_empties() {
        let mut r = ChanceRng::from_entropy([4; 32]);
        let mut pile = vec![1, 2, 3];
        let mut got = vec![];
        while let Some(x) = r.draw(&mut pile) {
            got.push(x);
        }
        got.sort();
        assert_eq!(got, vec![1, 2, 3]);
    }

    #[test]
    fn seed_streams_differ_by_seed() {
        assert_ne!(
            SeedStream::new(1).next_entropy(),
            SeedStream::new(2).next_entropy()
        );
        assert_eq!(
            SeedStream::new(9).next_entropy(),
            SeedStream::new(9).next_entropy()
        );
    }

    #[test]
    fn mutated_bytes_always_differ_and_every_kind_of_damage_happens() {
        let mut rng = SeedStream::new(3);
        let original = [7u8; 16];
        let (mut longer, mut shorter, mut same_len) = (false, false, false);
        for _ in 0..500 {
            let b = rng.mutate_bytes(&original);
            assert_ne!(b, original);
            longer |= b.len() > original.len();
            shorter |= b.len() < original.len();
            same_len |= b.len() == original.len();
        }
        assert!(longer && shorter && same_len);
        assert!(
            !rng.mutate_bytes(&[]).is_empty(),
            "even empty input is changed"
        );
    }
}
