//! The Dwar7s Fall board view: the kingdom grid drawn with the painter (pan and zoom), the hand,
//! the face-up trading goals and every player's public information.
//!
//! Interaction: click a card in your hand, the dwarf pile or one of your dwarfs on the board; the
//! legal targets light up; click one. Non-spatial actions (end actions, ogres, reveal, buy,
//! discard, pick a player) are buttons. Everything offered comes from the engine's legal actions.

mod board;
mod hand;
mod paint;
mod panels;

use crate::theme::{self};
use crate::view::GameView;
use crate::widgets::label;
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_fall::data;
use dwarfs_fall::{Class, Colour, Edition, Fall, FallAction, Kind, Pos, SecretGoal};
use egui::{Color32, Ui, Vec2};
use std::collections::BTreeMap;

/// Base size of one grid cell in points, before zoom.
const CELL: f32 = 92.0;

/// What the player has picked and not yet placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Selection {
    None,
    /// A kingdom card from the hand, with the positions it may go to.
    Card(Kind),
    /// A dwarf from the pile.
    PlaceDwarf,
    /// One of the player's dwarfs on the board.
    Dwarf(Pos),
    /// 3rd edition: one of the player's class meeples (to place from the campfire or to move).
    Class(Class),
    /// A card picked to rotate (Battle Memorial, Fortress).
    Rotate(Pos),
}

/// The Fall board view's own state: camera and selection.
pub struct FallView {
    zoom: f32,
    pan: Vec2,
    selection: Selection,
    /// Fit the camera to the cards on the next frame.
    fit: bool,
    /// Cards on the mat at the last frame.
    cards_seen: usize,
    /// Cached legal positions for the selected hand card.
    card_targets: Vec<Pos>,
    /// Quarter turns clockwise the selected hand card will lie at (the rulebook lets a card lie
    /// any way).
    turns: u8,
}

impl Default for FallView {
    fn default() -> Self {
        FallView {
            zoom: 0.85,
            pan: Vec2::ZERO,
            selection: Selection::None,
            fit: true,
            cards_seen: 0,
            card_targets: Vec::new(),
            turns: 0,
        }
    }
}

/// A colour per seat.
fn colour_of(c: Colour) -> Color32 {
    theme::seat_colour(c.index())
}
pub(super) fn secret_vp(game: &Fall, g: SecretGoal) -> u8 {
    data::edition(game.options().edition)
        .secret_goals
        .iter()
        .find(|d| d.goal == g)
        .map_or(0, |d| d.vp)
}

impl FallView {
    fn seat_of(viewer: Viewer) -> Option<Seat> {
        match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }

    /// Positions to the actions a click there plays, for the current selection and step.
    fn targets(
        &self,
        legal: &[FallAction],
        class_at: Option<Pos>,
    ) -> BTreeMap<Pos, Vec<FallAction>> {
        let mut t: BTreeMap<Pos, Vec<FallAction>> = BTreeMap::new();
        match self.selection {
            Selection::Card(k) => {
                for &p in &self.card_targets {
                    let mut acts = vec![FallAction::ChooseCard(k), FallAction::PlaceCard(p)];
                    if k.orientations() > 1 {
                        acts.push(FallAction::Orient(self.turns % k.orientations()));
                    }
                    t.insert(p, acts);
                }
            }
            Selection::PlaceDwarf => {
                for a in legal {
                    if let FallAction::PlaceDwarf(p) = *a {
                        t.insert(p, vec![*a]);
                    }
                }
            }
            Selection::Dwarf(from) => {
                for a in legal {
                    if let FallAction::MoveDwarf { from: f, dir } = *a
                        && f == from
                    {
                        t.insert(from.step(dir), vec![*a]);
                    }
                }
            }
            Selection::Class(class) => {
                for a in legal {
                    match *a {
                        FallAction::PlaceClass { class: k, at } if k == class => {
                            t.insert(at, vec![*a]);
                        }
                        FallAction::MoveClass { class: k, dir } if k == class => {
                            if let Some(from) = class_at {
                                t.insert(from.step(dir), vec![*a]);
                            }
                        }
                        _ => {}
                    }
                }
            }
            Selection::Rotate(_) => {}
            Selection::None => {
                // Staged engine steps whose targets are cells.
                let mut dwarf_targets: BTreeMap<Pos, Vec<FallAction>> = BTreeMap::new();
                for a in legal {
                    match *a {
                        FallAction::PlaceCard(p)
                        | FallAction::TargetCard(p)
                        | FallAction::Dig(p) => {
                            t.insert(p, vec![*a]);
                        }
                        FallAction::TargetDwarf { at, .. } => {
                            dwarf_targets.entry(at).or_default().push(*a);
                        }
                        _ => {}
                    }
                }
                // A cell with one dwarf colour to pick is a direct target; several colours are
                // offered as buttons.
                for (p, v) in dwarf_targets {
                    if v.len() == 1 {
                        t.insert(p, v);
                    }
                }
            }
        }
        t
    }

    fn select_card(&mut self, game: &Fall, k: Kind) {
        let mut sim = game.clone();
        self.card_targets.clear();
        if let Actor::Seat(s) = sim.to_act()
            && sim.play(s, &FallAction::ChooseCard(k)).is_ok()
        {
            for a in sim.legal_actions_vec() {
                if let FallAction::PlaceCard(p) = a {
                    self.card_targets.push(p);
                }
            }
        }
        self.selection = Selection::Card(k);
        self.turns = 0;
    }

    /// Selects the first kingdom card the acting seat may play (for screenshots of the targets).
    pub fn select_first_card(&mut self, game: &Fall) {
        let first = game.legal_actions_vec().into_iter().find_map(|a| match a {
            FallAction::ChooseCard(k) => Some(k),
            _ => None,
        });
        if let Some(k) = first {
            self.select_card(game, k);
        }
    }

    /// Drops a selection that no longer matches a legal action.
    fn validate(&mut self, legal: &[FallAction]) {
        let ok = match self.selection {
            Selection::None => true,
            Selection::Card(k) => legal.contains(&FallAction::ChooseCard(k)),
            Selection::PlaceDwarf => legal.iter().any(|a| matches!(a, FallAction::PlaceDwarf(_))),
            Selection::Dwarf(p) => legal
                .iter()
                .any(|a| matches!(a, FallAction::MoveDwarf { from, .. } if *from == p)),
            Selection::Class(k) => legal.iter().any(|a| {
                matches!(a, FallAction::PlaceClass { class, .. } | FallAction::MoveClass { class, .. } if *class == k)
            }),
            Selection::Rotate(p) => legal
                .iter()
                .any(|a| matches!(a, FallAction::Rotate { at, .. } if *at == p)),
        };
        if !ok {
            self.reset();
        }
    }
}

impl crate::view::BoardView for dwarfs_games::entries::FallEntry {
    type View = FallView;
}

impl GameView for FallView {
    type G = Fall;

    fn show(
        &mut self,
        ui: &mut Ui,
        game: &Fall,
        viewer: Viewer,
        legal: &[FallAction],
    ) -> Vec<FallAction> {
        self.validate(legal);
        let obs = game.observe(viewer);
        let mut picked = Vec::new();
        let third = game.options().edition == Edition::Third;
        let side = |view: &mut Self, ui: &mut Ui, picked: &mut Vec<FallAction>| {
            egui::ScrollArea::vertical()
                .id_salt("players_scroll")
                .show(ui, |ui| {
                    if third {
                        Self::decrees(ui, &obs);
                        ui.add_space(8.0);
                    }
                    Self::players(ui, &obs, third);
                    ui.add_space(10.0);
                    view.goals(ui, &obs, legal, picked);
                });
        };
        if ui.available_width() < crate::view::NARROW {
            // A phone: the players and goals fold above the board, which keeps the width.
            egui::Panel::top("fall_players_narrow")
                .resizable(false)
                .frame(theme::panel_frame())
                .show(ui, |ui| {
                    egui::CollapsingHeader::new("Players and goals")
                        .id_salt("fall_players_fold")
                        .show(ui, |ui| {
                            ui.set_max_height(ui.ctx().content_rect().height() * 0.45);
                            side(self, ui, &mut picked);
                        });
                });
        } else {
            egui::Panel::left("fall_players")
                .resizable(false)
                .exact_size(250.0)
                .frame(theme::panel_frame())
                .show(ui, |ui| side(self, ui, &mut picked));
        }
        egui::Panel::bottom("fall_hand")
            .resizable(false)
            .frame(theme::panel_frame().fill(theme::STONE_LIGHT))
            .show(ui, |ui| {
                self.hand(ui, game, &obs, legal, &mut picked);
            });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            self.board(ui, &obs, legal, &mut picked);
        });
        if !picked.is_empty() {
            self.reset();
        }
        picked
    }

    fn reset(&mut self) {
        self.selection = Selection::None;
        self.card_targets.clear();
    }
}
