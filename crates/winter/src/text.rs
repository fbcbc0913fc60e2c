//! The plain-text picture of a [`WinterView`] for a terminal player.

use crate::data::{Card, DisasterId, Instrument, MonsterId, POOL_COST, Zone, resources_text};
use crate::describe::colour;
use crate::state::{End, Stage, bits32};
use crate::types::DwarfKind;
use crate::view::WinterView;
use dwarfs_engine::{Seat, Viewer};
use std::fmt::Write;

fn stage_name(s: Stage) -> &'static str {
    match s {
        Stage::Setup => "setup",
        Stage::Defenders { .. } => "setup: The Defenders",
        Stage::Attack | Stage::Push { .. } => "phase 1: enemy invasion (monsters attack)",
        Stage::Reinforce => "phase 1: enemy invasion (reinforcements)",
        Stage::Prepare => "phase 2: preparation",
        Stage::Turn => "phase 3: actions",
        Stage::Music(_) => "phase 3: actions (music)",
        Stage::Over => "game over",
    }
}

fn cards(mask: u64) -> String {
    let names: Vec<String> = Card::in_mask(mask)
        .map(|c| format!("{} ({})", c.name(), c.data().music.name()))
        .collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join(", ")
    }
}

/// Renders the view as text.
pub(crate) fn render(v: &WinterView) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Dwar7s Winter - week {} of 7 - {} - first player {}",
        v.week.week,
        stage_name(v.week.stage),
        colour(v.week.first)
    );
    match v.week.stage {
        Stage::Prepare => {
            for (i, p) in v.players.iter().enumerate() {
                if p.chosen {
                    continue;
                }
                let size = p.hand_size.min(p.deck.count_ones() as u8);
                let _ = if v.players.len() == 1 {
                    writeln!(
                        o,
                        "{} picks a hand one card at a time: {} of {} cards picked",
                        colour(Seat(i as u8)),
                        v.hand_len[i],
                        size
                    )
                } else {
                    writeln!(
                        o,
                        "{} is choosing a hand of {} cards, in secret",
                        colour(Seat(i as u8)),
                        size
                    )
                };
            }
        }
        Stage::Turn => {
            let _ = writeln!(o, "{}'s turn", colour(v.week.turn.seat));
        }
        Stage::Music(m) => {
            let _ = writeln!(
                o,
                "{}'s {}: {} plays matching cards{}",
                colour(m.leader),
                m.instrument.name(),
                colour(m.current),
                if m.effect.is_some() {
                    " (choosing a hero's moves)"
                } else {
                    ""
                }
            );
        }
        _ => {}
    }
    if let Some(end) = &v.end {
        let _ = match end {
            End::Lost { week, reason } => writeln!(o, "EVERYONE LOST in week {week}: {reason}"),
            End::Survived => writeln!(o, "The winter was survived."),
        };
    }
    let nearest = bits32(v.board.monsters)
        .map(|i| v.board.monster_zone[i as usize].distance())
        .min();
    let _ = writeln!(
        o,
        "Danger: {} disasters active (4 lose){}",
        v.board.disasters.count_ones(),
        match nearest {
            Some(0) => ", A MONSTER IS IN THE CASTLE".to_string(),
            Some(d) => format!(", nearest monster {d} step(s) from the castle"),
            None => String::new(),
        }
    );
    let _ = writeln!(o, "Board:");
    for z in Zone::all() {
        let mut parts = Vec::new();
        for i in bits32(v.board.monsters) {
            if v.board.monster_zone[i as usize] == z {
                let m = MonsterId(i);
                let c = m.card();
                parts.push(format!(
                    "MONSTER {} (needs {} {}, {}; {} VP)",
                    m.name(),
                    c.dwarfs,
                    if c.dwarfs == 1 { "dwarf" } else { "dwarfs" },
                    resources_text(&c.cost),
                    c.vp
                ));
            }
        }
        for i in bits32(v.board.disasters) {
            let d = DisasterId(i);
            let c = d.card();
            if c.zone == z {
                parts.push(format!(
                    "DISASTER {} (needs {} {}, {}; {} VP, {} gold)",
                    d.name(),
                    c.dwarfs,
                    if c.dwarfs == 1 { "dwarf" } else { "dwarfs" },
                    resources_text(&c.cost),
                    c.vp,
                    c.gold
                ));
            }
        }
        for (s, p) in v.players.iter().enumerate() {
            for k in DwarfKind::ALL {
                let n = p.dwarfs[k.index()][z.index()];
                if n > 0 {
                    parts.push(format!("{} {}x{}", colour(Seat(s as u8)), k.name(), n));
                }
            }
        }
        if !parts.is_empty() {
            let _ = writeln!(o, "  {:<9} {}", z.name(), parts.join("; "));
        }
    }
    let pool: Vec<String> = v
        .decks
        .pool
        .iter()
        .enumerate()
        .map(|(i, c)| match c {
            Some(c) => format!(
                "[{}g] {} ({}, {} VP)",
                POOL_COST[i],
                c.name(),
                c.data().music.name(),
                c.data().vp
            ),
            None => format!("[{}g] -", POOL_COST[i]),
        })
        .collect();
    let _ = writeln!(o, "Hero pool: {}", pool.join("  "));
    let hall: Vec<String> = Instrument::ALL
        .iter()
        .map(|i| match v.board.music_hall[i.index()] {
            Some(s) => format!("{}: {}", i.name(), colour(s)),
            None => format!("{}: free", i.name()),
        })
        .collect();
    let _ = writeln!(o, "Music hall: {}", hall.join(", "));
    for (i, p) in v.players.iter().enumerate() {
        let seat = Seat(i as u8);
        let _ = writeln!(
            o,
            "{}: {} | actions {}/{} hand size {} | home {} | deck {} cards | hand {} | {} monsters, {} disasters",
            colour(seat),
            resources_text(&p.resources),
            p.actions_left,
            p.actions,
            p.hand_size,
            p.home.iter().sum::<u8>(),
            p.deck.count_ones(),
            v.hand_len[i],
            p.monsters.count_ones(),
            p.disasters.count_ones()
        );
        if v.viewer == Viewer::Seat(seat) {
            let _ = writeln!(o, "  your hand: {}", cards(p.hand));
            if v.week.stage == Stage::Prepare && !p.chosen {
                let _ = writeln!(o, "  to choose from: {}", cards(p.deck & !p.hand));
            }
        }
        if p.played != 0 {
            let _ = writeln!(o, "  played this week: {}", cards(p.played));
        }
    }
    o
}
