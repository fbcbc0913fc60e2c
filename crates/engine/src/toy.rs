//! A tiny complete game, dice **Pig** with hidden bonus cards, for testing the engine core and the
//! protocol without a real game.
//!
//! Each player is dealt a hidden bonus card worth 0-3 points at setup (a chance point). On your
//! turn, `Roll` the die (a chance point): a 1 loses the turn total and passes the turn, anything
//! else adds to it. `Hold` banks the turn total (it must not be 0) and passes the turn. Reaching
//! the target, or the end of the last round, ends the game; bonus cards are added then.

use crate::chance::{ChanceRng, Entropy};
use crate::game::{ChanceError, DataDigest, Game, SetupError};
use crate::outcome::{Outcome, ScoreLine, SeatScore};
use crate::seat::{Actor, Seat, Viewer};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Options for [`Pig`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigOptions {
    /// Banked points that end the game.
    pub target: u16,
    /// Rounds after which the game ends regardless.
    pub max_rounds: u16,
}

impl Default for PigOptions {
    fn default() -> Self {
        PigOptions {
            target: 20,
            max_rounds: 30,
        }
    }
}

/// A Pig action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PigAction {
    /// Roll the die.
    Roll,
    /// Bank the turn total.
    Hold,
}

/// Something that happened in Pig.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PigEvent {
    /// Bonus cards were dealt.
    Dealt,
    /// The die showed this value.
    Rolled(u8),
    /// A seat banked points.
    Banked(Seat, u16),
}

/// Why a Pig action is illegal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PigError {
    /// Holding with nothing to bank.
    #[error("you have nothing to bank yet: roll first")]
    NothingToBank,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    Deal,
    Decide,
    Rolling,
    Over,
}

/// The Pig state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pig {
    options: PigOptions,
    banked: Vec<u16>,
    bonus: Vec<u8>,
    turn_total: u16,
    current: Seat,
    round: u16,
    phase: Phase,
}

/// What one viewer sees of Pig.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigObservation {
    /// Everyone's banked points.
    pub banked: Vec<u16>,
    /// The viewer's own bonus card, if seated and dealt.
    pub own_bonus: Option<u8>,
    /// Points at risk this turn.
    pub turn_total: u16,
}

impl Pig {
    fn pass_turn(&mut self) {
        self.turn_total = 0;
        let next = (self.current.0 + 1) % self.banked.len() as u8;
        if next == 0 {
            self.round += 1;
        }
        self.current = Seat(next);
        if self.round >= self.options.max_rounds {
            self.phase = Phase::Over;
        } else {
            self.phase = Phase::Decide;
        }
    }
}

impl Game for Pig {
    type Options = PigOptions;
    type Action = PigAction;
    type Event = PigEvent;
    type Observation = PigObservation;
    type Error = PigError;

    const NAME: &'static str = "pig";
    const RULES_VERSION: u32 = 1;
    const MIN_PLAYERS: u8 = 1;
    const MAX_PLAYERS: u8 = 8;

    fn data_digest() -> DataDigest {
        *blake3::hash(b"pig: d6, bonus cards 0-3").as_bytes()
    }

    fn new(options: &PigOptions, players: u8) -> Result<Self, SetupError> {
        Self::check_players(players)?;
        if options.target == 0 || options.max_rounds == 0 {
            return Err(SetupError::Options(
                "target and max_rounds must be at least 1".into(),
            ));
        }
        Ok(Pig {
            options: options.clone(),
            banked: vec![0; players as usize],
            bonus: Vec::new(),
            turn_total: 0,
            current: Seat(0),
            round: 0,
            phase: Phase::Deal,
        })
    }

    fn options(&self) -> &PigOptions {
        &self.options
    }

    fn players(&self) -> u8 {
        self.banked.len() as u8
    }

    fn to_act(&self) -> Actor {
        match self.phase {
            Phase::Deal | Phase::Rolling => Actor::Chance,
            Phase::Decide => Actor::Seat(self.current),
            Phase::Over => Actor::Over,
        }
    }

    fn legal_actions(&self, out: &mut Vec<PigAction>) {
        out.clear();
        if self.phase == Phase::Decide {
            out.push(PigAction::Roll);
            if self.turn_total > 0 {
                out.push(PigAction::Hold);
            }
        }
    }

    fn apply_action(&mut self, action: &PigAction) -> Result<Vec<PigEvent>, PigError> {
        match action {
            PigAction::Roll => {
                self.phase = Phase::Rolling;
                Ok(vec![])
            }
            PigAction::Hold => {
                if self.turn_total == 0 {
                    return Err(PigError::NothingToBank);
                }
                let s = self.current;
                self.banked[s.index()] += self.turn_total;
                let ev = PigEvent::Banked(s, self.turn_total);
                if self.banked[s.index()] >= self.options.target {
                    self.phase = Phase::Over;
                    self.turn_total = 0;
                } else {
                    self.pass_turn();
                }
                Ok(vec![ev])
            }
        }
    }

    fn resolve_chance(&mut self, entropy: Entropy) -> Result<Vec<PigEvent>, ChanceError> {
        let mut rng = ChanceRng::from_entropy(entropy);
        match self.phase {
            Phase::Deal => {
                self.bonus = (0..self.banked.len()).map(|_| rng.below(4) as u8).collect();
                self.phase = Phase::Decide;
                Ok(vec![PigEvent::Dealt])
            }
            Phase::Rolling => {
                let roll = rng.below(6) as u8 + 1;
                if roll == 1 {
                    self.pass_turn();
                } else {
                    self.turn_total += roll as u16;
                    self.phase = Phase::Decide;
                }
                Ok(vec![PigEvent::Rolled(roll)])
            }
            _ => Err(ChanceError(self.to_act())),
        }
    }

    fn observe(&self, viewer: Viewer) -> PigObservation {
        PigObservation {
            banked: self.banked.clone(),
            own_bonus: match viewer {
                Viewer::Seat(s) => self.bonus.get(s.index()).copied(),
                Viewer::Spectator => None,
            },
            turn_total: self.turn_total,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let scores = (0..self.players())
            .map(|i| {
                let b = self.bonus.get(i as usize).copied().unwrap_or(0);
                SeatScore::new(
                    Seat(i),
                    vec![
                        ScoreLine {
                            category: "Banked".into(),
                            points: self.banked[i as usize] as i32,
                        },
                        ScoreLine {
                            category: "Bonus card".into(),
                            points: b as i32,
                        },
                    ],
                    vec![],
                )
            })
            .collect();
        Some(Outcome::ranked(
            scores,
            "a player reached the target or time ran out",
        ))
    }

    fn describe(&self, action: &PigAction) -> String {
        match action {
            PigAction::Roll => format!("{} rolls", self.current),
            PigAction::Hold => format!("{} banks {}", self.current, self.turn_total),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        if self.phase != Phase::Deal && self.bonus.len() != self.banked.len() {
            return Err("every seat holds one bonus card".into());
        }
        Ok(())
    }

    fn max_steps(players: u8) -> usize {
        // Each turn is at most target/2 + 1 rolls, each a decision plus a chance point.
        let o = PigOptions::default();
        4 * (o.target as usize + 2) * o.max_rounds as usize * players.max(1) as usize + 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PlayError;
    use crate::hash::state_hash;

    fn dealt(players: u8) -> Pig {
        let mut g = Pig::new(&PigOptions::default(), players).unwrap();
        g.resolve_chance([0; 32]).unwrap();
        g
    }

    #[test]
    fn hold_with_nothing_is_refused_and_changes_nothing() {
        let mut g = dealt(2);
        let h = state_hash(&g);
        assert_eq!(
            g.play(Seat(0), &PigAction::Hold),
            Err(PlayError::Rules(PigError::NothingToBank))
        );
        assert_eq!(
            g.play(Seat(1), &PigAction::Roll),
            Err(PlayError::NotYourTurn {
                expected: Seat(0),
                got: Seat(1)
            })
        );
        assert_eq!(state_hash(&g), h);
    }

    #[test]
    fn roll_stops_at_chance_and_bonus_is_hidden_from_others() {
        let mut g = dealt(3);
        g.play(Seat(0), &PigAction::Roll).unwrap();
        assert_eq!(g.to_act(), Actor::Chance);
        assert_eq!(
            g.play(Seat(0), &PigAction::Roll),
            Err(PlayError::ChancePending)
        );
        assert_eq!(g.observe(Viewer::Spectator).own_bonus, None);
        assert_eq!(g.observe(Viewer::Seat(Seat(2))).own_bonus, Some(g.bonus[2]));
    }

    #[test]
    fn bad_options_and_player_counts_are_errors() {
        assert!(matches!(
            Pig::new(&PigOptions::default(), 9),
            Err(SetupError::PlayerCount { got: 9, .. })
        ));
        let o = PigOptions {
            target: 0,
            ..Default::default()
        };
        assert!(matches!(Pig::new(&o, 2), Err(SetupError::Options(_))));
    }
}
