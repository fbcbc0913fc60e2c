//! 3rd edition: campfires and class meeples (king, warrior, guardian).
//!
//! The campfire is the player's pile under its 3rd-edition name: dwarfs start there and return
//! there. A class meeple is an upgraded dwarf: the player's 7 meeples stay 7, and the board's
//! per-colour meeple counts include class meeples. Each class meeple's location is tracked in
//! the player's record, so the classic rules (where every class stays locked) never see them.

use crate::action::{FallAction, FallError, FallEvent};
use crate::board::NONE;
use crate::data::{self, CLASSES};
use crate::options::Edition;
use crate::state::{CLASS_HOME, CLASS_LOCKED, FEAT_ADVENTURER, Fall};
use crate::types::{Class, Colour, Dir, Pos};
use dwarfs_engine::Seat;

impl Fall {
    /// True when playing the 3rd edition.
    #[inline]
    pub(crate) fn third(&self) -> bool {
        self.options.edition == Edition::Third
    }

    /// Class meeples of seat `colour` standing on `card`.
    #[inline]
    pub(crate) fn classes_on(&self, card: u8, colour: usize) -> u8 {
        match self.seats.get(colour) {
            Some(p) => p.classes.iter().filter(|&&c| c == card).count() as u8,
            None => 0,
        }
    }

    /// Plain dwarfs of `colour` on `card`.
    #[inline]
    pub(crate) fn workers_on(&self, card: u8, colour: usize) -> u8 {
        self.board
            .dwarfs(card, colour)
            .saturating_sub(self.classes_on(card, colour))
    }

    /// Plain dwarfs in `seat`'s campfire (pile).
    #[inline]
    pub(crate) fn workers_home(&self, seat: usize) -> u8 {
        let p = &self.seats[seat];
        p.pile
            .saturating_sub(p.classes.iter().filter(|&&c| c == CLASS_HOME).count() as u8)
    }

    /// True if a guardian of any colour stands on `card` (ogres cannot target it).
    #[inline]
    pub(crate) fn guarded(&self, card: u8) -> bool {
        self.third()
            && self
                .seats
                .iter()
                .any(|p| p.classes[Class::Guardian as usize] == card)
    }

    /// Sends `n` meeples of `colour` on `card` home to its campfire, class meeples first.
    /// Returns the meeple types sent home as a bit set (bit 0 plain dwarf, bit 1 + class).
    pub(crate) fn send_home(&mut self, card: u8, colour: usize, n: u8) -> u8 {
        self.send_home_keeping(card, colour, n, 0)
    }

    /// [`Fall::send_home`], except that the class meeples in `keep` (bit `1 << Class`) stay.
    pub(crate) fn send_home_keeping(&mut self, card: u8, colour: usize, n: u8, keep: u8) -> u8 {
        let mut types = 0u8;
        let mut left = n.min(self.board.dwarfs(card, colour));
        for (i, loc) in self.seats[colour].classes.iter_mut().enumerate() {
            if left > 0 && *loc == card && keep & (1 << i) == 0 {
                *loc = CLASS_HOME;
                types |= 2 << i;
                left -= 1;
            }
        }
        let workers = n.min(self.board.dwarfs(card, colour)) - (types.count_ones() as u8);
        if workers > 0 {
            types |= 1;
        }
        let moved = n.min(self.board.dwarfs(card, colour));
        self.board.remove_dwarfs(card, colour, moved);
        self.seats[colour].pile += moved;
        types
    }

    /// Sends every meeple on `card` home; returns how many of each colour.
    pub(crate) fn clear_card(&mut self, card: u8) -> [u8; 4] {
        let counts = self.board.dwarfs_all(card);
        for (colour, &n) in counts.iter().enumerate() {
            if n > 0 {
                self.send_home(card, colour, n);
            }
        }
        counts
    }

    /// Moves one meeple of `colour` from card `from` to card `to`: a plain dwarf if there is
    /// one, else its first class meeple there.
    pub(crate) fn carry(&mut self, from: u8, to: u8, colour: usize) {
        if self.workers_on(from, colour) == 0
            && let Some(loc) = self.seats[colour].classes.iter_mut().find(|l| **l == from)
        {
            *loc = to;
        }
        self.board.remove_dwarf(from, colour);
        self.board.add_dwarf(to, colour);
    }

    /// Records the Adventurer feat if a kill used three meeple types.
    pub(crate) fn note_kill(&mut self, types: u8) {
        if self.third() && types.count_ones() as u8 >= data::secret::ADVENTURER_TYPES {
            let me = self.current as usize;
            self.seats[me].feats |= FEAT_ADVENTURER;
        }
    }

    /// VP of `seat`'s upgraded classes.
    pub(crate) fn class_vp(&self, seat: usize) -> i32 {
        self.seats.get(seat).map_or(0, |p| {
            p.classes
                .iter()
                .zip(CLASSES.iter())
                .filter(|(loc, _)| **loc != CLASS_LOCKED)
                .map(|(_, d)| d.vp as i32)
                .sum()
        })
    }

    /// Where `seat`'s class meeple stands, if on the board.
    pub(crate) fn class_card(&self, seat: usize, class: Class) -> Option<u8> {
        match self.seats.get(seat)?.classes[class as usize] {
            CLASS_LOCKED | CLASS_HOME => None,
            c => Some(c),
        }
    }

    fn can_upgrade(&self, class: Class) -> bool {
        let me = self.current as usize;
        let p = &self.seats[me];
        let cost = CLASSES[class as usize].cost;
        p.classes[class as usize] == CLASS_LOCKED
            && self.workers_home(me) > 0
            && (0..4).all(|i| p.gems[i] >= cost[i])
    }

    fn class_free_placement(class: Class) -> bool {
        class == Class::King
    }

    /// Where the warrior can push an enemy meeple: (colour, direction) pairs.
    fn warrior_pushes(&self, out: &mut impl FnMut(Colour, Dir)) {
        let me = self.current as usize;
        let Some(card) = self.class_card(me, Class::Warrior) else {
            return;
        };
        let Some(cell) = self.board.cell_of(card) else {
            return;
        };
        for (colour, _) in Colour::ALL.iter().enumerate().take(self.players as usize) {
            if colour == me || self.board.dwarfs(card, colour) == 0 {
                continue;
            }
            for d in Dir::ALL {
                if self.walk_target(cell, d).is_some() {
                    out(Colour::ALL[colour], d);
                }
            }
        }
    }

    /// Lists the class actions of the Perform Actions phase (nothing staged).
    pub(crate) fn list_class_actions(
        &self,
        out: &mut Vec<FallAction>,
        rule: &crate::decrees::PlacementRule,
    ) {
        let me = self.current as usize;
        let can_act = self.has_action();
        for class in Class::ALL {
            if can_act && self.can_upgrade(class) {
                out.push(FallAction::Upgrade(class));
            }
        }
        for class in Class::ALL {
            match self.seats[me].classes[class as usize] {
                CLASS_LOCKED => {}
                CLASS_HOME => {
                    if can_act || Self::class_free_placement(class) {
                        for (c, card) in self.board.top_cards() {
                            if self.may_place_with(card, rule) {
                                out.push(FallAction::PlaceClass {
                                    class,
                                    at: Pos::of_cell(c),
                                });
                            }
                        }
                    }
                }
                card => {
                    if can_act && let Some(cell) = self.board.cell_of(card) {
                        for d in Dir::ALL {
                            if self.walk_target(cell, d).is_some() {
                                out.push(FallAction::MoveClass { class, dir: d });
                            }
                        }
                    }
                }
            }
        }
        if can_act {
            self.warrior_pushes(&mut |colour, dir| {
                out.push(FallAction::WarriorPush { colour, dir });
            });
        }
    }

    /// Plays a class action; `None` if `action` is not one.
    pub(crate) fn act_class(
        &mut self,
        action: &FallAction,
    ) -> Option<Result<Vec<FallEvent>, FallError>> {
        let me = self.current as usize;
        let colour = self.colour();
        let r = match *action {
            FallAction::Upgrade(class) => (|| {
                self.spend_action()?;
                if !self.can_upgrade(class) {
                    return Err(FallError::CannotUpgrade(class.name()));
                }
                let cost = CLASSES[class as usize].cost;
                for (i, n) in cost.iter().enumerate() {
                    self.seats[me].gems[i] -= n;
                    self.gem_piles[i] += n;
                }
                self.seats[me].classes[class as usize] = CLASS_HOME;
                self.actions_used += 1;
                Ok(vec![FallEvent::Upgraded {
                    seat: Seat(self.current),
                    class,
                }])
            })(),
            FallAction::PlaceClass { class, at } => (|| {
                if !Self::class_free_placement(class) {
                    self.spend_action()?;
                }
                if self.seats[me].classes[class as usize] != CLASS_HOME {
                    return Err(FallError::ClassNotHome(class.name()));
                }
                let (_, card) = self.top_at(at)?;
                if !self.may_place_on(card) {
                    return Err(FallError::NoFreeSpot(at));
                }
                self.seats[me].classes[class as usize] = card;
                self.seats[me].pile -= 1;
                self.board.add_dwarf(card, me);
                self.note_placed(card);
                if !Self::class_free_placement(class) {
                    self.actions_used += 1;
                }
                Ok(vec![FallEvent::ClassPlaced { colour, class, at }])
            })(),
            FallAction::MoveClass { class, dir } => (|| {
                self.spend_action()?;
                let Some(card) = self.class_card(me, class) else {
                    return Err(FallError::ClassNotOnBoard(class.name()));
                };
                let cell = self.board.cell_of(card).unwrap_or(NONE);
                let from = Pos::of_cell(cell);
                let Some(to) = self.walk_target(cell, dir) else {
                    return Err(FallError::Walled {
                        from,
                        dir: dir.name(),
                    });
                };
                let to_card = self.board.top(to).unwrap_or(NONE);
                self.seats[me].classes[class as usize] = to_card;
                self.board.remove_dwarf(card, me);
                self.board.add_dwarf(to_card, me);
                self.actions_used += 1;
                Ok(vec![FallEvent::DwarfMoved {
                    colour,
                    from,
                    to: Pos::of_cell(to),
                }])
            })(),
            FallAction::WarriorPush { colour: c, dir } => (|| {
                self.spend_action()?;
                let mut ok = false;
                self.warrior_pushes(&mut |cc, d| ok |= cc == c && d == dir);
                if !ok {
                    return Err(FallError::BadTarget(
                        "your warrior can push an opponent's meeple on its card to an adjacent card with a free spot, not through walls",
                    ));
                }
                let card = self.class_card(me, Class::Warrior).unwrap_or(NONE);
                let cell = self.board.cell_of(card).unwrap_or(NONE);
                let to = self.walk_target(cell, dir).unwrap_or(NONE);
                let to_card = self.board.top(to).unwrap_or(NONE);
                self.carry(card, to_card, c.index());
                self.actions_used += 1;
                Ok(vec![FallEvent::DwarfMoved {
                    colour: c,
                    from: Pos::of_cell(cell),
                    to: Pos::of_cell(to),
                }])
            })(),
            _ => return None,
        };
        Some(r)
    }
}
