//! The rules: whose turn it is, which actions are legal, what they do, and how the turn moves on.
//!
//! Every action is checked by [`Hold::check`] before anything changes; [`Hold::legal_list`]
//! lists the candidates that pass the same check, so listed and accepted actions always agree.

mod apply;
mod check;
mod flow;
mod legal;

use crate::board::{Pos, Space};
use crate::data::{
    EXTRA_DRAW_COST, FAR_SURCHARGE, FORMER_LAIR_SURCHARGE, GOLD_PER_TILE_PLAYED, Leader,
    RoomEffect, WorkTile,
};
use crate::state::{Hold, Phase, Stage};
use crate::types::TradeItem;
use dwarfs_engine::Seat;

pub(crate) use crate::board::Views;

impl Hold {
    /// The seat that must act now (`None` at a chance point or when the game is over).
    pub fn current_seat(&self) -> Option<Seat> {
        if self.chance.is_some() {
            return None;
        }
        let c = self.cursor as usize;
        match self.phase {
            Phase::Setup | Phase::Gold | Phase::Over => None,
            Phase::Leader => self.prev_order.get(c).copied(),
            Phase::Intrigue => (self.cursor < self.players).then_some(Seat(self.cursor)),
            Phase::Trade => match &self.stage {
                Stage::Offer(o) if o.proposed => Some(o.to),
                _ => Some(self.trade_turn),
            },
            _ => self.order.get(c).copied(),
        }
    }

    // ----- Geometry -----

    /// Whether a square touches the hold or any controlled space.
    pub fn touches_stronghold(&self, at: Pos) -> bool {
        at.neighbours()
            .any(|q| matches!(self.spaces[q.0 as usize], Space::Hold) || self.owner(q).is_some())
    }

    /// Whether claiming `at` costs `seat` the far surcharge (it touches neither the hold nor a
    /// space `seat` controls).
    pub fn is_far(&self, seat: Seat, at: Pos) -> bool {
        !at.neighbours().any(|q| {
            matches!(self.spaces[q.0 as usize], Space::Hold) || self.owner(q) == Some(seat)
        })
    }

    pub(crate) fn dig_discount(&self, seat: Seat) -> u32 {
        self.rooms_of(seat)
            .filter_map(|r| match r.room() {
                Some((_, RoomEffect::DigBuildDiscount(d))) => Some(d as u32),
                _ => None,
            })
            .sum()
    }

    /// Gold `seat` pays to claim `at` with `tiles` tiles (Dig phase if `!fight`).
    pub fn claim_cost(&self, seat: Seat, at: Pos, tiles: usize, fight: bool) -> u32 {
        let base = GOLD_PER_TILE_PLAYED * tiles as u32
            + if self.is_far(seat, at) {
                FAR_SURCHARGE
            } else {
                0
            };
        if fight {
            base
        } else {
            base.saturating_sub(self.dig_discount(seat))
        }
    }

    /// Gold `seat` pays the vault to build `room` at `at` (not counting the takeover payment).
    pub fn build_cost(&self, seat: Seat, room: WorkTile, at: Pos) -> u32 {
        let value = room.room().map_or(0, |(v, _)| v as u32);
        let mut cost = if self.leader(seat) == Some(Leader::MasterBuilder) {
            value / 2
        } else {
            value
        };
        if matches!(self.space(at), Some(Space::Cleared { .. })) {
            cost += FORMER_LAIR_SURCHARGE;
        }
        cost.saturating_sub(self.dig_discount(seat))
    }

    pub(crate) fn draw_cost(&self, seat: Seat) -> u32 {
        let d: u32 = self
            .rooms_of(seat)
            .filter_map(|r| match r.room() {
                Some((_, RoomEffect::DrawDiscount(d))) => Some(d as u32),
                _ => None,
            })
            .sum();
        EXTRA_DRAW_COST.saturating_sub(d)
    }

    pub(crate) fn can_draw(&self) -> bool {
        self.draw_pile.iter().chain(&self.discards).any(|&c| c > 0)
    }

    pub(crate) fn offer_total(items: &[TradeItem], gold: bool) -> u32 {
        items
            .iter()
            .map(|i| match (i, gold) {
                (TradeItem::Gold(n), true) | (TradeItem::Vt(n), false) => *n as u32,
                _ => 0,
            })
            .sum()
    }
}
