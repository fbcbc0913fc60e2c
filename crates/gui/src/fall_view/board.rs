//! The kingdom mat: cards painted with pan and zoom; legal targets light up and a click plays.

use super::paint::*;
use super::{CELL, FallView, Selection, colour_of, label};
use crate::theme::{self, GOLD, TARGET};
use crate::tips::Tip;
use crate::widgets::pan_after_zoom;
use dwarfs_fall::data;
use dwarfs_fall::rules_text::{capital, card_text, class_text, memorial_text};
use dwarfs_fall::{Colour, FallAction, Observation, Pos};
use egui::{
    Align2, Color32, CornerRadius, FontId, Rect, RichText, Sense, Stroke, StrokeKind, Ui, vec2,
};

impl FallView {
    /// Pans and zooms so that every card (and a ring of free spots) is in view.
    pub(super) fn fit_to(&mut self, rect: Rect, obs: &Observation) {
        self.fit = false;
        let xs = obs.cells.iter().map(|c| c.pos.x as f32);
        let ys = obs.cells.iter().map(|c| c.pos.y as f32);
        let (min_x, max_x) = xs.fold((0.0f32, 0.0f32), |(a, b), x| (a.min(x), b.max(x)));
        let (min_y, max_y) = ys.fold((0.0f32, 0.0f32), |(a, b), y| (a.min(y), b.max(y)));
        let w = (max_x - min_x + 3.0) * CELL;
        let h = (max_y - min_y + 3.0) * CELL;
        self.zoom = (rect.width() / w).min(rect.height() / h).clamp(0.35, 1.3);
        let size = CELL * self.zoom;
        self.pan = -vec2((min_x + max_x) / 2.0 * size, (min_y + max_y) / 2.0 * size);
    }

    pub(super) fn board(
        &mut self,
        ui: &mut Ui,
        obs: &Observation,
        legal: &[FallAction],
        picked: &mut Vec<FallAction>,
    ) {
        let (rect, bg) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
        label(&bg, "board".into());
        if bg.dragged() {
            self.pan += bg.drag_delta();
        }
        if bg.hovered() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll / 400.0).exp();
            if factor != 1.0 {
                let old = self.zoom;
                self.zoom = (self.zoom * factor).clamp(0.35, 2.5);
                // Zoom about the pointer.
                if let Some(p) = bg.hover_pos() {
                    self.pan = pan_after_zoom(self.pan, old, self.zoom, p, rect.center());
                }
            }
        }
        if bg.clicked() {
            self.selection = Selection::None;
        }
        // Fit on the first frame, and when the first cards appear (a replay from its start).
        if self.fit || (self.cards_seen == 0 && !obs.cells.is_empty()) {
            self.fit_to(rect, obs);
        }
        self.cards_seen = obs.cells.len();
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, CornerRadius::same(8), theme::MAT);
        let size = CELL * self.zoom;
        let origin = rect.center() + self.pan;
        let cell_rect = |p: Pos| {
            Rect::from_center_size(
                origin + vec2(p.x as f32 * size, p.y as f32 * size),
                vec2(size, size),
            )
        };
        // Faint mat grid.
        let r = data::GRID_RADIUS as f32 + 0.5;
        let grid = Stroke::new(1.0, Color32::from_rgba_unmultiplied(255, 255, 255, 10));
        for i in -(data::GRID_RADIUS as i32)..=(data::GRID_RADIUS as i32 + 1) {
            let o = (i as f32 - 0.5) * size;
            painter.line_segment(
                [origin + vec2(o, -r * size), origin + vec2(o, r * size)],
                grid,
            );
            painter.line_segment(
                [origin + vec2(-r * size, o), origin + vec2(r * size, o)],
                grid,
            );
        }
        let class_at = match self.selection {
            Selection::Class(k) => Self::seat_of(obs.viewer)
                .and_then(|s| obs.players.get(s.index()))
                .and_then(|p| p.classes.iter().find(|(c, _)| *c == k))
                .and_then(|(_, at)| *at),
            _ => None,
        };
        let targets = self.targets(legal, class_at);
        let rotatable: Vec<Pos> = legal
            .iter()
            .filter_map(|a| match a {
                FallAction::Rotate { at, .. } => Some(*at),
                _ => None,
            })
            .collect();
        let my = Self::seat_of(obs.viewer).map(|s| Colour::ALL[s.index() & 3]);
        let needer = match (Self::seat_of(obs.viewer), obs.to_act) {
            (Some(s), _) | (None, dwarfs_engine::Actor::Seat(s)) => s.index(),
            _ => 0,
        };
        let monster_need = obs.players.get(needer).map_or(5, |p| p.monster_need);
        let movable: Vec<Pos> = legal
            .iter()
            .filter_map(|a| match a {
                FallAction::MoveDwarf { from, .. } => Some(*from),
                _ => None,
            })
            .collect();
        // Kingdom outlines: a coloured underlay for each castle's cells.
        for k in &obs.kingdoms {
            let c = colour_of(k.colour);
            for &p in &k.cells {
                painter.rect_filled(
                    cell_rect(p).expand(1.0),
                    CornerRadius::same(6),
                    c.gamma_multiply(0.18),
                );
            }
        }
        for cell in &obs.cells {
            let r = cell_rect(cell.pos);
            let id = ui.scope_id().with(("cell", cell.pos.x, cell.pos.y));
            let resp = ui.interact(r.shrink(4.0), id, Sense::click());
            let target = targets.get(&cell.pos);
            let selected = self.selection == Selection::Dwarf(cell.pos);
            let rotate_sel = self.selection == Selection::Rotate(cell.pos);
            // A monster shows what the viewer's meeples need on it now (Experienced Beast
            // Hunters lowers it per kill), not only the printed need.
            let shown;
            let cell = if cell.top.monster && cell.top.need != monster_need {
                let mut c = cell.clone();
                c.top.need = monster_need;
                shown = c;
                &shown
            } else {
                cell
            };
            draw_card(&painter, r, cell, self.zoom, resp.hovered() || rotate_sel);
            if let Some(mine) = my
                && movable.contains(&cell.pos)
                && cell.meeples[mine.index()] > 0
            {
                painter.rect_stroke(
                    r.shrink(2.0),
                    CornerRadius::same(7),
                    Stroke::new(if selected { 3.5 } else { 1.5 }, colour_of(mine)),
                    StrokeKind::Inside,
                );
            }
            if rotate_sel {
                painter.rect_stroke(
                    r.shrink(1.0),
                    CornerRadius::same(8),
                    Stroke::new(3.5, GOLD),
                    StrokeKind::Inside,
                );
            }
            if target.is_some() {
                painter.rect_stroke(
                    r.shrink(1.0),
                    CornerRadius::same(8),
                    Stroke::new(3.0, TARGET),
                    StrokeKind::Inside,
                );
            }
            let mut name = format!("{} {}", cell.top.card.colour, cell.top.name);
            if target.is_none() && rotatable.contains(&cell.pos) {
                name.push_str(" (click to rotate)");
            }
            match target {
                Some(_) => label(&resp, format!("target {}: {name}", cell.pos)),
                None => label(&resp, format!("cell {}: {name}", cell.pos)),
            }
            let resp = resp.tip_ui(|ui| {
                ui.set_max_width(300.0);
                ui.label(
                    RichText::new(format!(
                        "{} {}",
                        cell.top.card.colour,
                        capital(cell.top.name)
                    ))
                    .strong()
                    .color(colour_of(cell.top.card.colour)),
                );
                ui.label(card_text(cell.top.card.kind));
                if cell.stack.len() > 1 {
                    let under: Vec<String> = cell.stack[..cell.stack.len() - 1]
                        .iter()
                        .rev()
                        .map(|c| c.to_string())
                        .collect();
                    ui.label(format!(
                        "Stack of {}; beneath: {}",
                        cell.stack.len(),
                        under.join(", ")
                    ));
                }
                let m: Vec<String> = Colour::ALL
                    .iter()
                    .filter(|c| cell.meeples[c.index()] > 0)
                    .map(|c| format!("{} {c}", cell.meeples[c.index()]))
                    .collect();
                if !m.is_empty() {
                    ui.label(format!("Meeples: {}", m.join(", ")));
                }
                for (c, k) in &cell.classes {
                    ui.label(
                        RichText::new(format!("{c} {}: {}", k.name(), class_text(*k)))
                            .color(colour_of(*c)),
                    );
                }
                if target.is_none() && rotatable.contains(&cell.pos) {
                    ui.label(RichText::new("Click to rotate this card").color(GOLD));
                }
                ui.label(theme::caption(format!("Position {}", cell.pos)));
            });
            if resp.clicked() {
                if let Some(acts) = target {
                    picked.extend(acts.iter().copied());
                } else if let Some(mine) = my
                    && movable.contains(&cell.pos)
                    && cell.meeples[mine.index()] > 0
                {
                    self.selection = if selected {
                        Selection::None
                    } else {
                        Selection::Dwarf(cell.pos)
                    };
                } else if rotatable.contains(&cell.pos) {
                    self.selection = if rotate_sel {
                        Selection::None
                    } else {
                        Selection::Rotate(cell.pos)
                    };
                }
            }
        }
        // Memorial cards (Battle Memorial) stand where monsters fell.
        for &p in &obs.memorials {
            if obs.cells.iter().any(|c| c.pos == p) {
                continue;
            }
            let r = cell_rect(p).shrink(4.0);
            let id = ui.scope_id().with(("memorial", p.x, p.y));
            let resp = ui.interact(r, id, Sense::hover());
            draw_memorial(&painter, r, self.zoom);
            label(&resp, format!("memorial {p}"));
            resp.tip(memorial_text(p));
        }
        // Empty positions that are targets (placing a card).
        for (&p, acts) in &targets {
            if obs.cells.iter().any(|c| c.pos == p) {
                continue;
            }
            let r = cell_rect(p).shrink(5.0);
            let id = ui.scope_id().with(("empty", p.x, p.y));
            let resp = ui.interact(r, id, Sense::click());
            let fill = if resp.hovered() {
                TARGET.gamma_multiply(0.35)
            } else {
                TARGET.gamma_multiply(0.12)
            };
            painter.rect_filled(r, CornerRadius::same(6), fill);
            painter.rect_stroke(
                r,
                CornerRadius::same(6),
                Stroke::new(2.0, TARGET),
                StrokeKind::Inside,
            );
            if let Selection::Card(k) = self.selection {
                if resp.hovered() {
                    // Preview the walls as the card will lie.
                    draw_walls(&painter, r, open_sides(k, self.turns), self.zoom);
                }
                painter.text(
                    r.center(),
                    Align2::CENTER_CENTER,
                    capital(k.name()),
                    FontId::proportional(11.0 * self.zoom.max(0.8)),
                    TARGET,
                );
            }
            label(&resp, format!("target {}: empty", p));
            if resp.clicked() {
                picked.extend(acts.iter().copied());
            }
        }
        // Zoom buttons in the corner, on a plate so that cards beneath do not show through.
        let plate = Rect::from_min_size(rect.min + vec2(4.0, 4.0), vec2(318.0, 30.0));
        painter.rect_filled(
            plate,
            CornerRadius::same(6),
            theme::STONE.gamma_multiply(0.92),
        );
        let mut bar = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(Rect::from_min_size(
                    rect.min + vec2(8.0, 6.0),
                    vec2(310.0, 26.0),
                ))
                .layout(egui::Layout::left_to_right(egui::Align::Center)),
        );
        if bar.small_button("+").tip("Zoom in").clicked() {
            self.zoom = (self.zoom * 1.2).min(2.5);
        }
        if bar.small_button("-").tip("Zoom out").clicked() {
            self.zoom = (self.zoom / 1.2).max(0.35);
        }
        if bar.small_button("Fit").tip("Show every card").clicked() {
            self.fit = true;
        }
        bar.label(theme::caption("drag to pan · scroll to zoom"));
    }
}
