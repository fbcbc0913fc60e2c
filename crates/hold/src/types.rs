//! Options, actions, events and errors: the vocabulary of a Dwarf Hold game.

use crate::board::Pos;
use crate::data::{BoardTile, Leader, WorkTile};
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The steps by which gold and VT are added to an offer: any amount is the sum of some of them
/// (37 gold is three steps of 10 and seven of 1), so the list of legal actions stays small.
/// An offer holds one gold and one VT amount per side; each step raises it.
pub const OFFER_STEPS: [u16; 3] = [1, 10, 100];

/// Lobby options for Dwarf Hold. The rulebook sets no limit on turns or offers: each of these is
/// ours (see `docs/rules/hold.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldOptions {
    /// The game also ends at the end of this turn (ours: the rulebook has no limit, but a game
    /// where nobody advances would never end). Must be at least 1.
    pub max_turns: u16,
    /// Offers each player may start per Trade phase (ours: with no limit a table that keeps
    /// offering would never leave the Trade phase).
    pub offers_per_trade: u8,
    /// Items (tiles, spaces, trophies, and the gold and VT amounts) one offer may hold; 0 for no
    /// limit, the rulebook's and the default.
    pub max_offer_items: u8,
}

impl Default for HoldOptions {
    fn default() -> Self {
        HoldOptions {
            max_turns: 40,
            offers_per_trade: 2,
            max_offer_items: 0,
        }
    }
}

/// A clan marker on the board: one of a player's markers on the hold, or the marker on a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MarkerRef {
    /// One of this seat's markers on the hold.
    Hold(Seat),
    /// The marker on this space (outside the hold).
    Space(Pos),
}

/// Something one player may give or ask for in a trade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TradeItem {
    /// One work tile of this design.
    Tile(WorkTile),
    /// Gold: in an action, one of [`OFFER_STEPS`] added to the offer's amount; in an offer, the
    /// whole amount.
    Gold(u16),
    /// Victory tokens, as gold.
    Vt(u16),
    /// Control of a space outside the hold (the marker is replaced).
    Space(Pos),
    /// A trophy (a cleared lair tile).
    Trophy(BoardTile),
}

impl std::fmt::Display for TradeItem {
    /// The item in words, as every list of offers says it: "a Pick tile", "5 gold", "1 VT",
    /// "the space c2", "the Greybeards trophy".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TradeItem::Tile(t) => {
                let n = t.name();
                let an = n.starts_with(['A', 'E', 'I', 'O', 'U']);
                write!(f, "{} {n} tile", if an { "an" } else { "a" })
            }
            TradeItem::Gold(n) => write!(f, "{n} gold"),
            TradeItem::Vt(n) => write!(f, "{n} VT"),
            TradeItem::Space(p) => write!(f, "the space {p}"),
            TradeItem::Trophy(l) => write!(f, "the {} trophy", l.name()),
        }
    }
}

/// One decision by the seat that acts now. Multi-part decisions are staged (start a dig, add
/// tiles, commit) so every list of legal actions stays small.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HoldAction {
    /// Done with this step: end your part of the phase, decline to play Intrigue, pass in the
    /// Trade phase, or stop picking markers for Arcane Laws.
    Pass,
    /// Leader phase: take this leader card.
    PickLeader(Leader),
    /// End of the Leader phase: play Intrigue to swap leader cards with this opponent.
    PlayIntrigue(Seat),
    /// Work phase: draw one more work tile for gold.
    BuyDraw,
    /// Discard this tile (Trading Post, hand limit).
    Discard(WorkTile),
    /// Trade phase: start an offer to this player.
    StartOffer(Seat),
    /// Add something you give to the offer being built.
    OfferGive(TradeItem),
    /// Add something you ask for to the offer being built.
    OfferAsk(TradeItem),
    /// Put the offer to the other player.
    Propose,
    /// Drop the offer being built (it still counts against your offers this phase).
    Withdraw,
    /// The offer's target accepts: both sides are exchanged at once.
    Accept,
    /// The offer's target declines.
    Decline,
    /// Event phase: buy one victory token at the current price.
    BuyVt,
    /// Event phase: play an event that needs no target (Forge Great Relic, Unearth Big Diamond,
    /// Greybeards, Rune Stones, Great Oratory, Arcane Laws).
    PlayEvent(WorkTile),
    /// Event phase: play an event against an opponent (Sabotage, Raid Treasury, Clan Informers).
    PlayEventOn(WorkTile, Seat),
    /// Event phase: play Turf Dispute on an opponent's marker.
    TurfDispute(MarkerRef),
    /// Event phase: keep this tile of those Rune Stones drew.
    Keep(WorkTile),
    /// Event phase: use the Dwarf Judge to switch two markers (then pick them).
    UseJudge,
    /// Pick a marker (for the Judge's switch or Arcane Laws' scramble).
    PickMarker(MarkerRef),
    /// Arcane Laws: the next picked marker (in pick order) goes back as this player's.
    PlaceMarker(Seat),
    /// Event phase: use the Secret Passage to look at this opponent's hand.
    LookAtHand(Seat),
    /// Dig or Fight phase: start claiming this tile.
    Target(Pos),
    /// Play this tile towards the dig or fight being prepared.
    AddTile(WorkTile),
    /// Pay and claim the target of the dig or fight being prepared.
    Commit,
    /// Give up the dig or fight being prepared: its tiles stay in your hand and you may choose
    /// another target (not this one again this phase) or pass.
    Abandon,
    /// Build phase: build this room from your hand on this space.
    Build(WorkTile, Pos),
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndCondition {
    /// 1. All 18 veins have been mined.
    AllVeinsMined,
    /// 2. All 18 lairs have been cleared.
    AllLairsCleared,
    /// 3. All 24 rooms have been built.
    AllRoomsBuilt,
    /// 4. All 18 earth tiles have been claimed.
    AllEarthClaimed,
    /// 5. A player has more than 100 VT.
    OverHundredVt,
    /// The turn limit from the options was reached (ours).
    TurnLimit,
}

impl EndCondition {
    /// A sentence for the end screen.
    pub fn describe(self) -> &'static str {
        match self {
            EndCondition::AllVeinsMined => "all 18 veins have been mined",
            EndCondition::AllLairsCleared => "all 18 lairs have been cleared",
            EndCondition::AllRoomsBuilt => "all 24 rooms have been built",
            EndCondition::AllEarthClaimed => "all 18 earth tiles have been claimed",
            EndCondition::OverHundredVt => "a player has gone over 100 VT",
            EndCondition::TurnLimit => "the turn limit was reached",
        }
    }
}

/// Something that happened, for the move log. Events carry public information only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HoldEvent {
    /// The board tiles were laid out and the starting hands dealt.
    BoardLaid,
    /// A leader card was dealt at random (first turn).
    LeaderDealt(Seat, Leader),
    /// A leader card was picked.
    LeaderPicked(Seat, Leader),
    /// Markers were placed on the hold.
    MarkersToHold(Seat, u8),
    /// Intrigue swapped two players' leader cards.
    LeadersSwapped(Seat, Seat),
    /// Gold phase income.
    Income {
        /// Who.
        seat: Seat,
        /// Gold gained.
        gold: u32,
        /// VT gained.
        vt: u32,
    },
    /// A player drew work tiles (how many, not which).
    Drew(Seat, u8),
    /// A player paid for an extra draw.
    PaidForDraw(Seat, u32),
    /// A work tile went face up to the discard pile.
    Discarded(Seat, WorkTile),
    /// An offer was put to a player.
    OfferProposed(Seat, Seat),
    /// An offer was accepted and exchanged.
    OfferAccepted(Seat, Seat),
    /// An offer was declined.
    OfferDeclined(Seat, Seat),
    /// An offer was dropped before it was put.
    OfferWithdrawn(Seat),
    /// A player passed or finished their part of a phase.
    Passed(Seat),
    /// A player bought a VT.
    BoughtVt(Seat, u32),
    /// An event tile was played.
    EventPlayed(Seat, WorkTile),
    /// VT gained (events, rooms, bonuses).
    GainedVt(Seat, u32),
    /// Gold gained from the vault.
    GainedGold(Seat, u32),
    /// Gold taken from one player by another.
    GoldStolen {
        /// The thief.
        by: Seat,
        /// The victim.
        from: Seat,
        /// How much.
        gold: u32,
    },
    /// A random work tile was stolen (which one stays private).
    TileStolen {
        /// The thief.
        by: Seat,
        /// The victim.
        from: Seat,
    },
    /// A marker changed hands.
    MarkerReplaced {
        /// The marker.
        marker: MarkerRef,
        /// Its new owner.
        to: Seat,
    },
    /// The Judge switched two markers.
    MarkersSwitched(MarkerRef, MarkerRef),
    /// Arcane Laws scrambled markers.
    MarkersScrambled(u8),
    /// A player looked at another's hand (what they saw is private).
    LookedAtHand(Seat, Seat),
    /// A tile was claimed in the Dig or Fight phase.
    Claimed {
        /// Who.
        seat: Seat,
        /// Where.
        at: Pos,
        /// The tile as it was claimed.
        tile: BoardTile,
        /// VT gained for its value.
        vt: u32,
        /// Gold paid.
        gold: u32,
    },
    /// A lair was cleared and kept as a trophy.
    LairCleared {
        /// Who.
        seat: Seat,
        /// Where.
        at: Pos,
        /// The lair.
        lair: BoardTile,
        /// VT gained for its value.
        vt: u32,
        /// Gold paid.
        gold: u32,
    },
    /// A room was built.
    Built {
        /// Who.
        seat: Seat,
        /// Where.
        at: Pos,
        /// The room.
        room: WorkTile,
        /// Gold paid to the vault.
        gold: u32,
        /// The previous owner, paid for the takeover.
        took_over_from: Option<Seat>,
    },
    /// A dig or fight was abandoned.
    Abandoned(Seat),
    /// A turn ended.
    TurnEnded(u16),
    /// The game ended.
    GameEnded(Vec<EndCondition>),
}

/// Why an action is illegal, in words a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HoldError {
    /// The action does not belong to the current phase or step.
    #[error("that is not possible now: {0}")]
    WrongStep(&'static str),
    /// The leader card was already taken.
    #[error("the {0} has already been taken; pick another leader")]
    LeaderTaken(&'static str),
    /// The tile is not in the player's hand.
    #[error("you have no {0} in your hand")]
    NotInHand(&'static str),
    /// The tile is the wrong kind for this use.
    #[error("{tile} cannot be used that way: {why}")]
    WrongTile {
        /// The tile's name.
        tile: &'static str,
        /// What is wrong.
        why: &'static str,
    },
    /// Not enough gold.
    #[error("you need {need} gold but have {have}")]
    NotEnoughGold {
        /// Gold needed.
        need: u32,
        /// Gold held.
        have: u32,
    },
    /// Not enough VT.
    #[error("you need {need} VT but have {have}")]
    NotEnoughVt {
        /// VT needed.
        need: u32,
        /// VT held.
        have: u32,
    },
    /// The seat is not a valid opponent.
    #[error("{0} is not an opponent in this game")]
    BadOpponent(Seat),
    /// The square is off the board.
    #[error("square {0} is not on the board")]
    OffBoard(u8),
    /// The square cannot be targeted.
    #[error("{at} cannot be chosen: {why}")]
    BadSquare {
        /// The square.
        at: Pos,
        /// What is wrong.
        why: &'static str,
    },
    /// A limit on how often something may be done was reached.
    #[error("limit reached: {0}")]
    Limit(&'static str),
    /// The points played do not cover the target's value yet.
    #[error("the tiles played give {have} points but {need} are needed")]
    NotEnoughPoints {
        /// Points needed.
        need: u8,
        /// Points played.
        have: u16,
    },
    /// The marker does not exist or may not be chosen.
    #[error("that marker cannot be chosen: {0}")]
    BadMarker(&'static str),
    /// The offer is invalid.
    #[error("that offer is not possible: {0}")]
    BadOffer(&'static str),
    /// Nothing to do for that action.
    #[error("{0}")]
    Other(&'static str),
}
