//! Every piece of Dwar7s Spring data in one reviewed place: the 19 petals and their spots, the
//! production lines, the 28 starting heroes, the 72 dragon cards, the 26 quests, the 12 monster
//! cards and the 20 faeries, and the numbers the rules use.
//!
//! The rulebook (`shared/seeds/dwar7s-spring.txt`) lost every card face, so most values here are
//! ours; `docs/rules/spring.md` gives each one and its reason. [`data_digest`] is blake3 over the
//! canonical encoding of everything in this module (faerie gains and monster abilities included)
//! and of the map geometry in [`crate::map`] (petal positions, directions and the facing rule), so
//! peers with different data never start a game together.

use serde::{Deserialize, Serialize};

/// Most resources of each kind kept at the end of the production phase (rulebook).
pub const WAREHOUSE_LIMIT: u8 = 7;
/// Eras in a game at most (rulebook).
pub const ERAS: u8 = 4;
/// Rounds in an actions phase (rulebook).
pub const ROUNDS: u8 = 7;
/// Dwarfs per player (rulebook).
pub const DWARFS: u8 = 7;
/// Settlements per production line (rulebook: 12 in 3 lines).
pub const LINE_LEN: u8 = 4;
/// Exhaust tokens per player (rulebook).
pub const EXHAUST_TOKENS: u8 = 4;
/// Faerie hand limit (rulebook).
pub const HAND_LIMIT: u8 = 5;
/// Dragons a nest holds (rulebook), one more with the fortress.
pub const NEST_LIMIT: u8 = 5;
/// Of each resource the fortress costs (rulebook).
pub const FORTRESS_COST: u8 = 7;
/// Gold to train a level 1 dragon to level 2 (rulebook's cost box; its example says wood).
pub const TRAIN_TO_2: u8 = 4;
/// Gold to train a level 2 dragon to level 3 (rulebook).
pub const TRAIN_TO_3: u8 = 5;
/// Cards face up in the expedition area (rulebook).
pub const AREA_SIZE: usize = 6;
/// Monster cards revealed onto the map at setup (rulebook).
pub const SETUP_MONSTERS: usize = 3;
/// Monster cards shuffled into the expedition deck (rulebook).
pub const DECK_MONSTERS: usize = 6;
/// Expedition deck cards revealed at setup (rulebook).
pub const SETUP_REVEALS: usize = 3;
/// Faeries drawn for defeating a monster (rulebook).
pub const MONSTER_FAERIES: u8 = 2;
/// Extra heroes revealed with the own fortress next to the wildland (rulebook).
pub const FORTRESS_REVEALS: u8 = 2;
/// VP per complete production line (rulebook).
pub const LINE_VP: u8 = 2;
/// VP for the fortress (rulebook).
pub const FORTRESS_VP: u8 = 5;
/// Resources per VP at the end (rulebook).
pub const RESOURCES_PER_VP: u8 = 7;
/// Web tokens one Giant Spider spreads (ours: 10 tokens for 2 spider cards).
pub const WEBS_PER_SPIDER: u8 = 5;

/// The three resources (food, wood, gold), also the three production lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Resource {
    /// Food (plains, food line).
    Food,
    /// Wood (forests, wood line).
    Wood,
    /// Gold (mountains, gold line).
    Gold,
}

impl Resource {
    /// The three, in board order.
    pub const ALL: [Resource; 3] = [Resource::Food, Resource::Wood, Resource::Gold];

    /// Index 0..3.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Food => "food",
            Resource::Wood => "wood",
            Resource::Gold => "gold",
        }
    }
}

/// What a resource spot gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Yield {
    /// A resource.
    Res(Resource),
    /// Faerie cards.
    Faerie,
}

/// A spot of a grassland petal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Spot {
    /// A field: settlements may be built, nothing is gained.
    Field,
    /// Water (a river): dwarfs only.
    Water,
    /// A resource spot: a settlement built here gains `amount` at once.
    Resource {
        /// What it gives.
        kind: Yield,
        /// How much (2 or 3).
        amount: u8,
    },
}

/// The three kinds of wildland; each gives one resource to gatherers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WildKind {
    /// Forests give wood.
    Forest,
    /// Plains give food.
    Plains,
    /// Mountains give gold.
    Mountain,
}

impl WildKind {
    /// The resource gathered here.
    pub fn gives(self) -> Resource {
        match self {
            WildKind::Forest => Resource::Wood,
            WildKind::Plains => Resource::Food,
            WildKind::Mountain => Resource::Gold,
        }
    }
}

/// Wildland petals (rulebook names: Forest, Plains, Mountain 1 and 2).
pub const WILDLANDS: usize = 6;
/// Grassland petals (ours: 19 petals less the 6 wildlands).
pub const GRASSLANDS: usize = 13;
/// All petals.
pub const PETALS: usize = WILDLANDS + GRASSLANDS;
/// Spots on a grassland petal: a centre and a ring of 6, ring spot `i` facing direction `i`.
pub const SPOTS_PER_PETAL: usize = 7;
/// Locations: one per wildland, then every grassland spot.
pub const LOCATIONS: usize = WILDLANDS + GRASSLANDS * SPOTS_PER_PETAL;

/// The wildland with id `w` (0..6): its kind and number.
pub fn wildland(w: usize) -> (WildKind, u8) {
    let kind = match w / 2 {
        0 => WildKind::Forest,
        1 => WildKind::Plains,
        _ => WildKind::Mountain,
    };
    (kind, (w % 2) as u8 + 1)
}

/// The name of wildland `w` ("Forest 1").
pub fn wildland_name(w: usize) -> &'static str {
    [
        "Forest 1",
        "Forest 2",
        "Plains 1",
        "Plains 2",
        "Mountain 1",
        "Mountain 2",
    ]
    .get(w)
    .copied()
    .unwrap_or("?")
}

const fn f(n: u8) -> Spot {
    Spot::Resource {
        kind: Yield::Res(Resource::Food),
        amount: n,
    }
}
const fn w(n: u8) -> Spot {
    Spot::Resource {
        kind: Yield::Res(Resource::Wood),
        amount: n,
    }
}
const fn g(n: u8) -> Spot {
    Spot::Resource {
        kind: Yield::Res(Resource::Gold),
        amount: n,
    }
}
const fn e(n: u8) -> Spot {
    Spot::Resource {
        kind: Yield::Faerie,
        amount: n,
    }
}
const O: Spot = Spot::Field;
const R: Spot = Spot::Water;

/// The 13 grassland petals (ours): each a centre then ring spots 0..5. Every petal has three
/// resource spots, three fields and one water; over the map 10 food, 10 wood, 10 gold and 9
/// faerie spots, a quarter of them worth 3.
pub const GRASSLAND_SPOTS: [[Spot; SPOTS_PER_PETAL]; GRASSLANDS] = [
    [R, f(2), O, w(2), O, g(2), O],
    [O, e(2), R, f(3), O, w(2), O],
    [R, g(3), O, e(2), O, f(2), O],
    [O, w(3), O, R, g(2), O, e(2)],
    [R, f(2), O, g(2), O, e(3), O],
    [O, O, w(2), R, f(2), O, g(2)],
    [R, e(2), O, w(3), O, g(3), O],
    [O, f(3), O, e(2), R, w(2), O],
    [R, g(2), O, f(2), O, w(3), O],
    [O, O, e(2), O, g(3), R, f(2)],
    [R, w(2), O, f(2), O, e(2), O],
    [O, g(2), R, w(2), O, f(3), O],
    [R, e(3), O, g(2), O, w(2), O],
];

/// Names of the grassland petals (ours).
pub const GRASSLAND_NAMES: [&str; GRASSLANDS] = [
    "Amber Vale",
    "Bramble Hollow",
    "Clover Downs",
    "Dewmere",
    "Elder Glade",
    "Foxglove Fields",
    "Goldenrod",
    "Heather Hills",
    "Ivy Banks",
    "Juniper Reach",
    "Kestrel Meadow",
    "Lilac Ford",
    "Moss Hollow",
];

/// Production per revealed spot of each line, left to right (ours): what a line produces is the
/// sum over its built (revealed) positions. The 4th gives 2: the rulebook's "the last settlement
/// of each production line grants you extra resources".
pub const LINE_REVEALS: [[u8; LINE_LEN as usize]; 3] = [[1, 1, 1, 2], [1, 1, 1, 2], [1, 1, 1, 2]];

/// A card of a heroes deck: a starting hero, a defeated monster or a fulfilled quest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Hero {
    /// Its name.
    pub name: &'static str,
    /// Axes shown (for fights).
    pub axes: u8,
    /// Backpacks shown (for gathering).
    pub backpacks: u8,
}

/// The 7 starting heroes of every colour (ours; the same for each of the 4 colours, 28 cards).
pub const STARTING_HEROES: [Hero; 7] = [
    Hero {
        name: "Captain",
        axes: 2,
        backpacks: 0,
    },
    Hero {
        name: "Axeman",
        axes: 1,
        backpacks: 0,
    },
    Hero {
        name: "Shieldmaiden",
        axes: 1,
        backpacks: 0,
    },
    Hero {
        name: "Ranger",
        axes: 1,
        backpacks: 1,
    },
    Hero {
        name: "Forager",
        axes: 0,
        backpacks: 2,
    },
    Hero {
        name: "Porter",
        axes: 0,
        backpacks: 1,
    },
    Hero {
        name: "Scout",
        axes: 1,
        backpacks: 1,
    },
];

/// What commanding a dragon gives at once.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Gain {
    /// Food, wood, gold.
    pub res: [u8; 3],
    /// Successes for the next fight or gathering.
    pub successes: u8,
}

/// One dragon: its three cards (levels 1 to 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dragon {
    /// Its name.
    pub name: &'static str,
    /// A white-ribbon (starting) dragon.
    pub white_ribbon: bool,
    /// The ability at levels 1, 2, 3.
    pub ability: [Gain; 3],
    /// VP at levels 1, 2, 3 (level 1 scores nothing: rulebook).
    pub vp: [u8; 3],
}

/// Dragons (24 lines of 3 cards = 72 dragon cards).
pub const DRAGONS: usize = 24;

const fn res(kind: usize, n: u8) -> Gain {
    let mut r = [0; 3];
    r[kind] = n;
    Gain {
        res: r,
        successes: 0,
    }
}
const fn mixed(kind: usize, n: u8, s: u8) -> Gain {
    let mut r = [0; 3];
    r[kind] = n;
    Gain {
        res: r,
        successes: s,
    }
}
const fn war(s: u8) -> Gain {
    Gain {
        res: [0; 3],
        successes: s,
    }
}
const fn all(n: u8, s: u8) -> Gain {
    Gain {
        res: [n; 3],
        successes: s,
    }
}

const fn pure(name: &'static str, white: bool, kind: usize) -> Dragon {
    Dragon {
        name,
        white_ribbon: white,
        ability: [res(kind, 1), res(kind, 2), res(kind, 3)],
        vp: [0, 2, 4],
    }
}
const fn hybrid(name: &'static str, kind: usize) -> Dragon {
    Dragon {
        name,
        white_ribbon: false,
        ability: [res(kind, 1), mixed(kind, 1, 1), mixed(kind, 2, 1)],
        vp: [0, 2, 4],
    }
}
const fn warrior(name: &'static str, white: bool) -> Dragon {
    Dragon {
        name,
        white_ribbon: white,
        ability: [war(1), war(2), war(3)],
        vp: [0, 2, 4],
    }
}
const fn hoarder(name: &'static str) -> Dragon {
    Dragon {
        name,
        white_ribbon: false,
        ability: [war(1), all(1, 0), all(1, 1)],
        vp: [0, 1, 5],
    }
}

/// The 24 dragons (ours). The first four are the white-ribbon starters (one food, one wood, one
/// gold, one war dragon); the other 20 are the level 1 egg pile.
pub const DRAGON_DATA: [Dragon; DRAGONS] = [
    pure("Harvestwing", true, 0),
    pure("Barkscale", true, 1),
    pure("Glintclaw", true, 2),
    warrior("Embermaw", true),
    pure("Sheafback", false, 0),
    pure("Orchardtail", false, 0),
    hybrid("Boarhunter", 0),
    hybrid("Grainguard", 0),
    pure("Timberjaw", false, 1),
    pure("Mossfang", false, 1),
    hybrid("Oakrender", 1),
    hybrid("Pineshade", 1),
    pure("Nuggetsnout", false, 2),
    pure("Veinseeker", false, 2),
    hybrid("Coinscale", 2),
    hybrid("Crownhorn", 2),
    warrior("Ashwing", false),
    warrior("Stormtalon", false),
    warrior("Ironhide", false),
    warrior("Blazetongue", false),
    hoarder("Gemhoard"),
    hoarder("Silkwing"),
    hoarder("Dustmantle"),
    warrior("Thunderbelly", false),
];

/// The ability of dragon `d` at `level` (1..=3).
pub fn dragon_gain(d: usize, level: u8) -> Gain {
    DRAGON_DATA
        .get(d)
        .map(|dragon| dragon.ability[level.clamp(1, 3) as usize - 1])
        .unwrap_or_default()
}

/// The six monsters (rulebook names; which has which ability is ours except the Witch and the
/// Giant Spider).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MonsterKind {
    /// Webs the nearest resource spots (rulebook: Forest).
    GiantSpider,
    /// Faerie spots give only 1 (rulebook: Forest).
    Harpy,
    /// Food spots give only 1 (rulebook: Plains).
    Witch,
    /// No quests while in play (rulebook: Plains).
    Frogling,
    /// Gold spots give only 1 (rulebook: Mountain).
    Cyclops,
    /// Wood spots give only 1 (rulebook: Mountain).
    Petrifier,
}

impl MonsterKind {
    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            MonsterKind::GiantSpider => "Giant Spider",
            MonsterKind::Harpy => "Harpy",
            MonsterKind::Witch => "Witch",
            MonsterKind::Frogling => "Frogling",
            MonsterKind::Cyclops => "Cyclops",
            MonsterKind::Petrifier => "Petrifier",
        }
    }

    /// Its ability in play (from [`MONSTER_ABILITIES`]).
    pub fn ability(self) -> Ability {
        MONSTER_ABILITIES[self as usize]
    }

    /// The spot yield it reduces to 1, if any.
    pub fn reduces(self) -> Option<Yield> {
        match self.ability() {
            Ability::Reduces(y) => Some(y),
            Ability::Webs | Ability::NoQuests => None,
        }
    }
}

/// What a monster does while in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    /// Web tokens on the nearest resource spots: no settlements there.
    Webs,
    /// Spots of this yield give only 1 when a settlement is built there.
    Reduces(Yield),
    /// Nobody may go on a quest.
    NoQuests,
}

/// Each monster's ability, in [`MonsterKind`] order: the Giant Spider's webs and the Witch's food
/// (rulebook), the rest ours (each fits the home the rulebook gives that ability).
pub const MONSTER_ABILITIES: [Ability; 6] = [
    Ability::Webs,
    Ability::Reduces(Yield::Faerie),
    Ability::Reduces(Yield::Res(Resource::Food)),
    Ability::NoQuests,
    Ability::Reduces(Yield::Res(Resource::Gold)),
    Ability::Reduces(Yield::Res(Resource::Wood)),
];

/// One monster card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Monster {
    /// Which monster.
    pub kind: MonsterKind,
    /// The wildland (0..6) it spawns in.
    pub home: u8,
    /// Axes needed to defeat it (ours).
    pub axes: u8,
    /// VP at the end (ours).
    pub vp: u8,
}

/// Monster cards (rulebook: 12).
pub const MONSTERS: usize = 12;

const fn mon(kind: MonsterKind, home: u8, axes: u8) -> Monster {
    Monster {
        kind,
        home,
        axes,
        vp: axes,
    }
}

/// The 12 monster cards (ours: two per monster, one for each wildland of its kind, the second a
/// little tougher; VP equal to axes).
pub const MONSTER_DATA: [Monster; MONSTERS] = [
    mon(MonsterKind::GiantSpider, 0, 3),
    mon(MonsterKind::GiantSpider, 1, 4),
    mon(MonsterKind::Harpy, 0, 2),
    mon(MonsterKind::Harpy, 1, 3),
    mon(MonsterKind::Witch, 2, 3),
    mon(MonsterKind::Witch, 3, 4),
    mon(MonsterKind::Frogling, 2, 2),
    mon(MonsterKind::Frogling, 3, 3),
    mon(MonsterKind::Cyclops, 4, 3),
    mon(MonsterKind::Cyclops, 5, 4),
    mon(MonsterKind::Petrifier, 4, 3),
    mon(MonsterKind::Petrifier, 5, 4),
];

/// What a quest asks for (all "at least").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Requirement {
    /// A dragon of at least this level.
    DragonLevel(u8),
    /// At least this many dragons.
    Dragons(u8),
    /// At least this many monsters defeated.
    Monsters(u8),
    /// At least this many settlements on the world map.
    Settlements(u8),
    /// All settlements of this production line built.
    Line(Resource),
    /// At least these resources (food, wood, gold), faerie cards and settlements on the map.
    Have {
        /// Food, wood, gold.
        res: [u8; 3],
        /// Faerie cards in hand.
        faeries: u8,
        /// Settlements on the world map.
        settlements: u8,
    },
}

/// One quest card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Quest {
    /// What it asks.
    pub need: Requirement,
    /// VP at the end (ours).
    pub vp: u8,
}

/// The backpacks a quest card shows in the heroes deck (ours: a quest is a journey, and a
/// journey's card is a traveller's; monster cards show nothing, "clogging" the deck).
pub const QUEST_BACKPACKS: u8 = 1;

/// Quest cards (rulebook: 26).
pub const QUESTS: usize = 26;

const fn have(food: u8, wood: u8, gold: u8, faeries: u8, settlements: u8, vp: u8) -> Quest {
    Quest {
        need: Requirement::Have {
            res: [food, wood, gold],
            faeries,
            settlements,
        },
        vp,
    }
}
const fn q(need: Requirement, vp: u8) -> Quest {
    Quest { need, vp }
}

/// The 26 quests: the 25 requirements the rulebook lists, in its order, then a second copy of the
/// one it pictures (5 settlements; ours), with VP by difficulty (ours).
pub const QUEST_DATA: [Quest; QUESTS] = [
    q(Requirement::DragonLevel(2), 3),
    q(Requirement::DragonLevel(3), 5),
    q(Requirement::Dragons(2), 3),
    q(Requirement::Monsters(1), 3),
    q(Requirement::Monsters(2), 5),
    q(Requirement::Settlements(5), 3),
    q(Requirement::Line(Resource::Gold), 4),
    q(Requirement::Line(Resource::Food), 4),
    q(Requirement::Line(Resource::Wood), 4),
    have(5, 0, 0, 0, 0, 2),
    have(0, 5, 0, 0, 0, 2),
    have(0, 0, 5, 0, 0, 2),
    have(3, 3, 3, 0, 0, 3),
    have(0, 3, 0, 3, 0, 3),
    have(0, 0, 0, 3, 3, 2),
    have(4, 4, 0, 0, 0, 3),
    have(3, 0, 0, 3, 0, 3),
    have(0, 4, 0, 0, 4, 3),
    have(4, 0, 4, 0, 0, 3),
    have(0, 0, 3, 3, 0, 3),
    have(4, 0, 0, 0, 4, 3),
    have(0, 0, 0, 3, 0, 2),
    have(0, 0, 0, 4, 0, 3),
    have(0, 0, 4, 0, 4, 3),
    have(0, 4, 4, 0, 0, 3),
    // A second copy of the quest the rulebook pictures.
    q(Requirement::Settlements(5), 3),
];

/// The faerie abilities (ours, with those the rulebook names: move a dwarf, swap settlements,
/// swap dwarfs). Each is applied as many times as the player's faerie power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum FaerieKind {
    /// Move one of your dwarfs on the map to an adjacent unoccupied spot or wildland.
    Wanderer,
    /// Swap one of your settlements with an opponent's settlement (never a fortress).
    Trickster,
    /// Swap one of your dwarfs on the map with an opponent's dwarf.
    Shifter,
    /// Gain 2 food.
    Harvest,
    /// Gain 2 wood.
    Timber,
    /// Gain 2 gold.
    Glitter,
    /// Gain 1 food, 1 wood and 1 gold.
    Bounty,
    /// Gain 2 successes for your next fight or gathering.
    Valor,
    /// Remove the exhaust token from one of your dragons.
    Dawn,
}

/// What an untargeted faerie gives per application (ours).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FaerieGain {
    /// Food, wood, gold.
    pub res: [u8; 3],
    /// Successes for the next fight or gathering.
    pub successes: u8,
}

const fn gain(food: u8, wood: u8, gold: u8, successes: u8) -> FaerieGain {
    FaerieGain {
        res: [food, wood, gold],
        successes,
    }
}

/// Each faerie's gain per application, in [`FaerieKind`] order (nothing for the targeted ones,
/// which move, swap or ready instead).
pub const FAERIE_GAINS: [FaerieGain; 9] = [
    gain(0, 0, 0, 0),
    gain(0, 0, 0, 0),
    gain(0, 0, 0, 0),
    gain(2, 0, 0, 0),
    gain(0, 2, 0, 0),
    gain(0, 0, 2, 0),
    gain(1, 1, 1, 0),
    gain(0, 0, 0, 2),
    gain(0, 0, 0, 0),
];

impl FaerieKind {
    /// What it gives per application (from [`FAERIE_GAINS`]).
    pub fn gain(self) -> FaerieGain {
        FAERIE_GAINS[self as usize]
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            FaerieKind::Wanderer => "Wanderer",
            FaerieKind::Trickster => "Trickster",
            FaerieKind::Shifter => "Shifter",
            FaerieKind::Harvest => "Harvest",
            FaerieKind::Timber => "Timber",
            FaerieKind::Glitter => "Glitter",
            FaerieKind::Bounty => "Bounty",
            FaerieKind::Valor => "Valor",
            FaerieKind::Dawn => "Dawn",
        }
    }

    /// What it does, once.
    pub fn text(self) -> &'static str {
        match self {
            FaerieKind::Wanderer => {
                "move one of your dwarfs on the map to an adjacent unoccupied spot or wildland"
            }
            FaerieKind::Trickster => "swap one of your settlements with an opponent's settlement",
            FaerieKind::Shifter => "swap one of your dwarfs on the map with an opponent's dwarf",
            FaerieKind::Harvest => "gain 2 food",
            FaerieKind::Timber => "gain 2 wood",
            FaerieKind::Glitter => "gain 2 gold",
            FaerieKind::Bounty => "gain 1 food, 1 wood and 1 gold",
            FaerieKind::Valor => "gain 2 successes for your next fight or gathering",
            FaerieKind::Dawn => "remove the exhaust token from one of your dragons",
        }
    }

    /// True if each application needs a target chosen by the player.
    pub fn targeted(self) -> bool {
        matches!(
            self,
            FaerieKind::Wanderer | FaerieKind::Trickster | FaerieKind::Shifter | FaerieKind::Dawn
        )
    }
}

/// Faerie cards (rulebook: 20).
pub const FAERIES: usize = 20;

/// The 20 faerie cards (ours: 4 Wanderers, 2 of every other kind).
pub const FAERIE_DATA: [FaerieKind; FAERIES] = [
    FaerieKind::Wanderer,
    FaerieKind::Wanderer,
    FaerieKind::Wanderer,
    FaerieKind::Wanderer,
    FaerieKind::Trickster,
    FaerieKind::Trickster,
    FaerieKind::Shifter,
    FaerieKind::Shifter,
    FaerieKind::Harvest,
    FaerieKind::Harvest,
    FaerieKind::Timber,
    FaerieKind::Timber,
    FaerieKind::Glitter,
    FaerieKind::Glitter,
    FaerieKind::Bounty,
    FaerieKind::Bounty,
    FaerieKind::Valor,
    FaerieKind::Valor,
    FaerieKind::Dawn,
    FaerieKind::Dawn,
];

/// Everything above, for the digest.
#[derive(Serialize)]
struct Canonical {
    label: &'static str,
    numbers: [u8; 24],
    grasslands: [[Spot; SPOTS_PER_PETAL]; GRASSLANDS],
    grassland_names: [&'static str; GRASSLANDS],
    line_reveals: [[u8; LINE_LEN as usize]; 3],
    heroes: [Hero; 7],
    dragons: [Dragon; DRAGONS],
    monsters: [Monster; MONSTERS],
    quests: [Quest; QUESTS],
    faeries: [FaerieKind; FAERIES],
    faerie_gains: [FaerieGain; 9],
    monster_abilities: [Ability; 6],
    positions: [(i8, i8); PETALS],
    directions: [(i8, i8); 6],
    facing: [u8; 6],
}

/// blake3 of the canonical encoding of every value in this module (cached).
pub fn data_digest() -> [u8; 32] {
    static DIGEST: std::sync::OnceLock<[u8; 32]> = std::sync::OnceLock::new();
    *DIGEST.get_or_init(|| {
        let c = Canonical {
            label: "dwarfs spring data v1",
            numbers: [
                WAREHOUSE_LIMIT,
                ERAS,
                ROUNDS,
                DWARFS,
                LINE_LEN,
                EXHAUST_TOKENS,
                HAND_LIMIT,
                NEST_LIMIT,
                FORTRESS_COST,
                TRAIN_TO_2,
                TRAIN_TO_3,
                AREA_SIZE as u8,
                SETUP_MONSTERS as u8,
                DECK_MONSTERS as u8,
                SETUP_REVEALS as u8,
                MONSTER_FAERIES,
                FORTRESS_REVEALS,
                LINE_VP,
                FORTRESS_VP,
                RESOURCES_PER_VP,
                WEBS_PER_SPIDER,
                QUEST_BACKPACKS,
                WILDLANDS as u8,
                SPOTS_PER_PETAL as u8,
            ],
            grasslands: GRASSLAND_SPOTS,
            grassland_names: GRASSLAND_NAMES,
            line_reveals: LINE_REVEALS,
            heroes: STARTING_HEROES,
            dragons: DRAGON_DATA,
            monsters: MONSTER_DATA,
            quests: QUEST_DATA,
            faeries: FAERIE_DATA,
            faerie_gains: FAERIE_GAINS,
            monster_abilities: MONSTER_ABILITIES,
            positions: crate::map::POSITIONS,
            directions: crate::map::DIRECTIONS,
            facing: crate::map::FACING,
        };
        *blake3::hash(&dwarfs_engine::codec::encode_plain(&c)).as_bytes()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_untargeted_faeries_gain_and_the_rulebook_pairings_hold() {
        let all = [
            FaerieKind::Wanderer,
            FaerieKind::Trickster,
            FaerieKind::Shifter,
            FaerieKind::Harvest,
            FaerieKind::Timber,
            FaerieKind::Glitter,
            FaerieKind::Bounty,
            FaerieKind::Valor,
            FaerieKind::Dawn,
        ];
        for k in all {
            let g = k.gain();
            let some = g.res.iter().any(|&n| n > 0) || g.successes > 0;
            assert_eq!(some, !k.targeted(), "{k:?}");
        }
        assert_eq!(MonsterKind::GiantSpider.ability(), Ability::Webs);
        assert_eq!(
            MonsterKind::Witch.reduces(),
            Some(Yield::Res(Resource::Food))
        );
        assert_eq!(MonsterKind::Frogling.ability(), Ability::NoQuests);
        // Every yield is reduced by exactly one monster.
        for y in [
            Yield::Faerie,
            Yield::Res(Resource::Food),
            Yield::Res(Resource::Wood),
            Yield::Res(Resource::Gold),
        ] {
            let n = MONSTER_ABILITIES
                .iter()
                .filter(|&&a| a == Ability::Reduces(y))
                .count();
            assert_eq!(n, 1, "{y:?}");
        }
    }

    #[test]
    fn counts_match_the_component_list() {
        let mut per = [0u8; 4];
        let mut threes = 0;
        for petal in GRASSLAND_SPOTS {
            let mut res = 0;
            for s in petal {
                if let Spot::Resource { kind, amount } = s {
                    res += 1;
                    per[match kind {
                        Yield::Res(r) => r.index(),
                        Yield::Faerie => 3,
                    }] += 1;
                    assert!(amount == 2 || amount == 3);
                    threes += u8::from(amount == 3);
                }
            }
            assert_eq!(res, 3);
        }
        assert_eq!(per, [10, 10, 10, 9]);
        assert_eq!(threes, 11);
        assert_eq!(DRAGONS * 3, 72);
        assert_eq!(DRAGON_DATA.iter().filter(|d| d.white_ribbon).count(), 4);
        assert_eq!(STARTING_HEROES.len() * 4, 28);
        for k in 0..6 {
            let homes: Vec<u8> = MONSTER_DATA
                .iter()
                .filter(|m| m.kind as usize == k)
                .map(|m| m.home)
                .collect();
            assert_eq!(homes.len(), 2);
            assert_eq!(
                homes[0] / 2,
                homes[1] / 2,
                "both cards of a monster share a kind"
            );
        }
        assert_eq!(MONSTER_DATA[4].kind, MonsterKind::Witch);
        assert_eq!(wildland(MONSTER_DATA[4].home as usize).0, WildKind::Plains);
        assert_eq!(wildland(MONSTER_DATA[0].home as usize).0, WildKind::Forest);
        assert_eq!(wildland_name(5), "Mountain 2");
    }

    #[test]
    fn digest_is_stable_and_nonzero() {
        assert_eq!(data_digest(), data_digest());
        assert_ne!(data_digest(), [0; 32]);
    }
}
