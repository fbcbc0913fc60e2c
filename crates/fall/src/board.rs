//! The shared layout: a fixed grid of stacks of kingdom cards, the meeples on them, walls and
//! kingdoms.
//!
//! Storage is a handful of fixed byte arrays (cheap to copy, encode and hash):
//! - `top[cell]`: the card on top of the stack at each cell (or none);
//! - `below[card]`: the card directly under a card on the board (a linked list down each stack);
//! - `cell[card]`: where a card on the board lies;
//! - `rot[card]`: quarter turns clockwise (always 0 in the classic edition, which never rotates);
//! - `dwarfs[card * 4 + colour]`: meeples of each colour on a card. Meeples only ever stand on
//!   the top card of a stack (nothing stacks on a card with meeples, nothing digs one).

use crate::types::{CELLS, Card, CardType, Colour, Dir, Kind, Pos, neighbour};

/// Kingdom cards in the game (9 per colour, 4 colours).
pub const CARDS: usize = 36;
/// "Nothing here" in the board arrays.
pub(crate) const NONE: u8 = u8::MAX;

/// A set of cells, as a bitset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellSet([u64; 3]);

impl CellSet {
    /// True if `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: u8) -> bool {
        self.0[(cell >> 6) as usize] & (1u64 << (cell & 63)) != 0
    }

    #[inline]
    pub(crate) fn insert_cell(&mut self, cell: u8) {
        self.0[(cell >> 6) as usize] |= 1u64 << (cell & 63);
    }

    /// Adds every cell of `other`.
    pub(crate) fn union_with(&mut self, other: &CellSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }

    /// Cells in the set.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(w as u8 * 64 + b)
            })
        })
    }
}

/// The shared layout of kingdom cards and the meeples on them. Encoded by
/// `Board::pack_into` (the state's canonical encoding).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    top: [u8; CELLS],
    below: [u8; CARDS],
    cell: [u8; CARDS],
    rot: [u8; CARDS],
    dwarfs: [u8; CARDS * 4],
    /// Derived, never encoded: for each cell, the directions (`1 << Dir`) with a passage to the
    /// neighbouring card. Kept up to date by every change of a top card or a rotation, so that
    /// walking and kingdom searches are one lookup per step.
    links: [u8; CELLS],
    /// Derived, never encoded: the cards on top of a stack, one bit per card id.
    tops: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            top: [NONE; CELLS],
            below: [NONE; CARDS],
            cell: [NONE; CARDS],
            rot: [0; CARDS],
            dwarfs: [0; CARDS * 4],
            links: [0; CELLS],
            tops: 0,
        }
    }
}

/// Printed open sides of every card id (the kind's, for every colour).
const OPEN: [u8; CARDS] = {
    let mut t = [0u8; CARDS];
    let mut i = 0;
    while i < CARDS {
        t[i] = crate::data::KINDS[i % 9].open;
        i += 1;
    }
    t
};

/// Meeple spots of every card id.
const SPOTS: [u8; CARDS] = {
    let mut t = [0u8; CARDS];
    let mut i = 0;
    while i < CARDS {
        t[i] = crate::data::KINDS[i % 9].spots;
        i += 1;
    }
    t
};

#[inline]
fn kind_of(card: u8) -> Kind {
    Kind::ALL[card as usize % 9]
}

impl Board {
    /// The card on top of the stack at `cell`, as an id.
    #[inline]
    pub(crate) fn top(&self, cell: u8) -> Option<u8> {
        match self.top[cell as usize] {
            NONE => None,
            c => Some(c),
        }
    }

    /// The cell of a card on the board.
    #[inline]
    pub(crate) fn cell_of(&self, card: u8) -> Option<u8> {
        match self.cell[card as usize] {
            NONE => None,
            c => Some(c),
        }
    }

    /// Cells holding at least one card, in increasing order, via their top cards.
    #[inline]
    pub(crate) fn top_cards(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let mut bits = self.tops;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let card = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some((self.cell[card as usize], card))
        })
    }

    /// Recomputes the top-card bits of one cell's old and new top cards.
    #[inline]
    fn set_top(&mut self, cell: u8, card: u8) {
        let old = self.top[cell as usize];
        if (old as usize) < CARDS {
            self.tops &= !(1u64 << old);
        }
        self.top[cell as usize] = card;
        if (card as usize) < CARDS {
            self.tops |= 1u64 << card;
        }
    }

    /// True if any colour's card of `kind` is on the mat.
    #[inline]
    pub(crate) fn kind_in_play(&self, kind: Kind) -> bool {
        (0..4).any(|c| self.cell[c * 9 + kind as usize] != NONE)
    }

    /// True if any monster is on the mat.
    #[inline]
    pub(crate) fn monster_in_play(&self) -> bool {
        self.kind_in_play(Kind::FireDragon) || self.kind_in_play(Kind::FrostGiant)
    }

    /// True when no card is on the mat.
    pub(crate) fn is_empty(&self) -> bool {
        self.cell.iter().all(|&c| c == NONE)
    }

    /// Quarter turns of a card.
    #[inline]
    pub(crate) fn rotation(&self, card: u8) -> u8 {
        self.rot[card as usize] & 3
    }

    /// True if side `dir` of `card` (as it lies) is open.
    #[inline]
    pub(crate) fn side_open(&self, card: u8, dir: Dir) -> bool {
        let printed = (dir as u8 + 4 - self.rotation(card)) & 3;
        OPEN[card as usize] & (1 << printed) != 0
    }

    /// The neighbouring cell in `dir` if a dwarf can walk there from `cell`: both cards exist and
    /// both facing sides are open.
    #[inline]
    pub(crate) fn passage(&self, cell: u8, dir: Dir) -> Option<u8> {
        if self.links[cell as usize] & (1 << dir as u8) != 0 {
            neighbour(cell, dir)
        } else {
            None
        }
    }

    /// The top card of `cell` if it is a valid card id (decoded boards are range-checked only
    /// after unpacking).
    #[inline]
    fn valid_top(&self, cell: u8) -> Option<u8> {
        let c = self.top[cell as usize];
        ((c as usize) < CARDS).then_some(c)
    }

    /// Recomputes the passages of `cell` and of its neighbours (after its top card or that
    /// card's rotation changed).
    fn relink(&mut self, cell: u8) {
        self.links[cell as usize] = self.links_of(cell);
        for d in Dir::ALL {
            if let Some(n) = neighbour(cell, d) {
                self.links[n as usize] = self.links_of(n);
            }
        }
    }

    /// The passages of `cell`, from the cards on the mat.
    fn links_of(&self, cell: u8) -> u8 {
        let Some(card) = self.valid_top(cell) else {
            return 0;
        };
        let open = self.open_mask(card);
        let mut links = 0;
        for d in Dir::ALL {
            if open & (1 << d as u8) != 0
                && let Some(n) = neighbour(cell, d)
                && let Some(to) = self.valid_top(n)
                && self.open_mask(to) & (1 << d.opposite() as u8) != 0
            {
                links |= 1 << d as u8;
            }
        }
        links
    }

    /// Meeples of `colour` on `card`.
    #[inline]
    pub(crate) fn dwarfs(&self, card: u8, colour: usize) -> u8 {
        self.dwarfs[card as usize * 4 + colour]
    }

    /// Meeples of every colour on `card`.
    #[inline]
    pub(crate) fn dwarfs_all(&self, card: u8) -> [u8; 4] {
        let i = card as usize * 4;
        [
            self.dwarfs[i],
            self.dwarfs[i + 1],
            self.dwarfs[i + 2],
            self.dwarfs[i + 3],
        ]
    }

    /// Total meeples on `card`.
    #[inline]
    pub(crate) fn dwarf_total(&self, card: u8) -> u8 {
        self.dwarfs_all(card).iter().sum()
    }

    /// Free spots on `card`.
    #[inline]
    pub(crate) fn free_spots(&self, card: u8) -> u8 {
        SPOTS[card as usize].saturating_sub(self.dwarf_total(card))
    }

    /// Adds one meeple of `colour` to `card`.
    #[inline]
    pub(crate) fn add_dwarf(&mut self, card: u8, colour: usize) {
        self.dwarfs[card as usize * 4 + colour] += 1;
    }

    /// Removes one meeple of `colour` from `card`.
    #[inline]
    pub(crate) fn remove_dwarf(&mut self, card: u8, colour: usize) {
        self.dwarfs[card as usize * 4 + colour] -= 1;
    }

    /// Removes `n` meeples of `colour` from `card`.
    #[inline]
    pub(crate) fn remove_dwarfs(&mut self, card: u8, colour: usize, n: u8) {
        self.dwarfs[card as usize * 4 + colour] -= n;
    }

    /// Removes every meeple from `card`, returning how many of each colour there were.
    pub(crate) fn clear_dwarfs(&mut self, card: u8) -> [u8; 4] {
        let d = self.dwarfs_all(card);
        let i = card as usize * 4;
        self.dwarfs[i..i + 4].fill(0);
        d
    }

    /// Meeples of `colour` on the whole board.
    pub(crate) fn dwarfs_of(&self, colour: usize) -> u8 {
        (0..CARDS).map(|c| self.dwarfs[c * 4 + colour]).sum()
    }

    /// Turns `card` a quarter turn (3rd edition decrees).
    pub(crate) fn rotate(&mut self, card: u8, clockwise: bool) {
        let r = &mut self.rot[card as usize];
        *r = if clockwise {
            (*r + 1) & 3
        } else {
            (*r + 3) & 3
        };
        if let Some(cell) = self.cell_of(card) {
            self.relink(cell);
        }
    }

    /// Puts `card` on `cell` (on top of what is there), turned `quarter_turns` clockwise. The
    /// caller has checked the rules.
    pub(crate) fn put_turned(&mut self, card: u8, cell: u8, quarter_turns: u8) {
        self.rot[card as usize] = quarter_turns & 3;
        self.put(card, cell);
    }

    /// Puts `card` on `cell` (on top of what is there). The caller has checked the rules.
    pub(crate) fn put(&mut self, card: u8, cell: u8) {
        self.below[card as usize] = self.top[cell as usize];
        self.set_top(cell, card);
        self.cell[card as usize] = cell;
        self.relink(cell);
    }

    /// Removes the top card of `cell` (a defeated monster) and returns it.
    pub(crate) fn take_top(&mut self, cell: u8) -> Option<u8> {
        let card = self.top(cell)?;
        self.set_top(cell, self.below[card as usize]);
        self.below[card as usize] = NONE;
        self.cell[card as usize] = NONE;
        self.rot[card as usize] = 0;
        self.clear_dwarfs(card);
        self.relink(cell);
        Some(card)
    }

    /// Digs the stack at `cell`: its top card goes to the bottom, unrotated.
    pub(crate) fn dig(&mut self, cell: u8) {
        let Some(t) = self.top(cell) else { return };
        let new_top = self.below[t as usize];
        if new_top == NONE {
            return;
        }
        let mut bottom = new_top;
        while self.below[bottom as usize] != NONE {
            bottom = self.below[bottom as usize];
        }
        self.below[bottom as usize] = t;
        self.below[t as usize] = NONE;
        self.set_top(cell, new_top);
        self.relink(cell);
    }

    /// The cards of the stack at `cell`, bottom first.
    pub(crate) fn stack(&self, cell: u8) -> Vec<u8> {
        let mut v = Vec::new();
        let mut c = self.top[cell as usize];
        while c != NONE && v.len() < CARDS {
            v.push(c);
            c = self.below[c as usize];
        }
        v.reverse();
        v
    }

    /// Cards in the stack at `cell`.
    pub(crate) fn height(&self, cell: u8) -> u8 {
        let mut n = 0;
        let mut c = self.top[cell as usize];
        while c != NONE && n < CARDS as u8 {
            n += 1;
            c = self.below[c as usize];
        }
        n
    }

    /// Open sides of `card` as it lies, as a mask of `1 << Dir`.
    #[inline]
    fn open_mask(&self, card: u8) -> u8 {
        let o = OPEN[card as usize];
        let r = self.rot[card as usize] & 3;
        ((o << r) | (o >> ((4 - r) & 3))) & 0xF
    }

    /// The cells reachable from `start` through open sides (including `start`): the walled area
    /// a card lies in. From a castle, this is its kingdom.
    pub(crate) fn region(&self, start: u8) -> CellSet {
        let mut seen = CellSet::default();
        if self.top(start).is_none() {
            return seen;
        }
        let mut queue = [0u8; CARDS];
        let (mut head, mut tail) = (0usize, 1usize);
        queue[0] = start;
        seen.insert_cell(start);
        while head < tail {
            let c = queue[head];
            head += 1;
            let mut links = self.links[c as usize];
            while links != 0 {
                let d = links.trailing_zeros() as usize;
                links &= links - 1;
                let n = crate::types::NEIGHBOURS[c as usize][d];
                if !seen.contains(n) && tail < CARDS {
                    seen.insert_cell(n);
                    queue[tail] = n;
                    tail += 1;
                }
            }
        }
        seen
    }

    /// The kingdoms of the first `players` colours (`None` while a castle is not in play), each
    /// searched once even when several castles share it.
    pub(crate) fn kingdoms(&self, players: usize) -> [Option<CellSet>; 4] {
        let mut out = [None; 4];
        for s in 0..players.min(4) {
            let castle = Card {
                colour: Colour::ALL[s],
                kind: Kind::Castle,
            }
            .id();
            let Some(cell) = self.cell_of(castle) else {
                continue;
            };
            let shared = out[..s]
                .iter()
                .flatten()
                .find(|k: &&CellSet| k.contains(cell))
                .copied();
            out[s] = Some(shared.unwrap_or_else(|| self.region(cell)));
        }
        out
    }

    /// True if any top card in `set` is a monster (or of the given kind, when `only` is set).
    pub(crate) fn has_monster(&self, set: &CellSet, only: Option<Kind>) -> bool {
        // Monsters are never stacked on or buried, so a monster on the mat is always on top.
        let kinds: &[Kind] = match only {
            Some(k) => &[k],
            None => &[Kind::FireDragon, Kind::FrostGiant],
        };
        kinds.iter().any(|&k| {
            k.is_monster()
                && (0..4).any(|c| {
                    let cell = self.cell[c * 9 + k as usize];
                    cell != NONE && set.contains(cell)
                })
        })
    }

    /// The kingdom of `colour`'s castle: the cells reachable from it, or `None` while the castle
    /// is not in play.
    pub(crate) fn kingdom(&self, colour: Colour) -> Option<CellSet> {
        let castle = Card {
            colour,
            kind: Kind::Castle,
        }
        .id();
        self.cell_of(castle).map(|c| self.region(c))
    }

    /// Sum of the VP of the top cards in `set`.
    pub(crate) fn vp_of(&self, set: &CellSet) -> i32 {
        self.top_cards()
            .filter(|(c, _)| set.contains(*c))
            .map(|(_, card)| kind_of(card).data().vp as i32)
            .sum()
    }

    /// True if `card` could go on `cell` by the placement rules (empty cell next to a card, the
    /// centre on an empty mat, or a stack of the same type with no meeples on top).
    ///
    /// `blocked` cells (memorial cards) take no card but count as cards for adjacency.
    pub(crate) fn can_put(
        &self,
        card_kind: Kind,
        cell: u8,
        empty_mat: bool,
        blocked: &CellSet,
    ) -> bool {
        if blocked.contains(cell) {
            return false;
        }
        match self.top(cell) {
            None => {
                if empty_mat {
                    Pos::CENTRE.cell() == Some(cell)
                } else {
                    Dir::ALL.iter().any(|&d| {
                        neighbour(cell, d)
                            .is_some_and(|n| self.top(n).is_some() || blocked.contains(n))
                    })
                }
            }
            Some(t) => {
                let tk = kind_of(t);
                let ty = tk.card_type();
                ty == card_kind.card_type()
                    && ty != CardType::Castle
                    && ty != CardType::Monster
                    && self.dwarf_total(t) == 0
            }
        }
    }

    /// Every cell where a card of `card_kind` may go, in increasing order.
    pub(crate) fn placements(&self, card_kind: Kind, blocked: &CellSet, out: &mut impl FnMut(u8)) {
        let empty = self.is_empty() && blocked.is_empty();
        if empty {
            if let Some(c) = Pos::CENTRE.cell() {
                out(c);
            }
            return;
        }
        let mut cand = CellSet::default();
        for c in self.top_cards().map(|(c, _)| c).chain(blocked.iter()) {
            cand.insert_cell(c);
            for d in Dir::ALL {
                if let Some(n) = neighbour(c, d) {
                    cand.insert_cell(n);
                }
            }
        }
        for w in 0..3 {
            let mut bits = cand.0[w];
            while bits != 0 {
                let b = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let cell = (w as u8) * 64 + b;
                if self.can_put(card_kind, cell, false, blocked) {
                    out(cell);
                }
            }
        }
    }

    /// Bytes in the packed board.
    pub(crate) const PACKED_LEN: usize = CELLS + 3 * CARDS + 4 * CARDS;

    /// Writes the packed board (`top`, `below`, `cell`, `rot`, `dwarfs`) into `out`.
    pub(crate) fn pack_into(&self, out: &mut [u8]) {
        let mut i = 0;
        for part in [
            &self.top[..],
            &self.below[..],
            &self.cell[..],
            &self.rot[..],
            &self.dwarfs[..],
        ] {
            out[i..i + part.len()].copy_from_slice(part);
            i += part.len();
        }
    }

    /// Reads a packed board (exactly [`Board::PACKED_LEN`] bytes; ranges are checked later).
    pub(crate) fn unpack(b: &[u8]) -> Option<Board> {
        if b.len() != Self::PACKED_LEN {
            return None;
        }
        let mut board = Board::default();
        let mut i = 0;
        for part in [
            &mut board.top[..],
            &mut board.below[..],
            &mut board.cell[..],
            &mut board.rot[..],
            &mut board.dwarfs[..],
        ] {
            let n = part.len();
            part.copy_from_slice(&b[i..i + n]);
            i += n;
        }
        for c in 0..CELLS as u8 {
            board.links[c as usize] = board.links_of(c);
            if let Some(card) = board.valid_top(c) {
                board.tops |= 1u64 << card;
            }
        }
        Some(board)
    }

    /// Checks that every stored value is in range (for decoded states), before [`Board::check`].
    pub(crate) fn check_ranges(&self) -> Result<(), String> {
        let ok_card = |c: u8| c == NONE || (c as usize) < CARDS;
        if !self.top.iter().all(|&c| ok_card(c))
            || !self.below.iter().all(|&c| ok_card(c))
            || !self.cell.iter().all(|&c| c == NONE || (c as usize) < CELLS)
            || self.rot.iter().any(|&r| r > 3)
            || self.dwarfs.iter().any(|&d| d > 7)
        {
            return Err("malformed state: the board".into());
        }
        Ok(())
    }

    /// Checks the board's internal links; the message names what broke.
    pub(crate) fn check(&self) -> Result<(), String> {
        let mut seen = [false; CARDS];
        for cell in 0..CELLS as u8 {
            let mut c = self.top[cell as usize];
            let mut first = true;
            while c != NONE {
                if c as usize >= CARDS || seen[c as usize] {
                    return Err(format!("stack at {} is corrupt", Pos::of_cell(cell)));
                }
                seen[c as usize] = true;
                if self.cell[c as usize] != cell {
                    return Err(format!("card {c} does not know its cell"));
                }
                if !first && self.dwarfs_all(c) != [0; 4] {
                    return Err(format!("meeples under the top of {}", Pos::of_cell(cell)));
                }
                if !first && matches!(kind_of(c).card_type(), CardType::Castle | CardType::Monster)
                {
                    return Err(format!(
                        "a castle or monster is buried at {}",
                        Pos::of_cell(cell)
                    ));
                }
                first = false;
                c = self.below[c as usize];
            }
        }
        for (card, &on_board) in seen.iter().enumerate() {
            if !on_board && (self.cell[card] != NONE || self.dwarfs_all(card as u8) != [0; 4]) {
                return Err(format!(
                    "card {card} is off the board but has a cell or meeples"
                ));
            }
            if self.free_spots(card as u8) == 0
                && self.dwarf_total(card as u8) > kind_of(card as u8).data().spots
            {
                return Err(format!("card {card} holds more meeples than spots"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(colour: Colour, kind: Kind) -> u8 {
        Card { colour, kind }.id()
    }

    fn cell(x: i8, y: i8) -> u8 {
        Pos::new(x, y).cell().unwrap()
    }

    #[test]
    fn dig_moves_the_top_card_to_the_bottom_and_keeps_links() {
        let mut b = Board::default();
        let (e, r, g) = (
            id(Colour::Blue, Kind::EmeraldMine),
            id(Colour::Red, Kind::RubyMine),
            id(Colour::Green, Kind::GoldMine),
        );
        for c in [e, r, g] {
            b.put(c, cell(0, 0));
        }
        assert_eq!(b.stack(cell(0, 0)), vec![e, r, g]);
        b.dig(cell(0, 0));
        assert_eq!(b.stack(cell(0, 0)), vec![g, e, r]);
        assert_eq!(b.height(cell(0, 0)), 3);
        b.check().unwrap();
        // A single card cannot be dug.
        b.put(id(Colour::Blue, Kind::Tavern), cell(1, 0));
        b.dig(cell(1, 0));
        assert_eq!(b.stack(cell(1, 0)), vec![id(Colour::Blue, Kind::Tavern)]);
    }

    #[test]
    fn taking_a_monster_clears_its_meeples_and_cell() {
        let mut b = Board::default();
        let d = id(Colour::Red, Kind::FireDragon);
        b.put(d, cell(2, 2));
        b.add_dwarf(d, 1);
        assert_eq!(b.take_top(cell(2, 2)), Some(d));
        assert!(b.is_empty());
        assert_eq!(b.dwarfs_all(d), [0; 4]);
        b.check().unwrap();
    }

    #[test]
    fn regions_need_both_facing_sides_open() {
        let mut b = Board::default();
        // Castle (N E W open) with a diamond mine (N S open) to its east: the mine's west is a
        // wall, so they are not connected even though the castle's east is open.
        b.put(id(Colour::Blue, Kind::Castle), cell(0, 0));
        b.put(id(Colour::Blue, Kind::DiamondMine), cell(1, 0));
        assert_eq!(b.region(cell(0, 0)).len(), 1);
        assert_eq!(b.passage(cell(0, 0), Dir::East), None);
        // A dragon (all open) to the north joins.
        b.put(id(Colour::Red, Kind::FireDragon), cell(0, -1));
        let k = b.kingdom(Colour::Blue).unwrap();
        assert_eq!(k.iter().collect::<Vec<_>>(), vec![cell(0, -1), cell(0, 0)]);
        assert!(b.has_monster(&k, Some(Kind::FireDragon)));
        assert!(!b.has_monster(&k, Some(Kind::FrostGiant)));
        assert_eq!(b.vp_of(&k), 3 - 3);
    }

    #[test]
    fn placements_are_next_to_cards_or_on_matching_stacks() {
        let mut b = Board::default();
        let mut v = Vec::new();
        b.placements(Kind::Tavern, &CellSet::default(), &mut |c| v.push(c));
        assert_eq!(v, vec![cell(0, 0)]);
        b.put(id(Colour::Blue, Kind::EmeraldMine), cell(0, 0));
        v.clear();
        b.placements(Kind::RubyMine, &CellSet::default(), &mut |c| v.push(c));
        assert_eq!(v.len(), 5, "4 neighbours and the mine stack");
        v.clear();
        b.placements(Kind::Tavern, &CellSet::default(), &mut |c| v.push(c));
        assert_eq!(v.len(), 4, "a building does not stack on a mine");
        // At the mat's edge the off-mat neighbours are not offered.
        let mut b = Board::default();
        b.put(id(Colour::Blue, Kind::Tavern), cell(6, 6));
        v.clear();
        b.placements(Kind::Castle, &CellSet::default(), &mut |c| v.push(c));
        assert_eq!(v, vec![cell(6, 5), cell(5, 6)]);
    }

    #[test]
    fn board_round_trips_through_its_packing_with_its_passages() {
        let mut b = Board::default();
        b.put(id(Colour::Yellow, Kind::GoldMine), cell(-6, -6));
        b.add_dwarf(id(Colour::Yellow, Kind::GoldMine), 3);
        // The gold mine is open south and west, the ruby mine north and east.
        b.put(id(Colour::Blue, Kind::RubyMine), cell(-6, -5));
        assert_eq!(b.passage(cell(-6, -6), Dir::South), Some(cell(-6, -5)));
        let mut bytes = vec![0u8; Board::PACKED_LEN];
        b.pack_into(&mut bytes);
        let back = Board::unpack(&bytes).unwrap();
        assert_eq!(back, b, "the derived passages are rebuilt");
        assert_eq!(back.passage(cell(-6, -6), Dir::South), Some(cell(-6, -5)));
        assert!(Board::unpack(&bytes[..bytes.len() - 1]).is_none());
        // Turning the ruby mine a half turn walls its north side off.
        let mut turned = b.clone();
        turned.rotate(id(Colour::Blue, Kind::RubyMine), true);
        turned.rotate(id(Colour::Blue, Kind::RubyMine), true);
        assert_eq!(turned.passage(cell(-6, -6), Dir::South), None);
        assert_eq!(turned.passage(cell(-6, -5), Dir::North), None);
    }

    #[test]
    fn cell_set_iterates_in_order() {
        let mut s = CellSet::default();
        for c in [168u8, 3, 64, 63, 127] {
            s.insert_cell(c);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 63, 64, 127, 168]);
        assert_eq!(s.len(), 5);
    }
}
