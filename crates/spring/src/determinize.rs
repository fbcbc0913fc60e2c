//! Determinization: from what one viewer may see, a full state consistent with it, with every
//! hidden part redrawn at random.
//!
//! Hidden in Spring: the other seats' faerie hands (their sizes are public) and the faerie pile.
//! Nothing else is: heroes decks' cards are known and their order does not exist until a reveal
//! draws at random, and the expedition deck holds the unseen quests and a count of monsters,
//! which of the unseen monsters come being drawn only when the deck shows one.

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
        g
    }
}
