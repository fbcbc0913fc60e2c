//! Sentences for the move log.

use crate::data::POOL_COST;
use crate::state::{Stage, Winter};
use crate::types::{Pick, WinterAction};
use dwarfs_engine::{Game, Seat};

/// A seat's colour name.
pub(crate) fn colour(seat: Seat) -> &'static str {
    dwarfs_engine::COLOUR_NAMES[..4]
        .get(seat.index())
        .copied()
        .unwrap_or("?")
}

impl Winter {
    /// The seat that takes `action` now (the first deciding seat at a simultaneous step).
    fn acting(&self) -> Seat {
        self.to_act().deciding().iter().next().unwrap_or(Seat(0))
    }

    /// A sentence for `action` in the current state.
    pub(crate) fn describe_action(&self, action: &WinterAction) -> String {
        let who = colour(self.acting());
        match *action {
            WinterAction::Place { kind, zone } => {
                format!("{who} places a {} in {}", kind.name(), zone.name())
            }
            WinterAction::Move {
                owner,
                kind,
                from,
                to,
            } => {
                let whose = if owner == self.acting() {
                    "their".to_string()
                } else {
                    format!("{}'s", colour(owner))
                };
                format!(
                    "{who} moves {whose} {} from {} to {}",
                    kind.name(),
                    from.name(),
                    to.name()
                )
            }
            WinterAction::Acquire { slot } => {
                let name = self
                    .decks
                    .pool
                    .get(slot as usize)
                    .copied()
                    .flatten()
                    .map_or("nothing", |c| c.name());
                let cost = POOL_COST.get(slot as usize).copied().unwrap_or(0);
                format!("{who} acquires {name} for {cost} gold")
            }
            WinterAction::PlayMusic(i) => format!("{who} plays the {}", i.name()),
            WinterAction::PlayCard { card, pick } => {
                let extra = match pick {
                    Pick::Nothing => String::new(),
                    Pick::Resource(r) => format!(" for 1 {}", r.name()),
                    Pick::Slot(s) => format!(" to take pool slot {s}"),
                    Pick::Legend(k) => format!(" to make the {}", k.name()),
                    Pick::Dwarf(k, z) => format!(" to remove a {} from {}", k.name(), z.name()),
                };
                format!("{who} plays {}{extra}", card.name())
            }
            WinterAction::Defeat { monster, home } => format!(
                "{who} defeats the {} ({} home)",
                monster.name(),
                squad_goes(home)
            ),
            WinterAction::Overcome {
                disaster,
                home,
                spare,
            } => {
                let saved = spare.map_or(String::new(), |r| {
                    format!("; the Earth Guardian saves 1 {}", r.name())
                });
                format!(
                    "{who} overcomes {} ({} home{saved})",
                    disaster.name(),
                    squad_goes(home)
                )
            }
            WinterAction::Attack(m) => format!("{who} sends the {} to attack", m.name()),
            WinterAction::Push(m) => format!("{who} has the Ice Wyrm move the {}", m.name()),
            // Any deciding seat may play it at a simultaneous step, and it is secret.
            WinterAction::ChooseHand(_) => "a hand is chosen, in secret".to_string(),
            // Solitaire: nobody to hide the hand from.
            WinterAction::PickCard(card) => format!("{who} takes {} into their hand", card.name()),
            WinterAction::Done => match self.week.stage {
                Stage::Turn => format!("{who} ends their turn"),
                Stage::Music(m) if m.effect.is_some() => format!("{who} stops moving"),
                _ => format!("{who} stops playing cards"),
            },
        }
    }
}

/// "the Thunder King goes", "2 dwarfs go": who goes home after a fight.
fn squad_goes(home: crate::types::Squad) -> String {
    let verb = if home.dwarfs() == 1 { "goes" } else { "go" };
    format!("{} {verb}", home.words())
}
