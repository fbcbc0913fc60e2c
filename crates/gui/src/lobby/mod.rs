//! The lobby: seats with names and colours, bots to fill seats, the options, the data digest and
//! rules version, a ready state, chat, and the invite ticket.
//!
//! In hotseat the lobby is the whole truth. A network lobby (hosting once "Open lobby" is
//! clicked, or after joining) shows what the peer reports — the roster, ready states, chat, the
//! ticket — and sends the player's choices to it as commands.

use super::links::{self, Links};
pub use super::lobby_net::{LobbyNet, LobbyPump, NetLobby};
use super::options_panel::option_ui;
use super::settings::Settings;
use super::table::{AnyTable, SeatInfo, SeatKind};
use super::theme::{self, GOLD, PARCHMENT_DIM};
use crate::tips::Tip;
use dwarfs_client::Command;
use dwarfs_engine::COLOUR_NAMES;
use dwarfs_engine::options::{GameOptions, OptionValues};
use dwarfs_engine::{Game, codec};
use dwarfs_games::{GameKind, Level, with_game};
use egui::{RichText, Ui};

mod net_ui;
pub mod web_share;

/// Hotseat (one screen) or a hosted network game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyMode {
    /// Several people at one screen.
    Hotseat,
    /// Hosting for peers over the network.
    Host,
    /// Joined another player's game over the network.
    Joined,
}

/// The name of a bot level in the lobby ("random" for no search).
pub fn level_name(level: Option<Level>) -> &'static str {
    level.map_or("random", Level::name)
}

/// Who fills a lobby seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbySeat {
    /// A person: at this screen (hotseat, or the host), or a remote peer that joined.
    Person {
        /// Display name.
        name: String,
        /// True for a peer that joined over the network.
        remote: bool,
    },
    /// Waiting for a peer to join.
    Open,
    /// A bot.
    Bot,
}

/// What the lobby screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyOutcome {
    /// Nothing.
    Stay,
    /// Back to the menu.
    Leave,
    /// Start the game with these seats.
    Start(Vec<SeatInfo>),
    /// Open the lobby to the network (host).
    Open,
}

/// What the side column asks for.
enum SideChoice {
    None,
    Start,
    Open,
}

/// The lobby's state.
pub struct Lobby {
    /// Hotseat or host.
    pub mode: LobbyMode,
    /// Seats in seat order.
    pub seats: Vec<LobbySeat>,
    /// The game played.
    pub game: GameKind,
    /// The game's options, as the options panel sets them (checked by the game).
    pub values: OptionValues,
    /// This player's ready flag.
    pub ready: bool,
    /// Chat lines ("name: text").
    pub chat: Vec<String>,
    chat_input: String,
    /// The invite ticket, once the network gave one.
    pub ticket: Option<String>,
    /// A note for the player (copied, refused...).
    pub note: Option<String>,
    /// The peer running this lobby over the network, once opened or joined.
    pub net: Option<Box<dyn LobbyNet>>,
    /// Our seat in a network lobby.
    pub you: Option<u8>,
    /// Each seat's ready state in a network lobby.
    pub seat_ready: Vec<bool>,
    /// The network's last progress note.
    pub status: Option<String>,
    /// Watching (no seat) rather than playing.
    pub watching: bool,
    /// Host: anyone who asks may watch (an open game); otherwise each request is listed with
    /// Allow and Deny.
    pub anyone_may_watch: bool,
    /// Host: spectators asking to watch, waiting for an answer: (peer id, name); at most
    /// [`super::table::MAX_WATCH_REQUESTS_SHOWN`].
    pub watch_requests: Vec<(String, String)>,
    /// Each seat's peer, how each peer is reached, and this computer's reachability.
    pub links: Links,
    /// Joined: the UI clock when connecting to the host began (for the no-path hint).
    pub connecting_since: Option<f64>,
    /// Hotseat: the level the bot seats play at (`None`: uniformly random moves).
    pub bot_level: Option<Level>,
    /// Host: the page served to browsers on the LAN.
    pub web: web_share::WebShare,
}

impl Lobby {
    /// A fresh lobby for the player with `settings`.
    pub fn new(mode: LobbyMode, settings: &Settings) -> Self {
        let me = LobbySeat::Person {
            name: settings.name.clone(),
            remote: false,
        };
        let seats = match mode {
            LobbyMode::Hotseat => vec![
                me,
                LobbySeat::Person {
                    name: "Player 2".into(),
                    remote: false,
                },
            ],
            LobbyMode::Host => vec![me, LobbySeat::Open],
            LobbyMode::Joined => Vec::new(),
        };
        Lobby {
            mode,
            seats,
            game: GameKind::Fall,
            values: OptionValues::new(),
            ready: mode == LobbyMode::Hotseat,
            chat: Vec::new(),
            chat_input: String::new(),
            ticket: None,
            note: None,
            net: None,
            you: None,
            seat_ready: Vec::new(),
            status: None,
            watching: false,
            anyone_may_watch: false,
            watch_requests: Vec::new(),
            links: Links::default(),
            connecting_since: None,
            bot_level: Some(Level::default()),
            web: web_share::WebShare::default(),
        }
    }

    /// A lobby joined over the network through `handle` (the roster arrives from the host);
    /// `watching` for a spectator.
    pub fn joined(
        settings: &Settings,
        game: GameKind,
        handle: Box<dyn LobbyNet>,
        watching: bool,
    ) -> Self {
        let mut l = Lobby::new(LobbyMode::Joined, settings);
        l.seats.clear();
        l.ready = false;
        l.watching = watching;
        l.game = game;
        l.status = Some("Connecting to the host…".into());
        l.net = Some(handle);
        l
    }

    /// The seat count and bot count to host with, and the options' encoding.
    pub fn host_role(&self) -> Result<dwarfs_client::Role, String> {
        // The network lobby puts bots in the last seats.
        let bots = self.seats.iter().filter(|s| **s == LobbySeat::Bot).count() as u8;
        let values = &self.values;
        let options = with_game!(self.game, G, {
            <G as Game>::Options::from_values(values)
                .map_err(|e| format!("the options are not valid: {e}"))
                .and_then(|o| {
                    codec::encode(&o).map_err(|e| format!("the options cannot be encoded: {e}"))
                })
        })?;
        Ok(dwarfs_client::Role::Host {
            seats: self.seats.len() as u8,
            bots,
            options,
        })
    }

    /// Why the chosen options are refused, if they are.
    pub fn options_error(&self) -> Option<String> {
        let values = &self.values;
        with_game!(self.game, G, {
            <G as Game>::Options::from_values(values).err()
        })
        .map(|e| format!("the options are not valid: {e}"))
    }

    /// Plays `game` (hotseat, or a host before the lobby opens): its default options, and as
    /// many seats as it allows.
    pub fn choose_game(&mut self, game: GameKind) {
        if game == self.game {
            return;
        }
        self.game = game;
        self.values.clear();
        let players = game.players();
        self.seats.truncate(*players.end() as usize);
        while self.seats.len() < *players.start() as usize {
            self.seats.push(self.new_seat());
        }
    }

    /// Takes in what the network peer reported; returns the table once the game starts.
    pub fn pump(&mut self) -> Option<Box<dyn AnyTable>> {
        let mut net = self.net.take()?;
        match net.pump(self) {
            LobbyPump::Going => {
                self.net = Some(net);
                None
            }
            LobbyPump::Started(t) => Some(t),
            LobbyPump::Closed => None,
        }
    }

    /// Every empty or extra seat becomes a bot (the first seat stays yours).
    pub fn fill_with_bots(&mut self) {
        for s in self.seats.iter_mut().skip(1) {
            let remote = matches!(s, LobbySeat::Person { remote: true, .. });
            if !remote {
                *s = LobbySeat::Bot;
            }
        }
    }

    /// The seat added next: a person named after its number in hotseat, an open seat in a
    /// network lobby.
    fn new_seat(&self) -> LobbySeat {
        match self.mode {
            LobbyMode::Hotseat => LobbySeat::Person {
                name: format!("Player {}", self.seats.len() + 1),
                remote: false,
            },
            LobbyMode::Host | LobbyMode::Joined => LobbySeat::Open,
        }
    }

    fn can_start(&self) -> Result<(), String> {
        let n = self.seats.len() as u8;
        let players = self.game.players();
        if !players.contains(&n) {
            return Err(format!(
                "{} is played by {} to {} players",
                self.game.title(),
                players.start(),
                players.end()
            ));
        }
        if self.seats.contains(&LobbySeat::Open) {
            return Err(
                "open seats wait for players: open the lobby, or fill them with bots".into(),
            );
        }
        if let Some(e) = self.options_error() {
            return Err(e);
        }
        if !self.ready {
            return Err("tick \"I'm ready\" first".into());
        }
        Ok(())
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                LobbySeat::Person { name, .. } => SeatInfo {
                    name: name.clone(),
                    kind: SeatKind::Human,
                },
                _ => SeatInfo {
                    name: format!("Bot {}", i + 1),
                    kind: SeatKind::Bot,
                },
            })
            .collect()
    }

    /// Draws the lobby.
    pub fn ui(&mut self, ui: &mut Ui, settings: &Settings) -> LobbyOutcome {
        let mut out = LobbyOutcome::Stay;
        ui.horizontal(|ui| {
            if ui.button("Menu").clicked() {
                out = LobbyOutcome::Leave;
            }
            let what = match (self.mode, self.net.is_some()) {
                (LobbyMode::Hotseat, _) => "Hotseat",
                (LobbyMode::Host, false) => "Host a game",
                (LobbyMode::Host, true) => "Hosting",
                (LobbyMode::Joined, _) if self.watching => "Watching a game",
                (LobbyMode::Joined, _) => "Joined a game",
            };
            ui.label(theme::heading(format!("{what} — {}", self.game.title())));
        });
        ui.add_space(8.0);
        if self.net.is_some() || self.mode == LobbyMode::Joined {
            ui.columns(2, |cols| {
                self.net_seats_ui(&mut cols[0]);
                self.net_side_ui(&mut cols[1], settings.relays.len());
            });
            return out;
        }
        let mut side = |lobby: &mut Self, ui: &mut Ui| match lobby.side_ui(ui, settings) {
            SideChoice::None => {}
            SideChoice::Start => out = LobbyOutcome::Start(lobby.seat_infos()),
            SideChoice::Open => out = LobbyOutcome::Open,
        };
        if ui.available_width() < crate::view::NARROW {
            // A phone: one column that scrolls, the seats first.
            egui::ScrollArea::vertical()
                .id_salt("lobby_column")
                .show(ui, |ui| {
                    self.seats_ui(ui);
                    ui.add_space(12.0);
                    side(self, ui);
                });
        } else {
            ui.columns(2, |cols| {
                self.seats_ui(&mut cols[0]);
                side(self, &mut cols[1]);
            });
        }
        out
    }

    fn seats_ui(&mut self, ui: &mut Ui) {
        self.game_picker(ui);
        ui.add_space(8.0);
        ui.label(theme::heading("Seats"));
        let mut remove = None;
        for i in 0..self.seats.len() {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    seat_badge(ui, self.game, i);
                    match &mut self.seats[i] {
                        LobbySeat::Person { name, remote } => {
                            if i == 0 || *remote {
                                ui.label(RichText::new(name.as_str()).strong());
                                ui.label(theme::caption(if *remote { "joined" } else { "you" }));
                            } else {
                                ui.add(egui::TextEdit::singleline(name).desired_width(140.0));
                            }
                        }
                        LobbySeat::Open => {
                            ui.label(
                                RichText::new("Open — waiting for a player…").color(PARCHMENT_DIM),
                            );
                        }
                        LobbySeat::Bot => {
                            ui.label(RichText::new(format!("Bot {}", i + 1)).strong());
                            ui.label(theme::caption(match self.mode {
                                LobbyMode::Hotseat => {
                                    format!("{} bot", level_name(self.bot_level))
                                }
                                LobbyMode::Host | LobbyMode::Joined => {
                                    "takeover bot, run by every peer".to_string()
                                }
                            }));
                        }
                    }
                    if i > 0 {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui.small_button("Remove").tip("Remove this seat").clicked() {
                                remove = Some(i);
                            }
                            let is_bot = self.seats[i] == LobbySeat::Bot;
                            if is_bot {
                                let back = match self.mode {
                                    LobbyMode::Hotseat => LobbySeat::Person {
                                        name: format!("Player {}", i + 1),
                                        remote: false,
                                    },
                                    LobbyMode::Host | LobbyMode::Joined => LobbySeat::Open,
                                };
                                let text = match self.mode {
                                    LobbyMode::Hotseat => "Person",
                                    LobbyMode::Host | LobbyMode::Joined => "Open seat",
                                };
                                if ui.small_button(text).clicked() {
                                    self.seats[i] = back;
                                }
                            } else if !matches!(
                                self.seats[i],
                                LobbySeat::Person { remote: true, .. }
                            ) && ui.small_button("Bot").clicked()
                            {
                                self.seats[i] = LobbySeat::Bot;
                            }
                        });
                    }
                });
            });
        }
        if let Some(i) = remove {
            self.seats.remove(i);
        }
        ui.horizontal_wrapped(|ui| {
            if self.seats.len() < *self.game.players().end() as usize
                && ui.button("Add seat").clicked()
            {
                self.seats.push(self.new_seat());
            }
            if ui.button("Fill with bots").clicked() {
                self.fill_with_bots();
            }
            if self.mode == LobbyMode::Hotseat {
                self.bot_level_ui(ui);
            }
        });
        self.options_section(ui, true);
    }

    /// Hotseat: the level of the bot seats, random to hard.
    fn bot_level_ui(&mut self, ui: &mut Ui) {
        ui.label("Bots:");
        for level in std::iter::once(None).chain(Level::ALL.map(Some)) {
            ui.selectable_value(&mut self.bot_level, level, level_name(level))
                .tip(match level {
                    None => "Uniformly random moves.",
                    Some(Level::Easy) => "A short search: beats a careless player, makes mistakes.",
                    Some(Level::Normal) => {
                        "A search that uses the game's knowledge (up to 0.4 s a move); the \
                         takeover bot of network games plays like this."
                    }
                    Some(Level::Hard) => "A long search (up to 1 s a move).",
                });
        }
    }

    /// The game picker (hotseat, or a host before the lobby opens).
    fn game_picker(&mut self, ui: &mut Ui) {
        ui.label(theme::heading("Game"));
        let mut pick = None;
        for k in GameKind::listed() {
            ui.horizontal(|ui| {
                if ui
                    .selectable_label(self.game == k, k.title())
                    .tip(k.blurb())
                    .clicked()
                {
                    pick = Some(k);
                }
                ui.add(egui::Label::new(theme::caption(k.blurb())).wrap());
            });
        }
        if let Some(k) = pick {
            self.choose_game(k);
        }
    }

    /// The options (editable by the host before the lobby opens, shown to everyone after), the
    /// rules version and the data digest that every peer must share.
    fn options_section(&mut self, ui: &mut Ui, editable: bool) {
        ui.add_space(10.0);
        ui.label(theme::heading("Options"));
        let specs = self.game.option_specs();
        let values = &mut self.values;
        ui.add_enabled_ui(editable, |ui| {
            if specs.is_empty() {
                ui.label(theme::caption("This game has no options."));
            }
            for spec in specs {
                let game = self.game;
                if with_game!(
                    game,
                    G,
                    <<G as Game>::Options as GameOptions>::applies(spec.key, values)
                ) {
                    option_ui(ui, spec, values);
                } else {
                    values.remove(spec.key);
                }
            }
        })
        .response
        .tip_disabled("The host chose the options.");
        if let Some(e) = self.options_error() {
            ui.label(RichText::new(e).color(theme::DANGER));
        }
        // What peers must agree on: only a lobby for the network has peers to refuse.
        if self.mode != LobbyMode::Hotseat {
            let (version, digest) = with_game!(self.game, G, (G::RULES_VERSION, G::data_digest()));
            ui.label(theme::caption(format!(
                "Rules version {version} · data digest {}",
                hex8(&digest)
            )))
            .tip("Peers with other rules or game data are refused at the lobby.");
        }
    }

    /// The ticket, chat and ready column of a lobby not on the network (yet).
    fn side_ui(&mut self, ui: &mut Ui, settings: &Settings) -> SideChoice {
        let mut choice = SideChoice::None;
        let open = self.seats.contains(&LobbySeat::Open);
        if self.mode == LobbyMode::Host {
            self.ticket_ui(ui);
            links::reachability_ui(ui, None, settings.relays.len());
            if open {
                ui.horizontal(|ui| {
                    let ok = self.options_error().is_none();
                    if ui
                        .add_enabled(ok, theme::primary_button("Open lobby"))
                        .tip(
                            "Listen for players: you get a ticket to share, and players on your LAN see the game",
                        )
                        .clicked()
                    {
                        choice = SideChoice::Open;
                    }
                    let open = self.seats.iter().filter(|s| **s == LobbySeat::Open).count();
                    ui.label(theme::caption(if open == 1 {
                        "1 open seat waits for a player".to_string()
                    } else {
                        format!("{open} open seats wait for players")
                    }));
                });
                ui.checkbox(&mut self.anyone_may_watch, "Anyone may watch")
                    .tip(format!(
                        "An open game: anyone with the ticket may watch without asking. \
                         Otherwise you allow or deny each spectator.\n\n{}",
                        super::trust::SPECTATORS
                    ));
            }
            self.chat_ui(ui, Some(settings));
        }
        ui.add_space(8.0);
        // At one screen everyone is there: only a lobby for the network asks who is ready.
        let hotseat = self.mode == LobbyMode::Hotseat;
        ui.horizontal(|ui| {
            if !hotseat {
                ui.checkbox(&mut self.ready, "I'm ready");
            }
            let check = self.can_start();
            let start = ui.add_enabled(check.is_ok(), theme::primary_button("Start game"));
            if start.clicked() {
                choice = SideChoice::Start;
            }
            match check {
                Err(why) => {
                    ui.label(RichText::new(why).color(GOLD));
                }
                Ok(()) if !hotseat => {
                    ui.label(theme::caption(format!("{} seats ready", self.seats.len())));
                }
                Ok(()) => {}
            }
        });
        if let Some(n) = &self.note {
            ui.label(theme::caption(n.clone()));
        }
        choice
    }

    /// The chat box: lines go to the network when the lobby is on it, else stay here.
    fn chat_ui(&mut self, ui: &mut Ui, settings: Option<&Settings>) {
        ui.horizontal(|ui| {
            ui.label(RichText::new("Chat").strong());
            if let Some(text) = super::widgets::chat_input(ui, &mut self.chat_input, 260.0) {
                match (&self.net, settings) {
                    (Some(net), _) => {
                        net.send(Command::Chat(text));
                    }
                    (None, Some(s)) => self.chat.push(format!("{}: {text}", s.name)),
                    (None, None) => {}
                }
            }
        });
        for line in self.chat.iter().rev().take(8).rev() {
            ui.label(theme::caption(line.clone()));
        }
    }
}

/// The colour name of seat `i` in `game` (the player's colours for a game without its own).
/// A seat's dot and colour name, at the head of its row.
fn seat_badge(ui: &mut Ui, game: GameKind, i: usize) {
    let c = theme::seat_colour(i);
    theme::dot(ui, c, 9.0);
    ui.label(RichText::new(seat_colour(game, i)).color(c).strong());
}

fn seat_colour(game: GameKind, i: usize) -> &'static str {
    let seat = dwarfs_engine::Seat(i as u8);
    with_game!(game, G, G::seat_colour(seat)).unwrap_or(COLOUR_NAMES[i % COLOUR_NAMES.len()])
}

/// The first 8 bytes in hex.
pub fn hex8(b: &[u8]) -> String {
    b.iter().take(8).map(|x| format!("{x:02x}")).collect()
}

/// A joined network lobby as the host's roster shows it (for screenshots; no network runs).
pub fn demo_joined(settings: &Settings) -> Lobby {
    let mut l = Lobby::new(LobbyMode::Joined, settings);
    l.seats = vec![
        LobbySeat::Person {
            name: "Ada".into(),
            remote: true,
        },
        LobbySeat::Person {
            name: settings.name.clone(),
            remote: false,
        },
        LobbySeat::Open,
        LobbySeat::Bot,
    ];
    l.seat_ready = vec![true, false, false, true];
    l.you = Some(1);
    l.ready = false;
    l.chat = vec!["Ada: welcome! ready when you are".into()];
    l.status = Some("Joined Ada's lobby: waiting for 1 more player.".into());
    l
}
