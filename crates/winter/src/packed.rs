//! The canonical encoding of a [`Winter`] state: one byte string with every field at a fixed
//! offset, then how the game ended. One copy instead of hundreds of small writes keeps the state
//! hash close to raw blake3 over the same bytes.
//!
//! Every value of every field has exactly one encoding and decodes back to itself: integers
//! are written whole (little-endian), booleans as 0 or 1, and each enum or option as a tag
//! byte followed by its fields, zeros when it has none. Decoding refuses any other byte (an
//! unknown tag, a flag above 1, a field of an absent value that is not 0), so one state has
//! one encoding. Values out of the rules' ranges (a seat beyond the table, 250 gold) decode as
//! they did before, and [`crate::Winter`]'s entry points refuse them (see `invariants.rs`).
//!
//! Layout of the byte string:
//! `options (1: nightmare, bloodlust, legendary as bits 0-2), players, week, first player,
//! stage (11), turn (seat, placed (4), acquired, music), refill, board: monsters (4),
//! monster zones (24), to attack (4), disasters (4), Music Hall (4 x 2), decks: monsters (4),
//! disasters (4), heroes (8), pool (4 x 2)`, then one 114-byte record per seat (all four):
//! `resources (4), actions, actions left, hand size, deck (8), hand (8), played (8), chosen,
//! home (4), dwarfs (4 kinds x 17 zones), legends, tokens, monsters (4), disasters (4)`.
//! How the game ended follows the byte string in serde's own form (an option).

use crate::data::{Card, Instrument, MONSTER_CARDS, MonsterId, POOL, ZONES, Zone};
use crate::state::{
    Board, Decks, Effect, End, MAX_SEATS, Music, PlayerBoard, Stage, TurnState, WeekState, Winter,
};
use crate::types::{DwarfKind, WinterOptions};
use dwarfs_engine::Seat;
use dwarfs_engine::packed::{Bytes, BytesBuf, Reader, Writer};
use serde::de;
use serde::ser::SerializeTuple;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Bytes of the stage: a tag and at most ten bytes of fields.
const STAGE: usize = 11;
/// Bytes before the seats' records.
const HEADER: usize = 4 + STAGE + 7 + 1 + 4 + MONSTER_CARDS + 4 + 4 + 2 * 4 + 4 + 4 + 8 + 2 * POOL;
/// Bytes of one seat's record.
const SEAT: usize = 4 + 3 + 8 * 3 + 1 + 4 + 4 * ZONES + 2 + 4 + 4;
/// Bytes of the whole string.
const LEN: usize = HEADER + MAX_SEATS * SEAT;

fn kind_of(b: u8) -> Option<DwarfKind> {
    DwarfKind::ALL.get(b as usize).copied()
}

fn instrument_of(b: u8) -> Option<Instrument> {
    Instrument::ALL.get(b as usize).copied()
}

fn stage_bytes(s: Stage) -> [u8; STAGE] {
    let mut b = [0u8; STAGE];
    match s {
        Stage::Setup => b[0] = 0,
        Stage::Defenders { seat, left } => b[..3].copy_from_slice(&[1, seat.0, left]),
        Stage::Attack => b[0] = 2,
        Stage::Push { by } => b[..2].copy_from_slice(&[3, by.0]),
        Stage::Reinforce => b[0] = 4,
        Stage::Prepare => b[0] = 5,
        Stage::Turn => b[0] = 6,
        Stage::Music(m) => {
            b[..4].copy_from_slice(&[7, m.instrument as u8, m.leader.0, m.current.0]);
            if let Some(e) = m.effect {
                b[4..7].copy_from_slice(&[1, e.card.0, e.left]);
                if let Some((owner, kind, zone)) = e.moved {
                    b[7..].copy_from_slice(&[1, owner.0, kind as u8, zone.0]);
                }
            }
        }
        Stage::Over => b[0] = 8,
    }
    b
}

fn stage_of(b: [u8; STAGE]) -> Option<Stage> {
    // Every byte after the fields a tag uses must be 0.
    let rest_zero = |from: usize| b[from..].iter().all(|&x| x == 0);
    let plain = |s: Stage| rest_zero(1).then_some(s);
    match b[0] {
        0 => plain(Stage::Setup),
        1 => rest_zero(3).then_some(Stage::Defenders {
            seat: Seat(b[1]),
            left: b[2],
        }),
        2 => plain(Stage::Attack),
        3 => rest_zero(2).then_some(Stage::Push {
            by: MonsterId(b[1]),
        }),
        4 => plain(Stage::Reinforce),
        5 => plain(Stage::Prepare),
        6 => plain(Stage::Turn),
        7 => {
            let effect = match b[4] {
                0 => rest_zero(5).then_some(None)?,
                1 => {
                    let moved = match b[7] {
                        0 => rest_zero(8).then_some(None)?,
                        1 => Some((Seat(b[8]), kind_of(b[9])?, Zone(b[10]))),
                        _ => return None,
                    };
                    Some(Effect {
                        card: Card(b[5]),
                        left: b[6],
                        moved,
                    })
                }
                _ => return None,
            };
            Some(Stage::Music(Music {
                instrument: instrument_of(b[1])?,
                leader: Seat(b[2]),
                current: Seat(b[3]),
                effect,
            }))
        }
        8 => plain(Stage::Over),
        _ => None,
    }
}

impl PlayerBoard {
    fn pack(&self, w: &mut Writer<'_>) {
        w.put(&self.resources);
        w.put(&[self.actions, self.actions_left, self.hand_size]);
        w.put(&self.deck.to_le_bytes());
        w.put(&self.hand.to_le_bytes());
        w.put(&self.played.to_le_bytes());
        w.u8(self.chosen as u8);
        w.put(&self.home);
        for k in &self.dwarfs {
            w.put(k);
        }
        w.put(&[self.legends, self.tokens]);
        w.put(&self.monsters.to_le_bytes());
        w.put(&self.disasters.to_le_bytes());
    }

    fn unpack(r: &mut Reader<'_>) -> Option<PlayerBoard> {
        let resources = r.take()?;
        let [actions, actions_left, hand_size] = r.take()?;
        let (deck, hand, played) = (r.u64()?, r.u64()?, r.u64()?);
        let chosen = r.flag()?;
        let home = r.take()?;
        let mut dwarfs = [[0u8; ZONES]; 4];
        for k in &mut dwarfs {
            *k = r.take()?;
        }
        let [legends, tokens] = r.take()?;
        Some(PlayerBoard {
            resources,
            actions,
            actions_left,
            hand_size,
            deck,
            hand,
            played,
            chosen,
            home,
            dwarfs,
            legends,
            tokens,
            monsters: r.u32()?,
            disasters: r.u32()?,
        })
    }
}

impl Winter {
    /// The byte string of everything but the end.
    fn pack(&self, b: &mut [u8; LEN]) {
        let o = &self.options;
        let mut w = Writer::new(b);
        let flags = o.nightmare as u8 | (o.bloodlust as u8) << 1 | (o.legendary as u8) << 2;
        let week = &self.week;
        w.put(&[flags, self.players, week.week, week.first.0]);
        w.put(&stage_bytes(week.stage));
        let t = &week.turn;
        w.u8(t.seat.0);
        w.put(&t.placed.to_le_bytes());
        w.put(&[t.acquired as u8, t.music, week.refill as u8]);
        let board = &self.board;
        w.put(&board.monsters.to_le_bytes());
        for z in &board.monster_zone {
            w.u8(z.0);
        }
        w.put(&board.to_attack.to_le_bytes());
        w.put(&board.disasters.to_le_bytes());
        for s in &board.music_hall {
            w.opt(s.map(|s| s.0));
        }
        let decks = &self.decks;
        w.put(&decks.monsters.to_le_bytes());
        w.put(&decks.disasters.to_le_bytes());
        w.put(&decks.heroes.to_le_bytes());
        for c in &decks.pool {
            w.opt(c.map(|c| c.0));
        }
        for p in &self.seats {
            p.pack(&mut w);
        }
        debug_assert_eq!(w.len(), LEN);
    }

    /// The state from its byte string and end, or `None` if a byte is not the encoding of its
    /// field.
    fn unpack(b: &[u8], end: Option<End>) -> Option<Winter> {
        if b.len() != LEN {
            return None;
        }
        let mut r = Reader::new(b);
        let [flags, players, week_no, first] = r.take()?;
        if flags > 0b111 {
            return None;
        }
        let options = WinterOptions {
            nightmare: flags & 1 != 0,
            bloodlust: flags & 2 != 0,
            legendary: flags & 4 != 0,
        };
        let stage = stage_of(r.take()?)?;
        let turn_seat = Seat(r.u8()?);
        let placed = r.u32()?;
        let (acquired, music, refill) = (r.flag()?, r.u8()?, r.flag()?);
        let week = WeekState {
            week: week_no,
            first: Seat(first),
            stage,
            turn: TurnState {
                seat: turn_seat,
                placed,
                acquired,
                music,
            },
            refill,
        };
        let monsters = r.u32()?;
        let zones: [u8; MONSTER_CARDS] = r.take()?;
        let to_attack = r.u32()?;
        let disasters = r.u32()?;
        let mut music_hall = [None; 4];
        for s in &mut music_hall {
            *s = r.opt()?.map(Seat);
        }
        let board = Board {
            monsters,
            monster_zone: zones.map(Zone),
            to_attack,
            disasters,
            music_hall,
        };
        let (deck_monsters, deck_disasters, heroes) = (r.u32()?, r.u32()?, r.u64()?);
        let mut pool = [None; POOL];
        for c in &mut pool {
            *c = r.opt()?.map(Card);
        }
        let decks = Decks {
            monsters: deck_monsters,
            disasters: deck_disasters,
            heroes,
            pool,
        };
        let seats = [
            PlayerBoard::unpack(&mut r)?,
            PlayerBoard::unpack(&mut r)?,
            PlayerBoard::unpack(&mut r)?,
            PlayerBoard::unpack(&mut r)?,
        ];
        Some(Winter {
            options,
            players,
            week,
            board,
            decks,
            seats,
            end,
        })
    }
}

impl Serialize for Winter {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; LEN];
        self.pack(&mut buf);
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(&Bytes(&buf))?;
        t.serialize_element(&self.end)?;
        t.end()
    }
}

impl<'de> Deserialize<'de> for Winter {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Winter, D::Error> {
        let (blob, end) = <(BytesBuf<LEN>, Option<End>)>::deserialize(d)?;
        if blob.0.len() != LEN {
            return Err(de::Error::invalid_length(
                blob.0.len(),
                &"a packed Winter state of its full length",
            ));
        }
        Winter::unpack(&blob.0, end)
            .ok_or_else(|| de::Error::custom("malformed Winter state: a field out of its range"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::codec;

    #[test]
    fn every_stage_round_trips_and_stray_bytes_are_refused() {
        let music = |effect| {
            Stage::Music(Music {
                instrument: Instrument::Flute,
                leader: Seat(1),
                current: Seat(2),
                effect,
            })
        };
        for s in [
            Stage::Setup,
            Stage::Defenders {
                seat: Seat(3),
                left: 2,
            },
            Stage::Attack,
            Stage::Push { by: MonsterId(5) },
            Stage::Reinforce,
            Stage::Prepare,
            Stage::Turn,
            music(None),
            music(Some(Effect {
                card: Card(12),
                left: 2,
                moved: None,
            })),
            music(Some(Effect {
                card: Card(12),
                left: 1,
                moved: Some((Seat(0), DwarfKind::ThunderKing, Zone(9))),
            })),
            Stage::Over,
        ] {
            let b = stage_bytes(s);
            assert_eq!(stage_of(b), Some(s));
            // A stray byte after the fields the tag uses is not an encoding.
            let used = b.iter().rposition(|&x| x != 0).map_or(1, |i| i + 1);
            if used < STAGE {
                let mut bad = b;
                bad[STAGE - 1] = 1;
                assert_eq!(stage_of(bad), None, "{s:?}");
            }
        }
        assert_eq!(stage_of([9; STAGE]), None);
    }

    #[test]
    fn a_state_round_trips_and_a_flipped_flag_or_tag_is_refused() {
        let mut g = Winter::blank(
            WinterOptions {
                nightmare: true,
                bloodlust: false,
                legendary: true,
            },
            3,
        );
        g.board.music_hall[2] = Some(Seat(1));
        g.decks.pool[1] = Some(Card(20));
        g.seats[2].dwarfs[1][16] = 3;
        g.seats[3].hand = u64::MAX;
        g.end = Some(End::Lost {
            week: 4,
            reason: "the castle fell".into(),
        });
        let bytes = codec::encode(&g).unwrap();
        assert_eq!(codec::decode::<Winter>(&bytes).unwrap(), g);
        // The byte string follows its 3-byte length prefix.
        assert_eq!(&bytes[..3], &[251, LEN as u8, (LEN >> 8) as u8]);
        assert_eq!(bytes[3], 0b101, "the option flags");
        assert_eq!(bytes[4], 3, "the player count");
        for (at, value) in [(3, 0b1000), (3 + 4, 9), (3 + HEADER - 2 * POOL, 2)] {
            let mut bad = bytes.clone();
            bad[at] = value;
            assert!(codec::decode::<Winter>(&bad).is_err(), "byte {at}");
        }
        // The length is fixed.
        let mut short = bytes.clone();
        short.remove(10);
        assert!(codec::decode::<Winter>(&short).is_err());
    }
}
