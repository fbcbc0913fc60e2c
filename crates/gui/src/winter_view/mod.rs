//! The Dwar7s Winter board view: the zones of the board and their graph with monsters, disaster
//! tokens and everyone's dwarfs; how close the castle is to falling; the Hero Pool with its
//! costs; the Music Hall; every player board (tracks, resources, deck and hand sizes, dwarfs at
//! home); the viewer's hand, or their action deck while they choose a hand in secret.
//!
//! Interaction: what a legal action uses lights up; click it. A dwarf is placed by picking the
//! dwarfs on your board (picked by default) and then a zone; moved by clicking its token and then
//! an adjacent zone. A monster is defeated (or, in the invasion, sent to attack) by clicking it, a
//! disaster overcome by clicking its token; a pool card is acquired and an instrument played by
//! clicking it. In music, a card of the hand is played by clicking it, and a card with a choice
//! shows its choices as buttons. A hand is chosen by clicking cards of the deck, then
//! "Choose this hand". Everything offered comes from the engine's legal actions; only
//! `observe(viewer)` is drawn.

mod board;
#[cfg_attr(not(test), allow(dead_code))] // the click plans drive the UI tests
pub mod clicks;
mod hand;
mod panels;
pub mod words;
mod zone_layout;
mod zoom;

use super::view::GameView;
use crate::widgets::label;
use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_winter::{
    Card, DisasterId, DwarfKind, Instrument, MonsterId, Winter, WinterAction, Zone,
};
use egui::{Rect, Ui, UiBuilder, pos2, vec2};

/// What the player has picked and not played yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Sel {
    /// Nothing (a click on a zone then places a dwarf, if one may be placed).
    #[default]
    None,
    /// A dwarf of this kind on the player board, to place.
    Home(DwarfKind),
    /// A dwarf on the board, to move: its owner, kind and zone.
    Dwarf(Seat, DwarfKind, Zone),
    /// A hand card whose ability needs a choice.
    Card(Card),
    /// A monster or disaster to take on, waiting for who goes home (and what the Earth
    /// Guardian saves).
    Foe(Foe),
}

/// A monster or a disaster on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Foe {
    Monster(MonsterId),
    Disaster(DisasterId),
}

/// The Winter board view's own state: what is picked, and the hand being chosen.
#[derive(Default)]
pub struct WinterView {
    sel: Sel,
    /// The cards of the action deck picked for the hand (Preparation), as a card mask.
    hand: u64,
    /// How a small board is zoomed and panned.
    zoom: zoom::Zoom,
}

impl WinterView {
    /// Drops picks that no legal action uses any more.
    fn validate(&mut self, legal: &[WinterAction]) {
        use WinterAction as A;
        let keep = match self.sel {
            Sel::None => true,
            Sel::Home(k) => legal
                .iter()
                .any(|a| matches!(a, A::Place { kind, .. } if *kind == k)),
            Sel::Dwarf(o, k, z) => legal.iter().any(
                |a| matches!(a, A::Move { owner, kind, from, .. } if (*owner, *kind, *from) == (o, k, z)),
            ),
            Sel::Card(c) => legal
                .iter()
                .any(|a| matches!(a, A::PlayCard { card, .. } if *card == c)),
            Sel::Foe(f) => fight_choices(legal, f).next().is_some(),
        };
        if !keep {
            self.sel = Sel::None;
        }
        if !preparing(legal) {
            self.hand = 0;
        }
    }

    /// The pick in effect: what was picked, or else the dwarfs at home when a dwarf may be
    /// placed.
    fn effective(&self, legal: &[WinterAction]) -> Sel {
        if self.sel == Sel::None
            && legal.iter().any(|a| {
                matches!(
                    a,
                    WinterAction::Place {
                        kind: DwarfKind::Worker,
                        ..
                    }
                )
            })
        {
            Sel::Home(DwarfKind::Worker)
        } else {
            self.sel
        }
    }

    /// The action a click on zone `z` plays now, with what is picked.
    fn zone_action(&self, legal: &[WinterAction], z: Zone) -> Option<WinterAction> {
        use WinterAction as A;
        let sel = self.effective(legal);
        legal
            .iter()
            .find(|a| match (sel, a) {
                (Sel::Home(k), A::Place { kind, zone }) => *kind == k && *zone == z,
                (
                    Sel::Dwarf(o, k, f),
                    A::Move {
                        owner,
                        kind,
                        from,
                        to,
                    },
                ) => (*owner, *kind, *from, *to) == (o, k, f, z),
                _ => false,
            })
            .copied()
    }

    /// A click on a hand (or deck) card: plays it, picks it for its choice, or (Preparation)
    /// adds it to or takes it out of the hand being chosen.
    fn click_card(&mut self, legal: &[WinterAction], c: Card) -> Option<WinterAction> {
        if preparing(legal) {
            self.hand ^= c.bit();
            return None;
        }
        if picking(legal) {
            let a = WinterAction::PickCard(c);
            return legal.contains(&a).then_some(a);
        }
        let plain = WinterAction::PlayCard {
            card: c,
            pick: dwarfs_winter::Pick::Nothing,
        };
        if legal.contains(&plain) {
            return Some(plain);
        }
        if card_playable(legal, c) {
            self.sel = if self.sel == Sel::Card(c) {
                Sel::None
            } else {
                Sel::Card(c)
            };
        }
        None
    }

    /// A click on a lit monster or disaster: plays its action, or, with a choice of who goes
    /// home, picks it (or drops the pick) for the choice's buttons.
    fn click_foe(&mut self, legal: &[WinterAction], f: Foe) -> Option<WinterAction> {
        if several_choices(legal, f) {
            self.sel = if self.sel == Sel::Foe(f) {
                Sel::None
            } else {
                Sel::Foe(f)
            };
            return None;
        }
        match f {
            Foe::Monster(m) => monster_action(legal, m),
            Foe::Disaster(d) => disaster_action(legal, d),
        }
    }

    /// A click on a dwarf token: picks it to move (or drops the pick).
    fn click_dwarf(&mut self, o: Seat, k: DwarfKind, z: Zone) {
        self.sel = if self.sel == Sel::Dwarf(o, k, z) {
            Sel::None
        } else {
            Sel::Dwarf(o, k, z)
        };
    }
}

/// True while the viewer chooses a hand.
fn preparing(legal: &[WinterAction]) -> bool {
    legal
        .iter()
        .any(|a| matches!(a, WinterAction::ChooseHand(_)))
}

/// True while a solitaire player picks a hand card by card (nobody to hide it from).
fn picking(legal: &[WinterAction]) -> bool {
    legal.iter().any(|a| matches!(a, WinterAction::PickCard(_)))
}

/// True if some legal action plays card `c`.
fn card_playable(legal: &[WinterAction], c: Card) -> bool {
    legal
        .iter()
        .any(|a| matches!(a, WinterAction::PlayCard { card, .. } if *card == c))
}

/// True if a click on the dwarfs of (`o`, `k`) in `z` picks them to move.
fn dwarf_movable(legal: &[WinterAction], o: Seat, k: DwarfKind, z: Zone) -> bool {
    legal.iter().any(|a| {
        matches!(a, WinterAction::Move { owner, kind, from, .. } if (*owner, *kind, *from) == (o, k, z))
    })
}

/// The action a click on monster `m` plays (defeat it, or send it to attack, or push it); a
/// defeat with a choice of who goes home is its first choice.
fn monster_action(legal: &[WinterAction], m: MonsterId) -> Option<WinterAction> {
    use WinterAction as A;
    legal
        .iter()
        .find(|a| matches!(a, A::Defeat { monster: x, .. } | A::Attack(x) | A::Push(x) if *x == m))
        .copied()
}

/// The action a click on disaster `d` plays (its first choice of who goes home).
fn disaster_action(legal: &[WinterAction], d: DisasterId) -> Option<WinterAction> {
    fight_choices(legal, Foe::Disaster(d)).next()
}

/// True if taking on `f` asks who goes home (more than one legal way): a click on it then shows
/// the choices' buttons.
fn several_choices(legal: &[WinterAction], f: Foe) -> bool {
    fight_choices(legal, f).nth(1).is_some()
}

/// The legal defeats of a monster, or overcomes of a disaster: one per choice of who goes home
/// (and of what the Earth Guardian saves).
fn fight_choices(legal: &[WinterAction], f: Foe) -> impl Iterator<Item = WinterAction> + '_ {
    legal.iter().copied().filter(move |a| match (a, f) {
        (WinterAction::Defeat { monster, .. }, Foe::Monster(m)) => *monster == m,
        (WinterAction::Overcome { disaster, .. }, Foe::Disaster(d)) => *disaster == d,
        _ => false,
    })
}

/// The action a click on instrument `i` plays.
fn instrument_action(legal: &[WinterAction], i: Instrument) -> Option<WinterAction> {
    let a = WinterAction::PlayMusic(i);
    legal.contains(&a).then_some(a)
}

/// The action a click on pool slot `slot` plays.
fn pool_action(legal: &[WinterAction], slot: u8) -> Option<WinterAction> {
    let a = WinterAction::Acquire { slot };
    legal.contains(&a).then_some(a)
}

impl crate::view::BoardView for dwarfs_games::entries::WinterEntry {
    type View = WinterView;
}

impl WinterView {
    /// The wide layout: the banner and the board on the left, the panels in a column beside.
    fn beside(
        &mut self,
        ui: &mut Ui,
        full: Rect,
        game: &Winter,
        obs: &dwarfs_winter::view::WinterView,
        legal: &[WinterAction],
        picked: &mut Vec<WinterAction>,
    ) {
        let side_w = (full.width() * 0.36).clamp(300.0, 480.0);
        let left_w = full.width() - side_w - 16.0;
        let banner = Rect::from_min_size(full.min + vec2(6.0, 2.0), vec2(left_w, 120.0));
        let banner_bottom = ui
            .scope_builder(UiBuilder::new().max_rect(banner), |ui| {
                panels::banner(ui, obs);
            })
            .response
            .rect
            .max
            .y;
        let side = left_w.min(full.max.y - banner_bottom - 10.0).max(200.0);
        let board_rect = Rect::from_min_size(
            pos2(
                full.min.x + 8.0 + (left_w - side) / 2.0,
                banner_bottom + 6.0,
            ),
            vec2(side, side),
        );
        let side_rect = Rect::from_min_max(pos2(full.max.x - side_w - 4.0, full.min.y), full.max);
        zoom::board(self, ui, board_rect, obs, legal, picked);
        ui.scope_builder(UiBuilder::new().max_rect(side_rect), |ui| {
            egui::ScrollArea::vertical()
                .id_salt("winter_side")
                .show(ui, |ui| self.side(ui, game, obs, legal, picked));
        });
        ui.allocate_rect(full, egui::Sense::hover());
    }

    /// The panels beside (or, on a phone, under) the board.
    fn side(
        &mut self,
        ui: &mut Ui,
        game: &Winter,
        obs: &dwarfs_winter::view::WinterView,
        legal: &[WinterAction],
        picked: &mut Vec<WinterAction>,
    ) {
        panels::actions(self, ui, obs, legal, picked);
        hand::hand(self, ui, obs, legal, picked);
        panels::music_hall(ui, obs, legal, picked);
        panels::pool(ui, obs, legal, picked);
        panels::players(self, ui, game, obs, legal);
    }
}

impl GameView for WinterView {
    type G = Winter;

    fn show(
        &mut self,
        ui: &mut Ui,
        game: &Winter,
        viewer: Viewer,
        legal: &[WinterAction],
    ) -> Vec<WinterAction> {
        let obs = game.observe(viewer);
        self.validate(legal);
        let mut picked = Vec::new();
        let full = ui.available_rect_before_wrap();
        if full.width() < crate::view::NARROW {
            egui::ScrollArea::vertical()
                .id_salt("winter_column")
                .show(ui, |ui| {
                    panels::banner(ui, &obs);
                    let w = ui.available_width() - 8.0;
                    let (rect, _) = ui.allocate_exact_size(vec2(w, w), egui::Sense::hover());
                    zoom::board(self, ui, rect.shrink(4.0), &obs, legal, &mut picked);
                    self.side(ui, game, &obs, legal, &mut picked);
                });
        } else {
            self.beside(ui, full, game, &obs, legal, &mut picked);
        }
        if !picked.is_empty() {
            self.sel = Sel::None;
            self.hand = 0;
        }
        picked
    }
    fn reset(&mut self) {
        self.sel = Sel::None;
        self.hand = 0;
    }

    fn clicks(
        game: &Winter,
        seat: dwarfs_engine::Seat,
        legal: &[WinterAction],
        action: &WinterAction,
    ) -> Option<Vec<crate::view::Click>> {
        let labels = clicks::clicks(action, &game.stage(), seat, &game.pool(), legal);
        Some(labels.into_iter().map(crate::view::Click::Label).collect())
    }
}
