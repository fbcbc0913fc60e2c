//! The monster and disaster cards.

use super::{Resource, Resources, Zone, ZoneType, zone};
use ZoneType::{Field, Forest, Mine};
use serde::{Deserialize, Serialize};

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
