//! A network lobby's peer, whatever its game: the lobby talks to it through [`LobbyNet`], and it
//! hands back the game's table once the game starts.

use super::lobby::{Lobby, LobbySeat};
use super::table::{AnyTable, Table};
use super::view::GameView;
use dwarfs_client::{Command, LobbyUpdate, PeerLink, Update};
use dwarfs_engine::options::GameOptions;
use dwarfs_engine::{Game, codec};
use std::convert::Infallible;

/// The peer running a network lobby, whatever its game.
pub trait LobbyNet {
    /// Sends a lobby command (no moves before the game starts); false if the peer stopped.
    fn send(&self, c: Command<Infallible>) -> bool;
    /// Takes in what the peer reported into `lobby`; the table once the game starts.
    fn pump(&mut self, lobby: &mut Lobby) -> LobbyPump;
}

/// What a lobby's peer reported.
pub enum LobbyPump {
    /// The lobby goes on.
    Going,
    /// The game started at this table.
    Started(Box<dyn AnyTable>),
    /// The lobby closed.
    Closed,
}

/// The peer of a network lobby for a game shown with board view `V`.
pub struct NetLobby<V: GameView> {
    handle: Option<Box<dyn PeerLink<V::G>>>,
}

impl<V: GameView> NetLobby<V> {
    /// Wraps a running peer's link.
    pub fn new(handle: Box<dyn PeerLink<V::G>>) -> Self {
        NetLobby {
            handle: Some(handle),
        }
    }
}

impl<V: GameView> LobbyNet for NetLobby<V> {
    fn send(&self, c: Command<Infallible>) -> bool {
        let c = match c {
            // A lobby plays no move (an `Infallible` list is always empty).
            Command::Play(_) => return false,
            Command::Chat(t) => Command::Chat(t),
            Command::Ready(r) => Command::Ready(r),
            Command::TakeSeat(s) => Command::TakeSeat(s),
            Command::StartNow => Command::StartNow,
            Command::VoteTakeover(s) => Command::VoteTakeover(s),
            Command::Leave => Command::Leave,
            Command::AnswerWatcher { peer, allow } => Command::AnswerWatcher { peer, allow },
        };
        self.handle.as_ref().is_some_and(|h| h.send(c))
    }

    fn pump(&mut self, lobby: &mut Lobby) -> LobbyPump {
        // One at a time: what follows `Started` stays queued for the game's table.
        while let Some(u) = self.handle.as_mut().and_then(|h| h.try_recv()) {
            match u {
                Update::Started(started) => {
                    let Some(handle) = self.handle.take() else {
                        return LobbyPump::Closed;
                    };
                    let table: Table<V> =
                        Table::networked(*started, handle).with_links(lobby.links.clone());
                    return LobbyPump::Started(Box::new(table));
                }
                Update::Ended(report) => {
                    lobby.note = Some(format!("The lobby closed: {}", report.ending.words()));
                    return LobbyPump::Closed;
                }
                u => lobby_update(lobby, u),
            }
        }
        LobbyPump::Going
    }
}

/// Takes one of the peer's updates before the game starts into `lobby` (the start and the end
/// of the run are [`NetLobby`]'s to handle).
pub fn lobby_update<G: Game>(lobby: &mut Lobby, u: Update<G>) {
    match u {
        Update::Status(s) => lobby.status = Some(s),
        Update::Lobby(LobbyUpdate::Ticket(t)) => lobby.ticket = Some(t),
        Update::Lobby(LobbyUpdate::Roster {
            seats,
            options,
            you,
        }) => {
            lobby.you = you.map(|s| s.0);
            lobby.seat_ready = seats.iter().map(|s| s.ready).collect();
            lobby.links.on_roster(&seats);
            lobby.seats = seats
                .iter()
                .map(|s| {
                    if s.bot {
                        LobbySeat::Bot
                    } else if s.peer.is_none() {
                        LobbySeat::Open
                    } else {
                        LobbySeat::Person {
                            name: s.name.clone(),
                            remote: Some(s.seat) != you,
                        }
                    }
                })
                .collect();
            if !options.is_empty()
                && let Ok(o) = codec::decode::<G::Options>(&options)
            {
                lobby.values = o.to_values();
            }
        }
        Update::Lobby(LobbyUpdate::Chat { name, text }) => {
            lobby.chat.push(format!("{name}: {text}"))
        }
        Update::WatchRequest { peer, name }
            if !lobby.watch_requests.iter().any(|(p, _)| *p == peer)
                && lobby.watch_requests.len() < super::table::MAX_WATCH_REQUESTS_SHOWN =>
        {
            lobby.watch_requests.push((peer, name));
        }
        Update::Refused(r) => lobby.note = Some(r),
        Update::Link(l) => lobby.links.on_update(l),
        Update::WatchRequest { .. } | Update::Started(_) | Update::Game(_) | Update::Ended(_) => {}
    }
}
