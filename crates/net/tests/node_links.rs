//! Node-level link tests over loopback: frames get through however the peers first meet.

use dwarfs_net::node::{NetEvent, Node, NodeConfig};
use libp2p::identity::Keypair;
use std::time::Duration;

async fn node() -> Node {
    Node::start(NodeConfig::loopback(Keypair::generate_ed25519()))
        .await
        .expect("a node on loopback")
}

/// Waits for a frame on `n`, skipping connection events.
async fn frame(n: &mut Node) -> Option<Vec<u8>> {
    let wait = async {
        loop {
            match n.next_event().await? {
                NetEvent::Frame { bytes, .. } => return Some(bytes),
                _ => continue,
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .ok()
        .flatten()
}

/// Two peers that know each other's address and send their first frames at the same moment
/// both dial at once. Each frame must arrive, every time: a collision of the two dials (with
/// the listen port reused for dialling, it is one TCP connection with two initiators) must not
/// leave the pair unable to connect.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn peers_that_dial_each_other_at_once_both_get_through() {
    for round in 0..8u8 {
        let mut a = node().await;
        let mut b = node().await;
        a.add_address(b.peer_id(), b.listen_addrs()[0].clone());
        b.add_address(a.peer_id(), a.listen_addrs()[0].clone());
        let (pa, pb) = (a.peer_id(), b.peer_id());
        a.send(pb, vec![round, 1]);
        b.send(pa, vec![round, 2]);
        assert_eq!(
            frame(&mut b).await,
            Some(vec![round, 1]),
            "round {round}: a -> b"
        );
        assert_eq!(
            frame(&mut a).await,
            Some(vec![round, 2]),
            "round {round}: b -> a"
        );
        a.shutdown().await;
        b.shutdown().await;
    }
}

/// Waits until `n` has lost its last connection to a peer.
async fn disconnected(n: &mut Node) {
    let wait = async {
        while let Some(ev) = n.next_event().await {
            if matches!(ev, NetEvent::Disconnected { .. }) {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .expect("the connection closes");
}

/// After every connection between two peers is closed (from either side), the next frame
/// dials again and arrives. (A frame sent while the close is still on its way may be lost; the
/// protocol above retransmits, so this waits for both sides to see the close.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_after_a_disconnect_redials() {
    let mut a = node().await;
    let mut b = node().await;
    a.add_address(b.peer_id(), b.listen_addrs()[0].clone());
    b.add_address(a.peer_id(), a.listen_addrs()[0].clone());
    let (pa, pb) = (a.peer_id(), b.peer_id());
    for round in 0..4u8 {
        a.send(pb, vec![round]);
        assert_eq!(
            frame(&mut b).await,
            Some(vec![round]),
            "round {round}: a -> b"
        );
        b.send(pa, vec![round, round]);
        assert_eq!(
            frame(&mut a).await,
            Some(vec![round, round]),
            "round {round}: b -> a"
        );
        if round % 2 == 0 {
            a.disconnect(pb);
        } else {
            b.disconnect(pa);
        }
        disconnected(&mut a).await;
        disconnected(&mut b).await;
    }
}

/// Many peers that open their streams to one node at the same moment all get their first frame
/// through. On a runtime with a single thread, the streams negotiated on the node's
/// connections pile up before its accept loop runs; each must still be read (a stream dropped
/// there loses the frames already written to it).
#[tokio::test(flavor = "current_thread")]
async fn a_burst_of_new_streams_on_one_thread_loses_no_frame() {
    const SENDERS: u8 = 12;
    let mut hub = node().await;
    let mut senders = Vec::new();
    for _ in 0..SENDERS {
        let s = node().await;
        s.dial(hub.peer_id(), hub.listen_addrs());
        senders.push(s);
    }
    // Every sender connected before any stream is opened.
    let mut connected = std::collections::BTreeSet::new();
    let wait = async {
        while connected.len() < SENDERS as usize {
            match hub.next_event().await {
                Some(NetEvent::Connected { peer, .. }) => {
                    connected.insert(peer);
                }
                Some(_) => {}
                None => break,
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(20), wait)
        .await
        .expect("every sender connects");
    let hub_id = hub.peer_id();
    for (i, s) in senders.iter_mut().enumerate() {
        s.send(hub_id, vec![i as u8]);
    }
    let mut got = Vec::new();
    for _ in 0..SENDERS {
        match frame(&mut hub).await {
            Some(f) => got.push(f[0]),
            None => break,
        }
    }
    got.sort_unstable();
    assert_eq!(got, (0..SENDERS).collect::<Vec<_>>(), "frames received");
}
