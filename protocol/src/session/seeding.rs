//! The seed round: commits and reveals of the seed nonces, the takeover of a seat that withholds
//! its commit or reveal, and the start of the game.
//!
//! **Withholding at the seed round.** The last seat to reveal its nonce holds every other one
//! first, so it knows the deal before it reveals. A coin toss among several parties cannot be
//! made abort-proof, so the abort is made to cost the seat, as a silence does in play: a seat
//! whose reveal is missing past the timeout is reported silent (`Waiting::Reveal`), and the other
//! live players vote, at move 0, to hand it to the takeover bot, by the rule of
//! [`crate::takeover`] (in a 2-player game the survivor alone, after the gone-timeout). Once the
//! vote is decided, every remaining live seat reveals its re-roll link at the takeover's position
//! in a signed ack of move 0 (the state before setup), and the seed is drawn again from the live
//! seats' nonces and these links ([`beacon::reseed`]): the withholder knew neither this seed nor
//! the one its reveal would have made, so it refused one deal it saw and got one it could not
//! see. The last seat to reveal its re-roll link may withhold it in turn, at the price of its seat
//! too. A reveal that does not match its commit counts as withheld (halting on it would let the
//! last revealer stop the game for free).
//!
//! **A seat that never commits** (gone, or silent from the start) is voted out the same way,
//! once it is reported silent (`Waiting::Commit`): nobody revealed anything yet (a seat reveals
//! only once every live seat's commit is in), so it saw nothing, and the others then reveal and
//! draw the seed without it. Its commit is then absent from the replay's header (format
//! [`crate::replay::format::SEED_COMMITS`]).
//!
//! **One game for every honest peer.** A peer that lacks a reveal asks every live player for it
//! each retransmission period (`retransmit`), and sync answers carry every reveal held, so a
//! seat whose reveal reached any honest peer reaches every one long before the vote's timeout,
//! and is not voted out. A vote binds its voter: it does not start
//! with a late reveal (or re-roll link) of a seat it voted against, but waits for the vote to be
//! decided, or to fail. A vote fails when a live player it needs will never cast it: that player
//! started the game without having voted (it held every reveal in time). Such a player, asked by
//! a vote, signs a *start ack* (an ack of move 0 naming the state after setup) and sends it with
//! every reveal it holds; a bound voter that holds a start ack, by a live seat it did not vote
//! against and holds no vote of, of the very setup it would start from, starts that game too. A
//! seat that voted never signs a start ack, so a decided takeover and a start ack of a setup
//! without it cannot both come from honest players.
//!
//! A seat handed over at the seed round that had started the game on its own (it held every
//! reveal, but its own never reached the others) rewinds to the seed round and follows the game
//! read-only, as in play.

use super::*;
use crate::message::RerollLink;
use crate::replay::format::ReseedRecord;

/// The seed's commit-reveal round: our nonce, and every seat's commit and reveal.
pub(super) struct SeedRound {
    /// The digest of the game's configuration, which every commit names.
    pub(super) config_digest: [u8; 32],
    /// Our seed nonce.
    pub(super) nonce: [u8; 32],
    pub(super) commits: Vec<Option<Signed<CommitBody>>>,
    pub(super) reveals: Vec<Option<Signed<RevealBody>>>,
    pub(super) sent_reveal: bool,
    /// The seed, once every player revealed (or the seed was drawn again after takeovers).
    pub(super) seed: Option<[u8; 32]>,
    /// The hash of the state before setup: what the acks of the seed round sign.
    pub(super) pre_hash: Option<StateHash>,
    /// The re-roll acks of the seed round held, by (re-roll position, seat): at most one per
    /// seat and position, so bounded by the seats squared.
    pub(super) rerolls: BTreeMap<(u32, usize), Ack>,
    /// The start acks held, by seat: the first one of each seat counts.
    pub(super) starts: Vec<Option<Ack>>,
    /// The takeover records of the seed round, in the order applied (written after the header).
    pub(super) records: Vec<TakeoverRecord>,
    /// Once started: the state hash after setup, and whether we started without an undecided
    /// vote of our own at the seed round (only then do we sign a start ack).
    pub(super) started: Option<(StateHash, bool)>,
}

impl SeedRound {
    /// The round of a game of `seats` seats, before anyone committed.
    pub(super) fn new(config_digest: [u8; 32], nonce: [u8; 32], seats: usize) -> Self {
        SeedRound {
            config_digest,
            nonce,
            commits: vec![None; seats],
            reveals: vec![None; seats],
            sent_reveal: false,
            seed: None,
            pre_hash: None,
            rerolls: BTreeMap::new(),
            starts: vec![None; seats],
            records: Vec::new(),
            started: None,
        }
    }
}

impl<G: Game> Session<G> {
    // ----- seed phase -----

    pub(super) fn on_commit(&mut self, from: PeerId, c: Signed<CommitBody>) {
        let seat = c.body.seat;
        if !self.check_sig(
            from,
            seat,
            Domain::Commit,
            &c.body,
            &c.sig,
            0,
            "seed commit",
        ) {
            return;
        }
        let signer_peer = self.peer_of_seat_or(seat, from);
        if c.body.game_id != self.game_id || c.body.config_digest != self.seeding.config_digest {
            self.cheat(
                CheatKind::WrongGame,
                Some(seat),
                signer_peer,
                0,
                "commit for another game or configuration (options, seats or data differ)".into(),
                vec![LogItem::Commit(c)],
            );
            return;
        }
        match &self.seeding.commits[seat.index()] {
            None => {
                self.seeding.commits[seat.index()] = Some(c);
                self.progress();
            }
            Some(old) if *old == c => {}
            Some(old) => {
                let old = old.clone();
                self.cheat(
                    CheatKind::Equivocation,
                    Some(seat),
                    signer_peer,
                    0,
                    "two different signed seed commits".into(),
                    vec![LogItem::Commit(old), LogItem::Commit(c)],
                );
            }
        }
    }

    pub(super) fn on_reveal(&mut self, from: PeerId, r: Signed<RevealBody>) {
        let seat = r.body.seat;
        if !self.check_sig(
            from,
            seat,
            Domain::Reveal,
            &r.body,
            &r.sig,
            0,
            "seed reveal",
        ) {
            return;
        }
        if r.body.game_id != self.game_id {
            return;
        }
        // Checked against the seat's commitment before it is stored (and so before it is
        // relayed): a signed reveal that does not match is the author's own doing.
        if let Some(c) = self.seeding.commits[seat.index()].clone()
            && beacon::nonce_hash(&self.game_id, seat, &r.body.nonce) != c.body.nonce_hash
        {
            self.false_reveal(seat, from, c, r);
            return;
        }
        match &self.seeding.reveals[seat.index()] {
            None => {
                self.seeding.reveals[seat.index()] = Some(r);
                self.progress();
            }
            Some(old) if *old == r => {}
            Some(old) => {
                let old = old.clone();
                let peer = self.peer_of_seat_or(seat, from);
                self.cheat(
                    CheatKind::Equivocation,
                    Some(seat),
                    peer,
                    0,
                    "two different signed seed reveals".into(),
                    vec![LogItem::Reveal(old), LogItem::Reveal(r)],
                );
            }
        }
    }

    /// A signed seed reveal that does not match its seat's commit: reported with both, and
    /// counted as withheld (the seat is voted out like one that withholds its reveal). Halting
    /// instead would let the last revealer, who knows the deal, stop the game at no cost.
    fn false_reveal(
        &mut self,
        seat: Seat,
        from: PeerId,
        c: Signed<CommitBody>,
        r: Signed<RevealBody>,
    ) {
        let peer = self.peer_of_seat_or(seat, from);
        self.cheat(
            CheatKind::WithheldReveal,
            Some(seat),
            peer,
            0,
            "seed reveal does not match its commit; it counts as withheld, and the others hand \
             the seat to the bot"
                .into(),
            vec![LogItem::Commit(c), LogItem::Reveal(r)],
        );
    }

    pub(super) fn player_seats(&self) -> impl Iterator<Item = usize> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.player.is_some())
            .map(|(i, _)| i)
    }

    /// The hash of the state before setup (the session's state while seeding), computed once.
    fn seed_pre_hash(&mut self) -> Option<StateHash> {
        if self.seeding.pre_hash.is_none() && self.phase == Phase::Seeding {
            self.seeding.pre_hash = self.current_hash();
        }
        self.seeding.pre_hash
    }

    /// The seats our undecided votes of the seed round are against (for a follower or a
    /// spectator, every held vote's), among the live ones: they bind us.
    fn seed_votes_binding(&self) -> Vec<usize> {
        let live = self.live_player_seats();
        let me = self.local.seat.filter(|s| self.seats[s.index()].live);
        self.takeover
            .votes
            .iter()
            .filter(|((s, n), v)| {
                *n == 0
                    && live.contains(&s.index())
                    && match me {
                        Some(me) => v.contains_key(&me),
                        None => !v.is_empty(),
                    }
            })
            .map(|((s, _), _)| s.index())
            .collect()
    }

    /// Whether a start ack of the setup `hash` releases us from our votes: it is by a live seat
    /// (not ours) that no vote binding us is against and that we hold no undecided vote of.
    fn released_by(&self, hash: StateHash, binding: &[usize]) -> bool {
        let live = self.live_player_seats();
        let voted = |i: usize| {
            self.takeover.votes.iter().any(|((s, n), v)| {
                *n == 0 && live.contains(&s.index()) && v.contains_key(&Seat(i as u8))
            })
        };
        self.seeding.starts.iter().enumerate().any(|(i, a)| {
            a.as_ref().is_some_and(|a| a.signed.body.hash == hash)
                && live.contains(&i)
                && Some(Seat(i as u8)) != self.local.seat
                && !binding.contains(&i)
                && !voted(i)
        })
    }

    pub(super) fn try_start(&mut self) {
        // A seat whose commit never came may be handed over first: nobody revealed anything
        // yet, so the others then go on without it (see `apply_seed_takeovers`).
        self.apply_seed_takeovers();
        if self.phase != Phase::Seeding {
            return;
        }
        let all_commits = self
            .live_player_seats()
            .iter()
            .all(|&i| self.seeding.commits[i].is_some());
        if !all_commits {
            return;
        }
        // A reveal that came before its commit and does not match it counts as withheld.
        for i in self.player_seats().collect::<Vec<_>>() {
            let (Some(c), Some(r)) = (&self.seeding.commits[i], &self.seeding.reveals[i]) else {
                continue;
            };
            if beacon::nonce_hash(&self.game_id, Seat(i as u8), &r.body.nonce) != c.body.nonce_hash
            {
                let (c, r) = (c.clone(), r.clone());
                self.seeding.reveals[i] = None;
                let from = self.peer_of_seat_or(Seat(i as u8), self.local.peer);
                self.false_reveal(Seat(i as u8), from, c, r);
            }
        }
        if let Some(seat) = self.local.seat
            && self.seats[seat.index()].live
            && !self.seeding.sent_reveal
        {
            self.seeding.sent_reveal = true;
            let body = RevealBody {
                game_id: self.game_id,
                seat,
                nonce: self.seeding.nonce,
            };
            let signed = Signed {
                sig: self.local.signer.sign(Domain::Reveal, &body),
                body,
            };
            self.seeding.reveals[seat.index()] = Some(signed.clone());
            self.sent_news();
            self.send(Destination::Broadcast, Message::Reveal(signed));
        }
        self.apply_seed_takeovers();
        if self.phase != Phase::Seeding {
            return;
        }
        let k = self.takeover.history.len() as u32;
        if k > 0 {
            self.send_seed_reroll(k);
        }
        let live = self.live_player_seats();
        let Some(nonces) = live
            .iter()
            .map(|&i| self.seeding.reveals[i].as_ref().map(|r| r.body.nonce))
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        let seed = if k == 0 {
            beacon::seed(&self.game_id, &nonces)
        } else {
            let Some(links) = live
                .iter()
                .map(|&i| {
                    self.seeding
                        .rerolls
                        .get(&(k, i))
                        .and_then(|a| a.signed.body.reroll)
                        .map(|r| r.link)
                })
                .collect::<Option<Vec<_>>>()
            else {
                return;
            };
            beacon::reseed(&self.game_id, &nonces, &links)
        };
        // A vote of ours binds us: we start without it only on a start ack of this very setup.
        let binding = self.seed_votes_binding();
        if !binding.is_empty() && self.seeding.starts.iter().all(Option::is_none) {
            return;
        }
        let mut state = self.ledger.state.clone();
        if lockstep::resolve_setup(&mut state, &seed).is_err() {
            self.halt("the engine refused its setup chance point".into());
            return;
        }
        if !binding.is_empty() {
            match state_hash(&state) {
                Ok(hash) if self.released_by(hash, &binding) => {}
                Ok(_) => return,
                Err(e) => {
                    self.halt(format!("this build cannot hash the state after setup: {e}"));
                    return;
                }
            }
        }
        self.start_game(seed, state, binding.is_empty());
    }

    /// Starts the game from `seed` and the state it sets up: the replay's header (with the seed
    /// round's takeovers and the seed drawn again after them, if any), then `Started`.
    fn start_game(&mut self, seed: [u8; 32], state: G, unbound: bool) {
        let players: Vec<usize> = self.player_seats().collect();
        let live = self.live_player_seats();
        for &i in &players {
            if let Some(c) = &self.seeding.commits[i] {
                self.ledger.trackers[i] = Some(ChainTracker {
                    pos: 0,
                    link: c.body.beacon_tip,
                });
            }
        }
        let k = self.takeover.history.len() as u32;
        let mut handed: Vec<Seat> = self
            .takeover
            .history
            .iter()
            .flat_map(|(_, s)| s.iter().copied())
            .collect();
        handed.sort_unstable();
        let reseed = (k > 0).then(|| {
            let acks: Vec<&Ack> = live
                .iter()
                .filter_map(|&i| self.seeding.rerolls.get(&(k, i)))
                .collect();
            ReseedRecord {
                after: handed.clone(),
                links: acks
                    .iter()
                    .filter_map(|a| a.signed.body.reroll.map(|r| r.link))
                    .collect(),
                acks: acks.iter().map(|a| AckRecord::of(a)).collect(),
            }
        });
        self.ledger.state = state;
        self.ledger.hash_cache = None;
        let Some(setup_hash) = self.current_hash() else {
            return;
        };
        self.seeding.seed = Some(seed);
        self.seeding.started = Some((setup_hash, unbound));
        self.phase = Phase::Playing;
        let header = Header {
            format: crate::replay::format::FORMAT_VERSION,
            config: self.config.clone(),
            commits: players
                .iter()
                .filter_map(|&i| self.seeding.commits[i].clone())
                .collect(),
            reveals: live
                .iter()
                .filter_map(|&i| self.seeding.reveals[i].clone())
                .collect(),
        };
        let mut frames = vec![Frame::Header(Box::new(header))];
        frames.extend(self.seeding.records.iter().cloned().map(Frame::Takeover));
        frames.extend(reseed.map(Frame::Reseed));
        // One piece: a file cut inside it holds no game that started.
        let mut bytes = MAGIC.to_vec();
        self.replay.log.clear();
        self.replay.frame_index.clear();
        for f in &frames {
            let at = if bytes.len() == MAGIC.len() {
                0
            } else {
                bytes.len()
            };
            self.replay.frame_index.push((0, at));
            bytes.extend(encode_frame(f));
        }
        self.replay.log.extend_from_slice(&bytes);
        self.replay.out.push_back(bytes);
        self.replay.sync = true;
        // The votes of the seed round are spent, or void (a start ack released us).
        self.takeover.votes.retain(|(_, n), _| *n > 0);
        self.progress();
        self.events.push_back(Event::Started {
            seed: *blake3::hash(&seed).as_bytes(),
            hash: setup_hash,
        });
        for seat in handed {
            self.events
                .push_back(Event::TakenOver { seat, from_seq: 0 });
        }
    }

    /// Resuming a game whose seed round handed seats to the bot (`records`, then `reseed`, as
    /// the file holds them): the game starts from `seed`, and the votes and re-roll acks are
    /// held again, to answer a follower or a spectator that asks for the setup.
    pub(super) fn resume_seed_round(
        &mut self,
        records: &[TakeoverRecord],
        reseed: &ReseedRecord,
        seed: [u8; 32],
    ) {
        let pre_hash = self.seed_pre_hash();
        for t in records {
            let votes = t.votes.iter().map(|v| Signed {
                body: TakeoverBody {
                    game_id: self.game_id,
                    seat: v.seat,
                    from_seq: 0,
                    voter: v.voter,
                    seat_move: None,
                },
                sig: v.sig,
            });
            self.takeover
                .applied_votes
                .entry(0)
                .or_default()
                .extend(votes);
            self.seeding.records.push(t.clone());
        }
        let k = records.len() as u32;
        if let Some(hash) = pre_hash {
            for (a, link) in reseed.acks.iter().zip(&reseed.links) {
                let body = AckBody {
                    game_id: self.game_id,
                    seq: 0,
                    seat: a.seat,
                    stage: AckStage::Applied,
                    hash,
                    next_tip: None,
                    reveal: None,
                    reroll: Some(RerollLink {
                        pos: k,
                        link: *link,
                    }),
                };
                self.seeding.rerolls.insert(
                    (k, a.seat.index()),
                    Ack {
                        signed: Signed { body, sig: a.sig },
                    },
                );
            }
        }
        self.seeding.seed = Some(seed);
        self.phase = Phase::Playing;
    }

    // ----- takeovers at the seed round -----

    /// A vote of the seed round, checked and accepted (see `on_takeover`).
    pub(super) fn hold_seed_vote(&mut self, t: Signed<TakeoverBody>) {
        let (seat, voter) = (t.body.seat, t.body.voter);
        if self.phase == Phase::Seeding {
            if Some(voter) == self.local.seat {
                self.takeover.last_vote_at = self.clock.now;
            }
            self.takeover
                .votes
                .entry((seat, 0))
                .or_default()
                .insert(voter, t);
            return;
        }
        // We started; the voter is still in the seed round.
        let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live) else {
            return;
        };
        if seat == me {
            self.takeover
                .votes
                .entry((seat, 0))
                .or_default()
                .insert(voter, t);
            // Our own reveal (or re-roll link) never reached the others: they handed our seat
            // over before the start, so we rewind to the seed round and follow their game.
            let live = self.live_player_seats();
            if self
                .decided_at(0, &live)
                .iter()
                .any(|x| x.contains(&me.index()))
            {
                self.rewind_to_seeding();
                return;
            }
        }
        // Tell the voter how we started: every reveal and link we hold, the seed round's votes
        // we applied, and our start ack if we started without a vote of our own.
        if voter != me
            && let Some(peer) = self.seats[voter.index()].player.as_ref().map(|p| p.peer)
        {
            self.own_start_ack();
            let mut items: Vec<LogItem> = self
                .seeding
                .reveals
                .iter()
                .flatten()
                .cloned()
                .map(LogItem::Reveal)
                .collect();
            items.extend(
                self.takeover
                    .applied_votes
                    .get(&0)
                    .into_iter()
                    .flatten()
                    .cloned()
                    .map(LogItem::Takeover),
            );
            items.extend(self.seed_sync_items());
            self.outbox.push_back(Transmit {
                to: Destination::Peer(peer),
                message: Message::LogSync(LogSync {
                    game_id: self.game_id,
                    final_seq: self.ledger.final_seq,
                    items,
                }),
            });
        }
    }

    /// Signs our start ack once, if we started without an undecided vote of our own at the
    /// seed round (see the module docs): it tells a bound voter that its vote fails.
    fn own_start_ack(&mut self) {
        let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live) else {
            return;
        };
        let Some((hash, true)) = self.seeding.started else {
            return;
        };
        if self.seeding.starts[me.index()].is_some() {
            return;
        }
        self.seeding.starts[me.index()] = Some(self.seed_ack(me, hash, None));
    }

    /// Our signed ack of move 0 (the seed round) on the state hashing to `hash`: a start ack,
    /// or with `reroll`, a re-roll ack.
    fn seed_ack(&self, me: Seat, hash: StateHash, reroll: Option<RerollLink>) -> Ack {
        let body = AckBody {
            game_id: self.game_id,
            seq: 0,
            seat: me,
            stage: AckStage::Applied,
            hash,
            next_tip: None,
            reveal: None,
            reroll,
        };
        Ack {
            signed: Signed::sign(&self.local.signer, Domain::Ack, body),
        }
    }

    /// Applies every takeover of the seed round that the votes held decide.
    fn apply_seed_takeovers(&mut self) {
        for _ in 0..self.seats.len() {
            let live = self.live_player_seats();
            let Some(x) = self.decided_to_apply(0, &live) else {
                return;
            };
            let voters = takeover::voters(&live, &x);
            let mut votes = Vec::new();
            for &t in &x {
                for &v in &voters {
                    if let Some(s) = self
                        .takeover
                        .votes
                        .get(&(Seat(t as u8), 0))
                        .and_then(|m| m.get(&Seat(v as u8)))
                    {
                        votes.push(VoteRecord {
                            voter: Seat(v as u8),
                            seat: Seat(t as u8),
                            seat_move: None,
                            sig: s.sig,
                        });
                    }
                }
            }
            for &t in &x {
                self.seats[t].live = false;
            }
            let seats: Vec<Seat> = x.iter().map(|&s| Seat(s as u8)).collect();
            self.seeding.records.push(TakeoverRecord {
                seats: seats.clone(),
                from_seq: 0,
                votes,
                beacon: Vec::new(),
            });
            self.takeover.history.push((0, seats));
            let used: Vec<Signed<TakeoverBody>> = x
                .iter()
                .filter_map(|&t| self.takeover.votes.remove(&(Seat(t as u8), 0)))
                .flat_map(|m| m.into_values())
                .collect();
            self.takeover
                .applied_votes
                .entry(0)
                .or_default()
                .extend(used);
            self.progress();
        }
    }

    /// Signs and sends our re-roll ack of the seed round at position `k` (once).
    fn send_seed_reroll(&mut self, k: u32) {
        let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live) else {
            return;
        };
        if self.seeding.rerolls.contains_key(&(k, me.index())) {
            return;
        }
        let Some(hash) = self.seed_pre_hash() else {
            return;
        };
        let reroll = RerollLink {
            pos: k,
            link: self.local.reroll_chain.link(k),
        };
        let ack = self.seed_ack(me, hash, Some(reroll));
        self.seeding.rerolls.insert((k, me.index()), ack.clone());
        self.sent_news();
        self.send(Destination::Broadcast, Message::Ack(ack));
    }

    /// An ack of move 0: a seat's re-roll link after a takeover at the seed round, or its start
    /// ack (see the module docs).
    pub(super) fn on_seed_ack(&mut self, from: PeerId, a: Ack) {
        let b = &a.signed.body;
        let seat = b.seat;
        if b.game_id != self.game_id
            || b.stage != AckStage::Applied
            || b.reveal.is_some()
            || b.next_tip.is_some()
            || seat.index() >= self.seats.len()
        {
            return;
        }
        let held = match b.reroll {
            Some(r) => self
                .seeding
                .rerolls
                .get(&(r.pos, seat.index()))
                .is_some_and(|x| x.signed == a.signed),
            None => self.seeding.starts[seat.index()]
                .as_ref()
                .is_some_and(|x| x.signed == a.signed),
        };
        if held {
            return;
        }
        if !self.check_sig(
            from,
            seat,
            Domain::Ack,
            &a.signed.body,
            &a.signed.sig,
            0,
            "seed round ack",
        ) {
            return;
        }
        let Some(r) = a.signed.body.reroll else {
            if self.seeding.starts[seat.index()].is_none() {
                self.seeding.starts[seat.index()] = Some(a);
            }
            return;
        };
        if self.phase != Phase::Seeding {
            return;
        }
        let Some(tip) = self.seeding.commits[seat.index()]
            .as_ref()
            .map(|c| c.body.reroll_tip)
        else {
            return; // checked once its commit is here: it comes again
        };
        if self.seed_pre_hash() != Some(a.signed.body.hash) {
            return;
        }
        let len = lockstep::reroll_len(&self.config);
        if r.pos == 0 || r.pos > len || !beacon::check_reroll(&tip, len, r.pos, &r.link) {
            let peer = self.peer_of_seat_or(seat, from);
            self.cheat(
                CheatKind::WithheldReveal,
                Some(seat),
                peer,
                0,
                "re-roll link at the seed round does not match its committed re-roll chain; it \
                 counts as withheld"
                    .into(),
                vec![LogItem::Ack(a)],
            );
            return;
        }
        let counts = r.pos == self.takeover.history.len() as u32;
        if self
            .seeding
            .rerolls
            .insert((r.pos, seat.index()), a)
            .is_none()
            && counts
        {
            self.progress();
        }
    }

    /// The other seats we wait for at the seed round, and for what: a commit; once every commit
    /// is in, a live seat's reveal (or, after a takeover, its re-roll link); and, having voted,
    /// a required voter that has neither voted nor said it started.
    pub(super) fn seed_waiting_for(&self) -> Vec<(usize, Waiting)> {
        let live = self.live_player_seats();
        let mut out: Vec<(usize, Waiting)> = live
            .iter()
            .filter(|&&i| self.seeding.commits[i].is_none())
            .map(|&i| (i, Waiting::Commit))
            .collect();
        if !out.is_empty() {
            out.retain(|(i, _)| Some(Seat(*i as u8)) != self.local.seat);
            return out;
        }
        let k = self.takeover.history.len() as u32;
        for &i in &live {
            if self.seeding.reveals[i].is_none()
                || (k > 0 && !self.seeding.rerolls.contains_key(&(k, i)))
            {
                out.push((i, Waiting::Reveal));
            }
        }
        if let Some(me) = self.local.seat.filter(|s| self.seats[s.index()].live) {
            let mine = self.voted_against(me, 0, &live);
            if self.votes_overdue(&mine) {
                for v in takeover::voters(&live, &mine) {
                    if v == me.index() || out.iter().any(|(i, _)| *i == v) {
                        continue;
                    }
                    let heard = self.seeding.starts[v].is_some()
                        || self
                            .takeover
                            .votes
                            .iter()
                            .any(|((_, n), m)| *n == 0 && m.contains_key(&Seat(v as u8)));
                    if !heard {
                        out.push((v, Waiting::Vote(0)));
                    }
                }
            }
        }
        out.retain(|(i, _)| Some(Seat(*i as u8)) != self.local.seat);
        out
    }

    /// The seats a seeding peer resends its items to and asks: those it waits for, and, while a
    /// vote of its own binds it, every live player (their votes, or their word that they
    /// started).
    pub(super) fn seed_missing(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .seed_waiting_for()
            .into_iter()
            .map(|(i, _)| i)
            .collect();
        if !self.seed_votes_binding().is_empty() {
            out.extend(self.live_player_seats());
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Our own items of the seed round: our commit and reveal, our re-roll link after a
    /// takeover, and our votes still waiting.
    pub(super) fn own_seed_items(&self, me: Seat) -> Vec<Message> {
        let mut out = Vec::new();
        if let Some(c) = &self.seeding.commits[me.index()] {
            out.push(Message::Commit(c.clone()));
        }
        if let Some(r) = &self.seeding.reveals[me.index()] {
            out.push(Message::Reveal(r.clone()));
        }
        let k = self.takeover.history.len() as u32;
        if let Some(a) = self.seeding.rerolls.get(&(k, me.index())) {
            out.push(Message::Ack(a.clone()));
        }
        for ((_, n), v) in &self.takeover.votes {
            if *n == 0
                && let Some(v) = v.get(&me)
            {
                out.push(Message::Takeover(v.clone()));
            }
        }
        out
    }

    /// The acks of the seed round held (re-roll links and start acks), for a peer that asks
    /// for the setup (the commits, reveals and votes go with them).
    pub(super) fn seed_sync_items(&self) -> Vec<LogItem> {
        self.seeding
            .rerolls
            .values()
            .chain(self.seeding.starts.iter().flatten())
            .cloned()
            .map(LogItem::Ack)
            .collect()
    }

    /// What a silence report says of a seat we wait for at the seed round, with its commit as
    /// proof: it withholds its reveal, or its re-roll link.
    pub(super) fn seed_withheld(&self, i: usize) -> (String, Vec<LogItem>) {
        let proof = self.seeding.commits[i]
            .iter()
            .cloned()
            .map(LogItem::Commit)
            .collect();
        let detail = if self.seeding.reveals[i].is_none() {
            "committed to a seed nonce but has not revealed it; if it stays silent, the others \
             hand its seat to the bot and the seed is drawn again without it"
        } else {
            "has not revealed its re-roll link after a takeover at the seed round; if it stays \
             silent, the others hand its seat to the bot too"
        };
        (detail.into(), proof)
    }

    /// Our seat was handed to the bot at the seed round, but we had started the game on our
    /// own (the others never got our reveal): back to the seed round, as a follower of their
    /// game. The driver is told to cut the replay file to nothing.
    fn rewind_to_seeding(&mut self) {
        let fresh = Self::with_signer(
            self.config.clone(),
            self.local.signer.clone(),
            self.local.game_secret.clone(),
            self.settings.clone(),
            self.clock.now,
        );
        let Ok(mut s) = fresh else {
            self.halt("our seat was handed to the bot before the start, and our session could not go back to the seed round".into());
            return;
        };
        s.outbox = std::mem::take(&mut self.outbox);
        let mut events = std::mem::take(&mut self.events);
        events.extend(s.events.drain(..));
        s.events = events;
        let old = &mut self.seeding;
        s.seeding.commits = std::mem::take(&mut old.commits);
        s.seeding.reveals = std::mem::take(&mut old.reveals);
        s.seeding.rerolls = std::mem::take(&mut old.rerolls);
        s.seeding.starts = std::mem::take(&mut old.starts);
        s.seeding.records = std::mem::take(&mut old.records);
        s.seeding.sent_reveal = old.sent_reveal;
        let mut votes = std::mem::take(&mut self.takeover.votes);
        votes.retain(|(_, n), _| *n == 0);
        s.takeover.votes = votes;
        if let Some(v) = self.takeover.applied_votes.remove(&0) {
            s.takeover.applied_votes.insert(0, v);
        }
        s.takeover.history = self
            .takeover
            .history
            .iter()
            .filter(|(n, _)| *n == 0)
            .cloned()
            .collect();
        for (_, seats) in &s.takeover.history {
            for seat in seats {
                s.seats[seat.index()].live = false;
            }
        }
        s.takeover.last_vote_at = self.takeover.last_vote_at;
        std::mem::swap(&mut s.presence, &mut self.presence);
        std::mem::swap(&mut s.limits, &mut self.limits);
        s.reported = std::mem::take(&mut self.reported);
        s.chat = std::mem::take(&mut self.chat);
        s.journal = std::mem::take(&mut self.journal);
        s.replay.truncate = (self.replay.polled > 0 || self.replay.truncate.is_some()).then_some(0);
        *self = s;
        self.advance();
    }
}
