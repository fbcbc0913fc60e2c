//! The game state: the board, each player's hand and goals, the decks, and where in the turn the
//! game stands.

use crate::board::{Board, NONE};
use crate::data::{self, BASE_ACTIONS, HAND_LIMIT};
use crate::options::FallOptions;
use crate::types::{Card, Colour, Gem, Kind, OgreKind, SecretGoal};
use serde::{Deserialize, Serialize};

/// One player's private and public holdings. Encoded as one fixed 24-byte string (see
/// [`PlayerState::pack`]) to keep the state hash cheap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayerState {
    /// Kingdom cards in hand, one bit per [`Kind`] (public).
    pub hand: u16,
    /// Gems in hand by [`Gem`] (private).
    pub gems: [u8; 4],
    /// Ogres in hand by [`OgreKind`] (private).
    pub ogres: [u8; 5],
    /// Dwarfs in the pile (not on the board).
    pub pile: u8,
    /// Index of the secret goal in the edition's table; `NONE` before setup.
    pub secret: u8,
    /// True once the secret goal is revealed (it then counts as a goal).
    pub revealed: bool,
    /// Trading goals bought, one bit per goal 0..10.
    pub goals: u16,
    /// Monsters defeated, one bit per card id.
    pub defeated: u64,
    /// 3rd edition: where each class meeple (indexed by [`crate::Class`]) is: [`CLASS_LOCKED`]
    /// while not upgraded (it is still a plain dwarf), [`CLASS_HOME`] in the campfire, or the id
    /// of the card it stands on. Always locked in the classic edition.
    pub classes: [u8; 3],
    /// 3rd edition feats, one bit each: bit 0 = killed a monster with three meeple types
    /// (Adventurer).
    pub feats: u8,
}

/// Feat bit: killed a monster with three meeple types (Adventurer).
pub(crate) const FEAT_ADVENTURER: u8 = 1;

/// A class meeple that has not been upgraded.
pub(crate) const CLASS_LOCKED: u8 = 0xFE;
/// A class meeple in its owner's campfire.
pub(crate) const CLASS_HOME: u8 = 0xFD;

/// Bytes in a packed [`PlayerState`].
pub(crate) const PACKED: usize = 28;

impl PlayerState {
    /// The canonical packed form: hand (2, LE), gems (4), ogres (5), pile, secret, revealed,
    /// goals (2, LE), defeated (8, LE), classes (3), feats.
    pub(crate) fn pack(&self) -> [u8; PACKED] {
        let mut b = [0u8; PACKED];
        b[0..2].copy_from_slice(&self.hand.to_le_bytes());
        b[2..6].copy_from_slice(&self.gems);
        b[6..11].copy_from_slice(&self.ogres);
        b[11] = self.pile;
        b[12] = self.secret;
        b[13] = self.revealed as u8;
        b[14..16].copy_from_slice(&self.goals.to_le_bytes());
        b[16..24].copy_from_slice(&self.defeated.to_le_bytes());
        b[24..27].copy_from_slice(&self.classes);
        b[27] = self.feats;
        b
    }

    pub(crate) fn unpack(b: &[u8; PACKED]) -> Option<Self> {
        let revealed = match b[13] {
            0 => false,
            1 => true,
            _ => return None,
        };
        Some(PlayerState {
            hand: u16::from_le_bytes([b[0], b[1]]),
            gems: [b[2], b[3], b[4], b[5]],
            ogres: [b[6], b[7], b[8], b[9], b[10]],
            pile: b[11],
            secret: b[12],
            revealed,
            goals: u16::from_le_bytes([b[14], b[15]]),
            defeated: u64::from_le_bytes([b[16], b[17], b[18], b[19], b[20], b[21], b[22], b[23]]),
            classes: [b[24], b[25], b[26]],
            feats: b[27],
        })
    }

    pub(crate) fn new() -> Self {
        PlayerState {
            hand: (1 << 9) - 1,
            gems: [0; 4],
            ogres: [0; 5],
            pile: data::DWARFS_PER_PLAYER,
            secret: NONE,
            revealed: false,
            goals: 0,
            defeated: 0,
            classes: [CLASS_LOCKED; 3],
            feats: 0,
        }
    }

    /// Cards that count towards the hand limit.
    #[inline]
    pub(crate) fn hand_size(&self) -> u8 {
        self.hand.count_ones() as u8 + self.gem_count() + self.ogre_count()
    }

    #[inline]
    pub(crate) fn gem_count(&self) -> u8 {
        self.gems.iter().sum()
    }

    #[inline]
    pub(crate) fn ogre_count(&self) -> u8 {
        self.ogres.iter().sum()
    }

    #[inline]
    pub(crate) fn has_kind(&self, k: Kind) -> bool {
        self.hand & (1 << k as u16) != 0
    }

    /// Goals that count towards the end: trading goals and a revealed secret goal.
    #[inline]
    pub(crate) fn goals_met(&self) -> u8 {
        self.goals.count_ones() as u8 + self.revealed as u8
    }

    pub(crate) fn over_limit(&self) -> bool {
        self.hand_size() > HAND_LIMIT
    }
}

impl Serialize for PlayerState {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::bytes::serialize(&self.pack(), s)
    }
}

impl<'de> Deserialize<'de> for PlayerState {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let b: [u8; PACKED] = crate::bytes::deserialize(d)?;
        PlayerState::unpack(&b)
            .ok_or_else(|| serde::de::Error::custom("a player record with an invalid flag"))
    }
}

/// Bytes in a packed [`ThirdState`].
pub(crate) const THIRD_PACKED: usize = 22;

impl ThirdState {
    /// The packed form.
    pub(crate) fn pack(&self) -> [u8; THIRD_PACKED] {
        let mut b = [0u8; THIRD_PACKED];
        b[0..2].copy_from_slice(&self.decrees.to_le_bytes());
        b[2] = self.first;
        b[3] = self.bonus_actions;
        b[4..12].copy_from_slice(&self.placed.to_le_bytes());
        b[12..20].copy_from_slice(&self.memorials);
        b[20] = self.extra_draws;
        b[21] = self.night as u8;
        b
    }

    /// Unpacks; `None` on an invalid flag.
    pub(crate) fn unpack(b: &[u8; THIRD_PACKED]) -> Option<Self> {
        let night = match b[21] {
            0 => false,
            1 => true,
            _ => return None,
        };
        Some(ThirdState {
            decrees: u16::from_le_bytes([b[0], b[1]]),
            first: b[2],
            bonus_actions: b[3],
            placed: u64::from_le_bytes([b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11]]),
            memorials: [b[12], b[13], b[14], b[15], b[16], b[17], b[18], b[19]],
            extra_draws: b[20],
            night,
        })
    }
}

/// A staged choice in the Perform Actions phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Pending {
    /// Nothing staged.
    None,
    /// A kingdom card was chosen; its position follows.
    Card(Kind),
    /// A kingdom card was chosen and its cell picked; its orientation follows.
    Orient { kind: Kind, cell: u8 },
    /// Brute played: pick an opponent's dwarf.
    Brute,
    /// Brute: the opponent's dwarf is picked; pick your dwarf's card.
    BruteSwap { cell: u8, colour: u8 },
    /// Ambush played: pick a card.
    Ambush,
    /// Crown played: pick an opponent.
    Crown,
    /// Panic played: pick a dwarf.
    Panic,
    /// Panic: the dwarf is picked; pick its destination.
    PanicMove { cell: u8, colour: u8 },
    /// Thief played: pick an opponent.
    Thief,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Phase {
    /// Chance: deal the trading and secret goals.
    Setup,
    /// The current seat performs actions (with `Fall::pending`).
    Actions,
    /// Chance: the Thief steals a random gem from `victim`.
    StealGem { victim: u8 },
    /// Chance: a tavern task draws an ogre for the current seat.
    DrawOgre,
    /// Decision: the current seat picks which affordable trading goal to buy.
    ChooseGoal,
    /// Chance: the bought goal's slot is refilled from the deck.
    RefillGoal { slot: u8 },
    /// Decision: the current seat picks which stack its castle task digs.
    ChooseDig,
    /// Decision: the current seat discards down to the hand limit.
    Discard,
    /// Decision: how the task on the card being resolved (the last one taken from the task
    /// queue) completes: which class meeples stay, and Bar Fights' second ogre.
    ChooseFinish,
    /// The game is over.
    Over,
}

/// The tasks the current seat completes in its Resolve phase, in order (at most 3: every task
/// needs 2 dwarfs or more and a player has 7). Encoded as 5 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TaskQueue {
    pub cards: [u8; 3],
    pub len: u8,
    pub next: u8,
}

impl TaskQueue {
    pub(crate) const EMPTY: TaskQueue = TaskQueue {
        cards: [NONE; 3],
        len: 0,
        next: 0,
    };
}

/// A game of Dwar7s Fall. Implements [`dwarfs_engine::Game`]; read it through the public
/// methods in [`crate::view`] and [`dwarfs_engine::Game::observe`].
///
/// Its canonical encoding is hand-packed (see `packed.rs`): the options, then one byte string
/// holding everything else, so the state hash costs little more than blake3 itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fall {
    pub(crate) options: FallOptions,
    pub(crate) players: u8,
    pub(crate) current: u8,
    pub(crate) round: u16,
    pub(crate) actions_used: u8,
    pub(crate) final_round: bool,
    pub(crate) phase: Phase,
    pub(crate) pending: Pending,
    pub(crate) tasks: TaskQueue,
    pub(crate) board: Board,
    pub(crate) seats: Vec<PlayerState>,
    pub(crate) gem_piles: [u8; 4],
    pub(crate) ogre_deck: [u8; 5],
    pub(crate) ogre_discard: [u8; 5],
    /// Trading goals still face down, one bit per goal.
    pub(crate) goal_deck: u16,
    /// Face-up trading goals (`NONE` for an empty slot).
    pub(crate) goal_slots: [u8; 3],
    /// State only the 3rd edition uses (empty in the classic edition).
    pub(crate) third: ThirdState,
}

impl Fall {
    /// Range and consistency checks for a decoded state: everything the rules index by is in
    /// range, then every invariant holds.
    pub(crate) fn check_decoded(&self) -> Result<(), String> {
        use crate::board::CARDS;
        use crate::types::CELLS;
        let bad = |what: &str| Err(format!("malformed state: {what}"));
        if !(2..=4).contains(&self.players) || self.seats.len() != self.players as usize {
            return bad("player count");
        }
        if self.options.validate().is_err() {
            return bad("options");
        }
        if self.current >= self.players || self.third.first >= self.players {
            return bad("current seat");
        }
        if self.round == 0 || self.round > self.options.round_limit {
            return bad("the round");
        }
        let ogres: u32 = data::OGRES.iter().map(|o| o.count as u32).sum();
        if self.third.bonus_actions as u32 > ogres || self.third.extra_draws > 1 {
            return bad("3rd-edition counters");
        }
        self.board.check_ranges()?;
        let deck = data::edition(self.options.edition).secret_goals.len();
        for p in &self.seats {
            if p.hand >= 1 << 9
                || p.goals >= 1 << data::TRADING_GOALS.len()
                || p.defeated >= 1 << CARDS
                || (p.secret != NONE && p.secret as usize >= deck)
                || p.classes
                    .iter()
                    .any(|&c| c != CLASS_LOCKED && c != CLASS_HOME && c as usize >= CARDS)
            {
                return bad("a player record");
            }
            for id in 0..CARDS as u32 {
                if p.defeated & (1 << id) != 0 && !Fall::card(id as u8).kind.is_monster() {
                    return bad("a defeated card that is no monster");
                }
            }
        }
        if self.goal_deck >= 1 << data::TRADING_GOALS.len()
            || self
                .goal_slots
                .iter()
                .any(|&g| g != NONE && g as usize >= data::TRADING_GOALS.len())
        {
            return bad("trading goals");
        }
        if self.tasks.cards[..self.tasks.len as usize]
            .iter()
            .any(|&c| c as usize >= CARDS)
        {
            return bad("the task queue");
        }
        if self
            .third
            .memorials
            .iter()
            .any(|&c| c != NONE && c as usize >= CELLS)
            || self.third.decrees >= 1 << 10
        {
            return bad("3rd-edition state");
        }
        match self.phase {
            Phase::StealGem { victim } if victim >= self.players || victim == self.current => {
                return bad("the thief's victim");
            }
            Phase::ChooseFinish if self.tasks.next == 0 => {
                return bad("no task to finish");
            }
            Phase::RefillGoal { slot } if slot as usize >= data::FACE_UP_GOALS => {
                return bad("the refilled slot");
            }
            _ => {}
        }
        let me = self.current as usize;
        let pending_ok = match self.pending {
            Pending::None => true,
            Pending::Card(k) => self.phase == Phase::Actions && self.seats[me].has_kind(k),
            Pending::Orient { kind, cell } => {
                self.phase == Phase::Actions
                    && self.seats[me].has_kind(kind)
                    && (cell as usize) < CELLS
                    && kind.orientations() > 1
            }
            Pending::BruteSwap { cell, colour } | Pending::PanicMove { cell, colour } => {
                self.phase == Phase::Actions
                    && (cell as usize) < CELLS
                    && colour < self.players
                    && self
                        .board
                        .top(cell)
                        .is_some_and(|c| self.board.dwarfs(c, colour as usize) > 0)
            }
            _ => self.phase == Phase::Actions,
        };
        if !pending_ok {
            return bad("the staged action");
        }
        self.invariants()
    }
}

/// State only the 3rd edition uses; all zero or empty in the classic edition, so the classic
/// rules never read it. Encoded as one fixed byte string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ThirdState {
    /// Active Royal Decrees, one bit per [`crate::Decree`].
    pub decrees: u16,
    /// The first player of the round (the axe of Hard Workers).
    pub first: u8,
    /// Actions gained this turn (Hired Hands).
    pub bonus_actions: u8,
    /// Cards that received a dwarf from a campfire this turn, one bit per card id (Crazy
    /// Balloonists).
    pub placed: u64,
    /// Cells holding a memorial card (Battle Memorial); `NONE` for unused memorials.
    pub memorials: [u8; 8],
    /// Ogres still to draw in this tavern task (Bar Fights).
    pub extra_draws: u8,
    /// True during the night phase of a round (Hard Workers).
    pub night: bool,
}

impl Fall {
    /// A fresh game at the setup chance point (options already validated).
    pub(crate) fn fresh(options: &FallOptions, players: u8) -> Fall {
        Fall {
            options: options.clone(),
            players,
            current: 0,
            round: 1,
            actions_used: 0,
            final_round: false,
            phase: Phase::Setup,
            pending: Pending::None,
            tasks: TaskQueue::EMPTY,
            board: Board::default(),
            seats: (0..players).map(|_| PlayerState::new()).collect(),
            gem_piles: data::edition(options.edition).gem_supply,
            ogre_deck: data::OGRES.map(|o| o.count),
            ogre_discard: [0; 5],
            goal_deck: (1 << data::TRADING_GOALS.len()) - 1,
            goal_slots: [NONE; 3],
            third: ThirdState {
                decrees: options.decree_bits(),
                memorials: [NONE; 8],
                ..ThirdState::default()
            },
        }
    }

    #[inline]
    pub(crate) fn me(&self) -> &PlayerState {
        &self.seats[self.current as usize]
    }

    #[inline]
    pub(crate) fn me_mut(&mut self) -> &mut PlayerState {
        let c = self.current as usize;
        &mut self.seats[c]
    }

    /// The colour of the current seat.
    #[inline]
    pub(crate) fn colour(&self) -> Colour {
        Colour::ALL[self.current as usize]
    }

    /// Actions `seat` may take this turn: 3, plus 1 while its castle is in play and no frost
    /// giant is in that castle's kingdom (checked live, so a castle played this turn counts).
    pub fn action_limit(&self, colour: Colour) -> u8 {
        let castle = Card {
            colour,
            kind: Kind::Castle,
        }
        .id();
        let Some(cell) = self.board.cell_of(castle) else {
            return BASE_ACTIONS;
        };
        if !self.board.kind_in_play(Kind::FrostGiant) {
            return BASE_ACTIONS + 1;
        }
        let kingdom = self.board.region(cell);
        if self.board.has_monster(&kingdom, Some(Kind::FrostGiant)) {
            BASE_ACTIONS
        } else {
            BASE_ACTIONS + 1
        }
    }

    /// True if the current seat may still spend an action.
    #[inline]
    pub(crate) fn has_action(&self) -> bool {
        // The limit is 3 or more: below 3 the castle (and any frost giant) cannot matter.
        self.actions_used < BASE_ACTIONS || self.actions_used < self.turn_action_limit()
    }

    /// Actions the current seat may spend this turn, with actions gained this turn (Hired Hands).
    pub(crate) fn turn_action_limit(&self) -> u8 {
        self.action_limit(self.colour())
            .saturating_add(self.third.bonus_actions)
    }

    /// The secret goal of a seat, if dealt.
    pub(crate) fn secret_of(&self, seat: usize) -> Option<(SecretGoal, u8)> {
        let i = self.seats.get(seat)?.secret as usize;
        data::edition(self.options.edition)
            .secret_goals
            .get(i)
            .map(|d| (d.goal, d.vp))
    }

    /// The card whose id is `id` (ids on the board are always valid).
    #[inline]
    pub(crate) fn card(id: u8) -> Card {
        Card::from_id(id).unwrap_or(Card {
            colour: Colour::Blue,
            kind: Kind::Castle,
        })
    }

    /// Hidden-information helper: the ogre kinds in a count array.
    pub(crate) fn ogre_kinds(counts: &[u8; 5]) -> impl Iterator<Item = OgreKind> + '_ {
        OgreKind::ALL
            .into_iter()
            .filter(|k| counts[*k as usize] > 0)
    }

    /// Hidden-information helper: the gem kinds in a count array.
    pub(crate) fn gem_kinds(counts: &[u8; 4]) -> impl Iterator<Item = Gem> + '_ {
        Gem::ALL.into_iter().filter(|g| counts[*g as usize] > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_records_pack_and_unpack() {
        let mut p = PlayerState::new();
        p.gems = [1, 2, 3, 4];
        p.ogres = [5, 0, 1, 0, 2];
        p.revealed = true;
        p.goals = 0b10_0000_0001;
        p.defeated = 1 << 35;
        assert_eq!(PlayerState::unpack(&p.pack()), Some(p.clone()));
        let mut bad = p.pack();
        bad[13] = 2;
        assert_eq!(PlayerState::unpack(&bad), None);
        let bytes = dwarfs_engine::codec::encode(&p).unwrap();
        assert_eq!(
            dwarfs_engine::codec::decode::<PlayerState>(&bytes).unwrap(),
            p
        );
    }
}
