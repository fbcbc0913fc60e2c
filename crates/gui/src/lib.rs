//! The dwarfs app's game screens: each game's board, hand and panels behind one trait
//! ([`view::GameView`]), the generic text view for a game without a board of its own, the look
//! they share (theme, painted widgets, words), and the table around them ([`table::Table`]: the
//! game's mirror, the seats, the bots, the score history) with the game screen, the end screen
//! and its chart, the sync light and incident banner, the players' links and the replay
//! viewer's model.
//!
//! Everything here runs in a browser as on the desktop: it builds for `wasm32-unknown-unknown`
//! (CI checks it), with no threads, sockets, files or clocks inside. What the machine gives (a
//! thread for a bot's search, a place to save a report) comes through [`platform::Platform`];
//! a network game comes through `dwarfs_client::PeerLink`. A view only draws what its viewer
//! may see and turns clicks into choices of legal actions; the table owns the game and the
//! seats; the shell (menu, settings, lobby, the network) owns the rest.
//!
//! The registry (`dwarfs-games`) says which games have a board of their own; [`with_view!`]
//! picks the view of a game, and a game's view is tied to its registry entry by
//! [`view::BoardView`], implemented next to the view.

#![warn(missing_docs)]

pub mod autoplay;
pub mod bot_job;
pub mod end_screen;
pub mod fall_view;
pub mod game_screen;
pub mod hold_view;
pub mod links;
pub mod lobby;
pub mod lobby_net;
pub mod menu;
pub mod options_panel;
pub mod platform;
pub mod qr;
pub mod replay;
pub mod replay_screen;
pub mod settings;
pub mod shell;
pub mod spring_view;
pub mod sync;
pub mod table;
pub mod text_view;
pub mod theme;
pub mod tips;
pub mod trust;
pub mod view;
pub mod widgets;
pub mod winter_view;
pub mod words;

/// The registry, for [`with_view!`]'s expansion in the shell.
#[doc(hidden)]
pub use dwarfs_games;
