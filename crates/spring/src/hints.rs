//! Bot knowledge for a search: how strongly a rollout favours each action
//! ([`Spring::weight_of`], behind [`dwarfs_engine::Game::action_weight`]) and a static estimate
//! of how the game stands ([`Spring::estimate`], behind [`dwarfs_engine::Game::evaluate`]).
//!
//! The weights are the balanced greedy bot's scores (`bot.rs`, [`Weights::BALANCED`]): fulfil a
//! quest, fight a monster the reveal can beat, train dragons, build towards full lines and the
//! fortress, keep faeries a quest of the area asks for. They read only what the acting seat
//! sees (its own hand and heroes deck, the public map and area), so a search may call them on
//! any state. A score `s` becomes the weight `1 + ((s + 20)² / 16)² / 64`, as in Winter: a
//! quest (score about 200) is played thousands of times as often as ending the turn (score 0),
//! a settlement (about 50) about a hundred times. The square and the cube also beat uniform
//! play in the tests' games; this curve scored the most points.

use crate::bot::{Context, Weights};
use crate::state::{Phase, Spring};
use crate::types::SpringAction;
use dwarfs_engine::Seat;

/// The weight of a greedy score (see the module doc).
fn weight(score: i32) -> u32 {
    let s = (score.clamp(-20, 400) + 20) as u32;
    let sq = s * s / 16;
    1 + sq * sq / 64
}

impl Spring {
    /// The rollout weight of `action` for `seat` (see the module doc).
    pub(crate) fn weight_of(&self, seat: Seat, action: &SpringAction) -> u32 {
        if seat.index() >= self.empires.len() {
            return 1;
        }
        weight(Context::new(self, seat).value(action, &Weights::BALANCED))
    }

    /// Each seat's expected share of a win in thousandths (see
    /// [`dwarfs_engine::Game::evaluate`]) before the end (a finished game is rated by its
    /// outcome): it blends an equal share with each seat's share of the points so far, cubed
    /// (the leader's edge), trusting the points more as the 28 rounds pass.
    pub(crate) fn estimate(&self, out: &mut [u16]) -> bool {
        let n = (self.players as usize)
            .min(out.len())
            .min(self.empires.len());
        if n == 0 {
            return false;
        }
        out.iter_mut().for_each(|x| *x = 0);
        // A finished game is rated by its outcome (the search's rewards of the win and the
        // score), not here.
        if self.flow.phase == Phase::Over {
            return false;
        }
        let mut vp = [0u64; crate::packed::MAX_SEATS];
        for (s, v) in vp.iter_mut().enumerate().take(n) {
            *v = self.points(s) as u64;
        }
        let vp = &vp[..n];
        let cube = |v: u64| (v + 2) * (v + 2) * (v + 2);
        let total: u64 = vp.iter().map(|&v| cube(v)).sum::<u64>().max(1);
        // Rounds played, out of 4 eras of 7.
        let played =
            (self.flow.era.clamp(1, 4) as u64 - 1) * 7 + self.flow.round.clamp(1, 7) as u64 - 1;
        let trust = if self.flow.phase == Phase::Actions {
            played * 1000 / 28
        } else {
            0
        };
        for (o, &v) in out.iter_mut().zip(vp) {
            let equal = 1000 / n as u64;
            let lead = 1000 * cube(v) / total;
            *o = ((equal * (1000 - trust) + lead * trust) / 1000) as u16;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use dwarfs_engine::Game;

    #[test]
    fn points_are_the_score_lines_summed() {
        for seed in 0..4 {
            let p = dwarfs_engine::playout::random_playout::<Spring>(
                &Default::default(),
                2 + (seed % 3) as u8,
                seed,
                false,
            )
            .unwrap();
            for s in dwarfs_engine::Seat::all(p.state.players()) {
                let lines: i32 = p.state.score_lines(s).iter().map(|l| l.points).sum();
                assert_eq!(p.state.points(s.index()) as i32, lines);
            }
        }
    }

    #[test]
    fn weights_grow_with_the_greedy_score_and_never_vanish() {
        assert_eq!(weight(-100), 1);
        assert!(weight(0) < weight(40));
        assert!(weight(40) * 10 < weight(150));
        assert_eq!(weight(10_000), weight(400));
    }
}
