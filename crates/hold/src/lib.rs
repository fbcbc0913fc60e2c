//! # dwarfs-hold
//!
//! The rules engine for **Dwarf Hold** (2-8 players), complete to the rulebook in
//! `shared/seeds/dwarf-hold.txt` including its FAQ. The rules as implemented, and every decision
//! the rulebook leaves open, are in `docs/rules/hold.md`.
//!
//! - [`Hold`] implements [`dwarfs_engine::Game`]; [`HoldOptions`] are the lobby options.
//! - [`HoldAction`] is one decision; multi-part decisions are staged (start an offer, add items,
//!   propose; pick a dig target, add tiles, commit).
//! - [`data`] holds every tile, leader and number; [`data::data_digest`] is its blake3.
//! - Read API for a GUI or CLI on [`Hold`]: [`Hold::phase`], [`Hold::turn`], [`Hold::spaces`],
//!   [`Hold::space`], [`Hold::owner`], [`Hold::tile_views`] (tiles after lair effects, with
//!   current values), [`Hold::hand`] (private!), [`Hold::gold`], [`Hold::vt`], [`Hold::leader`],
//!   [`Hold::leader_order`], [`Hold::hold_markers`], [`Hold::trophies`], [`Hold::stage`],
//!   [`Hold::vt_price`], [`Hold::current_seat`], [`Hold::final_scores`]. For players, use
//!   [`dwarfs_engine::Game::observe`], which hides other players' hands, or
//!   [`dwarfs_engine::Game::text_view`], its plain-text picture for a terminal (clan colours:
//!   [`dwarfs_engine::COLOUR_NAMES`]; the rulebook only says each clan has its own colour).
//! - Bot knowledge: [`Hold::hint_weight`] and [`Hold::hint_evaluate`] (the `Game` hooks
//!   `action_weight` and `evaluate`), on the price list of [`Hold::tile_worth`] and
//!   [`Hold::offer_worth`].
//! - [`Hold::determinized`]: a full state consistent with what one viewer sees, every hidden
//!   tile redrawn at random (for search bots).

pub mod board;
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
mod text;
pub mod types;
pub mod view;

pub use board::{Pos, Space, TileView};
pub use data::{BoardKind, BoardTile, Leader, WorkKind, WorkTile};
pub use prompt::items_text;
pub use state::{ChanceTask, Hold, Look, Offer, Phase, Stage, TurnUse};
pub use text::TEXT_WIDTH;
pub use types::{
    EndCondition, HoldAction, HoldError, HoldEvent, HoldOptions, MarkerRef, OFFER_STEPS, TradeItem,
};
pub use view::HoldView;

use dwarfs_engine::{
    Actor, ChanceError, ChanceRng, DataDigest, Entropy, Game, Outcome, SetupError, Viewer,
};

/// Largest allowed `max_turns` option (keeps [`Game::max_steps`] a true bound).
pub const MAX_TURNS_LIMIT: u16 = 100;
/// Largest allowed `offers_per_trade` option.
pub const MAX_OFFERS_LIMIT: u8 = 10;
/// Largest allowed `max_offer_items` option.
pub const MAX_OFFER_ITEMS_LIMIT: u8 = 12;

impl Game for Hold {
    type Options = HoldOptions;
    type Action = HoldAction;
    type Event = HoldEvent;
    type Observation = HoldView;
    type Error = HoldError;

    const NAME: &'static str = "hold";
    const RULES_VERSION: u32 = 5;
    const MIN_PLAYERS: u8 = 2;
    const MAX_PLAYERS: u8 = 8;

    fn data_digest() -> DataDigest {
        data::data_digest()
    }

    fn new(options: &HoldOptions, players: u8) -> Result<Self, SetupError> {
        Self::check_players(players)?;
        if options.max_turns == 0 || options.max_turns > MAX_TURNS_LIMIT {
            return Err(SetupError::Options(format!(
                "max_turns must be 1 to {MAX_TURNS_LIMIT}"
            )));
        }
        if options.offers_per_trade > MAX_OFFERS_LIMIT {
            return Err(SetupError::Options(format!(
                "offers_per_trade must be at most {MAX_OFFERS_LIMIT}"
            )));
        }
        if options.max_offer_items > MAX_OFFER_ITEMS_LIMIT {
            return Err(SetupError::Options(format!(
                "max_offer_items must be at most {MAX_OFFER_ITEMS_LIMIT} (0: no limit)"
            )));
        }
        Ok(Hold::blank(options.clone(), players))
    }

    fn options(&self) -> &HoldOptions {
        &self.options
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn to_act(&self) -> Actor {
        if self.phase == Phase::Over {
            Actor::Over
        } else if self.chance.is_some() {
            Actor::Chance
        } else {
            match self.current_seat() {
                Some(s) => Actor::Seat(s),
                None => Actor::Chance,
            }
        }
    }

    fn legal_actions(&self, out: &mut Vec<HoldAction>) {
        self.legal_list(out);
    }

    fn apply_action(&mut self, action: &HoldAction) -> Result<Vec<HoldEvent>, HoldError> {
        self.apply(action)
    }

    fn resolve_chance(&mut self, entropy: Entropy) -> Result<Vec<HoldEvent>, ChanceError> {
        if self.chance.is_none() || self.phase == Phase::Over {
            return Err(ChanceError(self.to_act()));
        }
        let mut rng = ChanceRng::from_entropy(entropy);
        self.resolve(&mut rng).ok_or(ChanceError(self.to_act()))
    }

    fn determinize(&self, viewer: Viewer, entropy: dwarfs_engine::Entropy) -> Self {
        self.determinized(viewer, entropy)
    }

    fn observe(&self, viewer: Viewer) -> HoldView {
        self.view(viewer, self.to_act())
    }

    fn text_view(&self, viewer: Viewer) -> String {
        text::render(&self.observe(viewer), self.options.max_turns)
    }

    fn seat_colour(seat: dwarfs_engine::Seat) -> Option<&'static str> {
        dwarfs_engine::COLOUR_NAMES.get(seat.index()).copied()
    }

    fn action_weight(&self, seat: dwarfs_engine::Seat, action: &HoldAction) -> u32 {
        self.hint_weight(seat, action)
    }

    fn action_weights(
        &self,
        seat: dwarfs_engine::Seat,
        actions: &[HoldAction],
        out: &mut Vec<u32>,
    ) {
        self.hint_weights(seat, actions, out)
    }

    fn evaluate(&self, out: &mut [u16]) -> bool {
        self.hint_evaluate(out)
    }

    fn rollout_horizon(players: u8) -> u32 {
        crate::hints::rollout_horizon(players)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.final_outcome()
    }

    fn describe(&self, action: &HoldAction) -> String {
        self.describe_action(action)
    }

    fn describe_event(&self, event: &HoldEvent) -> Option<String> {
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
    const ROUND_NAME: &'static str = "turn";
    const POINTS_NAME: &'static str = "VT";

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn max_steps(players: u8) -> usize {
        // Per player and turn outside the Trade phase: a handful of phase decisions, at most 72
        // draws, VT purchases bounded by gold, staged tiles bounded by the hand: under 1000.
        // Trade phase: at most MAX_OFFERS_LIMIT offers per player, each with at most 4 + 2 x
        // (72 tiles + 60 spaces + 18 trophies) steps plus one per unit of gold or VT offered,
        // which is less than all the gold and VT in play (see `docs/rules/hold.md`).
        let (p, turns) = (players.max(1) as usize, MAX_TURNS_LIMIT as usize);
        let gold = turns * (10 * p + 49) + 30;
        let vt = turns * p * 200 + gold;
        let offer = 4 + 2 * (72 + 60 + 18) + gold + vt;
        turns * p * (1000 + MAX_OFFERS_LIMIT as usize * offer) + 100
    }
}
