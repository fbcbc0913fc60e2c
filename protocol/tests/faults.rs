//! Property tests: games over networks with random fault schedules always end with every peer in
//! the same state and byte-identical replays that verify; the wire decoder never panics.

use dwarfs_engine::Seat;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::message::Message;
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::{Faults, Network};
use dwarfs_protocol::wire::{self, MAX_FRAME, WIRE_VERSION, WireError};
use dwarfs_protocol::{Event, Phase, Settings};
use proptest::prelude::*;

fn small_game() -> PigOptions {
    PigOptions {
        target: 12,
        max_rounds: 8,
        wagers: false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn any_fault_schedule_ends_in_agreement(
        players in 2u8..=8,
        seed in any::<u64>(),
        drop in 0u16..350,
        duplicate in 0u16..300,
        reorder in 0u16..500,
        latency_ms in 1u64..20,
        max_extra_delay_ms in 0u64..120,
    ) {
        let faults = Faults { drop, duplicate, reorder, latency_ms, max_extra_delay_ms };
        let settings = Settings { retransmit_ms: 60, silence_ms: u64::MAX / 4, sync_chunk: 16, ..Settings::default() };
        let mut net = Network::<Pig>::new(&small_game(), players, seed, faults, settings).unwrap();
        prop_assert!(net.run(100_000_000), "stuck at {:?}", net.peers.iter().map(|p| (p.session.phase().clone(), p.session.final_seq())).collect::<Vec<_>>());
        for p in &net.peers {
            prop_assert_eq!(p.session.phase(), &Phase::Over);
            prop_assert!(!p.events.iter().any(|e| matches!(e, Event::Cheat(_) | Event::Desync(_))));
        }
        let h = net.hashes();
        prop_assert!(h.windows(2).all(|w| w[0] == w[1]));
        for p in &net.peers[1..] {
            prop_assert!(p.replay == net.peers[0].replay, "replays differ");
        }
        let r = replay::verify::<Pig>(&net.peers[0].replay).unwrap();
        prop_assert_eq!(r.final_hash, h[0]);
    }

    #[test]
    fn wire_decode_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = wire::decode(&bytes);
        let mut v = vec![WIRE_VERSION];
        v.extend(&bytes);
        let _ = wire::decode(&v);
    }

    #[test]
    fn mutated_real_frames_are_errors_or_messages(seed in 0u64..4, flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6)) {
        // Take real messages from a game and mutate them.
        let mut net = Network::<Pig>::new(&small_game(), 3, seed, Faults { latency_ms: 1, ..Faults::default() }, Settings::default()).unwrap();
        let t = net.peers[0].session.poll_transmit();
        let msg = t.map(|t| t.message).unwrap_or(Message::SyncRequest(dwarfs_protocol::message::SyncRequest { game_id: [0; 32], from_seq: 1, need_setup: true }));
        let mut bytes = wire::encode(&msg).unwrap();
        for (i, b) in flips { let n = bytes.len(); bytes[i % n] ^= b | 1; }
        // Whatever it decodes to, the session must take it without panicking.
        if let Ok(m) = wire::decode(&bytes) {
            let from = net.peers[1].peer;
            net.peers[0].session.handle_message(from, m);
            net.pump(0);
        }
    }
}

#[test]
fn oversized_and_foreign_frames_are_errors() {
    assert_eq!(wire::decode(&[]), Err(WireError::Empty));
    assert_eq!(
        wire::decode(&[WIRE_VERSION + 1, 0]),
        Err(WireError::Version {
            got: WIRE_VERSION + 1
        })
    );
    let big = vec![WIRE_VERSION; MAX_FRAME + 1];
    assert!(matches!(
        wire::decode(&big),
        Err(WireError::TooLarge { .. })
    ));
    let chat = Message::Chat(dwarfs_protocol::message::Signed {
        body: dwarfs_protocol::message::ChatBody {
            game_id: [0; 32],
            seat: Some(Seat(0)),
            counter: 1,
            text: "x".repeat(MAX_FRAME),
        },
        sig: dwarfs_protocol::keys::Signature([0; 64]),
    });
    assert!(matches!(
        wire::encode(&chat),
        Err(WireError::TooLarge { .. })
    ));
    // A hostile length prefix inside a small frame.
    let mut hostile = vec![WIRE_VERSION, 5];
    hostile.extend([0u8; 32]);
    hostile.extend([253, 255, 255, 255, 255, 255, 255, 255, 255]);
    assert!(matches!(
        wire::decode(&hostile),
        Err(WireError::Malformed(_))
    ));
    // Round trip.
    let m = Message::SyncRequest(dwarfs_protocol::message::SyncRequest {
        game_id: [7; 32],
        from_seq: 9,
        need_setup: false,
    });
    assert_eq!(wire::decode(&wire::encode(&m).unwrap()).unwrap(), m);
}

mod hostile {
    use super::*;
    use dwarfs_engine::StateHash;
    use dwarfs_protocol::keys::Domain;
    use dwarfs_protocol::message::{
        Ack, AckBody, AckStage, LogItem, LogSync, MoveBody, Signed, SyncRequest, TakeoverBody,
    };

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Validly signed messages with arbitrary fields from a seated peer never panic a
        /// session, at any point of a game.
        #[test]
        fn signed_garbage_from_a_seated_peer_is_handled(
            steps in 0u64..400,
            items in proptest::collection::vec((0u8..5, any::<u32>(), 0u8..5, any::<bool>(), proptest::collection::vec(any::<u8>(), 0..4)), 1..12),
        ) {
            let mut net = Network::<Pig>::new(&small_game(), 3, 3, Faults { latency_ms: 1, ..Faults::default() }, Settings::default()).unwrap();
            net.run_until(steps, |_| false);
            let game_id = net.peers[0].session.config().game_id;
            let signer = net.peers[1].signer.clone();
            let from = net.peers[1].peer;
            for (kind, seq, n, flag, bytes) in items {
                let seq = seq % 70;
                let seat = Seat(n);
                let msg = match kind {
                    0 => {
                        let body = MoveBody { game_id, seq, seat, prev: StateHash([bytes.len() as u8; 32]), action: bytes, hash: StateHash([0; 32]), reveal: [0; 16], next_tip: None };
                        Message::Move(Signed { sig: signer.sign(Domain::Move, &body), body })
                    }
                    1 => {
                        let body = AckBody { game_id, seq, seat, stage: if flag { AckStage::Applied } else { AckStage::Settled }, hash: StateHash([n; 32]), next_tip: flag.then_some([1; 16]), reveal: (!flag).then_some([2; 16]), reroll: None };
                        Message::Ack(Ack { signed: Signed { sig: signer.sign(Domain::Ack, &body), body } })
                    }
                    2 => {
                        let body = TakeoverBody { game_id, seat, from_seq: seq, voter: Seat(1), seat_move: None };
                        Message::Takeover(Signed { sig: signer.sign(Domain::Takeover, &body), body })
                    }
                    3 => Message::SyncRequest(SyncRequest { game_id, from_seq: seq, need_setup: flag }),
                    _ => {
                        let body = MoveBody { game_id, seq, seat: Seat(1), prev: net.peers[0].session.state_hash().unwrap(), action: bytes, hash: StateHash([0; 32]), reveal: [0; 16], next_tip: None };
                        Message::LogSync(LogSync { game_id, final_seq: seq, items: vec![LogItem::Move(Signed { sig: signer.sign(Domain::Move, &body), body })] })
                    }
                };
                net.peers[0].session.handle_message(from, msg);
                net.pump(0);
            }
            net.run_until(2_000, |_| false);
        }

        /// Any corruption of a replay file is an error or a verified replay, never a panic; and a
        /// resumed session from it never panics either.
        #[test]
        fn corrupted_replays_never_panic(seed in 0u64..3, flips in proptest::collection::vec((any::<usize>(), 1u8..=255), 1..4), cut in any::<usize>()) {
            let bytes = replay::record_simulated::<Pig>(&small_game(), 2, seed).unwrap();
            let mut t = bytes.clone();
            for (i, b) in flips { let n = t.len(); t[i % n] ^= b; }
            let _ = replay::verify::<Pig>(&t);
            let _ = replay::show::<Pig>(&t);
            let _ = replay::peek_header(&t);
            let t = &t[..cut % (t.len() + 1)];
            let _ = replay::verify::<Pig>(t);
            let signer = dwarfs_protocol::sim::sim_signer(seed, 0);
            let _ = dwarfs_protocol::Session::<Pig>::resume_with_signer(t, signer, dwarfs_protocol::sim::sim_secret(seed, 0), Settings::default(), 0);
        }
    }
}
