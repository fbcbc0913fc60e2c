//! What a joiner heeds from the host: offers, rosters and refusals signed by the host it dialled,
//! for its game, and rosters whose fields check; and the host's side of signing them.

use super::*;

/// Why a roster was refused ([`check_roster`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RosterError {
    /// More seats than the game allows, or none.
    #[error("a roster of {seats} seats for a game of at most {max}")]
    Seats {
        /// Seats in the roster.
        seats: usize,
        /// The game's most players.
        max: u8,
    },
    /// A seat out of order or out of range.
    #[error("roster entry {index} names seat {seat}")]
    SeatNumber {
        /// Where in the roster.
        index: usize,
        /// The seat number it gives.
        seat: u8,
    },
    /// A peer id that does not decode, or a bot seat with a peer.
    #[error("seat {seat} has a peer id that does not decode, or is a bot seat with a peer")]
    Peer {
        /// The seat (0-based).
        seat: u8,
    },
    /// A peer holding two seats.
    #[error("one peer holds two seats (seat {seat} again)")]
    TwoSeats {
        /// The second seat (0-based).
        seat: u8,
    },
    /// Another game's roster.
    #[error("a roster for another game")]
    OtherGame,
}

/// Checks a roster of game `G` for game `game_id`: at least one seat and at most
/// `G::MAX_PLAYERS`, numbered in order, every peer id decoding (none on a bot seat), no peer in
/// two seats.
pub fn check_roster<G: Game, P: LobbyPeer>(
    roster: &Roster,
    game_id: &[u8; 32],
) -> Result<(), RosterError> {
    if roster.game_id != *game_id {
        return Err(RosterError::OtherGame);
    }
    let n = roster.seats.len();
    if n == 0 || n > G::MAX_PLAYERS as usize {
        return Err(RosterError::Seats {
            seats: n,
            max: G::MAX_PLAYERS,
        });
    }
    let mut peers = BTreeSet::new();
    for (i, s) in roster.seats.iter().enumerate() {
        if s.seat.index() != i {
            return Err(RosterError::SeatNumber {
                index: i,
                seat: s.seat.0,
            });
        }
        if let Some(b) = &s.peer {
            let p = P::from_bytes(b)
                .filter(|_| !s.bot)
                .ok_or(RosterError::Peer { seat: s.seat.0 })?;
            if !peers.insert(p) {
                return Err(RosterError::TwoSeats { seat: s.seat.0 });
            }
        }
    }
    Ok(())
}

/// What a player keeps of its lobby next to the replay (`<replay>.peers`, see
/// [`crate::peer::peers_file`]), for a resume: where the players listen and who the host is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddressBook {
    /// The host's signed roster: its signature names the host.
    Hosts(Signed<Roster>),
    /// A roster alone (a book written before books kept the host's signature, or when we did
    /// not hold it): the host is not known from it.
    Bare(Roster),
}

impl AddressBook {
    /// The book's bytes on disk: the canonical encoding of the signed roster, or of the roster.
    pub fn encode(&self) -> Vec<u8> {
        match self {
            AddressBook::Hosts(s) => dwarfs_engine::codec::encode_plain(s),
            AddressBook::Bare(r) => dwarfs_engine::codec::encode_plain(r),
        }
    }

    /// The book in `bytes`, if they are one.
    pub fn decode(bytes: &[u8]) -> Option<AddressBook> {
        match dwarfs_engine::codec::decode::<Signed<Roster>>(bytes) {
            Ok(s) => Some(AddressBook::Hosts(s)),
            Err(_) => dwarfs_engine::codec::decode::<Roster>(bytes)
                .ok()
                .map(AddressBook::Bare),
        }
    }

    /// The roster.
    pub fn roster(&self) -> &Roster {
        match self {
            AddressBook::Hosts(s) => &s.body,
            AddressBook::Bare(r) => r,
        }
    }
}

/// The host we dialled and its signed word (ours when we host), which alone counts in the lobby;
/// a resumed game starts from the roster of its address book, and may know no host.
pub(super) struct FromHost<P> {
    /// The host we dialled (from the ticket, or the LAN lobby that answered): only its signed
    /// offers, rosters and refusals are heeded.
    pub(super) host: Option<P>,
    /// The host's signed offer (ours, if we host), relayed to latecomers.
    pub(super) offer: Option<Signed<GameConfig>>,
    /// The host's last signed roster (ours, if we host), relayed to latecomers.
    pub(super) signed_roster: Option<Signed<Roster>>,
    /// The roster the game started with (or the last one seen).
    pub(super) roster: Option<Roster>,
}

impl<P> Default for FromHost<P> {
    fn default() -> Self {
        FromHost {
            host: None,
            offer: None,
            signed_roster: None,
            roster: None,
        }
    }
}

impl<G: Game, P: LobbyPeer> Lobby<G, P> {
    /// The host's signed offer of `config`, to hand a latecomer: the one the host sent (or we
    /// sent, as the host), or, when we have none for this configuration (a resumed peer), one
    /// we sign ourselves (which only a joiner that dialled us as its host accepts).
    pub fn offer_for(&self, config: &GameConfig) -> Signed<GameConfig> {
        match &self.from_host.offer {
            Some(o) if o.body == *config => o.clone(),
            _ => Signed::sign(&self.me.signer, Domain::Offer, config.clone()),
        }
    }

    /// The host's signed roster of the game, to hand a latecomer: the one the host sent (or we
    /// sent, as the host), or the roster we hold signed by us (a resumed peer).
    pub fn signed_roster(&self) -> Option<Signed<Roster>> {
        match (&self.from_host.signed_roster, &self.from_host.roster) {
            (Some(s), Some(r)) if s.body == *r => Some(s.clone()),
            (_, Some(r)) => Some(self.sign_roster(r.clone())),
            (s, None) => s.clone(),
        }
    }

    /// Whether a signed lobby message from `from` comes from the host we dialled, signed by its
    /// key; `Err` says why not (for the log).
    pub(super) fn check_from_host<T: serde::Serialize>(
        &self,
        from: P,
        signed: &Signed<T>,
        domain: Domain,
    ) -> Result<(), &'static str> {
        if self.from_host.host != Some(from) {
            return Err("not from the host we dialled");
        }
        self.check_hosts_word(signed, domain)
    }

    /// Whether a signed lobby message is the host's word: signed by the key of the host we
    /// know (the one we dialled, or, resumed, the signer of the roster we kept); `Err` says why
    /// not (for the log).
    pub(super) fn check_hosts_word<T: serde::Serialize>(
        &self,
        signed: &Signed<T>,
        domain: Domain,
    ) -> Result<(), &'static str> {
        let host = self.from_host.host.ok_or("we do not know the host")?;
        let key = host.public_key().ok_or("the host's id carries no key")?;
        if !signed.is_signed_by(&key, domain) {
            return Err("not signed by the host's key");
        }
        Ok(())
    }

    /// The host's signed roster of the game, when we hold it (ours, if we host): what the
    /// address book keeps, so that a resumed peer knows the host by its signature.
    pub fn hosts_roster(&self) -> Option<Signed<Roster>> {
        let signed = self.from_host.signed_roster.as_ref()?;
        let ours = self.hosted && signed.is_signed_by(&self.me.key(), Domain::Roster);
        (self.from_host.roster.as_ref() == Some(&signed.body)
            && (ours || self.check_hosts_word(signed, Domain::Roster).is_ok()))
        .then(|| signed.clone())
    }

    /// The seated player whose key signed `roster` (a roster of our game whose fields check):
    /// in a resumed peer's address book, the host.
    pub(super) fn roster_signer(&self, roster: &Signed<Roster>) -> Option<P> {
        check_roster::<G, P>(&roster.body, &self.game_id).ok()?;
        roster
            .body
            .seats
            .iter()
            .filter_map(|s| s.peer.as_deref().and_then(P::from_bytes))
            .find(|p| {
                p.public_key()
                    .is_some_and(|k| roster.is_signed_by(&k, Domain::Roster))
            })
    }

    /// Our signed refusal `r` for our game.
    pub(super) fn refuse(&self, refusal: Refusal) -> LobbyMessage {
        let body = RefuseBody {
            game_id: self.game_id,
            refusal,
        };
        LobbyMessage::Refuse(Signed::sign(&self.me.signer, Domain::Refuse, body))
    }

    /// `roster` signed by us.
    pub(super) fn sign_roster(&self, roster: Roster) -> Signed<Roster> {
        Signed::sign(&self.me.signer, Domain::Roster, roster)
    }

    pub(super) fn on_offer(&mut self, from: P, signed: Signed<GameConfig>) {
        if !matches!(self.stage, Stage::Waiting) {
            return;
        }
        if let Err(why) = self.check_from_host(from, &signed, Domain::Offer) {
            tracing::warn!(?from, "an offer ignored: {why}");
            return;
        }
        let config = signed.body.clone();
        if config.game_id != self.game_id {
            tracing::warn!(?from, "an offer for another game ignored");
            return;
        }
        if let Err(r) = config.check::<G>() {
            let refuse = self.refuse(r.clone());
            self.out.push_back(Output::Lobby(from, refuse));
            self.out.push_back(Output::End(r.to_string()));
            return;
        }
        let seat = config.seat_of(&self.me.key());
        if seat.is_none() && !self.me.spectator {
            self.out
                .push_back(Output::End("the host gave us no seat in its game".into()));
            return;
        }
        self.stage = Stage::Playing;
        self.from_host.offer = Some(signed);
        self.out.push_back(Output::Start {
            config,
            ready_to: seat.map(|_| from),
        });
    }

    /// A signed roster from `from`. Before the game, only from the host we dialled, signed by
    /// its key; once the game runs (a resumed peer), only addresses are taken from it, from a
    /// contact or player, signed by the host if we know it, otherwise by a player of our roster.
    /// Its fields must check ([`check_roster`]).
    pub(super) fn on_roster(&mut self, from: P, signed: Signed<Roster>) {
        let heeded = if self.is_playing() {
            (self.greeting.contacts.contains(&from) || self.is_player(&from))
                && self.signed_by_player(&signed)
        } else {
            match self.check_from_host(from, &signed, Domain::Roster) {
                Ok(()) => true,
                Err(why) => {
                    tracing::warn!(?from, "a roster ignored: {why}");
                    false
                }
            }
        };
        if !heeded {
            return;
        }
        if let Err(e) = check_roster::<G, P>(&signed.body, &self.game_id) {
            tracing::warn!(?from, "a roster refused: {e}");
            if !self.is_playing() {
                self.say(format!(
                    "The host sent a roster that does not check ({e}): ignored."
                ));
            }
            return;
        }
        let r = signed.body.clone();
        self.out.push_back(Output::Addresses(r.clone()));
        if !self.is_playing() {
            self.out.push_back(Output::Roster(r.clone()));
        }
        if self.from_host.roster.is_none() || !self.is_playing() {
            self.from_host.roster = Some(r);
            self.from_host.signed_roster = Some(signed);
        }
    }

    /// Whether a roster is signed by the host we know, or (not knowing it) by a player of the
    /// roster we hold.
    pub(super) fn signed_by_player(&self, signed: &Signed<Roster>) -> bool {
        if let Some(h) = self.from_host.host {
            return h
                .public_key()
                .is_some_and(|k| signed.is_signed_by(&k, Domain::Roster));
        }
        self.from_host
            .roster
            .iter()
            .flat_map(|r| &r.seats)
            .any(|s| {
                s.peer
                    .as_deref()
                    .and_then(P::from_bytes)
                    .and_then(|p| p.public_key())
                    .is_some_and(|k| signed.is_signed_by(&k, Domain::Roster))
            })
    }
}
