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

mod board;
mod cards;
mod heroes;

pub use board::*;
pub use cards::*;
pub use heroes::*;

use ZoneType::{Field, Forest, Mine, Wall};

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

/// "2 food, 1 wood" for an amount of each resource ("nothing" when empty): the words the text
/// view, the move log and the app use.
pub fn resources_text(r: &Resources) -> String {
    let parts: Vec<String> = Resource::ALL
        .iter()
        .filter(|x| r[x.index()] > 0)
        .map(|x| format!("{} {}", r[x.index()], x.name()))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

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
    *blake3::hash(&dwarfs_engine::codec::encode_plain(&c)).as_bytes()
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
