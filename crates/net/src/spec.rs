//! What a peer is asked to do ([`PeerSpec`]) and what it reports at the end ([`PeerReport`]).
//! Both are plain serde data so that `dwarfs demo` and the tests can run peers as separate
//! processes and read their results.

use crate::node::Transport;
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The environment variable through which a child peer process receives its [`PeerSpec`] (JSON).
pub const SPEC_ENV: &str = "DWARFS_NET_PEER_SPEC";
/// Prefix of the stdout line that carries a host's ticket in machine mode.
pub const TICKET_LINE: &str = "DWARFS-TICKET ";
/// Prefix of the stdout line that carries the final [`PeerReport`] (JSON) in machine mode.
pub const REPORT_LINE: &str = "DWARFS-REPORT ";
/// Prefix of the stdout line a peer prints when its game has started (machine mode).
pub const STARTED_LINE: &str = "DWARFS-STARTED";
/// Exit code of a peer that stopped itself on purpose to simulate a crash (test hook).
#[cfg(feature = "test-hooks")]
pub const DIE_EXIT_CODE: i32 = 86;

/// The peer's part in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Open a lobby and sit in seat 1.
    Host {
        /// Seats at the table.
        seats: u8,
        /// How many of them the deterministic bot plays (the last ones).
        bots: u8,
        /// The canonical encoding of the game's options; empty for the defaults.
        options: Vec<u8>,
    },
    /// Join the game of a ticket and take a seat.
    Join {
        /// The invite ticket.
        ticket: String,
    },
    /// Watch the game of a ticket (read-only, may join mid-game).
    Spectate {
        /// The invite ticket.
        ticket: String,
    },
    /// Find an open lobby of the game on the LAN by mDNS and take a seat in it.
    Lan,
    /// Come back to a game from the own replay file after the process died.
    Resume {
        /// The replay file written before the crash.
        replay: PathBuf,
        /// A ticket to reach the other peers if the address book next to the replay is missing.
        ticket: Option<String>,
    },
}

/// Misbehaviour a peer can be told to commit, to test that the others detect it (test only).
#[cfg(feature = "test-hooks")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cheat {
    /// Sign and send a move the rules forbid.
    IllegalMove,
    /// Sign two different moves for one turn and send both.
    Equivocate,
    /// Send an ack that claims to come from another seat.
    ForgeAck,
}

/// Test hooks. Never set by the normal CLI; only in a build with the `test-hooks` feature.
#[cfg(feature = "test-hooks")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestHooks {
    /// Cheat this way, at the first own turn from `cheat_from_seq` on.
    pub cheat: Option<Cheat>,
    /// The first move number at which to cheat.
    pub cheat_from_seq: u32,
    /// Announce a wrong card-data digest in the lobby.
    pub fake_digest: bool,
    /// Exit abruptly (code [`DIE_EXIT_CODE`]) once this move is final, as if the process died.
    pub die_at_seq: Option<u32>,
    /// Close every connection once this move is final, then carry on (reconnection test).
    pub drop_links_at_seq: Option<u32>,
    /// Send this chat line once the first move is final.
    pub chat: Option<String>,
    /// Swallow every session frame to the player in this seat, as a stuck stream
    /// would, until the connection to it is closed once.
    #[serde(default)]
    pub mute_seat_until_reconnect: Option<Seat>,
    /// After this many writes to the replay file (the first holds its magic and header, each
    /// later one a frame), every write to the replay file and the signing journal fails, as on a
    /// full disk.
    #[serde(default)]
    pub replay_fails_after_writes: Option<u32>,
}

/// Everything a peer process needs to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeerSpec {
    /// The game's engine name.
    pub game: String,
    /// The display name.
    pub name: String,
    /// The identity key file; `None` for the default file in the config directory.
    pub key: Option<PathBuf>,
    /// Multiaddrs to listen on; empty for `transport` on `default_ip`, any port.
    pub listen: Vec<String>,
    /// The transport used when `listen` is empty.
    pub transport: Transport,
    /// The IP to listen on when `listen` is empty.
    pub default_ip: String,
    /// Host, join, watch or resume.
    pub role: Role,
    /// Where to write the replay; `None` for no replay file.
    pub replay: Option<PathBuf>,
    /// Print the moves as they happen.
    pub verbose: bool,
    /// Wait this long before each bot move (to watch, or to let a spectator join mid-game).
    pub bot_delay_ms: u64,
    /// Resend and re-ask for missing items after this long without progress.
    pub retransmit_ms: u64,
    /// A seat silent this long is handed to the takeover bot by vote; 0 never votes.
    pub seat_timeout_ms: u64,
    /// A seat whose peer has been disconnected this long while the game waits for it is voted
    /// to the takeover bot; 0 never. Unlike `seat_timeout_ms` it never removes a connected
    /// player who is only thinking (the app uses this one).
    #[serde(default)]
    pub gone_timeout_ms: u64,
    /// Give up after this long in total.
    pub timeout_ms: u64,
    /// After the game, stay this long at most for the others to finish.
    pub linger_ms: u64,
    /// Run mDNS on the LAN.
    pub mdns: bool,
    /// Print the `DWARFS-*` lines that `dwarfs demo` and the tests read.
    pub machine: bool,
    /// After the game, measure this many raw request-response round trips to every other
    /// seated peer over the same connections (for `dwarfs bench net`); 0 for none.
    pub rtt_probes: u32,
    /// Exit as soon as stdin closes (`dwarfs_nettools::demo::child_main`): a child process started by `demo`, `bench net` or a test
    /// watches the pipe its parent holds, so it never outlives a parent that was killed.
    #[serde(default)]
    pub exit_with_parent: bool,
    /// Host: anyone who asks may watch the game (an open game). Otherwise the host's app is
    /// asked about each spectator (Allow or Deny), and a host without an app denies them.
    #[serde(default)]
    pub anyone_may_watch: bool,
    /// Relays to hold a slot on (`.../p2p/RELAY_ID`), so that peers behind NAT can reach this
    /// one; they go into the tickets it hosts. A joiner also uses the relays its ticket names.
    #[serde(default)]
    pub relays: Vec<String>,
    /// Ask the home router for a port mapping with UPnP.
    #[serde(default)]
    pub upnp: bool,
    /// How long a host behind NAT waits for a relay slot before printing its ticket (ms).
    #[serde(default = "default_relay_wait_ms")]
    pub relay_wait_ms: u64,
    /// Test-only behaviour.
    #[cfg(feature = "test-hooks")]
    #[serde(default)]
    pub hooks: TestHooks,
}

impl PeerSpec {
    /// A peer a person plays (from the app or the terminal): listening on every interface over
    /// TCP and QUIC, found on the LAN by mDNS, with a game's time to play (4 hours), no
    /// `DWARFS-*` lines and no tie to a parent process. The caller adds the key, the replay
    /// file, the relays, UPnP and the takeover timeouts it offers.
    pub fn player(game: &str, name: &str, role: Role) -> Self {
        PeerSpec {
            listen: vec![
                "/ip4/0.0.0.0/tcp/0".into(),
                "/ip4/0.0.0.0/udp/0/quic-v1".into(),
            ],
            default_ip: "0.0.0.0".into(),
            retransmit_ms: 250,
            timeout_ms: 4 * 3600 * 1000,
            linger_ms: 3_000,
            mdns: true,
            machine: false,
            exit_with_parent: false,
            ..PeerSpec::loopback(game, name, role, Transport::Tcp)
        }
    }

    /// A bot-played peer on 127.0.0.1 with timings that suit tests and the demo.
    pub fn loopback(game: &str, name: &str, role: Role, transport: Transport) -> Self {
        PeerSpec {
            game: game.into(),
            name: name.into(),
            key: None,
            listen: Vec::new(),
            transport,
            default_ip: "127.0.0.1".into(),
            role,
            replay: None,
            verbose: false,
            bot_delay_ms: 0,
            retransmit_ms: 200,
            seat_timeout_ms: 0,
            gone_timeout_ms: 0,
            timeout_ms: 60_000,
            linger_ms: 2_000,
            mdns: false,
            machine: true,
            rtt_probes: 0,
            exit_with_parent: true,
            anyone_may_watch: false,
            relays: Vec::new(),
            upnp: false,
            relay_wait_ms: default_relay_wait_ms(),
            #[cfg(feature = "test-hooks")]
            hooks: TestHooks::default(),
        }
    }
}

fn default_relay_wait_ms() -> u64 {
    10_000
}

/// How a peer was reached during a game, as reported at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkReport {
    /// The other peer's id.
    pub peer: String,
    /// How it was reached at the end: `Some(Path::Direct)`, `Some(Path::Relayed)`, or `None`
    /// when the link was lost.
    pub path: Option<crate::node::Path>,
    /// Frames received from it while it was reached directly.
    pub frames_direct: u64,
    /// Frames received from it while it was reached only through a relay.
    pub frames_relayed: u64,
    /// How its last frame came.
    pub last_frame: Option<crate::node::Path>,
    /// Hole punches with it that failed.
    pub punches_failed: u32,
}

/// How a peer's run ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// The game ended and every live peer agreed on the final hash.
    Over,
    /// The session halted on a cheat or desync.
    Halted(String),
    /// The lobby refused us, or we refused the lobby.
    Refused(String),
    /// The run timed out.
    TimedOut(String),
    /// Another failure.
    Failed(String),
    /// The player left (an app's [`crate::control::Command::Leave`]).
    Left,
}

impl std::fmt::Display for Ending {
    /// How the run ended, as a summary line says it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Over => write!(f, "game over"),
            Ending::Halted(why) => write!(f, "halted: {why}"),
            Ending::Refused(why) => write!(f, "refused: {why}"),
            Ending::TimedOut(why) => write!(f, "timed out: {why}"),
            Ending::Failed(why) => write!(f, "failed: {why}"),
            Ending::Left => write!(f, "left the game"),
        }
    }
}

impl PeerReport {
    /// A report for a peer that has not played yet.
    pub fn new(peer: String, name: String, replay: Option<PathBuf>) -> Self {
        PeerReport {
            peer,
            name,
            seat: None,
            ending: Ending::Failed("not finished".into()),
            moves: 0,
            hash_checks: 0,
            final_hash: None,
            scores: vec![],
            winners: vec![],
            latencies_us: vec![],
            connected_us: None,
            configured_us: None,
            started_us: None,
            seeding_us: None,
            cpu_us: None,
            replay,
            cheats: vec![],
            takeovers: vec![],
            chat: vec![],
            rtt_us: vec![],
            rtt_all_us: vec![],
            dropped_frames: 0,
            limited_frames: 0,
            links: vec![],
            reachability: String::new(),
            first_hash_us: None,
        }
    }
}

/// What a peer reports at the end of its run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeerReport {
    /// Our peer id.
    pub peer: String,
    /// Our display name.
    pub name: String,
    /// Our seat, or `None` as a spectator.
    pub seat: Option<Seat>,
    /// How it ended.
    pub ending: Ending,
    /// Final moves.
    pub moves: u32,
    /// Moves whose state hash every live peer acked identically.
    pub hash_checks: u32,
    /// The final state hash (hex).
    pub final_hash: Option<String>,
    /// Final scores, in seat order.
    pub scores: Vec<i32>,
    /// Winning seats.
    pub winners: Vec<Seat>,
    /// For each of our own moves: microseconds from signing it to every ack.
    pub latencies_us: Vec<u64>,
    /// Microseconds from start to the first connection to another peer.
    pub connected_us: Option<u64>,
    /// Microseconds from start to the game configuration being agreed (lobby done).
    pub configured_us: Option<u64>,
    /// Microseconds from start to the seed being revealed and the first state hash known.
    pub started_us: Option<u64>,
    /// Microseconds from the configuration to the first state hash (commit-reveal).
    pub seeding_us: Option<u64>,
    /// This process's processor time (µs, every thread) when the game started (the first state
    /// hash) and when it ended (the same until it ends), for `dwarfs bench net`
    /// ([`crate::cpu::process_cpu_time`]).
    #[serde(default)]
    pub cpu_us: Option<(u64, u64)>,
    /// The replay file written.
    pub replay: Option<std::path::PathBuf>,
    /// Cheats detected, one sentence each.
    pub cheats: Vec<String>,
    /// Seats taken over: (seat, from move).
    pub takeovers: Vec<(Seat, u32)>,
    /// Chat lines received: "seat: text".
    pub chat: Vec<String>,
    /// Raw round trips to one peer at a time (µs), when probes were asked for.
    pub rtt_us: Vec<u64>,
    /// Raw round trips to all other seated peers at once (ping all, wait for every pong; µs).
    pub rtt_all_us: Vec<u64>,
    /// Session frames dropped quietly because their sender holds no seat and is not an
    /// admitted spectator (or, as a spectator, sent something other than a log request).
    #[serde(default)]
    pub dropped_frames: u64,
    /// Chat lines, log requests and evidence dropped because their sender exceeded its rate.
    #[serde(default)]
    pub limited_frames: u64,
    /// How each other player was reached, at the end of the game.
    #[serde(default)]
    pub links: Vec<LinkReport>,
    /// What the node knew of its own reachability at the end.
    #[serde(default)]
    pub reachability: String,
    /// Microseconds from start to the first move agreed by every player (its state hash
    /// acked by all).
    #[serde(default)]
    pub first_hash_us: Option<u64>,
}
