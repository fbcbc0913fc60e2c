//! Setters for building test positions. Not part of the stable API; they do not keep the
//! game's invariants by themselves (check them with `Game::check_invariants`).

use crate::data::{Card, DisasterId, MonsterId, POOL, Zone};
use crate::state::{PlayerBoard, Stage, TurnState, Winter};
use crate::types::{WinterEvent, WinterOptions};
use dwarfs_engine::Seat;

#[doc(hidden)]
impl Winter {
    /// A position for tests: setup done (no dwarf placed, no disaster revealed), an empty hero
    /// pool (every hero in the pile), no monster, week 1 with seat 0 first, at the start of
    /// seat 0's turn of the Actions phase with every hand empty.
    pub fn test_position(options: WinterOptions, players: u8) -> Winter {
        let mut w = Winter::blank(options, players.clamp(1, 4));
        let mut ev = Vec::new();
        w.begin_week(&mut ev);
        for p in w.seats.iter_mut() {
            p.chosen = true;
        }
        w.start_turn_of(Seat(0));
        w
    }

    /// Starts `seat`'s turn of the Actions phase (its actions from its action track).
    pub fn start_turn_of(&mut self, seat: Seat) {
        self.week.turn = TurnState::new(seat);
        let p = self.seat_mut(seat);
        p.actions_left = p.actions;
        self.week.stage = Stage::Turn;
    }

    /// A seat's board, to change.
    pub fn player_mut(&mut self, seat: Seat) -> &mut PlayerBoard {
        &mut self.seats[seat.index().min(3)]
    }

    /// Sets the week and the first player.
    pub fn set_week(&mut self, week: u8, first: Seat) {
        self.week.week = week;
        self.week.first = first;
    }

    /// Sets the step.
    pub fn set_stage(&mut self, stage: Stage) {
        self.week.stage = stage;
    }

    /// Puts a monster from the pile on the board at `zone`.
    pub fn put_monster(&mut self, m: MonsterId, zone: Zone) {
        self.decks.monsters &= !(1 << m.0);
        self.board.monsters |= 1 << m.0;
        self.board.monster_zone[m.0 as usize] = zone;
    }

    /// Makes a disaster from the pile active.
    pub fn put_disaster(&mut self, d: DisasterId) {
        self.decks.disasters &= !(1 << d.0);
        self.board.disasters |= 1 << d.0;
    }

    /// Restricts the monster pile to these cards (the others leave the game).
    pub fn set_monster_pile(&mut self, cards: &[MonsterId]) {
        self.decks.monsters = cards.iter().fold(0, |m, c| m | 1 << c.0);
    }

    /// Restricts the disaster pile to these cards (the others leave the game).
    pub fn set_disaster_pile(&mut self, cards: &[DisasterId]) {
        self.decks.disasters = cards.iter().fold(0, |m, c| m | 1 << c.0);
    }

    /// Puts a hero from the pile into a pool slot (the slot's card goes back to the pile).
    pub fn set_pool(&mut self, slot: usize, card: Card) {
        if slot < POOL {
            if let Some(old) = self.decks.pool[slot] {
                self.decks.heroes |= old.bit();
            }
            self.decks.heroes &= !card.bit();
            self.decks.pool[slot] = Some(card);
        }
    }

    /// Gives a hero from the pile to a seat's action deck.
    pub fn give_hero(&mut self, seat: Seat, card: Card) {
        self.decks.heroes &= !card.bit();
        self.seat_mut(seat).deck |= card.bit();
    }

    /// Runs phase 1 from its start (refresh, monsters attack) up to the next decision or chance
    /// point.
    pub fn begin_week_now(&mut self) -> Vec<WinterEvent> {
        let mut ev = Vec::new();
        self.begin_week(&mut ev);
        ev
    }
}
