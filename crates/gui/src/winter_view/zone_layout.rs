//! Where a zone's pieces go: its monsters' and disasters' chips, then everyone's dwarf tokens,
//! left to right below the zone's name, wrapping, and clear of the distance tag in its corner.
//!
//! A small zone (a phone's board) cannot hold two monsters and a disaster by their full names:
//! the chips then say less ("FG II" for Frost Giant II, "FB" for Flooded Barn), and at the last
//! in a smaller font, so that every piece stays inside its zone, where a tap on it lands. The
//! full name is in the chip's tooltip and its accessible label.

use super::Foe;
use egui::{Galley, Pos2, Rect, Vec2, pos2, vec2};
use std::sync::Arc;

/// The gap between two pieces in a row, and between rows.
const GAP: Vec2 = vec2(3.0, 2.0);
/// The padding around a chip's text.
const CHIP_PAD: Vec2 = vec2(10.0, 6.0);
/// The smallest font a chip is written in.
const MIN_CHIP_FONT: f32 = 7.0;

/// What a zone holds, to lay out.
pub(super) struct Pieces<'a> {
    /// The monsters and disasters, in drawing order.
    pub foes: &'a [Foe],
    /// How many dwarf tokens (one per owner and kind).
    pub tokens: usize,
}

/// The room a zone gives its pieces.
pub(super) struct Room {
    /// Below the zone's name, inside its border.
    pub area: Rect,
    /// The distance tag in its corner, if shown: nothing is put over it.
    pub avoid: Option<Rect>,
    /// The chips' font size, when they fit in it.
    pub font: f32,
    /// A dwarf token's side: as large as `max` while the zone has room below the chips, not
    /// smaller than `min`.
    pub token_max: f32,
    pub token_min: f32,
}

/// The pieces, placed.
pub(super) struct Placed {
    /// Each foe's chip and its text, laid out.
    pub chips: Vec<(Foe, Rect, Arc<Galley>)>,
    /// Each dwarf token's square.
    pub tokens: Vec<Rect>,
    /// The dwarf tokens' side.
    pub token: f32,
}

/// What a chip says: its full name, or its short form.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Words {
    Full,
    Short,
}

/// Lays the pieces out: with full names if everything fits, else short ones, else short ones
/// in a smaller font (kept even if they still overflow: nothing smaller reads).
pub(super) fn place(painter: &egui::Painter, room: &Room, pieces: &Pieces) -> Placed {
    let styles = [
        (Words::Full, room.font),
        (Words::Short, room.font),
        (Words::Short, (room.font - 1.5).max(MIN_CHIP_FONT)),
    ];
    let mut last = None;
    for (words, font) in styles {
        let placed = try_place(painter, room, pieces, words, font);
        if fits(room, &placed) {
            return placed;
        }
        last = Some(placed);
    }
    last.expect("three styles tried")
}

/// Whether every piece lies inside the area and clear of the tag.
fn fits(room: &Room, p: &Placed) -> bool {
    p.chips
        .iter()
        .map(|(_, r, _)| *r)
        .chain(p.tokens.iter().copied())
        .all(|r| room.area.contains_rect(r) && room.avoid.is_none_or(|a| !a.intersects(r)))
}

fn try_place(
    painter: &egui::Painter,
    room: &Room,
    pieces: &Pieces,
    words: Words,
    font: f32,
) -> Placed {
    let mut flow = Flow {
        area: room.area,
        avoid: room.avoid,
        at: room.area.min,
        row_h: 0.0,
    };
    let chips = pieces
        .foes
        .iter()
        .map(|&foe| {
            let text = match words {
                Words::Full => full_name(foe),
                Words::Short => short_name(&full_name(foe)),
            };
            let galley = painter.layout(
                text,
                egui::FontId::proportional(font),
                egui::Color32::PLACEHOLDER,
                room.area.width() - CHIP_PAD.x,
            );
            let rect = flow.next(galley.size() + CHIP_PAD);
            (foe, rect, galley)
        })
        .collect();
    flow.new_row();
    let token = room
        .token_max
        .min(room.area.max.y - flow.at.y)
        .max(room.token_min);
    let tokens = (0..pieces.tokens)
        .map(|_| flow.next(vec2(token, token)))
        .collect();
    Placed {
        chips,
        tokens,
        token,
    }
}

/// A foe's full name, as its chip says it when there is room.
fn full_name(foe: Foe) -> String {
    match foe {
        Foe::Monster(m) => super::words::monster_name(m),
        Foe::Disaster(d) => d.name().to_string(),
    }
}

/// The short form of a name: a word of up to 7 letters stays whole, a longer one is cut to 4
/// letters and a stop, a name of several words goes to its initials, and a monster's numeral
/// stays ("Frost Giant II" -> "FG II", "Yeti I" stays, "Flooded Barn" -> "FB", "Wildfire" ->
/// "Wild.").
fn short_name(name: &str) -> String {
    let mut words: Vec<&str> = name.split_whitespace().collect();
    let numeral = words
        .last()
        .filter(|w| w.chars().all(|c| matches!(c, 'I' | 'V' | '+')) && words.len() > 1)
        .copied();
    if numeral.is_some() {
        words.pop();
    }
    let body = match words.as_slice() {
        [one] if one.chars().count() <= 7 => one.to_string(),
        [one] => format!("{}.", one.chars().take(4).collect::<String>()),
        many => many.iter().filter_map(|w| w.chars().next()).collect(),
    };
    match numeral {
        Some(n) => format!("{body} {n}"),
        None => body,
    }
}

/// Lays pieces out left to right inside an area, wrapping to the next row, keeping a row's
/// pieces left of the tag where the row passes it.
struct Flow {
    area: Rect,
    avoid: Option<Rect>,
    at: Pos2,
    row_h: f32,
}

impl Flow {
    /// The right end of a row of pieces `h` high from the current row's top.
    fn row_end(&self, h: f32) -> f32 {
        let band = Rect::from_min_max(
            pos2(self.area.min.x, self.at.y),
            pos2(self.area.max.x, self.at.y + h),
        );
        match self.avoid {
            Some(a) if a.intersects(band) => a.min.x - GAP.x,
            _ => self.area.max.x,
        }
    }

    /// Starts a new row, unless the current one is empty.
    fn new_row(&mut self) {
        if self.at.x > self.area.min.x {
            self.at = pos2(self.area.min.x, self.at.y + self.row_h + GAP.y);
            self.row_h = 0.0;
        }
    }

    fn next(&mut self, size: Vec2) -> Rect {
        if self.at.x + size.x > self.row_end(size.y) {
            self.new_row();
        }
        let r = Rect::from_min_size(self.at, size);
        self.at.x += size.x + GAP.x;
        self.row_h = self.row_h.max(size.y);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_winter::{DisasterId, MonsterId};

    #[test]
    fn short_names_keep_a_short_word_and_the_numeral() {
        assert_eq!(short_name("Frost Giant II"), "FG II");
        assert_eq!(short_name("Yeti I"), "Yeti I");
        assert_eq!(short_name("Flooded Barn"), "FB");
        assert_eq!(short_name("Blight"), "Blight");
        assert_eq!(short_name("Wildfire"), "Wild.");
        assert_eq!(short_name("Cave-in"), "Cave-in");
        // Every monster's and disaster's short name is a word of at most 7 letters (and a
        // numeral), never longer than the name.
        let monsters = (0..64)
            .map(MonsterId)
            .filter(|m| m.is_valid())
            .map(super::super::words::monster_name);
        let disasters = (0..64)
            .map(DisasterId)
            .filter(|d| d.is_valid())
            .map(|d| d.name().to_string());
        for full in monsters.chain(disasters) {
            let short = short_name(&full);
            assert!(short.len() <= full.len(), "{full}");
            assert!(
                short.split(' ').next().unwrap().chars().count() <= 7,
                "{full}"
            );
        }
    }
}
