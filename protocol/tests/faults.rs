//! Property tests: games over networks with random fault schedules always end with every peer in
//! the same state and byte-identical replays that verify; the wire decoder never panics.

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
            seat: Some(0),
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
