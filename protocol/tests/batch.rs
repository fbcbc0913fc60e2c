//! Batched signature checking gives exactly the verdicts of checking one signature at a time.

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::replay;

#[test]
fn batched_and_one_by_one_verification_agree_on_good_and_tampered_replays() {
    let bytes = replay::record_simulated::<Pig>(&PigOptions::default(), 3, 21).unwrap();
    assert_eq!(
        replay::verify::<Pig>(&bytes).unwrap(),
        replay::verify_one_by_one::<Pig>(&bytes).unwrap()
    );
    // Flip one byte at many places: both paths must fail (or pass) alike and name the same frame.
    let mut checked = 0;
    for i in (8..bytes.len()).step_by(bytes.len() / 97 + 1) {
        let mut t = bytes.clone();
        t[i] ^= 0x10;
        let (a, b) = (
            replay::verify::<Pig>(&t),
            replay::verify_one_by_one::<Pig>(&t),
        );
        assert_eq!(a, b, "byte {i}");
        checked += usize::from(a.is_err());
    }
    assert!(checked > 50, "only {checked} tampered copies failed");
}

#[test]
fn positions_follow_every_move_and_stop_at_a_bad_frame() {
    use dwarfs_engine::{Actor, Game, state_hash};
    let bytes = replay::record_simulated::<Pig>(&PigOptions::default(), 2, 5).unwrap();
    let (positions, report) = replay::positions::<Pig>(&bytes);
    let report = report.unwrap();
    assert_eq!(positions.len(), report.moves as usize + 1);
    assert!(positions[0].seat.is_none() && positions[0].seq == 0);
    for (i, p) in positions.iter().enumerate() {
        assert_eq!(p.seq as usize, i);
    }
    let last = &positions.last().unwrap().state;
    assert_eq!(last.to_act(), Actor::Over);
    assert_eq!(state_hash(last).unwrap(), report.final_hash);
    assert!(
        positions[1]
            .description
            .as_deref()
            .unwrap()
            .contains("player")
    );

    // A move's byte flipped near the end: positions stop before it, and the verdict names it.
    let mut bad = bytes.clone();
    let at = bytes.len() * 3 / 4;
    bad[at] ^= 0x01;
    let (partial, verdict) = replay::positions::<Pig>(&bad);
    let e = verdict.unwrap_err();
    assert!(partial.len() < positions.len());
    if let Some(seq) = e.seq {
        assert!(partial.len() as u32 <= seq + 1, "{e}");
    }
}
