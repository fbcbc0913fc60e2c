//! Chance points (setup, draws, fights, gathering, quest prizes), monsters entering play, eras,
//! turns and the end of the game.

use crate::data::{
    AREA_SIZE, Ability, DECK_MONSTERS, DRAGON_DATA, DRAGONS, DWARFS, ERAS, FORTRESS_REVEALS,
    LINE_REVEALS, MONSTER_DATA, MONSTER_FAERIES, MONSTERS, PETALS, QUESTS, ROUNDS, SETUP_MONSTERS,
    SETUP_REVEALS, Spot, WAREHOUSE_LIMIT, WEBS_PER_SPIDER, WILDLANDS, wildland,
};
use crate::map::{self, Layout, Locs, Map};
use crate::state::{
    ChanceTask, ExpCard, NestDragon, Phase, Spring, hero_face, hero_id, is_monster,
};
use crate::types::SpringEvent as Ev;
use dwarfs_engine::ChanceRng;

/// Draws a uniformly random set bit of `mask` and clears it.
pub(crate) fn draw_bit(rng: &mut ChanceRng, mask: &mut u64) -> Option<u8> {
    let n = mask.count_ones();
    if n == 0 {
        return None;
    }
    take_bit(mask, rng.below(n))
}

/// Clears and returns the `k`-th set bit of `mask` (from the lowest), if it has that many.
fn take_bit(mask: &mut u64, mut k: u32) -> Option<u8> {
    let mut m = *mask;
    while m != 0 {
        let b = m.trailing_zeros();
        if k == 0 {
            *mask &= !(1u64 << b);
            return Some(b as u8);
        }
        k -= 1;
        m &= m - 1;
    }
    None
}

impl Spring {
    /// Resolves the pending chance task and everything random up to the next decision.
    pub(crate) fn resolve(&mut self, rng: &mut ChanceRng) -> Option<Vec<Ev>> {
        let task = self.flow.chance.take()?;
        let mut ev = Vec::new();
        match task {
            ChanceTask::Setup => self.setup(rng, &mut ev),
            ChanceTask::Draw { seat, n } => {
                self.draw_faeries(rng, seat as usize, n, &mut ev);
                self.after_placement(&mut ev);
            }
            ChanceTask::Fight { seat, wild } => {
                self.reveal(rng, seat as usize, wild, true, &mut ev)
            }
            ChanceTask::Gather { seat, wild } => {
                self.reveal(rng, seat as usize, wild, false, &mut ev)
            }
            ChanceTask::Quest { seat } => {
                let s = seat as usize;
                let e = &self.empires[s];
                if (e.nest.len() as u8) < e.nest_limit() {
                    let mut eggs = self.egg_pile();
                    if let Some(d) = draw_bit(rng, &mut eggs) {
                        self.give(s, d, &mut ev);
                    }
                }
                self.refill(rng, &mut ev);
            }
        }
        Some(ev)
    }

    /// The level 1 egg pile: every dragon nobody owns.
    pub(crate) fn egg_pile(&self) -> u64 {
        (0..DRAGONS)
            .filter(|&d| self.decks.owner[d].is_none())
            .fold(0, |m, d| m | 1 << d)
    }

    fn give(&mut self, s: usize, d: u8, ev: &mut Vec<Ev>) {
        self.decks.owner[d as usize] = Some(s as u8);
        self.empires[s].nest.push(NestDragon {
            dragon: d,
            level: 1,
            exhausted: false,
        });
        ev.push(Ev::DragonGained {
            seat: s as u8,
            dragon: d,
        });
    }

    fn draw_faeries(&mut self, rng: &mut ChanceRng, s: usize, n: u8, ev: &mut Vec<Ev>) {
        let mut cards = Vec::new();
        let n = n.min(self.room_in_hand(s));
        let mut pile = self.hidden.faerie_pile as u64;
        for _ in 0..n {
            let Some(c) = draw_bit(rng, &mut pile) else {
                break;
            };
            self.hidden.hands[s] |= 1 << c;
            cards.push(c);
        }
        self.hidden.faerie_pile = pile as u32;
        if !cards.is_empty() {
            ev.push(Ev::FaeriesDrawn {
                seat: s as u8,
                count: cards.len() as u8,
                cards,
            });
        }
    }

    fn setup(&mut self, rng: &mut ChanceRng, ev: &mut Vec<Ev>) {
        // 1. The map: a wildland in the centre, the other 18 petals around it.
        let centre = rng.below(WILDLANDS as u32) as u8;
        let mut rest: Vec<u8> = (0..PETALS as u8).filter(|&p| p != centre).collect();
        rng.shuffle(&mut rest);
        let mut layout = [0u8; PETALS];
        layout[0] = centre;
        layout[1..].copy_from_slice(&rest);
        self.board.map = Map::new(Layout(layout));
        ev.push(Ev::MapLaidOut { centre });
        // 2. Three monsters onto the map; six more into the expedition deck with every quest,
        // the last three back to the box. Which six is not drawn here: no deck order or make-up
        // exists before a draw, so the deck holds its quests and a count of monsters, and each
        // monster it shows is drawn from every unseen one then (`draw_expedition`).
        let mut monsters: u64 = (1 << MONSTERS) - 1;
        for slot in 0..SETUP_MONSTERS {
            if let Some(c) = draw_bit(rng, &mut monsters) {
                self.decks.area[slot] = Some(c);
                ev.push(Ev::CardRevealed { card: c });
                self.spawn(c, ev);
            }
        }
        self.decks.unseen = monsters as u16;
        self.decks.deck_monsters = DECK_MONSTERS as u8;
        self.decks.deck_quests = ((1u64 << QUESTS) - 1) << MONSTERS;
        for slot in SETUP_MONSTERS..SETUP_MONSTERS + SETUP_REVEALS {
            self.reveal_into(rng, slot, ev);
        }
        // 3. First player: seat 0 (the youngest player; see the rules doc).
        self.flow.first = 0;
        // 4-5. A white-ribbon dragon each; the rest of level 1 is the egg pile.
        let mut whites: u64 = (0..DRAGONS)
            .filter(|&d| DRAGON_DATA[d].white_ribbon)
            .fold(0, |m, d| m | 1 << d);
        for s in 0..self.players as usize {
            if let Some(d) = draw_bit(rng, &mut whites) {
                self.give(s, d, ev);
            }
        }
        // 6. A faerie each.
        for s in 0..self.players as usize {
            self.draw_faeries(rng, s, 1, ev);
        }
        self.flow.phase = Phase::Placement;
        self.flow.turn = 0;
    }

    /// Reveals the expedition deck's next card into area place `slot`.
    fn reveal_into(&mut self, rng: &mut ChanceRng, slot: usize, ev: &mut Vec<Ev>) {
        if let Some(c) = self.draw_expedition(rng) {
            self.decks.area[slot] = Some(c);
            ev.push(Ev::CardRevealed { card: c });
            if is_monster(c) {
                self.spawn(c, ev);
            }
        }
    }

    /// Draws the expedition deck's next card, or `None` when it is empty. The deck holds
    /// its quests and `deck_monsters` monsters of the `unseen` ones: the card is one of its
    /// `quests + deck_monsters` cards uniformly, and a monster is any unseen one uniformly.
    /// That is the rulebook's deck (six of the nine unseen monsters chosen at random and
    /// shuffled in with the quests) drawn one card at a time: whatever was drawn before, the
    /// deck's monsters are equally likely to be any `deck_monsters` of the unseen, so the next
    /// card is a monster with chance `deck_monsters / (quests + deck_monsters)`, and then each
    /// unseen one alike.
    pub(crate) fn draw_expedition(&mut self, rng: &mut ChanceRng) -> Option<ExpCard> {
        let d = &mut self.decks;
        let quests = d.deck_quests.count_ones();
        // A count beyond the unseen cards (no game reaches one) draws no card that is not there.
        let monsters = u32::from(d.deck_monsters).min(d.unseen.count_ones());
        if quests + monsters == 0 {
            return None;
        }
        let k = rng.below(quests + monsters);
        if k < monsters {
            let mut unseen = u64::from(d.unseen);
            let c = draw_bit(rng, &mut unseen)?;
            d.unseen = unseen as u16;
            d.deck_monsters = d.deck_monsters.saturating_sub(1);
            Some(c)
        } else {
            take_bit(&mut d.deck_quests, k - monsters)
        }
    }

    /// Places a monster entering play on its home wildland or the closest unoccupied one; with
    /// every wildland taken it waits in the area until one is freed.
    pub(crate) fn spawn(&mut self, c: ExpCard, ev: &mut Vec<Ev>) {
        let Some(m) = MONSTER_DATA.get(c as usize) else {
            return;
        };
        let taken = self.board.monster_at.map(|x| x.is_some());
        let w = self.board.map.closest_free_wildland(m.home as usize, taken);
        if let Some(w) = w {
            self.board.monster_at[w] = Some(c);
            if m.kind.ability() == Ability::Webs {
                self.spread_webs(c, w as u8);
            }
        }
        ev.push(Ev::MonsterSpawned {
            card: c,
            wild: w.map(|w| w as u8),
        });
    }

    /// Web tokens on the nearest free resource spots to the spider's wildland.
    fn spread_webs(&mut self, c: ExpCard, w: u8) {
        let occupied = self.occupied();
        let webbed = self.board.all_webs();
        let mut mine = Locs::EMPTY;
        for l in self.board.map.by_distance(w) {
            if mine.len() as u8 >= WEBS_PER_SPIDER {
                break;
            }
            if matches!(map::spot(l), Some(Spot::Resource { .. }))
                && !occupied.has(l)
                && !webbed.has(l)
            {
                mine.add(l);
            }
        }
        if let Some(slot) = self.board.webs.get_mut(c as usize) {
            *slot = mine;
        }
    }

    /// Refills every empty place of the area from the expedition deck, after placing any
    /// waiting monster on a freed wildland.
    fn refill(&mut self, rng: &mut ChanceRng, ev: &mut Vec<Ev>) {
        let waiting: Vec<ExpCard> = self
            .area_cards()
            .filter(|&c| is_monster(c) && self.monster_wild(c).is_none())
            .collect();
        for c in waiting {
            let taken = self.board.monster_at.map(|x| x.is_some());
            if taken.iter().any(|t| !t) {
                self.spawn(c, ev);
            }
        }
        for slot in 0..AREA_SIZE {
            if self.decks.area[slot].is_none() {
                self.reveal_into(rng, slot, ev);
            }
        }
    }

    /// A fight or a gathering: reveal heroes at random, count axes or backpacks.
    fn reveal(&mut self, rng: &mut ChanceRng, s: usize, wild: u8, fight: bool, ev: &mut Vec<Ev>) {
        let e = &self.empires[s];
        let around = self.board.map.adj(wild);
        let mut n = e.wild_dwarfs[wild as usize] + e.settlements.and(around).len() as u8;
        if e.fortress.is_some_and(|f| around.has(f)) {
            n += FORTRESS_REVEALS;
        }
        let mut deck = e.heroes;
        let mut cards = Vec::new();
        let (mut axes, mut packs) = (0u8, 0u8);
        for _ in 0..n {
            let Some(c) = draw_bit(rng, &mut deck) else {
                break;
            };
            let (a, b) = hero_face(c);
            axes += a;
            packs += b;
            cards.push(c);
        }
        let e = &mut self.empires[s];
        let successes = std::mem::take(&mut e.successes);
        let total = if fight { axes } else { packs }.saturating_add(successes);
        ev.push(Ev::HeroesRevealed {
            seat: s as u8,
            wild,
            fight,
            cards,
            successes,
            total,
        });
        if !fight {
            let r = wildland(wild as usize).0.gives();
            let v = &mut e.res[r.index()];
            *v = v.saturating_add(total);
            ev.push(Ev::Gathered {
                seat: s as u8,
                resource: r,
                amount: total,
            });
            return;
        }
        let Some(card) = self.board.monster_at[wild as usize] else {
            return;
        };
        if total < MONSTER_DATA[card as usize].axes {
            ev.push(Ev::FightLost {
                seat: s as u8,
                card,
            });
            return;
        }
        e.heroes |= 1 << hero_id(card);
        e.defeated += 1;
        self.board.monster_at[wild as usize] = None;
        if let Some(w) = self.board.webs.get_mut(card as usize) {
            *w = Locs::EMPTY;
        }
        for slot in &mut self.decks.area {
            if *slot == Some(card) {
                *slot = None;
            }
        }
        ev.push(Ev::MonsterDefeated {
            seat: s as u8,
            card,
        });
        self.draw_faeries(rng, s, MONSTER_FAERIES, ev);
        self.refill(rng, ev);
    }

    /// The start of an era: dwarfs home, dragons rest, production and the warehouse limit.
    pub(crate) fn start_era(&mut self, ev: &mut Vec<Ev>) {
        self.flow.phase = Phase::Actions;
        self.flow.era += 1;
        self.flow.round = 1;
        self.flow.turn = 0;
        self.flow.acted = false;
        self.flow.pending = None;
        ev.push(Ev::EraStarted {
            era: self.flow.era,
            first: self.flow.first,
        });
        for (s, e) in self.empires.iter_mut().enumerate() {
            e.dwarfs = Locs::EMPTY;
            e.wild_dwarfs = [0; WILDLANDS];
            e.used = 0;
            e.idle = 0;
            e.bastion = DWARFS;
            e.power_bonus = false;
            for d in &mut e.nest {
                d.exhausted = false;
            }
            let mut gained = [0u8; 3];
            let mut discarded = [0u8; 3];
            for line in 0..3 {
                gained[line] = LINE_REVEALS[line][..e.built[line] as usize].iter().sum();
                let v = e.res[line].saturating_add(gained[line]);
                discarded[line] = v.saturating_sub(WAREHOUSE_LIMIT);
                e.res[line] = v.min(WAREHOUSE_LIMIT);
            }
            ev.push(Ev::Produced {
                seat: s as u8,
                gained,
                discarded,
            });
        }
    }

    /// Ends the acting seat's turn: the next seat, round, era or the end.
    pub(crate) fn end_turn(&mut self, ev: &mut Vec<Ev>) {
        self.flow.acted = false;
        self.flow.turn += 1;
        if self.flow.turn < self.players {
            return;
        }
        self.flow.turn = 0;
        self.flow.round += 1;
        if self.flow.round <= ROUNDS {
            return;
        }
        // End of era.
        let short = self.area_cards().count() < AREA_SIZE;
        if short || self.flow.era >= ERAS {
            self.flow.phase = Phase::Over;
            ev.push(Ev::GameEnded { era: self.flow.era });
            return;
        }
        self.flow.first = (self.flow.first + 1) % self.players;
        self.start_era(ev);
    }
}
