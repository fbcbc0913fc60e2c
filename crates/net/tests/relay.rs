//! Relay and hole punching at node level over loopback: a node holds a slot on a relay, a peer
//! reaches it through the relay with only its relayed address, the link is upgraded to a direct
//! one (DCUtR; on loopback nothing stands in the way) and frames keep flowing on it, none lost
//! as the streams move from the relayed connection to the direct one. A relay
//! that serves only allowed peers refuses strangers. (Behind real NAT routers: `nat_lab.rs` in
//! the workspace tests.)

use dwarfs_net::node::{NatConfig, Path, Reachability, RelayService, is_relayed};
use dwarfs_net::{NetEvent, Node, NodeConfig, Transport};
use libp2p::identity::Keypair;
use libp2p::multiaddr::Protocol;
use libp2p::{Multiaddr, PeerId};
use std::time::Duration;

async fn start(transport: Transport, nat: NatConfig) -> Node {
    let mut cfg = NodeConfig::new(
        Keypair::generate_ed25519(),
        vec![transport.any_addr("127.0.0.1")],
    );
    cfg.nat = nat;
    Node::start(cfg).await.expect("a node on loopback")
}

/// A free port on loopback for `transport` (the OS picks it; it is free again at once).
fn free_port(transport: Transport) -> u16 {
    match transport {
        Transport::Tcp | Transport::Ws => std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free TCP port")
            .port(),
        Transport::Quic => std::net::UdpSocket::bind("127.0.0.1:0")
            .and_then(|s| s.local_addr())
            .expect("a free UDP port")
            .port(),
    }
}

/// A relay on loopback that knows its own address (given as external, as `dwarfs relay`
/// does for an address that names an IP).
async fn relay(transport: Transport, serve: RelayService) -> (Node, Multiaddr) {
    let port = free_port(transport);
    let listen: Multiaddr = match transport {
        Transport::Tcp => format!("/ip4/127.0.0.1/tcp/{port}"),
        Transport::Quic => format!("/ip4/127.0.0.1/udp/{port}/quic-v1"),
        Transport::Ws => format!("/ip4/127.0.0.1/tcp/{port}/ws"),
    }
    .parse()
    .expect("an address");
    let mut cfg = NodeConfig::new(Keypair::generate_ed25519(), vec![listen.clone()]);
    cfg.nat.serve = serve;
    cfg.nat.external = vec![listen.clone()];
    let node = Node::start(cfg).await.expect("a relay");
    let with_id = listen.with(Protocol::P2p(node.peer_id()));
    (node, with_id)
}

/// Drains events of `n` until `f` says stop (or `secs` pass). Returns whether it stopped.
async fn until(n: &mut Node, secs: u64, mut f: impl FnMut(&NetEvent) -> bool) -> bool {
    let wait = async {
        while let Some(ev) = n.next_event().await {
            if f(&ev) {
                return true;
            }
        }
        false
    };
    tokio::time::timeout(Duration::from_secs(secs), wait)
        .await
        .unwrap_or(false)
}

/// Keeps a node's events drained in the background (a relay has nobody else to read them).
fn drain(mut n: Node) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move { while n.next_event().await.is_some() {} })
}

async fn reached_through_a_relay_then_direct(transport: Transport) {
    // One upgrade at a time: a hole punch is timed on the measured round trip, and two of them
    // (six nodes) on a loaded two-core machine miss their timing far more often.
    let _one_at_a_time = UPGRADES.lock().await;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
    let (r, raddr) = relay(transport, RelayService::Anyone).await;
    let _relay = drain(r);
    let mut a = start(
        transport,
        NatConfig {
            relays: vec![raddr.clone()],
            ..NatConfig::default()
        },
    )
    .await;
    let reach = a.wait_reachable(Duration::from_secs(20)).await;
    let Reachability::Relayed(circuits) = reach else {
        panic!("the node holds a relay slot: {reach:?}");
    };
    assert!(circuits.iter().all(is_relayed));
    assert!(
        a.listen_addrs().iter().any(is_relayed),
        "the relayed address is advertised"
    );
    let mut b = start(transport, NatConfig::default()).await;
    let (pa, pb) = (a.peer_id(), b.peer_id());
    // b knows only a's relayed address. Both send numbered frames, each once, from the first
    // moment on: some go through the relay, some are on their way when the link turns direct,
    // the rest go direct. None may be lost (the streams move, the relayed connection closes
    // only once drained) and none is sent twice.
    b.dial(pa, circuits.clone());
    let mut got_a = Vec::new();
    let mut got_b = Vec::new();
    let mut paths = Vec::new();
    let (mut sent_b, mut sent_a) = (0u32, 0u32);
    let all = async {
        loop {
            if sent_b < FRAMES {
                b.send(pa, sent_b.to_be_bytes().to_vec());
                sent_b += 1;
            }
            // a answers once b has reached it.
            if sent_a < FRAMES && !got_a.is_empty() {
                a.send(pb, sent_a.to_be_bytes().to_vec());
                sent_a += 1;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
            while let Some(ev) = a.try_next_event() {
                match ev {
                    NetEvent::Frame { bytes, .. } => got_a.push(bytes),
                    NetEvent::Link { peer, path } if peer == pb => paths.push(path),
                    _ => {}
                }
            }
            while let Some(ev) = b.try_next_event() {
                if let NetEvent::Frame { bytes, .. } = ev {
                    got_b.push(bytes);
                }
            }
            if got_a.len() >= FRAMES as usize
                && got_b.len() >= FRAMES as usize
                && paths.contains(&Path::Direct)
            {
                return;
            }
        }
    };
    let done = tokio::time::timeout(Duration::from_secs(60), all)
        .await
        .is_ok();
    let numbers = |got: &[Vec<u8>]| -> Vec<u32> {
        let mut n: Vec<u32> = got
            .iter()
            .map(|b| u32::from_be_bytes(b[..4].try_into().expect("4 bytes")))
            .collect();
        n.sort_unstable();
        n
    };
    let every: Vec<u32> = (0..FRAMES).collect();
    assert!(
        done,
        "every frame arrived and the link became direct: a got {}, b got {}, paths {paths:?}",
        got_a.len(),
        got_b.len()
    );
    assert_eq!(numbers(&got_a), every, "b's frames to a, each once");
    assert_eq!(numbers(&got_b), every, "a's frames to b, each once");
    assert_eq!(
        paths.first(),
        Some(&Path::Relayed),
        "first through the relay"
    );
    // The relayed connection closes once both sides have moved their streams.
    let mut link = a.link(&pb).expect("a link with b");
    for _ in 0..100 {
        if link.relayed_open == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        link = a.link(&pb).expect("a link with b");
    }
    assert_eq!(
        link.relayed_open, 0,
        "the relayed connection closed once drained"
    );
    // Once the relayed connection is gone, frames come on the direct one. (Before, a writer on
    // the other side may still be finishing its relayed stream: it moves when it learns of the
    // direct connection, which can be a moment after this side did.)
    for i in 0..5u32 {
        b.send(pa, i.to_be_bytes().to_vec());
    }
    let mut more = 0;
    assert!(
        until(&mut a, 20, |ev| {
            more += usize::from(matches!(ev, NetEvent::Frame { .. }));
            more == 5
        })
        .await
    );
    let link = a.link(&pb).expect("a link with b");
    assert_eq!(link.path, Some(Path::Direct));
    assert_eq!(link.last_frame, Some(Path::Direct));
    a.shutdown().await;
    b.shutdown().await;
}

/// Frames each side of the upgrade test sends.
const FRAMES: u32 = 300;

/// Held by the upgrade test running now.
static UPGRADES: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relayed_link_becomes_direct_over_tcp() {
    reached_through_a_relay_then_direct(Transport::Tcp).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relayed_link_becomes_direct_over_quic() {
    reached_through_a_relay_then_direct(Transport::Quic).await;
}

/// A node that relays for its players only refuses a stranger's reservation, and takes it
/// once the app allows that peer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_relay_refuses_strangers() {
    let (r, raddr) = relay(Transport::Tcp, RelayService::Players).await;
    let relay_peer: PeerId = r.peer_id();
    let mut a = start(
        Transport::Tcp,
        NatConfig {
            relays: vec![raddr.clone()],
            ..NatConfig::default()
        },
    )
    .await;
    let reach = a.wait_reachable(Duration::from_secs(3)).await;
    assert!(
        !matches!(reach, Reachability::Relayed(_)),
        "a stranger holds no slot: {reach:?}"
    );
    let refused = r.stats().await.expect("stats").relay_refused;
    assert!(refused >= 1, "the refusal is counted");
    assert!(r.trust(a.peer_id()));
    let _relay = drain(r);
    // The node tries again on its own (with a growing delay).
    let reach = a.wait_reachable(Duration::from_secs(20)).await;
    match reach {
        Reachability::Relayed(c) => assert!(
            c.iter()
                .any(|a| a.iter().any(|p| p == Protocol::P2p(relay_peer)))
        ),
        other => panic!("allowed now: {other:?}"),
    }
    a.shutdown().await;
}
