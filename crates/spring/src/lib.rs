//! # dwarfs-spring
//!
//! The rules engine for **Dwar7s Spring** (2-4 players), complete to the rulebook in
//! `shared/seeds/dwar7s-spring.txt`. The rules as implemented, and every value and reading the
//! rulebook leaves open, are in `docs/rules/spring.md`.
//!
//! - [`Spring`] implements [`dwarfs_engine::Game`]; [`SpringOptions`] are the lobby options
//!   (none yet).
//! - [`SpringAction`] is one decision; a faerie's targets and the card removed at the second
//!   expedition spot are separate decisions after the action that calls for them.
//! - [`data`] holds every petal, card and number; [`data::data_digest`] is its blake3.
//! - [`map`] is the geometry: petals, locations and adjacency as bit masks.
//! - Read API: [`Spring::phase`], [`Spring::flow`], [`Spring::board`], [`Spring::empire`],
//!   [`Spring::decks`], [`Spring::hand`] (private!), [`Spring::score_lines`]. Players see
//!   [`dwarfs_engine::Game::observe`], which hides other hands and the face-down piles.

pub mod bot;
pub mod data;
mod describe;
mod determinize;
mod event_words;
mod hints;
mod invariants;
pub mod map;
mod option_values;
mod packed;
mod prompt;
mod rules;
mod score;
pub mod state;
mod text;
pub mod types;
pub mod view;

pub use bot::{GreedyBot, Weights};
pub use describe::{colour, dragon, place, requirement};
pub use state::{
    BoardSpot, ChanceTask, Empire, ExpCard, NestDragon, Pending, Phase, Spring, hero_id,
};
pub use types::{SpringAction, SpringError, SpringEvent, SpringOptions};
pub use view::SpringView;

use dwarfs_engine::{
    Actor, ChanceError, ChanceRng, DataDigest, Entropy, Game, Outcome, Seat, SetupError, Viewer,
};

impl Game for Spring {
    type Options = SpringOptions;
    type Action = SpringAction;
    type Event = SpringEvent;
    type Observation = SpringView;
    type Error = SpringError;

    const NAME: &'static str = "spring";
    const RULES_VERSION: u32 = 6;
    const MIN_PLAYERS: u8 = 2;
    const MAX_PLAYERS: u8 = 4;

    fn data_digest() -> DataDigest {
        data::data_digest()
    }

    fn new(options: &SpringOptions, players: u8) -> Result<Self, SetupError> {
        Self::check_players(players)?;
        Ok(Spring::blank(options.clone(), players))
    }

    fn options(&self) -> &SpringOptions {
        &self.options
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn to_act(&self) -> Actor {
        if self.flow.phase == Phase::Over {
            Actor::Over
        } else if self.flow.chance.is_some() {
            Actor::Chance
        } else {
            match self.current_seat() {
                Some(s) => Actor::Seat(s),
                None => Actor::Chance,
            }
        }
    }

    fn legal_actions(&self, out: &mut Vec<SpringAction>) {
        self.legal_list(out);
    }

    fn apply_action(&mut self, action: &SpringAction) -> Result<Vec<SpringEvent>, SpringError> {
        if self.flow.phase == Phase::Over {
            return Err(SpringError::NotNow("the game is over".into()));
        }
        if self.flow.chance.is_some() {
            return Err(SpringError::NotNow("a random draw comes first".into()));
        }
        self.apply(action)
    }

    fn resolve_chance(&mut self, entropy: Entropy) -> Result<Vec<SpringEvent>, ChanceError> {
        if self.flow.phase == Phase::Over || self.flow.chance.is_none() {
            return Err(ChanceError(self.to_act()));
        }
        let mut rng = ChanceRng::from_entropy(entropy);
        self.resolve(&mut rng).ok_or(ChanceError(self.to_act()))
    }

    fn observe(&self, viewer: Viewer) -> SpringView {
        self.view(viewer, self.to_act())
    }

    fn determinize(&self, viewer: Viewer, entropy: Entropy) -> Self {
        self.determinized(viewer, entropy)
    }

    fn redact_event(&self, event: &SpringEvent, viewer: Viewer) -> Option<SpringEvent> {
        match event {
            SpringEvent::FaeriesDrawn { seat, count, .. }
                if viewer != Viewer::Seat(Seat(*seat)) =>
            {
                Some(SpringEvent::FaeriesDrawn {
                    seat: *seat,
                    count: *count,
                    cards: Vec::new(),
                })
            }
            _ => Some(event.clone()),
        }
    }

    fn text_view(&self, viewer: Viewer) -> String {
        text::render(&self.observe(viewer))
    }

    fn seat_colour(seat: Seat) -> Option<&'static str> {
        dwarfs_engine::COLOUR_NAMES.get(seat.index()).copied()
    }

    fn action_weight(&self, seat: Seat, action: &SpringAction) -> u32 {
        self.weight_of(seat, action)
    }

    fn evaluate(&self, out: &mut [u16]) -> bool {
        self.estimate(out)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_outcome()
    }

    fn describe(&self, action: &SpringAction) -> String {
        self.describe_action(action)
    }

    fn describe_event(&self, event: &SpringEvent) -> Option<String> {
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
        // Setup: 1 chance point, 2 placements per seat each with at most one draw. Each turn
        // (4 eras x 7 rounds x seats): a dwarf action, its chance point, one follow-up choice
        // (the removal after the second expedition spot, or fight-or-decline after exploring a
        // wildland) and the end of the turn; free actions: at most 2 trainings per dragon line in the game and
        // every faerie card held (at most 5 in hand plus 5 drawn in the turn), each played with
        // at most 2 applications and a stop.
        let p = players.max(1) as usize;
        let turns = 4 * 7 * p;
        1 + 4 * p + turns * (4 + 10 * 4) + 2 * data::DRAGONS
    }
}
