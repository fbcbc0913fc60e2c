//! What every final move and secret step shares once the engine played it: the checkpoint's
//! acks and links, a takeover's re-roll, the chance point it leads to, and the position.

use super::Verifier;
use super::acks::Revealed;
use crate::beacon;
use crate::lockstep;
use crate::message::{AckStage, Link};
use crate::replay::format::{self, AckRecord, Frame};
use crate::replay::{Fault, Position, rerolled_note};
use dwarfs_engine::{Actor, Game, Seat, state_hash};

impl<G: Game> Verifier<G> {
    /// What every final move and secret step shares once it is played: the checkpoint acks and
    /// links, the chance point it leads to, the log line and the position.
    pub(super) fn finish_step(
        &mut self,
        frame: &Frame,
        rest: &[(usize, Frame)],
        mut log: Option<&mut Vec<String>>,
        step: StepParts<'_, G>,
    ) -> Result<(), Fault> {
        let cfg = self.header.config.clone();
        let StepParts {
            seq,
            acks,
            beacon: links,
            reroll,
            seat,
            description,
            line,
            mut events,
        } = step;
        let hash = state_hash(&self.state)?;
        // A takeover at this move: its acks carry every live seat's re-roll link.
        let due = match self.reroll_due.take() {
            Some((n, pos, after)) if n == seq => Some((pos, after)),
            _ => None,
        };
        let rerolls: Vec<Link> = match (&due, reroll) {
            (None, None) => Vec::new(),
            (Some((pos, after)), Some(r)) => {
                if r.after != *after {
                    return Err(Fault::Beacon(format!(
                        "the re-roll names seats {:?}, but seats {after:?} were handed over",
                        r.after
                    )));
                }
                let live = self.live_seats();
                if r.links.len() != live.len() {
                    return Err(Fault::Beacon(format!(
                        "{} re-roll links stored for {} live players",
                        r.links.len(),
                        live.len()
                    )));
                }
                let len = lockstep::reroll_len(&cfg);
                for (link, &i) in r.links.iter().zip(&live) {
                    let tip = self.reroll_tips[i].ok_or(Fault::Header)?;
                    if !beacon::check_reroll(&tip, len, *pos, link) {
                        return Err(Fault::Beacon(format!(
                            "{}'s re-roll link does not match its committed re-roll chain",
                            Seat(i as u8)
                        )));
                    }
                }
                r.links.clone()
            }
            (Some(_), None) => {
                return Err(Fault::Beacon(
                    "a move with a takeover at it lacks its re-roll links".into(),
                ));
            }
            (None, Some(_)) => {
                return Err(Fault::Beacon(
                    "re-roll links on a move with no takeover at it".into(),
                ));
            }
        };
        let rerolled_after = due.as_ref().map(|d| d.1.clone()).unwrap_or_default();
        let stored = lockstep::is_checkpoint(&cfg, seq) || due.is_some();
        if stored {
            let reroll = due.as_ref().map(|(pos, _)| (*pos, &rerolls[..]));
            // After a takeover at the move, the mover re-signed its ack with the others.
            let mover = self.mover.filter(|_| due.is_none());
            let revealed = Revealed {
                links,
                reroll,
                mover,
            };
            self.check_acks(acks, seq, AckStage::Applied, hash, revealed)?;
        } else if !acks.is_empty() {
            return Err(Fault::Acks(
                "acks stored on a move that is not a checkpoint".into(),
            ));
        }
        if let Some(all) = self.links_at_move(seq, links, stored, frame)? {
            self.absorb_links(seq, &all)?;
            self.chains.last_links = Some((seq, self.live_seats().into_iter().zip(all).collect()));
        }
        if let Some(log) = log.as_deref_mut() {
            log.push(line);
        }
        // Beacon.
        let chance = self.state.to_act() == Actor::Chance;
        if chance {
            let reveals = self.links_at(seq, frame, rest)?;
            let logging = log.is_some();
            let mut drawn = Vec::new();
            let label = if rerolled_after.is_empty() {
                "chance".to_string()
            } else {
                format!("chance ({})", rerolled_note(&rerolled_after))
            };
            lockstep::resolve_after_move(
                &mut self.state,
                &cfg.game_id,
                seq,
                &reveals,
                &rerolls,
                |_, ev| {
                    if logging {
                        drawn.extend(ev.iter().cloned());
                    }
                    if self.positions.is_some() {
                        events.extend(ev);
                    }
                },
            )
            .map_err(|e| Fault::Illegal(e.to_string()))?;
            if let Some(log) = log {
                let said: Vec<String> = drawn
                    .iter()
                    .filter_map(|e| self.state.describe_event(e))
                    .collect();
                log.push(if said.is_empty() {
                    format!("        {label}")
                } else {
                    format!("        {label}: {}", said.join("; "))
                });
            }
            self.chance_points += 1;
        }
        if lockstep::is_segment_end(&cfg, seq) {
            let tips = acks.iter().map(|a| (a.seat, a.next_tip));
            let folded = match (self.mover, frame) {
                (Some((seat, _)), Frame::Move(m)) => Some((seat, m.next_tip)),
                _ => None,
            };
            for (seat, tip) in tips.chain(folded) {
                if let (Some(tip), Some(t)) = (tip, self.chains.trackers[seat.index()].as_mut()) {
                    t.advance(seq, tip);
                    self.chains.cache[seat.index()] = (0, Vec::new());
                }
            }
        }
        if let Some(p) = &mut self.positions {
            p.push(Position {
                seq,
                seat,
                description: Some(description),
                state: self.state.clone(),
                events,
                rerolled_after: if chance { rerolled_after } else { Vec::new() },
            });
        }
        self.last_reroll = due.map(|(pos, _)| (seq, pos, rerolls));
        self.last_seq = seq;
        self.last_chance = chance;
        self.step_hash = Some(hash);
        Ok(())
    }
}

/// The parts of a final move or secret step that [`Verifier::finish_step`] checks.
pub(super) struct StepParts<'a, G: Game> {
    pub(super) seq: u32,
    pub(super) acks: &'a [AckRecord],
    pub(super) beacon: &'a [Link],
    pub(super) reroll: Option<&'a format::RerollRecord>,
    pub(super) seat: Option<Seat>,
    pub(super) description: String,
    pub(super) line: String,
    /// The step's own events (the chance points' are added as they resolve).
    pub(super) events: Vec<G::Event>,
}
