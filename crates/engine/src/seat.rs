//! Seats, who acts now, and who is looking.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The names of the player colours, in seat order: the one list every game with player colours
/// (Fall's four, Hold's eight; see [`crate::Game::seat_colour`]) and the app's preferred-colour
/// setting use.
pub const COLOUR_NAMES: [&str; 8] = [
    "Blue", "Red", "Green", "Yellow", "Purple", "Orange", "White", "Black",
];

/// A seat at the table, numbered from 0 in turn order. Seat 0 starts unless a game says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index as a `usize`, for indexing per-seat vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// All seats of a game with `players` players, in seat order.
    pub fn all(players: u8) -> impl Iterator<Item = Seat> + Clone {
        (0..players).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 as u16 + 1)
    }
}

/// A set of seats (at most [`SeatSet::CAPACITY`]), kept as a bit mask so it is `Copy`, ordered and
/// hashes the same on every peer.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SeatSet(u16);

impl SeatSet {
    /// The most seats a set can hold (seats 0 to 15).
    pub const CAPACITY: u8 = 16;

    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Every seat of a game with `players` players (capped at the capacity).
    pub fn all(players: u8) -> Self {
        let n = players.min(Self::CAPACITY) as u32;
        SeatSet(((1u32 << n) - 1) as u16)
    }

    /// This set with `seat` added; a seat beyond the capacity is ignored.
    #[must_use]
    pub fn with(self, seat: Seat) -> Self {
        if seat.0 < Self::CAPACITY {
            SeatSet(self.0 | 1 << seat.0)
        } else {
            self
        }
    }

    /// This set without `seat`.
    #[must_use]
    pub fn without(self, seat: Seat) -> Self {
        if seat.0 < Self::CAPACITY {
            SeatSet(self.0 & !(1 << seat.0))
        } else {
            self
        }
    }

    /// True if `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        seat.0 < Self::CAPACITY && self.0 & (1 << seat.0) != 0
    }

    /// True if no seat is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats are in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in the set, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> + Clone {
        (0..Self::CAPACITY)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

/// Who must act next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    /// This seat must choose one of the legal actions.
    Seat(Seat),
    /// Every seat in the set decides at the same time, in secret: each picks one of its
    /// [`crate::Game::legal_actions_for`] and plays it with [`crate::Game::play`], in any order.
    /// The set shrinks as seats decide; no seat's choice may show in another's observation until
    /// the step is over. Over the network the protocol runs such a step as commit-then-reveal.
    Simultaneous(SeatSet),
    /// The game is at a chance point: it waits for entropy (`Game::resolve_chance`).
    Chance,
    /// The game is over; `Game::outcome` is available.
    Over,
}

impl Actor {
    /// True if `seat` must (or may now) decide: it is the acting seat, or one of the seats of a
    /// simultaneous step that has not decided yet.
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            Actor::Seat(s) => s == seat,
            Actor::Simultaneous(set) => set.contains(seat),
            Actor::Chance | Actor::Over => false,
        }
    }

    /// The seats that decide now, in seat order (empty at chance points and at the end).
    pub fn deciding(self) -> SeatSet {
        match self {
            Actor::Seat(s) => SeatSet::EMPTY.with(s),
            Actor::Simultaneous(set) => set,
            Actor::Chance | Actor::Over => SeatSet::EMPTY,
        }
    }
}

/// Who an observation is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    /// A seated player: sees their own hidden information and everyone's public information.
    Seat(Seat),
    /// A spectator: sees public information only.
    Spectator,
}

impl Viewer {
    /// Every viewer of a game with `players` players: each seat in order, then a spectator.
    pub fn all(players: u8) -> impl Iterator<Item = Viewer> + Clone {
        Seat::all(players)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_add_remove_and_list_in_order() {
        let s: SeatSet = [Seat(3), Seat(0), Seat(7)].into_iter().collect();
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Seat(0), Seat(3), Seat(7)]
        );
        assert_eq!(s.len(), 3);
        assert!(s.contains(Seat(3)) && !s.contains(Seat(1)));
        let t = s.without(Seat(3));
        assert!(!t.contains(Seat(3)) && t.len() == 2);
        assert_eq!(SeatSet::all(4).len(), 4);
        assert_eq!(SeatSet::all(16).len(), 16);
        assert!(
            SeatSet::EMPTY.with(Seat(16)).is_empty(),
            "beyond capacity is ignored"
        );
        assert!(!SeatSet::EMPTY.contains(Seat(200)));
        assert_eq!(format!("{s:?}"), "{0, 3, 7}");
    }

    #[test]
    fn actor_says_who_decides() {
        let set = SeatSet::all(3).without(Seat(1));
        assert!(Actor::Simultaneous(set).includes(Seat(2)));
        assert!(!Actor::Simultaneous(set).includes(Seat(1)));
        assert!(Actor::Seat(Seat(1)).includes(Seat(1)));
        assert!(!Actor::Chance.includes(Seat(0)));
        assert_eq!(
            Actor::Seat(Seat(2)).deciding().iter().collect::<Vec<_>>(),
            [Seat(2)]
        );
        assert!(Actor::Over.deciding().is_empty());
        assert_eq!(
            Viewer::all(2).collect::<Vec<_>>(),
            [
                Viewer::Seat(Seat(0)),
                Viewer::Seat(Seat(1)),
                Viewer::Spectator
            ]
        );
    }
}
