//! The one trait each game implements to get a board view inside the shared shell (menu, lobby,
//! move log, sync light, end screen, replays).

use dwarfs_engine::{Game, Seat, Viewer};

/// The board view of a game the registry shows with a view of its own
/// ([`Board::Own`](dwarfs_games::Board::Own)), implemented on its registry entry next to the view.
/// A game shown as text needs none: [`with_view!`](crate::with_view) gives it the generic
/// [`TextView`](crate::text_view::TextView).
pub trait BoardView: dwarfs_games::GameEntry {
    /// The view.
    type View: GameView<G = Self::G>;
}

/// Runs `$body` with `$E` bound to the registry entry of `$kind` and `$V` to its view: its own
/// board view ([`BoardView`]) or the text view.
#[macro_export]
macro_rules! with_view {
    ($kind:expr, $E:ident, $V:ident, $body:expr) => {
        $crate::dwarfs_games::with_board!(
            $kind,
            $E,
            own => {
                type $V = <$E as $crate::view::BoardView>::View;
                $body
            },
            text => {
                type $V = $crate::text_view::TextView<<$E as $crate::dwarfs_games::GameEntry>::G>;
                $body
            },
        )
    };
}
/// Below this width (in points) a board view stacks its board above its panels in one column
/// that scrolls, and the game screen keeps the move log behind a button: a phone held upright
/// (390 points wide) could not show the board beside them.
pub const NARROW: f32 = 700.0;

/// A game's board and hand view. The shell owns the game state and the seats; the view only
/// draws what `viewer` may see and turns clicks into legal actions.
pub trait GameView: Default + 'static {
    /// The rules engine.
    type G: Game;

    /// Draws the board, the viewer's hand and the public information into `ui`. `legal` is the
    /// list of legal actions when `viewer` acts now, empty otherwise (the view is then read-only).
    /// Returns the actions the player picked, in order (a staged choice may take two, like
    /// "choose this card" then "put it there"); every one of them is one of the legal actions of
    /// the state it is played in.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        game: &Self::G,
        viewer: Viewer,
        legal: &[<Self::G as Game>::Action],
    ) -> Vec<<Self::G as Game>::Action>;

    /// Forgets any half-made selection (after a move, or when the viewer changes).
    fn reset(&mut self);

    /// Sees the events of every move and chance point as the table applies them (to show them
    /// on the board, like a reveal card by card). The default ignores them.
    fn on_events(&mut self, game: &Self::G, events: &[<Self::G as Game>::Event]) {
        let _ = (game, events);
    }

    /// The widgets a person clicks (and the fields they fill), in order, to play `action` as
    /// `seat` in `game`, where `legal` are that seat's legal actions, starting with nothing
    /// picked. The view labels its widgets with the same words, so this is the map of the
    /// interface that the UI tests and the page's scripts (`?widgets`) follow. `None` for a view
    /// without one (the default): a board played by its lit targets.
    fn clicks(
        game: &Self::G,
        seat: Seat,
        legal: &[<Self::G as Game>::Action],
        action: &<Self::G as Game>::Action,
    ) -> Option<Vec<Click>> {
        let _ = (game, seat, legal, action);
        None
    }
}

/// One step of playing an action by hand ([`GameView::clicks`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Click {
    /// Click the widget with this accessible label.
    Label(String),
    /// Type this text into the field with this accessible label.
    Type {
        /// The field's label.
        field: &'static str,
        /// The text.
        text: String,
    },
}
