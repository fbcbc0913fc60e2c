//! Determinization: from what one viewer may see, a full state consistent with it, with every
//! hidden part redrawn at random.
//!
//! Hidden in Spring: the other seats' faerie hands (their sizes are public) and the faerie pile,
//! and which of the unseen monsters are in the expedition deck and which went back to the box
//! (how many monsters the deck holds is public). Heroes decks hold no secret: their cards are
//! known and their order does not exist until a reveal draws at random.

use crate::rules::flow::draw_bit;
use crate::state::Spring;
use dwarfs_engine::{ChanceRng, Entropy, Viewer};

impl Spring {
    /// A full state in which everything `viewer` cannot see is redrawn at random, and everything
    /// it can see is unchanged. Deterministic in `entropy`.
    pub fn determinized(&self, viewer: Viewer, entropy: Entropy) -> Spring {
        let mut rng = ChanceRng::from_entropy(entropy);
        let mut g = self.clone();
        let me = match viewer {
            Viewer::Seat(s) if s.index() < self.players as usize => Some(s.index()),
            _ => None,
        };
        // Faeries: pool every hand but the viewer's with the pile, deal the same sizes again.
        let mut pool = self.hidden.faerie_pile as u64;
        for (s, &h) in self.hidden.hands.iter().enumerate() {
            if Some(s) != me {
                pool |= h as u64;
            }
        }
        for (s, &h) in self.hidden.hands.iter().enumerate() {
            if Some(s) == me {
                continue;
            }
            let mut hand = 0u32;
            for _ in 0..h.count_ones() {
                if let Some(c) = draw_bit(&mut rng, &mut pool) {
                    hand |= 1 << c;
                }
            }
            g.hidden.hands[s] = hand;
        }
        g.hidden.faerie_pile = pool as u32;
        // Unseen monsters: deal the deck's count back into the deck, the rest to the box.
        let monsters = (1u64 << crate::data::MONSTERS) - 1;
        let in_deck = (self.hidden.exp_deck & monsters).count_ones();
        let mut unseen = (self.hidden.exp_deck & monsters) | self.hidden.boxed as u64;
        let mut deck = self.hidden.exp_deck & !monsters;
        for _ in 0..in_deck {
            if let Some(c) = draw_bit(&mut rng, &mut unseen) {
                deck |= 1 << c;
            }
        }
        g.hidden.exp_deck = deck;
        g.hidden.boxed = unseen as u16;
        g
    }
}
