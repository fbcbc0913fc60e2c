//! The moves a replay records: a seat's signed move (or the takeover bot's), and a secret
//! step's commitments and reveals, each replayed through the engine.

use super::step::StepParts;
use super::{Verifier, check_sig};
use crate::keys::Domain;
use crate::lockstep;
use crate::message::{MoveBody, SecretCommitBody, SecretRevealBody};
use crate::replay::Fault;
use crate::replay::format::{Frame, MoveRecord, SecretRecord};
use dwarfs_engine::{Actor, Game, codec, state_hash};

impl<G: Game> Verifier<G> {
    /// The move log's lines for `events`, each on a line of its own under the move, in the
    /// game's own words ([`Game::describe_event`]); events the move's line already says give
    /// none.
    fn event_lines(&self, events: &[G::Event]) -> String {
        events
            .iter()
            .filter_map(|e| self.state.describe_event(e))
            .map(|line| format!("\n        {line}"))
            .collect()
    }

    /// A seat's move: its signature (with the ack folded into it), or the bot's move for a
    /// seat handed over, then the engine plays it.
    pub(super) fn play_move(
        &mut self,
        m: &MoveRecord,
        frame: &Frame,
        rest: &[(usize, Frame)],
        log: Option<&mut Vec<String>>,
    ) -> Result<(), Fault> {
        let expected = self.last_seq + 1;
        if m.seq != expected {
            return Err(Fault::Sequence {
                expected,
                got: m.seq,
            });
        }
        let seat = m.seat;
        let to_act = self.state.to_act();
        if to_act != Actor::Seat(seat) {
            return Err(Fault::WrongSeat {
                expected: match to_act {
                    Actor::Seat(s) => format!("{s} must act"),
                    Actor::Simultaneous(set) => format!("seats {set:?} decide in secret"),
                    Actor::Chance => "chance must be resolved".into(),
                    Actor::Over => "the game is over".into(),
                },
                got: seat,
            });
        }
        let prev = state_hash(&self.state)?;
        let action: G::Action = codec::decode(&m.action)
            .map_err(|e| Fault::Illegal(format!("the action does not decode: {e}")))?;
        let live = self.live.get(seat.index()).copied().unwrap_or(false);
        // A taken-over seat's own last move stands when a voter held it.
        let held = self.seat_move.filter(|(n, _)| *n == m.seq).map(|(_, h)| h);
        let stands = !live && held.is_some() && m.sig.is_some();
        self.mover = None;
        if !live && !stands {
            if m.sig.is_some() {
                return Err(Fault::BotMove(seat));
            }
            let bot = lockstep::bot_choice(&self.header.config, &self.state, seat, m.seq)?;
            if bot.as_ref() != Some(&action) {
                return Err(Fault::BotMove(seat));
            }
        }
        let description = self.state.describe(&action);
        let events = self
            .state
            .play(seat, &action)
            .map_err(|e| Fault::Illegal(format!("{description}: {e}")))?;
        // A signed move carries its author's ack: the state after it and a beacon link.
        if live || stands {
            let (Some(sig), Some(reveal)) = (m.sig, m.reveal) else {
                return Err(Fault::Signature {
                    what: "move (missing)",
                    seat,
                });
            };
            let signed = crate::message::Signed {
                body: MoveBody {
                    game_id: self.header.config.game_id,
                    seq: m.seq,
                    seat: m.seat,
                    prev,
                    action: m.action.clone(),
                    hash: state_hash(&self.state)?,
                    reveal,
                    next_tip: m.next_tip,
                },
                sig,
            };
            let key = self.keys[seat.index()].ok_or(Fault::Header)?;
            if held.is_some_and(|d| !live && crate::message::move_digest(&signed) != d)
                || !check_sig(&mut self.collect, &key, Domain::Move, &signed.body, &sig)
            {
                return Err(Fault::Signature { what: "move", seat });
            }
            self.signatures += 1;
            if live {
                self.mover = Some((seat, m.next_tip.is_some()));
                self.chains.claims.push((seat.index(), m.seq, reveal));
            }
        } else if m.reveal.is_some() || m.next_tip.is_some() {
            return Err(Fault::BotMove(seat));
        }
        let line = format!(
            "#{:<5} {}{}{}",
            m.seq,
            description,
            if live { "" } else { " (bot)" },
            self.event_lines(&events)
        );
        self.finish_step(
            frame,
            rest,
            log,
            StepParts {
                seq: m.seq,
                acks: &m.acks,
                beacon: &m.beacon,
                reroll: m.reroll.as_ref(),
                seat: Some(seat),
                description,
                line,
                events,
            },
        )
    }

    /// A simultaneous secret step: each live seat's signed commitment and reveal, the bot's
    /// choice for each seat handed over, then the engine plays them.
    pub(super) fn secret_step(
        &mut self,
        r: &SecretRecord,
        frame: &Frame,
        rest: &[(usize, Frame)],
        log: Option<&mut Vec<String>>,
    ) -> Result<(), Fault> {
        let game_id = self.header.config.game_id;
        self.mover = None;
        let expected = self.last_seq + 1;
        if r.seq != expected {
            return Err(Fault::Sequence {
                expected,
                got: r.seq,
            });
        }
        let Actor::Simultaneous(set) = self.state.to_act() else {
            return Err(Fault::Illegal(format!(
                "a secret step is recorded at move {} but the game does not ask for one",
                r.seq
            )));
        };
        let seats: Vec<u8> = r.choices.iter().map(|c| c.seat.0).collect();
        let want: Vec<u8> = set.iter().map(|s| s.0).collect();
        if seats != want {
            return Err(Fault::Illegal(format!(
                "the secret step of move {} records seats {seats:?}, but seats {want:?} decide",
                r.seq
            )));
        }
        let prev = state_hash(&self.state)?;
        let mut actions: Vec<Option<G::Action>> = vec![None; self.keys.len()];
        let mut recorded = Vec::new();
        for c in &r.choices {
            let seat = c.seat;
            let action: G::Action = codec::decode(&c.action).map_err(|e| {
                Fault::Illegal(format!("{seat}'s secret action does not decode: {e}"))
            })?;
            let live = self.live.get(seat.index()).copied().unwrap_or(false);
            match (&c.proof, live) {
                (Some(p), true) => {
                    let key = self.keys[seat.index()].ok_or(Fault::Header)?;
                    let digest =
                        crate::secret::commitment(&game_id, r.seq, c.seat, &c.action, &p.salt);
                    let commit = SecretCommitBody {
                        game_id,
                        seq: r.seq,
                        prev,
                        seat: c.seat,
                        digest,
                    };
                    if !check_sig(
                        &mut self.collect,
                        &key,
                        Domain::SecretCommit,
                        &commit,
                        &p.commit_sig,
                    ) {
                        return Err(Fault::Signature {
                            what: "secret commitment (or its reveal does not match it)",
                            seat,
                        });
                    }
                    let reveal = SecretRevealBody {
                        game_id,
                        seq: r.seq,
                        seat: c.seat,
                        action: c.action.clone(),
                        salt: p.salt,
                    };
                    if !check_sig(
                        &mut self.collect,
                        &key,
                        Domain::SecretReveal,
                        &reveal,
                        &p.reveal_sig,
                    ) {
                        return Err(Fault::Signature {
                            what: "secret reveal",
                            seat,
                        });
                    }
                    self.signatures += 2;
                }
                (None, false) => {}
                (None, true) => {
                    return Err(Fault::Signature {
                        what: "secret commitment (missing)",
                        seat,
                    });
                }
                (Some(_), false) => return Err(Fault::BotMove(seat)),
            }
            if live {
                actions[seat.index()] = Some(action.clone());
            }
            recorded.push(action);
        }
        let played =
            lockstep::play_secret_step(&self.header.config, &mut self.state, set, r.seq, |s| {
                actions.get(s.index()).cloned().flatten()
            })
            .map_err(|e| match e {
                lockstep::StepError::Bot(seat) => Fault::BotMove(seat),
                e => Fault::Illegal(e.to_string()),
            })?;
        let mut parts = Vec::new();
        for (p, action) in played.iter().zip(&recorded) {
            if p.action != *action {
                return Err(Fault::BotMove(p.seat));
            }
            parts.push(format!(
                "{}{}",
                p.description,
                if p.by_bot { " (bot)" } else { "" },
            ));
        }
        let description = format!("secret choices: {}", parts.join("; "));
        let events: Vec<G::Event> = played.into_iter().flat_map(|p| p.events).collect();
        let line = format!("#{:<5} {description}{}", r.seq, self.event_lines(&events));
        self.finish_step(
            frame,
            rest,
            log,
            StepParts {
                seq: r.seq,
                acks: &r.acks,
                beacon: &r.beacon,
                reroll: r.reroll.as_ref(),
                seat: None,
                description,
                line,
                events,
            },
        )
    }
}
