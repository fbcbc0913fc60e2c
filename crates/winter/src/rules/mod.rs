//! The rules: the week's flow and chance points ([`flow`]), monsters ([`invasion`]), what may be
//! done ([`legal`]), doing it ([`apply`]), who goes home after a fight ([`squads`]), the heroes'
//! abilities ([`heroes`]) and the end ([`score`]).

pub(crate) mod apply;
pub(crate) mod flow;
pub(crate) mod heroes;
pub(crate) mod invasion;
pub(crate) mod legal;
pub(crate) mod score;
pub(crate) mod squads;

use crate::data::{RESOURCE_CAP, Resource, Zone};
use crate::state::{PlayerBoard, Winter};
use crate::types::DwarfKind;
use dwarfs_engine::{ChanceRng, Seat};

/// Draws one set bit of `pile` uniformly at random, removes it and returns its index.
pub(crate) fn draw_bit(rng: &mut ChanceRng, pile: &mut u64) -> Option<u8> {
    let n = pile.count_ones();
    if n == 0 {
        return None;
    }
    let mut k = rng.below(n);
    let mut m = *pile;
    loop {
        let i = m.trailing_zeros() as u8;
        if k == 0 {
            *pile &= !(1u64 << i);
            return Some(i);
        }
        k -= 1;
        m &= m - 1;
    }
}

/// [`draw_bit`] over a 32-bit pile.
pub(crate) fn draw_bit32(rng: &mut ChanceRng, pile: &mut u32) -> Option<u8> {
    let mut p = *pile as u64;
    let r = draw_bit(rng, &mut p);
    *pile = p as u32;
    r
}

impl PlayerBoard {
    /// Adds `n` of `r`, capped at 7; returns what was really gained.
    pub(crate) fn gain(&mut self, r: Resource, n: u8) -> u8 {
        let v = &mut self.resources[r.index()];
        let before = *v;
        *v = v.saturating_add(n).min(RESOURCE_CAP).max(before);
        *v - before
    }

    /// Loses 1 of `r` to a monster; food, wood or stone that is lacking is paid in gold. Returns
    /// the resource actually lost, if any.
    pub(crate) fn lose_to_monster(&mut self, r: Resource) -> Option<Resource> {
        if self.resources[r.index()] > 0 {
            self.resources[r.index()] -= 1;
            Some(r)
        } else if r != Resource::Gold && self.resources[Resource::Gold.index()] > 0 {
            self.resources[Resource::Gold.index()] -= 1;
            Some(Resource::Gold)
        } else {
            None
        }
    }

    /// Moves one dwarf of `kind` from the board at `zone` to the player board.
    pub(crate) fn send_home(&mut self, kind: DwarfKind, zone: Zone) {
        self.dwarfs[kind.index()][zone.index()] -= 1;
        self.home[kind.index()] = self.home[kind.index()].saturating_add(1);
    }

    /// Places one dwarf of `kind` from the player board at `zone`.
    pub(crate) fn put(&mut self, kind: DwarfKind, zone: Zone) {
        self.home[kind.index()] -= 1;
        let n = &mut self.dwarfs[kind.index()][zone.index()];
        *n = n.saturating_add(1);
    }

    /// Moves one dwarf of `kind` between zones.
    pub(crate) fn shift(&mut self, kind: DwarfKind, from: Zone, to: Zone) {
        self.dwarfs[kind.index()][from.index()] -= 1;
        let n = &mut self.dwarfs[kind.index()][to.index()];
        *n = n.saturating_add(1);
    }

    /// True if this player has a dwarf in `zone` or next to it.
    pub(crate) fn near(&self, zone: Zone) -> bool {
        self.occupied() & (zone.adjacent_mask() | 1 << zone.0) != 0
    }
}

impl Winter {
    /// The seat after `seat`, clockwise.
    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.players.max(1))
    }

    /// The board of `seat`, mutably (the last board for a seat out of range, which
    /// [`Winter::structure`] refuses before any rule runs).
    pub(crate) fn seat_mut(&mut self, seat: Seat) -> &mut PlayerBoard {
        &mut self.seats[seat.index().min(crate::state::MAX_SEATS - 1)]
    }

    /// Every seat, in seat order.
    pub(crate) fn seat_list(&self) -> impl Iterator<Item = Seat> + Clone + use<> {
        Seat::all(self.players)
    }

    /// True if some player has a dwarf in `zone` or next to it.
    pub(crate) fn anyone_near(&self, zone: Zone) -> bool {
        self.seat_list().any(|s| self.player(s).near(zone))
    }
}
