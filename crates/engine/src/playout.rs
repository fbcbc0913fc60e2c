//! Playing a game to its end with bots and a seed: for simulation, benchmarks and golden vectors.

use crate::bot::{Chooser, RandomBot, Seated};
use crate::chance::{Entropy, SeedStream};
use crate::game::{Game, SetupError};
use crate::hash::{StateHash, state_hash};
use crate::seat::{Actor, Seat};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One step of a game: a seat's decision or the entropy that resolved a chance point.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step<A> {
    /// `seat` played `action`.
    Decision {
        /// Who played.
        seat: Seat,
        /// What they played.
        action: A,
    },
    /// A chance point was resolved with this entropy.
    Chance(Entropy),
}

/// A finished playout.
#[derive(Clone, Debug)]
pub struct Playout<G: Game> {
    /// The final state (`Actor::Over`).
    pub state: G,
    /// Decisions made by seats.
    pub decisions: usize,
    /// Chance points resolved.
    pub chance_points: usize,
    /// Every step, when recording was asked for.
    pub steps: Vec<Step<G::Action>>,
}

impl<G: Game> Playout<G> {
    /// The final state's hash (an error if the state cannot be encoded: a bug in its game).
    pub fn hash(&self) -> Result<StateHash, crate::codec::CodecError> {
        state_hash(&self.state)
    }
}

/// Why a playout failed. Any of these is a bug in the game or a bot.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayoutError {
    /// The game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A seat had to act with no legal action.
    #[error("{seat} must act at step {step} but has no legal action")]
    NoLegalAction {
        /// The step.
        step: usize,
        /// The stuck seat.
        seat: Seat,
    },
    /// A listed legal action was rejected, or chance failed.
    #[error("step {step}: {message}")]
    Rejected {
        /// The step.
        step: usize,
        /// The error.
        message: String,
    },
    /// The game did not end within the step bound.
    #[error("the game did not end within {0} steps")]
    TooLong(usize),
}

/// Plays `state` to the end: `chooser` picks for seats (wrap a bot in [`Seated`] so that it sees
/// only its seat), `chance` supplies entropy. At a simultaneous step the deciding seats choose in
/// seat order; none of them sees another's choice (the game keeps them secret).
pub fn play_out<G: Game>(
    mut state: G,
    chooser: &mut dyn Chooser<G>,
    chance: &mut SeedStream,
    record: bool,
) -> Result<Playout<G>, PlayoutError> {
    let max = G::max_steps(state.players());
    let mut legal = Vec::new();
    let (mut decisions, mut chance_points) = (0, 0);
    let mut steps = Vec::new();
    for step in 0..max {
        let seat = match state.to_act() {
            Actor::Over => {
                return Ok(Playout {
                    state,
                    decisions,
                    chance_points,
                    steps,
                });
            }
            Actor::Chance => {
                let e = chance.next_entropy();
                state
                    .resolve_chance(e)
                    .map_err(|err| PlayoutError::Rejected {
                        step,
                        message: err.to_string(),
                    })?;
                chance_points += 1;
                if record {
                    steps.push(Step::Chance(e));
                }
                continue;
            }
            Actor::Seat(seat) => seat,
            Actor::Simultaneous(set) => match set.iter().next() {
                Some(seat) => seat,
                None => {
                    return Err(PlayoutError::Rejected {
                        step,
                        message: "a simultaneous step with no seat deciding".into(),
                    });
                }
            },
        };
        state.legal_actions_for(seat, &mut legal);
        if legal.is_empty() {
            return Err(PlayoutError::NoLegalAction { step, seat });
        }
        let i = chooser.pick(&state, seat, &legal).min(legal.len() - 1);
        state
            .play(seat, &legal[i])
            .map_err(|err| PlayoutError::Rejected {
                step,
                message: format!("{:?} was listed as legal but rejected: {err}", legal[i]),
            })?;
        decisions += 1;
        if record {
            steps.push(Step::Decision {
                seat,
                action: legal[i].clone(),
            });
        }
    }
    Err(PlayoutError::TooLong(max))
}

/// A whole game from `seed` with uniform random bots: the game's chance uses `SeedStream::new(seed)`
/// and the bots a stream derived from the same seed.
pub fn random_playout<G: Game>(
    options: &G::Options,
    players: u8,
    seed: u64,
    record: bool,
) -> Result<Playout<G>, PlayoutError> {
    let state = G::new(options, players)?;
    let mut bot = RandomBot::new(seed);
    play_out(
        state,
        &mut Seated(&mut bot),
        &mut SeedStream::new(seed),
        record,
    )
}

/// Re-runs recorded steps from a fresh game and returns the final state.
pub fn replay_steps<G: Game>(
    options: &G::Options,
    players: u8,
    steps: &[Step<G::Action>],
) -> Result<G, PlayoutError> {
    let mut state = G::new(options, players)?;
    for (step, s) in steps.iter().enumerate() {
        let r = match s {
            Step::Chance(e) => state
                .resolve_chance(*e)
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Step::Decision { seat, action } => state
                .play(*seat, action)
                .map(|_| ())
                .map_err(|e| e.to_string()),
        };
        r.map_err(|message| PlayoutError::Rejected { step, message })?;
    }
    Ok(state)
}

/// The states of a random game from `state` to its end (random bots and chance from `seed`, as
/// in [`random_playout`]), those for which `keep(step, state)` is true: sample positions for
/// tests of observations and determinization.
pub fn random_states<G: Game>(
    mut state: G,
    seed: u64,
    mut keep: impl FnMut(usize, &G) -> bool,
) -> Result<Vec<G>, PlayoutError> {
    let mut chance = SeedStream::new(seed);
    let mut bot = RandomBot::new(seed);
    let mut out = Vec::new();
    let max = G::max_steps(state.players());
    for step in 0..max {
        if keep(step, &state) {
            out.push(state.clone());
        }
        let seat = match state.to_act() {
            Actor::Over => return Ok(out),
            Actor::Chance => {
                state.resolve_chance(chance.next_entropy()).map_err(|e| {
                    PlayoutError::Rejected {
                        step,
                        message: e.to_string(),
                    }
                })?;
                continue;
            }
            actor => match actor.deciding().iter().next() {
                Some(seat) => seat,
                None => return Err(PlayoutError::TooLong(max)),
            },
        };
        let legal = state.legal_actions_for_vec(seat);
        if legal.is_empty() {
            return Err(PlayoutError::NoLegalAction { step, seat });
        }
        let i = Seated(&mut bot)
            .pick(&state, seat, &legal)
            .min(legal.len() - 1);
        state
            .play(seat, &legal[i])
            .map_err(|e| PlayoutError::Rejected {
                step,
                message: e.to_string(),
            })?;
    }
    Err(PlayoutError::TooLong(max))
}
