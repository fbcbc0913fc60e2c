//! The lobby before a game, as a sans-IO state machine: who greets whom, the host's seats (see
//! [`crate::host_lobby`]), the roster, lobby chat, LAN lobby offers, and the game configuration
//! that starts the session.
//!
//! Inputs are received lobby messages ([`LobbyMessage`], [`NetMsg`]), connection changes, the
//! player's lobby commands and a logical time in milliseconds ([`Lobby::tick`]); outputs are
//! [`Output`]s read with [`Lobby::poll`]: messages to send, peers to dial again, lines and lobby
//! views to show, and the configuration to start the game with. There is no socket, task or clock
//! in here: the peer driver ([`crate::peer`]) does the IO, and the tests below run whole lobbies
//! by passing outputs from one machine to another.
//!
//! Lobby: the host sits in seat 1 and listens; joiners greet it with the protocol's lobby hello
//! (game, rules version, card-data digest) and a [`NetMsg::Join`] with their listen addresses. A
//! mismatch is refused with a [`Refusal`] that says which. When the seats are filled and everyone
//! is ready the host sends the roster (who sits where, where they listen) and the offer (the
//! [`GameConfig`]); every peer then starts its session.
//!
//! **Bound to the host.** The host signs its offers, rosters and refusals with its key
//! ([`Domain::Offer`], [`Domain::Roster`], [`Domain::Refuse`]), each bound to the game by its id.
//! A joiner heeds them only from the host it dialled (the peer id of the ticket, or of the LAN
//! lobby that answered), signed by that host's key, for its game; and only once their fields
//! check ([`check_roster`], [`GameConfig::check`]). Anything else is logged and dropped: another
//! peer cannot end a joiner's lobby, seat it elsewhere or start it on another configuration
//! (`bound.rs`).

use crate::envelope::{LobbyInfo, NetMsg, Roster, RosterSeat, WatcherList};
use crate::host_lobby::{HostLobby, HostSeat, LobbyWait};
use dwarfs_engine::{Game, Seat};
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{LobbyHello, LobbyMessage, RefuseBody, Signed};
use dwarfs_protocol::{GameConfig, PublicKeyBytes, Refusal, SeatSpec, Signer};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::marker::PhantomData;

pub use bound::{AddressBook, RosterError, check_roster};

/// How often a peer waiting for the lobby greets its contacts again, in milliseconds.
pub const GREET_EVERY_MS: u64 = 500;

/// While the lobby has not answered, dial unreached contacts again every this many greetings.
pub const REDIAL_EVERY_GREETS: u32 = 6;

/// A joiner that has reached none of its contacts for this long gives up, saying why the last
/// dial failed: a host that is gone does not keep a player waiting for hours. (Once a contact
/// was reached, a lost connection is waited for as long as the run lasts.)
pub const GIVE_UP_UNREACHED_MS: u64 = 3 * 60 * 1000;

/// Most peers whose greeting (hello, listen addresses) the lobby keeps at once. Greetings are
/// kept only while the peer is connected (forgotten on disconnection), so the connection limits
/// bound them first; past this many, a new peer's hello is ignored until some leave.
pub const MAX_GREETED: usize = 256;

/// Most spectators admitted to one game. A request past this is denied with a reason.
pub const MAX_WATCHERS: usize = 32;

/// Most spectator requests waiting for the host's answer. A request past this is denied with a
/// reason (the asker may ask again later).
pub const MAX_WATCH_REQUESTS: usize = 8;

/// Most LAN nodes a LAN joiner asks what they host (mDNS finds them; the rest are ignored).
pub const MAX_LAN_ASKED: usize = 64;

/// A peer as the lobby knows it: an ordered id with bytes for the roster and, for a player, the
/// public key its seat is signed with.
pub trait LobbyPeer: Copy + Ord + std::fmt::Debug {
    /// The id as the roster carries it.
    fn to_bytes(&self) -> Vec<u8>;
    /// The signing key of the player with this id, if the id carries one.
    fn public_key(&self) -> Option<PublicKeyBytes>;
    /// The id from the bytes [`LobbyPeer::to_bytes`] gives, if they are one.
    fn from_bytes(bytes: &[u8]) -> Option<Self>;
}

/// Who we are in the lobby.
#[derive(Clone, Debug)]
pub struct Me<P> {
    /// Our id.
    pub id: P,
    /// Our signing key (the seat the host gives us is this key's; a host signs its offers,
    /// rosters and refusals with it).
    pub signer: Signer,
    /// Our display name.
    pub name: String,
    /// The hello we greet with.
    pub hello: LobbyHello,
    /// We watch instead of playing.
    pub spectator: bool,
    /// We look for a lobby on the LAN (we learn the game id from the lobby that answers).
    pub lan: bool,
    /// A joiner is ready to start as soon as the seats are filled.
    pub ready: bool,
    /// The host lets anyone who asks watch the game (an open game); otherwise the host answers
    /// each spectator request (an app shows it with Allow and Deny; the terminal denies).
    pub anyone_may_watch: bool,
}

impl<P> Me<P> {
    /// Our public key.
    pub fn key(&self) -> PublicKeyBytes {
        self.signer.public()
    }
}

/// What the lobby asks the driver to do or show.
#[derive(Clone, Debug, PartialEq)]
pub enum Output<P> {
    /// Send a protocol lobby message.
    Lobby(P, LobbyMessage),
    /// Send a network-layer message.
    Net(P, NetMsg),
    /// Dial this peer again at the addresses already known for it.
    Dial(P),
    /// Remember where the seated peers of this roster listen.
    Addresses(Roster),
    /// A line for the player.
    Say(String),
    /// The lobby as it stands, to show.
    Roster(Roster),
    /// A lobby chat line to show.
    Chat {
        /// Who said it.
        name: String,
        /// What.
        text: String,
    },
    /// The player's own lobby request was refused.
    Refused(String),
    /// The lobby refused us, or we refused it: the run ends.
    End(String),
    /// None of our contacts could be reached for [`GIVE_UP_UNREACHED_MS`]: the run ends, with
    /// why the last dial failed.
    Unreachable(String),
    /// The game is configured: start the session. A joiner answers `ready_to` (the host) with a
    /// signed ready for the seat the configuration gives it.
    Start {
        /// The agreed configuration.
        config: GameConfig,
        /// The host to send our signed ready to, when we hold a seat in a joined game.
        ready_to: Option<P>,
    },
    /// A peer greeted us again while the game runs (a spectator, a reconnection, a resumed
    /// player); `need_config` when it has no session yet and needs the roster and configuration.
    Rejoined {
        /// The peer.
        peer: P,
        /// It needs the configuration.
        need_config: bool,
    },
    /// A player announced that it leaves the game under way.
    LeftGame(P),
    /// Host: `peer` asks to watch the game; answer with [`Lobby::answer_watcher`].
    WatchRequest {
        /// Who asks.
        peer: P,
        /// The display name it greeted with.
        name: String,
    },
}

enum Stage<P> {
    /// Host: filling seats.
    Hosting(HostLobby<P>),
    /// Waiting for the configuration from the peer we dialled.
    Waiting,
    /// The session runs.
    Playing,
}

/// The lobby of one peer, host or joiner.
pub struct Lobby<G, P> {
    me: Me<P>,
    stage: Stage<P>,
    game_id: [u8; 32],
    /// Greetings of connected peers (at most [`MAX_GREETED`]; forgotten on disconnection).
    hellos: BTreeMap<P, LobbyHello>,
    /// Where connected peers listen (at most [`MAX_GREETED`]; forgotten on disconnection unless
    /// the peer is a seated player or an admitted spectator).
    addrs: BTreeMap<P, Vec<Vec<u8>>>,
    /// Spectators admitted, asking, or refused (see `watchers.rs`).
    watchers: watchers::Watchers<P>,
    /// Connected peers that reached us from the local network (private, loopback or link-local
    /// addresses): only they are told what we host ([`NetMsg::LobbyQuery`]).
    local: BTreeSet<P>,
    /// We host this game (also once it runs).
    hosted: bool,
    /// The players seated when the game started (their peers, without us).
    players: BTreeSet<P>,
    /// Players who said they leave the game under way (at most the players).
    left: BTreeSet<P>,
    /// The game is over for us (ended, halted, or we left): nobody is trusted any more.
    over: bool,
    /// The host we dialled, its signed offer and roster (ours when we host), the roster (see
    /// `bound.rs`).
    from_host: bound::FromHost<P>,
    connected: BTreeSet<P>,
    /// Whom we greet, and when (see `greeting.rs`).
    greeting: greeting::Greeting<P>,
    ticket: Option<String>,
    listen: Vec<Vec<u8>>,
    out: VecDeque<Output<P>>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, P: LobbyPeer> Lobby<G, P> {
    /// A lobby waiting for a role: call [`Lobby::host`], [`Lobby::join`] or [`Lobby::resume`]
    /// (or nothing, to wait for a LAN lobby).
    pub fn new(me: Me<P>) -> Self {
        Lobby {
            me,
            stage: Stage::Waiting,
            game_id: [0; 32],
            hellos: BTreeMap::new(),
            addrs: BTreeMap::new(),
            watchers: watchers::Watchers::default(),
            local: BTreeSet::new(),
            hosted: false,
            players: BTreeSet::new(),
            left: BTreeSet::new(),
            over: false,
            from_host: bound::FromHost::default(),
            connected: BTreeSet::new(),
            greeting: greeting::Greeting::new(),
            ticket: None,
            listen: Vec::new(),
            out: VecDeque::new(),
            game: PhantomData,
        }
    }

    // ----- setup -----

    /// We host game `game_id`: seat 1 is ours, `players - 1` seats are open, `bots` are played
    /// by the bot.
    pub fn host(&mut self, game_id: [u8; 32], players: u8, bots: u8, options: Vec<u8>) {
        self.game_id = game_id;
        self.hosted = true;
        self.stage = Stage::Hosting(HostLobby::new(self.me.id, players, bots, options));
    }

    /// The invite ticket of the lobby we host (LAN browsers are given it).
    pub fn set_ticket(&mut self, ticket: String) {
        self.ticket = Some(ticket);
    }

    /// We join (or watch) game `game_id` hosted by `host`, which the driver dials.
    pub fn join(&mut self, game_id: [u8; 32], host: P) {
        self.game_id = game_id;
        self.from_host.host = Some(host);
        self.greeting.contacts.insert(host);
    }

    /// We come back to a running game: its address book (if any), the peers to greet, and the
    /// host if a ticket names it; otherwise the host is the signer of the book's roster, if the
    /// book holds the host's signature. The driver starts the session itself.
    pub fn resume(
        &mut self,
        game_id: [u8; 32],
        book: Option<AddressBook>,
        contacts: Vec<P>,
        host: Option<P>,
    ) {
        self.game_id = game_id;
        match book {
            Some(AddressBook::Hosts(signed)) => {
                self.from_host.host = host.or_else(|| self.roster_signer(&signed));
                self.from_host.roster = Some(signed.body.clone());
                self.from_host.signed_roster = Some(signed);
            }
            Some(AddressBook::Bare(roster)) => {
                self.from_host.host = host;
                self.from_host.roster = Some(roster);
            }
            None => self.from_host.host = host,
        }
        self.greeting.contacts.extend(contacts);
        self.stage = Stage::Playing;
    }

    /// Where we listen (multiaddr bytes), for the roster and our greetings.
    pub fn set_listen(&mut self, addrs: Vec<Vec<u8>>) {
        self.listen = addrs;
    }

    // ----- queries -----

    /// The next output, if any.
    pub fn poll(&mut self) -> Option<Output<P>> {
        self.out.pop_front()
    }

    /// Whether the game is configured (the session runs).
    pub fn is_playing(&self) -> bool {
        matches!(self.stage, Stage::Playing)
    }

    /// Whether we host a lobby that has not started yet.
    pub fn is_hosting(&self) -> bool {
        matches!(self.stage, Stage::Hosting(_))
    }

    /// The game.
    pub fn game_id(&self) -> [u8; 32] {
        self.game_id
    }

    /// The roster the game started with (or the last one seen).
    pub fn roster(&self) -> Option<&Roster> {
        self.from_host.roster.as_ref()
    }

    /// The peers we are connected to.
    pub fn connected(&self) -> &BTreeSet<P> {
        &self.connected
    }

    /// Whether `peer` holds a seat in the roster the game started with (or the last one seen).
    pub fn is_player(&self, peer: &P) -> bool {
        let b = peer.to_bytes();
        self.players.contains(peer)
            || self
                .from_host
                .roster
                .as_ref()
                .is_some_and(|r| r.seats.iter().any(|s| s.peer.as_deref() == Some(&b[..])))
    }

    // ----- inputs -----

    /// A connection to `peer` opened.
    pub fn connected_to(&mut self, peer: P) {
        self.connected.insert(peer);
        if self.greeting.contacts.contains(&peer) {
            self.greeting.reached_any = true;
            self.greeting.dial_errors.remove(&peer);
        }
        if self.greeting.lan_asked.contains(&peer) && self.greeting.contacts.is_empty() {
            self.out.push_back(Output::Net(peer, NetMsg::LobbyQuery));
        }
        if self.greeting.contacts.contains(&peer) && self.greeting.greeted.insert(peer) {
            self.greet(peer);
        } else if !matches!(self.stage, Stage::Waiting) {
            // Greet back so the dialler can check what we run.
            let hello = self.me.hello.clone();
            self.out
                .push_back(Output::Lobby(peer, LobbyMessage::Hello(hello)));
        }
    }

    /// `from` sent a frame of another wire version ([`dwarfs_protocol::wire::WIRE_VERSION`] is
    /// ours), which nothing of ours can read: if it is the host we dialled, the lobby ends with
    /// why. (It cannot be answered in a version it reads; anyone else is only logged.)
    pub fn on_wire_version(&mut self, from: P, theirs: u8) {
        let r = Refusal::ProtocolVersion {
            ours: dwarfs_protocol::wire::WIRE_VERSION,
            theirs,
        };
        if self.greeting.contacts.contains(&from) && !self.is_playing() {
            self.say(format!("The host runs another dwarfs: {r}"));
            self.out.push_back(Output::End(r.to_string()));
        } else {
            tracing::debug!(?from, "a frame of wire version {theirs}: {r}");
        }
    }

    /// The connection to `peer` comes from the local network (see [`crate::local_net::is_local`]):
    /// it may ask what we host.
    pub fn on_lan(&mut self, peer: P) {
        if self.connected.contains(&peer) {
            self.local.insert(peer);
        }
    }

    /// The connection to `peer` closed. A joiner gone before the game starts frees its seat (it
    /// joins again if it comes back).
    pub fn disconnected(&mut self, peer: P) {
        self.connected.remove(&peer);
        self.greeting.greeted.remove(&peer);
        self.local.remove(&peer);
        self.host_leave(peer);
        // Greetings are kept only while connected (a peer greets again when it comes back).
        self.hellos.remove(&peer);
        if !self.is_player(&peer) && !self.watchers.admitted.contains(&peer) {
            self.addrs.remove(&peer);
        }
    }

    /// The network learnt where `peer` listens (kept unless the peer tells us itself).
    pub fn identified(&mut self, peer: P, addrs: Vec<Vec<u8>>) {
        if self.connected.contains(&peer)
            && (self.addrs.len() < MAX_GREETED || self.addrs.contains_key(&peer))
        {
            self.addrs.entry(peer).or_insert(addrs);
        }
    }

    /// A protocol lobby message from `from`.
    pub fn on_lobby(&mut self, from: P, msg: LobbyMessage) {
        match msg {
            LobbyMessage::Hello(h) => {
                if let Err(r) = h.check::<G>() {
                    self.say(format!("Refused {}: {r}", h.name));
                    let refuse = self.refuse(r.clone());
                    self.out.push_back(Output::Lobby(from, refuse));
                    if self.greeting.contacts.contains(&from) && !self.is_playing() {
                        self.out.push_back(Output::End(r.to_string()));
                    }
                    return;
                }
                if self.hellos.len() >= MAX_GREETED && !self.hellos.contains_key(&from) {
                    tracing::debug!(?from, "lobby full of greetings: hello ignored");
                    return;
                }
                self.hellos.insert(from, h);
            }
            LobbyMessage::Refuse(r) => {
                if let Err(why) = self.check_from_host(from, &r, Domain::Refuse) {
                    tracing::debug!(?from, "a refusal ignored ({why}): {}", r.body.refusal);
                    return;
                }
                if r.body.game_id != self.game_id {
                    tracing::debug!(?from, "a refusal for another game ignored");
                    return;
                }
                let r = r.body.refusal;
                self.say(format!("Refused by the lobby: {r}"));
                if !self.is_playing() {
                    self.out.push_back(Output::End(r.to_string()));
                }
            }
            LobbyMessage::Offer(config) => self.on_offer(from, config),
            LobbyMessage::Ready(_) => {}
        }
    }

    /// A network-layer lobby message from `from`. [`NetMsg::Done`], [`NetMsg::Ping`] and
    /// [`NetMsg::Pong`] are the driver's and ignored here.
    pub fn on_net(&mut self, from: P, msg: NetMsg) {
        match msg {
            NetMsg::Join {
                game_id,
                addrs,
                spectator,
                need_config,
                ready,
            } => {
                if !self.hellos.contains_key(&from) {
                    // A hello that was refused, or none: no seat.
                    return;
                }
                if game_id != self.game_id {
                    // Not from our ticket (or our LAN offer): nothing to answer.
                    tracing::debug!(?from, "a join for another game");
                    return;
                }
                self.addrs.insert(from, addrs);
                match self.stage {
                    Stage::Hosting(_) if spectator => self.watch_request(from, need_config),
                    Stage::Hosting(_) => self.host_join(from, ready),
                    Stage::Playing if self.is_player(&from) => {
                        self.out.push_back(Output::Rejoined {
                            peer: from,
                            need_config,
                        });
                        if self.hosted {
                            // A player back from a crash has forgotten who may watch.
                            self.tell_watchers();
                        }
                    }
                    Stage::Playing if spectator => self.watch_request(from, need_config),
                    // Not seated and not asking to watch: nothing to answer.
                    Stage::Playing => tracing::debug!(?from, "a join from a peer with no seat"),
                    Stage::Waiting => {}
                }
            }
            NetMsg::Watchers(list) => self.on_watchers(from, list),
            NetMsg::WatchDenied(why) => {
                if self.greeting.contacts.contains(&from) && !self.is_playing() {
                    self.say(format!("The host did not let you watch: {why}"));
                    self.out.push_back(Output::End(why));
                }
            }
            NetMsg::Roster(r) => self.on_roster(from, r),
            NetMsg::Ready(r) => self.host_ready(from, r),
            NetMsg::TakeSeat(n) => self.host_take_seat(from, n),
            NetMsg::Leave => match self.stage {
                Stage::Hosting(_) if self.watchers.admitted.remove(&from) => {
                    let name = self.name_of(&from);
                    self.say(format!("{name} stopped watching."));
                }
                Stage::Hosting(_) => self.host_leave(from),
                Stage::Waiting => {
                    if self.greeting.contacts.contains(&from) {
                        self.out
                            .push_back(Output::End("the host closed the lobby".into()));
                    }
                }
                Stage::Playing => {
                    if self.is_player(&from) {
                        self.left.insert(from);
                    }
                    self.out.push_back(Output::LeftGame(from));
                }
            },
            NetMsg::LobbyChat { name, text } => {
                if self.is_hosting() {
                    self.chat_from(Some(from), text);
                } else if self.greeting.contacts.contains(&from) && !self.is_playing() {
                    self.out.push_back(Output::Chat { name, text });
                }
            }
            // The lobby is offered on the local network only: someone on the internet needs
            // the ticket the host gave it.
            NetMsg::LobbyQuery if !self.local.contains(&from) => {
                tracing::debug!(?from, "a lobby query from outside the local network");
            }
            NetMsg::LobbyQuery => {
                if let Some(info) = self.lobby_info() {
                    self.out
                        .push_back(Output::Net(from, NetMsg::LobbyInfo(info)));
                }
            }
            NetMsg::LobbyInfo(info) => self.lan_lobby_found(from, info),
            NetMsg::Done | NetMsg::Ping(_) | NetMsg::Pong(_) => {}
        }
    }

    // ----- the player's commands -----

    /// The player says something in the lobby (the host relays it to everyone).
    pub fn chat(&mut self, text: String) {
        self.chat_from(None, text);
    }

    /// A joiner is (not) ready to start.
    pub fn set_ready(&mut self, ready: bool) {
        self.me.ready = ready;
        if matches!(self.stage, Stage::Waiting) {
            for p in self.greeting.contacts.clone() {
                self.out.push_back(Output::Net(p, NetMsg::Ready(ready)));
            }
        }
    }

    /// The player asks for open seat `seat`.
    pub fn take_seat(&mut self, seat: Seat) {
        match self.stage {
            Stage::Hosting(_) => self.host_take_seat(self.me.id, seat),
            Stage::Waiting => {
                for p in self.greeting.contacts.clone() {
                    self.out.push_back(Output::Net(p, NetMsg::TakeSeat(seat)));
                }
            }
            Stage::Playing => self
                .out
                .push_back(Output::Refused("the game has started".into())),
        }
    }

    /// Host: fills the open seats with bots and starts now.
    pub fn start_now(&mut self) {
        let Stage::Hosting(lobby) = &mut self.stage else {
            self.say("Only the host can start the game.");
            return;
        };
        let open = lobby.fill_with_bots();
        self.say(format!(
            "Starting with {open} open seat(s) played by the bot."
        ));
        self.roster_changed();
        self.try_start();
    }

    /// Leaves before the game: the host tells its joiners (they learn the lobby closed), a
    /// joiner tells the host (its seat opens). False once the game runs: leaving it is the
    /// driver's (the session knows who plays).
    pub fn leave(&mut self) -> bool {
        let to: Vec<P> = match &self.stage {
            Stage::Hosting(lobby) => lobby.joined(),
            Stage::Waiting => self.greeting.contacts.iter().copied().collect(),
            Stage::Playing => return false,
        };
        for p in to {
            self.out.push_back(Output::Net(p, NetMsg::Leave));
        }
        true
    }

    // ----- the host -----

    /// Host: sends the current lobby to every joined peer and shows it.
    pub fn roster_changed(&mut self) {
        let Stage::Hosting(lobby) = &self.stage else {
            return;
        };
        let roster = self.roster_for(lobby);
        let joined = lobby.joined();
        let signed = self.sign_roster(roster.clone());
        self.out.push_back(Output::Roster(roster));
        for p in joined {
            self.out
                .push_back(Output::Net(p, NetMsg::Roster(signed.clone())));
        }
    }

    /// Host: starts the game if every seat is filled and everyone is ready.
    pub fn try_start(&mut self) {
        let Stage::Hosting(lobby) = &self.stage else {
            return;
        };
        match lobby.waiting_for() {
            Some(LobbyWait::Open(_)) => return,
            Some(LobbyWait::NotReady(p)) => {
                let name = self.name_of(&p);
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
                HostSeat::Player(p) if *p == self.me.id => SeatSpec::Player(self.me.key()),
                HostSeat::Player(p) => match p.public_key() {
                    Some(k) => SeatSpec::Player(k),
                    None => return,
                },
                HostSeat::Open | HostSeat::Bot => SeatSpec::Bot,
            });
        }
        let config =
            GameConfig::with_encoded_options::<G>(self.game_id, lobby.options.clone(), seats);
        let roster = self.roster_for(lobby);
        let joined = lobby.joined();
        self.players = joined.iter().copied().collect();
        self.from_host.roster = Some(roster.clone());
        let signed_roster = self.sign_roster(roster);
        let offer = Signed::sign(&self.me.signer, Domain::Offer, config.clone());
        for p in joined.iter().chain(self.watchers.admitted.iter()) {
            self.out
                .push_back(Output::Net(*p, NetMsg::Roster(signed_roster.clone())));
            self.out
                .push_back(Output::Lobby(*p, LobbyMessage::Offer(offer.clone())));
        }
        self.from_host.signed_roster = Some(signed_roster);
        self.from_host.offer = Some(offer);
        self.stage = Stage::Playing;
        self.tell_watchers();
        self.out.push_back(Output::Start {
            config,
            ready_to: None,
        });
        // Requests not answered in the lobby are asked again at the table.
        for (peer, name) in self.watchers.requests.clone() {
            self.out.push_back(Output::WatchRequest { peer, name });
        }
    }

    /// A lobby chat line from us (`None`) or from a joined peer (the host relays it).
    fn chat_from(&mut self, from: Option<P>, text: String) {
        let text: String = text
            .chars()
            .take(dwarfs_protocol::wire::MAX_CHAT_LEN)
            .collect();
        match &self.stage {
            Stage::Hosting(lobby) => {
                let joined = lobby.joined();
                let name = match from {
                    None => self.me.name.clone(),
                    Some(p) if joined.contains(&p) => self.name_of(&p),
                    Some(_) => return,
                };
                let msg = NetMsg::LobbyChat {
                    name: name.clone(),
                    text: text.clone(),
                };
                for p in joined {
                    self.out.push_back(Output::Net(p, msg.clone()));
                }
                self.out.push_back(Output::Chat { name, text });
            }
            // Our own line goes to the host, which sends it back to everyone.
            Stage::Waiting if from.is_none() => {
                let msg = NetMsg::LobbyChat {
                    name: String::new(),
                    text,
                };
                for p in self.greeting.contacts.clone() {
                    self.out.push_back(Output::Net(p, msg.clone()));
                }
            }
            Stage::Waiting | Stage::Playing => {}
        }
    }

    // ----- helpers -----

    fn say(&mut self, line: impl Into<String>) {
        self.out.push_back(Output::Say(line.into()));
    }

    fn name_of(&self, peer: &P) -> String {
        self.hellos
            .get(peer)
            .map(|h| h.name.clone())
            .unwrap_or_default()
    }
}

/// The colour name `seat` plays in game `G` ([`Game::seat_colour`]), or "seat N" in a game
/// without colours.
pub fn seat_colour<G: Game>(seat: Seat) -> String {
    G::seat_colour(seat)
        .map(str::to_string)
        .unwrap_or_else(|| format!("seat {}", seat.0 as u16 + 1))
}

/// How lines name `seat`: "seat N (colour)", or "seat N" in a game without colours.
pub fn seat_label<G: Game>(seat: Seat) -> String {
    match G::seat_colour(seat) {
        Some(c) => format!("seat {} ({c})", seat.0 as u16 + 1),
        None => format!("seat {}", seat.0 as u16 + 1),
    }
}

mod bound;
mod greeting;
mod hosting;
#[cfg(test)]
mod tests;
mod trust;
mod watchers;
