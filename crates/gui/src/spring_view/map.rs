//! The world map, painted: 19 petals in a hexagon (wildlands as one big location with its
//! monster and dwarfs; grasslands as a centre spot and a ring of six), with settlements, the
//! fortress, dwarfs and spider webs. Locations a legal action uses light up; a click plays it or
//! picks it.

use super::clicks::{Effect, Pick, Target, on_click};
use super::words::{loc_label, spot_short};
use super::{SpringView, label};
use crate::theme::{self, DANGER, GOLD, PARCHMENT, PARCHMENT_DIM, STONE_DARK, TARGET};
use crate::tips::Tip;
use dwarfs_spring::SpringAction;
use dwarfs_spring::data::{
    GRASSLAND_NAMES, GRASSLANDS, Resource, SPOTS_PER_PETAL, Spot, WILDLANDS, WildKind, Yield,
    wildland, wildland_name,
};
use dwarfs_spring::map::{self, DIRECTIONS, Loc, POSITIONS, spot_loc};
use dwarfs_spring::state::exp_name;
use dwarfs_spring::view::SpringView as Obs;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2, pos2, vec2};

const SQRT3: f32 = 1.732_050_8;

/// The pixel offset of axial coordinates for petals of circumradius `s` (pointy top).
fn axial(q: f32, r: f32, s: f32) -> Vec2 {
    vec2(s * SQRT3 * (q + r / 2.0), s * 1.5 * r)
}

/// The fill of a spot by its kind.
fn spot_fill(l: Loc) -> Color32 {
    match map::spot(l) {
        Some(Spot::Water) => Color32::from_rgb(0x3f, 0x7f, 0xbf),
        Some(Spot::Resource { kind, .. }) => match kind {
            Yield::Res(Resource::Food) => Color32::from_rgb(0xc9, 0xa8, 0x3a),
            Yield::Res(Resource::Wood) => Color32::from_rgb(0x7a, 0x52, 0x2e),
            Yield::Res(Resource::Gold) => Color32::from_rgb(0xd8, 0xc0, 0x60),
            Yield::Faerie => Color32::from_rgb(0x9a, 0x6a, 0xc8),
        },
        _ => Color32::from_rgb(0x8a, 0xb0, 0x6a),
    }
}

/// The fill of a wildland petal by its kind.
fn wild_fill(w: usize) -> Color32 {
    match wildland(w).0 {
        WildKind::Forest => Color32::from_rgb(0x2e, 0x5a, 0x34),
        WildKind::Plains => Color32::from_rgb(0x8c, 0x84, 0x3a),
        WildKind::Mountain => Color32::from_rgb(0x5c, 0x5a, 0x58),
    }
}

/// A hexagon of circumradius `s` around `c`.
fn hexagon(c: Pos2, s: f32, fill: Color32) -> Shape {
    let pts = (0..6)
        .map(|i| {
            let a = (60.0 * i as f32 - 30.0).to_radians();
            c + vec2(s * a.cos(), s * a.sin())
        })
        .collect();
    Shape::convex_polygon(pts, fill, Stroke::new(1.5, STONE_DARK))
}

/// Draws the map into `rect` and handles clicks on its locations.
pub(super) fn map(
    view: &mut SpringView,
    ui: &mut Ui,
    rect: Rect,
    obs: &Obs,
    legal: &[SpringAction],
    picked: &mut Vec<SpringAction>,
) {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 8.0, theme::MAT);
    let s = (rect.width() / 9.4).min(rect.height() / 8.6);
    let centre = rect.center();
    let petal_centre = |petal: usize| {
        let (q, r) = POSITIONS[obs.board.map.position_of_petal(petal)];
        centre + axial(q as f32, r as f32, s)
    };
    let webs = obs.board.all_webs();
    let mut clicked: Option<Effect> = None;
    let mut spot_widget = |ui: &mut Ui, l: Loc, at: Pos2, radius: f32, view: &SpringView| {
        let r = Rect::from_center_size(at, Vec2::splat(radius * 2.0));
        let resp = ui.interact(r, ui.scope_id().with(("spring_loc", l)), Sense::click());
        let effect = on_click(&view.pick, legal, Target::Loc(l));
        let painter = ui.painter();
        if effect.is_some() {
            painter.circle_stroke(at, radius + 2.0, Stroke::new(3.0, TARGET));
        }
        if matches!(view.pick, Some(Pick::From(f)) if f == l)
            || matches!(view.pick, Some(Pick::Swap { mine, theirs }) if mine == l || theirs == l)
        {
            painter.circle_stroke(at, radius + 4.0, Stroke::new(3.0, GOLD));
        }
        label(&resp, loc_label(l));
        let resp = resp.tip(dwarfs_spring::place(l));
        if resp.clicked()
            && let Some(e) = effect
        {
            clicked = Some(e);
        }
    };
    // Petals.
    for w in 0..WILDLANDS {
        let c = petal_centre(w);
        painter.add(hexagon(c, s * 0.98, wild_fill(w)));
    }
    for g in 0..GRASSLANDS {
        let c = petal_centre(WILDLANDS + g);
        painter.add(hexagon(c, s * 0.98, Color32::from_rgb(0x4c, 0x6e, 0x3c)));
    }
    // Wildlands: name, monster, dwarfs.
    for w in 0..WILDLANDS {
        let c = petal_centre(w);
        let small = (s * 0.17).clamp(8.0, 13.0);
        painter.text(
            c - vec2(0.0, s * 0.55),
            Align2::CENTER_CENTER,
            wildland_name(w),
            FontId::proportional(small),
            PARCHMENT,
        );
        if let Some(m) = obs.board.monster_at[w] {
            let galley =
                painter.layout_no_wrap(exp_name(m), FontId::proportional(small), PARCHMENT);
            let r = Rect::from_center_size(c - vec2(0.0, s * 0.2), galley.size() + vec2(10.0, 4.0));
            painter.rect_filled(r, 6.0, DANGER.gamma_multiply(0.85));
            painter.galley(r.min + vec2(5.0, 2.0), galley, PARCHMENT);
        }
        let mut x = c.x - s * 0.45;
        for (seat, e) in obs.empires.iter().enumerate() {
            let n = e.wild_dwarfs[w];
            if n > 0 {
                let at = pos2(x + s * 0.1, c.y + s * 0.3);
                painter.circle_filled(at, s * 0.1, theme::seat_colour(seat));
                painter.circle_stroke(at, s * 0.1, Stroke::new(1.0, STONE_DARK));
                painter.text(
                    at + vec2(s * 0.12, 0.0),
                    Align2::LEFT_CENTER,
                    format!("{n}"),
                    FontId::proportional(small),
                    PARCHMENT,
                );
                x += s * 0.32;
            }
        }
        spot_widget(ui, w as Loc, c, s * 0.55, view);
    }
    // Grassland spots.
    for g in 0..GRASSLAND_NAMES.len() {
        let c = petal_centre(WILDLANDS + g);
        let radius = s * 0.21;
        for k in 0..SPOTS_PER_PETAL {
            let l = spot_loc(g, k);
            let at = if k == 0 {
                c
            } else {
                let (dq, dr) = DIRECTIONS[k - 1];
                let d = axial(dq as f32, dr as f32, 1.0);
                c + d / d.length() * s * 0.6
            };
            let painter = ui.painter_at(rect);
            painter.circle_filled(at, radius, spot_fill(l));
            painter.text(
                at,
                Align2::CENTER_CENTER,
                spot_short(l),
                FontId::proportional((s * 0.15).clamp(7.0, 12.0)),
                STONE_DARK,
            );
            for (seat, e) in obs.empires.iter().enumerate() {
                let col = theme::seat_colour(seat);
                if e.settlements.has(l) {
                    let r = Rect::from_center_size(at, Vec2::splat(radius * 1.2));
                    painter.rect_filled(r, 2.0, col);
                    painter.rect_stroke(
                        r,
                        2.0,
                        Stroke::new(1.5, STONE_DARK),
                        egui::StrokeKind::Outside,
                    );
                }
                if e.fortress == Some(l) {
                    let r = Rect::from_center_size(at, Vec2::splat(radius * 1.6));
                    painter.rect_filled(r, 1.0, col);
                    painter.rect_stroke(r, 1.0, Stroke::new(2.5, GOLD), egui::StrokeKind::Outside);
                }
                if e.dwarfs.has(l) {
                    let p = at + vec2(radius * 0.55, -radius * 0.55);
                    painter.circle_filled(p, radius * 0.5, col);
                    painter.circle_stroke(p, radius * 0.5, Stroke::new(1.5, PARCHMENT));
                }
            }
            if webs.has(l) {
                let st = Stroke::new(1.5, Color32::from_gray(0xe0));
                for i in 0..3 {
                    let a = (60.0 * i as f32).to_radians();
                    let d = vec2(a.cos(), a.sin()) * radius;
                    painter.line_segment([at - d, at + d], st);
                }
            }
            spot_widget(ui, l, at, radius, view);
        }
    }
    // The grasslands' names last, on a dark pill: over every spot and hex drawn before them.
    let name_font = FontId::proportional((s * 0.13).clamp(8.0, 11.0));
    for (g, name) in GRASSLAND_NAMES.iter().enumerate() {
        let c = petal_centre(WILDLANDS + g);
        let galley = painter.layout_no_wrap(name.to_string(), name_font.clone(), PARCHMENT);
        let r = Rect::from_center_size(c + vec2(0.0, s * 0.86), galley.size() + vec2(8.0, 2.0));
        painter.rect_filled(r, 5.0, STONE_DARK.gamma_multiply(0.8));
        painter.galley(r.min + vec2(4.0, 1.0), galley, PARCHMENT);
    }
    // What the spots' short codes mean, in the mat's top-left corner.
    painter.text(
        rect.left_top() + vec2(10.0, 8.0),
        Align2::LEFT_TOP,
        "Spots: F food · W wood · G gold · Fa faerie · ~ water\n\
         Squares: settlements · big squares: fortresses · dots: dwarfs",
        FontId::proportional(12.0),
        PARCHMENT_DIM,
    );
    match clicked {
        Some(Effect::Play(a)) => picked.push(a),
        Some(Effect::Pick(p)) => view.pick = p,
        None => {}
    }
}
