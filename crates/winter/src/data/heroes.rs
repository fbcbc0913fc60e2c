//! The hero cards (starting heroes, the sage and the 28 heroes of the pool) and the solitaire
//! ranks.

use super::{Instrument, Resource, Resources, ZoneType};
use HeroAbility as A;
use Instrument::{Drums, Flute, Harp, Horn};
use Resource as R;
use ZoneType::{Field, Forest, Mine};
use serde::{Deserialize, Serialize};

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
    /// The cards of a mask, in id order (bits beyond the last card are ignored). Walks the set
    /// bits only: a hand's weight reads its cards for each of up to thousands of hands.
    pub fn in_mask(mask: u64) -> impl Iterator<Item = Card> + Clone {
        let mut rest = mask & ((1u64 << HERO_CARDS) - 1);
        std::iter::from_fn(move || {
            let i = rest.trailing_zeros();
            (rest != 0).then(|| {
                rest &= rest - 1;
                Card(i as u8)
            })
        })
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
