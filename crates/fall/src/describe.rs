//! Plain-language descriptions of actions for the move log.

use crate::action::FallAction;
use crate::data;
use crate::state::{Fall, Pending};
use crate::types::{Colour, HandCard, Pos};

impl Fall {
    fn name_at(&self, pos: Pos) -> String {
        match pos.cell().and_then(|c| self.board.top(c)) {
            Some(card) => format!("the {} at {pos}", Fall::card(card)),
            None => format!("{pos}"),
        }
    }

    /// A sentence for the move log, e.g. "Red places a dwarf on the Blue ruby mine at (1, 0)".
    pub(crate) fn describe_action(&self, action: &FallAction) -> String {
        let who = Colour::ALL[self.current as usize & 3];
        match *action {
            FallAction::EndActions if self.phase == crate::state::Phase::Discard => {
                format!("{who} ends their turn")
            }
            FallAction::EndActions => format!("{who} ends their actions"),
            FallAction::ChooseCard(k) => format!("{who} plays their {}", k.name()),
            FallAction::PlaceCard(pos) => {
                let (what, orient) = match self.pending {
                    Pending::Card(k) => (k.name(), k.orientations() > 1),
                    _ => ("card", false),
                };
                match pos.cell().and_then(|c| self.board.top(c)) {
                    _ if orient => format!("{who} picks {pos} for their {what}"),
                    Some(_) => format!("{who} stacks their {what} on {}", self.name_at(pos)),
                    None => format!("{who} puts their {what} at {pos}"),
                }
            }
            FallAction::PlaceDwarf(pos) => {
                format!("{who} places a dwarf on {}", self.name_at(pos))
            }
            FallAction::MoveDwarf { from, dir } => format!(
                "{who} moves a dwarf {} from {} to {}",
                dir.name(),
                self.name_at(from),
                self.name_at(from.step(dir))
            ),
            FallAction::PlayOgre(o) => format!("{who} plays an ogre: {}", o.name()),
            FallAction::TargetDwarf { at, colour } => match self.pending {
                Pending::Brute => format!(
                    "{who}'s Brute grabs a {colour} dwarf on {}",
                    self.name_at(at)
                ),
                _ => format!(
                    "{who}'s Panic picks up a {colour} dwarf on {}",
                    self.name_at(at)
                ),
            },
            FallAction::TargetCard(pos) => match self.pending {
                Pending::BruteSwap { .. } => format!(
                    "{who}'s Brute swaps it with {who}'s dwarf on {}",
                    self.name_at(pos)
                ),
                Pending::Ambush => format!(
                    "{who}'s Ambush clears {}; its meeples go home",
                    self.name_at(pos)
                ),
                _ => format!("{who}'s Panic carries the dwarf to {}", self.name_at(pos)),
            },
            FallAction::TargetPlayer(s) => {
                let victim = Colour::ALL[s.index() & 3];
                match self.pending {
                    Pending::Crown => format!("{who}'s Crown steals all of {victim}'s ogres"),
                    _ => format!("{who}'s Thief steals a random gem from {victim}"),
                }
            }
            FallAction::RevealSecret => match self.secret_of(self.current as usize) {
                Some((g, _)) => format!("{who} reveals their secret goal: {}", g.name()),
                None => format!("{who} reveals their secret goal"),
            },
            FallAction::BuyGoal(slot) => {
                let g = self.goal_slots.get(slot as usize).copied().unwrap_or(0);
                match data::TRADING_GOALS.get(g as usize) {
                    Some(d) => format!(
                        "{who} buys trading goal {} ({} VP) at the general store",
                        g + 1,
                        d.vp
                    ),
                    None => format!("{who} buys the trading goal in slot {}", slot + 1),
                }
            }
            FallAction::Dig(pos) => format!("{who} digs {}", self.name_at(pos)),
            FallAction::Discard(HandCard::Gem(g)) => format!("{who} discards a {}", g.name()),
            FallAction::Discard(HandCard::Ogre(o)) => {
                format!("{who} discards an ogre ({})", o.name())
            }
            FallAction::Upgrade(class) => {
                let cost = crate::data::CLASSES[class as usize].cost;
                let gems: Vec<String> = crate::types::Gem::ALL
                    .iter()
                    .filter(|g| cost[**g as usize] > 0)
                    .map(|g| format!("{} {}", cost[*g as usize], g.name()))
                    .collect();
                format!(
                    "{who} upgrades a dwarf to a {} for {}",
                    class.name(),
                    gems.join(" and ")
                )
            }
            FallAction::PlaceClass { class, at } => {
                format!(
                    "{who} places their {} on {}",
                    class.name(),
                    self.name_at(at)
                )
            }
            FallAction::MoveClass { class, dir } => {
                let from = self
                    .class_card(self.current as usize, class)
                    .and_then(|c| self.board.cell_of(c))
                    .map(Pos::of_cell)
                    .unwrap_or(Pos::CENTRE);
                format!(
                    "{who} moves their {} {} to {}",
                    class.name(),
                    dir.name(),
                    self.name_at(from.step(dir))
                )
            }
            FallAction::HireHand(o) => {
                format!(
                    "{who} discards an ogre ({}) to hire one more action",
                    o.name()
                )
            }
            FallAction::Rotate { at, clockwise } => format!(
                "{who} rotates {} a quarter turn {}",
                self.name_at(at),
                if clockwise {
                    "clockwise"
                } else {
                    "anticlockwise"
                }
            ),
            FallAction::TradeUp { slot, goal } => {
                let g = self.goal_slots.get(slot as usize).copied().unwrap_or(0);
                format!(
                    "{who} trades in trading goal {} towards trading goal {}",
                    goal + 1,
                    g + 1
                )
            }
            FallAction::WarriorPush { colour, dir } => {
                format!("{who}'s warrior pushes a {colour} meeple {}", dir.name())
            }
            FallAction::Orient(turns) => {
                let (what, pos) = match self.pending {
                    Pending::Orient { kind, cell } => (kind.name(), Pos::of_cell(cell)),
                    _ => ("card", Pos::CENTRE),
                };
                let how = match turns {
                    0 => "as printed".to_string(),
                    1 => "turned a quarter turn clockwise".to_string(),
                    2 => "turned half a turn".to_string(),
                    _ => "turned a quarter turn anticlockwise".to_string(),
                };
                match pos.cell().and_then(|c| self.board.top(c)) {
                    Some(_) => format!("{who} stacks their {what} on {}, {how}", self.name_at(pos)),
                    None => format!("{who} puts their {what} at {pos}, {how}"),
                }
            }
            FallAction::FinishTask { draw_two, keep } => {
                let mut parts = Vec::new();
                if draw_two {
                    parts.push("draws 2 ogres with 3 meeples (Bar Fights)".to_string());
                }
                let kept: Vec<&str> = crate::types::Class::ALL
                    .into_iter()
                    .filter(|c| keep & (1 << *c as u8) != 0)
                    .map(|c| c.name())
                    .collect();
                if kept.is_empty() {
                    parts.push("sends their class meeples home first".to_string());
                } else {
                    parts.push(format!("keeps their {} on the card", kept.join(" and ")));
                }
                format!("{who} completes the task: {}", parts.join("; "))
            }
        }
    }
}
