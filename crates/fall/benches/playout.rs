//! Throughput of the Fall engine: random playouts (legal-action listing, a uniform random choice,
//! applying it, and chance points) in moves per second, and `state_hash` against raw blake3 over
//! the same bytes.
//!
//! Run: `cargo bench -p dwarfs-fall`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dwarfs_engine::hash::{domain, state_hash};
use dwarfs_engine::playout::random_playout;
use dwarfs_engine::{Actor, Game, SeedStream, codec};
use dwarfs_fall::{Fall, FallOptions};
use std::hint::black_box;

/// A mid-game state: `steps` random steps into a game.
fn mid_game(players: u8, seed: u64, steps: usize) -> Fall {
    let mut g = Fall::new(&FallOptions::default(), players).unwrap();
    let mut s = SeedStream::new(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        match g.to_act() {
            Actor::Over | Actor::Simultaneous(_) => break,
            Actor::Chance => {
                g.resolve_chance(s.next_entropy()).unwrap();
            }
            Actor::Seat(seat) => {
                g.legal_actions(&mut legal);
                let a = legal[s.choose(legal.len())];
                g.play(seat, &a).unwrap();
            }
        }
    }
    g
}

fn playout(c: &mut Criterion) {
    let mut group = c.benchmark_group("fall_random_playout");
    for players in [2u8, 4] {
        let seeds: Vec<u64> = (0..8).collect();
        let moves: usize = seeds
            .iter()
            .map(|&s| {
                let p = random_playout::<Fall>(&FallOptions::default(), players, s, false).unwrap();
                p.decisions + p.chance_points
            })
            .sum();
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_with_input(BenchmarkId::new("players", players), &players, |b, &n| {
            b.iter(|| {
                for &s in &seeds {
                    black_box(
                        random_playout::<Fall>(&FallOptions::default(), n, s, false).unwrap(),
                    );
                }
            })
        });
    }
    group.finish();
    // The 3rd edition with the Siege scenario (decrees that search kingdoms on every placement).
    let mut group = c.benchmark_group("fall_random_playout_siege");
    let siege = FallOptions {
        edition: dwarfs_fall::Edition::Third,
        scenario: Some(dwarfs_fall::Scenario::Siege),
        ..FallOptions::default()
    };
    let seeds: Vec<u64> = (0..8).collect();
    let moves: usize = seeds
        .iter()
        .map(|&s| {
            let p = random_playout::<Fall>(&siege, 4, s, false).unwrap();
            p.decisions + p.chance_points
        })
        .sum();
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("players/4", |b| {
        b.iter(|| {
            for &s in &seeds {
                black_box(random_playout::<Fall>(&siege, 4, s, false).unwrap());
            }
        })
    });
    group.finish();
}

fn hashing(c: &mut Criterion) {
    let g = mid_game(4, 11, 400);
    let mut bytes = domain::<Fall>();
    bytes.extend_from_slice(&codec::encode(&g).unwrap());
    let mut group = c.benchmark_group("fall_state_hash");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("state_hash", |b| {
        b.iter(|| black_box(state_hash(black_box(&g))))
    });
    group.bench_function("raw_blake3_same_bytes", |b| {
        b.iter(|| black_box(blake3::hash(black_box(&bytes))))
    });
    group.finish();
    // The two must hash the same bytes.
    assert_eq!(state_hash(&g).unwrap().0, *blake3::hash(&bytes).as_bytes());
}

criterion_group!(benches, playout, hashing);
criterion_main!(benches);
