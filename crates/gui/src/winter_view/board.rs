//! The board, painted: the castle, walls, fields, forests and mines as a graph (edges between
//! adjacent zones), each zone with its number, its distance to the castle, its monsters, disaster
//! tokens and everyone's dwarfs. Targets of a legal action light up; a click plays or picks them.

use super::words::{
    colour, disaster_label, disaster_text, distance_label, dwarf_label, legend_text, monster_label,
    monster_text, seat_rgb, zone_label,
};
use super::zone_layout;
use super::{Foe, Sel, WinterView, disaster_action, dwarf_movable, label, monster_action};
use crate::theme::{self, GOLD, PARCHMENT, PARCHMENT_DIM, STONE_DARK, TARGET};
use crate::tips::Tip;
use crate::words::count;
use dwarfs_engine::Seat;
use dwarfs_winter::view::WinterView as Obs;
use dwarfs_winter::{DisasterId, DwarfKind, MonsterId, WinterAction, Zone, ZoneType};
use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, vec2,
};

/// The fill of a zone by its type.
fn zone_fill(k: ZoneType) -> Color32 {
    match k {
        ZoneType::Castle => Color32::from_rgb(0x6a, 0x62, 0x70),
        ZoneType::Wall => Color32::from_rgb(0x55, 0x50, 0x4a),
        ZoneType::Field => Color32::from_rgb(0x8a, 0x74, 0x3a),
        ZoneType::Forest => Color32::from_rgb(0x2f, 0x5e, 0x38),
        ZoneType::Mine => Color32::from_rgb(0x3e, 0x4e, 0x66),
    }
}

/// Monster tokens.
const MONSTER: Color32 = Color32::from_rgb(0x9a, 0x24, 0x24);
/// Disaster tokens.
const DISASTER: Color32 = Color32::from_rgb(0xc0, 0x6a, 0x1a);

/// The centre of zone `z` on a board of centre `c` and radius `r`: the castle in the middle, the
/// walls and the fields in rings by quarter, the forests and mines alternating on the edge.
pub(super) fn zone_centre(z: Zone, c: Pos2, r: f32) -> Pos2 {
    let q = z.quarter().unwrap_or(0) as f32;
    let base = (-90.0 + 90.0 * q).to_radians();
    let tilt = 22.5f32.to_radians();
    let (angle, radius) = match z.kind() {
        ZoneType::Castle => return c,
        ZoneType::Wall => (base, 0.38),
        ZoneType::Field => (base, 0.66),
        ZoneType::Forest => (base - tilt, 0.88),
        ZoneType::Mine => (base + tilt, 0.88),
    };
    c + vec2(angle.cos(), angle.sin()) * radius * r
}

/// Points of the arc round the board's rim from zone `a` to zone `b` (neighbouring forests),
/// the short way round.
fn rim_arc(a: Zone, b: Zone, c: Pos2, r: f32) -> Vec<Pos2> {
    let angle = |z: Zone| {
        let v = zone_centre(z, c, r) - c;
        v.y.atan2(v.x)
    };
    let (from, mut to) = (angle(a), angle(b));
    let turn = std::f32::consts::TAU;
    while to - from > turn / 2.0 {
        to -= turn;
    }
    while from - to > turn / 2.0 {
        to += turn;
    }
    (0..=16)
        .map(|i| {
            let t = from + (to - from) * i as f32 / 16.0;
            c + vec2(t.cos(), t.sin()) * 0.97 * r
        })
        .collect()
}

/// The rectangle of zone `z`.
fn zone_rect(z: Zone, c: Pos2, r: f32) -> Rect {
    // On a small board (a phone's) the resource zones take a fifth more of the room between
    // them, so that a monster and a disaster fit in one with their names.
    let grow = if r < SMALL_BOARD_R { 1.2 } else { 1.0 };
    let size = match z.kind() {
        ZoneType::Castle => vec2(0.30, 0.30),
        ZoneType::Wall => vec2(0.27, 0.18),
        ZoneType::Field => vec2(0.26, 0.24) * grow,
        _ => vec2(0.29, 0.24) * grow,
    } * r;
    Rect::from_center_size(zone_centre(z, c, r), size)
}

/// Under this half-width (points) a board is small: a phone's.
pub(super) const SMALL_BOARD_R: f32 = 230.0;

/// The letter on a legendary dwarf's token.
fn kind_letter(k: DwarfKind) -> &'static str {
    match k {
        DwarfKind::Worker => "",
        DwarfKind::IceWarrior => "I",
        DwarfKind::EarthGuardian => "E",
        DwarfKind::ThunderKing => "T",
    }
}

/// Draws the board into `rect` (a square; larger than `shown` when zoomed in), showing the part
/// inside `shown`, and collects clicks.
pub(super) fn board(
    view: &mut WinterView,
    ui: &mut Ui,
    rect: Rect,
    shown: Rect,
    obs: &Obs,
    legal: &[WinterAction],
    picked: &mut Vec<WinterAction>,
) {
    let painter = ui.painter_at(shown.expand(4.0));
    painter.rect_filled(shown.expand(4.0), CornerRadius::same(8), theme::MAT);
    let c = rect.center();
    let r = rect.width() / 2.0;
    let sel = view.effective(legal);
    let from = match sel {
        Sel::Dwarf(_, _, z) => Some(z),
        _ => None,
    };
    // The edges of the graph; those of a picked dwarf's zone lit.
    for a in Zone::all() {
        for b in a.adjacent().filter(|b| b.0 > a.0) {
            let lit = from == Some(a) || from == Some(b);
            let stroke = if lit {
                Stroke::new(3.0, TARGET)
            } else {
                Stroke::new(2.0, Color32::from_rgb(0x5a, 0x52, 0x48))
            };
            if a.kind() == ZoneType::Forest && b.kind() == ZoneType::Forest {
                // The forests' ring runs round the rim, behind the mine between them.
                painter.add(egui::Shape::line(rim_arc(a, b, c, r), stroke));
            } else {
                painter.line_segment([zone_centre(a, c, r), zone_centre(b, c, r)], stroke);
            }
        }
    }
    let monsters: Vec<(MonsterId, Zone)> = obs.monsters().collect();
    let disasters: Vec<DisasterId> = obs.disasters().collect();
    let title = (r * 0.055).clamp(9.5, 14.0);
    let small = (r * 0.034).clamp(8.0, 10.5);
    let warn = (r * 0.038).clamp(9.5, 12.0);
    // On a touch screen a dwarf is a finger's target: larger tokens.
    let touch = ui.input(|i| i.has_touch_screen());
    for z in Zone::all() {
        let zr = zone_rect(z, c, r);
        // A zone too narrow for its name, its resource and its monsters' steps (a phone's
        // board) shows its name and pieces only; the rest is in its tooltip and the banner.
        let roomy = zr.width() >= 80.0;
        let resp = ui.interact(zr, ui.scope_id().with(("winter_zone", z.0)), Sense::click());
        let action = view.zone_action(legal, z);
        let foes: Vec<Foe> = monsters
            .iter()
            .filter(|(_, at)| *at == z)
            .map(|(m, _)| Foe::Monster(*m))
            .chain(
                disasters
                    .iter()
                    .filter(|d| d.card().zone == z)
                    .map(|d| Foe::Disaster(*d)),
            )
            .collect();
        // A monster or a disaster blocks the zone's production.
        let blocked = !foes.is_empty();
        let has_monster = foes.iter().any(|f| matches!(f, Foe::Monster(_)));
        let mut fill = zone_fill(z.kind());
        if action.is_some() && resp.hovered() {
            fill = fill.gamma_multiply(1.35);
        }
        painter.rect_filled(zr, CornerRadius::same(8), fill);
        let (w, sc) = if action.is_some() {
            (3.0, TARGET)
        } else if from == Some(z) {
            (3.0, GOLD)
        } else {
            (1.5, STONE_DARK)
        };
        painter.rect_stroke(
            zr,
            CornerRadius::same(8),
            Stroke::new(w, sc),
            StrokeKind::Inside,
        );
        painter.text(
            zr.left_top() + vec2(5.0, 3.0),
            Align2::LEFT_TOP,
            z.name(),
            FontId::proportional(title),
            PARCHMENT,
        );
        match z.kind().produces() {
            // A tab on the zone's top edge, clear of its name.
            Some(_) if blocked => {
                warning(
                    &painter,
                    zr.right_top() + vec2(-6.0, 3.0),
                    Align2::RIGHT_BOTTOM,
                    "blocked",
                    warn,
                );
            }
            Some(res) if roomy => {
                painter.text(
                    zr.right_top() + vec2(-5.0, 4.0),
                    Align2::RIGHT_TOP,
                    res.name(),
                    FontId::proportional(small),
                    PARCHMENT_DIM,
                );
            }
            _ => {}
        }
        // How far this zone's monsters are from the castle (in steps): a tag in the zone's
        // corner, which the pieces keep clear of.
        let tag = ((roomy || z.distance() == 0) && has_monster).then(|| {
            let text = match z.distance() {
                0 => "INSIDE!".to_string(),
                1 => "1 step".to_string(),
                d => format!("{d} steps"),
            };
            let tr = warning(
                &painter,
                zr.right_bottom() + vec2(-4.0, -4.0),
                Align2::RIGHT_BOTTOM,
                &text,
                warn,
            );
            let resp = ui.interact(
                tr,
                ui.scope_id().with(("winter_steps", z.0)),
                Sense::hover(),
            );
            label(&resp, distance_label(z));
            tr
        });
        let mut hover = format!(
            "{} ({}): {} from the castle; adjacent to {}.",
            z.name(),
            z.kind().name(),
            count(z.distance(), "step", "steps"),
            z.adjacent()
                .map(|a| a.name())
                .collect::<Vec<_>>()
                .join(", ")
        );
        if let Some(res) = z.kind().produces() {
            hover.push_str(&format!(
                " Produces {} for its occupants' Produce heroes unless a monster or disaster \
                 is here.",
                res.name()
            ));
        }
        let resp = resp.tip(hover);
        label(&resp, zone_label(z));
        if let Some(a) = action
            && resp.clicked()
        {
            picked.push(a);
        }
        let owned: Vec<(Seat, DwarfKind, u8)> = obs
            .players
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                DwarfKind::ALL
                    .into_iter()
                    .map(move |kind| (Seat(i as u8), kind, p.count(kind, z)))
            })
            .filter(|(_, _, n)| *n > 0)
            .collect();
        // On a touch screen a dwarf is a finger's target: as large as the zone's room below
        // its pieces allows (a token spilling into the next zone would take that zone's taps).
        let (token_max, token_min) = if touch {
            ((r * 0.11).clamp(20.0, 26.0), 13.0)
        } else {
            let d = (r * 0.065).clamp(13.0, 20.0);
            (d, d)
        };
        let room = zone_layout::Room {
            area: zr.shrink(5.0).with_min_y(zr.min.y + title + 8.0),
            avoid: tag,
            font: small,
            token_max,
            token_min,
        };
        let placed = zone_layout::place(
            &painter,
            &room,
            &zone_layout::Pieces {
                foes: &foes,
                tokens: owned.len(),
            },
        );
        for (foe, tr, g) in placed.chips {
            let (id, act, fill, ink, tip, name) = match foe {
                Foe::Monster(m) => (
                    ("winter_monster", m.0),
                    monster_action(legal, m),
                    MONSTER,
                    PARCHMENT,
                    monster_text(m, z),
                    monster_label(m),
                ),
                Foe::Disaster(d) => (
                    ("winter_disaster", d.0),
                    disaster_action(legal, d),
                    DISASTER,
                    Color32::BLACK,
                    disaster_text(d),
                    disaster_label(d),
                ),
            };
            let resp = ui.interact(tr, ui.scope_id().with(id), Sense::click());
            token(&painter, tr, fill, act.is_some(), resp.hovered());
            painter.galley(tr.center() - g.size() / 2.0, g, ink);
            let resp = resp.tip(tip);
            label(&resp, name);
            if act.is_some()
                && resp.clicked()
                && let Some(a) = view.click_foe(legal, foe)
            {
                picked.push(a);
            }
        }
        // Everyone's dwarfs: one token per owner and kind, with the count.
        let d = placed.token;
        for ((owner, kind, n), tr) in owned.into_iter().zip(placed.tokens) {
            let i = owner.0 as usize;
            let movable = dwarf_movable(legal, owner, kind, z);
            let picked_here = view.sel == Sel::Dwarf(owner, kind, z);
            let sense = if movable {
                Sense::click()
            } else {
                Sense::hover()
            };
            let resp = ui.interact(
                tr,
                ui.scope_id().with(("winter_dwarf", i, kind.index(), z.0)),
                sense,
            );
            let fill = seat_rgb(owner);
            painter.circle_filled(tr.center(), d / 2.0, fill);
            let ring = if picked_here {
                Stroke::new(3.0, GOLD)
            } else if movable {
                Stroke::new(2.5, TARGET)
            } else if kind != DwarfKind::Worker {
                Stroke::new(2.0, GOLD)
            } else {
                Stroke::new(1.5, STONE_DARK)
            };
            painter.circle_stroke(tr.center(), d / 2.0, ring);
            let text = match (kind_letter(kind), n) {
                ("", 1) => String::new(),
                ("", n) => n.to_string(),
                (l, 1) => l.to_string(),
                (l, n) => format!("{l}{n}"),
            };
            painter.text(
                tr.center(),
                Align2::CENTER_CENTER,
                text,
                FontId::proportional(d * 0.6),
                STONE_DARK,
            );
            let what = if kind == DwarfKind::Worker {
                format!(
                    "{} in {}.",
                    count(
                        n,
                        &format!("{} dwarf", colour(owner)),
                        &format!("{} dwarfs", colour(owner))
                    ),
                    z.name()
                )
            } else {
                format!(
                    "{}'s {} in {}: {}",
                    colour(owner),
                    kind.name(),
                    z.name(),
                    legend_text(kind)
                )
            };
            let resp = resp.tip(if movable {
                format!("{what} Click to move one, then click a lit zone.")
            } else {
                what
            });
            label(&resp, dwarf_label(owner, kind, z));
            if movable && resp.clicked() {
                view.click_dwarf(owner, kind, z);
            }
        }
    }
}

/// A monster or disaster token.
fn token(painter: &egui::Painter, r: Rect, fill: Color32, target: bool, hovered: bool) {
    let fill = if target && hovered {
        fill.gamma_multiply(1.4)
    } else {
        fill
    };
    painter.rect_filled(r, CornerRadius::same(5), fill);
    let stroke = if target {
        Stroke::new(2.5, TARGET)
    } else {
        Stroke::new(1.0, STONE_DARK)
    };
    painter.rect_stroke(r, CornerRadius::same(5), stroke, StrokeKind::Outside);
}

/// A warning on a zone ("blocked", "2 steps"): light text on a dark red badge, readable on
/// every zone's colour.
fn warning(painter: &egui::Painter, at: Pos2, align: Align2, text: &str, size: f32) -> Rect {
    let galley = painter.layout_no_wrap(text.to_string(), FontId::proportional(size), PARCHMENT);
    let pad = vec2(4.0, 1.0);
    let rect = align.anchor_size(at, galley.size() + pad * 2.0);
    painter.rect_filled(
        rect,
        CornerRadius::same(4),
        Color32::from_rgb(0x9a, 0x26, 0x1c),
    );
    painter.rect_stroke(
        rect,
        CornerRadius::same(4),
        Stroke::new(1.0, STONE_DARK),
        StrokeKind::Inside,
    );
    painter.galley(rect.min + pad, galley, PARCHMENT);
    rect
}
