//! An async reader that hands out its bytes in chunks of sizes chosen by the fuzz input, and now
//! and then answers "not yet" (waking itself), as a network stream does.

use futures::io::AsyncRead;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

/// Reads `data` in chunks whose sizes cycle through `sizes` (a size byte of 0 means "pending
/// once, then a 1-byte chunk"), then reports the end of the stream.
pub struct Chunked<'a> {
    data: &'a [u8],
    sizes: &'a [u8],
    turn: usize,
    pending: bool,
    /// Bytes handed out so far.
    pub consumed: usize,
}

impl<'a> Chunked<'a> {
    /// A reader of `data` with chunk sizes from `sizes` (all of `data` at once when empty).
    pub fn new(data: &'a [u8], sizes: &'a [u8]) -> Self {
        Chunked {
            data,
            sizes,
            turn: 0,
            pending: false,
            consumed: 0,
        }
    }
}

impl AsyncRead for Chunked<'_> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut [u8],
    ) -> Poll<io::Result<usize>> {
        let size = if self.sizes.is_empty() {
            usize::MAX
        } else {
            let s = self.sizes[self.turn % self.sizes.len()];
            if s == 0 && !self.pending {
                self.pending = true;
                cx.waker().wake_by_ref();
                return Poll::Pending;
            }
            self.pending = false;
            self.turn += 1;
            (s as usize).max(1)
        };
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.consumed += n;
        Poll::Ready(Ok(n))
    }
}
