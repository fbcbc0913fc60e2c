//! A network game's table: built from the peer's first state, it takes every later state, move
//! log line, score and incident from the peer's updates, and sends the player's moves as
//! commands once the move before them is final.

use super::*;

impl<V: GameView> Table<V> {
    /// A network game from its first state: `seat` is ours (`None` to watch), the others are
    /// people elsewhere or bots every peer runs alike.
    pub fn networked(
        game: V::G,
        names: Vec<String>,
        bots: Vec<bool>,
        seat: Option<Seat>,
        handle: PeerHandle<V::G>,
    ) -> Self {
        let seats: Vec<SeatInfo> = names
            .into_iter()
            .enumerate()
            .map(|(i, name)| SeatInfo {
                name,
                kind: if bots.get(i).copied().unwrap_or(false) {
                    SeatKind::Bot
                } else if seat == Some(Seat(i as u8)) {
                    SeatKind::Human
                } else {
                    SeatKind::Remote
                },
            })
            .collect();
        let players_at_start: Vec<Seat> = seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind != SeatKind::Bot)
            .map(|(i, _)| Seat(i as u8))
            .collect();
        let players = players_at_start.len();
        let mut remote = Remote::new(handle);
        remote.players_at_start = players_at_start;
        let last_round = game.current_round();
        let mut t = Table {
            history: vec![ScorePoint {
                round: game.current_round(),
                scores: game.running_scores(),
            }],
            game,
            view: V::default(),
            bots: seats.iter().map(|_| None).collect(),
            thinking: None,
            repaint: None,
            seats,
            log: Vec::new(),
            curtain: None,
            viewer: seat.map_or(Viewer::Spectator, Viewer::Seat),
            seq: 0,
            error: None,
            sync: SyncStatus::networked(players),
            bot_delay_ms: 0,
            bot_ready_at: 0.0,
            last_actor: None,
            last_round,
            remote: Some(remote),
            legal_cache: RefCell::new(None),
        };
        if let Actor::Seat(s) = t.game.to_act() {
            t.last_actor = Some(s);
        }
        t
    }

    /// The same network table, knowing each seat's peer and the links the lobby learnt.
    pub fn with_links(mut self, links: crate::gui::links::Links) -> Self {
        if let Some(r) = self.remote.as_mut() {
            r.links = links;
        }
        self
    }

    /// Takes in everything the peer reported since the last frame.
    pub fn pump_remote(&mut self) {
        let Some(r) = self.remote.as_mut() else {
            return;
        };
        let mut updates = Vec::new();
        while let Some(u) = r.handle.try_recv() {
            updates.push(u);
        }
        for u in updates {
            self.on_update(u);
        }
    }

    pub(in crate::gui) fn on_update(&mut self, u: Update<V::G>) {
        match u {
            Update::Applied {
                seq,
                seat,
                description,
                events,
                by_bot,
                state,
            } => {
                self.game = *state;
                self.seq = seq;
                let text = if by_bot
                    && self
                        .seats
                        .get(seat.index())
                        .is_some_and(|s| s.kind != SeatKind::Bot)
                {
                    format!("{description} (played by the takeover bot)")
                } else {
                    description
                };
                self.log.push(LogLine {
                    seq,
                    seat: Some(seat),
                    text,
                });
                self.record_events(&events);
                self.after_remote_state();
                if let Some(r) = self.remote.as_mut() {
                    if self.viewer == Viewer::Seat(seat) {
                        r.awaiting = false;
                    }
                    if r.silent == Some(seat) {
                        r.silent = None;
                    }
                }
                self.error = None;
                self.view.reset();
                self.send_queued();
            }
            Update::Chance {
                events,
                state,
                rerolled_after,
            } => {
                self.game = *state;
                if !rerolled_after.is_empty() {
                    self.log.push(LogLine {
                        seq: self.seq,
                        seat: None,
                        text: format!(
                            "Chance {}",
                            dwarfs_protocol::replay::rerolled_note(&rerolled_after)
                        ),
                    });
                }
                self.record_events(&events);
                self.after_remote_state();
            }
            Update::Final { seq, agreed, peers } => {
                self.sync.seq = seq;
                self.sync.agreed = agreed;
                self.sync.peers = peers;
            }
            Update::Incident(i) => {
                let peer = match i.seat {
                    Some(s) => self.seat_label(s),
                    None => i.peer.clone().unwrap_or_else(|| "unknown".into()),
                };
                self.sync.incident = Some(Incident {
                    kind: i.kind,
                    seq: i.seq,
                    peer,
                    evidence: i.evidence,
                });
            }
            Update::Halted(why) => self.sync.halted = Some(why),
            u @ (Update::Link { .. } | Update::PunchFailed { .. } | Update::Reachability(_)) => {
                if let Some(r) = self.remote.as_mut() {
                    r.links.on_update(u);
                }
            }
            Update::WatchRequest { peer, name } => {
                if let Some(r) = self.remote.as_mut()
                    && !r.watch_requests.iter().any(|(p, _)| *p == peer)
                    && r.watch_requests.len() < MAX_WATCH_REQUESTS_SHOWN
                {
                    r.watch_requests.push((peer, name));
                }
            }
            Update::Refused(why) => {
                self.error = Some(why);
                if let Some(r) = self.remote.as_mut() {
                    r.awaiting = false;
                    r.queued.clear();
                }
            }
            Update::Silent { seat } => {
                if let Some(r) = self.remote.as_mut() {
                    r.silent = Some(seat);
                }
            }
            Update::TakenOver { seat, from_seq } => {
                let label = self.seat_label(seat);
                if let Some(s) = self.seats.get_mut(seat.index()) {
                    s.kind = SeatKind::Bot;
                }
                if let Some(r) = self.remote.as_mut() {
                    r.silent = None;
                    r.takeovers.push((seat, from_seq));
                }
                self.sync.peers = self.sync.peers.saturating_sub(1).max(1);
                self.log.push(LogLine {
                    seq: from_seq,
                    seat: None,
                    text: format!("{label} is now played by the takeover bot"),
                });
            }
            Update::Chat { seat, text } => {
                let line = format!("{}: {text}", self.seat_label(seat));
                if let Some(r) = self.remote.as_mut() {
                    r.chat.push(line);
                }
            }
            Update::Status(s) => {
                if let Some(r) = self.remote.as_mut() {
                    r.status = Some(s);
                }
            }
            Update::Over { .. } => self.after_remote_state(),
            Update::Ended(report) => {
                if !matches!(report.ending, Ending::Over | Ending::Left)
                    && self.sync.halted.is_none()
                {
                    self.error = Some(format!(
                        "The network game stopped: {}",
                        ending_text(&report.ending)
                    ));
                }
                if let Some(r) = self.remote.as_mut() {
                    r.report = Some(*report);
                }
            }
            Update::Ticket(_)
            | Update::Roster { .. }
            | Update::LobbyChat { .. }
            | Update::Started { .. } => {}
        }
    }

    /// Sends the next action of a staged choice, if it is still ours to play and legal.
    fn send_queued(&mut self) {
        let Some(r) = self.remote.as_mut() else {
            return;
        };
        if r.awaiting {
            return;
        }
        let Some(next) = r.queued.pop_front() else {
            return;
        };
        let ours = match self.viewer {
            Viewer::Seat(v) if self.game.to_act().includes(v) => Some(v),
            _ => None,
        };
        if ours.is_some_and(|v| self.game.legal_actions_for_vec(v).contains(&next))
            && r.send(Command::Play(next))
        {
            r.awaiting = true;
        } else {
            r.queued.clear();
        }
    }

    /// Keeps the score history as turns pass (one point per change of the acting seat, and per
    /// new round).
    fn after_remote_state(&mut self) {
        match self.game.to_act() {
            Actor::Seat(s) if self.last_actor != Some(s) => {
                self.take_score_point();
                self.last_actor = Some(s);
                self.last_round = self.game.current_round();
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
