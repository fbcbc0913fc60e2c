//! Throughput of the Spring engine: random playouts (legal-action listing at every decision, a
//! uniform random choice, applying it, and chance points) in moves per second; playouts whose
//! seats pick in proportion to `Game::action_weight` (what a search's rollouts pay for the bot
//! knowledge); and `state_hash` against raw blake3 over the same bytes.
//!
//! Run: `cargo bench -p dwarfs-spring`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dwarfs_engine::codec;
use dwarfs_engine::hash::{domain, state_hash};
use dwarfs_engine::playout::{Playout, play_out, random_playout, random_states};
use dwarfs_engine::{Game, Seat, SeedStream};
use dwarfs_spring::{Spring, SpringAction, SpringOptions};
use std::hint::black_box;

/// Games per measured batch.
const SEEDS: u64 = 8;

fn playout(c: &mut Criterion) {
    let options = SpringOptions::default();
    let mut group = c.benchmark_group("spring_random_playout");
    for players in [2u8, 3, 4] {
        let seeds: Vec<u64> = (0..SEEDS).collect();
        let moves: usize = seeds
            .iter()
            .map(|&s| {
                let p = random_playout::<Spring>(&options, players, s, false).unwrap();
                p.decisions + p.chance_points
            })
            .sum();
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_with_input(BenchmarkId::new("players", players), &players, |b, &n| {
            b.iter(|| {
                for &s in &seeds {
                    black_box(random_playout::<Spring>(&options, n, s, false).unwrap());
                }
            })
        });
    }
    group.finish();
}

/// A playout whose seats pick at random in proportion to their action weights.
fn weighted_playout(players: u8, seed: u64) -> Playout<Spring> {
    let mut rng = SeedStream::derive(seed, "weighted playout");
    let mut weights: Vec<u64> = Vec::new();
    let mut chooser = |g: &Spring, seat: Seat, legal: &[SpringAction]| {
        weights.clear();
        weights.extend(legal.iter().map(|a| g.action_weight(seat, a) as u64));
        let mut r = rng.next_u64() % weights.iter().sum::<u64>().max(1);
        for (i, w) in weights.iter().enumerate() {
            if r < *w {
                return i;
            }
            r -= w;
        }
        0
    };
    let g = Spring::new(&SpringOptions::default(), players).unwrap();
    play_out(g, &mut chooser, &mut SeedStream::new(seed), false).unwrap()
}

fn weighted(c: &mut Criterion) {
    let mut group = c.benchmark_group("spring_weighted_playout");
    for players in [2u8, 3, 4] {
        let seeds: Vec<u64> = (0..SEEDS).collect();
        let moves: usize = seeds
            .iter()
            .map(|&s| {
                let p = weighted_playout(players, s);
                p.decisions + p.chance_points
            })
            .sum();
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_with_input(BenchmarkId::new("players", players), &players, |b, &n| {
            b.iter(|| {
                for &s in &seeds {
                    black_box(weighted_playout(n, s));
                }
            })
        });
    }
    group.finish();
}

fn hashing(c: &mut Criterion) {
    // A mid-game position: the state 120 steps into a random 4-player game.
    let start = Spring::new(&SpringOptions::default(), 4).unwrap();
    let g = random_states(start, 11, |step, _| step == 120)
        .unwrap()
        .pop()
        .expect("a 4-player game lasts more than 120 steps");
    let mut bytes = domain::<Spring>();
    bytes.extend_from_slice(&codec::encode(&g).unwrap());
    // The two must hash the same bytes.
    assert_eq!(state_hash(&g).unwrap().0, *blake3::hash(&bytes).as_bytes());
    let mut group = c.benchmark_group("spring_state_hash");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("state_hash", |b| {
        b.iter(|| black_box(state_hash(black_box(&g))))
    });
    group.bench_function("raw_blake3_same_bytes", |b| {
        b.iter(|| black_box(blake3::hash(black_box(&bytes))))
    });
    group.finish();
}

criterion_group!(benches, playout, weighted, hashing);
criterion_main!(benches);
