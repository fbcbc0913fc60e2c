//! The `/dwarfs/1` streams: one reader task per accepted inbound stream (limited per peer and in
//! total) and one writer task per peer we send to.

use super::links::Links;
use super::nat::Path;
use super::queue::FrameQueue;
use super::tap::Inbound;
use super::{Command, NetEvent, PROTOCOL};
use crate::frame::{FRAME_DEADLINE, FrameError, read_frame_within, write_frame};
use libp2p::PeerId;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The most inbound `/dwarfs/1` streams read at once from one peer. A peer needs one (its
/// writer keeps a single stream open); the spare ones cover a stream being replaced. A further
/// stream from the peer closes its oldest one: a peer that reconnects after a network change is
/// not locked out by its own stale streams, and a stranger still holds at most this many.
pub const MAX_STREAMS_PER_PEER: usize = 4;

/// The most inbound `/dwarfs/1` streams read at once from all peers together. Past it, new
/// streams are closed as they arrive.
pub const MAX_STREAMS: usize = 128;

/// How long a writer with nothing to send keeps its stream; then it ends (the next frame to
/// the peer starts a new one), so peers we once answered do not hold a task and a stream each.
pub const WRITER_IDLE: Duration = Duration::from_secs(300);

/// Live reader tasks, per peer (oldest first, each with the handle that stops it) and in total.
#[derive(Default)]
pub(crate) struct StreamCounts {
    per_peer: HashMap<PeerId, VecDeque<(u64, oneshot::Sender<()>)>>,
    total: usize,
    next_id: u64,
    /// Streams closed at once because every slot was taken.
    refused: u64,
    /// Streams closed because the same peer opened a newer one past its limit.
    replaced: u64,
    /// Peers of our lobbies and games: admitted past [`MAX_STREAMS`] (at most
    /// [`MAX_STREAMS_PER_PEER`] each), so strangers filling the total cannot lock them out.
    /// Bounded by the relay allow-list, which admits them.
    trusted: HashSet<PeerId>,
}

impl StreamCounts {
    /// Takes a reader slot for `peer`, closing its oldest stream if it is at its limit; `None`
    /// if all slots are taken. Returns the slot's id and what stops its reader.
    fn admit(&mut self, peer: PeerId) -> Option<(u64, oneshot::Receiver<()>)> {
        let mine = self.per_peer.get(&peer).map_or(0, VecDeque::len);
        if mine >= MAX_STREAMS_PER_PEER {
            // Dropping the stop handle ends the oldest reader (and closes its stream).
            let q = self.per_peer.get_mut(&peer).expect("the peer has streams");
            q.pop_front();
            self.total -= 1;
            self.replaced += 1;
        } else if self.total >= MAX_STREAMS && !self.trusted.contains(&peer) {
            self.refused += 1;
            return None;
        }
        let id = self.next_id;
        self.next_id += 1;
        let (stop, stopped) = oneshot::channel();
        self.per_peer.entry(peer).or_default().push_back((id, stop));
        self.total += 1;
        Some((id, stopped))
    }

    /// Gives back slot `id` of `peer` (nothing if it was already taken back).
    fn release(&mut self, peer: PeerId, id: u64) {
        let Some(q) = self.per_peer.get_mut(&peer) else {
            return;
        };
        if let Some(i) = q.iter().position(|(x, _)| *x == id) {
            q.remove(i);
            self.total -= 1;
        }
        if q.is_empty() {
            self.per_peer.remove(&peer);
        }
    }

    /// `peer` is one of our lobbies' and games': room is kept for its streams.
    pub(crate) fn trust(&mut self, peer: PeerId) {
        self.trusted.insert(peer);
    }

    /// `peer` is no longer ours: its new streams count against the total again.
    pub(crate) fn distrust(&mut self, peer: &PeerId) {
        self.trusted.remove(peer);
    }

    /// Live inbound streams, and streams closed over a limit so far (refused or replaced).
    pub(crate) fn snapshot(&self) -> (usize, u64) {
        (self.total, self.refused + self.replaced)
    }
}

/// Shared stream counts.
pub(crate) type Counts = Arc<Mutex<StreamCounts>>;

fn lock(c: &Counts) -> std::sync::MutexGuard<'_, StreamCounts> {
    c.lock().unwrap_or_else(|e| e.into_inner())
}

/// Gives a reader's slot back when the reader ends, however it ends.
struct Slot {
    counts: Counts,
    peer: PeerId,
    id: u64,
}

impl Drop for Slot {
    fn drop(&mut self) {
        lock(&self.counts).release(self.peer, self.id);
    }
}

/// Accepts inbound streams as they come (from the connections' [`super::tap::InboundTap`]s),
/// starting a reader for each one the limits allow and closing the others at once. Holds the
/// stream behaviour's registration of the protocol while it runs.
pub(crate) async fn accept_loop(
    mut incoming: mpsc::Receiver<Inbound>,
    _registered: libp2p_stream::IncomingStreams,
    events: mpsc::Sender<NetEvent>,
    limit: usize,
    counts: Counts,
    links: Links,
) {
    while let Some((peer, stream)) = incoming.recv().await {
        let admitted = lock(&counts).admit(peer);
        let Some((id, stopped)) = admitted else {
            tracing::debug!(%peer, "inbound stream refused: too many streams");
            drop(stream);
            continue;
        };
        tracing::debug!(%peer, "inbound stream accepted");
        let slot = Slot {
            counts: counts.clone(),
            peer,
            id,
        };
        let events = events.clone();
        let links = links.clone();
        // The stream's connection is not known: a stream that comes while the peer is reached
        // only through a relay is on the relayed connection (new streams avoid it once a
        // direct one is up).
        let path = links.path(&peer).unwrap_or(Path::Direct);
        crate::rt::spawn(async move {
            tokio::select! {
                () = reader(peer, stream, events, limit, links, path) => {}
                _ = stopped => tracing::debug!(%peer, "inbound stream replaced by a newer one"),
            }
            drop(slot);
        });
    }
}

/// Reads frames from one stream until it ends. Each frame waits for room in the events channel,
/// so a peer that floods us is slowed down (its stream is no longer read) instead of our memory
/// growing.
async fn reader(
    peer: PeerId,
    mut stream: libp2p::Stream,
    events: mpsc::Sender<NetEvent>,
    limit: usize,
    links: Links,
    path: Path,
) {
    loop {
        match read_frame_within(&mut stream, limit, FRAME_DEADLINE).await {
            Ok(Some(bytes)) => {
                links.frame(peer, path);
                if events
                    .send(NetEvent::Frame { from: peer, bytes })
                    .await
                    .is_err()
                {
                    return;
                }
            }
            Ok(None) => return,
            Err(e @ (FrameError::TooLarge { .. } | FrameError::Stalled { .. })) => {
                let _ = events
                    .send(NetEvent::BadStream {
                        peer,
                        reason: e.to_string(),
                    })
                    .await;
                return;
            }
            Err(e) => {
                tracing::debug!(%peer, "stream from peer ended: {e}");
                return;
            }
        }
    }
}

/// The longest a writer waits, when its stream moves to a direct connection, for the reader at
/// the other end to have read the old stream to its end.
const MOVE_DRAIN: Duration = Duration::from_secs(5);

/// An outbound stream and the peer's move count when it was opened ([`Links::moves`]).
struct Outbound {
    stream: libp2p::Stream,
    moves: u64,
}

/// If a direct connection to `peer` came up since `out` was opened (the stream may be on a
/// relayed connection, which closes once no stream uses it), ends the stream cleanly: the end
/// of the stream follows its last frame, and the writer waits (up to [`MOVE_DRAIN`]) until the
/// reader at the other end has read it all and closed its end. The next stream goes on the
/// direct connection, and no frame written on the old one is lost or overtaken.
async fn move_if_stale(peer: &PeerId, links: &Links, out: &mut Option<Outbound>) {
    use futures::{AsyncReadExt, AsyncWriteExt};
    if out.as_ref().is_none_or(|o| o.moves == links.moves(peer)) {
        return;
    }
    let Some(Outbound { mut stream, .. }) = out.take() else {
        return;
    };
    tracing::debug!(%peer, "direct connection up: moving the outbound stream to it");
    let drained = crate::rt::timeout(MOVE_DRAIN, async {
        stream.close().await?;
        let mut byte = [0u8; 1];
        stream.read(&mut byte).await
    })
    .await;
    if drained.is_err() {
        tracing::debug!(%peer, "the old stream was not read to its end in time");
    }
}

/// Keeps one outbound stream to `peer` and writes queued frames to it. On failure it reopens the
/// stream with a growing pause; the frame that failed is dropped (the protocol retransmits).
/// When a direct connection comes up beside a relayed one, the stream moves to it without
/// losing a frame ([`move_if_stale`]).
pub(crate) async fn writer(
    peer: PeerId,
    mut control: libp2p_stream::Control,
    queue: Arc<FrameQueue>,
    limit: usize,
    commands: mpsc::Sender<Command>,
    links: Links,
) {
    struct Ended(Arc<FrameQueue>);
    impl Drop for Ended {
        fn drop(&mut self) {
            self.0.writer_ended();
        }
    }
    let _ended = Ended(queue.clone());
    let mut backoff = Duration::from_millis(50);
    let mut stream: Option<Outbound> = None;
    let mut moved = links.subscribe();
    loop {
        let popped = tokio::select! {
            popped = crate::rt::timeout(WRITER_IDLE, queue.pop()) => popped,
            Ok(()) = moved.changed() => {
                // Also while idle: the relayed connection closes only once no stream uses it.
                move_if_stale(&peer, &links, &mut stream).await;
                continue;
            }
        };
        let frame = match popped {
            Ok(Some(frame)) => frame,
            Ok(None) => return,
            Err(_) if queue.retire_if_empty() => {
                tracing::debug!(%peer, "writer idle: closing its stream");
                return;
            }
            Err(_) => continue,
        };
        move_if_stale(&peer, &links, &mut stream).await;
        let mut attempts = 0;
        loop {
            if stream.is_none() {
                // Before opening: a move after this point makes this stream move too.
                let moves = links.moves(&peer);
                let opened = crate::rt::timeout(Duration::from_secs(3), async {
                    // Connect first, through the node's address book: left to itself, the
                    // stream behaviour dials with the swarm's addresses, which a failed dial
                    // erases.
                    let (tx, rx) = oneshot::channel();
                    let _ = commands.send(Command::Connect(peer, tx)).await;
                    if rx.await != Ok(true) {
                        return Err(libp2p_stream::OpenStreamError::Io(std::io::Error::new(
                            std::io::ErrorKind::NotConnected,
                            "could not connect",
                        )));
                    }
                    control.open_stream(peer, PROTOCOL).await
                })
                .await
                .unwrap_or_else(|_| {
                    Err(libp2p_stream::OpenStreamError::Io(std::io::Error::from(
                        std::io::ErrorKind::TimedOut,
                    )))
                });
                match opened {
                    Ok(s) => {
                        tracing::debug!(%peer, "outbound stream opened");
                        stream = Some(Outbound { stream: s, moves });
                        backoff = Duration::from_millis(50);
                    }
                    Err(e) => {
                        tracing::debug!(%peer, "cannot open a stream: {e}");
                        // What piles up meanwhile is bounded by the queue (oldest dropped):
                        // the protocol resends what matters when the peer is back.
                        crate::rt::sleep(backoff).await;
                        backoff = (backoff * 2).min(Duration::from_secs(2));
                        if queue.is_closed() {
                            return;
                        }
                        continue;
                    }
                }
            }
            let s = &mut stream.as_mut().expect("opened above").stream;
            let written = crate::rt::timeout(Duration::from_secs(5), write_frame(s, &frame, limit))
                .await
                .unwrap_or_else(|_| Err(std::io::Error::from(std::io::ErrorKind::TimedOut).into()));
            match written {
                Ok(()) => break,
                Err(FrameError::TooLarge { len, .. }) => {
                    tracing::warn!(%peer, "not sending a frame of {len} bytes: above the limit");
                    break;
                }
                Err(e) => {
                    tracing::debug!(%peer, "stream write failed: {e}");
                    stream = None;
                    attempts += 1;
                    if attempts > 5 {
                        break;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_peer_past_its_limit_replaces_its_oldest_stream_and_the_total_is_capped() {
        let mut c = StreamCounts::default();
        let a = PeerId::random();
        let mut stops = Vec::new();
        for _ in 0..MAX_STREAMS_PER_PEER {
            stops.push(c.admit(a).expect("a slot"));
        }
        // One more from the same peer: admitted, and its oldest stream is told to stop.
        let (newest, _keep) = c.admit(a).expect("a slot");
        let (first, mut first_stop) = stops.remove(0);
        assert!(
            matches!(
                first_stop.try_recv(),
                Err(oneshot::error::TryRecvError::Closed)
            ),
            "the oldest reader is stopped"
        );
        assert!(matches!(
            stops[0].1.try_recv(),
            Err(oneshot::error::TryRecvError::Empty)
        ));
        assert_eq!(c.snapshot(), (MAX_STREAMS_PER_PEER, 1));
        // Its slot was taken back already: its reader ending gives nothing back twice.
        c.release(a, first);
        assert_eq!(c.snapshot().0, MAX_STREAMS_PER_PEER);
        c.release(a, newest);
        assert_eq!(c.snapshot().0, MAX_STREAMS_PER_PEER - 1);

        let mut others = Vec::new();
        while let Some(s) = c.admit(PeerId::random()) {
            others.push(s);
        }
        assert_eq!(others.len() + MAX_STREAMS_PER_PEER - 1, MAX_STREAMS);
        assert_eq!(c.snapshot(), (MAX_STREAMS, 2), "one refused past the total");

        // A player of ours still gets its streams, up to its own limit.
        let player = PeerId::random();
        c.trust(player);
        let mut mine = Vec::new();
        for _ in 0..MAX_STREAMS_PER_PEER + 1 {
            mine.push(c.admit(player).expect("room for a player"));
        }
        assert_eq!(c.snapshot().0, MAX_STREAMS + MAX_STREAMS_PER_PEER);
        assert!(
            c.admit(PeerId::random()).is_none(),
            "strangers still refused"
        );
        // No longer ours: its new streams count against the total again (those held stay).
        c.distrust(&player);
        let (id, _) = mine.pop().expect("a stream of the player");
        c.release(player, id);
        assert!(c.admit(player).is_none(), "held to the total again");
        assert_eq!(c.snapshot().0, MAX_STREAMS + MAX_STREAMS_PER_PEER - 1);
    }
}
