//! The 8 x 8 board: positions, what each square holds, and the tiles as they currently are after
//! lair and impassable effects (transformations, value changes, "must be fought").

use crate::data::{
    BOARD_SIDE, BoardEffect, BoardKind, BoardTile, HOLD_HIGH, HOLD_LOW, RoomEffect, SQUARES,
    TileMatch, WorkTile,
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

/// Most seats a game has: the per-seat figures [`Board`] keeps.
const MAX_SEATS: usize = 8;

/// What a seat's spaces add to each of its action tiles: rooms and mines with a dig or fight
/// bonus (the leader's bonus is added by the caller).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SpaceBonus {
    /// Extra dig points per action tile.
    pub(crate) dig: u8,
    /// Extra fight points per action tile.
    pub(crate) fight: u8,
}

impl SpaceBonus {
    /// What one space adds to its owner's bonuses, and who that is.
    fn of(space: &Space) -> Option<(Seat, SpaceBonus)> {
        let (owner, dig, fight) = match *space {
            Space::Room { room, owner, .. } => match room.room() {
                Some((_, RoomEffect::DigBonus)) => (owner, 1, 0),
                Some((_, RoomEffect::FightBonus)) => (owner, 0, 1),
                _ => return None,
            },
            Space::Claimed { as_tile, owner, .. } if as_tile.kind() == BoardKind::Vein => {
                let effects = as_tile.data().effects;
                (
                    owner,
                    effects.contains(&BoardEffect::MineDigBonus) as u8,
                    effects.contains(&BoardEffect::MineFightBonus) as u8,
                )
            }
            _ => return None,
        };
        (dig + fight > 0 && owner.index() < MAX_SEATS).then_some((owner, SpaceBonus { dig, fight }))
    }
}

/// Every tile as it currently is, indexed by square ([`tile_views`]).
pub(crate) type Views = [Option<TileView>; SQUARES];

/// The 64 squares, with what the rules and the encoding read most kept beside them: the
/// squares' canonical bytes (so encoding the board is one copy), the tiles as they currently
/// are ([`tile_views`], which depend on the squares alone), the squares each seat controls, the
/// rooms built and each seat's [`SpaceBonus`]. The squares change a few times a turn and these
/// are read at almost every step. Every change goes through [`Board::set`] or
/// [`Board::set_owner`], which keep them up to date; reading is through the slice of squares it
/// dereferences to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    spaces: [Space; SQUARES],
    bytes: [u8; 4 * SQUARES],
    views: Views,
    /// Per seat, the squares it controls (bit `square`).
    owned: [u64; MAX_SEATS],
    /// The room designs on the board (bit `WorkTile as u8`).
    built: u64,
    bonus: [SpaceBonus; MAX_SEATS],
}

impl Board {
    /// A board of these squares.
    pub(crate) fn new(spaces: [Space; SQUARES]) -> Board {
        let mut b = Board {
            spaces,
            bytes: [0; 4 * SQUARES],
            views: [None; SQUARES],
            owned: [0; MAX_SEATS],
            built: 0,
            bonus: [SpaceBonus::default(); MAX_SEATS],
        };
        for (i, space) in spaces.iter().enumerate() {
            b.bytes[4 * i..4 * i + 4].copy_from_slice(&crate::packed::spaces::pack(space));
        }
        b.derive();
        b
    }

    /// Computes the views, owners, rooms and bonuses from the squares.
    fn derive(&mut self) {
        self.views = tile_views(&self.spaces);
        self.owned = [0; MAX_SEATS];
        self.built = 0;
        self.bonus = [SpaceBonus::default(); MAX_SEATS];
        for (i, space) in self.spaces.iter().enumerate() {
            if let Some(o) = self
                .owned
                .get_mut(space.owner().map_or(MAX_SEATS, Seat::index))
            {
                *o |= 1 << i;
            }
            if let Space::Room { room, .. } = space {
                self.built |= 1 << (*room as u8);
            }
            if let Some((owner, s)) = SpaceBonus::of(space) {
                let b = &mut self.bonus[owner.index()];
                b.dig += s.dig;
                b.fight += s.fight;
            }
        }
    }

    /// Puts `space` on square `i` (nothing happens off the board).
    pub(crate) fn set(&mut self, i: usize, space: Space) {
        if i >= SQUARES || self.spaces[i] == space {
            return;
        }
        self.spaces[i] = space;
        self.bytes[4 * i..4 * i + 4].copy_from_slice(&crate::packed::spaces::pack(&space));
        self.derive();
    }

    /// Gives the marker on square `i` to `seat` (no effect on the hold or an open tile).
    pub(crate) fn set_owner(&mut self, i: usize, seat: Seat) {
        if let Some(mut s) = self.spaces.get(i).copied() {
            s.set_owner(seat);
            self.set(i, s);
        }
    }

    /// The squares' canonical bytes, 4 a square in index order.
    pub(crate) fn bytes(&self) -> &[u8; 4 * SQUARES] {
        &self.bytes
    }

    /// Every tile as it currently is.
    pub(crate) fn views(&self) -> &Views {
        &self.views
    }

    /// The squares `seat` controls, as bits (bit `square`).
    pub(crate) fn owned(&self, seat: Seat) -> u64 {
        self.owned.get(seat.index()).copied().unwrap_or(0)
    }

    /// The squares `seat` controls, in square order.
    pub(crate) fn of(&self, seat: Seat) -> impl Iterator<Item = &Space> + '_ {
        let mut bits = self.owned(seat);
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            self.spaces.get(i)
        })
    }

    /// Whether a room of this design stands on the board.
    pub(crate) fn is_built(&self, room: WorkTile) -> bool {
        self.built & (1 << (room as u8)) != 0
    }

    /// The room designs on the board, as bits (bit `WorkTile as u8`).
    pub(crate) fn built(&self) -> u64 {
        self.built
    }

    /// What `seat`'s spaces add to each of its action tiles.
    pub(crate) fn bonus(&self, seat: Seat) -> SpaceBonus {
        self.bonus.get(seat.index()).copied().unwrap_or_default()
    }
}

impl std::ops::Deref for Board {
    type Target = [Space];

    fn deref(&self) -> &[Space] {
        &self.spaces
    }
}

impl<'a> IntoIterator for &'a Board {
    type Item = &'a Space;
    type IntoIter = std::slice::Iter<'a, Space>;

    fn into_iter(self) -> Self::IntoIter {
        self.spaces.iter()
    }
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

/// Each square's neighbours in [`Pos::neighbours`] order (above, below, left, right), `u8::MAX`
/// where the board ends.
const NEIGHBOURS: [[u8; 4]; SQUARES] = {
    let mut out = [[u8::MAX; 4]; SQUARES];
    let mut p = 0;
    while p < SQUARES {
        let (r, c) = (p / BOARD_SIDE as usize, p % BOARD_SIDE as usize);
        let side = BOARD_SIDE as usize;
        let mut k = 0;
        if r > 0 {
            out[p][k] = (p - side) as u8;
            k += 1;
        }
        if r + 1 < side {
            out[p][k] = (p + side) as u8;
            k += 1;
        }
        if c > 0 {
            out[p][k] = (p - 1) as u8;
            k += 1;
        }
        if c + 1 < side {
            out[p][k] = (p + 1) as u8;
        }
        p += 1;
    }
    out
};

/// Each square's neighbours as bits (bit `square`).
const NEIGHBOUR_BITS: [u64; SQUARES] = {
    let mut out = [0u64; SQUARES];
    let mut p = 0;
    while p < SQUARES {
        let mut k = 0;
        while k < 4 {
            if NEIGHBOURS[p][k] != u8::MAX {
                out[p] |= 1 << NEIGHBOURS[p][k];
            }
            k += 1;
        }
        p += 1;
    }
    out
};

/// The squares next to square `p` (0-63).
fn neighbours(p: usize) -> impl Iterator<Item = usize> {
    NEIGHBOURS[p]
        .into_iter()
        .take_while(|&q| q != u8::MAX)
        .map(usize::from)
}

/// The tiles on all 64 squares as they currently are (`None`: the hold, rooms, cleared lairs).
pub fn tile_views(spaces: &[Space]) -> [Option<TileView>; SQUARES] {
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
    let mut v: [Option<TileView>; SQUARES] = [None; SQUARES];
    // Open tiles printed as one of the transforming lairs: the only squares a pass starts from.
    let mut sources = 0u64;
    for (i, space) in spaces.iter().enumerate().take(SQUARES) {
        let (printed, face, open) = match *space {
            Space::Open(t) => (t, t, true),
            Space::Claimed { tile, as_tile, .. } => (tile, as_tile, false),
            _ => continue,
        };
        if open && passes.iter().any(|(source, ..)| *source == printed) {
            sources |= 1 << i;
        }
        v[i] = Some(TileView {
            printed,
            face,
            kind: face.kind(),
            fire_pit: false,
            open,
            value: 0,
            must_fight: false,
        });
    }
    for (source, affects, into) in passes {
        let mut bits = sources;
        while bits != 0 {
            let p = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let Some(s) = v[p] else { continue };
            if !(s.open && s.printed == source && s.face == source && s.kind == BoardKind::Lair) {
                continue;
            }
            for q in neighbours(p) {
                let Some(mut t) = v[q] else { continue };
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
                v[q] = Some(t);
            }
        }
    }
    // Squares whose effects reach their neighbours: active lairs and impassables (not fire
    // pits).
    let mut emitters = 0u64;
    for (i, t) in v.iter().enumerate() {
        if let Some(n) = t
            && (n.is_active_lair() || (n.kind == BoardKind::Impassable && !n.fire_pit))
        {
            emitters |= 1 << i;
        }
    }
    // Values and "must be fought", computed from the transformed board.
    let mut out = v;
    for p in 0..SQUARES {
        let Some(t) = v[p] else { continue };
        if !t.open {
            let mut t = t;
            t.value = t.face.data().value;
            out[p] = Some(t);
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
                    let n = neighbours(p)
                        .filter(|q| v[*q].is_some_and(|n| n.matches(of)))
                        .count() as i16;
                    value += per as i16 * n;
                }
            }
        }
        // Effects of neighbours: active lairs and impassables (not fire pits).
        if t.kind != BoardKind::Impassable {
            if NEIGHBOUR_BITS[p] & emitters != 0 {
                for q in neighbours(p) {
                    let Some(n) = v[q] else { continue };
                    if emitters & (1 << q) == 0 {
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
            }
            value = value.max(1);
        }
        let mut t = t;
        t.value = value.clamp(0, u8::MAX as i16) as u8;
        t.must_fight = must_fight;
        out[p] = Some(t);
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
        for p in Pos::all() {
            let listed: Vec<usize> = neighbours(p.0 as usize).collect();
            let expected: Vec<usize> = p.neighbours().map(|q| q.0 as usize).collect();
            assert_eq!(listed, expected, "{p}");
            let bits = expected.iter().fold(0u64, |b, q| b | 1 << q);
            assert_eq!(NEIGHBOUR_BITS[p.0 as usize], bits, "{p}");
        }
    }

    #[test]
    fn the_board_keeps_its_bytes_views_and_bonuses_up_to_date() {
        use crate::data::WorkTile;
        // Squares that touch every cached figure: bonus rooms and mines, lairs that change
        // their neighbours, rooms in former lairs.
        let rooms: Vec<WorkTile> = WorkTile::ALL
            .into_iter()
            .filter(|w| w.room().is_some())
            .collect();
        let mut b = Board::new([Space::Hold; SQUARES]);
        let mut x = 7u32;
        let mut seen_bonus = false;
        for step in 0..3000u32 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let r = (x >> 8) as usize;
            let tile = BoardTile::ALL[r % BoardTile::ALL.len()];
            let owner = Seat(((r >> 6) % MAX_SEATS) as u8);
            let space = match (r >> 9) % 5 {
                0 => Space::Open(tile),
                1 => Space::Claimed {
                    tile,
                    as_tile: tile,
                    owner,
                },
                2 => Space::Cleared { owner },
                3 => Space::Room {
                    room: rooms[(r >> 12) % rooms.len()],
                    owner,
                    base: (r & 1 == 0).then_some(tile),
                },
                _ => Space::Hold,
            };
            let at = (r >> 16) % SQUARES;
            if step % 7 == 0 {
                b.set_owner(at, owner);
            } else {
                b.set(at, space);
            }
            let mut squares = [Space::Hold; SQUARES];
            squares.copy_from_slice(&b);
            assert_eq!(b, Board::new(squares), "step {step}");
            seen_bonus |= (0..MAX_SEATS as u8).any(|s| b.bonus(Seat(s)) != SpaceBonus::default());
        }
        assert!(seen_bonus, "some step gave a seat a dig or fight bonus");
    }
}
