//! A stranger on the network: a bare libp2p node with its own key that dials a dwarfs node and
//! opens raw `/dwarfs/1` streams, to send whatever an attacker would.

#![allow(dead_code)]

use futures::{AsyncWriteExt, StreamExt};
use libp2p::swarm::SwarmEvent;
use libp2p::swarm::dial_opts::{DialOpts, PeerCondition};
use libp2p::{Multiaddr, PeerId, Stream, Swarm, noise, tcp, yamux};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;

/// Counts the bytes allocated now and the most allocated at once since the last reset (the
/// global allocator of every test binary that uses this module).
struct Counting;

pub static NOW: AtomicUsize = AtomicUsize::new(0);
pub static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(n: usize) {
    let now = NOW.fetch_add(n, Ordering::Relaxed) + n;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is passed on to the system allocator unchanged; only counters are kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            grew(l.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let p = unsafe { System.alloc_zeroed(l) };
        if !p.is_null() {
            grew(l.size());
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: the caller's contract is passed on.
        unsafe { System.dealloc(p, l) };
        NOW.fetch_sub(l.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        // SAFETY: the caller's contract is passed on.
        let q = unsafe { System.realloc(p, l, new) };
        if !q.is_null() {
            NOW.fetch_sub(l.size(), Ordering::Relaxed);
            grew(new);
        }
        q
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Starts measuring: the peak becomes what is allocated now, which is returned.
pub fn reset_peak() -> usize {
    let now = NOW.load(Ordering::Relaxed);
    PEAK.store(now, Ordering::Relaxed);
    now
}

/// How long any single step of the stranger may take before the test gives up.
pub const STEP: Duration = Duration::from_secs(20);

/// A running stranger: its swarm runs in a task; dials are asked for through a channel.
pub struct Stranger {
    control: libp2p_stream::Control,
    dials: mpsc::UnboundedSender<(DialOpts, tokio::sync::oneshot::Sender<bool>)>,
    /// Connections established so far (counted by the swarm task).
    pub established: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    /// Connections closed so far, by either side (counted by the swarm task).
    pub closed: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Stranger {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Stranger {
    /// Starts a stranger with a fresh key.
    pub fn start() -> Stranger {
        let mut swarm: Swarm<libp2p_stream::Behaviour> = libp2p::SwarmBuilder::with_new_identity()
            .with_tokio()
            .with_tcp(
                tcp::Config::default().nodelay(true),
                noise::Config::new,
                yamux::Config::default,
            )
            .expect("a tcp transport")
            .with_behaviour(|_| libp2p_stream::Behaviour::new())
            .expect("a behaviour")
            .with_swarm_config(|c| c.with_idle_connection_timeout(Duration::from_secs(600)))
            .build();
        let control = swarm.behaviour().new_control();
        let (dials, mut dial_rx) =
            mpsc::unbounded_channel::<(DialOpts, tokio::sync::oneshot::Sender<bool>)>();
        let established = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = established.clone();
        let closed = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let gone = closed.clone();
        let task = tokio::spawn(async move {
            let mut pending: Vec<(
                libp2p::swarm::ConnectionId,
                tokio::sync::oneshot::Sender<bool>,
            )> = Vec::new();
            loop {
                tokio::select! {
                    d = dial_rx.recv() => {
                        let Some((opts, tx)) = d else { return };
                        let id = opts.connection_id();
                        if swarm.dial(opts).is_err() {
                            let _ = tx.send(false);
                        } else {
                            pending.push((id, tx));
                        }
                    }
                    ev = swarm.select_next_some() => match ev {
                        SwarmEvent::ConnectionEstablished { connection_id, .. } => {
                            count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                            if let Some(i) = pending.iter().position(|(c, _)| *c == connection_id) {
                                let _ = pending.swap_remove(i).1.send(true);
                            }
                        }
                        SwarmEvent::ConnectionClosed { .. } => {
                            gone.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        }
                        SwarmEvent::OutgoingConnectionError { connection_id, .. } => {
                            if let Some(i) = pending.iter().position(|(c, _)| *c == connection_id) {
                                let _ = pending.swap_remove(i).1.send(false);
                            }
                        }
                        _ => {}
                    }
                }
            }
        });
        Stranger {
            control,
            dials,
            established,
            closed,
            task,
        }
    }

    /// Connections up now: established and not closed yet.
    pub fn live(&self) -> usize {
        let up = self.established.load(std::sync::atomic::Ordering::SeqCst);
        up.saturating_sub(self.closed.load(std::sync::atomic::Ordering::SeqCst))
    }

    /// Dials `peer` at `addrs` with a new connection even if one exists; `true` once it is
    /// established (the other side may still close it at once).
    pub async fn dial(&self, peer: PeerId, addrs: Vec<Multiaddr>) -> bool {
        let opts = DialOpts::peer_id(peer)
            .condition(PeerCondition::Always)
            .addresses(addrs)
            .allocate_new_port()
            .build();
        let (tx, rx) = tokio::sync::oneshot::channel();
        if self.dials.send((opts, tx)).is_err() {
            return false;
        }
        tokio::time::timeout(STEP, rx)
            .await
            .ok()
            .and_then(|r| r.ok())
            .unwrap_or(false)
    }

    /// Opens a `/dwarfs/1` stream to `peer` (connected already).
    pub async fn open(&mut self, peer: PeerId) -> Option<Stream> {
        tokio::time::timeout(
            STEP,
            self.control.open_stream(peer, dwarfs_net::node::PROTOCOL),
        )
        .await
        .ok()?
        .ok()
    }
}

/// Writes raw bytes to a stream; errors (the other side closed it) are ignored.
pub async fn send_raw(s: &mut Stream, bytes: &[u8]) -> bool {
    let w = async {
        s.write_all(bytes).await?;
        s.flush().await
    };
    matches!(tokio::time::timeout(STEP, w).await, Ok(Ok(())))
}

/// The start of a frame that announces `len` bytes, followed by `some` of them.
pub fn partial_frame(len: u32, some: usize) -> Vec<u8> {
    let mut b = len.to_le_bytes().to_vec();
    b.extend(std::iter::repeat_n(0xA5u8, some));
    b
}

/// A whole frame around `payload`.
pub fn frame(payload: &[u8]) -> Vec<u8> {
    let mut b = (payload.len() as u32).to_le_bytes().to_vec();
    b.extend_from_slice(payload);
    b
}

/// Deterministic garbage (an LCG): `n` bytes from `seed`.
pub fn garbage(seed: u64, n: usize) -> Vec<u8> {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as u8
        })
        .collect()
}
