//! Secret goal conditions, kingdoms, and end-of-game scoring with the rulebook's tie-breakers.

use crate::data::{self, MONSTER_VP, secret};
use crate::state::Fall;
use crate::types::{Colour, Gem, SecretGoal};
use dwarfs_engine::{Outcome, ScoreLine, Seat, SeatScore};

/// One seat's score, by category.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoreParts {
    /// VP of trading goals bought.
    pub trading_goals: i32,
    /// VP of the secret goal, once revealed.
    pub secret_goal: i32,
    /// 3 VP per defeated monster.
    pub monsters: i32,
    /// VP of gems in hand.
    pub gems: i32,
    /// VP of the cards in the seat's kingdom (0 without a castle in play).
    pub kingdom: i32,
    /// 3rd edition: VP of upgraded class meeples.
    pub classes: i32,
}

impl ScoreParts {
    /// The sum.
    pub fn total(&self) -> i32 {
        self.trading_goals
            + self.secret_goal
            + self.monsters
            + self.gems
            + self.kingdom
            + self.classes
    }
}

impl Fall {
    /// Cards (stacks count once: only the top card is in play) in `colour`'s kingdom; 0 while its
    /// castle is not in play.
    pub fn kingdom_size(&self, colour: Colour) -> u32 {
        self.board.kingdom(colour).map_or(0, |k| k.len())
    }

    /// VP of `colour`'s kingdom: the sum of the VP of the top cards reachable from its castle
    /// (other players' castles and cards included); 0 while its castle is not in play.
    pub fn kingdom_vp(&self, colour: Colour) -> i32 {
        self.board
            .kingdom(colour)
            .map_or(0, |k| self.landlord_share(self.board.vp_of(&k), &k))
    }

    /// True if `seat`'s secret goal condition holds now.
    pub(crate) fn secret_met(&self, seat: usize) -> bool {
        let Some((goal, _)) = self.secret_of(seat) else {
            return false;
        };
        let p = &self.seats[seat];
        let colour = Colour::ALL[seat];
        match goal {
            SecretGoal::Architect => {
                self.board.top_cards().count() >= secret::ARCHITECT_CARDS as usize
                    && self.kingdom_size(colour) >= secret::ARCHITECT_CARDS as u32
            }
            SecretGoal::Hunter | SecretGoal::Berserker => {
                p.defeated.count_ones() >= secret::HUNTER_MONSTERS as u32
            }
            SecretGoal::Adventurer => p.feats & crate::state::FEAT_ADVENTURER != 0,
            SecretGoal::King => self
                .board
                .kingdom(colour)
                .is_some_and(|k| self.landlord_share(self.board.vp_of(&k), &k) >= secret::KING_VP),
            SecretGoal::Miner => p.gems.iter().all(|&g| g > 0),
            SecretGoal::OgreInDisguise => p.ogre_count() >= secret::OGRES_IN_HAND,
            SecretGoal::Researcher => {
                self.board
                    .top_cards()
                    .filter(|&(_, card)| {
                        Fall::card(card).kind.is_monster()
                            && self.board.dwarfs(card, seat) >= secret::RESEARCHER_TRIO
                    })
                    .count()
                    >= secret::RESEARCHER_MONSTERS as usize
            }
            SecretGoal::Wizard => p.gems[Gem::Emerald as usize] >= secret::WIZARD_EMERALDS,
        }
    }

    /// `seat`'s score as things stand, with hidden parts (gems, an unrevealed secret goal is not
    /// scored until revealed). At the end of the game this is the final score.
    pub fn score_parts(&self, seat: Seat) -> ScoreParts {
        let Some(p) = self.seats.get(seat.index()) else {
            return ScoreParts::default();
        };
        let colour = Colour::ALL[seat.index()];
        ScoreParts {
            trading_goals: (0..data::TRADING_GOALS.len())
                .filter(|&g| p.goals & (1 << g) != 0)
                .map(|g| data::TRADING_GOALS[g].vp as i32)
                .sum(),
            secret_goal: match self.secret_of(seat.index()) {
                Some((_, vp)) if p.revealed => vp as i32,
                _ => 0,
            },
            monsters: p.defeated.count_ones() as i32 * MONSTER_VP as i32,
            gems: Gem::ALL
                .iter()
                .map(|&g| p.gems[g as usize] as i32 * data::GEMS[g as usize].vp as i32)
                .sum(),
            kingdom: self.kingdom_vp(colour),
            classes: self.class_vp(seat.index()),
        }
    }

    /// The seat's score line for the outcome: breakdown and tie-breakers (biggest kingdom, then
    /// most dwarfs on the board).
    pub fn seat_score(&self, seat: Seat) -> SeatScore {
        let s = self.score_parts(seat);
        let colour = Colour::ALL[seat.index().min(3)];
        let line = |category: &str, points| ScoreLine {
            category: category.into(),
            points,
        };
        let mut lines = vec![
            line("Trading goals", s.trading_goals),
            line("Secret goal", s.secret_goal),
            line("Monsters", s.monsters),
            line("Gems", s.gems),
            line("Kingdom", s.kingdom),
        ];
        if self.third() {
            lines.push(line("Classes", s.classes));
        }
        SeatScore::new(
            seat,
            lines,
            vec![
                self.kingdom_size(colour) as i32,
                self.board.dwarfs_of(seat.index()) as i32,
            ],
        )
    }

    pub(crate) fn final_outcome(&self) -> Outcome {
        let scores: Vec<SeatScore> = Seat::all(self.players)
            .map(|s| self.seat_score(s))
            .collect();
        let summary = if self.final_round {
            format!(
                "a player completed {} goals and the round was finished",
                data::GOALS_TO_END
            )
        } else {
            format!(
                "winter came: the round limit of {} rounds was reached",
                self.options.round_limit
            )
        };
        Outcome::ranked(scores, summary)
    }
}
