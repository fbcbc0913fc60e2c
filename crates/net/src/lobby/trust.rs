//! Whom the node trusts: the one rule ([`Lobby::trusted`]). A trusted peer may use our node as
//! a relay (when it serves as one) and is exempt from the connection and stream totals that
//! strangers can fill, so strangers cannot lock the players out; a node answers anyone, so
//! trust goes only to the peers our lobby or game has: never for saying Join, for any game.

use super::*;

impl<G: Game, P: LobbyPeer> Lobby<G, P> {
    /// The peers we trust now, never ourselves:
    /// - while we host the lobby: the joiners we seated (not one refused, or gone: a joiner that
    ///   left or disconnected gave its seat back) and the spectators we admitted (until they say
    ///   they leave);
    /// - while we wait for a lobby: the host we dialled and the players of its signed roster;
    /// - once the game runs: its seated players (but not one who said it leaves the game), the
    ///   host we know, and the admitted spectators (ours, or those the host's signed word named);
    /// - once the game is over for us ([`Lobby::game_over`]): nobody.
    ///
    /// The driver tells the node ([`crate::node::Node::trust`], [`crate::node::Node::distrust`])
    /// whenever this changes.
    pub fn trusted(&self) -> BTreeSet<P> {
        let mut t = BTreeSet::new();
        if self.over {
            return t;
        }
        match &self.stage {
            Stage::Hosting(lobby) => t.extend(lobby.joined()),
            Stage::Waiting | Stage::Playing => {
                t.extend(self.from_host.host);
                t.extend(self.players.iter().copied());
                t.extend(
                    self.from_host
                        .roster
                        .iter()
                        .flat_map(|r| &r.seats)
                        .filter_map(|s| s.peer.as_deref().and_then(P::from_bytes)),
                );
                for p in &self.left {
                    t.remove(p);
                }
            }
        }
        t.extend(self.watchers.admitted.iter().copied());
        t.remove(&self.me.id);
        t
    }

    /// The game's seated players, from its configuration (a joiner's and a resumed player's
    /// lobby may not hold a roster naming them all).
    pub fn seated(&mut self, players: impl IntoIterator<Item = P>) {
        let me = self.me.id;
        self.players = players.into_iter().filter(|p| *p != me).collect();
    }

    /// The game is over for us (it ended or halted, or we left): nobody is trusted any more.
    pub fn game_over(&mut self) {
        self.over = true;
    }
}
