//! The lobby: seats with names and colours, bots to fill seats, the options, the data digest and
//! rules version, a ready state, chat, and the invite ticket.
//!
//! In hotseat the lobby is the whole truth. A network lobby (hosting once "Open lobby" is
//! clicked, or after joining) shows what the peer reports — the roster, ready states, chat, the
//! ticket — and sends the player's choices to it as commands.

use super::settings::{COLOUR_NAMES, Settings};
use super::table::{SeatInfo, SeatKind};
use super::theme::{self, GOLD, PARCHMENT_DIM};
use dwarfs_engine::{Game, codec};
use dwarfs_fall::{Decree, Edition, Fall, FallOptions, Scenario};
use dwarfs_net::{Command, PeerHandle, Update};
use egui::{RichText, Ui};

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

/// What the network lobby's peer said when the game started.
pub struct NetStart {
    /// Our seat (`None` to watch).
    pub seat: Option<dwarfs_engine::Seat>,
    /// Seat names.
    pub names: Vec<String>,
    /// Bot seats.
    pub bots: Vec<bool>,
    /// The state after setup.
    pub state: Box<Fall>,
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
    /// The game options.
    pub options: FallOptions,
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
    pub net: Option<PeerHandle<Fall>>,
    /// Our seat in a network lobby.
    pub you: Option<u8>,
    /// Each seat's ready state in a network lobby.
    pub seat_ready: Vec<bool>,
    /// The network's last progress note.
    pub status: Option<String>,
    /// Watching (no seat) rather than playing.
    pub watching: bool,
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
            options: FallOptions::default(),
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
        }
    }

    /// A lobby joined over the network through `handle` (the roster arrives from the host);
    /// `watching` for a spectator.
    pub fn joined(settings: &Settings, handle: PeerHandle<Fall>, watching: bool) -> Self {
        let mut l = Lobby::new(LobbyMode::Joined, settings);
        l.seats.clear();
        l.ready = false;
        l.watching = watching;
        l.status = Some("Connecting to the host…".into());
        l.net = Some(handle);
        l
    }

    /// The seat count and bot count to host with, and the options' encoding.
    pub fn host_role(&self) -> dwarfs_net::Role {
        // The network lobby puts bots in the last seats.
        let bots = self.seats.iter().filter(|s| **s == LobbySeat::Bot).count() as u8;
        dwarfs_net::Role::Host {
            seats: self.seats.len() as u8,
            bots,
            options: codec::encode(&self.options),
        }
    }

    /// Takes in what the network peer reported; returns the start of the game once it starts.
    pub fn pump(&mut self) -> Option<NetStart> {
        // One at a time: what follows `Started` stays queued for the game's table.
        while let Some(u) = self.net.as_mut().and_then(|h| h.try_recv()) {
            match u {
                Update::Status(s) => self.status = Some(s),
                Update::Ticket(t) => self.ticket = Some(t),
                Update::Roster {
                    seats,
                    options,
                    you,
                } => {
                    self.you = you.map(|s| s.0);
                    self.seat_ready = seats.iter().map(|s| s.ready).collect();
                    self.seats = seats
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
                        && let Ok(o) = codec::decode::<FallOptions>(&options)
                    {
                        self.options = o;
                    }
                }
                Update::LobbyChat { name, text } => self.chat.push(format!("{name}: {text}")),
                Update::Refused(r) => self.note = Some(r),
                Update::Started {
                    seat,
                    names,
                    bots,
                    state,
                    ..
                } => {
                    return Some(NetStart {
                        seat,
                        names,
                        bots,
                        state,
                    });
                }
                Update::Ended(report) => {
                    self.note = Some(format!(
                        "The lobby closed: {}",
                        super::table::ending_text(&report.ending)
                    ));
                    self.net = None;
                }
                _ => {}
            }
        }
        None
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

    fn can_start(&self) -> Result<(), String> {
        let n = self.seats.len() as u8;
        if !(Fall::MIN_PLAYERS..=Fall::MAX_PLAYERS).contains(&n) {
            return Err(format!(
                "Fall is played by {} to {} players",
                Fall::MIN_PLAYERS,
                Fall::MAX_PLAYERS
            ));
        }
        if self.seats.contains(&LobbySeat::Open) {
            return Err(
                "open seats wait for players: open the lobby, or fill them with bots".into(),
            );
        }
        self.options
            .validate()
            .map_err(|e| format!("the options are not valid: {e}"))?;
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
            ui.label(theme::heading(match (self.mode, self.net.is_some()) {
                (LobbyMode::Hotseat, _) => "Hotseat — Dwar7s Fall",
                (LobbyMode::Host, false) => "Host a game — Dwar7s Fall",
                (LobbyMode::Host, true) => "Hosting — Dwar7s Fall",
                (LobbyMode::Joined, _) if self.watching => "Watching a game — Dwar7s Fall",
                (LobbyMode::Joined, _) => "Joined a game — Dwar7s Fall",
            }));
        });
        ui.add_space(8.0);
        if self.net.is_some() || self.mode == LobbyMode::Joined {
            ui.columns(2, |cols| {
                self.net_seats_ui(&mut cols[0]);
                self.net_side_ui(&mut cols[1]);
            });
            return out;
        }
        ui.columns(2, |cols| {
            self.seats_ui(&mut cols[0]);
            match self.side_ui(&mut cols[1], settings) {
                SideChoice::None => {}
                SideChoice::Start => out = LobbyOutcome::Start(self.seat_infos()),
                SideChoice::Open => out = LobbyOutcome::Open,
            }
        });
        out
    }

    /// A network lobby's seats, as the host's roster says (read-only).
    fn net_seats_ui(&mut self, ui: &mut Ui) {
        ui.label(theme::heading("Seats"));
        if self.seats.is_empty() {
            ui.label(RichText::new("Waiting for the host's lobby…").color(PARCHMENT_DIM));
        }
        for (i, seat) in self.seats.iter().enumerate() {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    let c = theme::seat_colour(i);
                    theme::dot(ui, c, 9.0);
                    ui.label(RichText::new(COLOUR_NAMES[i % 4]).color(c).strong());
                    match seat {
                        LobbySeat::Person { name, remote } => {
                            ui.label(RichText::new(name.as_str()).strong());
                            ui.label(theme::caption(if *remote { "joined" } else { "you" }));
                            let ready = self.seat_ready.get(i).copied().unwrap_or(false);
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    if ready {
                                        ui.label(RichText::new("ready").color(theme::TARGET));
                                    } else {
                                        ui.label(RichText::new("not ready").color(GOLD));
                                    }
                                },
                            );
                        }
                        LobbySeat::Open => {
                            ui.label(
                                RichText::new("Open — waiting for a player…").color(PARCHMENT_DIM),
                            );
                            if let Some(net) = &self.net
                                && self.you.is_some()
                            {
                                ui.with_layout(
                                    egui::Layout::right_to_left(egui::Align::Center),
                                    |ui| {
                                        if ui
                                            .small_button(format!("Sit here ({})", COLOUR_NAMES[i % 4]))
                                            .on_hover_text(
                                                "Move to this seat: its colour, and its place in the turn order",
                                            )
                                            .clicked()
                                        {
                                            net.send(Command::TakeSeat(dwarfs_engine::Seat(i as u8)));
                                        }
                                    },
                                );
                            }
                        }
                        LobbySeat::Bot => {
                            ui.label(RichText::new(format!("Bot {}", i + 1)).strong());
                            ui.label(theme::caption("deterministic bot, run by every peer"));
                        }
                    }
                });
            });
        }
        self.options_section(ui, false);
    }

    /// A network lobby's ticket, status, chat, ready state and start button.
    fn net_side_ui(&mut self, ui: &mut Ui) {
        if self.mode == LobbyMode::Host {
            self.ticket_ui(ui);
        }
        if let Some(s) = &self.status {
            ui.label(theme::caption(s.clone()));
        }
        ui.add_space(6.0);
        self.chat_ui(ui, None);
        ui.add_space(8.0);
        // Without a running peer (it stopped, or a still picture) the controls are shown greyed.
        let live = self.net.is_some();
        match self.mode {
            LobbyMode::Host => {
                let open = self.seats.iter().filter(|s| **s == LobbySeat::Open).count();
                let text = if open > 0 {
                    "Start now — bots take the open seats"
                } else {
                    "Start now"
                };
                if ui.add_enabled(live, theme::primary_button(text)).clicked()
                    && let Some(net) = &self.net
                {
                    net.send(Command::StartNow);
                }
                ui.label(theme::caption(
                    "The game starts by itself once every seat is taken and every player is ready.",
                ));
            }
            LobbyMode::Joined => {
                if self.you.is_some() {
                    if ui
                        .add_enabled(live, egui::Checkbox::new(&mut self.ready, "I'm ready"))
                        .changed()
                        && let Some(net) = &self.net
                    {
                        net.send(Command::Ready(self.ready));
                    }
                    ui.label(theme::caption(
                        "The host starts the game once every seat is taken and everyone is ready.",
                    ));
                }
            }
            LobbyMode::Hotseat => {}
        }
        if let Some(n) = &self.note {
            ui.label(RichText::new(n.clone()).color(GOLD));
        }
    }

    fn ticket_ui(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Invite ticket:").strong());
            match &self.ticket {
                Some(t) => {
                    let short = if t.len() > 48 {
                        format!("{}…", &t[..48])
                    } else {
                        t.clone()
                    };
                    ui.monospace(short).on_hover_text(t.as_str());
                    if ui.button("Copy").clicked() {
                        ui.ctx().copy_text(t.clone());
                        self.note = Some("Ticket copied: send it to the other players.".into());
                    }
                }
                None if self.net.is_some() => {
                    ui.label(RichText::new("starting the network…").color(PARCHMENT_DIM));
                }
                None => {
                    ui.label(
                        RichText::new("open the lobby to get a ticket to share")
                            .color(PARCHMENT_DIM),
                    );
                }
            }
        });
    }

    fn seats_ui(&mut self, ui: &mut Ui) {
        ui.label(theme::heading("Seats"));
        let mut remove = None;
        for i in 0..self.seats.len() {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    let c = theme::seat_colour(i);
                    theme::dot(ui, c, 9.0);
                    ui.label(RichText::new(COLOUR_NAMES[i % 4]).color(c).strong());
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
                            ui.label(theme::caption("random bot"));
                        }
                    }
                    if i > 0 {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui
                                .small_button("Remove")
                                .on_hover_text("Remove this seat")
                                .clicked()
                            {
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
        ui.horizontal(|ui| {
            if self.seats.len() < Fall::MAX_PLAYERS as usize && ui.button("Add seat").clicked() {
                let n = self.seats.len() + 1;
                self.seats.push(match self.mode {
                    LobbyMode::Hotseat => LobbySeat::Person {
                        name: format!("Player {n}"),
                        remote: false,
                    },
                    LobbyMode::Host | LobbyMode::Joined => LobbySeat::Open,
                });
            }
            if ui.button("Fill with bots").clicked() {
                self.fill_with_bots();
            }
        });
        self.options_section(ui, true);
    }

    /// The options (editable by the host before the lobby opens, shown to everyone after), the
    /// rules version and the card-data digest that every peer must share.
    fn options_section(&mut self, ui: &mut Ui, editable: bool) {
        ui.add_space(10.0);
        ui.label(theme::heading("Options"));
        ui.add_enabled_ui(editable, |ui| self.options_ui(ui))
            .response
            .on_disabled_hover_text("The host chose the options.");
        ui.label(theme::caption(format!(
            "Rules version {} · card data digest {}",
            Fall::RULES_VERSION,
            hex8(&Fall::data_digest())
        )))
        .on_hover_text("Peers with other rules or card data are refused at the lobby.");
    }

    /// The edition, and for the 3rd edition a scenario or a hand-picked set of Royal Decrees.
    fn options_ui(&mut self, ui: &mut Ui) {
        let o = &mut self.options;
        ui.horizontal(|ui| {
            ui.label("Edition:");
            if ui
                .selectable_label(o.edition == Edition::Classic, "Classic")
                .on_hover_text("The classic rulebook")
                .clicked()
            {
                o.edition = Edition::Classic;
                o.scenario = None;
                o.decrees.clear();
            }
            if ui
                .selectable_label(o.edition == Edition::Third, "3rd edition")
                .on_hover_text(
                    "Campfires, class meeples (king, warrior, guardian) and Royal Decrees",
                )
                .clicked()
                && o.edition != Edition::Third
            {
                o.edition = Edition::Third;
                o.scenario = Some(Scenario::AxeGospel);
                o.decrees.clear();
            }
        });
        if o.edition != Edition::Third {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("Scenario:");
            for sc in Scenario::ALL {
                let decrees: Vec<&str> = sc.decrees().iter().map(|d| d.name()).collect();
                let hover = if decrees.is_empty() {
                    "Three Royal Decrees drawn at random when the game is set up".to_string()
                } else {
                    format!("Royal Decrees: {}", decrees.join(", "))
                };
                if ui
                    .selectable_label(o.scenario == Some(sc), sc.name())
                    .on_hover_text(hover)
                    .clicked()
                {
                    o.scenario = Some(sc);
                    o.decrees.clear();
                }
            }
            if ui
                .selectable_label(o.scenario.is_none(), "Pick decrees")
                .on_hover_text("Choose any set of Royal Decrees yourself")
                .clicked()
            {
                o.scenario = None;
            }
        });
        match o.scenario {
            Some(Scenario::FortuneTeller) => {
                ui.label(theme::caption(
                    "Royal Decrees: three drawn at random at setup",
                ));
            }
            Some(sc) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(theme::caption("Royal Decrees:"));
                    for d in sc.decrees() {
                        ui.label(RichText::new(d.name()).color(GOLD))
                            .on_hover_text(d.text());
                    }
                });
            }
            None => {
                ui.horizontal_wrapped(|ui| {
                    for d in Decree::ALL {
                        let mut on = o.decrees.contains(&d);
                        if ui
                            .checkbox(&mut on, d.name())
                            .on_hover_text(d.text())
                            .changed()
                        {
                            o.decrees.retain(|x| *x != d);
                            if on {
                                o.decrees.push(d);
                                o.decrees.sort();
                            }
                        }
                    }
                });
                if o.decrees.is_empty() {
                    ui.label(theme::caption(
                        "No decree picked: the 3rd edition without decrees",
                    ));
                }
            }
        }
    }

    /// The ticket, chat and ready column of a lobby not on the network (yet).
    fn side_ui(&mut self, ui: &mut Ui, settings: &Settings) -> SideChoice {
        let mut choice = SideChoice::None;
        let open = self.seats.contains(&LobbySeat::Open);
        if self.mode == LobbyMode::Host {
            self.ticket_ui(ui);
            if open {
                ui.horizontal(|ui| {
                    let ok = self.options.validate().is_ok();
                    if ui
                        .add_enabled(ok, theme::primary_button("Open lobby"))
                        .on_hover_text(
                            "Listen for players: you get a ticket to share, and players on your LAN see the game",
                        )
                        .clicked()
                    {
                        choice = SideChoice::Open;
                    }
                    ui.label(theme::caption(format!(
                        "{} open seat(s) wait for players",
                        self.seats.iter().filter(|s| **s == LobbySeat::Open).count()
                    )));
                });
            }
            self.chat_ui(ui, Some(settings));
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.ready, "I'm ready");
            let check = self.can_start();
            let start = ui.add_enabled(check.is_ok(), theme::primary_button("Start game"));
            if start.clicked() {
                choice = SideChoice::Start;
            }
            match check {
                Err(why) => {
                    ui.label(RichText::new(why).color(GOLD));
                }
                Ok(()) => {
                    ui.label(theme::caption(format!("{} seats ready", self.seats.len())));
                }
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
            let r = ui.add(
                egui::TextEdit::singleline(&mut self.chat_input)
                    .hint_text("say something")
                    .desired_width(260.0),
            );
            let send = ui.button("Send").clicked()
                || (r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)));
            if send && !self.chat_input.trim().is_empty() {
                let text = self.chat_input.trim().to_string();
                match (&self.net, settings) {
                    (Some(net), _) => {
                        net.send(Command::Chat(text));
                    }
                    (None, Some(s)) => self.chat.push(format!("{}: {text}", s.name)),
                    (None, None) => {}
                }
                self.chat_input.clear();
            }
        });
        for line in self.chat.iter().rev().take(8).rev() {
            ui.label(theme::caption(line.clone()));
        }
    }
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
