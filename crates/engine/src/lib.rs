//! # dwarfs-engine
//!
//! The engine core every dwarfs game is built on, and everything that must agree between peers:
//!
//! - [`Game`]: the one API every rules engine implements (setup, whose turn, legal actions,
//!   apply, chance points, observations, outcome), in the spirit of OpenSpiel.
//! - [`chance`]: chance enters only at explicit chance points, resolved from 32 bytes of entropy
//!   given from outside through a ChaCha RNG ([`ChanceRng`]).
//! - [`codec`]: the single canonical encoding (bincode 2 over serde), and [`hash`]: the state hash,
//!   blake3 over that encoding.
//! - [`conformance`]: the harness every game crate runs in its tests, and [`playout`]: random
//!   playouts used by simulation, benchmarks and golden vectors.
//! - [`toy`]: a tiny complete game (dice Pig with hidden bonus cards), used to test the core and
//!   the protocol without depending on a real game.
//!
//! Determinism rules: nothing here or in a game uses hash maps, floats, clocks or a global RNG.

pub mod bot;
pub mod chance;
pub mod codec;
pub mod conformance;
pub mod game;
pub mod hash;
pub mod options;
pub mod outcome;
pub mod packed;
pub mod playout;
pub mod seat;
pub mod suite;
pub mod text;
pub mod toy;

pub use bot::{Bot, Chooser, OwnedSeatView, Pondering, RandomBot, SeatView, Seated};
pub use chance::{ChanceRng, Entropy, SeedStream};
pub use game::{ChanceError, DataDigest, Game, PlayError, SetupError};
pub use hash::{StateHash, state_hash};
pub use outcome::{Outcome, ScoreLine, SeatScore};
pub use seat::{Actor, COLOUR_NAMES, Seat, SeatSet, Viewer};
