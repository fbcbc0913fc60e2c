//! The plain-text picture of what one viewer sees, for a terminal player.

use crate::data::{
    FAERIE_DATA, GRASSLAND_NAMES, LINE_LEN, PETALS, SPOTS_PER_PETAL, WILDLANDS, wildland_name,
};
use crate::describe::{colour, dragon, spot_text};
use crate::map::spot_loc;
use crate::state::{Pending, Phase, exp_name, hero_name};
use crate::view::SpringView;
use dwarfs_engine::Actor;
use std::fmt::Write;

/// Renders an observation.
pub fn render(v: &SpringView) -> String {
    let mut out = String::new();
    let f = &v.flow;
    let _ = match f.phase {
        Phase::Setup => writeln!(out, "Setting up."),
        Phase::Placement => writeln!(out, "Starting settlements (snake order)."),
        Phase::Actions => writeln!(
            out,
            "Era {} of 4, round {} of 7. First player: {}.",
            f.era,
            f.round,
            colour(f.first)
        ),
        Phase::Over => writeln!(out, "The game is over after era {}.", f.era),
    };
    let _ = match v.to_act {
        Actor::Seat(s) => writeln!(out, "To act: {}.", colour(s.0)),
        Actor::Simultaneous(set) => {
            let names: Vec<&str> = set.iter().map(|s| colour(s.0)).collect();
            writeln!(out, "To act: {}.", names.join(", "))
        }
        Actor::Chance => writeln!(out, "To act: chance."),
        Actor::Over => writeln!(out, "Nobody acts: the game is over."),
    };
    if let Some(p) = f.pending {
        let _ = match p {
            Pending::Faerie { kind, left } => writeln!(
                out,
                "Applying {} ({} left): {}",
                kind.name(),
                left,
                kind.text()
            ),
            Pending::Remove => writeln!(out, "Remove a card from the heroes deck, or keep all."),
            Pending::Wild { wild } => writeln!(
                out,
                "Fight (or gather) on {}, or decline.",
                wildland_name(wild as usize)
            ),
        };
    }
    let _ = writeln!(out, "\nWildlands:");
    for w in 0..WILDLANDS {
        let mut line = format!("  {}", wildland_name(w));
        if let Some(c) = v.board.monster_at[w] {
            let _ = write!(line, ": {}", exp_name(c));
        }
        let dwarfs: Vec<String> = v
            .empires
            .iter()
            .enumerate()
            .filter(|(_, e)| e.wild_dwarfs[w] > 0)
            .map(|(s, e)| format!("{} x{}", colour(s as u8), e.wild_dwarfs[w]))
            .collect();
        if !dwarfs.is_empty() {
            let _ = write!(line, "; dwarfs: {}", dwarfs.join(", "));
        }
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(
        out,
        "Centre petal: {}. Petals around it: {}.",
        petal_name(v.board.map.layout().0[0]),
        v.board.map.layout().0[1..PETALS]
            .iter()
            .map(|&p| petal_name(p))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(out, "\nGrasslands (spot: kind, pieces):");
    let webs = v.board.webs[0].or(v.board.webs[1]);
    for (g, name) in GRASSLAND_NAMES.iter().enumerate() {
        let mut line = format!("  {name}:");
        for k in 0..SPOTS_PER_PETAL {
            let l = spot_loc(g, k);
            let kind = spot_text(l);
            let mut pieces = Vec::new();
            for (s, e) in v.empires.iter().enumerate() {
                if e.settlements.has(l) {
                    pieces.push(format!("{} settlement", colour(s as u8)));
                }
                if e.fortress == Some(l) {
                    pieces.push(format!("{} fortress", colour(s as u8)));
                }
                if e.dwarfs.has(l) {
                    pieces.push(format!("{} dwarf", colour(s as u8)));
                }
            }
            if webs.has(l) {
                pieces.push("web".into());
            }
            let _ = write!(line, " {k} {kind}");
            if !pieces.is_empty() {
                let _ = write!(line, " [{}]", pieces.join(", "));
            }
            line.push(';');
        }
        line.pop();
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "\nExpedition area ({} cards in the deck):", v.deck_len);
    for c in v.decks.area.iter().flatten() {
        let _ = writeln!(out, "  {}", exp_name(*c));
    }
    for (s, e) in v.empires.iter().enumerate() {
        let _ = writeln!(
            out,
            "\n{}: {} food, {} wood, {} gold; {} faeries; {} successes; lines {}/{}/{} of {}; \
             bastion {}; faerie power {}",
            colour(s as u8),
            e.res[0],
            e.res[1],
            e.res[2],
            v.hand_sizes.get(s).copied().unwrap_or(0),
            e.successes,
            e.built[0],
            e.built[1],
            e.built[2],
            LINE_LEN,
            e.bastion,
            e.faerie_power()
        );
        let nest: Vec<String> = e
            .nest
            .iter()
            .map(|d| {
                format!(
                    "{} L{}{}",
                    dragon(d.dragon),
                    d.level,
                    if d.exhausted { " (exhausted)" } else { "" }
                )
            })
            .collect();
        let _ = writeln!(out, "  Nest: {}", nest.join(", "));
        let heroes: Vec<String> = (0..64u8)
            .filter(|&i| e.heroes >> i & 1 == 1)
            .map(hero_name)
            .collect();
        let _ = writeln!(out, "  Heroes deck: {}", heroes.join(", "));
    }
    if let Some(h) = v.hand {
        let cards: Vec<String> = (0..FAERIE_DATA.len())
            .filter(|&i| h >> i & 1 == 1)
            .map(|i| format!("{} ({})", FAERIE_DATA[i].name(), FAERIE_DATA[i].text()))
            .collect();
        let _ = writeln!(out, "\nYour faeries: {}", cards.join("; "));
    }
    out
}

fn petal_name(p: u8) -> String {
    let p = p as usize;
    if p < WILDLANDS {
        wildland_name(p).to_string()
    } else {
        crate::data::GRASSLAND_NAMES
            .get(p - WILDLANDS)
            .copied()
            .unwrap_or("?")
            .to_string()
    }
}
