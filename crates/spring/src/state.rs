//! The state of a game of Dwar7s Spring, split by what it describes: the map ([`Board`]), each
//! player's empire ([`Empire`]), the shared decks and the expedition area ([`Decks`]), where the
//! game stands ([`Flow`]), and what only some seats may know ([`Hidden`]).

use crate::data::{
    AREA_SIZE, DRAGONS, DWARFS, EXHAUST_TOKENS, FAERIE_DATA, FaerieKind, HAND_LIMIT, MONSTER_DATA,
    MONSTERS, MonsterKind, NEST_LIMIT, QUEST_BACKPACKS, QUEST_DATA, QUESTS, STARTING_HEROES,
    WILDLANDS, Yield,
};
use crate::map::{Layout, Loc, Locs, Map};
use crate::types::SpringOptions;
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};

/// A card of the expedition area and deck: monster cards `0..12`, quest `q` is `12 + q`.
pub type ExpCard = u8;

/// True if the expedition card is a monster.
#[inline]
pub fn is_monster(c: ExpCard) -> bool {
    (c as usize) < MONSTERS
}

/// The quest index of an expedition card, if it is a quest.
#[inline]
pub fn quest_of(c: ExpCard) -> Option<usize> {
    (c as usize).checked_sub(MONSTERS).filter(|&q| q < QUESTS)
}

/// Expedition cards in total.
pub const EXP_CARDS: usize = MONSTERS + QUESTS;
/// Cards a heroes deck can hold: 7 starting heroes, then every expedition card.
pub const HERO_CARDS: usize = STARTING_HEROES.len() + EXP_CARDS;

/// The heroes-deck card id of an expedition card.
#[inline]
pub fn hero_id(c: ExpCard) -> u8 {
    STARTING_HEROES.len() as u8 + c
}

/// The axes and backpacks a heroes-deck card shows: a starting hero its own, a quest
/// [`QUEST_BACKPACKS`], a monster none.
pub fn hero_face(id: u8) -> (u8, u8) {
    if let Some(h) = STARTING_HEROES.get(id as usize) {
        return (h.axes, h.backpacks);
    }
    match quest_of(id - STARTING_HEROES.len() as u8) {
        Some(_) => (0, QUEST_BACKPACKS),
        None => (0, 0),
    }
}

/// The name of a heroes-deck card.
pub fn hero_name(id: u8) -> String {
    if let Some(h) = STARTING_HEROES.get(id as usize) {
        return h.name.to_string();
    }
    exp_name(id.saturating_sub(STARTING_HEROES.len() as u8))
}

/// The name of an expedition card.
pub fn exp_name(c: ExpCard) -> String {
    if let Some(m) = MONSTER_DATA.get(c as usize) {
        return format!("{} ({} axes)", m.kind.name(), m.axes);
    }
    match quest_of(c) {
        Some(q) => format!("quest {} ({})", q + 1, crate::describe::requirement(q)),
        None => "?".into(),
    }
}

/// The action spots of an empire board; each holds one dwarf per era.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BoardSpot {
    /// Build the food line's leftmost settlement.
    BuildFood,
    /// Build the wood line's leftmost settlement.
    BuildWood,
    /// Build the gold line's leftmost settlement.
    BuildGold,
    /// Build the fortress.
    Fortress,
    /// Summon a faerie.
    Faerie,
    /// The first dragon spot.
    Dragon1,
    /// The second dragon spot (only after the first; +1 faerie power this era).
    Dragon2,
    /// The first expedition spot.
    Expedition1,
    /// The second expedition spot (may also remove a card from the heroes deck).
    Expedition2,
}

impl BoardSpot {
    /// The bit of this spot in [`Empire::used`].
    #[inline]
    pub fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Before the setup chance point.
    Setup,
    /// Starting settlements, in snake order.
    Placement,
    /// The actions phase of an era.
    Actions,
    /// The game is over.
    Over,
}

/// Randomness waiting to be resolved (the game stops at a chance point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChanceTask {
    /// The whole setup: map, monsters, expedition deck, dragons, a faerie each.
    Setup,
    /// `seat` draws `n` faerie cards.
    Draw {
        /// Who draws.
        seat: u8,
        /// How many.
        n: u8,
    },
    /// `seat` reveals heroes to fight the monster on wildland `wild`.
    Fight {
        /// Who fights.
        seat: u8,
        /// Where.
        wild: u8,
    },
    /// `seat` reveals heroes to gather on wildland `wild`.
    Gather {
        /// Who gathers.
        seat: u8,
        /// Where.
        wild: u8,
    },
    /// `seat` fulfilled a quest: draw a dragon egg (if the nest has room) and refill the area.
    Quest {
        /// Who.
        seat: u8,
    },
}

/// A decision the acting seat must finish before anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// A faerie card being applied: `left` applications remain.
    Faerie {
        /// The faerie played.
        kind: FaerieKind,
        /// Applications left.
        left: u8,
    },
    /// After the second expedition spot: remove one card from the heroes deck, or keep all.
    Remove,
    /// A dwarf just explored wildland `wild`: fight its monster (or gather), or decline.
    Wild {
        /// The wildland explored.
        wild: u8,
    },
}

/// Era, round, whose turn, and what is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flow {
    /// The phase.
    pub phase: Phase,
    /// The era, 1..=4 (0 before the first).
    pub era: u8,
    /// The round of the actions phase, 1..=7.
    pub round: u8,
    /// The seat holding the first-player token.
    pub first: u8,
    /// Placement: how many starting settlements are placed; actions: whose turn, counted from
    /// the first player.
    pub turn: u8,
    /// The acting seat has taken its dwarf action this turn.
    pub acted: bool,
    /// A decision to finish first.
    pub pending: Option<Pending>,
    /// Randomness to resolve before anyone acts.
    pub chance: Option<ChanceTask>,
}

/// The pieces on the world map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The petals and their adjacency.
    pub map: Map,
    /// The monster card on each wildland.
    pub monster_at: [Option<ExpCard>; WILDLANDS],
    /// Web tokens of each Giant Spider card (cards 0 and 1).
    pub webs: [Locs; 2],
}

impl Board {
    /// Every web token.
    pub fn all_webs(&self) -> Locs {
        self.webs[0].or(self.webs[1])
    }
}

/// One dragon in a nest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NestDragon {
    /// Which dragon (0..24).
    pub dragon: u8,
    /// Its level, 1..=3.
    pub level: u8,
    /// It carries an exhaust token.
    pub exhausted: bool,
}

/// One player's empire: board, treasury, pieces on the map, nest and heroes deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Empire {
    /// Food, wood and gold in the treasury.
    pub res: [u8; 3],
    /// Settlements built from each production line (food, wood, gold), 0..=4.
    pub built: [u8; 3],
    /// Where the fortress stands, once built.
    pub fortress: Option<Loc>,
    /// The locations of this player's settlements on the map.
    pub settlements: Locs,
    /// Grassland spots holding one of this player's dwarfs.
    pub dwarfs: Locs,
    /// This player's dwarfs on each wildland.
    pub wild_dwarfs: [u8; WILDLANDS],
    /// Dwarfs in the bastion.
    pub bastion: u8,
    /// Action spots of the board taken this era ([`BoardSpot::bit`]).
    pub used: u16,
    /// Dwarfs that found nothing to do this era (see the rules doc).
    pub idle: u8,
    /// The dragons nest.
    pub nest: Vec<NestDragon>,
    /// The heroes deck: a bit per card id (starting heroes 0..7, then 7 + expedition card).
    pub heroes: u64,
    /// Successes from dragons and faeries waiting for the next fight or gathering.
    pub successes: u8,
    /// Monsters defeated so far.
    pub defeated: u8,
    /// The second dragon spot was used this era (+1 faerie power).
    pub power_bonus: bool,
}

impl Empire {
    fn new() -> Empire {
        Empire {
            res: [0; 3],
            built: [0; 3],
            fortress: None,
            settlements: Locs::EMPTY,
            dwarfs: Locs::EMPTY,
            wild_dwarfs: [0; WILDLANDS],
            bastion: DWARFS,
            used: 0,
            idle: 0,
            nest: Vec::new(),
            heroes: (1 << STARTING_HEROES.len()) - 1,
            successes: 0,
            defeated: 0,
            power_bonus: false,
        }
    }

    /// Settlements and the fortress.
    pub fn buildings(&self) -> Locs {
        match self.fortress {
            Some(f) => self.settlements.or(Locs::one(f)),
            None => self.settlements,
        }
    }

    /// Every location holding one of this player's dwarfs (wildlands included).
    pub fn dwarf_locs(&self) -> Locs {
        let mut m = self.dwarfs;
        for (w, &n) in self.wild_dwarfs.iter().enumerate() {
            if n > 0 {
                m.add(w as Loc);
            }
        }
        m
    }

    /// The current faerie power.
    pub fn faerie_power(&self) -> u8 {
        1 + u8::from(self.power_bonus)
    }

    /// How many dragons the nest holds at most.
    pub fn nest_limit(&self) -> u8 {
        NEST_LIMIT + u8::from(self.fortress.is_some())
    }

    /// Exhaust tokens still in the treasury.
    pub fn tokens(&self) -> u8 {
        EXHAUST_TOKENS.saturating_sub(self.nest.iter().filter(|d| d.exhausted).count() as u8)
    }

    /// Dwarfs on the board's action spots (and idle ones).
    pub fn board_dwarfs(&self) -> u8 {
        self.used.count_ones() as u8 + self.idle
    }

    /// Dwarfs on the world map.
    pub fn map_dwarfs(&self) -> u8 {
        self.dwarfs.len() as u8 + self.wild_dwarfs.iter().sum::<u8>()
    }

    /// Total resources.
    pub fn total(&self) -> u32 {
        self.res.iter().map(|&r| r as u32).sum()
    }
}

/// The shared cards: the expedition area and deck, the dragons still in the egg pile.
///
/// The expedition deck is public in all it holds: its quests (every quest not yet seen) and how
/// many monster cards it holds. Which of the unseen monsters those are is decided by no one: the
/// deck's monsters and the three boxed at setup are alike face down (`unseen`), and a monster is
/// drawn from all of them only when the deck shows one (`rules/flow.rs::draw_expedition`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decks {
    /// The expedition area's six places.
    pub area: [Option<ExpCard>; AREA_SIZE],
    /// The quests in the face-down expedition deck (a bit per expedition card; never a
    /// monster's).
    pub deck_quests: u64,
    /// How many monster cards the expedition deck holds.
    pub deck_monsters: u8,
    /// The monster cards nobody has seen, in the expedition deck or in the box (a bit per
    /// card): `deck_monsters` of them will come, the others never, and which is which is drawn
    /// one card at a time.
    pub unseen: u16,
    /// The owner of each dragon (`None`: in the level 1 egg pile).
    pub owner: [Option<u8>; DRAGONS],
    /// Cards removed from heroes decks to the box (bits of [`hero_id`]s, per seat).
    pub removed: Vec<u64>,
}

/// What some seats may not see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden {
    /// Each seat's faerie hand (a bit per faerie card).
    pub hands: Vec<u32>,
    /// The face-down faerie pile (played faeries return to it): what no hand holds.
    pub faerie_pile: u32,
}

/// A game of Dwar7s Spring. Its canonical encoding is hand-packed (see `packed.rs`): the
/// options, then one byte string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spring {
    pub(crate) options: SpringOptions,
    pub(crate) players: u8,
    pub(crate) flow: Flow,
    pub(crate) board: Board,
    pub(crate) empires: Vec<Empire>,
    pub(crate) decks: Decks,
    pub(crate) hidden: Hidden,
}

impl Spring {
    /// A fresh game before its setup chance point.
    pub(crate) fn blank(options: SpringOptions, players: u8) -> Spring {
        let n = players as usize;
        Spring {
            options,
            players,
            flow: Flow {
                phase: Phase::Setup,
                era: 0,
                round: 0,
                first: 0,
                turn: 0,
                acted: false,
                pending: None,
                chance: Some(ChanceTask::Setup),
            },
            board: Board {
                map: Map::new(Layout(std::array::from_fn(|i| i as u8))),
                monster_at: [None; WILDLANDS],
                webs: [Locs::EMPTY; 2],
            },
            empires: (0..n).map(|_| Empire::new()).collect(),
            decks: Decks {
                area: [None; AREA_SIZE],
                deck_quests: 0,
                deck_monsters: 0,
                unseen: 0,
                owner: [None; DRAGONS],
                removed: vec![0; n],
            },
            hidden: Hidden {
                hands: vec![0; n],
                faerie_pile: (1u32 << FAERIE_DATA.len()) - 1,
            },
        }
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.flow.phase
    }
    /// Era, round, turn order and what is pending.
    pub fn flow(&self) -> &Flow {
        &self.flow
    }
    /// The map and its pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// A seat's empire.
    pub fn empire(&self, seat: Seat) -> Option<&Empire> {
        self.empires.get(seat.index())
    }
    /// The expedition area and the dragons' owners.
    pub fn decks(&self) -> &Decks {
        &self.decks
    }
    /// A seat's faerie hand. Private: show it only to that seat (use `observe`).
    pub fn hand(&self, seat: Seat) -> u32 {
        self.hidden.hands.get(seat.index()).copied().unwrap_or(0)
    }
    /// Cards left in the expedition deck: its quests and its count of monsters.
    pub fn exp_deck_len(&self) -> u32 {
        self.decks.deck_quests.count_ones() + u32::from(self.decks.deck_monsters)
    }
    /// Cards in the face-down faerie pile.
    pub fn faerie_pile_len(&self) -> u32 {
        self.hidden.faerie_pile.count_ones()
    }

    /// The seat whose turn it is (placement or actions), ignoring chance.
    pub fn current_seat(&self) -> Option<Seat> {
        let n = self.players;
        if n == 0 {
            return None;
        }
        match self.flow.phase {
            Phase::Placement => {
                let t = self.flow.turn;
                let off = if t < n {
                    t
                } else {
                    (2 * n).checked_sub(1 + t)?
                };
                Some(Seat((self.flow.first + off) % n))
            }
            Phase::Actions => Some(Seat((self.flow.first + self.flow.turn) % n)),
            Phase::Setup | Phase::Over => None,
        }
    }

    /// Expedition cards in play now (face up in the area).
    pub fn area_cards(&self) -> impl Iterator<Item = ExpCard> + '_ {
        self.decks.area.iter().flatten().copied()
    }

    /// True if a monster of this kind is in play.
    pub fn monster_in_play(&self, kind: MonsterKind) -> bool {
        self.area_cards()
            .any(|c| MONSTER_DATA.get(c as usize).is_some_and(|m| m.kind == kind))
    }

    /// True if a monster with this ability is in play.
    pub fn ability_in_play(&self, ability: crate::data::Ability) -> bool {
        self.area_cards().any(|c| {
            MONSTER_DATA
                .get(c as usize)
                .is_some_and(|m| m.kind.ability() == ability)
        })
    }

    /// The wildland a monster card stands on, if placed.
    pub fn monster_wild(&self, c: ExpCard) -> Option<usize> {
        self.board.monster_at.iter().position(|&m| m == Some(c))
    }

    /// What a settlement (not the fortress) gains on a spot of this yield and amount now.
    pub fn effective(&self, kind: Yield, amount: u8) -> u8 {
        let reduced = self.area_cards().any(|c| {
            MONSTER_DATA
                .get(c as usize)
                .is_some_and(|m| m.kind.reduces() == Some(kind))
        });
        if reduced { amount.min(1) } else { amount }
    }

    /// Every location holding a settlement, a fortress or a dwarf on a grassland spot.
    pub fn occupied(&self) -> Locs {
        self.empires
            .iter()
            .fold(Locs::EMPTY, |m, e| m.or(e.buildings()).or(e.dwarfs))
    }

    /// The owner of the settlement (not fortress) at `l`.
    pub fn settlement_owner(&self, l: Loc) -> Option<u8> {
        self.empires
            .iter()
            .position(|e| e.settlements.has(l))
            .map(|i| i as u8)
    }

    /// Victory points for quests in a heroes deck.
    pub(crate) fn quest_vp(heroes: u64) -> u32 {
        (0..QUESTS)
            .filter(|&q| heroes >> hero_id((MONSTERS + q) as u8) & 1 == 1)
            .map(|q| QUEST_DATA[q].vp as u32)
            .sum()
    }

    /// Victory points for monsters in a heroes deck.
    pub(crate) fn monster_vp(heroes: u64) -> u32 {
        (0..MONSTERS)
            .filter(|&m| heroes >> hero_id(m as u8) & 1 == 1)
            .map(|m| MONSTER_DATA[m].vp as u32)
            .sum()
    }

    /// Faerie cards a seat can still take before its hand limit.
    pub(crate) fn room_in_hand(&self, seat: usize) -> u8 {
        HAND_LIMIT.saturating_sub(self.hidden.hands[seat].count_ones() as u8)
    }
}

/// Setters for building test positions. Not part of the stable API; they do not keep the game's
/// invariants by themselves.
#[doc(hidden)]
impl Spring {
    /// Sets a seat's resources.
    pub fn set_resources(&mut self, seat: Seat, res: [u8; 3]) {
        if let Some(e) = self.empires.get_mut(seat.index()) {
            e.res = res;
        }
    }

    /// Mutable access to a seat's empire.
    pub fn empire_mut(&mut self, seat: Seat) -> &mut Empire {
        &mut self.empires[seat.index()]
    }

    /// Mutable access to the board.
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// Mutable access to the flow.
    pub fn flow_mut(&mut self) -> &mut Flow {
        &mut self.flow
    }

    /// Mutable access to the decks.
    pub fn decks_mut(&mut self) -> &mut Decks {
        &mut self.decks
    }

    /// Replaces a seat's faerie hand; the cards come from (and go back to) the pile.
    pub fn set_hand(&mut self, seat: Seat, hand: u32) {
        let s = seat.index();
        self.hidden.faerie_pile |= self.hidden.hands[s];
        for o in 0..self.hidden.hands.len() {
            if o != s {
                self.hidden.hands[o] &= !hand;
            }
        }
        self.hidden.hands[s] = hand;
        self.hidden.faerie_pile &= !hand;
    }

    /// Replaces the expedition deck with exactly these cards (a bit per expedition card): its
    /// quests, and its monsters as the whole unseen pool (none boxed), so that they are the
    /// monsters its draws show. Cards neither in play nor in `deck` are then nowhere (the
    /// invariants no longer hold).
    pub fn set_exp_deck(&mut self, deck: u64) {
        let monsters = (1u64 << MONSTERS) - 1;
        self.decks.deck_quests = deck & !monsters;
        self.decks.unseen = (deck & monsters) as u16;
        self.decks.deck_monsters = (deck & monsters).count_ones() as u8;
    }

    /// Gives `seat` a dragon at `level` (taken from the egg pile).
    pub fn give_dragon(&mut self, seat: Seat, dragon: u8, level: u8) {
        self.decks.owner[dragon as usize] = Some(seat.0);
        self.empires[seat.index()].nest.push(NestDragon {
            dragon,
            level,
            exhausted: false,
        });
    }

    /// A calm position for rules tests: set up from fixed entropy, then every seat's hand
    /// returned to the pile, no settlement anywhere, no monster in play (the area holds quests
    /// 1-6, every other card is in the expedition deck), era 1, round 1, seat 0 to act with 7
    /// dwarfs in its bastion. Each seat keeps the white-ribbon dragon it was dealt.
    pub fn test_position(players: u8) -> Spring {
        let mut g = Spring::blank(SpringOptions::default(), players);
        let mut rng = dwarfs_engine::ChanceRng::from_entropy([7; 32]);
        let _ = g.resolve(&mut rng);
        for s in 0..players as usize {
            g.set_hand(Seat(s as u8), 0);
        }
        g.board.monster_at = [None; WILDLANDS];
        g.board.webs = [Locs::EMPTY; 2];
        g.set_area(std::array::from_fn(|i| Some((MONSTERS + i) as ExpCard)));
        g.flow = Flow {
            phase: Phase::Actions,
            era: 1,
            round: 1,
            first: 0,
            turn: 0,
            acted: false,
            pending: None,
            chance: None,
        };
        g
    }

    /// Replaces the expedition area: the cards leaving it go to the expedition deck (a monster
    /// back among the unseen, one more in the deck's count), the cards entering it come from
    /// the deck (an unseen monster, one fewer in the deck's count while it holds any).
    /// Monsters entering are not placed on the map (use [`Spring::board_mut`]).
    pub fn set_area(&mut self, area: [Option<ExpCard>; AREA_SIZE]) {
        let d = &mut self.decks;
        for &c in d.area.iter().flatten() {
            if is_monster(c) {
                d.unseen |= 1 << c;
                d.deck_monsters = d.deck_monsters.saturating_add(1);
            } else {
                d.deck_quests |= 1 << c;
            }
        }
        for &c in area.iter().flatten() {
            if is_monster(c) {
                if d.unseen >> c & 1 == 1 {
                    d.unseen &= !(1 << c);
                    d.deck_monsters = d.deck_monsters.saturating_sub(1);
                }
            } else {
                d.deck_quests &= !(1 << c);
            }
        }
        d.area = area;
    }

    /// Puts monster card `card` in play in area place `slot` (the card there goes to the deck)
    /// and on wildland `wild`.
    pub fn put_monster(&mut self, card: ExpCard, slot: usize, wild: usize) {
        let mut area = self.decks.area;
        area[slot] = Some(card);
        self.set_area(area);
        self.board.monster_at[wild] = Some(card);
    }

    /// The first faerie card of `kind` still in the pile, if any.
    pub fn faerie_card(&self, kind: FaerieKind) -> Option<u8> {
        (0..FAERIE_DATA.len())
            .find(|&i| FAERIE_DATA[i] == kind && self.hidden.faerie_pile >> i & 1 == 1)
            .map(|i| i as u8)
    }
}
