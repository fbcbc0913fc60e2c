//! What the lobby agrees on before a game starts: the [`GameConfig`], and the checks that refuse a
//! peer running another game, other rules or other card data, naming which.

use crate::keys::{KeyError, PublicKeyBytes, hex};
use crate::message::{GameId, LobbyHello};
use crate::wire::WIRE_VERSION;
use dwarfs_engine::{DataDigest, Game, Seat, SetupError, codec};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatSpec {
    /// A peer, by its ed25519 public key (its libp2p identity).
    Player(PublicKeyBytes),
    /// The takeover bot (`dwarfs_bots::TakeoverBot`, at the configuration's
    /// [`GameConfig::takeover_iterations`]), computed identically by every peer.
    Bot,
}

/// Beacon segment length used by [`GameConfig::new`].
pub const DEFAULT_BEACON_SEGMENT: u32 = 1024;
/// Replay ack checkpoint interval used by [`GameConfig::new`].
pub const DEFAULT_ACK_INTERVAL: u32 = 16;
/// The takeover bot's strength used by [`GameConfig::new`]: the normal bot level's iterations.
pub const DEFAULT_TAKEOVER_ITERATIONS: u32 = dwarfs_bots::TakeoverBot::NORMAL_ITERATIONS;
/// The strongest takeover bot a configuration may ask for (every peer runs it for every bot
/// move, so a host must not be able to ask for an endless search).
pub const MAX_TAKEOVER_ITERATIONS: u32 = 20_000;

/// Everything peers must agree on to play one game together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    /// Unique id of this game (the host picks 32 random bytes).
    pub game_id: GameId,
    /// `Game::NAME`.
    pub game: String,
    /// `Game::RULES_VERSION`.
    pub rules_version: u32,
    /// `Game::data_digest()`.
    pub data_digest: DataDigest,
    /// The canonical encoding of the game's options.
    pub options: Vec<u8>,
    /// The seats in turn order.
    pub seats: Vec<SeatSpec>,
    /// Length of each beacon hash-chain segment; a signed re-commit starts the next.
    pub beacon_segment: u32,
    /// Every peer's ack is written to the replay every this many moves (it divides
    /// `beacon_segment`), and at the end.
    pub ack_interval: u32,
    /// The strength of the takeover bot that plays bot seats and seats handed over: the
    /// iterations of its search per move (0: a uniform pick from the state hash, for quick
    /// tests; at most [`MAX_TAKEOVER_ITERATIONS`]). Agreed and signed with the rest, so every
    /// peer and every replay verifier computes the same bot moves.
    pub takeover_iterations: u32,
}

/// Why a peer or a configuration is refused. Each says what differs, so players can act on it.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum Refusal {
    /// Different wire protocol versions.
    #[error(
        "protocol version mismatch: we speak version {ours}, the peer speaks version {theirs}; \
         both players need a dwarfs release that speaks the same version"
    )]
    ProtocolVersion {
        /// Ours.
        ours: u8,
        /// Theirs.
        theirs: u8,
    },
    /// Different games.
    #[error("game mismatch: this lobby plays {ours}, the peer offers {theirs}")]
    Game {
        /// Ours.
        ours: String,
        /// Theirs.
        theirs: String,
    },
    /// Different rules versions.
    #[error(
        "rules version mismatch for {game}: we run rules v{ours}, the peer runs v{theirs}; update so both match"
    )]
    RulesVersion {
        /// The game.
        game: String,
        /// Ours.
        ours: u32,
        /// Theirs.
        theirs: u32,
    },
    /// Different card data.
    #[error(
        "card-data digest mismatch for {game}: ours is {ours}, the peer's is {theirs}; both must run the same data files"
    )]
    DataDigest {
        /// The game.
        game: String,
        /// Ours (hex).
        ours: String,
        /// Theirs (hex).
        theirs: String,
    },
    /// The options do not decode or do not make a valid game.
    #[error("invalid game options: {0}")]
    Options(String),
    /// A seat's key is not a valid ed25519 key, or a key sits twice.
    #[error("invalid seats: {0}")]
    Seats(String),
    /// The beacon or replay parameters are unusable.
    #[error("invalid session parameters: {0}")]
    Parameters(String),
}

impl LobbyHello {
    /// The greeting for game `G`.
    pub fn for_game<G: Game>(name: impl Into<String>) -> Self {
        LobbyHello {
            protocol: WIRE_VERSION,
            game: G::NAME.to_string(),
            rules_version: G::RULES_VERSION,
            data_digest: G::data_digest(),
            name: name.into(),
        }
    }

    /// Checks that the peer runs the same protocol, game, rules and data as we do for `G`.
    pub fn check<G: Game>(&self) -> Result<(), Refusal> {
        check_identity::<G>(
            self.protocol,
            &self.game,
            self.rules_version,
            &self.data_digest,
        )
    }
}

fn check_identity<G: Game>(
    protocol: u8,
    game: &str,
    rules_version: u32,
    digest: &DataDigest,
) -> Result<(), Refusal> {
    if protocol != WIRE_VERSION {
        return Err(Refusal::ProtocolVersion {
            ours: WIRE_VERSION,
            theirs: protocol,
        });
    }
    if game != G::NAME {
        return Err(Refusal::Game {
            ours: G::NAME.into(),
            theirs: game.into(),
        });
    }
    if rules_version != G::RULES_VERSION {
        return Err(Refusal::RulesVersion {
            game: G::NAME.into(),
            ours: G::RULES_VERSION,
            theirs: rules_version,
        });
    }
    if *digest != G::data_digest() {
        return Err(Refusal::DataDigest {
            game: G::NAME.into(),
            ours: hex(&G::data_digest()),
            theirs: hex(digest),
        });
    }
    Ok(())
}

impl GameConfig {
    /// A configuration for game `G` with default beacon and replay parameters; an error if the
    /// game's options cannot be encoded (a bug in the game).
    pub fn new<G: Game>(
        game_id: GameId,
        options: &G::Options,
        seats: Vec<SeatSpec>,
    ) -> Result<Self, codec::CodecError> {
        Ok(Self::with_encoded_options::<G>(
            game_id,
            codec::encode(options)?,
            seats,
        ))
    }

    /// As [`GameConfig::new`], with the options already canonically encoded (as a lobby holds
    /// them); [`GameConfig::check`] decodes them.
    pub fn with_encoded_options<G: Game>(
        game_id: GameId,
        options: Vec<u8>,
        seats: Vec<SeatSpec>,
    ) -> Self {
        GameConfig {
            game_id,
            game: G::NAME.to_string(),
            rules_version: G::RULES_VERSION,
            data_digest: G::data_digest(),
            options,
            seats,
            beacon_segment: DEFAULT_BEACON_SEGMENT,
            ack_interval: DEFAULT_ACK_INTERVAL,
            takeover_iterations: DEFAULT_TAKEOVER_ITERATIONS,
        }
    }

    /// blake3 of the canonical encoding; signed in commits and lobby readies.
    pub fn digest(&self) -> [u8; 32] {
        let mut h = blake3::Hasher::new();
        h.update(b"dwarfs config v1\0");
        h.update(&codec::encode_plain(self));
        *h.finalize().as_bytes()
    }

    /// Number of seats.
    pub fn players(&self) -> u8 {
        self.seats.len().min(u8::MAX as usize) as u8
    }

    /// The seats played by people (the others are bots).
    pub fn player_seats(&self) -> Vec<Seat> {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, SeatSpec::Player(_)))
            .map(|(i, _)| Seat(i as u8))
            .collect()
    }

    /// The seat held by `key`, if any.
    pub fn seat_of(&self, key: &PublicKeyBytes) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| *s == SeatSpec::Player(*key))
            .map(|i| Seat(i as u8))
    }

    /// Checks the configuration against game `G` (kind, rules version, data digest, options,
    /// seats, parameters) and returns the decoded options and a fresh game.
    pub fn check<G: Game>(&self) -> Result<(G::Options, G), Refusal> {
        check_identity::<G>(
            WIRE_VERSION,
            &self.game,
            self.rules_version,
            &self.data_digest,
        )?;
        let options: G::Options =
            codec::decode_frame(&self.options).map_err(|e| Refusal::Options(e.to_string()))?;
        if self.seats.len() > u8::MAX as usize {
            return Err(Refusal::Seats(format!("{} seats", self.seats.len())));
        }
        let game = G::new(&options, self.players()).map_err(|e: SetupError| match e {
            SetupError::PlayerCount { .. } => Refusal::Seats(e.to_string()),
            SetupError::Options(m) => Refusal::Options(m),
        })?;
        let mut keys = Vec::new();
        for (i, s) in self.seats.iter().enumerate() {
            if let SeatSpec::Player(k) = s {
                k.verifier()
                    .map_err(|e: KeyError| Refusal::Seats(format!("seat {}: {e}", i + 1)))?;
                if keys.contains(k) {
                    return Err(Refusal::Seats(format!(
                        "the same key holds seat {} and another seat",
                        i + 1
                    )));
                }
                keys.push(*k);
            }
        }
        if keys.is_empty() {
            return Err(Refusal::Seats("no seat is held by a player".into()));
        }
        if self.beacon_segment == 0
            || self.ack_interval == 0
            || !self.beacon_segment.is_multiple_of(self.ack_interval)
            || self.beacon_segment > 1 << 20
        {
            return Err(Refusal::Parameters(format!(
                "beacon segment {} must be a positive multiple of ack interval {} (at most 2^20)",
                self.beacon_segment, self.ack_interval
            )));
        }
        if self.takeover_iterations > MAX_TAKEOVER_ITERATIONS {
            return Err(Refusal::Parameters(format!(
                "the takeover bot's {} iterations per move are more than the {} allowed",
                self.takeover_iterations, MAX_TAKEOVER_ITERATIONS
            )));
        }
        Ok((options, game))
    }

    /// This configuration with the takeover bot at `iterations` per move.
    pub fn with_takeover_iterations(self, iterations: u32) -> Self {
        GameConfig {
            takeover_iterations: iterations,
            ..self
        }
    }
}
