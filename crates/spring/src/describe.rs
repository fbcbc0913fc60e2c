//! Sentences for the move log, and names of places and cards.

use crate::data::{
    DRAGON_DATA, FAERIE_DATA, GRASSLAND_NAMES, QUEST_DATA, Requirement, SPOTS_PER_PETAL, Spot,
    WILDLANDS, Yield, wildland_name,
};
use crate::map::{self, Loc};
use crate::state::{Spring, exp_name, hero_name};
use crate::types::SpringAction as A;
use dwarfs_engine::{COLOUR_NAMES, Seat};

/// A quest's requirement in words.
pub fn requirement(q: usize) -> String {
    let Some(quest) = QUEST_DATA.get(q) else {
        return "?".into();
    };
    match quest.need {
        Requirement::DragonLevel(l) => format!("have a level {l} dragon"),
        Requirement::Dragons(n) => format!("have {n} dragons"),
        Requirement::Monsters(1) => "have defeated a monster".into(),
        Requirement::Monsters(n) => format!("have defeated {n} monsters"),
        Requirement::Settlements(n) => format!("have {n} settlements on the world map"),
        Requirement::Line(r) => format!("build all settlements of the {} line", r.name()),
        Requirement::Have {
            res,
            faeries,
            settlements,
        } => {
            let mut parts = Vec::new();
            if settlements > 0 {
                parts.push(format!("{settlements} settlements on the world map"));
            }
            for (i, name) in ["food", "wood", "gold"].iter().enumerate() {
                if res[i] > 0 {
                    parts.push(format!("{} {name}", res[i]));
                }
            }
            if faeries > 0 {
                parts.push(format!("{faeries} faeries"));
            }
            format!("have {}", parts.join(" and "))
        }
    }
}

/// A location in words: "Forest 1", or "Amber Vale spot 3 (2 food)".
pub fn place(l: Loc) -> String {
    if map::is_wild(l) {
        return wildland_name(l as usize).to_string();
    }
    let i = l as usize - WILDLANDS;
    let name = GRASSLAND_NAMES
        .get(i / SPOTS_PER_PETAL)
        .copied()
        .unwrap_or("?");
    format!("{name} {} ({})", i % SPOTS_PER_PETAL, spot_text(l))
}

/// What a grassland spot holds in words: "field", "water", "2 food", "1 faeries" ("?" for a
/// location that is no spot).
pub fn spot_text(l: Loc) -> String {
    match map::spot(l) {
        Some(Spot::Field) => "field".to_string(),
        Some(Spot::Water) => "water".to_string(),
        Some(Spot::Resource { kind, amount }) => format!(
            "{amount} {}",
            match kind {
                Yield::Res(r) => r.name(),
                Yield::Faerie => "faeries",
            }
        ),
        None => "?".into(),
    }
}

/// A dragon's name.
pub fn dragon(d: u8) -> &'static str {
    DRAGON_DATA.get(d as usize).map(|d| d.name).unwrap_or("?")
}

/// A seat's colour name.
pub fn colour(seat: u8) -> &'static str {
    COLOUR_NAMES.get(seat as usize).copied().unwrap_or("?")
}

impl Spring {
    pub(crate) fn describe_action(&self, a: &A) -> String {
        let who = self
            .current_seat()
            .map(|s: Seat| colour(s.0))
            .unwrap_or("Nobody");
        match *a {
            A::Place { line, at } => format!(
                "{who} places a starting settlement from the {} line on {}",
                line.name(),
                place(at)
            ),
            A::Build { line, at } => format!(
                "{who} builds a settlement from the {} line on {}",
                line.name(),
                place(at)
            ),
            A::Fortress { at } => format!("{who} builds the fortress on {}", place(at)),
            A::Explore { at } => {
                let what = if !map::is_wild(at) {
                    ""
                } else if self.board.monster_at[at as usize].is_some() {
                    " (it may fight the monster there)"
                } else {
                    " (it may gather there)"
                };
                format!("{who} sends a dwarf to {}{what}", place(at))
            }
            A::Summon => format!("{who} summons a faerie"),
            A::Command {
                spot,
                first,
                second,
            } => {
                let mut s = format!(
                    "{who} commands {} from dragon spot {}",
                    dragon(first),
                    spot + 1
                );
                if let Some(b) = second {
                    s.push_str(&format!(" and {}", dragon(b)));
                }
                s
            }
            A::Quest { spot, card } => format!(
                "{who} fulfils {} from expedition spot {}",
                exp_name(card),
                spot + 1
            ),
            A::Idle => format!("{who}'s dwarf stays idle"),
            A::Train { dragon: d } => format!("{who} trains {}", dragon(d)),
            A::PlayFaerie { card } => {
                let k = FAERIE_DATA.get(card as usize);
                format!(
                    "{who} plays the faerie {}",
                    k.map(|k| k.name()).unwrap_or("?")
                )
            }
            A::MoveDwarf { from, to } => {
                format!("{who} moves a dwarf from {} to {}", place(from), place(to))
            }
            A::SwapSettlements { mine, theirs } => format!(
                "{who} swaps the settlements on {} and {}",
                place(mine),
                place(theirs)
            ),
            A::SwapDwarfs {
                mine,
                theirs,
                owner,
            } => format!(
                "{who} swaps its dwarf on {} with {}'s on {}",
                place(mine),
                colour(owner),
                place(theirs)
            ),
            A::Ready { dragon: d } => format!("{who} readies {}", dragon(d)),
            A::StopFaerie => format!("{who} stops using the faerie"),
            A::RemoveHero { card } => {
                format!("{who} removes {} from its heroes deck", hero_name(card))
            }
            A::KeepHeroes => format!("{who} keeps its heroes deck"),
            A::EndTurn => format!("{who} ends the turn"),
            A::Engage => match self.flow.pending {
                Some(crate::state::Pending::Wild { wild })
                    if self.board.monster_at[wild as usize].is_some() =>
                {
                    format!("{who} fights the monster on {}", place(wild))
                }
                Some(crate::state::Pending::Wild { wild }) => {
                    format!("{who} gathers on {}", place(wild))
                }
                _ => format!("{who} fights or gathers"),
            },
            A::Decline => format!("{who} neither fights nor gathers"),
        }
    }
}
