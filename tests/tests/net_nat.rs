//! Internet play through NAT, in a lab of network namespaces the tests build themselves
//! (`dwarfs-netlab`): a public relay on the lab's internet and players in homes behind NAT
//! routers that masquerade and drop unsolicited packets. Each player is a child process in its
//! own namespace. Skipped, with the reason, where namespaces cannot be made. Also what a player's
//! node learns there of its own reachability (AutoNAT v2, with the relay as the server).

mod net_common;

use dwarfs_net::multiaddr::Protocol;
use dwarfs_net::node::{Path, Reachability};
use dwarfs_net::{Multiaddr, NetEvent, Node};
use dwarfs_nettools::lab::{Host, Lab, LabError, LabRelay, Nat, node_config, play};
use net_common::*;

child_entry!();

/// A lab, or `None` (with the reason printed) where this machine cannot build one.
fn lab(tag: &str) -> Option<Lab> {
    // Labs of test processes killed before they could clean up.
    let _ = Lab::remove_stale();
    match Lab::new(tag) {
        Ok(l) => Some(l),
        Err(LabError::Unavailable(why)) => {
            dwarfs_nettools::lab::skip_or_fail(&format!("no network lab on this machine: {why}"));
            None
        }
        Err(e) => panic!("the lab could not be built: {e}"),
    }
}

/// The lab's relay, on a public host of its own.
fn relay(lab: &Lab) -> LabRelay {
    LabRelay::start(&lab.public_host("relay").expect("a host")).expect("the relay")
}

fn cfg(dir: &std::path::Path, transport: Transport, timeout_s: u64) -> DemoConfig {
    let mut c = pig_demo(dir, 0, transport);
    c.timeout = Duration::from_secs(timeout_s);
    // A few seconds of play, as people play: a hole punch takes a round trip or two through
    // the relay, and a game of bots at full speed can end before it lands.
    c.bot_delay_ms = 200;
    c
}

/// Every peer finished, agreed and verified the same replay.
fn assert_ok(o: &DemoOutcome) {
    assert!(
        o.ok(),
        "the game did not finish everywhere:\n{}",
        o.summary()
    );
}

/// Each player's links at the end, from its report: (peer, path, last frame, direct frames,
/// relayed frames, failed punches).
fn links(o: &DemoOutcome) -> Vec<Vec<dwarfs_net::spec::LinkReport>> {
    o.peers
        .iter()
        .map(|p| {
            p.report
                .as_ref()
                .map(|r| r.links.clone())
                .unwrap_or_default()
        })
        .collect()
}

/// The hole-punching lines of every player's log, to show with a failed assertion.
fn punch_log(dir: &std::path::Path, players: usize) -> String {
    (1..=players)
        .map(|i| {
            let text =
                std::fs::read_to_string(dir.join(format!("peer{i}.log"))).unwrap_or_default();
            let lines: Vec<&str> = text
                .lines()
                .filter(|l| l.contains("punch") || l.contains("relay"))
                .collect();
            format!("--- peer{i}.log ---\n{}", lines.join("\n"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks every player's link to every other player with `check`, after checking each player
/// reports all the others.
fn each_link(o: &DemoOutcome, check: impl Fn(usize, &dwarfs_net::spec::LinkReport)) {
    for (i, ls) in links(o).iter().enumerate() {
        assert_eq!(
            ls.len(),
            o.peers.len() - 1,
            "peer {i} reports every other player"
        );
        for l in ls {
            check(i, l);
        }
    }
}

/// Every link of every player carried the game's last frames directly.
fn assert_all_direct(o: &DemoOutcome, dir: &std::path::Path) {
    each_link(o, |i, l| {
        // (`path` may already be `None`: the other player left once the game was over.)
        let direct = l.path != Some(Path::Relayed)
            && l.last_frame == Some(Path::Direct)
            && l.frames_direct > 0;
        assert!(direct, "peer {i}: {l:?}\n{}", punch_log(dir, o.peers.len()));
    });
}

/// The children, started with `filter` as their `DWARFS_LOG`: their nodes then log what they
/// do, hole punching included, which [`punch_log`] shows when an assertion fails.
fn logging_launcher(filter: &str) -> Launcher {
    let base = launcher();
    Launcher {
        exe: "env".into(),
        args: [
            format!("DWARFS_LOG={filter}"),
            base.exe.display().to_string(),
        ]
        .into_iter()
        .chain(base.args)
        .collect(),
    }
}

/// The log filter of the children: the runner's `DWARFS_LOG`, else the node's own lines.
fn log_filter() -> String {
    std::env::var("DWARFS_LOG").unwrap_or_else(|_| "dwarfs_net=info".into())
}

/// Where a game's files (logs included) are: `dir`, a temporary directory unless
/// `DWARFS_NET_TEST_DIR` names another.
struct Files {
    _tmp: tempfile::TempDir,
    dir: std::path::PathBuf,
}

/// A game of Pig among `players`, hosted by `players[host]`, through `relay`, given up after
/// `timeout_s`; and where its files are.
fn play_pig(
    relay: &LabRelay,
    players: &[Host],
    host: usize,
    transport: Transport,
    timeout_s: u64,
) -> (DemoOutcome, Files) {
    let tmp = tempfile::tempdir().unwrap();
    let c = cfg(tmp.path(), transport, timeout_s);
    let o = rt()
        .block_on(play::<Pig>(
            &logging_launcher(&log_filter()),
            relay,
            players,
            host,
            &c,
        ))
        .expect("the game runs");
    (
        o,
        Files {
            _tmp: tmp,
            dir: c.dir,
        },
    )
}

/// Every player exchanged game frames with every other player, over whichever path.
fn assert_all_linked(o: &DemoOutcome) {
    each_link(o, |i, l| {
        assert!(l.frames_direct + l.frames_relayed > 0, "peer {i}: {l:?}");
    });
}

fn homes(lab: &Lab, nats: &[Nat]) -> Vec<Host> {
    nats.iter()
        .enumerate()
        .map(|(i, n)| lab.home(&format!("h{i}"), *n).expect("a home"))
        .collect()
}

fn two_cone_homes(transport: Transport) {
    let Some(lab) = lab("cone") else { return };
    let relay = relay(&lab);
    let players = homes(&lab, &[Nat::Cone, Nat::Cone]);
    let (o, files) = play_pig(&relay, &players, 0, transport, 90);
    assert_ok(&o);
    // They met through the relay (neither can be dialled directly) and the game ended on the
    // direct connection hole punching made. The first punch may fail once, when a peer dialled
    // through the relay before the relay told it where it is seen from (`punches.rs`; seen on a
    // loaded machine); the try a second later must then make the link direct.
    for ls in links(&o) {
        assert!(
            ls.iter().all(|l| l.punches_failed <= 1),
            "{ls:?}\n{}",
            punch_log(&files.dir, o.peers.len())
        );
    }
    assert_all_direct(&o, &files.dir);
}

/// Case 1: two homes behind cone-like NATs meet through the relay; the link becomes direct
/// (DCUtR over TCP) and the game's traffic ends on it.
#[test]
fn two_homes_behind_cone_nats_punch_through_over_tcp() {
    two_cone_homes(Transport::Tcp);
}

/// Case 1 over QUIC.
#[test]
fn two_homes_behind_cone_nats_punch_through_over_quic() {
    two_cone_homes(Transport::Quic);
}

/// Case 2: the host sits behind a symmetric NAT (a new public port per destination), so hole
/// punching with a home behind a cone NAT fails, and their game goes on over the relay to the
/// end. The third player joins 125 s after the first two met, so their relayed circuit lives
/// past rust-libp2p's default limit of 2 minutes before the game even starts.
#[test]
fn a_symmetric_nat_plays_to_the_end_over_the_relay() {
    let Some(lab) = lab("sym") else { return };
    let relay = relay(&lab);
    let players = vec![
        lab.home("sym", Nat::Symmetric).expect("a home"),
        lab.home("cone", Nat::Cone).expect("a home"),
        lab.public_host("pub").expect("a public host"),
    ];
    let dir = tempfile::tempdir().unwrap();
    let c = cfg(dir.path(), Transport::Tcp, 300);
    let rt = rt();
    let t0 = Instant::now();
    let o = rt
        .block_on(async {
            dwarfs_nettools::lab::play_with_delays::<Pig>(
                &launcher(),
                &relay,
                &players,
                0,
                &c,
                &[Duration::ZERO, Duration::ZERO, Duration::from_secs(125)],
            )
            .await
        })
        .expect("the game runs");
    assert_ok(&o);
    assert!(t0.elapsed() > Duration::from_secs(125));
    let host_links = &links(&o)[0];
    let cone = o.peers[1]
        .report
        .as_ref()
        .map(|r| r.peer.clone())
        .expect("a report");
    let l = host_links
        .iter()
        .find(|l| l.peer == cone)
        .expect("the host's link to the cone home");
    assert_ne!(l.path, Some(Path::Direct), "{l:?}");
    assert_eq!(l.last_frame, Some(Path::Relayed), "{l:?}");
    assert!(l.frames_relayed > 0, "{l:?}");
    let punch_failures: u32 = links(&o)
        .iter()
        .take(2)
        .flat_map(|ls| ls.iter().map(|l| l.punches_failed))
        .sum();
    assert!(punch_failures > 0, "hole punching was tried and failed");
}

/// Case 3: a host behind NAT is joined from the public side (through its relayed address in the
/// ticket), and a public host is joined from behind NAT: whole games, and the game's traffic
/// ends on a direct connection (the home dials the public player's address directly as soon as
/// it learns it, whatever hole punching does).
#[test]
fn a_host_behind_nat_and_a_public_host_are_both_joined() {
    let Some(lab) = lab("mixed") else { return };
    let relay = relay(&lab);
    let home = lab.home("home", Nat::Cone).expect("a home");
    let public = lab.public_host("pub").expect("a public host");
    let players = vec![home, public];
    for host in [0, 1] {
        let (o, files) = play_pig(&relay, &players, host, Transport::Tcp, 90);
        assert_ok(&o);
        assert_all_direct(&o, &files.dir);
    }
}

/// Case 5: the path between two homes behind cone NATs drops everything while they first punch
/// (one router cuts the other's address, as a flaky path or a router briefly out of mappings
/// would), so the punch fails in its dials, which only one of the two peers hears about. Once
/// that peer reports the punch's attempts spent, the path comes back; the peer that dialled
/// through the relay counts its punch failed when its watch runs out (`punches.rs`) and tries
/// again, and the game ends on the direct link.
#[test]
fn a_punch_whose_dials_were_dropped_is_tried_again_once_the_path_is_back() {
    let Some(lab) = lab("outage") else { return };
    let relay = relay(&lab);
    let players = homes(&lab, &[Nat::Cone, Nat::Cone]);
    let outage = lab
        .cut(&players[0], players[1].public_ip())
        .expect("cut the path between the homes");
    let dir = tempfile::tempdir().unwrap();
    let mut c = cfg(dir.path(), Transport::Quic, 240);
    // A game long enough for the punch's attempts to run out, the watch to follow and a new
    // punch to land: 50 rounds that no one ends early.
    c.options = pig_options(1000, 50);
    c.bot_delay_ms = 400;
    // The children log what their nodes do at this level whatever the runner's DWARFS_LOG: the
    // restorer below reads it.
    let logging = logging_launcher("dwarfs_net=info");
    let logs: Vec<_> = (1..=2)
        .map(|i| c.dir.join(format!("peer{i}.log")))
        .collect();
    let logged = |what: &str| {
        logs.iter()
            .any(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains(what)))
    };
    // libp2p's words once a punch's dial attempts are all spent (not a punch that failed
    // before dialling, which the node tries again a second later anyway).
    let spent = "Giving up after";
    let over = std::sync::atomic::AtomicBool::new(false);
    let o = std::thread::scope(|scope| {
        let restorer = scope.spawn(|| {
            let t0 = Instant::now();
            while !logged(spent)
                && !over.load(std::sync::atomic::Ordering::Relaxed)
                && t0.elapsed() < Duration::from_secs(120)
            {
                std::thread::sleep(Duration::from_millis(200));
            }
            outage.end().expect("restore the path");
        });
        let o = rt().block_on(play::<Pig>(&logging, &relay, &players, 0, &c));
        over.store(true, std::sync::atomic::Ordering::Relaxed);
        restorer.join().expect("the restorer");
        o.expect("the game runs")
    });
    assert_ok(&o);
    let log = punch_log(&c.dir, o.peers.len());
    assert!(
        logged(spent),
        "the first punch's dials got through the cut\n{log}"
    );
    assert!(
        logged("its punch failed; trying again"),
        "the watch did not act\n{log}"
    );
    assert_all_direct(&o, &c.dir);
}

/// Case 4: four players behind four NATs, one relay: a whole game with every player linked,
/// and most links punched direct. (Each pair holds one relayed connection to punch through: of
/// two peers, only one dials through the relay at first. With two, the pair's two hole punches
/// collided and one pair in three games stayed relayed. Alone, every link turns direct; under a
/// full test run's load DCUtR once left one pair of six relayed to the end, which is a working
/// game; case 1 asserts the punch of every link.)
#[test]
fn four_players_behind_four_nats_and_one_relay() {
    let Some(lab) = lab("four") else { return };
    let relay = relay(&lab);
    let players = homes(&lab, &[Nat::Cone; 4]);
    let (o, files) = play_pig(&relay, &players, 0, Transport::Tcp, 120);
    assert_ok(&o);
    assert_all_linked(&o);
    let reports: Vec<_> = links(&o).into_iter().flatten().collect();
    let direct = reports.iter().filter(|l| l.frames_direct > 0).count();
    assert!(
        direct * 2 > reports.len(),
        "{direct} of {} links carried frames directly: {reports:?}\n{}",
        reports.len(),
        punch_log(&files.dir, o.peers.len())
    );
}

/// Every reachability `node` reports, in order, into `seen`, until one satisfies `done` (true)
/// or `timeout` passes or the node stops (false).
async fn watch_reach(
    node: &mut Node,
    seen: &mut Vec<Reachability>,
    timeout: Duration,
    done: impl Fn(&Reachability) -> bool,
) -> bool {
    let wait = async {
        while let Some(ev) = node.next_event().await {
            if let NetEvent::Reachability(r) = ev {
                let stop = done(&r);
                seen.push(r);
                if stop {
                    return true;
                }
            }
        }
        false
    };
    tokio::time::timeout(timeout, wait).await.unwrap_or(false)
}

/// Whether `addr` is `ip` with a port of `transport`.
fn is_at(addr: &Multiaddr, ip: std::net::Ipv4Addr, transport: Transport) -> bool {
    let mut parts = addr.iter();
    let ip_ok = parts.next() == Some(Protocol::Ip4(ip));
    let port_ok = match (parts.next(), transport) {
        (Some(Protocol::Tcp(_)), Transport::Tcp) => true,
        (Some(Protocol::Udp(_)), Transport::Quic) => parts.next() == Some(Protocol::QuicV1),
        _ => false,
    };
    ip_ok && port_ok
}

/// A player on a public host (no NAT) that uses the lab's relay: the relay's AutoNAT server
/// dials its observed address back and confirms it, so the player is "reachable at" its own
/// public address (its relay slot notwithstanding).
fn a_public_host_is_found_reachable(transport: Transport) {
    let Some(lab) = lab("reach-pub") else { return };
    let relay = relay(&lab);
    let host = lab.public_host("pub").expect("a public host");
    let rt = rt();
    let (seen, reached) = lab
        .run_in(&host, || {
            rt.block_on(async {
                let mut cfg = node_config(transport);
                cfg.nat.relays = vec![relay.addr(transport)];
                let mut node = Node::start(cfg).await.expect("a node");
                let mut seen = Vec::new();
                let public = |r: &Reachability| matches!(r, Reachability::Public(_));
                let reached =
                    watch_reach(&mut node, &mut seen, Duration::from_secs(60), public).await;
                node.shutdown().await;
                (seen, reached)
            })
        })
        .expect("a thread in the host's namespace");
    assert!(reached, "never found reachable: {seen:?}");
    let Some(Reachability::Public(addrs)) = seen.last() else {
        unreachable!("watch_reach stopped on Public")
    };
    assert!(
        addrs.iter().all(|a| is_at(a, host.ip(), transport)),
        "reachable at its own address {}: {addrs:?}",
        host.ip()
    );
}

/// AutoNAT v2 in the lab: a public player is confirmed reachable at its address, over TCP.
#[test]
fn autonat_finds_a_public_host_reachable_over_tcp() {
    a_public_host_is_found_reachable(Transport::Tcp);
}

/// As above, over QUIC.
#[test]
fn autonat_finds_a_public_host_reachable_over_quic() {
    a_public_host_is_found_reachable(Transport::Quic);
}

/// A player in a home behind a NAT router, connected to the lab's relay but holding no slot on
/// it: the relay's AutoNAT server dials back the address it observed (the router's), the router
/// drops the unsolicited dial, and the player learns it is behind NAT. Once it reserves a slot
/// it is relayed. It is never found reachable.
fn a_home_is_found_behind_nat(transport: Transport) {
    let Some(lab) = lab("reach-nat") else { return };
    let relay = relay(&lab);
    let home = lab.home("home", Nat::Cone).expect("a home");
    let rt = rt();
    let (seen, behind, relayed) = lab
        .run_in(&home, || {
            rt.block_on(async {
                let mut node = Node::start(node_config(transport)).await.expect("a node");
                node.dial(relay.peer, vec![relay.addr(transport)]);
                let mut seen = Vec::new();
                let verdict = |r: &Reachability| !matches!(r, Reachability::Unknown);
                let behind =
                    watch_reach(&mut node, &mut seen, Duration::from_secs(90), verdict).await;
                node.use_relay(relay.addr(transport))
                    .expect("a relay address");
                let slot = |r: &Reachability| matches!(r, Reachability::Relayed(_));
                let relayed =
                    watch_reach(&mut node, &mut seen, Duration::from_secs(30), slot).await;
                node.shutdown().await;
                (seen, behind, relayed)
            })
        })
        .expect("a thread in the home's namespace");
    assert!(
        !seen.iter().any(|r| matches!(r, Reachability::Public(_))),
        "a home behind NAT is never reachable from outside: {seen:?}"
    );
    assert!(behind, "no verdict without a relay slot: {seen:?}");
    assert_eq!(
        seen.first(),
        Some(&Reachability::BehindNat),
        "the first verdict"
    );
    assert!(relayed, "relayed once it holds a slot: {seen:?}");
}

/// AutoNAT v2 in the lab: a home behind NAT is found behind NAT, then relayed, over TCP.
#[test]
fn autonat_finds_a_home_behind_nat_over_tcp() {
    a_home_is_found_behind_nat(Transport::Tcp);
}

/// As above, over QUIC.
#[test]
fn autonat_finds_a_home_behind_nat_over_quic() {
    a_home_is_found_behind_nat(Transport::Quic);
}
