//! Load and attack over real sockets on loopback, each peer its own process: a full table with
//! many spectators, many games at once on one machine, and a stranger flooding a game with signed
//! messages and garbage. Every game finishes, every replay verifies, and every peer's peak
//! resident memory (`VmHWM`, which each child prints when it ends) stays under [`PEER_BOUND_KIB`].
//!
//! The heaviest scenario, a game of Hold with 8 players and 16 spectators (about a minute on two
//! cores), is `#[ignore]`d to keep CI short; run it with `cargo test -p dwarfs-tests --test
//! net_load -- --ignored --skip net_child --nocapture hold_8`. CI runs the same table with Pig
//! (shorter games), Hold with 4 players and 4 spectators, 20 games at once and the flood. Each
//! test prints a `LOAD` line with its figures.

mod net_common;
use dwarfs_engine::Game;
use dwarfs_hold::Hold;
use dwarfs_net::Ticket;
use dwarfs_net::envelope::wrap_wire;
use dwarfs_net::node::{Node, NodeConfig};
use dwarfs_net::spec::SPEC_ENV;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{ChatBody, Signed, SyncRequest};
use dwarfs_protocol::{Message, Signer, wire};
use net_common::*;
use std::path::{Path, PathBuf};

/// What a child prints on stderr when it ends, followed by its peak resident size in KiB.
const PEAK_LINE: &str = "DWARFS-LOAD-PEAK-KIB ";

/// The bound on every peer's peak resident size (KiB). A peer process here is the whole test
/// binary (every game engine linked in) with a two-worker tokio runtime and libp2p; measured
/// peaks are in `docs/benchmarks.md` ("Load"): 12 MiB for a short game, 24 MiB for the
/// longest (a player's session holds its game's whole log). The bound is well above both, so
/// that it does not depend on the machine, and low enough to catch memory that grows with what
/// a stranger sends or with the number of spectators.
const PEER_BOUND_KIB: u64 = 64 * 1024;

/// Bound on each game's run (the children give up after their own `timeout_ms`).
const LIMIT: Duration = Duration::from_secs(150);

/// The entry point of the child peers: plays the game of its spec, then prints its peak
/// resident size for the parent to read from its log.
#[test]
#[ignore = "entry point of child peer processes started by the other tests"]
fn net_child() {
    let game = std::env::var(SPEC_ENV)
        .ok()
        .and_then(|s| serde_json::from_str::<PeerSpec>(&s).ok())
        .map(|s| s.game);
    let code = match game.as_deref() {
        Some(Hold::NAME) => dwarfs_nettools::demo::child_main::<Hold>(),
        _ => dwarfs_nettools::demo::child_main::<Pig>(),
    };
    if let Some(kib) = status_kib("/proc/self/status", "VmHWM:") {
        eprintln!("{PEAK_LINE}{kib}");
    }
    std::process::exit(code);
}

/// A field of a `/proc/<pid>/status` file, in KiB.
fn status_kib(path: &str, field: &str) -> Option<u64> {
    let s = std::fs::read_to_string(path).ok()?;
    s.lines()
        .find(|l| l.starts_with(field))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// The peak resident size a child printed in its log.
fn peak_kib(log: &Path) -> Option<u64> {
    let s = std::fs::read_to_string(log).ok()?;
    s.lines()
        .rev()
        .find_map(|l| l.find(PEAK_LINE).map(|i| &l[i + PEAK_LINE.len()..]))?
        .trim()
        .parse()
        .ok()
}

/// Peak memory of a group of peers (KiB): (least, greatest).
fn range(peaks: &[u64]) -> (u64, u64) {
    (
        peaks.iter().copied().min().unwrap_or(0),
        peaks.iter().copied().max().unwrap_or(0),
    )
}

/// The peers' peaks, asserting each is known and under the bound.
fn checked_peaks(o: &DemoOutcome) -> Vec<u64> {
    o.peers
        .iter()
        .map(|p| {
            let kib = peak_kib(&p.log)
                .unwrap_or_else(|| panic!("{} printed no peak memory in {:?}", p.name, p.log));
            assert!(
                kib < PEER_BOUND_KIB,
                "{} peaked at {} MiB resident (bound {} MiB)",
                p.name,
                kib / 1024,
                PEER_BOUND_KIB / 1024
            );
            kib
        })
        .collect()
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// A peer's spec in `dir` (file names carry `tag`, so that several games can share a folder).
fn spec(dir: &Path, game: &str, tag: &str, role: Role) -> PeerSpec {
    let mut s = PeerSpec::loopback(game, tag, role, Transport::Tcp);
    s.key = Some(dir.join(format!("{tag}.key")));
    s.replay = Some(dir.join(format!("{tag}.replay")));
    s.timing.timeout_ms = 120_000;
    s
}

fn log(dir: &Path, tag: &str) -> PathBuf {
    dir.join(format!("{tag}.log"))
}

/// One game being set up: its processes and replay files, in the order they were started.
struct Table {
    procs: Vec<PeerProc>,
    replays: Vec<PathBuf>,
    ticket: String,
}

/// Starts a host and its joiners (each spec adjusted by `tweak`, given the peer's index) and
/// returns once every process is started and the host printed its ticket.
async fn start_table(
    dir: &Path,
    game: &str,
    name: &str,
    players: u8,
    options: Vec<u8>,
    tweak: impl Fn(u8, &mut PeerSpec),
) -> Table {
    let l = launcher();
    let tag = |i: u8| format!("{name}-p{}", i + 1);
    let mut host = spec(
        dir,
        game,
        &tag(0),
        Role::Host {
            seats: players,
            bots: 0,
            options,
        },
    );
    tweak(0, &mut host);
    let mut h = l.spawn(&host, &log(dir, &tag(0))).expect("the host starts");
    let ticket = h.ticket(LIMIT).await.expect("the host's ticket");
    let mut procs = vec![h];
    let mut replays = vec![host.replay.clone().unwrap()];
    for i in 1..players {
        let mut s = spec(
            dir,
            game,
            &tag(i),
            Role::Join {
                ticket: ticket.clone(),
            },
        );
        tweak(i, &mut s);
        procs.push(l.spawn(&s, &log(dir, &tag(i))).expect("a joiner starts"));
        replays.push(s.replay.clone().unwrap());
    }
    Table {
        procs,
        replays,
        ticket,
    }
}

/// Checks a finished game: everyone ended it, every replay verifies and they are identical, no
/// incident, and each peer's peak memory is under the bound; returns the peaks.
fn check_game(o: &DemoOutcome) -> Vec<u64> {
    assert_verified(o);
    for p in &o.peers {
        let r = p.report.as_ref().unwrap();
        assert!(r.cheats.is_empty(), "{}: incidents {:?}", p.name, r.cheats);
    }
    checked_peaks(o)
}

/// A game of `players` players with `spectators` spectators, let in by the host's "anyone may
/// watch" once the game is on.
fn watched_game<G: Game>(
    game: &str,
    options: Vec<u8>,
    players: u8,
    spectators: u8,
    bot_delay_ms: u64,
) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        let mut t = start_table(d, game, "g", players, options, |i, s| {
            s.timing.bot_delay_ms = bot_delay_ms;
            s.anyone_may_watch = i == 0;
        })
        .await;
        t.procs[0].started(LIMIT).await.expect("the game starts");
        for i in 0..spectators {
            let tag = format!("g-w{}", i + 1);
            let s = spec(
                d,
                game,
                &tag,
                Role::Spectate {
                    ticket: t.ticket.clone(),
                },
            );
            t.procs
                .push(launcher().spawn(&s, &log(d, &tag)).expect("a spectator"));
            t.replays.push(s.replay.clone().unwrap());
        }
        let o = collect::<G>(t.procs, t.replays, LIMIT, t0).await;
        eprintln!("{}", o.summary());
        let peaks = check_game(&o);
        let n = players as usize;
        for p in &o.peers[n..] {
            assert_eq!(p.report.as_ref().unwrap().seat, None, "a spectator sits");
        }
        let (pl, ph) = range(&peaks[..n]);
        let (sl, sh) = range(&peaks[n..]);
        eprintln!(
            "LOAD {game}: {players} players, {spectators} spectators, {} moves, wall {:.1} s; \
             peak RSS players {:.1}-{:.1} MiB, spectators {:.1}-{:.1} MiB",
            o.peers[0].report.as_ref().unwrap().moves,
            o.wall.as_secs_f64(),
            mib(pl),
            mib(ph),
            mib(sl),
            mib(sh),
        );
    });
}

#[test]
#[ignore = "heavy (24 processes for about a minute on 2 cores): run with --ignored"]
fn hold_8_players_16_spectators() {
    watched_game::<Hold>(Hold::NAME, Vec::new(), 8, 16, 2);
}

#[test]
fn hold_4_players_4_spectators() {
    watched_game::<Hold>(Hold::NAME, Vec::new(), 4, 4, 1);
}

#[test]
fn pig_8_players_16_spectators() {
    watched_game::<Pig>("pig", pig_options(100, 100), 8, 16, 15);
}

/// `games` games of two Pig players at once: every host is started first, then every joiner, so
/// that the games start together; the bots' wait of 20 ms a move keeps each game on for longer
/// than it takes to start all the joiners, so that they are played at the same time.
fn games_at_once(games: u8) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        let l = launcher();
        let tag = |g: u8, i: u8| format!("g{}-p{}", g + 1, i + 1);
        let peer = |g: u8, i: u8, role: Role| {
            let mut s = spec(d, "pig", &tag(g, i), role);
            s.timing.bot_delay_ms = 20;
            s
        };
        let mut tables = Vec::new();
        for g in 0..games {
            let role = Role::Host {
                seats: 2,
                bots: 0,
                options: pig_options(50, 40),
            };
            let host = peer(g, 0, role);
            let mut h = l.spawn(&host, &log(d, &tag(g, 0))).expect("a host starts");
            let ticket = h.ticket(LIMIT).await.expect("the host's ticket");
            tables.push((vec![h], vec![host.replay.clone().unwrap()], ticket));
        }
        for (g, (procs, replays, ticket)) in tables.iter_mut().enumerate() {
            let g = g as u8;
            let s = peer(
                g,
                1,
                Role::Join {
                    ticket: ticket.clone(),
                },
            );
            procs.push(l.spawn(&s, &log(d, &tag(g, 1))).expect("a joiner starts"));
            replays.push(s.replay.clone().unwrap());
        }
        // Every game runs at once; collecting them in turn only reads what each printed.
        let mut outcomes = Vec::new();
        for (procs, replays, _) in tables {
            outcomes.push(collect::<Pig>(procs, replays, LIMIT, t0).await);
        }
        let wall = t0.elapsed();
        let mut peaks = Vec::new();
        let mut moves = 0;
        for o in &outcomes {
            peaks.extend(check_game(o));
            moves += o.peers[0].report.as_ref().unwrap().moves;
        }
        assert_eq!(peaks.len(), games as usize * 2, "every peer reported");
        let (lo, hi) = range(&peaks);
        eprintln!(
            "LOAD pig: {games} games of 2 at once, {moves} moves in all, wall {:.1} s; \
             peak RSS per peer {:.1}-{:.1} MiB",
            wall.as_secs_f64(),
            mib(lo),
            mib(hi),
        );
    });
}

#[test]
fn twenty_games_at_once() {
    games_at_once(20);
}

/// What the stranger sent.
#[derive(Debug, Default)]
struct Flood {
    chat: u32,
    sync: u32,
    garbage: u32,
    bytes: usize,
}

/// A node with its own key and no seat: dials the host from the ticket and, in bursts, sends
/// `rounds` times a signed chat line of about 1 KB and a sync request (well-formed, for this
/// game) and every tenth round a frame of garbage of 32 to 96 KiB: with 10 000 rounds, more
/// bytes than [`PEER_BOUND_KIB`].
async fn flood(dir: &Path, ticket: &Ticket, rounds: u32) -> Flood {
    let key = dwarfs_net::identity::load_or_create(Some(&dir.join("stranger.key"))).unwrap();
    let signer = Signer::new(&key).expect("an ed25519 key");
    let mut node = Node::start(NodeConfig::loopback(key))
        .await
        .expect("the stranger's node");
    node.dial(ticket.host, ticket.addrs.clone());
    let mut f = Flood::default();
    for i in 0..rounds {
        let body = ChatBody {
            game_id: ticket.game_id,
            seat: Some(Seat((i % 2) as u8)),
            counter: i + 1,
            text: format!("let me in, #{i} {}", "!".repeat(900)),
        };
        let chat = Message::Chat(Signed {
            sig: signer.sign(Domain::Chat, &body),
            body,
        });
        let chat = wrap_wire(&wire::encode(&chat).unwrap());
        f.bytes += chat.len();
        node.send(ticket.host, chat);
        f.chat += 1;
        let sync = Message::SyncRequest(SyncRequest {
            game_id: ticket.game_id,
            from_seq: i % 7,
            need_setup: i % 3 == 0,
        });
        let sync = wrap_wire(&wire::encode(&sync).unwrap());
        f.bytes += sync.len();
        node.send(ticket.host, sync);
        f.sync += 1;
        if i % 10 == 0 {
            // Garbage behind each channel tag, 32 to 96 KiB a frame.
            let n = 32 * 1024 + (i as usize * 7919) % (64 * 1024);
            let mut g: Vec<u8> = (0..n)
                .map(|k| (k as u32).wrapping_mul(2_654_435_761).wrapping_add(i) as u8)
                .collect();
            g[0] = (i / 10 % 3) as u8;
            f.bytes += g.len();
            node.send(ticket.host, g);
            f.garbage += 1;
        }
        if i % 50 == 49 {
            while node.try_next_event().is_some() {}
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    // Let the last frames leave before the node stops.
    tokio::time::sleep(Duration::from_millis(500)).await;
    node.shutdown().await;
    f
}

#[test]
fn a_stranger_floods_a_game_with_signed_messages_and_garbage() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        let mut t = start_table(d, "pig", "g", 2, pig_options(100, 200), |_, s| {
            s.timing.bot_delay_ms = 30;
        })
        .await;
        t.procs[0].started(LIMIT).await.expect("the game starts");
        let ticket = Ticket::decode(&t.ticket).unwrap();
        let (sent, o) = tokio::join!(
            flood(d, &ticket, 10_000),
            collect::<Pig>(t.procs, t.replays, LIMIT, t0)
        );
        eprintln!("{}", o.summary());
        let peaks = check_game(&o);
        let host = o.peers[0].report.as_ref().unwrap();
        assert!(
            host.dropped_frames > 0,
            "the stranger's frames reached the host and were dropped: {host:?}"
        );
        assert!(
            sent.bytes > PEER_BOUND_KIB as usize * 1024,
            "the stranger sends more than the bound"
        );
        assert!(
            host.dropped_frames <= u64::from(sent.chat + sent.sync),
            "only the stranger's signed frames are dropped as from no seat: {host:?}"
        );
        for p in &o.peers[1..] {
            assert_eq!(p.report.as_ref().unwrap().dropped_frames, 0, "{}", p.name);
        }
        let (lo, hi) = range(&peaks);
        eprintln!(
            "LOAD flood: {sent:?} ({:.0} MiB) sent to the host; host dropped {} frames, rate-limited {}; \
             {} moves, wall {:.1} s; peak RSS per player {:.1}-{:.1} MiB",
            sent.bytes as f64 / (1 << 20) as f64,
            host.dropped_frames,
            host.limited_frames,
            host.moves,
            o.wall.as_secs_f64(),
            mib(lo),
            mib(hi),
        );
    });
}
