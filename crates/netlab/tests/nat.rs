//! What the lab's NAT routers let through, and how the internet sees a home.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream, UdpSocket};
use std::time::Duration;

use common::{PATIENCE, UNANSWERED, lab, lab_with};
use dwarfs_netlab::{Firewall, Host, Lab, Nat};

/// A TCP listener on `port` inside `host`.
fn listen_tcp(lab: &Lab, host: &Host, port: u16) -> TcpListener {
    lab.run_in(host, || TcpListener::bind((Ipv4Addr::UNSPECIFIED, port)))
        .expect("enter the host")
        .expect("bind")
}

/// A TCP connection from `host` to `to`, given up after `patience`.
fn connect_tcp(
    lab: &Lab,
    host: &Host,
    to: SocketAddr,
    patience: Duration,
) -> std::io::Result<TcpStream> {
    lab.run_in(host, || TcpStream::connect_timeout(&to, patience))
        .expect("enter the host")
}

/// A UDP socket on `port` (0: any) inside `host`, whose reads give up after a while.
fn udp(lab: &Lab, host: &Host, port: u16) -> UdpSocket {
    let socket = lab
        .run_in(host, || UdpSocket::bind((Ipv4Addr::UNSPECIFIED, port)))
        .expect("enter the host")
        .expect("bind");
    socket.set_read_timeout(Some(PATIENCE)).unwrap();
    socket
}

#[test]
fn a_home_reaches_a_public_host_over_tcp() {
    let Some(lab) = lab("tcp-out") else { return };
    let server = lab.public_host("server").unwrap();
    let home = lab.home("home", Nat::Cone).unwrap();
    let listener = listen_tcp(&lab, &server, 4001);

    let mut client =
        connect_tcp(&lab, &home, (server.ip(), 4001).into(), PATIENCE).expect("connect");
    client.set_read_timeout(Some(PATIENCE)).unwrap();
    client.write_all(b"ping").unwrap();
    let (mut accepted, _) = listener.accept().unwrap();
    accepted.set_read_timeout(Some(PATIENCE)).unwrap();
    let mut got = [0; 4];
    accepted.read_exact(&mut got).unwrap();
    assert_eq!(&got, b"ping");
    accepted.write_all(b"pong").unwrap();
    client.read_exact(&mut got).unwrap();
    assert_eq!(&got, b"pong");
}

#[test]
fn a_public_host_sees_each_home_at_its_routers_address() {
    let Some(lab) = lab("seen-from") else { return };
    let server = lab.public_host("server").unwrap();
    let alice = lab.home("alice", Nat::Cone).unwrap();
    let bob = lab.home("bob", Nat::Symmetric).unwrap();
    // Both homes have the same private address; the internet tells them apart by their routers.
    assert_eq!(alice.ip(), bob.ip());
    assert_ne!(alice.public_ip(), bob.public_ip());
    let listener = listen_tcp(&lab, &server, 4001);

    for home in [&alice, &bob] {
        let _client =
            connect_tcp(&lab, home, (server.ip(), 4001).into(), PATIENCE).expect("connect");
        let (_accepted, from) = listener.accept().unwrap();
        assert_eq!(from.ip(), home.public_ip(), "{}", home.name());
    }
}

#[test]
fn the_internet_cannot_open_a_connection_to_a_home() {
    let Some(lab) = lab("tcp-in") else { return };
    let stranger = lab.public_host("stranger").unwrap();
    let home = lab.home("home", Nat::Cone).unwrap();
    let listener = listen_tcp(&lab, &home, 4001);
    listener.set_nonblocking(true).unwrap();

    // At the router's public address (no port is forwarded) ...
    let at_router = connect_tcp(&lab, &stranger, (home.public_ip(), 4001).into(), UNANSWERED);
    // ... and straight at the home's private address, routed through the router by a neighbour
    // on its internet segment.
    let router = home.public_ip().to_string();
    let status = lab
        .command(&stranger, "ip")
        .args(["route", "add", "192.168.1.0/24", "via", &router])
        .status()
        .unwrap();
    assert!(status.success());
    let at_home = connect_tcp(&lab, &stranger, (home.ip(), 4001).into(), UNANSWERED);

    for attempt in [at_router, at_home] {
        // Dropped, not refused: a reset would spoil TCP hole punching.
        let error = attempt.expect_err("an unsolicited connection got through");
        assert_eq!(error.kind(), ErrorKind::TimedOut, "{error}");
    }
    let accepted = listener.accept();
    assert!(
        matches!(&accepted, Err(e) if e.kind() == ErrorKind::WouldBlock),
        "the home accepted {accepted:?}"
    );
}

/// A UDP server on port 5001 of a public host.
struct Server<'h> {
    host: &'h Host,
    socket: UdpSocket,
}

impl<'h> Server<'h> {
    fn on(lab: &Lab, host: &'h Host) -> Self {
        Server {
            host,
            socket: udp(lab, host, 5001),
        }
    }
}

/// Sends from one fresh UDP socket of `home` to the servers `a` and `b`, checks each reply comes
/// back, and returns the home's local port and the source addresses `a` and `b` saw. (The
/// servers are bound once by the caller: a port closed and bound again at once can still be
/// held for a moment by a process another test forks.)
fn udp_seen_from(lab: &Lab, home: &Host, a: &Server, b: &Server) -> (u16, SocketAddr, SocketAddr) {
    let local = udp(lab, home, 0);
    let port = local.local_addr().unwrap().port();
    let mut seen = Vec::new();
    for server in [a, b] {
        let public = server.host;
        local.send_to(b"hello", (public.ip(), 5001)).unwrap();
        let mut buf = [0; 16];
        let (n, from) = server
            .socket
            .recv_from(&mut buf)
            .expect("the datagram arrives");
        assert_eq!(&buf[..n], b"hello");
        assert_eq!(from.ip(), home.public_ip());
        // The answer to a flow the home opened gets back in.
        server.socket.send_to(b"back", from).unwrap();
        let (n, answered_by) = local.recv_from(&mut buf).expect("the answer arrives");
        assert_eq!(
            (&buf[..n], answered_by),
            (&b"back"[..], (public.ip(), 5001).into())
        );
        seen.push(from);
    }
    (port, seen[0], seen[1])
}

fn cone_keeps_one_port_for_every_destination(lab: Lab) {
    let home = lab.home("home", Nat::Cone).unwrap();
    let a = lab.public_host("a").unwrap();
    let b = lab.public_host("b").unwrap();
    let (a, b) = (Server::on(&lab, &a), Server::on(&lab, &b));
    let (local, seen_by_a, seen_by_b) = udp_seen_from(&lab, &home, &a, &b);
    assert_eq!(seen_by_a.port(), seen_by_b.port());
    // Linux keeps the source port when it is free, as it is on a fresh router.
    assert_eq!(seen_by_a.port(), local);
}

fn symmetric_picks_a_port_per_destination(lab: Lab) {
    let home = lab.home("home", Nat::Symmetric).unwrap();
    let a = lab.public_host("a").unwrap();
    let b = lab.public_host("b").unwrap();
    // Ports are random: two flows could draw the same one (odds about 1 in 64 000), so two
    // local sockets are tried and the NAT is symmetric if either is seen at two ports.
    let (a, b) = (Server::on(&lab, &a), Server::on(&lab, &b));
    let seen: Vec<_> = (0..2).map(|_| udp_seen_from(&lab, &home, &a, &b)).collect();
    assert!(
        seen.iter()
            .any(|(_, by_a, by_b)| by_a.port() != by_b.port()),
        "every local socket kept one public port: {seen:?}"
    );
}

#[test]
fn a_cone_nat_keeps_one_public_port_for_every_destination() {
    if let Some(lab) = lab("cone") {
        cone_keeps_one_port_for_every_destination(lab);
    }
}

#[test]
fn a_symmetric_nat_picks_a_public_port_per_destination() {
    if let Some(lab) = lab("symmetric") {
        symmetric_picks_a_port_per_destination(lab);
    }
}

#[test]
fn routers_written_with_iptables_behave_the_same() {
    if let Some(lab) = lab_with("ipt-cone", Firewall::Iptables) {
        assert_eq!(lab.firewall(), Firewall::Iptables);
        cone_keeps_one_port_for_every_destination(lab);
    }
    if let Some(lab) = lab_with("ipt-symmetric", Firewall::Iptables) {
        symmetric_picks_a_port_per_destination(lab);
    }
}

/// A cut path ([`Lab::cut`]) drops a home's traffic to one address only, until it ends; two
/// outages of one router end one by one.
fn a_cut_path_loses_everything_until_it_ends(firewall: Firewall) {
    let Some(lab) = lab_with("cut", firewall) else {
        return;
    };
    let (a, b) = (lab.public_host("a").unwrap(), lab.public_host("b").unwrap());
    let home = lab.home("home", Nat::Cone).unwrap();
    let _listeners = [listen_tcp(&lab, &a, 4001), listen_tcp(&lab, &b, 4001)];
    let reach = |to: &Host, patience| connect_tcp(&lab, &home, (to.ip(), 4001).into(), patience);
    let dropped = |to: &Host| {
        let error = reach(to, UNANSWERED).expect_err("a cut path let a connection through");
        assert_eq!(error.kind(), ErrorKind::TimedOut, "{error}");
    };
    let outage_a = lab.cut(&home, a.ip()).expect("cut a");
    dropped(&a);
    reach(&b, PATIENCE).expect("the rest of the internet still answers");
    let outage_b = lab.cut(&home, b.ip()).expect("cut b");
    dropped(&b);
    outage_a.end().expect("end the outage of a");
    reach(&a, PATIENCE).expect("the path to a is back");
    dropped(&b);
    outage_b.end().expect("end the outage of b");
    reach(&b, PATIENCE).expect("the path to b is back");
    assert!(matches!(
        lab.cut(&a, b.ip()),
        Err(dwarfs_netlab::LabError::NoRouter { .. })
    ));
}

#[test]
fn a_cut_path_loses_everything_until_it_ends_with_nftables() {
    a_cut_path_loses_everything_until_it_ends(Firewall::Nft);
}

#[test]
fn a_cut_path_loses_everything_until_it_ends_with_iptables() {
    a_cut_path_loses_everything_until_it_ends(Firewall::Iptables);
}
