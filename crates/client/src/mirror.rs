//! The app's copy of a game: the state, the move number, the log, the hash agreement and the
//! incidents, and for a network game what the peer said besides (chat, a silent seat, how each
//! player is reached, how the run ended) and the moves of ours still in flight.
//!
//! A network game's mirror is fed only by the peer's [`Update`]s ([`GameMirror::on_update`]);
//! a local game (hotseat, bots) records the moves its own engine plays
//! ([`GameMirror::record_move`]). Either way the board lists the legal actions from
//! [`GameMirror::state`] and keys what it caches on [`GameMirror::version`], which changes with
//! every new state: nothing hashes the state to learn that it changed.

use crate::{
    Command, Ending, GameUpdate, Incident, Links, PeerReport, Started, SyncStatus, Update,
};
use dwarfs_engine::{Game, Seat};
use dwarfs_protocol::replay::{Foresight, rerolled_note};

/// The most chat lines kept (the oldest go first).
pub const MAX_CHAT_LINES: usize = 500;

/// Most spectator requests a mirror lists at once (the peer bounds how many it asks about).
pub const MAX_WATCH_REQUESTS_SHOWN: usize = 16;

/// A seat as the screens name it: its player's name with the seat's colour ("Ada (Blue)"), or
/// whichever of the two is known.
pub fn seat_label<G: Game>(name: Option<&str>, seat: Seat) -> String {
    match (name, G::seat_colour(seat)) {
        (Some(name), Some(colour)) => format!("{name} ({colour})"),
        (Some(name), None) => name.to_string(),
        (None, Some(colour)) => colour.to_string(),
        (None, None) => format!("Seat {}", seat.index() + 1),
    }
}

/// One line of the move log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The move number (actions only; 0 for setup).
    pub seq: u32,
    /// The seat that acted, or `None` for a chance event or a note.
    pub seat: Option<Seat>,
    /// The sentence.
    pub text: String,
}

/// Why a staged choice was not sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A spectator has no seat to play.
    Spectator,
    /// Our last choice has not come back applied yet.
    InFlight,
    /// The session halted: no move is played any more.
    Halted,
    /// The peer stopped.
    Stopped,
    /// Nothing was chosen.
    Empty,
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PlayError::Spectator => "a spectator does not play",
            PlayError::InFlight => "your last move has not come back yet",
            PlayError::Halted => "the game is halted",
            PlayError::Stopped => "the network game has stopped",
            PlayError::Empty => "no action was chosen",
        })
    }
}

/// What an update changed, for the screen around the mirror (animations, score history).
#[derive(Debug)]
pub struct Changed<G: Game> {
    /// The engine events of the moves and chance points applied, in order.
    pub events: Vec<G::Event>,
    /// A new state arrived.
    pub state: bool,
    /// A move was applied (any seat's).
    pub moved: bool,
    /// A seat handed to the takeover bot.
    pub taken_over: Option<Seat>,
}

impl<G: Game> Default for Changed<G> {
    fn default() -> Self {
        Changed {
            events: Vec::new(),
            state: false,
            moved: false,
            taken_over: None,
        }
    }
}

/// Who sits where, as the game started, and what happened to the seats since.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatBook {
    /// Our seat, `None` for a spectator.
    pub ours: Option<Seat>,
    /// Each seat's display name, in seat order.
    pub names: Vec<String>,
    /// Whether a bot played each seat from the start.
    pub bots: Vec<bool>,
    /// The seats played by people at the start.
    pub players_at_start: Vec<Seat>,
    /// Each seat handed to the takeover bot, with the first move it played.
    pub takeovers: Vec<(Seat, u32)>,
    /// A seat silent past the timeout, that the players may vote to hand to the bot.
    pub silent: Option<Seat>,
}

/// What the peer said that is not the game itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Talk {
    /// Chat lines ("name: text"), at most [`MAX_CHAT_LINES`].
    pub chat: Vec<String>,
    /// The last progress note.
    pub status: Option<String>,
    /// Host: spectators asking to watch, waiting for an answer: (peer id, name). At most
    /// [`MAX_WATCH_REQUESTS_SHOWN`].
    pub watch_requests: Vec<(String, String)>,
}

/// The app's copy of a game (see the module docs).
#[derive(Clone, Debug)]
pub struct GameMirror<G: Game> {
    /// The state as last applied.
    pub state: G,
    /// Moves played.
    pub seq: u32,
    /// The move log.
    pub log: Vec<LogLine>,
    /// Agreement on the state hash (a local game agrees with itself).
    pub sync: SyncStatus,
    /// The last refusal, or why the network game stopped, shown to the player.
    pub error: Option<String>,
    /// The seats.
    pub seats: SeatBook,
    /// Chat, progress notes, spectators asking to watch.
    pub talk: Talk,
    /// How each peer is reached.
    pub links: Links,
    /// How the peer's run ended, once it has.
    pub report: Option<PeerReport>,
    /// Actions of ours sent and not yet applied.
    in_flight: usize,
    /// Changes with every new state.
    version: u64,
}

impl<G: Game> GameMirror<G> {
    /// The mirror of a network game from its start.
    pub fn new(started: Started<G>) -> Self {
        let players_at_start: Vec<Seat> = (0..started.names.len())
            .filter(|i| !started.bots.get(*i).copied().unwrap_or(false))
            .map(|i| Seat(i as u8))
            .collect();
        GameMirror {
            seq: started.seq,
            sync: SyncStatus::networked(players_at_start.len()),
            seats: SeatBook {
                ours: started.seat,
                names: started.names,
                bots: started.bots,
                players_at_start,
                ..SeatBook::default()
            },
            ..GameMirror::local(started.state, 0)
        }
    }

    /// The copy of a local game around `state`, with `humans` people at this screen (who
    /// agree with themselves).
    pub fn local(state: G, humans: usize) -> Self {
        GameMirror {
            state,
            seq: 0,
            log: Vec::new(),
            sync: SyncStatus::local(humans),
            error: None,
            seats: SeatBook::default(),
            talk: Talk::default(),
            links: Links::default(),
            report: None,
            in_flight: 0,
            version: 0,
        }
    }

    /// Changes with every new state: a cache of what was listed for one state is good while it
    /// stays the same.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Actions of ours sent to the peer and not yet applied.
    pub fn in_flight(&self) -> usize {
        self.in_flight
    }

    /// Whether this mirrors a network game.
    pub fn is_network(&self) -> bool {
        !self.sync.local
    }

    /// Whether our seat may choose a move now: it is a player's, nothing of ours is in flight,
    /// and the game neither halted nor stopped. (Whose turn it is the state says; whether a
    /// move is legal the session alone decides.)
    pub fn may_play(&self) -> bool {
        self.play_check(false).is_ok()
    }

    fn play_check(&self, empty: bool) -> Result<(), PlayError> {
        if empty {
            Err(PlayError::Empty)
        } else if self.sync.halted.is_some() {
            Err(PlayError::Halted)
        } else if self.report.is_some() {
            Err(PlayError::Stopped)
        } else if self.is_network() && self.seats.ours.is_none() {
            Err(PlayError::Spectator)
        } else if self.in_flight > 0 {
            Err(PlayError::InFlight)
        } else {
            Ok(())
        }
    }

    /// Sends a choice (one action, or every step of a choice staged at once) as one command;
    /// the board shows it once it comes back applied.
    pub fn play(&mut self, staged: Vec<G::Action>) -> Result<Command<G::Action>, PlayError> {
        self.play_check(staged.is_empty())?;
        self.in_flight = staged.len();
        Ok(Command::Play(staged))
    }

    /// A sent command could not reach the peer (it stopped): nothing is in flight.
    pub fn send_failed(&mut self) {
        self.in_flight = 0;
        self.error = Some(PlayError::Stopped.to_string());
    }

    /// A chat line to send, trimmed; `None` if empty.
    pub fn chat(&self, text: &str) -> Option<Command<G::Action>> {
        let text = text.trim();
        (!text.is_empty()).then(|| Command::Chat(text.to_string()))
    }

    /// Host: the answer to a spectator's request, which leaves the list.
    pub fn answer_watcher(&mut self, peer: &str, allow: bool) -> Command<G::Action> {
        self.talk.watch_requests.retain(|(p, _)| p != peer);
        Command::AnswerWatcher {
            peer: peer.to_string(),
            allow,
        }
    }

    /// From which move chance was foreseeable, and by whom: once a single live player was left
    /// (the same rule as `dwarfs replay verify` and `replay show`).
    pub fn foresight(&self) -> Option<Foresight> {
        Foresight::of(&self.seats.players_at_start, &self.seats.takeovers)
    }

    /// A seat's display name with its colour.
    pub fn seat_label(&self, seat: Seat) -> String {
        seat_label::<G>(self.seats.names.get(seat.index()).map(String::as_str), seat)
    }

    /// Whom an incident names: its seat's label, else its peer id, else "unknown".
    pub fn incident_who(&self, i: &Incident) -> String {
        match (i.seat, &i.peer) {
            (Some(s), _) => self.seat_label(s),
            (None, Some(p)) => p.clone(),
            (None, None) => "unknown".into(),
        }
    }

    /// A move our own engine applied (a local game): logged, agreed, a new state.
    pub fn record_move(&mut self, seat: Seat, text: String, events: &[G::Event]) {
        self.seq += 1;
        self.error = None;
        self.log.push(LogLine {
            seq: self.seq,
            seat: Some(seat),
            text,
        });
        self.record_events(events);
        self.sync.agreed(self.seq);
    }

    /// Engine events (a move's or a chance point's): each the game has words for is logged; the
    /// state changed.
    pub fn record_events(&mut self, events: &[G::Event]) {
        self.version += 1;
        for e in events {
            if let Some(text) = self.state.describe_event(e) {
                self.log.push(LogLine {
                    seq: self.seq,
                    seat: None,
                    text,
                });
            }
        }
    }

    /// Takes in one update from the peer. Lobby news and a second start change nothing.
    pub fn on_update(&mut self, u: Update<G>) -> Changed<G> {
        let mut changed = Changed::default();
        match u {
            Update::Game(g) => self.on_game(g, &mut changed),
            Update::Link(l) => self.links.on_update(l),
            Update::Status(s) => self.talk.status = Some(s),
            Update::Refused(why) => {
                self.error = Some(why);
                self.in_flight = 0;
            }
            Update::WatchRequest { peer, name } => {
                let w = &mut self.talk.watch_requests;
                if !w.iter().any(|(p, _)| *p == peer) && w.len() < MAX_WATCH_REQUESTS_SHOWN {
                    w.push((peer, name));
                }
            }
            Update::Ended(report) => {
                if !matches!(report.ending, Ending::Over | Ending::Left)
                    && self.sync.halted.is_none()
                {
                    self.error = Some(format!(
                        "The network game stopped: {}",
                        report.ending.words()
                    ));
                }
                self.in_flight = 0;
                self.report = Some(*report);
            }
            Update::Lobby(_) | Update::Started(_) => {}
        }
        changed
    }

    fn on_game(&mut self, g: GameUpdate<G>, changed: &mut Changed<G>) {
        match g {
            GameUpdate::Applied {
                seq,
                seat,
                description,
                events,
                by_bot,
                state,
            } => {
                self.state = *state;
                self.seq = seq;
                let bot_seat = self.seats.bots.get(seat.index()).copied().unwrap_or(false);
                let text = if by_bot && !bot_seat {
                    format!("{description} (played by the takeover bot)")
                } else {
                    description
                };
                self.log.push(LogLine {
                    seq,
                    seat: Some(seat),
                    text,
                });
                self.record_events(&events);
                if self.seats.ours == Some(seat) {
                    self.in_flight = self.in_flight.saturating_sub(1);
                }
                if self.seats.silent == Some(seat) {
                    self.seats.silent = None;
                }
                self.error = None;
                changed.state = true;
                changed.moved = true;
                changed.events = events;
            }
            GameUpdate::Chance {
                events,
                state,
                rerolled_after,
            } => {
                self.state = *state;
                if !rerolled_after.is_empty() {
                    self.log.push(LogLine {
                        seq: self.seq,
                        seat: None,
                        text: format!("Chance {}", rerolled_note(&rerolled_after)),
                    });
                }
                self.record_events(&events);
                changed.state = true;
                changed.events = events;
            }
            GameUpdate::Final { seq, agreed, peers } => {
                self.sync.seq = seq;
                self.sync.agreed = agreed;
                self.sync.peers = peers;
            }
            GameUpdate::Incident(i) => self.sync.incident = Some(i),
            GameUpdate::Halted(why) => {
                self.sync.halted = Some(why);
                self.in_flight = 0;
            }
            GameUpdate::Silent { seat } => self.seats.silent = Some(seat),
            GameUpdate::TakenOver { seat, from_seq } => {
                let label = self.seat_label(seat);
                self.seats.silent = None;
                if !self.seats.takeovers.iter().any(|(s, _)| *s == seat) {
                    self.seats.takeovers.push((seat, from_seq));
                }
                if self.seats.ours == Some(seat) {
                    self.in_flight = 0;
                }
                self.sync.peers = self.sync.peers.saturating_sub(1).max(1);
                self.log.push(LogLine {
                    seq: from_seq,
                    seat: None,
                    text: format!("{label} is now played by the takeover bot"),
                });
                changed.taken_over = Some(seat);
            }
            GameUpdate::Chat { seat, text } => {
                let line = format!("{}: {text}", self.seat_label(seat));
                let chat = &mut self.talk.chat;
                if chat.len() >= MAX_CHAT_LINES {
                    chat.remove(0);
                }
                chat.push(line);
            }
            GameUpdate::Over { .. } => changed.state = true,
        }
    }
}
