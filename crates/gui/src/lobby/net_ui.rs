//! The network lobby's own panels: the seats as the peer reports them, the side panel of a
//! network game (ready, relays, leaving), the host's answers to spectator requests, and the
//! invite ticket.

use super::*;
use crate::tips::Tip;

impl Lobby {
    /// A network lobby's seats, as the host's roster says (read-only).
    pub(super) fn net_seats_ui(&mut self, ui: &mut Ui) {
        ui.label(theme::heading("Seats"));
        if self.seats.is_empty() {
            ui.label(RichText::new("Waiting for the host's lobby…").color(PARCHMENT_DIM));
            if self.mode == LobbyMode::Joined && self.net.is_some() {
                links::no_path_ui(ui, &mut self.connecting_since, self.watching);
            }
        }
        for (i, seat) in self.seats.iter().enumerate() {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    seat_badge(ui, self.game, i);
                    match seat {
                        LobbySeat::Person { name, remote } => {
                            ui.label(RichText::new(name.as_str()).strong());
                            ui.label(theme::caption(if *remote { "joined" } else { "you" }));
                            if *remote {
                                links::link_badge(ui, self.links.seat(i));
                            }
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
                                            .small_button(format!("Sit here ({})", seat_colour(self.game, i)))
                                            .tip(
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
                            ui.label(theme::caption("takeover bot, run by every peer"));
                        }
                    }
                });
            });
        }
        self.options_section(ui, false);
    }

    /// A network lobby's ticket and reachability, status, chat, ready state and start button;
    /// `relays` is how many relays the settings name.
    pub(super) fn net_side_ui(&mut self, ui: &mut Ui, relays: usize) {
        if self.mode == LobbyMode::Host {
            self.ticket_ui(ui);
            links::reachability_ui(ui, self.links.reachability.as_ref(), relays);
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
                self.watch_requests_ui(ui);
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

    /// Host: the spectators asking to watch, each with Allow and Deny.
    pub(super) fn watch_requests_ui(&mut self, ui: &mut Ui) {
        let mut answered = None;
        for (peer, name) in &self.watch_requests {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("{name} asks to watch.")).color(GOLD))
                    .tip(format!("Peer {peer}.\n\n{}", crate::trust::SPECTATORS));
                if ui.button("Allow").clicked() {
                    answered = Some((peer.clone(), true));
                }
                if ui.button("Deny").clicked() {
                    answered = Some((peer.clone(), false));
                }
            });
        }
        if let Some((peer, allow)) = answered {
            self.watch_requests.retain(|(p, _)| *p != peer);
            if let Some(net) = &self.net {
                net.send(Command::AnswerWatcher { peer, allow });
            }
        }
    }

    pub(super) fn ticket_ui(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Invite ticket:").strong());
            match &self.ticket {
                Some(t) => {
                    ui.monospace(crate::words::cut(t, 48)).tip(t.as_str());
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
        self.web_share_ui(ui);
    }
}
