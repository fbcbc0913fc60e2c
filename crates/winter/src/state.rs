//! The Winter state, split into the board ([`Board`]), the card piles ([`Decks`]), one
//! [`PlayerBoard`] per seat, and where the week stands ([`WeekState`]). Everything is fixed-size
//! and small so that a state clones cheaply.
//!
//! The read API (`Winter::week`, `Winter::stage`, `Winter::monsters`, ...) is what a board view
//! draws from; a view for players must go through [`dwarfs_engine::Game::observe`], which hides
//! the other players' hands.

use crate::data::{
    ACTIONS, Card, DWARFS, DisasterId, FIRST_HERO, HAND_SIZE, HERO_CARDS, Instrument, MUSIC_TOKENS,
    MonsterId, POOL, Resource, Resources, SAGE, SOLO_MUSIC_TOKENS, SOLO_START_RESOURCES,
    START_RESOURCES, STARTERS, SoloRank, ZONES, Zone,
};
use crate::types::{DwarfKind, WinterOptions};
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};

/// Most seats.
pub const MAX_SEATS: usize = 4;

/// Where the week stands: the step that decides next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Setup's chance point: the hero pool and Impending Doom.
    Setup,
    /// The Defenders: this seat places `left` more dwarfs.
    Defenders {
        /// The placing seat.
        seat: Seat,
        /// Dwarfs it still places.
        left: u8,
    },
    /// Enemy invasion: the first player chooses the next monster to attack.
    Attack,
    /// An Ice Wyrm attacked: the first player chooses another monster for it to move.
    Push {
        /// The Ice Wyrm.
        by: MonsterId,
    },
    /// Reinforcements and the disaster reveal (a chance point).
    Reinforce,
    /// Preparation: every seat that has not chosen its hand chooses it, in secret.
    Prepare,
    /// Actions: the turn's seat acts ([`WeekState::turn`]).
    Turn,
    /// Music is being played ([`Music`]).
    Music(Music),
    /// The game is over.
    Over,
}

/// Music in the Music Hall: the leader played `instrument`; seats play matching cards in
/// clockwise order from the leader, `current` now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Music {
    /// The instrument.
    pub instrument: Instrument,
    /// The seat whose music it is.
    pub leader: Seat,
    /// The seat playing cards now.
    pub current: Seat,
    /// A staged hero effect of `current` under way (its moves), if any.
    pub effect: Option<Effect>,
}

/// A hero's moves being chosen one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// The card that gives the moves.
    pub card: Card,
    /// Moves (or placements) still allowed.
    pub left: u8,
    /// The dwarf already moved by this card, as (owner, kind, where it now stands): the same
    /// dwarf cannot be moved twice ("different dwarfs").
    pub moved: Option<(Seat, DwarfKind, Zone)>,
}

/// The turn of the Actions phase under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// The seat taking its turn.
    pub seat: Seat,
    /// Zones into which a dwarf was placed from the player board this turn (bit mask).
    pub placed: u32,
    /// True once a hero was acquired this turn.
    pub acquired: bool,
    /// Instruments played this turn.
    pub music: u8,
}

impl TurnState {
    /// A fresh turn of `seat`.
    pub fn new(seat: Seat) -> Self {
        TurnState {
            seat,
            placed: 0,
            acquired: false,
            music: 0,
        }
    }
}

/// The week, the first player and the step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeekState {
    /// The week, 1 to 7.
    pub week: u8,
    /// The first player this week.
    pub first: Seat,
    /// The step that decides next.
    pub stage: Stage,
    /// The turn of the Actions phase (meaningful in [`Stage::Turn`] and [`Stage::Music`]).
    pub turn: TurnState,
    /// Pool slots waiting to be refilled (a chance point before anything else).
    pub refill: bool,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// Everyone lost at the end of this week, for this reason.
    Lost {
        /// The week.
        week: u8,
        /// Why, in words.
        reason: String,
    },
    /// The winter was survived.
    Survived,
}

/// The game board: monsters, disaster tokens, the Music Hall.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Monsters on the board (bit mask over monster ids).
    pub monsters: u32,
    /// Where each monster stands (meaningful for those on the board).
    pub monster_zone: [Zone; crate::data::MONSTER_CARDS],
    /// Monsters still to attack in this week's invasion.
    pub to_attack: u32,
    /// Active disasters (bit mask over disaster ids); their zone is on the card.
    pub disasters: u32,
    /// Who played each instrument this week ([`Instrument::index`]).
    pub music_hall: [Option<Seat>; 4],
}

/// The face-down piles (as sets: no order exists until a card is drawn) and the hero pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decks {
    /// Monster cards not drawn yet (bit mask over monster ids).
    pub monsters: u32,
    /// Disaster cards not drawn yet (bit mask over disaster ids).
    pub disasters: u32,
    /// Pool heroes not drawn yet (bit mask over card ids).
    pub heroes: u64,
    /// The face-up Hero Pool; slot `i` costs `POOL_COST[i]` gold.
    pub pool: [Option<Card>; POOL],
}

/// One player's board and cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerBoard {
    /// Resources, indexed by [`Resource`], 0 to 7 each.
    pub resources: Resources,
    /// The action track this week (3 to 5).
    pub actions: u8,
    /// Actions left in this week's turn.
    pub actions_left: u8,
    /// The hand-size track this week (5 to 7).
    pub hand_size: u8,
    /// The action deck: every hero card the player owns (mask over card ids).
    pub deck: u64,
    /// Cards in hand not played yet (hidden from the others).
    pub hand: u64,
    /// Cards played this week (public).
    pub played: u64,
    /// True once the hand for this week is chosen.
    pub chosen: bool,
    /// Dwarfs on the player board by kind.
    pub home: [u8; 4],
    /// Dwarfs on the game board by kind and zone.
    pub dwarfs: [[u8; ZONES]; 4],
    /// Legendary dwarfs made (bit mask over [`DwarfKind::index`]).
    pub legends: u8,
    /// Music tokens not yet placed this week.
    pub tokens: u8,
    /// Monsters defeated (mask over monster ids).
    pub monsters: u32,
    /// Disasters overcome (mask over disaster ids).
    pub disasters: u32,
}

impl PlayerBoard {
    fn new(solo: bool, legendary: bool) -> Self {
        let start = if solo {
            SOLO_START_RESOURCES
        } else {
            START_RESOURCES
        };
        let mut deck = (1u64 << STARTERS) - 1;
        if legendary {
            deck |= 1 << SAGE;
        }
        PlayerBoard {
            resources: [start; 4],
            actions: ACTIONS,
            actions_left: 0,
            hand_size: HAND_SIZE,
            deck,
            hand: 0,
            played: 0,
            chosen: false,
            home: [DWARFS, 0, 0, 0],
            dwarfs: [[0; ZONES]; 4],
            legends: 0,
            tokens: if solo {
                SOLO_MUSIC_TOKENS
            } else {
                MUSIC_TOKENS
            },
            monsters: 0,
            disasters: 0,
        }
    }

    /// One resource.
    pub fn resource(&self, r: Resource) -> u8 {
        self.resources[r.index()]
    }

    /// This player's dwarfs (all kinds) in `zone`.
    pub fn dwarfs_in(&self, zone: Zone) -> u8 {
        if !zone.is_valid() {
            return 0;
        }
        self.dwarfs
            .iter()
            .fold(0u8, |n, k| n.saturating_add(k[zone.index()]))
    }

    /// This player's dwarfs of `kind` in `zone`.
    pub fn count(&self, kind: DwarfKind, zone: Zone) -> u8 {
        if !zone.is_valid() {
            return 0;
        }
        self.dwarfs[kind.index()][zone.index()]
    }

    /// Zones where this player has at least one dwarf (bit mask).
    pub fn occupied(&self) -> u32 {
        let mut m = 0;
        for k in &self.dwarfs {
            for (z, &n) in k.iter().enumerate() {
                if n > 0 {
                    m |= 1 << z;
                }
            }
        }
        m
    }

    /// Dwarfs on the player board, all kinds.
    pub fn dwarfs_home(&self) -> u8 {
        self.home.iter().fold(0u8, |n, &k| n.saturating_add(k))
    }

    /// Cards in the action deck.
    pub fn deck_size(&self) -> u8 {
        self.deck.count_ones() as u8
    }

    /// Cards in hand (not played yet).
    pub fn hand_len(&self) -> u8 {
        self.hand.count_ones() as u8
    }

    /// Heroes acquired from the pool (cards in the deck that are not starting heroes).
    pub fn heroes_acquired(&self) -> u8 {
        (self.deck >> FIRST_HERO).count_ones() as u8
    }

    /// VP of the heroes in the action deck.
    pub fn hero_vp(&self) -> u8 {
        Card::in_mask(self.deck).map(|c| c.data().vp).sum()
    }

    /// True if the legendary dwarf `kind` has been made.
    pub fn has_legend(&self, kind: DwarfKind) -> bool {
        self.legends & (1 << kind.index()) != 0
    }
}

/// The whole state of a game of Dwar7s Winter. Its canonical encoding is hand-packed (see
/// `packed.rs`): one byte string with every field at a fixed offset, then how the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Winter {
    pub(crate) options: WinterOptions,
    pub(crate) players: u8,
    pub(crate) week: WeekState,
    pub(crate) board: Board,
    pub(crate) decks: Decks,
    pub(crate) seats: [PlayerBoard; MAX_SEATS],
    pub(crate) end: Option<End>,
}

fn mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl Winter {
    /// A new game at its setup chance point.
    pub(crate) fn blank(options: WinterOptions, players: u8) -> Self {
        let solo = players == 1;
        let legendary = options.legendary;
        let monster_cards = if legendary {
            crate::data::MONSTER_CARDS
        } else {
            crate::data::BASE_MONSTERS
        };
        let disaster_cards = if legendary {
            crate::data::DISASTER_CARDS
        } else {
            crate::data::BASE_DISASTERS
        };
        let player = PlayerBoard::new(solo, legendary);
        Winter {
            options,
            players,
            week: WeekState {
                week: 1,
                first: Seat(0),
                stage: Stage::Setup,
                turn: TurnState::new(Seat(0)),
                refill: false,
            },
            board: Board {
                monsters: 0,
                monster_zone: [Zone::CASTLE; crate::data::MONSTER_CARDS],
                to_attack: 0,
                disasters: 0,
                music_hall: [None; 4],
            },
            decks: Decks {
                monsters: mask(monster_cards) as u32,
                disasters: mask(disaster_cards) as u32,
                heroes: mask(HERO_CARDS) & !mask(FIRST_HERO as usize),
                pool: [None; POOL],
            },
            seats: [player.clone(), player.clone(), player.clone(), player],
            end: None,
        }
    }

    // ----- Read API -----

    /// The lobby options.
    pub fn winter_options(&self) -> &WinterOptions {
        &self.options
    }

    /// True in a 1-player (solitaire) game.
    pub fn solo(&self) -> bool {
        self.players == 1
    }

    /// The week, 1 to 7.
    pub fn week(&self) -> u8 {
        self.week.week
    }

    /// The first player this week.
    pub fn first_player(&self) -> Seat {
        self.week.first
    }

    /// The step that decides next.
    pub fn stage(&self) -> Stage {
        self.week.stage
    }

    /// The Actions-phase turn under way (meaningful in [`Stage::Turn`] and [`Stage::Music`]).
    pub fn turn(&self) -> TurnState {
        self.week.turn
    }

    /// The board (monsters, disasters, Music Hall).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piles and the Hero Pool.
    pub fn decks(&self) -> &Decks {
        &self.decks
    }

    /// The Hero Pool, slot 0 (free) to 3 (3 gold).
    pub fn pool(&self) -> [Option<Card>; POOL] {
        self.decks.pool
    }

    /// One seat's board. The hand in it is private: show players [`dwarfs_engine::Game::observe`].
    pub fn player(&self, seat: Seat) -> &PlayerBoard {
        &self.seats[seat.index().min(MAX_SEATS - 1)]
    }

    /// The seats' boards in seat order (hands are private, see [`Winter::player`]).
    pub fn player_boards(&self) -> &[PlayerBoard] {
        &self.seats[..(self.players as usize).min(MAX_SEATS)]
    }

    /// The monsters on the board and where they stand, in id order.
    pub fn monsters(&self) -> impl Iterator<Item = (MonsterId, Zone)> + '_ {
        bits32(self.board.monsters).filter_map(|i| {
            let zone = self.board.monster_zone.get(i as usize)?;
            Some((MonsterId(i), *zone))
        })
    }

    /// The active disasters (their zone is on the card), in id order.
    pub fn disasters(&self) -> impl Iterator<Item = DisasterId> + '_ {
        bits32(self.board.disasters).map(DisasterId)
    }

    /// How many disasters are active.
    pub fn active_disasters(&self) -> u8 {
        self.board.disasters.count_ones() as u8
    }

    /// True if a monster stands in the castle.
    pub fn monster_in_castle(&self) -> bool {
        self.monsters().any(|(_, z)| z == Zone::CASTLE)
    }

    /// How close the castle is to falling: the fewest steps any monster still needs to reach
    /// the castle (0: one is inside), and the active disasters against the limit of 4.
    pub fn danger(&self) -> (Option<u8>, u8) {
        (
            self.monsters().map(|(_, z)| z.distance()).min(),
            self.active_disasters(),
        )
    }

    /// True if a monster or disaster stands in `zone` (no production there).
    pub fn blocked(&self, zone: Zone) -> bool {
        self.monsters().any(|(_, z)| z == zone) || self.disasters().any(|d| d.card().zone == zone)
    }

    /// How the game ended, once over.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// The solitaire rank reached, for a survived 1-player game (`None` otherwise or below
    /// every rank).
    pub fn solo_rank(&self) -> Option<SoloRank> {
        if !self.solo() || self.end != Some(End::Survived) {
            return None;
        }
        crate::rules::score::solo_rank(self)
    }
}

/// The set bits of a 32-bit mask, as u8 indices in increasing order.
pub(crate) fn bits32(m: u32) -> impl Iterator<Item = u8> + Clone {
    (0..32u8).filter(move |i| m & (1 << i) != 0)
}
