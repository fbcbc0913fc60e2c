//! Relay and hole punching at node level over loopback: a node holds a slot on a relay, a peer
//! reaches it through the relay with only its relayed address, the link is upgraded to a direct
//! one (DCUtR; on loopback nothing stands in the way) and frames keep flowing on it. A relay
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
        Transport::Tcp => std::net::TcpListener::bind("127.0.0.1:0")
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
    // b knows only a's relayed address.
    b.dial(pa, circuits.clone());
    b.send(pa, b"through the relay".to_vec());
    let mut got = Vec::new();
    let mut paths = Vec::new();
    assert!(
        until(&mut a, 20, |ev| {
            match ev {
                NetEvent::Frame { bytes, .. } => got.push(bytes.clone()),
                NetEvent::Link { peer, path } if *peer == pb => paths.push(*path),
                _ => {}
            }
            paths.contains(&Path::Direct) && !got.is_empty()
        })
        .await,
        "a frame arrived and the link became direct: frames {got:?}, paths {paths:?}"
    );
    assert_eq!(
        paths.first(),
        Some(&Path::Relayed),
        "first through the relay"
    );
    // Once direct, the relayed connection is closed and frames come on the direct one. A frame
    // in flight on the relayed connection as it closes is lost, as on any broken link: the
    // sender here resends until five have come, as the protocol does.
    let mut direct = 0;
    for i in 0..100u8 {
        b.send(pa, vec![i]);
        until(&mut a, 1, |ev| matches!(ev, NetEvent::Frame { .. })).await;
        if a.link(&pb).and_then(|l| l.last_frame) == Some(Path::Direct) {
            direct += 1;
            if direct == 5 {
                break;
            }
        }
    }
    assert_eq!(direct, 5, "frames keep coming on the direct link");
    let link = a.link(&pb).expect("a link with b");
    assert_eq!(link.path, Some(Path::Direct));
    assert_eq!(link.last_frame, Some(Path::Direct));
    assert!(link.frames_direct >= 5, "{link:?}");
    a.shutdown().await;
    b.shutdown().await;
}

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
    assert!(r.allow_relay(a.peer_id()));
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
