//! The search bot: information-set Monte Carlo tree search over determinizations of its seat's
//! view ([`SeatView::determinize`]), so it never uses what its seat cannot see.
//!
//! Each iteration samples a full state consistent with the seat's observation, walks the shared
//! tree from the root choosing by UCT ([`crate::tree`]) for whichever seat acts (chance points
//! resolved with fresh entropy from the bot's stream), adds one new action, plays a rollout
//! ([`crate::rollout`]) and credits every action on the way with the reward of the seat that
//! took it. At a simultaneous step the tree chooses for one deciding seat (the bot's own, if it
//! decides) and the others play by the rollout policy, unseen by it. The move played is the
//! root's most visited action.

use crate::budget::Budget;
use crate::rollout::{RolloutPolicy, Scratch, decider, pick_weighted, rollout, weigh};
use crate::tree::{ROOT, Tree};
use dwarfs_engine::{Actor, Bot, Game, Seat, SeatView, SeedStream};

/// The knobs of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// How long to search.
    pub budget: Budget,
    /// UCT's exploration constant in Q16 (65536 is 1.0).
    pub exploration: u64,
    /// How rollouts are played.
    pub rollout: RolloutPolicy,
}

impl SearchConfig {
    /// This configuration with another budget.
    pub fn with_budget(self, budget: Budget) -> Self {
        SearchConfig { budget, ..self }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen index into the legal actions given.
    pub index: usize,
    /// Iterations run.
    pub iterations: u32,
    /// Visits of the chosen action.
    pub visits: u32,
    /// Nodes in the tree.
    pub nodes: usize,
}

/// Searches for `view`'s seat among `legal` (its legal actions now, not empty), drawing every
/// random choice (determinizations, chance, rollouts, ties) from `rng`. With an iteration budget
/// the result is a pure function of the seat's view, the configuration and the stream.
pub fn search<G: Game>(
    view: &SeatView<'_, G>,
    legal: &[G::Action],
    config: &SearchConfig,
    rng: &mut SeedStream,
) -> SearchResult {
    if legal.len() <= 1 {
        return SearchResult {
            index: 0,
            iterations: 0,
            visits: 0,
            nodes: 1,
        };
    }
    let me = view.seat();
    let mut tree = Tree::<G::Action>::new();
    let mut scratch = Scratch::<G::Action>::default();
    let mut rewards = Vec::new();
    let mut path: Vec<(u32, u32, Seat)> = Vec::new();
    let mut running = config.budget.start();
    while running.another() {
        let mut state = view.determinize(rng.next_entropy());
        path.clear();
        let mut node = Some(ROOT);
        // Down the tree.
        while let Some(n) = node {
            let actor = state.to_act();
            match actor {
                Actor::Over => break,
                Actor::Chance => {
                    if state.resolve_chance(rng.next_entropy()).is_err() {
                        break;
                    }
                    continue;
                }
                Actor::Simultaneous(set) => {
                    // The others at this step choose by the rollout policy, before the tree's
                    // seat, whose choice they never see.
                    let lead = decider(actor, Some(me));
                    if let Some(other) = set.iter().find(|&s| Some(s) != lead) {
                        state.legal_actions_for(other, &mut scratch.legal);
                        if scratch.legal.is_empty() {
                            break;
                        }
                        weigh(&state, other, config.rollout.weighted, &mut scratch);
                        let i = pick_weighted(&scratch.weights, rng);
                        let action = scratch.legal.swap_remove(i);
                        if state.play(other, &action).is_err() {
                            break;
                        }
                        continue;
                    }
                }
                Actor::Seat(_) => {}
            }
            let Some(seat) = decider(actor, Some(me)) else {
                break;
            };
            state.legal_actions_for(seat, &mut scratch.legal);
            if scratch.legal.is_empty() {
                break;
            }
            weigh(&state, seat, config.rollout.weighted, &mut scratch);
            let sel = tree.select(n, &scratch.legal, &scratch.weights, config.exploration, rng);
            let action = scratch.legal.swap_remove(sel.legal);
            if state.play(seat, &action).is_err() {
                break;
            }
            path.push((n, sel.child, seat));
            node = (!sel.expanded).then(|| tree.descend(n, sel.child));
        }
        // A rollout from there.
        rollout(&mut state, config.rollout, rng, &mut scratch, &mut rewards);
        tree.backpropagate(&path, &rewards);
    }
    let best = tree.best_root_child();
    SearchResult {
        index: best
            .and_then(|b| legal.iter().position(|a| *a == b.action))
            .unwrap_or(0),
        iterations: running.done(),
        visits: best.map_or(0, |b| b.visits),
        nodes: tree.len(),
    }
}

/// A [`Bot`] that searches every move with one configuration, from a seeded stream.
#[derive(Clone, Debug)]
pub struct SearchBot {
    config: SearchConfig,
    rng: SeedStream,
    last: Option<SearchResult>,
}

impl SearchBot {
    /// A search bot whose random choices are fixed by `seed` (so with an iteration budget its
    /// whole game is).
    pub fn new(config: SearchConfig, seed: u64) -> Self {
        SearchBot {
            config,
            rng: SeedStream::derive(seed, "search bot"),
            last: None,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// What the last search found (`None` before the first, or when the move was forced).
    pub fn last(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }
}

impl<G: Game> Bot<G> for SearchBot {
    fn choose(&mut self, view: &SeatView<'_, G>, legal: &[G::Action]) -> usize {
        let r = search(view, legal, &self.config, &mut self.rng);
        let index = r.index;
        self.last = Some(r);
        index
    }
}
