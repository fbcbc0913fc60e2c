//! The week's flow: setup, the automatic steps between decisions, the chance points (setup,
//! reinforcements and disasters, pool refills) and the resolution at the end of each week.

use super::{draw_bit, draw_bit32};
use crate::data::{
    ACTIONS, Card, DEFENDERS, DISASTER_LIMIT, DisasterId, HAND_SIZE, IMPENDING_DOOM,
    MONSTER_TARGET, MUSIC_TOKENS, MonsterAbility, MonsterId, POOL, SNOWBALL_LIMIT,
    SOLO_MUSIC_TOKENS, WEEKS,
};
use crate::state::{End, Stage, TurnState, Winter};
use crate::types::WinterEvent;
use dwarfs_engine::{Actor, ChanceRng, Seat, SeatSet};

impl Winter {
    /// Who acts now.
    pub(crate) fn actor(&self) -> Actor {
        if self.end.is_some() {
            return Actor::Over;
        }
        if self.week.refill {
            return Actor::Chance;
        }
        match self.week.stage {
            Stage::Setup | Stage::Reinforce => Actor::Chance,
            Stage::Defenders { seat, .. } => Actor::Seat(seat),
            Stage::Attack | Stage::Push { .. } => Actor::Seat(self.week.first),
            Stage::Prepare if self.solo() => Actor::Seat(Seat(0)),
            Stage::Prepare => Actor::Simultaneous(
                self.seat_list()
                    .filter(|&s| !self.player(s).chosen)
                    .collect::<SeatSet>(),
            ),
            Stage::Turn => Actor::Seat(self.week.turn.seat),
            Stage::Music(m) => Actor::Seat(m.current),
            Stage::Over => Actor::Over,
        }
    }

    /// Resolves the pending chance point, then every automatic step up to the next decision.
    pub(crate) fn resolve(&mut self, rng: &mut ChanceRng) -> Vec<WinterEvent> {
        let mut ev = Vec::new();
        if self.week.refill {
            self.refill_pool(rng, &mut ev);
        }
        match self.week.stage {
            Stage::Setup => self.setup(rng, &mut ev),
            Stage::Reinforce => self.reinforce(rng, &mut ev),
            _ => {}
        }
        ev
    }

    fn setup(&mut self, rng: &mut ChanceRng, ev: &mut Vec<WinterEvent>) {
        for slot in 0..POOL {
            self.draw_hero(slot, rng, ev);
        }
        for _ in 0..IMPENDING_DOOM
            .get(self.players as usize)
            .copied()
            .unwrap_or(0)
        {
            self.reveal_disaster(rng, ev);
        }
        self.next_defender(0, ev);
    }

    /// The Defenders: the seat `i` places in turn order from the first player (2nd player 1,
    /// 3rd and 4th 2 each); after the last, week 1 begins.
    pub(crate) fn next_defender(&mut self, mut i: usize, ev: &mut Vec<WinterEvent>) {
        while i < self.players as usize {
            if DEFENDERS.get(i).is_some_and(|&d| d > 0) {
                self.week.stage = Stage::Defenders {
                    seat: Seat((self.week.first.0 + i as u8) % self.players),
                    left: DEFENDERS[i],
                };
                return;
            }
            i += 1;
        }
        self.begin_week(ev);
    }

    /// Phase 1.1: refresh tracks and music tokens, then the monsters attack.
    pub(crate) fn begin_week(&mut self, ev: &mut Vec<WinterEvent>) {
        ev.push(WinterEvent::WeekBegan(self.week.week));
        let tokens = if self.solo() {
            SOLO_MUSIC_TOKENS
        } else {
            MUSIC_TOKENS
        };
        for p in self.seats.iter_mut() {
            p.actions = ACTIONS;
            p.hand_size = HAND_SIZE;
            p.tokens = tokens;
            p.hand = 0;
            p.played = 0;
            p.chosen = false;
            p.actions_left = 0;
        }
        self.board.music_hall = [None; 4];
        self.board.to_attack = self.board.monsters;
        self.week.stage = Stage::Attack;
        self.continue_attacks(ev);
    }

    /// Phase 1.2 goes on: a lone monster left to attack attacks by itself; with none left the
    /// reinforcements come (a chance point).
    pub(crate) fn continue_attacks(&mut self, ev: &mut Vec<WinterEvent>) {
        loop {
            if self.week.stage != Stage::Attack {
                return;
            }
            match self.board.to_attack.count_ones() {
                0 => {
                    self.week.stage = Stage::Reinforce;
                    return;
                }
                1 => {
                    let m = MonsterId(self.board.to_attack.trailing_zeros() as u8);
                    self.attack(m, ev);
                }
                _ => return,
            }
        }
    }

    /// Phases 1.3 and 1.4: monsters up to the target number, each drawn at random when drawn
    /// (an Ogre King reveals an extra disaster as it spawns), then the week's disasters.
    fn reinforce(&mut self, rng: &mut ChanceRng, ev: &mut Vec<WinterEvent>) {
        let target = MONSTER_TARGET
            .get(self.players as usize)
            .copied()
            .unwrap_or(0) as u32;
        while self.board.monsters.count_ones() < target {
            let Some(i) = draw_bit32(rng, &mut self.decks.monsters) else {
                break;
            };
            let m = MonsterId(i);
            let zone = m.card().spawn;
            self.board.monsters |= 1 << i;
            self.board.monster_zone[i as usize] = zone;
            ev.push(WinterEvent::MonsterSpawned(m, zone));
            if m.card().kind.ability() == MonsterAbility::SpawnDisaster {
                self.reveal_disaster(rng, ev);
            }
        }
        let reveals = if self.options.nightmare && matches!(self.week.week, 3 | 5 | 7) {
            2
        } else {
            1
        };
        for _ in 0..reveals {
            self.reveal_disaster(rng, ev);
        }
        self.week.stage = Stage::Prepare;
        self.solo_whole_deck(ev);
    }

    /// Solitaire: a deck of no more cards than the hand size is the hand, with no decision.
    fn solo_whole_deck(&mut self, ev: &mut Vec<WinterEvent>) {
        let seat = Seat(0);
        let p = self.player(seat);
        if self.solo() && !p.chosen && p.deck_size() <= p.hand_size {
            let p = self.seat_mut(seat);
            p.hand = p.deck;
            p.chosen = true;
            ev.push(WinterEvent::HandChosen(seat));
            self.after_preparation();
        }
    }

    /// Reveals a disaster at random from the pile (nothing if it is empty). Legendary!'s
    /// snowball effect: a disaster revealed on a zone that already has one, while at most 3
    /// were active before it, brings one more, which can snowball in turn.
    pub(crate) fn reveal_disaster(&mut self, rng: &mut ChanceRng, ev: &mut Vec<WinterEvent>) {
        let mut more = 1;
        while more > 0 {
            more -= 1;
            let Some(i) = draw_bit32(rng, &mut self.decks.disasters) else {
                return;
            };
            let d = DisasterId(i);
            let zone = d.card().zone;
            let shared = self.disasters().any(|o| o.card().zone == zone);
            let before = self.active_disasters();
            self.board.disasters |= 1 << i;
            ev.push(WinterEvent::DisasterRevealed(d, zone));
            if self.options.legendary && shared && before <= SNOWBALL_LIMIT {
                more += 1;
            }
        }
    }

    /// Draws a hero at random into `slot` (nothing if the pile is empty).
    pub(crate) fn draw_hero(
        &mut self,
        slot: usize,
        rng: &mut ChanceRng,
        ev: &mut Vec<WinterEvent>,
    ) {
        if let Some(i) = draw_bit(rng, &mut self.decks.heroes) {
            self.decks.pool[slot] = Some(Card(i));
            ev.push(WinterEvent::HeroDrawn {
                slot: slot as u8,
                card: Card(i),
            });
        }
    }

    fn refill_pool(&mut self, rng: &mut ChanceRng, ev: &mut Vec<WinterEvent>) {
        self.week.refill = false;
        for slot in 0..POOL {
            if self.decks.pool[slot].is_none() {
                self.draw_hero(slot, rng, ev);
            }
        }
    }

    /// Takes the hero in `slot` out of the pool: the cards above slide down, the top slot is
    /// refilled at the next chance point.
    pub(crate) fn take_from_pool(&mut self, slot: usize) -> Option<Card> {
        let card = self.decks.pool.get(slot).copied().flatten()?;
        for i in slot..POOL - 1 {
            self.decks.pool[i] = self.decks.pool[i + 1];
        }
        self.decks.pool[POOL - 1] = None;
        if self.decks.heroes != 0 {
            self.week.refill = true;
        }
        Some(card)
    }

    /// After the last hand is chosen: the Actions phase begins with the first player.
    pub(crate) fn after_preparation(&mut self) {
        if self.seat_list().all(|s| self.player(s).chosen) {
            self.start_turn(self.week.first);
        }
    }

    fn start_turn(&mut self, seat: Seat) {
        self.week.turn = TurnState::new(seat);
        let p = self.seat_mut(seat);
        p.actions_left = p.actions;
        self.week.stage = Stage::Turn;
    }

    /// The turn's seat is done: the next seat clockwise, or the Resolution phase.
    pub(crate) fn end_turn(&mut self, ev: &mut Vec<WinterEvent>) {
        let seat = self.week.turn.seat;
        self.seat_mut(seat).actions_left = 0;
        ev.push(WinterEvent::TurnEnded(seat));
        let next = self.next_seat(seat);
        if next == self.week.first {
            self.resolution(ev);
        } else {
            self.start_turn(next);
        }
    }

    /// Phase 4: the loss checks, then the end of the game or the next week.
    fn resolution(&mut self, ev: &mut Vec<WinterEvent>) {
        let disasters = self.active_disasters();
        let reason = if self.monster_in_castle() {
            Some("a monster is inside the castle".to_string())
        } else if disasters >= DISASTER_LIMIT {
            Some(format!("{disasters} disasters are active"))
        } else {
            None
        };
        if let Some(reason) = reason {
            ev.push(WinterEvent::CastleFell(reason.clone()));
            self.end = Some(End::Lost {
                week: self.week.week,
                reason,
            });
            self.week.stage = Stage::Over;
            return;
        }
        if self.week.week >= WEEKS {
            ev.push(WinterEvent::Survived);
            self.end = Some(End::Survived);
            self.week.stage = Stage::Over;
            return;
        }
        self.week.week += 1;
        self.week.first = self.next_seat(self.week.first);
        self.begin_week(ev);
    }
}
