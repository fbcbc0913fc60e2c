//! The board views of the dwarfs app: each game's board, hand and panels behind one trait
//! ([`view::GameView`]), the generic text view for a game without a board of its own, and the
//! look they share (theme, painted widgets, words).
//!
//! Everything here runs in a browser as on the desktop: it builds for `wasm32-unknown-unknown`
//! (CI checks it), with no threads, sockets, files or clocks inside. A view only draws what its
//! viewer may see and turns clicks into legal actions; the shell (tables, lobby, screens, the
//! network and the platform's services) owns the game and the seats.
//!
//! The registry (`dwarfs-games`) says which games have a board of their own; [`with_view!`]
//! picks the view of a game, and a game's view is tied to its registry entry by
//! [`view::BoardView`], implemented next to the view.

#![warn(missing_docs)]

pub mod fall_view;
pub mod hold_view;
pub mod spring_view;
pub mod text_view;
pub mod theme;
pub mod view;
pub mod widgets;
pub mod winter_view;
pub mod words;

/// The registry, for [`with_view!`]'s expansion in the shell.
#[doc(hidden)]
pub use dwarfs_games;
