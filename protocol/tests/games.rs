//! Full games over the in-memory network: every peer ends with the same hash and byte-identical
//! replays that verify.

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::{Faults, Network};
use dwarfs_protocol::{Event, Phase, Settings};

fn assert_agree(net: &Network<Pig>) {
    for p in &net.peers {
        assert_eq!(
            p.session.phase(),
            &Phase::Over,
            "{:?}",
            p.events.iter().rev().take(5).collect::<Vec<_>>()
        );
    }
    let h = net.hashes();
    assert!(h.windows(2).all(|w| w[0] == w[1]), "{h:?}");
    let r0 = &net.peers[0].replay;
    for p in &net.peers {
        assert_eq!(&p.replay, r0, "replays differ");
    }
    let report = replay::verify::<Pig>(r0).expect("replay verifies");
    assert_eq!(report.final_hash, h[0]);
}

#[test]
fn perfect_network_games_agree_and_verify() {
    for players in [1u8, 2, 3, 4, 8] {
        let mut net = Network::<Pig>::new(
            &PigOptions::default(),
            players,
            7 + players as u64,
            Faults {
                latency_ms: 1,
                ..Default::default()
            },
            Settings::default(),
        )
        .unwrap();
        assert!(net.run(10_000_000), "game with {players} did not finish");
        assert_agree(&net);
        assert!(
            net.peers[0]
                .events
                .iter()
                .any(|e| matches!(e, Event::GameOver { .. }))
        );
    }
}

fn faulty(players: u8, seed: u64, faults: Faults) -> Network<Pig> {
    let settings = Settings {
        retransmit_ms: 40,
        silence_ms: 1_000_000,
        sync_chunk: 64,
        ..Settings::default()
    };
    let mut net =
        Network::<Pig>::new(&PigOptions::default(), players, seed, faults, settings).unwrap();
    let ok = net.run(50_000_000);
    assert!(
        ok,
        "did not finish: phases {:?}, final seqs {:?}",
        net.peers
            .iter()
            .map(|p| p.session.phase().clone())
            .collect::<Vec<_>>(),
        net.peers
            .iter()
            .map(|p| p.session.final_seq())
            .collect::<Vec<_>>()
    );
    net
}

#[test]
fn lossy_duplicating_reordering_network_still_agrees() {
    let faults = Faults {
        drop: 200,
        duplicate: 150,
        reorder: 300,
        latency_ms: 5,
        max_extra_delay_ms: 60,
    };
    for players in [2u8, 4, 8] {
        let net = faulty(players, 100 + players as u64, faults);
        assert_agree(&net);
    }
}
