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
use dwarfs_engine::{Actor, Game, Viewer};
use dwarfs_hold::{Hold, HoldAction, Phase, Stage, WorkTile};
use egui::{Rect, Ui, UiBuilder, pos2, vec2};
use words::colour;

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
        let side_w = (full.width() * 0.38).clamp(300.0, 470.0);
        let hand_h = 132.0;
        let side = (full.width() - side_w - 24.0)
            .min(full.height() - hand_h - 16.0)
            .max(160.0);
        let board_rect = Rect::from_min_size(full.min + vec2(8.0, 6.0), vec2(side, side));
        let hand_rect = Rect::from_min_max(
            pos2(board_rect.min.x, board_rect.max.y + 8.0),
            pos2(full.max.x - side_w - 16.0, full.max.y),
        );
        let side_rect = Rect::from_min_max(pos2(full.max.x - side_w - 4.0, full.min.y), full.max);
        board::board(self, ui, board_rect, game, &obs, legal, &mut picked);
        ui.scope_builder(UiBuilder::new().max_rect(hand_rect), |ui| {
            panels::hand(self, ui, game, &obs, legal, &mut picked);
        });
        ui.scope_builder(UiBuilder::new().max_rect(side_rect), |ui| {
            egui::ScrollArea::vertical()
                .id_salt("hold_side")
                .show(ui, |ui| {
                    panels::actions(self, ui, game, &obs, legal, &mut picked);
                    trade::panel(self, ui, game, &obs, legal, &mut picked);
                    panels::clans(ui, &obs, legal, &mut picked);
                    panels::leaders(ui, &obs, legal, &mut picked);
                });
        });
        ui.allocate_rect(full, egui::Sense::hover());
        if !picked.is_empty() {
            self.tile = None;
        }
        picked
    }

    fn reset(&mut self) {
        self.tile = None;
        self.draft = trade::Draft::default();
    }

    fn prompt(game: &Hold, viewer: Viewer) -> String {
        let head = format!(
            "Turn {} of {} · {}",
            game.turn(),
            game.options().max_turns,
            game.phase().name()
        );
        let Some(seat) = game
            .current_seat()
            .filter(|_| game.to_act() != Actor::Chance)
        else {
            return match game.phase() {
                Phase::Over => "The game is over.".into(),
                _ => format!("{head} · …"),
            };
        };
        let you = if viewer == Viewer::Seat(seat) {
            "You".to_string()
        } else {
            colour(seat).to_string()
        };
        let what = match (game.stage(), game.phase()) {
            (Stage::WorkBuy, _) => "draw another work tile for gold, or stop drawing.".into(),
            (Stage::DiscardDown(n), _) => format!("Trading Post: discard {n} tile(s)."),
            (Stage::Offer(o), _) if o.proposed => format!(
                "accept or decline {}'s offer (they give {}; they ask {}).",
                colour(o.from),
                words::items_text(&o.give),
                words::items_text(&o.ask)
            ),
            (Stage::Offer(o), _) => format!(
                "compose the offer to {}: click what to give or ask for, add gold and VT, \
                 then propose it.",
                colour(o.to)
            ),
            (
                Stage::Claim {
                    fight,
                    target,
                    tiles,
                    ..
                },
                _,
            ) => {
                let need = game.tile_view(*target).map_or(0, |v| v.value);
                let face = game.tile_view(*target).map(|v| v.face);
                let have: u16 = tiles
                    .iter()
                    .map(|t| match (fight, face) {
                        (true, Some(f)) => game.fight_points(seat, *t, f),
                        _ => game.dig_points(seat, *t),
                    })
                    .sum();
                format!(
                    "play tiles from your hand for {} ({have} of {need} points), then pay and \
                     claim, or give up this target (you may then choose another).",
                    target
                )
            }
            (Stage::Judge(None), _) => "pick a marker to switch (Dwarf Judge).".into(),
            (Stage::Judge(Some(_)), _) => "pick the marker of another clan to switch with.".into(),
            (Stage::Arcane { placing: false, .. }, _) => {
                "Arcane Laws: pick up markers, then stop picking.".into()
            }
            (Stage::Arcane { .. }, _) => "Arcane Laws: put each marker back for a clan.".into(),
            (Stage::RunePick(_), _) => "keep one of the tiles the Rune Stones drew.".into(),
            (_, Phase::Leader) => "take a leader card.".into(),
            (_, Phase::Intrigue) => "play Intrigue to swap leaders, or keep them.".into(),
            (_, Phase::Trade) => "start an offer to another clan, or pass.".into(),
            (_, Phase::Event) => {
                "play events, buy VT, use the Judge or the Secret Passage, or end your events."
                    .into()
            }
            (_, Phase::Dig) => "click an earth or vein tile to dig, or end your digs.".into(),
            (_, Phase::Fight) => {
                "click a lair or guarded tile to fight, or end your fights.".into()
            }
            (_, Phase::Build) => {
                "pick a room from your hand, then a space to build on, or end building.".into()
            }
            (_, Phase::End) => "discard down to your hand limit.".into(),
            _ => "wait.".into(),
        };
        format!("{head} · {you}: {what}")
    }

    fn round(game: &Hold) -> u32 {
        u32::from(game.turn())
    }

    const ROUND_NAME: &'static str = "turn";
    const POINTS_NAME: &'static str = "VT";

    fn scores(game: &Hold) -> Vec<i32> {
        game.final_scores().iter().map(|s| s.total).collect()
    }
}
