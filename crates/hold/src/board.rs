//! The 8 x 8 board: positions, what each square holds, and the tiles as they currently are after
//! lair and impassable effects (transformations, value changes, "must be fought").

use crate::data::{
    BOARD_SIDE, BoardEffect, BoardKind, BoardTile, HOLD_HIGH, HOLD_LOW, SQUARES, TileMatch,
    WorkTile,
};
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A square of the board: `row * 8 + col`, both 0-7, row 0 at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos(pub u8);

impl Pos {
    /// The square at `row`, `col` (both 0-7), or `None` off the board.
    pub fn new(row: u8, col: u8) -> Option<Pos> {
        (row < BOARD_SIDE && col < BOARD_SIDE).then_some(Pos(row * BOARD_SIDE + col))
    }

    /// Row, 0-7.
    pub fn row(self) -> u8 {
        self.0 / BOARD_SIDE
    }

    /// Column, 0-7.
    pub fn col(self) -> u8 {
        self.0 % BOARD_SIDE
    }

    /// Whether this is a real square.
    pub fn is_valid(self) -> bool {
        (self.0 as usize) < SQUARES
    }

    /// Whether the hold covers this square.
    pub fn is_hold(self) -> bool {
        (HOLD_LOW..=HOLD_HIGH).contains(&self.row()) && (HOLD_LOW..=HOLD_HIGH).contains(&self.col())
    }

    /// The squares sharing a side with this one.
    pub fn neighbours(self) -> impl Iterator<Item = Pos> {
        let (r, c) = (self.row() as i8, self.col() as i8);
        [(-1i8, 0i8), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .filter_map(move |(dr, dc)| {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 {
                    None
                } else {
                    Pos::new(nr as u8, nc as u8)
                }
            })
    }

    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Pos> {
        (0..SQUARES as u8).map(Pos)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Chess-like: columns a-h, rows 1-8 from the top.
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

/// What a square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Space {
    /// Part of the hold (the 4 centre squares); markers on it are counted per player.
    Hold,
    /// A face-up board tile nobody controls (uncleared lairs, unclaimed earth and veins,
    /// impassables).
    Open(BoardTile),
    /// A dug (or fought-for) earth or vein tile with its owner's marker. `as_tile` is what the tile
    /// was when claimed (a vein next to the Xorn is claimed as Rock, for example).
    Claimed {
        /// The printed tile.
        tile: BoardTile,
        /// What it was claimed as (usually the same).
        as_tile: BoardTile,
        /// Who controls it.
        owner: Seat,
    },
    /// A cleared lair: the lair tile was taken as a trophy; the owner's marker is on the space.
    Cleared {
        /// Who controls it.
        owner: Seat,
    },
    /// A room with its owner's marker.
    Room {
        /// The room.
        room: WorkTile,
        /// Who controls it.
        owner: Seat,
        /// The claimed earth tile under the room (`None`: built in a former lair).
        base: Option<BoardTile>,
    },
}

impl Space {
    /// The controlling seat, for spaces outside the hold.
    pub fn owner(&self) -> Option<Seat> {
        match *self {
            Space::Claimed { owner, .. } | Space::Cleared { owner } | Space::Room { owner, .. } => {
                Some(owner)
            }
            Space::Hold | Space::Open(_) => None,
        }
    }

    fn set_owner(&mut self, seat: Seat) {
        match self {
            Space::Claimed { owner, .. } | Space::Cleared { owner } | Space::Room { owner, .. } => {
                *owner = seat
            }
            Space::Hold | Space::Open(_) => {}
        }
    }

    /// Whether this is a claimed vein (a mine).
    pub fn is_mine(&self) -> bool {
        matches!(self, Space::Claimed { as_tile, .. } if as_tile.kind() == BoardKind::Vein)
    }
}

/// Replaces the owner of a controlled space (no effect on other spaces).
pub(crate) fn set_owner(space: &mut Space, seat: Seat) {
    space.set_owner(seat);
}

/// A board tile as it is now, after every lair and impassable effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TileView {
    /// The printed tile.
    pub printed: BoardTile,
    /// What it currently is (differs when a lair transforms it).
    pub face: BoardTile,
    /// Its current kind (an uncleared lair next to the Pit Fiend is `Impassable`).
    pub kind: BoardKind,
    /// Whether it is an impassable fire pit because of the Pit Fiend.
    pub fire_pit: bool,
    /// Whether nobody controls it yet.
    pub open: bool,
    /// Current value (dig or fight points needed, VT gained); 0 for impassables.
    pub value: u8,
    /// Whether it must be won in the Fight phase (lairs, and tiles a lair guards).
    pub must_fight: bool,
}

impl TileView {
    /// An uncleared lair that is still a lair (its own effects work).
    pub fn is_active_lair(&self) -> bool {
        self.open && self.kind == BoardKind::Lair
    }

    fn matches(&self, m: TileMatch) -> bool {
        match m {
            TileMatch::Kind(k) => self.kind == k,
            TileMatch::Tile(t) => !self.fire_pit && self.face == t,
        }
    }
}

/// A transformation pass: source lair, which neighbours it affects, what they become (`None`:
/// a fire pit).
type Transform = (BoardTile, fn(&TileView) -> bool, Option<BoardTile>);

/// The tiles on all 64 squares as they currently are (`None`: the hold, rooms, cleared lairs).
pub fn tile_views(spaces: &[Space]) -> [Option<TileView>; SQUARES] {
    let mut v: [Option<TileView>; SQUARES] = [None; SQUARES];
    for p in Pos::all() {
        let (printed, face, open) = match spaces.get(p.0 as usize) {
            Some(Space::Open(t)) => (*t, *t, true),
            Some(Space::Claimed { tile, as_tile, .. }) => (*tile, *as_tile, false),
            _ => continue,
        };
        v[p.0 as usize] = Some(TileView {
            printed,
            face,
            kind: face.kind(),
            fire_pit: false,
            open,
            value: 0,
            must_fight: false,
        });
    }
    let at = |v: &[Option<TileView>; SQUARES], p: Pos| v[p.0 as usize];
    // Transformations, in a fixed order (see the rules doc): Pit Fiend, Beholder, Xorn, Stone
    // Giants. A lair that has been transformed loses its own effects.
    let passes: [Transform; 4] = [
        (
            BoardTile::PitFiend,
            |t| t.kind == BoardKind::Lair,
            None, // fire pit
        ),
        (
            BoardTile::Beholder,
            |t| t.kind == BoardKind::Lair,
            Some(BoardTile::Soil),
        ),
        (
            BoardTile::Xorn,
            |t| t.kind == BoardKind::Vein,
            Some(BoardTile::Rock),
        ),
        (
            BoardTile::StoneGiants,
            |t| t.kind == BoardKind::Earth,
            Some(BoardTile::Stone),
        ),
    ];
    for (source, affects, into) in passes {
        for p in Pos::all() {
            let Some(s) = at(&v, p) else { continue };
            if !(s.open && s.printed == source && s.face == source && s.kind == BoardKind::Lair) {
                continue;
            }
            for q in p.neighbours() {
                let Some(mut t) = at(&v, q) else { continue };
                if !t.open || !affects(&t) {
                    continue;
                }
                match into {
                    None => {
                        t.fire_pit = true;
                        t.kind = BoardKind::Impassable;
                    }
                    Some(into) => {
                        t.face = into;
                        t.kind = into.kind();
                    }
                }
                v[q.0 as usize] = Some(t);
            }
        }
    }
    // Values and "must be fought", computed from the transformed board.
    let mut out = v;
    for p in Pos::all() {
        let Some(t) = at(&v, p) else { continue };
        if !t.open {
            let mut t = t;
            t.value = t.face.data().value;
            out[p.0 as usize] = Some(t);
            continue;
        }
        let mut value = if t.kind == BoardKind::Impassable {
            0i16
        } else {
            t.face.data().value as i16
        };
        let mut must_fight = t.kind == BoardKind::Lair;
        // Own effects of an active lair.
        if t.is_active_lair() {
            for e in t.face.data().effects {
                if let BoardEffect::PerAdjacent { per, of } = *e {
                    let n = p
                        .neighbours()
                        .filter(|q| at(&v, *q).is_some_and(|n| n.matches(of)))
                        .count() as i16;
                    value += per as i16 * n;
                }
            }
        }
        // Effects of neighbours: active lairs and impassables (not fire pits).
        if t.kind != BoardKind::Impassable {
            for q in p.neighbours() {
                let Some(n) = at(&v, q) else { continue };
                let works = n.is_active_lair() || (n.kind == BoardKind::Impassable && !n.fire_pit);
                if !works {
                    continue;
                }
                for e in n.face.data().effects {
                    match *e {
                        BoardEffect::AdjacentValue { delta, of } if t.matches(of) => {
                            value += delta as i16;
                        }
                        BoardEffect::MustFight(of) if n.is_active_lair() && t.matches(of) => {
                            must_fight = true;
                        }
                        _ => {}
                    }
                }
            }
            value = value.max(1);
        }
        let mut t = t;
        t.value = value.clamp(0, u8::MAX as i16) as u8;
        t.must_fight = must_fight;
        out[p.0 as usize] = Some(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_neighbours() {
        let p = Pos::new(0, 0).unwrap();
        assert_eq!(p.neighbours().count(), 2);
        assert_eq!(Pos::new(3, 3).unwrap().neighbours().count(), 4);
        assert!(Pos::new(8, 0).is_none());
        assert_eq!(Pos::all().filter(|p| p.is_hold()).count(), 4);
        assert_eq!(Pos::new(0, 0).unwrap().to_string(), "a1");
        assert_eq!(Pos::new(7, 7).unwrap().to_string(), "h8");
    }
}
