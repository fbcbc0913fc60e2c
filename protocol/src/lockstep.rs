//! The lockstep rules, written once: which moves are checkpoints, how chance points are resolved
//! from the seed and the beacon, what the takeover bot plays, and how a simultaneous secret step
//! is played. The live [`crate::Session`] and the offline [`crate::replay`] verifier both decide
//! with these functions, so a replay verifies exactly when the session would have played it.
//! (Who may hand whom to the bot is in [`crate::takeover`], used the same way.)

use crate::beacon;
use crate::config::GameConfig;
use crate::message::{GameId, Link};
use dwarfs_bots::TakeoverBot;
use dwarfs_engine::{Actor, ChanceError, Game, Seat, SeatSet};

/// Whether move `seq` is a checkpoint: every live seat's ack and beacon link are stored with it
/// in the replay (every `ack_interval` moves and at every beacon segment end).
pub fn is_checkpoint(config: &GameConfig, seq: u32) -> bool {
    seq.is_multiple_of(config.ack_interval) || is_segment_end(config, seq)
}

/// Whether move `seq` ends a beacon segment: its acks re-commit to the next segment's tip.
pub fn is_segment_end(config: &GameConfig, seq: u32) -> bool {
    seq.is_multiple_of(config.beacon_segment)
}

/// Resolves the setup chance points (before the first move) from the agreed seed.
pub fn resolve_setup<G: Game>(state: &mut G, seed: &[u8; 32]) -> Result<(), ChanceError> {
    let mut round = 0;
    while state.to_act() == Actor::Chance {
        state.resolve_chance(beacon::setup_entropy(seed, round))?;
        round += 1;
    }
    Ok(())
}

/// Resolves every chance point that follows final move `seq`, with the entropy derived from the
/// game id, `seq` and the beacon links the live seats revealed with their acks of it (`links`,
/// in seat order). `each` sees every resolution's entropy and events. Returns whether there was
/// a chance point.
pub fn resolve_after_move<G: Game>(
    state: &mut G,
    game_id: &GameId,
    seq: u32,
    links: &[Link],
    mut each: impl FnMut([u8; 32], Vec<G::Event>),
) -> Result<bool, ChanceError> {
    let mut round = 0;
    while state.to_act() == Actor::Chance {
        let entropy = beacon::move_entropy(game_id, seq, round, links);
        each(entropy, state.resolve_chance(entropy)?);
        round += 1;
    }
    Ok(round > 0)
}

/// The takeover bot's choice for `seat` (a bot seat or a seat handed over) at move `seq`, among
/// its legal actions, as recorded in a replay of `format` (format 2 files used the first bot,
/// which ignored the move number). `None` when the seat has no legal action.
pub fn bot_choice<G: Game>(state: &G, seat: Seat, seq: u32, format: u16) -> Option<G::Action> {
    let legal = state.legal_actions_for_vec(seat);
    if legal.is_empty() {
        return None;
    }
    let i = if format < 3 {
        TakeoverBot::pick_v1(state, seat, legal.len())
    } else {
        TakeoverBot::pick(state, seat, seq, legal.len())
    };
    legal.get(i).cloned()
}

/// One seat's choice as played at a simultaneous secret step.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The seat.
    pub seat: Seat,
    /// Its action.
    pub action: G::Action,
    /// The engine's sentence for it (before it was played).
    pub description: String,
    /// What happened.
    pub events: Vec<G::Event>,
    /// Chosen by the takeover bot (the seat has no live player).
    pub by_bot: bool,
}

/// Why a simultaneous secret step could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// A seat's revealed choice is refused by the engine.
    #[error("{seat}'s secret choice ({description}) is illegal: {reason}")]
    Illegal {
        /// The seat.
        seat: Seat,
        /// The choice in words.
        description: String,
        /// The engine's reason.
        reason: String,
    },
    /// A seat played by the bot has nothing to choose from, or the bot's choice was refused.
    #[error("the bot cannot choose for {0}")]
    Bot(Seat),
}

/// Plays the simultaneous secret step `seq` at which `set` decides: every seat in seat order,
/// `revealed(seat)` being the revealed action of a seat with a live player, `None` for a seat
/// the takeover bot plays (chosen on the state reached so far, so every peer computes the same).
/// On error `state` may be partly changed: play on a copy.
pub fn play_secret_step<G: Game>(
    state: &mut G,
    set: SeatSet,
    seq: u32,
    revealed: impl Fn(Seat) -> Option<G::Action>,
) -> Result<Vec<Played<G>>, StepError> {
    let mut out = Vec::new();
    for seat in set.iter() {
        let (action, by_bot) = match revealed(seat) {
            Some(a) => (a, false),
            None => (
                bot_choice(state, seat, seq, crate::replay::format::FORMAT_VERSION)
                    .ok_or(StepError::Bot(seat))?,
                true,
            ),
        };
        let description = state.describe(&action);
        let events = match state.play(seat, &action) {
            Ok(e) => e,
            Err(_) if by_bot => return Err(StepError::Bot(seat)),
            Err(e) => {
                return Err(StepError::Illegal {
                    seat,
                    description,
                    reason: e.to_string(),
                });
            }
        };
        out.push(Played {
            seat,
            action,
            description,
            events,
            by_bot,
        });
    }
    Ok(out)
}
