//! The frame reader, driven by a futures executor over a reader that hands out the stream in
//! chunks (and sometimes "not yet"): every frame read is within the limit, the frames and their
//! length prefixes account for exactly the bytes consumed, and the stream ends cleanly only
//! between frames.
//!
//! Input: a limit byte, a count of chunk sizes, the sizes, then the stream.
#![no_main]

use dwarfs_fuzz::Input;
use dwarfs_fuzz::chunked::Chunked;
use dwarfs_net::envelope::FRAME_LIMIT;
use dwarfs_net::frame::{FrameError, read_frame};
use futures::executor::block_on;
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("frame"),
    |data: &[u8]| {
        let mut input = Input(data);
        let limit = match input.byte() {
            0xff => FRAME_LIMIT,
            b => b as usize * 4,
        };
        let n = input.byte() as usize % 16;
        let sizes = input.take(n);
        let stream = input.rest();
        let mut r = Chunked::new(stream, sizes);
        let mut framed = 0usize;
        let mut offset = 0usize;
        loop {
            match block_on(read_frame(&mut r, limit)) {
                Ok(Some(frame)) => {
                    assert!(frame.len() <= limit, "a frame above the limit was returned");
                    assert_eq!(
                        &stream[offset + 4..offset + 4 + frame.len()],
                        &frame[..],
                        "the frame is not the bytes that followed its length"
                    );
                    offset += 4 + frame.len();
                    framed += 4 + frame.len();
                    assert_eq!(r.consumed, framed, "bytes consumed beyond the frame");
                }
                Ok(None) => {
                    assert_eq!(framed, stream.len(), "a clean end in the middle of a frame");
                    break;
                }
                Err(FrameError::TooLarge { len, limit: l }) => {
                    assert!(len > l && l == limit);
                    let announced = u32::from_le_bytes(
                        stream[offset..offset + 4].try_into().expect("4 bytes"),
                    );
                    assert_eq!(announced as usize, len, "the refused length is the one sent");
                    break;
                }
                Err(e) => {
                    // The stream ended inside a frame (or any other I/O error).
                    assert!(stream.len() > framed, "an error at a frame boundary: {e}");
                    break;
                }
            }
        }
    }
);
