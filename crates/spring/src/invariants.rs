//! The game's own invariants, checked by the conformance harness after every step.

use crate::data::{
    DECK_MONSTERS, DWARFS, FAERIE_DATA, LINE_LEN, MONSTERS, SETUP_MONSTERS, WILDLANDS,
};
use crate::map::Locs;
use crate::state::{EXP_CARDS, Phase, Spring, hero_id};

impl Spring {
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let n = self.players as usize;
        if self.empires.len() != n || self.hidden.hands.len() != n || self.decks.removed.len() != n
        {
            return Err("per-seat data has the wrong length".into());
        }
        // Faeries: every card exactly once, in a hand or the pile; hands within the limit.
        let mut seen = self.hidden.faerie_pile;
        for (s, &h) in self.hidden.hands.iter().enumerate() {
            if seen & h != 0 {
                return Err(format!("a faerie card is in two places (seat {s})"));
            }
            if h.count_ones() > crate::data::HAND_LIMIT as u32 {
                return Err(format!("seat {s} holds more than 5 faeries"));
            }
            seen |= h;
        }
        if seen != (1u32 << FAERIE_DATA.len()) - 1 {
            return Err("a faerie card is missing".into());
        }
        // Pieces on the map: no two on one spot; dwarfs and settlements counted.
        let mut all = Locs::EMPTY;
        for (s, e) in self.empires.iter().enumerate() {
            let pieces = [
                e.settlements,
                e.dwarfs,
                e.fortress.map(Locs::one).unwrap_or_default(),
            ];
            for p in pieces {
                if !all.and(p).is_empty() {
                    return Err(format!("seat {s} shares a spot with another piece"));
                }
                if !p.and(Locs::WILD).is_empty() {
                    return Err(format!(
                        "seat {s} has a settlement or a lone dwarf on a wildland"
                    ));
                }
                all = all.or(p);
            }
            let built: u8 = e.built.iter().sum();
            if e.built.iter().any(|&b| b > LINE_LEN) || e.settlements.len() as u8 != built {
                return Err(format!(
                    "seat {s}: settlements on the map do not match its board"
                ));
            }
            if self.flow.phase == Phase::Actions
                && e.bastion + e.board_dwarfs() + e.map_dwarfs() != DWARFS
            {
                return Err(format!("seat {s} does not have 7 dwarfs"));
            }
            if self.flow.phase == Phase::Actions {
                let placed = DWARFS - e.bastion;
                let expected = self.flow.round - 1
                    + u8::from(self.flow.turn as usize > ((s + n - self.flow.first as usize) % n))
                    + u8::from(
                        self.flow.acted && self.current_seat().map(|c| c.index()) == Some(s),
                    );
                if placed != expected {
                    return Err(format!(
                        "seat {s} placed {placed} dwarfs, expected {expected} in round {}",
                        self.flow.round
                    ));
                }
            }
            if e.nest.len() as u8 > e.nest_limit() {
                return Err(format!("seat {s}'s nest is over its limit"));
            }
            if e.nest.iter().filter(|d| d.exhausted).count() > crate::data::EXHAUST_TOKENS as usize
            {
                return Err(format!("seat {s} has more exhausted dragons than tokens"));
            }
            for d in &e.nest {
                if self.decks.owner[d.dragon as usize] != Some(s as u8)
                    || !(1..=3).contains(&d.level)
                {
                    return Err(format!("seat {s}'s dragon {} is inconsistent", d.dragon));
                }
            }
            if e.heroes & self.decks.removed[s] != 0 {
                return Err(format!("seat {s} has a removed card in its heroes deck"));
            }
        }
        let owned: usize = self.empires.iter().map(|e| e.nest.len()).sum();
        if owned != self.decks.owner.iter().flatten().count() {
            return Err("dragon owners do not match the nests".into());
        }
        // Expedition cards: each in exactly one place (a quest in the deck, a monster among
        // the unseen: in the deck or the box, undecided).
        let d = &self.decks;
        if d.deck_quests & ((1u64 << MONSTERS) - 1) != 0 || d.deck_quests >> EXP_CARDS != 0 {
            return Err("the expedition deck's quests hold a card that is not a quest".into());
        }
        if d.unseen >> MONSTERS != 0 {
            return Err("an unseen monster is not a monster card".into());
        }
        let boxed = MONSTERS - SETUP_MONSTERS - DECK_MONSTERS;
        if self.flow.phase != Phase::Setup
            && d.unseen.count_ones() as usize != d.deck_monsters as usize + boxed
        {
            return Err(format!(
                "{} unseen monsters for {} in the expedition deck and {boxed} in the box",
                d.unseen.count_ones(),
                d.deck_monsters
            ));
        }
        let mut place = [0u8; EXP_CARDS];
        let mut mark = |c: usize| place.get_mut(c).map(|p| *p += 1);
        for c in self.area_cards() {
            mark(c as usize);
        }
        for c in 0..EXP_CARDS {
            if d.deck_quests >> c & 1 == 1 || (c < MONSTERS && d.unseen >> c & 1 == 1) {
                mark(c);
            }
            for (s, e) in self.empires.iter().enumerate() {
                let id = hero_id(c as u8);
                if e.heroes >> id & 1 == 1 || self.decks.removed[s] >> id & 1 == 1 {
                    mark(c);
                }
            }
        }
        if self.flow.phase != Phase::Setup && place.iter().any(|&p| p != 1) {
            return Err("an expedition card is missing or in two places".into());
        }
        // Monsters on the map are in play.
        for w in 0..WILDLANDS {
            if let Some(c) = self.board.monster_at[w]
                && !self.area_cards().any(|x| x == c)
            {
                return Err(format!("the monster on wildland {w} is not in play"));
            }
        }
        Ok(())
    }
}
