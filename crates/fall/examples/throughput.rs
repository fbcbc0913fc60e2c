//! Random-playout throughput for one option set: moves (decisions and chance points) per second
//! over seeds `0..games`. Run it under `perf stat -e task-clock` (or `/usr/bin/time`) for a CPU-time
//! figure on a loaded machine:
//!
//! `cargo run --release -p dwarfs-fall --example throughput -- <classic|third|siege|...> [players] [games]`
use dwarfs_engine::playout::random_playout;
use dwarfs_fall::{Edition, Fall, FallOptions, Scenario};
use std::time::Instant;

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "siege".into());
    let opts = match which.as_str() {
        "classic" => FallOptions::default(),
        "third" => FallOptions {
            edition: Edition::Third,
            ..FallOptions::default()
        },
        s => FallOptions {
            edition: Edition::Third,
            scenario: Scenario::ALL
                .into_iter()
                .find(|x| format!("{x:?}").to_lowercase() == s),
            ..FallOptions::default()
        },
    };
    let players: u8 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let games: u64 = std::env::args()
        .nth(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let t = Instant::now();
    let mut moves = 0usize;
    for s in 0..games {
        let p = random_playout::<Fall>(&opts, players, s, false).unwrap();
        moves += p.decisions + p.chance_points;
    }
    let e = t.elapsed().as_secs_f64();
    println!(
        "{which} {players}p: {moves} moves in {e:.2}s = {:.2} M/s",
        moves as f64 / e / 1e6
    );
}
