//! What arrives from the network: frames split into protocol messages (to the lobby or the
//! session) and network-layer messages, connection changes, mDNS discoveries; and the lobby's
//! outputs carried out over the node.

use super::Driver;
use crate::control::{LinkUpdate, LobbyUpdate, Update};
use crate::envelope::{Envelope, NetMsg, Roster, open};
use crate::lobby::{Output, seat_label};
use crate::node::NetEvent;
use crate::spec::Ending;
use dwarfs_engine::Game;
use dwarfs_protocol::Message;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{LobbyMessage, ReadyBody, Signed};
use dwarfs_protocol::wire::{self, WireError};
use libp2p::{Multiaddr, PeerId};
use web_time::Instant;

impl<G: Game> Driver<G> {
    /// One event of the node.
    pub(super) fn on_net(&mut self, ev: NetEvent) {
        match ev {
            NetEvent::Frame { from, bytes } => match open(&bytes) {
                Ok(Envelope::Wire(w)) => match wire::decode(w) {
                    Ok(Message::Lobby(l)) => self.lobby().on_lobby(from, l),
                    Ok(msg) => {
                        tracing::trace!(%from, "in: {}", msg.kind());
                        if self.session.is_some() && !self.may_send(&from, &msg) {
                            // A stranger (or a spectator sending more than log requests): no
                            // incident, no answer; counted for the report.
                            self.report.dropped_frames += 1;
                            tracing::debug!(%from, "dropped a {} from a peer with no seat", msg.kind());
                        } else if let Some(s) = self.session.as_mut() {
                            s.handle_message(from, msg);
                            self.report.limited_frames = s.rate_limited();
                        }
                    }
                    Err(WireError::Version { got }) => self.lobby().on_wire_version(from, got),
                    Err(e) => tracing::debug!(%from, "undecodable frame: {e}"),
                },
                Ok(Envelope::Net(m)) => self.on_net_msg(from, m),
                Err(e) => tracing::debug!(%from, "bad frame: {e}"),
            },
            NetEvent::Connected { peer, addr } => {
                if self.report.connected_us.is_none() {
                    self.report.connected_us = Some(self.since_start_us());
                }
                self.links.gone_since.remove(&peer);
                self.lobby().connected_to(peer);
                if crate::local_net::is_local(&addr) {
                    self.lobby.on_lan(peer);
                }
                if let Some(s) = self.session.as_mut() {
                    s.peer_connected(peer);
                }
            }
            NetEvent::Disconnected { peer } => {
                // Only seated players are waited for (and voted out when gone too long).
                if self
                    .session
                    .as_ref()
                    .is_some_and(|s| s.seat_of_peer(&peer).is_some())
                {
                    self.links
                        .gone_since
                        .entry(peer)
                        .or_insert_with(Instant::now);
                }
                self.hook_disconnected(&peer);
                self.on_link(peer, None);
                self.lobby().disconnected(peer);
            }
            NetEvent::Identified { peer, addrs, .. } => {
                let addrs = addrs.iter().map(|a| a.to_vec()).collect();
                self.lobby.identified(peer, addrs);
            }
            NetEvent::Discovered(list) => {
                for (peer, addr) in list {
                    if self.lobby().discovered(peer, &addr.to_string()) {
                        self.node.dial(peer, vec![addr]);
                    }
                }
            }
            NetEvent::Link { peer, path } => self.on_link(peer, Some(path)),
            NetEvent::DialFailed { peer, reason } => self.lobby().dial_failed(peer, &reason),
            NetEvent::PunchFailed { peer, reason } => self.on_punch_failed(peer, &reason),
            NetEvent::Reachability(r) => self.on_reachability(r),
            NetEvent::BadStream { peer, reason } => {
                tracing::warn!(%peer, "dropped a stream: {reason}");
            }
        }
        self.apply_lobby();
    }

    /// A network-layer message: the driver's own (done, probes), the rest to the lobby.
    fn on_net_msg(&mut self, from: PeerId, msg: NetMsg) {
        match msg {
            NetMsg::Done => {
                // Kept for the players and spectators waited for at the end (bounded by them).
                if self.is_known(&from) {
                    self.leaving.done_from.insert(from);
                }
            }
            // Probes are between the players of a game (`bench net`), not for anyone.
            NetMsg::Ping(n) if self.is_known(&from) => self.send_net(from, &NetMsg::Pong(n)),
            NetMsg::Ping(_) => self.report.dropped_frames += 1,
            NetMsg::Pong(n) => self.on_pong(from, n),
            NetMsg::Join { ref addrs, .. } => {
                // Saying Join trusts nobody: the lobby's rule decides (`sync_trust`), once it
                // seats or admits the peer.
                for a in addrs {
                    if let Ok(m) = Multiaddr::try_from(a.clone()) {
                        self.node.add_address(from, m);
                    }
                }
                self.lobby().on_net(from, msg);
            }
            msg => self.lobby().on_net(from, msg),
        }
    }

    /// Whether `from` is a seated player of the running game or an admitted spectator.
    pub(super) fn is_known(&self, from: &PeerId) -> bool {
        self.session
            .as_ref()
            .is_some_and(|s| s.seat_of_peer(from).is_some())
            || self.lobby.is_watcher(from)
    }

    /// Whether a session message from `from` goes to the session: anything from a seated
    /// player, log requests from an admitted spectator, nothing from anyone else.
    fn may_send(&self, from: &PeerId, msg: &Message) -> bool {
        match &self.session {
            Some(s) if s.seat_of_peer(from).is_some() => true,
            Some(_) => matches!(msg, Message::SyncRequest(_)) && self.lobby.is_watcher(from),
            None => false,
        }
    }

    /// Carries out what the lobby asked for, then tells the node whom to trust now.
    pub(super) fn apply_lobby(&mut self) {
        while let Some(out) = self.lobby.poll() {
            match out {
                Output::Lobby(to, m) => self.send_wire(to, &Message::Lobby(m)),
                Output::Net(to, m) => self.send_net(to, &m),
                Output::Dial(p) => self.node.dial(p, Vec::new()),
                Output::Addresses(r) => {
                    for s in &r.seats {
                        if let Some(p) = s.peer_id()
                            && p != self.id.peer
                        {
                            for a in s.multiaddrs() {
                                self.node.add_address(p, a);
                            }
                        }
                    }
                }
                Output::Say(line) => self.say(line),
                Output::Roster(r) => self.show_roster(&r),
                Output::Chat { name, text } => {
                    self.say_chat(&format!("[chat] {name}: {text}"));
                    self.update(|| Update::Lobby(LobbyUpdate::Chat { name, text }));
                }
                Output::Refused(why) => self.update(|| Update::Refused(why)),
                Output::End(why) => self.report.ending = Ending::Refused(why),
                Output::Unreachable(why) => {
                    self.say(&why);
                    self.leaving.cannot_start = Some(why);
                }
                Output::Start { config, ready_to } => {
                    // The session first: a key that played this game id before is refused
                    // there, and then sends no ready.
                    if let Err(e) = self.start_session(config.clone()) {
                        // Said and ended now: the others would wait for our seed commit.
                        self.say(format!("The game cannot start: {e}"));
                        self.report.ending = Ending::Failed(e.to_string());
                        self.leaving.cannot_start = Some(e.to_string());
                        continue;
                    }
                    if let Some(to) = ready_to
                        && let Some(seat) = config.seat_of(&self.id.public)
                    {
                        let body = ReadyBody {
                            config_digest: config.digest(),
                            seat,
                        };
                        let ready = Signed {
                            sig: self.id.signer.sign(Domain::Ready, &body),
                            body,
                        };
                        self.send_wire(to, &Message::Lobby(LobbyMessage::Ready(ready)));
                    }
                }
                Output::Rejoined { peer, need_config } => {
                    if need_config && let Some(s) = &self.session {
                        // The host's own signed roster and offer, relayed (a latecomer heeds
                        // them only from the host it dialled, signed by the host).
                        let offer = self.lobby.offer_for(s.config());
                        if let Some(r) = self.lobby.signed_roster() {
                            self.send_net(peer, &NetMsg::Roster(r));
                        }
                        self.send_wire(peer, &Message::Lobby(LobbyMessage::Offer(offer)));
                    }
                    if let Some(s) = self.session.as_mut() {
                        s.peer_connected(peer);
                    }
                }
                Output::LeftGame(peer) => self.player_left(peer),
                Output::WatchRequest { peer, name } => {
                    if self.link.is_some() {
                        let peer = peer.to_string();
                        self.update(|| Update::WatchRequest { peer, name });
                    } else {
                        // No app to ask: the terminal host follows its flag (off here).
                        self.lobby.answer_watcher(peer, false);
                    }
                }
            }
        }
        self.sync_trust();
    }

    /// Shows the lobby: to the app as an update, on the terminal as text.
    fn show_roster(&self, roster: &Roster) {
        if self.link.is_some() {
            let me = self.id.peer.to_bytes();
            let you = roster
                .seats
                .iter()
                .find(|s| s.peer.as_deref() == Some(me.as_slice()))
                .map(|s| s.seat);
            let (seats, options) = (roster.seats.clone(), roster.options.clone());
            self.update(|| {
                Update::Lobby(LobbyUpdate::Roster {
                    seats,
                    options,
                    you,
                })
            });
            // How each seated peer is reached now: the connections came before the roster
            // made them known, and only later changes are sent as they happen.
            for p in roster.seats.iter().filter_map(|s| s.peer_id()) {
                if p != self.id.peer {
                    let path = self.node.link(&p).and_then(|l| l.path);
                    self.update(|| {
                        Update::Link(LinkUpdate::Path {
                            peer: p.to_string(),
                            path,
                        })
                    });
                }
            }
            return;
        }
        if self.spec.process.machine && !self.spec.process.verbose {
            return;
        }
        println!("Lobby:");
        for s in &roster.seats {
            println!("  {}: {}", seat_label::<G>(s.seat), s.name);
        }
    }
}
