//! Constructed positions, for rule tests, tutorials and puzzles.
//!
//! A builder starts from a dealt classic game (trading goals 0, 1, 2 face up, seat `i` holding
//! secret goal `i`), seat 0 to act in round 1, and moves components from where they are to
//! where a test wants them, so every built position conserves all components. Misuse (a card
//! that is not in hand, more dwarfs than the pile holds) panics with a message: this is a test
//! tool, not an input path; games in play only change through [`dwarfs_engine::Game`].

use crate::board::NONE;
use crate::data;
use crate::options::FallOptions;
use crate::state::{Fall, Pending, Phase};
use crate::types::{Card, Colour, Gem, Kind, OgreKind, Pos, SecretGoal};

/// Builds a [`Fall`] position piece by piece.
#[derive(Clone, Debug)]
pub struct FallBuilder {
    game: Fall,
}

impl FallBuilder {
    /// A dealt classic game for `players` (2-4) seats, seat 0 to act.
    pub fn new(players: u8) -> FallBuilder {
        assert!((2..=4).contains(&players), "2 to 4 players");
        let mut game = Fall::fresh(&FallOptions::default(), players);
        game.goal_slots = [0, 1, 2];
        game.goal_deck &= !0b111;
        for (i, p) in game.seats.iter_mut().enumerate() {
            p.secret = i as u8;
        }
        game.phase = Phase::Actions;
        FallBuilder { game }
    }

    /// A dealt 3rd-edition game (no decrees) for `players` seats, seat 0 to act.
    pub fn third(players: u8) -> FallBuilder {
        let mut b = FallBuilder::new(players);
        b.game.options.edition = crate::options::Edition::Third;
        b.game.gem_piles = data::edition(crate::options::Edition::Third).gem_supply;
        b
    }

    /// Puts Royal Decrees in play (3rd edition).
    pub fn decrees(mut self, decrees: &[crate::options::Decree]) -> Self {
        self.game.options.decrees = decrees.to_vec();
        self.game.third.decrees = self.game.options.decree_bits();
        self
    }

    /// Upgrades `seat`'s `class` (free, no gems paid); it waits in the campfire.
    pub fn upgraded(mut self, seat: u8, class: crate::types::Class) -> Self {
        self.game.seats[seat as usize].classes[class as usize] = crate::state::CLASS_HOME;
        self
    }

    /// Puts `seat`'s upgraded `class` from its campfire on the top card at `(x, y)`.
    pub fn class_at(mut self, x: i8, y: i8, seat: u8, class: crate::types::Class) -> Self {
        let g = &mut self.game;
        let cell = Pos::new(x, y).cell().expect("position on the mat");
        let card = g.board.top(cell).expect("a card at that position");
        let p = &mut g.seats[seat as usize];
        assert_eq!(
            p.classes[class as usize],
            crate::state::CLASS_HOME,
            "upgrade it first"
        );
        p.classes[class as usize] = card;
        p.pile -= 1;
        g.board.add_dwarf(card, seat as usize);
        self
    }

    /// Plays `colour`'s `kind` from its hand onto `(x, y)`, on top of whatever is there, without
    /// checking placement rules.
    pub fn card(mut self, x: i8, y: i8, colour: Colour, kind: Kind) -> Self {
        let g = &mut self.game;
        let p = &mut g.seats[colour.index()];
        assert!(
            p.has_kind(kind),
            "{colour}'s {} is not in hand",
            kind.name()
        );
        p.hand &= !(1 << kind as u16);
        let cell = Pos::new(x, y).cell().expect("position on the mat");
        g.board.put(Card { colour, kind }.id(), cell);
        self
    }

    /// Puts `n` of `colour`'s dwarfs from its pile on the top card at `(x, y)`.
    pub fn dwarfs(mut self, x: i8, y: i8, colour: Colour, n: u8) -> Self {
        let g = &mut self.game;
        let cell = Pos::new(x, y).cell().expect("position on the mat");
        let card = g.board.top(cell).expect("a card at that position");
        let p = &mut g.seats[colour.index()];
        assert!(
            p.pile >= n,
            "{colour} has only {} dwarfs in the pile",
            p.pile
        );
        p.pile -= n;
        for _ in 0..n {
            g.board.add_dwarf(card, colour.index());
        }
        self
    }

    /// Gives `seat` `n` gems of kind `gem` from the pile.
    pub fn gems(mut self, seat: u8, gem: Gem, n: u8) -> Self {
        let g = &mut self.game;
        assert!(
            g.gem_piles[gem as usize] >= n,
            "not enough {} left",
            gem.name()
        );
        g.gem_piles[gem as usize] -= n;
        g.seats[seat as usize].gems[gem as usize] += n;
        self
    }

    /// Gives `seat` `n` ogres of `kind` from the deck.
    pub fn ogres(mut self, seat: u8, kind: OgreKind, n: u8) -> Self {
        let g = &mut self.game;
        assert!(
            g.ogre_deck[kind as usize] >= n,
            "not enough {} ogres",
            kind.name()
        );
        g.ogre_deck[kind as usize] -= n;
        g.seats[seat as usize].ogres[kind as usize] += n;
        self
    }

    /// Moves every ogre left in the deck to the discard pile (to test the reshuffle).
    pub fn ogre_deck_to_discard(mut self) -> Self {
        let g = &mut self.game;
        for i in 0..5 {
            g.ogre_discard[i] += g.ogre_deck[i];
            g.ogre_deck[i] = 0;
        }
        self
    }

    /// Gives `seat` the secret goal `goal`.
    pub fn secret(mut self, seat: u8, goal: SecretGoal) -> Self {
        let i = data::edition(self.game.options.edition)
            .secret_goals
            .iter()
            .position(|d| d.goal == goal)
            .expect("a classic secret goal");
        self.game.seats[seat as usize].secret = i as u8;
        self
    }

    /// Marks `seat`'s secret goal as revealed.
    pub fn revealed(mut self, seat: u8) -> Self {
        self.game.seats[seat as usize].revealed = true;
        self
    }

    /// Gives `seat` trading goal `goal` (0..10), taken from the deck or a face-up slot.
    pub fn trading_goal(mut self, seat: u8, goal: u8) -> Self {
        let g = &mut self.game;
        if g.goal_deck & (1 << goal) != 0 {
            g.goal_deck &= !(1 << goal);
        } else if let Some(s) = g.goal_slots.iter_mut().find(|s| **s == goal) {
            *s = NONE;
        } else {
            panic!("trading goal {goal} is not available");
        }
        g.seats[seat as usize].goals |= 1 << goal;
        self
    }

    /// Sets the face-up trading goals (`None` for an empty slot); the old ones go back to the
    /// deck, the new ones come from it.
    pub fn face_up(mut self, slots: [Option<u8>; 3]) -> Self {
        let g = &mut self.game;
        for s in g.goal_slots.iter_mut() {
            if *s != NONE {
                g.goal_deck |= 1 << *s;
                *s = NONE;
            }
        }
        for (i, s) in slots.iter().enumerate() {
            if let Some(goal) = *s {
                assert!(
                    g.goal_deck & (1 << goal) != 0,
                    "goal {goal} is not in the deck"
                );
                g.goal_deck &= !(1 << goal);
                g.goal_slots[i] = goal;
            }
        }
        self
    }

    /// Empties the face-down trading goal deck (the goals go to nobody: only for tests that
    /// need an empty deck; conservation is then checked against the goals still present).
    pub fn empty_goal_deck(mut self, to_seat: u8) -> Self {
        let g = &mut self.game;
        g.seats[to_seat as usize].goals |= g.goal_deck;
        g.goal_deck = 0;
        self
    }

    /// Records that `seat` defeated `colour`'s monster `kind` (taken from that colour's hand).
    pub fn defeated(mut self, seat: u8, colour: Colour, kind: Kind) -> Self {
        assert!(kind.is_monster(), "only monsters are defeated");
        let g = &mut self.game;
        let p = &mut g.seats[colour.index()];
        assert!(
            p.has_kind(kind),
            "{colour}'s {} is not in hand",
            kind.name()
        );
        p.hand &= !(1 << kind as u16);
        g.seats[seat as usize].defeated |= 1u64 << Card { colour, kind }.id();
        self
    }

    /// Makes it `seat`'s turn, with `used` actions already spent.
    pub fn turn(mut self, seat: u8, used: u8) -> Self {
        self.game.current = seat;
        self.game.actions_used = used;
        self
    }

    /// Sets the round number.
    pub fn round(mut self, round: u16) -> Self {
        self.game.round = round;
        self
    }

    /// Sets the round limit.
    pub fn round_limit(mut self, limit: u16) -> Self {
        self.game.options.round_limit = limit;
        self
    }

    /// The built game; panics if a component went missing.
    pub fn build(self) -> Fall {
        let mut g = self.game;
        g.pending = Pending::None;
        if let Err(e) = g.invariants() {
            panic!("built position is inconsistent: {e}");
        }
        g
    }
}
