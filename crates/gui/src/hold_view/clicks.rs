//! How a person plays each legal action on the Hold board: the widgets to click (and the fields
//! to fill) in order. The board view labels its widgets with the same words, so this is both the
//! map of the interface and what the UI tests follow.

use super::words::{button_label, hand_label, square_label, trophy_label};
use dwarfs_hold::{HoldAction, MarkerRef, Phase, Stage, TradeItem};

pub use crate::view::Click;

/// The text field for gold given in an offer.
pub const GIVE_GOLD: &str = "Gold to give";
/// The text field for VT given in an offer.
pub const GIVE_VT: &str = "VT to give";
/// The text field for gold asked for in an offer.
pub const ASK_GOLD: &str = "Gold to ask for";
/// The text field for VT asked for in an offer.
pub const ASK_VT: &str = "VT to ask for";
/// The text field naming a tile to ask for.
pub const ASK_TILE: &str = "Tile to ask for";

/// The button that adds the amount typed in `field`.
pub fn amount_button(field: &str) -> &'static str {
    match field {
        GIVE_GOLD => "Give gold",
        GIVE_VT => "Give VT",
        ASK_GOLD => "Ask for gold",
        _ => "Ask for VT",
    }
}

/// The button asking for a tile by name.
pub fn ask_tile_button(name: &str) -> String {
    format!("Ask for {name}")
}

/// The clicks that play `action` in a position at `stage` and `phase`.
pub fn clicks(action: &HoldAction, stage: &Stage, phase: Phase) -> Vec<Click> {
    use HoldAction as A;
    let label = |s: String| Click::Label(s);
    let amount = |field: &'static str, n: u16| {
        vec![
            Click::Type {
                field,
                text: n.to_string(),
            },
            label(amount_button(field).to_string()),
        ]
    };
    let offer = match stage {
        Stage::Offer(o) => Some(o),
        _ => None,
    };
    match action {
        A::Discard(t) | A::AddTile(t) | A::PlayEvent(t) => vec![label(hand_label(*t))],
        A::OfferGive(TradeItem::Tile(t)) => vec![label(hand_label(*t))],
        A::OfferGive(TradeItem::Gold(n)) => amount(GIVE_GOLD, *n),
        A::OfferGive(TradeItem::Vt(n)) => amount(GIVE_VT, *n),
        A::OfferAsk(TradeItem::Gold(n)) => amount(ASK_GOLD, *n),
        A::OfferAsk(TradeItem::Vt(n)) => amount(ASK_VT, *n),
        A::OfferAsk(TradeItem::Tile(t)) => vec![
            Click::Type {
                field: ASK_TILE,
                text: t.name().to_string(),
            },
            label(ask_tile_button(t.name())),
        ],
        A::OfferGive(TradeItem::Space(p)) | A::OfferAsk(TradeItem::Space(p)) => {
            vec![label(square_label(*p))]
        }
        A::OfferGive(TradeItem::Trophy(t)) => {
            vec![label(trophy_label(
                *t,
                offer.map_or(dwarfs_engine::Seat(0), |o| o.from),
            ))]
        }
        A::OfferAsk(TradeItem::Trophy(t)) => {
            vec![label(trophy_label(
                *t,
                offer.map_or(dwarfs_engine::Seat(0), |o| o.to),
            ))]
        }
        A::PlayEventOn(t, _) => {
            vec![
                label(hand_label(*t)),
                label(button_label(action, stage, phase).unwrap_or_default()),
            ]
        }
        A::TurfDispute(m) => {
            let turf = dwarfs_hold::WorkTile::TurfDispute;
            let second = match m {
                MarkerRef::Space(p) => square_label(*p),
                MarkerRef::Hold(_) => button_label(action, stage, phase).unwrap_or_default(),
            };
            vec![label(hand_label(turf)), label(second)]
        }
        A::PickMarker(MarkerRef::Space(p)) | A::Target(p) => vec![label(square_label(*p))],
        A::Build(r, p) => vec![label(hand_label(*r)), label(square_label(*p))],
        other => vec![label(button_label(other, stage, phase).unwrap_or_default())],
    }
}
