//! The move log's line for each event: what a chance draw or the consequences of an action did,
//! in the rulebook's words (an action's own line is `describe`). The app's table, its text view,
//! the terminal and `dwarfs replay show` use it through
//! [`Game::describe_event`](dwarfs_engine::Game::describe_event).

use crate::{Blocked, Colour, FallEvent};
use dwarfs_engine::Seat;

/// The log line of `event`, or `None` for one the action's own line says.
pub(crate) fn event_line(event: &FallEvent) -> Option<String> {
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
            format!(
                "The task at {at} has no effect: {}",
                blocked_reason(*reason)
            )
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

/// Why a task had no effect, as the log says it.
fn blocked_reason(reason: Blocked) -> &'static str {
    match reason {
        Blocked::Dragon => "a fire dragon is in the mine's kingdom",
        Blocked::Monster => "a monster is in the castle's kingdom",
        Blocked::NoGems => "the gem pile is empty",
        Blocked::NoOgres => "no ogre card is left to draw",
        Blocked::CannotAfford => "no face-up trading goal is affordable",
        Blocked::NothingToDig => "no stack can be dug",
    }
}
