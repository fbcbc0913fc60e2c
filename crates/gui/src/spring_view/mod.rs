//! The Dwar7s Spring board view: the petal map with its spots, settlements, fortresses, dwarfs,
//! monsters and webs; the expedition area; every empire board (production lines, action spots,
//! bastion, dragons nest with exhaust tokens, heroes deck); the viewer's faerie hand; and the
//! last fight or gathering revealed card by card.
//!
//! Interaction: what a legal action uses lights up. A map location explores at once; a
//! production line, the fortress spot, a dragon spot or an expedition spot is picked first, then
//! its map spot, dragons or quest. A faerie's target is its first location, then the second.
//! Everything offered comes from the engine's legal actions; only `observe(viewer)` is drawn.

#[cfg_attr(not(test), allow(dead_code))] // the click plans drive the UI tests
pub mod clicks;
mod empire;
mod map;
mod panels;
pub mod words;

use super::view::GameView;
use crate::widgets::label;
use clicks::Pick;
use dwarfs_engine::{Game, Viewer};
use dwarfs_spring::state::exp_name;
use dwarfs_spring::{Spring, SpringAction as A, SpringEvent};
use egui::{Rect, Ui, UiBuilder, pos2, vec2};

/// The Spring board view's own state: a half-made choice, and the reveal being shown.
#[derive(Default)]
pub struct SpringView {
    /// A picked board spot, dragon spot or faerie location waiting for its target.
    pick: Option<Pick>,
    /// The last fight or gathering.
    reveal: Option<Reveal>,
}

/// A fight or gathering being revealed card by card.
pub(crate) struct Reveal {
    /// Who.
    seat: u8,
    /// Which wildland.
    wild: u8,
    /// A fight (else a gathering).
    fight: bool,
    /// The heroes revealed, in order.
    cards: Vec<u8>,
    /// Successes added.
    successes: u8,
    /// Axes or backpacks in all.
    total: u8,
    /// What came of it.
    result: Option<String>,
    /// When the first card was shown (UI time).
    start: Option<f64>,
    /// Show every card now.
    all: bool,
}

impl SpringView {
    /// Drops a pick that no legal action continues.
    fn validate(&mut self, legal: &[A]) {
        let keep = match &self.pick {
            None => true,
            Some(Pick::Line(r)) => legal
                .iter()
                .any(|a| matches!(a, A::Place { line, .. } | A::Build { line, .. } if line == r)),
            Some(Pick::Fortress) => legal.iter().any(|a| matches!(a, A::Fortress { .. })),
            Some(Pick::Dragons { spot, .. }) => legal
                .iter()
                .any(|a| matches!(a, A::Command { spot: s, .. } if s == spot)),
            Some(Pick::Expedition(s)) => legal
                .iter()
                .any(|a| matches!(a, A::Quest { spot, .. } if spot == s)),
            Some(Pick::From(l)) => legal.iter().any(|a| {
                matches!(*a,
                    A::MoveDwarf { from: x, .. }
                    | A::SwapSettlements { mine: x, .. }
                    | A::SwapDwarfs { mine: x, .. } if x == *l)
            }),
            Some(Pick::Swap { mine, theirs }) => legal.iter().any(|a| {
                matches!(*a, A::SwapDwarfs { mine: m, theirs: t, .. } if m == *mine && t == *theirs)
            }),
        };
        if !keep {
            self.pick = None;
        }
    }
}

impl crate::view::BoardView for dwarfs_games::entries::SpringEntry {
    type View = SpringView;
}

impl SpringView {
    /// The wide layout: the map on the left, the panels in a column beside.
    fn beside(
        &mut self,
        ui: &mut Ui,
        full: Rect,
        obs: &dwarfs_spring::view::SpringView,
        me: Option<u8>,
        legal: &[A],
        picked: &mut Vec<A>,
    ) {
        let side_w = (full.width() * 0.42).clamp(360.0, 640.0);
        let map_rect = Rect::from_min_max(
            full.min + vec2(4.0, 4.0),
            pos2(full.max.x - side_w - 12.0, full.max.y - 4.0),
        );
        let side_rect = Rect::from_min_max(pos2(full.max.x - side_w - 4.0, full.min.y), full.max);
        map::map(self, ui, map_rect, obs, legal, picked);
        ui.scope_builder(UiBuilder::new().max_rect(side_rect), |ui| {
            egui::ScrollArea::vertical()
                .id_salt("spring_side")
                .show(ui, |ui| {
                    panels::buttons(self, ui, legal, picked);
                    self.side(ui, obs, me, legal, picked);
                });
        });
        ui.allocate_rect(full, egui::Sense::hover());
    }

    /// The panels after the buttons, beside (or, on a phone, under) the map.
    fn side(
        &mut self,
        ui: &mut Ui,
        obs: &dwarfs_spring::view::SpringView,
        me: Option<u8>,
        legal: &[A],
        picked: &mut Vec<A>,
    ) {
        panels::reveal(ui, &mut self.reveal);
        panels::hand(self, ui, obs, legal, picked);
        ui.separator();
        panels::expedition(self, ui, obs, legal, picked);
        ui.separator();
        empire::boards(self, ui, obs, me, legal, picked);
    }
}

impl GameView for SpringView {
    type G = Spring;

    fn show(&mut self, ui: &mut Ui, game: &Spring, viewer: Viewer, legal: &[A]) -> Vec<A> {
        let obs = game.observe(viewer);
        self.validate(legal);
        let mut picked = Vec::new();
        let me = match viewer {
            Viewer::Seat(s) => Some(s.0),
            Viewer::Spectator => None,
        };
        let full = ui.available_rect_before_wrap();
        if full.width() < crate::view::NARROW {
            egui::ScrollArea::vertical()
                .id_salt("spring_column")
                .show(ui, |ui| {
                    panels::buttons(self, ui, legal, &mut picked);
                    let w = ui.available_width() - 8.0;
                    let (rect, _) = ui.allocate_exact_size(vec2(w, w * 1.1), egui::Sense::hover());
                    map::map(self, ui, rect, &obs, legal, &mut picked);
                    self.side(ui, &obs, me, legal, &mut picked);
                });
        } else {
            self.beside(ui, full, &obs, me, legal, &mut picked);
        }
        if !picked.is_empty() {
            self.pick = None;
        }
        picked
    }
    fn reset(&mut self) {
        self.pick = None;
    }

    fn clicks(
        _game: &Spring,
        seat: dwarfs_engine::Seat,
        legal: &[A],
        action: &A,
    ) -> Option<Vec<crate::view::Click>> {
        let labels = clicks::plan(action, seat.0, legal);
        Some(labels.into_iter().map(crate::view::Click::Label).collect())
    }

    fn on_events(&mut self, _game: &Spring, events: &[SpringEvent]) {
        for e in events {
            match e {
                SpringEvent::HeroesRevealed {
                    seat,
                    wild,
                    fight,
                    cards,
                    successes,
                    total,
                } => {
                    self.reveal = Some(Reveal {
                        seat: *seat,
                        wild: *wild,
                        fight: *fight,
                        cards: cards.clone(),
                        successes: *successes,
                        total: *total,
                        result: None,
                        start: None,
                        all: false,
                    })
                }
                SpringEvent::MonsterDefeated { card, .. } => {
                    if let Some(r) = self.reveal.as_mut() {
                        r.result = Some(format!("The {} is defeated!", exp_name(*card)));
                    }
                }
                SpringEvent::FightLost { card, .. } => {
                    if let Some(r) = self.reveal.as_mut() {
                        r.result = Some(format!("The {} holds its ground.", exp_name(*card)));
                    }
                }
                SpringEvent::Gathered {
                    resource, amount, ..
                } => {
                    if let Some(r) = self.reveal.as_mut() {
                        r.result = Some(format!("Gathered {amount} {}.", resource.name()));
                    }
                }
                _ => {}
            }
        }
    }
}
