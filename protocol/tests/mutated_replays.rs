//! Real replay files, recorded exactly as peers record them, mutated byte by byte (seeded flips,
//! overwrites, inserts, deletes and truncations). A mutated replay is refused with a named fault
//! at a frame inside the file, or it verifies to the very same report (same moves, signatures,
//! final hash and outcome): no mutation makes a replay verify to another game.

use dwarfs_engine::SeedStream;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::replay::{self, Fault};

fn recorded(players: u8, seed: u64, wagers: bool) -> Vec<u8> {
    let options = PigOptions {
        target: 8,
        wagers,
        ..PigOptions::default()
    };
    replay::record_simulated::<Pig>(&options, players, seed).expect("a recorded game")
}

#[derive(Debug, Default)]
struct Tally {
    refused: usize,
    read_faults: usize,
    same: usize,
}

fn check(original: &[u8], cases: usize, seed: u64) -> Tally {
    let report = replay::verify::<Pig>(original).expect("a real replay verifies");
    let mut rng = SeedStream::new(seed);
    let mut tally = Tally::default();
    for _ in 0..cases {
        let bad = rng.mutate_bytes(original);
        match replay::verify::<Pig>(&bad) {
            Ok(r) => {
                assert_eq!(r, report, "a mutated replay verified to another game");
                tally.same += 1;
            }
            Err(e) => {
                assert!(
                    e.offset <= bad.len(),
                    "the fault is placed outside the file: {e}"
                );
                assert!(!e.to_string().is_empty());
                if matches!(e.fault, Fault::Read(_)) {
                    tally.read_faults += 1;
                }
                tally.refused += 1;
            }
        }
    }
    tally
}

#[test]
fn mutated_replays_are_refused_with_a_named_fault_or_verify_to_the_same_game() {
    let original = recorded(2, 21, false);
    let t = check(&original, 600, 1);
    assert!(t.refused > 500, "{t:?}");
    assert!(t.read_faults > 0, "{t:?}");
}

#[test]
fn mutated_replays_with_secret_steps_are_refused_or_unchanged() {
    let original = recorded(3, 22, true);
    let t = check(&original, 400, 2);
    assert!(t.refused > 300, "{t:?}");
}

#[test]
fn cut_replays_are_refused_and_name_a_frame_inside_them() {
    // A torn file (a crash mid-write) at 400 lengths spread over the file and at each of its
    // last 64: never accepted as the full game.
    let original = recorded(2, 23, false);
    let report = replay::verify::<Pig>(&original).expect("a real replay verifies");
    let step = (original.len() / 400).max(1);
    let tail = original.len().saturating_sub(64);
    for len in (0..tail).step_by(step).chain(tail..original.len()) {
        match replay::verify::<Pig>(&original[..len]) {
            Ok(r) => panic!("a replay cut at byte {len} verified: {r:?} (full: {report:?})"),
            Err(e) => assert!(e.offset <= len, "cut at {len}: {e}"),
        }
    }
}
