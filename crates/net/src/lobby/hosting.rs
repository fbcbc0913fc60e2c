//! The host's side of the lobby: joins, ready states, seat changes and leaves from joined
//! peers; what a LAN browser is told about the lobby (and a joiner's side of that offer); and the
//! roster the host sends.

use super::*;

impl<G: Game, P: LobbyPeer> Lobby<G, P> {
    pub(super) fn host_join(&mut self, from: P, is_ready: bool) {
        let Stage::Hosting(lobby) = &mut self.stage else {
            return;
        };
        match lobby.join(from, is_ready) {
            Err(e) => {
                let refuse = self.refuse(Refusal::Seats(e.to_string()));
                self.out.push_back(Output::Lobby(from, refuse));
            }
            Ok(false) => {
                // Greeted again (a lost frame, a reconnection): the lobby as it is.
                let Stage::Hosting(lobby) = &self.stage else {
                    return;
                };
                let roster = self.sign_roster(self.roster_for(lobby));
                self.out
                    .push_back(Output::Net(from, NetMsg::Roster(roster)));
            }
            Ok(true) => {
                let name = self.name_of(&from);
                self.say(format!("{name} joined."));
                self.roster_changed();
                self.try_start();
            }
        }
    }

    /// `from` asks to watch (before or during the game). An admitted spectator is answered at
    /// once; otherwise the host admits it when anyone may watch, or asks the player
    /// ([`Output::WatchRequest`]); a player who is not the host admits it only when the host
    /// said anyone may watch, and otherwise leaves it to the host.
    pub(super) fn watch_request(&mut self, from: P, need_config: bool) {
        if self.spectators.contains(&from) {
            if self.is_playing() {
                self.out.push_back(Output::Rejoined {
                    peer: from,
                    need_config,
                });
            }
            return;
        }
        if self.me.anyone_may_watch {
            self.admit_watcher(from);
            return;
        }
        if !self.hosted {
            tracing::debug!(
                ?from,
                "a spectator request to a player: the host answers it"
            );
            return;
        }
        if self.watch_requests.contains_key(&from) {
            return;
        }
        if self.denied.contains(&from) {
            self.deny_watcher(from, "the host said no");
            return;
        }
        if self.watch_requests.len() >= MAX_WATCH_REQUESTS {
            self.deny_watcher(
                from,
                "too many spectator requests are waiting; ask again later",
            );
            return;
        }
        let name = self.name_of(&from);
        self.watch_requests.insert(from, name.clone());
        self.say(format!("{name} asks to watch the game."));
        self.out
            .push_back(Output::WatchRequest { peer: from, name });
    }

    /// Host: the player's answer to a spectator request ([`Output::WatchRequest`]).
    pub fn answer_watcher(&mut self, peer: P, allow: bool) {
        if self.watch_requests.remove(&peer).is_none() {
            return;
        }
        if allow {
            self.admit_watcher(peer);
        } else {
            if self.denied.len() >= MAX_WATCHERS {
                self.denied.pop_front();
            }
            self.denied.push_back(peer);
            self.deny_watcher(peer, "the host said no");
        }
    }

    /// The spectator requests waiting for the host's answer, with the askers' names.
    pub fn watch_requests(&self) -> impl Iterator<Item = (&P, &String)> {
        self.watch_requests.iter()
    }

    fn deny_watcher(&mut self, peer: P, why: &str) {
        self.out
            .push_back(Output::Net(peer, NetMsg::WatchDenied(why.to_string())));
    }

    /// Admits `peer` as a spectator: the players are told (they answer its log requests), and
    /// a game under way is handed to it.
    fn admit_watcher(&mut self, peer: P) {
        if self.spectators.len() >= MAX_WATCHERS {
            self.deny_watcher(
                peer,
                &format!("this game has {MAX_WATCHERS} spectators already"),
            );
            return;
        }
        self.spectators.insert(peer);
        if self.hosted {
            self.tell_watchers();
        }
        if self.is_playing() {
            self.out.push_back(Output::Rejoined {
                peer,
                need_config: true,
            });
        }
    }

    /// Host: tells every seated player who may watch (after the start and each admission).
    pub(super) fn tell_watchers(&mut self) {
        let msg = NetMsg::Watchers {
            open: self.me.anyone_may_watch,
            admitted: self.spectators.iter().map(|p| p.to_bytes()).collect(),
        };
        for p in self.players.clone() {
            self.out.push_back(Output::Net(p, msg.clone()));
        }
    }

    /// A player learns from the host who may watch.
    pub(super) fn on_watchers(&mut self, from: P, open: bool, admitted: Vec<Vec<u8>>) {
        if self.hosted || !self.contacts.contains(&from) {
            return;
        }
        self.me.anyone_may_watch = open;
        for b in admitted.iter().take(MAX_WATCHERS) {
            if self.spectators.len() >= MAX_WATCHERS {
                break;
            }
            if let Some(p) = P::from_bytes(b) {
                self.spectators.insert(p);
            }
        }
    }

    pub(super) fn host_ready(&mut self, from: P, is_ready: bool) {
        let Stage::Hosting(lobby) = &mut self.stage else {
            return;
        };
        if lobby.set_ready(from, is_ready) {
            self.roster_changed();
            self.try_start();
        }
    }

    pub(super) fn host_take_seat(&mut self, from: P, seat: Seat) {
        let Stage::Hosting(lobby) = &mut self.stage else {
            return;
        };
        match lobby.take_seat(from, seat) {
            Ok(()) => self.roster_changed(),
            Err(e) if from == self.me.id => self.out.push_back(Output::Refused(e.to_string())),
            Err(e) => tracing::debug!(?from, "seat change refused: {e}"),
        }
    }

    pub(super) fn host_leave(&mut self, from: P) {
        let Stage::Hosting(lobby) = &mut self.stage else {
            return;
        };
        if !lobby.leave(&from) {
            return;
        }
        let name = self.name_of(&from);
        self.say(format!("{name} left the lobby."));
        self.roster_changed();
    }

    /// LAN join: a node found by mDNS told us what it hosts; take a seat in the first open lobby
    /// of our game.
    pub(super) fn lan_lobby_found(&mut self, from: P, info: LobbyInfo) {
        if !self.me.lan
            || !self.lan_asked.contains(&from)
            || !self.contacts.is_empty()
            || self.is_playing()
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
        let Ok(t) = crate::ticket::Ticket::decode(&info.ticket) else {
            return;
        };
        if t.host.to_bytes() != from.to_bytes() {
            return;
        }
        self.say(format!(
            "Joining {}'s lobby ({} of {} seats open).",
            info.host_name, info.open, info.seats
        ));
        self.game_id = t.game_id;
        self.host = Some(from);
        self.contacts.insert(from);
        self.greeted.insert(from);
        self.greet(from);
    }

    /// Host: what a LAN browser is told about our lobby.
    pub(super) fn lobby_info(&self) -> Option<LobbyInfo> {
        let Stage::Hosting(lobby) = &self.stage else {
            return None;
        };
        Some(LobbyInfo {
            game: G::NAME.into(),
            rules_version: G::RULES_VERSION,
            host_name: self.me.name.clone(),
            ticket: self.ticket.clone()?,
            seats: lobby.seats().len() as u8,
            open: lobby.open() as u8,
        })
    }

    /// The host's lobby as a roster, for the tests.
    #[cfg(test)]
    pub(super) fn roster_for_test(&self) -> Roster {
        match &self.stage {
            Stage::Hosting(lobby) => self.roster_for(lobby),
            _ => panic!("not hosting"),
        }
    }

    /// The host's lobby as a roster: names, colours, where players listen, ready states.
    pub(super) fn roster_for(&self, lobby: &HostLobby<P>) -> Roster {
        let seats = lobby
            .seats()
            .iter()
            .enumerate()
            .map(|(i, seat)| {
                let mut r = RosterSeat {
                    seat: Seat(i as u8),
                    name: String::new(),
                    colour: seat_colour::<G>(Seat(i as u8)),
                    peer: None,
                    addrs: vec![],
                    bot: false,
                    ready: false,
                };
                match seat {
                    HostSeat::Player(p) => {
                        let mine = *p == self.me.id;
                        r.name = if mine {
                            self.me.name.clone()
                        } else {
                            self.name_of(p)
                        };
                        r.addrs = if mine {
                            self.listen.clone()
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
}
