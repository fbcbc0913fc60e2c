//! What the controlling app is told of the session: the game as it stands (at the start or
//! after a resume), and each session event about the game as a [`GameUpdate`].

use super::Driver;
use crate::control::{GameUpdate, Incident, Started, Update};
use dwarfs_engine::Game;
use dwarfs_protocol::{Event, Session};

impl<G: Game> Driver<G> {
    /// Tells the app the game as it stands after a resume: a resumed session runs no seed
    /// round, so it never tells a `Started` of its own, and an app that waits for one (the
    /// terminal player) would never know its seat or the board.
    pub(super) fn announce_resumed(&self) {
        let (Some(link), Some(s)) = (&self.link, &self.session) else {
            return;
        };
        link.send(self.started(s, s.seed_digest().unwrap_or_default()));
    }

    /// The game as it stands, for the app: our seat, the seats' names and bots, the state.
    pub(super) fn started(&self, s: &Session<G>, seed: [u8; 32]) -> Update<G> {
        let (names, bots) = self.seat_names();
        Update::Started(Box::new(Started {
            seat: s.local_seat(),
            names,
            bots,
            state: s.state().clone(),
            seed,
            seq: s.applied_seq(),
        }))
    }

    /// Tells the controlling app what happened (the state is cloned only for an app).
    pub(super) fn forward(&self, e: &Event<G>) {
        let Some(link) = &self.link else { return };
        let Some(s) = &self.session else { return };
        let u = match e {
            Event::Started { seed, .. } => self.started(s, *seed),
            e => match self.game_news(s, e) {
                Some(g) => Update::Game(g),
                None => return,
            },
        };
        link.send(u);
    }

    /// The app's news of a session event that is about the game (`None` for the others).
    pub(super) fn game_news(&self, s: &Session<G>, e: &Event<G>) -> Option<GameUpdate<G>> {
        let state = || Box::new(s.state().clone());
        let u = match e {
            Event::Started { .. } | Event::YourTurn { .. } => return None,
            Event::MoveApplied {
                seq,
                seat,
                description,
                events,
                by_bot,
                ..
            } => GameUpdate::Applied {
                seq: *seq,
                seat: *seat,
                description: description.clone(),
                events: events.clone(),
                by_bot: *by_bot,
                state: state(),
            },
            Event::ChanceResolved {
                events,
                rerolled_after,
                ..
            } => GameUpdate::Chance {
                events: events.clone(),
                state: state(),
                rerolled_after: rerolled_after.clone(),
            },
            Event::MoveFinal { seq, .. } => {
                let n = self.live_players();
                GameUpdate::Final {
                    seq: *seq,
                    agreed: n,
                    peers: n,
                }
            }
            Event::GameOver { outcome, moves, .. } => GameUpdate::Over {
                outcome: outcome.clone(),
                moves: *moves,
            },
            Event::Desync(r) => {
                let odd = r
                    .hashes
                    .iter()
                    .find(|(_, h)| Some(*h) != r.majority)
                    .map(|(seat, _)| *seat);
                let peer = odd.and_then(|seat| {
                    s.seat_peers()
                        .get(seat.index())
                        .copied()
                        .flatten()
                        .map(|p| p.to_string())
                });
                let hashes: Vec<String> = r
                    .hashes
                    .iter()
                    .map(|(seat, h)| format!("seat {}: {}", seat.0 + 1, h.to_hex()))
                    .collect();
                GameUpdate::Incident(Incident {
                    kind: "Desync".into(),
                    seq: r.seq,
                    seat: odd,
                    peer,
                    evidence: format!(
                        "State hashes after move {} ({:?}):\n{}\nmajority: {}\nours: {}\n\n\
                         What we see (our seat's view; hidden hands are left out):\n{}",
                        r.seq,
                        r.stage,
                        hashes.join("\n"),
                        r.majority.map_or("none".into(), |h| h.to_hex()),
                        r.local.to_hex(),
                        r.view_debug
                    ),
                })
            }
            Event::Cheat(ev) => GameUpdate::Incident(Incident {
                kind: ev.kind.to_string(),
                seq: ev.seq,
                seat: ev.seat,
                peer: ev.peer_id().map(|p| p.to_string()),
                evidence: format!("{ev}\n\nSigned items proving it:\n{:#?}", ev.proof),
            }),
            Event::Silent { seat, .. } => GameUpdate::Silent { seat: *seat },
            Event::TakenOver { seat, from_seq } => GameUpdate::TakenOver {
                seat: *seat,
                from_seq: *from_seq,
            },
            Event::Chat { seat, text } => GameUpdate::Chat {
                seat: *seat,
                text: text.clone(),
            },
            Event::Halted { reason } => GameUpdate::Halted(reason.clone()),
        };
        Some(u)
    }
}
