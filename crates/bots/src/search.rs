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

use crate::budget::{Budget, Running};
use crate::rollout::{RolloutPolicy, Scratch, decider, pick_weighted, rollout, weigh};
use crate::tree::{ROOT, Tree};
use dwarfs_engine::{Actor, Bot, Game, OwnedSeatView, Pondering, Seat, SeatView, SeedStream};
use web_time::{Duration, Instant};

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
    let mut s = Search::new(view, legal, *config, rng.clone());
    while s.iterate() {}
    let result = s.result();
    *rng = s.rng;
    result
}

/// A search under way, worked on an iteration at a time: [`search`] runs it to its budget at
/// once; a page with no thread for it works on it in slices between its frames ([`SearchBot`]'s
/// [`Bot::ponder`]). Either way it runs the same iterations from the same stream.
pub struct Search<G: Game> {
    root: OwnedSeatView<G>,
    legal: Vec<G::Action>,
    config: SearchConfig,
    rng: SeedStream,
    tree: Tree<G::Action>,
    scratch: Scratch<G::Action>,
    rewards: Vec<u32>,
    path: Vec<(u32, u32, Seat)>,
    running: Running,
}

impl<G: Game> Search<G> {
    /// A search for `view`'s seat among `legal`, from `rng`, with nothing searched yet.
    pub fn new(
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        config: SearchConfig,
        rng: SeedStream,
    ) -> Self {
        Search {
            root: view.to_owned_view(),
            legal: legal.to_vec(),
            config,
            rng,
            tree: Tree::new(),
            scratch: Scratch::default(),
            rewards: Vec::new(),
            path: Vec::new(),
            running: config.budget.start(),
        }
    }

    /// Runs one more iteration if the budget allows (and there is a choice to make); false
    /// once the search is over.
    pub fn iterate(&mut self) -> bool {
        if self.legal.len() <= 1 || !self.running.another() {
            return false;
        }
        let config = &self.config;
        let rng = &mut self.rng;
        let tree = &mut self.tree;
        let scratch = &mut self.scratch;
        let path = &mut self.path;
        let view = self.root.view();
        let me = view.seat();
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
                        weigh(&state, other, config.rollout.weighted, scratch);
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
            weigh(&state, seat, config.rollout.weighted, scratch);
            let sel = tree.select(n, &scratch.legal, &scratch.weights, config.exploration, rng);
            let action = scratch.legal.swap_remove(sel.legal);
            if state.play(seat, &action).is_err() {
                break;
            }
            path.push((n, sel.child, seat));
            node = (!sel.expanded).then(|| tree.descend(n, sel.child));
        }
        // A rollout from there.
        rollout(&mut state, config.rollout, rng, scratch, &mut self.rewards);
        tree.backpropagate(path, &self.rewards);
        true
    }

    /// What the search found so far: the root's most visited action.
    pub fn result(&self) -> SearchResult {
        if self.legal.len() <= 1 {
            return SearchResult {
                index: 0,
                iterations: 0,
                visits: 0,
                nodes: 1,
            };
        }
        let best = self.tree.best_root_child();
        SearchResult {
            index: best
                .and_then(|b| self.legal.iter().position(|a| *a == b.action))
                .unwrap_or(0),
            iterations: self.running.done(),
            visits: best.map_or(0, |b| b.visits),
            nodes: self.tree.len(),
        }
    }
}

impl<G: Game> Pondering for Search<G> {
    fn work(&mut self, slice: Duration) -> Option<usize> {
        let until = Instant::now() + slice;
        // At least one iteration a slice, so that a search always ends.
        loop {
            if !self.iterate() {
                return Some(self.result().index);
            }
            if Instant::now() >= until {
                return None;
            }
        }
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

    /// The same search in slices, from a stream of its own drawn from the bot's (so the bot's
    /// next search does not repeat it).
    fn ponder(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
    ) -> Option<Box<dyn Pondering>> {
        let stream = SeedStream::derive(self.rng.next_u64(), "pondering");
        Some(Box::new(Search::new(view, legal, self.config, stream)))
    }
}
