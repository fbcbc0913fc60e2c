//! The game's own invariants, checked by the conformance harness after every step.

use crate::board::{Pos, Space};
use crate::data::{BoardTile, WorkTile};
use crate::state::{Hold, Stage};

impl Hold {
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let n = self.players as usize;
        if self.spaces.len() != 64 {
            return Err("the board must have 64 squares".into());
        }
        let mut squares = [Space::Hold; 64];
        squares.copy_from_slice(&self.spaces);
        if crate::board::Board::new(squares) != self.spaces {
            return Err("the board's bytes or bonuses do not match its squares".into());
        }
        for p in Pos::all() {
            let s = self.spaces[p.0 as usize];
            if p.is_hold() != matches!(s, Space::Hold) {
                return Err(format!(
                    "square {p}: the hold must be exactly the 4 centre squares"
                ));
            }
            if let Some(o) = s.owner()
                && o.0 as usize >= n
            {
                return Err(format!("square {p} is owned by an unseated player"));
            }
        }
        for v in [
            self.hold_markers.len(),
            self.gold.len(),
            self.vt.len(),
            self.hands.len(),
            self.trophies.len(),
            self.leaders.len(),
            self.used.len(),
            self.looks.len(),
        ] {
            if v != n {
                return Err("per-seat data has the wrong length".into());
            }
        }
        if self.phase == crate::state::Phase::Setup {
            return Ok(());
        }
        // Work tiles: every copy is in exactly one place.
        let mut count = vec![0usize; WorkTile::ALL.len()];
        for (i, c) in self.draw_pile.iter().zip(&self.discards).enumerate() {
            count[i] += *c.0 as usize + *c.1 as usize;
        }
        for h in &self.hands {
            if h.windows(2).any(|w| w[0] > w[1]) {
                return Err("a hand is not sorted".into());
            }
            for t in h {
                count[*t as usize] += 1;
            }
        }
        for s in &self.spaces {
            if let Space::Room { room, .. } = s {
                count[*room as usize] += 1;
            }
        }
        if let Stage::RunePick(drawn) = &self.stage {
            for t in drawn {
                count[*t as usize] += 1;
            }
        }
        for t in WorkTile::ALL {
            if count[t as usize] != t.data().copies as usize {
                return Err(format!(
                    "{} copies of {} are in play, not {}",
                    count[t as usize],
                    t.name(),
                    t.data().copies
                ));
            }
        }
        // Board tiles: on the board, under rooms, or kept as trophies.
        let mut count = vec![0usize; BoardTile::ALL.len()];
        for s in &self.spaces {
            match *s {
                Space::Open(t) | Space::Claimed { tile: t, .. } => count[t as usize] += 1,
                Space::Room { base: Some(t), .. } => count[t as usize] += 1,
                _ => {}
            }
        }
        for tr in &self.trophies {
            for t in tr {
                count[*t as usize] += 1;
            }
        }
        for t in BoardTile::ALL {
            if count[t as usize] != t.data().copies as usize {
                return Err(format!(
                    "{} copies of {} are in play, not {}",
                    count[t as usize],
                    t.name(),
                    t.data().copies
                ));
            }
        }
        // Tiles staged for a dig or fight, or given in an offer, are still in their holder's hand.
        let staged: Option<(usize, Vec<WorkTile>)> = match &self.stage {
            Stage::Claim { tiles, .. } => self.current_seat().map(|s| (s.index(), tiles.clone())),
            Stage::Offer(o) => Some((
                o.from.index(),
                o.give
                    .iter()
                    .filter_map(|i| match i {
                        crate::types::TradeItem::Tile(t) => Some(*t),
                        _ => None,
                    })
                    .collect(),
            )),
            _ => None,
        };
        if let Some((s, tiles)) = staged {
            let mut hand = self.hands.get(s).cloned().unwrap_or_default();
            for t in tiles {
                match hand.iter().position(|x| *x == t) {
                    Some(i) => {
                        hand.remove(i);
                    }
                    None => {
                        return Err(format!("a staged {} is not in its holder's hand", t.name()));
                    }
                }
            }
        }
        // Events played this turn: sorted, distinct, event tiles only.
        if self.events_played.windows(2).any(|w| w[0] >= w[1]) {
            return Err("the events played this turn are not sorted and distinct".into());
        }
        if let Some(t) = self.events_played.iter().find(|t| t.event().is_none()) {
            return Err(format!("{} is recorded as a played event", t.name()));
        }
        // Leaders are distinct.
        let mut held: Vec<_> = self.leaders.iter().flatten().collect();
        held.sort();
        let before = held.len();
        held.dedup();
        if held.len() != before {
            return Err("two players hold the same leader".into());
        }
        Ok(())
    }
}
