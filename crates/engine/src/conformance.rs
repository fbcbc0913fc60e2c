//! The conformance harness every game crate runs in its tests.
//!
//! For each seed it plays a random game to the end and checks, along the way:
//! - no panic, and a legal action exists whenever a seat must act;
//! - every listed action applies (on a copy) and none is listed twice, at a sampled subset of
//!   states;
//! - garbage, near-miss (mutated encodings of legal actions) and stale actions are rejected with
//!   the state hash unchanged, and an accepted decoded action is always one that was listed;
//! - the wrong seat, and any seat at a chance point, is refused;
//! - encode → decode gives the same hash and the same continuation (like GGRS SyncTest);
//! - a damaged encoding of the state (bytes changed, cut or added) decodes to an error or to the
//!   state whose encoding it is, never a panic and never a second encoding of one state;
//! - the game's own invariants ([`Game::check_invariants`]) hold after every step;
//! - the game ends within [`Game::max_steps`], with a consistent outcome;
//! - re-running the recorded steps reproduces the final hash.

use crate::chance::SeedStream;
use crate::codec;
use crate::game::{Game, PlayError};
use crate::hash::state_hash;
use crate::playout::{Step, replay_steps};
use crate::seat::{Actor, Seat, Viewer};
use serde::Serialize;
use std::fmt;
use std::ops::Range;

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Seeds to play, one game each.
    pub seeds: Range<u64>,
    /// Seats in each game.
    pub players: u8,
    /// Garbage and near-miss actions tried at each decision.
    pub garbage_per_decision: usize,
    /// Every how many decisions all listed actions are applied to a copy (0: never).
    pub all_actions_every: usize,
    /// Every how many steps the state is round-tripped through the codec (0: never).
    pub roundtrip_every: usize,
    /// Damaged copies of the state's encoding decoded at each round trip.
    pub damaged_per_roundtrip: usize,
    /// Every how many seeds the whole game is re-run from its recorded steps (0: never).
    pub replay_every: u64,
}

impl Config {
    /// Sensible defaults for `seeds` games of `players` seats.
    pub fn new(players: u8, seeds: Range<u64>) -> Self {
        Config {
            seeds,
            players,
            garbage_per_decision: 3,
            all_actions_every: 7,
            roundtrip_every: 11,
            damaged_per_roundtrip: 8,
            replay_every: 5,
        }
    }
}

/// Totals over a successful run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played to the end.
    pub games: usize,
    /// Seat decisions made.
    pub decisions: usize,
    /// Chance points resolved.
    pub chance_points: usize,
    /// Illegal actions that were correctly rejected.
    pub rejected: usize,
    /// The longest game in steps.
    pub longest: usize,
}

/// A conformance failure: which seed, which step, what broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The seed of the failing game.
    pub seed: u64,
    /// The step (decisions plus chance points) at which it failed.
    pub step: usize,
    /// What broke.
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "conformance failure, seed {} step {}: {}",
            self.seed, self.step, self.message
        )
    }
}

impl std::error::Error for Failure {}

/// Runs the harness; the first failure stops it.
pub fn check<G: Game>(options: &G::Options, cfg: &Config) -> Result<Report, Failure> {
    let mut report = Report::default();
    for seed in cfg.seeds.clone() {
        check_one::<G>(options, cfg, seed, &mut report).map_err(|(step, message)| Failure {
            seed,
            step,
            message,
        })?;
        report.games += 1;
    }
    Ok(report)
}

type StepResult = Result<(), (usize, String)>;

fn check_one<G: Game>(
    options: &G::Options,
    cfg: &Config,
    seed: u64,
    report: &mut Report,
) -> StepResult {
    let fail = |step: usize, m: String| Err((step, m));
    let mut state = match G::new(options, cfg.players) {
        Ok(s) => s,
        Err(e) => return fail(0, format!("setup failed: {e}")),
    };
    if state.to_act() != Actor::Chance {
        return fail(0, "a new game must stop at its setup chance point".into());
    }
    let mut chance = SeedStream::new(seed);
    let mut choices = SeedStream::derive(seed, "conformance choices");
    let mut junk = SeedStream::derive(seed, "conformance garbage");
    let mut stale: Vec<G::Action> = Vec::new();
    let mut steps: Vec<Step<G::Action>> = Vec::new();
    let mut legal = Vec::new();
    let mut shadow: Option<(G, usize)> = None;
    let mut decisions = 0usize;
    let max = G::max_steps(cfg.players);

    for step in 0..=max {
        if let Err(m) = state.check_invariants() {
            return fail(step, format!("invariant broken: {m}"));
        }
        // Every state must encode: every later hash comparison stands on this.
        if let Err(e) = state_hash(&state) {
            return fail(step, format!("the state cannot be encoded: {e}"));
        }
        if let Some((sh, _)) = &shadow
            && state_hash(sh) != state_hash(&state)
        {
            return fail(step, "a decoded copy diverged from the original".into());
        }
        if cfg.roundtrip_every > 0 && step.is_multiple_of(cfg.roundtrip_every) {
            let bytes = match codec::encode(&state) {
                Ok(b) => b,
                Err(e) => return fail(step, format!("state does not encode: {e}")),
            };
            let copy: G = match codec::decode(&bytes) {
                Ok(c) => c,
                Err(e) => return fail(step, format!("state does not decode: {e}")),
            };
            if state_hash(&copy) != state_hash(&state)
                || codec::encode(&copy).ok().as_ref() != Some(&bytes)
            {
                return fail(step, "encode → decode changed the state".into());
            }
            for _ in 0..cfg.damaged_per_roundtrip {
                let bad = junk.mutate_bytes(&bytes);
                if let Ok(back) = codec::decode::<G>(&bad)
                    && codec::encode(&back).ok().as_ref() != Some(&bad)
                {
                    return fail(
                        step,
                        "damaged state bytes decoded to a state with another encoding".into(),
                    );
                }
            }
            shadow = Some((copy, 4));
            for v in Viewer::all(cfg.players) {
                if let Err(e) = codec::encode(&state.observe(v)) {
                    return fail(
                        step,
                        format!("the observation of {v:?} does not encode: {e}"),
                    );
                }
            }
        }
        state.legal_actions(&mut legal);
        match state.to_act() {
            Actor::Over => {
                if !legal.is_empty() {
                    return fail(step, "legal actions listed after the game ended".into());
                }
                return finish(&state, options, cfg, seed, &steps, step, report);
            }
            Actor::Chance => {
                if !legal.is_empty() {
                    return fail(step, "legal actions listed at a chance point".into());
                }
                let before = state_hash(&state);
                if let Some(a) = stale.last() {
                    match state.play(Seat(0), a) {
                        Err(PlayError::ChancePending) => {}
                        other => {
                            return fail(
                                step,
                                format!("a seat acted at a chance point: {other:?}"),
                            );
                        }
                    }
                }
                if state_hash(&state) != before {
                    return fail(step, "a refused action changed the state".into());
                }
                let e = chance.next_entropy();
                if let Err(err) = state.resolve_chance(e) {
                    return fail(step, format!("resolve_chance failed: {err}"));
                }
                if let Some((sh, _)) = &mut shadow
                    && sh.resolve_chance(e).is_err()
                {
                    return fail(step, "the decoded copy refused the same chance".into());
                }
                steps.push(Step::Chance(e));
                report.chance_points += 1;
            }
            to_act @ (Actor::Seat(_) | Actor::Simultaneous(_)) => {
                let seat = match to_act {
                    Actor::Simultaneous(set) => {
                        if !legal.is_empty() {
                            return fail(
                                step,
                                "legal_actions listed at a simultaneous step (use \
                                 legal_actions_for)"
                                    .into(),
                            );
                        }
                        let deciding: Vec<Seat> = set.iter().collect();
                        if deciding.is_empty() || deciding.iter().any(|s| s.0 >= cfg.players) {
                            return fail(step, format!("a simultaneous step for {set:?}"));
                        }
                        deciding[choices.choose(deciding.len())]
                    }
                    Actor::Seat(s) => s,
                    Actor::Chance | Actor::Over => return fail(step, "no seat acts".into()),
                };
                if matches!(to_act, Actor::Simultaneous(_))
                    || (cfg.all_actions_every > 0
                        && decisions.is_multiple_of(cfg.all_actions_every))
                {
                    let listed = legal.clone();
                    state.legal_actions_for(seat, &mut legal);
                    if matches!(to_act, Actor::Seat(_)) && listed != legal {
                        return fail(
                            step,
                            "legal_actions_for(the acting seat) differs from legal_actions".into(),
                        );
                    }
                }
                if legal.is_empty() {
                    return fail(step, format!("{seat} must act but has no legal action"));
                }
                let before = state_hash(&state);
                // A seat with nothing to decide is refused.
                let other = Seat::all(cfg.players).find(|o| !to_act.includes(*o));
                if let Some(other) = other {
                    match (to_act, state.play(other, &legal[0])) {
                        (Actor::Seat(_), Err(PlayError::NotYourTurn { .. }))
                        | (Actor::Simultaneous(_), Err(PlayError::NotDeciding { .. })) => {}
                        (_, r) => return fail(step, format!("{other} played out of turn: {r:?}")),
                    }
                }
                // Every listed action applies, on a copy, and none is listed twice.
                if cfg.all_actions_every > 0 && decisions.is_multiple_of(cfg.all_actions_every) {
                    match listed_twice(&legal) {
                        Ok(None) => {}
                        Ok(Some(a)) => return fail(step, format!("action {a:?} is listed twice")),
                        Err(e) => return fail(step, e),
                    }
                    for a in &legal {
                        let mut copy = state.clone();
                        if let Err(e) = copy.play(seat, a) {
                            return fail(step, format!("listed action {a:?} was rejected: {e}"));
                        }
                        if state.describe(a).is_empty() {
                            return fail(step, format!("no description for {a:?}"));
                        }
                    }
                }
                // Garbage, near-miss and stale actions.
                for k in 0..cfg.garbage_per_decision {
                    let candidate = match k % 3 {
                        0 => mutate_legal::<G>(&legal, &mut junk),
                        1 => random_action::<G>(&mut junk),
                        _ => stale.get(junk.choose(stale.len().max(1))).cloned(),
                    };
                    let Some(a) = candidate else { continue };
                    if legal.contains(&a) {
                        continue;
                    }
                    match state.play(seat, &a) {
                        Ok(_) => {
                            return fail(step, format!("unlisted action {a:?} was accepted"));
                        }
                        Err(_) => report.rejected += 1,
                    }
                    if state_hash(&state) != before {
                        return fail(step, format!("rejected action {a:?} changed the state"));
                    }
                }
                let i = choices.choose(legal.len());
                let a = legal[i].clone();
                if let Err(e) = state.play(seat, &a) {
                    return fail(step, format!("listed action {a:?} was rejected: {e}"));
                }
                if let Some((sh, _)) = &mut shadow
                    && sh.play(seat, &a).is_err()
                {
                    return fail(step, "the decoded copy refused the same action".into());
                }
                if stale.len() < 64 {
                    stale.push(a.clone());
                } else {
                    let j = junk.choose(stale.len());
                    stale[j] = a.clone();
                }
                steps.push(Step::Decision { seat, action: a });
                decisions += 1;
                report.decisions += 1;
            }
        }
        if let Some((_, left)) = &mut shadow {
            *left -= 1;
            if *left == 0 {
                shadow = None;
            }
        }
    }
    fail(max, format!("the game did not end within {max} steps"))
}

fn finish<G: Game>(
    state: &G,
    options: &G::Options,
    cfg: &Config,
    seed: u64,
    steps: &[Step<G::Action>],
    step: usize,
    report: &mut Report,
) -> StepResult {
    let fail = |m: String| Err((step, m));
    report.longest = report.longest.max(step);
    let Some(outcome) = state.outcome() else {
        return fail("the game is over but has no outcome".into());
    };
    if outcome.scores.len() != cfg.players as usize {
        return fail(format!(
            "{} scores for {} players",
            outcome.scores.len(),
            cfg.players
        ));
    }
    for (i, s) in outcome.scores.iter().enumerate() {
        if s.seat != Seat(i as u8) {
            return fail("scores are not in seat order".into());
        }
        if s.total != s.breakdown.iter().map(|l| l.points).sum::<i32>() {
            return fail(format!(
                "{}'s total is not the sum of its breakdown",
                s.seat
            ));
        }
    }
    if outcome.winners.iter().any(|w| w.0 >= cfg.players) {
        return fail("a winner is not seated".into());
    }
    let mut copy = state.clone();
    if copy.resolve_chance([0; 32]).is_ok() {
        return fail("chance resolved after the game ended".into());
    }
    if cfg.replay_every > 0 && seed.is_multiple_of(cfg.replay_every) {
        match replay_steps::<G>(options, cfg.players, steps) {
            Ok(again)
                if matches!(
                    (state_hash(&again), state_hash(state)),
                    (Ok(a), Ok(b)) if a == b
                ) => {}
            Ok(_) => return fail("re-running the same steps gave another hash".into()),
            Err(e) => return fail(format!("re-running the same steps failed: {e}")),
        }
    }
    Ok(())
}

/// A legal action's encoding with one byte changed, decoded again (a near miss).
/// An action that `legal` lists more than once, if any (by canonical encoding, so that a long
/// list costs a sort, not every pair compared), or why an action does not encode.
fn listed_twice<A: Serialize + fmt::Debug>(legal: &[A]) -> Result<Option<&A>, String> {
    let mut keyed = Vec::with_capacity(legal.len());
    for (i, a) in legal.iter().enumerate() {
        let bytes =
            codec::encode(a).map_err(|e| format!("listed action {a:?} does not encode: {e}"))?;
        keyed.push((bytes, i));
    }
    keyed.sort_unstable();
    Ok(keyed
        .windows(2)
        .find(|w| w[0].0 == w[1].0)
        .map(|w| &legal[w[1].1]))
}

fn mutate_legal<G: Game>(legal: &[G::Action], junk: &mut SeedStream) -> Option<G::Action> {
    let a = &legal[junk.choose(legal.len())];
    let mut bytes = codec::encode(a).ok()?;
    if bytes.is_empty() {
        return None;
    }
    let i = junk.choose(bytes.len());
    bytes[i] = match junk.choose(4) {
        0 => bytes[i].wrapping_add(1),
        1 => bytes[i].wrapping_sub(1),
        2 => junk.choose(256) as u8,
        _ => bytes[i] ^ 0x80,
    };
    codec::decode(&bytes).ok()
}

/// Short random bytes with small values, decoded as an action when they happen to fit.
fn random_action<G: Game>(junk: &mut SeedStream) -> Option<G::Action> {
    let len = 1 + junk.choose(12);
    let bytes: Vec<u8> = (0..len)
        .map(|_| {
            if junk.choose(4) == 0 {
                junk.choose(256) as u8
            } else {
                junk.choose(12) as u8
            }
        })
        .collect();
    codec::decode(&bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::Pig;

    #[test]
    fn toy_game_conforms() {
        for players in 1..=8 {
            let r = check::<Pig>(&Default::default(), &Config::new(players, 0..60))
                .unwrap_or_else(|f| panic!("{f}"));
            assert_eq!(r.games, 60);
            assert!(r.rejected > 0, "garbage was never tried");
        }
    }

    #[test]
    fn an_action_listed_twice_is_found() {
        assert_eq!(listed_twice(&[3u16, 1, 2]), Ok(None));
        assert_eq!(listed_twice::<u16>(&[]), Ok(None));
        assert_eq!(listed_twice(&[7u16, 1, 300, 1]), Ok(Some(&1)));
        assert_eq!(
            listed_twice(&[(1u8, 2u8), (2, 1), (1, 2)]),
            Ok(Some(&(1, 2)))
        );
    }
}
