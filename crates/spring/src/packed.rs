//! The canonical encoding of a [`Spring`] state: one byte string, fields one after another,
//! written with a handful of copies instead of hundreds of small serde writes, so that the
//! state hash stays close to raw blake3 over the same bytes.
//!
//! Every value of every field has exactly one encoding and decodes back to itself: integers
//! are written whole (little-endian), booleans as 0 or 1, each enum or option as a tag byte
//! followed by its fields (zeros when it has none), each list as a count byte and its items.
//! Decoding refuses any other byte (an unknown tag, a flag above 1, a stray byte after an
//! absent value, a map layout that is not a permutation, bytes left over), so one state has
//! one encoding. Values out of the rules' ranges (a seat beyond the table, a location off the
//! map) decode as they are, and the entry points refuse them (see `invariants.rs`). A state
//! with more than [`MAX_SEATS`] empires, hands or removal lists, or more than [`DRAGONS`]
//! dragons in a nest, which no game reaches, cannot be encoded: an error, never a wrong hash.
//!
//! Layout: `players, flow (phase, era, round, first, turn, acted, pending (3), chance (3)),
//! map layout (19), monster on each wildland (6 x 2), webs (2 x 16), expedition area (6 x 2),
//! dragon owners (24 x 2), faerie pile (4), expedition deck's quests (8), unseen monsters (2),
//! expedition deck's monster count (1), counts of
//! empires, removal lists and hands, then each empire: resources (3), built (3), fortress (2),
//! settlements (16), dwarfs (16), wildland dwarfs (6), bastion, used (2), idle, heroes (8),
//! successes, defeated, power bonus, nest count and 3 bytes per dragon (dragon, level,
//! exhausted); then each removal list (8) and each hand (4)`.

use crate::data::{AREA_SIZE, DRAGONS, FaerieKind, PETALS, WILDLANDS};
use crate::map::{Layout, Locs, Map};
use crate::state::{
    Board, ChanceTask, Decks, Empire, Flow, Hidden, NestDragon, Pending, Phase, Spring,
};
use crate::types::SpringOptions;
use dwarfs_engine::packed::{Bytes, BytesBuf, Reader, Writer};
use serde::de;
use serde::ser::SerializeTuple;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Most empires, hands and removal lists an encodable state holds.
pub const MAX_SEATS: usize = 4;
/// Bytes before the empires.
const HEADER: usize =
    1 + 6 + 3 + 3 + PETALS + 2 * WILDLANDS + 32 + 2 * AREA_SIZE + 2 * DRAGONS + 15 + 3;
/// Bytes of an empire without its nest's dragons.
const EMPIRE: usize = 3 + 3 + 2 + 16 + 16 + WILDLANDS + 1 + 2 + 1 + 8 + 3 + 1;
/// The longest byte string.
const MAX: usize = HEADER + MAX_SEATS * (EMPIRE + 3 * DRAGONS + 8 + 4);

/// Every faerie kind, by its tag.
const FAERIES: [FaerieKind; 9] = [
    FaerieKind::Wanderer,
    FaerieKind::Trickster,
    FaerieKind::Shifter,
    FaerieKind::Harvest,
    FaerieKind::Timber,
    FaerieKind::Glitter,
    FaerieKind::Bounty,
    FaerieKind::Valor,
    FaerieKind::Dawn,
];

/// Spring's own fields on top of the engine's [`Reader`].
trait SpringReader {
    /// A set of locations (16 bytes).
    fn locs(&mut self) -> Option<Locs>;
    /// A count of at most `cap` items.
    fn count(&mut self, cap: usize) -> Option<usize>;
}

impl SpringReader for Reader<'_> {
    fn locs(&mut self) -> Option<Locs> {
        Some(Locs(u128::from_le_bytes(self.take()?)))
    }
    fn count(&mut self, cap: usize) -> Option<usize> {
        let n = self.u8()? as usize;
        (n <= cap).then_some(n)
    }
}

fn phase_byte(p: Phase) -> u8 {
    match p {
        Phase::Setup => 0,
        Phase::Placement => 1,
        Phase::Actions => 2,
        Phase::Over => 3,
    }
}

fn phase_of(b: u8) -> Option<Phase> {
    [Phase::Setup, Phase::Placement, Phase::Actions, Phase::Over]
        .get(b as usize)
        .copied()
}

fn pending_bytes(p: Option<Pending>) -> [u8; 3] {
    match p {
        None => [0, 0, 0],
        Some(Pending::Faerie { kind, left }) => [1, kind as u8, left],
        Some(Pending::Remove) => [2, 0, 0],
        Some(Pending::Wild { wild }) => [3, wild, 0],
    }
}

fn pending_of(b: [u8; 3]) -> Option<Option<Pending>> {
    match b {
        [0, 0, 0] => Some(None),
        [1, k, left] => Some(Some(Pending::Faerie {
            kind: *FAERIES.get(k as usize)?,
            left,
        })),
        [2, 0, 0] => Some(Some(Pending::Remove)),
        [3, wild, 0] => Some(Some(Pending::Wild { wild })),
        _ => None,
    }
}

fn chance_bytes(c: Option<ChanceTask>) -> [u8; 3] {
    match c {
        None => [0, 0, 0],
        Some(ChanceTask::Setup) => [1, 0, 0],
        Some(ChanceTask::Draw { seat, n }) => [2, seat, n],
        Some(ChanceTask::Fight { seat, wild }) => [3, seat, wild],
        Some(ChanceTask::Gather { seat, wild }) => [4, seat, wild],
        Some(ChanceTask::Quest { seat }) => [5, seat, 0],
    }
}

fn chance_of(b: [u8; 3]) -> Option<Option<ChanceTask>> {
    match b {
        [0, 0, 0] => Some(None),
        [1, 0, 0] => Some(Some(ChanceTask::Setup)),
        [2, seat, n] => Some(Some(ChanceTask::Draw { seat, n })),
        [3, seat, wild] => Some(Some(ChanceTask::Fight { seat, wild })),
        [4, seat, wild] => Some(Some(ChanceTask::Gather { seat, wild })),
        [5, seat, 0] => Some(Some(ChanceTask::Quest { seat })),
        _ => None,
    }
}

impl Empire {
    fn pack(&self, w: &mut Writer<'_>) {
        w.put(&self.res);
        w.put(&self.built);
        w.opt(self.fortress);
        w.put(&self.settlements.0.to_le_bytes());
        w.put(&self.dwarfs.0.to_le_bytes());
        w.put(&self.wild_dwarfs);
        w.put(&[self.bastion]);
        w.put(&self.used.to_le_bytes());
        w.put(&[self.idle]);
        w.put(&self.heroes.to_le_bytes());
        w.put(&[
            self.successes,
            self.defeated,
            self.power_bonus as u8,
            self.nest.len() as u8,
        ]);
        for d in &self.nest {
            w.put(&[d.dragon, d.level, d.exhausted as u8]);
        }
    }

    fn unpack(r: &mut Reader<'_>) -> Option<Empire> {
        let res = r.take()?;
        let built = r.take()?;
        let fortress = r.opt()?;
        let settlements = r.locs()?;
        let dwarfs = r.locs()?;
        let wild_dwarfs = r.take()?;
        let bastion = r.u8()?;
        let used = u16::from_le_bytes(r.take()?);
        let idle = r.u8()?;
        let heroes = u64::from_le_bytes(r.take()?);
        let [successes, defeated] = r.take()?;
        let power_bonus = r.flag()?;
        let n = r.count(DRAGONS)?;
        let mut nest = Vec::with_capacity(n);
        for _ in 0..n {
            let [dragon, level] = r.take()?;
            nest.push(NestDragon {
                dragon,
                level,
                exhausted: r.flag()?,
            });
        }
        Some(Empire {
            res,
            built,
            fortress,
            settlements,
            dwarfs,
            wild_dwarfs,
            bastion,
            used,
            idle,
            nest,
            heroes,
            successes,
            defeated,
            power_bonus,
        })
    }
}

impl Spring {
    /// Packs the state; returns the length used, or `None` if a list is longer than an
    /// encodable state's.
    fn pack(&self, b: &mut [u8; MAX]) -> Option<usize> {
        let (empires, removed, hands) = (&self.empires, &self.decks.removed, &self.hidden.hands);
        if empires.len().max(removed.len()).max(hands.len()) > MAX_SEATS
            || empires.iter().any(|e| e.nest.len() > DRAGONS)
        {
            return None;
        }
        let mut w = Writer::new(b);
        let f = &self.flow;
        w.put(&[
            self.players,
            phase_byte(f.phase),
            f.era,
            f.round,
            f.first,
            f.turn,
            f.acted as u8,
        ]);
        w.put(&pending_bytes(f.pending));
        w.put(&chance_bytes(f.chance));
        w.put(&self.board.map.layout().0);
        for m in &self.board.monster_at {
            w.opt(*m);
        }
        for web in &self.board.webs {
            w.put(&web.0.to_le_bytes());
        }
        for c in &self.decks.area {
            w.opt(*c);
        }
        for o in &self.decks.owner {
            w.opt(*o);
        }
        w.put(&self.hidden.faerie_pile.to_le_bytes());
        w.put(&self.decks.deck_quests.to_le_bytes());
        w.put(&self.decks.unseen.to_le_bytes());
        w.put(&[self.decks.deck_monsters]);
        w.put(&[empires.len() as u8, removed.len() as u8, hands.len() as u8]);
        for e in empires {
            e.pack(&mut w);
        }
        for r in removed {
            w.put(&r.to_le_bytes());
        }
        for h in hands {
            w.put(&h.to_le_bytes());
        }
        Some(w.len())
    }

    /// The state from its byte string, or `None` if a byte is not the encoding of its field.
    fn unpack(b: &[u8]) -> Option<Spring> {
        let mut r = Reader::new(b);
        let [players, phase, era, round, first, turn] = r.take()?;
        let flow = Flow {
            phase: phase_of(phase)?,
            era,
            round,
            first,
            turn,
            acted: r.flag()?,
            pending: pending_of(r.take()?)?,
            chance: chance_of(r.take()?)?,
        };
        let layout: [u8; PETALS] = r.take()?;
        let mut seen = 0u32;
        for &p in &layout {
            if p as usize >= PETALS || seen & 1 << p != 0 {
                return None;
            }
            seen |= 1 << p;
        }
        let mut monster_at = [None; WILDLANDS];
        for m in &mut monster_at {
            *m = r.opt()?;
        }
        let webs = [r.locs()?, r.locs()?];
        let board = Board {
            map: Map::new(Layout(layout)),
            monster_at,
            webs,
        };
        let mut area = [None; AREA_SIZE];
        for c in &mut area {
            *c = r.opt()?;
        }
        let mut owner = [None; DRAGONS];
        for o in &mut owner {
            *o = r.opt()?;
        }
        let faerie_pile = u32::from_le_bytes(r.take()?);
        let deck_quests = u64::from_le_bytes(r.take()?);
        let unseen = u16::from_le_bytes(r.take()?);
        let deck_monsters = r.u8()?;
        let (n_empires, n_removed, n_hands) = (
            r.count(MAX_SEATS)?,
            r.count(MAX_SEATS)?,
            r.count(MAX_SEATS)?,
        );
        let mut empires = Vec::with_capacity(n_empires);
        for _ in 0..n_empires {
            empires.push(Empire::unpack(&mut r)?);
        }
        let mut removed = Vec::with_capacity(n_removed);
        for _ in 0..n_removed {
            removed.push(u64::from_le_bytes(r.take()?));
        }
        let mut hands = Vec::with_capacity(n_hands);
        for _ in 0..n_hands {
            hands.push(u32::from_le_bytes(r.take()?));
        }
        if !r.at_end() {
            return None;
        }
        Some(Spring {
            options: SpringOptions {},
            players,
            flow,
            board,
            empires,
            decks: Decks {
                area,
                deck_quests,
                deck_monsters,
                unseen,
                owner,
                removed,
            },
            hidden: Hidden { hands, faerie_pile },
        })
    }
}

impl Serialize for Spring {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; MAX];
        let n = self.pack(&mut buf).ok_or_else(|| {
            serde::ser::Error::custom(format!(
                "a Spring state holds at most {MAX_SEATS} seats and {DRAGONS} dragons a nest"
            ))
        })?;
        // The options (none yet) and the byte string.
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&self.options)?;
        t.serialize_element(&Bytes(&buf[..n]))?;
        t.end()
    }
}

impl<'de> Deserialize<'de> for Spring {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Spring, D::Error> {
        let (options, blob) = <(SpringOptions, BytesBuf<MAX>)>::deserialize(d)?;
        let mut g = Spring::unpack(&blob.0)
            .ok_or_else(|| de::Error::custom("malformed Spring state: a field out of its range"))?;
        g.options = options;
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::codec;

    #[test]
    fn tags_round_trip_and_stray_bytes_are_refused() {
        for p in [Phase::Setup, Phase::Placement, Phase::Actions, Phase::Over] {
            assert_eq!(phase_of(phase_byte(p)), Some(p));
        }
        assert_eq!(phase_of(4), None);
        let mut pendings = vec![None, Some(Pending::Remove), Some(Pending::Wild { wild: 3 })];
        pendings.extend(
            FAERIES
                .iter()
                .map(|&kind| Some(Pending::Faerie { kind, left: 2 })),
        );
        for p in pendings {
            assert_eq!(pending_of(pending_bytes(p)), Some(p));
        }
        for c in [
            None,
            Some(ChanceTask::Setup),
            Some(ChanceTask::Draw { seat: 1, n: 2 }),
            Some(ChanceTask::Fight { seat: 2, wild: 5 }),
            Some(ChanceTask::Gather { seat: 3, wild: 0 }),
            Some(ChanceTask::Quest { seat: 1 }),
        ] {
            assert_eq!(chance_of(chance_bytes(c)), Some(c));
        }
        for bad in [[0, 1, 0], [2, 0, 1], [3, 1, 1], [1, 9, 0], [4, 0, 0]] {
            assert_eq!(pending_of(bad), None, "{bad:?}");
        }
        for bad in [[0, 0, 1], [1, 1, 0], [5, 1, 1], [6, 0, 0]] {
            assert_eq!(chance_of(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_state_round_trips_and_malformed_bytes_are_refused() {
        let mut g = Spring::test_position(3);
        g.give_dragon(dwarfs_engine::Seat(2), 20, 3);
        g.empires[2].nest[0].exhausted = true;
        g.empires[1].fortress = Some(40);
        g.decks.removed[0] = 1 << 30;
        g.flow.pending = Some(Pending::Faerie {
            kind: FaerieKind::Dawn,
            left: 1,
        });
        let bytes = codec::encode(&g).unwrap();
        assert_eq!(codec::decode::<Spring>(&bytes).unwrap(), g);
        // The options encode as nothing; the byte string follows its length prefix.
        let blob = if bytes[0] < 251 { 1 } else { 3 };
        assert_eq!(bytes[blob], 3, "the player count");
        let layout = blob + 13;
        for (at, value) in [
            (blob + 1, 4),                    // phase
            (blob + 6, 2),                    // acted
            (layout, layout_byte(&bytes, 1)), // a petal twice
            (layout, 19),                     // a petal off the map
        ] {
            let mut bad = bytes.clone();
            bad[at] = value;
            assert!(codec::decode::<Spring>(&bad).is_err(), "byte {at}");
        }
        // Too many empires for the bytes that follow.
        let counts = blob + HEADER - 3;
        let mut bad = bytes.clone();
        bad[counts] = 4;
        assert!(codec::decode::<Spring>(&bad).is_err());
        // More empires than a state may hold cannot be encoded.
        let mut big = g.clone();
        big.empires = vec![big.empires[0].clone(); MAX_SEATS + 1];
        assert!(codec::encode(&big).is_err());
    }

    fn layout_byte(bytes: &[u8], i: usize) -> u8 {
        let blob = if bytes[0] < 251 { 1 } else { 3 };
        bytes[blob + 13 + i]
    }
}
