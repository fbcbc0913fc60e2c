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
            || !self.greeting.lan_asked.contains(&from)
            || !self.greeting.contacts.is_empty()
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
        self.from_host.host = Some(from);
        self.greeting.contacts.insert(from);
        self.greeting.greeted.insert(from);
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
