//! Bot knowledge: how much an action is worth trying ([`Hold::hint_weight`], behind
//! [`dwarfs_engine::Game::action_weight`]), a static estimate of who is winning
//! ([`Hold::hint_evaluate`], behind [`dwarfs_engine::Game::evaluate`]) and how far a rollout
//! plays before that estimate ([`rollout_horizon`]).
//!
//! Both rest on one rough price list, in tenths of a victory token: a VT is 10, a gold 3 (it ends
//! as a tenth of a VT but buys VT and claims on the way), an action tile 8 per point it digs or
//! fights, a room tile what building it gains less what it costs, a space or trophy what it adds
//! to the majorities and income. Weights read only what the acting seat may see: its own hand,
//! the public board and counts, and the offer on the table.

use crate::board::Space;
use crate::data::{BoardEffect, BoardKind, BoardTile, EventEffect, Leader, WorkKind, WorkTile};
use crate::state::{Hold, Offer, Phase, Stage};
use crate::types::{HoldAction as A, MarkerRef, TradeItem};
use dwarfs_engine::Seat;

/// A VT, in the price list's unit (tenths of a VT).
const VT: i64 = 10;
/// A gold piece.
const GOLD: i64 = 3;
/// Each dig or fight point of an action tile.
const POINT: i64 = 8;
/// A space outside the hold, before what stands on it.
const SPACE: i64 = 20;
/// A trophy (towards the 12-VT majority).
const TROPHY: i64 = 30;
/// A marker on the hold (towards the 24-VT majority).
const HOLD_MARKER: i64 = 40;

/// Rollout decisions per seat before the static evaluation: two rounds of weighted play (a round
/// takes 15-23 decisions a seat, from 2 to 8 players), so that a choice meets the turn it
/// prepares and the other seats' answer. The Dwar7s default of 24 decisions is less than one
/// round of Hold for two players.
const HORIZON_PER_SEAT: u32 = 36;

/// [`dwarfs_engine::Game::rollout_horizon`] for `players` seats.
pub(crate) fn rollout_horizon(players: u8) -> u32 {
    HORIZON_PER_SEAT * u32::from(players.max(1))
}

impl Hold {
    /// What a work tile is worth to `seat`, in tenths of a VT.
    pub fn tile_worth(&self, seat: Seat, t: WorkTile) -> i64 {
        if let Some(a) = t.action() {
            let dig = self.dig_points(seat, t) as i64;
            let fight = a.fight as i64 + a.bonus as i64 / 2 + self.fight_bonus(seat) as i64;
            return POINT * dig.max(fight).max(1);
        }
        if let Some((value, _)) = t.room() {
            // Building gains the value in VT and costs it in gold, and the effect lasts.
            return (value as i64 * (VT - GOLD)).max(0) + 20;
        }
        match t.event() {
            Some(EventEffect::GainVt(n)) => n as i64 * VT,
            Some(EventEffect::GainGold(n)) => n as i64 * GOLD,
            Some(EventEffect::HoldMarkers(n)) => n as i64 * HOLD_MARKER / 2,
            _ => 30,
        }
    }

    /// What the space at `p` is worth to whoever controls it.
    fn space_worth(&self, p: crate::board::Pos) -> i64 {
        match self.space(p) {
            Some(Space::Claimed { as_tile, .. }) => {
                let income: i64 = as_tile
                    .data()
                    .effects
                    .iter()
                    .map(|e| match e {
                        BoardEffect::Income { gold, vt } => {
                            *gold as i64 * GOLD * 5 + *vt as i64 * VT * 5
                        }
                        _ => 0,
                    })
                    .sum();
                let mine = if as_tile.kind() == BoardKind::Vein {
                    15
                } else {
                    0
                };
                SPACE + mine + income
            }
            Some(Space::Room { room, .. }) => {
                SPACE + 15 + room.room().map_or(0, |(v, _)| v as i64 * 3)
            }
            Some(Space::Cleared { .. }) => SPACE,
            _ => 0,
        }
    }

    /// What handing over `item` is worth, as `holder` (who has it) would lose it.
    fn item_worth(&self, holder: Seat, item: &TradeItem) -> i64 {
        match *item {
            TradeItem::Tile(t) => self.tile_worth(holder, t),
            TradeItem::Gold(n) => n as i64 * GOLD,
            TradeItem::Vt(n) => n as i64 * VT,
            TradeItem::Space(p) => self.space_worth(p),
            TradeItem::Trophy(_) => TROPHY,
        }
    }

    /// The net worth of `offer` to `seat` (one of its two sides): what it receives less what it
    /// hands over, each valued as the seat values it.
    pub fn offer_worth(&self, seat: Seat, offer: &Offer) -> i64 {
        let value =
            |items: &[TradeItem]| -> i64 { items.iter().map(|i| self.item_worth(seat, i)).sum() };
        if seat == offer.to {
            value(&offer.give) - value(&offer.ask)
        } else {
            value(&offer.ask) - value(&offer.give)
        }
    }

    /// Points `seat`'s hand could put into the dig or fight for `target` as it is now (public
    /// and own information only), and the most tiles that takes.
    fn hand_points(&self, seat: Seat, fight: bool, target: BoardTile) -> u16 {
        self.hand(seat)
            .iter()
            .map(|t| self.tile_points(seat, fight, target, *t))
            .sum()
    }

    /// How strongly a bot should try `action` for `seat` (see
    /// [`dwarfs_engine::Game::action_weight`]): 0 for moves that only give value away (a gift
    /// for nothing, accepting a bad offer, starting a claim the hand cannot pay), more for moves
    /// that gain more.
    pub fn hint_weight(&self, seat: Seat, action: &A) -> u32 {
        self.hint_weight_with(seat, action, &mut None)
    }

    /// [`Self::hint_weight`] of each of `actions`, appended to `out`: what the offer under way
    /// is worth to `seat` is summed once for all of them, not once per action.
    pub fn hint_weights(&self, seat: Seat, actions: &[A], out: &mut Vec<u32>) {
        let mut worth = None;
        out.extend(
            actions
                .iter()
                .map(|a| self.hint_weight_with(seat, a, &mut worth)),
        );
    }

    /// [`Self::hint_weight`], with the offer's worth to `seat` kept in `worth` once summed.
    fn hint_weight_with(&self, seat: Seat, action: &A, worth: &mut Option<i64>) -> u32 {
        let w = match (&self.stage, action) {
            (Stage::Offer(o), _) => self.offer_weight(seat, o, action, worth),
            (Stage::Claim { .. }, _) => self.claim_weight(seat, action),
            (_, A::Pass) => match self.phase {
                Phase::Trade => 6,
                Phase::Dig | Phase::Fight | Phase::Build => 1,
                _ => 2,
            },
            (_, A::PickLeader(l)) => match l {
                Leader::ClanElder => 5,
                Leader::MasterCraftsman | Leader::DwarfLord => 4,
                _ => 2,
            },
            (_, A::PlayIntrigue(_)) => 1,
            (_, A::BuyDraw) if self.gold(seat) >= self.draw_cost(seat) + 8 => 3,
            (_, A::BuyDraw) => 1,
            (_, A::Discard(t)) => {
                // Discard what is worth least: weight falls steeply as the tile's worth rises.
                let keep = (130 - self.tile_worth(seat, *t)).clamp(1, 130) as u32;
                (keep * keep / 100).max(1)
            }
            (_, A::StartOffer(_)) => 1,
            (_, A::BuyVt) => {
                let price = self.vt_price(seat);
                let last = self.turn >= self.options.max_turns
                    || self
                        .vt
                        .iter()
                        .any(|&v| v > crate::data::VT_END_THRESHOLD - 15);
                // Keep gold for this turn's claims and builds unless the end is near.
                let spare = self.gold(seat).saturating_sub(price) >= 8;
                match price {
                    _ if last && price < 10 => 8,
                    0..=4 if spare => 6,
                    5..=7 if spare => 2,
                    _ => 1,
                }
            }
            (_, A::PlayEvent(t)) => match t.event() {
                Some(EventEffect::GainVt(_) | EventEffect::GainGold(_)) => 10,
                Some(EventEffect::HoldMarkers(_)) => 8,
                Some(EventEffect::Draw(_) | EventEffect::DrawKeepOne(_)) => 5,
                _ => 1,
            },
            (_, A::PlayEventOn(t, target)) => match t.event() {
                Some(EventEffect::Raid(n)) => {
                    1 + (self.gold(*target).min(n as u32) as i64 * GOLD / 4) as u32
                }
                _ => 2 + self.hand(*target).len().min(6) as u32,
            },
            (_, A::TurfDispute(m)) => match m {
                MarkerRef::Hold(_) => 6,
                MarkerRef::Space(p) => 2 + (self.space_worth(*p) / 10) as u32,
            },
            (_, A::Keep(t)) => 1 + (self.tile_worth(seat, *t) / 8).clamp(0, 20) as u32,
            (_, A::PlaceMarker(s)) if *s == seat => 8,
            (_, A::Target(p)) => self.target_weight(seat, *p),
            (_, A::Build(room, _)) => 4 + room.room().map_or(0, |(v, _)| v as u32),
            _ => 1,
        };
        w.min(1000)
    }

    fn offer_weight(&self, seat: Seat, o: &Offer, action: &A, worth: &mut Option<i64>) -> u32 {
        // The offer's worth is summed over its items once per weighing, at the first action
        // that depends on it (`hint_weights` keeps it in `worth` for the rest).
        let mut net = || *worth.get_or_insert_with(|| self.offer_worth(seat, o));
        match action {
            // Accept only what is good for this seat.
            A::Accept => {
                let net = net();
                if net > 0 {
                    4 + (net / 10).min(40) as u32
                } else {
                    0
                }
            }
            A::Decline => {
                if net() > 0 {
                    1
                } else {
                    4
                }
            }
            // Never put an offer that gives more than it asks.
            A::Propose => {
                if net() > 0 {
                    4
                } else {
                    0
                }
            }
            A::Withdraw => 2,
            // Ask until the offer favours this seat, then no more: a longer list would only make
            // it worse for the other side, which judges it by the same prices.
            A::OfferAsk(_) if net() > 0 => 0,
            A::OfferAsk(TradeItem::Tile(_)) => 1,
            A::OfferAsk(_) => 2,
            A::OfferGive(item) => {
                if net() - self.item_worth(seat, item) > 0 {
                    1
                } else {
                    0
                }
            }
            _ => 1,
        }
    }

    /// A dig or fight target: worth its value when the hand and purse can pay for it, nothing
    /// when they cannot (the claim could only be given up). Read from the printed tile, not
    /// through every lair effect (a board scan per action would slow rollouts down): a guess.
    fn target_weight(&self, seat: Seat, p: crate::board::Pos) -> u32 {
        let Some(Space::Open(t)) = self.space(p) else {
            return 0;
        };
        let fight = self.phase == Phase::Fight;
        let value = t.data().value;
        let have = self.hand_points(seat, fight, t);
        if have < value as u16 {
            return 0;
        }
        let tiles = self.hand(seat).len();
        if self.gold(seat) < self.claim_cost(seat, p, tiles.min(value as usize), fight) {
            return 1;
        }
        let kind = match t.kind() {
            BoardKind::Vein => 4,
            BoardKind::Lair => 6,
            _ => 0,
        };
        2 + value as u32 * 2 + kind
    }

    fn claim_weight(&self, seat: Seat, action: &A) -> u32 {
        let Stage::Claim {
            fight, tiles, view, ..
        } = &self.stage
        else {
            return 1;
        };
        let v = view;
        let have = self.claim_points(seat, *fight, v.face, tiles);
        let need = v.value as u16;
        match action {
            A::Commit => 50,
            A::Abandon => {
                // Give up only when the rest of the hand cannot cover the value.
                let mut rest = self.hand(seat).to_vec();
                for t in tiles {
                    if let Some(i) = rest.iter().position(|x| x == t) {
                        rest.remove(i);
                    }
                }
                let more: u16 = rest
                    .iter()
                    .map(|t| self.tile_points(seat, *fight, v.face, *t))
                    .sum();
                if have + more >= need { 0 } else { 1 }
            }
            A::AddTile(t) => {
                let pts = self.tile_points(seat, *fight, v.face, *t);
                let missing = need.saturating_sub(have);
                // Prefer tiles that cover the rest without much waste, and cheap kinds.
                let fit = if pts >= missing {
                    8u32.saturating_sub((pts - missing) as u32).max(2)
                } else {
                    pts as u32
                };
                let kind = if t.kind() == WorkKind::Action { 2 } else { 1 };
                fit * kind
            }
            _ => 1,
        }
    }

    /// Each seat's score if the game ended now, in tenths of a VT, with the hand's worth added.
    fn standing(&self) -> Vec<i64> {
        let scores = self.score_totals();
        (0..self.players as usize)
            .map(|i| {
                let seat = Seat(i as u8);
                let hand: i64 = self
                    .hand(seat)
                    .iter()
                    .map(|t| self.tile_worth(seat, *t))
                    .sum();
                scores[i] as i64 * VT + hand / 2 + (self.gold[i] % 10) as i64
            })
            .collect()
    }

    /// The static evaluation behind [`dwarfs_engine::Game::evaluate`]: each seat's share of a win
    /// in thousandths, from the score it would have now. The further the game (turns played, the
    /// leader's VT towards 100), the more the share goes to the leader. None for a finished game,
    /// which is rated by its outcome.
    pub fn hint_evaluate(&self, out: &mut [u16]) -> bool {
        let n = self.players as usize;
        if out.len() != n || n == 0 || self.phase == Phase::Over {
            return false;
        }
        let s = self.standing();
        let lead = self.vt.iter().copied().max().unwrap_or(0) as u64;
        // Progress in 0..=5: how sharply the standing decides the game.
        let by_vt = (lead * 5 / crate::data::VT_END_THRESHOLD as u64).min(5);
        let by_turn = (self.turn as u64 * 5 / self.options.max_turns.max(1) as u64).min(5);
        let k = 1 + by_vt.max(by_turn) as u32;
        let w: Vec<u128> = s.iter().map(|&x| (x.max(0) as u128 + 200).pow(k)).collect();
        let total: u128 = w.iter().sum::<u128>().max(1);
        let mut given = 0u16;
        for (o, wi) in out.iter_mut().zip(&w) {
            *o = (wi * 1000 / total) as u16;
            given += *o;
        }
        // Rounding down leaves a few thousandths: they go to the best standing.
        if let Some(best) = (0..n).max_by_key(|&i| (s[i], std::cmp::Reverse(i))) {
            out[best] += 1000u16.saturating_sub(given);
        }
        true
    }
}
