//! How long a search runs: a number of iterations (deterministic for a given seed), a time
//! limit, or both (whichever ends first).

use web_time::{Duration, Instant};

/// A search budget. With no time limit the search is a pure function of its inputs and seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Most iterations (determinizations searched). At least one is always run.
    pub iterations: u32,
    /// Wall-clock limit per move, if any.
    pub time: Option<Duration>,
}

impl Budget {
    /// Exactly `n` iterations (at least 1), no clock: deterministic.
    pub fn iterations(n: u32) -> Self {
        Budget {
            iterations: n.max(1),
            time: None,
        }
    }

    /// As many iterations as fit in `time`.
    pub fn time(time: Duration) -> Self {
        Budget {
            iterations: u32::MAX,
            time: Some(time),
        }
    }

    /// Starts counting: the clock (if any) runs from now.
    pub fn start(&self) -> Running {
        Running {
            budget: *self,
            deadline: self.time.map(|t| Instant::now() + t),
            done: 0,
        }
    }
}

/// A budget being spent.
#[derive(Clone, Debug)]
pub struct Running {
    budget: Budget,
    deadline: Option<Instant>,
    done: u32,
}

impl Running {
    /// Whether another iteration may start; counts it if so. The first always may; after it the
    /// clock (if any) is read before every iteration (a few nanoseconds, against the
    /// microseconds to milliseconds of an iteration).
    pub fn another(&mut self) -> bool {
        if self.done >= self.budget.iterations.max(1) {
            return false;
        }
        if self.done > 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            return false;
        }
        self.done += 1;
        true
    }

    /// Iterations started so far.
    pub fn done(&self) -> u32 {
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iteration_budget_runs_exactly_that_many_and_at_least_one() {
        let mut r = Budget::iterations(5).start();
        let mut n = 0;
        while r.another() {
            n += 1;
        }
        assert_eq!((n, r.done()), (5, 5));
        let mut r = Budget::iterations(0).start();
        assert!(r.another());
        assert!(!r.another());
    }

    #[test]
    fn a_spent_clock_stops_after_the_first_check() {
        let mut r = Budget::time(Duration::ZERO).start();
        let mut n = 0;
        while r.another() {
            n += 1;
        }
        assert_eq!(n, 1, "the first iteration always runs");
    }
}
