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
