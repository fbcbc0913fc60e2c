//! # dwarfs-protocol
//!
//! The whole game-session logic of dwarfs, **without IO** (in the spirit of quinn-proto): no
//! sockets, no async runtime, no clock. A [`Session`] is fed events and produces messages and
//! notifications; the network crate drives it over libp2p, the tests over an in-memory network
//! ([`sim`]).
//!
//! ## Driving a session (see also `protocol/README.md`)
//! - Create: [`Session::new`]`(config, &keypair, game_secret, Settings::default(), now_ms)`,
//!   with a fresh [`GameSecret`] for the game. Seated if the keypair's ed25519 key holds a seat
//!   in the [`GameConfig`], a read-only spectator otherwise.
//! - Inputs: [`Session::handle_bytes`]`(from, &frame)` for every frame received,
//!   [`Session::submit_local_action`] when [`Session::is_my_turn`], [`Session::tick`]`(now_ms)`
//!   at [`Session::next_timeout`], [`Session::peer_connected`] on (re)connection.
//! - Outputs, drained after every input: [`Session::poll_transmit`] (encode with
//!   [`wire::encode`], send to [`Destination`]), [`Session::poll_event`] ([`Event`]),
//!   [`Session::poll_replay_frame`] (bytes to append to the replay file).
//!
//! ## What it guarantees
//! - Seed by commit-reveal ([`beacon`]); a withheld (or false) reveal is named and costs the seat:
//!   the others hand it to the bot at move 0 and the seed is drawn again from re-roll links it
//!   never saw ([`beacon::reseed`]), so the last revealer cannot refuse a deal it saw for free.
//! - Signed, hash-chained moves; acks signing the new state hash and the next beacon preimage; a
//!   move is final when every live seated peer acked the same hash; the next move is taken only
//!   then. Chance points after setup use the fairness beacon; after a takeover at a move, its
//!   chance point is re-rolled from links revealed only after the takeover ([`beacon`]).
//! - Takeovers by a strict majority of the starting players ([`takeover`]); in a 2-player game
//!   only after the long gone-timeout.
//! - Simultaneous secret steps by commit-then-reveal of moves ([`secret`]): no reveal leaves a
//!   peer before it holds every deciding seat's commitment.
//! - Detection, with [`Evidence`]: bad signature, unknown peer, out of turn, wrong seat,
//!   previous-hash mismatch, illegal move, equivocation (both signed items kept), withheld reveal;
//!   ack mismatches are a [`DesyncReport`] with a state dump.
//!
//! ## Replays, for the CLI (`dwarfs simulate --record`, `dwarfs replay verify|show`)
//! - [`replay::record_simulated`]`::<G>(&options, players, seed) -> Result<Vec<u8>, SimError>`:
//!   a full simulated game among `players` peers with generated keys, the commit-reveal seed and
//!   beacon made exactly as in a real game; returns the replay file bytes.
//! - [`replay::peek_header`]`(&bytes) -> Result<HeaderInfo, VerifyError>`: the game name (for
//!   dispatch to the right engine), rules version, players.
//! - [`replay::verify`]`::<G>(&bytes) -> Result<VerifyReport, VerifyError>`: checks every
//!   signature, the seed, the beacon chains and every state hash by re-running the engine; the
//!   error names the first bad frame, the move and why ([`replay::Fault`]).
//! - [`replay::show`]`::<G>(&bytes) -> String`: the readable move log (with the failure, if any).
//!   Signatures are checked in one ed25519 batch ([`replay::SigBatch`]); on any failure the
//!   replay is checked again one signature at a time ([`replay::verify_one_by_one`]) to name it.
//! - [`Session::resume`]: a crashed peer's session rebuilt from its own replay file and the
//!   game's [`GameSecret`] kept on disk.
//!
//! Determinism: nothing here uses hash maps, floats, clocks or ambient randomness. Per-game
//! secrets (seed nonce, beacon chain, secret-choice salts) are derived from the signing key, the
//! game id and a [`GameSecret`]: 32 bytes of fresh randomness the driver draws for each game and
//! keeps on disk (readable only by the user) for [`Session::resume`]. A game id offered again
//! therefore never repeats a peer's secrets.

pub mod beacon;
pub mod byzantine;
pub mod config;
pub mod event;
pub mod evidence;
pub mod game_secret;
pub mod keys;
pub mod limit;
pub mod lockstep;
pub mod message;
pub mod replay;
pub mod rounds;
pub mod secret;
pub mod session;
pub mod sim;
pub mod takeover;
pub mod wire;

pub use config::{GameConfig, Refusal, SeatSpec};
pub use event::{Destination, DesyncReport, Event, Transmit, Waiting};
pub use evidence::{CheatKind, Evidence};
pub use game_secret::GameSecret;
pub use keys::{PublicKeyBytes, Signer};
pub use message::{GameId, Message};
pub use session::{
    Phase, ResumeError, Session, SessionError, Settings, SignatureVerdict, SignatureWork,
    SubmitError, TakeoverError,
};
pub use sim::SimError;
