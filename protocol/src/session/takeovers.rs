//! Takeover votes: casting, counting (by [`crate::takeover`]), applying, and rewinding a peer
//! whose own seat was handed over at a move it took as final.

use super::*;

/// Takeover votes held, and the takeovers applied.
#[derive(Default)]
pub(super) struct TakeoverBook {
    /// Votes held for the move under way (and the one just final, or one ahead): by (seat voted
    /// out, move). Pruned once a move is final or the takeover applied.
    pub(super) votes: BTreeMap<(Seat, u32), BTreeMap<Seat, Signed<TakeoverBody>>>,
    /// The votes of every takeover applied, by move, to answer sync requests (at most one
    /// takeover per player seat, so bounded).
    pub(super) applied_votes: BTreeMap<u32, Vec<Signed<TakeoverBody>>>,
    /// A seat's own last move that a voter held, as (the takeover's first move, the move's
    /// digest): that move stands after the takeover. Never cleared.
    pub(super) seat_move: Option<(u32, [u8; 32])>,
    /// Takeovers applied: `(from_seq, seats)`.
    pub(super) history: Vec<(u32, Vec<Seat>)>,
    /// Player seats at the start of the game (for the takeover quorum).
    pub(super) players_at_start: usize,
    /// When we last cast a new takeover vote.
    pub(super) last_vote_at: u64,
}

/// Who sent news lately: in a 2-player game a seat is voted out alone only after
/// [`Settings::gone_after_ms`] without news from it, and refuses such a vote while it sends news
/// (see [`crate::takeover`]).
pub(super) struct Presence {
    /// When the local seat last signed something new (a move, an ack, a secret commitment, a
    /// vote).
    pub(super) news_sent_at: u64,
    /// The move under way when the local seat last signed something new.
    pub(super) news_seq: u32,
    /// The last time the local seat sent nothing new for the gone-timeout or more: the first
    /// and last move under way in that silence (see `sent_news`).
    pub(super) gone_spell: Option<(u32, u32)>,
    /// When a message from each seat's peer last moved the game on (something new from it).
    pub(super) news_at: Vec<u64>,
    /// A lone vote against our seat in a 2-player game that came while we had sent news within
    /// the gone-timeout: its sender, the vote, and when we had last sent news then. Judged at
    /// the next tick, on a fresh clock.
    pub(super) lone_vote: Option<(PeerId, Signed<TakeoverBody>, u64)>,
    /// Resumed after being down for the gone-timeout or more ([`Session::note_downtime`]): the
    /// move under way when our file ends. We count as gone from then until we next sign
    /// something new, however our fresh clock reads (see `sent_news`).
    pub(super) down_since: Option<u32>,
}

impl Presence {
    /// Everyone counted as having sent news at `now`, in a game of `seats` seats.
    pub(super) fn new(seats: usize, now: u64) -> Self {
        Presence {
            news_sent_at: now,
            news_seq: 1,
            gone_spell: None,
            news_at: vec![now; seats],
            lone_vote: None,
            down_since: None,
        }
    }
}

impl<G: Game> Session<G> {
    // ----- takeover -----

    pub(super) fn on_takeover(&mut self, from: PeerId, t: Signed<TakeoverBody>) {
        let b = &t.body;
        // Only votes for the move under way count, or for the move just final (the voters may
        // not have had its last acks: see `rewind_for_takeover`), or for the next one (a voter
        // one move ahead: its vote lets ours at this move go, see `bound_by_vote`). Anything
        // else is stale, or far ahead and so unusable: dropped, and it never moves our own vote.
        // A vote at move 0 is one of the seed round (see `seeding.rs`), moot once a move is
        // final.
        if b.game_id != self.game_id
            || b.seat.index() >= self.seats.len()
            || b.voter.index() >= self.seats.len()
            || (b.from_seq == 0 && self.ledger.final_seq > 0)
            || b.from_seq < self.ledger.final_seq
            || b.from_seq > self.ledger.final_seq + 2
        {
            return;
        }
        let (seat, from_seq, voter) = (b.seat, b.from_seq, b.voter);
        // The same vote again (verified when first held), or a second one: the first counts.
        if self
            .takeover
            .votes
            .get(&(seat, from_seq))
            .is_some_and(|v| v.contains_key(&voter))
        {
            return;
        }
        if !self.check_sig(
            from,
            voter,
            Domain::Takeover,
            &t.body,
            &t.sig,
            from_seq,
            "takeover vote",
        ) {
            return;
        }
        let Some(me) = self.local.seat else {
            self.takeover
                .votes
                .entry((seat, from_seq))
                .or_default()
                .insert(voter, t);
            return;
        };
        // A 2-player game: a lone vote against our own seat while we still send news (we
        // signed a move, ack, commitment or vote within the gone-timeout) is refused (see
        // `crate::takeover`). It is judged at the next tick, on the clock of then: it may be the
        // first thing a process that was suspended reads, before its clock caught up.
        if seat == me
            && voter != me
            && self.seats[me.index()].live
            && takeover::lone_vote(self.takeover.players_at_start)
            && !self.was_gone_at(from_seq, self.presence.news_sent_at)
        {
            if self.presence.lone_vote.is_none() {
                self.presence.lone_vote = Some((from, t, self.presence.news_sent_at));
            }
            return;
        }
        self.hold_vote(t);
    }

    /// Whether, by our own clock, we had sent nothing new for the gone-timeout at move `n`:
    /// we are silent that long now (since `sent_at`, our last news), or we were when move `n` was
    /// under way (a machine that slept, then woke and played on before the vote reached it).
    fn was_gone_at(&self, n: u32, sent_at: u64) -> bool {
        self.clock.now >= sent_at.saturating_add(self.settings.gone_after_ms)
            || self
                .presence
                .gone_spell
                .is_some_and(|(a, b)| a <= n && n <= b)
            || self.presence.down_since.is_some_and(|a| a <= n)
    }

    /// Tells a session resumed from its file how long its process was down (the driver reads it
    /// from the files' times; the protocol keeps no clock of its own). The time counts toward
    /// the local seat's silence as if it had been running and quiet: down for the gone-timeout
    /// or more, a 2-player partner's lone vote against our seat at a move from the end of our
    /// file on was right, and we follow the game instead of reporting an eviction; down for
    /// less, a lone vote still needs the rest of the gone-timeout without news from us.
    pub fn note_downtime(&mut self, down_ms: u64) {
        if down_ms >= self.settings.gone_after_ms {
            self.presence.down_since = Some(self.ledger.final_seq + 1);
        } else {
            self.presence.news_sent_at = self.clock.now.saturating_sub(down_ms);
        }
    }

    /// Notes that we signed something new (a move, ack, secret commitment or vote) now. A
    /// silence of the gone-timeout or more before it is remembered with the moves it spanned.
    pub(super) fn sent_news(&mut self) {
        let seq = self.ledger.final_seq + 1;
        // Back after a crash: the spell we were down ends with this news.
        if let Some(a) = self.presence.down_since.take() {
            self.presence.gone_spell = Some((a, seq));
        }
        if self.clock.now
            >= self
                .presence
                .news_sent_at
                .saturating_add(self.settings.gone_after_ms)
        {
            self.presence.gone_spell = Some((self.presence.news_seq, seq));
        }
        self.presence.news_sent_at = self.clock.now;
        self.presence.news_seq = seq;
    }

    /// A lone vote against our seat in a 2-player game, held since it came (see `on_takeover`):
    /// if we had sent nothing new for the gone-timeout at its move (our process or machine was
    /// not running: the partner rightly found us gone), it counts and we follow the game
    /// read-only; otherwise it is reported as `Cheat(Eviction)` and our game ends there.
    pub(super) fn judge_lone_vote(&mut self) {
        let Some((from, t, sent_at)) = self.presence.lone_vote.take() else {
            return;
        };
        if self.was_gone_at(t.body.from_seq, sent_at) {
            self.hold_vote(t);
            self.advance();
            return;
        }
        let (voter, from_seq) = (t.body.voter, t.body.from_seq);
        let peer = self.peer_of_seat_or(voter, from);
        let at = match from_seq {
            0 => "at the seed round".to_string(),
            n => format!("at move {n}"),
        };
        self.cheat(
            CheatKind::Eviction,
            Some(voter),
            peer,
            from_seq,
            format!("voted alone to hand our seat to the bot {at} while we were still playing"),
            vec![LogItem::Takeover(t)],
        );
        self.halt(format!(
            "{voter} handed our seat to the bot while we were still playing; a 2-player game \
             cannot go on without both players"
        ));
    }

    /// Holds a vote, checked and accepted, and acts on it.
    fn hold_vote(&mut self, t: Signed<TakeoverBody>) {
        if t.body.from_seq == 0 {
            self.hold_seed_vote(t);
            return;
        }
        let (seat, from_seq, voter) = (t.body.seat, t.body.from_seq, t.body.voter);
        let Some(me) = self.local.seat else {
            return;
        };
        self.takeover
            .votes
            .entry((seat, from_seq))
            .or_default()
            .insert(voter, t);
        // Not progress: every voter's timer keeps running from the last move or ack, so the
        // others vote at about the same time as the first one.
        if voter == me {
            self.takeover.last_vote_at = self.clock.now;
        }
        // If we voted for this seat at an earlier move, vote again at the move under way (a
        // no-op while our earlier vote is for it: a vote ahead of it never moves ours).
        if voter != me {
            let voted_earlier = self
                .takeover
                .votes
                .iter()
                .any(|((s, n), v)| *s == seat && *n < from_seq && v.contains_key(&me));
            if voted_earlier {
                let _ = self.vote_takeover(seat);
            }
        }
        // Our own seat was handed over at a move we already took as final (our process or link
        // was slow: the others' acks reached us before their votes): rewind and follow.
        if seat == me
            && self.seats[me.index()].live
            && from_seq <= self.ledger.final_seq
            && self.decided_against_me(from_seq)
        {
            self.rewind_for_takeover(from_seq);
        }
    }

    /// The player seats that were live at the start of move `n` (before any takeover at `n`).
    pub(super) fn live_at(&self, n: u32) -> Vec<usize> {
        let mut live = self.live_player_seats();
        for (from, seats) in &self.takeover.history {
            if *from >= n {
                live.extend(seats.iter().map(|s| s.index()));
            }
        }
        live.sort_unstable();
        live.dedup();
        live
    }

    /// Every set of seats whose takeover at move `n` is decided by the votes held, over the live
    /// seats `live` (largest first; see [`crate::takeover`]).
    pub(super) fn decided_at(&self, n: u32, live: &[usize]) -> Vec<Vec<usize>> {
        let candidates: Vec<usize> = live
            .iter()
            .copied()
            .filter(|&t| self.takeover.votes.contains_key(&(Seat(t as u8), n)))
            .collect();
        if candidates.is_empty() {
            return Vec::new();
        }
        takeover::decided_sets(live, &candidates, self.takeover.players_at_start, |t, v| {
            self.takeover
                .votes
                .get(&(Seat(t as u8), n))
                .is_some_and(|m| m.contains_key(&Seat(v as u8)))
        })
    }

    /// Whether a decided takeover at move `n` hands our (still live) seat to the bot.
    pub(super) fn decided_against_me(&self, n: u32) -> bool {
        let Some(me) = self.local.seat else {
            return false;
        };
        if !self.seats[me.index()].live {
            return false;
        }
        let live = self.live_at(n);
        self.decided_at(n, &live)
            .iter()
            .any(|x| x.contains(&me.index()))
    }

    /// Whether our seat is handed over by a decided vote at a move after `n`. The voters then
    /// took move `n` as final without a takeover of anyone we voted against at `n` (a vote at a
    /// move proves its voter holds the move before as final), so our votes at `n` stop binding us.
    pub(super) fn taken_over_after(&self, n: u32) -> bool {
        let Some(me) = self.local.seat else {
            return false;
        };
        let later: Vec<u32> = self
            .takeover
            .votes
            .keys()
            .filter(|(s, m)| *s == me && *m > n)
            .map(|(_, m)| *m)
            .collect();
        if later.is_empty() {
            return false;
        }
        let live = self.live_player_seats();
        later.into_iter().any(|m| {
            self.decided_at(m, &live)
                .iter()
                .any(|x| x.contains(&me.index()))
        })
    }

    /// Whether we voted to take over `seat` at `seq` without holding its move for `seq`.
    /// Once our own seat is handed over, our votes bind us no more; nor does a vote that can
    /// no longer pass (see [`Session::bound_by_vote`]).
    pub(super) fn voted_without_move(&self, seat: Seat, seq: u32) -> bool {
        let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live) else {
            return false;
        };
        let live = self.live_player_seats();
        live.contains(&seat.index())
            && self.passable(&live, &[seat.index()])
            && self
                .takeover
                .votes
                .get(&(seat, seq))
                .and_then(|v| v.get(&me))
                .is_some_and(|v| v.body.seat_move.is_none())
            && !self
                .takeover
                .votes
                .keys()
                .any(|(s2, n2)| *s2 == seat && *n2 > seq)
            && !self.taken_over_after(seq)
    }

    /// Whether handing `targets` to the bot can still be decided among the live seats `live`:
    /// the voters it needs (every live seat outside it) are a quorum.
    pub(super) fn passable(&self, live: &[usize], targets: &[usize]) -> bool {
        takeover::voters(live, targets).len() >= takeover::quorum(self.takeover.players_at_start)
    }

    /// Whether a vote of ours binds us not to finalise move `seq` without the takeover.
    /// Once our own seat is handed over, our votes bind us no more; nor does a vote against a
    /// seat that can no longer be handed over (too few live voters would be left, say after
    /// another seat went to the bot at the same move): it would bind us for ever.
    pub(super) fn bound_by_vote(&self, seq: u32, live: &[usize]) -> bool {
        let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live) else {
            return false;
        };
        self.takeover.votes.iter().any(|((s, n), v)| {
            *n == seq
                && live.contains(&s.index())
                && self.passable(live, &[s.index()])
                && v.contains_key(&me)
                && !self
                    .takeover
                    .votes
                    .keys()
                    .any(|(s2, n2)| s2 == s && *n2 > seq)
        }) && !self.taken_over_after(seq)
    }

    /// Applies every takeover decided for the first move not yet final. A live voter applies only
    /// the set it voted for (so two voters never apply different sets), and any decided set that
    /// names its own seat; a follower or spectator applies the largest decided set.
    pub(super) fn try_apply_takeovers(&mut self) {
        // A takeover record carries the links of the last final move: after a resume, only
        // once they are back (see `relink.rs`).
        if self.ledger.relink.is_some() {
            return;
        }
        for _ in 0..self.seats.len() {
            let n = self.ledger.final_seq + 1;
            let live = self.live_player_seats();
            let Some(x) = self.decided_to_apply(n, &live) else {
                return;
            };
            self.apply_takeover(n, &live, &x);
        }
    }

    /// The decided takeover at move `n` (among the live seats `live`) that we apply: a live
    /// voter applies only the set it voted for (so two voters never apply different sets), and
    /// any decided set that names its own seat; a follower or spectator applies the largest
    /// decided set. A voter whose set can never pass (too few voters would be left) applies the
    /// largest decided set too: every decided set without it holds only seats it voted against,
    /// and waiting for its own would freeze it for ever.
    pub(super) fn decided_to_apply(&self, n: u32, live: &[usize]) -> Option<Vec<usize>> {
        let sets = self.decided_at(n, live);
        let me = self
            .local
            .seat
            .map(|s| s.index())
            .filter(|&i| self.seats[i].live);
        match me {
            Some(me) => sets.iter().find(|x| x.contains(&me)).cloned().or_else(|| {
                let mine = self.voted_against(Seat(me as u8), n, live);
                if self.passable(live, &mine) {
                    sets.iter().find(|x| **x == mine).cloned()
                } else {
                    sets.first().cloned()
                }
            }),
            None => sets.first().cloned(),
        }
    }

    pub(super) fn apply_takeover(&mut self, n: u32, live: &[usize], x: &[usize]) {
        let voters = takeover::voters(live, x);
        let mut records = Vec::new();
        for &t in x {
            for &v in &voters {
                if let Some(s) = self
                    .takeover
                    .votes
                    .get(&(Seat(t as u8), n))
                    .and_then(|m| m.get(&Seat(v as u8)))
                {
                    records.push(VoteRecord {
                        voter: Seat(v as u8),
                        seat: Seat(t as u8),
                        seat_move: s.body.seat_move,
                        sig: s.sig,
                    });
                }
            }
        }
        if let Some(h) = records.iter().find_map(|r| r.seat_move) {
            self.takeover.seat_move = Some((n, h));
        }
        for &t in x {
            self.seats[t].live = false;
        }
        // Resumed, we play only once every other live player answered our sync (any of them
        // may hold what we signed before the crash): a seat handed to the bot is not waited for.
        self.resync_answered();
        // The not-yet-final move of a seat handed over is undone, unless the vote let it stand.
        let secret_of_target = self.ledger.pending.as_ref().is_some_and(|p| {
            p.seq == n
                && p.secret.as_ref().is_some_and(|(c, _)| {
                    c.iter()
                        .any(|c| c.proof.is_some() && x.contains(&c.seat.index()))
                })
        });
        if secret_of_target {
            // A secret step is played again with the bot's choice for the seats handed over, as
            // every peer that did not receive their reveals plays it.
            if let Some(p) = self.ledger.pending.take() {
                self.ledger.state = p.before;
                self.ledger.hash_cache = None;
            }
            self.drop_acks_before(n);
        } else if let Some(p) = &self.ledger.pending
            && p.seq == n
            && p.secret.is_none()
            && x.contains(&p.seat.index())
        {
            let stands = p.mv.as_ref().is_some_and(|m| {
                self.takeover.seat_move == Some((n, crate::message::move_digest(m)))
            });
            if !stands {
                if let Some(p) = self.ledger.pending.take() {
                    self.ledger.state = p.before;
                    self.ledger.hash_cache = None;
                }
                self.drop_acks_before(n);
            }
        }
        let beacon = self.ledger.last_links.iter().map(|l| l.1).collect();
        self.ledger.last_links.retain(|l| !x.contains(&l.0.index()));
        let seats: Vec<Seat> = x.iter().map(|&s| Seat(s as u8)).collect();
        self.push_frame(Frame::Takeover(TakeoverRecord {
            seats: seats.clone(),
            from_seq: n,
            votes: records,
            beacon,
        }));
        self.takeover.history.push((n, seats));
        // An ack held aside at this takeover's re-roll position, for another move, lied.
        self.judge_held_rerolls(self.takeover.history.len() as u32, n);
        // The votes are used: kept (bounded: one takeover per seat at most) only to answer sync
        // requests.
        let used: Vec<Signed<TakeoverBody>> = x
            .iter()
            .filter_map(|&t| self.takeover.votes.remove(&(Seat(t as u8), n)))
            .flat_map(|m| m.into_values())
            .collect();
        self.takeover
            .applied_votes
            .entry(n)
            .or_default()
            .extend(used);
        // The move under way, if it stands, is acked again with our re-roll link for this
        // takeover: the chance point after it is drawn from links nobody knew before now.
        if let Some((seq, hash)) = self.ledger.pending.as_ref().map(|p| (p.seq, p.hash))
            && seq == n
        {
            self.ack_applied(seq, hash);
        }
        for &t in x {
            self.events.push_back(Event::TakenOver {
                seat: Seat(t as u8),
                from_seq: n,
            });
        }
        self.progress();
    }

    /// The live seats (of `live`) that `me` voted to hand to the bot at move `n`.
    pub(super) fn voted_against(&self, me: Seat, n: u32, live: &[usize]) -> Vec<usize> {
        live.iter()
            .copied()
            .filter(|&t| {
                self.takeover
                    .votes
                    .get(&(Seat(t as u8), n))
                    .is_some_and(|v| v.contains_key(&me))
            })
            .collect()
    }

    /// Whether our votes (`mine`, not empty) have waited long enough for the other voters'
    /// that a voter still silent is reported (the seat timeout, else the silence timeout).
    pub(super) fn votes_overdue(&self, mine: &[usize]) -> bool {
        let wait = self
            .settings
            .takeover_after_ms
            .unwrap_or(self.settings.silence_ms);
        !mine.is_empty() && self.clock.now >= self.takeover.last_vote_at.saturating_add(wait)
    }

    /// Drops the acks held for move `n` that were signed before the takeover being applied there
    /// (for a move that is undone): acks already signed after it, by peers that applied it first,
    /// are for the move that replaces it and are kept.
    fn drop_acks_before(&mut self, n: u32) {
        let k = self.takeover.history.len() as u32 + 1;
        if let Some(v) = self.ledger.acks.get_mut(&n) {
            for held in v.iter_mut() {
                held.retain(|a| super::moves::reroll_rank(a) >= k);
            }
        }
    }

    /// Our seat was handed to the bot at move `n`, which we already took as final: rebuild the
    /// session from our own replay cut before move `n` (as [`Session::resume`] does), keep the
    /// votes, and follow the others from there. The driver is told to cut its file.
    pub(super) fn rewind_for_takeover(&mut self, n: u32) {
        // Cut before move `n`, keeping the takeovers already recorded at `n` (every peer applied
        // them, in this order: the re-roll position of move `n` counts them).
        let cut = read_frames(&self.replay.log)
            .frames
            .iter()
            .find(|(_, f)| match f {
                Frame::Takeover(t) => t.from_seq > n,
                f => frame_key(f) >= n,
            })
            .map_or(self.replay.log.len(), |(o, _)| *o);
        let prefix = self.replay.log[..cut].to_vec();
        let resumed = Self::resume_with_signer(
            &prefix,
            self.local.signer.clone(),
            self.local.game_secret.clone(),
            self.settings.clone(),
            self.clock.now,
        );
        let Ok((mut s, keep)) = resumed else {
            self.halt(format!(
                "our seat was handed to the bot from move {n}, and our replay could not be rewound"
            ));
            return;
        };
        s.takeover.votes = std::mem::take(&mut self.takeover.votes);
        s.takeover.applied_votes = std::mem::take(&mut self.takeover.applied_votes);
        // The acks of move `n - 1` we held (our file may lack them): the links of the seats
        // still live after the takeovers kept at `n` are the takeover records' to come.
        if n >= 2
            && let (Some(e), Some(mine)) = (
                self.ledger.log.get(n as usize - 2),
                s.ledger.log.get_mut(n as usize - 2),
            )
        {
            for (slot, a) in mine.acks.iter_mut().zip(&e.acks) {
                if slot.is_none() {
                    slot.clone_from(a);
                }
            }
        }
        let hash = s.ledger.relink;
        s.relink_from_log(hash);
        let mut events = std::mem::take(&mut self.events);
        events.extend(s.events.drain(..));
        s.events = events;
        let mut outbox = std::mem::take(&mut self.outbox);
        outbox.extend(s.outbox.drain(..));
        s.outbox = outbox;
        s.reported.cheats = std::mem::take(&mut self.reported.cheats);
        s.reported.unknown = std::mem::take(&mut self.reported.unknown);
        s.chat = std::mem::take(&mut self.chat);
        s.journal = std::mem::take(&mut self.journal);
        s.your_turn_sent = self.your_turn_sent.max(s.your_turn_sent);
        s.replay.out.clear();
        s.replay.truncate = self.replay.truncate;
        let polled = self.replay.polled;
        if keep >= polled {
            if keep > polled {
                s.replay.out.push_back(prefix[polled..keep].to_vec());
            }
            s.replay.polled = polled;
        } else {
            s.replay.truncate = Some(keep);
            s.replay.polled = keep;
        }
        *self = s;
        self.advance();
    }

    pub(super) fn auto_vote(&mut self) {
        let after = match self.settings.takeover_after_ms {
            Some(after) => after,
            // Nobody thinks at the seed round: a seat whose reveal is missing that long is
            // withholding it (it knows the deal the others' reveals make), or gone.
            None if self.phase == Phase::Seeding => self.settings.gone_after_ms,
            None => return,
        };
        if self.clock.now < self.clock.last_progress.saturating_add(after) {
            return;
        }
        for (seat, _) in self.waiting_for() {
            let _ = self.vote_takeover(Seat(seat as u8));
        }
    }
}
