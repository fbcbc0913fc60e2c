//! The move log's line for each event: what a chance draw or the consequences of an action did,
//! in the rulebook's words (an action's own line is `describe`). The app's table, its text view,
//! the terminal and `dwarfs replay show` use it through
//! [`Game::describe_event`](dwarfs_engine::Game::describe_event).

use crate::state::{exp_name, hero_name};
use crate::{SpringEvent, colour, dragon, place};

/// A log line for an event that the action's description does not say (hidden faeries left
/// out).
pub(crate) fn event_line(event: &SpringEvent) -> Option<String> {
    use SpringEvent as E;
    let c = |s: &u8| colour(*s);
    Some(match event {
        E::MapLaidOut { .. } => "The world map is laid out and the monsters revealed".into(),
        E::CardRevealed { card } => {
            format!("{} is revealed in the expedition area", exp_name(*card))
        }
        E::MonsterSpawned { card, wild } => match wild {
            Some(w) => format!("{} appears on {}", exp_name(*card), place(*w)),
            None => format!("{} waits: every wildland is taken", exp_name(*card)),
        },
        E::DragonGained { seat, dragon: d } => {
            format!("{} gains the dragon {}", c(seat), dragon(*d))
        }
        E::FaeriesDrawn { seat, count, .. } => format!("{} draws {count} faerie(s)", c(seat)),
        E::Built {
            seat, at, gained, ..
        } if *gained > 0 => format!("{} gains {gained} from {}", c(seat), place(*at)),
        E::LineCompleted { seat, line } => {
            format!("{} completes the {} line", c(seat), line.name())
        }
        E::HeroesRevealed {
            seat,
            fight,
            cards,
            successes,
            total,
            ..
        } => format!(
            "{} reveals {} for a {}: {} (+{successes} successes) = {total} {}",
            c(seat),
            cards.len(),
            if *fight { "fight" } else { "gathering" },
            cards
                .iter()
                .map(|&h| hero_name(h))
                .collect::<Vec<_>>()
                .join(", "),
            if *fight { "axes" } else { "backpacks" }
        ),
        E::MonsterDefeated { seat, card } => {
            format!("{} defeats the {}", c(seat), exp_name(*card))
        }
        E::FightLost { seat, card } => format!(
            "{} loses the fight against the {}",
            c(seat),
            exp_name(*card)
        ),
        E::Gathered {
            seat,
            resource,
            amount,
        } => format!("{} gathers {amount} {}", c(seat), resource.name()),
        E::Commanded { seat, dragons } => format!(
            "{}'s {} fly",
            c(seat),
            dragons
                .iter()
                .map(|&d| dragon(d))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        E::FaerieApplied { seat, what } => format!("{}: {what}", c(seat)),
        E::QuestFulfilled { seat, card } => format!("{} fulfils {}", c(seat), exp_name(*card)),
        E::EraStarted { era, first } => format!("Era {era} begins; {} goes first", c(first)),
        E::Produced {
            seat,
            gained,
            discarded,
        } => {
            let mut s = format!(
                "{} produces {} food, {} wood, {} gold",
                c(seat),
                gained[0],
                gained[1],
                gained[2]
            );
            if discarded.iter().any(|&d| d > 0) {
                s.push_str(&format!(
                    " (discards {} food, {} wood, {} gold over the warehouse limit)",
                    discarded[0], discarded[1], discarded[2]
                ));
            }
            s
        }
        E::GameEnded { era } => format!("The game ends after era {era}"),
        E::Declined { seat, wild } => {
            format!("{} neither fights nor gathers on {}", c(seat), place(*wild))
        }
        _ => return None,
    })
}
