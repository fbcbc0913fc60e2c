//! Bot knowledge for a search: how strongly a rollout favours each action
//! ([`Winter::weight_of`], behind [`dwarfs_engine::Game::action_weight`]) and a static estimate
//! of how the game stands ([`Winter::estimate`], behind [`dwarfs_engine::Game::evaluate`]).
//!
//! The weights reuse the greedy bot's rules of thumb (`bot.rs`): defend the castle first, fight
//! what the seat can pay for, play music for its cards, gather what its target costs. They read
//! only what the acting seat sees (its own hand, the public board), so a search may call them on
//! any state. The greedy score `s` becomes a weight that grows with its fourth power,
//! `1 + ((s + 20)² / 16)² / 64` (at most about 1.9 million): a placement towards the target
//! (score 60) is played about 250 times as often as ending the turn (score 0), a defeat (score
//! above 200) thousands of times as often, a wasted move (score -10 or below) rarely. Milder
//! curves (the square, the cube) held the castle for fewer weeks in the tests' games.

use crate::bot::{card_worth, monster_distance, score, target};
use crate::data::{BOARD, Card, DISASTER_LIMIT, WEEKS, ZONES, ZoneType};
use crate::rules::legal::disaster_cost;
use crate::rules::score::breakdown;
use crate::state::{End, PlayerBoard, Winter};
use crate::types::WinterAction;
use dwarfs_engine::Seat;

/// The weight of a greedy score (see the module doc).
fn weight(score: i32) -> u32 {
    let s = (score.clamp(-20, 400) + 20) as u32;
    let sq = s * s / 16;
    1 + sq * sq / 64
}

/// The zones of each type, as bit masks, indexed by `ZoneType as usize`.
const ZONES_OF: [u32; 5] = {
    let mut m = [0u32; 5];
    let mut i = 0;
    while i < ZONES {
        m[BOARD[i].kind as usize] |= 1 << i;
        i += 1;
    }
    m
};

/// How many zones of type `kind` a seat standing in `occupied` (a zone mask) holds.
fn zones_held(occupied: u32, kind: ZoneType) -> u8 {
    (occupied & ZONES_OF[kind as usize]).count_ones() as u8
}

impl Winter {
    /// The rollout weight of `action` for `seat` (see the module doc).
    pub(crate) fn weight_of(&self, seat: Seat, action: &WinterAction) -> u32 {
        match *action {
            // A hand: the sum of its cards' usefulness for the week, squared. A hand is chosen
            // among up to C(18, 7) = 31,824, so each card's worth is cheap: a "Produce" card
            // counts the zones of its type the seat stands in, blocked or not.
            WinterAction::ChooseHand(mask) => {
                let occupied = self.player(seat).occupied();
                let v: i32 = Card::in_mask(mask)
                    .map(|c| card_worth(c, |k| zones_held(occupied, k)).max(0))
                    .sum();
                let v = v.clamp(0, 200) as u32;
                1 + v * v / 8
            }
            WinterAction::PickCard(c) => {
                let occupied = self.player(seat).occupied();
                let v = card_worth(c, |k| zones_held(occupied, k)).clamp(0, 60) as u32;
                1 + v * v
            }
            // Which monster attacks next: the farthest first, so that those near the castle
            // may still be stopped by a later push.
            WinterAction::Attack(m) | WinterAction::Push(m) => {
                1 << (2 * monster_distance(self, m).clamp(0, 8))
            }
            // Only these read the seat's target (the search for it is the costly part).
            WinterAction::Place { .. }
            | WinterAction::Move { .. }
            | WinterAction::Acquire { .. }
            | WinterAction::PlayMusic(_)
            | WinterAction::PlayCard { .. } => {
                weight(score(self, seat, target(self, seat), action))
            }
            _ => weight(score(self, seat, None, action)),
        }
    }

    /// Each seat's expected share of a win in thousandths (see
    /// [`dwarfs_engine::Game::evaluate`]): the chance the castle holds to the end of week 7
    /// times the seat's share of the lead. The chance falls with every monster near the castle
    /// (less for one a seat could defeat now) and every active disaster (less for one a seat
    /// could overcome now), compounded over the weeks left; the share is each seat's VP so far
    /// plus one, cubed, over the table's.
    pub(crate) fn estimate(&self, out: &mut [u16]) -> bool {
        let n = (self.players as usize)
            .min(out.len())
            .min(crate::state::MAX_SEATS);
        if n == 0 {
            return false;
        }
        out.iter_mut().for_each(|x| *x = 0);
        let mut vp = [0u64; crate::state::MAX_SEATS];
        for (s, v) in vp.iter_mut().enumerate().take(n) {
            *v = self.vp(Seat(s as u8)) as u64;
        }
        let vp = &vp[..n];
        if let Some(end) = &self.end {
            if *end == End::Survived {
                let best = vp.iter().copied().max().unwrap_or(0);
                let winners = vp.iter().filter(|&&t| t == best).count().max(1) as u16;
                for (o, &t) in out.iter_mut().zip(vp) {
                    if t == best {
                        *o = 1000 / winners;
                    }
                }
            }
            return true;
        }
        let survive = self.survival() as u64;
        let cube = |v: u64| (v + 1) * (v + 1) * (v + 1);
        let total: u64 = vp.iter().map(|&v| cube(v)).sum::<u64>().max(1);
        for (o, &v) in out.iter_mut().zip(vp) {
            *o = (survive * cube(v) / total) as u16;
        }
        true
    }

    /// The estimated chance (thousandths) that the castle holds to the end of the winter.
    fn survival(&self) -> u32 {
        let disasters = self.active_disasters() as u32;
        if disasters >= DISASTER_LIMIT as u32 {
            return 0;
        }
        let seats = &self.seats[..(self.players as usize).min(crate::state::MAX_SEATS)];
        // Threat this week: each monster by how close it stands (16 in the castle, 1 at the
        // edge), a quarter of that when a seat could defeat it now (dwarfs there and the
        // cost in hand), half when a seat has the dwarfs but not the cost.
        let near: u32 = self
            .monsters()
            .map(|(m, z)| {
                let t = 4u32.saturating_sub(z.distance() as u32);
                let c = m.card();
                let strong = |p: &&PlayerBoard| p.monster_strength(z) >= c.dwarfs;
                let threat = t * t * 4;
                if seats.iter().filter(strong).any(|p| p.can_pay(&c.cost)) {
                    threat / 4
                } else if seats.iter().any(|p| strong(&p)) {
                    threat / 2
                } else {
                    threat
                }
            })
            .sum();
        // Active disasters against the limit, less for those a seat could overcome now.
        let open: u32 = self
            .disasters()
            .map(|d| {
                let c = d.card();
                let beaten = seats.iter().any(|p| {
                    p.dwarfs_in(c.zone) >= c.dwarfs && p.can_pay(&disaster_cost(p, &c.cost, c.zone))
                });
                if beaten { 1 } else { 2 }
            })
            .sum();
        let threat = near * 25 / 4 + open * open * 15;
        let per_week = 950u32.saturating_sub(threat).max(100);
        // Compounded over this week and the weeks after it (each a little calmer than now).
        let left = WEEKS.saturating_sub(self.week.week) as u32;
        let mut p = per_week;
        for _ in 0..left {
            p = p * (per_week + 1000) / 2 / 1000;
        }
        p
    }

    /// `seat`'s VP so far, as scored at the end.
    fn vp(&self, seat: Seat) -> u32 {
        breakdown(self, self.player(seat)).total()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_masks_hold_each_zone_once() {
        let all = ZONES_OF.iter().fold(0, |m, z| {
            assert_eq!(m & z, 0);
            m | z
        });
        assert_eq!(all, (1 << ZONES) - 1);
        assert_eq!(ZONES_OF[ZoneType::Castle as usize].count_ones(), 1);
        assert_eq!(zones_held(u32::MAX, ZoneType::Forest), 4);
    }

    #[test]
    fn weights_grow_with_the_greedy_score_and_never_vanish() {
        assert_eq!(weight(-100), 1);
        assert_eq!(weight(-20), 1);
        assert!(weight(-10) < weight(0));
        assert!(weight(0) * 50 < weight(200));
        assert!(weight(10_000) == weight(400));
    }
}
