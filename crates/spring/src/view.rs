//! What one viewer may see: everything but the other seats' faerie hands and the make-up of the
//! face-down faerie pile. (The expedition deck keeps no secret: its quests are the unseen ones,
//! and which unseen monsters it holds is decided only by its draws.)

use crate::state::{Board, Decks, Empire, Flow, Spring};
use dwarfs_engine::{Actor, Viewer};
use serde::Serialize;

/// One viewer's observation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpringView {
    /// Who looks.
    pub viewer: Viewer,
    /// Who acts now.
    pub to_act: Actor,
    /// Era, round, turn, pending decisions.
    pub flow: Flow,
    /// The map and its pieces.
    pub board: Board,
    /// Every empire (all public).
    pub empires: Vec<Empire>,
    /// The expedition area and the dragons' owners.
    pub decks: Decks,
    /// The viewer's own faerie hand (a bit per card), for a seat.
    pub hand: Option<u32>,
    /// How many faeries each seat holds.
    pub hand_sizes: Vec<u8>,
    /// Cards in the face-down faerie pile.
    pub faerie_pile: u8,
    /// Cards in the expedition deck.
    pub deck_len: u8,
    /// Of those, monsters (which ones is drawn when one is shown).
    pub deck_monsters: u8,
}

impl Spring {
    /// The observation of `viewer`.
    pub(crate) fn view(&self, viewer: Viewer, to_act: Actor) -> SpringView {
        let hand = match viewer {
            Viewer::Seat(s) => self.hidden.hands.get(s.index()).copied(),
            Viewer::Spectator => None,
        };
        SpringView {
            viewer,
            to_act,
            flow: self.flow,
            board: self.board.clone(),
            empires: self.empires.clone(),
            decks: self.decks.clone(),
            hand,
            hand_sizes: self
                .hidden
                .hands
                .iter()
                .map(|h| h.count_ones() as u8)
                .collect(),
            faerie_pile: self.hidden.faerie_pile.count_ones() as u8,
            deck_len: self.exp_deck_len() as u8,
            deck_monsters: self.decks.deck_monsters,
        }
    }
}
