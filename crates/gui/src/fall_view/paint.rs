//! Painting: card faces, stacks, walls and paths, meeples and memorial cards.

use super::colour_of;
use crate::theme::{self, GOLD, PARCHMENT, PARCHMENT_DIM, STONE_DARK};
use dwarfs_fall::rules_text::capital;
use dwarfs_fall::{CardType, CellView, Class, Colour, Dir, Gem};
use egui::{Align2, Color32, CornerRadius, FontId, Rect, Stroke, StrokeKind, pos2, vec2};

/// The card face colour by type.
pub(super) fn face_of(t: CardType) -> Color32 {
    match t {
        CardType::Castle => theme::FALL_CASTLE,
        CardType::Mine => theme::FALL_MINE,
        CardType::Building => theme::FALL_BUILDING,
        CardType::Monster => theme::FALL_MONSTER,
    }
}

/// Colour of a gem kind.
pub(super) fn gem_colour(g: Gem) -> Color32 {
    match g {
        Gem::Emerald => theme::GEM_EMERALD,
        Gem::Diamond => theme::GEM_DIAMOND,
        Gem::Ruby => theme::GEM_RUBY,
        Gem::Gold => theme::GEM_GOLD,
    }
}

/// Walls of a card lying in `card`: stone bars along closed sides; open sides get a doorway of
/// path. `open` is indexed by [`Dir`].
pub(super) fn draw_walls(painter: &egui::Painter, card: Rect, open: [bool; 4], zoom: f32) {
    let inset = card.shrink(2.5 * zoom.max(0.6));
    let wall = Stroke::new(4.5 * zoom.max(0.5), Color32::from_rgb(0xb9, 0xad, 0x9b));
    let path = Stroke::new(6.0 * zoom.max(0.5), Color32::from_rgb(0xd9, 0xc2, 0x94));
    for d in Dir::ALL {
        let (a, b) = match d {
            Dir::North => (inset.left_top(), inset.right_top()),
            Dir::East => (inset.right_top(), inset.right_bottom()),
            Dir::South => (inset.left_bottom(), inset.right_bottom()),
            Dir::West => (inset.left_top(), inset.left_bottom()),
        };
        if open[d as usize] {
            let m = a + (b - a) * 0.5;
            let half = (b - a) * 0.14;
            painter.line_segment([m - half, m + half], path);
        } else {
            painter.line_segment([a, b], wall);
        }
    }
}

/// Open sides of a kind turned `turns` quarter turns clockwise, indexed by [`Dir`].
pub(super) fn open_sides(kind: dwarfs_fall::Kind, turns: u8) -> [bool; 4] {
    let mask = kind.open_turned(turns);
    Dir::ALL.map(|d| mask & (1 << d as u8) != 0)
}

pub(super) fn draw_card(
    painter: &egui::Painter,
    r: Rect,
    cell: &CellView,
    zoom: f32,
    hovered: bool,
) {
    let card = r.shrink(4.0);
    let top = &cell.top;
    let owner = colour_of(top.card.colour);
    let radius = CornerRadius::same(6);
    // Stack: offset shadows for each card beneath.
    let depth = cell.stack.len().saturating_sub(1).min(3);
    for i in (1..=depth).rev() {
        let o = i as f32 * 2.5;
        painter.rect_filled(
            card.translate(vec2(o, o)),
            radius,
            Color32::from_rgb(0x14, 0x12, 0x10),
        );
    }
    let mut face = face_of(top.card_type);
    if hovered {
        face = face.gamma_multiply(1.25);
    }
    painter.rect_filled(card, radius, face);
    // Owner band across the top.
    let band = Rect::from_min_size(card.min, vec2(card.width(), 14.0 * zoom.max(0.7)));
    painter.rect_filled(
        band,
        CornerRadius {
            nw: 6,
            ne: 6,
            sw: 0,
            se: 0,
        },
        owner,
    );
    draw_walls(painter, card, top.open, zoom);
    let font = |s: f32| FontId::proportional((s * zoom).max(7.0));
    painter.text(
        pos2(card.center().x, card.min.y + 24.0 * zoom),
        Align2::CENTER_CENTER,
        capital(top.name),
        font(12.5),
        PARCHMENT,
    );
    if top.monster {
        painter.text(
            pos2(card.center().x, card.center().y + 2.0 * zoom),
            Align2::CENTER_CENTER,
            "MONSTER",
            font(9.0),
            Color32::from_rgb(0xff, 0xb0, 0x90),
        );
    }
    // VP badge (bottom right) and stack height (top right of band).
    painter.text(
        card.right_bottom() + vec2(-5.0, -4.0) * zoom,
        Align2::RIGHT_BOTTOM,
        format!("{:+}", top.vp),
        font(11.0),
        if top.vp < 0 { theme::DANGER } else { GOLD },
    );
    if cell.stack.len() > 1 {
        painter.text(
            band.right_center() + vec2(-4.0, 0.0),
            Align2::RIGHT_CENTER,
            format!("×{}", cell.stack.len()),
            font(10.0),
            STONE_DARK,
        );
    }
    // Spots along the bottom: meeples in colour, free spots hollow.
    let spot_r = 6.5 * zoom;
    let total = top.spots as usize;
    // Class meeples first (in their shapes), then plain dwarfs, colour by colour.
    let mut colours: Vec<(Color32, Option<Class>)> = Vec::new();
    for c in Colour::ALL {
        let classes: Vec<Class> = cell
            .classes
            .iter()
            .filter(|(o, _)| *o == c)
            .map(|(_, k)| *k)
            .collect();
        for &k in &classes {
            colours.push((colour_of(c), Some(k)));
        }
        for _ in classes.len()..cell.meeples[c.index()] as usize {
            colours.push((colour_of(c), None));
        }
    }
    let y = card.max.y - 22.0 * zoom;
    let n = total.max(colours.len());
    let step = spot_r * 2.6;
    let x0 = card.center().x - (n.saturating_sub(1)) as f32 * step / 2.0;
    for i in 0..n {
        let p = pos2(x0 + i as f32 * step, y);
        match colours.get(i) {
            Some(&(c, class)) => draw_meeple(painter, p, spot_r, c, class),
            None => {
                painter.circle_stroke(p, spot_r * 0.8, Stroke::new(1.2, PARCHMENT_DIM));
            }
        }
    }
    // Dwarfs needed for the task.
    painter.text(
        card.left_bottom() + vec2(5.0, -4.0) * zoom,
        Align2::LEFT_BOTTOM,
        format!("need {}", top.need),
        font(8.5),
        PARCHMENT_DIM,
    );
}

/// diamond and the guardian a shield, each with its letter.
pub(super) fn draw_meeple(
    painter: &egui::Painter,
    p: egui::Pos2,
    r: f32,
    c: Color32,
    class: Option<Class>,
) {
    let edge = Stroke::new(1.5, STONE_DARK);
    let letter = |t: &str| {
        painter.text(
            p + vec2(0.0, 0.5),
            Align2::CENTER_CENTER,
            t,
            FontId::monospace((r * 1.3).max(7.0)),
            Color32::WHITE,
        );
    };
    match class {
        None => {
            painter.circle_filled(p, r, c);
            painter.circle_stroke(p, r, edge);
        }
        Some(Class::King) => {
            let r = r * 1.2;
            // Crown points above the head.
            let crown = vec![
                p + vec2(-r, -r * 0.4),
                p + vec2(-r * 0.9, -r * 1.45),
                p + vec2(-r * 0.35, -r * 0.85),
                p + vec2(0.0, -r * 1.6),
                p + vec2(r * 0.35, -r * 0.85),
                p + vec2(r * 0.9, -r * 1.45),
                p + vec2(r, -r * 0.4),
            ];
            painter.add(egui::Shape::convex_polygon(crown, GOLD, Stroke::NONE));
            painter.circle_filled(p, r, c);
            painter.circle_stroke(p, r, Stroke::new(2.0, GOLD));
            letter("K");
        }
        Some(Class::Warrior) => {
            let r = r * 1.3;
            let pts = vec![
                p + vec2(0.0, -r),
                p + vec2(r, 0.0),
                p + vec2(0.0, r),
                p + vec2(-r, 0.0),
            ];
            painter.add(egui::Shape::convex_polygon(pts, c, edge));
            letter("W");
        }
        Some(Class::Guardian) => {
            let r = r * 1.2;
            let pts = vec![
                p + vec2(-r, -r),
                p + vec2(r, -r),
                p + vec2(r, r * 0.2),
                p + vec2(0.0, r * 1.2),
                p + vec2(-r, r * 0.2),
            ];
            painter.add(egui::Shape::convex_polygon(
                pts,
                c,
                Stroke::new(2.0, PARCHMENT),
            ));
            letter("G");
        }
    }
}

/// Paints a memorial card (Battle Memorial): a grey tombstone.
pub(super) fn draw_memorial(painter: &egui::Painter, card: Rect, zoom: f32) {
    painter.rect_filled(
        card,
        CornerRadius::same(6),
        Color32::from_rgb(0x4a, 0x4d, 0x55),
    );
    painter.rect_stroke(
        card,
        CornerRadius::same(6),
        Stroke::new(1.5, PARCHMENT_DIM),
        StrokeKind::Inside,
    );
    let stone = Rect::from_center_size(
        card.center() + vec2(0.0, 6.0 * zoom),
        vec2(card.width() * 0.36, card.height() * 0.44),
    );
    painter.rect_filled(
        stone,
        CornerRadius {
            nw: (stone.width() / 2.0) as u8,
            ne: (stone.width() / 2.0) as u8,
            sw: 2,
            se: 2,
        },
        Color32::from_rgb(0x9a, 0x98, 0x94),
    );
    let arm = stone.height() * 0.22;
    let cross = Stroke::new(2.0 * zoom.max(0.6), STONE_DARK);
    let m = stone.center() + vec2(0.0, -arm * 0.3);
    painter.line_segment([m + vec2(0.0, -arm), m + vec2(0.0, arm * 1.4)], cross);
    painter.line_segment(
        [
            m + vec2(-arm * 0.7, -arm * 0.2),
            m + vec2(arm * 0.7, -arm * 0.2),
        ],
        cross,
    );
    painter.text(
        pos2(card.center().x, card.min.y + 12.0 * zoom),
        Align2::CENTER_CENTER,
        "Memorial",
        FontId::proportional((11.5 * zoom).max(7.0)),
        PARCHMENT,
    );
}
