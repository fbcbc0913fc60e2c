//! Replay benchmarks (issue 4):
//! - verifying a 10k-move replay (signatures, seed, beacon, every state hash by re-running the
//!   engine) against ed25519 batch verification of exactly the same signatures, in the same run
//!   (target: at most 1.3x);
//! - replay size in bytes per move (target: at most 150), printed at start.

use criterion::{Criterion, criterion_group, criterion_main};
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::replay;
use ed25519_dalek::{Signature, VerifyingKey, verify_batch};
use std::hint::black_box;

/// Pig that never reaches its target and ends by rounds: about 10k moves with 4 players.
fn long_game() -> PigOptions {
    PigOptions {
        target: u16::MAX,
        max_rounds: 1250,
        wagers: false,
    }
}

fn bench(c: &mut Criterion) {
    for players in [2u8, 4, 8] {
        let rounds = 5000 / players as u16;
        let o = PigOptions {
            target: u16::MAX,
            max_rounds: rounds,
            wagers: false,
        };
        let bytes = replay::record_simulated::<Pig>(&o, players, 3).expect("recorded");
        let r = replay::verify::<Pig>(&bytes).expect("verifies");
        eprintln!(
            "replay size, {players} players: {} moves, {} bytes, {:.1} bytes/move",
            r.moves,
            bytes.len(),
            bytes.len() as f64 / r.moves as f64
        );
    }
    let bytes = replay::record_simulated::<Pig>(&long_game(), 4, 1).expect("recorded");
    let (report, sigs) = replay::signatures::<Pig>(&bytes).expect("verifies");
    eprintln!(
        "bench replay: {} moves, {} signatures, {} bytes ({:.1} bytes/move)",
        report.moves,
        sigs.len(),
        bytes.len(),
        bytes.len() as f64 / report.moves as f64
    );
    assert!(report.moves >= 10_000, "{} moves", report.moves);
    let msgs: Vec<&[u8]> = sigs.iter().map(|s| s.message.as_slice()).collect();
    let signatures: Vec<Signature> = sigs
        .iter()
        .map(|s| Signature::from_bytes(&s.signature))
        .collect();
    let keys: Vec<VerifyingKey> = sigs
        .iter()
        .map(|s| VerifyingKey::from_bytes(&s.key).expect("valid key"))
        .collect();
    verify_batch(&msgs, &signatures, &keys).expect("batch verifies");
    // The project's own batch (the one rule, cofactored) over the same signatures.
    let ours = || {
        let mut b = dwarfs_protocol::keys::SigBatch::default();
        for s in &sigs {
            b.queue(&s.key, &s.message, &s.signature);
        }
        assert!(b.verify_all(), "batch verifies");
    };

    // Interleaved runs give a ratio robust to load on a shared machine.
    let mut ratios = Vec::new();
    let mut plain = Vec::new();
    for _ in 0..5 {
        let t = std::time::Instant::now();
        replay::verify::<Pig>(&bytes).expect("verifies");
        let verify = t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        ours();
        let sigs_only = t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        replay::verify_one_by_one::<Pig>(&bytes).expect("verifies");
        let one_by_one = t.elapsed().as_secs_f64();
        ratios.push(verify / sigs_only);
        plain.push(one_by_one / sigs_only);
    }
    ratios.sort_by(f64::total_cmp);
    plain.sort_by(f64::total_cmp);
    eprintln!(
        "median over 5 interleaved runs: verify (batched) / batch signatures = {:.2}x; \
         verify_one_by_one / batch signatures = {:.2}x",
        ratios[2], plain[2]
    );

    let mut g = c.benchmark_group("replay_10k_moves");
    g.sample_size(10);
    g.bench_function("verify_replay_one_by_one", |b| {
        b.iter(|| replay::verify_one_by_one::<Pig>(black_box(&bytes)).expect("verifies"))
    });
    g.bench_function("verify_replay_batched", |b| {
        b.iter(|| replay::verify::<Pig>(black_box(&bytes)).expect("verifies"))
    });
    g.bench_function("sig_batch_same_signatures", |b| b.iter(ours));
    g.bench_function("dalek_batch_same_signatures", |b| {
        b.iter(|| verify_batch(black_box(&msgs), &signatures, &keys).expect("ok"))
    });
    g.bench_function("ed25519_individual_same_signatures", |b| {
        b.iter(|| {
            for ((m, s), k) in msgs.iter().zip(&signatures).zip(&keys) {
                k.verify_strict(m, s).expect("ok");
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
