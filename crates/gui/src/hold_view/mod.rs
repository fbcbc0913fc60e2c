//! The Dwarf Hold board view: the 8 x 8 board with its tiles, markers, former lairs, rooms and
//! the hold; every clan's gold, VT, trophies and mines; the leader cards and order; the viewer's
//! hand of work tiles; the trade screen; the phase and what to do now.
//!
//! Interaction: a board square or a hand tile that a legal action uses lights up; click it. A
//! room or an event that needs a target is picked first, then its square or opponent. Offers are
//! composed by clicking hand tiles, board spaces and trophies and by typing gold and VT amounts.
//! Everything offered comes from the engine's legal actions; only `observe(viewer)` is drawn.

mod board;
#[cfg_attr(not(test), allow(dead_code))] // the click plans drive the UI tests
pub mod clicks;
mod panels;
mod trade;
pub mod words;

use super::view::GameView;
use crate::widgets::label;
use dwarfs_engine::{Game, Viewer};
use dwarfs_hold::{Hold, HoldAction, WorkTile};
use egui::{Rect, Ui, UiBuilder, pos2, vec2};

/// The Hold board view's own state: a picked hand tile waiting for its target, and the offer
/// form's fields.
#[derive(Default)]
pub struct HoldView {
    /// A room, Turf Dispute or targeted event picked from the hand.
    tile: Option<WorkTile>,
    /// The trade form.
    draft: trade::Draft,
}

impl HoldView {
    /// Drops a picked tile that no legal action uses any more.
    fn validate(&mut self, legal: &[HoldAction]) {
        if let Some(t) = self.tile
            && !legal.iter().any(|a| uses_staged(a, t))
        {
            self.tile = None;
        }
    }

    /// The action a click on hand tile `t` plays now, picking the tile first when the action
    /// needs a target. Returns the action to play, if any.
    fn click_tile(&mut self, legal: &[HoldAction], t: WorkTile) -> Option<HoldAction> {
        if let Some(a) = legal.iter().find(|a| uses_direct(a, t)) {
            return Some(a.clone());
        }
        if legal.iter().any(|a| uses_staged(a, t)) {
            self.tile = if self.tile == Some(t) { None } else { Some(t) };
        }
        None
    }

    /// Whether a click on hand tile `t` does something now.
    fn tile_clickable(legal: &[HoldAction], t: WorkTile) -> bool {
        legal.iter().any(|a| uses_direct(a, t) || uses_staged(a, t))
    }
}

/// An action a click on hand tile `t` plays at once.
fn uses_direct(a: &HoldAction, t: WorkTile) -> bool {
    use HoldAction as A;
    matches!(a,
        A::Discard(x) | A::AddTile(x) | A::PlayEvent(x)
        | A::OfferGive(dwarfs_hold::TradeItem::Tile(x)) if *x == t)
}

/// An action that needs hand tile `t` picked first, then a target.
fn uses_staged(a: &HoldAction, t: WorkTile) -> bool {
    use HoldAction as A;
    match a {
        A::PlayEventOn(x, _) | A::Build(x, _) => *x == t,
        A::TurfDispute(_) => t.event() == Some(dwarfs_hold::data::EventEffect::TurfDispute),
        _ => false,
    }
}

impl crate::view::BoardView for dwarfs_games::entries::HoldEntry {
    type View = HoldView;
}

impl HoldView {
    /// The wide layout: the board with the hand under it, the panels in a column beside.
    fn beside(
        &mut self,
        ui: &mut Ui,
        full: Rect,
        game: &Hold,
        obs: &dwarfs_hold::view::HoldView,
        legal: &[HoldAction],
        picked: &mut Vec<HoldAction>,
    ) {
        let side_w = (full.width() * 0.38).clamp(300.0, 470.0);
        // The hand takes the rows it needs (a long game's hand holds a score of kinds), the
        // board what is left, down to 160 points; past that the hand scrolls.
        let hand_w = full.width() - side_w - 24.0;
        let hand_h = panels::hand_height(ui, obs, hand_w)
            .max(132.0)
            .min(full.height() - 176.0);
        let side = hand_w.min(full.height() - hand_h - 16.0).max(160.0);
        let board_rect = Rect::from_min_size(full.min + vec2(8.0, 6.0), vec2(side, side));
        let hand_rect = Rect::from_min_max(
            pos2(board_rect.min.x, board_rect.max.y + 8.0),
            pos2(full.max.x - side_w - 16.0, full.max.y),
        );
        let side_rect = Rect::from_min_max(pos2(full.max.x - side_w - 4.0, full.min.y), full.max);
        board::board(self, ui, board_rect, game, obs, legal, picked);
        ui.scope_builder(UiBuilder::new().max_rect(hand_rect), |ui| {
            egui::ScrollArea::vertical()
                .id_salt("hold_hand")
                .auto_shrink([false, false])
                .show(ui, |ui| panels::hand(self, ui, game, obs, legal, picked));
        });
        ui.scope_builder(UiBuilder::new().max_rect(side_rect), |ui| {
            egui::ScrollArea::vertical()
                .id_salt("hold_side")
                .show(ui, |ui| {
                    panels::actions(self, ui, game, obs, legal, picked);
                    self.side(ui, game, obs, legal, picked);
                });
        });
        ui.allocate_rect(full, egui::Sense::hover());
    }

    /// The trade, clans and leaders panels, beside (or, on a phone, under) the board.
    fn side(
        &mut self,
        ui: &mut Ui,
        game: &Hold,
        obs: &dwarfs_hold::view::HoldView,
        legal: &[HoldAction],
        picked: &mut Vec<HoldAction>,
    ) {
        trade::panel(self, ui, game, obs, legal, picked);
        panels::clans(ui, obs, legal, picked);
        panels::leaders(ui, obs, legal, picked);
    }
}

impl GameView for HoldView {
    type G = Hold;

    fn show(
        &mut self,
        ui: &mut Ui,
        game: &Hold,
        viewer: Viewer,
        legal: &[HoldAction],
    ) -> Vec<HoldAction> {
        let obs = game.observe(viewer);
        self.validate(legal);
        let mut picked = Vec::new();
        let full = ui.available_rect_before_wrap();
        if full.width() < crate::view::NARROW {
            egui::ScrollArea::vertical()
                .id_salt("hold_column")
                .show(ui, |ui| {
                    panels::actions(self, ui, game, &obs, legal, &mut picked);
                    let w = ui.available_width() - 8.0;
                    let (rect, _) = ui.allocate_exact_size(vec2(w, w), egui::Sense::hover());
                    board::board(self, ui, rect.shrink(4.0), game, &obs, legal, &mut picked);
                    panels::hand(self, ui, game, &obs, legal, &mut picked);
                    self.side(ui, game, &obs, legal, &mut picked);
                });
        } else {
            self.beside(ui, full, game, &obs, legal, &mut picked);
        }
        if !picked.is_empty() {
            self.tile = None;
        }
        picked
    }
    fn reset(&mut self) {
        self.tile = None;
        self.draft = trade::Draft::default();
    }

    fn clicks(
        game: &Hold,
        _seat: dwarfs_engine::Seat,
        _legal: &[HoldAction],
        action: &HoldAction,
    ) -> Option<Vec<clicks::Click>> {
        Some(clicks::clicks(action, game.stage(), game.phase()))
    }
}
