//! `dwarfs bench net` without the app around it (a release build of this crate alone is much
//! cheaper than one of the app with its GUI): the same peers, the same games and the same
//! figures, one line of JSON per run.
//!
//! ```sh
//! cargo run --release -p dwarfs-nettools --example bench_net -- fall 4 3 [BOT_DELAY_MS]
//! ```

use dwarfs_engine::Game;
use dwarfs_net::node::Transport;
use dwarfs_net::spec::SPEC_ENV;
use dwarfs_nettools::demo::{DemoConfig, Launcher, NetFigures, child_main, run_demo};
use std::time::Duration;

fn main() {
    if let Ok(spec) = std::env::var(SPEC_ENV) {
        let game = serde_json::from_str::<serde_json::Value>(&spec)
            .ok()
            .and_then(|v| v.get("game")?.as_str().map(String::from))
            .unwrap_or_default();
        let code = match game.as_str() {
            "hold" => child_main::<dwarfs_hold::Hold>(),
            _ => child_main::<dwarfs_fall::Fall>(),
        };
        std::process::exit(code);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let game = args.first().cloned().unwrap_or_else(|| "fall".into());
    let (peers, games, delay) = (arg(1, 4) as u8, arg(2, 3) as u32, arg(3, 0));
    match game.as_str() {
        "hold" => bench::<dwarfs_hold::Hold>(peers, games, delay),
        _ => bench::<dwarfs_fall::Fall>(peers, games, delay),
    }
}

fn bench<G: Game>(peers: u8, games: u32, bot_delay_ms: u64) {
    let launcher = Launcher::current_exe(&[]).expect("this executable");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let root = std::env::temp_dir().join(format!("dwarfs-bench-net-{}", std::process::id()));
    let mut outcomes = Vec::new();
    for g in 0..games.max(1) {
        let cfg = DemoConfig {
            game: G::NAME.into(),
            peers,
            transport: Transport::Tcp,
            dir: root.join(format!("game{}", g + 1)),
            timeout: Duration::from_secs(120),
            options: Vec::new(),
            bot_delay_ms,
            rtt_probes: 200,
        };
        let o = rt.block_on(run_demo::<G>(&launcher, &cfg)).expect("a run");
        assert!(o.ok(), "game {} did not verify:\n{}", g + 1, o.summary());
        outcomes.push(o);
    }
    let mut line = NetFigures::of(&outcomes).json(G::NAME, peers, bot_delay_ms);
    line["dir"] = serde_json::json!(root);
    println!("{line}");
}
