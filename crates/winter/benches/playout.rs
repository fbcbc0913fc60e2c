//! Throughput of the Winter engine: random playouts (legal-action listing at every decision, a
//! uniform random choice, applying it, and chance points) in moves per second, for the base game
//! and each variant; playouts whose seats pick in proportion to `Game::action_weight` (what a
//! search's rollouts pay for the bot knowledge); and `state_hash` against raw blake3 over the
//! same bytes.
//!
//! Run: `cargo bench -p dwarfs-winter`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dwarfs_engine::hash::{domain, state_hash};
use dwarfs_engine::playout::{Playout, play_out, random_playout};
use dwarfs_engine::{Actor, Game, Seat, SeedStream, codec};
use dwarfs_winter::{Winter, WinterOptions};
use std::hint::black_box;

/// Seeds per measured batch (random games are short: the castle falls within a few weeks).
const SEEDS: u64 = 16;

/// A mid-game state: up to `steps` random steps into a game (simultaneous steps are played seat
/// by seat).
fn mid_game(players: u8, seed: u64, steps: usize) -> Winter {
    let mut g = Winter::new(&WinterOptions::default(), players).unwrap();
    let mut s = SeedStream::new(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        match g.to_act() {
            Actor::Over => break,
            Actor::Chance => {
                g.resolve_chance(s.next_entropy()).unwrap();
            }
            a => {
                let Some(seat) = a.deciding().iter().next() else {
                    break;
                };
                let mut next = g.clone();
                next.legal_actions_for(seat, &mut legal);
                let action = legal[s.choose(legal.len())];
                next.play(seat, &action).unwrap();
                if next.to_act() == Actor::Over {
                    break;
                }
                g = next;
            }
        }
    }
    g
}

/// A playout whose seats pick at random in proportion to their action weights.
fn weighted_playout(options: &WinterOptions, players: u8, seed: u64) -> Playout<Winter> {
    let mut rng = SeedStream::derive(seed, "weighted playout");
    let mut weights: Vec<u64> = Vec::new();
    let mut chooser = |g: &Winter, seat: Seat, legal: &[dwarfs_winter::WinterAction]| {
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
    let g = Winter::new(options, players).unwrap();
    play_out(g, &mut chooser, &mut SeedStream::new(seed), false).unwrap()
}

fn weighted(c: &mut Criterion) {
    let options = WinterOptions::default();
    let mut group = c.benchmark_group("winter_weighted_playout");
    for players in [1u8, 4] {
        let seeds: Vec<u64> = (0..SEEDS).collect();
        let moves: usize = seeds
            .iter()
            .map(|&s| {
                let p = weighted_playout(&options, players, s);
                p.decisions + p.chance_points
            })
            .sum();
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_with_input(BenchmarkId::new("players", players), &players, |b, &n| {
            b.iter(|| {
                for &s in &seeds {
                    black_box(weighted_playout(&options, n, s));
                }
            })
        });
    }
    group.finish();
}

/// Random playouts of `SEEDS` games with `options`, `players` seats, as one criterion benchmark
/// whose throughput is the moves (decisions and chance points) they make.
fn bench_playouts(c: &mut Criterion, group: &str, options: &WinterOptions, players: &[u8]) {
    let mut group = c.benchmark_group(group);
    for &players in players {
        let seeds: Vec<u64> = (0..SEEDS).collect();
        let moves: usize = seeds
            .iter()
            .map(|&s| {
                let p = random_playout::<Winter>(options, players, s, false).unwrap();
                p.decisions + p.chance_points
            })
            .sum();
        group.throughput(Throughput::Elements(moves as u64));
        group.bench_with_input(BenchmarkId::new("players", players), &players, |b, &n| {
            b.iter(|| {
                for &s in &seeds {
                    black_box(random_playout::<Winter>(options, n, s, false).unwrap());
                }
            })
        });
    }
    group.finish();
}

fn playout(c: &mut Criterion) {
    bench_playouts(
        c,
        "winter_random_playout",
        &WinterOptions::default(),
        &[1, 2, 4],
    );
    // Each variant alone, then every variant at once.
    let one = |nightmare, bloodlust, legendary| WinterOptions {
        nightmare,
        bloodlust,
        legendary,
    };
    bench_playouts(
        c,
        "winter_random_playout_nightmare",
        &one(true, false, false),
        &[1, 4],
    );
    bench_playouts(
        c,
        "winter_random_playout_bloodlust",
        &one(false, true, false),
        &[1, 4],
    );
    bench_playouts(
        c,
        "winter_random_playout_legendary",
        &one(false, false, true),
        &[1, 4],
    );
    let all = WinterOptions {
        nightmare: true,
        bloodlust: true,
        legendary: true,
    };
    bench_playouts(c, "winter_random_playout_every_variant", &all, &[1, 4]);
}

fn hashing(c: &mut Criterion) {
    let g = mid_game(4, 11, 120);
    let mut bytes = domain::<Winter>();
    bytes.extend_from_slice(&codec::encode(&g).unwrap());
    let mut group = c.benchmark_group("winter_state_hash");
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

criterion_group!(benches, playout, weighted, hashing);
criterion_main!(benches);
