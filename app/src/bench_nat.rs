//! `dwarfs bench net --nat`: games in a NAT lab (every peer in a home behind its own router,
//! one relay on the lab's internet): the time to a first agreed state hash, and the share of
//! frames that travelled over direct connections once hole punching had its chance.

use crate::CliError;
use crate::games::CliGame;
use crate::net_cli::{BenchNetArgs, PEER_SUBCOMMAND, demo_dir, runtime};
use dwarfs_nettools::demo::{DemoConfig, Launcher, fmt_us, percentile};
use dwarfs_nettools::lab::{Lab, LabError, LabRelay, Nat, play};
use std::time::Duration;

/// Runs the benchmark.
pub fn run<G: CliGame>(args: &BenchNetArgs, options: Vec<u8>) -> Result<(), CliError> {
    let lab = match Lab::new("bench") {
        Ok(l) => l,
        Err(LabError::Unavailable(why)) => {
            return Err(CliError::Failed(format!(
                "--nat needs a network lab (root, or `unshare -rmn`): {why}"
            )));
        }
        Err(e) => return Err(CliError::Failed(e.to_string())),
    };
    let fail = |e: String| CliError::Failed(e);
    let relay = LabRelay::start(&lab.public_host("relay").map_err(|e| fail(e.to_string()))?)
        .map_err(fail)?;
    let homes = (0..args.peers)
        .map(|i| lab.home(&format!("h{i}"), Nat::Cone))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| fail(e.to_string()))?;
    let launcher = Launcher::current_exe(&[PEER_SUBCOMMAND])
        .map_err(|e| fail(format!("cannot find this executable: {e}")))?;
    let rt = runtime()?;
    let root = demo_dir(&None);
    let (mut first_hash, mut start) = (Vec::new(), Vec::new());
    let (mut direct, mut relayed, mut moves) = (0u64, 0u64, 0u32);
    let mut ended_direct = (0usize, 0usize);
    for g in 0..args.games.max(1) {
        let cfg = DemoConfig {
            game: G::NAME.into(),
            peers: args.peers,
            transport: args.transport,
            dir: root.join(format!("nat-game{}", g + 1)),
            timeout: Duration::from_secs(180),
            options: options.clone(),
            bot_delay_ms: args.bot_delay_ms.unwrap_or(100),
            rtt_probes: 0,
        };
        let o = rt
            .block_on(play::<G>(&launcher, &relay, &homes, 0, &cfg))
            .map_err(|e| fail(e.to_string()))?;
        if !o.ok() {
            return Err(fail(format!(
                "game {} did not verify:\n{}",
                g + 1,
                o.summary()
            )));
        }
        for r in o.peers.iter().filter_map(|p| p.report.as_ref()) {
            first_hash.extend(r.first_hash_us);
            start.extend(r.started_us);
            for l in &r.links {
                direct += l.frames_direct;
                relayed += l.frames_relayed;
                ended_direct.1 += 1;
                if l.last_frame == Some(dwarfs_net::node::Path::Direct) {
                    ended_direct.0 += 1;
                }
            }
        }
        moves += o.peers[0].report.as_ref().map_or(0, |r| r.moves);
    }
    first_hash.sort_unstable();
    start.sort_unstable();
    crate::out!(
        "dwarfs bench net --nat: {} games of {} with {} peers, each behind its own NAT (cone), one relay, over {}; {} moves, bots wait {} ms",
        args.games.max(1),
        G::NAME,
        args.peers,
        args.transport,
        moves,
        args.bot_delay_ms.unwrap_or(100)
    );
    crate::out!(
        "process start -> seed agreed (first state hash): p50 {}  max {}",
        fmt_us(percentile(&start, 50)),
        fmt_us(start.last().copied())
    );
    crate::out!(
        "process start -> first move's state hash agreed by all: p50 {}  max {}",
        fmt_us(percentile(&first_hash, 50)),
        fmt_us(first_hash.last().copied())
    );
    let total = direct + relayed;
    if total > 0 {
        crate::out!(
            "frames received over direct connections: {direct} of {total} ({:.1}%); links that ended direct: {} of {}",
            100.0 * direct as f64 / total as f64,
            ended_direct.0,
            ended_direct.1
        );
    }
    Ok(())
}
