//! The shared game screen (status bar, sync light, move log, hotseat curtain around a game's board
//! view) and the end screen (score breakdown, winners and tie-breakers, score chart).

use super::table::{LogLine, Table};
use super::theme::{self, GOLD, PARCHMENT, PARCHMENT_DIM};
use super::view::GameView;
use crate::tips::Tip;
use dwarfs_client::Command;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_games::GameKind;
use egui::{Align, Layout, RichText, Ui};

/// What the game screen asks for.
pub enum GameOutcome {
    /// Keep playing.
    Stay,
    /// Leave the game.
    Leave,
    /// The game is over: show the end screen.
    Over,
}

/// The least width the prompt keeps beside the title before it takes a row of its own.
const PROMPT_MIN_WIDTH: f32 = 320.0;

/// The accessible name of the game screen's top bar (the buttons, the prompt, the banners).
pub const TOP_BAR: &str = "game top bar";

/// Draws the move log: one line per row, only the visible rows laid out (a long game has a
/// thousand lines), the full text on hover. `highlight` marks a move; `scroll_to` jumps to it.
pub fn move_log(ui: &mut Ui, log: &[LogLine], highlight: Option<u32>, scroll_to: Option<u32>) {
    let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let mut area = egui::ScrollArea::vertical()
        .id_salt("move_log")
        .stick_to_bottom(highlight.is_none())
        .auto_shrink([false, false]);
    if let Some(seq) = scroll_to
        && let Some(i) = log.iter().position(|l| l.seq == seq && l.seat.is_some())
    {
        area = area.vertical_scroll_offset((i as f32 * row - 120.0).max(0.0));
    }
    area.show_rows(
        ui,
        row - ui.spacing().item_spacing.y,
        log.len(),
        |ui, range| {
            for line in &log[range] {
                let text = match line.seat {
                    Some(s) => RichText::new(format!("{:>3}. {}", line.seq, line.text))
                        .color(theme::seat_colour(s.index())),
                    None => RichText::new(format!("      {}", line.text)).color(PARCHMENT_DIM),
                };
                let mut label = egui::Label::new(text).truncate();
                if highlight == Some(line.seq) && line.seat.is_some() {
                    label = egui::Label::new(
                        RichText::new(format!("{:>3}. {}", line.seq, line.text))
                            .color(theme::STONE_DARK)
                            .background_color(GOLD),
                    )
                    .truncate();
                }
                ui.add(label).tip(&line.text);
            }
        },
    );
}

/// Draws a game in progress.
pub fn game<V: GameView>(ui: &mut Ui, table: &mut Table<V>) -> GameOutcome {
    let now = ui.input(|i| i.time);
    if table.repaint.is_none() {
        table.repaint = Some(ui.ctx().clone());
    }
    table.advance(now);
    if table.mirror.state.to_act() == Actor::Over {
        return GameOutcome::Over;
    }
    if table.thinking().is_some() {
        // The search asks for a frame when it answers; until then, a frame per step of the
        // thinking dots (not a spinner's frame after frame: a page thinks between frames).
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(THINKING_STEP_S));
    } else if let Actor::Seat(s) = table.mirror.state.to_act()
        && !table.is_human(s)
    {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(
                table.bot_delay_ms as u64 + 5,
            ));
    }
    // Escape forgets a half-made choice (a spot picked, dragons chosen), unless a text field
    // has the keyboard.
    if ui.input(|i| i.key_pressed(egui::Key::Escape)) && ui.ctx().memory(|m| m.focused()).is_none()
    {
        table.view.reset();
    }
    let mut out = GameOutcome::Stay;
    let mut prompt_below = None;
    // A phone: the move log takes the board's place when asked for, not a column beside it.
    let narrow = ui.available_width() < crate::view::NARROW;
    let log_id = ui.scope_id().with("game_log_shown");
    let mut log_shown = narrow && ui.data(|d| d.get_temp::<bool>(log_id).unwrap_or(false));
    let top = egui::Panel::top("game_top")
        .frame(theme::panel_frame().fill(theme::STONE_DARK))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.button("Leave game").tip("Leave this game").clicked() {
                    out = GameOutcome::Leave;
                }
                if narrow
                    && ui
                        .button(if log_shown { "Board" } else { "Moves" })
                        .clicked()
                {
                    log_shown = !log_shown;
                    ui.data_mut(|d| d.insert_temp(log_id, log_shown));
                }
                if !narrow {
                    // A phone's row has no room for the title beside the buttons and the light.
                    let name = <V::G as Game>::NAME;
                    let title = GameKind::from_name(name).map_or(name, GameKind::title);
                    ui.label(theme::heading(title));
                    ui.separator();
                }
                let prompt = table.mirror.state.prompt(table.viewer);
                // The light keeps its place at the right; the prompt wraps in the width left
                // (a long prompt no longer runs under the light), or goes on a row of its own
                // when little is left (a phone's narrow window).
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    super::sync::light(ui, &table.mirror.sync);
                    if ui.available_width() >= PROMPT_MIN_WIDTH {
                        ui.with_layout(Layout::left_to_right(Align::Center), |ui| {
                            ui.add(egui::Label::new(RichText::new(prompt).color(PARCHMENT)).wrap());
                        });
                    } else {
                        prompt_below = Some(prompt);
                    }
                });
            });
            if let Some(prompt) = prompt_below.take() {
                ui.add(egui::Label::new(RichText::new(prompt).color(PARCHMENT)).wrap());
            }
            super::sync::banner(ui, &table.mirror, &mut table.report_saved, &*table.platform);
            if let Some((seat, level)) = table.thinking() {
                let step = (now / THINKING_STEP_S) as usize % 3;
                ui.horizontal(|ui| {
                    ui.label(theme::caption(["·  ", "·· ", "···"][step]));
                    ui.label(theme::caption(thinking_text(
                        &table.seat_label(seat),
                        level,
                    )));
                });
            }
            if let Some(e) = &table.mirror.error {
                ui.label(RichText::new(e).color(theme::DANGER));
            }
            remote_bar(ui, table);
        });
    // Named, so that scripts know where the board's scrolling column starts (what lies under
    // the bar takes no click).
    top.response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Pane, true, TOP_BAR));
    let log = |ui: &mut Ui, table: &mut Table<V>| {
        if table.remote.is_some() {
            egui::Panel::bottom("game_chat")
                .resizable(false)
                .frame(egui::Frame::NONE)
                .show(ui, |ui| chat_box(ui, table));
            super::links::players_ui(ui, table);
        }
        ui.label(theme::heading("Moves"));
        move_log(ui, &table.mirror.log, None, None);
    };
    if log_shown {
        egui::CentralPanel::default()
            .frame(theme::panel_frame())
            .show(ui, |ui| log(ui, table));
        return out;
    }
    if !narrow {
        egui::Panel::right("game_log")
            .resizable(true)
            .default_size(300.0)
            .frame(theme::panel_frame())
            .show(ui, |ui| log(ui, table));
    }
    egui::CentralPanel::no_frame().show(ui, |ui| {
        if let Some(seat) = table.curtain {
            curtain(ui, table, seat);
            return;
        }
        let legal = table.legal_for_viewer();
        let picked = table
            .view
            .show(ui, &table.mirror.state, table.viewer, &legal);
        if !picked.is_empty() {
            table.play_choice(picked);
        }
    });
    out
}

/// Seconds between two steps of the dots that show a bot thinking.
const THINKING_STEP_S: f64 = 0.4;

/// What the game screen says while a bot thinks.
pub fn thinking_text(seat_label: &str, level: dwarfs_games::Level) -> String {
    format!("{seat_label} is thinking ({level} bot)…")
}

/// A network game's notes: a silent seat the player may hand to the bot, the peer's progress.
fn remote_bar<V: GameView>(ui: &mut Ui, table: &mut Table<V>) {
    if table.remote.is_none() {
        return;
    }
    ui.label(theme::caption(super::trust::HIDDEN_HANDS_CAPTION))
        .tip(super::trust::HIDDEN_HANDS);
    let silent = table.mirror.seats.silent;
    let waiting = table.mirror.in_flight() > 0;
    if let Some(seat) = silent {
        let label = table.seat_label(seat);
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!(
                    "Waiting for {label} for a while. If they are gone for good:"
                ))
                .color(GOLD),
            );
            if ui
                .button(format!("Hand {label}'s seat to the bot"))
                .tip(
                    "Every other live player must vote the same; the bot then plays the seat so the game goes on.",
                )
                .clicked()
            {
                table.send(Command::VoteTakeover(seat));
            }
        });
    }
    let requests = table.mirror.talk.watch_requests.clone();
    for (peer, name) in requests {
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("{name} asks to watch the game.")).color(GOLD))
                .tip(format!("Peer {peer}.\n\n{}", super::trust::SPECTATORS));
            let allow = ui.button("Allow").clicked();
            let deny = ui.button("Deny").clicked();
            if allow || deny {
                let answer = table.mirror.answer_watcher(&peer, allow);
                table.send(answer);
            }
        });
    }
    if waiting {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(theme::caption(
                "Your move is on its way to the other players…",
            ));
        });
    }
}

/// The in-game chat of a network game (signed, like moves).
fn chat_box<V: GameView>(ui: &mut Ui, table: &mut Table<V>) {
    if table.remote.is_none() {
        return;
    }
    ui.separator();
    ui.label(theme::heading("Chat"));
    for line in table.mirror.talk.chat.iter().rev().take(6).rev() {
        ui.label(theme::caption(line.clone()));
    }
    let mut said = None;
    ui.horizontal(|ui| {
        if let Some(r) = table.remote.as_mut() {
            said = super::widgets::chat_input(ui, &mut r.chat_input, 200.0);
        }
    });
    if let Some(c) = said.and_then(|text| table.mirror.chat(&text)) {
        table.send(c);
    }
}

/// The hotseat screen between two people's turns: nobody sees the next hand by accident.
fn curtain<V: GameView>(ui: &mut Ui, table: &mut Table<V>, seat: Seat) {
    let name = table.seat_label(seat);
    ui.with_layout(Layout::top_down(Align::Center), |ui| {
        ui.add_space(ui.available_height() * 0.3);
        ui.label(theme::heading(format!("Pass the screen to {name}")));
        ui.label(theme::caption(
            "Their hand stays hidden until they are ready.",
        ));
        ui.add_space(16.0);
        if ui
            .add(theme::primary_button(&format!("{name}: show my hand")))
            .clicked()
        {
            table.curtain = None;
        }
    });
}
