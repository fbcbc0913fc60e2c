//! 3rd edition: the Royal Decrees. Each decree changes one rule, and each rule it changes is a
//! single function here that the turn flow calls (the task size, the placement rule, scoring of
//! shared kingdoms, the end of a turn, extra actions), so no decree check is scattered through
//! the classic code. In the classic edition no decree is ever active.

use crate::action::{FallAction, FallError, FallEvent};
use crate::board::{CellSet, NONE};
use crate::options::Decree;
use crate::state::Fall;
use crate::types::{Colour, Kind, OgreKind, Pos};
use dwarfs_engine::Seat;

/// Experienced Beast Hunters: a monster never needs fewer meeples than this **[rulebook]**.
const EXPERIENCED_MIN_NEED: u8 = 3;

/// The placement decrees in force for the current seat (see [`Fall::placement_rule`]).
pub(crate) struct PlacementRule {
    balloonists: bool,
    /// Fortress: (the seat's kingdom, every kingdom).
    fortress: Option<(CellSet, CellSet)>,
}

impl PlacementRule {
    /// True if the decrees let the current seat put a meeple from its campfire on `card`.
    pub(crate) fn allows(&self, game: &Fall, card: u8) -> bool {
        if self.balloonists && game.third.placed & (1u64 << card) != 0 {
            return false;
        }
        match (&self.fortress, game.board.cell_of(card)) {
            (Some((mine, any)), Some(cell)) => mine.contains(cell) || !any.contains(cell),
            (Some(_), None) => false,
            (None, _) => true,
        }
    }
}

impl Fall {
    /// True if `d` is in play.
    #[inline]
    pub(crate) fn decree(&self, d: Decree) -> bool {
        self.third.decrees & (1 << d as u16) != 0
    }

    /// The Royal Decrees in play (empty in the classic edition).
    pub fn decrees(&self) -> Vec<Decree> {
        Decree::ALL
            .into_iter()
            .filter(|&d| self.decree(d))
            .collect()
    }

    /// Dwarfs of one colour the card's task needs now, for the current seat. Experienced Beast
    /// Hunters: each monster the seat has defeated lowers a monster's need by 1, to at least 3.
    #[inline]
    pub(crate) fn need(&self, card: u8) -> u8 {
        self.need_for(card, self.current as usize)
    }

    /// Meeples of one colour `seat` needs on `card` to complete its task (see [`Fall::need`]).
    #[inline]
    pub(crate) fn need_for(&self, card: u8, seat: usize) -> u8 {
        let k = crate::Fall::card(card).kind;
        let need = k.data().need;
        match self.seats.get(seat) {
            Some(p) if k.is_monster() && self.decree(Decree::ExperiencedBeastHunters) => need
                .saturating_sub(p.defeated.count_ones() as u8)
                .max(EXPERIENCED_MIN_NEED),
            _ => need,
        }
    }

    /// Meeples of one colour a monster task needs now for `seat` (both monsters print the same
    /// need).
    pub(crate) fn monster_need(&self, seat: usize) -> u8 {
        let dragon = crate::Card {
            colour: Colour::Blue,
            kind: Kind::FireDragon,
        };
        self.need_for(dragon.id(), seat)
    }

    /// Cells holding memorial cards (Battle Memorial).
    pub(crate) fn memorial_cells(&self) -> CellSet {
        let mut s = CellSet::default();
        for &c in &self.third.memorials {
            if c != NONE {
                s.insert_cell(c);
            }
        }
        s
    }

    /// Puts a memorial card where a defeated monster stood (Battle Memorial).
    pub(crate) fn place_memorial(&mut self, cell: u8, ev: &mut Vec<FallEvent>) {
        if !self.decree(Decree::BattleMemorial) || self.board.top(cell).is_some() {
            return;
        }
        if let Some(slot) = self.third.memorials.iter_mut().find(|m| **m == NONE) {
            *slot = cell;
            ev.push(FallEvent::MemorialPlaced {
                at: Pos::of_cell(cell),
            });
        }
    }

    /// The placement decrees for the current seat, computed once: Fortress (only your own
    /// kingdom or cards in no kingdom) and Crazy Balloonists (one meeple from the campfire per
    /// card per turn).
    pub(crate) fn placement_rule(&self) -> PlacementRule {
        let fortress = self.decree(Decree::Fortress).then(|| {
            let kingdoms = self.board.kingdoms(self.players as usize);
            let mine = kingdoms[self.current as usize].unwrap_or_default();
            let mut any = CellSet::default();
            for k in kingdoms.iter().flatten() {
                any.union_with(k);
            }
            (mine, any)
        });
        PlacementRule {
            balloonists: self.decree(Decree::CrazyBalloonists),
            fortress,
        }
    }

    /// [`Fall::placement_rule`] for the one `card`: under Fortress, only the area of `card` is
    /// searched (it is the current seat's kingdom if the seat's castle is in it, and in no
    /// kingdom if no castle is).
    pub(crate) fn placement_rule_for(&self, card: u8) -> PlacementRule {
        let fortress = self.decree(Decree::Fortress).then(|| {
            let area = self
                .board
                .cell_of(card)
                .map_or_else(CellSet::default, |c| self.board.region(c));
            let castle_in = |s: usize| {
                let castle = crate::Card {
                    colour: Colour::ALL[s],
                    kind: Kind::Castle,
                };
                self.board
                    .cell_of(castle.id())
                    .is_some_and(|c| area.contains(c))
            };
            let mine = castle_in(self.current as usize);
            let any = (0..self.players as usize).any(castle_in);
            // Sets that give `allows` the same answer for this card as the full rule.
            let none = CellSet::default();
            match (mine, any) {
                (true, _) => (area, area),
                (false, true) => (none, area),
                (false, false) => (none, none),
            }
        });
        PlacementRule {
            balloonists: self.decree(Decree::CrazyBalloonists),
            fortress,
        }
    }

    /// The Dwarfs Way: at the end of a turn, every full card (not a monster) on which no colour
    /// has enough meeples for its task sends all its meeples home.
    pub(crate) fn dwarfs_way(&mut self, ev: &mut Vec<FallEvent>) {
        if !self.decree(Decree::TheDwarfsWay) {
            return;
        }
        let full: Vec<(u8, u8)> = self
            .board
            .top_cards()
            .filter(|&(_, card)| {
                let k = crate::Fall::card(card).kind;
                let need = k.data().need;
                !k.is_monster()
                    && self.board.free_spots(card) == 0
                    && self.board.dwarfs_all(card).iter().all(|&n| n < need)
            })
            .collect();
        for (cell, card) in full {
            let sent_home = self.clear_card(card);
            ev.push(FallEvent::Cleared {
                at: Pos::of_cell(cell),
                sent_home,
            });
        }
    }

    /// Greedy Landlords: a kingdom's VP divided (rounded down) by the castles sharing it.
    pub(crate) fn landlord_share(&self, vp: i32, kingdom: &CellSet) -> i32 {
        if !self.decree(Decree::GreedyLandlords) {
            return vp;
        }
        let sharing = (0..self.players as usize)
            .filter(|&s| {
                let castle = crate::Card {
                    colour: Colour::ALL[s],
                    kind: Kind::Castle,
                }
                .id();
                self.board
                    .cell_of(castle)
                    .is_some_and(|c| kingdom.contains(c))
            })
            .count()
            .max(1) as i32;
        vp.div_euclid(sharing)
    }

    /// True if the current seat may rotate a card now: with Battle Memorial while a memorial is
    /// on the mat, or with Fortress when it has no valid spot to place a dwarf.
    fn may_rotate(&self) -> bool {
        self.may_rotate_with(&self.placement_rule())
    }

    /// [`Fall::may_rotate`] with the placement rule already computed.
    fn may_rotate_with(&self, rule: &PlacementRule) -> bool {
        if !self.has_action() {
            return false;
        }
        if self.decree(Decree::BattleMemorial) && !self.memorial_cells().is_empty() {
            return true;
        }
        self.decree(Decree::Fortress)
            && !self
                .board
                .top_cards()
                .any(|(_, card)| self.may_place_with(card, rule))
    }

    /// Lists the decree actions of the Perform Actions phase (nothing staged).
    pub(crate) fn list_decree_actions(&self, out: &mut Vec<FallAction>, rule: &PlacementRule) {
        if self.decree(Decree::HiredHands) {
            for o in OgreKind::ALL {
                if self.me().ogres[o as usize] > 0 {
                    out.push(FallAction::HireHand(o));
                }
            }
        }
        if (self.decree(Decree::BattleMemorial) || self.decree(Decree::Fortress))
            && self.may_rotate_with(rule)
        {
            for (c, card) in self.board.top_cards() {
                if self.board.dwarf_total(card) == 0 {
                    for clockwise in [true, false] {
                        out.push(FallAction::Rotate {
                            at: Pos::of_cell(c),
                            clockwise,
                        });
                    }
                }
            }
        }
    }

    /// Plays a decree action; `None` if `action` is not one.
    pub(crate) fn act_decree(
        &mut self,
        action: &FallAction,
    ) -> Option<Result<Vec<FallEvent>, FallError>> {
        let r = match *action {
            FallAction::HireHand(o) => (|| {
                if !self.decree(Decree::HiredHands) {
                    return Err(FallError::WrongStep("Hired Hands is not in play"));
                }
                if self.me().ogres[o as usize] == 0 {
                    return Err(FallError::OgreNotInHand(o.name()));
                }
                self.me_mut().ogres[o as usize] -= 1;
                self.ogre_discard[o as usize] += 1;
                self.third.bonus_actions += 1;
                Ok(vec![FallEvent::HiredHand {
                    seat: Seat(self.current),
                    ogre: o,
                }])
            })(),
            FallAction::Rotate { at, clockwise } => (|| {
                if !(self.decree(Decree::BattleMemorial) || self.decree(Decree::Fortress)) {
                    return Err(FallError::WrongStep(
                        "no decree in play lets you rotate cards",
                    ));
                }
                self.spend_action()?;
                if !self.may_rotate() {
                    return Err(FallError::WrongStep(
                        "you may rotate a card only while a memorial is on the mat (Battle Memorial) or when you have no valid spot for a dwarf (Fortress)",
                    ));
                }
                let (_, card) = self.top_at(at)?;
                if self.board.dwarf_total(card) > 0 {
                    return Err(FallError::BadTarget(
                        "only a card with no meeples can be rotated",
                    ));
                }
                self.board.rotate(card, clockwise);
                self.actions_used += 1;
                Ok(vec![FallEvent::Rotated { at, clockwise }])
            })(),
            _ => return None,
        };
        Some(r)
    }

    /// Charming Merchants: every (face-up slot, completed goal) pair where the completed goal's
    /// cost, plus gems in hand, pays for a dearer face-up goal.
    pub(crate) fn trade_ups(&self, out: &mut impl FnMut(u8, u8)) {
        if !self.decree(Decree::CharmingMerchants) {
            return;
        }
        let p = self.me();
        for (slot, &g) in self.goal_slots.iter().enumerate() {
            if g == NONE {
                continue;
            }
            let want = crate::data::TRADING_GOALS[g as usize].cost;
            let price: u8 = want.iter().sum();
            for h in 0..crate::data::TRADING_GOALS.len() as u8 {
                if p.goals & (1 << h) == 0 {
                    continue;
                }
                let give = crate::data::TRADING_GOALS[h as usize].cost;
                if give.iter().sum::<u8>() < price && (0..4).all(|i| p.gems[i] + give[i] >= want[i])
                {
                    out(slot as u8, h);
                }
            }
        }
    }

    /// True if `(slot, goal)` is a listed trade-up.
    pub(crate) fn can_trade_up(&self, slot: u8, goal: u8) -> bool {
        let mut ok = false;
        self.trade_ups(&mut |s, g| ok |= s == slot && g == goal);
        ok
    }

    /// Buys the goal in `slot` with completed goal `goal` (checked by the caller); `goal` goes
    /// back into the deck. Returns true if the game now waits for the refill draw.
    pub(crate) fn trade_up(&mut self, slot: u8, goal: u8, ev: &mut Vec<FallEvent>) -> bool {
        let me = self.current as usize;
        let want = crate::data::TRADING_GOALS[self.goal_slots[slot as usize] as usize].cost;
        let give = crate::data::TRADING_GOALS[goal as usize].cost;
        // Pay the difference now; `buy_goal` then pays nothing more.
        for i in 0..4 {
            let pay = want[i].saturating_sub(give[i]);
            self.seats[me].gems[i] -= pay;
            self.gem_piles[i] += pay;
        }
        self.seats[me].goals &= !(1 << goal);
        self.goal_deck |= 1 << goal;
        ev.push(FallEvent::GoalReturned {
            seat: Seat(self.current),
            goal,
        });
        self.take_goal(slot as usize, ev)
    }
}
