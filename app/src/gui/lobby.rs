//! The lobby: seats with names and colours, bots to fill seats, the options, the data digest and
//! rules version, a ready state, chat, and the invite ticket.
//!
//! This is a local model: in hotseat it is the whole truth; for a hosted game, the network
//! crate's lobby (peers joining by ticket, their hellos, ready states and chat) is still to be
//! wired into [`Lobby::remote_join`], [`Lobby::ticket`] and [`Lobby::chat`].

use super::settings::{COLOUR_NAMES, Settings};
use super::table::{SeatInfo, SeatKind};
use super::theme::{self, GOLD, PARCHMENT_DIM};
use dwarfs_engine::Game;
use dwarfs_fall::{Decree, Edition, Fall, FallOptions, Scenario};
use egui::{RichText, Ui};

/// Hotseat (one screen) or a hosted network game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyMode {
    /// Several people at one screen.
    Hotseat,
    /// Hosting for peers over the network.
    Host,
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

    /// A remote peer took the first open seat (for the network lobby to call; not wired yet).
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn remote_join(&mut self, name: String) -> bool {
        match self.seats.iter_mut().find(|s| **s == LobbySeat::Open) {
            Some(s) => {
                *s = LobbySeat::Person { name, remote: true };
                true
            }
            None => false,
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
            return Err("waiting for players: fill the open seats with bots or wait".into());
        }
        if self
            .seats
            .iter()
            .any(|s| matches!(s, LobbySeat::Person { remote: true, .. }))
        {
            return Err("network games are not wired into the app yet: use `dwarfs host` / `dwarfs join` from the command line".into());
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
            ui.label(theme::heading(match self.mode {
                LobbyMode::Hotseat => "Hotseat — Dwar7s Fall",
                LobbyMode::Host => "Host a game — Dwar7s Fall",
            }));
        });
        ui.add_space(8.0);
        ui.columns(2, |cols| {
            self.seats_ui(&mut cols[0]);
            if self.side_ui(&mut cols[1], settings) {
                out = LobbyOutcome::Start(self.seat_infos());
            }
        });
        out
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
                                    LobbyMode::Host => LobbySeat::Open,
                                };
                                let text = match self.mode {
                                    LobbyMode::Hotseat => "Person",
                                    LobbyMode::Host => "Open seat",
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
                    LobbyMode::Host => LobbySeat::Open,
                });
            }
            if ui.button("Fill with bots").clicked() {
                self.fill_with_bots();
            }
        });
        ui.add_space(10.0);
        ui.label(theme::heading("Options"));
        self.options_ui(ui);
        ui.label(theme::caption(format!(
            "Rules version {} · card data digest {}",
            Fall::RULES_VERSION,
            hex8(&Fall::data_digest())
        )))
        .on_hover_text("Peers must agree on both before a game can start.");
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

    /// The ticket, chat and ready column; true when "Start game" was clicked.
    fn side_ui(&mut self, ui: &mut Ui, settings: &Settings) -> bool {
        let mut started = false;
        if self.mode == LobbyMode::Host {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Invite ticket:").strong());
                match &self.ticket {
                    Some(t) => {
                        ui.monospace(t.as_str());
                        if ui.button("Copy").clicked() {
                            ui.ctx().copy_text(t.clone());
                            self.note = Some("ticket copied".into());
                        }
                    }
                    None => {
                        ui.label(RichText::new("none yet — the app's network lobby is not wired; `dwarfs host` prints a ticket").color(PARCHMENT_DIM));
                    }
                }
            });
        }
        if self.mode == LobbyMode::Host {
            self.chat_ui(ui, settings);
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.ready, "I'm ready");
            let check = self.can_start();
            let start = ui.add_enabled(check.is_ok(), theme::primary_button("Start game"));
            started = start.clicked();
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
        started
    }

    fn chat_ui(&mut self, ui: &mut Ui, settings: &Settings) {
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
                self.chat
                    .push(format!("{}: {}", settings.name, self.chat_input.trim()));
                self.chat_input.clear();
            }
        });
        for line in self.chat.iter().rev().take(4).rev() {
            ui.label(theme::caption(line.clone()));
        }
    }
}

/// The first 8 bytes in hex.
pub fn hex8(b: &[u8]) -> String {
    b.iter().take(8).map(|x| format!("{x:02x}")).collect()
}
