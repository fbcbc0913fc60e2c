//! Winter's options, actions, events and errors.

use crate::data::{Card, DisasterId, Instrument, MonsterId, Resource, Zone};
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The lobby options. Solitaire is not an option: it is what a 1-player game is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinterOptions {
    /// Nightmare: on weeks 3, 5 and 7 two disasters are revealed instead of one.
    pub nightmare: bool,
    /// Bloodlust: +1 VP per different monster type defeated.
    pub bloodlust: bool,
    /// The Legendary! expansion: the sage and legendary dwarfs, 8 monsters, 12 disasters and
    /// the snowball effect.
    pub legendary: bool,
}

/// The kinds of dwarf. Workers are the 7 ordinary dwarfs; the other three exist only in the
/// Legendary! expansion, once per player each, made from a worker by the sage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DwarfKind {
    /// An ordinary dwarf.
    Worker,
    /// Counts as 2 dwarfs for defeating monsters.
    IceWarrior,
    /// Pays 1 less resource to overcome a disaster in its zone.
    EarthGuardian,
    /// Placed from the player board for free.
    ThunderKing,
}

impl DwarfKind {
    /// Every kind, in index order.
    pub const ALL: [DwarfKind; 4] = [
        DwarfKind::Worker,
        DwarfKind::IceWarrior,
        DwarfKind::EarthGuardian,
        DwarfKind::ThunderKing,
    ];
    /// The three legendary kinds.
    pub const LEGENDS: [DwarfKind; 3] = [
        DwarfKind::IceWarrior,
        DwarfKind::EarthGuardian,
        DwarfKind::ThunderKing,
    ];

    /// Index into per-kind arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            DwarfKind::Worker => "dwarf",
            DwarfKind::IceWarrior => "Ice Warrior",
            DwarfKind::EarthGuardian => "Earth Guardian",
            DwarfKind::ThunderKing => "Thunder King",
        }
    }
}

/// The extra choice some hero cards need when played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pick {
    /// No choice (most cards; the staged move cards choose their moves afterwards).
    Nothing,
    /// "Gain 1 X or 1 Y": which one.
    Resource(Resource),
    /// Summoner: which pool slot to take.
    Slot(u8),
    /// Sage: which legendary dwarf to make.
    Legend(DwarfKind),
    /// Mercenary: which of your dwarfs to remove, and from where.
    Dwarf(DwarfKind, Zone),
}

/// Which of a player's dwarfs in a foe's zone go home after a defeat or an overcome: the
/// player's choice (the rulebook's "return the Dwarfs used"). The engine lists every squad that
/// meets the foe's need with no dwarf to spare.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squad {
    /// How many workers.
    pub workers: u8,
    /// The Ice Warrior goes home (it counts as 2 dwarfs against a monster).
    pub ice_warrior: bool,
    /// The Earth Guardian goes home.
    pub earth_guardian: bool,
    /// The Thunder King goes home (placed again for free).
    pub thunder_king: bool,
}

impl Squad {
    /// How many dwarfs of `kind` go home.
    pub fn count(self, kind: DwarfKind) -> u8 {
        match kind {
            DwarfKind::Worker => self.workers,
            DwarfKind::IceWarrior => self.ice_warrior as u8,
            DwarfKind::EarthGuardian => self.earth_guardian as u8,
            DwarfKind::ThunderKing => self.thunder_king as u8,
        }
    }

    /// How many dwarfs go home in all.
    pub fn dwarfs(self) -> u8 {
        DwarfKind::ALL.iter().map(|k| self.count(*k)).sum()
    }

    /// "the Ice Warrior and 2 dwarfs", "1 dwarf", "nobody".
    pub fn words(self) -> String {
        let mut parts: Vec<String> = DwarfKind::LEGENDS
            .iter()
            .filter(|k| self.count(**k) > 0)
            .map(|k| format!("the {}", k.name()))
            .collect();
        match self.workers {
            0 => {}
            1 => parts.push("1 dwarf".to_string()),
            n => parts.push(format!("{n} dwarfs")),
        }
        match parts.len() {
            0 => "nobody".to_string(),
            1 => parts.remove(0),
            n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
        }
    }
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinterAction {
    /// Place a dwarf of yours from your player board: at setup (The Defenders), as an action
    /// (1 action; free for the Thunder King), or for a "place or move" hero.
    Place {
        /// Which dwarf.
        kind: DwarfKind,
        /// Where.
        zone: Zone,
    },
    /// Move a dwarf one zone: your own as an action (1 action), or any player's for a "move any
    /// dwarf" hero, your own for a "place or move" hero.
    Move {
        /// Whose dwarf.
        owner: Seat,
        /// Which dwarf.
        kind: DwarfKind,
        /// From this zone...
        from: Zone,
        /// ...to this adjacent one.
        to: Zone,
    },
    /// Acquire the hero in this pool slot (1 action and its slot's cost in gold).
    Acquire {
        /// Pool slot 0-3 (cost 0-3 gold).
        slot: u8,
    },
    /// Play an instrument of the Music Hall (1 action; free in solitaire).
    PlayMusic(Instrument),
    /// Play a hero card from your hand to the music being played.
    PlayCard {
        /// The card.
        card: Card,
        /// Its choice, if it needs one.
        pick: Pick,
    },
    /// Free action: defeat this monster with your dwarfs in its zone and resources.
    Defeat {
        /// The monster.
        monster: MonsterId,
        /// Which of your dwarfs there go home.
        home: Squad,
    },
    /// Free action: overcome this disaster with your dwarfs in its zone and resources.
    Overcome {
        /// The disaster.
        disaster: DisasterId,
        /// Which of your dwarfs there go home.
        home: Squad,
        /// With your Earth Guardian in its zone, the resource it saves you (one you would
        /// pay); `None` without it.
        spare: Option<Resource>,
    },
    /// Invasion: the first player chooses which monster attacks next.
    Attack(MonsterId),
    /// Invasion: the first player chooses which other monster an Ice Wyrm moves.
    Push(MonsterId),
    /// Preparation with 2-4 players: the hand for this week, chosen in secret, as a mask of card
    /// ids ([`Card::bit`]) drawn from your action deck, exactly as many as your hand size.
    ChooseHand(u64),
    /// Stop: end your turn, stop playing cards to the music, or stop a hero's moves early.
    Done,
    /// Preparation in solitaire: take this card of your action deck into your hand. The hand is
    /// picked one card at a time (an ordinary move: nobody to hide it from) until it holds as
    /// many cards as your hand size.
    PickCard(Card),
}

/// Something that happened, for the move log and the UI. Nothing here is hidden from anyone:
/// a chosen hand shows only as [`WinterEvent::HandChosen`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinterEvent {
    /// A new week began (tracks and music tokens refreshed).
    WeekBegan(u8),
    /// Heroes were dealt to the pool slot.
    HeroDrawn {
        /// The slot.
        slot: u8,
        /// The hero.
        card: Card,
    },
    /// A monster spawned.
    MonsterSpawned(MonsterId, Zone),
    /// A monster moved.
    MonsterMoved(MonsterId, Zone, Zone),
    /// A monster's ability hit a player.
    MonsterHit {
        /// The monster.
        monster: MonsterId,
        /// The player.
        seat: Seat,
        /// What it did, in words.
        what: String,
    },
    /// A disaster was revealed.
    DisasterRevealed(DisasterId, Zone),
    /// A seat chose its hand (what it chose stays secret).
    HandChosen(Seat),
    /// A seat placed a dwarf.
    Placed(Seat, DwarfKind, Zone),
    /// A dwarf moved.
    Moved(Seat, DwarfKind, Zone, Zone),
    /// A dwarf went back to its player board (the Mercenary's dismissal).
    SentHome(Seat, DwarfKind, Zone),
    /// A seat acquired a hero.
    Acquired(Seat, Card),
    /// A seat played an instrument.
    Music(Seat, Instrument),
    /// A seat played a hero card.
    CardPlayed(Seat, Card),
    /// A seat's resources changed by these amounts (gains positive).
    Resources(Seat, [i8; 4]),
    /// A monster was defeated.
    Defeated(Seat, MonsterId),
    /// A disaster was overcome.
    Overcome(Seat, DisasterId),
    /// A worker became a legendary dwarf.
    Upgraded(Seat, DwarfKind),
    /// A seat ended its turn.
    TurnEnded(Seat),
    /// Everyone lost: the castle fell or too many disasters.
    CastleFell(String),
    /// The winter was survived; the game is scored.
    Survived,
}

/// Why an action is illegal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WinterError {
    /// The action does not fit the current step.
    #[error("that is not possible now: {0}")]
    WrongStep(&'static str),
    /// No actions left on the action track.
    #[error("you have no actions left this turn")]
    NoActions,
    /// The zone or dwarf does not exist, or the dwarf is not there.
    #[error("there is no such dwarf there")]
    NoSuchDwarf,
    /// A zone that does not exist.
    #[error("there is no such zone")]
    NoSuchZone,
    /// The two zones are not adjacent.
    #[error("{0} and {1} are not adjacent")]
    NotAdjacent(String, String),
    /// Two dwarfs from the board into one zone in one turn.
    #[error("you already placed a dwarf from your board in {0} this turn")]
    PlacedThere(String),
    /// Acquired a hero already this turn.
    #[error("you can acquire a hero only once per turn")]
    AlreadyAcquired,
    /// Not enough gold or resources.
    #[error("you cannot pay for that")]
    CannotPay,
    /// An empty or invalid pool slot.
    #[error("there is no hero in that slot")]
    EmptySlot,
    /// Music already played this turn, no token, taken or silenced instrument.
    #[error("you cannot play that instrument now: {0}")]
    NoMusic(&'static str),
    /// A card not in hand, or not of the music's type.
    #[error("you cannot play that card now: {0}")]
    BadCard(&'static str),
    /// A monster or disaster that is not there or not beatable by you now.
    #[error("you cannot take that on now: {0}")]
    NotBeatable(&'static str),
    /// A hand of the wrong size or with cards outside the deck.
    #[error("choose exactly {0} cards from your action deck")]
    BadHand(u8),
    /// A solitaire pick of a card that is not in the deck or already in the hand.
    #[error("pick a card of your action deck that is not in your hand yet")]
    BadPick,
    /// Invalid choice of monster during the invasion.
    #[error("that monster cannot be chosen now")]
    BadMonster,
    /// The state itself is broken (built by hand or received from elsewhere): nothing can be
    /// played on it.
    #[error("the game state is inconsistent: {0}")]
    BadState(String),
}
