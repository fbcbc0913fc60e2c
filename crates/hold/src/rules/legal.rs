//! Listing the legal actions: candidates filtered by the same check that `apply` uses.

use crate::board::{Pos, Space};
use crate::data::{BoardKind, EventEffect, Leader, WorkKind, WorkTile};
use crate::state::{Hold, Offer, Phase, Stage};
use crate::types::{HoldAction as A, OFFER_STEPS, TradeItem};
use dwarfs_engine::Seat;

/// The distinct tiles of a sorted list, in order.
fn distinct(h: &[WorkTile]) -> impl Iterator<Item = WorkTile> + Clone + '_ {
    h.iter()
        .enumerate()
        .filter(|(i, t)| *i == 0 || h[i - 1] != **t)
        .map(|(_, t)| *t)
}

impl Hold {
    /// Every legal action for the acting seat, in a fixed order.
    pub(crate) fn legal_list(&self, out: &mut Vec<A>) {
        out.clear();
        let Some(seat) = self.current_seat() else {
            return;
        };
        let views = self.spaces.views();
        // Candidates go straight into `out` (its capacity is reused from call to call) and are
        // filtered at the end.
        let cands = out;
        let others = (0..self.players).map(Seat).filter(|s| *s != seat);
        match (&self.stage, self.phase) {
            (Stage::None, Phase::Leader) => cands.extend(Leader::ALL.map(A::PickLeader)),
            (Stage::None, Phase::Intrigue) => {
                cands.push(A::Pass);
                cands.extend(others.map(A::PlayIntrigue));
            }
            (Stage::WorkBuy, _) => cands.extend([A::Pass, A::BuyDraw]),
            (Stage::DiscardDown(_), _) => {
                cands.extend(distinct(self.hand(seat)).map(A::Discard));
            }
            (Stage::None, Phase::End) => {
                let actions = self
                    .hand(seat)
                    .iter()
                    .filter(|t| t.kind() == WorkKind::Action);
                let mut last = None;
                for t in actions {
                    if last != Some(*t) {
                        cands.push(A::Discard(*t));
                        last = Some(*t);
                    }
                }
            }
            (Stage::None, Phase::Trade) => {
                cands.push(A::Pass);
                cands.extend(others.map(A::StartOffer));
            }
            (Stage::Offer(o), Phase::Trade) => {
                if o.proposed {
                    cands.extend([A::Accept, A::Decline]);
                } else {
                    if !(o.give.is_empty() && o.ask.is_empty()) {
                        cands.push(A::Propose);
                    }
                    cands.push(A::Withdraw);
                    // Listed directly (the same conditions as `check_offer`): an offer can
                    // have dozens of candidates at every step.
                    self.offer_additions(o, cands);
                    return;
                }
            }
            (Stage::None, Phase::Event) => {
                cands.extend([A::Pass, A::BuyVt, A::UseJudge]);
                for t in distinct(self.hand(seat)) {
                    match t.event() {
                        Some(EventEffect::TurfDispute) => cands.extend(
                            self.markers()
                                .into_iter()
                                .filter(|(_, o)| *o != seat)
                                .map(|(m, _)| A::TurfDispute(m)),
                        ),
                        Some(
                            EventEffect::Sabotage(_)
                            | EventEffect::Raid(_)
                            | EventEffect::StealTile,
                        ) => cands.extend(others.clone().map(|s| A::PlayEventOn(t, s))),
                        Some(EventEffect::Intrigue) | None => {}
                        Some(_) => cands.push(A::PlayEvent(t)),
                    }
                }
                cands.extend(others.map(A::LookAtHand));
            }
            (Stage::Judge(_), _) => {
                cands.extend(self.markers().into_iter().map(|(m, _)| A::PickMarker(m)));
            }
            (Stage::Arcane { placing, .. }, _) => {
                if *placing {
                    cands.extend((0..self.players).map(|s| A::PlaceMarker(Seat(s))));
                } else {
                    cands.push(A::Pass);
                    cands.extend(self.markers().into_iter().map(|(m, _)| A::PickMarker(m)));
                }
            }
            (Stage::RunePick(drawn), _) => {
                cands.extend(distinct(drawn).map(A::Keep));
            }
            (Stage::None, Phase::Dig | Phase::Fight) => {
                cands.push(A::Pass);
                cands.extend(Pos::all().map(A::Target));
            }
            (
                Stage::Claim {
                    fight,
                    target,
                    tiles,
                    view,
                },
                Phase::Dig | Phase::Fight,
            ) => {
                // Listed directly (the same conditions as `check`), the points staged so far
                // counted once.
                let have = self.claim_points(seat, *fight, view.face, tiles);
                let need = view.value as u16;
                if have >= need
                    && self.gold(seat) >= self.claim_cost(seat, *target, tiles.len(), *fight)
                {
                    cands.push(A::Commit);
                }
                cands.push(A::Abandon);
                if have < need {
                    let hand = self.hand(seat);
                    for (i, t) in hand.iter().enumerate() {
                        if i > 0 && hand[i - 1] == *t {
                            continue;
                        }
                        let staged = tiles.iter().filter(|x| *x == t).count();
                        if self.in_hand(seat, *t) > staged
                            && self.tile_points(seat, *fight, view.face, *t) > 0
                        {
                            cands.push(A::AddTile(*t));
                        }
                    }
                }
                return;
            }
            (Stage::None, Phase::Build) => {
                cands.push(A::Pass);
                // Rooms stand on claimed earth or cleared lairs (`check_build` refuses the
                // other squares first, as the room is in the hand).
                let mut sites = 0u64;
                for (i, sp) in self.spaces.iter().enumerate() {
                    let site = match *sp {
                        Space::Claimed { as_tile, .. } => as_tile.kind() == BoardKind::Earth,
                        Space::Cleared { .. } => true,
                        _ => false,
                    };
                    sites |= (site as u64) << i;
                }
                let sites = (0..crate::data::SQUARES as u8)
                    .filter(move |p| sites & (1 << p) != 0)
                    .map(Pos);
                for r in distinct(self.hand(seat)) {
                    if r.kind() == WorkKind::Room {
                        cands.extend(sites.clone().map(|p| A::Build(r, p)));
                    }
                }
            }
            _ => {}
        }
        cands.retain(|a| self.check(views, a).is_ok());
    }
}

impl Hold {
    /// The `OfferGive` and `OfferAsk` actions that may be added to `o` now, in the order: what
    /// `from` gives, then what it asks; tiles, gold steps, VT steps, spaces, trophies.
    pub(crate) fn offer_additions(&self, o: &Offer, out: &mut Vec<A>) {
        let limit = self.options.max_offer_items as usize;
        let full = limit > 0 && o.give.len() + o.ask.len() >= limit;
        // Room designs on the board (bit `WorkTile as u8`): they cannot change hands.
        let built = self.spaces.built();
        let is_built = |t: WorkTile| t.kind() == WorkKind::Room && built & (1 << (t as u8)) != 0;
        for (give, holder, list) in [(true, o.from, &o.give), (false, o.to, &o.ask)] {
            let make = |i: TradeItem| {
                if give {
                    A::OfferGive(i)
                } else {
                    A::OfferAsk(i)
                }
            };
            // What the list holds already: copies of each tile design, and its spaces.
            let mut dup = [0u8; WorkTile::ALL.len()];
            let mut listed = 0u64;
            for item in list {
                match item {
                    TradeItem::Tile(t) => {
                        dup[*t as usize] = dup[*t as usize].saturating_add(1);
                    }
                    TradeItem::Space(p) if p.is_valid() => listed |= 1 << p.0,
                    _ => {}
                }
            }
            if !full {
                if give {
                    // The hand is sorted: count each run of one design once.
                    let hand = self.hand(holder);
                    let mut i = 0;
                    while i < hand.len() {
                        let t = hand[i];
                        let run = hand[i..].iter().take_while(|x| **x == t).count();
                        let d = dup[t as usize] as usize;
                        if !is_built(t) && d < t.data().copies as usize && run > d {
                            out.push(make(TradeItem::Tile(t)));
                        }
                        i += run;
                    }
                } else {
                    for t in WorkTile::ALL {
                        if !is_built(t) && dup[t as usize] < t.data().copies {
                            out.push(make(TradeItem::Tile(t)));
                        }
                    }
                }
            }
            for gold in [true, false] {
                let probe = if gold {
                    TradeItem::Gold(1)
                } else {
                    TradeItem::Vt(1)
                };
                if full && Offer::entry_of(list, &probe).is_none() {
                    continue;
                }
                let have = if gold {
                    self.gold(holder)
                } else {
                    self.vt(holder)
                };
                let total = Self::offer_total(list, gold);
                for step in OFFER_STEPS {
                    let after = total + step as u32;
                    if after <= have && after <= u16::MAX as u32 {
                        out.push(make(if gold {
                            TradeItem::Gold(step)
                        } else {
                            TradeItem::Vt(step)
                        }));
                    }
                }
            }
            if full {
                continue;
            }
            // The holder's spaces not in the list yet, in square order.
            let mut spaces = self.spaces.owned(holder) & !listed;
            while spaces != 0 {
                out.push(make(TradeItem::Space(Pos(spaces.trailing_zeros() as u8))));
                spaces &= spaces - 1;
            }
            let tr = self.trophies(holder);
            for (i, t) in tr.iter().enumerate() {
                if i > 0 && tr[i - 1] == *t {
                    continue;
                }
                let held = tr.iter().filter(|x| *x == t).count();
                let offered = list.iter().filter(|x| **x == TradeItem::Trophy(*t)).count();
                if held > offered {
                    out.push(make(TradeItem::Trophy(*t)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::{Actor, Game, SeedStream};

    /// Every candidate offer addition, filtered by `check`: what `offer_additions` must list.
    fn checked_additions(g: &Hold, o: &Offer) -> Vec<A> {
        let views = g.spaces.views();
        let mut cands = Vec::new();
        for (give, holder) in [(true, o.from), (false, o.to)] {
            let mut items: Vec<TradeItem> = Vec::new();
            if give {
                let mut h = g.hand(holder).to_vec();
                h.dedup();
                items.extend(h.into_iter().map(TradeItem::Tile));
            } else {
                items.extend(WorkTile::ALL.iter().map(|t| TradeItem::Tile(*t)));
            }
            items.extend(OFFER_STEPS.map(TradeItem::Gold));
            items.extend(OFFER_STEPS.map(TradeItem::Vt));
            items.extend(
                Pos::all()
                    .filter(|p| g.owner(*p) == Some(holder))
                    .map(TradeItem::Space),
            );
            let mut tr = g.trophies(holder).to_vec();
            tr.dedup();
            items.extend(tr.into_iter().map(TradeItem::Trophy));
            cands.extend(items.into_iter().map(|i| {
                if give {
                    A::OfferGive(i)
                } else {
                    A::OfferAsk(i)
                }
            }));
        }
        cands
            .into_iter()
            .filter(|a| g.check(views, a).is_ok())
            .collect()
    }

    #[test]
    fn offer_additions_are_exactly_the_checked_candidates() {
        let mut compared = 0;
        for (seed, items) in [(1u64, 0u8), (2, 3), (3, 0), (4, 12)] {
            let options = crate::HoldOptions {
                max_offer_items: items,
                ..crate::HoldOptions::default()
            };
            let mut g = Hold::new(&options, 2 + seed as u8).expect("valid");
            let mut rng = SeedStream::new(seed);
            let mut legal = Vec::new();
            while g.to_act() != Actor::Over && compared < 3000 {
                match g.to_act() {
                    Actor::Chance => {
                        g.resolve_chance(rng.next_entropy()).expect("chance");
                    }
                    Actor::Seat(s) => {
                        if let Stage::Offer(o) = g.stage()
                            && !o.proposed
                        {
                            let mut fast = Vec::new();
                            g.offer_additions(o, &mut fast);
                            assert_eq!(fast, checked_additions(&g, o));
                            compared += 1;
                        }
                        g.legal_actions(&mut legal);
                        let i = rng.choose(legal.len());
                        g.play(s, &legal[i]).expect("listed");
                    }
                    _ => break,
                }
            }
        }
        assert!(compared > 500, "{compared} offers compared");
    }
}
