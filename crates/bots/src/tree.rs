//! The search tree of information-set MCTS: nodes are reached by sequences of actions from the
//! root (open loop: chance outcomes and what a determinization hides are not part of a node), so
//! one tree gathers statistics over every determinization searched.
//!
//! A node's children are the actions tried from it. Since determinizations differ, an action may
//! be legal in some and not in others: each child counts how often it was *available* when its
//! node was visited, and the exploration term of UCT uses that count (single-observer ISMCTS).
//! Long action lists are widened progressively: a node visited `v` times has at most
//! `1 + isqrt(4v)` children, tried in the order of the game's [`dwarfs_engine::Game::action_weight`].
//! Every choice is made in integers ([`crate::fixed`]).

use crate::fixed::{exploration_q16, mean_q16};
use dwarfs_engine::{Seat, SeedStream};

/// No node yet behind a child.
const NO_NODE: u32 = u32::MAX;

/// An action tried from a node, with its statistics.
#[derive(Clone, Debug)]
pub struct Child<A> {
    /// The action.
    pub action: A,
    /// The node it leads to, created on its second visit.
    node: u32,
    /// Iterations that took it.
    pub visits: u32,
    /// Iterations that visited its node while it was legal.
    avail: u32,
    /// Sum of the rewards (thousandths) of the seat that took it.
    pub reward: u64,
    /// Where the action stood in the legal actions when it was last found: the first place
    /// to look next time.
    hint: u32,
}

/// One node.
#[derive(Clone, Debug)]
struct Node<A> {
    children: Vec<Child<A>>,
    visits: u32,
}

/// What [`Tree::select`] chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selected {
    /// The child's index in its node.
    pub child: u32,
    /// The chosen action's index in the legal actions given.
    pub legal: usize,
    /// Whether it was tried for the first time (the descent stops there).
    pub expanded: bool,
}

/// A search tree over actions of type `A`, in an arena.
#[derive(Clone, Debug)]
pub struct Tree<A> {
    nodes: Vec<Node<A>>,
    /// Scratch: each legal action's child index (or `u32::MAX`).
    map: Vec<u32>,
}

/// The root's index.
pub const ROOT: u32 = 0;

impl<A: Clone + PartialEq> Tree<A> {
    /// A tree with only its root.
    pub fn new() -> Self {
        Tree {
            nodes: vec![Node {
                children: Vec::new(),
                visits: 0,
            }],
            map: Vec::new(),
        }
    }

    /// Nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only the root exists.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The root's children.
    pub fn root_children(&self) -> &[Child<A>] {
        &self.nodes[ROOT as usize].children
    }

    /// Chooses at `node` among `legal` (the acting seat's legal actions in this determinization,
    /// never empty), whose prior weights are `weights`: tries a new action while the node may
    /// widen (the heaviest untried one, ties broken at random), else the available child with
    /// the best UCT value (`c` its exploration constant in Q16). Actions of weight 0 are never
    /// tried while one of positive weight is legal. Counts the visit and availabilities.
    pub fn select(
        &mut self,
        node: u32,
        legal: &[A],
        weights: &[u32],
        c: u64,
        rng: &mut SeedStream,
    ) -> Selected {
        let any_positive = weights.iter().any(|&w| w > 0);
        let allowed = |w: u32| w > 0 || !any_positive;
        let n = &mut self.nodes[node as usize];
        n.visits = n.visits.saturating_add(1);
        // Which legal actions are children. Most often the lists are equal in every
        // determinization, so each child looks first where its action stood last time, and
        // searches the list only if it is not there: a node with many legal actions (a hand
        // among hundreds) costs its children, not legal actions times children. The legal
        // actions of a game are distinct (the conformance harness checks it), so each is at most
        // one child.
        self.map.clear();
        self.map.resize(legal.len(), NO_NODE);
        for (k, ch) in n.children.iter_mut().enumerate() {
            let at = ch.hint as usize;
            let found = if legal.get(at).is_some_and(|a| *a == ch.action) {
                Some(at)
            } else {
                legal.iter().position(|a| *a == ch.action)
            };
            if let Some(i) = found {
                ch.hint = i as u32;
                if self.map[i] == NO_NODE {
                    self.map[i] = k as u32;
                }
            }
        }
        let mut present = 0u64;
        for (i, &k) in self.map.iter().enumerate() {
            if k != NO_NODE && allowed(weights[i]) {
                let ch = &mut n.children[k as usize];
                ch.avail = ch.avail.saturating_add(1);
                present += 1;
            }
        }
        let widen = 1 + (4 * u64::from(n.visits - 1)).isqrt();
        if present < widen {
            // The heaviest untried action, ties broken uniformly (reservoir sampling).
            let (mut best, mut best_w, mut ties) = (None, 0u32, 0usize);
            for (i, &k) in self.map.iter().enumerate() {
                let w = weights[i];
                if k != NO_NODE || !allowed(w) {
                    continue;
                }
                if best.is_none() || w > best_w {
                    (best, best_w, ties) = (Some(i), w, 1);
                } else if w == best_w {
                    ties += 1;
                    if rng.choose(ties) == 0 {
                        best = Some(i);
                    }
                }
            }
            if let Some(i) = best {
                n.children.push(Child {
                    action: legal[i].clone(),
                    node: NO_NODE,
                    visits: 0,
                    avail: 1,
                    reward: 0,
                    hint: i as u32,
                });
                return Selected {
                    child: (n.children.len() - 1) as u32,
                    legal: i,
                    expanded: true,
                };
            }
        }
        // UCT over the available children.
        let mut best: Option<(u64, usize, u32)> = None;
        for (i, &k) in self.map.iter().enumerate() {
            if k == NO_NODE || !allowed(weights[i]) {
                continue;
            }
            let ch = &n.children[k as usize];
            let score = if ch.visits == 0 {
                u64::MAX
            } else {
                let v = u64::from(ch.visits);
                mean_q16(ch.reward, v) + exploration_q16(c, u64::from(ch.avail), v)
            };
            if best.is_none_or(|(s, _, _)| score > s) {
                best = Some((score, i, k));
            }
        }
        match best {
            Some((_, i, k)) => Selected {
                child: k,
                legal: i,
                expanded: false,
            },
            // Unreachable with a non-empty `legal`: every allowed action is either a child or
            // may be tried. Fall back to the first action, tried afresh.
            None => {
                n.children.push(Child {
                    action: legal[0].clone(),
                    node: NO_NODE,
                    visits: 0,
                    avail: 1,
                    reward: 0,
                    hint: 0,
                });
                Selected {
                    child: (n.children.len() - 1) as u32,
                    legal: 0,
                    expanded: true,
                }
            }
        }
    }

    /// The node behind `child` of `node`, created if it does not exist yet.
    pub fn descend(&mut self, node: u32, child: u32) -> u32 {
        let existing = self.nodes[node as usize].children[child as usize].node;
        if existing != NO_NODE {
            return existing;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            children: Vec::new(),
            visits: 0,
        });
        self.nodes[node as usize].children[child as usize].node = id;
        id
    }

    /// Adds one iteration's rewards (thousandths per seat) along `path`: each step's child is
    /// credited with the reward of the seat that took it.
    pub fn backpropagate(&mut self, path: &[(u32, u32, Seat)], rewards: &[u32]) {
        for &(node, child, seat) in path {
            let ch = &mut self.nodes[node as usize].children[child as usize];
            ch.visits = ch.visits.saturating_add(1);
            ch.reward += u64::from(rewards.get(seat.index()).copied().unwrap_or(0));
        }
    }

    /// The root child to play: the most visited, then the best mean, then the first tried.
    pub fn best_root_child(&self) -> Option<&Child<A>> {
        let mut best: Option<&Child<A>> = None;
        for ch in self.root_children() {
            let better = match best {
                None => true,
                Some(b) => {
                    ch.visits > b.visits
                        || (ch.visits == b.visits
                            && u128::from(ch.reward) * u128::from(b.visits.max(1))
                                > u128::from(b.reward) * u128::from(ch.visits.max(1)))
                }
            };
            if better {
                best = Some(ch);
            }
        }
        best
    }
}

impl<A: Clone + PartialEq> Default for Tree<A> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_tries_heavy_actions_first_and_never_weight_zero_ones() {
        let mut t = Tree::<u8>::new();
        let mut rng = SeedStream::new(1);
        let legal = [10, 20, 30, 40];
        let weights = [1, 0, 5, 1];
        let s = t.select(ROOT, &legal, &weights, 45_000, &mut rng);
        assert_eq!((s.legal, s.expanded), (2, true), "the heaviest first");
        t.backpropagate(&[(ROOT, s.child, Seat(0))], &[500]);
        for _ in 0..50 {
            let s = t.select(ROOT, &legal, &weights, 45_000, &mut rng);
            assert_ne!(legal[s.legal], 20, "weight 0 is never tried");
            t.backpropagate(&[(ROOT, s.child, Seat(0))], &[500]);
        }
        assert_eq!(t.root_children().len(), 3);
    }

    #[test]
    fn uct_prefers_the_better_child_and_widening_is_gradual() {
        let mut rng = SeedStream::new(2);
        let play = |n: u16, iterations: usize, rng: &mut SeedStream| {
            let mut t = Tree::<u16>::new();
            let legal: Vec<u16> = (0..n).collect();
            let weights = vec![1; n as usize];
            for _ in 0..iterations {
                let s = t.select(ROOT, &legal, &weights, 45_000, rng);
                // Action 7 always wins, the others never.
                let r = if legal[s.legal] == 7 { 1000 } else { 0 };
                t.backpropagate(&[(ROOT, s.child, Seat(0))], &[r]);
            }
            t
        };
        let t = play(10, 200, &mut rng);
        assert_eq!(t.root_children().len(), 10);
        let best = t.best_root_child().unwrap();
        assert_eq!(best.action, 7);
        assert!(best.visits > 100, "{}", best.visits);
        let t = play(100, 400, &mut rng);
        let n = t.root_children().len();
        assert!((30..=41).contains(&n), "{n} children after 400 visits");
    }

    #[test]
    fn children_are_found_wherever_their_action_stands_in_the_legal_list() {
        let mut t = Tree::<u8>::new();
        let mut rng = SeedStream::new(3);
        let avail = |t: &Tree<u8>, a: u8| {
            let ch = t.root_children().iter().find(|c| c.action == a).unwrap();
            ch.avail
        };
        // Three children, each tried once, from [10, 20, 30] (heaviest first: 30, 20, 10).
        for _ in 0..3 {
            let s = t.select(ROOT, &[10, 20, 30], &[1, 2, 3], 45_000, &mut rng);
            assert!(s.expanded);
            t.backpropagate(&[(ROOT, s.child, Seat(0))], &[500]);
        }
        assert_eq!(t.root_children().len(), 3);
        // Another determinization: 20 is not legal, the others stand elsewhere, 40 is new.
        let before = [avail(&t, 10), avail(&t, 20), avail(&t, 30)];
        let legal = [30, 40, 10];
        let s = t.select(ROOT, &legal, &[1, 1, 1], 45_000, &mut rng);
        assert_eq!(
            [avail(&t, 10), avail(&t, 20), avail(&t, 30)],
            [before[0] + 1, before[1], before[2] + 1],
            "only the children legal here were available"
        );
        // Two children were available and the node (4 visits) may widen to 4: 40 is tried, at
        // its own place in this list, and no existing action is added twice.
        assert_eq!((legal[s.legal], s.expanded), (40, true));
        t.backpropagate(&[(ROOT, s.child, Seat(0))], &[500]);
        // Back to a list where every action moved: each child is still found, none is added.
        let s = t.select(ROOT, &[40, 30, 20, 10], &[1, 1, 1, 1], 45_000, &mut rng);
        assert!(!s.expanded);
        assert_eq!(t.root_children().len(), 4);
        assert_eq!(
            t.root_children()[s.child as usize].action,
            [40, 30, 20, 10][s.legal]
        );
    }
}
