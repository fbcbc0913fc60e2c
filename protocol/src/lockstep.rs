//! The lockstep rules, written once: when a move is final, which moves are checkpoints, how
//! chance points are resolved from the seed and the beacon, what the takeover bot plays, and how a
//! simultaneous secret step is played. The live [`crate::Session`] and the offline [`crate::replay`] verifier both decide
//! with these functions, so a replay verifies exactly when the session would have played it.
//! (Who may hand whom to the bot is in [`crate::takeover`], used the same way.)

use crate::beacon;
use crate::config::GameConfig;
use crate::message::{AckStage, GameId, Link};
use dwarfs_bots::TakeoverBot;
use dwarfs_engine::codec::CodecError;
use dwarfs_engine::{Actor, ChanceError, Game, Seat, SeatSet, StateHash};

/// What the finality rule reads of one ack: who signed it, the state hash it signs, and whether
/// it carries a beacon re-commit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AckClaim {
    /// The acking seat.
    pub seat: Seat,
    /// The state hash it signs.
    pub hash: StateHash,
    /// Whether it re-commits the seat's beacon chain to the next segment's tip.
    pub recommits: bool,
}

/// Why a set of acks does not make a move final.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotFinal {
    /// A live seat has not acked (yet): the session waits, a replay is faulty.
    Missing(Seat),
    /// An ack from a seat that is not live, or out of seat order.
    Unexpected(Seat),
    /// A live seat acked another state: a desync.
    Desync {
        /// The seat.
        seat: Seat,
        /// The hash it signed.
        hash: StateHash,
    },
    /// A live seat's ack lacks the beacon re-commit a segment's last move needs, or carries one
    /// anywhere else.
    Recommit {
        /// The seat.
        seat: Seat,
        /// True when the re-commit is missing, false when it is unexpected.
        lacks: bool,
    },
}

/// The finality rule: move `seq` (or, for [`AckStage::Settled`], the state after the chance
/// point that ended the game) is final when every live seat, and no other, acked it in seat
/// order, each signing `expected`, each re-committing its beacon chain exactly when an
/// [`AckStage::Applied`] ack ends a beacon segment. `live` is in seat order; `acks` too.
pub fn check_final(
    config: &GameConfig,
    seq: u32,
    stage: AckStage,
    live: &[Seat],
    acks: &[AckClaim],
    expected: StateHash,
) -> Result<(), NotFinal> {
    let segment_end = stage == AckStage::Applied && is_segment_end(config, seq);
    for (k, &seat) in live.iter().enumerate() {
        let Some(a) = acks.get(k) else {
            return Err(NotFinal::Missing(seat));
        };
        if a.seat != seat {
            return Err(if a.seat < seat || !live.contains(&a.seat) {
                NotFinal::Unexpected(a.seat)
            } else {
                NotFinal::Missing(seat)
            });
        }
    }
    if let Some(extra) = acks.get(live.len()) {
        return Err(NotFinal::Unexpected(extra.seat));
    }
    if let Some(a) = acks.iter().find(|a| a.hash != expected) {
        return Err(NotFinal::Desync {
            seat: a.seat,
            hash: a.hash,
        });
    }
    match acks.iter().find(|a| a.recommits != segment_end) {
        Some(a) => Err(NotFinal::Recommit {
            seat: a.seat,
            lacks: segment_end,
        }),
        None => Ok(()),
    }
}

/// Whether move `seq` is a checkpoint: every live seat's ack and beacon link are stored with it
/// in the replay (every `ack_interval` moves and at every beacon segment end).
pub fn is_checkpoint(config: &GameConfig, seq: u32) -> bool {
    seq.is_multiple_of(config.ack_interval) || is_segment_end(config, seq)
}

/// Whether every final move is stored with the beacon links of the acks it is final on, not
/// only checkpoints (replay format [`crate::replay::format::LINKS_EVERY_MOVE`] on): in a game
/// whose survivor hands its partner to the bot alone ([`crate::takeover::lone_vote`]). A
/// takeover record carries the links of the move before it; in a game of 3 or more, the other
/// voters are live and hold the acks of that move, so a voter resumed from its file gets them
/// back from them, but a 2-player survivor resumed with its partner gone has nobody to ask.
pub fn links_every_move(config: &GameConfig) -> bool {
    let players = config
        .seats
        .iter()
        .filter(|s| matches!(s, crate::config::SeatSpec::Player(_)))
        .count();
    crate::takeover::lone_vote(players)
}

/// Whether move `seq` ends a beacon segment: its acks re-commit to the next segment's tip.
pub fn is_segment_end(config: &GameConfig, seq: u32) -> bool {
    seq.is_multiple_of(config.beacon_segment)
}

/// The length of every seat's re-roll chain: one link per seat of the game, enough for every
/// takeover a game can have (each hands at least one live seat to the bot).
pub fn reroll_len(config: &GameConfig) -> u32 {
    config.seats.len().max(1) as u32
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
/// in seat order), and, when seats were handed to the bot at move `seq`, the re-roll links the
/// live seats revealed after that (`rerolls`, in seat order; see [`crate::beacon`]). `each` sees
/// every resolution's entropy and events. Returns whether there was a chance point.
pub fn resolve_after_move<G: Game>(
    state: &mut G,
    game_id: &GameId,
    seq: u32,
    links: &[Link],
    rerolls: &[Link],
    mut each: impl FnMut([u8; 32], Vec<G::Event>),
) -> Result<bool, ChanceError> {
    let mut round = 0;
    while state.to_act() == Actor::Chance {
        let entropy = beacon::move_entropy(game_id, seq, round, links, rerolls);
        each(entropy, state.resolve_chance(entropy)?);
        round += 1;
    }
    Ok(round > 0)
}

/// The takeover bot's choice for `seat` (a bot seat or a seat handed over) at move `seq`, among
/// its legal actions: a search of the configuration's [`GameConfig::takeover_iterations`] on
/// `seat`'s view, the same on every peer ([`TakeoverBot::choose`]). `Ok(None)` when the seat has
/// no legal action; an error when what the bot is seeded from cannot be encoded.
pub fn bot_choice<G: Game>(
    config: &GameConfig,
    state: &G,
    seat: Seat,
    seq: u32,
) -> Result<Option<G::Action>, CodecError> {
    let pick = TakeoverBot::choose(state, seat, seq, config.takeover_iterations)?;
    Ok(pick.and_then(|i| state.legal_actions_for_vec(seat).get(i).cloned()))
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
    config: &GameConfig,
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
                bot_choice(config, state, seat, seq)
                    .ok()
                    .flatten()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> GameConfig {
        let mut c =
            GameConfig::new::<dwarfs_engine::toy::Pig>([0; 32], &Default::default(), Vec::new())
                .unwrap();
        c.beacon_segment = 8;
        c
    }

    fn ack(seat: u8, hash: u8, recommits: bool) -> AckClaim {
        AckClaim {
            seat: Seat(seat),
            hash: StateHash([hash; 32]),
            recommits,
        }
    }

    const H: StateHash = StateHash([1; 32]);

    #[test]
    fn a_move_is_final_when_every_live_seat_acked_the_same_hash_in_seat_order() {
        let live = [Seat(0), Seat(2)];
        let c = config();
        let a = AckStage::Applied;
        assert_eq!(
            check_final(&c, 3, a, &live, &[ack(0, 1, false), ack(2, 1, false)], H),
            Ok(())
        );
        assert_eq!(
            check_final(&c, 3, a, &live, &[ack(0, 1, false)], H),
            Err(NotFinal::Missing(Seat(2)))
        );
        assert_eq!(
            check_final(&c, 3, a, &live, &[ack(2, 1, false)], H),
            Err(NotFinal::Missing(Seat(0)))
        );
        assert_eq!(
            check_final(&c, 3, a, &live, &[ack(0, 1, false), ack(1, 1, false)], H),
            Err(NotFinal::Unexpected(Seat(1))),
            "a seat that is not live"
        );
        assert_eq!(
            check_final(&c, 3, a, &live, &[ack(2, 1, false), ack(0, 1, false)], H),
            Err(NotFinal::Missing(Seat(0))),
            "out of order"
        );
        assert_eq!(
            check_final(
                &c,
                3,
                a,
                &live,
                &[ack(0, 1, false), ack(2, 1, false), ack(2, 1, false)],
                H
            ),
            Err(NotFinal::Unexpected(Seat(2))),
            "one ack too many"
        );
        assert_eq!(
            check_final(&c, 3, a, &live, &[ack(0, 1, false), ack(2, 9, false)], H),
            Err(NotFinal::Desync {
                seat: Seat(2),
                hash: StateHash([9; 32])
            })
        );
    }

    #[test]
    fn acks_re_commit_the_beacon_exactly_at_a_segment_end_of_an_applied_move() {
        let live = [Seat(0), Seat(1)];
        let c = config();
        let (a, s) = (AckStage::Applied, AckStage::Settled);
        let both = |r| [ack(0, 1, r), ack(1, 1, r)];
        assert_eq!(check_final(&c, 8, a, &live, &both(true), H), Ok(()));
        assert_eq!(
            check_final(&c, 8, a, &live, &[ack(0, 1, true), ack(1, 1, false)], H),
            Err(NotFinal::Recommit {
                seat: Seat(1),
                lacks: true
            })
        );
        assert_eq!(
            check_final(&c, 7, a, &live, &both(true), H),
            Err(NotFinal::Recommit {
                seat: Seat(0),
                lacks: false
            })
        );
        assert_eq!(check_final(&c, 8, s, &live, &both(false), H), Ok(()));
        assert_eq!(
            check_final(&c, 8, s, &live, &both(true), H),
            Err(NotFinal::Recommit {
                seat: Seat(0),
                lacks: false
            }),
            "a settled ack never re-commits"
        );
    }
}
