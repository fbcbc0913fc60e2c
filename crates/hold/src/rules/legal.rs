//! Listing the legal actions: candidates filtered by the same check that `apply` uses.

use crate::board::Pos;
use crate::data::{EventEffect, Leader, WorkKind, WorkTile};
use crate::state::{Hold, Phase, Stage};
use crate::types::{HoldAction as A, OFFER_STEPS, TradeItem};
use dwarfs_engine::Seat;

impl Hold {
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
            (Stage::DiscardDown(_), _) => {
                cands.extend(distinct(self.hand(seat)).into_iter().map(A::Discard));
            }
            (Stage::None, Phase::End) => {
                let actions = self
                    .hand(seat)
                    .iter()
                    .filter(|t| t.kind() == WorkKind::Action);
                cands.extend(
                    distinct(&actions.copied().collect::<Vec<_>>())
                        .into_iter()
                        .map(A::Discard),
                );
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
                        items.extend(OFFER_STEPS.map(TradeItem::Gold));
                        items.extend(OFFER_STEPS.map(TradeItem::Vt));
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
}
