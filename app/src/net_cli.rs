//! Network commands: `dwarfs host`, `join`, `resume`, `demo`, `bench net`, and the hidden
//! `__net-peer` that `demo` and `bench net` start as child processes.

use crate::CliError;
use crate::bot_thread::SendBot;
use crate::games::{CliGame, GameEntry, GameKind, Level, OptionArgs, with_entry, with_game};
use dwarfs_engine::{Game, codec};
use dwarfs_net::spec::{Ending, PeerSpec, Role};
use dwarfs_net::{PeerReport, Transport};
use dwarfs_nettools::demo::{
    DemoConfig, DemoOutcome, Launcher, NetFigures, fmt_us, percentile, run_demo,
};
use dwarfs_nettools::floor::{MoveFloor, move_floor};
use std::path::PathBuf;
use std::time::Duration;

/// The hidden subcommand name children are started with.
pub const PEER_SUBCOMMAND: &str = "__net-peer";

/// Options shared by `host`, `join` and `resume`.
#[derive(clap::Args, Debug, Clone)]
pub struct PeerArgs {
    /// Your display name in the lobby.
    #[arg(long, default_value = "player")]
    pub name: String,
    /// The identity key file (created if missing); default: the config directory.
    #[arg(long, value_name = "FILE")]
    pub key: Option<PathBuf>,
    /// Address to listen on (multiaddr; repeatable). Default: all interfaces, TCP, QUIC and
    /// WebSocket (`/ip4/0.0.0.0/tcp/0/ws`, which browsers dial).
    #[arg(long, value_name = "MULTIADDR")]
    pub listen: Vec<String>,
    /// Where to write the replay (an existing file is never written over: a numbered name next
    /// to it is taken instead). Default: a new file in the data directory.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Let a bot play your seat instead of choosing moves yourself: `easy`, `normal` (the
    /// default), `hard` (the search bots of the hotseat lobby) or `random`. A ticket goes
    /// before `--bot`.
    #[arg(
        long,
        value_name = "LEVEL",
        num_args = 0..=1,
        default_missing_value = "normal",
        value_parser = parse_bot
    )]
    pub bot: Option<BotChoice>,
    /// Vote to hand a seat silent this many seconds to the takeover bot, even if its player is
    /// still connected (only thinking); 0 never.
    #[arg(long, value_name = "SECS", default_value_t = 0)]
    pub seat_timeout: u64,
    /// Vote to hand a seat to the takeover bot once its player's connection has been gone this
    /// many seconds; 0 never.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub gone_timeout: u64,
    /// Give up after this many minutes.
    #[arg(long, value_name = "MIN", default_value_t = 240)]
    pub timeout: u64,
    /// Print every move.
    #[arg(long)]
    pub verbose: bool,
    /// At the end, write the run's report as JSON to FILE (how it ended, moves, each own
    /// move's time to every ack, time to the first agreed hash, how each peer was reached).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// A relay to hold a slot on (repeatable), so that players behind NAT can reach you:
    /// `/ip4/IP/tcp/PORT/p2p/RELAY_ID`, as `dwarfs relay` prints it. Your tickets carry it.
    #[arg(long, value_name = "MULTIADDR")]
    pub relay: Vec<String>,
    /// Do not ask the home router for a port mapping (UPnP).
    #[arg(long)]
    pub no_upnp: bool,
}

/// The bot of `--bot`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotChoice {
    /// The uniform random bot.
    Random,
    /// The search bot at this level, as in the hotseat lobby.
    Search(Level),
}

impl BotChoice {
    /// The bot of game entry `E`, seeded.
    fn make<E: GameEntry>(self, seed: u64) -> SendBot<E::G> {
        match self {
            BotChoice::Random => Box::new(dwarfs_engine::RandomBot::new(seed)),
            BotChoice::Search(level) => E::level_bot(level, seed),
        }
    }
}

fn parse_bot(s: &str) -> Result<BotChoice, String> {
    if s.trim().eq_ignore_ascii_case("random") {
        return Ok(BotChoice::Random);
    }
    s.parse::<Level>().map(BotChoice::Search).map_err(|_| {
        format!("unknown bot level '{s}': choose easy, normal, hard or random (a ticket goes before --bot)")
    })
}

/// `dwarfs host`.
#[derive(clap::Args, Debug)]
pub struct HostArgs {
    /// Which game.
    #[arg(long, value_enum, default_value = "fall")]
    pub game: GameKind,
    /// Seats at the table (you take seat 1).
    #[arg(long, default_value_t = 4)]
    pub seats: u8,
    /// Seats played by the deterministic bot (the last ones).
    #[arg(long, default_value_t = 0)]
    pub bots: u8,
    /// An open game: anyone with the ticket may watch. Without it, spectators are refused.
    #[arg(long)]
    pub anyone_may_watch: bool,
    /// Serve the web page to the LAN over HTTP too, and print a link to it with the ticket
    /// inside (and a QR code of the link, for phones). The page comes from `--web-dir`
    /// (`scripts/build-web.sh` builds it). Browsers dial the game's WebSocket address.
    #[arg(long)]
    pub web: bool,
    /// With --web: the HTTP port (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub web_port: u16,
    /// With --web: the built page's directory.
    #[arg(long, default_value = "target/page")]
    pub web_dir: PathBuf,
    #[command(flatten)]
    pub peer: PeerArgs,
    #[command(flatten)]
    pub options: OptionArgs,
}

/// `dwarfs join`.
#[derive(clap::Args, Debug)]
pub struct JoinArgs {
    /// The invite ticket the host printed (or use --lan).
    #[arg(required_unless_present = "lan")]
    pub ticket: Option<String>,
    /// Find an open lobby on the LAN by mDNS instead of using a ticket.
    #[arg(long, conflicts_with_all = ["ticket", "spectate"])]
    pub lan: bool,
    /// With --lan: which game to look for.
    #[arg(long, value_enum, default_value = "fall")]
    pub game: GameKind,
    /// Watch the game instead of taking a seat (read-only; works mid-game).
    #[arg(long)]
    pub spectate: bool,
    #[command(flatten)]
    pub peer: PeerArgs,
}

/// `dwarfs lan`.
#[derive(clap::Args, Debug)]
pub struct LanArgs {
    /// How long to look, in seconds.
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f64,
}

/// `dwarfs resume`.
#[derive(clap::Args, Debug)]
pub struct ResumeArgs {
    /// Your replay file of the game (written before your process stopped), with the signing
    /// journal `FILE.signed` and the game's secret `FILE.secret` next to it (without the secret
    /// the game cannot be resumed). The file is never written over: the game goes on in a copy
    /// (`FILE.resuming`) that replaces it once it holds every move the file held.
    pub file: PathBuf,
    /// A ticket to reach the others if the address book next to the replay is gone.
    #[arg(long)]
    pub ticket: Option<String>,
    #[command(flatten)]
    pub peer: PeerArgs,
}

/// `dwarfs demo`.
#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// Which game.
    #[arg(long, value_enum, default_value = "fall")]
    pub game: GameKind,
    /// Peers, each a separate process.
    #[arg(long, default_value_t = 4)]
    pub peers: u8,
    /// Transport.
    #[arg(long, default_value = "tcp")]
    pub transport: Transport,
    /// Where keys, replays and logs go (default: a new directory in the temp dir).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 120)]
    pub timeout: u64,
    /// Pause before each bot move, in milliseconds.
    #[arg(long, default_value_t = 0)]
    pub delay_ms: u64,
    #[command(flatten)]
    pub options: OptionArgs,
}

/// `dwarfs bench net`.
#[derive(clap::Args, Debug)]
pub struct BenchNetArgs {
    /// Which game.
    #[arg(long, value_enum, default_value = "fall")]
    pub game: GameKind,
    /// Peers.
    #[arg(long, default_value_t = 4)]
    pub peers: u8,
    /// Games to play (their figures are pooled).
    #[arg(long, default_value_t = 3)]
    pub games: u32,
    /// Raw round trips per peer pair after each game.
    #[arg(long, default_value_t = 200)]
    pub probes: u32,
    /// Transport.
    #[arg(long, default_value = "tcp")]
    pub transport: Transport,
    /// Play in a lab of network namespaces instead: every peer in a home behind its own NAT
    /// router, one relay on the lab's internet (needs root or a user namespace). Prints the
    /// time to a first agreed state hash and the share of frames that travelled directly.
    #[arg(long)]
    pub nat: bool,
    /// Milliseconds each bot waits before its move. Default 0 on loopback (moves back to back),
    /// 100 with --nat (a hole punch takes a few round trips through the relay; a game at full
    /// speed may end first).
    #[arg(long)]
    pub bot_delay_ms: Option<u64>,
    /// Print one line of JSON instead of the table: `p50_ms`, `p99_ms` (move -> all-acks),
    /// `raw_one_p50_ms`, `raw_all_p50_ms` (raw round trips in the same run) and `start_ms`
    /// (joiner start -> first agreed state hash, p50), with the game, peers, moves and
    /// `bot_delay_ms`.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub options: OptionArgs,
}

pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError::Failed(format!("cannot start the async runtime: {e}")))
}

fn peer_spec(game: &str, role: Role, a: &PeerArgs) -> PeerSpec {
    let mut spec = PeerSpec::player(game, &a.name, role);
    spec.key = a.key.clone();
    if !a.listen.is_empty() {
        spec.net.listen = a.listen.clone();
    }
    spec.replay = a
        .replay
        .clone()
        .or_else(|| dwarfs_nettools::demo::default_replay_path(game));
    spec.process.verbose = a.verbose || a.bot.is_none();
    spec.timing.seat_timeout_ms = a.seat_timeout.saturating_mul(1000);
    spec.timing.gone_timeout_ms = a.gone_timeout.saturating_mul(1000);
    spec.timing.timeout_ms = a.timeout.saturating_mul(60_000);
    spec.net.relays = a.relay.clone();
    spec.net.upnp = !a.no_upnp;
    spec
}

fn finish(report: PeerReport) -> Result<(), CliError> {
    // Only a file that holds a game (one that never started has no header, or no file).
    if let Some(p) = report.replay.as_ref().filter(|p| holds_a_game(p)) {
        match report.ending {
            // Stopped by a failure or a time limit, the game goes on for the others (or waits):
            // the file takes it up again.
            Ending::Failed(_) | Ending::TimedOut(_) => crate::out!(
                "Replay: {} (the game was not finished: `dwarfs resume {}` takes it up again)",
                p.display(),
                p.display()
            ),
            _ => crate::out!(
                "Replay: {} (check it with `dwarfs replay verify`)",
                p.display()
            ),
        }
    }
    match report.ending {
        Ending::Over => Ok(()),
        Ending::Halted(r) => Err(CliError::Failed(format!("the game was stopped: {r}"))),
        Ending::Refused(r) => Err(CliError::Failed(format!("refused: {r}"))),
        Ending::TimedOut(r) => Err(CliError::Failed(format!("timed out: {r}"))),
        Ending::Failed(r) => Err(CliError::Failed(r)),
        Ending::Left => Err(CliError::Failed("left the game".into())),
    }
}

/// Whether `path` is a replay that got as far as its header (the game started).
fn holds_a_game(path: &std::path::Path) -> bool {
    std::fs::read(path).is_ok_and(|b| dwarfs_protocol::replay::peek_header(&b).is_ok())
}

/// Plays one peer of game entry `E`: at the terminal, or by the bot with `--bot`. `open_seats` is
/// how many players a host waits for.
fn play<E: GameEntry>(
    spec: PeerSpec,
    a: &PeerArgs,
    open_seats: Option<u8>,
    web_port: Option<u16>,
) -> Result<(), CliError> {
    // One worker thread, as the peers of `bench net` and `demo` run (dwarfs_net::peer_runtime).
    let rt = dwarfs_net::peer_runtime()
        .map_err(|e| CliError::Failed(format!("cannot start the async runtime: {e}")))?;
    let player = match a.bot {
        Some(choice) => crate::terminal::Player::Bot {
            bot: choice.make::<E>(crate::gui::os_seed()),
            verbose: a.verbose,
        },
        None => crate::terminal::Player::Person,
    };
    let peer = dwarfs_net::spawn_peer::<E::G>(rt.handle(), spec, || {});
    let report = rt.block_on(crate::terminal::play(peer, open_seats, player, web_port));
    if let Some(path) = &a.report {
        let json = serde_json::to_string_pretty(&report).unwrap_or_default();
        if let Err(e) = dwarfs_net::files::write_atomic(path, json.as_bytes(), false) {
            crate::out!("The report could not be written to {}: {e}", path.display());
        }
    }
    finish(report)
}

/// `dwarfs host`.
pub fn run_host(args: &HostArgs) -> Result<(), CliError> {
    with_entry!(args.game, E, host::<E>(args))
}

fn host<E: GameEntry>(args: &HostArgs) -> Result<(), CliError> {
    let options = <E::G as CliGame>::options_from(&args.options)?;
    E::G::new(&options, args.seats).map_err(|e| CliError::Usage(e.to_string()))?;
    if args.bots >= args.seats {
        return Err(CliError::Usage(format!(
            "--bots {} leaves no seat for you out of --seats {}",
            args.bots, args.seats
        )));
    }
    let role = Role::Host {
        seats: args.seats,
        bots: args.bots,
        options: encode_options(&options)?,
    };
    let open = args.seats - args.bots - 1;
    let mut spec = peer_spec(E::G::NAME, role, &args.peer);
    spec.anyone_may_watch = args.anyone_may_watch;
    let web_port = if args.web {
        if !spec.net.listen.iter().any(|a| a.ends_with("/ws")) {
            return Err(CliError::Usage(
                "--web needs a WebSocket address to listen on (browsers dial one): add \
                 --listen /ip4/0.0.0.0/tcp/0/ws, or leave --listen out"
                    .into(),
            ));
        }
        Some(crate::web_cli::serve_in_background(
            &args.web_dir,
            &format!("0.0.0.0:{}", args.web_port),
        )?)
    } else {
        None
    };
    play::<E>(spec, &args.peer, Some(open), web_port)
}

/// `dwarfs join`.
pub fn run_join(args: &JoinArgs) -> Result<(), CliError> {
    let Some(text) = args.ticket.clone().filter(|_| !args.lan) else {
        return with_entry!(
            args.game,
            E,
            play::<E>(
                peer_spec(<E as GameEntry>::G::NAME, Role::Lan, &args.peer),
                &args.peer,
                None,
                None
            )
        );
    };
    let ticket = dwarfs_net::Ticket::decode(&text)
        .map_err(|e| CliError::Usage(format!("bad ticket: {e}")))?;
    let kind = GameKind::from_name(&ticket.game).ok_or_else(|| {
        CliError::Usage(format!(
            "the ticket is for a game this dwarfs does not know: {}",
            ticket.game
        ))
    })?;
    let role = if args.spectate {
        Role::Spectate { ticket: text }
    } else {
        Role::Join { ticket: text }
    };
    with_entry!(
        kind,
        E,
        play::<E>(
            peer_spec(<E as GameEntry>::G::NAME, role, &args.peer),
            &args.peer,
            None,
            None
        )
    )
}

/// `dwarfs lan`: lists the open lobbies that mDNS finds on the LAN, with their tickets.
pub fn run_lan(args: &LanArgs) -> Result<(), CliError> {
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 3600.0) {
        return Err(CliError::Usage(
            "--seconds must be a number of seconds between 0 and 3600".into(),
        ));
    }
    let rt = runtime()?;
    let lobbies = rt.block_on(async {
        let mut b = dwarfs_net::browse_lan(
            rt.handle(),
            dwarfs_net::BrowseConfig {
                mdns: true,
                known: vec![],
            },
            || {},
        );
        let mut found = std::collections::BTreeMap::new();
        let deadline =
            tokio::time::Instant::now() + std::time::Duration::from_secs_f64(args.seconds);
        loop {
            match tokio::time::timeout_at(deadline, b.recv()).await {
                Ok(Some(dwarfs_net::LanUpdate::Found(l))) => {
                    found.insert(l.peer, l.info);
                }
                Ok(Some(dwarfs_net::LanUpdate::Gone(p))) => {
                    found.remove(&p);
                }
                Ok(Some(dwarfs_net::LanUpdate::Failed(e))) => return Err(CliError::Failed(e)),
                Ok(None) | Err(_) => return Ok(found),
            }
        }
    })?;
    if lobbies.is_empty() {
        crate::out!(
            "No open lobby found on the LAN in {} s (mDNS). Ask the host for a ticket, or look again.",
            args.seconds
        );
        return Ok(());
    }
    for info in lobbies.values() {
        crate::out!(
            "{} hosts {} (rules v{}): {} of {} seats open\n  dwarfs join {}\n",
            info.host_name,
            info.game,
            info.rules_version,
            info.open,
            info.seats,
            info.ticket
        );
    }
    Ok(())
}

/// `dwarfs resume`.
pub fn run_resume(args: &ResumeArgs) -> Result<(), CliError> {
    let bytes = std::fs::read(&args.file)
        .map_err(|e| CliError::Usage(format!("{}: {e}", args.file.display())))?;
    let info = dwarfs_protocol::replay::peek_header(&bytes).map_err(|e| {
        CliError::Usage(format!(
            "{} is not a replay of a started game: {e}",
            args.file.display()
        ))
    })?;
    let kind = GameKind::from_name(&info.game).ok_or_else(|| {
        CliError::Usage(format!("the replay is of an unknown game: {}", info.game))
    })?;
    let role = Role::Resume {
        replay: args.file.clone(),
        ticket: args.ticket.clone(),
    };
    let mut peer = args.peer.clone();
    peer.replay = Some(args.file.clone());
    with_entry!(
        kind,
        E,
        play::<E>(
            peer_spec(<E as GameEntry>::G::NAME, role, &peer),
            &peer,
            None,
            None
        )
    )
}

/// The hidden child entry: one peer from the spec in the environment.
pub fn run_child() -> Result<(), CliError> {
    let spec = std::env::var(dwarfs_net::spec::SPEC_ENV).unwrap_or_default();
    let game = serde_json::from_str::<serde_json::Value>(&spec)
        .ok()
        .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(String::from))
        .unwrap_or_default();
    let kind = GameKind::from_name(&game)
        .ok_or_else(|| CliError::Usage(format!("unknown game {game:?} in the peer spec")))?;
    let code = with_game!(kind, G, dwarfs_nettools::demo::child_main::<G>());
    if code == 0 {
        Ok(())
    } else {
        Err(CliError::Failed(format!("peer exited with code {code}")))
    }
}

pub(crate) fn demo_dir(dir: &Option<PathBuf>) -> PathBuf {
    dir.clone().unwrap_or_else(|| {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        std::env::temp_dir().join(format!("dwarfs-demo-{secs}-{}", std::process::id()))
    })
}

/// `dwarfs demo`.
pub fn run_demo_cmd(args: &DemoArgs) -> Result<(), CliError> {
    with_game!(args.game, G, demo::<G>(args))
}

fn demo<G: CliGame>(args: &DemoArgs) -> Result<(), CliError> {
    let options = G::options_from(&args.options)?;
    G::new(&options, args.peers).map_err(|e| CliError::Usage(e.to_string()))?;
    let cfg = DemoConfig {
        game: G::NAME.into(),
        peers: args.peers,
        transport: args.transport,
        dir: demo_dir(&args.dir),
        timeout: Duration::from_secs(args.timeout.max(1)),
        options: encode_options(&options)?,
        bot_delay_ms: args.delay_ms,
        rtt_probes: 0,
    };
    crate::out!(
        "Starting {} peers of {} as separate processes on 127.0.0.1 over {}...",
        cfg.peers,
        cfg.game,
        cfg.transport
    );
    let launcher = Launcher::current_exe(&[PEER_SUBCOMMAND])
        .map_err(|e| CliError::Failed(format!("cannot find this executable: {e}")))?;
    let outcome = runtime()?
        .block_on(run_demo::<G>(&launcher, &cfg))
        .map_err(|e| CliError::Failed(e.to_string()))?;
    print!("{}", outcome.summary());
    crate::out!("files (keys, replays, logs): {}", cfg.dir.display());
    if outcome.ok() {
        crate::out!("OK: every replay verified and all are byte-identical.");
        Ok(())
    } else {
        Err(CliError::Failed(
            "not everything verified; see the summary and the logs above".into(),
        ))
    }
}

/// `dwarfs bench net`.
pub fn run_bench_net(args: &BenchNetArgs) -> Result<(), CliError> {
    with_game!(args.game, G, bench_net::<G>(args))
}

fn bench_net<G: CliGame>(args: &BenchNetArgs) -> Result<(), CliError> {
    let options = G::options_from(&args.options)?;
    G::new(&options, args.peers).map_err(|e| CliError::Usage(e.to_string()))?;
    if args.nat {
        return crate::bench_nat::run::<G>(args, encode_options(&options)?);
    }
    if cfg!(debug_assertions) {
        eprintln!("note: debug build; run `cargo run --release -- bench net` for real figures");
    }
    let launcher = Launcher::current_exe(&[PEER_SUBCOMMAND])
        .map_err(|e| CliError::Failed(format!("cannot find this executable: {e}")))?;
    let rt = runtime()?;
    let root = demo_dir(&None);
    let mut outcomes: Vec<DemoOutcome> = Vec::new();
    for g in 0..args.games.max(1) {
        let cfg = DemoConfig {
            game: G::NAME.into(),
            peers: args.peers,
            transport: args.transport,
            dir: root.join(format!("game{}", g + 1)),
            timeout: Duration::from_secs(120),
            options: encode_options(&options)?,
            bot_delay_ms: args.bot_delay_ms.unwrap_or(0),
            rtt_probes: args.probes,
        };
        let o = rt
            .block_on(run_demo::<G>(&launcher, &cfg))
            .map_err(|e| CliError::Failed(e.to_string()))?;
        if !o.ok() {
            return Err(CliError::Failed(format!(
                "game {} did not verify:\n{}",
                g + 1,
                o.summary()
            )));
        }
        outcomes.push(o);
    }
    let f = NetFigures::of(&outcomes);
    // The floor of the same game's moves, measured now, beside the peers' figures.
    let floor = move_floor_of::<G>(&options, args.peers);
    if args.json {
        let mut line = f.json(G::NAME, args.peers, args.bot_delay_ms.unwrap_or(0));
        if let (Some(map), Some(floor)) = (line.as_object_mut(), floor.as_ref()) {
            let per_move = floor.per_move().as_secs_f64() * 1000.0;
            map.insert("floor_per_move_ms".into(), per_move.into());
        }
        crate::out!("{line}");
        return Ok(());
    }
    crate::out!(
        "dwarfs bench net: {} games of {} with {} peers over {} on 127.0.0.1, {} moves",
        f.games,
        G::NAME,
        args.peers,
        args.transport,
        f.moves
    );
    let p50 = percentile(&f.latency_us, 50);
    let r50 = percentile(&f.rtt_one_us, 50);
    crate::out!(
        "move -> all-acks latency:      p50 {:>9}  p99 {:>9}  ({} moves)",
        fmt_us(p50),
        fmt_us(percentile(&f.latency_us, 99)),
        f.latency_us.len()
    );
    crate::out!(
        "raw round trip, one peer:      p50 {:>9}  p99 {:>9}  ({} probes)",
        fmt_us(r50),
        fmt_us(percentile(&f.rtt_one_us, 99)),
        f.rtt_one_us.len()
    );
    crate::out!(
        "raw round trip, all peers:     p50 {:>9}  p99 {:>9}  ({} probes)",
        fmt_us(percentile(&f.rtt_all_us, 50)),
        fmt_us(percentile(&f.rtt_all_us, 99)),
        f.rtt_all_us.len()
    );
    if let (Some(a), Some(b)) = (p50, r50)
        && b > 0
    {
        crate::out!(
            "ratio p50 latency / p50 raw one-peer round trip: {:.2}x",
            a as f64 / b as f64
        );
    }
    if let (Some(a), Some(b)) = (p50, percentile(&f.rtt_all_us, 50))
        && b > 0
    {
        crate::out!(
            "ratio p50 latency / p50 raw all-peers round trip: {:.2}x (target <= 1.5x)",
            a as f64 / b as f64
        );
    }
    crate::out!(
        "game start (joiner process start -> first state hash): p50 {}  max {}",
        fmt_us(percentile(&f.start_us, 50)),
        fmt_us(f.start_us.last().copied())
    );
    crate::out!(
        "  of which: connect p50 {}, lobby p50 {}, commit-reveal p50 {}",
        fmt_us(percentile(&f.connect_us, 50)),
        fmt_us(percentile(&f.lobby_us, 50)),
        fmt_us(percentile(&f.seeding_us, 50))
    );
    match (f.cpu_per_move(), floor) {
        (Some(cpu), Some(floor)) => {
            let per_move = floor.per_move();
            crate::out!(
                "processor time per final move, all {} peers together: {}  (game start to end)",
                args.peers,
                fmt_us(Some(cpu.as_micros() as u64))
            );
            crate::out!(
                "  floor: {} ({} signatures, {} checks, {} steps and hashes per move, measured now)",
                fmt_us(Some(per_move.as_micros() as u64)),
                floor.signatures / floor.moves.max(1),
                floor.checks / floor.moves.max(1),
                floor.steps / floor.moves.max(1),
            );
            if !per_move.is_zero() {
                crate::out!(
                    "ratio processor time / floor: {:.2}x (goal <= 2x)",
                    cpu.as_secs_f64() / per_move.as_secs_f64()
                );
            }
        }
        (None, _) => crate::out!("processor time per move: not reported on this system"),
        (_, None) => crate::out!("floor per move: cannot be measured on this system"),
    }
    crate::out!("files: {}", root.display());
    Ok(())
}

/// The floor of a move of `G` with these options among `peers` seats, over a few random games
/// (`None` where this system does not tell a thread's processor time).
fn move_floor_of<G: CliGame>(options: &G::Options, peers: u8) -> Option<MoveFloor> {
    let mut total = MoveFloor::default();
    for seed in 1..=3 {
        total.add(&move_floor::<G>(options, peers, seed).ok()?);
    }
    Some(total)
}

/// The options' canonical encoding for a lobby or a demo.
fn encode_options<T: serde::Serialize>(options: &T) -> Result<Vec<u8>, CliError> {
    codec::encode(options).map_err(|e| CliError::Failed(format!("the game options: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Join {
        #[command(flatten)]
        join: JoinArgs,
    }

    fn bot(args: &[&str]) -> Result<Option<BotChoice>, String> {
        Join::try_parse_from(std::iter::once("join").chain(args.iter().copied()))
            .map(|j| j.join.peer.bot)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn the_bot_flag_takes_a_level_and_plays_normal_without_one() {
        assert_eq!(bot(&["TICKET"]), Ok(None));
        assert_eq!(
            bot(&["TICKET", "--bot"]),
            Ok(Some(BotChoice::Search(Level::Normal)))
        );
        assert_eq!(
            bot(&["TICKET", "--bot", "hard"]),
            Ok(Some(BotChoice::Search(Level::Hard)))
        );
        assert_eq!(
            bot(&["--bot=easy", "TICKET"]),
            Ok(Some(BotChoice::Search(Level::Easy)))
        );
        assert_eq!(
            bot(&["TICKET", "--bot", "random"]),
            Ok(Some(BotChoice::Random))
        );
        let e = bot(&["TICKET", "--bot", "brutal"]).expect_err("not a level");
        assert!(e.contains("unknown bot level 'brutal'"), "{e}");
    }
}
