//! What one viewer may see: everything except the other players' hands (their sizes show).

use crate::state::{Board, Decks, End, PlayerBoard, WeekState, Winter};
use crate::types::WinterOptions;
use dwarfs_engine::{Actor, Viewer};
use serde::{Deserialize, Serialize};

/// One viewer's view of the game. Every field is public information except the viewer's own
/// hand: in `players`, the `hand` of every other seat is 0 (its size is in `hand_len`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinterView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The lobby options.
    pub options: WinterOptions,
    /// Who acts now.
    pub to_act: Actor,
    /// The week, the first player and the step.
    pub week: WeekState,
    /// Monsters, disasters and the Music Hall.
    pub board: Board,
    /// The piles (as sets of cards not drawn yet) and the Hero Pool.
    pub decks: Decks,
    /// Every seat's board, hands of others emptied.
    pub players: Vec<PlayerBoard>,
    /// Cards in each seat's hand (not played yet).
    pub hand_len: Vec<u8>,
    /// How the game ended, once over.
    pub end: Option<End>,
}

impl Winter {
    /// The view of `viewer`.
    pub(crate) fn view(&self, viewer: Viewer) -> WinterView {
        let players = self
            .player_boards()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut p = p.clone();
                if viewer != Viewer::Seat(dwarfs_engine::Seat(i as u8)) {
                    p.hand = 0;
                }
                p
            })
            .collect();
        WinterView {
            viewer,
            options: self.options.clone(),
            to_act: self.actor(),
            week: self.week,
            board: self.board.clone(),
            decks: self.decks.clone(),
            players,
            hand_len: self.player_boards().iter().map(|p| p.hand_len()).collect(),
            end: self.end.clone(),
        }
    }
}

impl WinterView {
    /// The monsters on the board and where they stand, in id order.
    pub fn monsters(&self) -> impl Iterator<Item = (crate::MonsterId, crate::Zone)> + '_ {
        crate::state::bits32(self.board.monsters).filter_map(|i| {
            let zone = self.board.monster_zone.get(i as usize)?;
            Some((crate::MonsterId(i), *zone))
        })
    }

    /// The active disasters, in id order (their zone is on the card).
    pub fn disasters(&self) -> impl Iterator<Item = crate::DisasterId> + '_ {
        crate::state::bits32(self.board.disasters).map(crate::DisasterId)
    }

    /// One seat's board as this viewer sees it (another seat's `hand` is 0: see
    /// [`WinterView::hand_len`]).
    pub fn player(&self, seat: dwarfs_engine::Seat) -> Option<&PlayerBoard> {
        self.players.get(seat.index())
    }

    /// How close the castle is to falling: the fewest steps any monster still needs to reach
    /// the castle (0: one is inside), and the active disasters (4 at the end of a week lose).
    pub fn danger(&self) -> (Option<u8>, u8) {
        (
            self.monsters().map(|(_, z)| z.distance()).min(),
            self.board.disasters.count_ones() as u8,
        )
    }

    /// The viewer's own hand (cards not played yet), if the viewer is a seat.
    pub fn own_hand(&self) -> u64 {
        match self.viewer {
            Viewer::Seat(s) => self.player(s).map_or(0, |p| p.hand),
            Viewer::Spectator => 0,
        }
    }
}
