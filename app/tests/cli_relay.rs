//! `dwarfs relay` through the real binary: it says whom to relay for or refuses to start, prints
//! the addresses players use, and a node behind it reserves a slot and gets a relayed address.

use dwarfs_net::node::{NatConfig, Reachability};
use dwarfs_net::{Multiaddr, Node, NodeConfig, Transport};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Kills the relay when the test ends, however it ends.
struct Relay(Child);

impl Drop for Relay {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_relay_must_be_told_whom_to_relay_for() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dwarfs"))
        .args(["relay", "--key"])
        .arg(dir.path().join("relay.key"))
        .output()
        .expect("the dwarfs binary runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--open") && err.contains("--allow"), "{err}");
}

#[test]
fn a_node_behind_a_dwarfs_relay_gets_a_relayed_address() {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dwarfs"))
        .args(["relay", "--open", "--listen"])
        .arg(format!("/ip4/127.0.0.1/tcp/{port}"))
        .arg("--key")
        .arg(dir.path().join("relay.key"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the dwarfs binary runs");
    let stdout = child.stdout.take().expect("piped");
    let _relay = Relay(child);
    let line = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .find(|l| l.starts_with("RELAY "))
        .expect("the relay prints its address");
    let addr: Multiaddr = line["RELAY ".len()..].parse().expect("a multiaddr");
    assert!(
        addr.to_string().contains(&format!("/tcp/{port}/p2p/")),
        "{addr}"
    );

    let rt = tokio::runtime::Runtime::new().unwrap();
    let reach = rt.block_on(async {
        let key = dwarfs_net::identity::load_or_create(Some(&dir.path().join("node.key")))
            .expect("a key");
        let mut cfg = NodeConfig::new(key, vec![Transport::Tcp.any_addr("127.0.0.1")]);
        cfg.nat = NatConfig {
            relays: vec![addr.clone()],
            ..NatConfig::default()
        };
        let mut node = Node::start(cfg).await.expect("a node");
        let r = node.wait_reachable(Duration::from_secs(30)).await;
        node.shutdown().await;
        r
    });
    match reach {
        Reachability::Relayed(circuits) => assert!(
            circuits
                .iter()
                .all(|c| c.to_string().starts_with(&addr.to_string())),
            "{circuits:?}"
        ),
        other => panic!("a slot on the relay: {other:?}"),
    }
}
