//! Spectators: who asks to watch, the host's (or the player's) answer, and who is admitted. An
//! admitted spectator may ask the players for the log of the game; nothing else.

use super::*;

/// The spectators of a game: admitted, asking, and refused.
pub(super) struct Watchers<P> {
    /// Admitted spectators (at most [`MAX_WATCHERS`]): they may ask for the log.
    pub(super) admitted: BTreeSet<P>,
    /// Host: spectator requests waiting for an answer, with the asker's name (at most
    /// [`MAX_WATCH_REQUESTS`]).
    pub(super) requests: BTreeMap<P, String>,
    /// Host: peers refused as spectators, refused again without asking the player (at most
    /// [`MAX_WATCHERS`]; the oldest refusals are forgotten first).
    pub(super) denied: VecDeque<P>,
}

impl<P> Default for Watchers<P> {
    fn default() -> Self {
        Watchers {
            admitted: BTreeSet::new(),
            requests: BTreeMap::new(),
            denied: VecDeque::new(),
        }
    }
}

impl<G: Game, P: LobbyPeer> Lobby<G, P> {
    /// Whether `peer` is an admitted spectator (it may ask for the log; nothing else).
    pub fn is_watcher(&self, peer: &P) -> bool {
        self.watchers.admitted.contains(peer)
    }

    /// `from` asks to watch (before or during the game). An admitted spectator is answered at
    /// once; otherwise the host admits it when anyone may watch, or asks the player
    /// ([`Output::WatchRequest`]); a player who is not the host admits it only when the host
    /// said anyone may watch, and otherwise leaves it to the host.
    pub(super) fn watch_request(&mut self, from: P, need_config: bool) {
        if self.watchers.admitted.contains(&from) {
            if self.is_playing() {
                self.out.push_back(Output::Rejoined {
                    peer: from,
                    need_config,
                });
            }
            return;
        }
        if self.me.anyone_may_watch {
            self.admit_watcher(from);
            return;
        }
        if !self.hosted {
            tracing::debug!(
                ?from,
                "a spectator request to a player: the host answers it"
            );
            return;
        }
        if self.watchers.requests.contains_key(&from) {
            return;
        }
        if self.watchers.denied.contains(&from) {
            self.deny_watcher(from, "the host said no");
            return;
        }
        if self.watchers.requests.len() >= MAX_WATCH_REQUESTS {
            self.deny_watcher(
                from,
                "too many spectator requests are waiting; ask again later",
            );
            return;
        }
        let name = self.name_of(&from);
        self.watchers.requests.insert(from, name.clone());
        self.say(format!("{name} asks to watch the game."));
        self.out
            .push_back(Output::WatchRequest { peer: from, name });
    }

    /// Host: the player's answer to a spectator request ([`Output::WatchRequest`]).
    pub fn answer_watcher(&mut self, peer: P, allow: bool) {
        if self.watchers.requests.remove(&peer).is_none() {
            return;
        }
        if allow {
            self.admit_watcher(peer);
        } else {
            if self.watchers.denied.len() >= MAX_WATCHERS {
                self.watchers.denied.pop_front();
            }
            self.watchers.denied.push_back(peer);
            self.deny_watcher(peer, "the host said no");
        }
    }

    /// The spectator requests waiting for the host's answer, with the askers' names.
    pub fn watch_requests(&self) -> impl Iterator<Item = (&P, &String)> {
        self.watchers.requests.iter()
    }

    fn deny_watcher(&mut self, peer: P, why: &str) {
        self.out
            .push_back(Output::Net(peer, NetMsg::WatchDenied(why.to_string())));
    }

    /// Admits `peer` as a spectator: the players are told (they answer its log requests), and
    /// a game under way is handed to it.
    fn admit_watcher(&mut self, peer: P) {
        if self.watchers.admitted.len() >= MAX_WATCHERS {
            self.deny_watcher(
                peer,
                &format!("this game has {MAX_WATCHERS} spectators already"),
            );
            return;
        }
        self.watchers.admitted.insert(peer);
        if self.hosted {
            self.tell_watchers();
        }
        if self.is_playing() {
            self.out.push_back(Output::Rejoined {
                peer,
                need_config: true,
            });
        }
    }

    /// Host: tells every seated player who may watch (after the start and each admission),
    /// signed ([`Domain::Watchers`]).
    pub(super) fn tell_watchers(&mut self) {
        let list = WatcherList {
            game_id: self.game_id,
            open: self.me.anyone_may_watch,
            admitted: self
                .watchers
                .admitted
                .iter()
                .map(|p| p.to_bytes())
                .collect(),
        };
        let msg = NetMsg::Watchers(Signed::sign(&self.me.signer, Domain::Watchers, list));
        for p in self.players.clone() {
            self.out.push_back(Output::Net(p, msg.clone()));
        }
    }

    /// A player learns from the host who may watch: only the host's word counts, signed by its
    /// key for our game (a contact relaying it changes nothing). A list from anyone else, or
    /// when we do not know the host (a resumed peer with neither a ticket nor the host's
    /// signed roster), is dropped: no other player can open a game the host closed. The host's
    /// lists only add spectators.
    pub(super) fn on_watchers(&mut self, from: P, signed: Signed<WatcherList>) {
        if self.hosted || !self.greeting.contacts.contains(&from) {
            return;
        }
        if let Err(why) = self.check_hosts_word(&signed, Domain::Watchers) {
            tracing::warn!(?from, "a list of spectators ignored: {why}");
            return;
        }
        if signed.body.game_id != self.game_id {
            tracing::warn!(?from, "a list of spectators for another game ignored");
            return;
        }
        let WatcherList { open, admitted, .. } = signed.body;
        self.me.anyone_may_watch = open;
        for b in admitted.iter().take(MAX_WATCHERS) {
            if self.watchers.admitted.len() >= MAX_WATCHERS {
                break;
            }
            if let Some(p) = P::from_bytes(b) {
                self.watchers.admitted.insert(p);
            }
        }
    }
}
