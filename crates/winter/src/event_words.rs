//! The move log's line for each event: what a chance draw or the consequences of an action did,
//! in the rulebook's words (an action's own line is `describe`). The app's table, its text view,
//! the terminal and `dwarfs replay show` use it through
//! [`Game::describe_event`](dwarfs_engine::Game::describe_event).

use crate::{MonsterId, Winter, WinterEvent};
use dwarfs_engine::{Game, Seat};

/// A seat's colour name ("Blue"), as every line of the log and the status line says it.
pub(crate) fn colour(seat: Seat) -> &'static str {
    Winter::seat_colour(seat).unwrap_or("?")
}

/// A monster's name with its copy's numeral, as the board labels it ("Yeti II").
pub fn monster_name(m: MonsterId) -> String {
    let kind = m.card().kind;
    let copy = (0..m.0)
        .filter(|&i| MonsterId(i).card().kind == kind)
        .count();
    let numeral = ["I", "II", "III", "IV"].get(copy).copied().unwrap_or("+");
    format!("{} {numeral}", kind.name())
}

/// The log line of `event`, or `None` for one the action's own line says.
pub(crate) fn event_line(event: &WinterEvent) -> Option<String> {
    use WinterEvent as E;
    Some(match event {
        E::WeekBegan(w) => format!("Week {w} begins: tracks and music tokens are refreshed"),
        E::HeroDrawn { slot, card } => {
            format!("{} is dealt to pool slot {}", card.name(), slot + 1)
        }
        E::MonsterSpawned(m, z) => {
            format!("The {} spawns in {}", monster_name(*m), z.name())
        }
        E::MonsterMoved(m, a, b) => format!(
            "The {} moves from {} to {}",
            monster_name(*m),
            a.name(),
            b.name()
        ),
        E::MonsterHit {
            monster,
            seat,
            what,
        } => format!(
            "The {} hits {}: {what}",
            monster_name(*monster),
            colour(*seat)
        ),
        E::DisasterRevealed(d, z) => format!("Disaster: {} in {}", d.name(), z.name()),
        E::SentHome(s, k, z) => {
            format!("{}'s {} goes home from {}", colour(*s), k.name(), z.name())
        }
        E::Upgraded(s, k) => format!("{} makes the {}", colour(*s), k.name()),
        E::Resources(s, d) => {
            let parts: Vec<String> = crate::Resource::ALL
                .iter()
                .filter(|r| d[r.index()] != 0)
                .map(|r| format!("{:+} {}", d[r.index()], r.name()))
                .collect();
            format!("{}: {}", colour(*s), parts.join(", "))
        }
        E::CastleFell(why) => format!("The castle falls: {why}"),
        E::Survived => "The winter is survived".into(),
        _ => return None,
    })
}
