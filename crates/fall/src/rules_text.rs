//! The rules in words for a board view's tooltips: what a kingdom card, an ogre card, a class
//! meeple, a gem or a memorial does. Pure strings (no UI); the plain-text view of a position for
//! terminal players is in `text`.

use crate::data;
use crate::types::{CardType, Class, Gem, Kind, OgreKind, Pos, Task};

/// `s` with its first letter in upper case ("fire dragon" → "Fire dragon").
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The full text of a kingdom card: its task, its needs, spots and VP, and its special rules.
pub fn card_text(kind: Kind) -> String {
    let d = kind.data();
    let task = match d.task {
        Task::Dig => "Dig: move the top card of a stack to its bottom".to_string(),
        Task::DrawOgre => "Draw an ogre card".to_string(),
        Task::Trade => "Buy a face-up trading goal with gems".to_string(),
        Task::Mine { gem, count } => format!("Take {count} {}", gem.name()),
        Task::Defeat => "Defeat the monster (3 VP)".to_string(),
    };
    let mut t = format!(
        "{} ({:?})\nTask: {task}, when {} dwarfs of one colour stand on it.\nSpots: {}   Kingdom VP: {:+}",
        capital(d.name),
        d.card_type,
        d.need,
        d.spots,
        d.vp
    );
    match kind {
        Kind::Castle => t.push_str("\nWhile in play: one extra action per turn."),
        Kind::FireDragon => t.push_str("\nStops every mine in its kingdom."),
        Kind::FrostGiant => t.push_str("\nCancels the extra action of castles in its kingdom."),
        _ => {}
    }
    if matches!(d.card_type, CardType::Castle | CardType::Monster) {
        t.push_str("\nNothing can be stacked on it.");
    } else {
        t.push_str("\nOnly cards of the same type stack on it.");
    }
    t
}

/// What an ogre card does.
pub fn ogre_text(o: OgreKind) -> &'static str {
    match o {
        OgreKind::Brute => "Swap an opponent's dwarf on a card with one of yours on another card.",
        OgreKind::Ambush => "Remove all meeples from a card; they go home to their owners.",
        OgreKind::Crown => "Steal all ogre cards from an opponent.",
        OgreKind::Panic => "Move a dwarf up to two cards away without passing through walls.",
        OgreKind::Thief => "Steal a random gem from an opponent.",
    }
}

/// What a class meeple does (3rd edition).
pub fn class_text(k: Class) -> &'static str {
    match k {
        Class::King => "placing the king from your campfire is a free action",
        Class::Warrior => {
            "spends an action to push an enemy meeple on its card to an adjacent card"
        }
        Class::Guardian => "its card cannot be targeted by ogre cards",
    }
}

/// A gem cost in words ("1 diamond + 2 ruby").
pub fn gem_cost(cost: &[u8; 4]) -> String {
    Gem::ALL
        .iter()
        .zip(cost)
        .filter(|(_, n)| **n > 0)
        .map(|(g, n)| format!("{n} {}", g.name()))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The upgrade cost of a class and its VP, in words.
pub fn class_cost(k: Class) -> String {
    let d = &data::CLASSES[k as usize];
    format!("{} · {} VP at the end", gem_cost(&d.cost), d.vp)
}

/// What a gem card is worth.
pub fn gem_text(g: Gem) -> String {
    format!(
        "{}: {} VP each at the end",
        capital(g.name()),
        data::GEMS[g as usize].vp
    )
}

/// What a memorial card on the mat means (Battle Memorial).
pub fn memorial_text(at: Pos) -> String {
    format!(
        "Memorial card at {at}: a monster fell here. While a memorial is on the mat, you may \
         spend an action to rotate any empty kingdom card (Battle Memorial)."
    )
}

/// What ending the actions of a turn does.
pub const END_ACTIONS_TEXT: &str = "Stop taking actions; your dwarfs' tasks resolve";

/// What the public score on a player's card counts.
pub const PUBLIC_SCORE_TEXT: &str =
    "Public score: kingdom, goals, monsters (gems and unrevealed secret goals are hidden)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_name_what_they_explain() {
        assert_eq!(capital("fire dragon"), "Fire dragon");
        assert!(card_text(Kind::Castle).contains("one extra action"));
        assert!(class_cost(Class::King).contains("VP at the end"));
        assert_eq!(gem_cost(&[0, 1, 2, 0]), "1 diamond + 2 ruby");
    }
}
