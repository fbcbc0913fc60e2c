//! Every piece of card data the engine uses, in one reviewed place.
//!
//! The rulebook's card faces were lost, so most values here are **designed by us**; each one is
//! listed with its reason in `docs/rules/fall.md`. The blake3 digest of the canonical encoding of
//! these tables ([`data_digest`]) goes into every state hash, so peers with different data can
//! never agree on a game.
//!
//! Nothing outside this module hard-codes a card value.

use crate::options::Edition;
use crate::types::{CardType, Class, Gem, Kind, SecretGoal, Task};
use serde::Serialize;
use std::sync::OnceLock;

/// Wall bit for the north side (up on screen) of an unrotated card.
pub const N: u8 = 1;
/// Wall bit for the east side.
pub const E: u8 = 2;
/// Wall bit for the south side.
pub const S: u8 = 4;
/// Wall bit for the west side.
pub const W: u8 = 8;

/// The printed data of one kingdom card kind (the same for every colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct KindData {
    /// Display name.
    pub name: &'static str,
    /// The card type (only same types stack).
    pub card_type: CardType,
    /// Open sides of the unrotated card, as a mask of [`N`], [`E`], [`S`], [`W`]; the rest are walls.
    pub open: u8,
    /// Spots for meeples.
    pub spots: u8,
    /// Dwarfs of one colour needed to complete the card's task.
    pub need: u8,
    /// Victory points the card adds to (or subtracts from) a kingdom it is in.
    pub vp: i8,
    /// What the task does.
    pub task: Task,
}

/// The 9 kingdom card kinds, indexed by [`Kind`] (every colour has one of each).
pub const KINDS: [KindData; 9] = [
    KindData {
        name: "castle",
        card_type: CardType::Castle,
        open: N | E | W,
        spots: 3,
        need: 2,
        vp: 3,
        task: Task::Dig,
    },
    KindData {
        name: "tavern",
        card_type: CardType::Building,
        open: E | S | W,
        spots: 3,
        need: 2,
        vp: 1,
        task: Task::DrawOgre,
    },
    KindData {
        name: "general store",
        card_type: CardType::Building,
        open: E | W,
        spots: 4,
        need: 3,
        vp: 2,
        task: Task::Trade,
    },
    KindData {
        name: "emerald mine",
        card_type: CardType::Mine,
        open: N | S | W,
        spots: 3,
        need: 2,
        vp: 1,
        task: Task::Mine {
            gem: Gem::Emerald,
            count: 1,
        },
    },
    KindData {
        name: "diamond mine",
        card_type: CardType::Mine,
        open: N | S,
        spots: 2,
        need: 2,
        vp: 2,
        task: Task::Mine {
            gem: Gem::Diamond,
            count: 1,
        },
    },
    KindData {
        name: "ruby mine",
        card_type: CardType::Mine,
        open: N | E,
        spots: 4,
        need: 3,
        vp: 2,
        task: Task::Mine {
            gem: Gem::Ruby,
            count: 1,
        },
    },
    KindData {
        name: "gold mine",
        card_type: CardType::Mine,
        open: S | W,
        spots: 4,
        need: 3,
        vp: 2,
        task: Task::Mine {
            gem: Gem::Gold,
            count: 2,
        },
    },
    KindData {
        name: "fire dragon",
        card_type: CardType::Monster,
        open: N | E | S | W,
        spots: 5,
        need: 5,
        vp: -3,
        task: Task::Defeat,
    },
    KindData {
        name: "frost giant",
        card_type: CardType::Monster,
        open: N | E | S,
        spots: 5,
        need: 5,
        vp: -2,
        task: Task::Defeat,
    },
];

/// One gem kind: how many cards exist and what each is worth in hand at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GemData {
    /// Display name (singular).
    pub name: &'static str,
    /// Cards of this kind in the game.
    pub supply: u8,
    /// VP per card in hand at the end.
    pub vp: u8,
}

/// The 34 gem cards, indexed by [`Gem`].
pub const GEMS: [GemData; 4] = [
    GemData {
        name: "emerald",
        supply: 10,
        vp: 1,
    },
    GemData {
        name: "diamond",
        supply: 7,
        vp: 2,
    },
    GemData {
        name: "ruby",
        supply: 7,
        vp: 2,
    },
    GemData {
        name: "gold",
        supply: 10,
        vp: 1,
    },
];

/// One ogre kind and how many of the 13 ogre cards it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OgreData {
    /// Display name.
    pub name: &'static str,
    /// Cards of this kind.
    pub count: u8,
}

/// The 13 ogre cards, indexed by [`crate::OgreKind`].
pub const OGRES: [OgreData; 5] = [
    OgreData {
        name: "Brute",
        count: 3,
    },
    OgreData {
        name: "Ambush",
        count: 2,
    },
    OgreData {
        name: "Crown",
        count: 2,
    },
    OgreData {
        name: "Panic",
        count: 3,
    },
    OgreData {
        name: "Thief",
        count: 3,
    },
];

/// One trading goal card: the gems it costs at the general store and the VP it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TradingGoalData {
    /// Gems paid, indexed by [`Gem`].
    pub cost: [u8; 4],
    /// VP at the end of the game.
    pub vp: u8,
}

/// The 10 trading goals, indexed by their number 0..10.
pub const TRADING_GOALS: [TradingGoalData; 10] = [
    TradingGoalData {
        cost: [3, 0, 0, 0],
        vp: 5,
    },
    TradingGoalData {
        cost: [0, 0, 0, 3],
        vp: 5,
    },
    TradingGoalData {
        cost: [2, 0, 0, 2],
        vp: 6,
    },
    TradingGoalData {
        cost: [0, 2, 0, 0],
        vp: 6,
    },
    TradingGoalData {
        cost: [0, 0, 2, 0],
        vp: 6,
    },
    TradingGoalData {
        cost: [1, 1, 1, 0],
        vp: 7,
    },
    TradingGoalData {
        cost: [1, 0, 1, 1],
        vp: 6,
    },
    TradingGoalData {
        cost: [0, 1, 0, 2],
        vp: 6,
    },
    TradingGoalData {
        cost: [0, 0, 2, 2],
        vp: 8,
    },
    TradingGoalData {
        cost: [2, 1, 1, 1],
        vp: 9,
    },
];

/// One secret goal card of the classic edition and the VP it scores once revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SecretGoalData {
    /// Which goal.
    pub goal: SecretGoal,
    /// VP when revealed.
    pub vp: u8,
}

/// The 7 classic secret goals, indexed by their number 0..7.
pub const SECRET_GOALS_CLASSIC: [SecretGoalData; 7] = [
    SecretGoalData {
        goal: SecretGoal::Architect,
        vp: 5,
    },
    SecretGoalData {
        goal: SecretGoal::Hunter,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::King,
        vp: 5,
    },
    SecretGoalData {
        goal: SecretGoal::Miner,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::OgreInDisguise,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::Researcher,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::Wizard,
        vp: 4,
    },
];

/// The 8 secret goals of the 3rd edition (Hunter becomes Berserker; Adventurer is new).
pub const SECRET_GOALS_THIRD: [SecretGoalData; 8] = [
    SecretGoalData {
        goal: SecretGoal::Architect,
        vp: 5,
    },
    SecretGoalData {
        goal: SecretGoal::Berserker,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::King,
        vp: 5,
    },
    SecretGoalData {
        goal: SecretGoal::Miner,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::OgreInDisguise,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::Researcher,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::Wizard,
        vp: 4,
    },
    SecretGoalData {
        goal: SecretGoal::Adventurer,
        vp: 5,
    },
];

/// The 32 gem cards of the 3rd edition, by [`Gem`] (one emerald and one gold fewer than the
/// classic 34; names and VP as in [`GEMS`]).
pub const GEM_SUPPLY_THIRD: [u8; 4] = [9, 7, 7, 9];

/// One 3rd-edition class: the gems its upgrade discards and the VP it scores at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClassData {
    /// Which class.
    pub class: Class,
    /// Gems discarded to upgrade, by [`Gem`].
    pub cost: [u8; 4],
    /// VP at the end of the game once upgraded.
    pub vp: u8,
}

/// The 3 classes, indexed by [`Class`].
pub const CLASSES: [ClassData; 3] = [
    ClassData {
        class: Class::King,
        cost: [0, 1, 1, 0],
        vp: 3,
    },
    ClassData {
        class: Class::Warrior,
        cost: [1, 0, 1, 0],
        vp: 2,
    },
    ClassData {
        class: Class::Guardian,
        cost: [1, 0, 0, 1],
        vp: 2,
    },
];

/// What differs in data between the editions.
#[derive(Clone, Copy, Debug)]
pub struct EditionData {
    /// Gem cards by [`Gem`].
    pub gem_supply: [u8; 4],
    /// The secret goal deck.
    pub secret_goals: &'static [SecretGoalData],
}

/// The data of an edition.
pub fn edition(e: Edition) -> EditionData {
    match e {
        Edition::Classic => EditionData {
            gem_supply: [
                GEMS[0].supply,
                GEMS[1].supply,
                GEMS[2].supply,
                GEMS[3].supply,
            ],
            secret_goals: &SECRET_GOALS_CLASSIC,
        },
        Edition::Third => EditionData {
            gem_supply: GEM_SUPPLY_THIRD,
            secret_goals: &SECRET_GOALS_THIRD,
        },
    }
}

/// Thresholds written on the secret goal cards (rulebook values).
pub mod secret {
    /// Architect: kingdom cards in your kingdom.
    pub const ARCHITECT_CARDS: u8 = 8;
    /// Hunter: monsters defeated.
    pub const HUNTER_MONSTERS: u8 = 2;
    /// King: kingdom VP.
    pub const KING_VP: i32 = 10;
    /// Ogre in disguise: ogre cards in hand.
    pub const OGRES_IN_HAND: u8 = 5;
    /// Researcher: own meeples on each of two monster cards.
    pub const RESEARCHER_TRIO: u8 = 3;
    /// Researcher: how many monster cards need a trio.
    pub const RESEARCHER_MONSTERS: u8 = 2;
    /// Wizard: emeralds in hand.
    pub const WIZARD_EMERALDS: u8 = 5;
    /// Adventurer: different meeple types (dwarf, king, warrior, guardian) in one kill.
    pub const ADVENTURER_TYPES: u8 = 3;
}

/// Dwarfs per player (rulebook).
pub const DWARFS_PER_PLAYER: u8 = 7;
/// Cards a hand may hold after the discard phase (rulebook).
pub const HAND_LIMIT: u8 = 9;
/// Actions per turn without a castle in play (rulebook).
pub const BASE_ACTIONS: u8 = 3;
/// VP per defeated monster (rulebook).
pub const MONSTER_VP: u8 = 3;
/// Goals that trigger the end of the game (rulebook).
pub const GOALS_TO_END: u8 = 3;
/// Face-up trading goals (rulebook).
pub const FACE_UP_GOALS: usize = 3;
/// The mat spans coordinates `-GRID_RADIUS..=GRID_RADIUS` on both axes (designed: the mat size).
pub const GRID_RADIUS: i8 = 6;
/// Rounds after which winter comes and the game is scored, unless the options say otherwise
/// (designed: a safety net the rulebook does not have, see the rules doc).
pub const DEFAULT_ROUND_LIMIT: u16 = 40;
/// The largest round limit the options accept (bounds [`crate::Fall`]'s `max_steps`).
pub const MAX_ROUND_LIMIT: u16 = 100;

/// Everything above, in one value, for the digest.
#[derive(Serialize)]
struct AllData {
    kinds: &'static [KindData; 9],
    gems: &'static [GemData; 4],
    ogres: &'static [OgreData; 5],
    trading_goals: &'static [TradingGoalData; 10],
    secret_goals_classic: &'static [SecretGoalData; 7],
    secret_goals_third: &'static [SecretGoalData; 8],
    gem_supply_third: [u8; 4],
    classes: &'static [ClassData; 3],
    adventurer_types: u8,
    thresholds: [i32; 7],
    constants: [i32; 9],
}

/// The blake3 digest of the canonical encoding of every table in this module.
pub fn data_digest() -> [u8; 32] {
    static DIGEST: OnceLock<[u8; 32]> = OnceLock::new();
    *DIGEST.get_or_init(|| {
        let all = AllData {
            kinds: &KINDS,
            gems: &GEMS,
            ogres: &OGRES,
            trading_goals: &TRADING_GOALS,
            secret_goals_classic: &SECRET_GOALS_CLASSIC,
            secret_goals_third: &SECRET_GOALS_THIRD,
            gem_supply_third: GEM_SUPPLY_THIRD,
            classes: &CLASSES,
            adventurer_types: secret::ADVENTURER_TYPES,
            thresholds: [
                secret::ARCHITECT_CARDS as i32,
                secret::HUNTER_MONSTERS as i32,
                secret::KING_VP,
                secret::OGRES_IN_HAND as i32,
                secret::RESEARCHER_TRIO as i32,
                secret::RESEARCHER_MONSTERS as i32,
                secret::WIZARD_EMERALDS as i32,
            ],
            constants: [
                DWARFS_PER_PLAYER as i32,
                HAND_LIMIT as i32,
                BASE_ACTIONS as i32,
                MONSTER_VP as i32,
                GOALS_TO_END as i32,
                FACE_UP_GOALS as i32,
                GRID_RADIUS as i32,
                DEFAULT_ROUND_LIMIT as i32,
                MAX_ROUND_LIMIT as i32,
            ],
        };
        let mut h = blake3::Hasher::new();
        h.update(b"dwar7s fall data v1\0");
        h.update(&dwarfs_engine::codec::encode_plain(&all));
        *h.finalize().as_bytes()
    })
}

/// The data of one kind.
#[inline]
pub fn kind(k: Kind) -> &'static KindData {
    &KINDS[k as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn component_counts_match_the_rulebook() {
        assert_eq!(GEMS.iter().map(|g| g.supply as u32).sum::<u32>(), 34);
        assert_eq!(OGRES.iter().map(|o| o.count as u32).sum::<u32>(), 13);
        assert_eq!(TRADING_GOALS.len(), 10);
        assert_eq!(SECRET_GOALS_CLASSIC.len(), 7);
        assert_eq!(SECRET_GOALS_THIRD.len(), 8);
        assert_eq!(GEM_SUPPLY_THIRD.iter().map(|&g| g as u32).sum::<u32>(), 32);
        assert_eq!(KINDS.len() * 4, 36);
    }

    #[test]
    fn rulebook_dwarf_counts_hold() {
        // Confirmed or stated values: emerald 3 spots / 2 dwarfs, diamond 2 dwarfs, ruby 3,
        // dig 2, store 3, tavern 2, monsters 5 with no spare spot (one foreign dwarf blocks).
        assert_eq!((KINDS[3].spots, KINDS[3].need), (3, 2));
        assert_eq!(KINDS[4].need, 2);
        assert_eq!(KINDS[5].need, 3);
        assert_eq!(KINDS[0].need, 2);
        assert_eq!(KINDS[2].need, 3);
        assert_eq!(KINDS[1].need, 2);
        for m in &KINDS[7..] {
            assert_eq!((m.spots, m.need), (5, 5));
        }
        for k in &KINDS {
            assert!(k.spots >= k.need, "{} cannot be completed", k.name);
        }
    }

    #[test]
    fn digest_is_stable_within_a_run() {
        assert_eq!(data_digest(), data_digest());
        assert_ne!(data_digest(), [0; 32]);
    }
}
