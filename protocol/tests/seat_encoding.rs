//! Seat numbers on the wire and in replays: `Seat` encodes exactly as its `u8`, so switching the
//! wire and replay types from raw `u8` to `Seat` changes no signature, hash or replay byte.

use dwarfs_engine::Seat;
use dwarfs_engine::codec::{decode, encode};
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::replay;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct WithSeat {
    seq: u32,
    seat: Seat,
    chat: Option<Seat>,
    seats: Vec<Seat>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct WithU8 {
    seq: u32,
    seat: u8,
    chat: Option<u8>,
    seats: Vec<u8>,
}

#[test]
fn a_seat_encodes_as_its_u8() {
    for n in [0u8, 3, 127, 255] {
        let s = WithSeat {
            seq: 7,
            seat: Seat(n),
            chat: Some(Seat(n)),
            seats: vec![Seat(0), Seat(n)],
        };
        let u = WithU8 {
            seq: 7,
            seat: n,
            chat: Some(n),
            seats: vec![0, n],
        };
        let bytes = encode(&s);
        assert_eq!(bytes, encode(&u));
        assert_eq!(decode::<WithU8>(&bytes).unwrap(), u);
        assert_eq!(decode::<WithSeat>(&encode(&u)).unwrap(), s);
    }
}

fn recorded_hash(wagers: bool, seed: u64) -> String {
    let options = PigOptions {
        wagers,
        ..PigOptions::default()
    };
    let bytes = replay::record_simulated::<Pig>(&options, 3, seed).unwrap();
    blake3::hash(&bytes).to_hex().to_string()
}

/// Recorded replays are deterministic; these hashes were taken while seats were still raw `u8`
/// in the wire and replay types, so they pin that the move to `Seat` left every byte alone
/// (signatures over message bodies, commitments, nonce hashes and the frames themselves).
#[test]
fn recorded_replays_are_byte_identical_to_those_of_raw_u8_seats() {
    assert_eq!(
        recorded_hash(false, 11),
        "d500adb6fe67930e866499c4ce0510009ddf9c04ac4101943410e2095cd42372"
    );
    assert_eq!(
        recorded_hash(true, 11),
        "8b9a6d4641c5bda7957afa6e10c14a41917d370141656f4b02de811ee8126845"
    );
}
