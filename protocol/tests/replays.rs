//! Replays: recorded like a real game, deterministic, verifiable; every kind of tampering fails
//! verification naming the right move.

mod common;
use common::{assemble, frames, recorded};

use dwarfs_engine::Seat;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::keys::{Domain, Signer};
use dwarfs_protocol::message::{AckBody, AckStage};
use dwarfs_protocol::replay::format::{Frame, MAGIC, encode_frame, read_frames};
use dwarfs_protocol::replay::{self, Fault, VerifyError};

/// Index of the frame holding move `seq`.
fn move_frame(frames: &[Frame], seq: u32) -> usize {
    frames
        .iter()
        .position(|f| matches!(f, Frame::Move(m) if m.seq == seq))
        .unwrap()
}

fn fails_at(bytes: &[u8], seq: u32) -> VerifyError {
    let e = replay::verify::<Pig>(bytes).expect_err("tampered replay must fail");
    assert_eq!(e.seq, Some(seq), "wrong move named: {e}");
    e
}

#[test]
fn recorded_replays_verify_and_are_deterministic() {
    let a = recorded(3, 5);
    assert_eq!(a, recorded(3, 5));
    assert_ne!(a, recorded(3, 6));
    let r = replay::verify::<Pig>(&a).unwrap();
    assert_eq!(r.game, "pig");
    assert_eq!(r.players, 3);
    assert!(r.moves > 10 && r.chance_points > 5);
    assert!(r.signatures > r.moves);
    let h = replay::peek_header(&a).unwrap();
    assert_eq!((h.game.as_str(), h.players, h.rules_version), ("pig", 3, 1));
    let log = replay::show::<Pig>(&a);
    assert!(log.contains("player 1 rolls"), "{log}");
    assert!(log.contains("verified:"), "{log}");
    assert!(log.contains("winner"), "{log}");
}

#[test]
fn flipped_byte_names_the_move() {
    let bytes = recorded(2, 1);
    let fr = frames(&bytes);
    let k = move_frame(&fr, 10);
    // Byte range of move 10's frame.
    let start = MAGIC.len() + fr[..k].iter().map(|f| encode_frame(f).len()).sum::<usize>();
    let len = encode_frame(&fr[k]).len();
    for off in 0..len {
        let mut t = bytes.clone();
        t[start + off] ^= 0x40;
        if replay::verify::<Pig>(&t).is_ok() {
            panic!("flip at byte {off} of move 10's frame went unnoticed");
        }
        let e = replay::verify::<Pig>(&t).unwrap_err();
        // A flipped length prefix can only be pinned to the frame, which starts move 10.
        assert_eq!(e.seq, Some(10), "flip at byte {off}: {e}");
    }
    // A checkpoint frame (acks and beacon links, read ahead for earlier chance points).
    let k = move_frame(&fr, 16);
    let start = MAGIC.len() + fr[..k].iter().map(|f| encode_frame(f).len()).sum::<usize>();
    let len = encode_frame(&fr[k]).len();
    for off in 0..len {
        let mut t = bytes.clone();
        t[start + off] ^= 0x08;
        let e = replay::verify::<Pig>(&t).expect_err("flip in checkpoint 16 unnoticed");
        assert_eq!(
            e.seq,
            Some(16),
            "flip at byte {off} of move 16's frame: {e}"
        );
        assert_eq!(e.frame, k, "{e}");
    }
    // And in the header: fails before any move.
    let mut t = bytes.clone();
    t[MAGIC.len() + 40] ^= 1;
    assert!(replay::verify::<Pig>(&t).is_err());
}

#[test]
fn dropped_move_names_it() {
    let mut fr = frames(&recorded(2, 2));
    let k = move_frame(&fr, 7);
    fr.remove(k);
    let e = fails_at(&assemble(&fr), 7);
    assert!(
        matches!(
            e.fault,
            Fault::Sequence {
                expected: 7,
                got: 8
            }
        ),
        "{e}"
    );
}

#[test]
fn swapped_moves_name_the_first() {
    let mut fr = frames(&recorded(3, 3));
    let k = move_frame(&fr, 12);
    fr.swap(k, k + 1);
    fails_at(&assemble(&fr), 12);
    // Swapped but renumbered: the signatures (or seats) no longer fit.
    let mut fr = frames(&recorded(3, 3));
    let k = move_frame(&fr, 12);
    if let (Frame::Move(a), Frame::Move(b)) = (fr[k].clone(), fr[k + 1].clone()) {
        let (mut a2, mut b2) = (b.clone(), a.clone());
        a2.seq = a.seq;
        b2.seq = b.seq;
        a2.acks = a.acks.clone();
        b2.acks = b.acks.clone();
        a2.beacon = a.beacon.clone();
        b2.beacon = b.beacon.clone();
        fr[k] = Frame::Move(a2);
        fr[k + 1] = Frame::Move(b2);
    }
    let bytes = assemble(&fr);
    let e = replay::verify::<Pig>(&bytes).unwrap_err();
    assert!(e.seq == Some(12) || e.seq == Some(13), "{e}");
}

#[test]
fn changed_seat_names_the_move() {
    let mut fr = frames(&recorded(3, 4));
    let k = move_frame(&fr, 9);
    if let Frame::Move(m) = &mut fr[k] {
        m.seat = Seat((m.seat.0 + 1) % 3);
    }
    let e = fails_at(&assemble(&fr), 9);
    assert!(
        matches!(e.fault, Fault::WrongSeat { .. } | Fault::Signature { .. }),
        "{e}"
    );
}

#[test]
fn forged_ack_names_the_move() {
    let bytes = recorded(3, 5);
    let mut fr = frames(&bytes);
    let k = move_frame(&fr, 16);
    let header = match &fr[0] {
        Frame::Header(h) => h.clone(),
        _ => unreachable!(),
    };
    // A stranger signs an ack in the name of the last seat that acked.
    let forger = Signer::from_secret([9; 32]);
    if let Frame::Move(m) = &mut fr[k] {
        assert_eq!(
            m.acks.len(),
            2,
            "move 16 is a checkpoint: the acks of the two seats that did not move (the mover's is its move)"
        );
        assert!(!m.acks.iter().any(|a| a.seat == m.seat));
        let body = AckBody {
            game_id: header.config.game_id,
            seq: 16,
            seat: m.acks[1].seat,
            stage: AckStage::Applied,
            hash: dwarfs_engine::StateHash([0; 32]),
            next_tip: None,
            reveal: None,
            reroll: None,
        };
        m.acks[1].sig = forger.sign(Domain::Ack, &body);
    }
    let e = fails_at(&assemble(&fr), 16);
    assert!(
        matches!(e.fault, Fault::Signature { what: "ack", .. }),
        "{e}"
    );
    // Dropping an ack from a checkpoint is caught too.
    let mut fr = frames(&bytes);
    if let Frame::Move(m) = &mut fr[k] {
        m.acks.pop();
    }
    fails_at(&assemble(&fr), 16);
}

#[test]
fn truncated_file_fails() {
    let bytes = recorded(2, 6);
    let fr = frames(&bytes);
    let k = move_frame(&fr, 8);
    let start = MAGIC.len() + fr[..k].iter().map(|f| encode_frame(f).len()).sum::<usize>();
    // Cut inside move 8's frame.
    let e = fails_at(&bytes[..start + 5], 8);
    assert!(matches!(e.fault, Fault::Read(_)), "{e}");
    // Cut exactly after move 7: the game is unfinished.
    let e = replay::verify::<Pig>(&bytes[..start]).unwrap_err();
    assert!(matches!(e.fault, Fault::Incomplete(7)), "{e}");
    // Every prefix fails; none panics.
    for cut in (0..bytes.len()).step_by(7) {
        assert!(replay::verify::<Pig>(&bytes[..cut]).is_err());
    }
    // A crashed writer's file still yields every complete frame.
    let partial = read_frames(&bytes[..start + 5]);
    assert_eq!(partial.frames.len(), k);
}

#[test]
fn wrong_game_or_garbage_is_refused() {
    assert!(replay::peek_header(b"hello").is_err());
    assert!(replay::verify::<Pig>(b"").is_err());
    assert!(replay::verify::<Pig>(MAGIC).is_err());
}

#[test]
fn batched_verification_agrees_with_one_by_one() {
    let bytes = recorded(3, 8);
    let batched = replay::verify::<Pig>(&bytes).unwrap();
    assert_eq!(batched, replay::verify_one_by_one::<Pig>(&bytes).unwrap());
    assert!(batched.signatures > 20, "signatures went through the batch");
    // A forged move signature: the batch fails and the error names the move like the
    // one-by-one check.
    let mut fr = frames(&bytes);
    let k = move_frame(&fr, 5);
    if let Frame::Move(m) = &mut fr[k]
        && let Some(s) = m.sig.as_mut()
    {
        s.0[10] ^= 1;
    }
    let t = assemble(&fr);
    let e = replay::verify::<Pig>(&t).unwrap_err();
    assert_eq!(e, replay::verify_one_by_one::<Pig>(&t).unwrap_err());
    assert_eq!(e.seq, Some(5));
}

#[test]
fn replay_size_per_move_is_small() {
    // The size target (<= 150 bytes per move); see the benchmark for figures.
    for players in [2u8, 4, 8] {
        let o = PigOptions {
            target: 200,
            max_rounds: 40,
            wagers: false,
        };
        let bytes = replay::record_simulated::<Pig>(&o, players, 1).unwrap();
        let r = replay::verify::<Pig>(&bytes).unwrap();
        let per_move = bytes.len() as f64 / r.moves as f64;
        assert!(
            r.moves > 150 && per_move <= 150.0,
            "{players} players: {per_move:.1} bytes/move over {} moves",
            r.moves
        );
    }
}

#[test]
fn games_ending_on_a_move_and_on_a_chance_point_both_verify() {
    use dwarfs_protocol::message::AckStage;
    let mut stages = Vec::new();
    for seed in 0..12 {
        let o = PigOptions {
            target: 15,
            max_rounds: 3,
            wagers: false,
        };
        let bytes = replay::record_simulated::<Pig>(&o, 2, seed).unwrap();
        replay::verify::<Pig>(&bytes).unwrap();
        if let Some(Frame::Final(f)) = frames(&bytes).last() {
            stages.push(f.stage);
        }
    }
    assert!(stages.contains(&AckStage::Applied), "{stages:?}");
    assert!(stages.contains(&AckStage::Settled), "{stages:?}");
}
