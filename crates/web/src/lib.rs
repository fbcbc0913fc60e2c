//! The dwarfs app as a web page: eframe's web runner draws the same shell as the desktop
//! ([`dwarfs_gui::shell::Shell`]) on a canvas, with the browser's services behind
//! [`dwarfs_gui::platform::Platform`]: settings in the page's local storage, reports saved as
//! downloads, replays opened with the file chooser or dropped on the page and verified in it.
//!
//! The page has no network yet (browsers joining a desktop host is the next step), so its menu
//! offers hotseat games against people and bots, replays and settings. Built for
//! `wasm32-unknown-unknown` by `scripts/build-web.sh`; on the desktop this crate holds only what
//! does not need a browser ([`stored`]), so the workspace builds and tests it everywhere.

#![warn(missing_docs)]

pub mod bench;
pub mod stored;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod browser;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod network;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod page;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod widgets;
