//! A tiny complete game, dice **Pig** with hidden bonus cards, for testing the engine core and the
//! protocol without a real game.
//!
//! Each player is dealt a hidden bonus card worth 0-3 points at setup (a chance point). On your
//! turn, `Roll` the die (a chance point): a 1 loses the turn total and passes the turn, anything
//! else adds to it. `Hold` banks the turn total (it must not be 0) and passes the turn. Reaching
//! the target, or the end of the last round, ends the game; bonus cards are added then.
//!
//! With [`PigOptions::wagers`], every round starts with a simultaneous secret decision: each
//! player wagers 0, 1 or 2 of their banked points at once. When all have chosen, the wagers are
//! revealed; the one highest wager (if no one ties it) takes every other wager, otherwise nothing
//! changes. This exercises the engine's simultaneous steps and the protocol's commit-reveal of
//! moves.

use crate::chance::{ChanceRng, Entropy};
use crate::game::{ChanceError, DataDigest, Game, PlayError, SetupError};
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
    /// Every round starts with secret simultaneous wagers of 0-2 banked points.
    pub wagers: bool,
}

impl Default for PigOptions {
    fn default() -> Self {
        PigOptions {
            target: 20,
            max_rounds: 30,
            wagers: false,
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
    /// At a wager step: risk this many banked points (0 to 2).
    Wager(u8),
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
    /// Every seat has wagered; the wagers in seat order, and the seat that took them (if one
    /// wager was highest alone).
    Wagers(Vec<u8>, Option<Seat>),
}

/// Why a Pig action is illegal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PigError {
    /// Holding with nothing to bank.
    #[error("you have nothing to bank yet: roll first")]
    NothingToBank,
    /// A wager outside 0-2, or more than the seat has banked.
    #[error("you can wager 0 to {max} points now, not {got}")]
    BadWager {
        /// The most this seat may wager.
        max: u8,
        /// What was asked.
        got: u8,
    },
    /// A wager when no wager step is under way, or a roll during one.
    #[error("that is not possible now: {0}")]
    WrongStep(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    Deal,
    Wager,
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
    /// Secret wagers of the current wager step (`None`: not decided yet).
    wagers: Vec<Option<u8>>,
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
    /// At a wager step: which seats have decided (not what).
    pub decided: Vec<bool>,
    /// The viewer's own wager at this step, once made.
    pub own_wager: Option<u8>,
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
        } else if next == 0 {
            self.start_round();
        } else {
            self.phase = Phase::Decide;
        }
    }

    /// The first decision of a round: the wager step when wagers are on.
    fn start_round(&mut self) {
        if self.options.wagers {
            self.phase = Phase::Wager;
            self.wagers = vec![None; self.banked.len()];
        } else {
            self.phase = Phase::Decide;
        }
    }

    /// The most `seat` may wager.
    fn max_wager(&self, seat: Seat) -> u8 {
        self.banked.get(seat.index()).map_or(0, |&b| b.min(2) as u8)
    }

    /// Reveals and settles the wagers once every seat has chosen.
    fn settle_wagers(&mut self) -> Vec<PigEvent> {
        let w: Vec<u8> = self.wagers.iter().map(|w| w.unwrap_or(0)).collect();
        let top = w.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..w.len()).filter(|&i| w[i] == top).collect();
        let winner = (top > 0 && leaders.len() == 1).then(|| leaders[0]);
        if let Some(win) = winner {
            for (i, &x) in w.iter().enumerate() {
                if i != win {
                    self.banked[i] -= x as u16;
                    self.banked[win] += x as u16;
                }
            }
        }
        self.wagers.clear();
        self.phase = Phase::Decide;
        vec![PigEvent::Wagers(w, winner.map(|i| Seat(i as u8)))]
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
            wagers: Vec::new(),
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
            Phase::Wager => Actor::Simultaneous(
                (0..self.wagers.len())
                    .filter(|&i| self.wagers[i].is_none())
                    .map(|i| Seat(i as u8))
                    .collect(),
            ),
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

    fn legal_actions_for(&self, seat: Seat, out: &mut Vec<PigAction>) {
        out.clear();
        match self.phase {
            Phase::Decide if seat == self.current => self.legal_actions(out),
            Phase::Wager if self.wagers.get(seat.index()) == Some(&None) => {
                out.extend((0..=self.max_wager(seat)).map(PigAction::Wager));
            }
            _ => {}
        }
    }

    fn apply_simultaneous(
        &mut self,
        seat: Seat,
        action: &PigAction,
    ) -> Result<Vec<PigEvent>, PlayError<PigError>> {
        let PigAction::Wager(w) = *action else {
            return Err(PlayError::Rules(PigError::WrongStep(
                "everyone is wagering: choose a wager",
            )));
        };
        let max = self.max_wager(seat);
        if w > max {
            return Err(PlayError::Rules(PigError::BadWager { max, got: w }));
        }
        match self.wagers.get_mut(seat.index()) {
            Some(slot @ None) => *slot = Some(w),
            _ => {
                return Err(PlayError::NotDeciding {
                    seat,
                    waiting: self.to_act().deciding(),
                });
            }
        }
        if self.wagers.iter().all(Option::is_some) {
            Ok(self.settle_wagers())
        } else {
            Ok(vec![])
        }
    }

    fn apply_action(&mut self, action: &PigAction) -> Result<Vec<PigEvent>, PigError> {
        match action {
            PigAction::Wager(_) => Err(PigError::WrongStep("wagers are made at a round's start")),
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
                self.start_round();
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
            decided: self.wagers.iter().map(Option::is_some).collect(),
            own_wager: match viewer {
                Viewer::Seat(s) => self.wagers.get(s.index()).copied().flatten(),
                Viewer::Spectator => None,
            },
        }
    }

    fn determinize(&self, viewer: Viewer, entropy: Entropy) -> Self {
        let mut rng = ChanceRng::from_entropy(entropy);
        let mut s = self.clone();
        let hidden = |i: usize| viewer != Viewer::Seat(Seat(i as u8));
        for i in 0..s.bonus.len() {
            if hidden(i) {
                s.bonus[i] = rng.below(4) as u8;
            }
        }
        for i in 0..s.wagers.len() {
            if hidden(i) && s.wagers[i].is_some() {
                let max = s.max_wager(Seat(i as u8));
                s.wagers[i] = Some(rng.below(max as u32 + 1) as u8);
            }
        }
        s
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
            PigAction::Wager(w) => format!("a secret wager of {w}"),
        }
    }

    fn describe_event(&self, event: &PigEvent) -> Option<String> {
        Some(match event {
            PigEvent::Dealt => "Bonus cards are dealt".into(),
            PigEvent::Rolled(face) => format!("The die shows {face}"),
            // The hold action's own line says it.
            PigEvent::Banked(..) => return None,
            PigEvent::Wagers(wagers, taker) => {
                let all: Vec<String> = wagers.iter().map(|w| w.to_string()).collect();
                match taker {
                    Some(seat) => format!("Wagers {}: {seat} takes them", all.join(", ")),
                    None => format!("Wagers {}: no single highest", all.join(", ")),
                }
            }
        })
    }

    fn check_invariants(&self) -> Result<(), String> {
        if self.phase != Phase::Deal && self.bonus.len() != self.banked.len() {
            return Err("every seat holds one bonus card".into());
        }
        if (self.phase == Phase::Wager) != (self.wagers.len() == self.banked.len()) {
            return Err("wagers are pending exactly during a wager step".into());
        }
        Ok(())
    }

    fn max_steps(players: u8) -> usize {
        // Each turn is at most target/2 + 1 rolls, each a decision plus a chance point.
        let o = PigOptions::default();
        // Wager steps add one decision per seat and round.
        let per_round = 4 * (o.target as usize + 2) + 1;
        per_round * o.max_rounds as usize * players.max(1) as usize + 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::state_hash;
    use crate::seat::SeatSet;

    fn dealt(players: u8) -> Pig {
        let mut g = Pig::new(&PigOptions::default(), players).unwrap();
        g.resolve_chance([0; 32]).unwrap();
        g
    }

    #[test]
    fn hold_with_nothing_is_refused_and_changes_nothing() {
        let mut g = dealt(2);
        let h = state_hash(&g).unwrap();
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
        assert_eq!(state_hash(&g).unwrap(), h);
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

    fn wagering(players: u8) -> Pig {
        let o = PigOptions {
            wagers: true,
            ..Default::default()
        };
        let mut g = Pig::new(&o, players).unwrap();
        g.resolve_chance([0; 32]).unwrap();
        g
    }

    #[test]
    fn wagers_are_simultaneous_secret_and_settled_when_all_have_chosen() {
        let mut g = wagering(3);
        g.banked = vec![5, 1, 0];
        assert_eq!(g.to_act(), Actor::Simultaneous(SeatSet::all(3)));
        assert!(g.legal_actions_vec().is_empty(), "use legal_actions_for");
        assert_eq!(
            g.legal_actions_for_vec(Seat(1)),
            vec![PigAction::Wager(0), PigAction::Wager(1)]
        );
        let h = state_hash(&g).unwrap();
        assert_eq!(
            g.play(Seat(1), &PigAction::Wager(2)),
            Err(PlayError::Rules(PigError::BadWager { max: 1, got: 2 }))
        );
        assert_eq!(
            g.play(Seat(0), &PigAction::Roll),
            Err(PlayError::Rules(PigError::WrongStep(
                "everyone is wagering: choose a wager"
            )))
        );
        assert_eq!(state_hash(&g).unwrap(), h, "refusals change nothing");
        let before = g.observe(Viewer::Seat(Seat(1)));
        assert_eq!(g.play(Seat(0), &PigAction::Wager(2)), Ok(vec![]));
        // Seat 1 learns that seat 0 decided, never what.
        let after = g.observe(Viewer::Seat(Seat(1)));
        assert_eq!(after.decided, vec![true, false, false]);
        assert_eq!(after.own_wager, None);
        assert_eq!(before.banked, after.banked);
        assert_eq!(g.observe(Viewer::Seat(Seat(0))).own_wager, Some(2));
        assert!(matches!(
            g.play(Seat(0), &PigAction::Wager(1)),
            Err(PlayError::NotDeciding { seat: Seat(0), .. })
        ));
        g.play(Seat(2), &PigAction::Wager(0)).unwrap();
        let ev = g.play(Seat(1), &PigAction::Wager(1)).unwrap();
        assert_eq!(ev, vec![PigEvent::Wagers(vec![2, 1, 0], Some(Seat(0)))]);
        assert_eq!(g.banked, vec![6, 0, 0]);
        assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
    }

    #[test]
    fn tied_top_wagers_change_nothing() {
        let mut g = wagering(2);
        g.banked = vec![3, 3];
        g.play(Seat(1), &PigAction::Wager(2)).unwrap();
        let ev = g.play(Seat(0), &PigAction::Wager(2)).unwrap();
        assert_eq!(ev, vec![PigEvent::Wagers(vec![2, 2], None)]);
        assert_eq!(g.banked, vec![3, 3]);
    }

    #[test]
    fn determinize_keeps_what_the_viewer_sees_and_resamples_the_rest() {
        let mut g = wagering(4);
        g.banked = vec![2, 2, 2, 2];
        g.play(Seat(2), &PigAction::Wager(1)).unwrap();
        g.play(Seat(3), &PigAction::Wager(2)).unwrap();
        let v = Viewer::Seat(Seat(3));
        let mut differs = false;
        for i in 0..32u8 {
            let d = g.determinize(v, [i; 32]);
            assert_eq!(d.observe(v), g.observe(v));
            assert_eq!(d.determinize(v, [i; 32]).observe(v), g.observe(v));
            assert!(d.check_invariants().is_ok());
            differs |= state_hash(&d) != state_hash(&g);
        }
        assert!(differs, "hidden bonus cards and wagers are resampled");
    }

    #[test]
    fn wager_games_conform() {
        let o = PigOptions {
            wagers: true,
            ..Default::default()
        };
        for players in [1, 2, 5] {
            let r = crate::conformance::check::<Pig>(
                &o,
                &crate::conformance::Config::new(players, 0..30),
            )
            .unwrap_or_else(|f| panic!("{f}"));
            assert!(r.decisions > 0);
        }
    }
}

mod option_values {
    use super::PigOptions;
    use crate::game::SetupError;
    use crate::options::{GameOptions, OptionKind, OptionSpec, OptionValues, check_values, flag};

    const SPECS: &[OptionSpec] = &[OptionSpec {
        key: "wagers",
        label: "Wagers",
        help: "Every round starts with secret simultaneous wagers of 0-2 banked points",
        kind: OptionKind::Flag,
    }];

    impl GameOptions for PigOptions {
        fn specs() -> &'static [OptionSpec] {
            SPECS
        }

        fn from_values(values: &OptionValues) -> Result<Self, SetupError> {
            check_values("Pig", SPECS, values)?;
            Ok(PigOptions {
                wagers: flag(values, "wagers"),
                ..PigOptions::default()
            })
        }

        fn to_values(&self) -> OptionValues {
            let mut v = OptionValues::new();
            if self.wagers {
                v.insert("wagers".into(), vec!["true".into()]);
            }
            v
        }
    }
}
