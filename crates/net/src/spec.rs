//! What a peer is asked to do ([`PeerSpec`]) and what it reports at the end ([`PeerReport`]).
//! Both are plain serde data so that `dwarfs demo` and the tests can run peers as separate
//! processes and read their results.

use crate::node::Transport;
pub use dwarfs_client::{Ending, LinkReport, PeerReport, Role};
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
    pub mute_seat_until_reconnect: Option<dwarfs_engine::Seat>,
    /// After this many writes to the replay file (the first holds its magic and header, each
    /// later one a frame), every write to the replay file and the signing journal fails, as on a
    /// full disk.
    #[serde(default)]
    pub replay_fails_after_writes: Option<u32>,
}

/// Everything a peer process needs to play: who it is and what it plays, and, grouped by
/// concern, how it reaches the network ([`NetPlan`]), its timings ([`Timing`]) and how it runs
/// as a process ([`Process`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeerSpec {
    /// The game's engine name.
    pub game: String,
    /// The display name.
    pub name: String,
    /// The identity key file; `None` for the default file in the config directory.
    pub key: Option<PathBuf>,
    /// Host, join, watch or resume.
    pub role: Role,
    /// Where to write the replay; `None` for no replay file.
    pub replay: Option<PathBuf>,
    /// With no replay file, keep the replay in memory and hand it over in the report at the
    /// end ([`PeerReport::replay_bytes`]): a browser, which has no files, offers it as a
    /// download.
    #[serde(default)]
    pub replay_in_memory: bool,
    /// Host: anyone who asks may watch the game (an open game). Otherwise the host's app is
    /// asked about each spectator (Allow or Deny), and a host without an app denies them.
    #[serde(default)]
    pub anyone_may_watch: bool,
    /// How it listens and gets through NAT.
    pub net: NetPlan,
    /// How long it waits for what.
    pub timing: Timing,
    /// How it runs as a process: what it prints, what ties it to a parent, what it measures.
    pub process: Process,
    /// Test-only behaviour.
    #[cfg(feature = "test-hooks")]
    #[serde(default)]
    pub hooks: TestHooks,
}

/// How a peer listens and gets through NAT.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetPlan {
    /// Multiaddrs to listen on; empty for `transport` on `default_ip`, any port.
    pub listen: Vec<String>,
    /// The transport used when `listen` is empty.
    pub transport: Transport,
    /// The IP to listen on when `listen` is empty.
    pub default_ip: String,
    /// Run mDNS on the LAN.
    pub mdns: bool,
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
    /// Listen nowhere, only dial out, as a browser tab does (it cannot accept connections):
    /// `listen` and `transport` are then ignored. A joining peer then reserves a slot on the
    /// host's relay, so that the other players reach it through the host.
    #[serde(default)]
    pub dial_only: bool,
}

/// How long a peer waits for what (milliseconds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
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
}

/// How a peer runs as a process.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Process {
    /// Print the moves as they happen.
    pub verbose: bool,
    /// Print the `DWARFS-*` lines that `dwarfs demo` and the tests read.
    pub machine: bool,
    /// Exit as soon as stdin closes (`dwarfs_nettools::demo::child_main`): a child process
    /// started by `demo`, `bench net` or a test watches the pipe its parent holds, so it never
    /// outlives a parent that was killed.
    #[serde(default)]
    pub exit_with_parent: bool,
    /// After the game, measure this many raw request-response round trips to every other
    /// seated peer over the same connections (for `dwarfs bench net`); 0 for none.
    pub rtt_probes: u32,
}

impl PeerSpec {
    /// A peer a person plays (from the app or the terminal): listening on every interface over
    /// TCP, QUIC and WebSocket (for browsers), found on the LAN by mDNS, with a game's time to play (4 hours), no
    /// `DWARFS-*` lines and no tie to a parent process. The caller adds the key, the replay
    /// file, the relays, UPnP and the takeover timeouts it offers.
    pub fn player(game: &str, name: &str, role: Role) -> Self {
        let mut spec = PeerSpec::loopback(game, name, role, Transport::Tcp);
        spec.net = NetPlan {
            listen: vec![
                "/ip4/0.0.0.0/tcp/0".into(),
                "/ip4/0.0.0.0/udp/0/quic-v1".into(),
                "/ip4/0.0.0.0/tcp/0/ws".into(),
            ],
            default_ip: "0.0.0.0".into(),
            mdns: true,
            ..spec.net
        };
        spec.timing = Timing {
            retransmit_ms: 250,
            timeout_ms: 4 * 3600 * 1000,
            linger_ms: 3_000,
            ..spec.timing
        };
        spec.process = Process {
            machine: false,
            exit_with_parent: false,
            ..spec.process
        };
        spec
    }

    /// A bot-played peer on 127.0.0.1 with timings that suit tests and the demo.
    pub fn loopback(game: &str, name: &str, role: Role, transport: Transport) -> Self {
        PeerSpec {
            game: game.into(),
            name: name.into(),
            key: None,
            role,
            replay: None,
            replay_in_memory: false,
            anyone_may_watch: false,
            net: NetPlan {
                listen: Vec::new(),
                transport,
                default_ip: "127.0.0.1".into(),
                mdns: false,
                relays: Vec::new(),
                upnp: false,
                relay_wait_ms: default_relay_wait_ms(),
                dial_only: false,
            },
            timing: Timing {
                bot_delay_ms: 0,
                retransmit_ms: 200,
                seat_timeout_ms: 0,
                gone_timeout_ms: 0,
                timeout_ms: 60_000,
                linger_ms: 2_000,
            },
            process: Process {
                verbose: false,
                machine: true,
                exit_with_parent: true,
                rtt_probes: 0,
            },
            #[cfg(feature = "test-hooks")]
            hooks: TestHooks::default(),
        }
    }
}

fn default_relay_wait_ms() -> u64 {
    10_000
}
