//! The move log's line for each event: what a chance draw or the consequences of an action did,
//! in the rulebook's words (an action's own line is `describe`). The app's table, its text view,
//! the terminal and `dwarfs replay show` use it through
//! [`Game::describe_event`](dwarfs_engine::Game::describe_event).

use crate::HoldEvent;
use crate::prompt::colour;
use dwarfs_engine::Seat;

/// The log line of `event`, or `None` for one the action's own line says.
pub(crate) fn event_line(event: &HoldEvent) -> Option<String> {
    use HoldEvent as E;
    let c = |s: &Seat| colour(*s);
    Some(match event {
        E::BoardLaid => "The board is laid out and the starting hands are dealt".into(),
        E::LeaderDealt(s, l) => format!("{} is dealt the {}", c(s), l.name()),
        E::MarkersToHold(s, n) => format!("{} puts {n} marker(s) on the hold", c(s)),
        E::LeadersSwapped(a, b) => format!("{} and {} swap leader cards", c(a), c(b)),
        E::Income { seat, gold, vt } => {
            format!("{} collects {gold} gold and {vt} VT", c(seat))
        }
        E::Drew(s, n) => format!("{} draws {n} work tile(s)", c(s)),
        E::Discarded(s, t) => format!("{}'s {} goes to the discard pile", c(s), t.name()),
        E::OfferAccepted(a, b) => format!("Trade made between {} and {}", c(a), c(b)),
        E::GainedVt(s, v) => format!("{} gains {v} VT", c(s)),
        E::GainedGold(s, g) => format!("{} gains {g} gold", c(s)),
        E::GoldStolen { by, from, gold } => {
            format!("{} takes {gold} gold from {}", c(by), c(from))
        }
        E::TileStolen { by, from } => format!("{} steals a work tile from {}", c(by), c(from)),
        E::MarkerReplaced { marker, to } => format!(
            "{} now belongs to {}",
            match marker {
                crate::MarkerRef::Hold(s) => format!("a hold marker of {}", c(s)),
                crate::MarkerRef::Space(p) => format!("the marker on {p}"),
            },
            c(to)
        ),
        E::MarkersSwitched(..) => "Two markers are switched".into(),
        E::MarkersScrambled(n) => format!("{n} markers are scrambled"),
        E::Claimed {
            seat,
            at,
            tile,
            vt,
            gold,
        } => format!(
            "{} claims the {} at {at} for {gold} gold (+{vt} VT)",
            c(seat),
            tile.name()
        ),
        E::LairCleared {
            seat,
            at,
            lair,
            vt,
            gold,
        } => format!(
            "{} clears the {} at {at} for {gold} gold (+{vt} VT) and keeps it as a trophy",
            c(seat),
            lair.name()
        ),
        E::Built {
            seat,
            at,
            room,
            gold,
            took_over_from,
        } => {
            let from = took_over_from
                .map(|s| format!(", taking the space from {}", c(&s)))
                .unwrap_or_default();
            format!(
                "{} builds the {} at {at} for {gold} gold{from}",
                c(seat),
                room.name()
            )
        }
        E::TurnEnded(t) => format!("Turn {t} ends"),
        E::GameEnded(why) => format!(
            "The game ends: {}",
            why.iter()
                .map(|e| e.describe())
                .collect::<Vec<_>>()
                .join("; ")
        ),
        _ => return None,
    })
}
