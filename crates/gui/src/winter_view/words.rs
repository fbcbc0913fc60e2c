//! Words for the Winter board: seat colours, what cards do (for tooltips), the phase names, and
//! the accessible labels of everything clickable (one place, so that a click plan for an action
//! and the widget it clicks always agree).

use crate::theme;
use crate::words::count;
use dwarfs_engine::COLOUR_NAMES;
use dwarfs_engine::{Game, Seat};
use dwarfs_winter::data::{HeroAbility, resources_text};
use dwarfs_winter::{
    Card, DisasterId, DwarfKind, Instrument, MonsterId, Pick, Resource, Stage, Winter, Zone,
};
use egui::Color32;

/// A seat's colour name, from the engine (the one list of names).
pub fn colour(seat: Seat) -> &'static str {
    Winter::seat_colour(seat).unwrap_or("?")
}

/// The paint of a seat: the app's colour of the same name as the engine gives the seat.
pub fn seat_rgb(seat: Seat) -> Color32 {
    let name = colour(seat);
    COLOUR_NAMES
        .iter()
        .position(|c| *c == name)
        .map_or(theme::seat_colour(seat.index()), theme::seat_colour)
}

/// The name of a dwarf kind with its article ("a dwarf", "the Ice Warrior").
pub fn dwarf_name(kind: DwarfKind) -> String {
    match kind {
        DwarfKind::Worker => "a dwarf".into(),
        k => format!("the {}", k.name()),
    }
}

/// What a legendary dwarf does.
pub fn legend_text(kind: DwarfKind) -> &'static str {
    match kind {
        DwarfKind::Worker => "An ordinary dwarf.",
        DwarfKind::IceWarrior => "Counts as 2 dwarfs against monsters.",
        DwarfKind::EarthGuardian => "Pays 1 less resource to overcome a disaster in its zone.",
        DwarfKind::ThunderKing => "Is placed from your board for free.",
    }
}

/// What a hero card does when played to music.
pub fn hero_text(card: Card) -> String {
    let d = card.data();
    let what = match d.ability {
        HeroAbility::Produce(z) => format!(
            "Produce 1 {} per {} you occupy that has no monster or disaster.",
            z.produces().map_or("resource", Resource::name),
            z.name().to_lowercase()
        ),
        HeroAbility::Gain(g) => format!("Gain {}.", resources_text(&g)),
        HeroAbility::GainEither(a, b) => format!("Gain 1 {} or 1 {}.", a.name(), b.name()),
        HeroAbility::MoveIn(z, n) => format!(
            "Move up to {n} different dwarfs (anyone's) from a {} to an adjacent zone.",
            z.name().to_lowercase()
        ),
        HeroAbility::PlaceOrMove(n) => {
            format!("Place from your board, or move to an adjacent zone, up to {n} of your dwarfs.")
        }
        HeroAbility::Summon => format!(
            "Pay {} gold to acquire any card of the Hero Pool.",
            dwarfs_winter::data::SUMMON_COST
        ),
        HeroAbility::Convert(a, b) => format!(
            "Spend 1 {} to gain {} {}.",
            a.name(),
            dwarfs_winter::CONVERT_GAIN,
            b.name()
        ),
        HeroAbility::Dismiss => format!(
            "Return 1 of your dwarfs from the board to your player board and gain {} gold.",
            dwarfs_winter::DISMISS_GOLD
        ),
        HeroAbility::Upgrade => format!(
            "Pay {} gold to make a dwarf on your board a legendary dwarf.",
            dwarfs_winter::data::UPGRADE_COST
        ),
    };
    format!("{} ({}, {} VP). {what}", d.name, d.music.name(), d.vp)
}

/// A monster's name with its copy numeral ("Goblin II"), told apart from its twins.
pub fn monster_name(m: MonsterId) -> String {
    dwarfs_winter::monster_name(m)
}

/// What a monster is and needs, for its tooltip.
pub fn monster_text(m: MonsterId, at: Zone) -> String {
    let c = m.card();
    let next = if at == Zone::CASTLE {
        "inside the castle".to_string()
    } else {
        format!(
            "{} from the castle; its next step is {}",
            count(at.distance(), "step", "steps"),
            at.toward_castle().name()
        )
    };
    format!(
        "{} in {} ({next}). {} To defeat it: {} of your dwarfs there (the Ice Warrior counts \
         2) and {}. Worth {} VP.",
        monster_name(m),
        at.name(),
        c.kind.text(),
        c.dwarfs,
        resources_text(&c.cost),
        c.vp
    )
}

/// What a disaster needs, for its tooltip.
pub fn disaster_text(d: DisasterId) -> String {
    let c = d.card();
    format!(
        "{} in {}: no production there while it is active. To overcome it: {} of your dwarfs \
         there and {}. Worth {} VP and {} gold.",
        d.name(),
        c.zone.name(),
        c.dwarfs,
        resources_text(&c.cost),
        c.vp,
        c.gold
    )
}

pub use dwarfs_winter::stage_name;

// ----- Accessible labels of the clickable things -----

/// A zone of the board.
pub fn zone_label(z: Zone) -> String {
    format!("zone {}", z.name())
}

/// The tag on a zone with monsters saying how far they are from the castle.
pub fn distance_label(z: Zone) -> String {
    format!(
        "{}: monsters {} from the castle",
        z.name(),
        count(z.distance(), "step", "steps")
    )
}

/// A token of dwarfs of one owner and kind in a zone.
pub fn dwarf_label(owner: Seat, kind: DwarfKind, z: Zone) -> String {
    format!("{} {} in {}", colour(owner), kind.name(), z.name())
}

/// The dwarfs of a kind on the viewer's player board, picked to place one.
pub fn home_label(kind: DwarfKind) -> String {
    match kind {
        DwarfKind::Worker => "Place a dwarf from your board".into(),
        k => format!("Place your {} from your board", k.name()),
    }
}

/// A monster on the board.
pub fn monster_label(m: MonsterId) -> String {
    format!("monster {}", monster_name(m))
}

/// A disaster token on the board.
pub fn disaster_label(d: DisasterId) -> String {
    format!("disaster {}", d.name())
}

/// The button of one choice of who goes home after a defeat or an overcome (and what the
/// Earth Guardian saves): "Send home the Ice Warrior", "Send home 2 dwarfs, save 1 wood".
pub fn fight_label(a: &dwarfs_winter::WinterAction) -> String {
    use dwarfs_winter::WinterAction;
    match *a {
        WinterAction::Defeat { home, .. } => format!("Send home {}", home.words()),
        WinterAction::Overcome { home, spare, .. } => match spare {
            Some(r) => format!("Send home {}, save 1 {}", home.words(), r.name()),
            None => format!("Send home {}", home.words()),
        },
        _ => String::new(),
    }
}

/// A card of the Hero Pool.
pub fn pool_label(slot: u8, card: Card) -> String {
    format!("pool {}: {}", slot + 1, card.name())
}

/// An instrument of the Music Hall.
pub fn instrument_label(i: Instrument) -> String {
    format!("instrument {}", i.name())
}

/// A card of the viewer's hand (or of their action deck while choosing a hand).
pub fn card_label(card: Card) -> String {
    format!("card {}", card.name())
}

pub use dwarfs_winter::CHOOSE_HAND;

/// The button of a card's extra choice.
pub fn pick_label(pick: Pick, pool: &[Option<Card>]) -> String {
    match pick {
        Pick::Nothing => "Play it".into(),
        Pick::Resource(r) => format!("Take 1 {}", r.name()),
        Pick::Slot(s) => format!(
            "Summon {}",
            pool.get(s as usize)
                .copied()
                .flatten()
                .map_or("nothing", Card::name)
        ),
        Pick::Legend(k) => format!("Make the {}", k.name()),
        Pick::Dwarf(k, z) => format!("Remove your {} from {}", k.name(), z.name()),
    }
}

/// The button that stops (ends the turn, stops playing cards, stops moving) at `stage`, for
/// the seat `me`.
pub fn done_label(stage: &Stage, me: Seat) -> &'static str {
    match stage {
        Stage::Music(m) if m.effect.is_some() => "Stop moving",
        Stage::Music(m) if m.leader == me => "Stop playing cards",
        Stage::Music(_) => "Play no more cards",
        _ => "End turn",
    }
}
