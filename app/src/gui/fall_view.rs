//! The Dwar7s Fall board view: the kingdom grid drawn with the painter (pan and zoom), the hand,
//! the face-up trading goals and every player's public information.
//!
//! Interaction: click a card in your hand, the dwarf pile or one of your dwarfs on the board; the
//! legal targets light up; click one. Non-spatial actions (end actions, ogres, reveal, buy,
//! discard, pick a player) are buttons. Everything offered comes from the engine's legal actions.

use super::theme::{self, GOLD, PARCHMENT, PARCHMENT_DIM, STONE_DARK, TARGET};
use super::view::GameView;
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_fall::data;
use dwarfs_fall::types::Task;
use dwarfs_fall::{
    CardType, CellView, Class, Colour, Dir, Edition, Fall, FallAction, FallEvent, Gem, HandCard,
    Kind, Observation, OgreKind, PlayerView, Pos, SecretGoal, TradingGoalView, TurnStep,
};
use egui::{
    Align2, Color32, CornerRadius, FontId, Rect, Response, RichText, Sense, Stroke, StrokeKind, Ui,
    Vec2, pos2, vec2,
};
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
        }
    }
}

/// A colour per seat.
fn colour_of(c: Colour) -> Color32 {
    theme::seat_colour(c.index())
}

/// The card face colour by type.
fn face_of(t: CardType) -> Color32 {
    match t {
        CardType::Castle => Color32::from_rgb(0x6b, 0x5d, 0x8c),
        CardType::Mine => Color32::from_rgb(0x5d, 0x52, 0x45),
        CardType::Building => Color32::from_rgb(0x7a, 0x5a, 0x38),
        CardType::Monster => Color32::from_rgb(0x7d, 0x2e, 0x2a),
    }
}

/// Colour of a gem kind.
fn gem_colour(g: Gem) -> Color32 {
    match g {
        Gem::Emerald => Color32::from_rgb(0x3c, 0xc8, 0x78),
        Gem::Diamond => Color32::from_rgb(0xd8, 0xf0, 0xff),
        Gem::Ruby => Color32::from_rgb(0xe2, 0x3a, 0x5a),
        Gem::Gold => Color32::from_rgb(0xf2, 0xc1, 0x3a),
    }
}

pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The full text of a kingdom card, for tooltips.
pub fn card_text(kind: Kind) -> String {
    let d = kind.data();
    let task = match d.task {
        Task::Dig => "Dig: move the top card of a stack to its bottom".to_string(),
        Task::DrawOgre => "Draw an ogre card".to_string(),
        Task::Trade => "Buy a face-up trading goal with gems".to_string(),
        Task::Mine { gem, count } => format!("Take {count} {}", gem.name()),
        Task::Defeat => "Defeat the monster (3 VP)".to_string(),
    };
    let mut t = format!(
        "{} ({:?})\nTask: {task}, when {} dwarfs of one colour stand on it.\nSpots: {}   Kingdom VP: {:+}",
        capital(d.name),
        d.card_type,
        d.need,
        d.spots,
        d.vp
    );
    match kind {
        Kind::Castle => t.push_str("\nWhile in play: one extra action per turn."),
        Kind::FireDragon => t.push_str("\nStops every mine in its kingdom."),
        Kind::FrostGiant => t.push_str("\nCancels the extra action of castles in its kingdom."),
        _ => {}
    }
    if matches!(d.card_type, CardType::Castle | CardType::Monster) {
        t.push_str("\nNothing can be stacked on it.");
    } else {
        t.push_str("\nOnly cards of the same type stack on it.");
    }
    t
}

/// The text of an ogre card.
pub fn ogre_text(o: OgreKind) -> &'static str {
    match o {
        OgreKind::Brute => "Swap an opponent's dwarf on a card with one of yours on another card.",
        OgreKind::Ambush => "Remove all meeples from a card; they go home to their owners.",
        OgreKind::Crown => "Steal all ogre cards from an opponent.",
        OgreKind::Panic => "Move a dwarf up to two cards away without passing through walls.",
        OgreKind::Thief => "Steal a random gem from an opponent.",
    }
}

fn secret_vp(game: &Fall, g: SecretGoal) -> u8 {
    data::edition(game.options().edition)
        .secret_goals
        .iter()
        .find(|d| d.goal == g)
        .map_or(0, |d| d.vp)
}

fn goal_cost(cost: &[u8; 4]) -> String {
    Gem::ALL
        .iter()
        .zip(cost)
        .filter(|(_, n)| **n > 0)
        .map(|(g, n)| format!("{n} {}", g.name()))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Labels a painted widget for screen readers and UI tests.
fn label(resp: &Response, text: String) {
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &text));
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
                    t.insert(p, vec![FallAction::ChooseCard(k), FallAction::PlaceCard(p)]);
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

    /// Pans and zooms so that every card (and a ring of free spots) is in view.
    fn fit_to(&mut self, rect: Rect, obs: &Observation) {
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

    fn board(
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
                    let c = rect.center() + self.pan;
                    let k = self.zoom / old;
                    self.pan += (p - c) * (1.0 - k);
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
            let resp = resp.on_hover_ui(|ui| {
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
            resp.on_hover_text(format!(
                "Memorial card at {p}: a monster fell here. While a memorial is on the mat, \
                 you may spend an action to rotate any empty kingdom card (Battle Memorial)."
            ));
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
        if bar.small_button("+").on_hover_text("Zoom in").clicked() {
            self.zoom = (self.zoom * 1.2).min(2.5);
        }
        if bar.small_button("-").on_hover_text("Zoom out").clicked() {
            self.zoom = (self.zoom / 1.2).max(0.35);
        }
        if bar
            .small_button("Fit")
            .on_hover_text("Show every card")
            .clicked()
        {
            self.fit = true;
        }
        bar.label(theme::caption("drag to pan · scroll to zoom"));
    }

    fn hand(
        &mut self,
        ui: &mut Ui,
        game: &Fall,
        obs: &Observation,
        legal: &[FallAction],
        picked: &mut Vec<FallAction>,
    ) {
        let Some(seat) = Self::seat_of(obs.viewer) else {
            ui.label(theme::caption("Spectating: hands are hidden."));
            return;
        };
        let Some(me) = obs.players.get(seat.index()) else {
            return;
        };
        let can = |a: &FallAction| legal.contains(a);
        let third = game.options().edition == Edition::Third;
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("Your hand ({})", me.colour))
                    .strong()
                    .color(colour_of(me.colour)),
            );
            ui.separator();
            for &k in &me.kingdom_cards {
                let legal_card = can(&FallAction::ChooseCard(k));
                let selected = self.selection == Selection::Card(k);
                let d = k.data();
                let text = RichText::new(capital(d.name)).color(if legal_card {
                    PARCHMENT
                } else {
                    PARCHMENT_DIM
                });
                let b = egui::Button::selectable(selected, text)
                    .fill(face_of(d.card_type).gamma_multiply(0.8))
                    .stroke(if selected {
                        Stroke::new(3.0, GOLD)
                    } else {
                        Stroke::new(2.0, colour_of(me.colour))
                    });
                let resp = ui
                    .add_enabled(legal_card || selected, b)
                    .on_hover_text(card_text(k))
                    .on_disabled_hover_text(card_text(k));
                if resp.clicked() {
                    if selected {
                        self.reset();
                    } else {
                        self.select_card(game, k);
                    }
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            let place = legal.iter().any(|a| matches!(a, FallAction::PlaceDwarf(_)));
            let sel = self.selection == Selection::PlaceDwarf;
            let resp = ui.add_enabled(
                place || sel,
                egui::Button::selectable(
                    sel,
                    RichText::new(format!(
                        "Place a dwarf ({} in {})",
                        me.dwarfs_in_pile,
                        if third { "campfire" } else { "pile" }
                    ))
                    .color(colour_of(me.colour)),
                ),
            );
            if resp.clicked() {
                self.selection = if sel {
                    Selection::None
                } else {
                    Selection::PlaceDwarf
                };
            }
            ui.separator();
            // Gems.
            if let Some(gems) = me.gems {
                for g in Gem::ALL {
                    let n = gems[g as usize];
                    theme::gem(ui, gem_colour(g), 16.0).on_hover_text(format!(
                        "{}: {} VP each at the end",
                        capital(g.name()),
                        data::GEMS[g as usize].vp
                    ));
                    ui.label(format!("{n} {}", g.name()));
                    let d = FallAction::Discard(HandCard::Gem(g));
                    if can(&d) && ui.button(format!("Discard {}", g.name())).clicked() {
                        picked.push(d);
                    }
                }
            }
            ui.separator();
            // Ogres.
            if let Some(ogres) = me.ogres {
                for o in OgreKind::ALL {
                    let n = ogres[o as usize];
                    if n == 0 {
                        continue;
                    }
                    ui.label(format!("{n}× {}", o.name()))
                        .on_hover_text(ogre_text(o));
                    let play = FallAction::PlayOgre(o);
                    if can(&play)
                        && ui
                            .button(format!("Play {}", o.name()))
                            .on_hover_text(ogre_text(o))
                            .clicked()
                    {
                        self.reset();
                        picked.push(play);
                    }
                    let d = FallAction::Discard(HandCard::Ogre(o));
                    if can(&d) && ui.button(format!("Discard {}", o.name())).clicked() {
                        picked.push(d);
                    }
                }
                if ogres.iter().all(|&n| n == 0) {
                    ui.label(theme::caption("no ogres"));
                }
            }
        });
        if third {
            self.third_edition_row(ui, game, me, legal, picked);
        }
        // Staged choices that are not cells: players, dwarf colours, ending actions.
        ui.horizontal_wrapped(|ui| {
            if let Some(g) = me.secret_goal {
                ui.label(RichText::new(format!("Secret goal: {}", g.name())).color(GOLD))
                    .on_hover_text(format!(
                        "{} VP once revealed: {}",
                        secret_vp(game, g),
                        g.text()
                    ));
                if me.secret_revealed {
                    ui.label(theme::caption("(revealed)"));
                }
                if can(&FallAction::RevealSecret) && ui.button("Reveal secret goal").clicked() {
                    picked.push(FallAction::RevealSecret);
                }
            }
            for a in legal {
                match *a {
                    FallAction::TargetPlayer(s) => {
                        let c = Colour::ALL[s.index() & 3];
                        if ui
                            .button(RichText::new(format!("Target {c}")).color(colour_of(c)))
                            .clicked()
                        {
                            picked.push(*a);
                        }
                    }
                    FallAction::TargetDwarf { at, colour } => {
                        let n = legal
                            .iter()
                            .filter(
                                |b| matches!(b, FallAction::TargetDwarf { at: p, .. } if *p == at),
                            )
                            .count();
                        if n > 1
                            && ui
                                .button(
                                    RichText::new(format!("Pick the {colour} dwarf at {at}"))
                                        .color(colour_of(colour)),
                                )
                                .clicked()
                        {
                            picked.push(*a);
                        }
                    }
                    _ => {}
                }
            }
            // Anything else the rules allow now (new edition actions) as a plain button.
            for a in legal {
                let handled = matches!(
                    a,
                    FallAction::EndActions
                        | FallAction::ChooseCard(_)
                        | FallAction::PlaceCard(_)
                        | FallAction::PlaceDwarf(_)
                        | FallAction::MoveDwarf { .. }
                        | FallAction::PlayOgre(_)
                        | FallAction::TargetDwarf { .. }
                        | FallAction::TargetCard(_)
                        | FallAction::TargetPlayer(_)
                        | FallAction::RevealSecret
                        | FallAction::BuyGoal(_)
                        | FallAction::Dig(_)
                        | FallAction::Discard(_)
                        | FallAction::Upgrade(_)
                        | FallAction::PlaceClass { .. }
                        | FallAction::MoveClass { .. }
                        | FallAction::WarriorPush { .. }
                        | FallAction::HireHand(_)
                        | FallAction::Rotate { .. }
                        | FallAction::TradeUp { .. }
                );
                if !handled && ui.button(game.describe(a)).clicked() {
                    picked.push(*a);
                }
            }
            if can(&FallAction::EndActions) {
                ui.add_space(12.0);
                if ui
                    .add(theme::primary_button("End actions"))
                    .on_hover_text("Stop taking actions; your dwarfs' tasks resolve")
                    .clicked()
                {
                    self.reset();
                    picked.push(FallAction::EndActions);
                }
            }
        });
    }

    /// The 3rd edition's actions: upgrades, class meeples, the warrior's push, hired hands,
    /// trading up, and rotating the card picked on the board. Only legal actions are offered.
    fn third_edition_row(
        &mut self,
        ui: &mut Ui,
        game: &Fall,
        me: &PlayerView,
        legal: &[FallAction],
        picked: &mut Vec<FallAction>,
    ) {
        let c = colour_of(me.colour);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Campfire:").color(c).strong());
            // Upgrades: every class, enabled only when the engine allows it.
            for k in Class::ALL {
                if me.classes.iter().any(|(x, _)| *x == k) {
                    continue;
                }
                let a = FallAction::Upgrade(k);
                let ok = legal.contains(&a);
                let resp = ui
                    .add_enabled(ok, egui::Button::new(format!("Upgrade to {}", k.name())))
                    .on_hover_text(format!(
                        "Turn a campfire dwarf into your {}: {}. Costs {}",
                        k.name(),
                        class_text(k),
                        class_cost(k)
                    ))
                    .on_disabled_hover_text(format!(
                        "Needs a dwarf in your campfire and {}",
                        class_cost(k)
                    ));
                if resp.clicked() {
                    picked.push(a);
                }
            }
            // Class meeples: pick one, then its legal spots light up on the board.
            for &(k, at) in &me.classes {
                let place = legal
                    .iter()
                    .any(|a| matches!(a, FallAction::PlaceClass { class, .. } if *class == k));
                let walk = legal
                    .iter()
                    .any(|a| matches!(a, FallAction::MoveClass { class, .. } if *class == k));
                let sel = self.selection == Selection::Class(k);
                let text = match at {
                    None => format!("Place {}", k.name()),
                    Some(_) => format!("Move {}", k.name()),
                };
                let resp = ui
                    .add_enabled(
                        place || walk || sel,
                        egui::Button::selectable(
                            sel,
                            RichText::new(text).color(if place || walk || sel {
                                c
                            } else {
                                PARCHMENT_DIM
                            }),
                        ),
                    )
                    .on_hover_text(format!(
                        "Your {} ({}): {}",
                        k.name(),
                        at.map_or("in your campfire".to_string(), |p| format!("at {p}")),
                        class_text(k)
                    ));
                if resp.clicked() {
                    self.selection = if sel {
                        Selection::None
                    } else {
                        Selection::Class(k)
                    };
                }
            }
            for a in legal {
                let text = match *a {
                    FallAction::WarriorPush { colour, dir } => {
                        format!("Warrior pushes the {colour} meeple {}", dir.name())
                    }
                    FallAction::HireHand(o) => format!("Hire a hand: discard {}", o.name()),
                    FallAction::TradeUp { .. } => game.describe(a),
                    _ => continue,
                };
                if ui.button(text).clicked() {
                    picked.push(*a);
                }
            }
            match self.selection {
                Selection::Rotate(p) => {
                    ui.label(RichText::new(format!("Rotate the card at {p}:")).color(GOLD));
                    for (cw, text) in [
                        (true, "Rotate clockwise"),
                        (false, "Rotate counter-clockwise"),
                    ] {
                        let a = FallAction::Rotate {
                            at: p,
                            clockwise: cw,
                        };
                        if legal.contains(&a) && ui.button(text).clicked() {
                            picked.push(a);
                        }
                    }
                }
                _ => {
                    if legal.iter().any(|a| matches!(a, FallAction::Rotate { .. })) {
                        ui.label(theme::caption(
                            "click an empty card on the board to rotate it",
                        ));
                    }
                }
            }
        });
    }

    fn goals(
        &self,
        ui: &mut Ui,
        obs: &Observation,
        legal: &[FallAction],
        picked: &mut Vec<FallAction>,
    ) {
        ui.label(theme::heading("Trading goals"));
        ui.label(theme::caption(format!("{} left face down", obs.goal_deck)));
        for (slot, g) in obs.face_up_goals.iter().enumerate() {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                match g {
                    Some(TradingGoalView { id, cost, vp }) => {
                        ui.horizontal(|ui| {
                            ui.label(RichText::new(format!("Goal {}", id + 1)).strong());
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    ui.label(
                                        RichText::new(format!("{vp} VP")).color(GOLD).strong(),
                                    );
                                },
                            );
                        });
                        ui.horizontal(|ui| {
                            for gem in Gem::ALL {
                                for _ in 0..cost[gem as usize] {
                                    theme::gem(ui, gem_colour(gem), 14.0);
                                }
                            }
                        })
                        .response
                        .on_hover_text(goal_cost(cost));
                        let buy = FallAction::BuyGoal(slot as u8);
                        if legal.contains(&buy)
                            && ui.button(format!("Buy goal {}", id + 1)).clicked()
                        {
                            picked.push(buy);
                        }
                    }
                    None => {
                        ui.label(theme::caption("empty slot"));
                    }
                }
            });
        }
        ui.add_space(6.0);
        ui.label(theme::caption(format!(
            "Gem piles: {}",
            Gem::ALL
                .iter()
                .map(|g| format!("{} {}", obs.gem_piles[*g as usize], g.name()))
                .collect::<Vec<_>>()
                .join(", ")
        )));
        ui.label(theme::caption(format!(
            "Ogre deck: {} cards",
            obs.ogre_deck
        )));
    }

    /// The Royal Decrees in play (their text on hover) and the Hard Workers axe and phase.
    fn decrees(ui: &mut Ui, obs: &Observation) {
        ui.label(theme::heading("Royal Decrees"));
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            if obs.decrees.is_empty() {
                ui.label(theme::caption("None in play"));
            }
            for d in &obs.decrees {
                ui.label(RichText::new(d.name()).color(GOLD))
                    .on_hover_text(d.text());
            }
            if obs.decrees.contains(&dwarfs_fall::Decree::HardWorkers) {
                let axe = Colour::ALL[obs.first_player.index() & 3];
                ui.label(
                    RichText::new(format!(
                        "Axe: {axe} · {}",
                        if obs.night {
                            "night (resolve, discard)"
                        } else {
                            "morning (actions)"
                        }
                    ))
                    .color(colour_of(axe)),
                );
            }
        });
    }

    fn players(ui: &mut Ui, obs: &Observation, third: bool) {
        ui.label(theme::heading("Players"));
        for p in &obs.players {
            let acting = obs.to_act == Actor::Seat(p.seat);
            player_card(ui, p, acting, obs.viewer == Viewer::Seat(p.seat), third);
        }
    }
}

fn player_card(ui: &mut Ui, p: &PlayerView, acting: bool, me: bool, third: bool) {
    let c = colour_of(p.colour);
    let frame = theme::card_frame().stroke(Stroke::new(
        if acting { 2.5 } else { 1.0 },
        if acting { c } else { theme::STONE_HOVER },
    ));
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            theme::dot(ui, c, 7.0);
            ui.label(RichText::new(p.colour.name()).strong().color(c));
            if me {
                ui.label(theme::caption("(you)"));
            }
            if acting {
                ui.label(RichText::new("to play").color(GOLD).small());
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(RichText::new(format!("{} VP", p.public_score)).strong())
                    .on_hover_text("Public score: kingdom, goals, monsters (gems and unrevealed secret goals are hidden)");
            });
        });
        ui.label(theme::caption(format!(
            "Dwarfs {} in {}, {} on board · {} kingdom cards",
            p.dwarfs_in_pile,
            if third { "campfire" } else { "pile" },
            p.dwarfs_on_board,
            p.kingdom_cards.len()
        )));
        if third {
            if p.classes.is_empty() {
                ui.label(theme::caption("Classes: none upgraded"));
            }
            for (k, at) in &p.classes {
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing.x = 2.0;
                        let (rect, resp) =
                            ui.allocate_exact_size(vec2(18.0, 18.0), Sense::hover());
                        draw_meeple(ui.painter(), rect.center(), 5.5, c, Some(*k));
                        let place = at.map_or("in campfire".to_string(), |p| format!("at {p}"));
                        resp.on_hover_text(format!("{}: {}", capital(k.name()), class_text(*k)));
                        ui.label(theme::caption(format!("{} {place}", capital(k.name()))));
                    });
                }
        }
        ui.label(theme::caption(format!(
            "{} gem cards · {} ogre cards",
            p.gem_count, p.ogre_count
        )));
        let goals: Vec<String> = p.trading_goals.iter().map(|g| format!("#{}", g + 1)).collect();
        let secret = if p.secret_revealed {
            p.secret_goal.map_or("revealed".to_string(), |g| format!("{} (revealed)", g.name()))
        } else if me {
            p.secret_goal
                .map_or("hidden".to_string(), |g| format!("{} (hidden from others)", g.name()))
        } else {
            "hidden".to_string()
        };
        ui.label(theme::caption(format!(
            "Goals {}/{}: {} · secret {}",
            p.goals_met,
            data::GOALS_TO_END,
            if goals.is_empty() { "none".into() } else { goals.join(" ") },
            secret
        )));
        if !p.defeated.is_empty() {
            ui.label(theme::caption(format!(
                "Defeated: {}",
                p.defeated.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
            )));
        }
    });
}

/// Paints one card of the mat.
fn draw_card(painter: &egui::Painter, r: Rect, cell: &CellView, zoom: f32, hovered: bool) {
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
    // Walls: stone bars along closed sides; open sides get a doorway of path.
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
        if top.open[d as usize] {
            let m = a + (b - a) * 0.5;
            let half = (b - a) * 0.14;
            painter.line_segment([m - half, m + half], path);
        } else {
            painter.line_segment([a, b], wall);
        }
    }
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

/// What a class meeple does, for tooltips.
fn class_text(k: Class) -> &'static str {
    match k {
        Class::King => "placing the king from your campfire is a free action",
        Class::Warrior => {
            "spends an action to push an enemy meeple on its card to an adjacent card"
        }
        Class::Guardian => "its card cannot be targeted by ogre cards",
    }
}

/// The upgrade cost of a class, in words.
fn class_cost(k: Class) -> String {
    let d = &data::CLASSES[k as usize];
    format!("{} · {} VP at the end", goal_cost(&d.cost), d.vp)
}

/// Paints one meeple: a plain dwarf is a disc; the king a disc with a crown, the warrior a
/// diamond and the guardian a shield, each with its letter.
fn draw_meeple(painter: &egui::Painter, p: egui::Pos2, r: f32, c: Color32, class: Option<Class>) {
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
fn draw_memorial(painter: &egui::Painter, card: Rect, zoom: f32) {
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

impl GameView for FallView {
    type G = Fall;
    const TITLE: &'static str = "Dwar7s Fall";

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
        egui::Panel::left("fall_players")
            .resizable(false)
            .exact_size(250.0)
            .frame(theme::panel_frame())
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("players_scroll")
                    .show(ui, |ui| {
                        if game.options().edition == Edition::Third {
                            Self::decrees(ui, &obs);
                            ui.add_space(8.0);
                        }
                        Self::players(ui, &obs, game.options().edition == Edition::Third);
                        ui.add_space(10.0);
                        self.goals(ui, &obs, legal, &mut picked);
                    });
            });
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

    fn prompt(game: &Fall, viewer: Viewer) -> String {
        let obs_step = game.step();
        let who = Colour::ALL[game.current_seat().index() & 3];
        let mine = viewer == Viewer::Seat(game.current_seat());
        let you = if mine {
            "You".to_string()
        } else {
            who.to_string()
        };
        let round = format!(
            "Round {}{}",
            game.round(),
            if game.final_round() {
                " (final round)"
            } else {
                ""
            }
        );
        let what = match obs_step {
            TurnStep::Setup | TurnStep::Drawing => "Drawing…".to_string(),
            TurnStep::Actions => {
                let obs = game.observe(viewer);
                let third = if game.options().edition == Edition::Third {
                    "place or move a meeple, upgrade a campfire dwarf"
                } else {
                    "place or move a dwarf"
                };
                format!(
                    "{you}: action {} of {}. Play a card, {third}, play an ogre, or end your actions.",
                    (obs.actions_used + 1).min(obs.action_limit),
                    obs.action_limit
                )
            }
            TurnStep::PlaceCard(k) => format!("{you}: put the {} on a highlighted spot.", k.name()),
            TurnStep::OgreTarget { ogre, picked } => match (ogre, picked) {
                (OgreKind::Brute, None) => format!("{you}: Brute — pick an opponent's dwarf."),
                (OgreKind::Brute, Some(_)) => {
                    format!("{you}: Brute — pick the card of your dwarf to swap.")
                }
                (OgreKind::Ambush, _) => format!("{you}: Ambush — pick a card to clear."),
                (OgreKind::Panic, None) => format!("{you}: Panic — pick a dwarf to move."),
                (OgreKind::Panic, Some(_)) => format!("{you}: Panic — pick where the dwarf goes."),
                (OgreKind::Crown, _) => {
                    format!("{you}: Crown — pick an opponent to rob of their ogres.")
                }
                (OgreKind::Thief, _) => {
                    format!("{you}: Thief — pick an opponent to steal a gem from.")
                }
            },
            TurnStep::ChooseGoal => format!("{you}: the general store — buy a trading goal."),
            TurnStep::ChooseDig => format!("{you}: the castle — pick a stack to dig."),
            TurnStep::Discard => format!(
                "{you}: too many cards — discard down to {}.",
                data::HAND_LIMIT
            ),
            TurnStep::Over => "The game is over.".to_string(),
        };
        format!("{round} · {what}")
    }

    fn scores(game: &Fall) -> Vec<i32> {
        Seat::all(game.players())
            .map(|s| game.score_parts(s).total())
            .collect()
    }

    fn event_line(_game: &Fall, event: &FallEvent) -> Option<String> {
        let c = |s: Seat| Colour::ALL[s.index() & 3];
        Some(match event {
            FallEvent::Dealt => "Secret goals are dealt; trading goals are turned face up".into(),
            FallEvent::GemsTaken { seat, gem, count } => {
                format!("{} mines {count} {}", c(*seat), gem.name())
            }
            FallEvent::OgreDrawn { seat, .. } => format!("{} draws an ogre card", c(*seat)),
            FallEvent::GemStolen { by, from, .. } => {
                format!("{} steals a gem from {}", c(*by), c(*from))
            }
            FallEvent::OgresStolen { by, from, count } => {
                format!("{} takes {count} ogre cards from {}", c(*by), c(*from))
            }
            FallEvent::GoalRevealed { goal, .. } => {
                format!("Trading goal {} is turned face up", goal + 1)
            }
            FallEvent::TaskDone { colour, at, kind } => {
                format!("{colour} completes the task of the {} at {at}", kind.name())
            }
            FallEvent::TaskBlocked { at, reason } => {
                format!("The task at {at} has no effect ({reason:?})")
            }
            FallEvent::MonsterDefeated { seat, card, .. } => {
                format!("{} defeats the {card}", c(*seat))
            }
            FallEvent::Dug { at, top } => format!("The stack at {at} is dug; {top} is on top"),
            FallEvent::OgresReshuffled => "The ogre discard pile is shuffled back".into(),
            FallEvent::EndTriggered(s) => {
                format!("{} has met enough goals: this is the final round", c(*s))
            }
            FallEvent::GameOver => "The game is over".into(),
            FallEvent::DecreesInPlay(d) if !d.is_empty() => format!(
                "Royal Decrees in play: {}",
                d.iter().map(|d| d.name()).collect::<Vec<_>>().join(", ")
            ),
            FallEvent::MemorialPlaced { at } => {
                format!("A memorial card takes the fallen monster's place at {at}")
            }
            FallEvent::NightFalls => "Night falls: tasks resolve in turn order".into(),
            FallEvent::AxePassed(s) => format!("The axe passes to {}", c(*s)),
            FallEvent::GoalReturned { seat, goal } => {
                format!("{} returns trading goal {} to the deck", c(*seat), goal + 1)
            }
            _ => return None,
        })
    }

    fn seat_colour_name(seat: Seat) -> &'static str {
        Colour::ALL[seat.index() & 3].name()
    }
}
