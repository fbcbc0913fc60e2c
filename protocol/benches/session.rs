//! Per-move CPU cost of the lockstep session: whole games among 4 peers on the in-memory network
//! (no faults, 1 ms latency), so the time is what every process spends per move: signing its
//! ack (and its own moves), verifying the others' moves and acks, hashing states, encoding and
//! decoding wire messages, writing replay frames. Printed per move per peer at start.

use criterion::{Criterion, criterion_group, criterion_main};
use dwarfs_engine::Game;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_fall::Fall;
use dwarfs_protocol::Settings;
use dwarfs_protocol::sim::{Faults, Network};
use std::hint::black_box;
use std::time::Instant;

fn game<G: Game>(options: &G::Options, players: u8, seed: u64) -> u32 {
    let mut net = Network::<G>::new(
        options,
        players,
        seed,
        Faults {
            latency_ms: 1,
            ..Faults::default()
        },
        Settings::default(),
    )
    .expect("network");
    assert!(net.run(100_000_000), "the game finished");
    net.peers[0].session.final_seq()
}

fn per_move<G: Game>(name: &str, options: &G::Options, players: u8) {
    let moves = game::<G>(options, players, 1);
    let t = Instant::now();
    let runs = 5;
    let mut total = 0;
    for seed in 0..runs {
        total += game::<G>(options, players, seed);
    }
    let ns = t.elapsed().as_nanos() as f64 / total as f64 / players as f64;
    eprintln!(
        "{name} x{players}: {moves} moves a game; {:.1} us per move per peer (session + bots + wire)",
        ns / 1000.0
    );
}

fn bench(c: &mut Criterion) {
    let pig = PigOptions {
        target: 100,
        max_rounds: 30,
        wagers: false,
    };
    per_move::<Pig>("pig", &pig, 4);
    per_move::<Fall>("fall", &Default::default(), 4);
    let mut g = c.benchmark_group("session");
    g.sample_size(10);
    g.bench_function("pig x4 game", |b| {
        b.iter(|| black_box(game::<Pig>(&pig, 4, 7)))
    });
    g.bench_function("fall x4 game", |b| {
        b.iter(|| black_box(game::<Fall>(&Default::default(), 4, 7)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
