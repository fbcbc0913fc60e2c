//! Full games of the real engines (Dwar7s Fall, Dwarf Hold) among peers over a faulty in-memory
//! network: same final hash everywhere, byte-identical replays that verify.

use dwarfs_engine::Game;
use dwarfs_fall::Fall;
use dwarfs_hold::Hold;
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::{Faults, Network};
use dwarfs_protocol::{Event, Phase, Settings};

fn play<G: Game>(players: u8, seed: u64, faults: Faults) -> usize {
    let settings = Settings {
        retransmit_ms: 60,
        silence_ms: u64::MAX / 4,
        sync_chunk: 32,
        ..Settings::default()
    };
    let mut net =
        Network::<G>::new(&G::Options::default(), players, seed, faults, settings).unwrap();
    assert!(
        net.run(1_000_000_000),
        "{} x{players} stuck: {:?}",
        G::NAME,
        net.peers
            .iter()
            .map(|p| (p.session.phase().clone(), p.session.final_seq()))
            .collect::<Vec<_>>()
    );
    for p in &net.peers {
        assert_eq!(
            p.session.phase(),
            &Phase::Over,
            "{:?}",
            p.events.iter().rev().take(3).collect::<Vec<_>>()
        );
        assert!(
            !p.events
                .iter()
                .any(|e| matches!(e, Event::Cheat(_) | Event::Desync(_)))
        );
    }
    let h = net.hashes();
    assert!(h.windows(2).all(|w| w[0] == w[1]));
    for p in &net.peers[1..] {
        assert!(p.replay == net.peers[0].replay, "replays differ");
    }
    let r = replay::verify::<G>(&net.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.final_hash, h[0]);
    r.moves as usize
}

const FAULTY: Faults = Faults {
    drop: 100,
    duplicate: 100,
    reorder: 200,
    latency_ms: 3,
    max_extra_delay_ms: 40,
};

#[test]
fn fall_games_over_a_faulty_network() {
    for players in [2u8, 4] {
        let moves = play::<Fall>(players, 40 + players as u64, FAULTY);
        eprintln!("{players}: {moves} moves");
        assert!(moves > 20, "{moves}");
    }
}

#[test]
fn hold_games_over_a_faulty_network() {
    for players in [2u8, 3] {
        let moves = play::<Hold>(players, 50 + players as u64, FAULTY);
        eprintln!("{players}: {moves} moves");
        assert!(moves > 20, "{moves}");
    }
}
