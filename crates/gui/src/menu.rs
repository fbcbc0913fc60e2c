//! The main menu, the settings screen and the join screen.

use super::platform::Platform;
use super::settings::{PREFERRED_COLOURS, RelayInput, Settings};
use super::theme::{self, GOLD, PARCHMENT_DIM};
use crate::tips::Tip;
use dwarfs_client::LobbyInfo;
use dwarfs_engine::Game;
use dwarfs_games::{GameKind, with_game};
use egui::{Align, Layout, RichText, Ui};

/// The open lobbies a search of the LAN found, as the join screen lists them.
pub trait LanLobbies {
    /// Whether the search runs.
    fn running(&self) -> bool;
    /// Why the search stopped, if it did.
    fn error(&self) -> Option<&str>;
    /// The open lobbies found, in the order found.
    fn lobbies(&self) -> Vec<&LobbyInfo>;
    /// Whether this app can search the LAN at all (a page has no mDNS): without, the join
    /// screen shows no LAN list, only `error` (why a join failed) if any.
    fn searches(&self) -> bool {
        true
    }
}

/// What the main menu asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuChoice {
    /// Open a host lobby.
    Host,
    /// Open the join screen.
    Join,
    /// Open a hotseat lobby.
    Hotseat,
    /// Open the replay viewer.
    Replays,
    /// Open the settings.
    Settings,
    /// Come back to the kept game with this id (a page closed in the middle of a game).
    Resume([u8; 32]),
    /// Forget the kept game with this id.
    Forget([u8; 32]),
    /// Download the replay of the kept game with this id (it is over).
    DownloadKept([u8; 32]),
}

/// An unfinished network game this app kept and can come back to (a page's storage).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptGame {
    /// The game's id.
    pub game_id: [u8; 32],
    /// Which game it is.
    pub game: GameKind,
    /// It is over: its replay is kept to download, and nothing resumes it.
    pub over: bool,
}

/// What the app can do on the network, for the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// No network: hotseat and replays only.
    Offline,
    /// It joins and watches games, and hosts none (a page cannot listen).
    Joins,
    /// It hosts, joins and watches games.
    Hosts,
}

impl Reach {
    /// What the shell's network (if any) can do.
    pub fn of(net: Option<&dyn crate::shell::Network>) -> Reach {
        match net {
            None => Reach::Offline,
            Some(n) if n.can_host() => Reach::Hosts,
            Some(_) => Reach::Joins,
        }
    }
}

/// Draws the main menu; returns the entry picked. Without a network it offers only what needs
/// none, and Host only where the app can host.
pub fn main_menu(
    ui: &mut Ui,
    settings: &Settings,
    reach: Reach,
    kept: &[KeptGame],
) -> Option<MenuChoice> {
    let networked = reach != Reach::Offline;
    let mut go = None;
    // A long menu (games kept to resume above the entries) scrolls on a short window.
    let top = (ui.available_height() * 0.12).max(20.0);
    egui::ScrollArea::vertical()
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.with_layout(Layout::top_down(Align::Center), |ui| {
                ui.add_space(top);
                ui.label(theme::title("dwarfs"));
                ui.label(
                    RichText::new("Board games with friends — peer to peer, no server to trust")
                        .size(17.0)
                        .color(PARCHMENT_DIM),
                );
                for k in GameKind::listed() {
                    ui.label(theme::caption(format!("{} — {}", k.title(), k.blurb())));
                }
                ui.add_space(34.0);
                // A game left in the middle (the page was closed or reloaded) comes first, then the
                // replays of games over, kept in this browser.
                for k in kept {
                    let (text, choice, caption) = if k.over {
                        (
                            format!("Download the replay of your game of {}", k.game.title()),
                            MenuChoice::DownloadKept(k.game_id),
                            "It is over; its replay is kept in this browser.",
                        )
                    } else {
                        (
                            format!("Resume your game of {}", k.game.title()),
                            MenuChoice::Resume(k.game_id),
                            "You left it in the middle: take your seat again.",
                        )
                    };
                    if ui.add(theme::big_button(&text)).clicked() {
                        go = Some(choice);
                    }
                    ui.label(theme::caption(caption));
                    if ui
                        .small_button("Forget it")
                        .tip("Forget this game: this browser no longer keeps it")
                        .clicked()
                    {
                        go = Some(MenuChoice::Forget(k.game_id));
                    }
                    ui.add_space(6.0);
                }
                // A platform that joins but cannot host (a page) has no LAN search either.
                let join_caption = if reach == Reach::Joins {
                    "Open the host's link, or paste its ticket"
                } else {
                    "Paste a ticket, or pick a game on your LAN"
                };
                let entries = [
                    (
                        "Host a game",
                        MenuChoice::Host,
                        "Open a lobby and invite friends with a ticket",
                    ),
                    ("Join a game", MenuChoice::Join, join_caption),
                    (
                        "Hotseat",
                        MenuChoice::Hotseat,
                        "Several players at this screen, no network",
                    ),
                    (
                        "Replays",
                        MenuChoice::Replays,
                        "Step through a recorded game and verify it",
                    ),
                    (
                        "Settings",
                        MenuChoice::Settings,
                        "Your name, colour and key",
                    ),
                ];
                for (text, choice, hint) in entries {
                    if (!networked && choice == MenuChoice::Join)
                        || (reach != Reach::Hosts && choice == MenuChoice::Host)
                    {
                        continue;
                    }
                    // The hint is written under the button, not only on hover: a touch screen has none.
                    if ui.add(theme::big_button(text)).clicked() {
                        go = Some(choice);
                    }
                    ui.label(theme::caption(hint));
                    ui.add_space(6.0);
                }
                if !networked {
                    ui.label(theme::caption(
                        "Network games (host, join) run in the desktop app for now.",
                    ));
                } else if reach == Reach::Joins {
                    ui.label(theme::caption(
                        "Games are hosted from the desktop app: join one with its link or ticket.",
                    ));
                }
                ui.add_space(24.0);
                ui.label(theme::caption(format!(
                    "Playing as {} ({})",
                    settings.name,
                    PREFERRED_COLOURS[settings.colour as usize % PREFERRED_COLOURS.len()]
                )));
            });
        });
    go
}

/// Draws the settings; returns true to go back. Saving writes the config file. `relay` is the
/// relay address being typed.
pub fn settings_screen(
    ui: &mut Ui,
    draft: &mut Settings,
    settings: &mut Settings,
    platform: &dyn Platform,
    note: &mut Option<String>,
    relay: &mut RelayInput,
) -> bool {
    let mut back = false;
    ui.horizontal(|ui| {
        if ui.button("Menu").clicked() {
            back = true;
        }
        ui.label(theme::heading("Settings"));
    });
    theme::centered_column(ui, 660.0, |ui| {
        ui.add_space(12.0);
        theme::card_frame().show(ui, |ui| {
            ui.set_max_width(ui.available_width().min(620.0));
            // A phone's column is too narrow for a label beside each control: one above it.
            let narrow = ui.available_width() < 480.0;
            let rows = |ui: &mut Ui| {
                let row = |ui: &mut Ui, name: &str, add: &mut dyn FnMut(&mut Ui)| {
                    if narrow {
                        ui.label(RichText::new(name).strong());
                        add(ui);
                        ui.add_space(10.0);
                    } else {
                        ui.label(name);
                        add(ui);
                        ui.end_row();
                    }
                };
                row(ui, "Player name", &mut |ui| {
                    let w = ui.available_width().min(260.0);
                    ui.add(
                        egui::TextEdit::singleline(&mut draft.name)
                            .char_limit(24)
                            .desired_width(w),
                    );
                });
                row(ui, "Colour", &mut |ui| {
                    ui.horizontal_wrapped(|ui| {
                        for (i, name) in PREFERRED_COLOURS.iter().enumerate() {
                            let c = theme::seat_colour(i);
                            ui.selectable_value(
                                &mut draft.colour,
                                i as u8,
                                RichText::new(name.to_string()).color(c),
                            );
                        }
                    });
                });
                row(ui, "Bot speed", &mut |ui| {
                    ui.add(
                        egui::Slider::new(&mut draft.bot_delay_ms, 0..=1500)
                            .suffix(" ms per move")
                            .trailing_fill(true),
                    );
                });
                row(ui, "Relays", &mut |ui| relays_ui(ui, draft, relay));
                row(ui, "Router", &mut |ui| {
                    ui.checkbox(&mut draft.upnp, "Ask my router to open a port (UPnP)")
                        .tip(
                            "Many home routers can open a port on request, so that players on the internet reach you directly.",
                        );
                });
                row(ui, "Key fingerprint", &mut |ui| match platform.identity() {
                    Ok(id) => {
                        ui.horizontal(|ui| {
                            if ui.small_button("Copy").clicked() {
                                ui.ctx().copy_text(id.clone());
                            }
                            ui.add(
                                egui::Label::new(RichText::new(&id).monospace()).truncate(),
                            )
                            .tip(id.as_str());
                        });
                    }
                    Err(why) => {
                        ui.label(RichText::new(why).color(PARCHMENT_DIM));
                    }
                });
            };
            if narrow {
                ui.vertical(rows);
            } else {
                egui::Grid::new("settings_grid")
                    .num_columns(2)
                    .spacing([18.0, 14.0])
                    .show(ui, rows);
            }
            ui.add_space(10.0);
            ui.horizontal(|ui| {
                let valid = !draft.name.trim().is_empty();
                if ui
                    .add_enabled(valid, theme::primary_button("Save"))
                    .clicked()
                {
                    draft.name = draft.name.trim().to_string();
                    *settings = draft.clone();
                    *note = Some(match platform.save_settings(settings) {
                        Ok(at) => format!("Saved to {at}"),
                        Err(e) => format!("Could not save: {e}"),
                    });
                }
                if !valid {
                    ui.label(RichText::new("Your name cannot be empty").color(GOLD));
                }
            });
        });
        if let Some(n) = note {
            ui.label(theme::caption(n.clone()));
        }
    });
    back
}

/// The relays of the settings, each with Remove, and a field to add one.
fn relays_ui(ui: &mut Ui, draft: &mut Settings, relay: &mut RelayInput) {
    ui.vertical(|ui| {
        let mut remove = None;
        for (i, r) in draft.relays.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.add(egui::Label::new(RichText::new(r).monospace()).truncate())
                    .tip(r);
                if ui.small_button("Remove").clicked() {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            draft.relays.remove(i);
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(theme::caption("Relay address"));
            let w = ui.available_width().clamp(160.0, 300.0);
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut relay.text)
                        .hint_text("/ip4/203.0.113.7/tcp/4001/p2p/12D3KooW…")
                        .desired_width(w),
                )
                .labelled_by(label.id);
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Add relay").clicked() || enter {
                relay.add_to(&mut draft.relays);
            }
        });
        if let Some(e) = &relay.error {
            ui.label(RichText::new(e.to_string()).color(theme::DANGER));
        }
        ui.label(theme::caption(
            "For games on the internet when you and your friends sit behind home routers: someone runs `dwarfs relay` on a machine with a public address and gives you one of the RELAY lines it prints. Your tickets carry it.",
        ));
    });
}

/// The join screen's state.
#[derive(Default)]
pub struct JoinState {
    /// The ticket as typed.
    pub ticket: String,
    status: Option<Result<String, String>>,
}

/// What the join screen asks for.
pub enum JoinOutcome {
    /// Nothing.
    Stay,
    /// Back to the menu.
    Leave,
    /// Host instead.
    Host,
    /// Join the game of this (checked) ticket.
    Join(String),
    /// Watch the game of this (checked) ticket, read-only (works mid-game).
    Watch(String),
}

/// The registered game a ticket is for, or why this app cannot play it.
pub fn ticket_game(text: &str) -> Result<GameKind, String> {
    let t = dwarfs_client::Ticket::decode(text).map_err(|e| e.to_string())?;
    GameKind::from_name(&t.game).ok_or_else(|| {
        let known: Vec<&str> = GameKind::listed().map(GameKind::title).collect();
        format!(
            "This ticket is for a game of {:?}, which this app does not know (it plays {}): update the app.",
            t.game,
            known.join(", ")
        )
    })
}

/// Reads a pasted ticket: the ticket to join, or why it cannot be joined here.
pub fn check_ticket(text: &str) -> Result<String, String> {
    let t = dwarfs_client::Ticket::decode(text).map_err(|e| e.to_string())?;
    ticket_game(text)?;
    if t.addrs.is_empty() {
        return Err("This ticket holds no address to reach the host: ask for a new one.".into());
    }
    Ok(text.trim().to_string())
}

/// Draws the join screen.
pub fn join_screen(
    ui: &mut Ui,
    state: &mut JoinState,
    lan: &dyn LanLobbies,
    hosts: bool,
) -> JoinOutcome {
    let mut out = JoinOutcome::Stay;
    ui.horizontal(|ui| {
        if ui.button("Menu").clicked() {
            out = JoinOutcome::Leave;
        }
        ui.label(theme::heading("Join a game"));
    });
    theme::centered_column(ui, 800.0, |ui| {
        ui.add_space(12.0);
        theme::card_frame().show(ui, |ui| {
            ui.set_max_width(ui.available_width().min(760.0));
            ui.label(RichText::new("Paste the ticket your host sent you").strong());
            // Wraps on a phone: the buttons go under the field.
            ui.horizontal_wrapped(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut state.ticket)
                        .hint_text("dwarfs1…")
                        .desired_width((ui.available_width() - 16.0).clamp(160.0, 440.0)),
                );
                let ok = !state.ticket.trim().is_empty();
                let join = ui.add_enabled(ok, theme::primary_button("Join")).clicked();
                let watch = ui
                    .add_enabled(ok, egui::Button::new("Watch"))
                    .tip("Follow the game without a seat: every move is verified as it comes, even mid-game")
                    .clicked();
                if join || watch {
                    match check_ticket(state.ticket.trim()) {
                        Ok(t) => {
                            state.status = None;
                            out = if join {
                                JoinOutcome::Join(t)
                            } else {
                                JoinOutcome::Watch(t)
                            };
                        }
                        Err(e) => state.status = Some(Err(e)),
                    }
                }
            });
            match &state.status {
                Some(Ok(s)) => {
                    ui.label(RichText::new(s).color(theme::TARGET));
                }
                Some(Err(e)) => {
                    ui.label(RichText::new(e).color(GOLD));
                }
                None => {}
            }
        });
        ui.add_space(12.0);
        if !lan.searches() {
            match lan.error() {
                Some(e) => ui.label(RichText::new(e).color(GOLD)),
                None => ui.label(theme::caption(
                    "Open the host's link, or paste the ticket it gave you.",
                )),
            };
        } else {
            theme::card_frame().show(ui, |ui| {
                ui.set_max_width(ui.available_width().min(760.0));
                ui.horizontal(|ui| {
                    ui.label(RichText::new("Games on your LAN").strong());
                    if lan.running() {
                        ui.spinner();
                    }
                });
                if let Some(e) = lan.error() {
                    ui.label(RichText::new(format!("The LAN search stopped: {e}")).color(GOLD));
                } else if lan.lobbies().is_empty() {
                    ui.label(theme::caption(
                        "Looking for open lobbies on your network (mDNS)… none yet.",
                    ));
                }
                for i in lan.lobbies() {
                    ui.horizontal(|ui| {
                        ui.label(
                            RichText::new(format!(
                                "{}'s game of {}",
                                i.host_name,
                                GameKind::from_name(&i.game).map_or(i.game.as_str(), |k| k.title())
                            ))
                            .strong(),
                        );
                        ui.label(theme::caption(format!(
                            "{} of {} seats open",
                            i.open, i.seats
                        )));
                        let known = GameKind::from_name(&i.game)
                            .is_some_and(|k| with_game!(k, G, G::RULES_VERSION) == i.rules_version);
                        let button = ui.add_enabled(
                            known && i.open > 0,
                            egui::Button::new(format!("Join {}", i.host_name)),
                        );
                        if !known {
                            button
                                .tip_disabled("Another game or rules version than this app plays");
                        } else if button.clicked() {
                            out = JoinOutcome::Join(i.ticket.clone());
                        }
                    });
                }
            });
        }
        ui.add_space(12.0);
        if hosts && ui.button("Host a game instead").clicked() {
            out = JoinOutcome::Host;
        }
    });
    out
}
