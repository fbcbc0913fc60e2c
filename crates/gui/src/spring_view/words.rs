//! The words of the Spring board: widget labels (shared with the click plans and the UI tests),
//! the log lines of events, and short names of spots, cards and dragons.

use dwarfs_spring::data::{FAERIE_DATA, Resource, Spot, Yield};
use dwarfs_spring::map::{self, Loc};
use dwarfs_spring::state::{ExpCard, exp_name, hero_name};
use dwarfs_spring::{colour, dragon, place};

/// The button ending the turn.
pub const END_TURN: &str = "End turn";
/// The button leaving a dwarf idle.
pub const IDLE: &str = "Stay idle";
/// The button that stops applying a faerie.
pub const STOP_FAERIE: &str = "Stop the faerie";
/// The button that keeps the whole heroes deck after the second expedition spot.
pub const KEEP_HEROES: &str = "Keep every hero";
/// The button that fights the monster (or gathers) on the wildland just explored.
pub const ENGAGE: &str = "Fight or gather";
/// The button that leaves the wildland just explored without fighting or gathering.
pub const DECLINE: &str = "Neither fight nor gather";
/// The button that commands the dragons picked.
pub const COMMAND: &str = "Command the chosen dragons";
/// The button that shows the rest of a reveal at once.
pub const REVEAL_ALL: &str = "Reveal every card";

/// A location of the map.
pub fn loc_label(l: Loc) -> String {
    format!("location {}", place(l))
}

/// A production line of `seat`'s board (its build spot).
pub fn line_label(seat: u8, line: Resource) -> String {
    format!("{} {} line", colour(seat), line.name())
}

/// The fortress spot of `seat`'s board.
pub fn fortress_label(seat: u8) -> String {
    format!("{} fortress spot", colour(seat))
}

/// The faerie spot of `seat`'s board.
pub fn faerie_spot_label(seat: u8) -> String {
    format!("{} faerie spot", colour(seat))
}

/// Dragon spot `spot` (0 or 1) of `seat`'s board.
pub fn dragon_spot_label(seat: u8, spot: u8) -> String {
    format!("{} dragon spot {}", colour(seat), spot + 1)
}

/// Expedition spot `spot` (0 or 1) of `seat`'s board.
pub fn expedition_spot_label(seat: u8, spot: u8) -> String {
    format!("{} expedition spot {}", colour(seat), spot + 1)
}

/// A dragon in a nest.
pub fn dragon_label(d: u8) -> String {
    format!("dragon {}", dragon(d))
}

/// The button training a dragon.
pub fn train_label(d: u8) -> String {
    format!("Train {}", dragon(d))
}

/// A card of the expedition area.
pub fn card_label(c: ExpCard) -> String {
    format!("card {}", exp_name(c))
}

/// A faerie card of the viewer's hand.
pub fn faerie_label(card: u8) -> String {
    format!(
        "faerie card {} {}",
        card + 1,
        FAERIE_DATA.get(card as usize).map_or("?", |k| k.name())
    )
}

/// The button removing a heroes-deck card.
pub fn remove_label(card: u8) -> String {
    format!("Remove {}", hero_name(card))
}

/// The button picking whose dwarf a Shifter swaps with.
pub fn owner_label(owner: u8) -> String {
    format!("Swap with {}'s dwarf", colour(owner))
}

/// A spot's kind in a few letters for the map ("2F", "3Fa", "~").
pub fn spot_short(l: Loc) -> String {
    match map::spot(l) {
        Some(Spot::Field) | None => String::new(),
        Some(Spot::Water) => "~".into(),
        Some(Spot::Resource { kind, amount }) => format!(
            "{amount}{}",
            match kind {
                Yield::Res(Resource::Food) => "F",
                Yield::Res(Resource::Wood) => "W",
                Yield::Res(Resource::Gold) => "G",
                Yield::Faerie => "Fa",
            }
        ),
    }
}
