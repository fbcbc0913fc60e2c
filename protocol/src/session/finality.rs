//! Finality: a move is final when every live seat acked the same hash; chance points after it,
//! the end of the game, desyncs, and what is played next.

use super::*;
use crate::lockstep::{AckClaim, NotFinal};
use crate::message::Link;
use dwarfs_engine::Viewer;

impl<G: Game> Session<G> {
    pub(super) fn live_player_seats(&self) -> Vec<usize> {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.live && s.player.is_some())
            .map(|(i, _)| i)
            .collect()
    }

    /// The re-roll position the acks of move `n` carry: the number of takeovers so far when one
    /// (or more) happened at `n`, `None` otherwise.
    pub(super) fn reroll_pos(&self, n: u32) -> Option<u32> {
        self.takeover
            .history
            .iter()
            .rposition(|(from, _)| *from == n)
            .map(|i| i as u32 + 1)
    }

    /// Whether seat `i`'s ack of move `seq` that we hold counts for finality: it was signed
    /// after every takeover at `seq` that we applied (and no other).
    pub(super) fn ack_counts(&self, seq: u32, i: usize) -> bool {
        self.held_ack(seq, i, self.counted_rank(seq)).is_some()
    }

    /// The pending move when its author's ack is folded into it: a signed move of a live seat.
    /// That seat sends no separate ack of it, except after a takeover at the move: every live
    /// seat then signs an ack with its re-roll link, the mover too, and that ack counts.
    pub(super) fn folded_ack(&self) -> Option<&Signed<MoveBody>> {
        let p = self.ledger.pending.as_ref()?;
        if self.reroll_pos(p.seq).is_some() {
            return None;
        }
        p.mv.as_ref()
            .filter(|m| m.body.seat == p.seat && self.seats[p.seat.index()].live)
    }

    /// Whether seat `i` acked move `seq` with an ack that counts ([`Session::ack_counts`]), or
    /// is the pending move's author, whose move acks it.
    pub(super) fn acked(&self, seq: u32, i: usize) -> bool {
        self.ack_counts(seq, i)
            || self
                .folded_ack()
                .is_some_and(|m| m.body.seq == seq && m.body.seat.index() == i)
    }

    /// Finalises the pending move if every live seat acked it (its author by signing it).
    pub(super) fn try_finalize(&mut self) -> bool {
        let Some((seq, hash)) = self.ledger.pending.as_ref().map(|p| (p.seq, p.hash)) else {
            return false;
        };
        let live = self.live_player_seats();
        // A vote we cast to take over a live seat at this move binds us: wait for the others.
        if self.bound_by_vote(seq, &live) {
            return false;
        }
        let folded = self.folded_ack().cloned();
        let mover = folded.as_ref().map(|m| m.body.seat.index());
        let live_seats: Vec<Seat> = live.iter().map(|&i| Seat(i as u8)).collect();
        let reroll = self.reroll_pos(seq);
        let rank = self.counted_rank(seq);
        let claims: Vec<AckClaim> = live
            .iter()
            .filter_map(|&i| match &folded {
                Some(m) if Some(i) == mover => Some(AckClaim {
                    seat: m.body.seat,
                    hash: m.body.hash,
                    recommits: m.body.next_tip.is_some(),
                }),
                _ => self.held_ack(seq, i, rank).map(claim),
            })
            .collect();
        let verdict = lockstep::check_final(
            &self.config,
            seq,
            AckStage::Applied,
            &live_seats,
            &claims,
            hash,
        );
        if let Err(NotFinal::Missing(_) | NotFinal::Unexpected(_)) = verdict {
            return false;
        }
        // The acks that count (one per seat, at the re-roll position we count).
        let n = self.seats.len();
        let acks: Vec<Option<Ack>> = (0..n)
            .map(|i| self.held_ack(seq, i, rank).cloned())
            .collect();
        // What the acks reveal, checked against the committed chains (nothing changed yet).
        let links = self.final_links(seq, &live, folded.as_ref(), &acks, reroll);
        // An ack counted before its check may only agree (see `deferred.rs`): before the move is
        // final on anything else, or written with its acks' signatures (a checkpoint, the end),
        // the acks are checked, and what was decided on a bad one (dropped) is decided again.
        let checkpoint = lockstep::is_checkpoint(&self.config, seq) || reroll.is_some();
        let written = checkpoint || self.ledger.state.to_act() == Actor::Over;
        let agreed = verdict.is_ok() && links.is_ok() && !written;
        if !agreed && self.unchecked_of(seq) && self.check_deferred_dropped() {
            return true;
        }
        // Disagreeing acks of a signed move: first the signed moves are exchanged (a mover may
        // have sent different ones to different peers), see `dispute.rs`.
        if matches!(verdict, Err(NotFinal::Desync { .. })) && self.dispute_pending(&claims, hash) {
            return false;
        }
        // The others held for this move go with it.
        self.ledger.acks.remove(&seq);
        // The signed item behind seat `i`'s ack: its move or its ack.
        let proof = |i: usize| match &folded {
            Some(m) if Some(i) == mover => Some(LogItem::Move(m.clone())),
            _ => acks.get(i).cloned().flatten().map(LogItem::Ack),
        };
        match verdict {
            Err(NotFinal::Desync { .. }) => {
                let hashes: Vec<(Seat, StateHash)> =
                    claims.iter().map(|c| (c.seat, c.hash)).collect();
                let proofs = live.iter().map(|&i| (Seat(i as u8), proof(i))).collect();
                self.name_false_hashes(seq, &hashes, hash, proofs);
                self.desync(seq, AckStage::Applied, hashes, hash);
                return true;
            }
            Err(NotFinal::Recommit { seat, lacks }) => {
                self.bad_ack(seat, seq, proof(seat.index()), recommit_fault(seq, lacks));
                return true;
            }
            _ => {}
        }
        let links = match links {
            Ok(links) => links,
            Err((seat, why)) => {
                self.bad_ack(seat, seq, proof(seat.index()), why);
                return true;
            }
        };
        // Beacon reveals (each signed by its author, so a withheld or false one is the author's
        // own doing), and re-roll links after a takeover at this move.
        let segment_end = lockstep::is_segment_end(&self.config, seq);
        let mut reveals = Vec::new();
        let mut rerolls = Vec::new();
        for (i, l) in links {
            let Some(mut t) = self.ledger.trackers[i] else {
                continue;
            };
            rerolls.extend(l.reroll);
            reveals.push(l.reveal);
            t.advance(seq, l.reveal);
            if segment_end && let Some(tip) = l.next_tip {
                t.advance(seq, tip);
            }
            self.ledger.trackers[i] = Some(t);
        }
        // Final.
        let Some(p) = self.ledger.pending.take() else {
            return false;
        };
        self.ledger.future_moves = self.ledger.future_moves.split_off(&(p.seq + 1));
        self.secret.commits = self.secret.commits.split_off(&(p.seq + 1));
        self.secret.reveals = self.secret.reveals.split_off(&(p.seq + 1));
        self.ledger.final_seq = p.seq;
        // Votes for moves before the one just final can no longer be used.
        let f = self.ledger.final_seq;
        self.takeover.votes.retain(|(_, n), _| *n >= f);
        // The mover's ack is its move's signature: only the others' are recorded (a separate
        // ack of its own move, which it need not send, is left out; after a takeover at the
        // move there is no folded ack, and the mover's re-signed ack is one of the others').
        let ack_records: Vec<AckRecord> = live
            .iter()
            .filter(|&&i| Some(i) != mover)
            .filter_map(|&i| acks.get(i).and_then(|a| a.as_ref()))
            .map(AckRecord::of)
            .collect();
        let sig = p.mv.as_ref().map(|m| m.sig);
        let (reveal, next_tip) =
            p.mv.as_ref()
                .map_or((None, None), |m| (Some(m.body.reveal), m.body.next_tip));
        let (choices, secret_items) = match p.secret {
            Some((c, items)) => (Some(c), items),
            None => (None, Vec::new()),
        };
        self.ledger.log.push(LogEntry {
            mv: p.mv,
            acks,
            secret: secret_items,
        });
        self.events.push_back(Event::MoveFinal {
            seq: p.seq,
            hash: p.hash,
        });
        if self.ledger.state.to_act() == Actor::Chance {
            self.ledger.hash_cache = None;
        }
        let rerolled_after: Vec<Seat> = if reroll.is_some() {
            let mut v: Vec<Seat> = self
                .takeover
                .history
                .iter()
                .filter(|(from, _)| *from == p.seq)
                .flat_map(|(_, s)| s.iter().copied())
                .collect();
            v.sort_unstable();
            v
        } else {
            Vec::new()
        };
        let reroll_record = reroll.map(|_| RerollRecord {
            after: rerolled_after.clone(),
            links: rerolls.clone(),
        });
        let events = &mut self.events;
        let chance = match lockstep::resolve_after_move(
            &mut self.ledger.state,
            &self.game_id,
            p.seq,
            &reveals,
            &rerolls,
            |entropy, ev| {
                events.push_back(Event::ChanceResolved {
                    seq: p.seq,
                    entropy,
                    events: ev,
                    rerolled_after: rerolled_after.clone(),
                })
            },
        ) {
            Ok(chance) => chance,
            Err(e) => {
                self.halt(format!("the engine refused a chance point: {e}"));
                return true;
            }
        };
        // A move with a takeover at it is stored with its acks and links, like a checkpoint.
        // In a 2-player game, any other move is stored with the links of the acks it is final
        // on (the mover's is in its move), so that a survivor resumed with its partner gone
        // holds them (see `MoveRecord::beacon`).
        let beacon = if checkpoint {
            reveals.clone()
        } else if lockstep::links_every_move(&self.config) {
            live.iter()
                .zip(&reveals)
                .filter(|(i, _)| Some(**i) != mover)
                .map(|(_, l)| *l)
                .collect()
        } else {
            Vec::new()
        };
        let acks = if checkpoint {
            ack_records.clone()
        } else {
            Vec::new()
        };
        let frame = match choices {
            Some(choices) => Frame::Secret(SecretRecord {
                seq: p.seq,
                choices,
                beacon,
                acks,
                reroll: reroll_record,
            }),
            None => Frame::Move(MoveRecord {
                seq: p.seq,
                seat: p.seat,
                action: match codec::encode(&p.action) {
                    Ok(a) => a,
                    Err(e) => {
                        self.halt(format!("this build cannot encode move {}: {e}", p.seq));
                        return true;
                    }
                },
                sig,
                reveal,
                next_tip,
                beacon,
                acks,
                reroll: reroll_record,
            }),
        };
        self.ledger.last_links = live.iter().map(|&i| Seat(i as u8)).zip(reveals).collect();
        self.ledger.relink = None;
        self.push_frame(frame);
        self.progress();
        if self.ledger.state.to_act() == Actor::Over {
            if chance {
                self.phase = Phase::Settling;
                self.send_settled();
            } else {
                self.push_frame(Frame::Final(FinalRecord {
                    seq: p.seq,
                    stage: AckStage::Applied,
                    acks: ack_records,
                    beacon: self.ledger.last_links.iter().map(|l| l.1).collect(),
                }));
                self.game_over();
            }
        }
        true
    }

    /// What each live seat's ack (or the mover's move) of move `seq` reveals, checked against
    /// its committed chains without changing anything: its beacon link, its re-roll link after a
    /// takeover at the move (position `reroll`), its re-commit. The first seat whose reveal does
    /// not hold, with why, is the error.
    fn final_links(
        &self,
        seq: u32,
        live: &[usize],
        folded: Option<&Signed<MoveBody>>,
        acks: &[Option<Ack>],
        reroll: Option<u32>,
    ) -> Result<Vec<(usize, FinalLinks)>, (Seat, String)> {
        let mover = folded.map(|m| m.body.seat.index());
        let reroll_len = lockstep::reroll_len(&self.config);
        let mut out = Vec::new();
        for &i in live {
            let ack = acks.get(i).and_then(|a| a.as_ref());
            let (reveal, next_tip) = match (folded, ack) {
                (Some(m), _) if Some(i) == mover => (Some(m.body.reveal), m.body.next_tip),
                (_, Some(a)) => (a.signed.body.reveal, a.signed.body.next_tip),
                (_, None) => continue,
            };
            let Some(tracker) = self.ledger.trackers[i] else {
                continue;
            };
            let seat = Seat(i as u8);
            let reroll = match reroll {
                None => None,
                Some(k) => {
                    let tip = self.seeding.commits[i].as_ref().map(|c| c.body.reroll_tip);
                    match (tip, ack.and_then(|a| a.signed.body.reroll)) {
                        (Some(tip), Some(r))
                            if r.pos == k && beacon::check_reroll(&tip, reroll_len, k, &r.link) =>
                        {
                            Some(r.link)
                        }
                        _ => {
                            return Err((
                                seat,
                                format!(
                                    "the re-roll link in the ack of move {seq} does not match \
                                     the committed re-roll chain"
                                ),
                            ));
                        }
                    }
                }
            };
            let Some(reveal) = reveal.filter(|r| tracker.check(seq, r, self.config.beacon_segment))
            else {
                let what = if Some(i) == mover {
                    "move"
                } else {
                    "ack of move"
                };
                let why = if reveal.is_none() {
                    format!("{what} {seq} withholds its beacon preimage")
                } else {
                    format!(
                        "beacon preimage in the {what} {seq} does not match the committed chain"
                    )
                };
                return Err((seat, why));
            };
            out.push((
                i,
                FinalLinks {
                    reveal,
                    next_tip,
                    reroll,
                },
            ));
        }
        Ok(out)
    }

    /// An ack (or a move's folded ack) that breaks the beacon rules: evidence against its
    /// seat, with the signed item as proof, and the game halts.
    fn bad_ack(&mut self, seat: Seat, seq: u32, proof: Option<LogItem>, why: String) {
        let peer = self.seats[seat.index()].player.as_ref().map(|pl| pl.peer);
        if let (Some(peer), Some(item)) = (peer, proof) {
            self.cheat(
                CheatKind::WithheldReveal,
                Some(seat),
                peer,
                seq,
                why,
                vec![item],
            );
        }
        self.halt(format!("{seat} withheld its beacon reveal for move {seq}"));
    }

    pub(super) fn send_settled(&mut self) {
        let Some(me) = self.local.seat else { return };
        if !self.seats[me.index()].live {
            return;
        }
        let Some(hash) = self.current_hash() else {
            return;
        };
        let body = AckBody {
            game_id: self.game_id,
            seq: self.ledger.final_seq,
            seat: me,
            stage: AckStage::Settled,
            hash,
            next_tip: None,
            reveal: None,
            reroll: None,
        };
        let ack = Ack {
            signed: Signed {
                sig: self.local.signer.sign(Domain::Ack, &body),
                body,
            },
        };
        self.ledger.settled[me.index()] = Some(ack.clone());
        self.send(Destination::Broadcast, Message::Ack(ack));
        self.sent_news();
    }

    pub(super) fn try_settle(&mut self) -> bool {
        // The end record carries the last move's links: wait for them after a resume.
        if self.ledger.relink.is_some() {
            return false;
        }
        let live = self.live_player_seats();
        let seq = self.ledger.final_seq;
        let acks: Vec<Ack> = live
            .iter()
            .filter_map(|&i| self.ledger.settled[i].clone())
            .filter(|a| a.signed.body.seq == seq)
            .collect();
        let live_seats: Vec<Seat> = live.iter().map(|&i| Seat(i as u8)).collect();
        let claims: Vec<AckClaim> = acks.iter().map(claim).collect();
        let Some(local) = self.current_hash() else {
            return true;
        };
        match lockstep::check_final(
            &self.config,
            seq,
            AckStage::Settled,
            &live_seats,
            &claims,
            local,
        ) {
            Ok(()) => {}
            Err(NotFinal::Missing(_) | NotFinal::Unexpected(_)) => return false,
            Err(NotFinal::Desync { .. }) => {
                let hashes: Vec<(Seat, StateHash)> =
                    claims.iter().map(|c| (c.seat, c.hash)).collect();
                let proofs = acks
                    .iter()
                    .map(|a| (a.signed.body.seat, Some(LogItem::Ack(a.clone()))))
                    .collect();
                self.name_false_hashes(seq, &hashes, local, proofs);
                self.desync(seq, AckStage::Settled, hashes, local);
                return true;
            }
            Err(NotFinal::Recommit { seat, lacks }) => {
                let proof = self.ledger.settled[seat.index()].clone().map(LogItem::Ack);
                self.bad_ack(seat, seq, proof, recommit_fault(seq, lacks));
                return true;
            }
        }
        self.push_frame(Frame::Final(FinalRecord {
            seq,
            stage: AckStage::Settled,
            acks: acks.iter().map(AckRecord::of).collect(),
            beacon: self.ledger.last_links.iter().map(|l| l.1).collect(),
        }));
        self.game_over();
        true
    }

    pub(super) fn game_over(&mut self) {
        self.phase = Phase::Over;
        self.progress();
        if let Some(outcome) = self.ledger.state.outcome()
            && let Some(hash) = self.current_hash()
        {
            self.events.push_back(Event::GameOver {
                outcome,
                hash,
                moves: self.ledger.final_seq,
            });
        }
    }

    /// At a desync, after the signed moves were exchanged (so no mover's equivocation is
    /// behind it, see `dispute.rs`): every seat whose signed hash differs from the state we
    /// computed from the signed log is named, its ack (or move) as proof that anyone can check
    /// by replaying the log. Nobody is named when others agree with each other against us
    /// (a majority we are not in): the fault may then be ours.
    fn name_false_hashes(
        &mut self,
        seq: u32,
        hashes: &[(Seat, StateHash)],
        local: StateHash,
        proofs: Vec<(Seat, Option<LogItem>)>,
    ) {
        let differ = hashes.iter().filter(|(_, h)| *h != local).count();
        if differ * 2 > hashes.len() {
            return;
        }
        // Evidence holds valid signatures only.
        self.check_deferred();
        if matches!(self.phase, Phase::Halted(_)) {
            return;
        }
        for (seat, h) in hashes {
            if *h == local || Some(*seat) == self.local.seat {
                continue;
            }
            let Some(item) = proofs
                .iter()
                .find(|(s, _)| s == seat)
                .and_then(|(_, p)| p.clone())
            else {
                continue;
            };
            let Some(peer) = self.seats[seat.index()].player.as_ref().map(|p| p.peer) else {
                continue;
            };
            self.cheat(
                CheatKind::FalseHash,
                Some(*seat),
                peer,
                seq,
                format!(
                    "signed state hash {} after move {seq}, but the signed moves give {}",
                    h.short(),
                    local.short()
                ),
                vec![item],
            );
        }
    }

    pub(super) fn desync(
        &mut self,
        seq: u32,
        stage: AckStage,
        hashes: Vec<(Seat, StateHash)>,
        local: StateHash,
    ) {
        let mut counts: BTreeMap<StateHash, usize> = BTreeMap::new();
        for (_, h) in &hashes {
            *counts.entry(*h).or_default() += 1;
        }
        let majority = counts
            .iter()
            .find(|(_, c)| **c * 2 > hashes.len())
            .map(|(h, _)| *h);
        let view = self
            .ledger
            .state
            .observe(self.local.seat.map_or(Viewer::Spectator, Viewer::Seat));
        self.events.push_back(Event::Desync(Box::new(DesyncReport {
            seq,
            stage,
            hashes,
            majority,
            local,
            view_encoded: codec::encode(&view).unwrap_or_default(),
            view_debug: format!("{view:#?}"),
        })));
        self.halt(format!(
            "desync after move {seq}: peers hold different states"
        ));
    }

    /// Drives everything that can happen without new input.
    pub(super) fn advance(&mut self) {
        // A lone vote against our seat waits for the next tick: until then we play, ack and
        // finalise nothing (see `judge_lone_vote`).
        if self.presence.lone_vote.is_some() {
            return;
        }
        for _ in 0..100_000 {
            let progressed = match self.phase {
                Phase::Seeding => {
                    self.try_start();
                    self.phase != Phase::Seeding
                }
                Phase::Playing => {
                    // A takeover may rewind to our replay: every ack in it checked first.
                    if !self.takeover.votes.is_empty()
                        && self.check_deferred()
                        && self.phase != Phase::Playing
                    {
                        break;
                    }
                    self.try_apply_takeovers();
                    if self.ledger.pending.is_some() {
                        self.try_finalize()
                    } else {
                        self.next_move()
                    }
                }
                Phase::Settling => {
                    self.try_apply_takeovers();
                    self.try_settle()
                }
                Phase::Over | Phase::Halted(_) => false,
            };
            if !progressed {
                break;
            }
        }
    }

    /// With no pending move: play the bot's move, announce our turn, or apply a buffered move.
    pub(super) fn next_move(&mut self) -> bool {
        if self.replay_own_signed() {
            return true;
        }
        let seq = self.ledger.final_seq + 1;
        match self.ledger.state.to_act() {
            Actor::Seat(s) if !self.seats[s.index()].live => {
                // The seat's own move, signed before it went silent, stands if a voter held it.
                if let Some((n, digest)) = self.takeover.seat_move
                    && n == seq
                {
                    let found = self.ledger.future_moves.get(&seq).and_then(|ms| {
                        ms.iter()
                            .find(|m| crate::message::move_digest(m) == digest)
                            .cloned()
                    });
                    let Some(m) = found else {
                        return false; // wait: retransmission asks the others for it
                    };
                    self.ledger.future_moves.remove(&seq);
                    let Ok(action) = codec::decode_frame::<G::Action>(&m.body.action) else {
                        self.halt(format!("the taken-over seat's move {seq} does not decode"));
                        return false;
                    };
                    let prev = self.current_hash();
                    let mut next = self.ledger.state.clone();
                    return match next.play(s, &action) {
                        Ok(events) if Some(m.body.prev) == prev => {
                            self.applied(s, action, Some(m), next, events, false);
                            true
                        }
                        _ => {
                            self.halt(format!("the taken-over seat's move {seq} is invalid"));
                            false
                        }
                    };
                }
                let action = match lockstep::bot_choice(&self.config, &self.ledger.state, s, seq) {
                    Ok(Some(action)) => action,
                    Ok(None) => {
                        self.halt(format!("{s} must act but has no legal action"));
                        return false;
                    }
                    Err(e) => {
                        self.halt(format!("the bot cannot choose for {s}: {e}"));
                        return false;
                    }
                };
                let mut next = self.ledger.state.clone();
                match next.play(s, &action) {
                    Ok(events) => {
                        self.applied(s, action, None, next, events, true);
                        true
                    }
                    Err(e) => {
                        self.halt(format!("the bot's move was refused: {e}"));
                        false
                    }
                }
            }
            Actor::Seat(s) if Some(s) == self.local.seat => {
                if self.ledger.awaiting_resync {
                    return self.try_buffered_move() && self.ledger.pending.is_some();
                }
                if self.your_turn_sent < seq {
                    self.your_turn_sent = seq;
                    self.events.push_back(Event::YourTurn { seq, seat: s });
                }
                // Anything buffered for this seq claims our seat: handled as out of turn/forgery.
                self.try_buffered_move() && self.ledger.pending.is_some()
            }
            // Having voted to hand this seat to the bot without holding its move, we wait for the
            // vote's outcome instead of applying a late move, so every peer plays the same one.
            Actor::Seat(s) if self.voted_without_move(s, seq) => false,
            Actor::Seat(_) => self.try_buffered_move(),
            Actor::Simultaneous(set) => self.secret_step(seq, set),
            // Only after a resume: the last move ended the game, the end record is not written.
            Actor::Over => self.end_after_resume(),
            Actor::Chance => false,
        }
    }
}

/// What the finality rule reads of a signed ack.
/// What a live seat's ack (or the mover's move) reveals as a move becomes final.
struct FinalLinks {
    /// Its beacon link at the move.
    reveal: Link,
    /// Its re-commit, on a beacon segment's last position.
    next_tip: Option<Link>,
    /// Its re-roll link, after a takeover at the move.
    reroll: Option<Link>,
}

fn claim(a: &Ack) -> AckClaim {
    AckClaim {
        seat: a.signed.body.seat,
        hash: a.signed.body.hash,
        recommits: a.signed.body.next_tip.is_some(),
    }
}

/// Why an ack's beacon re-commit breaks the rule.
fn recommit_fault(seq: u32, lacks: bool) -> String {
    if lacks {
        format!("ack of move {seq} ends a beacon segment without a re-commit")
    } else {
        format!("ack of move {seq} carries a beacon re-commit where no segment ends")
    }
}
