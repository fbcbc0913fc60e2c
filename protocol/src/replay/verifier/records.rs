//! The frames between and after moves: a takeover (the others' votes, the seats handed to the
//! bot, the re-roll it starts) and the end of the game (every live seat's final ack).

use super::acks::Revealed;
use super::{Verifier, check_sig};
use crate::keys::Domain;
use crate::message::AckStage;
use crate::replay::Fault;
use crate::replay::format::{FinalRecord, TakeoverRecord};
use dwarfs_engine::{Actor, Game, Seat, state_hash};

impl<G: Game> Verifier<G> {
    /// A takeover record: the seats handed to the bot from its move on, by the others' votes.
    pub(super) fn takeover(
        &mut self,
        t: &TakeoverRecord,
        log: Option<&mut Vec<String>>,
    ) -> Result<(), Fault> {
        // Before the seed is drawn again (a seat withheld its seed reveal), takeovers are at
        // the seed round: move 0.
        let from = if self.seed.is_none() {
            0
        } else {
            self.last_seq + 1
        };
        if t.from_seq != from {
            return Err(Fault::Takeover(format!(
                "takeover recorded from move {} at move {from}",
                t.from_seq
            )));
        }
        let live = self.live_seats();
        let targets: Vec<usize> = t.seats.iter().map(|&s| s.index()).collect();
        if targets.is_empty() || targets.windows(2).any(|w| w[0] >= w[1]) {
            return Err(Fault::Takeover(
                "the seats handed over must be listed once each, in order".into(),
            ));
        }
        if let Some(&s) = targets.iter().find(|s| !live.contains(s)) {
            return Err(Fault::Takeover(format!(
                "{} is not a live player",
                Seat(s as u8)
            )));
        }
        let voters = crate::takeover::voters(&live, &targets);
        let players = self.keys.iter().filter(|k| k.is_some()).count();
        let needed = crate::takeover::quorum(players);
        if voters.len() < needed {
            return Err(Fault::Takeover(format!(
                "{} voters, but a takeover needs {needed} in a game of {players} players",
                voters.len()
            )));
        }
        if t.votes.len() != targets.len() * voters.len() {
            return Err(Fault::Takeover("not every other live player voted".into()));
        }
        let expected = targets
            .iter()
            .flat_map(|&s| voters.iter().map(move |&v| (s, v)));
        for (vote, (s, v)) in t.votes.iter().zip(expected) {
            if vote.seat.index() != s || vote.voter.index() != v {
                return Err(Fault::Takeover("votes out of seat order".into()));
            }
            if t.from_seq == 0 && vote.seat_move.is_some() {
                return Err(Fault::Takeover(
                    "a vote at the seed round names a move of the seat".into(),
                ));
            }
            let body = crate::message::TakeoverBody {
                game_id: self.header.config.game_id,
                seat: vote.seat,
                from_seq: t.from_seq,
                voter: vote.voter,
                seat_move: vote.seat_move,
            };
            let key = self.keys[v].as_ref().ok_or(Fault::Header)?;
            if !check_sig(&mut self.collect, key, Domain::Takeover, &body, &vote.sig) {
                return Err(Fault::Signature {
                    what: "takeover vote",
                    seat: vote.voter,
                });
            }
            self.signatures += 1;
        }
        if t.from_seq <= 1 {
            if !t.beacon.is_empty() {
                return Err(Fault::Beacon("links stored before the first move".into()));
            }
        } else {
            self.absorb_links(t.from_seq - 1, &t.beacon)?;
        }
        for &s in &targets {
            self.live[s] = false;
            self.takeovers.push((Seat(s as u8), t.from_seq));
        }
        if let Some((_, links)) = &mut self.chains.last_links {
            links.retain(|(i, _)| !targets.contains(i));
        }
        self.takeover_sets.push((t.from_seq, t.seats.clone()));
        let pos = self.takeover_sets.len() as u32;
        // At the seed round the re-roll links redraw the seed (see `reseed`), not a move's
        // chance point.
        if t.from_seq > 0 {
            let mut after = match self.reroll_due.take() {
                Some((n, _, after)) if n == t.from_seq => after,
                _ => Vec::new(),
            };
            after.extend(t.seats.iter().copied());
            after.sort_unstable();
            self.reroll_due = Some((t.from_seq, pos, after));
        }
        if let Some(h) = t.votes.iter().find_map(|v| v.seat_move) {
            self.seat_move = Some((t.from_seq, h));
        }
        if let Some(log) = log {
            let seats = targets
                .iter()
                .map(|&s| Seat(s as u8).to_string())
                .collect::<Vec<_>>()
                .join(" and ");
            log.push(if t.from_seq == 0 {
                format!("--- {seats} handed to the bot at the seed round by the others' vote")
            } else {
                format!(
                    "--- {seats} handed to the bot from move {} by the others' vote",
                    t.from_seq
                )
            });
        }
        Ok(())
    }

    /// The end record: the game is over, and every live seat acked its final state.
    pub(super) fn end(
        &mut self,
        f: &FinalRecord,
        log: Option<&mut Vec<String>>,
    ) -> Result<(), Fault> {
        if f.seq != self.last_seq {
            return Err(Fault::Ending(format!(
                "the end record names move {} but the last move is {}",
                f.seq, self.last_seq
            )));
        }
        if self.state.to_act() != Actor::Over {
            return Err(Fault::Ending(
                "the end record comes before the game is over".into(),
            ));
        }
        let want = if self.last_chance {
            AckStage::Settled
        } else {
            AckStage::Applied
        };
        if f.stage != want {
            return Err(Fault::Ending("the end record acks the wrong state".into()));
        }
        let hash = state_hash(&self.state)?;
        let last_reroll = self.last_reroll.clone();
        let reroll = match (&last_reroll, f.stage) {
            (Some((n, pos, links)), AckStage::Applied) if *n == f.seq => Some((*pos, &links[..])),
            _ => None,
        };
        // After a takeover at the move, the mover re-signed its ack with the others.
        let mover = self
            .mover
            .filter(|_| f.stage == AckStage::Applied && reroll.is_none());
        let revealed = Revealed {
            links: &f.beacon,
            reroll,
            mover,
        };
        self.check_acks(&f.acks, f.seq, f.stage, hash, revealed)?;
        self.absorb_links(f.seq, &f.beacon)?;
        if !self.chains.claims.is_empty() {
            return Err(Fault::Beacon(
                "beacon links signed in moves are never checked against their chains".into(),
            ));
        }
        self.over = true;
        if let Some(log) = log {
            log.push(format!(
                "game over after {} moves; final hash {} acked by every live player",
                f.seq,
                hash.short()
            ));
        }
        Ok(())
    }
}
