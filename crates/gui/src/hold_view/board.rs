//! The 8 x 8 board, painted: tiles as they are now (after lair effects), clan markers, former
//! lairs, rooms and the hold in the middle with every clan's markers. Squares a legal action uses
//! light up; a click plays it.

use super::words::{board_text, colour, kind_name, square_label, work_text};
use super::{HoldView, label};
use crate::theme::{self, GOLD, PARCHMENT, PARCHMENT_DIM, STONE_DARK, TARGET};
use crate::tips::Tip;
use dwarfs_engine::Game;
use dwarfs_hold::board::tile_views;
use dwarfs_hold::data::EventEffect;
use dwarfs_hold::view::HoldView as Obs;
use dwarfs_hold::{BoardKind, Hold, HoldAction, MarkerRef, Pos, Space, TileView, TradeItem};
use egui::{
    Align2, Color32, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, Ui, pos2, vec2,
};

impl HoldView {
    /// The action a click on square `p` plays now (with the picked hand tile, if any).
    pub(super) fn square_action(&self, legal: &[HoldAction], p: Pos) -> Option<HoldAction> {
        use HoldAction as A;
        let turf = self
            .tile
            .is_some_and(|t| t.event() == Some(EventEffect::TurfDispute));
        legal
            .iter()
            .find(|a| match a {
                A::Target(q)
                | A::PickMarker(MarkerRef::Space(q))
                | A::OfferGive(TradeItem::Space(q))
                | A::OfferAsk(TradeItem::Space(q)) => *q == p,
                A::Build(r, q) => Some(*r) == self.tile && *q == p,
                A::TurfDispute(MarkerRef::Space(q)) => turf && *q == p,
                _ => false,
            })
            .cloned()
    }
}

/// The fill of a tile by its current kind.
fn kind_fill(v: &TileView) -> Color32 {
    if v.fire_pit {
        return theme::HOLD_FIRE;
    }
    match v.kind {
        BoardKind::Earth => theme::HOLD_EARTH,
        BoardKind::Vein => theme::HOLD_VEIN,
        BoardKind::Lair => theme::HOLD_LAIR,
        BoardKind::Impassable => theme::HOLD_IMPASSABLE,
    }
}

/// A clan marker: a coloured disc with a dark rim.
pub(super) fn marker(painter: &egui::Painter, at: egui::Pos2, r: f32, seat: dwarfs_engine::Seat) {
    painter.circle_filled(at, r, theme::seat_colour(seat.index()));
    painter.circle_stroke(at, r, Stroke::new(1.5, STONE_DARK));
}

/// Writes `text` wrapped to the width of `r`, centred, from `top`.
fn text_in(painter: &egui::Painter, r: Rect, top: f32, text: &str, size: f32, c: Color32) {
    let galley = painter.layout(
        text.to_owned(),
        FontId::proportional(size),
        c,
        r.width() - 6.0,
    );
    let x = r.center().x - galley.size().x / 2.0;
    painter.galley(pos2(x, top), galley, c);
}

/// Draws the board into `rect` (a square) and collects clicks.
pub(super) fn board(
    view: &mut HoldView,
    ui: &mut Ui,
    rect: Rect,
    game: &Hold,
    obs: &Obs,
    legal: &[HoldAction],
    picked: &mut Vec<HoldAction>,
) {
    let painter = ui.painter_at(rect.expand(4.0));
    painter.rect_filled(rect.expand(4.0), CornerRadius::same(8), theme::MAT);
    let cell = rect.width() / 8.0;
    let views = tile_views(&obs.spaces);
    let cell_rect = |p: Pos| {
        Rect::from_min_size(
            rect.min + vec2(p.col() as f32 * cell, p.row() as f32 * cell),
            vec2(cell, cell),
        )
        .shrink(2.0)
    };
    let name_size = (cell * 0.14).clamp(8.5, 14.0);
    let small = (cell * 0.11).clamp(7.5, 11.5);
    for p in Pos::all().filter(|p| !p.is_hold()) {
        let r = cell_rect(p);
        let resp = ui.interact(r, ui.scope_id().with(("hold_square", p.0)), Sense::click());
        let action = view.square_action(legal, p);
        let space = obs.spaces.get(p.0 as usize).copied().unwrap_or(Space::Hold);
        let tv = views[p.0 as usize];
        let (fill, name, sub, owner) = match space {
            Space::Open(_) => {
                let v = tv.expect("an open square has a tile");
                let sub = if v.fire_pit {
                    "fire pit".to_string()
                } else if v.face != v.printed {
                    format!("was {}", v.printed.name())
                } else {
                    kind_name(v.kind).to_lowercase()
                };
                (kind_fill(&v), v.face.name().to_string(), sub, None)
            }
            Space::Claimed { as_tile, owner, .. } => {
                let v = tv.expect("a claimed square has a tile");
                let sub = if as_tile.kind() == BoardKind::Vein {
                    "mine"
                } else {
                    "claimed"
                };
                (
                    kind_fill(&v).gamma_multiply(0.75),
                    as_tile.name().to_string(),
                    sub.to_string(),
                    Some(owner),
                )
            }
            Space::Cleared { owner } => (
                theme::HOLD_CLEARED,
                "Former lair".to_string(),
                "cleared".to_string(),
                Some(owner),
            ),
            Space::Room { room, owner, .. } => (
                theme::HOLD_ROOM,
                room.name().to_string(),
                "room".to_string(),
                Some(owner),
            ),
            Space::Hold => continue,
        };
        let fill = if resp.hovered() && action.is_some() {
            fill.gamma_multiply(1.35)
        } else {
            fill
        };
        painter.rect_filled(r, CornerRadius::same(5), fill);
        painter.text(
            r.min + vec2(3.0, 2.0),
            Align2::LEFT_TOP,
            p.to_string(),
            FontId::monospace(small * 0.9),
            PARCHMENT_DIM,
        );
        text_in(
            &painter,
            r,
            r.min.y + cell * 0.2,
            &name,
            name_size,
            PARCHMENT,
        );
        painter.text(
            pos2(r.center().x, r.max.y - cell * 0.3),
            Align2::CENTER_CENTER,
            &sub,
            FontId::proportional(small),
            PARCHMENT_DIM,
        );
        if let Some(v) = tv.filter(|v| v.open && v.kind != BoardKind::Impassable) {
            painter.text(
                r.max - vec2(4.0, 2.0),
                Align2::RIGHT_BOTTOM,
                v.value.to_string(),
                FontId::proportional(name_size * 1.15),
                GOLD,
            );
            if v.must_fight && v.kind != BoardKind::Lair {
                painter.circle_filled(r.min + vec2(r.width() - 7.0, 7.0), 3.5, theme::DANGER);
            }
        }
        if let Some(o) = owner {
            marker(
                &painter,
                pos2(r.min.x + cell * 0.16, r.max.y - cell * 0.16),
                cell * 0.1,
                o,
            );
        }
        if action.is_some() {
            painter.rect_stroke(
                r,
                CornerRadius::same(5),
                Stroke::new(3.0, TARGET),
                StrokeKind::Inside,
            );
        }
        label(&resp, square_label(p));
        let resp = resp.tip_ui(|ui| {
            ui.set_max_width(320.0);
            ui.label(
                egui::RichText::new(format!("{name} ({p})"))
                    .strong()
                    .color(GOLD),
            );
            match space {
                Space::Open(t) | Space::Claimed { tile: t, .. } => {
                    ui.label(board_text(t));
                    if let Some(v) = tv {
                        if v.face != v.printed {
                            ui.label(format!("A lair has turned it into {}.", v.face.name()));
                        }
                        if v.open {
                            ui.label(format!("Value now: {}.", v.value));
                        }
                        if v.open && v.must_fight {
                            ui.label("It must be won in the Fight phase.");
                        }
                    }
                }
                Space::Cleared { .. } => {
                    ui.label("A cleared lair: its owner may build a room here.");
                }
                Space::Room { room, base, .. } => {
                    ui.label(work_text(room));
                    if base.is_none() {
                        ui.label("Built in a former lair.");
                    }
                }
                Space::Hold => {}
            }
            if let Some(o) = owner {
                ui.label(format!("Controlled by {}.", colour(o)));
            }
            if let Some(a) = &action {
                ui.label(egui::RichText::new(format!("Click: {}", game.describe(a))).color(TARGET));
            }
        });
        if resp.clicked()
            && let Some(a) = action
        {
            picked.push(a);
        }
    }
    // The hold: four squares, one region, with every clan's markers.
    let (Some(a), Some(b)) = (Pos::new(3, 3), Pos::new(4, 4)) else {
        return;
    };
    let hr = Rect::from_min_max(cell_rect(a).min, cell_rect(b).max);
    let hold_target = legal.iter().any(|x| {
        matches!(
            x,
            HoldAction::PickMarker(MarkerRef::Hold(_))
                | HoldAction::TurfDispute(MarkerRef::Hold(_))
        )
    });
    painter.rect_filled(hr, CornerRadius::same(8), theme::HOLD_HOLD);
    painter.rect_stroke(
        hr,
        CornerRadius::same(8),
        Stroke::new(
            if hold_target { 3.0 } else { 2.0 },
            if hold_target { TARGET } else { GOLD },
        ),
        StrokeKind::Inside,
    );
    painter.text(
        pos2(hr.center().x, hr.min.y + cell * 0.22),
        Align2::CENTER_CENTER,
        "THE HOLD",
        FontId::proportional(name_size * 1.2),
        GOLD,
    );
    let counts: Vec<(usize, u8)> = obs
        .hold_markers
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, n)| *n > 0)
        .collect();
    let per_row = 4usize;
    let step = hr.width() / (per_row as f32 + 0.5);
    for (k, (i, n)) in counts.iter().enumerate() {
        let c = pos2(
            hr.min.x + step * (0.75 + (k % per_row) as f32),
            hr.min.y + cell * 0.7 + step * (k / per_row) as f32,
        );
        marker(&painter, c, cell * 0.14, dwarfs_engine::Seat(*i as u8));
        painter.text(
            c,
            Align2::CENTER_CENTER,
            n.to_string(),
            FontId::proportional(name_size),
            if *i == 6 { STONE_DARK } else { Color32::WHITE },
        );
    }
    let hold_resp = ui.interact(hr, ui.scope_id().with("the_hold"), Sense::hover());
    hold_resp.tip_ui(|ui| {
        ui.label(egui::RichText::new("The hold").strong().color(GOLD));
        ui.label("Clan markers on the hold; the most markers score 24 VT at the end.");
        for (i, n) in &counts {
            ui.label(format!("{}: {n}", colour(dwarfs_engine::Seat(*i as u8))));
        }
    });
}
