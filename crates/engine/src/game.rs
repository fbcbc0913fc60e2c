//! The [`Game`] trait: the one API every rules engine implements, and the protocol, bots, CLI and
//! app use.

use crate::chance::Entropy;
use crate::options::GameOptions;
use crate::outcome::Outcome;
use crate::seat::{Actor, Seat, SeatSet, Viewer};
use serde::{Serialize, de::DeserializeOwned};
use std::fmt;
use thiserror::Error;

/// blake3 digest of a game's designed data (cards, tiles, values). Part of every state hash and
/// of the lobby handshake, so peers with different data never start a game together.
pub type DataDigest = [u8; 32];

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The player count is outside what the game supports.
    #[error("{game} is played by {min} to {max} players, not {got}")]
    PlayerCount {
        /// The game's name.
        game: &'static str,
        /// Fewest players.
        min: u8,
        /// Most players.
        max: u8,
        /// What was asked for.
        got: u8,
    },
    /// The options are inconsistent; the message says how.
    #[error("invalid options: {0}")]
    Options(String),
}

/// An action could not be played. The state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError<E> {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The game is waiting for a chance event (a draw, a shuffle), not for a player.
    #[error("the game is waiting for a random draw, not for a player")]
    ChancePending,
    /// Another seat must act now.
    #[error("it is {expected}'s turn, not {got}'s")]
    NotYourTurn {
        /// The seat that must act.
        expected: Seat,
        /// The seat that tried to act.
        got: Seat,
    },
    /// A simultaneous step is under way and this seat is not (or no longer) one of those deciding.
    #[error("{seat} has no decision to make now (waiting for {waiting:?})")]
    NotDeciding {
        /// The seat that tried to act.
        seat: Seat,
        /// The seats that still decide.
        waiting: SeatSet,
    },
    /// The game said several seats decide at once but does not implement
    /// [`Game::apply_simultaneous`]: a bug in the game.
    #[error("this game cannot take simultaneous decisions")]
    NoSimultaneous,
    /// The rules forbid this action now; the game's own error says why.
    #[error("{0}")]
    Rules(E),
}

/// `resolve_chance` was called when the game was not at a chance point.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the game is not waiting for a random draw ({0:?} acts now)")]
pub struct ChanceError(pub Actor);

/// A deterministic rules engine for one game.
///
/// The state is plain data: it serialises canonically ([`crate::codec`]), hashes
/// ([`crate::state_hash`]) and clones. A game never reads a clock, a global RNG or a hash map, and
/// never panics on any input.
///
/// Life of a game:
/// 1. [`Game::new`] creates the game at its first chance point (setup).
/// 2. Loop on [`Game::to_act`]: at `Actor::Chance`, call [`Game::resolve_chance`] with 32 bytes of
///    entropy; at `Actor::Seat(s)`, seat `s` picks one of [`Game::legal_actions`] and it is played
///    with [`Game::play`]. At `Actor::Simultaneous(seats)`, every seat of the set picks one of
///    its [`Game::legal_actions_for`] in secret and each is played with [`Game::play`], in any
///    order (the protocol commits to all of them before revealing any).
/// 3. At `Actor::Over`, [`Game::outcome`] gives the scores and winners (or says that everyone
///    lost, for a cooperative game).
pub trait Game: Clone + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Options chosen in the lobby (edition, variants, scenario...), described for the command
    /// line and the lobby by [`GameOptions`].
    type Options: GameOptions
        + Clone
        + fmt::Debug
        + Default
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// One decision by a seat. Big decisions are staged (pick a card, then a target) so that
    /// [`Game::legal_actions`] stays small.
    type Action: Clone
        + fmt::Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// Something that happened, for the move log and the UI.
    type Event: Clone + fmt::Debug + Serialize + Send + 'static;
    /// What one viewer may see of the state.
    type Observation: Clone + fmt::Debug + PartialEq + Serialize;
    /// Why an action is illegal, in words a player can act on.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// Short stable name ("fall", "hold"), used in hashes, lobbies and replays.
    const NAME: &'static str;
    /// Bumped whenever a rules change can alter the outcome of the same seed and moves.
    const RULES_VERSION: u32;
    /// Fewest seats.
    const MIN_PLAYERS: u8;
    /// Most seats.
    const MAX_PLAYERS: u8;

    /// blake3 of the game's designed data (see [`DataDigest`]). It is part of every state hash,
    /// so compute it once and cache it (a `OnceLock`).
    fn data_digest() -> DataDigest;

    /// A new game for `players` seats, stopped at its setup chance point.
    fn new(options: &Self::Options, players: u8) -> Result<Self, SetupError>;

    /// The options this game was created with.
    fn options(&self) -> &Self::Options;

    /// How many seats play.
    fn players(&self) -> u8;

    /// Who acts now.
    fn to_act(&self) -> Actor;

    /// Every legal action for the seat that acts now, each once, in a deterministic order.
    /// Replaces the contents of `out`. Empty at a chance point and when the game is over.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// The legal actions of `seat` now, each once, in a deterministic order: at `Actor::Seat(seat)` the same
    /// as [`Game::legal_actions`]; at a simultaneous step, the choices of that deciding seat;
    /// empty for a seat that has nothing to decide. Replaces the contents of `out`. Games with
    /// simultaneous steps override it.
    fn legal_actions_for(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        if self.to_act() == Actor::Seat(seat) {
            self.legal_actions(out);
        } else {
            out.clear();
        }
    }

    /// Applies the secret choice of `seat` at a simultaneous step (`to_act()` is
    /// `Actor::Simultaneous` with `seat` in it). Validates fully, like [`Game::apply_action`].
    /// Callers use [`Game::play`]. Games without simultaneous steps keep the default, which
    /// refuses.
    fn apply_simultaneous(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, PlayError<Self::Error>> {
        let _ = (seat, action);
        Err(PlayError::NoSimultaneous)
    }

    /// Applies an action by the seat that acts now (`to_act()` is `Actor::Seat`). Validates fully:
    /// an illegal or malformed action returns an error and leaves the state untouched.
    /// Callers use [`Game::play`], which checks whose turn it is first.
    fn apply_action(&mut self, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Error>;

    /// Resolves every random step up to the next decision with an RNG seeded from `entropy`.
    fn resolve_chance(&mut self, entropy: Entropy) -> Result<Vec<Self::Event>, ChanceError>;

    /// What `viewer` may see: their own hidden information and everything public.
    fn observe(&self, viewer: Viewer) -> Self::Observation;

    /// A full state consistent with what `viewer` observes, with everything `viewer` cannot see
    /// (other seats' hands, undrawn cards...) sampled at random from what remains possible, using
    /// an RNG seeded from `entropy` (OpenSpiel's resample-from-infostate). Bots search over such
    /// states so that they never use information their seat does not have. It must hold that
    /// `self.determinize(v, e).observe(v) == self.observe(v)` and the result is a playable state.
    /// The default, the state itself, is right only for games with no hidden information.
    fn determinize(&self, viewer: Viewer, entropy: Entropy) -> Self {
        let _ = (viewer, entropy);
        self.clone()
    }

    /// The event as `viewer` may see it: `None` when it carries information the viewer must not
    /// learn (the face of a card drawn by another seat, a gem stolen between two others). UIs and
    /// logs pass every event through this before showing it. By default every event is public.
    fn redact_event(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::Event> {
        let _ = viewer;
        Some(event.clone())
    }

    /// A compact, readable plain-text picture of what `viewer` may see, for a terminal player
    /// (the CLI prints it before numbering the legal actions). It must show nothing the viewer
    /// must not see, so a game builds it from its own [`Game::observe`] logic. The default is
    /// the pretty-printed observation.
    fn text_view(&self, viewer: Viewer) -> String {
        format!("{:#?}", self.observe(viewer))
    }

    /// The colour name `seat` plays in this game ("Blue"), for games with player colours;
    /// `None` (the default) for games without.
    fn seat_colour(seat: Seat) -> Option<&'static str> {
        let _ = seat;
        None
    }

    /// Bot knowledge: how strongly a search bot's rollouts and move ordering favour `action` for
    /// `seat`, the seat about to play it in this state. 1 is neutral; a rollout plays an action
    /// of weight `w` `w` times as often as one of weight 1, and never one of weight 0 while
    /// another has a weight above 0 (for moves that only give value away, such as a gift for
    /// nothing). An integer, so that the deterministic takeover bot computes it identically on
    /// every peer. It must use only what `seat` may see. The default, 1 for every action, is
    /// uniform play.
    fn action_weight(&self, seat: Seat, action: &Self::Action) -> u32 {
        let _ = (seat, action);
        1
    }

    /// Bot knowledge: [`Game::action_weight`] of each of `actions` for `seat`, appended to `out`
    /// in order. A game overrides it when the weights share work (what an offer under way is
    /// worth, say) that weighing one action at a time would redo for each; the weights must be
    /// exactly those of `action_weight`. The default weighs one action at a time.
    fn action_weights(&self, seat: Seat, actions: &[Self::Action], out: &mut Vec<u32>) {
        out.extend(actions.iter().map(|a| self.action_weight(seat, a)));
    }

    /// Bot knowledge: a static estimate of how the game stands, for a search to cut its rollouts
    /// short. Writes into `out` (one entry per seat, `out.len() == players()`) each seat's
    /// expected share of a win in thousandths (0..=1000), and returns `true`. Called on
    /// determinized states, so it may read the whole state. The default returns `false`: no
    /// estimate, rollouts play to the end. Also called on finished games: an estimate there
    /// replaces the reward the search takes from [`Game::outcome`] (a cooperative game rates a
    /// team's win for every seat); `false` there leaves the outcome's reward.
    fn evaluate(&self, out: &mut [u16]) -> bool {
        let _ = out;
        false
    }

    /// Scores and winners once the game is over; `None` before.
    fn outcome(&self) -> Option<Outcome>;

    /// Bot knowledge: how many decisions a search's rollout plays before it asks
    /// [`Game::evaluate`] for an estimate, in a game of `players` seats. Long enough for the moves
    /// being searched to bear fruit (about a round of play, so that a choice meets the turn it
    /// prepares and the opponents' answer), short enough that the estimate still reads the
    /// searched moves more than the rollout's noise. The default, 24, is a round or more of the
    /// Dwar7s games.
    fn rollout_horizon(players: u8) -> u32 {
        let _ = players;
        24
    }

    /// A sentence describing `action` in the current state, for the move log ("Blue places a dwarf
    /// on the ruby mine at (1, 0)").
    fn describe(&self, action: &Self::Action) -> String;

    /// A line for the move log saying what `event` did ("The die shows 4", "Blue mines 2
    /// rubies"), in the rulebook's words, or `None` for an event the action's own line
    /// ([`Game::describe`]) already says. Events carry data; this is their only prose, used
    /// alike by the app's table, its text view and `dwarfs replay show`.
    fn describe_event(&self, event: &Self::Event) -> Option<String>;

    /// What must happen now, said to `viewer` ("You: play a card or end your actions",
    /// "Waiting for Blue"), for the status line of every front end. The default names who acts.
    fn prompt(&self, viewer: Viewer) -> String {
        match self.to_act() {
            Actor::Seat(s) if viewer == Viewer::Seat(s) => "Your move".into(),
            Actor::Seat(s) => format!("Waiting for {s}"),
            Actor::Simultaneous(set) => match viewer {
                Viewer::Seat(s) if set.contains(s) => "Choose in secret".into(),
                _ => format!("Waiting for {} secret choices", set.len()),
            },
            Actor::Chance => "Drawing…".into(),
            Actor::Over => "The game is over".into(),
        }
    }

    /// Every seat's running score, hidden parts included (a front end shows it only at the end,
    /// as the points of its score chart). The default: the final scores once the game is over,
    /// zeros before.
    fn running_scores(&self) -> Vec<i32> {
        match self.outcome() {
            Some(o) => o.scores.iter().map(|s| s.total).collect(),
            None => vec![0; self.players() as usize],
        }
    }

    /// The round the game is in (a week, a turn), for games that have rounds: a score chart
    /// takes a point at each new round as well as at each change of the acting seat, so that a
    /// solitaire game has a chart too. The default (no rounds) is 0.
    fn current_round(&self) -> u32 {
        0
    }

    /// What the game calls one of its rounds ([`Game::current_round`]), for a chart's axis.
    const ROUND_NAME: &'static str = "round";

    /// What the game calls its points, for a chart's axis.
    const POINTS_NAME: &'static str = "VP";

    /// Checks the game's own invariants (component conservation...). Used by the conformance
    /// harness after every step; the message names what broke.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// An upper bound on decisions plus chance points in one game, used to prove termination.
    fn max_steps(players: u8) -> usize {
        10_000 * players.max(1) as usize
    }

    /// Plays `action` for `seat` after checking that `seat` acts now.
    fn play(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, PlayError<Self::Error>> {
        match self.to_act() {
            Actor::Over => Err(PlayError::GameOver),
            Actor::Chance => Err(PlayError::ChancePending),
            Actor::Seat(expected) if expected != seat => Err(PlayError::NotYourTurn {
                expected,
                got: seat,
            }),
            Actor::Seat(_) => self.apply_action(action).map_err(PlayError::Rules),
            Actor::Simultaneous(waiting) if !waiting.contains(seat) => {
                Err(PlayError::NotDeciding { seat, waiting })
            }
            Actor::Simultaneous(_) => self.apply_simultaneous(seat, action),
        }
    }

    /// Convenience: the legal actions as a new vector.
    fn legal_actions_vec(&self) -> Vec<Self::Action> {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v
    }

    /// Convenience: the legal actions of `seat` (see [`Game::legal_actions_for`]) as a new vector.
    fn legal_actions_for_vec(&self, seat: Seat) -> Vec<Self::Action> {
        let mut v = Vec::new();
        self.legal_actions_for(seat, &mut v);
        v
    }

    /// Checks that a (game, players) pair is allowed; games call this from [`Game::new`].
    fn check_players(players: u8) -> Result<(), SetupError> {
        if (Self::MIN_PLAYERS..=Self::MAX_PLAYERS).contains(&players) {
            Ok(())
        } else {
            Err(SetupError::PlayerCount {
                game: Self::NAME,
                min: Self::MIN_PLAYERS,
                max: Self::MAX_PLAYERS,
                got: players,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{Pig, PigOptions};

    #[test]
    fn the_default_text_view_is_the_pretty_observation_and_no_colours() {
        let g = Pig::new(&PigOptions::default(), 2).unwrap();
        for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
            assert_eq!(g.text_view(viewer), format!("{:#?}", g.observe(viewer)));
        }
        assert_eq!(Pig::seat_colour(Seat(0)), None);
    }
}
