//! Zoom and pan on a small board (a phone's): "+" and "-" in the board's corner and a pinch
//! zoom in; a drag pans while zoomed in. A zone crowded with monsters, a disaster and dwarfs
//! shows every piece by its name once zoomed in, each large enough to tap. A board with room
//! (a desktop's) is drawn whole, as before.

use super::{WinterView, board};
use crate::theme;
use crate::tips::Tip;
use crate::widgets::{label, pan_after_zoom};
use dwarfs_winter::WinterAction;
use dwarfs_winter::view::WinterView as Obs;
use egui::{CornerRadius, Rect, Sense, Ui, UiBuilder, Vec2, vec2};

/// The largest zoom.
const MAX: f32 = 3.0;
/// One press of "+" or "-".
const STEP: f32 = 1.25;

/// A small board's zoom (1 shows it whole, up to [`MAX`]) and pan (the board's centre from the
/// view's).
#[derive(Clone, Copy, Debug)]
pub(super) struct Zoom {
    factor: f32,
    pan: Vec2,
}

impl Default for Zoom {
    fn default() -> Self {
        Zoom {
            factor: 1.0,
            pan: Vec2::ZERO,
        }
    }
}

impl Zoom {
    /// Sets the zoom to `f` (within 1 and [`MAX`]) about the point `at` of the view centred on
    /// `centre`.
    fn zoom_to(&mut self, f: f32, at: egui::Pos2, centre: egui::Pos2) {
        let f = f.clamp(1.0, MAX);
        self.pan = pan_after_zoom(self.pan, self.factor, f, at, centre);
        self.factor = f;
    }

    /// Keeps the board covering the view.
    fn clamp(&mut self, view: Rect) {
        let room = view.size() * (self.factor - 1.0) / 2.0;
        self.pan = vec2(
            self.pan.x.clamp(-room.x, room.x),
            self.pan.y.clamp(-room.y, room.y),
        );
    }
}

/// Draws the board into the square `rect`: whole on a board with room, zoomed and panned on a
/// small one.
pub(super) fn board(
    view: &mut WinterView,
    ui: &mut Ui,
    rect: Rect,
    obs: &Obs,
    legal: &[WinterAction],
    picked: &mut Vec<WinterAction>,
) {
    if rect.width() / 2.0 >= board::SMALL_BOARD_R {
        view.zoom = Zoom::default();
        board::board(view, ui, rect, rect, obs, legal, picked);
        return;
    }
    let mut z = view.zoom;
    // Behind the board: drags that no piece takes pan it while zoomed in (at 1 they scroll the
    // page as before). Made first, so that the zones and pieces above it take their clicks.
    let sense = if z.factor > 1.0 {
        Sense::drag()
    } else {
        Sense::hover()
    };
    let bg = ui.interact(rect, ui.scope_id().with("winter_zoom_pan"), sense);
    if bg.dragged() {
        z.pan += bg.drag_delta();
    }
    if bg.hovered() {
        let pinch = ui.input(|i| i.zoom_delta());
        if pinch != 1.0
            && let Some(at) = bg.hover_pos()
        {
            z.zoom_to(z.factor * pinch, at, rect.center());
        }
    }
    z.clamp(rect);
    let f = z.factor;
    let zoomed = Rect::from_center_size(rect.center() + z.pan, rect.size() * f);
    let clip = ui.clip_rect().intersect(rect.expand(4.0));
    let mut inner = ui.new_child(UiBuilder::new().max_rect(rect).id_salt("winter_board"));
    inner.set_clip_rect(clip);
    view.zoom = z;
    board::board(view, &mut inner, zoomed, rect, obs, legal, picked);
    // The buttons, in the top right corner on a plate.
    let plate = Rect::from_min_size(rect.right_top() + vec2(-70.0, 4.0), vec2(66.0, 30.0));
    ui.painter_at(clip).rect_filled(
        plate,
        CornerRadius::same(6),
        theme::STONE.gamma_multiply(0.92),
    );
    let mut bar = ui.new_child(
        UiBuilder::new()
            .max_rect(plate.shrink2(vec2(4.0, 2.0)))
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
    );
    bar.set_clip_rect(clip);
    let zin = bar
        .add_enabled(f < MAX, egui::Button::new("+").min_size(vec2(26.0, 26.0)))
        .tip("Zoom in (or pinch); drag to pan");
    label(&zin, "Zoom in".to_string());
    let zout = bar
        .add_enabled(f > 1.0, egui::Button::new("-").min_size(vec2(26.0, 26.0)))
        .tip("Zoom out");
    label(&zout, "Zoom out".to_string());
    if zin.clicked() {
        view.zoom.zoom_to(f * STEP, rect.center(), rect.center());
    }
    if zout.clicked() {
        view.zoom.zoom_to(f / STEP, rect.center(), rect.center());
    }
    view.zoom.clamp(rect);
}
