//! Options, actions, events and errors: the vocabulary of a Dwar7s Spring game.

use crate::data::Resource;
use crate::map::Loc;
use crate::state::ExpCard;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Lobby options for Dwar7s Spring: none yet (every rule is fixed by the rulebook or by the
/// readings in the rules doc).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpringOptions {}

/// One decision of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpringAction {
    /// Setup: place the leftmost settlement of `line` on spot `at` (anywhere free on the map).
    Place {
        /// The production line it comes from.
        line: Resource,
        /// Where.
        at: Loc,
    },
    /// Dwarf action: build the leftmost settlement of `line` at `at`.
    Build {
        /// The production line (and its building spot).
        line: Resource,
        /// Where.
        at: Loc,
    },
    /// Dwarf action: build the fortress at `at` (7 food, 7 wood, 7 gold).
    Fortress {
        /// Where.
        at: Loc,
    },
    /// Dwarf action: place a dwarf at `at`; on a wildland, the player then chooses to fight its
    /// monster or gather there ([`SpringAction::Engage`]) or not ([`SpringAction::Decline`]).
    Explore {
        /// Where.
        at: Loc,
    },
    /// Dwarf action: draw a faerie card.
    Summon,
    /// Dwarf action: a dragon spot (0 or 1) exhausting one or two ready dragons.
    Command {
        /// 0: the first dragon spot; 1: the second (after the first, +1 faerie power).
        spot: u8,
        /// The first dragon.
        first: u8,
        /// The second dragon, if any.
        second: Option<u8>,
    },
    /// Dwarf action: an expedition spot (0 or 1) fulfilling the quest `card` of the area.
    Quest {
        /// 0: the first expedition spot; 1: the second (may also remove a heroes card).
        spot: u8,
        /// The quest card.
        card: ExpCard,
    },
    /// Dwarf action when no other is possible: the dwarf stays idle this era.
    Idle,
    /// Free action: train a dragon one level (4 gold to level 2, 5 gold to level 3).
    Train {
        /// The dragon.
        dragon: u8,
    },
    /// Free action: play a faerie card from the hand.
    PlayFaerie {
        /// The faerie card (0..20).
        card: u8,
    },
    /// Wanderer: move one of your dwarfs from `from` to the adjacent `to`.
    MoveDwarf {
        /// From.
        from: Loc,
        /// To.
        to: Loc,
    },
    /// Trickster: swap your settlement at `mine` with the opponent's settlement at `theirs`.
    SwapSettlements {
        /// Yours.
        mine: Loc,
        /// Theirs.
        theirs: Loc,
    },
    /// Shifter: swap your dwarf at `mine` with `owner`'s dwarf at `theirs`.
    SwapDwarfs {
        /// Where your dwarf stands.
        mine: Loc,
        /// Where theirs stands.
        theirs: Loc,
        /// Whose dwarf.
        owner: u8,
    },
    /// Dawn: remove the exhaust token from your dragon.
    Ready {
        /// The dragon.
        dragon: u8,
    },
    /// Stop applying the faerie being played.
    StopFaerie,
    /// Second expedition spot: remove this card (a heroes-deck id) from your heroes deck.
    RemoveHero {
        /// The card.
        card: u8,
    },
    /// Second expedition spot: remove nothing.
    KeepHeroes,
    /// End the turn (after the dwarf action).
    EndTurn,
    /// After exploring a wildland: fight its monster (or gather, if none), spending every stored
    /// success.
    Engage,
    /// After exploring a wildland: neither fight nor gather; the dwarf stays and stored successes
    /// are kept.
    Decline,
}

/// Something that happened, for the move log and the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpringEvent {
    /// The map was laid out; `centre` is the centre wildland.
    MapLaidOut {
        /// The wildland in the centre.
        centre: u8,
    },
    /// An expedition card was revealed into the area.
    CardRevealed {
        /// The card.
        card: ExpCard,
    },
    /// A monster spawned on a wildland (`None`: every wildland is taken; it waits).
    MonsterSpawned {
        /// The monster card.
        card: ExpCard,
        /// Where.
        wild: Option<u8>,
    },
    /// A seat received a dragon.
    DragonGained {
        /// Who.
        seat: u8,
        /// Which.
        dragon: u8,
    },
    /// A seat drew faerie cards; `cards` is empty for those who may not see them.
    FaeriesDrawn {
        /// Who.
        seat: u8,
        /// How many.
        count: u8,
        /// Which (hidden from others).
        cards: Vec<u8>,
    },
    /// A settlement or the fortress was placed, gaining `gained` of its spot's yield.
    Built {
        /// Who.
        seat: u8,
        /// Where.
        at: Loc,
        /// The fortress rather than a settlement.
        fortress: bool,
        /// What the spot gave.
        gained: u8,
    },
    /// The last settlement of a line was built (the line now produces its 4th spot's 2 too).
    LineCompleted {
        /// Who.
        seat: u8,
        /// Which line.
        line: Resource,
    },
    /// A dwarf was placed on the map.
    Explored {
        /// Who.
        seat: u8,
        /// Where.
        at: Loc,
    },
    /// Heroes were revealed for a fight or a gathering.
    HeroesRevealed {
        /// Who.
        seat: u8,
        /// Which wildland.
        wild: u8,
        /// A fight (else a gathering).
        fight: bool,
        /// The cards, in the order drawn.
        cards: Vec<u8>,
        /// Successes added.
        successes: u8,
        /// Axes (fight) or backpacks (gathering), successes included.
        total: u8,
    },
    /// A monster was defeated.
    MonsterDefeated {
        /// Who.
        seat: u8,
        /// The card.
        card: ExpCard,
    },
    /// A fight was lost.
    FightLost {
        /// Who.
        seat: u8,
        /// The card.
        card: ExpCard,
    },
    /// Resources gathered.
    Gathered {
        /// Who.
        seat: u8,
        /// What.
        resource: Resource,
        /// How many.
        amount: u8,
    },
    /// Dragons were commanded.
    Commanded {
        /// Who.
        seat: u8,
        /// Which dragons.
        dragons: Vec<u8>,
    },
    /// A dragon was trained.
    Trained {
        /// Who.
        seat: u8,
        /// Which.
        dragon: u8,
        /// Its new level.
        level: u8,
    },
    /// A faerie card was played.
    FaeriePlayed {
        /// Who.
        seat: u8,
        /// Which card.
        card: u8,
    },
    /// A faerie moved, swapped or readied something.
    FaerieApplied {
        /// Who.
        seat: u8,
        /// What, in words.
        what: String,
    },
    /// A quest was fulfilled.
    QuestFulfilled {
        /// Who.
        seat: u8,
        /// The quest card.
        card: ExpCard,
    },
    /// A card was removed from a heroes deck to the box.
    HeroRemoved {
        /// Who.
        seat: u8,
        /// The card (heroes-deck id).
        card: u8,
    },
    /// A dwarf stayed idle.
    Idled {
        /// Who.
        seat: u8,
    },
    /// A new era started.
    EraStarted {
        /// Which.
        era: u8,
        /// The first player.
        first: u8,
    },
    /// Production: gained, then discarded above the warehouse limit.
    Produced {
        /// Who.
        seat: u8,
        /// Food, wood, gold gained.
        gained: [u8; 3],
        /// Food, wood, gold discarded.
        discarded: [u8; 3],
    },
    /// The game ended.
    GameEnded {
        /// After this era.
        era: u8,
    },
    /// A seat explored a wildland and chose neither to fight nor to gather.
    Declined {
        /// Who.
        seat: u8,
        /// Which wildland.
        wild: u8,
    },
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpringError {
    /// The action does not fit the moment (another decision is pending, the dwarf action is
    /// taken, it is setup...).
    #[error("not now: {0}")]
    NotNow(String),
    /// The location cannot take it.
    #[error("not there: {0}")]
    Place(String),
    /// This era's spot on the empire board is taken.
    #[error("your board's {0} spot is already used this era")]
    SpotUsed(&'static str),
    /// Resources, cards or room are lacking.
    #[error("you cannot: {0}")]
    Lacking(String),
    /// The action names something that does not exist or is not yours.
    #[error("invalid: {0}")]
    Invalid(String),
}
