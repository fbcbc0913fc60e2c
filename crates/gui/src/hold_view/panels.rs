//! The panels around the board: the viewer's hand of work tiles, the buttons for what may be done
//! now, every clan's public information, and the leader cards.

use super::HoldView;
use super::words::{self, button_label, colour, hand_label, leader_text, trophy_label, work_text};
use crate::theme::{self, GOLD, PARCHMENT, STONE_DARK};
use crate::tips::Tip;
use crate::widgets::chip;
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_hold::view::HoldView as Obs;
use dwarfs_hold::{
    BoardKind, Hold, HoldAction, Leader, MarkerRef, Space, TradeItem, WorkKind, WorkTile,
};
use egui::{Color32, RichText, Stroke, Ui, vec2};

/// A work tile's colour by kind.
fn work_fill(t: WorkTile) -> Color32 {
    match t.kind() {
        WorkKind::Room => theme::WORK_ROOM,
        WorkKind::Event => theme::WORK_EVENT,
        WorkKind::Action => theme::WORK_ACTION,
    }
}

/// The viewer's hand (or what the viewer may know of hands).
/// The size of a tile in the hand.
const HAND_TILE: egui::Vec2 = vec2(112.0, 46.0);

/// The hand's tiles as (tile, how many), one entry per run of equal tiles (the hand is sorted).
fn runs(hand: &[WorkTile]) -> Vec<(WorkTile, usize)> {
    let mut distinct: Vec<(WorkTile, usize)> = Vec::new();
    for t in hand {
        match distinct.last_mut() {
            Some((x, n)) if x == t => *n += 1,
            _ => distinct.push((*t, 1)),
        }
    }
    distinct
}

/// The height the hand needs at `width`: its header (room for it to wrap once), a row of tiles
/// per `width`'s worth, and the Secret Passage's line when there is one. An estimate: the hand
/// scrolls if it is short.
pub(super) fn hand_height(ui: &Ui, obs: &Obs, width: f32) -> f32 {
    let kinds = obs.own_hand.as_deref().map_or(0, |h| runs(h).len()).max(1);
    let gap = ui.spacing().item_spacing;
    let per_row = ((width + gap.x) / (HAND_TILE.x + gap.x)).floor().max(1.0);
    let rows = (kinds as f32 / per_row).ceil();
    let look = if obs.look.is_some() { 40.0 } else { 0.0 };
    48.0 + rows * (HAND_TILE.y + gap.y) + look
}

pub(super) fn hand(
    view: &mut HoldView,
    ui: &mut Ui,
    game: &Hold,
    obs: &Obs,
    legal: &[HoldAction],
    picked: &mut Vec<HoldAction>,
) {
    let Some(hand) = &obs.own_hand else {
        ui.label(theme::caption("Spectating: hands are hidden."));
        return;
    };
    let me = match obs.viewer {
        Viewer::Seat(s) => s,
        Viewer::Spectator => return,
    };
    // Wrapped: on a phone the line would widen the column and push the tiles off the screen.
    ui.horizontal_wrapped(|ui| {
        ui.label(theme::heading("Your hand"));
        ui.label(theme::caption(format!(
            "{} tiles, {} of them action tiles (hand limit {} action tiles) · draw pile {} · click a lit tile to use it",
            hand.len(),
            game.action_tiles_in_hand(me),
            game.hand_limit(me),
            obs.draw_pile
        )));
    });
    let distinct = runs(hand);
    let (staged, note) = match &obs.stage {
        dwarfs_hold::Stage::Claim { tiles, .. } if obs.to_act == Actor::Seat(me) => {
            (tiles.clone(), "played")
        }
        dwarfs_hold::Stage::Offer(o) if o.from == me => (
            o.give
                .iter()
                .filter_map(|i| match i {
                    TradeItem::Tile(t) => Some(*t),
                    _ => None,
                })
                .collect(),
            "in the offer",
        ),
        _ => (Vec::new(), ""),
    };
    ui.horizontal_wrapped(|ui| {
        if distinct.is_empty() {
            ui.label(theme::caption("No work tiles."));
        }
        for (t, n) in distinct {
            let clickable = HoldView::tile_clickable(legal, t);
            let used = staged.iter().filter(|x| **x == t).count();
            let mut text = t.name().to_string();
            if n > 1 {
                text.push_str(&format!(" ×{n}"));
            }
            if used > 0 {
                text.push_str(&format!(" ({used} {note})"));
            }
            let resp = chip(
                ui,
                &text,
                work_fill(t),
                HAND_TILE,
                clickable,
                view.tile == Some(t),
                hand_label(t),
            )
            .tip_ui(|ui| {
                ui.set_max_width(300.0);
                ui.label(RichText::new(t.name()).strong().color(GOLD));
                ui.label(work_text(t));
                if t.action().is_some() {
                    let bonus = game.fight_bonus(me);
                    ui.label(theme::caption(format!(
                        "With your bonuses: Dig {} · Fight +{bonus}",
                        game.dig_points(me, t)
                    )));
                }
            });
            if resp.clicked()
                && let Some(a) = view.click_tile(legal, t)
            {
                picked.push(a);
            }
        }
    });
    if let Some(look) = &obs.look {
        let names: Vec<&str> = look.hand.iter().map(|t| t.name()).collect();
        ui.label(theme::caption(format!(
            "Through the Secret Passage you saw {}'s hand: {}",
            colour(look.target),
            if names.is_empty() {
                "empty".to_string()
            } else {
                names.join(", ")
            }
        )));
    }
}

/// Buttons for what the viewer may do now (other than board squares, hand tiles, leader cards
/// and the trade form, which have their own places).
pub(super) fn actions(
    view: &mut HoldView,
    ui: &mut Ui,
    game: &Hold,
    obs: &Obs,
    legal: &[HoldAction],
    picked: &mut Vec<HoldAction>,
) {
    use HoldAction as A;
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(theme::heading(format!(
            "Turn {} · {}",
            obs.turn,
            obs.phase.name()
        )));
        ui.label(RichText::new(HoldView::prompt_for(game, obs.viewer)).color(PARCHMENT));
        if let Some(t) = view.tile {
            ui.label(
                RichText::new(format!("Picked: {} — now choose its target.", t.name())).color(GOLD),
            );
        }
        if let dwarfs_hold::Stage::RunePick(drawn) = &obs.stage
            && !drawn.is_empty()
        {
            ui.label(theme::caption("The Rune Stones drew:"));
        }
        ui.horizontal_wrapped(|ui| {
            for a in legal {
                let show = match a {
                    A::PickLeader(_)
                    | A::StartOffer(_)
                    | A::Propose
                    | A::Withdraw
                    | A::Accept
                    | A::Decline => false,
                    A::PlayEventOn(t, _) => view.tile == Some(*t),
                    A::TurfDispute(MarkerRef::Hold(_)) => view.tile.is_some(),
                    A::Pass if obs.phase == dwarfs_hold::Phase::Trade => false,
                    _ => true,
                };
                if !show {
                    continue;
                }
                let Some(text) = button_label(a, &obs.stage, obs.phase) else {
                    continue;
                };
                let mut b = ui.button(text);
                b = match a {
                    A::BuyDraw | A::BuyVt | A::Commit => b.tip(game.describe(a)),
                    A::Keep(t) => b.tip(work_text(*t)),
                    _ => b,
                };
                if b.clicked() {
                    picked.push(a.clone());
                }
            }
        });
        if let Actor::Seat(s) = obs.to_act
            && legal.is_empty()
            && obs.phase != dwarfs_hold::Phase::Over
        {
            ui.label(theme::caption(format!("Waiting for {}.", colour(s))));
        }
    });
}

impl HoldView {
    /// The prompt without the turn and phase (the action card's heading says them).
    pub(super) fn prompt_for(game: &Hold, viewer: Viewer) -> String {
        let p = game.prompt(viewer);
        match p.rsplit_once(" · ") {
            Some((_, what)) => what.to_string(),
            None => p,
        }
    }
}

/// Every clan's public information, the viewer's first, with trophies clickable for offers.
pub(super) fn clans(ui: &mut Ui, obs: &Obs, legal: &[HoldAction], picked: &mut Vec<HoldAction>) {
    ui.add_space(6.0);
    ui.label(theme::heading("Clans"));
    let mut order: Vec<usize> = (0..obs.gold.len()).collect();
    order.sort_by_key(|&i| obs.viewer != Viewer::Seat(Seat(i as u8)));
    for i in order {
        let seat = Seat(i as u8);
        let acting = obs.to_act == Actor::Seat(seat);
        let frame = theme::card_frame().stroke(Stroke::new(
            if acting { 2.5 } else { 1.0 },
            if acting { GOLD } else { theme::STONE_HOVER },
        ));
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                theme::dot(ui, theme::seat_colour(i), 8.0);
                let me = obs.viewer == Viewer::Seat(seat);
                ui.label(
                    RichText::new(format!(
                        "{}{}",
                        colour(seat),
                        if me { " (you)" } else { "" }
                    ))
                    .strong()
                    .color(theme::seat_colour(i).gamma_multiply(1.2)),
                );
                if let Some(l) = obs.leaders.get(i).copied().flatten() {
                    ui.label(RichText::new(l.name()).color(GOLD))
                        .tip(leader_text(l));
                }
            });
            ui.label(format!(
                "{} gold · {} VT · {} tiles in hand · {} on the hold",
                obs.gold[i], obs.vt[i], obs.hand_sizes[i], obs.hold_markers[i]
            ));
            let mines: Vec<&str> = obs
                .spaces
                .iter()
                .filter_map(|s| match s {
                    Space::Claimed { as_tile, owner, .. }
                        if *owner == seat && as_tile.kind() == BoardKind::Vein =>
                    {
                        Some(as_tile.name())
                    }
                    _ => None,
                })
                .collect();
            let rooms: Vec<&str> = obs
                .spaces
                .iter()
                .filter_map(|s| match s {
                    Space::Room { room, owner, .. } if *owner == seat => Some(room.name()),
                    _ => None,
                })
                .collect();
            let list = |v: &[&str]| {
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(", ")
                }
            };
            ui.label(theme::caption(format!("Mines: {}", list(&mines))));
            ui.label(theme::caption(format!("Rooms: {}", list(&rooms))));
            let trophies = obs.trophies.get(i).cloned().unwrap_or_default();
            if trophies.is_empty() {
                ui.label(theme::caption("Trophies: none"));
            } else {
                ui.horizontal_wrapped(|ui| {
                    ui.label(theme::caption("Trophies:"));
                    let mut seen = Vec::new();
                    for t in trophies {
                        if seen.contains(&t) {
                            continue;
                        }
                        seen.push(t);
                        let act = legal.iter().find(|a| match a {
                            HoldAction::OfferGive(TradeItem::Trophy(x)) => {
                                *x == t && offer_side(obs, true) == Some(seat)
                            }
                            HoldAction::OfferAsk(TradeItem::Trophy(x)) => {
                                *x == t && offer_side(obs, false) == Some(seat)
                            }
                            _ => false,
                        });
                        let resp = chip(
                            ui,
                            t.name(),
                            theme::HOLD_LAIR,
                            vec2(96.0, 26.0),
                            act.is_some(),
                            false,
                            trophy_label(t, seat),
                        )
                        .tip(words::board_text(t));
                        if resp.clicked()
                            && let Some(a) = act
                        {
                            picked.push(a.clone());
                        }
                    }
                });
            }
        });
    }
}

/// The giver (`give`) or the target of the offer being composed.
fn offer_side(obs: &Obs, give: bool) -> Option<Seat> {
    match &obs.stage {
        dwarfs_hold::Stage::Offer(o) => Some(if give { o.from } else { o.to }),
        _ => None,
    }
}

/// The leader cards, who holds each, and the leader order.
pub(super) fn leaders(ui: &mut Ui, obs: &Obs, legal: &[HoldAction], picked: &mut Vec<HoldAction>) {
    ui.add_space(6.0);
    ui.label(theme::heading("Leaders"));
    let order: Vec<&str> = obs.leader_order.iter().map(|s| colour(*s)).collect();
    ui.label(theme::caption(format!(
        "Leader order: {}",
        order.join(", ")
    )));
    egui::Grid::new("hold_leaders")
        .num_columns(2)
        .spacing(vec2(8.0, 4.0))
        .show(ui, |ui| {
            for l in Leader::ALL {
                let holder = obs
                    .leaders
                    .iter()
                    .position(|x| *x == Some(l))
                    .map(|i| Seat(i as u8));
                let pick = HoldAction::PickLeader(l);
                if legal.contains(&pick) {
                    let text = button_label(&pick, &obs.stage, obs.phase).unwrap_or_default();
                    if ui
                        .add(egui::Button::new(RichText::new(text).color(STONE_DARK)).fill(GOLD))
                        .tip(leader_text(l))
                        .clicked()
                    {
                        picked.push(pick);
                    }
                } else {
                    ui.label(RichText::new(l.name()).color(PARCHMENT))
                        .tip(leader_text(l));
                }
                match holder {
                    Some(s) => {
                        ui.horizontal(|ui| {
                            theme::dot(ui, theme::seat_colour(s.index()), 6.0);
                            ui.label(colour(s));
                        });
                    }
                    None => {
                        ui.label(theme::caption("free"));
                    }
                }
                ui.end_row();
            }
        });
}
