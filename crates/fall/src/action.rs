//! Actions a seat can take, the events they cause, and why an action can be refused.

use crate::types::{Card, Class, Colour, Dir, Gem, HandCard, Kind, OgreKind, Pos, SecretGoal};
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One decision by the seat that acts now. Big choices are staged: choose a card, then where it
/// goes; play an ogre, then pick its target(s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FallAction {
    /// Stop taking actions this turn; the Resolve phase follows. In the Discard step when the
    /// hand is within the limit (the end-of-turn window offered while the secret goal could be
    /// revealed), it ends the turn without revealing.
    EndActions,
    /// Play a kingdom card from hand (costs an action); [`FallAction::PlaceCard`] follows.
    ChooseCard(Kind),
    /// Put the chosen kingdom card at this position (next to a card, or stacked). A card with
    /// more than one distinct orientation then waits for [`FallAction::Orient`].
    PlaceCard(Pos),
    /// Put a dwarf from your pile on a free spot of the card at this position (costs an action).
    PlaceDwarf(Pos),
    /// Move one of your dwarfs from the card at `from` to the adjacent card in `dir` (costs an
    /// action).
    MoveDwarf {
        /// Where your dwarf stands.
        from: Pos,
        /// Which way it walks.
        dir: Dir,
    },
    /// Play an ogre card from hand (a free action); its targets follow.
    PlayOgre(OgreKind),
    /// Ogre target: one meeple of `colour` on the card at `at` (Brute: the opponent's dwarf to
    /// swap; Panic: the dwarf to move).
    TargetDwarf {
        /// The card.
        at: Pos,
        /// The meeple's colour.
        colour: Colour,
    },
    /// Ogre target: a card (Brute: where your dwarf stands; Ambush: the card to clear; Panic:
    /// where the dwarf goes).
    TargetCard(Pos),
    /// Ogre target: an opponent (Crown, Thief).
    TargetPlayer(Seat),
    /// Reveal your secret goal (free; only while its condition holds).
    RevealSecret,
    /// General store: buy the face-up trading goal in this slot (0..3).
    BuyGoal(u8),
    /// Castle: dig the stack at this position.
    Dig(Pos),
    /// Discard phase: discard one gem or ogre card.
    Discard(HandCard),
    /// 3rd edition: upgrade a dwarf in your campfire to this class, discarding its gems (costs
    /// an action).
    Upgrade(Class),
    /// 3rd edition: put this class meeple from your campfire on a free spot (free for the king,
    /// an action for the others).
    PlaceClass {
        /// Which meeple.
        class: Class,
        /// Where.
        at: Pos,
    },
    /// 3rd edition: move this class meeple to the adjacent card in `dir` (costs an action).
    MoveClass {
        /// Which meeple.
        class: Class,
        /// Which way.
        dir: Dir,
    },
    /// 3rd edition: your warrior pushes a meeple of `colour` on its card to the adjacent card in
    /// `dir` (costs an action).
    WarriorPush {
        /// The opponent's colour.
        colour: Colour,
        /// Which way.
        dir: Dir,
    },
    /// Hired Hands decree: discard this ogre (without its effect) for one more action this turn.
    HireHand(OgreKind),
    /// Fortress / Battle Memorial decrees: rotate the card at `at` (no meeples on it) a quarter
    /// turn (costs an action).
    Rotate {
        /// Which card.
        at: Pos,
        /// True for clockwise.
        clockwise: bool,
    },
    /// Charming Merchants decree, at the general store: buy the goal in `slot` using the cost of
    /// your completed trading goal `goal` as gems; `goal` goes back to the deck.
    TradeUp {
        /// The face-up slot (0..3).
        slot: u8,
        /// The completed goal given back (0..10).
        goal: u8,
    },
    /// Lay the card being placed turned this many quarter turns clockwise from its printed
    /// orientation (`0..Kind::orientations()`); the rulebook lets a card lie "any way ...
    /// whether the walls match or not".
    Orient(u8),
    /// Resolve, when the player has a choice in how a task completes: `keep` names the class
    /// meeples (bit `1 << Class as u8`) that stay on the card as extras instead of going home,
    /// and `draw_two` takes Bar Fights' 2 ogres (3 meeples go home) instead of 1.
    FinishTask {
        /// Bar Fights: draw 2 ogres with 3 meeples instead of 1 with 2.
        draw_two: bool,
        /// Class meeples that stay on the card, one bit per [`Class`].
        keep: u8,
    },
}

/// Why a task had no effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Blocked {
    /// A fire dragon is in the mine's kingdom.
    Dragon,
    /// A monster is in the castle's kingdom.
    Monster,
    /// The gem pile is empty.
    NoGems,
    /// No ogre card is left to draw.
    NoOgres,
    /// No face-up trading goal is affordable.
    CannotAfford,
    /// No stack can be dug.
    NothingToDig,
}

/// Something that happened, for the move log and the UI. Events name hidden cards (a drawn ogre,
/// a stolen gem); a UI shows those only to the seats that may see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum FallEvent {
    /// Goals were dealt at setup.
    Dealt,
    /// A kingdom card was played.
    CardPlayed {
        /// The card.
        card: Card,
        /// Where.
        at: Pos,
        /// True if it went on a stack.
        stacked: bool,
        /// Quarter turns clockwise from its printed orientation.
        turns: u8,
    },
    /// A dwarf was placed from a pile.
    DwarfPlaced {
        /// Whose.
        colour: Colour,
        /// Where.
        at: Pos,
    },
    /// A dwarf moved.
    DwarfMoved {
        /// Whose.
        colour: Colour,
        /// From.
        from: Pos,
        /// To.
        to: Pos,
    },
    /// An ogre card was played.
    OgrePlayed {
        /// By whom.
        seat: Seat,
        /// Which.
        ogre: OgreKind,
    },
    /// Brute: two dwarfs swapped places.
    Swapped {
        /// The opponent's colour.
        theirs: Colour,
        /// Where the opponent's dwarf was.
        their_card: Pos,
        /// Where the player's dwarf was.
        my_card: Pos,
    },
    /// Ambush: a card was cleared; meeples went home.
    Cleared {
        /// The card.
        at: Pos,
        /// Meeples sent home per colour.
        sent_home: [u8; 4],
    },
    /// Crown: ogres were stolen.
    OgresStolen {
        /// Thief.
        by: Seat,
        /// Victim.
        from: Seat,
        /// How many.
        count: u8,
    },
    /// Thief: a gem was stolen.
    GemStolen {
        /// Thief.
        by: Seat,
        /// Victim.
        from: Seat,
        /// Which gem (hidden from the other seats).
        gem: Gem,
    },
    /// The seat ended its actions.
    ActionsEnded(Seat),
    /// A task was completed; its dwarfs went home.
    TaskDone {
        /// Whose dwarfs.
        colour: Colour,
        /// The card.
        at: Pos,
        /// Its kind.
        kind: Kind,
    },
    /// The task had no effect.
    TaskBlocked {
        /// The card.
        at: Pos,
        /// Why.
        reason: Blocked,
    },
    /// Gems were taken from a pile.
    GemsTaken {
        /// By whom.
        seat: Seat,
        /// Which.
        gem: Gem,
        /// How many.
        count: u8,
    },
    /// An ogre card was drawn at a tavern (the kind is hidden from the other seats).
    OgreDrawn {
        /// By whom.
        seat: Seat,
        /// Which.
        ogre: OgreKind,
    },
    /// The ogre discard pile was shuffled back into the deck.
    OgresReshuffled,
    /// A trading goal was bought.
    GoalBought {
        /// By whom.
        seat: Seat,
        /// Which (0..10).
        goal: u8,
    },
    /// A trading goal was turned face up in a slot.
    GoalRevealed {
        /// The slot (0..3).
        slot: u8,
        /// The goal (0..10).
        goal: u8,
    },
    /// A monster was defeated.
    MonsterDefeated {
        /// By whom.
        seat: Seat,
        /// The card.
        card: Card,
        /// Where it stood.
        at: Pos,
    },
    /// A stack was dug.
    Dug {
        /// Where.
        at: Pos,
        /// The new top card.
        top: Card,
    },
    /// A card was discarded.
    Discarded {
        /// By whom.
        seat: Seat,
        /// What.
        card: HandCard,
    },
    /// A secret goal was revealed.
    SecretRevealed {
        /// Whose.
        seat: Seat,
        /// Which.
        goal: SecretGoal,
    },
    /// The end of the game was triggered; the round is finished.
    EndTriggered(Seat),
    /// A turn ended.
    TurnEnded(Seat),
    /// The game ended.
    GameOver,
    /// 3rd edition: a dwarf was upgraded.
    Upgraded {
        /// Whose.
        seat: Seat,
        /// To which class.
        class: Class,
    },
    /// 3rd edition: the Royal Decrees in play (at setup).
    DecreesInPlay(Vec<crate::options::Decree>),
    /// 3rd edition: an ogre was discarded for one more action (Hired Hands).
    HiredHand {
        /// Who.
        seat: Seat,
        /// Which ogre.
        ogre: OgreKind,
    },
    /// 3rd edition: a card was rotated a quarter turn.
    Rotated {
        /// Where.
        at: Pos,
        /// True for clockwise.
        clockwise: bool,
    },
    /// 3rd edition: a memorial card took a defeated monster's place (Battle Memorial).
    MemorialPlaced {
        /// Where.
        at: Pos,
    },
    /// 3rd edition: a trading goal was returned to the deck (Charming Merchants).
    GoalReturned {
        /// By whom.
        seat: Seat,
        /// Which goal.
        goal: u8,
    },
    /// Hard Workers: every player has performed actions; the night (Resolve and Discard in
    /// turn order) begins.
    NightFalls,
    /// Hard Workers: the axe (first player) passed to this seat.
    AxePassed(Seat),
    /// 3rd edition: a class meeple was placed from a campfire.
    ClassPlaced {
        /// Whose.
        colour: Colour,
        /// Which.
        class: Class,
        /// Where.
        at: Pos,
    },
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FallError {
    /// The action does not belong to this step of the turn.
    #[error("you cannot do that now: {0}")]
    WrongStep(&'static str),
    /// No actions left this turn.
    #[error(
        "you have used all {0} of your actions this turn; play an ogre card or end your actions"
    )]
    NoActionsLeft(u8),
    /// The kingdom card is not in hand.
    #[error("you do not have your {0} in hand")]
    CardNotInHand(&'static str),
    /// A position off the mat.
    #[error("{0} is off the mat")]
    OffMat(Pos),
    /// No card at a position.
    #[error("there is no card at {0}")]
    NoCard(Pos),
    /// A card cannot be put there.
    #[error("the {card} cannot go at {at}: {why}")]
    BadPlacement {
        /// The card kind.
        card: &'static str,
        /// Where.
        at: Pos,
        /// Why.
        why: &'static str,
    },
    /// No dwarf left in the pile.
    #[error("all your dwarfs are on the board")]
    NoDwarfsLeft,
    /// The card has no free spot.
    #[error("the card at {0} has no free spot")]
    NoFreeSpot(Pos),
    /// No dwarf of yours on the card.
    #[error("you have no dwarf on the card at {0}")]
    NoOwnDwarf(Pos),
    /// A wall or a missing card is in the way.
    #[error("a dwarf cannot walk {dir} from {from}: a wall or a gap is in the way")]
    Walled {
        /// From.
        from: Pos,
        /// Direction.
        dir: &'static str,
    },
    /// The ogre card is not in hand.
    #[error("you have no {0} ogre in hand")]
    OgreNotInHand(&'static str),
    /// The ogre has no valid target.
    #[error("the {0} ogre has no valid target now")]
    NoOgreTarget(&'static str),
    /// A target that the ogre cannot take.
    #[error("invalid target: {0}")]
    BadTarget(&'static str),
    /// The secret goal's condition does not hold.
    #[error("your secret goal's condition does not hold yet: {0}")]
    SecretNotMet(&'static str),
    /// Already revealed.
    #[error("your secret goal is already revealed")]
    SecretAlreadyRevealed,
    /// A trading goal slot that cannot be bought.
    #[error("you cannot buy the trading goal in slot {0}: it is empty or you cannot pay for it")]
    CannotBuy(u8),
    /// A stack that cannot be dug.
    #[error("the stack at {0} cannot be dug: it needs 2 cards or more, no meeples and no monster")]
    CannotDig(Pos),
    /// Discarding something not in hand.
    #[error("you have no such card to discard")]
    NotInHand,
    /// Discarding when not over the limit.
    #[error("you are within the hand limit; nothing to discard")]
    NothingToDiscard,
    /// An upgrade that is not possible.
    #[error(
        "you cannot upgrade to {0}: it needs a dwarf in your campfire, the class not yet upgraded, and its gems"
    )]
    CannotUpgrade(&'static str),
    /// The class meeple is not in the campfire.
    #[error("your {0} is not in your campfire")]
    ClassNotHome(&'static str),
    /// The class meeple is not on the board.
    #[error("your {0} is not on the board")]
    ClassNotOnBoard(&'static str),
    /// A card turned a way it does not have.
    #[error("the {card} lies in {ways} different ways (0..{ways} quarter turns), not {turns}")]
    BadOrientation {
        /// The card kind.
        card: &'static str,
        /// Distinct orientations.
        ways: u8,
        /// What was asked.
        turns: u8,
    },
    /// A way of completing the task that is not possible.
    #[error(
        "this task cannot finish that way: keep only class meeples you have there as extras, and draw 2 ogres only with 3 meeples on a tavern under Bar Fights"
    )]
    BadFinish,
}
