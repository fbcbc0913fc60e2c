//! Applying a checked action.

use crate::board::{Pos, Space};
use crate::data::{
    BoardEffect, BoardKind, EventEffect, Leader, RoomEffect, TAKEOVER_GOLD, WorkTile,
};
use crate::state::{ChanceTask, Hold, Look, Offer, Phase, Stage};
use crate::types::{HoldAction as A, HoldError as E, HoldEvent as Ev, MarkerRef, TradeItem};
use dwarfs_engine::Seat;

impl Hold {
    /// Checks and applies an action for the acting seat.
    pub(crate) fn apply(&mut self, action: &A) -> Result<Vec<Ev>, E> {
        self.check(self.spaces.views(), action)?;
        let seat = self
            .current_seat()
            .ok_or(E::WrongStep("nobody may act now"))?;
        let mut ev = Vec::new();
        self.execute(seat, action, &mut ev);
        self.advance(&mut ev);
        Ok(ev)
    }

    pub(crate) fn execute(&mut self, seat: Seat, action: &A, ev: &mut Vec<Ev>) {
        let s = seat.index();
        match action.clone() {
            A::PickLeader(l) => {
                self.leaders[s] = Some(l);
                ev.push(Ev::LeaderPicked(seat, l));
                self.on_leader_taken(seat, l, true, ev);
                self.cursor += 1;
            }
            A::PlayIntrigue(t) => {
                self.discard_from_hand(seat, WorkTile::Intrigue);
                self.record_event(WorkTile::Intrigue);
                ev.push(Ev::EventPlayed(seat, WorkTile::Intrigue));
                self.leaders.swap(s, t.index());
                self.recompute_order();
                ev.push(Ev::LeadersSwapped(seat, t));
                self.cursor += 1;
            }
            A::Pass => self.pass(seat, ev),
            A::BuyDraw => {
                let cost = self.draw_cost(seat);
                self.gold[s] -= cost;
                ev.push(Ev::PaidForDraw(seat, cost));
                self.chance = Some(ChanceTask::Draw(seat, 1));
            }
            A::Discard(t) => {
                self.discard_from_hand(seat, t);
                ev.push(Ev::Discarded(seat, t));
                if let Stage::DiscardDown(n) = self.stage {
                    if n <= 1 || self.hand(seat).is_empty() {
                        self.stage = Stage::None;
                        self.cursor += 1;
                    } else {
                        self.stage = Stage::DiscardDown(n - 1);
                    }
                }
                // End phase: advance() moves on once the hand fits.
            }
            A::StartOffer(t) => {
                self.used[s].offers += 1;
                self.trade_passes = 0;
                self.stage = Stage::Offer(Offer {
                    from: seat,
                    to: t,
                    give: Vec::new(),
                    ask: Vec::new(),
                    proposed: false,
                });
            }
            A::OfferGive(i) => {
                if let Stage::Offer(o) = &mut self.stage {
                    Offer::add(&mut o.give, i);
                }
            }
            A::OfferAsk(i) => {
                if let Stage::Offer(o) = &mut self.stage {
                    Offer::add(&mut o.ask, i);
                }
            }
            A::Propose => {
                if let Stage::Offer(o) = &mut self.stage {
                    o.proposed = true;
                    ev.push(Ev::OfferProposed(o.from, o.to));
                }
            }
            A::Withdraw => {
                ev.push(Ev::OfferWithdrawn(seat));
                self.stage = Stage::None;
                self.trade_turn = self.next_seat(seat);
            }
            A::Accept | A::Decline => {
                let Stage::Offer(o) = std::mem::replace(&mut self.stage, Stage::None) else {
                    return;
                };
                if matches!(action, A::Accept) {
                    self.transfer(o.from, o.to, &o.give);
                    self.transfer(o.to, o.from, &o.ask);
                    ev.push(Ev::OfferAccepted(o.from, o.to));
                } else {
                    ev.push(Ev::OfferDeclined(o.from, o.to));
                }
                self.trade_turn = self.next_seat(o.from);
            }
            A::BuyVt => {
                let price = self.vt_price(seat);
                self.gold[s] -= price;
                self.vt[s] += 1;
                self.vt_bought = self.vt_bought.saturating_add(1);
                ev.push(Ev::BoughtVt(seat, price));
            }
            A::PlayEvent(t) => {
                self.discard_from_hand(seat, t);
                self.record_event(t);
                ev.push(Ev::EventPlayed(seat, t));
                match t.event() {
                    Some(EventEffect::GainVt(n)) => {
                        self.vt[s] += n as u32;
                        ev.push(Ev::GainedVt(seat, n as u32));
                    }
                    Some(EventEffect::GainGold(n)) => {
                        self.gold[s] += n as u32;
                        ev.push(Ev::GainedGold(seat, n as u32));
                    }
                    Some(EventEffect::Draw(n)) if self.can_draw() => {
                        self.chance = Some(ChanceTask::Draw(seat, n));
                    }
                    Some(EventEffect::DrawKeepOne(_)) if self.can_draw() => {
                        self.chance = Some(ChanceTask::RuneStones(seat));
                    }
                    Some(EventEffect::HoldMarkers(n)) => {
                        self.hold_markers[s] = self.hold_markers[s].saturating_add(n);
                        ev.push(Ev::MarkersToHold(seat, n));
                    }
                    Some(EventEffect::ArcaneLaws(_)) => {
                        self.stage = Stage::Arcane {
                            picked: Vec::new(),
                            placed: Vec::new(),
                            placing: false,
                        };
                    }
                    _ => {}
                }
            }
            A::PlayEventOn(t, target) => {
                self.discard_from_hand(seat, t);
                self.record_event(t);
                ev.push(Ev::EventPlayed(seat, t));
                let ti = target.index();
                match t.event() {
                    Some(EventEffect::Raid(n)) => {
                        let g = (n as u32).min(self.gold[ti]);
                        self.gold[ti] -= g;
                        self.gold[s] += g;
                        ev.push(Ev::GoldStolen {
                            by: seat,
                            from: target,
                            gold: g,
                        });
                    }
                    Some(EventEffect::Sabotage(_)) if !self.hands[ti].is_empty() => {
                        self.chance = Some(ChanceTask::Sabotage(target));
                    }
                    Some(EventEffect::StealTile) if !self.hands[ti].is_empty() => {
                        self.chance = Some(ChanceTask::Informers(seat, target));
                    }
                    _ => {}
                }
            }
            A::TurfDispute(m) => {
                self.discard_from_hand(seat, WorkTile::TurfDispute);
                self.record_event(WorkTile::TurfDispute);
                ev.push(Ev::EventPlayed(seat, WorkTile::TurfDispute));
                self.set_marker_owner(m, seat);
                ev.push(Ev::MarkerReplaced {
                    marker: m,
                    to: seat,
                });
            }
            A::UseJudge => {
                self.used[s].judge_used = true;
                self.stage = Stage::Judge(None);
            }
            A::PickMarker(m) => match &mut self.stage {
                Stage::Judge(None) => self.stage = Stage::Judge(Some(m)),
                Stage::Judge(Some(first)) => {
                    let first = *first;
                    let (a, b) = (self.marker_owner(first), self.marker_owner(m));
                    if let (Some(a), Some(b)) = (a, b) {
                        self.set_marker_owner(first, b);
                        self.set_marker_owner(m, a);
                    }
                    ev.push(Ev::MarkersSwitched(first, m));
                    self.stage = Stage::None;
                }
                Stage::Arcane { picked, .. } => {
                    picked.push(m);
                    if picked.len() >= crate::data::ARCANE_MARKERS {
                        self.arcane_stop_picking(ev);
                    }
                }
                _ => {}
            },
            A::PlaceMarker(owner) => {
                if let Stage::Arcane { placed, .. } = &mut self.stage {
                    placed.push(owner);
                }
                self.arcane_autoplace(ev);
            }
            A::Keep(t) => {
                if let Stage::RunePick(drawn) = std::mem::replace(&mut self.stage, Stage::None) {
                    let mut rest = drawn;
                    if let Some(i) = rest.iter().position(|x| *x == t) {
                        rest.remove(i);
                    }
                    self.add_to_hand(seat, t);
                    for r in rest {
                        self.discards[r as usize] += 1;
                        ev.push(Ev::Discarded(seat, r));
                    }
                }
            }
            A::LookAtHand(t) => {
                self.used[s].looks += 1;
                self.looks[s] = Some(Look {
                    target: t,
                    hand: self.hands[t.index()].clone(),
                });
                ev.push(Ev::LookedAtHand(seat, t));
            }
            A::Target(p) => {
                // `check` made sure the square has a view.
                if let Some(view) = self.spaces.views()[p.0 as usize] {
                    self.stage = Stage::Claim {
                        fight: self.phase == Phase::Fight,
                        target: p,
                        tiles: Vec::new(),
                        view,
                    };
                }
            }
            A::AddTile(t) => {
                if let Stage::Claim { tiles, .. } = &mut self.stage {
                    tiles.push(t);
                }
            }
            A::Abandon => {
                if let Stage::Claim { fight, target, .. } = self.stage {
                    let bit = 1u64 << target.0;
                    if fight {
                        self.used[s].abandoned_fights |= bit;
                    } else {
                        self.used[s].abandoned_digs |= bit;
                    }
                }
                self.stage = Stage::None;
                ev.push(Ev::Abandoned(seat));
            }
            A::Commit => self.commit_claim(seat, ev),
            A::Build(room, at) => self.build(seat, room, at, ev),
        }
    }

    /// Who has the floor first in this turn's Trade phase: seat 1 on turn 1, then one seat
    /// further round each turn.
    pub(crate) fn first_trader(&self) -> Seat {
        Seat((self.turn.saturating_sub(1) % self.players.max(1) as u16) as u8)
    }

    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.players)
    }

    pub(crate) fn pass(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        ev.push(Ev::Passed(seat));
        match (&self.stage, self.phase) {
            (Stage::Arcane { .. }, _) => self.arcane_stop_picking(ev),
            (_, Phase::Trade) => {
                self.trade_passes += 1;
                self.trade_turn = self.next_seat(seat);
            }
            _ => {
                self.stage = Stage::None;
                self.cursor += 1;
            }
        }
    }

    pub(crate) fn arcane_stop_picking(&mut self, ev: &mut Vec<Ev>) {
        if let Stage::Arcane { placing, .. } = &mut self.stage {
            *placing = true;
        }
        self.arcane_autoplace(ev);
    }

    /// Places markers while only one owner is left to choose, and finishes the scramble.
    pub(crate) fn arcane_autoplace(&mut self, ev: &mut Vec<Ev>) {
        loop {
            let Stage::Arcane { picked, placed, .. } = &self.stage else {
                return;
            };
            let pool = self.arcane_pool(picked, placed);
            if pool.is_empty() {
                break;
            }
            if pool.iter().all(|s| *s == pool[0]) {
                if let Stage::Arcane { placed, .. } = &mut self.stage {
                    placed.push(pool[0]);
                }
            } else {
                return;
            }
        }
        let Stage::Arcane { picked, placed, .. } = std::mem::replace(&mut self.stage, Stage::None)
        else {
            return;
        };
        // Take every picked marker off, then put them back with their new owners.
        for m in &picked {
            if let MarkerRef::Hold(s) = m {
                self.hold_markers[s.index()] -= 1;
            }
        }
        for (m, owner) in picked.iter().zip(&placed) {
            match *m {
                MarkerRef::Hold(_) => {
                    let h = &mut self.hold_markers[owner.index()];
                    *h = h.saturating_add(1);
                }
                MarkerRef::Space(p) => self.spaces.set_owner(p.0 as usize, *owner),
            }
        }
        ev.push(Ev::MarkersScrambled(picked.len() as u8));
    }

    pub(crate) fn set_marker_owner(&mut self, m: MarkerRef, to: Seat) {
        match m {
            MarkerRef::Hold(s) => {
                if self.hold_markers[s.index()] > 0 {
                    self.hold_markers[s.index()] -= 1;
                    let h = &mut self.hold_markers[to.index()];
                    *h = h.saturating_add(1);
                }
            }
            MarkerRef::Space(p) => self.spaces.set_owner(p.0 as usize, to),
        }
    }

    pub(crate) fn transfer(&mut self, from: Seat, to: Seat, items: &[TradeItem]) {
        let (f, t) = (from.index(), to.index());
        for item in items {
            match *item {
                TradeItem::Tile(w) => {
                    if self.take_from_hand(from, w) {
                        self.add_to_hand(to, w);
                    }
                }
                TradeItem::Gold(n) => {
                    let n = (n as u32).min(self.gold[f]);
                    self.gold[f] -= n;
                    self.gold[t] += n;
                }
                TradeItem::Vt(n) => {
                    let n = (n as u32).min(self.vt[f]);
                    self.vt[f] -= n;
                    self.vt[t] += n;
                }
                TradeItem::Space(p) => self.spaces.set_owner(p.0 as usize, to),
                TradeItem::Trophy(l) => {
                    if let Some(i) = self.trophies[f].iter().position(|x| *x == l) {
                        self.trophies[f].remove(i);
                        let tr = &mut self.trophies[t];
                        let j = tr.partition_point(|x| *x <= l);
                        tr.insert(j, l);
                    }
                }
            }
        }
    }

    /// Effects of taking a leader card (picked, or dealt on the first turn).
    pub(crate) fn on_leader_taken(
        &mut self,
        seat: Seat,
        l: Leader,
        picked: bool,
        ev: &mut Vec<Ev>,
    ) {
        let s = seat.index();
        if l == Leader::ClanElder {
            self.hold_markers[s] = self.hold_markers[s].saturating_add(1);
            ev.push(Ev::MarkersToHold(seat, 1));
        }
        if picked {
            let vt: u32 = self
                .rooms_of(seat)
                .filter_map(|r| match r.room() {
                    Some((_, RoomEffect::VtOnPick(x, n))) if x == l => Some(n as u32),
                    _ => None,
                })
                .sum();
            if vt > 0 {
                self.vt[s] += vt;
                ev.push(Ev::GainedVt(seat, vt));
            }
        }
    }

    pub(crate) fn commit_claim(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        let Stage::Claim {
            fight,
            target,
            tiles,
            view,
        } = std::mem::replace(&mut self.stage, Stage::None)
        else {
            return;
        };
        let s = seat.index();
        let cost = self.claim_cost(seat, target, tiles.len(), fight);
        self.gold[s] -= cost;
        for t in &tiles {
            self.discard_from_hand(seat, *t);
        }
        self.used[s].played_tiles = true;
        let value = view.value as u32;
        self.vt[s] += value;
        if view.kind == BoardKind::Lair {
            self.used[s].fights += 1;
            self.spaces
                .set(target.0 as usize, Space::Cleared { owner: seat });
            let tr = &mut self.trophies[s];
            let j = tr.partition_point(|x| *x <= view.printed);
            tr.insert(j, view.printed);
            ev.push(Ev::LairCleared {
                seat,
                at: target,
                lair: view.printed,
                vt: value,
                gold: cost,
            });
            for e in view.printed.data().effects {
                if let BoardEffect::GoldOnClear(g) = e {
                    self.gold[s] += *g as u32;
                    ev.push(Ev::GainedGold(seat, *g as u32));
                }
            }
            let bonus: u32 = self
                .rooms_of(seat)
                .filter_map(|r| match r.room() {
                    Some((_, RoomEffect::TrophyVt(n))) => Some(n as u32),
                    _ => None,
                })
                .sum();
            if bonus > 0 {
                self.vt[s] += bonus;
                ev.push(Ev::GainedVt(seat, bonus));
            }
        } else {
            if fight {
                self.used[s].fights += 1;
            } else {
                self.used[s].digs += 1;
            }
            self.spaces.set(
                target.0 as usize,
                Space::Claimed {
                    tile: view.printed,
                    as_tile: view.face,
                    owner: seat,
                },
            );
            ev.push(Ev::Claimed {
                seat,
                at: target,
                tile: view.face,
                vt: value,
                gold: cost,
            });
            if view.kind == BoardKind::Vein {
                let bonus: u32 = self
                    .rooms_of(seat)
                    .filter_map(|r| match r.room() {
                        Some((_, RoomEffect::MineVt(n))) => Some(n as u32),
                        _ => None,
                    })
                    .sum();
                if bonus > 0 {
                    self.vt[s] += bonus;
                    ev.push(Ev::GainedVt(seat, bonus));
                }
            }
        }
        let done = if fight {
            self.used[s].fights >= self.fights_allowed(seat)
        } else {
            self.used[s].digs >= self.digs_allowed(seat)
        };
        if done {
            self.cursor += 1;
        }
    }

    pub(crate) fn build(&mut self, seat: Seat, room: WorkTile, at: Pos, ev: &mut Vec<Ev>) {
        let s = seat.index();
        let cost = self.build_cost(seat, room, at);
        let space = self.spaces[at.0 as usize];
        let base = match space {
            Space::Claimed { tile, .. } => Some(tile),
            _ => None,
        };
        let prev = space.owner().filter(|o| *o != seat);
        if let Some(p) = prev {
            self.gold[s] -= TAKEOVER_GOLD;
            self.gold[p.index()] += TAKEOVER_GOLD;
        }
        self.gold[s] -= cost;
        self.take_from_hand(seat, room);
        self.spaces.set(
            at.0 as usize,
            Space::Room {
                room,
                owner: seat,
                base,
            },
        );
        self.used[s].builds += 1;
        ev.push(Ev::Built {
            seat,
            at,
            room,
            gold: cost,
            took_over_from: prev,
        });
        let (value, effect) = room.room().unwrap_or((0, RoomEffect::IgnoresLairs));
        let mut vt = value as u32;
        for q in at.neighbours() {
            if let Space::Open(t) = self.spaces[q.0 as usize] {
                for e in t.data().effects {
                    if let BoardEffect::RoomBonus { room: r, vt: n } = *e
                        && r == room
                    {
                        vt += n as u32;
                    }
                }
            }
        }
        self.vt[s] += vt;
        ev.push(Ev::GainedVt(seat, vt));
        if let RoomEffect::HoldMarkersOnce(n) = effect {
            self.hold_markers[s] = self.hold_markers[s].saturating_add(n);
            ev.push(Ev::MarkersToHold(seat, n));
        }
        if self.used[s].builds >= self.builds_allowed(seat) {
            self.cursor += 1;
        }
    }
}
