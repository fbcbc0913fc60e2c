//! Seat numbers on the wire and in replays: `Seat` encodes exactly as its `u8`, so switching the
//! wire and replay types from raw `u8` to `Seat` changes no signature, hash or replay byte.

use dwarfs_engine::Seat;
use dwarfs_engine::codec::{decode, encode_plain as encode};
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::beacon;
use dwarfs_protocol::keys::{Domain, Signature};
use dwarfs_protocol::message::TakeoverBody;
use dwarfs_protocol::replay;
use dwarfs_protocol::replay::format::VoteRecord;
use dwarfs_protocol::sim::sim_signer;
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
    blake3::hash(&as_format_3(&bytes)).to_hex().to_string()
}

/// The same replay in format 3 (no frame checksums; the frames are those of format 3).
fn as_format_3(bytes: &[u8]) -> Vec<u8> {
    use replay::format::{Frame, MAGIC_V3, encode_frame_v3, read_frames};
    let read = read_frames(bytes);
    assert!(read.error.is_none() && read.checksummed);
    let mut out = MAGIC_V3.to_vec();
    for (_, mut f) in read.frames {
        if let Frame::Header(h) = &mut f {
            h.format = 3;
        }
        out.extend(encode_frame_v3(&f));
    }
    out
}

/// Recorded replays are deterministic; these hashes were first taken while seats were still raw
/// `u8` in the wire and replay types (replay format 3), so they pinned that the move to `Seat`
/// left every byte alone (signatures over message bodies, commitments, nonce hashes and the
/// frames themselves), and that format 4 only added the frame checksums. Re-pinned when the
/// mover's ack was folded into its signed move (protocol v2: `MoveBody` and `MoveRecord` carry
/// the mover's state hash, beacon link and re-commit; checkpoints store the others' acks only).
#[test]
fn recorded_replays_are_byte_identical_to_those_of_raw_u8_seats() {
    assert_eq!(
        recorded_hash(false, 11),
        "a506d1cfc6555e88c2c1fcd6939c2bcc94536bc6f8641a24efcaffdc35010e44"
    );
    assert_eq!(
        recorded_hash(true, 11),
        "40820c3db65d4154fc52c52085174335ceb892bb09bd0760fdc57d7e494dff96"
    );
}

/// The shape [`TakeoverBody`] had with raw `u8` seats.
#[derive(Serialize)]
struct TakeoverBodyU8 {
    game_id: [u8; 32],
    seat: u8,
    from_seq: u32,
    voter: u8,
    seat_move: Option<[u8; 32]>,
}

/// The shape [`VoteRecord`] had with raw `u8` seats.
#[derive(Serialize)]
struct VoteRecordU8 {
    voter: u8,
    seat: u8,
    seat_move: Option<[u8; 32]>,
    sig: Signature,
}

#[test]
fn wire_and_replay_types_encode_and_sign_as_with_raw_u8_seats() {
    let signer = sim_signer(1, 0);
    let body = TakeoverBody {
        game_id: [7; 32],
        seat: Seat(3),
        from_seq: 12,
        voter: Seat(1),
        seat_move: Some([9; 32]),
    };
    let old = TakeoverBodyU8 {
        game_id: [7; 32],
        seat: 3,
        from_seq: 12,
        voter: 1,
        seat_move: Some([9; 32]),
    };
    assert_eq!(encode(&body), encode(&old));
    let sig = signer.sign(Domain::Takeover, &body);
    assert_eq!(sig, signer.sign(Domain::Takeover, &old));
    let record = VoteRecord {
        voter: Seat(1),
        seat: Seat(3),
        seat_move: None,
        sig,
    };
    let old_record = VoteRecordU8 {
        voter: 1,
        seat: 3,
        seat_move: None,
        sig,
    };
    assert_eq!(encode(&record), encode(&old_record));
    // The seat commitments hash the seat as its one byte.
    let game_id = [5; 32];
    assert_ne!(
        beacon::nonce_hash(&game_id, Seat(3), &[1; 32]),
        beacon::nonce_hash(&game_id, Seat(2), &[1; 32])
    );
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs nonce v1\0");
    h.update(&game_id);
    h.update(&[3]);
    h.update(&[1; 32]);
    assert_eq!(
        beacon::nonce_hash(&game_id, Seat(3), &[1; 32]),
        *h.finalize().as_bytes()
    );
}
