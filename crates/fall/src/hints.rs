//! Bot knowledge for search bots ([`dwarfs_engine::Game::action_weight`] and
//! [`dwarfs_engine::Game::evaluate`]): which moves a rollout should favour, and how the game
//! stands from the score so far. Nothing here changes the rules.
//!
//! The weights read only what the seat about to play may see: the public board, its own gems,
//! ogres and secret goal, and the counts of other hands (public). Integer arithmetic only, so
//! that every peer computes the same weights for the takeover bot.

use crate::action::FallAction;
use crate::board::NONE;
use crate::data::{self, FACE_UP_GOALS};
use crate::state::{Fall, Pending, Phase};
use crate::types::{Card, Class, Colour, Gem, HandCard, Kind, Pos, Task};
use dwarfs_engine::Seat;

/// The weight of an ordinary move; better moves weigh more, poor ones less (1 is the least that
/// is still played).
const BASE: u32 = 4;
/// A move that completes a task which does something this turn.
const COMPLETES: u32 = 40;
/// A move that brings a useful task one meeple closer.
const PROGRESS: u32 = 10;

impl Fall {
    /// How strongly a rollout favours `action` for `seat` (see
    /// [`dwarfs_engine::Game::action_weight`]).
    pub(crate) fn hint_weight(&self, seat: Seat, action: &FallAction) -> u32 {
        if seat.index() != self.current as usize {
            return 1;
        }
        match self.phase {
            Phase::Actions => self.action_hint(action),
            Phase::ChooseGoal => match *action {
                FallAction::RevealSecret => 60,
                FallAction::BuyGoal(slot) => self.slot_vp(slot) * 4,
                FallAction::TradeUp { slot, goal } => {
                    let gain = self.slot_vp(slot).saturating_sub(goal_vp(goal));
                    1 + gain * 4
                }
                _ => 1,
            },
            Phase::Discard => match *action {
                FallAction::RevealSecret => 60,
                // Keep the secret hidden only when revealing is impossible (never listed).
                FallAction::EndActions => 1,
                FallAction::Discard(HandCard::Ogre(_)) => 6,
                FallAction::Discard(HandCard::Gem(g)) => {
                    if self.gem_wanted(g) {
                        1
                    } else {
                        4 / data::GEMS[g as usize].vp.max(1) as u32
                    }
                }
                _ => 1,
            },
            Phase::ChooseFinish => match *action {
                // Two ogres for one more meeple; class meeples home first so they can be
                // placed again (the king for free).
                FallAction::FinishTask { draw_two, keep } => {
                    (if draw_two { 6 } else { 4 }) / (1 + keep.count_ones())
                }
                _ => 1,
            },
            _ => 1,
        }
    }

    fn action_hint(&self, action: &FallAction) -> u32 {
        let me = self.current as usize;
        match (self.pending, *action) {
            (_, FallAction::RevealSecret) => 60,
            (Pending::None, FallAction::EndActions) => {
                // Spend the actions first; end once none are left.
                if self.has_action() { 1 } else { 30 }
            }
            (Pending::None, FallAction::ChooseCard(k)) => self.card_hint(k),
            (Pending::Card(k), FallAction::PlaceCard(pos)) => self.place_card_hint(k, pos),
            (Pending::Orient { kind, cell }, FallAction::Orient(turns)) => {
                self.orient_hint(kind, cell, turns)
            }
            (Pending::None, FallAction::PlaceDwarf(pos)) => self.arrive_hint(pos, BASE),
            (Pending::None, FallAction::PlaceClass { class, at }) => {
                let base = if class == Class::King { 2 * BASE } else { BASE };
                self.arrive_hint(at, base)
            }
            (Pending::None, FallAction::MoveDwarf { from, dir }) => {
                self.move_hint(from, from.step(dir))
            }
            (Pending::None, FallAction::MoveClass { class, dir }) => {
                match self
                    .class_card(me, class)
                    .and_then(|c| self.board.cell_of(c))
                {
                    Some(cell) => {
                        let from = Pos::of_cell(cell);
                        self.move_hint(from, from.step(dir))
                    }
                    None => 1,
                }
            }
            (Pending::None, FallAction::Upgrade(_)) => 2 * BASE,
            (Pending::None, FallAction::PlayOgre(_)) => 3,
            (Pending::None, FallAction::WarriorPush { colour, .. }) => {
                let card = self.class_card(me, Class::Warrior).unwrap_or(NONE);
                self.threat(card, colour.index())
            }
            (Pending::None, FallAction::HireHand(_)) => 2,
            (Pending::None, FallAction::Rotate { .. }) => 1,
            (Pending::Brute | Pending::Panic, FallAction::TargetDwarf { at, colour }) => {
                if colour.index() == me {
                    2
                } else {
                    self.top_at(at)
                        .map_or(1, |(_, card)| self.threat(card, colour.index()))
                }
            }
            (Pending::Ambush, FallAction::TargetCard(pos)) => {
                let Ok((_, card)) = self.top_at(pos) else {
                    return 1;
                };
                let d = self.board.dwarfs_all(card);
                let mine = d[me] as u32;
                let theirs: u32 = d.iter().map(|&n| n as u32).sum::<u32>() - mine;
                if theirs > mine { 2 + 3 * theirs } else { 1 }
            }
            (Pending::Crown, FallAction::TargetPlayer(s)) => {
                1 + self
                    .seats
                    .get(s.index())
                    .map_or(0, |p| p.ogre_count() as u32)
            }
            (Pending::Thief, FallAction::TargetPlayer(s)) => {
                1 + self
                    .seats
                    .get(s.index())
                    .map_or(0, |p| p.gem_count() as u32)
            }
            _ => BASE,
        }
    }

    /// VP of the face-up goal in `slot`.
    fn slot_vp(&self, slot: u8) -> u32 {
        match self.goal_slots.get(slot as usize) {
            Some(&g) if g != NONE => goal_vp(g),
            _ => 0,
        }
    }

    /// True if a face-up goal needs more of gem `g` than the current seat holds beyond it.
    fn gem_wanted(&self, g: Gem) -> bool {
        let have = self.me().gems[g as usize];
        self.goal_slots
            .iter()
            .filter(|&&s| s != NONE)
            .any(|&s| data::TRADING_GOALS[s as usize].cost[g as usize] >= have)
    }

    /// Playing a kingdom card: the castle first (an action more and a kingdom to score).
    fn card_hint(&self, k: Kind) -> u32 {
        match k {
            Kind::Castle => 12,
            Kind::FireDragon | Kind::FrostGiant => {
                // Worth playing only when there is an opponent's kingdom to spoil.
                if self.opponent_castles() > 0 { BASE } else { 1 }
            }
            _ => BASE,
        }
    }

    fn opponent_castles(&self) -> u32 {
        (0..self.players as usize)
            .filter(|&s| s != self.current as usize)
            .filter(|&s| {
                self.board
                    .cell_of(
                        Card {
                            colour: Colour::ALL[s],
                            kind: Kind::Castle,
                        }
                        .id(),
                    )
                    .is_some()
            })
            .count() as u32
    }

    /// Where to put a card: next to the own kingdom for a good card, next to an opponent's (and
    /// away from the own) for a monster. (The orientation step then weighs the exact result.)
    fn place_card_hint(&self, k: Kind, pos: Pos) -> u32 {
        let Some(cell) = pos.cell() else { return 1 };
        let me = self.current as usize;
        let kingdoms = self.board.kingdoms(self.players as usize);
        let touches = |s: usize| {
            kingdoms[s].is_some_and(|set| {
                set.contains(cell)
                    || crate::types::Dir::ALL
                        .iter()
                        .any(|&d| crate::types::neighbour(cell, d).is_some_and(|n| set.contains(n)))
            })
        };
        let mine = touches(me);
        let theirs = (0..self.players as usize).any(|s| s != me && touches(s));
        match (k.is_monster(), mine, theirs) {
            (true, false, true) => 16,
            (true, true, _) => 1,
            (false, true, _) => 12,
            _ => BASE,
        }
    }

    /// The kingdom VP the current seat and its best-placed opponent would have with the card
    /// `k` on `cell` turned `turns`, compared with now.
    fn orient_hint(&self, k: Kind, cell: u8, turns: u8) -> u32 {
        let me = self.current as usize;
        let before = self.kingdom_values();
        let mut board = self.board.clone();
        let id = Card {
            colour: self.colour(),
            kind: k,
        }
        .id();
        board.put_turned(id, cell, turns);
        let mut after = [0i32; 4];
        for (s, k) in board.kingdoms(self.players as usize).iter().enumerate() {
            if let Some(k) = k {
                after[s] = board.vp_of(k);
            }
        }
        let mine = after[me] - before[me];
        let theirs = (0..self.players as usize)
            .filter(|&s| s != me)
            .map(|s| after[s] - before[s])
            .min()
            .unwrap_or(0);
        // Gains for me and losses for them both count.
        let gain = mine - theirs.min(0) - theirs.max(0) / 2;
        (BASE as i32 + 3 * gain).clamp(1, 40) as u32
    }

    /// Kingdom VP (before any Greedy Landlords division) of every seat.
    fn kingdom_values(&self) -> [i32; 4] {
        let mut v = [0i32; 4];
        for (s, k) in self
            .board
            .kingdoms(self.players as usize)
            .iter()
            .enumerate()
        {
            if let Some(k) = k {
                v[s] = self.board.vp_of(k);
            }
        }
        v
    }

    /// Putting one of the current seat's meeples on the card at `pos`.
    fn arrive_hint(&self, pos: Pos, base: u32) -> u32 {
        let Ok((_, card)) = self.top_at(pos) else {
            return 1;
        };
        let me = self.current as usize;
        let have = self.board.dwarfs(card, me);
        let need = self.need_for(card, me);
        if !self.task_pays(card) {
            return 1;
        }
        if have + 1 >= need && have < need {
            COMPLETES
        } else if have < need && self.can_gather(card, me) {
            // Room to finish it later.
            PROGRESS.max(base)
        } else {
            base / 2 + 1
        }
    }

    /// Walking a meeple from `from` to `to`: what it gains there against what it leaves.
    fn move_hint(&self, from: Pos, to: Pos) -> u32 {
        let me = self.current as usize;
        let leaving = self
            .top_at(from)
            .map(|(_, card)| {
                let have = self.board.dwarfs(card, me);
                let need = self.need_for(card, me);
                // Leaving costs nothing where the task already completes without this meeple,
                // pays nothing, or can no longer complete: other colours hold the spots it
                // needs (a stuck dwarf, in the rulebook's words). Breaking up a task that can
                // still complete costs.
                have > need || !self.task_pays(card) || (have < need && !self.can_gather(card, me))
            })
            .unwrap_or(true);
        let arrive = self.arrive_hint(to, 2);
        if leaving { arrive } else { arrive / 4 + 1 }
    }

    /// True if `colour` can still gather on `card` the dwarfs its task needs: its own dwarfs
    /// there plus the free spots reach the need. False once other colours hold the spots it
    /// needs (the rulebook's stuck dwarfs).
    fn can_gather(&self, card: u8, colour: usize) -> bool {
        self.board.dwarfs(card, colour) + self.board.free_spots(card) >= self.need_for(card, colour)
    }

    /// How much the current seat would like to move the `colour` meeple off `card`: much when
    /// that colour is about to complete its task there, or blocks the current seat's.
    fn threat(&self, card: u8, colour: usize) -> u32 {
        if card == NONE || (card as usize) >= crate::board::CARDS {
            return 1;
        }
        let me = self.current as usize;
        let theirs = self.board.dwarfs(card, colour);
        let mine = self.board.dwarfs(card, me);
        if theirs + 1 >= self.need_for(card, colour) {
            12
        } else if mine > 0 && self.board.free_spots(card) == 0 {
            8
        } else {
            2
        }
    }

    /// True if completing the task on `card` would do something for the current seat now (gems
    /// left and no dragon for a mine, ogres left for a tavern, a goal in reach for a store, any
    /// monster, a stack to dig in peace for a castle).
    fn task_pays(&self, card: u8) -> bool {
        let Some(cell) = self.board.cell_of(card) else {
            return false;
        };
        match Fall::card(card).kind.data().task {
            Task::Mine { gem, .. } => {
                self.gem_piles[gem as usize] > 0
                    && !(self.board.kind_in_play(Kind::FireDragon)
                        && self
                            .board
                            .has_monster(&self.board.region(cell), Some(Kind::FireDragon)))
            }
            Task::DrawOgre => self.ogre_deck != [0; 5] || self.ogre_discard != [0; 5],
            Task::Trade => (0..FACE_UP_GOALS).any(|s| self.missing_gems(s) <= 1),
            Task::Defeat => true,
            Task::Dig => {
                !self.board.has_monster(&self.board.region(cell), None)
                    && self.board.top_cards().any(|(c, _)| self.diggable(c))
            }
        }
    }

    /// Gems the current seat still lacks for the face-up goal in `slot` (99 for an empty slot).
    fn missing_gems(&self, slot: usize) -> u8 {
        match self.goal_slots.get(slot) {
            Some(&g) if g != NONE => {
                let cost = data::TRADING_GOALS[g as usize].cost;
                let have = self.me().gems;
                (0..4).map(|i| cost[i].saturating_sub(have[i])).sum()
            }
            _ => 99,
        }
    }

    /// A static estimate of each seat's share of a win, in thousandths (see
    /// [`dwarfs_engine::Game::evaluate`]): the score so far, the goals met and the gems towards
    /// the face-up goals, trusted more as the game nears its end. None for a finished game.
    pub(crate) fn hint_evaluate(&self, out: &mut [u16]) -> bool {
        let n = self.players as usize;
        if out.len() != n {
            return false;
        }
        // A finished game is rated by its outcome (the search's rewards of the win and the
        // score), not here.
        if self.phase == Phase::Over {
            return false;
        }
        // Points, plus what is close to becoming points: a goal met is close to the end trigger.
        let mut value = [0i64; 4];
        for (s, v) in value.iter_mut().enumerate().take(n) {
            let p = &self.seats[s];
            *v = self.score_parts(Seat(s as u8)).total() as i64 + 2 * p.goals_met() as i64;
        }
        let low = value[..n].iter().copied().min().unwrap_or(0);
        // Weights grow with the square of the lead over the last seat.
        let mut w = [0i64; 4];
        for s in 0..n {
            let d = value[s] - low + 4;
            w[s] = d * d;
        }
        let total: i64 = w[..n].iter().sum::<i64>().max(1);
        // Progress: the goals of the seat closest to the end and the rounds played, in percent.
        let goals = self.seats.iter().map(|p| p.goals_met()).max().unwrap_or(0) as i64;
        let by_goals = goals * 100 / data::GOALS_TO_END as i64;
        let by_rounds = self.round as i64 * 100 / self.options.round_limit.max(1) as i64;
        let progress = by_goals.max(by_rounds).clamp(10, 100);
        let even = 1000 / n as i64;
        for s in 0..n {
            let share = w[s] * 1000 / total;
            out[s] = ((even * (100 - progress) + share * progress) / 100).clamp(0, 1000) as u16;
        }
        true
    }
}

/// VP of trading goal `g`.
fn goal_vp(g: u8) -> u32 {
    data::TRADING_GOALS
        .get(g as usize)
        .map_or(0, |d| d.vp as u32)
}
