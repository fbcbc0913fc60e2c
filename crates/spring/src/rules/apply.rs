//! Applying a checked action.

use super::legal::line_spot;
use crate::data::{
    FAERIE_DATA, FORTRESS_COST, LINE_LEN, Resource, Spot, TRAIN_TO_2, TRAIN_TO_3, Yield,
    dragon_gain,
};
use crate::describe::place;
use crate::map::{self, Loc};
use crate::state::{BoardSpot, ChanceTask, Pending, Phase, Spring, hero_id};
use crate::types::{SpringAction as A, SpringError, SpringEvent as Ev};

impl Spring {
    /// Checks and applies an action of the acting seat.
    pub(crate) fn apply(&mut self, a: &A) -> Result<Vec<Ev>, SpringError> {
        self.check(a)?;
        let Some(seat) = self.current_seat() else {
            return Err(SpringError::NotNow("nobody acts now".into()));
        };
        let s = seat.index();
        let mut ev = Vec::new();
        match *a {
            A::Place { line, at } => {
                self.settle(s, line, at, &mut ev);
                self.flow.turn += 1;
                if self.flow.chance.is_none() {
                    self.after_placement(&mut ev);
                }
            }
            A::Build { line, at } => {
                self.dwarf_to_board(s, line_spot(line));
                self.settle(s, line, at, &mut ev);
                self.flow.acted = true;
            }
            A::Fortress { at } => {
                self.dwarf_to_board(s, BoardSpot::Fortress);
                let e = &mut self.empires[s];
                for r in &mut e.res {
                    *r -= FORTRESS_COST;
                }
                e.fortress = Some(at);
                self.gain_spot(s, at, true, &mut ev);
                self.flow.acted = true;
            }
            A::Explore { at } => {
                let e = &mut self.empires[s];
                e.bastion -= 1;
                if map::is_wild(at) {
                    e.wild_dwarfs[at as usize] += 1;
                    self.flow.pending = Some(Pending::Wild { wild: at });
                } else {
                    e.dwarfs.add(at);
                }
                ev.push(Ev::Explored { seat: s as u8, at });
                self.flow.acted = true;
            }
            A::Summon => {
                self.dwarf_to_board(s, BoardSpot::Faerie);
                self.flow.chance = Some(ChanceTask::Draw {
                    seat: s as u8,
                    n: 1,
                });
                self.flow.acted = true;
            }
            A::Command {
                spot,
                first,
                second,
            } => {
                let bs = if spot == 0 {
                    BoardSpot::Dragon1
                } else {
                    BoardSpot::Dragon2
                };
                self.dwarf_to_board(s, bs);
                let e = &mut self.empires[s];
                if spot == 1 {
                    e.power_bonus = true;
                }
                let mut dragons = vec![first];
                dragons.extend(second);
                for &d in &dragons {
                    if let Some(n) = e.nest.iter_mut().find(|n| n.dragon == d) {
                        n.exhausted = true;
                        let g = dragon_gain(d as usize, n.level);
                        for i in 0..3 {
                            e.res[i] = e.res[i].saturating_add(g.res[i]);
                        }
                        e.successes = e.successes.saturating_add(g.successes);
                    }
                }
                ev.push(Ev::Commanded {
                    seat: s as u8,
                    dragons,
                });
                self.flow.acted = true;
            }
            A::Quest { spot, card } => {
                let bs = if spot == 0 {
                    BoardSpot::Expedition1
                } else {
                    BoardSpot::Expedition2
                };
                self.dwarf_to_board(s, bs);
                for slot in &mut self.decks.area {
                    if *slot == Some(card) {
                        *slot = None;
                    }
                }
                self.empires[s].heroes |= 1 << hero_id(card);
                ev.push(Ev::QuestFulfilled {
                    seat: s as u8,
                    card,
                });
                if spot == 1 {
                    self.flow.pending = Some(Pending::Remove);
                }
                self.flow.chance = Some(ChanceTask::Quest { seat: s as u8 });
                self.flow.acted = true;
            }
            A::Idle => {
                let e = &mut self.empires[s];
                e.bastion -= 1;
                e.idle += 1;
                ev.push(Ev::Idled { seat: s as u8 });
                self.flow.acted = true;
            }
            A::Train { dragon } => {
                let e = &mut self.empires[s];
                if let Some(n) = e.nest.iter_mut().find(|n| n.dragon == dragon) {
                    let cost = if n.level == 1 { TRAIN_TO_2 } else { TRAIN_TO_3 };
                    e.res[Resource::Gold.index()] -= cost;
                    n.level += 1;
                    ev.push(Ev::Trained {
                        seat: s as u8,
                        dragon,
                        level: n.level,
                    });
                }
            }
            A::PlayFaerie { card } => {
                self.hidden.hands[s] &= !(1 << card);
                self.hidden.faerie_pile |= 1 << card;
                ev.push(Ev::FaeriePlayed {
                    seat: s as u8,
                    card,
                });
                let kind = FAERIE_DATA[card as usize];
                let power = self.empires[s].faerie_power();
                if kind.targeted() {
                    self.flow.pending = Some(Pending::Faerie { kind, left: power });
                } else {
                    let e = &mut self.empires[s];
                    let g = kind.gain();
                    for (r, n) in e.res.iter_mut().zip(g.res) {
                        *r = r.saturating_add(n.saturating_mul(power));
                    }
                    e.successes = e
                        .successes
                        .saturating_add(g.successes.saturating_mul(power));
                }
            }
            A::MoveDwarf { from, to } => {
                let e = &mut self.empires[s];
                Self::lift_dwarf(e, from);
                Self::drop_dwarf(e, to);
                self.applied(
                    s,
                    format!("moved a dwarf from {} to {}", place(from), place(to)),
                    &mut ev,
                );
            }
            A::SwapSettlements { mine, theirs } => {
                if let Some(o) = self.settlement_owner(theirs) {
                    let me = &mut self.empires[s];
                    me.settlements.remove(mine);
                    me.settlements.add(theirs);
                    let other = &mut self.empires[o as usize];
                    other.settlements.remove(theirs);
                    other.settlements.add(mine);
                }
                self.applied(
                    s,
                    format!(
                        "swapped the settlements on {} and {}",
                        place(mine),
                        place(theirs)
                    ),
                    &mut ev,
                );
            }
            A::SwapDwarfs {
                mine,
                theirs,
                owner,
            } => {
                Self::lift_dwarf(&mut self.empires[s], mine);
                Self::drop_dwarf(&mut self.empires[s], theirs);
                let o = &mut self.empires[owner as usize];
                Self::lift_dwarf(o, theirs);
                Self::drop_dwarf(o, mine);
                self.applied(
                    s,
                    format!(
                        "swapped the dwarfs on {} and {}",
                        place(mine),
                        place(theirs)
                    ),
                    &mut ev,
                );
            }
            A::Ready { dragon } => {
                if let Some(n) = self.empires[s].nest.iter_mut().find(|n| n.dragon == dragon) {
                    n.exhausted = false;
                }
                self.applied(
                    s,
                    format!("readied {}", crate::describe::dragon(dragon)),
                    &mut ev,
                );
            }
            A::StopFaerie | A::KeepHeroes => self.flow.pending = None,
            A::RemoveHero { card } => {
                self.empires[s].heroes &= !(1 << card);
                self.decks.removed[s] |= 1 << card;
                self.flow.pending = None;
                ev.push(Ev::HeroRemoved {
                    seat: s as u8,
                    card,
                });
            }
            A::EndTurn => self.end_turn(&mut ev),
            A::Engage => {
                if let Some(Pending::Wild { wild }) = self.flow.pending.take() {
                    let seat = s as u8;
                    self.flow.chance = Some(if self.board.monster_at[wild as usize].is_some() {
                        ChanceTask::Fight { seat, wild }
                    } else {
                        ChanceTask::Gather { seat, wild }
                    });
                }
            }
            A::Decline => {
                if let Some(Pending::Wild { wild }) = self.flow.pending.take() {
                    ev.push(Ev::Declined {
                        seat: s as u8,
                        wild,
                    });
                }
            }
        }
        Ok(ev)
    }

    /// One faerie application done.
    fn applied(&mut self, s: usize, what: String, ev: &mut Vec<Ev>) {
        if let Some(Pending::Faerie { kind, left }) = self.flow.pending {
            self.flow.pending = if left > 1 {
                Some(Pending::Faerie {
                    kind,
                    left: left - 1,
                })
            } else {
                None
            };
        }
        ev.push(Ev::FaerieApplied {
            seat: s as u8,
            what,
        });
    }

    fn lift_dwarf(e: &mut crate::state::Empire, at: Loc) {
        if map::is_wild(at) {
            let n = &mut e.wild_dwarfs[at as usize];
            *n = n.saturating_sub(1);
        } else {
            e.dwarfs.remove(at);
        }
    }

    fn drop_dwarf(e: &mut crate::state::Empire, at: Loc) {
        if map::is_wild(at) {
            e.wild_dwarfs[at as usize] += 1;
        } else {
            e.dwarfs.add(at);
        }
    }

    fn dwarf_to_board(&mut self, s: usize, spot: BoardSpot) {
        let e = &mut self.empires[s];
        e.bastion -= 1;
        e.used |= spot.bit();
    }

    /// Builds the leftmost settlement of `line` at `at`, with its spot's gains. (The line's
    /// last settlement's "extra resources" are its revealed 2 in every production.)
    fn settle(&mut self, s: usize, line: Resource, at: Loc, ev: &mut Vec<Ev>) {
        let e = &mut self.empires[s];
        e.built[line.index()] += 1;
        e.settlements.add(at);
        let done = e.built[line.index()] == LINE_LEN;
        self.gain_spot(s, at, false, ev);
        if done {
            ev.push(Ev::LineCompleted {
                seat: s as u8,
                line,
            });
        }
    }

    /// What a new building gains from its spot (faeries are drawn at a chance point).
    fn gain_spot(&mut self, s: usize, at: Loc, fortress: bool, ev: &mut Vec<Ev>) {
        let mut gained = 0;
        if let Some(Spot::Resource { kind, amount }) = map::spot(at) {
            gained = if fortress {
                amount
            } else {
                self.effective(kind, amount)
            };
            match kind {
                Yield::Res(r) => {
                    let v = &mut self.empires[s].res[r.index()];
                    *v = v.saturating_add(gained);
                }
                Yield::Faerie => {
                    let n = gained.min(self.room_in_hand(s));
                    if n > 0 && self.hidden.faerie_pile != 0 {
                        self.flow.chance = Some(ChanceTask::Draw { seat: s as u8, n });
                    }
                }
            }
        }
        ev.push(Ev::Built {
            seat: s as u8,
            at,
            fortress,
            gained,
        });
    }

    /// After a starting settlement (and its draw): the next placer, or the first era.
    pub(crate) fn after_placement(&mut self, ev: &mut Vec<Ev>) {
        if self.flow.phase == Phase::Placement && self.flow.turn >= 2 * self.players {
            self.start_era(ev);
        }
    }
}
