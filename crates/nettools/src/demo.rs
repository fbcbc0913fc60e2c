//! Running peers as separate OS processes: the building blocks `dwarfs demo`, `dwarfs bench net`
//! and the network tests use, and the demo itself.
//!
//! A child is the current executable re-invoked with a hidden argument (given by the caller) and
//! its [`PeerSpec`] in the [`SPEC_ENV`] environment variable. It prints `DWARFS-*` lines on stdout
//! (its ticket, "started", its final report). Children are killed when their handle is dropped,
//! so no path leaves a process behind.

use dwarfs_engine::Game;
use dwarfs_net::node::Transport;
use dwarfs_net::spec::{
    PeerReport, PeerSpec, REPORT_LINE, Role, SPEC_ENV, STARTED_LINE, TICKET_LINE,
};
use dwarfs_protocol::replay::{self, VerifyReport};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use thiserror::Error;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::mpsc;

/// Why a multi-process run failed.
#[derive(Debug, Error)]
pub enum DemoError {
    /// A child could not be started.
    #[error("could not start peer {name}: {source}")]
    Spawn {
        /// The peer.
        name: String,
        /// Why.
        source: std::io::Error,
    },
    /// A child did not print what was expected in time.
    #[error("peer {name}: {what} (see its log {log})")]
    Child {
        /// The peer.
        name: String,
        /// What went wrong.
        what: String,
        /// Its stderr log.
        log: PathBuf,
    },
    /// A file could not be written or read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The demo's directory could not be made.
    #[error("cannot create the directory {dir}: {source}")]
    Dir {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// How to start a child peer process.
#[derive(Clone, Debug)]
pub struct Launcher {
    /// The executable.
    pub exe: PathBuf,
    /// Arguments that make it run one peer from [`SPEC_ENV`].
    pub args: Vec<String>,
}

impl Launcher {
    /// The current executable with the given arguments.
    pub fn current_exe(args: &[&str]) -> std::io::Result<Self> {
        Ok(Launcher {
            exe: std::env::current_exe()?,
            args: args.iter().map(|s| s.to_string()).collect(),
        })
    }

    /// Starts a peer; its stderr goes to `log`.
    pub fn spawn(&self, spec: &PeerSpec, log: &Path) -> Result<PeerProc, DemoError> {
        let json = serde_json::to_string(spec).map_err(std::io::Error::other)?;
        let err = std::fs::File::create(log)?;
        let mut child = Command::new(&self.exe)
            .args(&self.args)
            .env(SPEC_ENV, json)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(err))
            .kill_on_drop(true)
            .spawn()
            .map_err(|source| DemoError::Spawn {
                name: spec.name.clone(),
                source,
            })?;
        // The child exits when this pipe closes, even if we are killed without cleaning up.
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::unbounded_channel();
        if let Some(out) = child.stdout.take() {
            tokio::spawn(async move {
                let mut lines = BufReader::new(out).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        Ok(PeerProc {
            name: spec.name.clone(),
            log: log.to_path_buf(),
            child,
            _stdin: stdin,
            lines: rx,
            report: None,
        })
    }
}

/// The rest of `line` after `marker` (a test harness may print before it on the same line).
fn after<'a>(line: &'a str, marker: &str) -> Option<&'a str> {
    line.find(marker).map(|i| &line[i + marker.len()..])
}

/// A running child peer. Dropping it kills the process.
pub struct PeerProc {
    /// The peer's name.
    pub name: String,
    /// Its stderr log.
    pub log: PathBuf,
    child: Child,
    _stdin: Option<tokio::process::ChildStdin>,
    lines: mpsc::UnboundedReceiver<String>,
    report: Option<PeerReport>,
}

impl PeerProc {
    fn err(&self, what: impl Into<String>) -> DemoError {
        DemoError::Child {
            name: self.name.clone(),
            what: what.into(),
            log: self.log.clone(),
        }
    }

    /// Waits for a stdout line starting with `prefix` and returns the rest.
    pub async fn wait_line(
        &mut self,
        prefix: &str,
        timeout: Duration,
    ) -> Result<String, DemoError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, self.lines.recv()).await {
                Ok(Some(line)) => {
                    if let Some(rest) = after(&line, REPORT_LINE) {
                        self.report = serde_json::from_str(rest).ok();
                    }
                    if let Some(rest) = after(&line, prefix) {
                        return Ok(rest.to_string());
                    }
                }
                Ok(None) => {
                    return Err(self.err(format!("exited before printing {prefix:?}")));
                }
                Err(_) => {
                    return Err(self.err(format!("printed no {prefix:?} within {timeout:?}")));
                }
            }
        }
    }

    /// Waits for the host's ticket.
    pub async fn ticket(&mut self, timeout: Duration) -> Result<String, DemoError> {
        self.wait_line(TICKET_LINE, timeout).await
    }

    /// Waits until the game has started (seed agreed).
    pub async fn started(&mut self, timeout: Duration) -> Result<(), DemoError> {
        self.wait_line(STARTED_LINE, timeout).await.map(|_| ())
    }

    /// Waits for the process to end (killing it after `timeout`) and returns its exit code and
    /// its report, if it printed one.
    pub async fn finish(
        mut self,
        timeout: Duration,
    ) -> (Option<i32>, Option<PeerReport>, String, PathBuf) {
        let deadline = Instant::now() + timeout;
        while self.report.is_none() {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, self.lines.recv()).await {
                Ok(Some(line)) => {
                    if let Some(rest) = after(&line, REPORT_LINE) {
                        self.report = serde_json::from_str(rest).ok();
                    }
                }
                Ok(None) | Err(_) => break,
            }
        }
        let left = deadline.saturating_duration_since(Instant::now());
        let code = match tokio::time::timeout(left, self.child.wait()).await {
            Ok(Ok(status)) => status.code(),
            _ => {
                let _ = self.child.kill().await;
                None
            }
        };
        (
            code,
            self.report.take(),
            self.name.clone(),
            self.log.clone(),
        )
    }

    /// Kills the process now.
    pub async fn kill(mut self) {
        let _ = self.child.kill().await;
    }
}

/// A demo run's parameters.
#[derive(Clone, Debug)]
pub struct DemoConfig {
    /// The game's engine name.
    pub game: String,
    /// Peers (each a separate process, each seated).
    pub peers: u8,
    /// Transport.
    pub transport: Transport,
    /// Where keys, replays and logs go.
    pub dir: PathBuf,
    /// Bound on the whole run.
    pub timeout: Duration,
    /// The canonical encoding of the options (empty for the defaults).
    pub options: Vec<u8>,
    /// Bot delay per move, in ms.
    pub bot_delay_ms: u64,
    /// Raw round-trip probes the host makes to each other peer after the game (benchmark).
    pub rtt_probes: u32,
}

/// One peer's result in a demo.
#[derive(Clone, Debug)]
pub struct PeerResult {
    /// The peer's name.
    pub name: String,
    /// The exit code (`None` if killed).
    pub exit: Option<i32>,
    /// Its report.
    pub report: Option<PeerReport>,
    /// The replay file.
    pub replay: PathBuf,
    /// The replay's verification.
    pub verified: Result<VerifyReport, String>,
    /// Its stderr log.
    pub log: PathBuf,
}

/// A demo's result.
#[derive(Clone, Debug)]
pub struct DemoOutcome {
    /// Per peer.
    pub peers: Vec<PeerResult>,
    /// Whether every replay has the same bytes.
    pub identical: bool,
    /// Wall time of the whole run.
    pub wall: Duration,
}

impl DemoOutcome {
    /// Everything verified: every peer finished the game, every replay verifies and they are
    /// byte-identical.
    pub fn ok(&self) -> bool {
        self.identical
            && !self.peers.is_empty()
            && self.peers.iter().all(|p| {
                p.exit == Some(0)
                    && p.verified.is_ok()
                    && p.report
                        .as_ref()
                        .is_some_and(|r| r.ending == dwarfs_net::spec::Ending::Over)
            })
    }

    /// Every own-move latency of every peer (µs), sorted.
    pub fn latencies_us(&self) -> Vec<u64> {
        let mut all: Vec<u64> = self
            .peers
            .iter()
            .filter_map(|p| p.report.as_ref())
            .flat_map(|r| r.latencies_us.iter().copied())
            .collect();
        all.sort_unstable();
        all
    }

    /// A readable summary.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let first = self.peers.iter().find_map(|p| p.report.as_ref());
        let moves = first.map(|r| r.moves).unwrap_or(0);
        let checks: u32 = self
            .peers
            .iter()
            .filter_map(|p| p.report.as_ref())
            .map(|r| r.hash_checks)
            .sum();
        let lat = self.latencies_us();
        s.push_str(&format!(
            "{} {}, {} moves; {} hash checks agreed ({} per peer)\n",
            self.peers.len(),
            if self.peers.len() == 1 {
                "peer"
            } else {
                "peers"
            },
            moves,
            checks,
            first.map(|r| r.hash_checks).unwrap_or(0)
        ));
        s.push_str(&format!("wall time {:.2} s\n", self.wall.as_secs_f64()));
        s.push_str(&format!(
            "move -> all-acks latency: p50 {} p99 {} (over {} moves)\n",
            fmt_us(percentile(&lat, 50)),
            fmt_us(percentile(&lat, 99)),
            lat.len()
        ));
        if let Some(r) = first
            && let Some(t) = r.started_us
        {
            s.push_str(&format!(
                "game start (process start -> first state hash): {}\n",
                fmt_us(Some(t))
            ));
        }
        if let Some(r) = first {
            s.push_str(&format!(
                "final hash {}, scores {:?}, winners {:?}\n",
                r.final_hash.as_deref().unwrap_or("?"),
                r.scores,
                r.winners.iter().map(|w| w.0 + 1).collect::<Vec<_>>()
            ));
        }
        s.push_str(&format!(
            "replays are {}\n",
            if self.identical {
                "byte-identical"
            } else {
                "NOT identical"
            }
        ));
        for p in &self.peers {
            let v = match &p.verified {
                Ok(r) => format!("verified ({} signatures)", r.signatures),
                Err(e) => format!("FAILED: {e}"),
            };
            let end = p
                .report
                .as_ref()
                .map(|r| r.ending.to_string())
                .unwrap_or_else(|| "no report".into());
            let exit = p
                .exit
                .map_or_else(|| "killed".to_string(), |c| format!("exit code {c}"));
            s.push_str(&format!(
                "  {}: {} — {} — {exit}, {end}\n",
                p.name,
                p.replay.display(),
                v,
            ));
        }
        s
    }
}

/// What `dwarfs bench net` reports over some games, each list sorted, in microseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NetFigures {
    /// Games played.
    pub games: usize,
    /// Moves played (as the first peer counted them).
    pub moves: u32,
    /// Every own move's signature to all acks, at every peer.
    pub latency_us: Vec<u64>,
    /// Raw round trips to one peer.
    pub rtt_one_us: Vec<u64>,
    /// Raw round trips to all peers at once (the slowest answer).
    pub rtt_all_us: Vec<u64>,
    /// Joiners: process start to the first agreed state hash.
    pub start_us: Vec<u64>,
    /// Joiners: process start to connected with the host.
    pub connect_us: Vec<u64>,
    /// Joiners: connected to configured (the lobby).
    pub lobby_us: Vec<u64>,
    /// Joiners: the commit-reveal seeding.
    pub seeding_us: Vec<u64>,
    /// Processor time of every peer's process from its game's start to its end, added up (µs),
    /// and how many peers reported one.
    pub cpu_game_us: (u64, usize),
}

impl NetFigures {
    /// The figures of these runs' reports (the first peer of each run is the host; the others
    /// are joiners).
    pub fn of(outcomes: &[DemoOutcome]) -> NetFigures {
        let sorted = |mut v: Vec<u64>| {
            v.sort_unstable();
            v
        };
        let reports = || {
            outcomes
                .iter()
                .flat_map(|o| o.peers.iter().filter_map(|p| p.report.as_ref()))
        };
        let joiners = || {
            outcomes
                .iter()
                .flat_map(|o| o.peers.iter().skip(1).filter_map(|p| p.report.as_ref()))
        };
        NetFigures {
            games: outcomes.len(),
            moves: outcomes
                .iter()
                .filter_map(|o| o.peers.first()?.report.as_ref().map(|r| r.moves))
                .sum(),
            latency_us: sorted(reports().flat_map(|r| r.latencies_us.clone()).collect()),
            rtt_one_us: sorted(reports().flat_map(|r| r.rtt_us.clone()).collect()),
            rtt_all_us: sorted(reports().flat_map(|r| r.rtt_all_us.clone()).collect()),
            start_us: sorted(joiners().filter_map(|r| r.started_us).collect()),
            connect_us: sorted(joiners().filter_map(|r| r.connected_us).collect()),
            lobby_us: sorted(
                joiners()
                    .filter_map(|r| Some(r.configured_us? - r.connected_us?))
                    .collect(),
            ),
            seeding_us: sorted(joiners().filter_map(|r| r.seeding_us).collect()),
            cpu_game_us: reports()
                .filter_map(|r| r.cpu_us)
                .fold((0, 0), |(sum, n), (start, end)| {
                    (sum + end.saturating_sub(start), n + 1)
                }),
        }
    }

    /// Processor time per final move, every peer's process added up (game start to end), when
    /// the peers reported it.
    pub fn cpu_per_move(&self) -> Option<std::time::Duration> {
        let (us, peers) = self.cpu_game_us;
        (peers > 0 && self.moves > 0)
            .then(|| std::time::Duration::from_micros(us / u64::from(self.moves)))
    }

    /// The one-line JSON of `bench net --json`: `p50_ms`, `p99_ms`, `raw_one_p50_ms`,
    /// `raw_all_p50_ms`, `start_ms` and `cpu_per_move_ms`, with what was run.
    pub fn json(&self, game: &str, peers: u8, bot_delay_ms: u64) -> serde_json::Value {
        let ms = |v: &[u64], pct| percentile(v, pct).map(|us| us as f64 / 1000.0);
        serde_json::json!({
            "game": game,
            "peers": peers,
            "games": self.games,
            "moves": self.moves,
            "bot_delay_ms": bot_delay_ms,
            "p50_ms": ms(&self.latency_us, 50),
            "p99_ms": ms(&self.latency_us, 99),
            "raw_one_p50_ms": ms(&self.rtt_one_us, 50),
            "raw_all_p50_ms": ms(&self.rtt_all_us, 50),
            "start_ms": ms(&self.start_us, 50),
            "cpu_per_move_ms": self.cpu_per_move().map(|d| d.as_secs_f64() * 1000.0),
        })
    }
}

/// The `pct`-th percentile of sorted values.
pub fn percentile(sorted: &[u64], pct: usize) -> Option<u64> {
    if sorted.is_empty() {
        return None;
    }
    let i = ((sorted.len() - 1) * pct + 50) / 100;
    sorted.get(i.min(sorted.len() - 1)).copied()
}

/// Microseconds, readably.
pub fn fmt_us(us: Option<u64>) -> String {
    match us {
        None => "n/a".into(),
        Some(us) if us < 10_000 => format!("{:.2} ms", us as f64 / 1000.0),
        Some(us) => format!("{:.1} ms", us as f64 / 1000.0),
    }
}

/// Verifies a replay file of game `G`.
pub fn verify_file<G: Game>(path: &Path) -> Result<VerifyReport, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    replay::verify::<G>(&bytes).map_err(|e| e.to_string())
}

/// Where a game's replay goes by default: `<data dir>/dwarfs/replays/<game>-<time>-<pid>.replay`.
pub fn default_replay_path(game: &str) -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "dwarfs")?;
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    Some(
        dirs.data_dir()
            .join("replays")
            .join(format!("{game}-{secs}-{}.replay", std::process::id())),
    )
}

/// The spec of demo peer `i`.
pub fn demo_spec(cfg: &DemoConfig, i: u8, role: Role) -> PeerSpec {
    let name = format!("peer{}", i + 1);
    let mut spec = PeerSpec::loopback(&cfg.game, &name, role, cfg.transport);
    spec.key = Some(cfg.dir.join(format!("{name}.key")));
    spec.replay = Some(cfg.dir.join(format!("{name}.replay")));
    spec.timing.timeout_ms = cfg.timeout.as_millis() as u64;
    spec.timing.bot_delay_ms = cfg.bot_delay_ms;
    spec
}

/// Collects the children's results and verifies their replays.
pub async fn collect<G: Game>(
    procs: Vec<PeerProc>,
    replays: Vec<PathBuf>,
    timeout: Duration,
    t0: Instant,
) -> DemoOutcome {
    let mut waits = Vec::new();
    for p in procs {
        waits.push(tokio::spawn(p.finish(timeout)));
    }
    let mut peers = Vec::new();
    for (w, replay) in waits.into_iter().zip(replays) {
        let Ok((exit, report, name, log)) = w.await else {
            continue;
        };
        peers.push(PeerResult {
            name,
            exit,
            report,
            verified: verify_file::<G>(&replay),
            replay,
            log,
        });
    }
    let wall = t0.elapsed();
    let bytes: Vec<Option<Vec<u8>>> = peers
        .iter()
        .map(|p| std::fs::read(&p.replay).ok())
        .collect();
    let identical = !bytes.is_empty()
        && bytes.iter().all(|b| b.is_some())
        && bytes.windows(2).all(|w| w[0] == w[1]);
    DemoOutcome {
        peers,
        identical,
        wall,
    }
}

/// Runs a demo: `peers` processes on 127.0.0.1 play a full game of `G` with bots over libp2p,
/// then every replay is verified.
///
/// With raw round-trip probes (`rtt_probes`), the joiners linger up to [`PROBE_LINGER_MS`]
/// after the game for the host to finish them.
pub async fn run_demo<G: Game>(
    launcher: &Launcher,
    cfg: &DemoConfig,
) -> Result<DemoOutcome, DemoError> {
    std::fs::create_dir_all(&cfg.dir).map_err(|source| DemoError::Dir {
        dir: cfg.dir.clone(),
        source,
    })?;
    let t0 = Instant::now();
    let host_spec = demo_spec(
        cfg,
        0,
        Role::Host {
            seats: cfg.peers,
            bots: 0,
            options: cfg.options.clone(),
        },
    );
    let mut host_spec = host_spec;
    host_spec.process.rtt_probes = cfg.rtt_probes;
    let mut replays = vec![host_spec.replay.clone().unwrap_or_default()];
    let mut host = launcher.spawn(&host_spec, &cfg.dir.join("peer1.log"))?;
    let ticket = host.ticket(cfg.timeout).await?;
    let mut procs = vec![host];
    for i in 1..cfg.peers {
        let mut spec = demo_spec(
            cfg,
            i,
            Role::Join {
                ticket: ticket.clone(),
            },
        );
        if cfg.rtt_probes > 0 {
            // Stay for the host's probes after the game: the host says it is done once they
            // are over, and a peer leaves as soon as every other one has (with the default
            // linger, peers left during the probes of a slow 8-peer run).
            spec.timing.linger_ms = spec.timing.linger_ms.max(PROBE_LINGER_MS);
        }
        replays.push(spec.replay.clone().unwrap_or_default());
        procs.push(launcher.spawn(&spec, &cfg.dir.join(format!("peer{}.log", i + 1)))?);
    }
    // Children bound themselves by `cfg.timeout`; the margin lets them print their reports.
    Ok(collect::<G>(procs, replays, cfg.timeout + Duration::from_secs(10), t0).await)
}

/// How long a joiner of a benchmark run waits after the game for the host's probes to end.
pub const PROBE_LINGER_MS: u64 = 15_000;

/// Ends the process when stdin reaches its end (the parent holding the pipe is gone).
fn exit_when_stdin_closes() {
    std::thread::spawn(|| {
        let mut buf = [0u8; 64];
        let mut stdin = std::io::stdin();
        loop {
            match std::io::Read::read(&mut stdin, &mut buf) {
                Ok(0) | Err(_) => {
                    eprintln!("the parent process is gone: stopping");
                    std::process::exit(3);
                }
                Ok(_) => {}
            }
        }
    });
}

/// The body of a child peer process: reads its [`PeerSpec`] from [`SPEC_ENV`], plays, prints
/// its report, and returns the process exit code (0 when the game ended and was agreed).
pub fn child_main<G: Game>() -> i32 {
    let spec: PeerSpec = match std::env::var(SPEC_ENV)
        .map_err(|e| e.to_string())
        .and_then(|s| serde_json::from_str(&s).map_err(|e| e.to_string()))
    {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: no valid peer spec in {SPEC_ENV}: {e}");
            return 2;
        }
    };
    if let Ok(filter) = tracing_subscriber::EnvFilter::try_from_env("DWARFS_LOG") {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_writer(std::io::stderr)
            .try_init();
    }
    if spec.game != G::NAME {
        eprintln!("error: this peer runs {}, not {}", G::NAME, spec.game);
        return 2;
    }
    if spec.process.exit_with_parent {
        exit_when_stdin_closes();
    }
    let rt = match dwarfs_net::control::peer_runtime() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return 2;
        }
    };
    // The peer is a task on the runtime's one worker, like every other task of its node.
    let ran = rt.block_on(async { tokio::spawn(dwarfs_net::peer::run_peer::<G>(spec)).await });
    let code = match ran {
        Err(e) => {
            eprintln!("error: the peer stopped: {e}");
            1
        }
        Ok(Ok(r)) if r.ending == dwarfs_net::spec::Ending::Over => 0,
        Ok(Ok(r)) => {
            eprintln!("peer ended: {:?}", r.ending);
            1
        }
        Ok(Err(e)) => {
            eprintln!("error: {e}");
            1
        }
    };
    use std::io::Write;
    let _ = std::io::stdout().flush();
    code
}
