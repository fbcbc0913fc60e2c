//! The per-peer writer queue: bounded, dropping the oldest frames when full.
//!
//! Policy: a queue holds at most [`WRITER_QUEUE_FRAMES`] frames and [`WRITER_QUEUE_BYTES`]
//! bytes; a frame pushed onto a full queue evicts the oldest ones. Losing old frames is safe:
//! the protocol resends what the other side still misses (retransmission and sync requests),
//! and the newest frames carry the freshest state. One frame larger than the byte bound is
//! still queued alone (the frame limit bounds it).

use std::collections::VecDeque;
use std::sync::Mutex;
use tokio::sync::Notify;

/// The most frames queued for one peer.
pub const WRITER_QUEUE_FRAMES: usize = 1024;

/// The most bytes queued for one peer.
pub const WRITER_QUEUE_BYTES: usize = 8 << 20;

#[derive(Default)]
struct State {
    frames: VecDeque<Vec<u8>>,
    bytes: usize,
    /// The sender is gone: the writer drains what is left, then ends.
    closed: bool,
    /// The writer is gone: pushing is pointless.
    writer_gone: bool,
    dropped: u64,
}

/// A bounded queue of frames from the node to one peer's writer task.
#[derive(Default)]
pub(crate) struct FrameQueue {
    state: Mutex<State>,
    ready: Notify,
}

impl FrameQueue {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain data behind; carry on with it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a frame, evicting the oldest ones while over a bound. Returns how many were
    /// evicted, or the frame back if the writer has ended (a new writer is needed).
    pub(crate) fn push(&self, frame: Vec<u8>) -> Result<usize, Vec<u8>> {
        let mut s = self.lock();
        if s.writer_gone {
            return Err(frame);
        }
        s.bytes += frame.len();
        s.frames.push_back(frame);
        let mut evicted = 0;
        while s.frames.len() > 1
            && (s.frames.len() > WRITER_QUEUE_FRAMES || s.bytes > WRITER_QUEUE_BYTES)
        {
            let old = s.frames.pop_front().expect("more than one frame");
            s.bytes -= old.len();
            evicted += 1;
        }
        s.dropped += evicted as u64;
        drop(s);
        self.ready.notify_one();
        Ok(evicted)
    }

    /// The next frame; `None` once the queue is closed and empty.
    pub(crate) async fn pop(&self) -> Option<Vec<u8>> {
        loop {
            let notified = self.ready.notified();
            {
                let mut s = self.lock();
                if let Some(f) = s.frames.pop_front() {
                    s.bytes -= f.len();
                    return Some(f);
                }
                if s.closed {
                    return None;
                }
            }
            notified.await;
        }
    }

    /// No more frames will be pushed.
    pub(crate) fn close(&self) {
        self.lock().closed = true;
        self.ready.notify_one();
    }

    /// Whether the sender closed the queue.
    pub(crate) fn is_closed(&self) -> bool {
        self.lock().closed
    }

    /// Marks the writer as ended.
    pub(crate) fn writer_ended(&self) {
        self.lock().writer_gone = true;
    }

    /// Whether the writer task has ended (a new one is needed).
    pub(crate) fn writer_gone(&self) -> bool {
        self.lock().writer_gone
    }

    /// Marks the writer as ended if nothing is queued (an idle writer retiring); `false` if a
    /// frame came in meanwhile.
    pub(crate) fn retire_if_empty(&self) -> bool {
        let mut s = self.lock();
        if s.frames.is_empty() {
            s.writer_gone = true;
        }
        s.writer_gone
    }

    /// How many frames were dropped because the queue was full.
    #[cfg(test)]
    pub(crate) fn dropped(&self) -> u64 {
        self.lock().dropped
    }

    /// Frames and bytes queued now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> (usize, usize) {
        let s = self.lock();
        (s.frames.len(), s.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_drops_its_oldest_frames() {
        let q = FrameQueue::default();
        for i in 0..WRITER_QUEUE_FRAMES + 10 {
            q.push((i as u32).to_le_bytes().to_vec()).unwrap();
        }
        assert_eq!(q.len().0, WRITER_QUEUE_FRAMES);
        assert_eq!(q.dropped(), 10);
        // The oldest ten are gone; the newest are kept in order.
        assert_eq!(q.pop().await, Some(10u32.to_le_bytes().to_vec()));

        let q = FrameQueue::default();
        let big = WRITER_QUEUE_BYTES / 4 + 1;
        for i in 0..5u8 {
            q.push(vec![i; big]).unwrap();
        }
        let (frames, bytes) = q.len();
        assert!(bytes <= WRITER_QUEUE_BYTES, "{bytes} bytes queued");
        assert_eq!(frames, 3);
        assert_eq!(q.pop().await.unwrap()[0], 2);

        // Closed: what is queued still comes out, then the end.
        q.close();
        assert_eq!(q.pop().await.unwrap()[0], 3);
        assert_eq!(q.pop().await.unwrap()[0], 4);
        assert_eq!(q.pop().await, None);

        // A writer that retired takes no more frames: the sender gets its frame back.
        let q = FrameQueue::default();
        assert!(q.retire_if_empty());
        assert_eq!(q.push(vec![1]), Err(vec![1]));
    }
}
