//! The plain-text picture of a position for terminal players ([`dwarfs_engine::Game::text_view`]).
//!
//! Everything here is drawn from an [`Observation`], never from the state, so the text can only
//! show what the viewer's observation already allows: other players' gems, ogres and unrevealed
//! secret goals never reach it.

use crate::data::HAND_LIMIT;
use crate::options::Edition;
use crate::types::{Colour, Gem, Kind, OgreKind, Pos};
use crate::view::{CellView, Observation, PlayerView, TurnStep};
use dwarfs_engine::{Actor, Seat, Viewer};

/// No line of the text is longer than this (in characters).
pub const TEXT_WIDTH: usize = 100;

/// Characters inside one cell of the drawn mat.
const CELL: usize = 6;

/// Three letters per kind: mines and buildings in title case, monsters in capitals.
fn kind_abbr(kind: Kind) -> &'static str {
    match kind {
        Kind::Castle => "Cas",
        Kind::Tavern => "Tav",
        Kind::GeneralStore => "Sto",
        Kind::EmeraldMine => "Eme",
        Kind::DiamondMine => "Dia",
        Kind::RubyMine => "Rub",
        Kind::GoldMine => "Gol",
        Kind::FireDragon => "DRG",
        Kind::FrostGiant => "GNT",
    }
}

fn initial(colour: Colour) -> char {
    colour.name().chars().next().unwrap_or('?')
}

fn colour_of(seat: Seat) -> Colour {
    Colour::ALL[seat.index() & 3]
}

/// Appends `line` to `out`, word-wrapped to [`TEXT_WIDTH`] (see
/// [`dwarfs_engine::text::push_wrapped`]).
pub(crate) fn push_wrapped(out: &mut Vec<String>, line: &str, indent: usize) {
    dwarfs_engine::text::push_wrapped(out, line, indent, TEXT_WIDTH);
}

/// "1 gem", "2 gems".
fn count(n: impl Into<u32>, word: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The whole text for one observation.
pub(crate) fn render(obs: &Observation, edition: Edition) -> String {
    let mut out: Vec<String> = Vec::new();
    header(&mut out, obs, edition);
    mat(&mut out, obs);
    goals_and_piles(&mut out, obs);
    let third = edition == Edition::Third;
    out.push(
        "Players (VP from what is public: no gems, no unrevealed secret goal; > acts now):"
            .to_string(),
    );
    for p in &obs.players {
        player(&mut out, obs, p, third);
    }
    own_hand(&mut out, obs);
    out.join("\n")
}

fn seat_label(obs: &Observation, seat: Seat) -> String {
    let you = if obs.viewer == Viewer::Seat(seat) {
        " (you)"
    } else {
        ""
    };
    format!("{}{you}", colour_of(seat))
}

fn header(out: &mut Vec<String>, obs: &Observation, edition: Edition) {
    let ed = match edition {
        Edition::Classic => "classic",
        Edition::Third => "3rd edition",
    };
    let round = if obs.final_round {
        format!("round {} (final round)", obs.round)
    } else {
        format!("round {}", obs.round)
    };
    let me = match obs.viewer {
        Viewer::Seat(s) => format!("you are {} ({s})", colour_of(s)),
        Viewer::Spectator => "you are watching".to_string(),
    };
    let mut line = format!(
        "Dwar7s Fall, {ed} - {round} - {} players - {me}",
        obs.players.len()
    );
    if !obs.decrees.is_empty() {
        line.push_str(&format!(
            " - first player (axe): {}",
            colour_of(obs.first_player)
        ));
        if obs.night {
            line.push_str(" - night");
        }
    }
    push_wrapped(out, &line, 2);
    if !obs.decrees.is_empty() {
        let names: Vec<&str> = obs.decrees.iter().map(|d| d.name()).collect();
        push_wrapped(out, &format!("Royal Decrees: {}", names.join(", ")), 2);
    }
    let who = match obs.to_act {
        Actor::Seat(s) => seat_label(obs, s),
        _ => String::new(),
    };
    let prompt = match obs.step {
        TurnStep::Setup => "Waiting for the deal.".to_string(),
        TurnStep::Actions => format!(
            "{who} to act: perform actions ({} of {} used) or end them.",
            obs.actions_used, obs.action_limit
        ),
        TurnStep::PlaceCard(k) => format!("{who} to act: place the {} on the mat.", k.name()),
        TurnStep::OrientCard { kind, at } => format!(
            "{who} to act: choose which way the {} at {at} lies (quarter turns clockwise).",
            kind.name()
        ),
        TurnStep::ChooseFinish { at } => format!(
            "{who} to act: the task at {at} completes - choose which meeples stay on the card."
        ),
        TurnStep::OgreTarget { ogre, picked } => {
            let what = match (ogre, picked) {
                (OgreKind::Brute, None) => "pick an opponent's dwarf to grab".to_string(),
                (OgreKind::Brute, Some((at, c))) => {
                    format!("pick your dwarf to swap with the {c} dwarf at {at}")
                }
                (OgreKind::Panic, None) => "pick a dwarf to carry".to_string(),
                (OgreKind::Panic, Some((at, c))) => {
                    format!("pick where the {c} dwarf from {at} goes")
                }
                (OgreKind::Ambush, _) => "pick a card to clear".to_string(),
                (OgreKind::Crown, _) => "pick a player to steal all ogres from".to_string(),
                (OgreKind::Thief, _) => "pick a player to steal a gem from".to_string(),
            };
            format!("{who} to act: {} ogre - {what}.", ogre.name())
        }
        TurnStep::Drawing => "Waiting for a random draw.".to_string(),
        TurnStep::ChooseGoal => format!("{who} to act: choose a trading goal to buy."),
        TurnStep::ChooseDig => format!("{who} to act: choose a stack to dig."),
        TurnStep::Discard => format!(
            "{who} to act: discard down to {HAND_LIMIT} gem and ogre cards, or end the turn."
        ),
        TurnStep::Over => "The game is over.".to_string(),
    };
    push_wrapped(out, &prompt, 2);
}

/// Open sides (N, E, S, W) of whatever stands at `pos`, if a card does.
fn sides(cells: &[CellView], pos: Pos) -> Option<[bool; 4]> {
    cells.iter().find(|c| c.pos == pos).map(|c| c.top.open)
}

/// True if a wall separates `a` (its side `da`) from `b` (its side `db`): a card's closed side,
/// or two cards that do not both open towards each other. Nothing is drawn between empty cells.
fn wall(a: Option<[bool; 4]>, da: usize, b: Option<[bool; 4]>, db: usize) -> bool {
    match (a, b) {
        (None, None) => false,
        (Some(a), None) => !a[da],
        (None, Some(b)) => !b[db],
        (Some(a), Some(b)) => !(a[da] && b[db]),
    }
}

fn cell_lines(cell: Option<&CellView>, memorial: bool) -> [String; 2] {
    let Some(c) = cell else {
        return if memorial {
            ["memorl".to_string(), "######".to_string()]
        } else {
            [String::new(), String::new()]
        };
    };
    let height = match c.stack.len() {
        0 | 1 => String::new(),
        n @ 2..=9 => n.to_string(),
        _ => "+".to_string(),
    };
    let first = format!(
        "{} {}{height}",
        initial(c.top.card.colour),
        kind_abbr(c.top.card.kind)
    );
    let mut second = String::new();
    for colour in Colour::ALL {
        let classes = c.classes.iter().filter(|(k, _)| *k == colour).count() as u8;
        let plain = c.meeples[colour.index()].saturating_sub(classes);
        let i = initial(colour);
        for _ in 0..plain {
            second.push(i);
        }
        for _ in 0..classes.min(c.meeples[colour.index()]) {
            second.push(i.to_ascii_lowercase());
        }
    }
    for _ in 0..c.free_spots {
        second.push('.');
    }
    [first, second]
}

fn mat(out: &mut Vec<String>, obs: &Observation) {
    let mut positions: Vec<Pos> = obs.cells.iter().map(|c| c.pos).collect();
    positions.extend(obs.memorials.iter().copied());
    let (Some(x0), Some(x1), Some(y0), Some(y1)) = (
        positions.iter().map(|p| p.x).min(),
        positions.iter().map(|p| p.x).max(),
        positions.iter().map(|p| p.y).min(),
        positions.iter().map(|p| p.y).max(),
    ) else {
        out.push("The mat is empty.".to_string());
        return;
    };
    out.push(
        "Mat (x across, y down; gaps are open sides). Card: owner, type, stack height; \
         meeples, . free"
            .to_string(),
    );
    let cell_at = |x: i8, y: i8| obs.cells.iter().find(|c| c.pos == Pos::new(x, y));
    let open_at = |x: i8, y: i8| sides(&obs.cells, Pos::new(x, y));
    let mut head = "    ".to_string();
    for x in x0..=x1 {
        head.push_str(&format!(" {:^CELL$}", x));
    }
    out.push(head.trim_end().to_string());
    let taken = |x: i8, y: i8| positions.contains(&Pos::new(x, y));
    // The border line above row `y` (y1 + 1: the bottom edge): a wall is a solid line, an open
    // side a line with a gap, and nothing is drawn where no card stands on either side.
    let border = |y: i8| {
        let mut s = "    ".to_string();
        for x in x0..=x1 + 1 {
            let corner = taken(x - 1, y - 1) || taken(x, y - 1) || taken(x - 1, y) || taken(x, y);
            s.push(if corner { '+' } else { ' ' });
            if x <= x1 {
                let segment = if !taken(x, y - 1) && !taken(x, y) {
                    "      "
                } else if wall(open_at(x, y - 1), 2, open_at(x, y), 0) {
                    "------"
                } else {
                    "--  --"
                };
                s.push_str(segment);
            }
        }
        s.trim_end().to_string()
    };
    for y in y0..=y1 {
        out.push(border(y));
        for line in 0..2 {
            let mut s = if line == 0 {
                format!("{y:>3} ")
            } else {
                "    ".to_string()
            };
            for x in x0..=x1 {
                let bar = wall(open_at(x - 1, y), 1, open_at(x, y), 3);
                s.push(if bar { '|' } else { ' ' });
                let memorial = obs.memorials.contains(&Pos::new(x, y));
                let text = &cell_lines(cell_at(x, y), memorial)[line];
                s.push_str(&format!("{text:<CELL$}"));
            }
            let bar = wall(open_at(x1, y), 1, None, 3);
            s.push(if bar { '|' } else { ' ' });
            out.push(s.trim_end().to_string());
        }
    }
    out.push(border(y1 + 1));
    if !obs.kingdoms.is_empty() {
        let ks: Vec<String> = obs
            .kingdoms
            .iter()
            .map(|k| {
                let cards = count(k.cells.len() as u32, "card");
                format!("{} {} VP ({cards})", k.colour, k.vp)
            })
            .collect();
        push_wrapped(out, &format!("Kingdoms: {}", ks.join(", ")), 2);
    }
}

fn gem_list(counts: &[u8; 4]) -> String {
    let parts: Vec<String> = Gem::ALL
        .iter()
        .filter(|g| counts[**g as usize] > 0)
        .map(|g| format!("{} {}", counts[*g as usize], g.name()))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(" ")
    }
}

fn goals_and_piles(out: &mut Vec<String>, obs: &Observation) {
    let goals: Vec<String> = obs
        .face_up_goals
        .iter()
        .flatten()
        .map(|g| format!("#{} {} = {} VP", g.id + 1, gem_list(&g.cost), g.vp))
        .collect();
    let goals = if goals.is_empty() {
        "none".to_string()
    } else {
        goals.join("; ")
    };
    push_wrapped(
        out,
        &format!("Trading goals: {goals}; {} face down", obs.goal_deck),
        2,
    );
    push_wrapped(
        out,
        &format!(
            "Gem piles: {}. Ogre deck {}, discard {}.",
            gem_list(&obs.gem_piles),
            obs.ogre_deck,
            obs.ogre_discard.iter().map(|&n| n as u32).sum::<u32>()
        ),
        2,
    );
}

fn player(out: &mut Vec<String>, obs: &Observation, p: &PlayerView, third: bool) {
    let acting = obs.to_act == Actor::Seat(p.seat);
    let pile = if third { "campfire" } else { "pile" };
    let kinds: Vec<&str> = p.kingdom_cards.iter().map(|&k| kind_abbr(k)).collect();
    let mut hand = Vec::new();
    if !kinds.is_empty() {
        hand.push(kinds.join(" "));
    }
    // Gem and ogre counts are public: the backs can be counted.
    hand.push(count(p.gem_count, "gem"));
    hand.push(count(p.ogre_count, "ogre"));
    let mut line = format!(
        "{}{}: {} VP, {} | hand: {} | dwarfs: {pile} {}, mat {}",
        if acting { "> " } else { "  " },
        seat_label(obs, p.seat),
        p.public_score,
        count(p.goals_met, "goal"),
        hand.join(", "),
        p.dwarfs_in_pile,
        p.dwarfs_on_board,
    );
    if !p.trading_goals.is_empty() {
        let g: Vec<String> = p
            .trading_goals
            .iter()
            .map(|g| format!("#{}", g + 1))
            .collect();
        line.push_str(&format!("; bought {}", g.join(" ")));
    }
    if !p.defeated.is_empty() {
        let d: Vec<String> = p.defeated.iter().map(|c| c.to_string()).collect();
        line.push_str(&format!("; defeated {}", d.join(", ")));
    }
    if p.monster_need != Kind::FireDragon.data().need {
        line.push_str(&format!("; needs {} on a monster", p.monster_need));
    }
    if !p.classes.is_empty() {
        let c: Vec<String> = p
            .classes
            .iter()
            .map(|(k, at)| match at {
                Some(at) => format!("{} at {at}", k.name()),
                None => format!("{} in campfire", k.name()),
            })
            .collect();
        line.push_str(&format!("; {}", c.join(", ")));
    }
    if p.secret_revealed
        && let Some(g) = p.secret_goal
    {
        line.push_str(&format!("; secret goal {} (revealed)", g.name()));
    }
    push_wrapped(out, &line, 4);
}

fn own_hand(out: &mut Vec<String>, obs: &Observation) {
    let Viewer::Seat(me) = obs.viewer else {
        out.push("You are watching: every hand is hidden.".to_string());
        return;
    };
    let Some(p) = obs.players.iter().find(|p| p.seat == me) else {
        return;
    };
    let gems = p.gems.map_or("hidden".to_string(), |g| gem_list(&g));
    let ogres = p.ogres.map_or("hidden".to_string(), |o| {
        let parts: Vec<String> = OgreKind::ALL
            .iter()
            .filter(|k| o[**k as usize] > 0)
            .map(|k| format!("{} {}", o[*k as usize], k.name()))
            .collect();
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join(", ")
        }
    });
    let line = format!("Your gems: {gems}. Your ogres: {ogres}.");
    push_wrapped(out, &line, 2);
    if let Some(g) = p.secret_goal {
        let revealed = if p.secret_revealed { " (revealed)" } else { "" };
        push_wrapped(
            out,
            &format!("Your secret goal{revealed}: {} - {}.", g.name(), g.text()),
            2,
        );
    }
}
