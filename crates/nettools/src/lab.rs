//! Games played behind NAT routers in a lab of network namespaces ([`dwarfs_netlab`]): a relay
//! on the lab's internet (in this process, on a thread inside its namespace) and one child
//! process per player, each in its own home or on the public side. The NAT tests and
//! `dwarfs bench net --nat` are built on it.

use crate::demo::{DemoConfig, DemoError, DemoOutcome, Launcher, collect, demo_spec};
use dwarfs_engine::Game;
use dwarfs_net::node::{NatConfig, RelayService, Transport};
use dwarfs_net::spec::Role;
use dwarfs_net::{NetEvent, Node, NodeConfig};
pub use dwarfs_netlab::{Host, Lab, LabError, Nat, skip_or_fail};
use libp2p::identity::Keypair;
use libp2p::multiaddr::Protocol;
use libp2p::{Multiaddr, PeerId};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// The port the lab's relay listens on (TCP and QUIC).
pub const RELAY_PORT: u16 = 4001;

/// A relay (and AutoNAT server) on a public host of the lab, running in this process on a
/// thread inside the host's namespace; stopped when dropped.
pub struct LabRelay {
    /// Its peer id.
    pub peer: PeerId,
    /// Its addresses, TCP then QUIC, each ending `/p2p/ID`.
    pub addrs: Vec<Multiaddr>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl LabRelay {
    /// Starts a relay for anyone on `host`.
    pub fn start(host: &Host) -> Result<LabRelay, String> {
        let host = host.clone();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let ready = ready_tx.clone();
            let run = move || -> Result<(), String> {
                host.enter_current_thread().map_err(|e| e.to_string())?;
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| e.to_string())?;
                rt.block_on(async move {
                    let ip = host.ip();
                    let listen: Vec<Multiaddr> = [
                        format!("/ip4/{ip}/tcp/{RELAY_PORT}"),
                        format!("/ip4/{ip}/udp/{RELAY_PORT}/quic-v1"),
                    ]
                    .iter()
                    .map(|s| s.parse().expect("a well-formed address"))
                    .collect();
                    let mut cfg = NodeConfig::new(Keypair::generate_ed25519(), listen.clone());
                    cfg.nat = NatConfig {
                        serve: RelayService::Anyone,
                        external: listen.clone(),
                        ..NatConfig::default()
                    };
                    let mut node = Node::start(cfg).await.map_err(|e| e.to_string())?;
                    let me = node.peer_id();
                    let addrs = listen
                        .into_iter()
                        .map(|a| a.with(Protocol::P2p(me)))
                        .collect::<Vec<_>>();
                    let _ = ready.send(Ok((me, addrs)));
                    let mut stopped = stopped;
                    loop {
                        tokio::select! {
                            ev = node.next_event() => match ev {
                                Some(NetEvent::Reachability(r)) => tracing::debug!("lab relay: {r}"),
                                Some(_) => {}
                                None => break,
                            },
                            _ = &mut stopped => break,
                        }
                    }
                    node.shutdown().await;
                    Ok(())
                })
            };
            if let Err(e) = run() {
                let _ = ready_tx.send(Err(e));
            }
        });
        let (peer, addrs) = ready_rx
            .recv_timeout(Duration::from_secs(20))
            .map_err(|_| "the lab relay did not start".to_string())??;
        Ok(LabRelay {
            peer,
            addrs,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The relay's address for `transport`.
    pub fn addr(&self, transport: Transport) -> Multiaddr {
        let quic = |a: &Multiaddr| a.iter().any(|p| matches!(p, Protocol::QuicV1));
        self.addrs
            .iter()
            .find(|a| quic(a) == (transport == Transport::Quic))
            .cloned()
            .unwrap_or_else(|| self.addrs[0].clone())
    }
}

impl Drop for LabRelay {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The configuration of a player's node on a lab host: a fresh key, listening with
/// `transport` on every interface of the host (as the children of [`play`] do), no relays yet.
/// Start it from a thread inside the host's namespace ([`Lab::run_in`]) so that its sockets
/// live there.
pub fn node_config(transport: Transport) -> NodeConfig {
    NodeConfig::new(
        Keypair::generate_ed25519(),
        vec![transport.any_addr("0.0.0.0")],
    )
}

/// `base` run inside `host`'s namespace (`ip netns exec NS ...`).
pub fn launcher_in(host: &Host, base: &Launcher) -> Launcher {
    let mut args = vec!["netns".to_string(), "exec".into(), host.namespace().into()];
    args.push(base.exe.display().to_string());
    args.extend(base.args.iter().cloned());
    Launcher {
        exe: "ip".into(),
        args,
    }
}

/// Plays one game of `G`: player `i` runs on `players[i]`, player `host` hosts (its ticket
/// carries its relayed address), every player holds a slot on `relay`. The children listen on
/// every interface of their host with `cfg.transport`; `cfg.peers` is ignored (one per host).
pub async fn play<G: Game>(
    base: &Launcher,
    relay: &LabRelay,
    players: &[Host],
    host: usize,
    cfg: &DemoConfig,
) -> Result<DemoOutcome, DemoError> {
    play_with_delays::<G>(base, relay, players, host, cfg, &[]).await
}

/// As [`play`], with joiner `i` started `delays[i]` after the host printed its ticket (missing
/// entries: at once).
pub async fn play_with_delays<G: Game>(
    base: &Launcher,
    relay: &LabRelay,
    players: &[Host],
    host: usize,
    cfg: &DemoConfig,
    delays: &[Duration],
) -> Result<DemoOutcome, DemoError> {
    std::fs::create_dir_all(&cfg.dir)?;
    let t0 = Instant::now();
    let seats = players.len() as u8;
    let spec_for = |i: usize, role: Role| {
        let mut s = demo_spec(cfg, i as u8, role);
        s.net.default_ip = "0.0.0.0".into();
        s.net.relays = vec![relay.addr(cfg.transport).to_string()];
        // Seats go to the takeover bot only after a long silence: a slow relay is not a gone
        // player.
        s.timing.gone_timeout_ms = 0;
        s
    };
    let log = |i: usize| cfg.dir.join(format!("peer{}.log", i + 1));
    let mut host_spec = spec_for(
        host,
        Role::Host {
            seats,
            bots: 0,
            options: cfg.options.clone(),
        },
    );
    host_spec.process.rtt_probes = cfg.rtt_probes;
    let mut h = launcher_in(&players[host], base).spawn(&host_spec, &log(host))?;
    let ticket = h.ticket(cfg.timeout).await?;
    let mut procs = Vec::new();
    let mut replays = Vec::new();
    let mut host_proc = Some((h, host_spec.replay.clone().unwrap_or_default()));
    for (i, p) in players.iter().enumerate() {
        if i == host {
            let (h, r) = host_proc.take().expect("one host");
            procs.push(h);
            replays.push(r);
            continue;
        }
        let wait = delays.get(i).copied().unwrap_or_default();
        let since = t0.elapsed();
        if wait > since {
            tokio::time::sleep(wait - since).await;
        }
        let spec = spec_for(
            i,
            Role::Join {
                ticket: ticket.clone(),
            },
        );
        replays.push(spec.replay.clone().unwrap_or_default());
        procs.push(launcher_in(p, base).spawn(&spec, &log(i))?);
    }
    Ok(collect::<G>(procs, replays, cfg.timeout + Duration::from_secs(10), t0).await)
}
