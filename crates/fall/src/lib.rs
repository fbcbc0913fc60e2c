//! # dwarfs-fall
//!
//! The rules engine for **Dwar7s Fall**, classic edition, for 2-4 players; the 3rd edition is an
//! [`Edition`] option reserved for later. The rules as implemented, and every card value we had to
//! design, are in `docs/rules/fall.md`; the values themselves live only in [`data`].
//!
//! [`Fall`] implements [`dwarfs_engine::Game`]. A GUI reads it through [`Fall::observation`]
//! (what one seat may see) and the read methods in [`view`]: [`Fall::cells`],
//! [`Fall::kingdoms`], [`Fall::face_up_goals`], [`Fall::player_view`], [`Fall::score_parts`].
//!
//! Module map:
//! - [`data`]: every card value, and the data digest;
//! - [`types`]: colours, kinds, gems, ogres, goals, positions;
//! - [`board`]: the grid of stacks, walls, kingdoms;
//! - [`state`]: the game state and phases; `actions`: listing and playing seat actions;
//!   `turn`: Resolve, Discard, the end of turns and of the game, chance points;
//! - [`score`]: secret goals and scoring; [`view`]: the read API; [`builder`]: constructed
//!   positions for tests and tutorials; `text`: the plain-text view for terminal players
//!   ([`Game::text_view`]), drawn from an [`Observation`] only.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
mod actions;
pub mod board;
pub mod builder;
mod bytes;
mod classes;
pub mod data;
mod decrees;
mod describe;
mod determinize;
mod event_words;
mod hints;
mod option_values;
pub mod options;
mod packed;
mod prompt;
pub mod rules_text;
pub mod score;
pub mod state;
mod text;
mod turn;
pub mod types;
pub mod view;

pub use action::{Blocked, FallAction, FallError, FallEvent};
pub use builder::FallBuilder;
pub use options::{Decree, Edition, FallOptions, Scenario};
pub use score::ScoreParts;
pub use state::Fall;
pub use text::TEXT_WIDTH;
pub use types::{
    Card, CardType, Class, Colour, Dir, Gem, HandCard, Kind, OgreKind, Pos, SecretGoal,
};
pub use view::{
    CardView, CellView, KingdomView, Observation, PlayerView, TradingGoalView, TurnStep,
};

use dwarfs_engine::{
    Actor, ChanceError, ChanceRng, DataDigest, Entropy, Game, Outcome, Seat, SetupError, Viewer,
};
use state::Phase;

/// Decisions and chance points one turn can take at most: 4 actions of 2 steps, 13 ogre plays of
/// 3 steps, a reveal, the end of actions, 3 tasks of 2 steps, and 47 discards (every gem and
/// ogre): about 105. The 3rd edition adds at most 13 hired actions and 14 free king placements
/// (each needs an ogre spent), so 160 bounds both.
const STEPS_PER_TURN: usize = 160;

impl Game for Fall {
    type Options = FallOptions;
    type Action = FallAction;
    type Event = FallEvent;
    type Observation = Observation;
    type Error = FallError;

    const NAME: &'static str = "fall";
    const RULES_VERSION: u32 = 9;
    const MIN_PLAYERS: u8 = 2;
    const MAX_PLAYERS: u8 = 4;

    fn data_digest() -> DataDigest {
        data::data_digest()
    }

    fn new(options: &FallOptions, players: u8) -> Result<Self, SetupError> {
        Self::check_players(players)?;
        options.validate()?;
        Ok(Fall::fresh(options, players))
    }

    fn options(&self) -> &FallOptions {
        &self.options
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn to_act(&self) -> Actor {
        match self.phase {
            Phase::Setup | Phase::StealGem { .. } | Phase::DrawOgre | Phase::RefillGoal { .. } => {
                Actor::Chance
            }
            Phase::Over => Actor::Over,
            Phase::Actions
            | Phase::ChooseGoal
            | Phase::ChooseDig
            | Phase::ChooseFinish
            | Phase::Discard => Actor::Seat(dwarfs_engine::Seat(self.current)),
        }
    }

    fn legal_actions(&self, out: &mut Vec<FallAction>) {
        self.list(out);
    }

    fn apply_action(&mut self, action: &FallAction) -> Result<Vec<FallEvent>, FallError> {
        self.act(action)
    }

    fn resolve_chance(&mut self, entropy: Entropy) -> Result<Vec<FallEvent>, ChanceError> {
        let mut rng = ChanceRng::from_entropy(entropy);
        let actor = self.to_act();
        self.chance(&mut rng).ok_or(ChanceError(actor))
    }

    fn determinize(&self, viewer: Viewer, entropy: dwarfs_engine::Entropy) -> Self {
        self.determinized(viewer, entropy)
    }

    fn observe(&self, viewer: Viewer) -> Observation {
        self.observation(viewer)
    }

    fn text_view(&self, viewer: Viewer) -> String {
        text::render(&self.observation(viewer), self.options.edition)
    }

    fn seat_colour(seat: Seat) -> Option<&'static str> {
        Colour::from_index(seat.index()).map(Colour::name)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.final_outcome())
    }

    fn redact_event(&self, event: &FallEvent, viewer: Viewer) -> Option<FallEvent> {
        let sees = |seats: &[Seat]| matches!(viewer, Viewer::Seat(v) if seats.contains(&v));
        match event {
            FallEvent::OgreDrawn { seat, .. } if !sees(&[*seat]) => None,
            FallEvent::GemStolen { by, from, .. } if !sees(&[*by, *from]) => None,
            _ => Some(event.clone()),
        }
    }

    fn action_weight(&self, seat: Seat, action: &FallAction) -> u32 {
        self.hint_weight(seat, action)
    }

    fn evaluate(&self, out: &mut [u16]) -> bool {
        self.hint_evaluate(out)
    }

    fn describe(&self, action: &FallAction) -> String {
        self.describe_action(action)
    }

    fn describe_event(&self, event: &FallEvent) -> Option<String> {
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

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn max_steps(players: u8) -> usize {
        data::MAX_ROUND_LIMIT as usize * players.max(1) as usize * STEPS_PER_TURN + 2
    }
}
