//! What one viewer may see (hands are private to their owner; a Secret Passage look only to
//! the player who looked), and end-of-game scoring.

use crate::board::Space;
use crate::data::{
    AWARD_HOLD, AWARD_MINES, AWARD_ROOMS, AWARD_TROPHIES, BoardTile, GOLD_PER_FINAL_VT, Leader,
    WorkTile,
};
use crate::state::{Hold, Look, Phase, Stage};
use crate::types::EndCondition;
use dwarfs_engine::{Actor, Outcome, ScoreLine, Seat, SeatScore, Viewer};
use serde::{Deserialize, Serialize};

/// Everything one viewer may see of a Dwarf Hold game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldView {
    /// Who this view is for.
    pub viewer: Viewer,
    /// Turn number, from 1.
    pub turn: u16,
    /// Current phase.
    pub phase: Phase,
    /// Who acts now.
    pub to_act: Actor,
    /// The 64 squares.
    pub spaces: Vec<Space>,
    /// Markers on the hold per seat.
    pub hold_markers: Vec<u8>,
    /// Gold per seat.
    pub gold: Vec<u32>,
    /// VT per seat.
    pub vt: Vec<u32>,
    /// Hand sizes per seat (the tiles themselves are private).
    pub hand_sizes: Vec<u8>,
    /// Trophies per seat.
    pub trophies: Vec<Vec<BoardTile>>,
    /// Leader cards per seat this turn.
    pub leaders: Vec<Option<Leader>>,
    /// Leader order (the previous turn's during the Leader phase).
    pub leader_order: Vec<Seat>,
    /// Tiles left in the draw pile.
    pub draw_pile: u16,
    /// The face-up discard pile.
    pub discards: Vec<(WorkTile, u8)>,
    /// VT bought this turn by anyone (sets the price).
    pub vt_bought: u8,
    /// Event tiles played this turn: none of them may be played again before the next turn.
    pub events_played: Vec<WorkTile>,
    /// The viewer's own hand (seated viewers only).
    pub own_hand: Option<Vec<WorkTile>>,
    /// What the viewer saw through the Secret Passage this turn.
    pub look: Option<Look>,
    /// The acting seat's staged step. Tiles added to a dig or fight are laid face up (the move
    /// names them); the tiles Rune Stones drew are emptied for everyone but the drawer.
    pub stage: Stage,
    /// Why the game ended, once it has.
    pub ended: Vec<EndCondition>,
}

/// The categories of the final score, in the order of the score lines.
const SCORE_CATEGORIES: [&str; 6] = [
    "Victory tokens",
    "Most markers on the hold",
    "Most trophies",
    "Most rooms",
    "Most mines",
    "Gold (1 VT per 10)",
];

impl Hold {
    pub(crate) fn view(&self, viewer: Viewer, to_act: Actor) -> HoldView {
        let me = match viewer {
            Viewer::Seat(s) if self.seated(s) => Some(s),
            _ => None,
        };
        let mut stage = self.stage.clone();
        if (me.is_none() || me != self.current_seat())
            && let Stage::RunePick(drawn) = &mut stage
        {
            drawn.clear();
        }
        HoldView {
            viewer,
            turn: self.turn,
            phase: self.phase,
            to_act,
            spaces: self.spaces.to_vec(),
            hold_markers: self.hold_markers.clone(),
            gold: self.gold.clone(),
            vt: self.vt.clone(),
            hand_sizes: self.hands.iter().map(|h| h.len() as u8).collect(),
            trophies: self.trophies.clone(),
            leaders: self.leaders.clone(),
            leader_order: self.leader_order().to_vec(),
            draw_pile: self.draw_pile_len() as u16,
            discards: self.discard_pile(),
            vt_bought: self.vt_bought,
            events_played: self.events_played.clone(),
            own_hand: me.map(|s| self.hand(s).to_vec()),
            look: me.and_then(|s| self.look(s).cloned()),
            stage,
            ended: self.ended.clone(),
        }
    }

    /// Splits `award` among the seats with the highest positive `counts`, rounding down.
    /// Nobody gets anything when every count is 0.
    pub fn split_award(counts: &[u32], award: u32) -> Vec<u32> {
        let best = counts.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return vec![0; counts.len()];
        }
        let winners = counts.iter().filter(|&&c| c == best).count() as u32;
        counts
            .iter()
            .map(|&c| if c == best { award / winners } else { 0 })
            .collect()
    }

    /// Each seat's points by category, in the order of [`SCORE_CATEGORIES`] (valid at any
    /// time; the final score when the game is over).
    pub(crate) fn score_parts(&self) -> Vec<[u32; 6]> {
        let seats = || (0..self.players).map(Seat);
        let hold: Vec<u32> = seats().map(|s| self.hold_markers(s) as u32).collect();
        let trophies: Vec<u32> = seats().map(|s| self.trophies(s).len() as u32).collect();
        let rooms: Vec<u32> = seats().map(|s| self.rooms_of(s).count() as u32).collect();
        let mines: Vec<u32> = seats().map(|s| self.mines_of(s).count() as u32).collect();
        let a_hold = Self::split_award(&hold, AWARD_HOLD);
        let a_tr = Self::split_award(&trophies, AWARD_TROPHIES);
        let a_rooms = Self::split_award(&rooms, AWARD_ROOMS);
        let a_mines = Self::split_award(&mines, AWARD_MINES);
        (0..self.players as usize)
            .map(|i| {
                [
                    self.vt[i],
                    a_hold[i],
                    a_tr[i],
                    a_rooms[i],
                    a_mines[i],
                    self.gold[i] / GOLD_PER_FINAL_VT,
                ]
            })
            .collect()
    }

    /// Each seat's total of [`Hold::score_parts`], as [`SeatScore::total`] counts it.
    pub(crate) fn score_totals(&self) -> Vec<i32> {
        self.score_parts()
            .iter()
            .map(|p| p.iter().map(|&x| x as i32).sum())
            .collect()
    }

    /// The final score lines for every seat (valid at any time; used when the game is over).
    pub fn final_scores(&self) -> Vec<SeatScore> {
        self.score_parts()
            .into_iter()
            .enumerate()
            .map(|(i, parts)| {
                let lines = SCORE_CATEGORIES
                    .iter()
                    .zip(parts)
                    .map(|(category, points)| ScoreLine {
                        category: category.to_string(),
                        points: points as i32,
                    })
                    .collect();
                SeatScore::new(Seat(i as u8), lines, vec![])
            })
            .collect()
    }

    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let why: Vec<&str> = self.ended.iter().map(|e| e.describe()).collect();
        Some(Outcome::ranked(
            self.final_scores(),
            format!(
                "The game ended after turn {}: {}.",
                self.turn,
                why.join("; ")
            ),
        ))
    }
}
