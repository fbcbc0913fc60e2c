//! The plain-text picture of a position for terminal players ([`dwarfs_engine::Game::text_view`]),
//! and the clan colours.
//!
//! Everything here is drawn from a [`HoldView`], never from the state, so the text shows only
//! what the viewer's observation allows: other players' hands never reach it.

use crate::board::{Space, tile_views};
use crate::data::{BoardKind, SQUARES, WorkKind, WorkTile};
use crate::prompt::colour;
use crate::state::{Phase, Stage};
use crate::types::{MarkerRef, TradeItem};
use crate::view::HoldView;
use dwarfs_engine::{Actor, Seat, Viewer};

/// One letter per clan colour, for the board (Black is K so that it differs from Blue).
const SEAT_LETTERS: [char; 8] = ['B', 'R', 'G', 'Y', 'P', 'O', 'W', 'K'];

/// No line of the text is longer than this (in characters).
pub const TEXT_WIDTH: usize = 100;

/// Characters inside one square of the drawn board.
const CELL: usize = 10;

fn letter(seat: Seat) -> char {
    SEAT_LETTERS.get(seat.index()).copied().unwrap_or('?')
}

/// Short names that fit a square: board tiles in 6 characters, rooms in 8.
fn short(name: &str, max: usize) -> String {
    let s = match name {
        "Platinum" => "Platin",
        "Mithril" => "Mithrl",
        "Kobolds" => "Kobold",
        "Goblin Tribes" => "Goblin",
        "Troglodytes" => "Troglo",
        "Orc Army" => "Orcs",
        "Giant Spiders" => "Spider",
        "Chaos Dwarves" => "ChaosD",
        "Gythanki" => "Gythnk",
        "Cave Trolls" => "Trolls",
        "Mind Flayers" => "Flayer",
        "Stone Giants" => "StGnts",
        "Earth Giants" => "EaGnts",
        "Demon Horde" => "Demons",
        "Beholder" => "Behold",
        "Pit Fiend" => "Fiend",
        "Bottomless Pit" => "BtmPit",
        "Admantium Boulder" => "Bouldr",
        "Oil Shale" => "Shale",
        "Underground River" => "River",
        "Lava Tubes" => "Lava",
        "Magma Seep" => "Magma",
        "Great Hall" => "GrtHall",
        "Earth Temple" => "ETemple",
        "Great Forge" => "GrtForge",
        "Workshops" => "Workshps",
        "Guild Hall" => "GuildHal",
        "Machine Shops" => "MachShop",
        "Throne Room" => "Throne",
        "Ancestral Shrine" => "Shrine",
        "Heroes Tombs" => "Tombs",
        "Feasting Hall" => "Feasting",
        "Trading Post" => "TradPost",
        "Store Rooms" => "StoreRms",
        "Hall of Records" => "Records",
        "Trophy Room" => "TrophyRm",
        "Council Hall" => "Council",
        "Great Hoard" => "Hoard",
        "Great Gate" => "GrtGate",
        "Secret Passage" => "Passage",
        other => other,
    };
    s.chars().filter(|c| *c != ' ').take(max).collect()
}

/// Appends `line` to `out`, word-wrapped to [`TEXT_WIDTH`] (see
/// [`dwarfs_engine::text::push_wrapped`]).
fn push_wrapped(out: &mut Vec<String>, line: &str, indent: usize) {
    dwarfs_engine::text::push_wrapped(out, line, indent, TEXT_WIDTH);
}

/// "1 room", "2 rooms".
fn count(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A work tile with what it does in a few characters ("Hammers (dig 2, fight 1)").
fn tile_text(t: WorkTile) -> String {
    match t.kind() {
        WorkKind::Room => match t.room() {
            Some((value, _)) => format!("{} (room {value})", t.name()),
            None => format!("{} (room)", t.name()),
        },
        WorkKind::Event => format!("{} (event)", t.name()),
        WorkKind::Action => match t.action() {
            Some(a) => format!("{} (dig {}, fight {})", t.name(), a.dig, a.fight),
            None => t.name().to_string(),
        },
    }
}

fn tiles_text(tiles: &[WorkTile]) -> String {
    if tiles.is_empty() {
        "none".to_string()
    } else {
        tiles
            .iter()
            .map(|&t| tile_text(t))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn items_text(items: &[TradeItem]) -> String {
    if items.is_empty() {
        "nothing".to_string()
    } else {
        items
            .iter()
            .map(TradeItem::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn marker_text(m: &MarkerRef) -> String {
    match m {
        MarkerRef::Hold(s) => format!("{}'s marker on the hold", colour(*s)),
        MarkerRef::Space(p) => format!("the marker on {p}"),
    }
}

/// The whole text for one view; `max_turns` is the lobby's turn limit.
pub(crate) fn render(view: &HoldView, max_turns: u16) -> String {
    let mut out = Vec::new();
    header(&mut out, view, max_turns);
    board(&mut out, view);
    players(&mut out, view);
    own(&mut out, view);
    out.join("\n")
}

fn label(view: &HoldView, seat: Seat) -> String {
    if view.viewer == Viewer::Seat(seat) {
        format!("{} (you)", colour(seat))
    } else {
        colour(seat).to_string()
    }
}

fn header(out: &mut Vec<String>, view: &HoldView, max_turns: u16) {
    let me = match view.viewer {
        Viewer::Seat(s) => format!("you are {} ({s})", colour(s)),
        Viewer::Spectator => "you are watching".to_string(),
    };
    push_wrapped(
        out,
        &format!(
            "Dwarf Hold - turn {} of at most {max_turns} - {} - {} players - {me}",
            view.turn,
            view.phase.name(),
            view.gold.len()
        ),
        2,
    );
    let order: Vec<&str> = view.leader_order.iter().map(|&s| colour(s)).collect();
    push_wrapped(
        out,
        &format!(
            "Leader order: {}. Draw pile {} tiles, discard pile {} (face up). VT bought this turn: {}.",
            order.join(", "),
            view.draw_pile,
            view.discards.iter().map(|(_, n)| *n as u32).sum::<u32>(),
            view.vt_bought
        ),
        2,
    );
    if !view.events_played.is_empty() {
        let names: Vec<&str> = view.events_played.iter().map(|t| t.name()).collect();
        push_wrapped(
            out,
            &format!(
                "Events played this turn (not again before next turn): {}.",
                names.join(", ")
            ),
            2,
        );
    }
    let who = match view.to_act {
        Actor::Seat(s) => label(view, s),
        // Hold has no simultaneous step; say who decides if one ever appears.
        Actor::Simultaneous(set) => {
            let names: Vec<String> = set.iter().map(|s| label(view, s)).collect();
            names.join(", ")
        }
        Actor::Chance => {
            out.push("Waiting for a random draw.".to_string());
            return;
        }
        Actor::Over => {
            let why: Vec<&str> = view.ended.iter().map(|e| e.describe()).collect();
            push_wrapped(out, &format!("The game is over: {}.", why.join("; ")), 2);
            return;
        }
    };
    let what = match &view.stage {
        Stage::WorkBuy => "draw another work tile for gold, or pass".to_string(),
        Stage::DiscardDown(n) => format!("discard {n} tiles"),
        Stage::Offer(o) => format!(
            "offer from {} to {}: gives {}; asks {}{}",
            colour(o.from),
            colour(o.to),
            items_text(&o.give),
            items_text(&o.ask),
            if o.proposed {
                " (put: accept or decline)"
            } else {
                " (being built)"
            }
        ),
        Stage::Claim {
            fight,
            target,
            tiles,
            ..
        } => {
            let names: Vec<&str> = tiles.iter().map(|t| t.name()).collect();
            format!(
                "{} {target} with {}; add tiles, pay or give up",
                if *fight { "fight for" } else { "dig" },
                if names.is_empty() {
                    "no tiles yet".to_string()
                } else {
                    names.join(", ")
                }
            )
        }
        Stage::Judge(first) => match first {
            None => "Dwarf Judge: pick the first marker to switch".to_string(),
            Some(m) => format!("Dwarf Judge: switch {} with which marker?", marker_text(m)),
        },
        Stage::Arcane {
            picked,
            placed,
            placing,
        } => format!(
            "Arcane Laws: {} markers picked up, {} put back{}",
            picked.len(),
            placed.len(),
            if *placing {
                "; put the next one back"
            } else {
                "; pick up another or stop"
            }
        ),
        Stage::RunePick(drawn) if drawn.is_empty() => {
            "keep one of the tiles Rune Stones drew".to_string()
        }
        Stage::RunePick(drawn) => {
            let names: Vec<&str> = drawn.iter().map(|t| t.name()).collect();
            format!("Rune Stones: keep one of {}", names.join(", "))
        }
        Stage::None => match view.phase {
            Phase::Setup => "wait for the deal".to_string(),
            Phase::Leader => "pick a leader card".to_string(),
            Phase::Intrigue => "play Intrigue or pass".to_string(),
            Phase::Gold => "collect income".to_string(),
            Phase::Work => "draw work tiles".to_string(),
            Phase::TradingPost => "draw 2 and discard 2 (Trading Post)".to_string(),
            Phase::Trade => "start an offer or pass".to_string(),
            Phase::Event => "play events, use leaders or rooms, buy VT, or pass".to_string(),
            Phase::Dig => "pick a square to dig, or pass".to_string(),
            Phase::Fight => "pick a lair or guarded square to fight for, or pass".to_string(),
            Phase::Build => "build a room, or pass".to_string(),
            Phase::End => "discard action tiles down to the hand limit".to_string(),
            Phase::Over => "nothing".to_string(),
        },
    };
    push_wrapped(out, &format!("{who} to act: {what}."), 2);
}

fn board(out: &mut Vec<String>, view: &HoldView) {
    out.push(
        "Board: open tiles show their value (! must be fought, * changed by a lair, - impassable);"
            .to_string(),
    );
    out.push(
        "  X:tile is claimed by clan X, X#room is a room of X, X:cleared a cleared lair"
            .to_string(),
    );
    let tiles = tile_views(&view.spaces);
    let mut head = "   ".to_string();
    for col in 0..8u8 {
        head.push_str(&format!(" {:^CELL$}", (b'a' + col) as char));
    }
    out.push(head.trim_end().to_string());
    for row in 0..8u8 {
        let mut s = format!("{:>2} ", row + 1);
        for col in 0..8u8 {
            let i = (row * 8 + col) as usize;
            let text = match (view.spaces.get(i), tiles.get(i).copied().flatten()) {
                (Some(Space::Hold), _) => "  (hold)".to_string(),
                (Some(Space::Open(_)), Some(t)) => {
                    let name = if t.fire_pit {
                        "FirePt".to_string()
                    } else {
                        short(t.face.name(), 6)
                    };
                    if t.kind == BoardKind::Impassable {
                        format!("{name:<6}  -")
                    } else {
                        let flag = if t.must_fight {
                            "!"
                        } else if t.face != t.printed {
                            "*"
                        } else {
                            ""
                        };
                        format!("{name:<6} {:>2}{flag}", t.value)
                    }
                }
                (Some(Space::Claimed { as_tile, owner, .. }), _) => {
                    format!("{}:{}", letter(*owner), short(as_tile.name(), 6))
                }
                (Some(Space::Cleared { owner }), _) => format!("{}:cleared", letter(*owner)),
                (Some(Space::Room { room, owner, .. }), _) => {
                    format!("{}#{}", letter(*owner), short(room.name(), 8))
                }
                _ => String::new(),
            };
            s.push('|');
            s.push_str(&format!("{text:<CELL$}"));
        }
        s.push('|');
        out.push(s);
    }
    debug_assert_eq!(view.spaces.len(), SQUARES);
}

fn players(out: &mut Vec<String>, view: &HoldView) {
    out.push("Clans (> acts now):".to_string());
    for i in 0..view.gold.len() {
        let seat = Seat(i as u8);
        let owned = |pred: fn(&Space) -> bool| {
            view.spaces
                .iter()
                .filter(|s| s.owner() == Some(seat) && pred(s))
                .count()
        };
        let rooms = owned(|s| matches!(s, Space::Room { .. }));
        let mines = owned(Space::is_mine);
        let trophies: Vec<&str> = view
            .trophies
            .get(i)
            .map(|t| t.iter().map(|l| l.name()).collect())
            .unwrap_or_default();
        let leader = view
            .leaders
            .get(i)
            .copied()
            .flatten()
            .map_or("no leader", |l| l.name());
        let mut line = format!(
            "{}{}: {} VT, {} gold, {} on the hold, {} in hand, {leader}; {}, {}",
            if view.to_act == Actor::Seat(seat) {
                "> "
            } else {
                "  "
            },
            label(view, seat),
            view.vt.get(i).copied().unwrap_or(0),
            view.gold.get(i).copied().unwrap_or(0),
            view.hold_markers.get(i).copied().unwrap_or(0),
            count(view.hand_sizes.get(i).copied().unwrap_or(0).into(), "tile"),
            count(rooms as u32, "room"),
            count(mines as u32, "mine"),
        );
        if !trophies.is_empty() {
            line.push_str(&format!("; trophies: {}", trophies.join(", ")));
        }
        push_wrapped(out, &line, 4);
    }
}

fn own(out: &mut Vec<String>, view: &HoldView) {
    match &view.own_hand {
        Some(hand) => push_wrapped(out, &format!("Your hand: {}.", tiles_text(hand)), 2),
        None => out.push("You are watching: every hand is hidden.".to_string()),
    }
    if let Some(look) = &view.look {
        push_wrapped(
            out,
            &format!(
                "Through the Secret Passage you saw {}'s hand: {}.",
                colour(look.target),
                tiles_text(&look.hand)
            ),
            2,
        );
    }
}
