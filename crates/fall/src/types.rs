//! Small value types: colours, card kinds, gems, ogres, goals, board positions and directions.

use crate::data::{self, GRID_RADIUS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player colour; seat `i` plays colour `i` (Blue, Red, Green, Yellow).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Seat 0.
    Blue,
    /// Seat 1.
    Red,
    /// Seat 2.
    Green,
    /// Seat 3.
    Yellow,
}

impl Colour {
    /// All colours in seat order.
    pub const ALL: [Colour; 4] = [Colour::Blue, Colour::Red, Colour::Green, Colour::Yellow];

    /// The colour of seat index `i` (0..4).
    #[inline]
    pub fn from_index(i: usize) -> Option<Colour> {
        Colour::ALL.get(i).copied()
    }

    /// The seat index.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Display name ("Blue").
    pub fn name(self) -> &'static str {
        dwarfs_engine::COLOUR_NAMES[self.index()]
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The card types; only cards of the same type stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardType {
    /// A castle (nothing stacks on it).
    Castle,
    /// A mine (emerald, diamond, ruby, gold).
    Mine,
    /// A building (tavern, general store).
    Building,
    /// An environment card: a monster (nothing stacks on it).
    Monster,
}

/// The 9 kingdom card kinds every colour has one of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// Castle: one extra action while in play; 2 dwarfs dig.
    Castle,
    /// Tavern: 2 dwarfs draw an ogre card.
    Tavern,
    /// General store: 3 dwarfs buy a trading goal.
    GeneralStore,
    /// Emerald mine.
    EmeraldMine,
    /// Diamond mine.
    DiamondMine,
    /// Ruby mine.
    RubyMine,
    /// Gold mine (2 golds).
    GoldMine,
    /// Fire dragon: stops the mines of its kingdom.
    FireDragon,
    /// Frost giant: cancels the extra action of castles in its kingdom.
    FrostGiant,
}

impl Kind {
    /// All kinds, in hand order.
    pub const ALL: [Kind; 9] = [
        Kind::Castle,
        Kind::Tavern,
        Kind::GeneralStore,
        Kind::EmeraldMine,
        Kind::DiamondMine,
        Kind::RubyMine,
        Kind::GoldMine,
        Kind::FireDragon,
        Kind::FrostGiant,
    ];

    /// The kind with index `i` (0..9).
    #[inline]
    pub fn from_index(i: usize) -> Option<Kind> {
        Kind::ALL.get(i).copied()
    }

    /// The printed data of this kind.
    #[inline]
    pub fn data(self) -> &'static data::KindData {
        data::kind(self)
    }

    /// Display name ("ruby mine").
    pub fn name(self) -> &'static str {
        self.data().name
    }

    /// The card type.
    #[inline]
    pub fn card_type(self) -> CardType {
        self.data().card_type
    }

    /// True for the fire dragon and the frost giant.
    #[inline]
    pub fn is_monster(self) -> bool {
        self.card_type() == CardType::Monster
    }

    /// Open sides of this kind turned `quarter_turns` clockwise, as a mask of `data::N`, `E`,
    /// `S`, `W`.
    #[inline]
    pub fn open_turned(self, quarter_turns: u8) -> u8 {
        let o = self.data().open as u16;
        let r = (quarter_turns & 3) as u16;
        (((o << r) | (o >> (4 - r))) & 0xF) as u8
    }

    /// How many different ways this card can lie (1, 2 or 4): quarter turns `0..orientations()`
    /// give every distinct wall layout once. The fire dragon, open on every side, has one; the
    /// corridors (general store, diamond mine) two; the rest four.
    #[inline]
    pub fn orientations(self) -> u8 {
        if self.open_turned(1) == self.open_turned(0) {
            1
        } else if self.open_turned(2) == self.open_turned(0) {
            2
        } else {
            4
        }
    }
}

/// A kingdom card: a kind in a colour. Encoded in state as `colour * 9 + kind` (0..36).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Card {
    /// Whose card it is.
    pub colour: Colour,
    /// What it is.
    pub kind: Kind,
}

impl Card {
    /// The card's id 0..36.
    #[inline]
    pub fn id(self) -> u8 {
        (self.colour.index() * 9 + self.kind as usize) as u8
    }

    /// The card with id `id`, if in range.
    #[inline]
    pub fn from_id(id: u8) -> Option<Card> {
        let id = id as usize;
        Some(Card {
            colour: Colour::from_index(id / 9)?,
            kind: Kind::from_index(id % 9)?,
        })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.colour, self.kind.name())
    }
}

/// A gem kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Gem {
    /// Emerald (green).
    Emerald,
    /// Diamond.
    Diamond,
    /// Ruby.
    Ruby,
    /// Gold.
    Gold,
}

impl Gem {
    /// All gem kinds.
    pub const ALL: [Gem; 4] = [Gem::Emerald, Gem::Diamond, Gem::Ruby, Gem::Gold];

    /// Display name ("ruby").
    pub fn name(self) -> &'static str {
        data::GEMS[self as usize].name
    }
}

/// An ogre card kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum OgreKind {
    /// Swap an opponent's dwarf on a card with one of yours on another card.
    Brute,
    /// Remove all meeples from a card; they go home to their owners.
    Ambush,
    /// Steal all ogre cards from an opponent.
    Crown,
    /// Move a dwarf up to two cards away without passing through walls.
    Panic,
    /// Steal a random gem from an opponent.
    Thief,
}

impl OgreKind {
    /// All ogre kinds.
    pub const ALL: [OgreKind; 5] = [
        OgreKind::Brute,
        OgreKind::Ambush,
        OgreKind::Crown,
        OgreKind::Panic,
        OgreKind::Thief,
    ];

    /// Display name ("Brute").
    pub fn name(self) -> &'static str {
        data::OGRES[self as usize].name
    }
}

/// A 3rd-edition class meeple (an upgraded dwarf).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Class {
    /// Placing the king from the campfire is a free action.
    King,
    /// Spends an action to push an enemy meeple on its card to an adjacent card.
    Warrior,
    /// The guardian's card cannot be targeted by ogre cards.
    Guardian,
}

impl Class {
    /// All classes.
    pub const ALL: [Class; 3] = [Class::King, Class::Warrior, Class::Guardian];

    /// Display name ("warrior").
    pub fn name(self) -> &'static str {
        match self {
            Class::King => "king",
            Class::Warrior => "warrior",
            Class::Guardian => "guardian",
        }
    }
}

/// A secret goal (the conditions are the rulebook's; VP are in [`crate::data`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SecretGoal {
    /// Your kingdom has 8 kingdom cards or more.
    Architect,
    /// You have defeated 2 monsters or more.
    Hunter,
    /// Your kingdom is worth 10 VP or more.
    King,
    /// At least 1 gem of each kind in hand.
    Miner,
    /// At least 5 ogre cards in hand.
    OgreInDisguise,
    /// A trio of your meeples on each of 2 different monster cards at the same time.
    Researcher,
    /// At least 5 emeralds in hand.
    Wizard,
    /// 3rd edition (replaces Hunter): you have defeated 2 monsters or more.
    Berserker,
    /// 3rd edition: you killed a monster with at least three different types of meeples.
    Adventurer,
}

impl SecretGoal {
    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            SecretGoal::Architect => "Architect",
            SecretGoal::Hunter => "Hunter",
            SecretGoal::King => "King",
            SecretGoal::Miner => "Miner",
            SecretGoal::OgreInDisguise => "Ogre in disguise",
            SecretGoal::Researcher => "Researcher",
            SecretGoal::Wizard => "Wizard",
            SecretGoal::Berserker => "Berserker",
            SecretGoal::Adventurer => "Adventurer",
        }
    }

    /// The condition in words.
    pub fn text(self) -> &'static str {
        match self {
            SecretGoal::Architect => "your kingdom must have 8 kingdom cards or more",
            SecretGoal::Hunter => "you must have defeated 2 monsters or more",
            SecretGoal::King => "your kingdom must be worth 10 VP or more",
            SecretGoal::Miner => "you must have at least 1 gem of each kind in hand",
            SecretGoal::OgreInDisguise => "you must have at least 5 ogre cards in hand",
            SecretGoal::Researcher => {
                "you must have a trio of your meeples on 2 different monster cards at the same time"
            }
            SecretGoal::Wizard => "you must have at least 5 emeralds in hand",
            SecretGoal::Berserker => "you must have defeated at least 2 monsters of any type",
            SecretGoal::Adventurer => {
                "you must kill a monster using at least three different types of meeples (e.g. a dwarf, a warrior and a king)"
            }
        }
    }
}

/// What completing a card's task does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// Castle: move the top card of a stack to its bottom.
    Dig,
    /// Tavern: draw an ogre card.
    DrawOgre,
    /// General store: buy a face-up trading goal.
    Trade,
    /// Mine: take `count` gems of `gem`.
    Mine {
        /// Which gem.
        gem: Gem,
        /// How many.
        count: u8,
    },
    /// Monster: defeat it.
    Defeat,
}

/// A card a player may discard: a gem or an ogre (kingdom cards can never be discarded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandCard {
    /// A gem card.
    Gem(Gem),
    /// An ogre card.
    Ogre(OgreKind),
}

/// A side of a card / a direction on the mat. North is up (towards smaller `y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Dir {
    /// Up, `y - 1`.
    North,
    /// Right, `x + 1`.
    East,
    /// Down, `y + 1`.
    South,
    /// Left, `x - 1`.
    West,
}

impl Dir {
    /// All directions, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// The opposite side.
    #[inline]
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 2) % 4]
    }

    /// The step `(dx, dy)`.
    #[inline]
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }
}

/// Cells per side of the mat.
pub const GRID_SIDE: usize = (2 * GRID_RADIUS as usize) + 1;
/// Cells on the mat.
pub const CELLS: usize = GRID_SIDE * GRID_SIDE;

/// A position on the mat: `x` grows to the east, `y` to the south; `(0, 0)` is the centre, where
/// the first card goes. Both coordinates lie in `-GRID_RADIUS..=GRID_RADIUS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pos {
    /// Column, east positive.
    pub x: i8,
    /// Row, south positive.
    pub y: i8,
}

impl Pos {
    /// The centre of the mat.
    pub const CENTRE: Pos = Pos { x: 0, y: 0 };

    /// A position (may be off the mat; see [`Pos::cell`]).
    pub const fn new(x: i8, y: i8) -> Pos {
        Pos { x, y }
    }

    /// True if the position is on the mat.
    #[inline]
    pub fn on_mat(self) -> bool {
        (-GRID_RADIUS..=GRID_RADIUS).contains(&self.x)
            && (-GRID_RADIUS..=GRID_RADIUS).contains(&self.y)
    }

    /// The cell index, or `None` off the mat.
    #[inline]
    pub fn cell(self) -> Option<u8> {
        if self.on_mat() {
            Some(
                ((self.y + GRID_RADIUS) as usize * GRID_SIDE + (self.x + GRID_RADIUS) as usize)
                    as u8,
            )
        } else {
            None
        }
    }

    /// The position of a cell index (0..CELLS).
    #[inline]
    pub fn of_cell(cell: u8) -> Pos {
        let c = cell as usize;
        Pos {
            x: (c % GRID_SIDE) as i8 - GRID_RADIUS,
            y: (c / GRID_SIDE) as i8 - GRID_RADIUS,
        }
    }

    /// The neighbouring position in `dir` (may be off the mat).
    #[inline]
    pub fn step(self, dir: Dir) -> Pos {
        let (dx, dy) = dir.delta();
        Pos {
            x: self.x.saturating_add(dx),
            y: self.y.saturating_add(dy),
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The neighbour cell of `cell` in `dir`, if on the mat. Precomputed for speed.
#[inline]
pub(crate) fn neighbour(cell: u8, dir: Dir) -> Option<u8> {
    let n = NEIGHBOURS[cell as usize][dir as usize];
    if n == NO_CELL { None } else { Some(n) }
}

/// Marks "no cell".
pub(crate) const NO_CELL: u8 = u8::MAX;

pub(crate) const NEIGHBOURS: [[u8; 4]; CELLS] = {
    let mut t = [[NO_CELL; 4]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let x = c % GRID_SIDE;
        let y = c / GRID_SIDE;
        if y > 0 {
            t[c][0] = (c - GRID_SIDE) as u8;
        }
        if x + 1 < GRID_SIDE {
            t[c][1] = (c + 1) as u8;
        }
        if y + 1 < GRID_SIDE {
            t[c][2] = (c + GRID_SIDE) as u8;
        }
        if x > 0 {
            t[c][3] = (c - 1) as u8;
        }
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_and_neighbours_agree() {
        for c in 0..CELLS as u8 {
            let p = Pos::of_cell(c);
            assert_eq!(p.cell(), Some(c));
            for d in Dir::ALL {
                assert_eq!(neighbour(c, d), p.step(d).cell());
            }
        }
        assert_eq!(Pos::new(GRID_RADIUS + 1, 0).cell(), None);
        assert_eq!(Pos::new(i8::MIN, i8::MAX).cell(), None);
    }

    #[test]
    fn card_ids_round_trip() {
        for id in 0..36 {
            assert_eq!(Card::from_id(id).map(Card::id), Some(id));
        }
        assert_eq!(Card::from_id(36), None);
    }
}
