//! Final scoring and tie-breakers.

use crate::data::{DRAGON_DATA, FORTRESS_VP, LINE_LEN, LINE_VP, RESOURCES_PER_VP};
use crate::state::{Empire, Phase, Spring};
use dwarfs_engine::{Outcome, ScoreLine, Seat, SeatScore};

impl Spring {
    /// Each seat's points by category (quests, monsters, dragons, lines, fortress, resources).
    pub fn score_lines(&self, seat: Seat) -> Vec<ScoreLine> {
        let Some(e) = self.empire(seat) else {
            return Vec::new();
        };
        let line = |category: &str, points: u32| ScoreLine {
            category: category.to_string(),
            points: points as i32,
        };
        let dragons = dragon_vp(e);
        let lines = e.built.iter().filter(|&&b| b >= LINE_LEN).count() as u32;
        vec![
            line("Quests", Spring::quest_vp(e.heroes)),
            line("Monsters", Spring::monster_vp(e.heroes)),
            line("Dragons", dragons),
            line("Production lines", lines * LINE_VP as u32),
            line(
                "Fortress",
                if e.fortress.is_some() {
                    FORTRESS_VP as u32
                } else {
                    0
                },
            ),
            line("Resources", e.total() / RESOURCES_PER_VP as u32),
        ]
    }

    /// Seat `s`'s points as they stand: the sum of its [`Spring::score_lines`], without
    /// building them (for bots).
    pub(crate) fn points(&self, s: usize) -> u32 {
        let Some(e) = self.empires.get(s) else {
            return 0;
        };
        let dragons = dragon_vp(e);
        let lines = e.built.iter().filter(|&&b| b >= LINE_LEN).count() as u32;
        Spring::quest_vp(e.heroes)
            + Spring::monster_vp(e.heroes)
            + dragons
            + lines * LINE_VP as u32
            + if e.fortress.is_some() {
                FORTRESS_VP as u32
            } else {
                0
            }
            + e.total() / RESOURCES_PER_VP as u32
    }

    /// The outcome once the game is over.
    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        if self.flow.phase != Phase::Over {
            return None;
        }
        let scores = Seat::all(self.players)
            .map(|s| {
                let e = &self.empires[s.index()];
                SeatScore::new(
                    s,
                    self.score_lines(s),
                    vec![e.heroes.count_ones() as i32, e.total() as i32],
                )
            })
            .collect();
        let why = if self.area_cards().count() < crate::data::AREA_SIZE {
            format!(
                "The expedition area could not be refilled: the game ended after era {}.",
                self.flow.era
            )
        } else {
            format!("The game ended after era {}.", self.flow.era)
        };
        Some(Outcome::ranked(scores, why))
    }
}

/// The points of an empire's nest: each dragon's VP at its level. A dragon index out of the data
/// (only a hand-built state can hold one) scores 0.
fn dragon_vp(e: &Empire) -> u32 {
    e.nest
        .iter()
        .filter_map(|d| {
            let vp = DRAGON_DATA.get(d.dragon as usize)?.vp;
            Some(vp[d.level.clamp(1, 3) as usize - 1] as u32)
        })
        .sum()
}
