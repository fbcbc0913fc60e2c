//! The result of a finished game: per-seat scores with a breakdown, and the winners.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// One line of a score breakdown, e.g. "Gems: 7".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreLine {
    /// A category a player understands ("Trading goals", "Kingdom", ...).
    pub category: String,
    /// Points in that category; may be negative.
    pub points: i32,
}

/// One seat's final score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatScore {
    /// The seat.
    pub seat: Seat,
    /// Total points: the sum of `breakdown`.
    pub total: i32,
    /// Points by category.
    pub breakdown: Vec<ScoreLine>,
    /// Tie-breaker values in the order the rulebook applies them (higher is better).
    pub tiebreakers: Vec<i32>,
}

impl SeatScore {
    /// What ranks seats: the total, then the tie-breakers in order (higher is better).
    pub fn rank_key(&self) -> (i32, &[i32]) {
        (self.total, &self.tiebreakers)
    }

    /// Builds a score from its breakdown; the total is the sum of the lines.
    pub fn new(seat: Seat, breakdown: Vec<ScoreLine>, tiebreakers: Vec<i32>) -> Self {
        let total = breakdown.iter().map(|l| l.points).sum();
        SeatScore {
            seat,
            total,
            breakdown,
            tiebreakers,
        }
    }
}

/// The outcome of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// One entry per seat, in seat order.
    pub scores: Vec<SeatScore>,
    /// The winning seats (several on a tie that the tie-breakers do not break; none when a
    /// cooperative game is lost by everyone).
    pub winners: Vec<Seat>,
    /// True when the game ended in a loss for every player together (a cooperative or
    /// semi-cooperative game: the castle fell). The scores are still given, but nobody won.
    pub all_lost: bool,
    /// A sentence explaining how the game ended, for the end screen and the log.
    pub summary: String,
}

impl Outcome {
    /// Ranks seats by total, then by tie-breakers in order, and builds the outcome with every seat
    /// that ties for the best as a winner.
    pub fn ranked(scores: Vec<SeatScore>, summary: impl Into<String>) -> Self {
        let winners = match scores.iter().map(SeatScore::rank_key).max() {
            Some(best) => scores
                .iter()
                .filter(|s| s.rank_key() == best)
                .map(|s| s.seat)
                .collect(),
            None => Vec::new(),
        };
        Outcome {
            scores,
            winners,
            all_lost: false,
            summary: summary.into(),
        }
    }

    /// An outcome in which every player lost together: no winners, whatever the scores.
    pub fn everyone_lost(scores: Vec<SeatScore>, summary: impl Into<String>) -> Self {
        Outcome {
            scores,
            winners: Vec::new(),
            all_lost: true,
            summary: summary.into(),
        }
    }

    /// A short verdict for end screens and logs: who won, a shared win, or that everyone lost.
    /// `name` turns a seat into a display name.
    pub fn verdict(&self, name: impl Fn(Seat) -> String) -> String {
        // A game of one (a solitaire game) is won or lost by that player alone.
        if let [only] = self.scores.as_slice() {
            let verb = if self.winners.contains(&only.seat) && !self.all_lost {
                "won"
            } else {
                "lost"
            };
            return format!("{} {verb}", name(only.seat));
        }
        if self.all_lost {
            return "Everyone lost".to_string();
        }
        let names: Vec<String> = self.winners.iter().map(|&s| name(s)).collect();
        match names.len() {
            0 => "Nobody won".to_string(),
            1 => format!("{} won", names[0]),
            _ => format!("Shared win: {}", names.join(", ")),
        }
    }

    /// The score of one seat.
    pub fn score(&self, seat: Seat) -> Option<&SeatScore> {
        self.scores.iter().find(|s| s.seat == seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(p: i32) -> Vec<ScoreLine> {
        vec![ScoreLine {
            category: "x".into(),
            points: p,
        }]
    }

    #[test]
    fn tiebreakers_decide_and_true_ties_share() {
        let o = Outcome::ranked(
            vec![
                SeatScore::new(Seat(0), line(5), vec![3, 1]),
                SeatScore::new(Seat(1), line(5), vec![3, 2]),
                SeatScore::new(Seat(2), line(4), vec![9, 9]),
            ],
            "",
        );
        assert_eq!(o.winners, vec![Seat(1)]);
        let o = Outcome::ranked(
            vec![
                SeatScore::new(Seat(0), line(5), vec![3]),
                SeatScore::new(Seat(1), line(5), vec![3]),
            ],
            "",
        );
        assert_eq!(o.winners, vec![Seat(0), Seat(1)]);
        assert_eq!(o.score(Seat(1)).map(|s| s.total), Some(5));
        assert!(!o.all_lost);
        assert_eq!(
            o.verdict(|s| s.to_string()),
            "Shared win: player 1, player 2"
        );
    }

    #[test]
    fn everyone_lost_has_scores_but_no_winner() {
        let o = Outcome::everyone_lost(
            vec![
                SeatScore::new(Seat(0), line(9), vec![]),
                SeatScore::new(Seat(1), line(2), vec![]),
            ],
            "the castle fell",
        );
        assert!(o.all_lost && o.winners.is_empty());
        assert_eq!(o.score(Seat(0)).map(|s| s.total), Some(9));
        assert_eq!(o.verdict(|s| s.to_string()), "Everyone lost");
    }

    #[test]
    fn a_game_of_one_is_won_or_lost_by_that_player() {
        let one = || vec![SeatScore::new(Seat(0), line(30), vec![])];
        let won = Outcome::ranked(one(), "");
        assert_eq!(won.verdict(|s| s.to_string()), "player 1 won");
        let lost = Outcome::everyone_lost(one(), "the castle fell");
        assert_eq!(lost.verdict(|s| s.to_string()), "player 1 lost");
    }
}
