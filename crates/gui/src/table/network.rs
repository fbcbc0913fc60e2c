//! A network game's table: built from the game's start, it feeds every update of the peer to
//! its [`GameMirror`] and keeps the board's own bookkeeping (animations, the score history,
//! a seat handed to the bot) in step with what the mirror says changed.

use super::*;
use dwarfs_client::{Started, Update};

impl<V: GameView> Table<V> {
    /// A network game from its start: `started.seat` is ours (`None` to watch), the others are
    /// people elsewhere or bots every peer runs alike.
    pub fn networked(started: Started<V::G>, link: Box<dyn PeerLink<V::G>>) -> Self {
        let seat = started.seat;
        let seats: Vec<SeatInfo> = started
            .names
            .iter()
            .enumerate()
            .map(|(i, name)| SeatInfo {
                name: name.clone(),
                kind: if started.bots.get(i).copied().unwrap_or(false) {
                    SeatKind::Bot
                } else if seat == Some(Seat(i as u8)) {
                    SeatKind::Human
                } else {
                    SeatKind::Remote
                },
            })
            .collect();
        let mirror = GameMirror::new(started);
        let last_round = mirror.state.current_round();
        let mut t = Table {
            history: vec![ScorePoint {
                round: mirror.state.current_round(),
                scores: mirror.state.running_scores(),
            }],
            mirror,
            view: V::default(),
            bots: seats.iter().map(|_| None).collect(),
            thinking: None,
            repaint: None,
            seats,
            curtain: None,
            viewer: seat.map_or(Viewer::Spectator, Viewer::Seat),
            report_saved: None,
            platform: Rc::new(crate::platform::Inline),
            bot_delay_ms: 0,
            bot_ready_at: 0.0,
            last_actor: None,
            last_round,
            remote: Some(Remote {
                link,
                chat_input: String::new(),
            }),
            legal_cache: RefCell::new(None),
        };
        if let Actor::Seat(s) = t.mirror.state.to_act() {
            t.last_actor = Some(s);
        }
        t
    }

    /// The same network table, knowing each seat's peer and the links the lobby learnt.
    pub fn with_links(mut self, links: dwarfs_client::Links) -> Self {
        self.mirror.links = links;
        self
    }

    /// Takes in everything the peer reported since the last frame.
    pub fn pump_remote(&mut self) {
        let mut updates = Vec::new();
        if let Some(r) = self.remote.as_mut() {
            while let Some(u) = r.link.try_recv() {
                updates.push(u);
            }
        }
        for u in updates {
            self.on_update(u);
        }
    }

    /// Takes in one update: the mirror keeps the game; the board animates what happened, the
    /// score history follows the turns.
    pub fn on_update(&mut self, u: Update<V::G>) {
        let changed = self.mirror.on_update(u);
        if let Some(seat) = changed.taken_over
            && let Some(s) = self.seats.get_mut(seat.index())
        {
            s.kind = SeatKind::Bot;
        }
        if !changed.events.is_empty() {
            self.view.on_events(&self.mirror.state, &changed.events);
        }
        if changed.moved {
            // A staged choice on the board is stale once any move lands.
            self.view.reset();
        }
        if changed.state {
            self.after_remote_state();
        }
    }

    /// Keeps the score history as turns pass (one point per change of the acting seat, and per
    /// new round).
    fn after_remote_state(&mut self) {
        match self.mirror.state.to_act() {
            Actor::Seat(s) if self.last_actor != Some(s) => {
                self.take_score_point();
                self.last_actor = Some(s);
                self.last_round = self.mirror.state.current_round();
            }
            Actor::Seat(_) => self.new_round(),
            Actor::Over if self.last_actor.is_some() => {
                self.take_score_point();
                self.last_actor = None;
            }
            _ => {}
        }
    }
}
