//! The rules: whose turn it is, which actions are legal, what they do, and how the turn moves on.
//!
//! Every action is checked by [`Hold::check`] before anything changes; [`Hold::legal_list`]
//! lists the candidates that pass the same check, so listed and accepted actions always agree.

use crate::board::{Pos, Space, TileView, set_owner};
use crate::data::{
    BoardEffect, BoardKind, BoardTile, CRAFTSMAN_GOLD, CRAFTSMAN_VT, EXTRA_DRAW_COST, EventEffect,
    FAR_SURCHARGE, FORMER_LAIR_SURCHARGE, GOLD_PER_TILE_PLAYED, GOLD_PER_TURN, Leader, RoomEffect,
    SQUARES, STARTING_HAND, TAKEOVER_GOLD, VT_END_THRESHOLD, WorkKind, WorkTile,
};
use crate::state::{ChanceTask, Hold, Look, Offer, Phase, Stage, TurnUse};
use crate::types::{
    EndCondition, HoldAction as A, HoldError as E, HoldEvent as Ev, MarkerRef, OFFER_AMOUNTS,
    TradeItem,
};
use dwarfs_engine::{ChanceRng, Seat};

type Views = [Option<TileView>; SQUARES];

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

    fn dig_discount(&self, seat: Seat) -> u32 {
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

    fn draw_cost(&self, seat: Seat) -> u32 {
        let d: u32 = self
            .rooms_of(seat)
            .filter_map(|r| match r.room() {
                Some((_, RoomEffect::DrawDiscount(d))) => Some(d as u32),
                _ => None,
            })
            .sum();
        EXTRA_DRAW_COST.saturating_sub(d)
    }

    fn can_draw(&self) -> bool {
        self.draw_pile.iter().chain(&self.discards).any(|&c| c > 0)
    }

    fn offer_total(items: &[TradeItem], gold: bool) -> u32 {
        items
            .iter()
            .map(|i| match (i, gold) {
                (TradeItem::Gold(n), true) | (TradeItem::Vt(n), false) => *n as u32,
                _ => 0,
            })
            .sum()
    }

    /// The tile views, computed only in the phases that look at tiles (they cost a board scan).
    fn views_if_needed(&self) -> Views {
        match self.phase {
            Phase::Dig | Phase::Fight | Phase::Build => self.tile_views(),
            _ => [None; SQUARES],
        }
    }

    // ----- Checking -----

    /// Checks `action` for the acting seat without changing anything.
    pub(crate) fn check(&self, views: &Views, action: &A) -> Result<(), E> {
        let Some(seat) = self.current_seat() else {
            return Err(E::WrongStep("nobody may act now"));
        };
        match (&self.stage, self.phase) {
            (Stage::None, Phase::Leader) => match action {
                A::PickLeader(l) => {
                    if self.leader_holder(*l).is_some() {
                        Err(E::LeaderTaken(l.name()))
                    } else {
                        Ok(())
                    }
                }
                _ => Err(E::WrongStep("pick a leader card")),
            },
            (Stage::None, Phase::Intrigue) => match action {
                A::Pass => Ok(()),
                A::PlayIntrigue(t) => {
                    self.opponent(seat, *t)?;
                    self.need_in_hand(seat, WorkTile::Intrigue)
                }
                _ => Err(E::WrongStep("play Intrigue or pass")),
            },
            (Stage::WorkBuy, Phase::Work) => match action {
                A::Pass => Ok(()),
                A::BuyDraw => {
                    if !self.can_draw() {
                        return Err(E::Other("there are no work tiles left to draw"));
                    }
                    self.need_gold(seat, self.draw_cost(seat))
                }
                _ => Err(E::WrongStep("draw another work tile or pass")),
            },
            (Stage::DiscardDown(_), _) => match action {
                A::Discard(t) => self.need_in_hand(seat, *t),
                _ => Err(E::WrongStep("discard a tile")),
            },
            (Stage::None, Phase::End) => match action {
                A::Discard(t) => self.need_in_hand(seat, *t),
                _ => Err(E::WrongStep("discard down to your hand limit")),
            },
            (Stage::None, Phase::Trade) => match action {
                A::Pass => Ok(()),
                A::StartOffer(t) => {
                    self.opponent(seat, *t)?;
                    if self.used[seat.index()].offers >= self.options.offers_per_trade {
                        return Err(E::Limit("you have made all your offers this Trade phase"));
                    }
                    Ok(())
                }
                _ => Err(E::WrongStep("start an offer or pass")),
            },
            (Stage::Offer(o), Phase::Trade) => self.check_offer(o, action),
            (Stage::None, Phase::Event) => self.check_event(views, seat, action),
            (Stage::Judge(first), Phase::Event) => match action {
                A::PickMarker(m) => {
                    let owner = self
                        .marker_owner(*m)
                        .ok_or(E::BadMarker("there is no such marker"))?;
                    if let Some(f) = first
                        && self.marker_owner(*f) == Some(owner)
                    {
                        return Err(E::BadMarker("switch two markers of different players"));
                    }
                    Ok(())
                }
                _ => Err(E::WrongStep("pick a marker to switch")),
            },
            (
                Stage::Arcane {
                    picked,
                    placed,
                    placing,
                },
                Phase::Event,
            ) => {
                if !*placing {
                    match action {
                        A::Pass => Ok(()),
                        A::PickMarker(m) => self.check_arcane_pick(picked, *m),
                        _ => Err(E::WrongStep("pick up a marker or stop picking")),
                    }
                } else {
                    match action {
                        A::PlaceMarker(s) => {
                            let pool = self.arcane_pool(picked, placed);
                            if pool.contains(s) {
                                Ok(())
                            } else {
                                Err(E::BadMarker("no marker of that player was picked up"))
                            }
                        }
                        _ => Err(E::WrongStep("choose who the next marker belongs to")),
                    }
                }
            }
            (Stage::RunePick(drawn), Phase::Event) => match action {
                A::Keep(t) if drawn.contains(t) => Ok(()),
                A::Keep(_) => Err(E::Other("keep one of the tiles Rune Stones drew")),
                _ => Err(E::WrongStep("keep one of the drawn tiles")),
            },
            (Stage::None, Phase::Dig | Phase::Fight) => {
                let fight = self.phase == Phase::Fight;
                match action {
                    A::Pass => Ok(()),
                    A::Target(p) => self.check_target(views, seat, *p, fight),
                    _ => Err(E::WrongStep("choose a target or pass")),
                }
            }
            (
                Stage::Claim {
                    fight,
                    target,
                    tiles,
                },
                Phase::Dig | Phase::Fight,
            ) => {
                let view = views[target.0 as usize].ok_or(E::WrongStep("no target"))?;
                let have = self.claim_points(seat, *fight, view.printed, tiles);
                match action {
                    A::Abandon => Ok(()),
                    A::AddTile(t) => {
                        let staged = tiles.iter().filter(|x| *x == t).count();
                        if self.in_hand(seat, *t) <= staged {
                            return Err(E::NotInHand(t.name()));
                        }
                        if self.tile_points(seat, *fight, view.printed, *t) == 0 {
                            return Err(E::WrongTile {
                                tile: t.name(),
                                why: if *fight {
                                    "it has no fight points"
                                } else {
                                    "it has no dig points"
                                },
                            });
                        }
                        if have >= view.value as u16 {
                            return Err(E::Other(
                                "you already have enough points: commit or abandon",
                            ));
                        }
                        Ok(())
                    }
                    A::Commit => {
                        if have < view.value as u16 {
                            return Err(E::NotEnoughPoints {
                                need: view.value,
                                have,
                            });
                        }
                        self.need_gold(seat, self.claim_cost(seat, *target, tiles.len(), *fight))
                    }
                    _ => Err(E::WrongStep("add a tile, commit or abandon")),
                }
            }
            (Stage::None, Phase::Build) => match action {
                A::Pass => Ok(()),
                A::Build(room, at) => self.check_build(views, seat, *room, *at),
                _ => Err(E::WrongStep("build a room or pass")),
            },
            _ => Err(E::WrongStep("that action does not belong to this step")),
        }
    }

    fn opponent(&self, seat: Seat, target: Seat) -> Result<(), E> {
        if target == seat || !self.seated(target) {
            Err(E::BadOpponent(target))
        } else {
            Ok(())
        }
    }

    fn need_in_hand(&self, seat: Seat, tile: WorkTile) -> Result<(), E> {
        if self.in_hand(seat, tile) == 0 {
            Err(E::NotInHand(tile.name()))
        } else {
            Ok(())
        }
    }

    fn need_gold(&self, seat: Seat, need: u32) -> Result<(), E> {
        let have = self.gold(seat);
        if have < need {
            Err(E::NotEnoughGold { need, have })
        } else {
            Ok(())
        }
    }

    fn tile_points(&self, seat: Seat, fight: bool, target: BoardTile, t: WorkTile) -> u16 {
        if fight {
            self.fight_points(seat, t, target)
        } else {
            self.dig_points(seat, t)
        }
    }

    fn claim_points(&self, seat: Seat, fight: bool, target: BoardTile, tiles: &[WorkTile]) -> u16 {
        tiles
            .iter()
            .map(|t| self.tile_points(seat, fight, target, *t))
            .sum()
    }

    fn check_target(&self, views: &Views, seat: Seat, p: Pos, fight: bool) -> Result<(), E> {
        if !p.is_valid() {
            return Err(E::OffBoard(p.0));
        }
        let used = self.used[seat.index()];
        if fight && used.fights >= self.fights_allowed(seat) {
            return Err(E::Limit("you have cleared all the lairs you may this turn"));
        }
        if !fight && used.digs >= self.digs_allowed(seat) {
            return Err(E::Limit("you have dug all the tiles you may this turn"));
        }
        let Some(v) = views[p.0 as usize] else {
            return Err(E::BadSquare {
                at: p,
                why: "there is no tile to claim there",
            });
        };
        if !v.open {
            return Err(E::BadSquare {
                at: p,
                why: "it is already claimed",
            });
        }
        match v.kind {
            BoardKind::Impassable => {
                return Err(E::BadSquare {
                    at: p,
                    why: "it is impassable",
                });
            }
            BoardKind::Lair if !fight => {
                return Err(E::BadSquare {
                    at: p,
                    why: "lairs are fought in the Fight phase",
                });
            }
            _ => {}
        }
        if fight && !v.must_fight {
            return Err(E::BadSquare {
                at: p,
                why: "it is dug in the Dig phase, not fought",
            });
        }
        if !fight && v.must_fight {
            return Err(E::BadSquare {
                at: p,
                why: "a lair guards it: it must be fought for in the Fight phase",
            });
        }
        if !self.touches_stronghold(p) {
            return Err(E::BadSquare {
                at: p,
                why: "it must touch the hold or a controlled space",
            });
        }
        // The cheapest possible claim (one tile) must be affordable.
        self.need_gold(seat, self.claim_cost(seat, p, 1, fight))
    }

    fn check_build(&self, views: &Views, seat: Seat, room: WorkTile, at: Pos) -> Result<(), E> {
        if !at.is_valid() {
            return Err(E::OffBoard(at.0));
        }
        let Some((_, effect)) = room.room() else {
            return Err(E::WrongTile {
                tile: room.name(),
                why: "only rooms can be built",
            });
        };
        self.need_in_hand(seat, room)?;
        if self.used[seat.index()].builds >= self.builds_allowed(seat) {
            return Err(E::Limit("you have built all the rooms you may this turn"));
        }
        let owner = match self.spaces[at.0 as usize] {
            Space::Claimed { as_tile, owner, .. } if as_tile.kind() == BoardKind::Earth => owner,
            Space::Cleared { owner } => owner,
            Space::Claimed { .. } => {
                return Err(E::BadSquare {
                    at,
                    why: "rooms are built on claimed earth or cleared lairs, not on mines",
                });
            }
            Space::Room { .. } => {
                return Err(E::BadSquare {
                    at,
                    why: "there is already a room there",
                });
            }
            _ => {
                return Err(E::BadSquare {
                    at,
                    why: "rooms are built on claimed earth or cleared lairs",
                });
            }
        };
        if effect != RoomEffect::IgnoresLairs
            && at
                .neighbours()
                .any(|q| views[q.0 as usize].is_some_and(|v| v.is_active_lair()))
        {
            return Err(E::BadSquare {
                at,
                why: "rooms cannot be built next to uncleared lairs (except the Great Gate)",
            });
        }
        let takeover = if owner == seat { 0 } else { TAKEOVER_GOLD };
        self.need_gold(seat, self.build_cost(seat, room, at) + takeover)
    }

    fn check_event(&self, views: &Views, seat: Seat, action: &A) -> Result<(), E> {
        let _ = views;
        match action {
            A::Pass => Ok(()),
            A::BuyVt => self.need_gold(seat, self.vt_price(seat)),
            A::PlayEvent(t) => {
                self.need_in_hand(seat, *t)?;
                match t.event() {
                    Some(
                        EventEffect::GainVt(_)
                        | EventEffect::GainGold(_)
                        | EventEffect::Draw(_)
                        | EventEffect::DrawKeepOne(_)
                        | EventEffect::HoldMarkers(_)
                        | EventEffect::ArcaneLaws(_),
                    ) => Ok(()),
                    Some(EventEffect::Intrigue) => Err(E::WrongTile {
                        tile: t.name(),
                        why: "it is played at the end of the Leader phase",
                    }),
                    Some(_) => Err(E::WrongTile {
                        tile: t.name(),
                        why: "it needs a target",
                    }),
                    None => Err(E::WrongTile {
                        tile: t.name(),
                        why: "it is not an event",
                    }),
                }
            }
            A::PlayEventOn(t, target) => {
                self.need_in_hand(seat, *t)?;
                self.opponent(seat, *target)?;
                match t.event() {
                    Some(
                        EventEffect::Sabotage(_) | EventEffect::Raid(_) | EventEffect::StealTile,
                    ) => Ok(()),
                    _ => Err(E::WrongTile {
                        tile: t.name(),
                        why: "it is not played on an opponent",
                    }),
                }
            }
            A::TurfDispute(m) => {
                self.need_in_hand(seat, WorkTile::TurfDispute)?;
                match self.marker_owner(*m) {
                    None => Err(E::BadMarker("there is no such marker")),
                    Some(o) if o == seat => Err(E::BadMarker("that marker is already yours")),
                    Some(_) => Ok(()),
                }
            }
            A::UseJudge => {
                if self.leader(seat) != Some(Leader::DwarfJudge) {
                    return Err(E::Other("only the Dwarf Judge may switch markers"));
                }
                if self.used[seat.index()].judge_used {
                    return Err(E::Limit("the Judge switches markers once per turn"));
                }
                let ms = self.markers();
                if ms.iter().all(|(_, o)| *o == ms[0].1) {
                    return Err(E::Other("all markers belong to one player"));
                }
                Ok(())
            }
            A::LookAtHand(t) => {
                self.opponent(seat, *t)?;
                let passages = self.room_count(seat, |e| e == RoomEffect::LookAtHand);
                if passages == 0 {
                    return Err(E::Other("you need the Secret Passage to look at a hand"));
                }
                if self.used[seat.index()].looks >= passages {
                    return Err(E::Limit("you have already looked at a hand this turn"));
                }
                Ok(())
            }
            _ => Err(E::WrongStep(
                "play an event, buy a VT, use the Judge or the Secret Passage, or pass",
            )),
        }
    }

    fn check_arcane_pick(&self, picked: &[MarkerRef], m: MarkerRef) -> Result<(), E> {
        if picked.len() >= crate::data::ARCANE_MARKERS {
            return Err(E::Limit("Arcane Laws picks up at most 6 markers"));
        }
        if self.marker_owner(m).is_none() {
            return Err(E::BadMarker("there is no such marker"));
        }
        let already = picked.iter().filter(|x| **x == m).count();
        let available = match m {
            MarkerRef::Hold(s) => self.hold_markers(s) as usize,
            MarkerRef::Space(_) => 1,
        };
        if already >= available {
            return Err(E::BadMarker("that marker is already picked up"));
        }
        Ok(())
    }

    /// Owners of the picked-up markers not yet placed back (a multiset, sorted).
    fn arcane_pool(&self, picked: &[MarkerRef], placed: &[Seat]) -> Vec<Seat> {
        let mut pool: Vec<Seat> = picked
            .iter()
            .filter_map(|m| match m {
                MarkerRef::Hold(s) => Some(*s),
                MarkerRef::Space(p) => self.owner(*p),
            })
            .collect();
        pool.sort();
        for s in placed {
            if let Some(i) = pool.iter().position(|x| x == s) {
                pool.remove(i);
            }
        }
        pool
    }

    fn check_offer(&self, o: &Offer, action: &A) -> Result<(), E> {
        if o.proposed {
            return match action {
                A::Decline => Ok(()),
                A::Accept => self.check_offer_side(o.to, &o.ask, false, true),
                _ => Err(E::WrongStep("accept or decline the offer")),
            };
        }
        match action {
            A::Withdraw => Ok(()),
            A::Propose => {
                if o.give.is_empty() && o.ask.is_empty() {
                    Err(E::BadOffer("add something to give or to ask for first"))
                } else {
                    Ok(())
                }
            }
            A::OfferGive(item) | A::OfferAsk(item) => {
                if o.give.len() + o.ask.len() >= self.options.max_offer_items as usize {
                    return Err(E::Limit("the offer holds as many items as it may"));
                }
                let giving = matches!(action, A::OfferGive(_));
                let (list, holder) = if giving {
                    (&o.give, o.from)
                } else {
                    (&o.ask, o.to)
                };
                let mut with = list.clone();
                with.push(*item);
                self.check_offer_side(holder, &with, true, giving)
            }
            _ => Err(E::WrongStep("add to the offer, propose it or withdraw it")),
        }
    }

    /// Checks that `holder` can hand over `items` to `other`. Tiles in another player's hand
    /// are only checked when `know_hand` (the holder checks their own hand).
    fn check_offer_side(
        &self,
        holder: Seat,
        items: &[TradeItem],
        last_only: bool,
        know_hand: bool,
    ) -> Result<(), E> {
        let gold = Self::offer_total(items, true);
        if gold > self.gold(holder) {
            return Err(E::BadOffer("more gold than its holder has"));
        }
        let vt = Self::offer_total(items, false);
        if vt > self.vt(holder) {
            return Err(E::BadOffer("more VT than its holder has"));
        }
        // Items already in an offer were checked when added: check only the new one then.
        let skip = if last_only {
            items.len().saturating_sub(1)
        } else {
            0
        };
        for (i, item) in items.iter().enumerate().skip(skip) {
            let dup = items[..i].iter().filter(|x| *x == item).count();
            match *item {
                TradeItem::Gold(n) | TradeItem::Vt(n) => {
                    if !OFFER_AMOUNTS.contains(&n) {
                        return Err(E::BadOffer("gold and VT are added 1, 5 or 10 at a time"));
                    }
                }
                TradeItem::Tile(t) => {
                    if know_hand && self.in_hand(holder, t) <= dup {
                        return Err(E::BadOffer("that tile is not in the hand"));
                    }
                    if t.kind() == WorkKind::Room
                        && self
                            .spaces
                            .iter()
                            .any(|s| matches!(s, Space::Room { room, .. } if *room == t))
                    {
                        return Err(E::BadOffer("that room is already built"));
                    }
                    if dup >= t.data().copies as usize {
                        return Err(E::BadOffer("there are not that many of that tile"));
                    }
                }
                TradeItem::Space(p) => {
                    if !p.is_valid() || self.owner(p) != Some(holder) {
                        return Err(E::BadOffer("that space is not controlled by its giver"));
                    }
                    if dup > 0 {
                        return Err(E::BadOffer("that space is already in the offer"));
                    }
                }
                TradeItem::Trophy(t) => {
                    if self.trophies(holder).iter().filter(|x| **x == t).count() <= dup {
                        return Err(E::BadOffer("that trophy is not held by its giver"));
                    }
                }
            }
        }
        Ok(())
    }

    // ----- Listing -----

    /// Every legal action for the acting seat, in a fixed order.
    pub(crate) fn legal_list(&self, out: &mut Vec<A>) {
        out.clear();
        let Some(seat) = self.current_seat() else {
            return;
        };
        let views = self.views_if_needed();
        let mut cands: Vec<A> = Vec::new();
        let distinct = |h: &[WorkTile]| {
            let mut v = h.to_vec();
            v.dedup();
            v
        };
        let others = (0..self.players).map(Seat).filter(|s| *s != seat);
        match (&self.stage, self.phase) {
            (Stage::None, Phase::Leader) => cands.extend(Leader::ALL.map(A::PickLeader)),
            (Stage::None, Phase::Intrigue) => {
                cands.push(A::Pass);
                cands.extend(others.map(A::PlayIntrigue));
            }
            (Stage::WorkBuy, _) => cands.extend([A::Pass, A::BuyDraw]),
            (Stage::DiscardDown(_), _) | (Stage::None, Phase::End) => {
                cands.extend(distinct(self.hand(seat)).into_iter().map(A::Discard));
            }
            (Stage::None, Phase::Trade) => {
                cands.push(A::Pass);
                cands.extend(others.map(A::StartOffer));
            }
            (Stage::Offer(o), Phase::Trade) => {
                if o.proposed {
                    cands.extend([A::Accept, A::Decline]);
                } else {
                    cands.extend([A::Propose, A::Withdraw]);
                    for (give, holder) in [(true, o.from), (false, o.to)] {
                        let mut items = Vec::new();
                        if give {
                            items.extend(
                                distinct(self.hand(holder)).into_iter().map(TradeItem::Tile),
                            );
                        } else {
                            items.extend(WorkTile::ALL.iter().map(|t| TradeItem::Tile(*t)));
                        }
                        items.extend(OFFER_AMOUNTS.map(TradeItem::Gold));
                        items.extend(OFFER_AMOUNTS.map(TradeItem::Vt));
                        items.extend(
                            Pos::all()
                                .filter(|p| self.owner(*p) == Some(holder))
                                .map(TradeItem::Space),
                        );
                        let mut tr = self.trophies(holder).to_vec();
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
                cands.extend(distinct(drawn).into_iter().map(A::Keep));
            }
            (Stage::None, Phase::Dig | Phase::Fight) => {
                cands.push(A::Pass);
                cands.extend(Pos::all().map(A::Target));
            }
            (Stage::Claim { .. }, _) => {
                cands.extend([A::Commit, A::Abandon]);
                cands.extend(distinct(self.hand(seat)).into_iter().map(A::AddTile));
            }
            (Stage::None, Phase::Build) => {
                cands.push(A::Pass);
                for r in distinct(self.hand(seat)) {
                    if r.kind() == WorkKind::Room {
                        cands.extend(Pos::all().map(|p| A::Build(r, p)));
                    }
                }
            }
            _ => {}
        }
        out.extend(cands.into_iter().filter(|a| self.check(&views, a).is_ok()));
    }

    // ----- Applying -----

    /// Checks and applies an action for the acting seat.
    pub(crate) fn apply(&mut self, action: &A) -> Result<Vec<Ev>, E> {
        let views = self.views_if_needed();
        self.check(&views, action)?;
        let seat = self
            .current_seat()
            .ok_or(E::WrongStep("nobody may act now"))?;
        let mut ev = Vec::new();
        self.execute(&views, seat, action, &mut ev);
        self.advance(&mut ev);
        Ok(ev)
    }

    fn execute(&mut self, views: &Views, seat: Seat, action: &A, ev: &mut Vec<Ev>) {
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
                    o.give.push(i);
                }
            }
            A::OfferAsk(i) => {
                if let Stage::Offer(o) = &mut self.stage {
                    o.ask.push(i);
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
                self.stage = Stage::Claim {
                    fight: self.phase == Phase::Fight,
                    target: p,
                    tiles: Vec::new(),
                };
            }
            A::AddTile(t) => {
                if let Stage::Claim { tiles, .. } = &mut self.stage {
                    tiles.push(t);
                }
            }
            A::Abandon => {
                self.stage = Stage::None;
                ev.push(Ev::Abandoned(seat));
                self.cursor += 1;
            }
            A::Commit => self.commit_claim(views, seat, ev),
            A::Build(room, at) => self.build(seat, room, at, ev),
        }
    }

    /// Who has the floor first in this turn's Trade phase: seat 1 on turn 1, then one seat
    /// further round each turn.
    pub(crate) fn first_trader(&self) -> Seat {
        Seat((self.turn.saturating_sub(1) % self.players.max(1) as u16) as u8)
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.players)
    }

    fn pass(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
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

    fn arcane_stop_picking(&mut self, ev: &mut Vec<Ev>) {
        if let Stage::Arcane { placing, .. } = &mut self.stage {
            *placing = true;
        }
        self.arcane_autoplace(ev);
    }

    /// Places markers while only one owner is left to choose, and finishes the scramble.
    fn arcane_autoplace(&mut self, ev: &mut Vec<Ev>) {
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
                MarkerRef::Space(p) => set_owner(&mut self.spaces[p.0 as usize], *owner),
            }
        }
        ev.push(Ev::MarkersScrambled(picked.len() as u8));
    }

    fn set_marker_owner(&mut self, m: MarkerRef, to: Seat) {
        match m {
            MarkerRef::Hold(s) => {
                if self.hold_markers[s.index()] > 0 {
                    self.hold_markers[s.index()] -= 1;
                    let h = &mut self.hold_markers[to.index()];
                    *h = h.saturating_add(1);
                }
            }
            MarkerRef::Space(p) => set_owner(&mut self.spaces[p.0 as usize], to),
        }
    }

    fn transfer(&mut self, from: Seat, to: Seat, items: &[TradeItem]) {
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
                TradeItem::Space(p) => set_owner(&mut self.spaces[p.0 as usize], to),
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
    fn on_leader_taken(&mut self, seat: Seat, l: Leader, picked: bool, ev: &mut Vec<Ev>) {
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

    fn commit_claim(&mut self, views: &Views, seat: Seat, ev: &mut Vec<Ev>) {
        let Stage::Claim {
            fight,
            target,
            tiles,
        } = std::mem::replace(&mut self.stage, Stage::None)
        else {
            return;
        };
        let s = seat.index();
        let Some(view) = views[target.0 as usize] else {
            return;
        };
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
            self.spaces[target.0 as usize] = Space::Cleared { owner: seat };
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
            self.spaces[target.0 as usize] = Space::Claimed {
                tile: view.printed,
                as_tile: view.face,
                owner: seat,
            };
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

    fn build(&mut self, seat: Seat, room: WorkTile, at: Pos, ev: &mut Vec<Ev>) {
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
        self.spaces[at.0 as usize] = Space::Room {
            room,
            owner: seat,
            base,
        };
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

    // ----- Chance -----

    fn draw_one(&mut self, rng: &mut ChanceRng) -> Option<WorkTile> {
        if self.draw_pile.iter().all(|&c| c == 0) {
            for i in 0..self.draw_pile.len() {
                self.draw_pile[i] += self.discards[i];
                self.discards[i] = 0;
            }
        }
        let weights: Vec<u32> = self.draw_pile.iter().map(|&c| c as u32).collect();
        let i = rng.weighted(&weights)?;
        self.draw_pile[i] -= 1;
        Some(WorkTile::ALL[i])
    }

    /// Resolves the pending random step, then moves on to the next decision.
    pub(crate) fn resolve(&mut self, rng: &mut ChanceRng) -> Option<Vec<Ev>> {
        let task = self.chance.take()?;
        let mut ev = Vec::new();
        match task {
            ChanceTask::Setup => self.setup(rng, &mut ev),
            ChanceTask::Draw(seat, n) => {
                let mut got = 0;
                for _ in 0..n {
                    if let Some(t) = self.draw_one(rng) {
                        self.add_to_hand(seat, t);
                        got += 1;
                    }
                }
                ev.push(Ev::Drew(seat, got));
            }
            ChanceTask::RuneStones(seat) => {
                let mut drawn = Vec::new();
                for _ in 0..crate::data::RUNE_STONES_DRAW {
                    if let Some(t) = self.draw_one(rng) {
                        drawn.push(t);
                    }
                }
                drawn.sort();
                ev.push(Ev::Drew(seat, drawn.len() as u8));
                if !drawn.is_empty() {
                    self.stage = Stage::RunePick(drawn);
                }
            }
            ChanceTask::Sabotage(target) => {
                for _ in 0..crate::data::SABOTAGE_DISCARDS {
                    let h = &self.hands[target.index()];
                    let Some(i) = rng.index(h.len()) else { break };
                    let t = h[i];
                    self.discard_from_hand(target, t);
                    ev.push(Ev::Discarded(target, t));
                }
            }
            ChanceTask::Informers(by, from) => {
                let h = &self.hands[from.index()];
                if let Some(i) = rng.index(h.len()) {
                    let t = h[i];
                    self.take_from_hand(from, t);
                    self.add_to_hand(by, t);
                    ev.push(Ev::TileStolen { by, from });
                }
            }
        }
        self.advance(&mut ev);
        Some(ev)
    }

    fn setup(&mut self, rng: &mut ChanceRng, ev: &mut Vec<Ev>) {
        let mut tiles: Vec<BoardTile> = Vec::new();
        for t in BoardTile::ALL {
            for _ in 0..t.data().copies {
                tiles.push(t);
            }
        }
        rng.shuffle(&mut tiles);
        let mut it = tiles.into_iter();
        for p in Pos::all() {
            self.spaces[p.0 as usize] = if p.is_hold() {
                Space::Hold
            } else {
                Space::Open(it.next().unwrap_or(BoardTile::Soil))
            };
        }
        ev.push(Ev::BoardLaid);
        let mut leaders = Leader::ALL.to_vec();
        for s in 0..self.players {
            let seat = Seat(s);
            if let Some(l) = rng.draw(&mut leaders) {
                self.leaders[s as usize] = Some(l);
                ev.push(Ev::LeaderDealt(seat, l));
                self.on_leader_taken(seat, l, false, ev);
            }
        }
        self.recompute_order();
        for s in 0..self.players {
            for _ in 0..STARTING_HAND {
                if let Some(t) = self.draw_one(rng) {
                    self.add_to_hand(Seat(s), t);
                }
            }
            ev.push(Ev::Drew(Seat(s), STARTING_HAND));
        }
        self.phase = Phase::Intrigue;
        self.cursor = 0;
    }

    // ----- Flow -----

    /// Moves through automatic steps until a seat must decide, chance is needed, or the game ends.
    pub(crate) fn advance(&mut self, ev: &mut Vec<Ev>) {
        let n = self.players;
        loop {
            if self.chance.is_some() || self.phase == Phase::Over || self.stage != Stage::None {
                return;
            }
            match self.phase {
                Phase::Setup | Phase::Over => return,
                Phase::Leader | Phase::Intrigue => {
                    if self.cursor < n {
                        return;
                    }
                    if self.phase == Phase::Leader {
                        self.recompute_order();
                        self.phase = Phase::Intrigue;
                    } else {
                        self.phase = Phase::Gold;
                    }
                    self.cursor = 0;
                }
                Phase::Gold => {
                    for seat in self.order.clone() {
                        self.income(seat, ev);
                    }
                    self.phase = Phase::Work;
                    self.cursor = 0;
                }
                Phase::Work => {
                    let Some(&seat) = self.order.get(self.cursor as usize) else {
                        self.phase = Phase::TradingPost;
                        self.cursor = 0;
                        continue;
                    };
                    let free = 1 + (self.leader(seat) == Some(Leader::ClanChieftain)) as u8;
                    self.stage = Stage::WorkBuy;
                    if self.can_draw() {
                        self.chance = Some(ChanceTask::Draw(seat, free));
                    }
                    return;
                }
                Phase::TradingPost => {
                    let Some(&seat) = self.order.get(self.cursor as usize) else {
                        self.phase = Phase::Trade;
                        self.cursor = 0;
                        // The floor starts one seat further round each turn.
                        self.trade_turn = self.first_trader();
                        self.trade_passes = 0;
                        for u in &mut self.used {
                            u.offers = 0;
                        }
                        continue;
                    };
                    let draws: u8 = self
                        .rooms_of(seat)
                        .filter_map(|r| match r.room() {
                            Some((_, RoomEffect::TradingPost(k))) => Some(k),
                            _ => None,
                        })
                        .sum();
                    if draws == 0 {
                        self.cursor += 1;
                        continue;
                    }
                    // Discard as many as drawn (fewer if the hand runs out).
                    let k = if self.can_draw() {
                        self.chance = Some(ChanceTask::Draw(seat, draws));
                        draws as usize
                    } else {
                        (draws as usize).min(self.hand(seat).len())
                    };
                    if k == 0 {
                        self.cursor += 1;
                        continue;
                    }
                    self.stage = Stage::DiscardDown(k as u8);
                    return;
                }
                Phase::Trade => {
                    if self.trade_passes >= n {
                        self.phase = Phase::Event;
                        self.cursor = 0;
                        continue;
                    }
                    return;
                }
                Phase::Event | Phase::Dig | Phase::Fight | Phase::Build => {
                    if (self.cursor as usize) < self.order.len() {
                        return;
                    }
                    self.phase = match self.phase {
                        Phase::Event => Phase::Dig,
                        Phase::Dig => Phase::Fight,
                        Phase::Fight => Phase::Build,
                        _ => Phase::End,
                    };
                    self.cursor = 0;
                }
                Phase::End => {
                    while let Some(&seat) = self.order.get(self.cursor as usize) {
                        if self.hand(seat).len() > self.hand_limit(seat) {
                            return;
                        }
                        self.cursor += 1;
                    }
                    self.end_turn(ev);
                }
            }
        }
    }

    fn income(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        let s = seat.index();
        let mut gold = GOLD_PER_TURN;
        let mut vt = 0;
        for m in self.mines_of(seat).collect::<Vec<_>>() {
            for e in m.data().effects {
                if let BoardEffect::Income { gold: g, vt: v } = e {
                    gold += *g as u32;
                    vt += *v as u32;
                }
            }
        }
        if self.leader(seat) == Some(Leader::MasterCraftsman) {
            gold += CRAFTSMAN_GOLD;
            vt += CRAFTSMAN_VT;
        }
        self.gold[s] += gold;
        self.vt[s] += vt;
        ev.push(Ev::Income { seat, gold, vt });
    }

    /// Which end conditions hold now (not counting the turn limit).
    pub fn end_conditions_met(&self) -> Vec<EndCondition> {
        let open_of = |k: BoardKind| {
            self.spaces
                .iter()
                .any(|s| matches!(s, Space::Open(t) if t.kind() == k))
        };
        let mut out = Vec::new();
        if !open_of(BoardKind::Vein) {
            out.push(EndCondition::AllVeinsMined);
        }
        if !open_of(BoardKind::Lair) {
            out.push(EndCondition::AllLairsCleared);
        }
        let rooms = self
            .spaces
            .iter()
            .filter(|s| matches!(s, Space::Room { .. }))
            .count();
        if rooms
            >= WorkTile::ALL
                .iter()
                .filter(|w| w.kind() == WorkKind::Room)
                .count()
        {
            out.push(EndCondition::AllRoomsBuilt);
        }
        if !open_of(BoardKind::Earth) {
            out.push(EndCondition::AllEarthClaimed);
        }
        if self.vt.iter().any(|&v| v > VT_END_THRESHOLD) {
            out.push(EndCondition::OverHundredVt);
        }
        out
    }

    fn end_turn(&mut self, ev: &mut Vec<Ev>) {
        for s in 0..self.players {
            let seat = Seat(s);
            let bonus: u32 = self
                .rooms_of(seat)
                .filter_map(|r| match r.room() {
                    Some((_, RoomEffect::NoActionTileVt(n))) => Some(n as u32),
                    _ => None,
                })
                .sum();
            if bonus > 0 && !self.used[s as usize].played_tiles {
                self.vt[s as usize] += bonus;
                ev.push(Ev::GainedVt(seat, bonus));
            }
        }
        self.prev_order = self.order.clone();
        self.leaders = vec![None; self.players as usize];
        self.looks = vec![None; self.players as usize];
        ev.push(Ev::TurnEnded(self.turn));
        let mut ended = self.end_conditions_met();
        if ended.is_empty() && self.turn >= self.options.max_turns {
            ended.push(EndCondition::TurnLimit);
        }
        if !ended.is_empty() {
            ev.push(Ev::GameEnded(ended.clone()));
            self.ended = ended;
            self.phase = Phase::Over;
            self.cursor = 0;
            return;
        }
        self.turn += 1;
        self.phase = Phase::Leader;
        self.cursor = 0;
        self.vt_bought = 0;
        self.used = vec![TurnUse::default(); self.players as usize];
    }
}
