//! The board graph: zones, their types and numbers, adjacency, and each zone's step towards
//! the castle.

use super::{Instrument, Resource};
use serde::Deserialize;
use serde::Serialize;

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// The five zone types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ZoneType {
    /// The castle at the centre: a monster here at the end of a week loses the game.
    Castle,
    /// The walls around the castle.
    Wall,
    /// Fields (food), the inner ring.
    Field,
    /// Forests (wood), at the edge.
    Forest,
    /// Mines (stone), at the edge.
    Mine,
}

impl ZoneType {
    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            ZoneType::Castle => "Castle",
            ZoneType::Wall => "Wall",
            ZoneType::Field => "Field",
            ZoneType::Forest => "Forest",
            ZoneType::Mine => "Mine",
        }
    }

    /// The resource a "Produce" hero makes per zone of this type (none for castle and walls).
    pub fn produces(self) -> Option<Resource> {
        match self {
            ZoneType::Field => Some(Resource::Food),
            ZoneType::Forest => Some(Resource::Wood),
            ZoneType::Mine => Some(Resource::Stone),
            ZoneType::Castle | ZoneType::Wall => None,
        }
    }

    /// The instrument that belongs to this zone type (ours: see the rules doc).
    pub fn instrument(self) -> Instrument {
        match self {
            ZoneType::Forest => Instrument::Drums,
            ZoneType::Mine => Instrument::Horn,
            ZoneType::Field => Instrument::Flute,
            ZoneType::Castle | ZoneType::Wall => Instrument::Harp,
        }
    }
}

/// Zones on the board.
pub const ZONES: usize = 17;

/// A zone of the board, 0 to 16: the castle (0), Wall 1-4 (1-4), Field 1-4 (5-8), Forest 1-4
/// (9-12) and Mine 1-4 (13-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Zone(pub u8);

impl Zone {
    /// The castle.
    pub const CASTLE: Zone = Zone(0);

    /// Every zone, in index order.
    pub fn all() -> impl Iterator<Item = Zone> + Clone {
        (0..ZONES as u8).map(Zone)
    }

    /// Index into per-zone arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// True for a real zone (0 to 16).
    pub fn is_valid(self) -> bool {
        (self.0 as usize) < ZONES
    }

    /// The zone's static data; zone 0 for an invalid zone (check [`Zone::is_valid`] first).
    pub fn data(self) -> &'static ZoneData {
        &BOARD[self.index().min(ZONES - 1)]
    }

    /// The zone's type.
    pub fn kind(self) -> ZoneType {
        self.data().kind
    }

    /// The number printed on the zone (0 for the castle).
    pub fn number(self) -> u8 {
        self.data().number
    }

    /// Bit mask of the adjacent zones.
    #[inline]
    pub fn adjacent_mask(self) -> u32 {
        self.data().adjacent
    }

    /// True if `other` is adjacent to this zone.
    #[inline]
    pub fn is_adjacent(self, other: Zone) -> bool {
        other.is_valid() && self.adjacent_mask() & (1 << other.0) != 0
    }

    /// The adjacent zones, in index order.
    pub fn adjacent(self) -> impl Iterator<Item = Zone> + Clone {
        let m = self.adjacent_mask();
        (0..ZONES as u8)
            .filter(move |i| m & (1 << i) != 0)
            .map(Zone)
    }

    /// The zone one step closer to the castle (the castle for the castle itself).
    #[inline]
    pub fn toward_castle(self) -> Zone {
        Zone(self.data().next)
    }

    /// Steps from this zone to `other`.
    pub fn steps_to(self, other: Zone) -> u8 {
        if self.is_valid() && other.is_valid() {
            ZONE_DISTANCE[self.index()][other.index()]
        } else {
            u8::MAX
        }
    }

    /// Steps from this zone to the castle.
    pub fn distance(self) -> u8 {
        self.data().distance
    }

    /// The quarter of the board the zone lies in (0-3, clockwise from Wall 1), or `None` for
    /// the castle. Wall q+1, Field q+1, Forest q+1 and Mine q+1 make quarter q: a board view
    /// can lay the zones out as rings (walls, fields, then forests and mines) by quarter. The
    /// forests also touch each other round the rim, behind the mines ([`FOREST_EDGES`]).
    pub fn quarter(self) -> Option<u8> {
        match self.kind() {
            ZoneType::Castle => None,
            _ => Some(self.number() - 1),
        }
    }

    /// "Forest 2", "Castle".
    pub fn name(self) -> String {
        match self.kind() {
            ZoneType::Castle => "Castle".to_string(),
            k => format!("{} {}", k.name(), self.number()),
        }
    }
}

/// One zone of the board graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ZoneData {
    /// Its type.
    pub kind: ZoneType,
    /// Its number (1-4 within its type; 0 for the castle).
    pub number: u8,
    /// Adjacent zones as a bit mask over zone indices.
    pub adjacent: u32,
    /// The zone a monster moves to when it moves one step closer to the castle.
    pub next: u8,
    /// Steps to the castle.
    pub distance: u8,
}

/// The board edges (ours). Four quarters around the castle: in quarter q (0-3), Wall q+1 touches
/// the castle and Field q+1; Field q+1 touches Forest q+1 and Mine q+1. The walls form a ring,
/// the fields form a ring, and the forests and mines alternate in the outer ring (Forest 1,
/// Mine 1, Forest 2, Mine 2, ... back to Forest 1).
pub const EDGES: [(u8, u8); 28] = {
    let mut e = [(0u8, 0u8); 28];
    let mut q = 0u8;
    while q < 4 {
        let wall = 1 + q;
        let field = 5 + q;
        let forest = 9 + q;
        let mine = 13 + q;
        let i = q as usize * 7;
        e[i] = (0, wall);
        e[i + 1] = (wall, 1 + (q + 1) % 4);
        e[i + 2] = (wall, field);
        e[i + 3] = (field, 5 + (q + 1) % 4);
        e[i + 4] = (field, forest);
        e[i + 5] = (field, mine);
        e[i + 6] = (forest, mine);
        q += 1;
    }
    e
};

/// The outer ring's other edges: Mine q+1 touches Forest q+2.
pub const RING_EDGES: [(u8, u8); 4] = [(13, 10), (14, 11), (15, 12), (16, 9)];

/// The forests' ring (ours): the forests run round the rim of the board behind the mines, so
/// Forest q+1 touches Forest q+2 (and Forest 4 touches Forest 1). The rulebook's music example
/// moves a dwarf from Forest 2 to Forest 1 with one "move by 1 zone" card, and another from
/// Forest 1 to Mine 4.
pub const FOREST_EDGES: [(u8, u8); 4] = [(9, 10), (10, 11), (11, 12), (12, 9)];

const fn zone_kind(i: usize) -> (ZoneType, u8) {
    match i {
        0 => (ZoneType::Castle, 0),
        1..=4 => (ZoneType::Wall, i as u8),
        5..=8 => (ZoneType::Field, i as u8 - 4),
        9..=12 => (ZoneType::Forest, i as u8 - 8),
        _ => (ZoneType::Mine, i as u8 - 12),
    }
}

const fn adjacency() -> [u32; ZONES] {
    let mut adj = [0u32; ZONES];
    let mut i = 0;
    while i < EDGES.len() {
        let (a, b) = EDGES[i];
        adj[a as usize] |= 1 << b;
        adj[b as usize] |= 1 << a;
        i += 1;
    }
    let mut i = 0;
    while i < RING_EDGES.len() {
        let (a, b) = RING_EDGES[i];
        adj[a as usize] |= 1 << b;
        adj[b as usize] |= 1 << a;
        i += 1;
    }
    let mut i = 0;
    while i < FOREST_EDGES.len() {
        let (a, b) = FOREST_EDGES[i];
        adj[a as usize] |= 1 << b;
        adj[b as usize] |= 1 << a;
        i += 1;
    }
    adj
}

/// The board: distances by breadth-first search from the castle; a monster's step towards the
/// castle goes to the adjacent zone nearest the castle, ties broken by the lowest zone index.
pub const BOARD: [ZoneData; ZONES] = {
    let adj = adjacency();
    let mut dist = [u8::MAX; ZONES];
    dist[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        let mut i = 0;
        while i < ZONES {
            if dist[i] != u8::MAX {
                let mut j = 0;
                while j < ZONES {
                    if adj[i] & (1 << j) != 0 && dist[j] > dist[i] + 1 {
                        dist[j] = dist[i] + 1;
                        changed = true;
                    }
                    j += 1;
                }
            }
            i += 1;
        }
    }
    let mut out = [ZoneData {
        kind: ZoneType::Castle,
        number: 0,
        adjacent: 0,
        next: 0,
        distance: 0,
    }; ZONES];
    let mut i = 0;
    while i < ZONES {
        let (kind, number) = zone_kind(i);
        let mut next = i as u8;
        if i != 0 {
            let mut j = 0;
            while j < ZONES {
                if adj[i] & (1 << j) != 0 && dist[j] < dist[next as usize] {
                    next = j as u8;
                }
                j += 1;
            }
        }
        out[i] = ZoneData {
            kind,
            number,
            adjacent: adj[i],
            next,
            distance: dist[i],
        };
        i += 1;
    }
    out
};

/// Steps between any two zones (all-pairs shortest paths over the board graph).
pub const ZONE_DISTANCE: [[u8; ZONES]; ZONES] = {
    let mut d = [[u8::MAX / 2; ZONES]; ZONES];
    let mut i = 0;
    while i < ZONES {
        d[i][i] = 0;
        let mut j = 0;
        while j < ZONES {
            if BOARD[i].adjacent & (1 << j) != 0 {
                d[i][j] = 1;
            }
            j += 1;
        }
        i += 1;
    }
    let mut k = 0;
    while k < ZONES {
        let mut i = 0;
        while i < ZONES {
            let mut j = 0;
            while j < ZONES {
                if d[i][k] + d[k][j] < d[i][j] {
                    d[i][j] = d[i][k] + d[k][j];
                }
                j += 1;
            }
            i += 1;
        }
        k += 1;
    }
    d
};

/// Zone index by type and printed number (1-4); the castle for `ZoneType::Castle`.
pub const fn zone(kind: ZoneType, number: u8) -> Zone {
    match kind {
        ZoneType::Castle => Zone(0),
        ZoneType::Wall => Zone(number),
        ZoneType::Field => Zone(4 + number),
        ZoneType::Forest => Zone(8 + number),
        ZoneType::Mine => Zone(12 + number),
    }
}
