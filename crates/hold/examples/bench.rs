//! Engine speed for the benchmarks doc: random playouts per second and the state hash against
//! raw blake3 over the same bytes (what `dwarfs bench engine --game hold` measures):
//! `cargo run --release -p dwarfs-hold --example bench -- <players> <seconds>`; with a third
//! argument `<games>`, it plays exactly that many games (seeds 0..games), prints the decisions
//! and stops, for a CPU-time measurement under `time`.

use dwarfs_engine::playout::{random_playout, replay_steps};
use dwarfs_engine::{codec, state_hash};
use dwarfs_hold::{Hold, HoldOptions};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let seconds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    let options = HoldOptions::default();
    if let Some(games) = args.get(3).and_then(|a| a.parse::<u64>().ok()) {
        let decisions: u64 = (0..games)
            .map(|seed| {
                random_playout::<Hold>(&options, players, seed, false)
                    .expect("playout")
                    .decisions as u64
            })
            .sum();
        println!("{games} games ({players} players): {decisions} decisions");
        return;
    }
    let budget = Duration::from_secs(seconds);
    let start = Instant::now();
    let (mut games, mut decisions, mut seed) = (0u64, 0u64, 0u64);
    let mut samples: Vec<Hold> = Vec::new();
    while start.elapsed() < budget {
        let record = samples.len() < 64;
        let p = random_playout::<Hold>(&options, players, seed, record).expect("playout");
        if record {
            let mid = p.steps.len() / 2;
            samples.push(replay_steps::<Hold>(&options, players, &p.steps[..mid]).expect("replay"));
        }
        decisions += p.decisions as u64;
        games += 1;
        seed += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "random playouts ({players} players): {games} games, {:.0} moves/s",
        decisions as f64 / secs
    );
    let encoded: Vec<Vec<u8>> = samples
        .iter()
        .map(|s| {
            let mut b = dwarfs_engine::hash::domain::<Hold>();
            codec::encode_into(s, &mut b).expect("encodes");
            b
        })
        .collect();
    let mean = encoded.iter().map(Vec::len).sum::<usize>() / encoded.len().max(1);
    let (mut t_state, mut t_raw, mut n) = (Duration::ZERO, Duration::ZERO, 0u64);
    let hs = Instant::now();
    while hs.elapsed() < budget {
        let t = Instant::now();
        for s in &samples {
            let _ = black_box(state_hash(black_box(s)));
        }
        t_state += t.elapsed();
        let t = Instant::now();
        for b in &encoded {
            black_box(blake3::hash(black_box(b)));
        }
        t_raw += t.elapsed();
        n += samples.len() as u64;
    }
    let ns = |d: Duration| d.as_nanos() as f64 / n.max(1) as f64;
    println!(
        "state_hash: {:.0} ns per state ({mean} bytes mean); raw blake3: {:.0} ns; ratio {:.2}x",
        ns(t_state),
        ns(t_raw),
        ns(t_state) / ns(t_raw).max(1e-9)
    );
}
