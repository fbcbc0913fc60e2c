//! What a peer reports at the end of its run ([`PeerReport`]): plain serde data, so that a
//! peer run as a process can print it and `dwarfs demo` and the tests can read it.

use crate::Path;
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// How a peer was reached during a game, as reported at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkReport {
    /// The other peer's id.
    pub peer: String,
    /// How it was reached at the end: `Some(Path::Direct)`, `Some(Path::Relayed)`, or `None`
    /// when the link was lost.
    pub path: Option<Path>,
    /// Frames received from it while it was reached directly.
    pub frames_direct: u64,
    /// Frames received from it while it was reached only through a relay.
    pub frames_relayed: u64,
    /// How its last frame came.
    pub last_frame: Option<Path>,
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
    /// The player left (an app's [`crate::Command::Leave`]).
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
            replay_bytes: None,
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
    /// (`dwarfs_net::cpu::process_cpu_time`).
    #[serde(default)]
    pub cpu_us: Option<(u64, u64)>,
    /// The replay file written.
    pub replay: Option<std::path::PathBuf>,
    /// The replay itself, when it was kept in memory rather than in a file (a browser's; see
    /// `PeerSpec::replay_in_memory`). Not part of the printed report.
    #[serde(skip)]
    pub replay_bytes: Option<Vec<u8>>,
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

impl Ending {
    /// How a network run ended, as the app says it to the player.
    pub fn words(&self) -> String {
        match self {
            Ending::Over => "the game is over".into(),
            Ending::Halted(r) => format!("halted: {r}"),
            Ending::Refused(r) => format!("refused: {r}"),
            Ending::TimedOut(r) => format!("timed out: {r}"),
            Ending::Failed(r) => r.clone(),
            Ending::Left => "you left".into(),
        }
    }
}
