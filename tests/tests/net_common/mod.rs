//! Shared helpers for the network tests: peers run as child processes (this test binary
//! re-invoked on its ignored `net_child` test), on 127.0.0.1 only, each bounded in time and killed
//! when its handle drops.

#![allow(dead_code, unused_imports)]

pub use dwarfs_engine::Seat;
pub use dwarfs_engine::toy::{Pig, PigOptions};
pub use dwarfs_net::Transport;
pub use dwarfs_net::spec::{Cheat, Ending, PeerReport, PeerSpec, Role};
pub use dwarfs_nettools::demo::{DemoConfig, DemoOutcome, Launcher, PeerProc, collect, demo_spec};
pub use std::time::{Duration, Instant};

/// Defines the child entry point every network test binary needs.
#[macro_export]
macro_rules! child_entry {
    () => {
        #[test]
        #[ignore = "entry point of child peer processes started by the other tests"]
        fn net_child() {
            std::process::exit(dwarfs_nettools::demo::child_main::<dwarfs_engine::toy::Pig>());
        }
    };
}

/// Starts children by re-running this test binary on `net_child`.
pub fn launcher() -> Launcher {
    Launcher::current_exe(&[
        "net_child",
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ])
    .expect("the test binary's path")
}

/// A runtime for driving children, holding a lock so that the network tests of one test binary
/// run one at a time: several games of child processes at once on a 2-core machine starve each
/// other past their timeouts.
pub struct SerialRuntime {
    rt: tokio::runtime::Runtime,
    _one_at_a_time: std::sync::MutexGuard<'static, ()>,
}

impl SerialRuntime {
    /// Runs a future to completion on the runtime.
    pub fn block_on<F: std::future::Future>(&self, f: F) -> F::Output {
        self.rt.block_on(f)
    }
}

/// A runtime for driving children; see [`SerialRuntime`].
pub fn rt() -> SerialRuntime {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SerialRuntime {
        // A test that failed while holding the lock has already reported; carry on.
        _one_at_a_time: ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner()),
        rt: tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime"),
    }
}

/// A demo configuration for Pig in `dir`.
pub fn pig_demo(dir: &std::path::Path, peers: u8, transport: Transport) -> DemoConfig {
    DemoConfig {
        game: "pig".into(),
        peers,
        transport,
        dir: std::env::var("DWARFS_NET_TEST_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|_| dir.to_path_buf()),
        timeout: Duration::from_secs(60),
        options: Vec::new(),
        bot_delay_ms: 0,
        rtt_probes: 0,
    }
}

/// Pig options encoded for a host.
pub fn pig_options(target: u16, max_rounds: u16) -> Vec<u8> {
    dwarfs_engine::codec::encode(&PigOptions {
        target,
        max_rounds,
        wagers: false,
    })
    .unwrap()
}

/// Asserts that every peer finished, every replay verifies, and all are byte-identical.
pub fn assert_verified(o: &DemoOutcome) {
    assert!(
        o.ok(),
        "not every peer verified:\n{}{}",
        o.summary(),
        logs(o)
    );
    let r = o.peers[0].report.as_ref().expect("a report");
    assert!(r.moves > 0, "no move was played");
    for p in &o.peers {
        let rep = p.report.as_ref().expect("a report");
        assert_eq!(rep.final_hash, r.final_hash, "final hashes differ");
        assert_eq!(rep.hash_checks, r.hash_checks);
        let v = p.verified.as_ref().expect("verified");
        assert_eq!(v.moves, rep.moves);
        assert_eq!(Some(v.final_hash.to_hex()), rep.final_hash);
    }
}

/// The children's stderr logs, for failure messages.
pub fn logs(o: &DemoOutcome) -> String {
    let mut s = String::new();
    // Set DWARFS_TEST_KEEP_LOGS to a directory to keep the children's whole logs there.
    let keep = std::env::var_os("DWARFS_TEST_KEEP_LOGS").map(std::path::PathBuf::from);
    for p in &o.peers {
        let log = std::fs::read_to_string(&p.log).unwrap_or_default();
        if let Some(dir) = &keep {
            let _ = std::fs::create_dir_all(dir);
            let _ = std::fs::write(dir.join(format!("{}.log", p.name)), &log);
        }
        let tail: Vec<&str> = log.lines().rev().take(15).collect();
        s.push_str(&format!("--- {} log (last lines) ---\n", p.name));
        for l in tail.into_iter().rev() {
            s.push_str(l);
            s.push('\n');
        }
    }
    s
}
