//! # dwarfs-winter
//!
//! The rules engine for **Dwar7s Winter** (1-4 players, semi-cooperative), complete to the
//! rulebook in `shared/seeds/dwar7s-winter.txt` with its solitaire, nightmare and bloodlust
//! variants and the Legendary! expansion. The rules as implemented, and every value and reading
//! the rulebook leaves open, are in `docs/rules/winter.md`.
//!
//! - [`Winter`] implements [`dwarfs_engine::Game`]; [`WinterOptions`] are the lobby options
//!   (a 1-player game is the solitaire variant).
//! - [`WinterAction`] is one decision. With 2-4 players the hand is chosen at one secret
//!   simultaneous step ([`WinterAction::ChooseHand`], a mask of card ids); in solitaire it is
//!   picked one card at a time by ordinary moves ([`WinterAction::PickCard`]), and taken whole
//!   without a decision when the deck holds no more cards than the hand size. A hero's moves are
//!   staged one at a time.
//! - [`data`] holds the board graph and every card; [`data::data_digest`] is its blake3.
//! - Read API for a board view, on [`Winter`]: [`Winter::week`], [`Winter::first_player`],
//!   [`Winter::stage`], [`Winter::turn`], [`Winter::board`], [`Winter::monsters`],
//!   [`Winter::disasters`], [`Winter::danger`], [`Winter::blocked`], [`Winter::pool`],
//!   [`Winter::decks`], [`Winter::player`] (its hand is private!), [`Winter::scores`],
//!   [`Winter::end`], [`Winter::solo_rank`]. For players use [`dwarfs_engine::Game::observe`]
//!   ([`WinterView`], with [`WinterView::monsters`], [`WinterView::disasters`],
//!   [`WinterView::player`], [`WinterView::own_hand`] and [`WinterView::danger`]), which hides
//!   the other hands. [`Zone::quarter`] and [`data::BOARD`] give the board's layout.
//! - A board view turns clicks into [`WinterAction`]s found in the seat's legal actions: a zone
//!   click is a `Place`/`Move`, a pool card an `Acquire`, an instrument a `PlayMusic`, a hand card
//!   a `PlayCard` (with its [`Pick`]), a monster or disaster a `Defeat`/`Overcome` (or, in the
//!   invasion, `Attack`/`Push`), the selected cards a `ChooseHand` mask (solitaire: each deck
//!   card clicked is a `PickCard`), and a button `Done`.
//! - [`GreedyBot`] plays every phase from its seat's view (local bot seats, balance surveys).

pub mod bot;
pub mod data;
mod describe;
mod determinize;
mod event_words;
mod hints;
mod invariants;
mod option_values;
mod packed;
mod prompt;
mod rules;
pub mod state;
mod testing;
mod text;
pub mod types;
pub mod view;

pub use bot::GreedyBot;
pub use data::{Card, DisasterId, Instrument, MonsterId, Resource, SoloRank, Zone, ZoneType};
pub use event_words::monster_name;
pub use prompt::{CHOOSE_HAND, stage_name};
pub use rules::heroes::{CONVERT_GAIN, DISMISS_GOLD};
pub use rules::score::{Breakdown, breakdown, tiebreakers};
pub use state::{
    Board, Decks, Effect, End, Music, PlayerBoard, Stage, TurnState, WeekState, Winter,
};
pub use types::{DwarfKind, Pick, Squad, WinterAction, WinterError, WinterEvent, WinterOptions};
pub use view::WinterView;

use dwarfs_engine::{
    Actor, ChanceError, ChanceRng, DataDigest, Entropy, Game, Outcome, PlayError, Seat, SetupError,
    Viewer,
};

impl Game for Winter {
    type Options = WinterOptions;
    type Action = WinterAction;
    type Event = WinterEvent;
    type Observation = WinterView;
    type Error = WinterError;

    const NAME: &'static str = "winter";
    const RULES_VERSION: u32 = 6;
    const MIN_PLAYERS: u8 = 1;
    const MAX_PLAYERS: u8 = 4;

    fn data_digest() -> DataDigest {
        data::data_digest()
    }

    fn new(options: &WinterOptions, players: u8) -> Result<Self, SetupError> {
        Self::check_players(players)?;
        Ok(Winter::blank(options.clone(), players))
    }

    fn options(&self) -> &WinterOptions {
        &self.options
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn to_act(&self) -> Actor {
        self.actor()
    }

    fn legal_actions(&self, out: &mut Vec<WinterAction>) {
        match self.actor() {
            Actor::Seat(s) => self.legal_for(s, out),
            _ => out.clear(),
        }
    }

    fn legal_actions_for(&self, seat: Seat, out: &mut Vec<WinterAction>) {
        if self.actor().includes(seat) {
            self.legal_for(seat, out);
        } else {
            out.clear();
        }
    }

    fn apply_simultaneous(
        &mut self,
        seat: Seat,
        action: &WinterAction,
    ) -> Result<Vec<WinterEvent>, PlayError<WinterError>> {
        match self.actor() {
            Actor::Simultaneous(set) if set.contains(seat) => {
                self.choose_hand(seat, action).map_err(PlayError::Rules)
            }
            other => Err(PlayError::NotDeciding {
                seat,
                waiting: other.deciding(),
            }),
        }
    }

    fn apply_action(&mut self, action: &WinterAction) -> Result<Vec<WinterEvent>, WinterError> {
        self.apply(action)
    }

    fn resolve_chance(&mut self, entropy: Entropy) -> Result<Vec<WinterEvent>, ChanceError> {
        // A broken state (see `check_invariants`) is at no chance point.
        if self.actor() != Actor::Chance || self.structure().is_err() {
            return Err(ChanceError(self.actor()));
        }
        let mut rng = ChanceRng::from_entropy(entropy);
        Ok(self.resolve(&mut rng))
    }

    fn observe(&self, viewer: Viewer) -> WinterView {
        self.view(viewer)
    }

    fn determinize(&self, viewer: Viewer, entropy: Entropy) -> Self {
        self.determinized(viewer, entropy)
    }

    fn text_view(&self, viewer: Viewer) -> String {
        text::render(&self.observe(viewer))
    }

    fn seat_colour(seat: Seat) -> Option<&'static str> {
        dwarfs_engine::COLOUR_NAMES[..4].get(seat.index()).copied()
    }

    fn action_weight(&self, seat: Seat, action: &WinterAction) -> u32 {
        self.weight_of(seat, action)
    }

    fn action_weights(&self, seat: Seat, actions: &[WinterAction], out: &mut Vec<u32>) {
        self.weights_of(seat, actions, out)
    }

    fn evaluate(&self, out: &mut [u16]) -> bool {
        self.estimate(out)
    }

    fn rollout_horizon(players: u8) -> u32 {
        crate::hints::rollout_horizon(players)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_outcome()
    }

    fn describe(&self, action: &WinterAction) -> String {
        self.describe_action(action)
    }

    fn describe_event(&self, event: &WinterEvent) -> Option<String> {
        event_words::event_line(event)
    }

    fn prompt(&self, viewer: Viewer) -> String {
        prompt::prompt(self, viewer)
    }

    fn running_scores(&self) -> Vec<i32> {
        prompt::running_scores(self)
    }

    fn current_round(&self) -> u32 {
        prompt::current_round(self)
    }
    const ROUND_NAME: &'static str = "week";

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn max_steps(players: u8) -> usize {
        // Per week: the invasion (at most 24 monsters attacking and pushing) and its chance
        // point; per seat its hand, at most 5 paid actions, 17 free Thunder King placements
        // (one per zone), 48 defeats and overcomes, the end of the turn, 12 pool refills; at
        // most 7 cards played of at most 3 steps each, and one stop per instrument and seat.
        // The hand is one choice per seat, or up to hand-size picks in solitaire.
        let n = players.max(1) as usize;
        let hand = if players == 1 {
            data::HAND_SIZE as usize
        } else {
            1
        };
        let per_week = 64 + n * (hand + 5 + 17 + 48 + 1 + 12 + 7 * 3 + 4 * 2);
        data::WEEKS as usize * per_week + 16
    }
}
