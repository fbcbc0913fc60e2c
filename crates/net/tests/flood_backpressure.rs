//! A stranger floods a node with valid frames while the node's owner reads none: the node's
//! readers wait for room in the bounded events channel, so the flood stops at the stranger
//! (its writes block) instead of piling up in the node's memory; once the owner reads again,
//! the frames flow.
//!
//! Memory is measured with a counting allocator (this file holds a single test).

mod stranger;

use dwarfs_net::node::{EVENT_QUEUE, NetEvent, Node, NodeConfig};
use libp2p::identity::Keypair;
use std::sync::atomic::Ordering;
use std::time::Duration;
use stranger::{PEAK, Stranger, frame, reset_peak};

const MIB: usize = 1 << 20;
/// The size of each flooding frame.
const FRAME: usize = 32 * 1024;
/// Frames the stranger tries to send: 125 MiB in all.
const FRAMES: usize = 4000;
/// The most the heap may grow while nobody reads (the events channel holds 8 MiB of these).
const HEAP_BOUND: usize = 40 * MIB;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_waits_at_the_sender_while_the_node_reads_nothing() {
    let mut node = Node::start(NodeConfig::loopback(Keypair::generate_ed25519()))
        .await
        .expect("a node on loopback");
    let mut s = Stranger::start();
    assert!(s.dial(node.peer_id(), node.listen_addrs().to_vec()).await);
    let base = reset_peak();

    // The stranger writes until a write makes no progress for a second (the node pushes back).
    let mut stream = s.open(node.peer_id()).await.expect("a stream");
    let one = frame(&vec![0x5A; FRAME]);
    let mut written = 0;
    for _ in 0..FRAMES {
        use futures::AsyncWriteExt;
        let w = tokio::time::timeout(Duration::from_secs(1), async {
            stream.write_all(&one).await?;
            stream.flush().await
        })
        .await;
        match w {
            Ok(Ok(())) => written += 1,
            _ => break,
        }
    }
    let peak = PEAK.load(Ordering::Relaxed) - base;
    eprintln!(
        "flood: {written} of {FRAMES} frames of {} KiB written while nobody read; heap growth {:.1} MiB",
        FRAME / 1024,
        peak as f64 / MIB as f64
    );
    assert!(
        written < FRAMES,
        "the node took all {FRAMES} frames without anyone reading them"
    );
    assert!(
        peak < HEAP_BOUND,
        "the heap grew by {} MiB while nobody read (bound {} MiB)",
        peak / MIB,
        HEAP_BOUND / MIB
    );

    // Reading again: more frames arrive than the channel could hold, so the readers resumed.
    let mut got = 0;
    while let Ok(Some(ev)) = tokio::time::timeout(Duration::from_secs(2), node.next_event()).await {
        if let NetEvent::Frame { bytes, .. } = ev {
            assert_eq!(bytes.len(), FRAME);
            got += 1;
            if got > EVENT_QUEUE + 16 {
                break;
            }
        }
    }
    assert!(
        got > EVENT_QUEUE,
        "only {got} frames arrived once the node read again"
    );
}
