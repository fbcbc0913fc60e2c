//! `dwarfs relay`: a headless circuit relay (v2) and AutoNAT server for players behind NAT,
//! for a friend with a public address or a small rented server.

use crate::CliError;
use dwarfs_net::Multiaddr;
use dwarfs_net::multiaddr::Protocol;
use dwarfs_net::node::{NatConfig, RelayService, is_relayed};
use dwarfs_net::{NetEvent, Node, NodeConfig, PeerId};
use std::path::PathBuf;
use std::time::Duration;

// The line `dwarfs relay` prints for each address players can use (`--relay ADDR`).
pub use dwarfs_client::RELAY_LINE;

/// `dwarfs relay`.
#[derive(clap::Args, Debug)]
pub struct RelayArgs {
    /// Address to listen on (multiaddr; repeatable). Default: port 4001 on all interfaces, TCP
    /// and QUIC.
    #[arg(long, value_name = "MULTIADDR")]
    pub listen: Vec<String>,
    /// An address at which the internet reaches this relay (repeatable), such as
    /// `/ip4/203.0.113.7/tcp/4001`. Default: the listen addresses that name an IP; otherwise
    /// the players' AutoNAT tests find it, which takes a few seconds after the first player
    /// connects.
    #[arg(long, value_name = "MULTIADDR")]
    pub external: Vec<String>,
    /// Relay for anyone who asks (within the relay's limits).
    #[arg(long, conflicts_with = "allow")]
    pub open: bool,
    /// Relay only for this peer (repeatable): the players' peer ids.
    #[arg(long, value_name = "PEER_ID")]
    pub allow: Vec<String>,
    /// The relay's identity key (created if missing), so that its address stays the same
    /// across restarts. Default: `relay.key` in the config directory.
    #[arg(long, value_name = "FILE")]
    pub key: Option<PathBuf>,
}

fn parse_addrs(list: &[String], what: &str) -> Result<Vec<Multiaddr>, CliError> {
    list.iter()
        .map(|s| {
            s.parse::<Multiaddr>()
                .map_err(|e| CliError::Usage(format!("{what} {s:?}: {e}")))
        })
        .collect()
}

fn is_unspecified(a: &Multiaddr) -> bool {
    a.iter().any(|p| match p {
        Protocol::Ip4(ip) => ip.is_unspecified(),
        Protocol::Ip6(ip) => ip.is_unspecified(),
        _ => false,
    })
}

/// Runs the relay until the process is stopped.
pub fn run(args: &RelayArgs) -> Result<(), CliError> {
    if !args.open && args.allow.is_empty() {
        return Err(CliError::Usage(
            "say whom to relay for: --open (anyone), or --allow PEER_ID for each player".into(),
        ));
    }
    let allow: Vec<PeerId> = args
        .allow
        .iter()
        .map(|s| {
            s.parse()
                .map_err(|e| CliError::Usage(format!("--allow {s:?}: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let listen = if args.listen.is_empty() {
        parse_addrs(
            &[
                "/ip4/0.0.0.0/tcp/4001".into(),
                "/ip4/0.0.0.0/udp/4001/quic-v1".into(),
            ],
            "--listen",
        )?
    } else {
        parse_addrs(&args.listen, "--listen")?
    };
    let mut external = parse_addrs(&args.external, "--external")?;
    if let Some(a) = external.iter().find(|a| is_relayed(a)) {
        return Err(CliError::Usage(format!(
            "--external {a}: a relay's own address cannot go through a relay"
        )));
    }
    if external.is_empty() {
        external = listen
            .iter()
            .filter(|a| !is_unspecified(a))
            .cloned()
            .collect();
    }
    let key_path = match &args.key {
        Some(p) => p.clone(),
        None => dwarfs_net::identity::default_key_path()
            .map_err(|e| CliError::Failed(e.to_string()))?
            .with_file_name("relay.key"),
    };
    let key = dwarfs_net::identity::load_or_create(Some(&key_path))
        .map_err(|e| CliError::Failed(e.to_string()))?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Failed(format!("cannot start the runtime: {e}")))?;
    rt.block_on(async move {
        let mut cfg = NodeConfig::new(key, listen);
        cfg.nat = NatConfig {
            serve: if args.open {
                RelayService::Anyone
            } else {
                RelayService::Players
            },
            external: external.clone(),
            ..NatConfig::default()
        };
        let mut node = Node::start(cfg)
            .await
            .map_err(|e| CliError::Failed(e.to_string()))?;
        for p in allow {
            node.trust(p);
        }
        let me = node.peer_id();
        let shown: Vec<Multiaddr> = if external.is_empty() {
            node.listen_addrs()
        } else {
            external
        };
        crate::out!("Relay {me} is running. Players use it with:");
        for a in shown.iter().filter(|a| !is_unspecified(a)) {
            crate::out!("{RELAY_LINE}{}", a.clone().with(Protocol::P2p(me)));
        }
        if args.external.is_empty() && shown.iter().all(is_unspecified) {
            crate::out!(
                "(no public address known yet: give --external /ip4/YOUR.PUBLIC.IP/tcp/4001, or wait for the first players to test it)"
            );
        }
        let mut stats = tokio::time::interval(Duration::from_secs(60));
        stats.tick().await;
        loop {
            tokio::select! {
                ev = node.next_event() => match ev {
                    Some(NetEvent::Reachability(r)) => crate::out!("The relay is {r}."),
                    Some(_) => {}
                    None => return Err(CliError::Failed("the network stopped".into())),
                },
                _ = stats.tick() => {
                    if let Ok(s) = node.stats().await {
                        crate::out!(
                            "{} connection(s); {} reservation or circuit request(s) refused so far",
                            s.connections, s.relay_refused
                        );
                    }
                }
                _ = tokio::signal::ctrl_c() => {
                    crate::out!("Relay stopped.");
                    node.shutdown().await;
                    return Ok(());
                }
            }
        }
    })
}
