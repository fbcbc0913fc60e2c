//! Length-prefixed frames on a libp2p stream: a 4-byte little-endian length, then that many
//! bytes.
//!
//! A frame is read as its bytes arrive: the buffer grows with what has arrived (in chunks of at
//! most [`READ_CHUNK`]), never to the announced length up front, so a peer that announces a big
//! frame and sends a few bytes costs a few bytes. A length above the limit is refused before
//! anything is read. [`read_frame_within`] also bounds how long a started frame may take to
//! arrive whole; a stream idle *between* frames may stay open.

use futures::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use std::time::Duration;
use thiserror::Error;

/// The most bytes the frame buffer grows by per read: a frame's buffer holds at most what has
/// arrived plus this much (and the allocator's rounding up).
pub const READ_CHUNK: usize = 64 * 1024;

/// How long a node gives a frame, from its first byte, to arrive whole before it closes the
/// stream (a stream that starts a frame and stalls would otherwise hold its buffer forever).
/// A full 1 MiB frame needs about 0.3 Mbit/s to make it.
pub const FRAME_DEADLINE: Duration = Duration::from_secs(30);

/// Why a frame could not be read or written.
#[derive(Debug, Error)]
pub enum FrameError {
    /// The peer announced a frame larger than the limit.
    #[error("the peer sent a frame of {len} bytes, above the limit of {limit}")]
    TooLarge {
        /// Announced length.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// A frame was started but did not arrive whole in time.
    #[error("a frame started but only {got} bytes arrived within {deadline:?}")]
    Stalled {
        /// Bytes of the frame (length prefix included) that had arrived.
        got: usize,
        /// The time a frame is given.
        deadline: Duration,
    },
    /// The stream failed or closed.
    #[error("stream: {0}")]
    Io(#[from] std::io::Error),
}

/// Writes one frame and flushes it, so it leaves at once.
pub async fn write_frame<W: AsyncWrite + Unpin>(
    w: &mut W,
    payload: &[u8],
    limit: usize,
) -> Result<(), FrameError> {
    if payload.len() > limit {
        return Err(FrameError::TooLarge {
            len: payload.len(),
            limit,
        });
    }
    let mut buf = Vec::with_capacity(4 + payload.len());
    buf.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    buf.extend_from_slice(payload);
    w.write_all(&buf).await?;
    w.flush().await?;
    Ok(())
}

/// Reads one frame, however long it takes. `Ok(None)` on a clean end of stream between frames.
/// Memory grows with the bytes that arrive, not with the announced length.
pub async fn read_frame<R: AsyncRead + Unpin>(
    r: &mut R,
    limit: usize,
) -> Result<Option<Vec<u8>>, FrameError> {
    let Some(first) = first_byte(r).await? else {
        return Ok(None);
    };
    let mut got = 1;
    rest_of_frame(r, first, limit, &mut got).await.map(Some)
}

/// Reads one frame like [`read_frame`], but once its first byte has arrived the whole frame must
/// arrive within `deadline`, else [`FrameError::Stalled`] (the caller closes the stream). Waiting
/// for the first byte has no deadline. Needs a tokio runtime with timers.
pub async fn read_frame_within<R: AsyncRead + Unpin>(
    r: &mut R,
    limit: usize,
    deadline: Duration,
) -> Result<Option<Vec<u8>>, FrameError> {
    let Some(first) = first_byte(r).await? else {
        return Ok(None);
    };
    let mut got = 1;
    match crate::rt::timeout(deadline, rest_of_frame(r, first, limit, &mut got)).await {
        Ok(frame) => frame.map(Some),
        Err(_) => Err(FrameError::Stalled { got, deadline }),
    }
}

/// The first byte of the next frame; `None` on a clean end of stream.
async fn first_byte<R: AsyncRead + Unpin>(r: &mut R) -> Result<Option<u8>, FrameError> {
    let mut b = [0u8; 1];
    loop {
        match r.read(&mut b).await {
            Ok(0) => return Ok(None),
            Ok(_) => return Ok(Some(b[0])),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// The rest of a frame whose first length byte was `first`; counts the bytes read in `got`.
async fn rest_of_frame<R: AsyncRead + Unpin>(
    r: &mut R,
    first: u8,
    limit: usize,
    got: &mut usize,
) -> Result<Vec<u8>, FrameError> {
    let eof = || FrameError::Io(std::io::ErrorKind::UnexpectedEof.into());
    let mut len = [first, 0, 0, 0];
    while *got < 4 {
        let n = r.read(&mut len[*got..]).await?;
        if n == 0 {
            return Err(eof());
        }
        *got += n;
    }
    let len = u32::from_le_bytes(len) as usize;
    if len > limit {
        return Err(FrameError::TooLarge { len, limit });
    }
    let mut buf = Vec::new();
    while buf.len() < len {
        let start = buf.len();
        buf.resize(start + (len - start).min(READ_CHUNK), 0);
        let n = r.read(&mut buf[start..]).await?;
        buf.truncate(start + n);
        if n == 0 {
            return Err(eof());
        }
        *got += n;
    }
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::io::Cursor;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    #[tokio::test]
    async fn frames_round_trip_and_oversize_is_refused() {
        let mut buf = Cursor::new(Vec::new());
        write_frame(&mut buf, b"hello", 16).await.unwrap();
        write_frame(&mut buf, b"", 16).await.unwrap();
        assert!(matches!(
            write_frame(&mut buf, &[0; 17], 16).await,
            Err(FrameError::TooLarge { len: 17, .. })
        ));
        let mut r = Cursor::new(buf.into_inner());
        assert_eq!(read_frame(&mut r, 16).await.unwrap().unwrap(), b"hello");
        assert_eq!(read_frame(&mut r, 16).await.unwrap().unwrap(), b"");
        assert!(read_frame(&mut r, 16).await.unwrap().is_none());

        // A hostile length is refused without allocating it.
        let mut r = Cursor::new(u32::MAX.to_le_bytes().to_vec());
        assert!(matches!(
            read_frame(&mut r, 16).await,
            Err(FrameError::TooLarge { .. })
        ));
        // A frame cut short is an error, not a clean end, also inside the length prefix.
        for cut in [vec![5, 0, 0, 0, 1, 2], vec![5, 0]] {
            let mut r = Cursor::new(cut);
            assert!(matches!(
                read_frame(&mut r, 16).await,
                Err(FrameError::Io(_))
            ));
        }
    }

    /// Yields its bytes a few at a time, then never again (a peer that stalls), and records the
    /// largest buffer it was asked to fill.
    struct Trickle {
        bytes: Vec<u8>,
        pos: usize,
        largest_ask: usize,
    }

    impl AsyncRead for Trickle {
        fn poll_read(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
            buf: &mut [u8],
        ) -> Poll<std::io::Result<usize>> {
            self.largest_ask = self.largest_ask.max(buf.len());
            if self.pos >= self.bytes.len() {
                return Poll::Pending;
            }
            let n = buf.len().min(3).min(self.bytes.len() - self.pos);
            buf[..n].copy_from_slice(&self.bytes[self.pos..self.pos + n]);
            self.pos += n;
            Poll::Ready(Ok(n))
        }
    }

    /// A peer announces a 1 MiB frame and sends ten bytes of it: the reader never holds a
    /// buffer of the announced size, and the stalled frame ends at the deadline.
    #[tokio::test]
    async fn a_half_sent_frame_costs_what_arrived_and_times_out() {
        let mut bytes = (1u32 << 20).to_le_bytes().to_vec();
        bytes.extend_from_slice(&[7; 10]);
        let mut r = Trickle {
            bytes,
            pos: 0,
            largest_ask: 0,
        };
        let deadline = Duration::from_millis(50);
        match read_frame_within(&mut r, 1 << 20, deadline).await {
            Err(FrameError::Stalled { got, .. }) => assert_eq!(got, 14),
            other => panic!("expected a stalled frame, got {other:?}"),
        }
        assert!(
            r.largest_ask <= READ_CHUNK,
            "the reader offered a buffer of {} bytes for a frame that had sent 10",
            r.largest_ask
        );
    }

    /// A stream idle between frames is not a stalled frame: the deadline starts at a frame's
    /// first byte, and whole frames within it arrive.
    #[tokio::test]
    async fn the_deadline_starts_at_the_first_byte() {
        let mut whole = Vec::new();
        for payload in [&b"one"[..], &[9u8; 200_000][..]] {
            whole.extend_from_slice(&(payload.len() as u32).to_le_bytes());
            whole.extend_from_slice(payload);
        }
        let mut r = Cursor::new(whole);
        let d = Duration::from_secs(60);
        assert_eq!(
            read_frame_within(&mut r, 1 << 20, d).await.unwrap(),
            Some(b"one".to_vec())
        );
        assert_eq!(
            read_frame_within(&mut r, 1 << 20, d).await.unwrap(),
            Some(vec![9u8; 200_000])
        );
        assert_eq!(read_frame_within(&mut r, 1 << 20, d).await.unwrap(), None);

        // Nothing sent at all: no frame started, so the short deadline does not apply.
        let mut idle = Trickle {
            bytes: Vec::new(),
            pos: 0,
            largest_ask: 0,
        };
        let waited = tokio::time::timeout(
            Duration::from_millis(100),
            read_frame_within(&mut idle, 16, Duration::from_millis(10)),
        )
        .await;
        assert!(waited.is_err(), "an idle stream was treated as stalled");
    }
}
