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
        let hidden: Vec<bool> = (0..n).map(|i| me != Some(Seat(i as u8))).collect();
        // Tiles publicly known to be in a hand.
        let mut known: Vec<Vec<WorkTile>> = vec![Vec::new(); n];
        match &self.stage {
            Stage::Claim { tiles, .. } => {
                if let Some(a) = self.current_seat() {
                    known[a.index()] = tiles.clone();
                }
            }
            Stage::Offer(o) => {
                known[o.from.index()] = o
                    .give
                    .iter()
                    .filter_map(|i| match i {
                        TradeItem::Tile(t) => Some(*t),
                        _ => None,
                    })
                    .collect();
            }
            _ => {}
        }
        // Pool every hidden tile.
        let mut pool: Vec<WorkTile> = Vec::new();
        for (i, &c) in self.draw_pile.iter().enumerate() {
            pool.extend(std::iter::repeat_n(WorkTile::ALL[i], c as usize));
        }
        let mut sizes = vec![0usize; n];
        for s in 0..n {
            if !hidden[s] {
                continue;
            }
            let mut rest = self.hands[s].clone();
            for t in &known[s] {
                if let Some(i) = rest.iter().position(|x| x == t) {
                    rest.remove(i);
                }
            }
            sizes[s] = rest.len();
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
        let deal = |k: usize, rng: &mut ChanceRng, pool: &mut Vec<WorkTile>| {
            (0..k).filter_map(|_| rng.draw(pool)).collect::<Vec<_>>()
        };
        for s in 0..n {
            if !hidden[s] {
                continue;
            }
            let mut hand = known[s].clone();
            hand.extend(deal(sizes[s], &mut rng, &mut pool));
            hand.sort();
            g.hands[s] = hand;
        }
        if let Some(k) = rune_len {
            let mut drawn = deal(k, &mut rng, &mut pool);
            drawn.sort();
            g.stage = Stage::RunePick(drawn);
        }
        g.draw_pile = vec![0; WorkTile::ALL.len()];
        for t in pool {
            g.draw_pile[t as usize] += 1;
        }
        // Looks taken by others show the redrawn hands.
        for s in 0..n {
            if !hidden[s] {
                continue;
            }
            if let Some(look) = &mut g.looks[s]
                && hidden[look.target.index()]
            {
                look.hand = g.hands[look.target.index()].clone();
            }
        }
        g
    }
}
