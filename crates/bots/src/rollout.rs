//! Rollouts: playing a determinized state on with the game's action weights (or uniformly), cut
//! short by the game's static evaluation where it gives one, and turning the end into rewards.
//!
//! A finished game's rewards are the game's own rating of it when its
//! [`Game::evaluate`] rates finished games (a semi-cooperative game says there what a shared
//! survival is worth to every seat, so that each seat's search plays for the team), else the
//! outcome's ([`rewards_of`]).

use dwarfs_engine::{Actor, Game, Outcome, Seat, SeedStream};

/// How rollouts are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutPolicy {
    /// Weight actions by [`Game::action_weight`]; uniform when false.
    pub weighted: bool,
    /// When to ask [`Game::evaluate`] and stop the rollout there if the game gives an estimate.
    pub cut: Cut,
}

/// When a rollout stops for the game's static evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Never: every rollout plays to the end.
    Never,
    /// After the game's [`Game::rollout_horizon`] of decisions.
    Horizon,
    /// After this many decisions.
    After(u32),
}

impl Cut {
    /// The rollout decisions before the evaluation in `G` with `players` seats, if any.
    pub fn decisions<G: Game>(self, players: u8) -> Option<u32> {
        match self {
            Cut::Never => None,
            Cut::Horizon => Some(G::rollout_horizon(players)),
            Cut::After(n) => Some(n),
        }
    }
}

/// A reward of 1000 thousandths: a whole win.
pub const WIN: u32 = 1000;

/// Each seat's reward for a finished game, in thousandths: 90% for the win (shared equally by
/// the winners), 10% for the score: its place between the lowest and the highest score, or,
/// when every score is equal (a solitaire game), the score itself squashed into the 10%. When
/// everyone lost (a cooperative game), every seat gets the team's mean score squashed, so that
/// among lost games a bot still prefers the better one.
pub fn rewards_of(outcome: &Outcome, players: u8, out: &mut Vec<u32>) {
    out.clear();
    out.resize(players as usize, 0);
    let scores = &outcome.scores;
    if outcome.all_lost {
        let n = scores.len().max(1) as i64;
        let mean = scores.iter().map(|s| i64::from(s.total)).sum::<i64>() / n;
        out.fill(squash(mean));
        return;
    }
    if let Some(share) = (WIN * 9 / 10).checked_div(outcome.winners.len() as u32) {
        for w in &outcome.winners {
            if let Some(r) = out.get_mut(w.index()) {
                *r += share;
            }
        }
    }
    let lo = scores.iter().map(|s| s.total).min().unwrap_or(0);
    let hi = scores.iter().map(|s| s.total).max().unwrap_or(0);
    for s in scores {
        let part = if hi > lo {
            ((i64::from(s.total) - i64::from(lo)) * i64::from(WIN / 10)
                / (i64::from(hi) - i64::from(lo))) as u32
        } else {
            squash(i64::from(s.total))
        };
        if let Some(r) = out.get_mut(s.seat.index()) {
            *r += part;
        }
    }
}

/// A score squashed into 0..100 thousandths: 0 for none or less, half at 20 points, towards 100
/// for more.
fn squash(score: i64) -> u32 {
    if score <= 0 {
        0
    } else {
        (score * i64::from(WIN / 10) / (score + 20)) as u32
    }
}

/// Picks an index into `legal` for `seat`, weighted by `weights` (uniform when every weight is
/// 0 or the policy is unweighted).
pub fn pick_weighted(weights: &[u32], rng: &mut SeedStream) -> usize {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 || total > u64::from(u32::MAX) {
        return rng.choose(weights.len());
    }
    let mut r = rng.choose(total as usize) as u64;
    for (i, &w) in weights.iter().enumerate() {
        if r < u64::from(w) {
            return i;
        }
        r -= u64::from(w);
    }
    weights.len() - 1
}

/// Scratch buffers reused across rollouts.
pub struct Scratch<A> {
    /// Legal actions.
    pub legal: Vec<A>,
    /// Their weights.
    pub weights: Vec<u32>,
    /// Evaluation output.
    eval: Vec<u16>,
}

impl<A> Default for Scratch<A> {
    fn default() -> Self {
        Scratch {
            legal: Vec::new(),
            weights: Vec::new(),
            eval: Vec::new(),
        }
    }
}

/// Fills `scratch.weights` for `seat`'s legal actions in `scratch.legal`.
pub fn weigh<G: Game>(state: &G, seat: Seat, weighted: bool, scratch: &mut Scratch<G::Action>) {
    scratch.weights.clear();
    if weighted {
        state.action_weights(seat, &scratch.legal, &mut scratch.weights);
    } else {
        scratch.weights.resize(scratch.legal.len(), 1);
    }
}

/// The seat that decides next in `state`, if a seat does: the acting seat, or at a simultaneous
/// step `prefer` if it decides, else the first deciding seat.
pub fn decider(actor: Actor, prefer: Option<Seat>) -> Option<Seat> {
    match actor {
        Actor::Seat(s) => Some(s),
        Actor::Simultaneous(set) => match prefer {
            Some(p) if set.contains(p) => Some(p),
            _ => set.iter().next(),
        },
        Actor::Chance | Actor::Over => None,
    }
}

/// Plays `state` on to its end (or to the cut) and writes each seat's reward into `rewards`: at
/// the end, the game's evaluation if it rates finished games, else the outcome's rewards. A state that stops making progress (an engine error, or more steps than
/// [`Game::max_steps`]) scores what the evaluation says, or an equal share.
pub fn rollout<G: Game>(
    state: &mut G,
    policy: RolloutPolicy,
    rng: &mut SeedStream,
    scratch: &mut Scratch<G::Action>,
    rewards: &mut Vec<u32>,
) {
    let players = state.players();
    let limit = G::max_steps(players);
    let mut decisions = 0u32;
    let cut = policy.cut.decisions::<G>(players);
    let mut may_evaluate = cut.is_some();
    for _ in 0..limit {
        match state.to_act() {
            Actor::Over => {
                if !evaluate(state, scratch, rewards) {
                    match state.outcome() {
                        Some(o) => rewards_of(&o, players, rewards),
                        None => equal(players, rewards),
                    }
                }
                return;
            }
            Actor::Chance => {
                if state.resolve_chance(rng.next_entropy()).is_err() {
                    break;
                }
            }
            actor => {
                if may_evaluate && cut.is_some_and(|c| decisions >= c) {
                    if evaluate(state, scratch, rewards) {
                        return;
                    }
                    may_evaluate = false;
                }
                let Some(seat) = decider(actor, None) else {
                    break;
                };
                state.legal_actions_for(seat, &mut scratch.legal);
                if scratch.legal.is_empty() {
                    break;
                }
                weigh(state, seat, policy.weighted, scratch);
                let i = pick_weighted(&scratch.weights, rng);
                let action = scratch.legal.swap_remove(i);
                if state.play(seat, &action).is_err() {
                    break;
                }
                decisions += 1;
            }
        }
    }
    if !evaluate(state, scratch, rewards) {
        equal(players, rewards);
    }
}

/// The game's static evaluation as rewards, if it gives one.
fn evaluate<G: Game>(state: &G, scratch: &mut Scratch<G::Action>, rewards: &mut Vec<u32>) -> bool {
    let players = state.players() as usize;
    scratch.eval.clear();
    scratch.eval.resize(players, 0);
    if !state.evaluate(&mut scratch.eval) {
        return false;
    }
    rewards.clear();
    rewards.extend(scratch.eval.iter().map(|&v| u32::from(v.min(1000))));
    true
}

/// An equal share for every seat.
fn equal(players: u8, rewards: &mut Vec<u32>) {
    rewards.clear();
    rewards.resize(players as usize, WIN / u32::from(players.max(1)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::{ScoreLine, SeatScore};

    fn outcome(scores: &[i32], winners: &[u8], all_lost: bool) -> Outcome {
        Outcome {
            scores: scores
                .iter()
                .enumerate()
                .map(|(i, &t)| {
                    SeatScore::new(
                        Seat(i as u8),
                        vec![ScoreLine {
                            category: "points".into(),
                            points: t,
                        }],
                        Vec::new(),
                    )
                })
                .collect(),
            winners: winners.iter().map(|&s| Seat(s)).collect(),
            all_lost,
            summary: String::new(),
        }
    }

    #[test]
    fn rewards_split_the_win_and_rank_the_scores() {
        let mut r = Vec::new();
        rewards_of(&outcome(&[10, 30, 20], &[1], false), 3, &mut r);
        assert_eq!(r, vec![0, 1000, 50]);
        rewards_of(&outcome(&[20, 20], &[0, 1], false), 2, &mut r);
        assert_eq!(r, vec![450 + 50, 450 + 50], "equal scores: each squashed");
        rewards_of(&outcome(&[0, 60], &[0, 1], true), 2, &mut r);
        assert_eq!(r, vec![60, 60], "a cooperative loss: the team's mean score");
        rewards_of(&outcome(&[60], &[], true), 1, &mut r);
        let better = r[0];
        rewards_of(&outcome(&[5], &[], true), 1, &mut r);
        assert!(
            better > r[0] && r[0] > 0,
            "a solitaire loss with more points is better"
        );
        rewards_of(&outcome(&[-4], &[], true), 1, &mut r);
        assert_eq!(r, vec![0]);
    }

    #[test]
    fn weighted_picks_follow_the_weights_and_skip_zero() {
        let mut rng = SeedStream::new(3);
        let mut counts = [0u32; 3];
        for _ in 0..3000 {
            counts[pick_weighted(&[1, 0, 2], &mut rng)] += 1;
        }
        assert_eq!(counts[1], 0);
        assert!(counts[2] > counts[0] * 3 / 2, "{counts:?}");
        let mut seen = [false; 2];
        for _ in 0..100 {
            seen[pick_weighted(&[0, 0], &mut rng)] = true;
        }
        assert_eq!(seen, [true, true], "all zero: uniform");
    }
}
