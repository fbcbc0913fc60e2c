//! Determinization: from what one viewer may see, a full state consistent with it, with every
//! hidden part redrawn at random (OpenSpiel's resample-from-infostate).
//!
//! Hidden in Dwarf Hold: the other seats' hands (their sizes are public), the make-up of the draw
//! pile (its size is public), the tiles Rune Stones drew (seen only by the drawer), and what
//! another player saw through the Secret Passage. Everything else is public.

use crate::data::WorkTile;
use crate::state::{Hold, Stage};
use crate::types::TradeItem;
use dwarfs_engine::{ChanceRng, Entropy, Seat, Viewer};

impl Hold {
    /// A full state in which everything `viewer` cannot see is redrawn at random from what
    /// remains possible given its observation, and everything it can see is unchanged:
    /// `s.determinized(v, e).observe(v) == s.observe(v)` for every viewer and entropy.
    ///
    /// The hidden tiles (other hands, the draw pile, tiles drawn by another seat's Rune Stones)
    /// are pooled and dealt again, keeping every hand's size and the tiles a hand is publicly
    /// known to hold: those added to a dig or fight being prepared, and those given in the offer
    /// on the table. A Secret Passage look by another player is replaced by what they would see
    /// in the redrawn hand. The sample does not condition on the viewer's own look (the look
    /// may be older than the hand) nor on the move history. Deterministic in `entropy`.
    pub fn determinized(&self, viewer: Viewer, entropy: Entropy) -> Self {
        let mut rng = ChanceRng::from_entropy(entropy);
        let mut g = self.clone();
        let n = self.players as usize;
        let me = match viewer {
            Viewer::Seat(s) if self.seated(s) => Some(s),
            _ => None,
        };
        let hidden = |i: usize| me != Some(Seat(i as u8));
        // Tiles publicly known to be in one hand: those staged for a dig or fight, or given in
        // the offer on the table.
        let mut known: Vec<WorkTile> = Vec::new();
        let known_seat = match &self.stage {
            Stage::Claim { tiles, .. } => {
                known.extend_from_slice(tiles);
                self.current_seat()
            }
            Stage::Offer(o) => {
                known.extend(o.give.iter().filter_map(|i| match i {
                    TradeItem::Tile(t) => Some(*t),
                    _ => None,
                }));
                Some(o.from)
            }
            _ => None,
        };
        let known_of = |s: usize| -> &[WorkTile] {
            if known_seat.map(|k| k.index()) == Some(s) {
                &known
            } else {
                &[]
            }
        };
        // Pool every hidden tile: the draw pile, then each hidden hand but its known tiles.
        let mut pool: Vec<WorkTile> = Vec::with_capacity(WorkTile::ALL.len() * 2);
        for (i, &c) in self.draw_pile.iter().enumerate() {
            pool.extend(std::iter::repeat_n(WorkTile::ALL[i], c as usize));
        }
        let mut sizes = [0usize; 8];
        for (s, size) in sizes.iter_mut().enumerate().take(n) {
            if !hidden(s) {
                continue;
            }
            let hand = &self.hands[s];
            let k = known_of(s);
            if k.is_empty() {
                *size = hand.len();
                pool.extend_from_slice(hand);
                continue;
            }
            let mut rest = hand.clone();
            for t in k {
                if let Some(i) = rest.iter().position(|x| x == t) {
                    rest.remove(i);
                }
            }
            *size = rest.len();
            pool.extend(rest);
        }
        let rune_hidden = me.is_none() || me != self.current_seat();
        let rune_len = match &self.stage {
            Stage::RunePick(drawn) if rune_hidden => {
                pool.extend(drawn.iter().copied());
                Some(drawn.len())
            }
            _ => None,
        };
        // Deal again: hidden hands in seat order, then the Rune Stones draw, the rest face down.
        let deal =
            |k: usize, rng: &mut ChanceRng, pool: &mut Vec<WorkTile>, out: &mut Vec<WorkTile>| {
                for _ in 0..k {
                    if let Some(t) = rng.draw(pool) {
                        out.push(t);
                    }
                }
            };
        for (s, &size) in sizes.iter().enumerate().take(n) {
            if !hidden(s) {
                continue;
            }
            let hand = &mut g.hands[s];
            hand.clear();
            hand.extend_from_slice(known_of(s));
            deal(size, &mut rng, &mut pool, hand);
            hand.sort();
        }
        if let Some(k) = rune_len {
            let mut drawn = Vec::with_capacity(k);
            deal(k, &mut rng, &mut pool, &mut drawn);
            drawn.sort();
            g.stage = Stage::RunePick(drawn);
        }
        g.draw_pile.clear();
        g.draw_pile.resize(WorkTile::ALL.len(), 0);
        for t in pool {
            g.draw_pile[t as usize] += 1;
        }
        // Looks taken by others show the redrawn hands.
        for s in 0..n {
            if !hidden(s) {
                continue;
            }
            if let Some(look) = &g.looks[s]
                && hidden(look.target.index())
            {
                let hand = g.hands[look.target.index()].clone();
                if let Some(look) = &mut g.looks[s] {
                    look.hand = hand;
                }
            }
        }
        g
    }
}
