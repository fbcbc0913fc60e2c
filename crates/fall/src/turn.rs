//! The turn structure after the Perform Actions phase: Resolve (tasks, in a fixed order, stopping
//! at decisions and chance points), Discard, the end of the turn and of the game, and every
//! chance point.
//!
//! The flow lives here and nowhere else, so that a later edition can change the order of phases
//! (the 3rd edition's Hard Workers decree splits them into morning and night) in one place.

use crate::action::{Blocked, FallEvent};
use crate::board::NONE;
use crate::data::{self, FACE_UP_GOALS, GOALS_TO_END};
use crate::options::Decree;
use crate::state::{CLASS_HOME, CLASS_LOCKED, Fall, Pending, Phase, TaskQueue};
use crate::types::{Card, Colour, Gem, Kind, OgreKind, Pos, Task};
use dwarfs_engine::{ChanceRng, Seat};

/// The order in which a seat's completed tasks resolve: mines first (so that gems just mined
/// can be traded), then taverns, general stores, monsters, and castles (digging) last.
fn task_rank(task: Task) -> u8 {
    match task {
        Task::Mine { .. } => 0,
        Task::DrawOgre => 1,
        Task::Trade => 2,
        Task::Defeat => 3,
        Task::Dig => 4,
    }
}

impl Fall {
    /// Starts the Resolve phase: finds every task the current seat completes, in order.
    pub(crate) fn start_resolve(&mut self, ev: &mut Vec<FallEvent>) {
        let me = self.current as usize;
        let mut found: [(u8, u8, u8); 3] = [(NONE, NONE, NONE); 3];
        let mut n = 0usize;
        for (cell, card) in self.board.top_cards() {
            let k = Fall::card(card).kind.data();
            if self.board.dwarfs(card, me) >= self.need(card) && n < 3 {
                found[n] = (task_rank(k.task), cell, card);
                n += 1;
            }
        }
        found[..n].sort_unstable();
        let mut q = TaskQueue::EMPTY;
        for (i, f) in found[..n].iter().enumerate() {
            q.cards[i] = f.2;
        }
        q.len = n as u8;
        self.tasks = q;
        self.pending = Pending::None;
        self.run_resolve(ev);
    }

    /// Completes queued tasks until one needs a decision or a chance point, or all are done.
    pub(crate) fn run_resolve(&mut self, ev: &mut Vec<FallEvent>) {
        while self.tasks.next < self.tasks.len {
            let card = self.tasks.cards[self.tasks.next as usize];
            self.tasks.next += 1;
            if self.complete_task(card, ev) {
                return;
            }
        }
        self.tasks = TaskQueue::EMPTY;
        // The Discard step is also the end-of-turn window to reveal a secret goal that became
        // true during Resolve ("at any point during the game").
        if self.me().over_limit() || self.can_reveal() {
            self.phase = Phase::Discard;
        } else {
            self.end_turn(ev);
        }
    }

    /// Completes the task on `card`: at once when it can finish only one way, else the game
    /// waits in [`Phase::ChooseFinish`]. Returns true if the game now waits (for a decision or a
    /// chance point).
    fn complete_task(&mut self, card: u8, ev: &mut Vec<FallEvent>) -> bool {
        if self.board.cell_of(card).is_none() {
            return false;
        }
        let mut ways = 0u8;
        let mut only = (false, 0u8);
        self.finishes(card, &mut |draw_two, keep| {
            ways += 1;
            only = (draw_two, keep);
        });
        if ways > 1 {
            self.phase = Phase::ChooseFinish;
            return true;
        }
        self.finish_task(card, only.0, only.1, ev)
    }

    /// Every way the current seat's task on `card` can finish, as (`draw_two`, `keep`) of
    /// [`crate::FallAction::FinishTask`]: Bar Fights' choice of 1 or 2 ogres, and which of the
    /// seat's class meeples on the card stay as extras (a kept set is listed only if every class
    /// meeple not kept goes home, so each listed way has a different result).
    pub(crate) fn finishes(&self, card: u8, out: &mut impl FnMut(bool, u8)) {
        if !self.third() {
            out(false, 0);
            return;
        }
        let me = self.current as usize;
        let total = self.board.dwarfs(card, me);
        let need = self.need(card);
        let mut classes = 0u8;
        for (i, &loc) in self.seats[me].classes.iter().enumerate() {
            if loc == card {
                classes |= 1 << i;
            }
        }
        let bar =
            self.decree(Decree::BarFights) && Fall::card(card).kind == Kind::Tavern && total > need;
        for draw_two in [false, true] {
            if draw_two && !bar {
                continue;
            }
            let used = need + draw_two as u8;
            let extras = total.saturating_sub(used);
            for keep in 0..8u8 {
                if keep & !classes == 0
                    && keep.count_ones() as u8 <= extras
                    && (classes & !keep).count_ones() as u8 <= used
                {
                    out(draw_two, keep);
                }
            }
        }
    }

    /// True if (`draw_two`, `keep`) is one of [`Fall::finishes`] for `card`.
    pub(crate) fn finish_ok(&self, card: u8, draw_two: bool, keep: u8) -> bool {
        let mut ok = false;
        self.finishes(card, &mut |d, k| ok |= d == draw_two && k == keep);
        ok
    }

    /// The card whose task waits in [`Phase::ChooseFinish`].
    pub(crate) fn finishing_card(&self) -> Option<u8> {
        let i = self.tasks.next.checked_sub(1)?;
        self.tasks.cards.get(i as usize).copied()
    }

    /// Sends the task's meeples home (the class meeples in `keep` stay) and executes it;
    /// `draw_two` is Bar Fights' second ogre. Returns true if the game now waits (for a decision
    /// or a chance point).
    pub(crate) fn finish_task(
        &mut self,
        card: u8,
        draw_two: bool,
        keep: u8,
        ev: &mut Vec<FallEvent>,
    ) -> bool {
        let me = self.current as usize;
        let Some(cell) = self.board.cell_of(card) else {
            return false;
        };
        let c = Fall::card(card);
        let data = c.kind.data();
        let used = self.need(card) + draw_two as u8;
        let types = self.send_home_keeping(card, me, used, keep);
        let at = Pos::of_cell(cell);
        ev.push(FallEvent::TaskDone {
            colour: self.colour(),
            at,
            kind: c.kind,
        });
        let blocked = |reason| FallEvent::TaskBlocked { at, reason };
        match data.task {
            Task::Mine { gem, count } => {
                if self.board.kind_in_play(Kind::FireDragon)
                    && self
                        .board
                        .has_monster(&self.board.region(cell), Some(Kind::FireDragon))
                {
                    ev.push(blocked(Blocked::Dragon));
                } else {
                    let n = count.min(self.gem_piles[gem as usize]);
                    if n == 0 {
                        ev.push(blocked(Blocked::NoGems));
                    } else {
                        self.gem_piles[gem as usize] -= n;
                        self.seats[me].gems[gem as usize] += n;
                        ev.push(FallEvent::GemsTaken {
                            seat: Seat(self.current),
                            gem,
                            count: n,
                        });
                    }
                }
                false
            }
            Task::DrawOgre => {
                self.third.extra_draws = draw_two as u8;
                if self.begin_ogre_draw(ev) {
                    true
                } else {
                    ev.push(blocked(Blocked::NoOgres));
                    self.third.extra_draws = 0;
                    false
                }
            }
            Task::Trade => {
                let afford: Vec<usize> =
                    (0..FACE_UP_GOALS).filter(|&s| self.affordable(s)).collect();
                let mut ups: Vec<(u8, u8)> = Vec::new();
                self.trade_ups(&mut |s, g| ups.push((s, g)));
                match (afford.as_slice(), ups.as_slice()) {
                    ([], []) => {
                        ev.push(blocked(Blocked::CannotAfford));
                        false
                    }
                    // A secret goal that can be revealed now (say Miner, with the gem just
                    // mined) gets its window before the trade spends the gems.
                    ([one], []) if !self.can_reveal() => self.buy_goal(*one, ev),
                    ([], [(s, g)]) if !self.can_reveal() => self.trade_up(*s, *g, ev),
                    _ => {
                        self.phase = Phase::ChooseGoal;
                        true
                    }
                }
            }
            Task::Defeat => {
                self.note_kill(types);
                self.clear_card(card);
                if let Some(m) = self.board.take_top(cell) {
                    self.place_memorial(cell, ev);
                    self.seats[me].defeated |= 1u64 << m;
                    ev.push(FallEvent::MonsterDefeated {
                        seat: Seat(self.current),
                        card: Fall::card(m),
                        at,
                    });
                    self.queue_new_kills();
                }
                false
            }
            Task::Dig => {
                if self.board.monster_in_play()
                    && self.board.has_monster(&self.board.region(cell), None)
                {
                    ev.push(blocked(Blocked::Monster));
                    return false;
                }
                let mut first = None;
                let mut count = 0;
                for (c, _) in self.board.top_cards() {
                    if self.diggable(c) {
                        first.get_or_insert(c);
                        count += 1;
                    }
                }
                match (count, first) {
                    (1, Some(c)) if !self.can_reveal() => {
                        self.dig(c, ev);
                        false
                    }
                    (0, _) | (_, None) => {
                        ev.push(blocked(Blocked::NothingToDig));
                        false
                    }
                    _ => {
                        self.phase = Phase::ChooseDig;
                        true
                    }
                }
            }
        }
    }

    /// Experienced Beast Hunters: a kill lowers what the next monster needs, so a monster the
    /// seat now has enough meeples on is defeated in this same Resolve. It joins the queue after
    /// the other monster tasks, before any castle task.
    fn queue_new_kills(&mut self) {
        if !self.decree(Decree::ExperiencedBeastHunters) {
            return;
        }
        let me = self.current as usize;
        for (_, card) in self.board.top_cards() {
            let q = self.tasks;
            if q.len as usize >= q.cards.len() {
                return;
            }
            if !Fall::card(card).kind.is_monster()
                || q.cards[..q.len as usize].contains(&card)
                || self.board.dwarfs(card, me) < self.need(card)
            {
                continue;
            }
            // Insert before the first waiting task that resolves after monsters (a castle).
            let mut at = q.next as usize;
            while at < q.len as usize
                && task_rank(Fall::card(q.cards[at]).kind.data().task) <= task_rank(Task::Defeat)
            {
                at += 1;
            }
            let mut cards = q.cards;
            cards.copy_within(at..q.len as usize, at + 1);
            cards[at] = card;
            self.tasks.cards = cards;
            self.tasks.len += 1;
        }
    }

    /// Buys the goal in `slot` (the caller checked it is affordable). Returns true if the game
    /// now waits for the refill draw.
    pub(crate) fn buy_goal(&mut self, slot: usize, ev: &mut Vec<FallEvent>) -> bool {
        let me = self.current as usize;
        let g = self.goal_slots[slot];
        let cost = data::TRADING_GOALS[g as usize].cost;
        for (i, n) in cost.iter().enumerate() {
            self.seats[me].gems[i] -= n;
            self.gem_piles[i] += n;
        }
        self.take_goal(slot, ev)
    }

    /// Gives the current seat the goal in `slot` (already paid for) and refills the slot.
    /// Returns true if the game now waits for the refill draw.
    pub(crate) fn take_goal(&mut self, slot: usize, ev: &mut Vec<FallEvent>) -> bool {
        let me = self.current as usize;
        let g = self.goal_slots[slot];
        self.seats[me].goals |= 1 << g;
        self.goal_slots[slot] = NONE;
        ev.push(FallEvent::GoalBought {
            seat: Seat(self.current),
            goal: g,
        });
        if self.goal_deck != 0 {
            self.phase = Phase::RefillGoal { slot: slot as u8 };
            true
        } else {
            self.phase = Phase::Actions;
            false
        }
    }

    /// Digs the stack at `cell` (the caller checked it can be dug).
    pub(crate) fn dig(&mut self, cell: u8, ev: &mut Vec<FallEvent>) {
        self.board.dig(cell);
        self.phase = Phase::Actions;
        if let Some(top) = self.board.top(cell) {
            ev.push(FallEvent::Dug {
                at: Pos::of_cell(cell),
                top: Fall::card(top),
            });
        }
    }

    /// Ends the current seat's turn: checks the end trigger and passes to the next seat, or
    /// ends the game after the last seat of the final round.
    pub(crate) fn end_turn(&mut self, ev: &mut Vec<FallEvent>) {
        let seat = Seat(self.current);
        self.dwarfs_way(ev);
        ev.push(FallEvent::TurnEnded(seat));
        if !self.final_round && self.me().goals_met() >= GOALS_TO_END {
            self.final_round = true;
            ev.push(FallEvent::EndTriggered(seat));
        }
        let next = (self.current + 1) % self.players;
        let round_over = next == self.third.first;
        if round_over && (self.final_round || self.round >= self.options.round_limit) {
            self.game_over(ev);
            return;
        }
        if round_over {
            self.round += 1;
            if self.decree(Decree::HardWorkers) {
                // The axe passes to the next player, who starts the next morning.
                self.third.first = (self.third.first + 1) % self.players;
                self.third.night = false;
                self.start_turn(self.third.first);
                ev.push(FallEvent::AxePassed(Seat(self.third.first)));
                return;
            }
        }
        self.start_turn(next);
        if self.third.night {
            // Hard Workers: the night goes on with the next player's Resolve and Discard.
            self.start_resolve(ev);
        }
    }

    /// Makes `seat` the current seat with a fresh turn.
    fn start_turn(&mut self, seat: u8) {
        self.current = seat;
        self.actions_used = 0;
        self.third.bonus_actions = 0;
        self.third.placed = 0;
        self.pending = Pending::None;
        self.phase = Phase::Actions;
    }

    /// The current seat ends its actions: its Resolve phase follows, except in the morning of
    /// Hard Workers, where the next player performs actions and, after the last one, the night
    /// starts with the first player's Resolve.
    pub(crate) fn end_actions(&mut self, ev: &mut Vec<FallEvent>) {
        if self.decree(Decree::HardWorkers) && !self.third.night {
            let next = (self.current + 1) % self.players;
            if next == self.third.first {
                self.third.night = true;
                ev.push(FallEvent::NightFalls);
            }
            self.start_turn(next);
            if !self.third.night {
                return;
            }
        }
        self.start_resolve(ev);
    }

    /// Prepares an ogre draw: reshuffles the discard pile into an empty deck. Returns false if
    /// there is no ogre to draw at all.
    pub(crate) fn begin_ogre_draw(&mut self, ev: &mut Vec<FallEvent>) -> bool {
        if self.ogre_deck == [0; 5] {
            if self.ogre_discard == [0; 5] {
                return false;
            }
            self.ogre_deck = std::mem::take(&mut self.ogre_discard);
            ev.push(FallEvent::OgresReshuffled);
        }
        self.phase = Phase::DrawOgre;
        true
    }

    /// Reveals every secret goal whose condition holds (the rulebook allows revealing "even at
    /// the end of the game before scoring") and ends the game.
    pub(crate) fn game_over(&mut self, ev: &mut Vec<FallEvent>) {
        for s in 0..self.players as usize {
            if !self.seats[s].revealed && self.secret_met(s) {
                self.seats[s].revealed = true;
                if let Some((goal, _)) = self.secret_of(s) {
                    ev.push(FallEvent::SecretRevealed {
                        seat: Seat(s as u8),
                        goal,
                    });
                }
            }
        }
        self.phase = Phase::Over;
        self.pending = Pending::None;
        ev.push(FallEvent::GameOver);
    }

    /// Resolves the pending chance point.
    pub(crate) fn chance(&mut self, rng: &mut ChanceRng) -> Option<Vec<FallEvent>> {
        let mut ev = Vec::new();
        match self.phase {
            Phase::Setup => {
                for slot in 0..FACE_UP_GOALS {
                    self.goal_slots[slot] = self.draw_goal(rng);
                    ev.push(FallEvent::GoalRevealed {
                        slot: slot as u8,
                        goal: self.goal_slots[slot],
                    });
                }
                let deck = data::edition(self.options.edition).secret_goals.len() as u8;
                let mut secrets: Vec<u8> = (0..deck).collect();
                for p in &mut self.seats {
                    p.secret = rng.draw(&mut secrets).unwrap_or(NONE);
                }
                ev.insert(0, FallEvent::Dealt);
                if self.options.scenario == Some(crate::options::Scenario::FortuneTeller) {
                    let mut pool: Vec<crate::options::Decree> =
                        crate::options::Decree::ALL.to_vec();
                    for _ in 0..3 {
                        if let Some(d) = rng.draw(&mut pool) {
                            self.third.decrees |= 1 << d as u16;
                        }
                    }
                }
                if self.third.decrees != 0 {
                    ev.push(FallEvent::DecreesInPlay(self.decrees()));
                }
                self.phase = Phase::Actions;
            }
            Phase::StealGem { victim } => {
                let v = victim as usize;
                let weights = self.seats[v].gems.map(u32::from);
                if let Some(i) = rng.weighted(&weights) {
                    self.seats[v].gems[i] -= 1;
                    let me = self.current as usize;
                    self.seats[me].gems[i] += 1;
                    ev.push(FallEvent::GemStolen {
                        by: Seat(self.current),
                        from: Seat(victim),
                        gem: Gem::ALL[i],
                    });
                }
                self.phase = Phase::Actions;
            }
            Phase::DrawOgre => {
                let weights = self.ogre_deck.map(u32::from);
                self.phase = Phase::Actions;
                if let Some(i) = rng.weighted(&weights) {
                    self.ogre_deck[i] -= 1;
                    self.me_mut().ogres[i] += 1;
                    ev.push(FallEvent::OgreDrawn {
                        seat: Seat(self.current),
                        ogre: OgreKind::ALL[i],
                    });
                }
                if self.third.extra_draws > 0 {
                    self.third.extra_draws -= 1;
                    if self.begin_ogre_draw(&mut ev) {
                        return Some(ev);
                    }
                    self.third.extra_draws = 0;
                }
                self.run_resolve(&mut ev);
            }
            Phase::RefillGoal { slot } => {
                let g = self.draw_goal(rng);
                self.goal_slots[slot as usize] = g;
                self.phase = Phase::Actions;
                if g != NONE {
                    ev.push(FallEvent::GoalRevealed { slot, goal: g });
                }
                self.run_resolve(&mut ev);
            }
            _ => return None,
        }
        Some(ev)
    }

    /// Draws a trading goal uniformly from the face-down deck (`NONE` if empty).
    fn draw_goal(&mut self, rng: &mut ChanceRng) -> u8 {
        let n = self.goal_deck.count_ones();
        if n == 0 {
            return NONE;
        }
        let mut k = rng.below(n);
        for g in 0..16u8 {
            if self.goal_deck & (1 << g) != 0 {
                if k == 0 {
                    self.goal_deck &= !(1 << g);
                    return g;
                }
                k -= 1;
            }
        }
        NONE
    }

    /// Checks component conservation and internal consistency.
    pub(crate) fn invariants(&self) -> Result<(), String> {
        self.board.check()?;
        let supplies = data::edition(self.options.edition).gem_supply;
        for (i, &supply) in supplies.iter().enumerate() {
            let n: u32 =
                self.gem_piles[i] as u32 + self.seats.iter().map(|p| p.gems[i] as u32).sum::<u32>();
            if n != supply as u32 {
                return Err(format!(
                    "{} gems: {n} instead of {supply}",
                    Gem::ALL[i].name()
                ));
            }
        }
        for (i, count) in data::OGRES.iter().map(|o| o.count).enumerate() {
            let n: u32 = self.ogre_deck[i] as u32
                + self.ogre_discard[i] as u32
                + self.seats.iter().map(|p| p.ogres[i] as u32).sum::<u32>();
            if n != count as u32 {
                return Err(format!(
                    "{} ogres: {n} instead of {count}",
                    OgreKind::ALL[i].name()
                ));
            }
        }
        let mut goals = self.goal_deck as u32;
        let mut seen = goals.count_ones();
        for &g in &self.goal_slots {
            if g != NONE {
                goals |= 1 << g;
                seen += 1;
            }
        }
        for p in &self.seats {
            goals |= p.goals as u32;
            seen += p.goals.count_ones();
        }
        if goals != (1 << data::TRADING_GOALS.len()) - 1 || seen != data::TRADING_GOALS.len() as u32
        {
            return Err("trading goals are not all accounted for exactly once".into());
        }
        for (i, p) in self.seats.iter().enumerate() {
            let colour = Colour::ALL[i];
            if p.pile as u32 + self.board.dwarfs_of(i) as u32 != data::DWARFS_PER_PLAYER as u32 {
                return Err(format!("{colour} does not have 7 dwarfs"));
            }
            for k in Kind::ALL {
                let id = Card { colour, kind: k }.id();
                let places = p.has_kind(k) as u8
                    + self.board.cell_of(id).is_some() as u8
                    + self
                        .seats
                        .iter()
                        .filter(|q| q.defeated & (1u64 << id) != 0)
                        .count() as u8;
                if places != 1 {
                    return Err(format!("{colour}'s {} is in {places} places", k.name()));
                }
            }
        }
        for (i, p) in self.seats.iter().enumerate() {
            let mut home = 0;
            for (k, &loc) in p.classes.iter().enumerate() {
                match loc {
                    CLASS_LOCKED => {}
                    CLASS_HOME => home += 1,
                    card => {
                        if card as usize >= crate::board::CARDS
                            || self
                                .board
                                .cell_of(card)
                                .is_none_or(|c| self.board.top(c) != Some(card))
                            || self.classes_on(card, i) > self.board.dwarfs(card, i)
                        {
                            return Err(format!("class meeple {k} of seat {i} is lost"));
                        }
                    }
                }
                if !self.third() && loc != CLASS_LOCKED {
                    return Err("a class meeple in the classic edition".into());
                }
            }
            if home > p.pile {
                return Err(format!("seat {i} has more classes at home than meeples"));
            }
        }
        for i in self.players as usize..4 {
            if self.board.dwarfs_of(i) != 0 {
                return Err("meeples of an unseated colour are on the board".into());
            }
            for k in Kind::ALL {
                if self
                    .board
                    .cell_of(
                        Card {
                            colour: Colour::ALL[i],
                            kind: k,
                        }
                        .id(),
                    )
                    .is_some()
                {
                    return Err("a card of an unseated colour is on the board".into());
                }
            }
        }
        if self.actions_used as u32
            > data::BASE_ACTIONS as u32 + 1 + self.third.bonus_actions as u32
        {
            return Err("more actions were spent than allowed".into());
        }
        for c in self.memorial_cells().iter() {
            if self.board.top(c).is_some() {
                return Err("a card lies on a memorial".into());
            }
        }
        Ok(())
    }
}
