//! Every piece of Dwar7s Winter data in one reviewed place: the board graph, the monster,
//! disaster and hero cards, and the numbers the rules use.
//!
//! The rulebook (`shared/seeds/dwar7s-winter.txt`) gives the abilities, the component counts and
//! a few numbers; the card faces and the board picture were lost, so the board layout, the card
//! statistics, the hero music types and VP, which monster name carries which ability, and the
//! manufacturer VP of food and wood are ours. `docs/rules/winter.md` explains every designed
//! value. [`data_digest`] is blake3 over the canonical encoding of everything here, so peers
//! with different data never start a game together.

use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/// Weeks in a game.
pub const WEEKS: u8 = 7;
/// Dwarfs per player.
pub const DWARFS: u8 = 7;
/// The most of any one resource a player can hold.
pub const RESOURCE_CAP: u8 = 7;
/// Resources of each kind at the start (every kind, gold included).
pub const START_RESOURCES: u8 = 2;
/// Resources of each kind at the start of a solitaire game.
pub const SOLO_START_RESOURCES: u8 = 4;
/// The action track after a refresh.
pub const ACTIONS: u8 = 5;
/// The action track never goes below this.
pub const MIN_ACTIONS: u8 = 3;
/// The hand-size track after a refresh.
pub const HAND_SIZE: u8 = 7;
/// The hand-size track never goes below this.
pub const MIN_HAND_SIZE: u8 = 5;
/// Face-up heroes in the pool.
pub const POOL: usize = 4;
/// Gold cost of each pool slot. Slot 3 receives the new card; cards slide towards slot 0.
pub const POOL_COST: [u8; POOL] = [0, 1, 2, 3];
/// Music tokens per player (solitaire: [`SOLO_MUSIC_TOKENS`]).
pub const MUSIC_TOKENS: u8 = 1;
/// Music tokens of the solitaire player.
pub const SOLO_MUSIC_TOKENS: u8 = 3;
/// VP for having every dwarf home at the end (Militia).
pub const MILITIA_VP: u8 = 3;
/// VP per legendary dwarf at the end (Legendary!).
pub const LEGEND_VP: u8 = 2;
/// Gold the sage's upgrade costs (Legendary!).
pub const UPGRADE_COST: u8 = 2;
/// Gold the Summoner's ability costs ("pay 2 gold to acquire any card from the Hero Pool").
pub const SUMMON_COST: u8 = 2;
/// Active disasters at the end of a week that lose the game for everyone.
pub const DISASTER_LIMIT: u8 = 4;
/// Snowball effect: an extra disaster spawns only while at most this many are active.
pub const SNOWBALL_LIMIT: u8 = 3;

/// Manufacturer VP for a resource track at 7, indexed by [`Resource`]: gold 3 and stone 2 from
/// the rulebook's scoring example; food 1 and wood 2 are ours (fields lie inside the walls and
/// are the easiest to hold; forests lie at the edge where monsters spawn).
pub const MANUFACTURER_VP: [u8; 4] = [3, 1, 2, 2];

/// Monsters on the board after reinforcements, by player count (index = players).
pub const MONSTER_TARGET: [u8; 5] = [0, 2, 3, 4, 4];
/// Disasters revealed at setup (Impending Doom), by player count.
pub const IMPENDING_DOOM: [u8; 5] = [0, 0, 0, 1, 2];
/// Dwarfs each seat places at setup (The Defenders), by seat in turn order from the first player.
pub const DEFENDERS: [u8; 4] = [0, 1, 2, 2];

// ---------------------------------------------------------------------------------------------
// Resources and instruments
// ---------------------------------------------------------------------------------------------

/// The four resources, in the rulebook's tie-breaker order (gold, food, stone, wood).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Resource {
    /// Gold (coins): pays for heroes.
    Gold,
    /// Food, produced in fields.
    Food,
    /// Stone, produced in mines.
    Stone,
    /// Wood, produced in forests.
    Wood,
}

impl Resource {
    /// Every resource, in index order.
    pub const ALL: [Resource; 4] = [
        Resource::Gold,
        Resource::Food,
        Resource::Stone,
        Resource::Wood,
    ];

    /// Index into a resource array.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Gold => "gold",
            Resource::Food => "food",
            Resource::Stone => "stone",
            Resource::Wood => "wood",
        }
    }
}

/// An amount of each resource, indexed by [`Resource`].
pub type Resources = [u8; 4];

/// The four instruments of the Music Hall, one per music type of the hero cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Instrument {
    /// Drums: the forests' instrument.
    Drums,
    /// Horn: the mines' instrument.
    Horn,
    /// Flute: the fields' instrument.
    Flute,
    /// Harp: the castle's and the walls' instrument.
    Harp,
}

impl Instrument {
    /// Every instrument, in Music Hall order.
    pub const ALL: [Instrument; 4] = [
        Instrument::Drums,
        Instrument::Horn,
        Instrument::Flute,
        Instrument::Harp,
    ];

    /// Index into the Music Hall.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            Instrument::Drums => "drums",
            Instrument::Horn => "horn",
            Instrument::Flute => "flute",
            Instrument::Harp => "harp",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// The five zone types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ZoneType {
    /// The castle at the centre: a monster here at the end of a week loses the game.
    Castle,
    /// The walls around the castle.
    Wall,
    /// Fields (food), the inner ring.
    Field,
    /// Forests (wood), at the edge.
    Forest,
    /// Mines (stone), at the edge.
    Mine,
}

impl ZoneType {
    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            ZoneType::Castle => "Castle",
            ZoneType::Wall => "Wall",
            ZoneType::Field => "Field",
            ZoneType::Forest => "Forest",
            ZoneType::Mine => "Mine",
        }
    }

    /// The resource a "Produce" hero makes per zone of this type (none for castle and walls).
    pub fn produces(self) -> Option<Resource> {
        match self {
            ZoneType::Field => Some(Resource::Food),
            ZoneType::Forest => Some(Resource::Wood),
            ZoneType::Mine => Some(Resource::Stone),
            ZoneType::Castle | ZoneType::Wall => None,
        }
    }

    /// The instrument that belongs to this zone type (ours: see the rules doc).
    pub fn instrument(self) -> Instrument {
        match self {
            ZoneType::Forest => Instrument::Drums,
            ZoneType::Mine => Instrument::Horn,
            ZoneType::Field => Instrument::Flute,
            ZoneType::Castle | ZoneType::Wall => Instrument::Harp,
        }
    }
}

/// Zones on the board.
pub const ZONES: usize = 17;

/// A zone of the board, 0 to 16: the castle (0), Wall 1-4 (1-4), Field 1-4 (5-8), Forest 1-4
/// (9-12) and Mine 1-4 (13-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Zone(pub u8);

impl Zone {
    /// The castle.
    pub const CASTLE: Zone = Zone(0);

    /// Every zone, in index order.
    pub fn all() -> impl Iterator<Item = Zone> + Clone {
        (0..ZONES as u8).map(Zone)
    }

    /// Index into per-zone arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// True for a real zone (0 to 16).
    pub fn is_valid(self) -> bool {
        (self.0 as usize) < ZONES
    }

    /// The zone's static data; zone 0 for an invalid zone (check [`Zone::is_valid`] first).
    pub fn data(self) -> &'static ZoneData {
        &BOARD[self.index().min(ZONES - 1)]
    }

    /// The zone's type.
    pub fn kind(self) -> ZoneType {
        self.data().kind
    }

    /// The number printed on the zone (0 for the castle).
    pub fn number(self) -> u8 {
        self.data().number
    }

    /// Bit mask of the adjacent zones.
    #[inline]
    pub fn adjacent_mask(self) -> u32 {
        self.data().adjacent
    }

    /// True if `other` is adjacent to this zone.
    #[inline]
    pub fn is_adjacent(self, other: Zone) -> bool {
        other.is_valid() && self.adjacent_mask() & (1 << other.0) != 0
    }

    /// The adjacent zones, in index order.
    pub fn adjacent(self) -> impl Iterator<Item = Zone> + Clone {
        let m = self.adjacent_mask();
        (0..ZONES as u8)
            .filter(move |i| m & (1 << i) != 0)
            .map(Zone)
    }

    /// The zone one step closer to the castle (the castle for the castle itself).
    #[inline]
    pub fn toward_castle(self) -> Zone {
        Zone(self.data().next)
    }

    /// Steps from this zone to `other`.
    pub fn steps_to(self, other: Zone) -> u8 {
        if self.is_valid() && other.is_valid() {
            ZONE_DISTANCE[self.index()][other.index()]
        } else {
            u8::MAX
        }
    }

    /// Steps from this zone to the castle.
    pub fn distance(self) -> u8 {
        self.data().distance
    }

    /// The quarter of the board the zone lies in (0-3, clockwise from Wall 1), or `None` for
    /// the castle. Wall q+1, Field q+1, Forest q+1 and Mine q+1 make quarter q: a board view
    /// can lay the zones out as rings (walls, fields, then forests and mines) by quarter.
    pub fn quarter(self) -> Option<u8> {
        match self.kind() {
            ZoneType::Castle => None,
            _ => Some(self.number() - 1),
        }
    }

    /// "Forest 2", "Castle".
    pub fn name(self) -> String {
        match self.kind() {
            ZoneType::Castle => "Castle".to_string(),
            k => format!("{} {}", k.name(), self.number()),
        }
    }
}

/// One zone of the board graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ZoneData {
    /// Its type.
    pub kind: ZoneType,
    /// Its number (1-4 within its type; 0 for the castle).
    pub number: u8,
    /// Adjacent zones as a bit mask over zone indices.
    pub adjacent: u32,
    /// The zone a monster moves to when it moves one step closer to the castle.
    pub next: u8,
    /// Steps to the castle.
    pub distance: u8,
}

/// The board edges (ours). Four quarters around the castle: in quarter q (0-3), Wall q+1 touches
/// the castle and Field q+1; Field q+1 touches Forest q+1 and Mine q+1. The walls form a ring,
/// the fields form a ring, and the forests and mines alternate in the outer ring (Forest 1,
/// Mine 1, Forest 2, Mine 2, ... back to Forest 1).
pub const EDGES: [(u8, u8); 28] = {
    let mut e = [(0u8, 0u8); 28];
    let mut q = 0u8;
    while q < 4 {
        let wall = 1 + q;
        let field = 5 + q;
        let forest = 9 + q;
        let mine = 13 + q;
        let i = q as usize * 7;
        e[i] = (0, wall);
        e[i + 1] = (wall, 1 + (q + 1) % 4);
        e[i + 2] = (wall, field);
        e[i + 3] = (field, 5 + (q + 1) % 4);
        e[i + 4] = (field, forest);
        e[i + 5] = (field, mine);
        e[i + 6] = (forest, mine);
        q += 1;
    }
    e
};

/// The outer ring's other edges: Mine q+1 touches Forest q+2.
pub const RING_EDGES: [(u8, u8); 4] = [(13, 10), (14, 11), (15, 12), (16, 9)];

const fn zone_kind(i: usize) -> (ZoneType, u8) {
    match i {
        0 => (ZoneType::Castle, 0),
        1..=4 => (ZoneType::Wall, i as u8),
        5..=8 => (ZoneType::Field, i as u8 - 4),
        9..=12 => (ZoneType::Forest, i as u8 - 8),
        _ => (ZoneType::Mine, i as u8 - 12),
    }
}

const fn adjacency() -> [u32; ZONES] {
    let mut adj = [0u32; ZONES];
    let mut i = 0;
    while i < EDGES.len() {
        let (a, b) = EDGES[i];
        adj[a as usize] |= 1 << b;
        adj[b as usize] |= 1 << a;
        i += 1;
    }
    let mut i = 0;
    while i < RING_EDGES.len() {
        let (a, b) = RING_EDGES[i];
        adj[a as usize] |= 1 << b;
        adj[b as usize] |= 1 << a;
        i += 1;
    }
    adj
}

/// The board: distances by breadth-first search from the castle; a monster's step towards the
/// castle goes to the adjacent zone nearest the castle, ties broken by the lowest zone index.
pub const BOARD: [ZoneData; ZONES] = {
    let adj = adjacency();
    let mut dist = [u8::MAX; ZONES];
    dist[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        let mut i = 0;
        while i < ZONES {
            if dist[i] != u8::MAX {
                let mut j = 0;
                while j < ZONES {
                    if adj[i] & (1 << j) != 0 && dist[j] > dist[i] + 1 {
                        dist[j] = dist[i] + 1;
                        changed = true;
                    }
                    j += 1;
                }
            }
            i += 1;
        }
    }
    let mut out = [ZoneData {
        kind: ZoneType::Castle,
        number: 0,
        adjacent: 0,
        next: 0,
        distance: 0,
    }; ZONES];
    let mut i = 0;
    while i < ZONES {
        let (kind, number) = zone_kind(i);
        let mut next = i as u8;
        if i != 0 {
            let mut j = 0;
            while j < ZONES {
                if adj[i] & (1 << j) != 0 && dist[j] < dist[next as usize] {
                    next = j as u8;
                }
                j += 1;
            }
        }
        out[i] = ZoneData {
            kind,
            number,
            adjacent: adj[i],
            next,
            distance: dist[i],
        };
        i += 1;
    }
    out
};

/// Steps between any two zones (all-pairs shortest paths over the board graph).
pub const ZONE_DISTANCE: [[u8; ZONES]; ZONES] = {
    let mut d = [[u8::MAX / 2; ZONES]; ZONES];
    let mut i = 0;
    while i < ZONES {
        d[i][i] = 0;
        let mut j = 0;
        while j < ZONES {
            if BOARD[i].adjacent & (1 << j) != 0 {
                d[i][j] = 1;
            }
            j += 1;
        }
        i += 1;
    }
    let mut k = 0;
    while k < ZONES {
        let mut i = 0;
        while i < ZONES {
            let mut j = 0;
            while j < ZONES {
                if d[i][k] + d[k][j] < d[i][j] {
                    d[i][j] = d[i][k] + d[k][j];
                }
                j += 1;
            }
            i += 1;
        }
        k += 1;
    }
    d
};

/// Zone index by type and printed number (1-4); the castle for `ZoneType::Castle`.
pub const fn zone(kind: ZoneType, number: u8) -> Zone {
    match kind {
        ZoneType::Castle => Zone(0),
        ZoneType::Wall => Zone(number),
        ZoneType::Field => Zone(4 + number),
        ZoneType::Forest => Zone(8 + number),
        ZoneType::Mine => Zone(12 + number),
    }
}

// ---------------------------------------------------------------------------------------------
// Monsters
// ---------------------------------------------------------------------------------------------

/// What a monster does when it attacks (or, for the Ogre King, when it spawns). "Near" means a
/// player has a dwarf in the monster's zone or an adjacent one; an effect hits each such player
/// once however many dwarfs they have there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MonsterAbility {
    /// Near players lose 1 action (Frost Giant).
    LoseAction,
    /// The first player chooses one other monster and moves it once.
    MoveOther,
    /// Near players reduce their hand size by 1.
    LoseHandSize,
    /// Near players lose 1 of this resource (gold if they have none).
    Lose(Resource),
    /// Each player returns 1 dwarf from the monster's zone to their player board.
    ReturnDwarf,
    /// When spawned, reveal 1 extra disaster (Ogre King). Nothing when it attacks.
    SpawnDisaster,
    /// While it is in a zone, nobody can play that zone type's instrument.
    SilenceInstrument,
    /// Legendary!: if any dwarf is in its zone or an adjacent one, it moves one more step.
    Charge,
    /// Legendary!: near players lose 1 food, 1 stone and 1 wood.
    LoseAll,
}

/// The monster types: 8 in the base game, 4 in Legendary!, 2 cards each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MonsterType {
    /// Lose 1 action (confirmed by the rulebook).
    FrostGiant,
    /// Reveals a disaster when spawned (confirmed by the rulebook).
    OgreKing,
    /// Moves another monster.
    IceWyrm,
    /// Hand size -1.
    Banshee,
    /// Lose 1 wood.
    ForestTroll,
    /// Each player returns a dwarf from its zone.
    Yeti,
    /// Lose 1 food.
    WolfPack,
    /// Silences its zone's instrument.
    Harpy,
    /// Legendary!: charges one more step towards dwarfs.
    FrostDrake,
    /// Legendary!: lose 1 stone.
    RockGolem,
    /// Legendary!: lose 1 food, 1 stone and 1 wood.
    IceWraith,
    /// Legendary!: lose 1 gold.
    HoardDragon,
}

impl MonsterType {
    /// Every type, base game first.
    pub const ALL: [MonsterType; 12] = [
        MonsterType::FrostGiant,
        MonsterType::OgreKing,
        MonsterType::IceWyrm,
        MonsterType::Banshee,
        MonsterType::ForestTroll,
        MonsterType::Yeti,
        MonsterType::WolfPack,
        MonsterType::Harpy,
        MonsterType::FrostDrake,
        MonsterType::RockGolem,
        MonsterType::IceWraith,
        MonsterType::HoardDragon,
    ];

    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            MonsterType::FrostGiant => "Frost Giant",
            MonsterType::OgreKing => "Ogre King",
            MonsterType::IceWyrm => "Ice Wyrm",
            MonsterType::Banshee => "Banshee",
            MonsterType::ForestTroll => "Forest Troll",
            MonsterType::Yeti => "Yeti",
            MonsterType::WolfPack => "Wolf Pack",
            MonsterType::Harpy => "Harpy",
            MonsterType::FrostDrake => "Frost Drake",
            MonsterType::RockGolem => "Rock Golem",
            MonsterType::IceWraith => "Ice Wraith",
            MonsterType::HoardDragon => "Hoard Dragon",
        }
    }

    /// The type's ability.
    pub fn ability(self) -> MonsterAbility {
        match self {
            MonsterType::FrostGiant => MonsterAbility::LoseAction,
            MonsterType::OgreKing => MonsterAbility::SpawnDisaster,
            MonsterType::IceWyrm => MonsterAbility::MoveOther,
            MonsterType::Banshee => MonsterAbility::LoseHandSize,
            MonsterType::ForestTroll => MonsterAbility::Lose(Resource::Wood),
            MonsterType::Yeti => MonsterAbility::ReturnDwarf,
            MonsterType::WolfPack => MonsterAbility::Lose(Resource::Food),
            MonsterType::Harpy => MonsterAbility::SilenceInstrument,
            MonsterType::FrostDrake => MonsterAbility::Charge,
            MonsterType::RockGolem => MonsterAbility::Lose(Resource::Stone),
            MonsterType::IceWraith => MonsterAbility::LoseAll,
            MonsterType::HoardDragon => MonsterAbility::Lose(Resource::Gold),
        }
    }

    /// The ability as printed.
    pub fn text(self) -> &'static str {
        match self.ability() {
            MonsterAbility::LoseAction => {
                "If you have Dwarfs in its zone or adjacent to it, lose 1 Action."
            }
            MonsterAbility::MoveOther => "Choose one other Monster and move it once.",
            MonsterAbility::LoseHandSize => {
                "If you have Dwarfs in its zone or adjacent to it, reduce Hand-Size by 1."
            }
            MonsterAbility::Lose(Resource::Wood) => {
                "If you have Dwarfs in its zone or adjacent to it, lose 1 Wood."
            }
            MonsterAbility::Lose(Resource::Food) => {
                "If you have Dwarfs in its zone or adjacent to it, lose 1 Food."
            }
            MonsterAbility::Lose(Resource::Stone) => {
                "If you have Dwarfs in its zone or adjacent to it, lose 1 Stone."
            }
            MonsterAbility::Lose(Resource::Gold) => {
                "If you have Dwarfs in its zone or adjacent to it, lose 1 Gold."
            }
            MonsterAbility::ReturnDwarf => {
                "Each player returns 1 Dwarf from this Monster's zone to their Player Board."
            }
            MonsterAbility::SpawnDisaster => "When spawned, reveal 1 extra Disaster.",
            MonsterAbility::SilenceInstrument => {
                "You cannot play the instrument that corresponds to its current zone."
            }
            MonsterAbility::Charge => {
                "If there are Dwarfs in its zone or adjacent to it, move it one more step closer to the castle."
            }
            MonsterAbility::LoseAll => {
                "If you have Dwarfs in its zone or adjacent to it, lose 1 Food, 1 Stone and 1 Wood."
            }
        }
    }

    /// True for the Legendary! monsters.
    pub fn legendary(self) -> bool {
        self >= MonsterType::FrostDrake
    }
}

/// A monster card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MonsterCard {
    /// Its type (name and ability).
    pub kind: MonsterType,
    /// Where its miniature spawns (always at the edge of the board).
    pub spawn: Zone,
    /// Dwarfs of one player needed in its zone to defeat it.
    pub dwarfs: u8,
    /// Resources paid to defeat it.
    pub cost: Resources,
    /// VP it is worth to the player who defeats it.
    pub vp: u8,
}

/// Monster cards: 16 in the base game, 8 in Legendary!.
pub const MONSTER_CARDS: usize = 24;
/// Monster cards of the base game (the first 16).
pub const BASE_MONSTERS: usize = 16;

/// A monster card by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MonsterId(pub u8);

impl MonsterId {
    /// The card's data (card 0 for an invalid id: check [`MonsterId::is_valid`]).
    pub fn card(self) -> &'static MonsterCard {
        &MONSTERS[(self.0 as usize).min(MONSTER_CARDS - 1)]
    }
    /// True for a real card.
    pub fn is_valid(self) -> bool {
        (self.0 as usize) < MONSTER_CARDS
    }
    /// The monster's name.
    pub fn name(self) -> &'static str {
        self.card().kind.name()
    }
}

const fn m(kind: MonsterType, spawn: Zone, dwarfs: u8, cost: Resources, vp: u8) -> MonsterCard {
    MonsterCard {
        kind,
        spawn,
        dwarfs,
        cost,
        vp,
    }
}

use ZoneType::{Field, Forest, Mine, Wall};

/// Every monster card (ours except the abilities). Costs are [gold, food, stone, wood]. The two
/// copies of a type share their statistics and spawn in opposite quarters.
pub const MONSTERS: [MonsterCard; MONSTER_CARDS] = [
    m(MonsterType::FrostGiant, zone(Forest, 1), 3, [0, 2, 1, 0], 5),
    m(MonsterType::FrostGiant, zone(Forest, 3), 3, [0, 2, 1, 0], 5),
    m(MonsterType::OgreKing, zone(Mine, 2), 3, [0, 1, 1, 1], 5),
    m(MonsterType::OgreKing, zone(Mine, 4), 3, [0, 1, 1, 1], 5),
    m(MonsterType::IceWyrm, zone(Mine, 1), 2, [0, 1, 1, 0], 4),
    m(MonsterType::IceWyrm, zone(Mine, 3), 2, [0, 1, 1, 0], 4),
    m(MonsterType::Banshee, zone(Forest, 2), 2, [1, 1, 0, 0], 3),
    m(MonsterType::Banshee, zone(Forest, 4), 2, [1, 1, 0, 0], 3),
    m(
        MonsterType::ForestTroll,
        zone(Forest, 1),
        2,
        [0, 1, 0, 1],
        3,
    ),
    m(
        MonsterType::ForestTroll,
        zone(Forest, 3),
        2,
        [0, 1, 0, 1],
        3,
    ),
    m(MonsterType::Yeti, zone(Mine, 2), 2, [0, 0, 1, 1], 3),
    m(MonsterType::Yeti, zone(Mine, 4), 2, [0, 0, 1, 1], 3),
    m(MonsterType::WolfPack, zone(Forest, 2), 1, [0, 0, 0, 2], 2),
    m(MonsterType::WolfPack, zone(Forest, 4), 1, [0, 0, 0, 2], 2),
    m(MonsterType::Harpy, zone(Mine, 1), 1, [0, 2, 0, 0], 2),
    m(MonsterType::Harpy, zone(Mine, 3), 1, [0, 2, 0, 0], 2),
    // Legendary!
    m(MonsterType::FrostDrake, zone(Forest, 1), 3, [1, 0, 1, 1], 5),
    m(MonsterType::FrostDrake, zone(Forest, 3), 3, [1, 0, 1, 1], 5),
    m(MonsterType::RockGolem, zone(Mine, 2), 2, [0, 1, 0, 1], 3),
    m(MonsterType::RockGolem, zone(Mine, 4), 2, [0, 1, 0, 1], 3),
    m(MonsterType::IceWraith, zone(Mine, 1), 3, [0, 1, 1, 1], 5),
    m(MonsterType::IceWraith, zone(Mine, 3), 3, [0, 1, 1, 1], 5),
    m(
        MonsterType::HoardDragon,
        zone(Forest, 2),
        2,
        [0, 1, 1, 0],
        4,
    ),
    m(
        MonsterType::HoardDragon,
        zone(Forest, 4),
        2,
        [0, 1, 1, 0],
        4,
    ),
];

// ---------------------------------------------------------------------------------------------
// Disasters
// ---------------------------------------------------------------------------------------------

/// A disaster card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DisasterCard {
    /// Its name.
    pub name: &'static str,
    /// Where its token is placed (always a field, forest or mine).
    pub zone: Zone,
    /// Dwarfs of one player needed in its zone to overcome it.
    pub dwarfs: u8,
    /// Resources paid to overcome it.
    pub cost: Resources,
    /// VP it is worth to the player who overcomes it.
    pub vp: u8,
    /// Gold the player who overcomes it claims.
    pub gold: u8,
}

/// Disaster cards: 12 in the base game, 12 in Legendary!.
pub const DISASTER_CARDS: usize = 24;
/// Disaster cards of the base game (the first 12).
pub const BASE_DISASTERS: usize = 12;

/// A disaster card by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct DisasterId(pub u8);

impl DisasterId {
    /// The card's data (card 0 for an invalid id: check [`DisasterId::is_valid`]).
    pub fn card(self) -> &'static DisasterCard {
        &DISASTERS[(self.0 as usize).min(DISASTER_CARDS - 1)]
    }
    /// True for a real card.
    pub fn is_valid(self) -> bool {
        (self.0 as usize) < DISASTER_CARDS
    }
    /// The disaster's name.
    pub fn name(self) -> &'static str {
        self.card().name
    }
}

const fn d(
    name: &'static str,
    zone: Zone,
    dwarfs: u8,
    cost: Resources,
    vp: u8,
    gold: u8,
) -> DisasterCard {
    DisasterCard {
        name,
        zone,
        dwarfs,
        cost,
        vp,
        gold,
    }
}

/// Every disaster card (ours). Costs are [gold, food, stone, wood]. Each zone of a type holds
/// one base disaster and one Legendary! disaster; a disaster never needs the resource its own
/// zone produces (that production is blocked while it is active).
pub const DISASTERS: [DisasterCard; DISASTER_CARDS] = [
    d("Frozen Harvest", zone(Field, 1), 1, [0, 0, 1, 1], 2, 1),
    d("Locust Swarm", zone(Field, 2), 1, [0, 0, 2, 0], 2, 1),
    d("Flooded Barn", zone(Field, 3), 2, [0, 0, 1, 2], 3, 2),
    d("Blight", zone(Field, 4), 2, [0, 0, 2, 1], 3, 2),
    d("Wildfire", zone(Forest, 1), 1, [0, 1, 1, 0], 2, 1),
    d("Windfall", zone(Forest, 2), 1, [0, 2, 0, 0], 2, 1),
    d("Ice Storm", zone(Forest, 3), 2, [0, 2, 1, 0], 3, 2),
    d("Rot", zone(Forest, 4), 2, [0, 1, 2, 0], 3, 2),
    d("Cave-in", zone(Mine, 1), 1, [0, 1, 0, 1], 2, 1),
    d("Flooded Tunnel", zone(Mine, 2), 1, [0, 0, 0, 2], 2, 1),
    d("Gas Pocket", zone(Mine, 3), 2, [0, 2, 0, 1], 3, 2),
    d("Collapsed Shaft", zone(Mine, 4), 2, [0, 1, 0, 2], 3, 2),
    // Legendary!
    d("Hailstorm", zone(Field, 1), 2, [1, 0, 1, 1], 3, 2),
    d("Frost Heave", zone(Field, 2), 2, [0, 0, 1, 2], 3, 2),
    d("Sleet", zone(Field, 3), 1, [0, 0, 1, 1], 2, 1),
    d("Snowdrift", zone(Field, 4), 1, [0, 0, 0, 2], 2, 1),
    d("Frozen River", zone(Forest, 1), 2, [0, 1, 2, 0], 3, 2),
    d("Timber Blight", zone(Forest, 2), 2, [1, 1, 1, 0], 3, 2),
    d("Whiteout", zone(Forest, 3), 1, [0, 1, 1, 0], 2, 1),
    d("Black Ice", zone(Forest, 4), 1, [0, 0, 2, 0], 2, 1),
    d("Rockslide", zone(Mine, 1), 2, [0, 2, 0, 1], 3, 2),
    d("Crystal Blight", zone(Mine, 2), 2, [1, 1, 0, 1], 3, 2),
    d("Tremor", zone(Mine, 3), 1, [0, 1, 0, 1], 2, 1),
    d("Permafrost", zone(Mine, 4), 1, [0, 2, 0, 0], 2, 1),
];

// ---------------------------------------------------------------------------------------------
// Heroes
// ---------------------------------------------------------------------------------------------

/// What a hero card does when played to music (the rulebook's list of hero abilities).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HeroAbility {
    /// Produce 1 of the zone type's resource per zone of that type you occupy that has no
    /// monster and no disaster.
    Produce(ZoneType),
    /// Gain these resources.
    Gain(Resources),
    /// Gain 1 of either resource (the player picks).
    GainEither(Resource, Resource),
    /// Move any dwarfs (anyone's), this many different ones, each from a zone of this type to an
    /// adjacent zone.
    MoveIn(ZoneType, u8),
    /// Place (from your board) or move (to an adjacent zone) up to this many of your different
    /// dwarfs.
    PlaceOrMove(u8),
    /// Pay 2 gold to acquire any card from the Hero Pool.
    Summon,
    /// Spend 1 of the first resource to gain 3 of the second.
    Convert(Resource, Resource),
    /// Remove 1 of your dwarfs from the board (back to your player board) to gain 3 gold.
    Dismiss,
    /// Legendary! (the sage): pay 2 gold to upgrade a worker on your board into a legendary
    /// dwarf.
    Upgrade,
}

/// A hero card: a starting hero or one of the 28 heroes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HeroCard {
    /// Its name (ours).
    pub name: &'static str,
    /// The instrument it plays to.
    pub music: Instrument,
    /// VP at the end of the game (0 for starting heroes).
    pub vp: u8,
    /// Its ability.
    pub ability: HeroAbility,
}

/// Card ids: 0-6 the starting heroes, 7 the sage, 8-35 the 28 heroes.
pub const HERO_CARDS: usize = 36;
/// The starting heroes every player holds (ids 0 to 6).
pub const STARTERS: u8 = 7;
/// The sage's id (Legendary!).
pub const SAGE: u8 = 7;
/// The first id of the 28 heroes of the pool.
pub const FIRST_HERO: u8 = 8;
/// Heroes of the pool.
pub const POOL_HEROES: usize = 28;

/// A hero card by id (see [`HERO_CARDS`]). Starting heroes and the sage exist once per player;
/// the pool's heroes exist once in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Card(pub u8);

impl Card {
    /// The card's data (card 0 for an invalid id: check [`Card::is_valid`]).
    pub fn data(self) -> &'static HeroCard {
        &HEROES[(self.0 as usize).min(HERO_CARDS - 1)]
    }
    /// True for a real card.
    pub fn is_valid(self) -> bool {
        (self.0 as usize) < HERO_CARDS
    }
    /// The card's bit in a deck or hand mask.
    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
    /// True for a starting hero or the sage.
    pub fn is_starting(self) -> bool {
        self.0 < FIRST_HERO
    }
    /// The hero's name.
    pub fn name(self) -> &'static str {
        self.data().name
    }
    /// The cards of a mask, in id order.
    pub fn in_mask(mask: u64) -> impl Iterator<Item = Card> + Clone {
        (0..HERO_CARDS as u8)
            .filter(move |i| mask & (1u64 << i) != 0)
            .map(Card)
    }
}

const fn h(name: &'static str, music: Instrument, vp: u8, ability: HeroAbility) -> HeroCard {
    HeroCard {
        name,
        music,
        vp,
        ability,
    }
}

use HeroAbility as A;
use Instrument::{Drums, Flute, Harp, Horn};
use Resource as R;

/// Every hero card. Abilities from the rulebook; names, music types and VP ours (stronger
/// abilities are worth fewer VP; see the rules doc).
pub const HEROES: [HeroCard; HERO_CARDS] = [
    // The 7 starting heroes (0 VP), one of each per player.
    h("Quarryman", Horn, 0, A::Produce(Mine)),
    h("Woodcutter", Drums, 0, A::Produce(Forest)),
    h("Farmer", Flute, 0, A::Produce(Field)),
    h("Tax Collector", Harp, 0, A::Gain([1, 0, 0, 0])),
    h("Ranger", Drums, 0, A::MoveIn(Forest, 1)),
    h("Prospector", Horn, 0, A::MoveIn(Mine, 1)),
    h("Shepherd", Flute, 0, A::MoveIn(Field, 1)),
    // The sage (Legendary!), one per player.
    h("Sage", Harp, 0, A::Upgrade),
    // The 28 heroes of the pool.
    h("Summoner", Harp, 1, A::Summon),
    h("Quartermaster", Harp, 1, A::Gain([0, 1, 1, 1])),
    h("Captain", Harp, 1, A::PlaceOrMove(2)),
    h("Mason", Horn, 2, A::Gain([0, 0, 2, 0])),
    h("Forester", Drums, 2, A::Gain([0, 0, 0, 2])),
    h("Cook", Flute, 2, A::Gain([0, 2, 0, 0])),
    h("Treasurer", Harp, 1, A::Gain([2, 0, 0, 0])),
    h("Merchant", Flute, 2, A::GainEither(R::Food, R::Gold)),
    h("Trapper", Drums, 2, A::GainEither(R::Wood, R::Food)),
    h("Carpenter", Drums, 2, A::GainEither(R::Wood, R::Stone)),
    h("Jeweller", Horn, 2, A::GainEither(R::Stone, R::Gold)),
    h("Herder", Flute, 2, A::MoveIn(Field, 2)),
    h("Pathfinder", Drums, 2, A::MoveIn(Forest, 2)),
    h("Foreman", Horn, 2, A::MoveIn(Mine, 2)),
    h("Scout", Harp, 2, A::PlaceOrMove(1)),
    h("Stone Trader", Horn, 2, A::Convert(R::Stone, R::Gold)),
    h("Innkeeper", Flute, 2, A::Convert(R::Wood, R::Food)),
    h("Mercenary", Harp, 2, A::Dismiss),
    h("Lumberjack", Drums, 3, A::Gain([0, 0, 0, 1])),
    h("Baker", Flute, 3, A::Gain([0, 1, 0, 0])),
    h("Miner", Horn, 3, A::Gain([0, 0, 1, 0])),
    h("Goldsmith", Harp, 3, A::Gain([1, 0, 0, 0])),
    h("Stonemason", Horn, 1, A::Produce(Mine)),
    h("Timberwright", Drums, 1, A::Produce(Forest)),
    h("Harvester", Flute, 1, A::Produce(Field)),
    h("Sergeant", Harp, 2, A::PlaceOrMove(1)),
    h("Provisioner", Horn, 1, A::Gain([0, 1, 1, 1])),
    h("Marshal", Flute, 1, A::PlaceOrMove(2)),
];

/// The solitaire ranks, from the lowest to the highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SoloRank {
    /// 25 VP and 4+ disasters overcome.
    Survivor,
    /// 30 VP and 5+ monsters defeated.
    BeastHunter,
    /// 35 VP and 7+ heroes acquired.
    KnightOfTheRoundTable,
    /// 40 VP and a resource track at 7.
    FrostKing,
    /// 50 VP, 7+ monsters defeated and 7+ disasters overcome.
    Legend,
}

impl SoloRank {
    /// The title as the rulebook prints it.
    pub fn title(self) -> &'static str {
        match self {
            SoloRank::Survivor => "The Survivor",
            SoloRank::BeastHunter => "The Beast Hunter",
            SoloRank::KnightOfTheRoundTable => "The Knight of the Round Table",
            SoloRank::FrostKing => "The Frost King",
            SoloRank::Legend => "The Legend",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Digest
// ---------------------------------------------------------------------------------------------

#[derive(Serialize)]
struct Canonical {
    label: &'static str,
    numbers: [u8; 22],
    manufacturer: [u8; 4],
    pool_cost: [u8; POOL],
    monster_target: [u8; 5],
    doom: [u8; 5],
    defenders: [u8; 4],
    board: [ZoneData; ZONES],
    monster_types: Vec<(MonsterAbility, &'static str)>,
    monsters: [MonsterCard; MONSTER_CARDS],
    disasters: [DisasterCard; DISASTER_CARDS],
    heroes: &'static [HeroCard],
    instruments: [Instrument; 5],
}

/// blake3 over the canonical encoding of all data in this module (computed once; every state
/// hash includes it).
pub fn data_digest() -> [u8; 32] {
    static DIGEST: std::sync::OnceLock<[u8; 32]> = std::sync::OnceLock::new();
    *DIGEST.get_or_init(compute_digest)
}

fn compute_digest() -> [u8; 32] {
    let c = Canonical {
        label: "dwarfs winter data v1",
        numbers: [
            WEEKS,
            DWARFS,
            RESOURCE_CAP,
            START_RESOURCES,
            SOLO_START_RESOURCES,
            ACTIONS,
            MIN_ACTIONS,
            HAND_SIZE,
            MIN_HAND_SIZE,
            POOL as u8,
            MUSIC_TOKENS,
            SOLO_MUSIC_TOKENS,
            MILITIA_VP,
            LEGEND_VP,
            UPGRADE_COST,
            SUMMON_COST,
            DISASTER_LIMIT,
            SNOWBALL_LIMIT,
            STARTERS,
            SAGE,
            FIRST_HERO,
            POOL_HEROES as u8,
        ],
        manufacturer: MANUFACTURER_VP,
        pool_cost: POOL_COST,
        monster_target: MONSTER_TARGET,
        doom: IMPENDING_DOOM,
        defenders: DEFENDERS,
        board: BOARD,
        monster_types: MonsterType::ALL
            .iter()
            .map(|t| (t.ability(), t.name()))
            .collect(),
        monsters: MONSTERS,
        disasters: DISASTERS,
        heroes: &HEROES,
        instruments: [
            ZoneType::Castle.instrument(),
            Wall.instrument(),
            Field.instrument(),
            Forest.instrument(),
            Mine.instrument(),
        ],
    };
    *blake3::hash(&dwarfs_engine::codec::encode(&c)).as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_connected_and_every_zone_steps_towards_the_castle() {
        for z in Zone::all() {
            let d = z.data();
            assert_ne!(d.distance, u8::MAX, "{} is unreachable", z.name());
            if z != Zone::CASTLE {
                let n = z.toward_castle();
                assert!(
                    z.is_adjacent(n),
                    "{} steps to a non-adjacent zone",
                    z.name()
                );
                assert_eq!(n.distance() + 1, d.distance, "{}", z.name());
                // Ties go to the lowest index.
                let best = z.adjacent().map(|a| a.distance()).min().unwrap();
                let first = z.adjacent().find(|a| a.distance() == best).unwrap();
                assert_eq!(first, n);
            }
            for a in z.adjacent() {
                assert!(a.is_adjacent(z), "adjacency is symmetric");
            }
        }
        assert_eq!(Zone::CASTLE.toward_castle(), Zone::CASTLE);
        assert_eq!(zone(Mine, 4).name(), "Mine 4");
        assert_eq!(zone(Forest, 1).toward_castle(), zone(Field, 1));
    }

    #[test]
    fn components_match_the_rulebook() {
        // 8 monster types x 2 in the base game, 4 x 2 in Legendary!; spawns at the edge.
        for (i, c) in MONSTERS.iter().enumerate() {
            assert_eq!(c.kind.legendary(), i >= BASE_MONSTERS);
            assert_eq!(
                c.spawn.distance(),
                3,
                "{} spawns at the edge",
                c.kind.name()
            );
            assert_eq!(MONSTERS.iter().filter(|o| o.kind == c.kind).count(), 2);
            assert!(c.dwarfs >= 1 && c.vp >= 1);
        }
        assert_eq!(MONSTERS[..BASE_MONSTERS].len(), 16);
        for c in &DISASTERS {
            let res = c
                .zone
                .kind()
                .produces()
                .expect("disasters strike producing zones");
            assert_eq!(
                c.cost[res.index()],
                0,
                "{} needs its own blocked resource",
                c.name
            );
        }
        assert_eq!(HEROES[FIRST_HERO as usize..].len(), POOL_HEROES);
        assert!(HEROES[..FIRST_HERO as usize].iter().all(|h| h.vp == 0));
        assert_eq!(
            MonsterType::FrostGiant.ability(),
            MonsterAbility::LoseAction
        );
        assert_eq!(
            MonsterType::OgreKing.ability(),
            MonsterAbility::SpawnDisaster
        );
    }

    #[test]
    fn digest_is_stable_within_a_build_and_nonzero() {
        assert_eq!(data_digest(), data_digest());
        assert_ne!(data_digest(), [0; 32]);
    }
}
