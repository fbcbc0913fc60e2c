//! One peer's run: the lobby over libp2p, then the protocol [`Session`] driven over the node until
//! the game is over, with the replay written as it goes.
//!
//! Lobby: the host sits in seat 1 and listens; joiners dial the ticket's addresses and send the
//! protocol's lobby hello (game, rules version, card-data digest) and a [`NetMsg::Join`] with their
//! listen addresses. A mismatch is refused with a [`Refusal`] that says which. When the seats are
//! filled the host sends the roster (who sits where, where they listen) and the offer (the
//! [`GameConfig`]); every peer then starts its session and dials every other seated peer, so the
//! game runs over a full mesh with no central peer. Any peer with a running session answers a
//! latecomer (spectator or a resumed player) with the roster and the configuration.

use crate::control::{Command, Incident, Link, Update};
use crate::envelope::{
    Envelope, FRAME_LIMIT, LobbyInfo, NetMsg, Roster, RosterSeat, open, wrap_net, wrap_wire,
};
use crate::host_lobby::{HostLobby, HostSeat, LobbyWait};
use crate::identity;
use crate::node::{NetEvent, Node, NodeConfig};
use crate::spec::{
    Cheat, DIE_EXIT_CODE, Ending, PeerReport, PeerSpec, REPORT_LINE, Role, STARTED_LINE,
    TICKET_LINE,
};
use crate::ticket::Ticket;
use dwarfs_engine::{Actor, Game, Seat, codec, state_hash};
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{LobbyHello, LobbyMessage, MoveBody, ReadyBody, Signed};
use dwarfs_protocol::replay::format::{Frame, read_frames};
use dwarfs_protocol::{
    Destination, Event, GameConfig, Message, Phase, PublicKeyBytes, Refusal, SeatSpec, Session,
    Settings, Signer, wire,
};
use libp2p::identity::Keypair;
use libp2p::{Multiaddr, PeerId};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use thiserror::Error;

/// How often a peer waiting for the lobby greets its contacts again.
const GREET_EVERY: Duration = Duration::from_millis(500);

/// While the lobby has not answered, dial unreached contacts again every this many greetings.
const REDIAL_EVERY_GREETS: u32 = 6;

/// Connections are reopened for lack of progress at most this often.
const LINK_RESET_EVERY: Duration = Duration::from_secs(10);

/// How long a peer that leaves stays, so that its goodbye reaches the others.
const LEAVE_LINGER: Duration = Duration::from_millis(300);

/// Colours given to seats in order.
pub const COLOURS: [&str; 8] = [
    "red", "blue", "green", "yellow", "purple", "orange", "white", "black",
];

/// Why a peer could not run.
#[derive(Debug, Error)]
pub enum PeerError {
    /// The identity key.
    #[error(transparent)]
    Key(#[from] identity::KeyError),
    /// The network node.
    #[error(transparent)]
    Node(#[from] crate::node::NodeError),
    /// The ticket.
    #[error("bad ticket: {0}")]
    Ticket(#[from] crate::ticket::TicketError),
    /// A listen address.
    #[error("bad listen address {0:?}: use a multiaddr such as /ip4/0.0.0.0/tcp/4001")]
    Listen(String),
    /// The setup is inconsistent.
    #[error("{0}")]
    Setup(String),
    /// The replay file.
    #[error("replay file {path}: {reason}")]
    Replay {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

/// The address book written next to a replay (`<replay>.peers`), so `dwarfs resume` can find the
/// other peers again.
pub fn peers_file(replay: &Path) -> PathBuf {
    let mut s = replay.as_os_str().to_owned();
    s.push(".peers");
    PathBuf::from(s)
}

/// The colour name seat `i` plays: the game's own colours, or a generic one.
fn seat_colour<G: Game>(i: usize) -> String {
    G::seat_colour(Seat(i as u8))
        .map(str::to_string)
        .unwrap_or_else(|| COLOURS[i % COLOURS.len()].to_string())
}

/// The deterministic choice of a bot-played local seat: a function of the state, the seat and
/// our peer id, so a peer that resumes after a crash signs the same move again (never two).
pub fn bot_pick<G: Game>(state: &G, seat: Seat, salt: &[u8], n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs net bot v1");
    h.update(&state_hash(state).0);
    h.update(&[seat.0]);
    h.update(salt);
    let mut w = [0u8; 8];
    w.copy_from_slice(&h.finalize().as_bytes()[..8]);
    (u64::from_le_bytes(w) % n as u64) as usize
}

fn new_game_id(me: &PeerId) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs game id v1");
    h.update(&me.to_bytes());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    h.update(&nanos.to_le_bytes());
    h.update(&std::process::id().to_le_bytes());
    *h.finalize().as_bytes()
}

enum LobbyState {
    /// Host: filling seats.
    Hosting(HostLobby),
    /// Waiting for the configuration from the peer we dialled.
    Waiting,
    /// The session runs.
    Playing,
}

struct Driver<G: Game> {
    spec: PeerSpec,
    key: Keypair,
    signer: Signer,
    me: PeerId,
    my_key: PublicKeyBytes,
    node: Node,
    t0: Instant,
    deadline: Instant,
    lobby: LobbyState,
    game_id: [u8; 32],
    hellos: BTreeMap<PeerId, LobbyHello>,
    addrs: BTreeMap<PeerId, Vec<Vec<u8>>>,
    spectators: BTreeSet<PeerId>,
    roster: Option<Roster>,
    session: Option<Session<G>>,
    replay: Option<std::fs::File>,
    connected: BTreeSet<PeerId>,
    /// Peers we dialled from a ticket or an address book and must greet on connection.
    contacts: BTreeSet<PeerId>,
    greeted: BTreeSet<PeerId>,
    done_from: BTreeSet<PeerId>,
    own_moves: BTreeMap<u32, Instant>,
    seen_actions: Vec<G::Action>,
    cheated: Option<Instant>,
    forged: bool,
    dropped_links: bool,
    next_bot_move: Option<Instant>,
    /// When to greet our contacts again while the lobby has not answered (frames can be lost
    /// before a session exists to retransmit them).
    next_greet: Instant,
    over_at: Option<Instant>,
    stdin: Option<tokio::sync::mpsc::UnboundedReceiver<String>>,
    prompted_seq: u32,
    probe: Option<Probe>,
    probes_done: bool,
    report: PeerReport,
    /// The app controlling this peer, if any (see [`crate::control`]).
    link: Option<Link<G>>,
    /// The invite ticket of the lobby we host.
    ticket: Option<String>,
    /// Moves the app chose, waiting for the move before them to be final.
    app_moves: std::collections::VecDeque<G::Action>,
    /// LAN join: nodes found by mDNS that we asked what they host.
    lan_asked: BTreeSet<PeerId>,
    /// Whether we (a joiner) are ready to start.
    my_ready: bool,
    /// Greeting rounds while waiting for the lobby.
    greet_rounds: u32,
    /// Since when each peer we lost has been disconnected.
    gone_since: BTreeMap<PeerId, Instant>,
    /// Test hook: the muted link was closed once and works again.
    unmuted: bool,
    /// When we last reopened every connection because the game made no progress.
    links_reset: Option<Instant>,
    /// When the app asked us to leave (we stay a moment so the goodbye goes out).
    left: Option<Instant>,
}

/// A raw round-trip measurement in flight.
struct Probe {
    nonce: u64,
    sent: Instant,
    waiting: BTreeSet<PeerId>,
    /// Whether this probe pings every peer at once.
    all: bool,
    /// Peers still to probe one at a time, then rounds to all.
    plan: Vec<Option<PeerId>>,
}

/// Runs one peer to the end of its game and returns its report. In machine mode, prints the
/// `DWARFS-*` lines (ticket, started, report) on stdout.
pub async fn run_peer<G: Game>(spec: PeerSpec) -> Result<PeerReport, PeerError> {
    run_linked::<G>(spec, None).await
}

/// [`run_peer`], controlled by an app through `link` when given.
pub(crate) async fn run_linked<G: Game>(
    spec: PeerSpec,
    link: Option<Link<G>>,
) -> Result<PeerReport, PeerError> {
    let key = identity::load_or_create(spec.key.as_deref())?;
    let signer = Signer::new(&key).map_err(|e| PeerError::Setup(e.to_string()))?;
    let listen: Vec<Multiaddr> = if spec.listen.is_empty() {
        vec![spec.transport.any_addr(&spec.default_ip)]
    } else {
        spec.listen
            .iter()
            .map(|s| s.parse().map_err(|_| PeerError::Listen(s.clone())))
            .collect::<Result<_, _>>()?
    };
    let t0 = Instant::now();
    let node = Node::start(NodeConfig {
        key: key.clone(),
        listen,
        mdns: spec.mdns,
        frame_limit: FRAME_LIMIT,
    })
    .await?;
    let me = node.peer_id();
    let my_key = signer.public();
    let report = PeerReport::new(me.to_string(), spec.name.clone(), spec.replay.clone());
    if spec.exit_with_parent && !spec.interactive {
        exit_when_stdin_closes();
    }
    let stdin = spec.interactive.then(spawn_stdin);
    let mut d = Driver::<G> {
        deadline: t0 + Duration::from_millis(spec.timeout_ms.max(1)),
        spec,
        key,
        signer,
        me,
        my_key,
        node,
        t0,
        lobby: LobbyState::Waiting,
        game_id: [0; 32],
        hellos: BTreeMap::new(),
        addrs: BTreeMap::new(),
        spectators: BTreeSet::new(),
        roster: None,
        session: None,
        replay: None,
        connected: BTreeSet::new(),
        contacts: BTreeSet::new(),
        greeted: BTreeSet::new(),
        done_from: BTreeSet::new(),
        own_moves: BTreeMap::new(),
        seen_actions: Vec::new(),
        cheated: None,
        forged: false,
        dropped_links: false,
        next_bot_move: None,
        next_greet: t0 + GREET_EVERY,
        over_at: None,
        stdin,
        prompted_seq: u32::MAX,
        probe: None,
        probes_done: false,
        report,
        my_ready: link.is_none(),
        link,
        ticket: None,
        lan_asked: BTreeSet::new(),
        app_moves: std::collections::VecDeque::new(),
        greet_rounds: 0,
        links_reset: None,
        unmuted: false,
        gone_since: BTreeMap::new(),
        left: None,
    };
    let result = d.run().await;
    let mut report = d.report.clone();
    if let Err(e) = &result {
        report.ending = Ending::Failed(e.to_string());
    }
    if d.spec.machine {
        let json = serde_json::to_string(&report).unwrap_or_default();
        println!("{REPORT_LINE}{json}");
    }
    d.node.shutdown().await;
    result.map(|_| report)
}

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

fn spawn_stdin() -> tokio::sync::mpsc::UnboundedReceiver<String> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        loop {
            line.clear();
            match stdin.read_line(&mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    if tx.send(line.trim().to_string()).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

impl<G: Game> Driver<G> {
    fn now_ms(&self) -> u64 {
        self.t0.elapsed().as_millis() as u64
    }

    fn since_start_us(&self) -> u64 {
        self.t0.elapsed().as_micros() as u64
    }

    fn say(&self, line: impl AsRef<str>) {
        if let Some(l) = &self.link {
            l.send(Update::Status(line.as_ref().to_string()));
        } else if !self.spec.machine || self.spec.verbose {
            println!("{}", line.as_ref());
        }
    }

    /// Sends an update to the controlling app, if any.
    fn update(&self, u: impl FnOnce() -> Update<G>) {
        if let Some(l) = &self.link {
            l.send(u());
        }
    }

    /// Whether a person (terminal or app) chooses the local seat's moves.
    fn human(&self) -> bool {
        self.spec.interactive || self.link.is_some()
    }

    fn listen_bytes(&self) -> Vec<Vec<u8>> {
        self.node
            .listen_addrs()
            .iter()
            .filter(|a| !is_unspecified(a))
            .map(|a| a.to_vec())
            .collect()
    }

    fn my_hello(&self) -> LobbyHello {
        let mut h = LobbyHello::for_game::<G>(self.spec.name.clone());
        if self.spec.hooks.fake_digest {
            h.data_digest[0] ^= 0xff;
        }
        h
    }

    fn send_wire(&mut self, to: PeerId, msg: &Message) {
        match wire::encode(msg) {
            Ok(bytes) => self.node.send(to, wrap_wire(&bytes)),
            Err(e) => tracing::warn!("not sending a {}: {e}", msg.kind()),
        }
    }

    fn send_net(&mut self, to: PeerId, msg: &NetMsg) {
        self.node.send(to, wrap_net(msg));
    }

    async fn run(&mut self) -> Result<(), PeerError> {
        self.setup().await?;
        loop {
            self.pump();
            if let Some(end) = self.finished() {
                self.report.ending = end;
                return Ok(());
            }
            let wake = self.next_wake();
            tokio::select! {
                ev = self.node.next_event() => match ev {
                    Some(ev) => self.on_net(ev),
                    None => return Err(PeerError::Setup("the network stopped".into())),
                },
                line = recv_line(&mut self.stdin) => self.on_line(line),
                cmd = recv_command(&mut self.link) => self.on_command(cmd),
                _ = tokio::time::sleep_until(wake.into()) => {}
            }
            // Drain what else is ready before pumping, to batch work.
            while let Some(ev) = self.node.try_next_event() {
                self.on_net(ev);
                self.poll_probe();
            }
            self.poll_probe();
            let now = self.now_ms();
            if let Some(s) = self.session.as_mut() {
                s.tick(now);
            }
            self.vote_out_gone();
            if self.session.is_none() && Instant::now() >= self.next_greet {
                self.next_greet = Instant::now() + GREET_EVERY;
                let (reached, unreached): (Vec<PeerId>, Vec<PeerId>) = self
                    .contacts
                    .iter()
                    .partition(|p| self.connected.contains(p));
                for p in reached {
                    self.greet(p);
                }
                // Not reached yet: dial again (the node remembers the addresses), every few
                // seconds, and say so.
                self.greet_rounds += 1;
                if !unreached.is_empty() && self.greet_rounds.is_multiple_of(REDIAL_EVERY_GREETS) {
                    let waited = self.t0.elapsed().as_secs();
                    self.say(format!(
                        "Still trying to reach {} ({waited} s): check the ticket, and that the host's firewall lets it in.",
                        if unreached.len() == 1 { "the host" } else { "the other players" }
                    ));
                    for p in unreached {
                        self.node.dial(p, Vec::new());
                    }
                }
            }
        }
    }

    fn next_wake(&self) -> Instant {
        let mut wake = self.deadline;
        if let Some(s) = &self.session
            && let Some(t) = s.next_timeout()
        {
            wake = wake.min(self.t0 + Duration::from_millis(t));
        }
        if let Some(t) = self.next_bot_move {
            wake = wake.min(t);
        }
        if self.session.is_none() && !self.contacts.is_empty() {
            wake = wake.min(self.next_greet);
        }
        if let Some(t) = self.over_at {
            wake = wake.min(t + Duration::from_millis(self.spec.linger_ms));
        }
        if let Some(t) = self.cheated {
            wake = wake.min(t + Duration::from_millis(self.spec.linger_ms));
        }
        if let Some(t) = self.left {
            wake = wake.min(t + LEAVE_LINGER);
        }
        wake.max(Instant::now())
    }

    /// Whether the run is over, and how.
    fn finished(&mut self) -> Option<Ending> {
        if let Some(t) = self.left
            && t.elapsed() >= LEAVE_LINGER
        {
            return Some(Ending::Left);
        }
        if Instant::now() >= self.deadline {
            let what = match &self.session {
                None => "the lobby did not complete".to_string(),
                Some(s) => format!(
                    "the game did not finish (phase {:?}, {} moves final)",
                    s.phase(),
                    s.final_seq()
                ),
            };
            return Some(Ending::TimedOut(format!(
                "{what} within {} ms",
                self.spec.timeout_ms
            )));
        }
        if let Ending::Refused(_) = self.report.ending {
            return Some(self.report.ending.clone());
        }
        if let Some(t) = self.cheated
            && t.elapsed() >= Duration::from_millis(self.spec.linger_ms)
        {
            return Some(Ending::Failed("stopped after cheating (test hook)".into()));
        }
        let s = self.session.as_ref()?;
        match s.phase() {
            Phase::Halted(reason) => {
                // Stay a moment so our evidence reaches the others.
                let at = *self.over_at.get_or_insert_with(Instant::now);
                if at.elapsed() >= Duration::from_millis(self.spec.linger_ms.min(500)) {
                    return Some(Ending::Halted(reason.clone()));
                }
                None
            }
            Phase::Over => {
                let at = *self.over_at.get_or_insert_with(Instant::now);
                // Stay for the other players and for connected spectators still catching up, until
                // each says it is done (bounded by the linger time).
                let mut others: Vec<PeerId> = s.broadcast_peers();
                others.extend(
                    s.follower_peers()
                        .into_iter()
                        .filter(|p| self.connected.contains(p)),
                );
                others.extend(
                    self.connected
                        .iter()
                        .filter(|p| s.seat_of_peer(p).is_none())
                        .copied(),
                );
                let all_done = others.iter().all(|p| self.done_from.contains(p));
                if self.probe.is_some() && at.elapsed() < Duration::from_secs(30) {
                    return None;
                }
                if all_done || at.elapsed() >= Duration::from_millis(self.spec.linger_ms) {
                    return Some(Ending::Over);
                }
                None
            }
            _ => None,
        }
    }

    async fn setup(&mut self) -> Result<(), PeerError> {
        match self.spec.role.clone() {
            Role::Host {
                seats,
                bots,
                options,
            } => {
                let options = if options.is_empty() {
                    codec::encode(&G::Options::default())
                } else {
                    options
                };
                let opts: G::Options = codec::decode(&options)
                    .map_err(|e| PeerError::Setup(format!("game options: {e}")))?;
                G::new(&opts, seats).map_err(|e| PeerError::Setup(e.to_string()))?;
                if bots >= seats {
                    return Err(PeerError::Setup(format!(
                        "{bots} bots leave no seat for a player out of {seats}"
                    )));
                }
                self.game_id = new_game_id(&self.me);
                self.lobby =
                    LobbyState::Hosting(HostLobby::new(self.me, seats - bots, bots, options));
                let mut addrs: Vec<Multiaddr> = self
                    .node
                    .current_listen_addrs()
                    .await?
                    .into_iter()
                    .filter(|a| !is_unspecified(a))
                    .collect();
                if addrs.is_empty() {
                    addrs = self.node.listen_addrs().to_vec();
                }
                let ticket = Ticket {
                    game: G::NAME.into(),
                    game_id: self.game_id,
                    host: self.me,
                    addrs,
                };
                self.ticket = Some(ticket.to_string());
                self.update(|| Update::Ticket(ticket.to_string()));
                if self.link.is_some() {
                    self.host_roster_changed();
                } else if self.spec.machine {
                    println!("{TICKET_LINE}{ticket}");
                } else {
                    println!("Invite ticket (share it with the other players):\n\n{ticket}\n");
                    println!(
                        "Waiting for {} more player(s) to join with `dwarfs join TICKET`...",
                        seats - bots - 1
                    );
                    if self.spec.interactive {
                        println!("(type /start to fill the open seats with bots and start now)");
                    }
                }
                self.maybe_start_hosted();
            }
            Role::Join { ticket } | Role::Spectate { ticket } => {
                let t = Ticket::decode(&ticket)?;
                if t.game != G::NAME {
                    return Err(PeerError::Setup(format!(
                        "the ticket is for {}, not {}",
                        t.game,
                        G::NAME
                    )));
                }
                self.game_id = t.game_id;
                self.contacts.insert(t.host);
                self.say(format!("Connecting to the host {}...", t.host));
                self.node.dial(t.host, t.addrs);
            }
            Role::Resume { replay, ticket } => self.setup_resume(&replay, ticket)?,
            Role::Lan => {
                if !self.spec.mdns {
                    return Err(PeerError::Setup(
                        "finding a game on the LAN needs mDNS, which is off".into(),
                    ));
                }
                self.say("Looking for an open lobby on the LAN (mDNS)...");
            }
        }
        Ok(())
    }

    fn setup_resume(&mut self, path: &Path, ticket: Option<String>) -> Result<(), PeerError> {
        let bad = |reason: String| PeerError::Replay {
            path: path.to_path_buf(),
            reason,
        };
        let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
        let frames = read_frames(&bytes);
        let config = match frames.frames.into_iter().next() {
            Some((_, Frame::Header(h))) => h.config,
            _ => {
                return Err(bad(
                    "it has no header: the game had not started when it stopped, so join again with the ticket"
                        .into(),
                ));
            }
        };
        if config.seat_of(&self.my_key).is_none() {
            return Err(bad(
                "this key holds no seat in that game: pass the --key the game was played with"
                    .into(),
            ));
        }
        self.game_id = config.game_id;
        let mut contacts = Vec::new();
        if let Ok(book) = std::fs::read(peers_file(path))
            && let Ok(roster) = codec::decode::<Roster>(&book)
        {
            for s in &roster.seats {
                if let Some(p) = s.peer_id()
                    && p != self.me
                {
                    contacts.push((p, s.multiaddrs()));
                }
            }
            self.roster = Some(roster);
        }
        if let Some(t) = ticket {
            let t = Ticket::decode(&t)?;
            contacts.push((t.host, t.addrs));
        }
        if contacts.is_empty() {
            return Err(bad(format!(
                "no address book ({}) and no --ticket: cannot find the other players",
                peers_file(path).display()
            )));
        }
        for (p, addrs) in contacts {
            self.contacts.insert(p);
            self.node.dial(p, addrs);
        }
        // The session is rebuilt from the same configuration and key: its commits and beacon
        // chain are derived from the key, so they are the same as before the crash, and the
        // other peers' logs fill in the rest. The replay is rewritten from the start.
        self.start_session(config)?;
        Ok(())
    }

    // ----- lobby -----

    /// The host's lobby as a roster: names, colours, where players listen, ready states.
    fn roster_for(&self, lobby: &HostLobby) -> Roster {
        let seats = lobby
            .seats()
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let mut r = RosterSeat {
                    seat: i as u8,
                    name: String::new(),
                    colour: seat_colour::<G>(i),
                    peer: None,
                    addrs: vec![],
                    bot: false,
                    ready: false,
                };
                match seat {
                    HostSeat::Player(p) => {
                        r.name = if *p == self.me {
                            self.spec.name.clone()
                        } else {
                            self.hellos
                                .get(p)
                                .map(|h| h.name.clone())
                                .unwrap_or_default()
                        };
                        r.addrs = if *p == self.me {
                            self.listen_bytes()
                        } else {
                            self.addrs.get(p).cloned().unwrap_or_default()
                        };
                        r.peer = Some(p.to_bytes());
                        r.ready = lobby.is_ready(p);
                    }
                    HostSeat::Open => r.name = "(open)".into(),
                    HostSeat::Bot => {
                        r.name = "bot".into();
                        r.bot = true;
                        r.ready = true;
                    }
                }
                r
            })
            .collect();
        Roster {
            game_id: self.game_id,
            seats,
            options: lobby.options.clone(),
        }
    }

    /// Shows the lobby: to the app as an update, on the terminal as text.
    fn show_roster(&self, roster: &Roster) {
        if self.link.is_some() {
            let me = self.me.to_bytes();
            let you = roster
                .seats
                .iter()
                .find(|s| s.peer.as_deref() == Some(me.as_slice()))
                .map(|s| s.seat);
            let (seats, options) = (roster.seats.clone(), roster.options.clone());
            self.update(|| Update::Roster {
                seats,
                options,
                you,
            });
            return;
        }
        if self.spec.machine && !self.spec.verbose {
            return;
        }
        println!("Lobby:");
        for s in &roster.seats {
            println!("  seat {} ({}): {}", s.seat + 1, s.colour, s.name);
        }
    }

    /// Host: a joiner said hello and where it listens.
    fn host_join(&mut self, from: PeerId, spectator: bool, is_ready: bool) {
        let LobbyState::Hosting(lobby) = &mut self.lobby else {
            return;
        };
        if spectator {
            self.spectators.insert(from);
            return;
        }
        match lobby.join(from, is_ready) {
            Err(e) => {
                let r = Refusal::Seats(e.to_string());
                self.send_wire(from, &Message::Lobby(LobbyMessage::Refuse(r)));
            }
            Ok(false) => {
                // Greeted again (a lost frame, a reconnection): the lobby as it is.
                if let LobbyState::Hosting(lobby) = &self.lobby {
                    let roster = self.roster_for(lobby);
                    self.send_net(from, &NetMsg::Roster(roster));
                }
            }
            Ok(true) => {
                let name = self
                    .hellos
                    .get(&from)
                    .map(|h| h.name.clone())
                    .unwrap_or_default();
                self.say(format!("{name} joined."));
                self.host_roster_changed();
                self.maybe_start_hosted();
            }
        }
    }

    /// Host: sends the current lobby to every joined peer and to the app.
    fn host_roster_changed(&mut self) {
        let LobbyState::Hosting(lobby) = &self.lobby else {
            return;
        };
        let roster = self.roster_for(lobby);
        let joined = lobby.joined();
        self.show_roster(&roster);
        for p in joined {
            self.send_net(p, &NetMsg::Roster(roster.clone()));
        }
    }

    /// Host: a joined peer's ready state changed.
    fn host_ready(&mut self, from: PeerId, is_ready: bool) {
        let LobbyState::Hosting(lobby) = &mut self.lobby else {
            return;
        };
        if lobby.set_ready(from, is_ready) {
            self.host_roster_changed();
            self.maybe_start_hosted();
        }
    }

    /// Host: a seated player (`from`, or we ourselves) asks to move to an open seat.
    fn host_take_seat(&mut self, from: PeerId, seat: u8) {
        let LobbyState::Hosting(lobby) = &mut self.lobby else {
            return;
        };
        match lobby.take_seat(from, seat) {
            Ok(()) => self.host_roster_changed(),
            Err(e) if from == self.me => self.update(|| Update::Refused(e.to_string())),
            Err(e) => tracing::debug!(%from, "seat change refused: {e}"),
        }
    }

    /// Host: a joined peer left the lobby; its seat opens again.
    fn host_leave(&mut self, from: PeerId) {
        let LobbyState::Hosting(lobby) = &mut self.lobby else {
            return;
        };
        if !lobby.leave(&from) {
            return;
        }
        let name = self
            .hellos
            .get(&from)
            .map(|h| h.name.clone())
            .unwrap_or_default();
        self.say(format!("{name} left the lobby."));
        self.host_roster_changed();
    }

    /// A lobby chat line from us (the app) or from a joined peer (the host relays it).
    fn lobby_chat(&mut self, from: Option<PeerId>, text: String) {
        let text: String = text
            .chars()
            .take(dwarfs_protocol::wire::MAX_CHAT_LEN)
            .collect();
        match &self.lobby {
            LobbyState::Hosting(lobby) => {
                let joined = lobby.joined();
                let name = match from {
                    None => self.spec.name.clone(),
                    Some(p) if joined.contains(&p) => self
                        .hellos
                        .get(&p)
                        .map(|h| h.name.clone())
                        .unwrap_or_default(),
                    Some(_) => return,
                };
                let msg = NetMsg::LobbyChat {
                    name: name.clone(),
                    text: text.clone(),
                };
                for p in joined {
                    self.send_net(p, &msg);
                }
                self.say(format!("[chat] {name}: {text}"));
                self.update(|| Update::LobbyChat { name, text });
            }
            // Our own line goes to the host, which sends it back to everyone.
            LobbyState::Waiting if from.is_none() => {
                let msg = NetMsg::LobbyChat {
                    name: String::new(),
                    text,
                };
                for p in self.contacts.clone() {
                    self.send_net(p, &msg);
                }
            }
            LobbyState::Waiting => {}
            LobbyState::Playing => {}
        }
    }

    /// LAN join: a node found by mDNS told us what it hosts; take a seat in the first open lobby
    /// of our game.
    fn lan_lobby_found(&mut self, from: PeerId, info: LobbyInfo) {
        if !matches!(self.spec.role, Role::Lan)
            || !self.lan_asked.contains(&from)
            || !self.contacts.is_empty()
            || self.session.is_some()
        {
            return;
        }
        if info.game != G::NAME || info.open == 0 {
            self.say(format!(
                "{} hosts {} with {} open seat(s): not joining.",
                info.host_name, info.game, info.open
            ));
            return;
        }
        let Ok(t) = Ticket::decode(&info.ticket) else {
            return;
        };
        if t.host != from {
            return;
        }
        self.say(format!(
            "Joining {}'s lobby ({} of {} seats open).",
            info.host_name, info.open, info.seats
        ));
        self.game_id = t.game_id;
        self.contacts.insert(from);
        self.greeted.insert(from);
        self.greet(from);
    }

    /// Host: what a LAN browser is told about our lobby.
    fn lobby_info(&self) -> Option<LobbyInfo> {
        let LobbyState::Hosting(lobby) = &self.lobby else {
            return None;
        };
        Some(LobbyInfo {
            game: G::NAME.into(),
            rules_version: G::RULES_VERSION,
            host_name: self.spec.name.clone(),
            ticket: self.ticket.clone()?,
            seats: lobby.seats().len() as u8,
            open: lobby.open() as u8,
        })
    }

    /// Host: fills the open seats with bots and starts now.
    fn start_with_bots(&mut self) {
        let LobbyState::Hosting(lobby) = &mut self.lobby else {
            self.say("Only the host can start the game, before it starts.");
            return;
        };
        let open = lobby.fill_with_bots();
        self.say(format!(
            "Starting with {open} open seat(s) played by the bot."
        ));
        self.host_roster_changed();
        self.maybe_start_hosted();
    }

    fn maybe_start_hosted(&mut self) {
        let LobbyState::Hosting(lobby) = &self.lobby else {
            return;
        };
        match lobby.waiting_for() {
            Some(LobbyWait::Open(_)) => return,
            Some(LobbyWait::NotReady(p)) => {
                let name = self
                    .hellos
                    .get(&p)
                    .map(|h| h.name.clone())
                    .unwrap_or_default();
                self.say(format!(
                    "Every seat is taken; waiting for {name} to be ready."
                ));
                return;
            }
            None => {}
        }
        let mut seats = Vec::new();
        for seat in lobby.seats() {
            seats.push(match seat {
                HostSeat::Player(p) if *p == self.me => SeatSpec::Player(self.my_key),
                HostSeat::Player(p) => match PublicKeyBytes::of_peer(p) {
                    Some(k) => SeatSpec::Player(k),
                    None => return,
                },
                HostSeat::Open | HostSeat::Bot => SeatSpec::Bot,
            });
        }
        let mut config = GameConfig::new::<G>(self.game_id, &G::Options::default(), seats);
        config.options = lobby.options.clone();
        let roster = self.roster_for(lobby);
        let joined = lobby.joined();
        self.roster = Some(roster.clone());
        for p in joined.iter().chain(self.spectators.clone().iter()) {
            self.send_net(*p, &NetMsg::Roster(roster.clone()));
            self.send_wire(*p, &Message::Lobby(LobbyMessage::Offer(config.clone())));
        }
        if let Err(e) = self.start_session(config) {
            self.report.ending = Ending::Failed(e.to_string());
        }
    }

    fn start_session(&mut self, config: GameConfig) -> Result<(), PeerError> {
        let settings = Settings {
            retransmit_ms: self.spec.retransmit_ms.max(10),
            silence_ms: if self.spec.seat_timeout_ms > 0 {
                self.spec.seat_timeout_ms
            } else {
                10_000
            },
            takeover_after_ms: (self.spec.seat_timeout_ms > 0).then_some(self.spec.seat_timeout_ms),
            ..Settings::default()
        };
        let session = Session::<G>::new(config.clone(), &self.key, settings, self.now_ms())
            .map_err(|e| PeerError::Setup(e.to_string()))?;
        self.report.seat = session.local_seat().map(|s| s.0);
        self.report.configured_us = Some(self.since_start_us());
        if let Some(path) = &self.spec.replay {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                let _ = std::fs::create_dir_all(dir);
            }
            let f = std::fs::File::create(path).map_err(|e| PeerError::Replay {
                path: path.clone(),
                reason: e.to_string(),
            })?;
            self.replay = Some(f);
            if let Some(r) = &self.roster {
                let _ = std::fs::write(peers_file(path), codec::encode(r));
            }
        }
        self.lobby = LobbyState::Playing;
        // Meet every seated peer: the full mesh.
        let mut to_dial = Vec::new();
        if let Some(r) = &self.roster {
            for s in &r.seats {
                if let Some(p) = s.peer_id()
                    && p != self.me
                {
                    to_dial.push((p, s.multiaddrs()));
                }
            }
        }
        self.session = Some(session);
        for (p, addrs) in to_dial {
            if !addrs.is_empty() {
                self.node.dial(p, addrs);
            }
        }
        let connected: Vec<PeerId> = self.connected.iter().copied().collect();
        if let Some(s) = self.session.as_mut() {
            for p in connected {
                s.peer_connected(p);
            }
        }
        if let Some(seat) = self.report.seat {
            self.say(format!(
                "The game starts: you play seat {} ({}).",
                seat + 1,
                seat_colour::<G>(seat as usize)
            ));
        } else {
            self.say("You are watching the game as a spectator.");
        }
        Ok(())
    }

    fn on_lobby(&mut self, from: PeerId, msg: LobbyMessage) {
        match msg {
            LobbyMessage::Hello(h) => {
                if let Err(r) = h.check::<G>() {
                    self.say(format!("Refused {}: {r}", h.name));
                    self.send_wire(from, &Message::Lobby(LobbyMessage::Refuse(r.clone())));
                    if self.contacts.contains(&from) && self.session.is_none() {
                        self.report.ending = Ending::Refused(r.to_string());
                    }
                    return;
                }
                self.hellos.insert(from, h);
            }
            LobbyMessage::Refuse(r) => {
                self.say(format!("Refused by the lobby: {r}"));
                if self.session.is_none() {
                    self.report.ending = Ending::Refused(r.to_string());
                }
            }
            LobbyMessage::Offer(config) => {
                if self.session.is_some() || !matches!(self.lobby, LobbyState::Waiting) {
                    return;
                }
                if matches!(self.spec.role, Role::Lan) && self.game_id == [0; 32] {
                    self.game_id = config.game_id;
                }
                if config.game_id != self.game_id {
                    return;
                }
                if let Err(r) = config.check::<G>() {
                    self.send_wire(from, &Message::Lobby(LobbyMessage::Refuse(r.clone())));
                    self.report.ending = Ending::Refused(r.to_string());
                    return;
                }
                let spectator = matches!(self.spec.role, Role::Spectate { .. });
                let seat = config.seat_of(&self.my_key);
                if seat.is_none() && !spectator {
                    self.report.ending =
                        Ending::Refused("the host gave us no seat in its game".into());
                    return;
                }
                if let Some(seat) = seat {
                    let body = ReadyBody {
                        config_digest: config.digest(),
                        seat: seat.0,
                    };
                    let ready = Signed {
                        sig: self.signer.sign(Domain::Ready, &body),
                        body,
                    };
                    self.send_wire(from, &Message::Lobby(LobbyMessage::Ready(ready)));
                }
                if let Err(e) = self.start_session(config) {
                    self.report.ending = Ending::Failed(e.to_string());
                }
            }
            LobbyMessage::Ready(_) => {}
        }
    }

    fn on_net_msg(&mut self, from: PeerId, msg: NetMsg) {
        match msg {
            NetMsg::Join {
                addrs,
                spectator,
                need_config,
                ready,
            } => {
                for a in &addrs {
                    if let Ok(m) = Multiaddr::try_from(a.clone()) {
                        self.node.add_address(from, m);
                    }
                }
                self.addrs.insert(from, addrs);
                if !self.hellos.contains_key(&from) {
                    // A hello that was refused, or none: no seat.
                    return;
                }
                if matches!(self.lobby, LobbyState::Hosting { .. }) {
                    self.host_join(from, spectator, ready);
                } else if let Some(s) = &self.session {
                    if need_config {
                        let config = s.config().clone();
                        if let Some(r) = self.roster.clone() {
                            self.send_net(from, &NetMsg::Roster(r));
                        }
                        self.send_wire(from, &Message::Lobby(LobbyMessage::Offer(config)));
                    }
                    if let Some(s) = self.session.as_mut() {
                        s.peer_connected(from);
                    }
                }
            }
            NetMsg::Roster(r) => {
                if matches!(self.spec.role, Role::Lan) && self.game_id == [0; 32] {
                    self.game_id = r.game_id;
                }
                if r.game_id != self.game_id {
                    return;
                }
                for s in &r.seats {
                    if let Some(p) = s.peer_id()
                        && p != self.me
                    {
                        for a in s.multiaddrs() {
                            self.node.add_address(p, a);
                        }
                    }
                }
                if self.session.is_none() {
                    self.show_roster(&r);
                }
                if self.roster.is_none() || self.session.is_none() {
                    self.roster = Some(r);
                }
            }
            NetMsg::Done => {
                self.done_from.insert(from);
            }
            NetMsg::Ready(r) => self.host_ready(from, r),
            NetMsg::TakeSeat(n) => self.host_take_seat(from, n),
            NetMsg::Leave => {
                if matches!(self.lobby, LobbyState::Hosting { .. }) {
                    self.host_leave(from);
                } else if matches!(self.lobby, LobbyState::Waiting)
                    && self.contacts.contains(&from)
                    && self.session.is_none()
                {
                    self.report.ending = Ending::Refused("the host closed the lobby".into());
                } else if let Some(s) = self.session.as_mut()
                    && let Some(seat) = s.seat_of_peer(&from)
                    && s.local_seat().is_some()
                {
                    // A player left the game: vote its seat to the bot at once (the takeover
                    // still needs the quorum of the remaining players).
                    match s.vote_takeover(seat) {
                        Ok(()) => self.say(format!(
                            "Seat {} left the game; voting to hand it to the takeover bot.",
                            seat.0 + 1
                        )),
                        Err(e) => tracing::debug!("no takeover vote for a leaving seat: {e}"),
                    }
                }
            }
            NetMsg::LobbyChat { name, text } => {
                if matches!(self.lobby, LobbyState::Hosting { .. }) {
                    self.lobby_chat(Some(from), text);
                } else if self.contacts.contains(&from) && self.session.is_none() {
                    self.say(format!("[chat] {name}: {text}"));
                    self.update(|| Update::LobbyChat { name, text });
                }
            }
            NetMsg::LobbyQuery => {
                if let Some(info) = self.lobby_info() {
                    self.send_net(from, &NetMsg::LobbyInfo(info));
                }
            }
            NetMsg::LobbyInfo(info) => self.lan_lobby_found(from, info),
            NetMsg::Ping(n) => self.send_net(from, &NetMsg::Pong(n)),
            NetMsg::Pong(n) => {
                if let Some(p) = self.probe.as_mut()
                    && p.nonce == n
                {
                    p.waiting.remove(&from);
                }
            }
        }
    }

    fn on_net(&mut self, ev: NetEvent) {
        match ev {
            NetEvent::Frame { from, bytes } => match open(&bytes) {
                Ok(Envelope::Wire(w)) => match wire::decode(w) {
                    Ok(Message::Lobby(l)) => self.on_lobby(from, l),
                    Ok(msg) => {
                        tracing::trace!(%from, "in: {}", msg.kind());
                        if let Some(s) = self.session.as_mut() {
                            s.handle_message(from, msg);
                        }
                    }
                    Err(e) => tracing::debug!(%from, "undecodable frame: {e}"),
                },
                Ok(Envelope::Net(m)) => self.on_net_msg(from, m),
                Err(e) => tracing::debug!(%from, "bad frame: {e}"),
            },
            NetEvent::Connected { peer, .. } => {
                if self.report.connected_us.is_none() {
                    self.report.connected_us = Some(self.since_start_us());
                }
                self.connected.insert(peer);
                self.gone_since.remove(&peer);
                if self.lan_asked.contains(&peer) && self.contacts.is_empty() {
                    self.send_net(peer, &NetMsg::LobbyQuery);
                }
                if self.contacts.contains(&peer) && self.greeted.insert(peer) {
                    self.greet(peer);
                } else if matches!(self.lobby, LobbyState::Hosting { .. }) || self.session.is_some()
                {
                    // Greet back so the dialler can check what we run.
                    let hello = self.my_hello();
                    self.send_wire(peer, &Message::Lobby(LobbyMessage::Hello(hello)));
                }
                if let Some(s) = self.session.as_mut() {
                    s.peer_connected(peer);
                }
            }
            NetEvent::Disconnected { peer } => {
                self.gone_since.entry(peer).or_insert_with(Instant::now);
                if self.muted(&peer) {
                    self.unmuted = true;
                }
                self.connected.remove(&peer);
                self.greeted.remove(&peer);
                // A joiner gone before the game starts frees its seat (it joins again if it
                // comes back).
                self.host_leave(peer);
            }
            NetEvent::Identified { peer, addrs, .. } => {
                self.addrs
                    .entry(peer)
                    .or_insert_with(|| addrs.iter().map(|a| a.to_vec()).collect());
            }
            NetEvent::Discovered(list) => {
                if matches!(self.spec.role, Role::Lan) && self.session.is_none() {
                    for (peer, addr) in list {
                        if peer != self.me && self.lan_asked.insert(peer) {
                            self.say(format!(
                                "Found a dwarfs node on the LAN at {addr}; asking what it hosts."
                            ));
                            self.node.dial(peer, vec![addr]);
                            if self.connected.contains(&peer) {
                                self.send_net(peer, &NetMsg::LobbyQuery);
                            }
                        }
                    }
                }
            }
            NetEvent::BadStream { peer, reason } => {
                tracing::warn!(%peer, "dropped a stream: {reason}");
            }
        }
    }

    /// Tells a contact what we run and where we listen (and that we need the configuration).
    fn greet(&mut self, peer: PeerId) {
        let hello = self.my_hello();
        self.send_wire(peer, &Message::Lobby(LobbyMessage::Hello(hello)));
        let join = NetMsg::Join {
            addrs: self.listen_bytes(),
            spectator: matches!(self.spec.role, Role::Spectate { .. }),
            need_config: self.session.is_none(),
            ready: self.my_ready,
        };
        self.send_net(peer, &join);
    }

    fn on_line(&mut self, line: Option<String>) {
        let Some(line) = line else {
            self.stdin = None;
            return;
        };
        if line == "/start" {
            self.start_with_bots();
            return;
        }
        let Some(s) = self.session.as_mut() else {
            println!(
                "The game has not started yet (the host can type /start to fill open seats with bots)."
            );
            return;
        };
        if let Some(text) = line.strip_prefix("/takeover ") {
            match text.trim().parse::<u8>() {
                Ok(n) if n >= 1 => match s.vote_takeover(Seat(n - 1)) {
                    Ok(()) => println!("You voted to hand seat {n} to the bot."),
                    Err(e) => println!("{e}"),
                },
                _ => println!("usage: /takeover SEAT"),
            }
            return;
        }
        if let Ok(n) = line.parse::<usize>() {
            if !s.is_my_turn() {
                println!("It is not your turn.");
                return;
            }
            let legal = s.state().legal_actions_vec();
            match n.checked_sub(1).and_then(|i| legal.get(i)) {
                Some(a) => {
                    let seq = s.final_seq() + 1;
                    match s.submit_local_action(a.clone()) {
                        Ok(()) => {
                            self.own_moves.insert(seq, Instant::now());
                        }
                        Err(e) => println!("{e}"),
                    }
                }
                None => println!("Choose a number from 1 to {}.", legal.len()),
            }
            return;
        }
        let text = line.strip_prefix("/say ").unwrap_or(&line);
        if !text.is_empty()
            && let Err(e) = s.send_chat(text)
        {
            println!("{e}");
        }
    }

    /// A command from the controlling app.
    fn on_command(&mut self, cmd: Option<Command<G::Action>>) {
        let Some(cmd) = cmd else {
            // The app dropped its handle: leave.
            self.link = None;
            self.leave();
            return;
        };
        match cmd {
            Command::Leave => self.leave(),
            Command::StartNow => {
                if matches!(self.lobby, LobbyState::Hosting { .. }) {
                    self.start_with_bots();
                } else {
                    self.say("Only the host can start the game.");
                }
            }
            Command::TakeSeat(n) => match self.lobby {
                LobbyState::Hosting(_) => self.host_take_seat(self.me, n),
                LobbyState::Waiting => {
                    for p in self.contacts.clone() {
                        self.send_net(p, &NetMsg::TakeSeat(n));
                    }
                }
                LobbyState::Playing => {
                    self.update(|| Update::Refused("the game has started".into()));
                }
            },
            Command::Ready(r) => {
                self.my_ready = r;
                if matches!(self.lobby, LobbyState::Waiting) {
                    for p in self.contacts.clone() {
                        self.send_net(p, &NetMsg::Ready(r));
                    }
                }
            }
            Command::Chat(text) => {
                let text = text.trim().to_string();
                if text.is_empty() {
                    return;
                }
                match self.session.as_mut() {
                    None => self.lobby_chat(None, text),
                    Some(s) => match (s.send_chat(&text), s.local_seat()) {
                        (Ok(()), Some(seat)) => {
                            self.report
                                .chat
                                .push(format!("seat {}: {text}", seat.0 + 1));
                            self.update(|| Update::Chat { seat, text });
                        }
                        (Ok(()), None) => {}
                        (Err(e), _) => self.update(|| Update::Refused(e.to_string())),
                    },
                }
            }
            Command::VoteTakeover(seat) => {
                let r = match self.session.as_mut() {
                    Some(s) => s.vote_takeover(seat).map_err(|e| e.to_string()),
                    None => Err("the game has not started".into()),
                };
                match r {
                    Ok(()) => self.say(format!(
                        "You voted to hand seat {} to the takeover bot.",
                        seat.0 + 1
                    )),
                    Err(e) => self.update(|| Update::Refused(e)),
                }
            }
            Command::Play(action) => {
                let r = match &self.session {
                    None => Err("the game has not started"),
                    Some(s) if s.local_seat().is_none() => Err("a spectator does not play"),
                    Some(s)
                        if s.state().to_act() != Actor::Seat(s.local_seat().unwrap_or(Seat(0))) =>
                    {
                        Err("it is not your turn")
                    }
                    // Our turn in the state shown; it is signed as soon as the move before it is
                    // final (see `play_app_move`).
                    Some(_) => Ok(()),
                };
                match r {
                    Ok(()) => self.app_moves.push_back(action),
                    Err(e) => self.update(|| Update::Refused(e.to_string())),
                }
            }
        }
    }

    /// Leaves: the lobby is told (the host frees our seat, or joiners learn it closed).
    fn leave(&mut self) {
        let to: Vec<PeerId> = match &self.lobby {
            LobbyState::Hosting(lobby) => lobby.joined(),
            LobbyState::Waiting => self.contacts.iter().copied().collect(),
            // A player who leaves a game under way says so, so the others hand its seat to the
            // bot now instead of waiting for the silence timeout.
            LobbyState::Playing => match &self.session {
                Some(s)
                    if s.local_seat().is_some()
                        && !s.is_taken_over()
                        && matches!(s.phase(), Phase::Playing | Phase::Settling) =>
                {
                    s.broadcast_peers()
                }
                _ => Vec::new(),
            },
        };
        for p in to {
            self.send_net(p, &NetMsg::Leave);
        }
        self.left.get_or_insert_with(Instant::now);
    }

    /// The seats' display names from the roster (or "seat N"), and which seats bots play.
    fn seat_names(&self) -> (Vec<String>, Vec<bool>) {
        let Some(s) = &self.session else {
            return (vec![], vec![]);
        };
        let seats = &s.config().seats;
        let names = (0..seats.len())
            .map(|i| {
                self.roster
                    .as_ref()
                    .and_then(|r| r.seats.get(i))
                    .map(|r| r.name.clone())
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| format!("Seat {}", i + 1))
            })
            .collect();
        let bots = seats.iter().map(|s| matches!(s, SeatSpec::Bot)).collect();
        (names, bots)
    }

    /// Live players (seated people not taken over), for "n of n agree".
    fn live_players(&self) -> usize {
        self.session.as_ref().map_or(0, |s| {
            s.broadcast_peers().len() + usize::from(s.local_seat().is_some() && !s.is_taken_over())
        })
    }

    // ----- the session -----

    fn pump(&mut self) {
        if self.session.is_none() {
            return;
        }
        loop {
            let mut any = false;
            while let Some(t) = self.session.as_mut().and_then(|s| s.poll_transmit()) {
                any = true;
                let targets = match &t.to {
                    Destination::Peer(p) => vec![*p],
                    Destination::Broadcast => self
                        .session
                        .as_ref()
                        .map(|s| s.broadcast_peers())
                        .unwrap_or_default(),
                };
                for msg in self.tamper(t.message) {
                    let Ok(bytes) = wire::encode(&msg) else {
                        continue;
                    };
                    let frame = wrap_wire(&bytes);
                    for p in &targets {
                        if self.muted(p) {
                            continue;
                        }
                        tracing::trace!(to = %p, "out: {}", msg.kind());
                        self.node.send(*p, frame.clone());
                    }
                }
            }
            while let Some(e) = self.session.as_mut().and_then(|s| s.poll_event()) {
                self.on_event(e);
            }
            if let Some(len) = self.session.as_mut().and_then(|s| s.poll_replay_truncate())
                && let Some(file) = self.replay.as_mut()
            {
                // Our seat was handed to the bot at a move we had taken as final: the session
                // rewound, and the replay is cut back to match before it goes on.
                use std::io::Seek;
                if let Err(e) = file
                    .set_len(len as u64)
                    .and_then(|()| file.seek(std::io::SeekFrom::Start(len as u64)).map(|_| ()))
                {
                    tracing::warn!("replay truncate failed: {e}");
                }
            }
            while let Some(f) = self.session.as_mut().and_then(|s| s.poll_replay_frame()) {
                if let Some(file) = self.replay.as_mut() {
                    // Unbuffered: a crash loses at most the frame being written.
                    if let Err(e) = file.write_all(&f) {
                        tracing::warn!("replay write failed: {e}");
                    }
                }
            }
            if self.play_bot_move() || self.play_app_move() {
                any = true;
            }
            if !any {
                break;
            }
        }
        self.check_hooks();
        self.prompt();
    }

    fn prompt(&mut self) {
        if !self.spec.interactive {
            return;
        }
        let Some(s) = &self.session else { return };
        if !s.is_my_turn() || self.prompted_seq == s.final_seq() {
            return;
        }
        self.prompted_seq = s.final_seq();
        let seat = s.local_seat().unwrap_or(Seat(0));
        println!(
            "\n{}",
            s.state().text_view(dwarfs_engine::Viewer::Seat(seat))
        );
        println!("Your turn ({}). Choose an action:", seat);
        for (i, a) in s.state().legal_actions_vec().iter().enumerate() {
            println!("  {:>3}. {}", i + 1, s.state().describe(a));
        }
        println!(
            "(type a number; other text is sent as chat; /takeover SEAT votes a silent seat to the bot)"
        );
    }

    fn check_hooks(&mut self) {
        let Some(s) = &self.session else { return };
        let seq = s.final_seq();
        if let Some(n) = self.spec.hooks.die_at_seq
            && seq >= n
        {
            let _ = std::io::stdout().flush();
            std::process::exit(DIE_EXIT_CODE);
        }
        if seq >= 1
            && let Some(text) = self.spec.hooks.chat.take()
            && let Some(s) = self.session.as_mut()
            && let Err(e) = s.send_chat(&text)
        {
            tracing::warn!("chat not sent: {e}");
        }
        let Some(s) = &self.session else { return };
        if let Some(n) = self.spec.hooks.drop_links_at_seq
            && seq >= n
            && !self.dropped_links
        {
            self.dropped_links = true;
            for p in s.broadcast_peers() {
                self.node.disconnect(p);
            }
        }
    }

    /// Signs the app's next chosen move once the session may take it; returns whether it did.
    fn play_app_move(&mut self) -> bool {
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        if self.app_moves.is_empty() || !s.is_my_turn() {
            return false;
        }
        let Some(action) = self.app_moves.pop_front() else {
            return false;
        };
        let seq = s.final_seq() + 1;
        match s.submit_local_action(action) {
            Ok(()) => {
                self.own_moves.insert(seq, Instant::now());
                true
            }
            Err(e) => {
                self.app_moves.clear();
                self.update(|| Update::Refused(e.to_string()));
                false
            }
        }
    }

    fn play_bot_move(&mut self) -> bool {
        if self.human() || self.cheated.is_some() {
            return false;
        }
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        if !s.is_my_turn() {
            self.next_bot_move = None;
            return false;
        }
        if self.spec.bot_delay_ms > 0 {
            match self.next_bot_move {
                None => {
                    self.next_bot_move =
                        Some(Instant::now() + Duration::from_millis(self.spec.bot_delay_ms));
                    return false;
                }
                Some(t) if Instant::now() < t => return false,
                Some(_) => self.next_bot_move = None,
            }
        }
        let legal = s.state().legal_actions_vec();
        if legal.is_empty() {
            return false;
        }
        let seat = s.local_seat().unwrap_or(Seat(0));
        let seq = s.final_seq() + 1;
        if let Some(cheat) = self.spec.hooks.cheat
            && seq >= self.spec.hooks.cheat_from_seq
            && self.cheat(cheat, seat, seq, &legal)
        {
            return true;
        }
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        let k = bot_pick(s.state(), seat, &self.me.to_bytes(), legal.len());
        match s.submit_local_action(legal[k].clone()) {
            Ok(()) => {
                self.own_moves.insert(seq, Instant::now());
                true
            }
            Err(e) => {
                tracing::warn!("bot move refused: {e}");
                false
            }
        }
    }

    /// Tells the controlling app what happened (the state is cloned only for an app).
    fn forward(&self, e: &Event<G>) {
        let Some(link) = &self.link else { return };
        let Some(s) = &self.session else { return };
        let state = || Box::new(s.state().clone());
        let u = match e {
            Event::Started { seed, .. } => {
                let (names, bots) = self.seat_names();
                Update::Started {
                    seat: s.local_seat(),
                    names,
                    bots,
                    state: state(),
                    seed: *seed,
                }
            }
            Event::MoveApplied {
                seq,
                seat,
                description,
                events,
                by_bot,
                ..
            } => Update::Applied {
                seq: *seq,
                seat: *seat,
                description: description.clone(),
                events: events.clone(),
                by_bot: *by_bot,
                state: state(),
            },
            Event::ChanceResolved { events, .. } => Update::Chance {
                events: events.clone(),
                state: state(),
            },
            Event::MoveFinal { seq, .. } => {
                let n = self.live_players();
                Update::Final {
                    seq: *seq,
                    agreed: n,
                    peers: n,
                }
            }
            Event::GameOver { outcome, moves, .. } => Update::Over {
                outcome: outcome.clone(),
                moves: *moves,
            },
            Event::Desync(r) => {
                let odd = r
                    .hashes
                    .iter()
                    .find(|(_, h)| Some(*h) != r.majority)
                    .map(|(seat, _)| *seat);
                let peer = odd.and_then(|seat| {
                    s.seat_peers()
                        .get(seat.index())
                        .copied()
                        .flatten()
                        .map(|p| p.to_string())
                });
                let hashes: Vec<String> = r
                    .hashes
                    .iter()
                    .map(|(seat, h)| format!("seat {}: {}", seat.0 + 1, h.to_hex()))
                    .collect();
                Update::Incident(Incident {
                    kind: "Desync".into(),
                    seq: r.seq,
                    seat: odd.map(|s| s.0),
                    peer,
                    evidence: format!(
                        "State hashes after move {} ({:?}):\n{}\nmajority: {}\nours: {}\n\nOur state:\n{}",
                        r.seq,
                        r.stage,
                        hashes.join("\n"),
                        r.majority.map_or("none".into(), |h| h.to_hex()),
                        r.local.to_hex(),
                        r.state_debug
                    ),
                })
            }
            Event::Cheat(ev) => Update::Incident(Incident {
                kind: ev.kind.to_string(),
                seq: ev.seq,
                seat: ev.seat,
                peer: ev.peer_id().map(|p| p.to_string()),
                evidence: format!("{ev}\n\nSigned items proving it:\n{:#?}", ev.proof),
            }),
            Event::Silent { seat, .. } => Update::Silent { seat: *seat },
            Event::TakenOver { seat, from_seq } => Update::TakenOver {
                seat: *seat,
                from_seq: *from_seq,
            },
            Event::Chat { seat, text } => Update::Chat {
                seat: *seat,
                text: text.clone(),
            },
            Event::YourTurn { .. } | Event::Halted { .. } => return,
        };
        link.send(u);
    }

    fn on_event(&mut self, e: Event<G>) {
        self.forward(&e);
        match e {
            Event::Started { seed, hash } => {
                self.report.started_us = Some(self.since_start_us());
                if let Some(c) = self.report.configured_us {
                    self.report.seeding_us = Some(self.since_start_us().saturating_sub(c));
                }
                if self.spec.machine {
                    println!("{STARTED_LINE}");
                }
                self.say(format!(
                    "Seed agreed ({}); first state hash {}.",
                    hex8(&seed),
                    hash.short()
                ));
            }
            Event::YourTurn { .. } => {}
            Event::MoveApplied {
                seq,
                seat,
                action,
                description,
                by_bot,
                ..
            } => {
                if self.spec.hooks.cheat == Some(Cheat::IllegalMove)
                    && !self.seen_actions.contains(&action)
                {
                    self.seen_actions.push(action);
                }
                let who = if by_bot { " (bot)" } else { "" };
                if self.spec.verbose || self.spec.interactive {
                    println!("{seq:>4}. seat {}{who}: {description}", seat.0 + 1);
                }
            }
            Event::MoveFinal { seq, .. } => {
                self.report.hash_checks += 1;
                self.report.moves = seq;
                if let Some(t) = self.own_moves.remove(&seq) {
                    self.report
                        .latencies_us
                        .push(t.elapsed().as_micros() as u64);
                }
            }
            Event::ChanceResolved { .. } => {}
            Event::GameOver {
                outcome,
                hash,
                moves,
            } => {
                self.report.moves = moves;
                self.report.final_hash = Some(hash.to_hex());
                self.report.scores = outcome.scores.iter().map(|s| s.total).collect();
                self.report.winners = outcome.winners.iter().map(|s| s.0).collect();
                self.say(format!(
                    "Game over after {moves} moves: {}",
                    outcome.summary
                ));
                if self.spec.rtt_probes == 0 {
                    self.send_done();
                } else {
                    self.start_probes();
                }
            }
            Event::Desync(r) => {
                let line = format!(
                    "DESYNC after move {}: hashes {:?}, majority {:?}, ours {}",
                    r.seq,
                    r.hashes
                        .iter()
                        .map(|(s, h)| format!("seat {}={}", s.0 + 1, h.short()))
                        .collect::<Vec<_>>(),
                    r.majority.map(|h| h.short()),
                    r.local.short()
                );
                if self.link.is_none() {
                    eprintln!("{line}");
                }
                self.report.cheats.push(line);
            }
            Event::Cheat(ev) => {
                let line = format!(
                    "{} by seat {} at move {}: {}",
                    ev.kind,
                    ev.seat.map(|s| (s + 1).to_string()).unwrap_or("?".into()),
                    ev.seq,
                    ev.detail
                );
                if self.link.is_none() {
                    eprintln!("cheat detected: {line}");
                }
                self.report.cheats.push(line);
            }
            Event::Silent { seat, waiting, .. } => {
                self.say(format!(
                    "Seat {} is silent (waiting for {waiting:?}).",
                    seat.0 + 1
                ));
                // No progress for the silence timeout: a link may be what is stuck (a stream
                // that swallows frames, between any two peers, not only toward the silent
                // one). Fresh connections make every peer resend its own items and ask for
                // what it lacks (`Session::peer_connected`); harmless if a player is only
                // thinking.
                if self
                    .links_reset
                    .is_none_or(|t| t.elapsed() >= LINK_RESET_EVERY)
                {
                    self.links_reset = Some(Instant::now());
                    let peers: Vec<PeerId> = self
                        .session
                        .as_ref()
                        .map(|s| s.broadcast_peers())
                        .unwrap_or_default()
                        .into_iter()
                        .filter(|p| self.connected.contains(p))
                        .collect();
                    tracing::info!("no progress: reconnecting {} peer(s)", peers.len());
                    for p in peers {
                        self.node.disconnect(p);
                    }
                }
                if self.spec.seat_timeout_ms > 0 {
                    self.say(format!(
                        "Voting to hand seat {} to the takeover bot.",
                        seat.0 + 1
                    ));
                }
            }
            Event::Chat { seat, text } => {
                let line = format!("seat {}: {text}", seat.0 + 1);
                self.say(format!("[chat] {line}"));
                self.report.chat.push(line);
            }
            Event::TakenOver { seat, from_seq } => {
                if self.report.seat == Some(seat.0) {
                    self.say(format!(
                        "The other players handed your seat to the takeover bot from move {from_seq} \
                         (you were silent too long). You follow the game to its end."
                    ));
                } else {
                    self.say(format!(
                        "Seat {} is now played by the takeover bot from move {from_seq}.",
                        seat.0 + 1
                    ));
                }
                self.report.takeovers.push((seat.0, from_seq));
            }
            Event::Halted { reason } => {
                if self.link.is_none() {
                    eprintln!("The game stopped: {reason}");
                }
            }
        }
    }

    fn send_done(&mut self) {
        self.probes_done = true;
        let peers = self
            .session
            .as_ref()
            .map(|s| s.seat_peers().into_iter().flatten().collect::<Vec<_>>())
            .unwrap_or_default();
        for p in peers {
            if p != self.me {
                self.send_net(p, &NetMsg::Done);
            }
        }
    }

    // ----- raw round-trip probes (benchmark) -----

    fn start_probes(&mut self) {
        let others: Vec<PeerId> = self
            .session
            .as_ref()
            .map(|s| s.broadcast_peers())
            .unwrap_or_default();
        let mut plan = Vec::new();
        for _ in 0..self.spec.rtt_probes {
            for p in &others {
                plan.push(Some(*p));
            }
            plan.push(None);
        }
        plan.reverse();
        self.probe = Some(Probe {
            nonce: 0,
            sent: Instant::now(),
            waiting: BTreeSet::new(),
            all: false,
            plan,
        });
        self.next_probe();
    }

    fn next_probe(&mut self) {
        let others: Vec<PeerId> = self
            .session
            .as_ref()
            .map(|s| s.broadcast_peers())
            .unwrap_or_default();
        let Some(p) = self.probe.as_mut() else { return };
        let Some(next) = p.plan.pop() else {
            self.probe = None;
            self.send_done();
            return;
        };
        p.nonce += 1;
        p.sent = Instant::now();
        p.all = next.is_none();
        p.waiting = match next {
            Some(peer) => [peer].into_iter().collect(),
            None => others.iter().copied().collect(),
        };
        let (nonce, targets): (u64, Vec<PeerId>) = (p.nonce, p.waiting.iter().copied().collect());
        for t in targets {
            self.send_net(t, &NetMsg::Ping(nonce));
        }
    }

    fn poll_probe(&mut self) {
        let Some(p) = &self.probe else { return };
        if !p.waiting.is_empty() {
            // A lost probe must not stall the run: give up on it after a second.
            if p.sent.elapsed() > Duration::from_secs(1) {
                self.probe = None;
                self.send_done();
            }
            return;
        }
        let us = p.sent.elapsed().as_micros() as u64;
        if p.all {
            self.report.rtt_all_us.push(us);
        } else {
            self.report.rtt_us.push(us);
        }
        self.next_probe();
    }

    // ----- test-only cheating -----

    /// Cheats instead of playing normally; returns whether it did.
    fn cheat(&mut self, cheat: Cheat, seat: Seat, seq: u32, legal: &[G::Action]) -> bool {
        let Some(s) = self.session.as_ref() else {
            return false;
        };
        let prev = state_hash(s.state());
        let sign_move = |signer: &Signer, action: &G::Action| {
            let body = MoveBody {
                game_id: s.config().game_id,
                seq,
                seat: seat.0,
                prev,
                action: codec::encode(action),
            };
            Signed {
                sig: signer.sign(Domain::Move, &body),
                body,
            }
        };
        match cheat {
            Cheat::IllegalMove => {
                let illegal = self.seen_actions.iter().find(|a| {
                    let mut st = s.state().clone();
                    st.play(seat, a).is_err()
                });
                let mv = match illegal {
                    Some(a) => sign_move(&self.signer, a),
                    None => {
                        // No recorded action is illegal here: send bytes no action decodes to.
                        let mut m = sign_move(&self.signer, &legal[0]);
                        m.body.action = vec![0xff; 9];
                        m.sig = self.signer.sign(Domain::Move, &m.body);
                        m
                    }
                };
                let peers = s.broadcast_peers();
                for p in peers {
                    self.send_wire(p, &Message::Move(mv.clone()));
                }
                self.cheated = Some(Instant::now());
                true
            }
            Cheat::Equivocate => {
                if legal.len() < 2 {
                    return false;
                }
                let a = sign_move(&self.signer, &legal[0]);
                let b = sign_move(&self.signer, &legal[1]);
                let peers = s.broadcast_peers();
                for (i, p) in peers.iter().enumerate() {
                    // Half the table sees one move first, half the other; all see both.
                    let (x, y) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
                    self.send_wire(*p, &Message::Move(x.clone()));
                    self.send_wire(*p, &Message::Move(y.clone()));
                }
                self.cheated = Some(Instant::now());
                true
            }
            Cheat::ForgeAck => false,
        }
    }

    /// Votes to hand to the bot the seats whose peers have been disconnected past
    /// `gone_timeout_ms` (a player who is connected, even if thinking for long, is never voted
    /// out this way). The takeover still needs the quorum of the remaining players.
    fn vote_out_gone(&mut self) {
        let after = Duration::from_millis(self.spec.gone_timeout_ms);
        if after.is_zero() {
            return;
        }
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if s.local_seat().is_none() || s.is_taken_over() {
            return;
        }
        let gone: Vec<PeerId> = s
            .broadcast_peers()
            .into_iter()
            .filter(|p| self.gone_since.get(p).is_some_and(|t| t.elapsed() >= after))
            .collect();
        for p in gone {
            if let Some(seat) = s.seat_of_peer(&p)
                && s.vote_takeover(seat).is_ok()
            {
                self.gone_since.remove(&p);
                let line = format!(
                    "Seat {} has been disconnected for {} s; voting to hand it to the takeover bot.",
                    seat.0 + 1,
                    after.as_secs()
                );
                self.say(line);
                return;
            }
        }
    }

    /// Test hook: whether frames to `peer` are swallowed (until its connection closes once).
    fn muted(&self, peer: &PeerId) -> bool {
        !self.unmuted
            && self
                .spec
                .hooks
                .mute_seat_until_reconnect
                .is_some_and(|seat| {
                    self.session
                        .as_ref()
                        .and_then(|s| s.seat_of_peer(peer))
                        .is_some_and(|s| s.0 == seat)
                })
    }

    /// Rewrites outgoing messages for the forged-ack cheat.
    fn tamper(&mut self, msg: Message) -> Vec<Message> {
        if self.spec.hooks.cheat != Some(Cheat::ForgeAck) {
            return vec![msg];
        }
        let Message::Ack(mut ack) = msg else {
            return vec![msg];
        };
        let Some(s) = &self.session else {
            return vec![Message::Ack(ack)];
        };
        if ack.signed.body.seq < self.spec.hooks.cheat_from_seq.max(1) || self.forged {
            return vec![Message::Ack(ack)];
        }
        let n = s.config().players();
        let me = ack.signed.body.seat;
        let victim = (0..n).find(|&v| {
            v != me && matches!(s.config().seats.get(v as usize), Some(SeatSpec::Player(_)))
        });
        let Some(victim) = victim else {
            return vec![Message::Ack(ack)];
        };
        let real = ack.clone();
        // An ack in another seat's name, signed with our own key.
        ack.signed.body.seat = victim;
        ack.signed.sig = self.signer.sign(Domain::Ack, &ack.signed.body);
        self.forged = true;
        vec![Message::Ack(real), Message::Ack(ack)]
    }
}

async fn recv_command<G: Game>(link: &mut Option<Link<G>>) -> Option<Command<G::Action>> {
    match link {
        Some(l) => l.commands.recv().await,
        None => std::future::pending().await,
    }
}

async fn recv_line(
    rx: &mut Option<tokio::sync::mpsc::UnboundedReceiver<String>>,
) -> Option<String> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

fn hex8(b: &[u8]) -> String {
    b.iter().take(4).map(|x| format!("{x:02x}")).collect()
}

fn is_unspecified(a: &Multiaddr) -> bool {
    a.iter().any(|p| match p {
        libp2p::multiaddr::Protocol::Ip4(ip) => ip.is_unspecified(),
        libp2p::multiaddr::Protocol::Ip6(ip) => ip.is_unspecified(),
        _ => false,
    })
}

/// The ed25519 public key inside a peer id (ed25519 peer ids embed the key).
trait KeyOfPeer {
    fn of_peer(peer: &PeerId) -> Option<PublicKeyBytes>;
}

impl KeyOfPeer for PublicKeyBytes {
    fn of_peer(peer: &PeerId) -> Option<PublicKeyBytes> {
        let mh = peer.as_ref();
        // Identity multihash (code 0) of the protobuf-encoded public key.
        if mh.code() != 0 {
            return None;
        }
        let pk = libp2p::identity::PublicKey::try_decode_protobuf(mh.digest()).ok()?;
        let ed = pk.try_into_ed25519().ok()?;
        Some(PublicKeyBytes(ed.to_bytes()))
    }
}
