//! What the controlling app asks for ([`Command`]): moves, chat, lobby requests, takeover
//! votes, leaving.

use super::Driver;
use crate::control::{Command, GameUpdate, Update};
use crate::envelope::NetMsg;
use dwarfs_engine::{Game, Seat};
use dwarfs_protocol::Phase;
use web_time::Instant;

impl<G: Game> Driver<G> {
    /// A command from the controlling app.
    pub(super) fn on_command(&mut self, cmd: Option<Command<G::Action>>) {
        let Some(cmd) = cmd else {
            // The app dropped its handle: leave.
            self.link = None;
            self.leave();
            return;
        };
        match cmd {
            Command::Leave => self.leave(),
            Command::AnswerWatcher { peer, allow } => {
                if let Ok(p) = peer.parse::<libp2p::PeerId>() {
                    self.lobby().answer_watcher(p, allow);
                }
            }
            Command::StartNow => self.lobby().start_now(),
            Command::TakeSeat(n) => self.lobby().take_seat(n),
            Command::Ready(r) => self.lobby().set_ready(r),
            Command::Chat(text) => {
                let text = text.trim().to_string();
                if text.is_empty() {
                    return;
                }
                match self.session.as_mut() {
                    None => self.lobby().chat(text),
                    Some(s) => match (s.send_chat(&text), s.local_seat()) {
                        (Ok(()), Some(seat)) => {
                            self.report
                                .chat
                                .push(format!("seat {}: {text}", seat.0 + 1));
                            self.update(|| Update::Game(GameUpdate::Chat { seat, text }));
                        }
                        (Ok(()), None) => {}
                        (Err(e), _) => self.update(|| Update::Refused(e.to_string())),
                    },
                }
            }
            Command::VoteTakeover(seat) => {
                let r = match self.session.as_mut() {
                    Some(s) => s.vote_takeover(seat).map_err(|e| e.to_string()),
                    None => Err("the game has not started".into()),
                };
                match r {
                    Ok(()) => self.say(format!(
                        "You voted to hand seat {} to the takeover bot.",
                        seat.0 + 1
                    )),
                    Err(e) => self.update(|| Update::Refused(e)),
                }
            }
            Command::Play(actions) => {
                let r = match &self.session {
                    None => Err("the game has not started"),
                    Some(s) if s.local_seat().is_none() => Err("a spectator does not play"),
                    // Our seat acts, alone or at a secret simultaneous step.
                    Some(s)
                        if !s
                            .state()
                            .to_act()
                            .includes(s.local_seat().unwrap_or(Seat(0))) =>
                    {
                        Err("it is not your turn")
                    }
                    // Our turn in the state shown; it is signed as soon as the move before it is
                    // final (see `play_app_move`).
                    Some(_) => Ok(()),
                };
                match r {
                    Ok(()) => self.moves.from_app.extend(actions),
                    Err(e) => self.update(|| Update::Refused(e.to_string())),
                }
            }
        }
    }

    /// Leaves: the lobby is told (the host frees our seat, or joiners learn it closed).
    fn leave(&mut self) {
        if !self.lobby().leave() {
            // A player who leaves a game under way says so, so the others hand its seat to the
            // bot now instead of waiting for the silence timeout.
            let to = match &self.session {
                Some(s)
                    if s.local_seat().is_some()
                        && !s.is_taken_over()
                        && matches!(s.phase(), Phase::Playing | Phase::Settling) =>
                {
                    s.broadcast_peers()
                }
                _ => Vec::new(),
            };
            for p in to {
                self.send_net(p, &NetMsg::Leave);
            }
        }
        self.leaving.left.get_or_insert_with(Instant::now);
    }
}
