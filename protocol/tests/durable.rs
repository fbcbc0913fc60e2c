//! Durable replays and safe resumes: frame checksums that tell a torn last frame from damage in
//! the middle, protocol v1 files refused by name, and a resumed session that never signs a
//! second, different move for one it signed before a crash.

use dwarfs_engine::toy::{Pig, PigAction, PigOptions};
use dwarfs_engine::{Game, Seat, codec};
use dwarfs_protocol::replay::format::{
    self, Frame, MAGIC, MAGICS_V1, ReadError, read_frames, read_journal,
};
use dwarfs_protocol::replay::{self, Fault};
use dwarfs_protocol::sim::{Faults, Network};
use dwarfs_protocol::{Destination, Event, Phase, ResumeError, Session, Settings, SubmitError};

fn recorded(seed: u64) -> Vec<u8> {
    replay::record_simulated::<Pig>(&PigOptions::default(), 3, seed).unwrap()
}

/// Byte offsets of every frame, and the file length.
fn offsets(bytes: &[u8]) -> Vec<usize> {
    read_frames(bytes).frames.iter().map(|f| f.0).collect()
}

#[test]
fn protocol_v1_files_are_refused_by_name_and_unknown_formats_are_named() {
    let v2 = recorded(7);
    assert!(v2.starts_with(MAGIC));
    replay::verify::<Pig>(&v2).unwrap();
    // The same bytes behind either magic of protocol v1 (formats 2 to 4).
    for old in MAGICS_V1 {
        let mut v1 = v2.clone();
        v1[..8].copy_from_slice(old);
        let e = replay::verify::<Pig>(&v1).unwrap_err();
        assert!(matches!(e.fault, Fault::Read(ReadError::ProtocolV1)), "{e}");
        assert!(e.to_string().contains("protocol v1"), "{e}");
        assert!(e.to_string().contains("release that played it"), "{e}");
    }
    // A framing from a newer build.
    let mut newer = v2.clone();
    newer[7] = b'Z';
    let e = replay::verify::<Pig>(&newer).unwrap_err();
    assert!(
        matches!(e.fault, Fault::Read(ReadError::UnknownFraming(b'Z'))),
        "{e}"
    );
    assert!(e.to_string().contains("another dwarfs release"), "{e}");
    // A header version from a newer build.
    let mut frames: Vec<Frame> = read_frames(&v2).frames.into_iter().map(|f| f.1).collect();
    if let Frame::Header(h) = &mut frames[0] {
        h.format = format::FORMAT_VERSION + 1;
    }
    let mut bytes = MAGIC.to_vec();
    for f in &frames {
        bytes.extend(format::encode_frame(f));
    }
    let e = replay::verify::<Pig>(&bytes).unwrap_err();
    assert!(e.to_string().contains("update dwarfs"), "{e}");
    // A game played under other rules: named as such, not as a lobby's mismatch.
    let mut frames: Vec<Frame> = read_frames(&v2).frames.into_iter().map(|f| f.1).collect();
    if let Frame::Header(h) = &mut frames[0] {
        h.config.rules_version = Pig::RULES_VERSION + 1;
    }
    let mut bytes = MAGIC.to_vec();
    for f in &frames {
        bytes.extend(format::encode_frame(f));
    }
    let e = replay::verify::<Pig>(&bytes).unwrap_err();
    assert!(matches!(e.fault, Fault::OtherRules { .. }), "{e}");
    assert!(e.to_string().contains("release that played it"), "{e}");
}

#[test]
fn every_flipped_byte_is_caught_by_the_checksum() {
    let bytes = recorded(8);
    let at = offsets(&bytes);
    let (start, end) = (at[5], at[6]);
    for i in start..end {
        let mut t = bytes.clone();
        t[i] ^= 0x10;
        let read = read_frames(&t);
        let e = read.error.expect("a flipped byte must stop reading");
        // In the middle of the file: damage, never mistaken for a torn tail.
        assert!(!e.is_torn_tail(), "byte {i}: {e}");
        assert_eq!(e.position().0, 5, "byte {i}: {e}");
        assert_eq!(read.frames.len(), 5);
    }
}

#[test]
fn a_torn_last_frame_is_cut_on_resume_but_damage_in_the_middle_is_refused() {
    let mut n = Network::<Pig>::new(&options(), 3, 31, Faults::default(), settings()).unwrap();
    assert!(n.run_until(1_000_000, |n| n.peers[0].session.final_seq() >= 12));
    let file = n.peers[0].replay.clone();
    let signer = n.peers[0].signer.clone();
    let secret = n.peers[0].secret.clone();
    let at = offsets(&file);
    let last = *at.last().unwrap();
    let (whole, keep_whole) = Session::<Pig>::resume_with_signer(
        &file,
        signer.clone(),
        secret.clone(),
        settings(),
        n.now,
    )
    .unwrap();
    assert_eq!(keep_whole, file.len());
    // A crash while writing the last frame: cut anywhere inside it, or zero-filled after it.
    for torn in [
        file[..last + 1].to_vec(),
        file[..file.len() - 1].to_vec(),
        [&file[..last], &vec![0u8; file.len() - last][..]].concat(),
    ] {
        let e = read_frames(&torn).error.expect("torn");
        assert!(e.is_torn_tail(), "{e}");
        let (s, keep) = Session::<Pig>::resume_with_signer(
            &torn,
            signer.clone(),
            secret.clone(),
            settings(),
            n.now,
        )
        .unwrap();
        assert!(keep <= last, "the torn frame is cut");
        assert!(s.final_seq() <= whole.final_seq());
    }
    // The last frame whole but its checksum wrong, with nothing after it: torn too.
    let mut t = file.clone();
    let k = t.len() - 1;
    t[k] ^= 1;
    assert!(read_frames(&t).error.unwrap().is_torn_tail());
    // A bad checksum with frames after it: reported, not cut.
    let mut t = file.clone();
    t[at[3] + 2] ^= 1;
    let e = read_frames(&t).error.unwrap();
    assert!(matches!(e, ReadError::Checksum { index: 3, .. }), "{e}");
    let err =
        Session::<Pig>::resume_with_signer(&t, signer, secret, settings(), n.now).unwrap_err();
    assert!(
        matches!(&err, ResumeError::Replay(v) if v.frame == 3),
        "{err}"
    );
    assert!(err.to_string().contains("corrupt"), "{err}");
}

fn options() -> PigOptions {
    PigOptions {
        target: 40,
        max_rounds: 12,
        wagers: false,
    }
}

fn settings() -> Settings {
    Settings {
        retransmit_ms: 30,
        silence_ms: 300,
        sync_chunk: 8,
        takeover_after_ms: None,
        ..Settings::default()
    }
}

/// A crash right after signing a move, before any peer got it: the resumed session refuses to
/// sign another action for that move, plays the one it signed again by itself, and the game ends
/// with no equivocation and identical replays.
#[test]
fn a_resumed_session_never_signs_a_second_move_for_one_it_signed() {
    let mut n = Network::<Pig>::new(&options(), 3, 41, Faults::default(), settings()).unwrap();
    n.peers[2].autoplay = false;
    // Seat 3 plays by hand up to a turn with a choice (roll again or hold); its signing journal
    // is kept as a driver writes it.
    let mut journal = Vec::new();
    let legal = loop {
        while let Some(b) = n.peers[2].session.poll_signing_record() {
            journal.extend(b);
        }
        assert!(n.run_until(1_000_000, |n| n.peers[2].session.is_my_turn()));
        let legal = n.peers[2].session.state().legal_actions_for_vec(Seat(2));
        if legal.len() >= 2 && n.peers[2].session.final_seq() >= 5 {
            break legal;
        }
        n.peers[2].session.submit_local_action(legal[0]).unwrap();
        n.pump(2);
    };
    let seq = n.peers[2].session.final_seq() + 1;
    // Sign one action; the process dies before anything it sent leaves.
    let (signed, other): (PigAction, PigAction) = (legal[1], legal[0]);
    n.peers[2].session.submit_local_action(signed).unwrap();
    while let Some(b) = n.peers[2].session.poll_signing_record() {
        journal.extend(b);
    }
    while n.peers[2].session.poll_transmit().is_some() {}
    while let Some(f) = n.peers[2].session.poll_replay_frame() {
        n.peers[2].replay.extend(f);
    }
    let records = read_journal(&journal).records;
    assert_eq!(records.last().map(|r| r.1.seq()), Some(seq));
    n.peers[2].offline = true;
    n.run_until(300, |_| false);
    let file = n.peers[2].replay.clone();
    let signer = n.peers[2].signer.clone();
    let secret = n.peers[2].secret.clone();
    let (s, keep) =
        Session::<Pig>::resume_with_journal(&file, &journal, signer, secret, settings(), n.now)
            .unwrap();
    assert!(keep <= file.len() && s.final_seq() < seq);
    // It catches up from seat 1's log (which lacks the move it signed): once the move is its to
    // play again, asked for another action, it refuses.
    let mut s = s;
    let (p0, p2) = (n.peers[0].peer, n.peers[2].peer);
    for _ in 0..50 {
        if s.final_seq() + 1 >= seq {
            break;
        }
        while let Some(t) = s.poll_transmit() {
            if t.to == Destination::Peer(p0) || t.to == Destination::Broadcast {
                n.peers[0].session.handle_message(p2, t.message);
            }
        }
        while let Some(t) = n.peers[0].session.poll_transmit() {
            if t.to == Destination::Peer(p2) || t.to == Destination::Broadcast {
                s.handle_message(p0, t.message);
            }
        }
    }
    assert_eq!(s.final_seq() + 1, seq);
    assert_eq!(
        s.submit_local_action(other),
        Err(SubmitError::AlreadySigned { seq })
    );
    n.peers[2].session = s;
    n.peers[2].offline = false;
    n.peers[2].autoplay = true;
    assert!(
        SubmitError::AlreadySigned { seq }
            .to_string()
            .contains("already signed")
    );
    let done = n.run(10_000_000);
    assert!(
        done,
        "the game finishes: {:?}",
        n.peers
            .iter()
            .map(|p| (
                p.session.phase().clone(),
                p.session.final_seq(),
                p.session.is_my_turn()
            ))
            .collect::<Vec<_>>()
    );
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
    }
    // The move that became final at `seq` is the one signed before the crash.
    let moves: Vec<_> = read_frames(&n.peers[0].replay)
        .frames
        .into_iter()
        .filter_map(|(_, f)| match f {
            Frame::Move(m) if m.seq == seq => Some(m),
            _ => None,
        })
        .collect();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].seat, Seat(2));
    assert_eq!(moves[0].action, codec::encode(&signed).unwrap());
    for p in &n.peers {
        assert!(
            !p.events.iter().any(|e| matches!(e, Event::Cheat(_))),
            "no equivocation"
        );
    }
    assert_eq!(n.peers[0].replay, n.peers[1].replay);
    replay::verify::<Pig>(&n.peers[0].replay).unwrap();
}

/// The signing journal: a torn last record (a crash while writing it: the item was never sent)
/// is ignored; a damaged record in the middle refuses the resume.
#[test]
fn a_torn_journal_record_is_ignored_and_a_damaged_one_refused() {
    let mut n = Network::<Pig>::new(&options(), 3, 43, Faults::default(), settings()).unwrap();
    assert!(n.run_until(1_000_000, |n| n.peers[1].session.final_seq() >= 12));
    let mut journal = Vec::new();
    while let Some(b) = n.peers[1].session.poll_signing_record() {
        journal.extend(b);
    }
    let j = read_journal(&journal);
    assert!(j.error.is_none() && j.records.len() >= 2, "{j:?}");
    let file = n.peers[1].replay.clone();
    let signer = n.peers[1].signer.clone();
    let secret = n.peers[1].secret.clone();
    let torn = &journal[..journal.len() - 3];
    let jt = read_journal(torn);
    assert!(jt.error.as_ref().unwrap().is_torn_tail());
    assert_eq!(jt.valid_len, j.records.last().unwrap().0);
    Session::<Pig>::resume_with_journal(
        &file,
        torn,
        signer.clone(),
        secret.clone(),
        settings(),
        n.now,
    )
    .unwrap();
    let mut bad = journal.clone();
    bad[j.records[0].0 + 3] ^= 4;
    let e = Session::<Pig>::resume_with_journal(&file, &bad, signer, secret, settings(), n.now)
        .unwrap_err();
    assert!(matches!(e, ResumeError::Journal(_)), "{e}");
}
