//! Checking an action for the acting seat without changing anything.

use super::Views;
use crate::board::{Pos, Space};
use crate::data::{
    BoardKind, BoardTile, EventEffect, Leader, RoomEffect, TAKEOVER_GOLD, WorkKind, WorkTile,
};
use crate::state::{Hold, Offer, Phase, Stage};
use crate::types::{HoldAction as A, HoldError as E, MarkerRef, OFFER_STEPS, TradeItem};
use dwarfs_engine::Seat;

impl Hold {
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
                    self.need_in_hand(seat, WorkTile::Intrigue)?;
                    self.need_unplayed(WorkTile::Intrigue)
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
                A::Discard(t) if t.kind() != WorkKind::Action => Err(E::WrongTile {
                    tile: t.name(),
                    why: "the hand limit counts action tiles: discard an action tile",
                }),
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
                    view,
                },
                Phase::Dig | Phase::Fight,
            ) => {
                // "+N vs X" counts against the tile as it is now: a lair turned into earth by
                // the Beholder (or on into Stone) is no longer X.
                let have = self.claim_points(seat, *fight, view.face, tiles);
                match action {
                    A::Abandon => Ok(()),
                    A::AddTile(t) => {
                        let staged = tiles.iter().filter(|x| *x == t).count();
                        if self.in_hand(seat, *t) <= staged {
                            return Err(E::NotInHand(t.name()));
                        }
                        if self.tile_points(seat, *fight, view.face, *t) == 0 {
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

    pub(crate) fn opponent(&self, seat: Seat, target: Seat) -> Result<(), E> {
        if target == seat || !self.seated(target) {
            Err(E::BadOpponent(target))
        } else {
            Ok(())
        }
    }

    pub(crate) fn need_in_hand(&self, seat: Seat, tile: WorkTile) -> Result<(), E> {
        if self.in_hand(seat, tile) == 0 {
            Err(E::NotInHand(tile.name()))
        } else {
            Ok(())
        }
    }

    /// An event tile takes effect at most once per turn (it may have been drawn back).
    pub(crate) fn need_unplayed(&self, tile: WorkTile) -> Result<(), E> {
        if self.events_played.binary_search(&tile).is_ok() {
            Err(E::Limit(
                "that event was already played this turn; it can be played again next turn",
            ))
        } else {
            Ok(())
        }
    }

    pub(crate) fn need_gold(&self, seat: Seat, need: u32) -> Result<(), E> {
        let have = self.gold(seat);
        if have < need {
            Err(E::NotEnoughGold { need, have })
        } else {
            Ok(())
        }
    }

    pub(crate) fn tile_points(
        &self,
        seat: Seat,
        fight: bool,
        target: BoardTile,
        t: WorkTile,
    ) -> u16 {
        if fight {
            self.fight_points(seat, t, target)
        } else {
            self.dig_points(seat, t)
        }
    }

    pub(crate) fn claim_points(
        &self,
        seat: Seat,
        fight: bool,
        target: BoardTile,
        tiles: &[WorkTile],
    ) -> u16 {
        tiles
            .iter()
            .map(|t| self.tile_points(seat, fight, target, *t))
            .sum()
    }

    pub(crate) fn check_target(
        &self,
        views: &Views,
        seat: Seat,
        p: Pos,
        fight: bool,
    ) -> Result<(), E> {
        if !p.is_valid() {
            return Err(E::OffBoard(p.0));
        }
        let used = self.used[seat.index()];
        // The square's own checks come first: they are cheap and rule out most squares.
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
        if used.abandoned(fight) & (1u64 << p.0) != 0 {
            return Err(E::BadSquare {
                at: p,
                why: "you gave it up this phase; choose another target or pass",
            });
        }
        if fight && used.fights >= self.fights_allowed(seat) {
            return Err(E::Limit("you have cleared all the lairs you may this turn"));
        }
        if !fight && used.digs >= self.digs_allowed(seat) {
            return Err(E::Limit("you have dug all the tiles you may this turn"));
        }
        // The cheapest possible claim (one tile) must be affordable.
        self.need_gold(seat, self.claim_cost(seat, p, 1, fight))
    }

    pub(crate) fn check_build(
        &self,
        views: &Views,
        seat: Seat,
        room: WorkTile,
        at: Pos,
    ) -> Result<(), E> {
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
        if self.used[seat.index()].builds >= self.builds_allowed(seat) {
            return Err(E::Limit("you have built all the rooms you may this turn"));
        }
        let takeover = if owner == seat { 0 } else { TAKEOVER_GOLD };
        self.need_gold(seat, self.build_cost(seat, room, at) + takeover)
    }

    pub(crate) fn check_event(&self, views: &Views, seat: Seat, action: &A) -> Result<(), E> {
        let _ = views;
        match action {
            A::Pass => Ok(()),
            A::BuyVt => self.need_gold(seat, self.vt_price(seat)),
            A::PlayEvent(t) => {
                self.need_in_hand(seat, *t)?;
                self.need_unplayed(*t)?;
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
                self.need_unplayed(*t)?;
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
                self.need_unplayed(WorkTile::TurfDispute)?;
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

    pub(crate) fn check_arcane_pick(&self, picked: &[MarkerRef], m: MarkerRef) -> Result<(), E> {
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
    pub(crate) fn arcane_pool(&self, picked: &[MarkerRef], placed: &[Seat]) -> Vec<Seat> {
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

    pub(crate) fn check_offer(&self, o: &Offer, action: &A) -> Result<(), E> {
        if o.proposed {
            return match action {
                A::Decline => Ok(()),
                A::Accept => self.check_offer_side(o.to, &o.ask, true),
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
                let giving = matches!(action, A::OfferGive(_));
                let (list, holder) = if giving {
                    (&o.give, o.from)
                } else {
                    (&o.ask, o.to)
                };
                let limit = self.options.max_offer_items as usize;
                if limit > 0
                    && o.give.len() + o.ask.len() >= limit
                    && Offer::entry_of(list, item).is_none()
                {
                    return Err(E::Limit("the offer holds as many items as it may"));
                }
                self.check_offer_add(holder, list, *item, giving)
            }
            _ => Err(E::WrongStep("add to the offer, propose it or withdraw it")),
        }
    }

    /// Checks that `item` may be added to `list`, what `holder` would hand over. Tiles in another
    /// player's hand are only checked when `know_hand` (the holder checks their own hand).
    pub(crate) fn check_offer_add(
        &self,
        holder: Seat,
        list: &[TradeItem],
        item: TradeItem,
        know_hand: bool,
    ) -> Result<(), E> {
        let dup = list.iter().filter(|x| **x == item).count();
        match item {
            TradeItem::Gold(n) | TradeItem::Vt(n) => {
                if !OFFER_STEPS.contains(&n) {
                    return Err(E::BadOffer("gold and VT are added 1, 10 or 100 at a time"));
                }
                let gold = matches!(item, TradeItem::Gold(_));
                let total = Self::offer_total(list, gold) + n as u32;
                if gold && total > self.gold(holder) {
                    return Err(E::BadOffer("more gold than its holder has"));
                }
                if !gold && total > self.vt(holder) {
                    return Err(E::BadOffer("more VT than its holder has"));
                }
                if total > u16::MAX as u32 {
                    return Err(E::BadOffer("that amount is too large"));
                }
            }
            TradeItem::Tile(t) => {
                if know_hand && self.in_hand(holder, t) <= dup {
                    return Err(E::BadOffer("that tile is not in the hand"));
                }
                if t.kind() == WorkKind::Room && self.spaces.is_built(t) {
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
        Ok(())
    }

    /// Checks that `holder` can hand over all of `items` now (an offer's answer).
    pub(crate) fn check_offer_side(
        &self,
        holder: Seat,
        items: &[TradeItem],
        know_hand: bool,
    ) -> Result<(), E> {
        if Self::offer_total(items, true) > self.gold(holder) {
            return Err(E::BadOffer("more gold than its holder has"));
        }
        if Self::offer_total(items, false) > self.vt(holder) {
            return Err(E::BadOffer("more VT than its holder has"));
        }
        for (i, item) in items.iter().enumerate() {
            let dup = items[..i].iter().filter(|x| *x == item).count();
            match *item {
                TradeItem::Gold(_) | TradeItem::Vt(_) => {}
                TradeItem::Tile(t) => {
                    if know_hand && self.in_hand(holder, t) <= dup {
                        return Err(E::BadOffer("that tile is not in the hand"));
                    }
                }
                TradeItem::Space(p) => {
                    if !p.is_valid() || self.owner(p) != Some(holder) {
                        return Err(E::BadOffer("that space is not controlled by its giver"));
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
}
