//! Determinization: a full state consistent with what one viewer sees, hidden parts redrawn.
//!
//! Hidden in Winter: the cards in the other players' hands (chosen in secret at the Preparation
//! step; their number is public, and so are the cards already played this week). The piles hold
//! no order (a card is drawn at random when drawn) and their contents are public, so nothing
//! else needs resampling.

use crate::state::Winter;
use dwarfs_engine::{ChanceRng, Entropy, Seat, Viewer};

impl Winter {
    /// A full state in which every hand `viewer` cannot see is redrawn at random from the
    /// owner's action deck minus the cards played this week, keeping its size:
    /// `s.determinized(v, e).observe(v) == s.observe(v)`. Deterministic in `entropy`.
    pub fn determinized(&self, viewer: Viewer, entropy: Entropy) -> Self {
        let mut rng = ChanceRng::from_entropy(entropy);
        let mut g = self.clone();
        for s in self.seat_list() {
            if viewer == Viewer::Seat(s) {
                continue;
            }
            let p = g.seat_mut(Seat(s.0));
            let k = p.hand.count_ones();
            let mut pile = p.deck & !p.played;
            let mut hand = 0u64;
            for _ in 0..k {
                if let Some(i) = crate::rules::draw_bit(&mut rng, &mut pile) {
                    hand |= 1u64 << i;
                }
            }
            p.hand = hand;
        }
        g
    }
}
