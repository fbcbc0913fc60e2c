//! Replay files: the frame reader, the verifier and resuming never panic; batched and one-by-one
//! verification agree exactly; a verified replay has a readable header and a log that says so,
//! and one of the current format resumes whole (every move, the end, every byte).
#![no_main]

use dwarfs_engine::toy::Pig;
use dwarfs_protocol::replay;
use dwarfs_protocol::replay::format::{FORMAT_VERSION, Frame, read_frames};
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("replay"),
    |data: &[u8]| {
        let frames = read_frames(data);
        let _ = frames.frames.len();
        let batched = replay::verify::<Pig>(data);
        let one_by_one = replay::verify_one_by_one::<Pig>(data);
        assert_eq!(batched, one_by_one, "batched and one-by-one verification disagree");
        if let Ok(report) = &batched {
            let header = replay::peek_header(data).expect("a verified replay has a header");
            assert_eq!(header.players, report.players);
            assert!(frames.error.is_none(), "a replay with a bad frame verified");
            let (positions, again) = replay::positions::<Pig>(data);
            assert_eq!(again.as_ref(), Ok(report));
            assert!(!positions.is_empty());
        }
        let unfinished = replay::check_unfinished::<Pig>(data);
        if let (Ok(report), Some((_, Frame::Header(h)))) = (&batched, frames.frames.first())
            && h.format == FORMAT_VERSION
        {
            let u = unfinished.expect("a verified replay of the current format resumes");
            assert!(u.over, "a verified replay resumes as unfinished");
            assert_eq!(u.moves, report.moves);
            assert_eq!(u.valid_len, data.len());
        }
        let log = replay::show::<Pig>(data);
        let _ = log.len();
    }
);
