//! One peer's run: the lobby ([`crate::lobby`]) over libp2p, then the protocol [`Session`]
//! driven over the node until the game is over, with the replay written as it goes.
//!
//! When the lobby has configured the game, every peer starts its session and dials every other
//! seated peer, so the game runs over a full mesh with no central peer. Any peer with a running
//! session answers a latecomer (spectator or a resumed player) with the roster and the
//! configuration.
//!
//! - this module: the driver, its event loop, setup and the end of a run;
//! - `inbound`: what arrives from the network, and the lobby's outputs carried out;
//! - `game`: the session — ticks, moves (bot, app), events, replay writing, takeovers;
//! - `commands`: what the controlling app asks for;
//! - `probe`: raw round-trip measurements after a game (`dwarfs bench net`);
//! - `hooks`: test-only misbehaviour, built with the `test-hooks` feature only (`no_hooks.rs`
//!   stands in otherwise).

mod checker;
mod clock;
mod commands;
mod flusher;
mod game;
#[cfg(feature = "test-hooks")]
mod hooks;
#[cfg(not(feature = "test-hooks"))]
#[path = "no_hooks.rs"]
mod hooks;
mod inbound;
mod links;
mod news;
mod our_moves;
mod probe;
mod replay_file;
mod saved_game;

pub use our_moves::bot_pick;

use crate::control::{Command, Link, LobbyUpdate, Update};
use crate::envelope::{NetMsg, wrap_net, wrap_wire};
use crate::identity;
use crate::lobby::{AddressBook, Lobby, LobbyPeer, Me};
use crate::node::{Node, NodeConfig};
use crate::spec::{Ending, PeerReport, PeerSpec, REPORT_LINE, Role, TICKET_LINE};
use crate::store::{FileStore, PeerStore};
use crate::ticket::Ticket;
use dwarfs_engine::{Game, codec};
use dwarfs_protocol::message::LobbyHello;
use dwarfs_protocol::replay::format::{Frame, read_frames};
use dwarfs_protocol::{Message, Phase, PublicKeyBytes, Session, Signer, wire};
use libp2p::identity::Keypair;
use libp2p::{Multiaddr, PeerId};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;
use web_time::Instant;

/// Connections are reopened for lack of progress at most this often.
const LINK_RESET_EVERY: Duration = Duration::from_secs(10);

/// How long a peer that leaves stays, so that its goodbye reaches the others.
const LEAVE_LINGER: Duration = Duration::from_millis(300);

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
    /// The game kept in the peer's store (a browser's storage) for a resume.
    #[error("the game kept in this browser cannot be resumed: {0}")]
    Saved(String),
}

/// The address book written next to a replay (`<replay>.peers`, an [`AddressBook`]), so
/// `dwarfs resume` can find the other peers again, and knows the host by its signature.
pub fn peers_file(replay: &Path) -> PathBuf {
    let mut s = replay.as_os_str().to_owned();
    s.push(".peers");
    PathBuf::from(s)
}

impl LobbyPeer for PeerId {
    fn to_bytes(&self) -> Vec<u8> {
        PeerId::to_bytes(*self)
    }

    /// The ed25519 public key inside a peer id (ed25519 peer ids embed the key).
    fn public_key(&self) -> Option<PublicKeyBytes> {
        let mh = self.as_ref();
        // Identity multihash (code 0) of the protobuf-encoded public key.
        if mh.code() != 0 {
            return None;
        }
        let pk = libp2p::identity::PublicKey::try_decode_protobuf(mh.digest()).ok()?;
        let ed = pk.try_into_ed25519().ok()?;
        Some(PublicKeyBytes(ed.to_bytes()))
    }

    fn from_bytes(bytes: &[u8]) -> Option<Self> {
        PeerId::from_bytes(bytes).ok()
    }
}

struct Driver<G: Game> {
    spec: PeerSpec,
    /// Who we are.
    id: Identity,
    node: Node,
    t0: Instant,
    /// The session's clock (counts time suspended).
    clock: clock::GameClock,
    deadline: Instant,
    /// The lobby before the game (and who we are connected to).
    lobby: Lobby<G, PeerId>,
    session: Option<Session<G>>,
    /// The replay file and signing journal, and why writing them failed (see `replay_file.rs`).
    recording: replay_file::Recording,
    /// The local seat's moves: when each was sent, the bot's next, the app's waiting.
    moves: our_moves::OurMoves<G>,
    /// When the game ended for us or the app asked us to leave, and who said they are done.
    leaving: Leaving,
    /// Raw round-trip probes after the game, while they run (see `probe.rs`).
    probe: Option<probe::Probe>,
    report: PeerReport,
    /// The app controlling this peer, if any (see [`crate::control`]).
    link: Option<Link<G>>,
    /// Peers lost, and when connections were last reopened (see `links.rs`).
    links: links::LinkWatch,
    /// Test hooks' state.
    hooks: hooks::HookState<G>,
    /// The thread that checks the signatures the session deferred.
    checker: checker::Checker,
    /// Our key and the record of the games it played.
    store: Arc<dyn PeerStore>,
}

/// Who the local peer is: its key, as a signer, and its peer id and public key.
struct Identity {
    key: Keypair,
    signer: Signer,
    peer: PeerId,
    public: PublicKeyBytes,
}

/// The end of the game for this peer.
#[derive(Default)]
struct Leaving {
    /// When the game was over for us (ended or halted).
    over_at: Option<Instant>,
    /// When the app asked us to leave (we stay a moment so the goodbye goes out).
    left: Option<Instant>,
    /// Peers that said they are done with the game.
    done_from: BTreeSet<PeerId>,
    /// Why our game could not start (its replay file or secret could not be written, the key
    /// played this game id before): the run ends with it.
    cannot_start: Option<String>,
}

/// Runs one peer to the end of its game and returns its report. In machine mode, prints the
/// `DWARFS-*` lines (ticket, started, report) on stdout.
pub async fn run_peer<G: Game>(spec: PeerSpec) -> Result<PeerReport, PeerError> {
    let store = Arc::new(FileStore::new(spec.key.clone()));
    run_linked::<G>(spec, None, store).await
}

/// [`run_peer`], controlled by an app through `link` when given, its key and record of games
/// played in `store`.
pub(crate) async fn run_linked<G: Game>(
    spec: PeerSpec,
    link: Option<Link<G>>,
    store: Arc<dyn PeerStore>,
) -> Result<PeerReport, PeerError> {
    let key = store.key()?;
    let signer = Signer::new(&key).map_err(|e| PeerError::Setup(e.to_string()))?;
    let listen: Vec<Multiaddr> = if spec.net.dial_only {
        Vec::new()
    } else if spec.net.listen.is_empty() {
        vec![spec.net.transport.any_addr(&spec.net.default_ip)]
    } else {
        spec.net
            .listen
            .iter()
            .map(|s| s.parse().map_err(|_| PeerError::Listen(s.clone())))
            .collect::<Result<_, _>>()?
    };
    let t0 = Instant::now();
    let node = Node::start(NodeConfig {
        mdns: spec.net.mdns,
        nat: links::nat_config(&spec)?,
        ..NodeConfig::new(key.clone(), listen)
    })
    .await?;
    let me = node.peer_id();
    let my_key = signer.public();
    let report = PeerReport::new(me.to_string(), spec.name.clone(), spec.replay.clone());
    let mut hello = LobbyHello::for_game::<G>(spec.name.clone());
    hooks::tamper_hello(&spec, &mut hello);
    let lobby = Lobby::new(Me {
        id: me,
        signer: signer.clone(),
        name: spec.name.clone(),
        hello,
        spectator: matches!(spec.role, Role::Spectate { .. }),
        lan: matches!(spec.role, Role::Lan),
        ready: link.is_none(),
        anyone_may_watch: spec.anyone_may_watch,
    });
    let mut d = Driver::<G> {
        deadline: t0 + Duration::from_millis(spec.timing.timeout_ms.max(1)),
        hooks: hooks::HookState::new(&spec),
        spec,
        id: Identity {
            key,
            signer,
            peer: me,
            public: my_key,
        },
        node,
        t0,
        clock: clock::GameClock::new(t0),
        lobby,
        session: None,
        recording: replay_file::Recording::default(),
        moves: our_moves::OurMoves::default(),
        leaving: Leaving::default(),
        probe: None,
        report,
        link,
        links: links::LinkWatch::default(),
        checker: checker::Checker::default(),
        store,
    };
    let result = d.run().await;
    d.report.links = d.link_reports();
    d.report.replay_bytes = d.take_memory_replay();
    d.report.reachability = d.node.reachability().to_string();
    let mut report = d.report.clone();
    if let Err(e) = &result {
        report.ending = Ending::Failed(e.to_string());
    }
    if d.spec.process.machine {
        let json = serde_json::to_string(&report).unwrap_or_default();
        println!("{REPORT_LINE}{json}");
    }
    d.node.shutdown().await;
    result.map(|_| report)
}

impl<G: Game> Driver<G> {
    fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    fn since_start_us(&self) -> u64 {
        self.t0.elapsed().as_micros() as u64
    }

    fn say(&self, line: impl AsRef<str>) {
        if let Some(l) = &self.link {
            l.send(Update::Status(line.as_ref().to_string()));
        } else if !self.spec.process.machine || self.spec.process.verbose {
            println!("{}", line.as_ref());
        }
    }

    /// A chat line, printed by a peer that no app drives: an app gets it as
    /// [`crate::GameUpdate::Chat`] or [`crate::LobbyUpdate::Chat`] instead, with the speaker, and shows it itself.
    fn say_chat(&self, line: &str) {
        if self.link.is_none() {
            self.say(line);
        }
    }

    /// Sends an update to the controlling app, if any.
    fn update(&self, u: impl FnOnce() -> Update<G>) {
        if let Some(l) = &self.link {
            l.send(u());
        }
    }

    /// Whether a person (through an app: the GUI or the terminal) chooses the local seat's
    /// moves.
    fn human(&self) -> bool {
        self.link.is_some()
    }

    /// Whether we are connected to `peer`.
    fn is_connected(&self, peer: &PeerId) -> bool {
        self.lobby.connected().contains(peer)
    }

    fn listen_bytes(&self) -> Vec<Vec<u8>> {
        self.node
            .listen_addrs()
            .iter()
            .filter(|a| !is_unspecified(a))
            .map(|a| a.to_vec())
            .collect()
    }

    /// The lobby, told where we listen now.
    fn lobby(&mut self) -> &mut Lobby<G, PeerId> {
        let listen = self.listen_bytes();
        self.lobby.set_listen(listen);
        &mut self.lobby
    }

    /// Gives the session the verdicts the checker sent back and hands the checker the work
    /// that is due. Returns whether the session took a verdict (pump its outputs again then).
    fn signature_checks(&mut self) -> bool {
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        let mut changed = false;
        while let Some(v) = self.checker.try_verdict() {
            changed |= s.signature_verdict(v);
        }
        if let Some(v) = s.take_signature_work().and_then(|w| self.checker.hand(w)) {
            changed |= s.signature_verdict(v);
        }
        changed
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
        self.apply_lobby();
        loop {
            self.pump();
            if let Some(end) = self.finished() {
                self.report.ending = end;
                return Ok(());
            }
            // The signatures the session counted before checking them: checked on the
            // checker's thread, off the critical path of the next move.
            if self.signature_checks() {
                continue;
            }
            let wake = self.next_wake();
            match self.node.try_next_event() {
                Some(ev) => self.on_net(ev),
                None => tokio::select! {
                    ev = self.node.next_event() => match ev {
                        Some(ev) => self.on_net(ev),
                        None => return Err(PeerError::Setup("the network stopped".into())),
                    },
                    cmd = recv_command(&mut self.link) => self.on_command(cmd),
                    v = self.checker.verdict() => {
                        if let Some(s) = self.session.as_mut() {
                            s.signature_verdict(v);
                        }
                    }
                    _ = crate::rt::sleep_until(wake) => {}
                },
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
            self.lobby().tick(now);
            self.apply_lobby();
        }
    }

    fn next_wake(&self) -> Instant {
        let mut wake = self.deadline;
        if let Some(s) = &self.session
            && let Some(t) = s.next_timeout()
        {
            wake = wake.min(self.clock.instant_of(t));
        }
        if let Some(t) = self.moves.next_bot {
            wake = wake.min(t);
        }
        if self.session.is_none()
            && let Some(t) = self.lobby.next_wake()
        {
            wake = wake.min(self.clock.instant_of(t));
        }
        if let Some(t) = self.leaving.over_at {
            wake = wake.min(t + Duration::from_millis(self.spec.timing.linger_ms));
        }
        if let Some(t) = self.hooks.cheated() {
            wake = wake.min(t + Duration::from_millis(self.spec.timing.linger_ms));
        }
        if let Some(t) = self.leaving.left {
            wake = wake.min(t + LEAVE_LINGER);
        }
        wake.max(Instant::now())
    }

    /// Whether the run is over, and how.
    fn finished(&mut self) -> Option<Ending> {
        if let Some(t) = self.leaving.left
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
                self.spec.timing.timeout_ms
            )));
        }
        if let Ending::Refused(_) = self.report.ending {
            return Some(self.report.ending.clone());
        }
        if let Some(why) = &self.leaving.cannot_start {
            return Some(Ending::Failed(why.clone()));
        }
        if let Some(why) = &self.recording.failed {
            return Some(Ending::Failed(why.clone()));
        }
        if let Some(end) = self.hooks.finished(self.spec.timing.linger_ms) {
            return Some(end);
        }
        let s = self.session.as_ref()?;
        match s.phase() {
            Phase::Halted(reason) => {
                // Stay a moment so our evidence reaches the others.
                let at = *self.leaving.over_at.get_or_insert_with(Instant::now);
                if at.elapsed() >= Duration::from_millis(self.spec.timing.linger_ms.min(500)) {
                    return Some(Ending::Halted(reason.clone()));
                }
                None
            }
            Phase::Over => {
                let at = *self.leaving.over_at.get_or_insert_with(Instant::now);
                // Stay for the other players and for connected spectators still catching up, until
                // each says it is done (bounded by the linger time).
                let connected = self.lobby.connected();
                let mut others: Vec<PeerId> = s.broadcast_peers();
                others.extend(
                    s.follower_peers()
                        .into_iter()
                        .filter(|p| connected.contains(p)),
                );
                // Admitted spectators still connected (a stranger is waited for by no one).
                others.extend(
                    connected
                        .iter()
                        .filter(|p| s.seat_of_peer(p).is_none() && self.lobby.is_watcher(p))
                        .copied(),
                );
                let all_done = others.iter().all(|p| self.leaving.done_from.contains(p));
                if self.probe.is_some() && at.elapsed() < Duration::from_secs(30) {
                    return None;
                }
                if all_done || at.elapsed() >= Duration::from_millis(self.spec.timing.linger_ms) {
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
                        .map_err(|e| PeerError::Setup(format!("game options: {e}")))?
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
                if !self.spec.net.relays.is_empty() {
                    self.say("Waiting for a relay slot, so that players behind NAT can join...");
                    let wait = Duration::from_millis(self.spec.net.relay_wait_ms);
                    let r = self.node.wait_reachable(wait).await;
                    self.say(format!("This computer is {r}."));
                }
                let game_id =
                    crate::played::new_game_id().map_err(|e| PeerError::Setup(e.to_string()))?;
                self.lobby().host(game_id, seats - bots, bots, options);
                let mut addrs: Vec<Multiaddr> = self
                    .node
                    .current_listen_addrs()
                    .await?
                    .into_iter()
                    .filter(|a| !is_unspecified(a))
                    .collect();
                // Relayed and confirmed public addresses too.
                for a in self.node.listen_addrs() {
                    if !addrs.contains(&a) && !is_unspecified(&a) {
                        addrs.push(a);
                    }
                }
                if addrs.is_empty() {
                    addrs = self.node.listen_addrs();
                }
                let ticket = Ticket {
                    game: G::NAME.into(),
                    game_id,
                    host: self.id.peer,
                    addrs,
                };
                self.lobby().set_ticket(ticket.to_string());
                self.update(|| Update::Lobby(LobbyUpdate::Ticket(ticket.to_string())));
                if self.link.is_some() {
                    self.lobby().roster_changed();
                } else if self.spec.process.machine {
                    println!("{TICKET_LINE}{ticket}");
                } else {
                    println!("Invite ticket (share it with the other players):\n\n{ticket}\n");
                    println!(
                        "Waiting for {} more player(s) to join with `dwarfs join TICKET`...",
                        seats - bots - 1
                    );
                }
                self.lobby().try_start();
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
                if matches!(self.spec.role, Role::Join { .. }) {
                    crate::store::check(&*self.store, &t.game_id)
                        .map_err(|e| PeerError::Setup(e.to_string()))?;
                }
                self.lobby().join(t.game_id, t.host);
                self.use_ticket_relays(&t.addrs);
                self.use_host_as_relay(t.host, &t.addrs);
                self.say(format!("Connecting to the host {}...", t.host));
                self.node.dial(t.host, t.addrs);
            }
            Role::Resume { replay, ticket } => self.setup_resume(&replay, ticket)?,
            Role::Reopen { game_id } => self.setup_reopen(&game_id)?,
            Role::Lan => {
                if !self.spec.net.mdns {
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
        let book = std::fs::read(peers_file(path))
            .ok()
            .and_then(|b| AddressBook::decode(&b));
        let ticket = ticket.map(|t| Ticket::decode(&t)).transpose()?;
        let no_book = format!(
            "no address book ({}) and no --ticket: cannot find the other players",
            peers_file(path).display()
        );
        let config = self
            .find_players(&bytes, book, ticket, &no_book)
            .map_err(bad)?;
        // The session is rebuilt from the file itself (and the signing journal next to it); the
        // file is never written over before a rebuilt copy holds at least as much.
        self.resume_session(config, path, &bytes)?;
        Ok(())
    }

    /// The configuration of the game a resumed replay (`bytes`) holds, once it is ours to
    /// resume: the other players (from the address `book`, and the `ticket`'s host) are dialled
    /// and the lobby knows them. `no_book` says why nobody can be found without either.
    fn find_players(
        &mut self,
        bytes: &[u8],
        book: Option<AddressBook>,
        ticket: Option<Ticket>,
        no_book: &str,
    ) -> Result<dwarfs_protocol::GameConfig, String> {
        let frames = read_frames(bytes);
        let config = match frames.frames.into_iter().next() {
            Some((_, Frame::Header(h))) => h.config,
            _ => {
                return Err(
                    "it has no header: the game had not started when it stopped, so it cannot be \
                     resumed; a player may have sent its seed commit already, so its key does not \
                     join that game again: ask the host for a new game (a spectator may watch it \
                     again with the ticket)"
                        .into(),
                );
            }
        };
        if config.seat_of(&self.id.public).is_none() {
            return Err(
                "this key holds no seat in that game: pass the --key the game was played with"
                    .into(),
            );
        }
        let mut contacts = Vec::new();
        if let Some(b) = &book {
            for s in &b.roster().seats {
                if let Some(p) = s.peer_id()
                    && p != self.id.peer
                {
                    contacts.push((p, s.multiaddrs()));
                }
            }
        }
        let mut host = None;
        if let Some(t) = ticket {
            host = Some(t.host);
            self.use_ticket_relays(&t.addrs);
            self.use_host_as_relay(t.host, &t.addrs);
            contacts.push((t.host, t.addrs));
        }
        // A game of one player and bots needs nobody else: it goes on from the file alone.
        let alone = config
            .seats
            .iter()
            .filter(|s| matches!(s, dwarfs_protocol::SeatSpec::Player(_)))
            .count()
            == 1;
        if contacts.is_empty() && !alone {
            return Err(no_book.to_string());
        }
        let ids = contacts.iter().map(|(p, _)| *p).collect();
        self.lobby().resume(config.game_id, book, ids, host);
        for (p, addrs) in contacts {
            self.node.dial(p, addrs);
        }
        Ok(config)
    }
}

async fn recv_command<G: Game>(link: &mut Option<Link<G>>) -> Option<Command<G::Action>> {
    match link {
        Some(l) => l.commands.recv().await,
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
