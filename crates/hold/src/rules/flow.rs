//! Chance points, setup, and the automatic flow of phases and turns.

use crate::board::{Pos, Space};
use crate::data::{
    BoardEffect, BoardKind, BoardTile, CRAFTSMAN_GOLD, CRAFTSMAN_VT, GOLD_PER_TURN, Leader,
    RoomEffect, STARTING_HAND, VT_END_THRESHOLD, WorkKind, WorkTile,
};
use crate::state::{ChanceTask, Hold, Phase, Stage, TurnUse};
use crate::types::{EndCondition, HoldEvent as Ev};
use dwarfs_engine::{ChanceRng, Seat};

impl Hold {
    pub(crate) fn draw_one(&mut self, rng: &mut ChanceRng) -> Option<WorkTile> {
        if self.draw_pile.iter().all(|&c| c == 0) {
            for i in 0..self.draw_pile.len() {
                self.draw_pile[i] += self.discards[i];
                self.discards[i] = 0;
            }
        }
        let mut weights = [0u32; WorkTile::ALL.len()];
        for (w, &c) in weights.iter_mut().zip(&self.draw_pile) {
            *w = c as u32;
        }
        let i = rng.weighted(&weights[..self.draw_pile.len().min(weights.len())])?;
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

    pub(crate) fn setup(&mut self, rng: &mut ChanceRng, ev: &mut Vec<Ev>) {
        let mut tiles: Vec<BoardTile> = Vec::new();
        for t in BoardTile::ALL {
            for _ in 0..t.data().copies {
                tiles.push(t);
            }
        }
        rng.shuffle(&mut tiles);
        let mut it = tiles.into_iter();
        let mut squares = [Space::Hold; crate::data::SQUARES];
        for p in Pos::all() {
            if !p.is_hold() {
                squares[p.0 as usize] = Space::Open(it.next().unwrap_or(BoardTile::Soil));
            }
        }
        self.spaces = crate::board::Board::new(squares);
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
                        if self.action_tiles_in_hand(seat) > self.hand_limit(seat) {
                            return;
                        }
                        self.cursor += 1;
                    }
                    self.end_turn(ev);
                }
            }
        }
    }

    pub(crate) fn income(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
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

    pub(crate) fn end_turn(&mut self, ev: &mut Vec<Ev>) {
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
        self.events_played.clear();
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
