//! The world map's geometry: 19 petal positions in a hexagon of radius 2 (the centre, a ring of 6,
//! a ring of 12), which petal lies where, and the adjacency of locations that follows.
//!
//! A location is a wildland (ids 0..6: one location that holds any number of dwarfs) or a spot of a
//! grassland petal (`6 + petal * 7 + k`: `k` 0 the centre, 1..=6 the ring spot facing direction
//! `k - 1`). Within a petal the centre touches every ring spot and each ring spot its two ring
//! neighbours; across two neighbouring petals, the ring spots facing each other touch; a wildland
//! touches the ring spot facing it of every neighbouring grassland ("the spots surrounding it") and
//! every neighbouring wildland. Sets of locations are bit masks ([`Locs`]).

use crate::data::{
    GRASSLAND_SPOTS, GRASSLANDS, LOCATIONS, PETALS, SPOTS_PER_PETAL, Spot, WILDLANDS,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A location on the map (see the module doc), 0..97.
pub type Loc = u8;

/// A set of locations.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Locs(pub u128);

impl Locs {
    /// The empty set.
    pub const EMPTY: Locs = Locs(0);
    /// Every wildland.
    pub const WILD: Locs = Locs((1 << WILDLANDS) - 1);

    /// The set of one location.
    #[inline]
    pub fn one(l: Loc) -> Locs {
        Locs(1u128 << l)
    }
    /// True if `l` is in the set.
    #[inline]
    pub fn has(self, l: Loc) -> bool {
        (l as usize) < LOCATIONS && self.0 >> l & 1 == 1
    }
    /// `l` added.
    #[inline]
    pub fn add(&mut self, l: Loc) {
        self.0 |= 1u128 << l;
    }
    /// `l` removed.
    #[inline]
    pub fn remove(&mut self, l: Loc) {
        self.0 &= !(1u128 << l);
    }
    /// How many.
    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// True if empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Union.
    #[inline]
    pub fn or(self, o: Locs) -> Locs {
        Locs(self.0 | o.0)
    }
    /// Intersection.
    #[inline]
    pub fn and(self, o: Locs) -> Locs {
        Locs(self.0 & o.0)
    }
    /// Difference.
    #[inline]
    pub fn minus(self, o: Locs) -> Locs {
        Locs(self.0 & !o.0)
    }
    /// The locations in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Loc> + Clone {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                None
            } else {
                let l = m.trailing_zeros() as Loc;
                m &= m - 1;
                Some(l)
            }
        })
    }
}

/// Axial coordinates of the 19 positions: the centre, the inner ring, the outer ring.
pub const POSITIONS: [(i8, i8); PETALS] = [
    (0, 0),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (2, 0),
    (2, -1),
    (2, -2),
    (1, -2),
    (0, -2),
    (-1, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 1),
];

/// The six directions in axial coordinates; direction `d` and `(d + 3) % 6` are opposite.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The facing rule: the ring spot (`k`, 1..=6) of a grassland that faces direction `d` is
/// `FACING[d]`; it touches the spot of the neighbour in that direction that faces back.
pub const FACING: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// The position index of axial coordinates, if on the map.
fn position_of(q: i8, r: i8) -> Option<usize> {
    POSITIONS.iter().position(|&p| p == (q, r))
}

/// Hex distance between two positions.
pub fn distance(a: usize, b: usize) -> u8 {
    let (Some(&(q1, r1)), Some(&(q2, r2))) = (POSITIONS.get(a), POSITIONS.get(b)) else {
        return u8::MAX;
    };
    let (dq, dr) = (q1 - q2, r1 - r2);
    ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u8
}

/// The location of grassland petal `g`'s spot `k`.
#[inline]
pub fn spot_loc(g: usize, k: usize) -> Loc {
    (WILDLANDS + g * SPOTS_PER_PETAL + k) as Loc
}

/// True if `l` is a wildland.
#[inline]
pub fn is_wild(l: Loc) -> bool {
    (l as usize) < WILDLANDS
}

/// The spot at a grassland location (`None` for a wildland or beyond the map).
pub fn spot(l: Loc) -> Option<Spot> {
    let i = (l as usize).checked_sub(WILDLANDS)?;
    GRASSLAND_SPOTS
        .get(i / SPOTS_PER_PETAL)
        .map(|p| p[i % SPOTS_PER_PETAL])
}

/// The petal id of a location: wildlands 0..6, grassland `g` is `6 + g`.
pub fn petal_of(l: Loc) -> usize {
    if is_wild(l) {
        l as usize
    } else {
        WILDLANDS + (l as usize - WILDLANDS) / SPOTS_PER_PETAL
    }
}

/// Every water location.
pub fn water() -> Locs {
    static W: std::sync::OnceLock<Locs> = std::sync::OnceLock::new();
    *W.get_or_init(|| {
        let mut m = Locs::EMPTY;
        for l in WILDLANDS..LOCATIONS {
            if spot(l as Loc) == Some(Spot::Water) {
                m.add(l as Loc);
            }
        }
        m
    })
}

/// Every location.
pub const ALL: Locs = Locs((1u128 << LOCATIONS) - 1);

/// The map: which petal lies at each position, and the adjacency that follows (derived, not
/// encoded: the encoding holds the layout only).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Layout", into = "Layout")]
pub struct Map {
    layout: Layout,
    adj: Arc<[Locs]>,
}

/// Which petal (0..6 wildlands, 6..19 grasslands) lies at each of the 19 positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout(pub [u8; PETALS]);

impl std::fmt::Debug for Map {
    /// The layout only: the adjacency follows from it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Map").field(&self.layout.0).finish()
    }
}

impl From<Layout> for Map {
    fn from(layout: Layout) -> Map {
        Map::new(layout)
    }
}

impl From<Map> for Layout {
    fn from(m: Map) -> Layout {
        m.layout
    }
}

impl Map {
    /// The map for a layout. A layout that is not a permutation of the 19 petals is repaired to
    /// the identity, so decoding never yields an unusable map.
    pub fn new(layout: Layout) -> Map {
        let mut seen = [false; PETALS];
        let valid = layout.0.iter().all(|&p| {
            let ok = (p as usize) < PETALS && !seen[p as usize];
            if ok {
                seen[p as usize] = true;
            }
            ok
        });
        let layout = if valid {
            layout
        } else {
            Layout(std::array::from_fn(|i| i as u8))
        };
        let mut adj = vec![Locs::EMPTY; LOCATIONS];
        let link = |adj: &mut Vec<Locs>, a: Loc, b: Loc| {
            adj[a as usize].add(b);
            adj[b as usize].add(a);
        };
        for g in 0..GRASSLANDS {
            for k in 1..=6 {
                link(&mut adj, spot_loc(g, 0), spot_loc(g, k));
                link(&mut adj, spot_loc(g, k), spot_loc(g, k % 6 + 1));
            }
        }
        for (pos, &(q, r)) in POSITIONS.iter().enumerate() {
            for (d, &(dq, dr)) in DIRECTIONS.iter().enumerate() {
                let Some(other) = position_of(q + dq, r + dr) else {
                    continue;
                };
                if other < pos {
                    continue;
                }
                let (a, b) = (layout.0[pos] as usize, layout.0[other] as usize);
                let facing = |petal: usize, dir: usize| -> Loc {
                    if petal < WILDLANDS {
                        petal as Loc
                    } else {
                        spot_loc(petal - WILDLANDS, FACING[dir] as usize)
                    }
                };
                link(&mut adj, facing(a, d), facing(b, (d + 3) % 6));
            }
        }
        Map {
            layout,
            adj: adj.into(),
        }
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The locations adjacent to `l`.
    #[inline]
    pub fn adj(&self, l: Loc) -> Locs {
        self.adj.get(l as usize).copied().unwrap_or_default()
    }

    /// The union of the neighbourhoods of every location in `from`.
    pub fn reach(&self, from: Locs) -> Locs {
        from.iter().fold(Locs::EMPTY, |m, l| m.or(self.adj(l)))
    }

    /// The position (0..19) of petal `p`.
    pub fn position_of_petal(&self, p: usize) -> usize {
        self.layout
            .0
            .iter()
            .position(|&x| x as usize == p)
            .unwrap_or(0)
    }

    /// The unoccupied wildland closest to wildland `home` (itself if free), by hex distance
    /// between petals, ties to the lower wildland id; `None` if every wildland is taken.
    pub fn closest_free_wildland(&self, home: usize, taken: [bool; WILDLANDS]) -> Option<usize> {
        let from = self.position_of_petal(home);
        (0..WILDLANDS)
            .filter(|&w| !taken[w])
            .min_by_key(|&w| (distance(from, self.position_of_petal(w)), w))
    }

    /// Locations by increasing distance (steps through the adjacency) from `l`, ties by id.
    pub fn by_distance(&self, l: Loc) -> Vec<Loc> {
        let mut out = vec![l];
        let mut seen = Locs::one(l);
        let mut frontier = Locs::one(l);
        while !frontier.is_empty() {
            let next = self.reach(frontier).minus(seen);
            out.extend(next.iter());
            seen = seen.or(next);
            frontier = next;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_form_a_hexagon_of_radius_two() {
        for (i, &(q, r)) in POSITIONS.iter().enumerate() {
            assert!(distance(0, i) <= 2 && (q, r) == POSITIONS[i]);
        }
        assert_eq!((1..7).filter(|&i| distance(0, i) == 1).count(), 6);
        let m = Map::new(Layout(std::array::from_fn(|i| i as u8)));
        // Adjacency is symmetric and never reflexive.
        for a in 0..LOCATIONS as Loc {
            assert!(!m.adj(a).has(a));
            for b in m.adj(a).iter() {
                assert!(m.adj(b).has(a));
            }
        }
        // The centre spot of a grassland touches its whole ring.
        assert_eq!(m.adj(spot_loc(0, 0)).len(), 6);
        // The map is connected.
        assert_eq!(m.by_distance(0).len(), LOCATIONS);
    }
}
