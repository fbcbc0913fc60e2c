//! Listing the legal actions of a seat, cheaply (no allocation beyond the output vector).

use crate::data::{
    Card, Instrument, MonsterAbility, MonsterId, POOL, POOL_COST, Resources, ZONES, Zone,
};
use crate::state::{PlayerBoard, Stage, Winter};
use crate::types::{DwarfKind, Pick, WinterAction};
use dwarfs_engine::Seat;

impl PlayerBoard {
    /// This player's strength against a monster in `zone`: the Ice Warrior counts as 2.
    pub(crate) fn monster_strength(&self, zone: Zone) -> u8 {
        self.dwarfs_in(zone)
            .saturating_add(self.count(DwarfKind::IceWarrior, zone))
    }

    /// True if the player holds at least `cost`.
    pub(crate) fn can_pay(&self, cost: &Resources) -> bool {
        self.resources.iter().zip(cost).all(|(h, c)| h >= c)
    }
}

/// What a disaster costs a player, as the greedy bot reckons it: with their Earth Guardian in
/// its zone, 1 less of one resource (the first, in gold-food-stone-wood order, that they lack;
/// else the first needed). The player chooses the resource ([`PlayerBoard::disaster_payments`]).
pub(crate) fn disaster_cost(p: &PlayerBoard, cost: &Resources, zone: Zone) -> Resources {
    let mut c = *cost;
    if p.count(DwarfKind::EarthGuardian, zone) > 0 {
        let lacking = (0..4).find(|&i| c[i] > p.resources[i]);
        let first = (0..4).find(|&i| c[i] > 0);
        if let Some(i) = lacking.or(first) {
            c[i] -= 1;
        }
    }
    c
}

impl Winter {
    /// True if `instrument` is silenced by a Harpy standing in a zone of its type.
    pub(crate) fn silenced(&self, instrument: Instrument) -> bool {
        self.monsters().any(|(m, z)| {
            m.card().kind.ability() == MonsterAbility::SilenceInstrument
                && z.kind().instrument() == instrument
        })
    }

    /// Why `seat` may not start music on `instrument` now (`None`: it may).
    pub(crate) fn music_refusal(&self, seat: Seat, instrument: Instrument) -> Option<&'static str> {
        let p = self.player(seat);
        if p.tokens == 0 {
            return Some("your music token is already in the Music Hall");
        }
        if !self.solo() {
            if self.week.turn.music > 0 {
                return Some("you may play music only once per turn");
            }
            if p.actions_left == 0 {
                return Some("you have no actions left");
            }
        }
        if self.board.music_hall[instrument.index()].is_some() {
            return Some("that instrument has already been played this week");
        }
        if self.silenced(instrument) {
            return Some("a Harpy silences that instrument");
        }
        None
    }

    /// True if `seat` can defeat monster `m` now (free action).
    pub(crate) fn can_defeat(&self, seat: Seat, m: MonsterId) -> bool {
        if !m.is_valid() || self.board.monsters & (1 << m.0) == 0 {
            return false;
        }
        let zone = self.board.monster_zone[m.0 as usize];
        let p = self.player(seat);
        let card = m.card();
        p.monster_strength(zone) >= card.dwarfs && p.can_pay(&card.cost)
    }

    /// True if `seat` can overcome disaster `d` now (free action).
    pub(crate) fn can_overcome(&self, seat: Seat, d: crate::data::DisasterId) -> bool {
        if !d.is_valid() || self.board.disasters & (1 << d.0) == 0 {
            return false;
        }
        self.player(seat).can_overcome(d.card())
    }

    /// The legal actions of `seat` now, into `out` (cleared first).
    pub(crate) fn legal_for(&self, seat: Seat, out: &mut Vec<WinterAction>) {
        out.clear();
        if self.end.is_some()
            || self.week.refill
            || seat.0 >= self.players
            || self.structure().is_err()
        {
            return;
        }
        match self.week.stage {
            Stage::Setup | Stage::Reinforce | Stage::Over => {}
            Stage::Defenders { seat: s, .. } => {
                if s == seat {
                    for z in Zone::all() {
                        out.push(WinterAction::Place {
                            kind: DwarfKind::Worker,
                            zone: z,
                        });
                    }
                }
            }
            Stage::Attack => {
                if seat == self.week.first {
                    for i in crate::state::bits32(self.board.to_attack) {
                        out.push(WinterAction::Attack(MonsterId(i)));
                    }
                }
            }
            Stage::Push { by } => {
                if seat == self.week.first {
                    for i in crate::state::bits32(self.board.monsters & !(1 << by.0)) {
                        out.push(WinterAction::Push(MonsterId(i)));
                    }
                }
            }
            Stage::Prepare => {
                let p = self.player(seat);
                if !p.chosen && self.solo() {
                    // Solitaire: one card at a time, any not picked yet.
                    out.extend(Card::in_mask(p.deck & !p.hand).map(WinterAction::PickCard));
                } else if !p.chosen {
                    hands(p.deck, p.hand_size.min(p.deck_size()), out);
                }
            }
            Stage::Turn => {
                if self.week.turn.seat == seat {
                    self.turn_actions(seat, out);
                }
            }
            Stage::Music(m) => {
                if m.current == seat {
                    if m.effect.is_some() {
                        self.effect_actions(seat, out);
                    } else {
                        self.card_actions(seat, m.instrument, out);
                        // The leader's music is part of their turn: free actions between
                        // their cards (not for the players answering, whose turn it is not).
                        if seat == m.leader {
                            self.free_actions(seat, out);
                        }
                    }
                    out.push(WinterAction::Done);
                }
            }
        }
    }

    fn turn_actions(&self, seat: Seat, out: &mut Vec<WinterAction>) {
        let p = self.player(seat);
        let t = self.week.turn;
        for kind in DwarfKind::ALL {
            if p.home[kind.index()] == 0 || (p.actions_left == 0 && kind != DwarfKind::ThunderKing)
            {
                continue;
            }
            for z in 0..ZONES as u8 {
                if t.placed & (1 << z) == 0 {
                    out.push(WinterAction::Place {
                        kind,
                        zone: Zone(z),
                    });
                }
            }
        }
        if p.actions_left > 0 {
            own_moves(seat, p, None, out);
            if !t.acquired || self.solo() {
                for (slot, (card, cost)) in self.decks.pool.iter().zip(POOL_COST).enumerate() {
                    if card.is_some() && p.resources[0] >= cost {
                        out.push(WinterAction::Acquire { slot: slot as u8 });
                    }
                }
            }
        }
        for i in Instrument::ALL {
            if self.music_refusal(seat, i).is_none() {
                out.push(WinterAction::PlayMusic(i));
            }
        }
        self.free_actions(seat, out);
        out.push(WinterAction::Done);
    }

    /// The free actions of `seat`: every monster it can defeat and disaster it can overcome,
    /// with each choice of who goes home.
    fn free_actions(&self, seat: Seat, out: &mut Vec<WinterAction>) {
        for (m, _) in self.monsters() {
            self.defeats(seat, m, out);
        }
        for d in self.disasters() {
            self.overcomes(seat, d, out);
        }
    }

    fn card_actions(&self, seat: Seat, instrument: Instrument, out: &mut Vec<WinterAction>) {
        let p = self.player(seat);
        for card in Card::in_mask(p.hand) {
            if card.data().music != instrument {
                continue;
            }
            self.card_picks(seat, card, &mut |pick| {
                out.push(WinterAction::PlayCard { card, pick })
            });
        }
    }

    fn effect_actions(&self, seat: Seat, out: &mut Vec<WinterAction>) {
        let Stage::Music(m) = self.week.stage else {
            return;
        };
        let Some(e) = m.effect else { return };
        match e.card.data().ability {
            crate::data::HeroAbility::MoveIn(zt, _) => {
                for owner in self.seat_list() {
                    let p = self.player(owner);
                    for kind in DwarfKind::ALL {
                        for z in Zone::all() {
                            if z.kind() != zt {
                                continue;
                            }
                            if available(p, owner, kind, z, e.moved) == 0 {
                                continue;
                            }
                            for to in z.adjacent() {
                                out.push(WinterAction::Move {
                                    owner,
                                    kind,
                                    from: z,
                                    to,
                                });
                            }
                        }
                    }
                }
            }
            crate::data::HeroAbility::PlaceOrMove(_) => {
                let p = self.player(seat);
                for kind in DwarfKind::ALL {
                    if p.home[kind.index()] > 0 {
                        for z in Zone::all() {
                            out.push(WinterAction::Place { kind, zone: z });
                        }
                    }
                }
                own_moves(seat, p, e.moved, out);
            }
            _ => {}
        }
    }
}

/// Dwarfs of (`owner`, `kind`) in `zone` that may still be moved, the one already moved by the
/// same card excepted.
pub(crate) fn available(
    p: &PlayerBoard,
    owner: Seat,
    kind: DwarfKind,
    zone: Zone,
    moved: Option<(Seat, DwarfKind, Zone)>,
) -> u8 {
    let n = p.count(kind, zone);
    if moved == Some((owner, kind, zone)) {
        n.saturating_sub(1)
    } else {
        n
    }
}

/// Every move of one of `seat`'s dwarfs to an adjacent zone.
fn own_moves(
    seat: Seat,
    p: &PlayerBoard,
    moved: Option<(Seat, DwarfKind, Zone)>,
    out: &mut Vec<WinterAction>,
) {
    for kind in DwarfKind::ALL {
        for z in Zone::all() {
            if available(p, seat, kind, z, moved) == 0 {
                continue;
            }
            for to in z.adjacent() {
                out.push(WinterAction::Move {
                    owner: seat,
                    kind,
                    from: z,
                    to,
                });
            }
        }
    }
}

/// Every hand of `k` cards from `deck`, as masks in increasing order of their ranks among the
/// deck's cards (Gosper's hack over the deck's positions).
pub(crate) fn hands(deck: u64, k: u8, out: &mut Vec<WinterAction>) {
    let mut pos = [0u8; 64];
    let mut n = 0usize;
    let mut m = deck;
    while m != 0 {
        pos[n] = m.trailing_zeros() as u8;
        n += 1;
        m &= m - 1;
    }
    let k = k as usize;
    if k > n {
        return;
    }
    if k == 0 {
        out.push(WinterAction::ChooseHand(0));
        return;
    }
    let limit: u64 = 1u64 << n;
    let mut c: u64 = (1u64 << k) - 1;
    while c < limit {
        let mut hand = 0u64;
        let mut b = c;
        while b != 0 {
            hand |= 1u64 << pos[b.trailing_zeros() as usize];
            b &= b - 1;
        }
        out.push(WinterAction::ChooseHand(hand));
        // Gosper's hack: the next number with k bits set.
        let u = c & c.wrapping_neg();
        let v = c + u;
        c = v + (((v ^ c) / u) >> 2);
    }
}

impl Winter {
    /// Calls `f` with every pick with which `seat` may play `card` now (none if it cannot be
    /// played).
    pub(crate) fn card_picks(&self, seat: Seat, card: Card, f: &mut dyn FnMut(Pick)) {
        use crate::data::HeroAbility as A;
        let p = self.player(seat);
        match card.data().ability {
            A::Produce(_) | A::Gain(_) | A::MoveIn(..) | A::PlaceOrMove(_) => f(Pick::Nothing),
            A::GainEither(a, b) => {
                f(Pick::Resource(a));
                f(Pick::Resource(b));
            }
            A::Summon => {
                if p.resources[0] >= crate::data::SUMMON_COST {
                    for slot in 0..POOL {
                        if self.decks.pool[slot].is_some() {
                            f(Pick::Slot(slot as u8));
                        }
                    }
                }
            }
            A::Convert(from, _) => {
                if p.resource(from) > 0 {
                    f(Pick::Nothing);
                }
            }
            A::Dismiss => {
                for kind in DwarfKind::ALL {
                    for z in Zone::all() {
                        if p.count(kind, z) > 0 {
                            f(Pick::Dwarf(kind, z));
                        }
                    }
                }
            }
            A::Upgrade => {
                if self.options.legendary
                    && p.home[DwarfKind::Worker.index()] > 0
                    && p.resources[0] >= crate::data::UPGRADE_COST
                {
                    for kind in DwarfKind::LEGENDS {
                        if !p.has_legend(kind) {
                            f(Pick::Legend(kind));
                        }
                    }
                }
            }
        }
    }
}
