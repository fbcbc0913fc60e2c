//! The status line's words: what the acting seat must do now, said to a viewer, and the running
//! scores and round the score chart follows. Every front end (the app's table, its replay
//! viewer, the terminal) shows them through [`Game::prompt`](dwarfs_engine::Game::prompt).

use crate::{Hold, Phase, Stage, TradeItem};
use dwarfs_engine::{Actor, Game, Seat, Viewer};

/// A seat's colour name ("Blue"), as the status line and the log say it.
pub(crate) fn colour(seat: Seat) -> &'static str {
    Hold::seat_colour(seat).unwrap_or("?")
}

/// The most items of an offer's side the status line names one by one.
const NAMED_IN_PROMPT: usize = 4;

/// An offer's side for the status line: [`items_text`] while it names at most
/// [`NAMED_IN_PROMPT`] things besides gold and VT, else the gold and VT and a count of each kind
/// ("13 gold, 40 tiles, 1 space"): a long offer would push the board off the screen, and the
/// trade panel lists it whole.
fn items_summary(items: &[TradeItem]) -> String {
    let named = items
        .iter()
        .filter(|i| !matches!(i, TradeItem::Gold(_) | TradeItem::Vt(_)))
        .count();
    if named <= NAMED_IN_PROMPT {
        return items_text(items);
    }
    let gold: Vec<TradeItem> = items
        .iter()
        .filter(|i| matches!(i, TradeItem::Gold(_) | TradeItem::Vt(_)))
        .copied()
        .collect();
    let mut parts = vec![items_text(&gold)];
    parts.retain(|p| p != "nothing");
    let count = |f: fn(&TradeItem) -> bool, one: &str, many: &str| {
        let n = items.iter().filter(|i| f(i)).count();
        (n > 0).then(|| format!("{n} {}", if n == 1 { one } else { many }))
    };
    parts.extend(count(|i| matches!(i, TradeItem::Tile(_)), "tile", "tiles"));
    parts.extend(count(
        |i| matches!(i, TradeItem::Space(_)),
        "space",
        "spaces",
    ));
    parts.extend(count(
        |i| matches!(i, TradeItem::Trophy(_)),
        "trophy",
        "trophies",
    ));
    parts.join(", ")
}

/// Sums the gold and VT of an offer's side and lists the rest: "7 gold, 1 VT, Pick, the space c2".
pub fn items_text(items: &[TradeItem]) -> String {
    let gold: u32 = items
        .iter()
        .map(|i| match i {
            TradeItem::Gold(n) => *n as u32,
            _ => 0,
        })
        .sum();
    let vt: u32 = items
        .iter()
        .map(|i| match i {
            TradeItem::Vt(n) => *n as u32,
            _ => 0,
        })
        .sum();
    let mut parts = Vec::new();
    if gold > 0 {
        parts.push(format!("{gold} gold"));
    }
    if vt > 0 {
        parts.push(format!("{vt} VT"));
    }
    parts.extend(
        items
            .iter()
            .filter(|i| !matches!(i, TradeItem::Gold(_) | TradeItem::Vt(_)))
            .map(TradeItem::to_string),
    );
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

pub(crate) fn prompt(game: &Hold, viewer: Viewer) -> String {
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
            items_summary(&o.give),
            items_summary(&o.ask)
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
            "play events, buy VT, use the Judge or the Secret Passage, or end your events.".into()
        }
        (_, Phase::Dig) => "click an earth or vein tile to dig, or end your digs.".into(),
        (_, Phase::Fight) => "click a lair or guarded tile to fight, or end your fights.".into(),
        (_, Phase::Build) => {
            "pick a room from your hand, then a space to build on, or end building.".into()
        }
        (_, Phase::End) => "discard down to your hand limit.".into(),
        _ => "wait.".into(),
    };
    format!("{head} · {you}: {what}")
}

pub(crate) fn running_scores(game: &Hold) -> Vec<i32> {
    game.final_scores().iter().map(|s| s.total).collect()
}

pub(crate) fn current_round(game: &Hold) -> u32 {
    u32::from(game.turn())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WorkTile;

    #[test]
    fn a_short_offer_is_named_and_a_long_one_counted() {
        let short = [
            TradeItem::Gold(3),
            TradeItem::Tile(WorkTile::TurfDispute),
            TradeItem::Gold(2),
        ];
        assert_eq!(items_summary(&short), items_text(&short));
        assert_eq!(items_summary(&short), "5 gold, a Turf Dispute tile");
        let mut long = vec![TradeItem::Gold(13)];
        long.extend([TradeItem::Tile(WorkTile::TunnelsAndShafts); 5]);
        assert_eq!(items_summary(&long), "13 gold, 5 tiles");
        long.remove(0);
        assert_eq!(items_summary(&long), "5 tiles");
        assert_eq!(items_summary(&[]), "nothing");
    }
}
