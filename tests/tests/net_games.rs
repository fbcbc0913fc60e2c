//! Full games over real libp2p on 127.0.0.1, each peer its own process: TCP and QUIC with 2, 4
//! and 8 peers. Every replay must verify offline and be byte-identical to every other.

mod net_common;
use net_common::*;

child_entry!();

fn full_game(peers: u8, transport: Transport) {
    let dir = tempfile::tempdir().unwrap();
    let cfg = pig_demo(dir.path(), peers, transport);
    let outcome = rt()
        .block_on(dwarfs_nettools::demo::run_demo::<Pig>(&launcher(), &cfg))
        .expect("the peers start");
    eprintln!("{}", outcome.summary());
    assert_verified(&outcome);
    assert_eq!(outcome.peers.len(), peers as usize);
}

#[test]
fn tcp_2_peers() {
    full_game(2, Transport::Tcp);
}

#[test]
fn tcp_4_peers() {
    full_game(4, Transport::Tcp);
}

#[test]
fn tcp_8_peers() {
    full_game(8, Transport::Tcp);
}

#[test]
fn quic_2_peers() {
    full_game(2, Transport::Quic);
}

#[test]
fn quic_4_peers() {
    full_game(4, Transport::Quic);
}

#[test]
fn quic_8_peers() {
    full_game(8, Transport::Quic);
}

/// Secret simultaneous steps over real libp2p: Pig with wagers starts every round with every
/// seat committing to a secret wager before any reveals it. The bots choose their part, the
/// game ends, and every replay (with its commitments and reveals) verifies.
#[test]
fn tcp_3_peers_with_secret_wagers() {
    let dir = tempfile::tempdir().unwrap();
    let mut cfg = pig_demo(dir.path(), 3, Transport::Tcp);
    cfg.options = dwarfs_engine::codec::encode(&PigOptions {
        target: 20,
        max_rounds: 8,
        wagers: true,
    })
    .unwrap();
    let outcome = rt()
        .block_on(dwarfs_nettools::demo::run_demo::<Pig>(&launcher(), &cfg))
        .expect("the peers start");
    eprintln!("{}", outcome.summary());
    assert_verified(&outcome);
}
