//! Greeting: the peers we dialled are greeted on connection and again while the lobby has not
//! answered (frames can be lost before a session exists to retransmit them), those not reached
//! are dialled again, and LAN nodes found by mDNS are asked what they host.

use super::*;

/// Whom we greet, and when.
pub(super) struct Greeting<P> {
    /// Peers we dialled from a ticket or an address book and must greet on connection.
    pub(super) contacts: BTreeSet<P>,
    /// Contacts greeted on their current connection.
    pub(super) greeted: BTreeSet<P>,
    /// LAN join: nodes found by mDNS that we asked what they host (at most [`MAX_LAN_ASKED`]).
    pub(super) lan_asked: BTreeSet<P>,
    /// Greeting rounds so far (every [`REDIAL_EVERY_GREETS`]th dials the unreached again).
    pub(super) rounds: u32,
    /// When the next round is due (logical ms).
    pub(super) next: u64,
    /// Whether any contact was ever connected.
    pub(super) reached_any: bool,
    /// Why the last dial of each unreached contact failed, in words (at most one per contact).
    pub(super) dial_errors: BTreeMap<P, String>,
}

impl<P> Greeting<P> {
    /// No contacts yet; the first round is due [`GREET_EVERY_MS`] after the start.
    pub(super) fn new() -> Self {
        Greeting {
            contacts: BTreeSet::new(),
            greeted: BTreeSet::new(),
            lan_asked: BTreeSet::new(),
            rounds: 0,
            next: GREET_EVERY_MS,
            reached_any: false,
            dial_errors: BTreeMap::new(),
        }
    }
}

impl<G: Game, P: LobbyPeer> Lobby<G, P> {
    /// Whether we wait to reach peers we must greet.
    pub fn has_contacts(&self) -> bool {
        !self.greeting.contacts.is_empty()
    }

    /// When [`Lobby::tick`] has work next (ms), if it has any.
    pub fn next_wake(&self) -> Option<u64> {
        (!self.is_playing() && !self.greeting.contacts.is_empty()).then_some(self.greeting.next)
    }

    /// Time passes: greet our contacts again while the lobby has not answered (frames can be
    /// lost before a session exists to retransmit them), and dial again those not reached.
    pub fn tick(&mut self, now_ms: u64) {
        if self.is_playing() || now_ms < self.greeting.next {
            return;
        }
        self.greeting.next = now_ms + GREET_EVERY_MS;
        let (reached, unreached): (Vec<P>, Vec<P>) = self
            .greeting
            .contacts
            .iter()
            .partition(|p| self.connected.contains(p));
        for p in reached {
            self.greet(p);
        }
        self.greeting.rounds += 1;
        let whom = if unreached.len() == 1 {
            "the host"
        } else {
            "the other players"
        };
        // Why the last dial failed, when the network said (one reason: the first contact's).
        let why = unreached
            .iter()
            .find_map(|p| self.greeting.dial_errors.get(p))
            .map(|e| format!(" The last try: {e}."))
            .unwrap_or_default();
        if !unreached.is_empty()
            && !self.greeting.reached_any
            && now_ms >= GIVE_UP_UNREACHED_MS
            && !self.me.lan
        {
            self.out.push_back(Output::Unreachable(format!(
                "Could not reach {whom} in {} minutes; giving up.{why} Check the ticket, that \
                 the host is still running, and that its firewall lets it in.",
                now_ms / 60_000
            )));
            self.greeting.contacts.clear();
            return;
        }
        if !unreached.is_empty() && self.greeting.rounds.is_multiple_of(REDIAL_EVERY_GREETS) {
            self.say(format!(
                "Still trying to reach {whom} ({} s).{why} Check the ticket, and that the host's \
                 firewall lets it in.",
                now_ms / 1000
            ));
            for p in unreached {
                self.out.push_back(Output::Dial(p));
            }
        }
    }

    /// A dial of `peer` failed, for `reason` (in words, see `node::dial_error_words`): kept
    /// for the next "still trying" line if `peer` is a contact.
    pub fn dial_failed(&mut self, peer: P, reason: &str) {
        if self.greeting.contacts.contains(&peer) && !self.connected.contains(&peer) {
            let reason: String = reason.chars().take(200).collect();
            self.greeting.dial_errors.insert(peer, reason);
        }
    }

    /// LAN join: mDNS found `peer` at `addr`. True when the driver should dial it (the first
    /// time, while we look for a lobby).
    pub fn discovered(&mut self, peer: P, addr: &str) -> bool {
        if !self.me.lan
            || self.is_playing()
            || peer == self.me.id
            || self.greeting.lan_asked.len() >= MAX_LAN_ASKED
            || !self.greeting.lan_asked.insert(peer)
        {
            return false;
        }
        self.say(format!(
            "Found a dwarfs node on the LAN at {addr}; asking what it hosts."
        ));
        if self.connected.contains(&peer) {
            self.out.push_back(Output::Net(peer, NetMsg::LobbyQuery));
        }
        true
    }

    /// Tells a contact what we run and where we listen (and that we need the configuration).
    pub(super) fn greet(&mut self, peer: P) {
        let hello = self.me.hello.clone();
        self.out
            .push_back(Output::Lobby(peer, LobbyMessage::Hello(hello)));
        let join = NetMsg::Join {
            game_id: self.game_id,
            addrs: self.listen.clone(),
            spectator: self.me.spectator,
            need_config: !self.is_playing(),
            ready: self.me.ready,
        };
        self.out.push_back(Output::Net(peer, join));
    }
}
