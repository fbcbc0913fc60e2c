//! Serde helpers for the bulky fields of a [`crate::Hold`] state: the board, the tile piles and
//! the hands are each encoded as one byte string (a copy) instead of element by element, which
//! keeps the state hash close to the cost of raw blake3 over the same bytes. Decoding checks every
//! byte: a bad value is an error, never a state that could panic.

use crate::board::Space;
use crate::data::{BoardTile, WorkTile};
use dwarfs_engine::Seat;
use dwarfs_engine::packed::{Bytes, BytesBuf};
use serde::de;
use serde::{Deserializer, Serializer};

/// Most seats a state can have (the byte of a seat is checked against it on decoding).
const MAX_SEATS: u8 = 8;
/// "No tile" in a byte.
const NONE: u8 = u8::MAX;

fn board_tile(b: u8) -> Option<BoardTile> {
    BoardTile::ALL.get(b as usize).copied()
}

fn work_tile(b: u8) -> Option<WorkTile> {
    WorkTile::ALL.get(b as usize).copied()
}

fn seat(b: u8) -> Option<Seat> {
    (b < MAX_SEATS).then_some(Seat(b))
}

/// The 64 squares, 4 bytes each: a tag, then the owner (or the open tile) and up to two tiles.
/// Every byte of a square is read from the same place whatever the square holds (the owner is
/// always the second byte, a tile the third and fourth), so packing a square takes a few loads
/// and selects rather than a jump per square.
pub(crate) mod spaces {
    use super::*;

    /// The room's base byte for "built in a former lair".
    const NO_BASE: u8 = BoardTile::ALL.len() as u8;

    #[inline(always)]
    pub(crate) fn pack(s: &Space) -> [u8; 4] {
        let tag = match *s {
            Space::Hold => 0,
            Space::Open(_) => 1,
            Space::Claimed { .. } => 2,
            Space::Cleared { .. } => 3,
            Space::Room { .. } => 4,
        };
        let first = match *s {
            Space::Hold => 0,
            Space::Open(t) => t as u8,
            Space::Claimed { owner, .. } | Space::Cleared { owner } | Space::Room { owner, .. } => {
                owner.0
            }
        };
        let second = match *s {
            Space::Claimed { tile, .. } => tile as u8,
            Space::Room { room, .. } => room as u8,
            _ => 0,
        };
        let third = match *s {
            Space::Claimed { as_tile, .. } => as_tile as u8,
            Space::Room { base, .. } => base.map_or(NO_BASE, |b| b as u8),
            _ => 0,
        };
        [tag, first, second, third]
    }

    pub(super) fn unpack(b: &[u8]) -> Option<Space> {
        let [tag, first, second, third] = *b else {
            return None;
        };
        Some(match (tag, second, third) {
            (0, 0, 0) if first == 0 => Space::Hold,
            (1, 0, 0) => Space::Open(board_tile(first)?),
            (2, ..) => Space::Claimed {
                tile: board_tile(second)?,
                as_tile: board_tile(third)?,
                owner: seat(first)?,
            },
            (3, 0, 0) => Space::Cleared {
                owner: seat(first)?,
            },
            (4, ..) => Space::Room {
                room: work_tile(second)?,
                owner: seat(first)?,
                base: if third == NO_BASE {
                    None
                } else {
                    Some(board_tile(third)?)
                },
            },
            _ => return None,
        })
    }
}

/// The whole state but its options, as one byte string: one copy into the hasher instead of a
/// hundred small writes. Layout (little-endian): players; the 64 squares (4 bytes each); per
/// seat its hold markers, gold (4), VT (4), leader, and turn use (7 counters and flags, then the
/// two 8-byte masks of given-up targets); the hands and the trophies (a length, then tiles); the
/// draw and discard piles (60 counts each); this and last turn's leader orders; turn (2), phase,
/// cursor, pending chance (3), VT bought, trade floor, trade passes; each seat's Secret Passage
/// look (255 for none, or the target, then a hand); the events played; the end conditions; the
/// stage (a tag and its fields).
pub(crate) mod wire {
    use super::*;
    use crate::board::{Pos, TileView};
    use crate::data::{BoardKind, Leader};
    use crate::state::{ChanceTask, Hold, Look, Offer, Phase, Stage, TurnUse};
    use crate::types::{EndCondition, HoldOptions, MarkerRef, TradeItem};
    use serde::ser::SerializeTuple;
    use serde::{Deserialize, Serialize};

    const PHASES: [Phase; 13] = [
        Phase::Setup,
        Phase::Leader,
        Phase::Intrigue,
        Phase::Gold,
        Phase::Work,
        Phase::TradingPost,
        Phase::Trade,
        Phase::Event,
        Phase::Dig,
        Phase::Fight,
        Phase::Build,
        Phase::End,
        Phase::Over,
    ];
    const ENDS: [EndCondition; 6] = [
        EndCondition::AllVeinsMined,
        EndCondition::AllLairsCleared,
        EndCondition::AllRoomsBuilt,
        EndCondition::AllEarthClaimed,
        EndCondition::OverHundredVt,
        EndCondition::TurnLimit,
    ];
    const KINDS: [BoardKind; 4] = [
        BoardKind::Earth,
        BoardKind::Lair,
        BoardKind::Vein,
        BoardKind::Impassable,
    ];

    fn index_of<T: PartialEq>(all: &[T], x: &T) -> u8 {
        all.iter().position(|y| y == x).unwrap_or(0) as u8
    }

    /// The most bytes a state packs into: about 1 400 without the stage, and an offer holds at
    /// most 152 items a side (3 bytes each).
    const MAX: usize = 2560;

    /// Most states fit in this many bytes (no offer of dozens of items on the table); the
    /// others are packed again into [`MAX`] bytes.
    const USUAL: usize = 1280;

    /// Appends bytes to a buffer on the stack; `over` records a write past its end.
    struct W<const N: usize> {
        buf: [u8; N],
        n: usize,
        over: bool,
    }

    impl<const N: usize> W<N> {
        fn new() -> Self {
            W {
                buf: [0; N],
                n: 0,
                over: false,
            }
        }

        fn bytes(&mut self, b: &[u8]) {
            match self.buf.get_mut(self.n..self.n + b.len()) {
                Some(dst) => {
                    dst.copy_from_slice(b);
                    self.n += b.len();
                }
                None => self.over = true,
            }
        }
        fn extend(&mut self, it: impl ExactSizeIterator<Item = u8>) {
            let k = it.len();
            match self.buf.get_mut(self.n..self.n + k) {
                Some(dst) => {
                    for (d, b) in dst.iter_mut().zip(it) {
                        *d = b;
                    }
                    self.n += k;
                }
                None => self.over = true,
            }
        }
        fn u8(&mut self, b: u8) {
            self.bytes(&[b]);
        }
        fn u16(&mut self, v: u16) {
            self.bytes(&v.to_le_bytes());
        }
        fn tiles(&mut self, t: &[WorkTile]) {
            self.u8(t.len().min(255) as u8);
            self.extend(t.iter().take(255).map(|x| *x as u8));
        }
        fn marker(&mut self, m: MarkerRef) {
            match m {
                MarkerRef::Hold(s) => self.bytes(&[0, s.0]),
                MarkerRef::Space(p) => self.bytes(&[1, p.0]),
            }
        }
        fn item(&mut self, i: &TradeItem) {
            let (tag, v): (u8, u16) = match *i {
                TradeItem::Tile(t) => (0, t as u16),
                TradeItem::Gold(n) => (1, n),
                TradeItem::Vt(n) => (2, n),
                TradeItem::Space(p) => (3, p.0 as u16),
                TradeItem::Trophy(t) => (4, t as u16),
            };
            self.u8(tag);
            self.u16(v);
        }
    }

    /// Reads bytes; every read fails on running out.
    struct R<'a>(&'a [u8], usize);

    type Res<T> = Result<T, &'static str>;

    impl R<'_> {
        fn u8(&mut self) -> Res<u8> {
            let b = *self.0.get(self.1).ok_or("cut short")?;
            self.1 += 1;
            Ok(b)
        }
        fn take(&mut self, n: usize) -> Res<&[u8]> {
            let s = self.0.get(self.1..self.1 + n).ok_or("cut short")?;
            self.1 += n;
            Ok(s)
        }
        fn u16(&mut self) -> Res<u16> {
            let b = self.take(2)?;
            Ok(u16::from_le_bytes([b[0], b[1]]))
        }
        fn u32(&mut self) -> Res<u32> {
            let b = self.take(4)?;
            Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        }
        fn u64(&mut self) -> Res<u64> {
            let b = self.take(8)?;
            let mut a = [0u8; 8];
            a.copy_from_slice(b);
            Ok(u64::from_le_bytes(a))
        }
        fn flag(&mut self) -> Res<bool> {
            match self.u8()? {
                0 => Ok(false),
                1 => Ok(true),
                _ => Err("a bad flag"),
            }
        }
        fn seat(&mut self, players: u8) -> Res<Seat> {
            let s = self.u8()?;
            if s < players {
                Ok(Seat(s))
            } else {
                Err("a seat that does not play")
            }
        }
        fn pos(&mut self) -> Res<Pos> {
            let p = Pos(self.u8()?);
            if p.is_valid() {
                Ok(p)
            } else {
                Err("a square off the board")
            }
        }
        fn work(&mut self) -> Res<WorkTile> {
            work_tile(self.u8()?).ok_or("not a work tile")
        }
        fn board(&mut self) -> Res<BoardTile> {
            board_tile(self.u8()?).ok_or("not a board tile")
        }
        fn tiles(&mut self) -> Res<Vec<WorkTile>> {
            let n = self.u8()? as usize;
            (0..n).map(|_| self.work()).collect()
        }
        fn marker(&mut self, players: u8) -> Res<MarkerRef> {
            match self.u8()? {
                0 => Ok(MarkerRef::Hold(self.seat(players)?)),
                1 => Ok(MarkerRef::Space(self.pos()?)),
                _ => Err("a bad marker"),
            }
        }
        fn item(&mut self) -> Res<TradeItem> {
            let tag = self.u8()?;
            let v = self.u16()?;
            let small = u8::try_from(v).map_err(|_| "a bad trade item")?;
            Ok(match tag {
                0 => TradeItem::Tile(work_tile(small).ok_or("not a work tile")?),
                1 => TradeItem::Gold(v),
                2 => TradeItem::Vt(v),
                3 if Pos(small).is_valid() => TradeItem::Space(Pos(small)),
                4 => TradeItem::Trophy(board_tile(small).ok_or("not a board tile")?),
                _ => return Err("a bad trade item"),
            })
        }
        fn items(&mut self) -> Res<Vec<TradeItem>> {
            let n = self.u8()? as usize;
            (0..n).map(|_| self.item()).collect()
        }
    }

    fn pack<const N: usize>(h: &Hold, w: &mut W<N>) {
        let n = h.players as usize;
        w.u8(h.players);
        // The board keeps its squares' bytes.
        w.bytes(h.spaces.bytes());
        for i in 0..n {
            // One seat's fixed-size record, written in one copy.
            let u = &h.used[i];
            let mut rec = [0u8; 33];
            rec[0] = h.hold_markers[i];
            rec[1..5].copy_from_slice(&h.gold[i].to_le_bytes());
            rec[5..9].copy_from_slice(&h.vt[i].to_le_bytes());
            rec[9] = h.leaders[i].map_or(NONE, |l| l as u8);
            rec[10..17].copy_from_slice(&[
                u.digs,
                u.fights,
                u.builds,
                u.played_tiles as u8,
                u.judge_used as u8,
                u.looks,
                u.offers,
            ]);
            rec[17..25].copy_from_slice(&u.abandoned_digs.to_le_bytes());
            rec[25..33].copy_from_slice(&u.abandoned_fights.to_le_bytes());
            w.bytes(&rec);
        }
        for hand in &h.hands {
            w.tiles(hand);
        }
        for tr in &h.trophies {
            w.u8(tr.len().min(255) as u8);
            w.extend(tr.iter().take(255).map(|t| *t as u8));
        }
        w.bytes(&h.draw_pile);
        w.bytes(&h.discards);
        w.extend(h.order.iter().map(|s| s.0));
        w.extend(h.prev_order.iter().map(|s| s.0));
        w.u16(h.turn);
        w.u8(index_of(&PHASES, &h.phase));
        w.u8(h.cursor);
        let chance = match h.chance {
            None => [0, 0, 0],
            Some(ChanceTask::Setup) => [1, 0, 0],
            Some(ChanceTask::Draw(s, k)) => [2, s.0, k],
            Some(ChanceTask::RuneStones(s)) => [3, s.0, 0],
            Some(ChanceTask::Sabotage(s)) => [4, s.0, 0],
            Some(ChanceTask::Informers(a, b)) => [5, a.0, b.0],
        };
        w.bytes(&chance);
        w.u8(h.vt_bought);
        w.u8(h.trade_turn.0);
        w.u8(h.trade_passes);
        for l in &h.looks {
            match l {
                None => w.u8(NONE),
                Some(l) => {
                    w.u8(l.target.0);
                    w.tiles(&l.hand);
                }
            }
        }
        w.tiles(&h.events_played);
        w.u8(h.ended.len() as u8);
        w.extend(h.ended.iter().map(|e| index_of(&ENDS, e)));
        match &h.stage {
            Stage::None => w.u8(0),
            Stage::WorkBuy => w.u8(1),
            Stage::DiscardDown(k) => w.bytes(&[2, *k]),
            Stage::Offer(o) => {
                w.bytes(&[3, o.from.0, o.to.0, o.proposed as u8]);
                for list in [&o.give, &o.ask] {
                    w.u8(list.len().min(255) as u8);
                    for i in list.iter().take(255) {
                        w.item(i);
                    }
                }
            }
            Stage::Claim {
                fight,
                target,
                tiles,
                view,
            } => {
                w.bytes(&[4, *fight as u8, target.0]);
                w.tiles(tiles);
                w.bytes(&[
                    view.printed as u8,
                    view.face as u8,
                    index_of(&KINDS, &view.kind),
                    view.fire_pit as u8,
                    view.open as u8,
                    view.value,
                    view.must_fight as u8,
                ]);
            }
            Stage::Judge(m) => {
                w.u8(5);
                match m {
                    None => w.u8(0),
                    Some(m) => {
                        w.u8(1);
                        w.marker(*m);
                    }
                }
            }
            Stage::Arcane {
                picked,
                placed,
                placing,
            } => {
                w.u8(6);
                w.u8(picked.len() as u8);
                for m in picked {
                    w.marker(*m);
                }
                w.u8(placed.len() as u8);
                w.extend(placed.iter().map(|s| s.0));
                w.u8(*placing as u8);
            }
            Stage::RunePick(t) => {
                w.u8(7);
                w.tiles(t);
            }
        }
    }

    fn unpack(options: HoldOptions, b: &[u8]) -> Res<Hold> {
        let mut r = R(b, 0);
        let players = r.u8()?;
        if !(2..=MAX_SEATS).contains(&players) {
            return Err("a bad player count");
        }
        let n = players as usize;
        let mut h = Hold::blank(options, players);
        let mut squares = [Space::Hold; crate::data::SQUARES];
        for sq in &mut squares {
            let sp = spaces::unpack(r.take(4)?).ok_or("a malformed square")?;
            if sp.owner().is_some_and(|o| o.0 >= players) {
                return Err("a square owned by a seat that does not play");
            }
            *sq = sp;
        }
        h.spaces = crate::board::Board::new(squares);
        for i in 0..n {
            h.hold_markers[i] = r.u8()?;
            h.gold[i] = r.u32()?;
            h.vt[i] = r.u32()?;
            h.leaders[i] = match r.u8()? {
                NONE => None,
                l => Some(*Leader::ALL.get(l as usize).ok_or("not a leader")?),
            };
            let c = r.take(7)?;
            let flag = |b: u8| match b {
                0 => Ok(false),
                1 => Ok(true),
                _ => Err("a bad flag"),
            };
            h.used[i] = TurnUse {
                digs: c[0],
                fights: c[1],
                builds: c[2],
                played_tiles: flag(c[3])?,
                judge_used: flag(c[4])?,
                looks: c[5],
                offers: c[6],
                abandoned_digs: r.u64()?,
                abandoned_fights: r.u64()?,
            };
        }
        for i in 0..n {
            h.hands[i] = r.tiles()?;
        }
        for i in 0..n {
            let k = r.u8()? as usize;
            h.trophies[i] = (0..k).map(|_| r.board()).collect::<Res<_>>()?;
        }
        h.draw_pile = r.take(WorkTile::ALL.len())?.to_vec();
        h.discards = r.take(WorkTile::ALL.len())?.to_vec();
        h.order = (0..n).map(|_| r.seat(players)).collect::<Res<_>>()?;
        h.prev_order = (0..n).map(|_| r.seat(players)).collect::<Res<_>>()?;
        h.turn = r.u16()?;
        h.phase = *PHASES.get(r.u8()? as usize).ok_or("not a phase")?;
        h.cursor = r.u8()?;
        let c = r.take(3)?;
        let seat = |b: u8| {
            (b < players)
                .then_some(Seat(b))
                .ok_or("a seat that does not play")
        };
        h.chance = match c[0] {
            0 if c[1] == 0 && c[2] == 0 => None,
            1 if c[1] == 0 && c[2] == 0 => Some(ChanceTask::Setup),
            2 => Some(ChanceTask::Draw(seat(c[1])?, c[2])),
            3 if c[2] == 0 => Some(ChanceTask::RuneStones(seat(c[1])?)),
            4 if c[2] == 0 => Some(ChanceTask::Sabotage(seat(c[1])?)),
            5 => Some(ChanceTask::Informers(seat(c[1])?, seat(c[2])?)),
            _ => return Err("a bad chance point"),
        };
        h.vt_bought = r.u8()?;
        h.trade_turn = r.seat(players)?;
        h.trade_passes = r.u8()?;
        for i in 0..n {
            h.looks[i] = match r.u8()? {
                NONE => None,
                t if t < players => Some(Look {
                    target: Seat(t),
                    hand: r.tiles()?,
                }),
                _ => return Err("a look at a seat that does not play"),
            };
        }
        h.events_played = r.tiles()?;
        let k = r.u8()? as usize;
        h.ended = (0..k)
            .map(|_| {
                ENDS.get(r.u8()? as usize)
                    .copied()
                    .ok_or("not an end condition")
            })
            .collect::<Res<_>>()?;
        h.stage = match r.u8()? {
            0 => Stage::None,
            1 => Stage::WorkBuy,
            2 => Stage::DiscardDown(r.u8()?),
            3 => {
                let from = r.seat(players)?;
                let to = r.seat(players)?;
                let proposed = r.flag()?;
                Stage::Offer(Offer {
                    from,
                    to,
                    proposed,
                    give: r.items()?,
                    ask: r.items()?,
                })
            }
            4 => {
                let fight = r.flag()?;
                let target = r.pos()?;
                let tiles = r.tiles()?;
                let view = TileView {
                    printed: r.board()?,
                    face: r.board()?,
                    kind: *KINDS.get(r.u8()? as usize).ok_or("not a tile kind")?,
                    fire_pit: r.flag()?,
                    open: r.flag()?,
                    value: r.u8()?,
                    must_fight: r.flag()?,
                };
                Stage::Claim {
                    fight,
                    target,
                    tiles,
                    view,
                }
            }
            5 => Stage::Judge(if r.flag()? {
                Some(r.marker(players)?)
            } else {
                None
            }),
            6 => {
                let k = r.u8()? as usize;
                let picked = (0..k).map(|_| r.marker(players)).collect::<Res<_>>()?;
                let k = r.u8()? as usize;
                let placed = (0..k).map(|_| r.seat(players)).collect::<Res<_>>()?;
                Stage::Arcane {
                    picked,
                    placed,
                    placing: r.flag()?,
                }
            }
            7 => Stage::RunePick(r.tiles()?),
            _ => return Err("not a stage"),
        };
        if r.1 != b.len() {
            return Err("bytes after the state");
        }
        Ok(h)
    }

    impl Serialize for Hold {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut t = s.serialize_tuple(2)?;
            t.serialize_element(&self.options)?;
            let mut w = W::<USUAL>::new();
            pack(self, &mut w);
            if w.over {
                let mut w = W::<MAX>::new();
                pack(self, &mut w);
                if w.over {
                    return Err(serde::ser::Error::custom(
                        "the state is too large to encode",
                    ));
                }
                t.serialize_element(&Bytes(&w.buf[..w.n]))?;
            } else {
                t.serialize_element(&Bytes(&w.buf[..w.n]))?;
            }
            t.end()
        }
    }

    impl<'de> Deserialize<'de> for Hold {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hold, D::Error> {
            let (options, blob) = <(HoldOptions, BytesBuf<MAX>)>::deserialize(d)?;
            let h = unpack(options, &blob.0)
                .map_err(|e| de::Error::custom(format!("malformed state: {e}")))?;
            h.invariants()
                .map_err(|e| de::Error::custom(format!("malformed state: {e}")))?;
            Ok(h)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Hold, Phase};
    use dwarfs_engine::codec;

    #[test]
    fn every_state_of_random_games_survives_the_codec() {
        use dwarfs_engine::Game;
        let mut stages = std::collections::BTreeSet::new();
        for (players, seed) in [(2u8, 1u64), (4, 2), (8, 3)] {
            let g = Hold::new(&crate::HoldOptions::default(), players).expect("valid");
            let states =
                dwarfs_engine::playout::random_states(g, seed, |_, _| true).expect("plays out");
            for h in &states {
                let bytes = codec::encode(h).expect("encodes");
                let back: Hold = codec::decode(&bytes).expect("decodes");
                assert_eq!(&back, h);
                stages.insert(
                    format!("{:?}", h.stage())
                        .chars()
                        .take(5)
                        .collect::<String>(),
                );
            }
        }
        assert!(stages.len() >= 6, "stages seen: {stages:?}");
    }

    #[test]
    fn bad_squares_are_refused() {
        assert!(spaces::unpack(&[1, 200, 0, 0]).is_none());
        assert!(spaces::unpack(&[1, 0, 0, 1]).is_none());
        assert!(spaces::unpack(&[2, 9, 0, 0]).is_none());
        assert!(spaces::unpack(&[0, 1, 0, 0]).is_none());
        assert!(spaces::unpack(&[3, 0, 1, 0]).is_none());
        assert!(
            spaces::unpack(&[4, 1, 0, NONE]).is_none(),
            "a base that is no tile"
        );
        assert!(spaces::unpack(&[7, 0, 0, 0]).is_none());
        let room = Space::Room {
            room: WorkTile::ALL[0],
            owner: Seat(1),
            base: None,
        };
        assert_eq!(spaces::unpack(&[4, 1, 0, 36]), Some(room));
        // Every square packs to bytes that unpack to it.
        let mut all = vec![Space::Hold];
        for (i, t) in BoardTile::ALL.into_iter().enumerate() {
            let owner = Seat((i % 8) as u8);
            all.push(Space::Open(t));
            all.push(Space::Claimed {
                tile: t,
                as_tile: BoardTile::ALL[35 - i],
                owner,
            });
            all.push(Space::Cleared { owner });
            all.push(Space::Room {
                room: WorkTile::ALL[i],
                owner,
                base: Some(t),
            });
        }
        all.push(room);
        for s in all {
            assert_eq!(spaces::unpack(&spaces::pack(&s)), Some(s));
        }
    }

    #[test]
    fn bad_bytes_are_an_error_never_a_panic() {
        let g = Hold::test_position(3, Phase::Trade);
        let good = codec::encode(&g).expect("encodes");
        // Every truncation and every single-byte change decodes to an error or to a state
        // whose invariants hold.
        for cut in 0..good.len() {
            let _ = codec::decode::<Hold>(&good[..cut]);
        }
        for i in 0..good.len() {
            for v in [0u8, 1, 7, 255] {
                let mut bad = good.clone();
                bad[i] = v;
                if let Ok(h) = codec::decode::<Hold>(&bad) {
                    assert!(h.invariants().is_ok());
                }
            }
        }
    }
}
