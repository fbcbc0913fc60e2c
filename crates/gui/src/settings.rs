//! Player settings (name, colour, bot speed, the relays and UPnP that get through home
//! routers), and the check of a relay address typed in. Where they are kept is the platform's
//! business ([`crate::platform::Platform::save_settings`]).

use dwarfs_client::{MAX_RELAYS, Multiaddr, RELAY_LINE, is_relayed, peer_of};
use serde::{Deserialize, Serialize};

/// What the player chose in the settings screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The name shown to other players.
    pub name: String,
    /// Preferred seat colour (0 Blue, 1 Red, 2 Green, 3 Yellow).
    pub colour: u8,
    /// Seconds a bot waits before each move, so that people can follow it.
    pub bot_delay_ms: u32,
    /// Relays to hold a slot on, so that players behind NAT can reach this computer: each a
    /// multiaddr ending `/p2p/RELAY_ID` (checked by [`check_relay`]); they go into the tickets
    /// this computer hosts.
    pub relays: Vec<String>,
    /// Ask the home router to open a port (UPnP).
    pub upnp: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            name: "Dwarf".into(),
            colour: 0,
            bot_delay_ms: 350,
            relays: Vec::new(),
            upnp: true,
        }
    }
}

/// Why a relay address was not added to the settings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RelayError {
    /// Nothing typed.
    #[error("paste the relay's address first: `dwarfs relay` prints it on its RELAY lines")]
    Empty,
    /// Not a multiaddr.
    #[error(
        "{0:?} is not an address ({1}): a relay's looks like /ip4/203.0.113.7/tcp/4001/p2p/12D3KooW…, as `dwarfs relay` prints it"
    )]
    NotAnAddress(String, String),
    /// No `/p2p/ID` at the end.
    #[error(
        "the address must end with /p2p/ and the relay's peer id (…/tcp/4001/p2p/12D3KooW…): copy the whole line `dwarfs relay` prints"
    )]
    NoPeerId,
    /// A `/p2p-circuit` address.
    #[error(
        "this address goes through a relay (/p2p-circuit): give the relay's own address instead"
    )]
    Relayed,
    /// That relay is listed already.
    #[error("this relay is already in the list")]
    Duplicate,
    /// The list is full.
    #[error("at most {MAX_RELAYS} relays: remove one first")]
    TooMany,
}

/// Checks a relay address typed by the player against the relays already listed: the address
/// to save (a leading `RELAY ` as `dwarfs relay` prints it is dropped), or why not.
pub fn check_relay(text: &str, listed: &[String]) -> Result<String, RelayError> {
    let text = text.trim();
    let text = text.strip_prefix(RELAY_LINE).unwrap_or(text).trim();
    if text.is_empty() {
        return Err(RelayError::Empty);
    }
    let addr: Multiaddr = text
        .parse()
        .map_err(|e: <Multiaddr as std::str::FromStr>::Err| {
            RelayError::NotAnAddress(text.to_string(), e.to_string())
        })?;
    if is_relayed(&addr) {
        return Err(RelayError::Relayed);
    }
    let peer = peer_of(&addr).ok_or(RelayError::NoPeerId)?;
    let same = |s: &String| s.parse::<Multiaddr>().ok().and_then(|a| peer_of(&a)) == Some(peer);
    if listed.iter().any(same) {
        return Err(RelayError::Duplicate);
    }
    if listed.len() >= MAX_RELAYS {
        return Err(RelayError::TooMany);
    }
    Ok(addr.to_string())
}

/// The relay being typed in the settings screen, and why the last one was refused.
#[derive(Clone, Debug, Default)]
pub struct RelayInput {
    /// The address as typed.
    pub text: String,
    /// Why the last address was refused.
    pub error: Option<RelayError>,
}

impl RelayInput {
    /// Adds the typed relay to `relays` if it checks out (clearing the field), or keeps why not.
    pub fn add_to(&mut self, relays: &mut Vec<String>) {
        match check_relay(&self.text, relays) {
            Ok(a) => {
                relays.push(a);
                self.text.clear();
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
    }
}

/// The names of the colours a player may prefer: the four every game with colours has.
pub const PREFERRED_COLOURS: &[&str] = dwarfs_engine::COLOUR_NAMES.split_at(4).0;
