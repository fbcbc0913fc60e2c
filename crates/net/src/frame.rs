//! Length-prefixed frames on a libp2p stream: a 4-byte little-endian length, then that many
//! bytes. A length above the limit is refused before anything is allocated.

use futures::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use thiserror::Error;

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

/// Reads one frame. `Ok(None)` on a clean end of stream between frames.
pub async fn read_frame<R: AsyncRead + Unpin>(
    r: &mut R,
    limit: usize,
) -> Result<Option<Vec<u8>>, FrameError> {
    let mut len = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        let n = r.read(&mut len[got..]).await?;
        if n == 0 {
            if got == 0 {
                return Ok(None);
            }
            return Err(std::io::Error::from(std::io::ErrorKind::UnexpectedEof).into());
        }
        got += n;
    }
    let len = u32::from_le_bytes(len) as usize;
    if len > limit {
        return Err(FrameError::TooLarge { len, limit });
    }
    let mut buf = vec![0u8; len];
    r.read_exact(&mut buf).await?;
    Ok(Some(buf))
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::io::Cursor;

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
        // A frame cut short is an error, not a clean end.
        let mut r = Cursor::new(vec![5, 0, 0, 0, 1, 2]);
        assert!(matches!(
            read_frame(&mut r, 16).await,
            Err(FrameError::Io(_))
        ));
    }
}
