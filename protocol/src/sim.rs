//! An in-memory network of sessions with deterministic fault injection (drop, duplicate,
//! reorder, delay), driven by logical time. Used by `record_simulated`, the tests and the
//! benchmarks; a model of what the network crate does over libp2p.

use crate::config::{GameConfig, SeatSpec};
use crate::event::{Destination, Event};
use crate::game_secret::GameSecret;
use crate::keys::Signer;
use crate::message::Message;
use crate::session::{Phase, Session, Settings};
use crate::wire;
use dwarfs_engine::{Bot, Game, RandomBot, Seat, SeedStream, StateHash};
use libp2p_identity::PeerId;
use std::collections::BTreeMap;

/// Fault rates, in per-mille, and delays, in logical milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    /// Chance that a message is dropped.
    pub drop: u16,
    /// Chance that a message is delivered twice.
    pub duplicate: u16,
    /// Chance that a message gets an extra random delay (and so is reordered).
    pub reorder: u16,
    /// Base one-way latency.
    pub latency_ms: u64,
    /// Largest extra delay for reordered messages.
    pub max_extra_delay_ms: u64,
}

/// A function an adversarial peer applies to each of its outgoing messages: it may change,
/// drop (return empty) or multiply them. It gets the peer's signer to forge validly signed items.
pub type Tamper = Box<dyn FnMut(&Signer, Message) -> Vec<Message>>;

/// As [`Tamper`], per receiver: it also gets the index of the peer the message goes to, so an
/// adversarial peer can tell different peers different things. Applied after [`SimPeer::tamper`].
pub type TamperTo = Box<dyn FnMut(&Signer, usize, Message) -> Vec<Message>>;

/// One simulated peer.
pub struct SimPeer<G: Game> {
    /// The session.
    pub session: Session<G>,
    /// Its signer (for tampering).
    pub signer: Signer,
    /// Its fresh secret for the game ([`sim_secret`]), to resume its session.
    pub secret: GameSecret,
    /// Its peer id.
    pub peer: PeerId,
    /// The bot choosing its moves (a random one unless set).
    pub bot: Box<dyn Bot<G>>,
    /// Its replay file so far.
    pub replay: Vec<u8>,
    /// Every event it emitted.
    pub events: Vec<Event<G>>,
    /// The logical time at which each of `events` was emitted.
    pub event_times: Vec<u64>,
    /// Outgoing message rewriter, for adversarial tests.
    pub tamper: Option<Tamper>,
    /// Outgoing message rewriter per receiver, for adversarial tests.
    pub tamper_to: Option<TamperTo>,
    /// Whether it is offline (drops everything in and out).
    pub offline: bool,
    /// How often its session asked to cut the replay file (see
    /// [`Session::poll_replay_truncate`]).
    pub truncations: u32,
    /// Whether it is stalled (a loaded machine): it neither runs nor reads, and what is sent to
    /// it waits, in order, until it runs again.
    pub stalled: bool,
    /// Whether its bot plays its turns (tests turn this off to act by hand).
    pub autoplay: bool,
    /// `Some(ms)`: its driver hands the signature checks to a thread of their own
    /// ([`Session::take_signature_work`]), whose verdict comes back `ms` later; `None`: it
    /// checks them in place when it has nothing else to do ([`Session::check_signatures`]).
    pub checks_elsewhere_ms: Option<u64>,
    /// How many verdicts of the checking thread its session took (the others were stale).
    pub verdicts_taken: u32,
    /// The verdicts of the work handed out, in order, and when each comes back (the session
    /// hands out new work once it made the last stale, before that one's verdict is back).
    verdicts: std::collections::VecDeque<(u64, crate::SignatureVerdict)>,
}

impl<G: Game> SimPeer<G> {
    /// A peer online, autoplaying with `bot`, that has sent and received nothing yet.
    fn new(
        session: Session<G>,
        signer: Signer,
        secret: GameSecret,
        bot: Box<dyn Bot<G>>,
    ) -> Result<Self, crate::session::SessionError> {
        Ok(SimPeer {
            peer: signer.public().peer_id()?,
            session,
            signer,
            secret,
            bot,
            replay: Vec::new(),
            events: Vec::new(),
            event_times: Vec::new(),
            tamper: None,
            tamper_to: None,
            offline: false,
            stalled: false,
            truncations: 0,
            autoplay: true,
            checks_elsewhere_ms: None,
            verdicts_taken: 0,
            verdicts: Default::default(),
        })
    }
}

/// The in-memory network.
pub struct Network<G: Game> {
    /// The peers, in seat order.
    pub peers: Vec<SimPeer<G>>,
    /// Logical time (ms).
    pub now: u64,
    faults: Faults,
    rng: SeedStream,
    queue: BTreeMap<(u64, u64), (usize, usize, Vec<u8>)>,
    counter: u64,
    /// Messages delivered.
    pub delivered: u64,
    /// Links that lose everything sent on them, as (from, to) peer indices.
    pub cut: std::collections::BTreeSet<(usize, usize)>,
}

/// The deterministic key of seat `i` in a simulation with `seed`.
pub fn sim_signer(seed: u64, i: usize) -> Signer {
    Signer::from_secret(sim_key_secret(seed, i))
}

/// The 32 secret bytes of [`sim_signer`]`(seed, i)` (tests that craft signatures by hand).
pub fn sim_key_secret(seed: u64, i: usize) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs sim key v1\0");
    h.update(&seed.to_le_bytes());
    h.update(&(i as u64).to_le_bytes());
    *h.finalize().as_bytes()
}

/// The game secret of seat `i` in a simulation with `seed` (see [`GameSecret::for_simulation`]).
pub fn sim_secret(seed: u64, i: usize) -> GameSecret {
    GameSecret::for_simulation(seed, i)
}

/// A game id for a simulation with `seed`.
pub fn sim_game_id(seed: u64) -> [u8; 32] {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs sim game id v1\0");
    h.update(&seed.to_le_bytes());
    *h.finalize().as_bytes()
}

/// The takeover bot's strength in [`Network::new`]'s games: a small search, so that tests that
/// hand seats to the bot stay quick (a real lobby agrees on the normal level's).
pub const SIM_TAKEOVER_ITERATIONS: u32 = 16;

impl<G: Game> Network<G> {
    /// `players` seated peers with keys from `seed`, playing with random bots, over a network
    /// with `faults`; the takeover bot searches [`SIM_TAKEOVER_ITERATIONS`] a move. `bots`
    /// lists seats played by the takeover bot instead of a peer.
    pub fn new(
        options: &G::Options,
        players: u8,
        seed: u64,
        faults: Faults,
        settings: Settings,
    ) -> Result<Self, crate::session::SessionError> {
        Self::with_config(
            players,
            seed,
            faults,
            settings,
            |seats| {
                GameConfig::new::<G>(sim_game_id(seed), options, seats)
                    .expect("the simulated game's options encode")
                    .with_takeover_iterations(SIM_TAKEOVER_ITERATIONS)
            },
            &[],
        )
    }

    /// As [`Network::new`] with a custom configuration (built from the seats) and bot seats.
    pub fn with_config(
        players: u8,
        seed: u64,
        faults: Faults,
        settings: Settings,
        make_config: impl FnOnce(Vec<SeatSpec>) -> GameConfig,
        bot_seats: &[Seat],
    ) -> Result<Self, crate::session::SessionError> {
        let signers: Vec<Signer> = (0..players as usize).map(|i| sim_signer(seed, i)).collect();
        let seats: Vec<SeatSpec> = signers
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if bot_seats.contains(&Seat(i as u8)) {
                    SeatSpec::Bot
                } else {
                    SeatSpec::Player(s.public())
                }
            })
            .collect();
        let config = make_config(seats);
        let mut peers = Vec::new();
        for (i, signer) in signers.into_iter().enumerate() {
            if bot_seats.contains(&Seat(i as u8)) {
                continue;
            }
            let secret = sim_secret(seed, i);
            let session = Session::with_signer(
                config.clone(),
                signer.clone(),
                secret.clone(),
                settings.clone(),
                0,
            )?;
            let bot = RandomBot::new(seed.wrapping_mul(31).wrapping_add(i as u64));
            peers.push(SimPeer::new(session, signer, secret, Box::new(bot))?);
        }
        Ok(Network {
            peers,
            now: 0,
            faults,
            rng: SeedStream::derive(seed, "sim network faults"),
            queue: BTreeMap::new(),
            counter: 0,
            delivered: 0,
            cut: Default::default(),
        })
    }

    /// Adds a spectator session (a key holding no seat); returns its index.
    pub fn add_spectator(
        &mut self,
        secret: [u8; 32],
        settings: Settings,
    ) -> Result<usize, crate::session::SessionError> {
        let signer = Signer::from_secret(secret);
        let game_secret = GameSecret::from_bytes(*blake3::hash(&secret).as_bytes());
        let config = self.peers[0].session.config().clone();
        let session = Session::with_signer(
            config,
            signer.clone(),
            game_secret.clone(),
            settings,
            self.now,
        )?;
        self.peers.push(SimPeer::new(
            session,
            signer,
            game_secret,
            Box::new(RandomBot::new(0)),
        )?);
        let i = self.peers.len() - 1;
        self.pump(i);
        Ok(i)
    }

    fn index_of(&self, peer: &PeerId) -> Option<usize> {
        self.peers.iter().position(|p| p.peer == *peer)
    }

    fn roll(&mut self, per_mille: u16) -> bool {
        per_mille > 0 && (self.rng.next_u64() % 1000) < per_mille as u64
    }

    fn enqueue(&mut self, from: usize, to: usize, bytes: Vec<u8>) {
        if self.peers[from].offline || self.peers[to].offline || self.cut.contains(&(from, to)) {
            return;
        }
        if self.roll(self.faults.drop) {
            return;
        }
        let copies = if self.roll(self.faults.duplicate) {
            2
        } else {
            1
        };
        for _ in 0..copies {
            let mut at = self.now + self.faults.latency_ms;
            if self.roll(self.faults.reorder) && self.faults.max_extra_delay_ms > 0 {
                at += self.rng.next_u64() % (self.faults.max_extra_delay_ms + 1);
            }
            self.counter += 1;
            self.queue
                .insert((at, self.counter), (from, to, bytes.clone()));
        }
    }

    /// Drains peer `i`'s outputs: transmits into the network, events into its log, replay
    /// frames into its file, and plays its bot's move when it is its turn.
    pub fn pump(&mut self, i: usize) {
        if self.peers[i].stalled {
            return;
        }
        loop {
            let mut any = false;
            while let Some(t) = self.peers[i].session.poll_transmit() {
                any = true;
                let p = &mut self.peers[i];
                let msgs = match p.tamper.as_mut() {
                    Some(f) => f(&p.signer, t.message),
                    None => vec![t.message],
                };
                let targets: Vec<usize> = match &t.to {
                    Destination::Peer(p) => self.index_of(p).into_iter().collect(),
                    Destination::Broadcast => self.peers[i]
                        .session
                        .broadcast_peers()
                        .iter()
                        .filter_map(|p| self.index_of(p))
                        .collect(),
                };
                for m in msgs {
                    for &to in targets.iter().filter(|&&to| to != i) {
                        let p = &mut self.peers[i];
                        let per_receiver = match p.tamper_to.as_mut() {
                            Some(f) => f(&p.signer, to, m.clone()),
                            None => vec![m.clone()],
                        };
                        for m in per_receiver {
                            if let Ok(bytes) = wire::encode(&m) {
                                self.enqueue(i, to, bytes);
                            }
                        }
                    }
                }
            }
            while let Some(e) = self.peers[i].session.poll_event() {
                self.peers[i].events.push(e);
                self.peers[i].event_times.push(self.now);
            }
            if let Some(len) = self.peers[i].session.poll_replay_truncate() {
                self.peers[i].replay.truncate(len);
                self.peers[i].truncations += 1;
            }
            while let Some(f) = self.peers[i].session.poll_replay_frame() {
                self.peers[i].replay.extend(f);
            }
            if self.peers[i].session.is_my_turn()
                && !self.peers[i].offline
                && self.peers[i].autoplay
            {
                let p = &mut self.peers[i];
                let seat = p.session.local_seat().unwrap_or(dwarfs_engine::Seat(0));
                let legal = p.session.state().legal_actions_for_vec(seat);
                if !legal.is_empty() {
                    let k = p
                        .bot
                        .choose(
                            &dwarfs_engine::SeatView::new(p.session.state(), seat),
                            &legal,
                        )
                        .min(legal.len() - 1);
                    let _ = p.session.submit_local_action(legal[k].clone());
                    any = true;
                }
            }
            if any {
                continue;
            }
            // Nothing else to do: check the acks counted before their signatures, here or
            // handed to the checking thread.
            let p = &mut self.peers[i];
            match p.checks_elsewhere_ms {
                None if p.session.check_signatures() => {}
                None => break,
                Some(ms) => {
                    if let Some(work) = p.session.take_signature_work() {
                        p.verdicts.push_back((self.now + ms, work.run()));
                    }
                    break;
                }
            }
        }
    }

    /// Whether every online peer is over or halted.
    pub fn done(&self) -> bool {
        self.peers
            .iter()
            .filter(|p| !p.offline)
            .all(|p| matches!(p.session.phase(), Phase::Over | Phase::Halted(_)))
    }

    /// Runs until every peer is over or halted, or `max_ms` of logical time passed.
    /// Returns whether everyone finished.
    pub fn run(&mut self, max_ms: u64) -> bool {
        for i in 0..self.peers.len() {
            self.pump(i);
        }
        let deadline = self.now + max_ms;
        while !self.done() && self.now <= deadline {
            self.step();
        }
        self.done()
    }

    /// Runs until `pred` holds (checked after every step), everyone is done, or `max_ms` of
    /// logical time passed. Returns whether `pred` held.
    pub fn run_until(&mut self, max_ms: u64, pred: impl Fn(&Network<G>) -> bool) -> bool {
        for i in 0..self.peers.len() {
            self.pump(i);
        }
        let deadline = self.now + max_ms;
        while !pred(self) && !self.done() && self.now <= deadline {
            self.step();
        }
        pred(self)
    }

    /// Delivers everything due now, then advances time to the next delivery or timeout.
    pub fn step(&mut self) {
        loop {
            let due = self
                .queue
                .iter()
                .take_while(|(k, _)| k.0 <= self.now)
                .find(|(_, (_, to, _))| !self.peers[*to].stalled)
                .map(|(k, _)| *k);
            let Some(key) = due else { break };
            let Some((from, to, bytes)) = self.queue.remove(&key) else {
                break;
            };
            if self.peers[to].offline {
                continue;
            }
            self.delivered += 1;
            let from_peer = self.peers[from].peer;
            let _ = self.peers[to].session.handle_bytes(from_peer, &bytes);
            self.pump(to);
        }
        for i in 0..self.peers.len() {
            let p = &mut self.peers[i];
            if p.offline || p.stalled || p.verdicts.front().is_none_or(|(at, _)| *at > self.now) {
                continue;
            }
            if let Some((_, v)) = p.verdicts.pop_front() {
                if p.session.signature_verdict(v) {
                    p.verdicts_taken += 1;
                }
                self.pump(i);
            }
        }
        let next_msg = self
            .queue
            .iter()
            .find(|(_, (_, to, _))| !self.peers[*to].stalled)
            .map(|(k, _)| k.0);
        let next_timer = self
            .peers
            .iter()
            .filter(|p| !p.offline && !p.stalled)
            .flat_map(|p| {
                [
                    p.session.next_timeout(),
                    p.verdicts.front().map(|(at, _)| *at),
                ]
            })
            .flatten()
            .min();
        let next = match (next_msg, next_timer) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b).unwrap_or(self.now + 1),
        };
        self.now = next.max(self.now + 1);
        for i in 0..self.peers.len() {
            if !self.peers[i].offline && !self.peers[i].stalled {
                self.peers[i].session.tick(self.now);
                self.pump(i);
            }
        }
    }

    /// Each online peer's final state hash (a state that cannot be encoded is a bug of the
    /// simulated game, and stops the simulation).
    pub fn hashes(&self) -> Vec<StateHash> {
        self.peers
            .iter()
            .filter(|p| !p.offline)
            .map(|p| p.session.state_hash().expect("a simulated state encodes"))
            .collect()
    }
}

/// Plays a whole game of `G` among `players` simulated peers with random bots on a perfect
/// network, exactly as real peers do (a key per seat, commit-reveal seed, beacon, signed moves
/// and acks), and returns seat 0's replay file. The same seed gives the same bytes.
pub fn record_simulated<G: Game>(
    options: &G::Options,
    players: u8,
    seed: u64,
) -> Result<Vec<u8>, SimError> {
    record_simulated_with::<G>(options, players, seed, None).map(|(bytes, _)| bytes)
}

/// [`record_simulated`] with every peer's moves chosen by a bot from `bot` (called with the
/// peer's index, which is its seat's; `None`: random bots), returning the replay and the final state, so that what a
/// caller reports of the game is what the file holds.
pub fn record_simulated_with<G: Game>(
    options: &G::Options,
    players: u8,
    seed: u64,
    bot: Option<&dyn Fn(usize) -> Box<dyn Bot<G>>>,
) -> Result<(Vec<u8>, G), SimError> {
    let mut net = Network::<G>::new(
        options,
        players,
        seed,
        Faults {
            latency_ms: 1,
            ..Faults::default()
        },
        Settings::default(),
    )
    .map_err(|e| SimError::Setup(e.to_string()))?;
    if let Some(make) = bot {
        for (i, p) in net.peers.iter_mut().enumerate() {
            p.bot = make(i);
        }
    }
    let max = (G::max_steps(players) as u64 + 100) * 10;
    if !net.run(max) {
        return Err(SimError::Unfinished);
    }
    for p in &net.peers {
        if let Phase::Halted(r) = p.session.phase() {
            return Err(SimError::Halted(r.clone()));
        }
    }
    let state = net.peers[0].session.state().clone();
    Ok((std::mem::take(&mut net.peers[0].replay), state))
}

/// Why a simulated recording failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// The configuration was refused.
    #[error("cannot set up the game: {0}")]
    Setup(String),
    /// A session halted (a bug: simulated peers are honest).
    #[error("a session halted: {0}")]
    Halted(String),
    /// The game did not finish in time.
    #[error("the simulated game did not finish")]
    Unfinished,
}

/// The shared setup of the takeover, resume and vote tests: one small game of Pig, quick timers
/// and a clean network, so that each test states only what it changes.
pub mod fixture {
    use super::{Faults, Network, SIM_TAKEOVER_ITERATIONS, sim_game_id};
    use crate::config::GameConfig;
    use crate::session::Settings;
    use dwarfs_engine::toy::{Pig, PigOptions};

    /// Pig to 40 points in at most 12 rounds, without wagers: long enough for takeovers in
    /// the middle of a game, short enough for a test.
    pub fn options() -> PigOptions {
        PigOptions {
            target: 40,
            max_rounds: 12,
            wagers: false,
        }
    }

    /// Quick timers: retransmit after 30 ms, a seat silent after 300 ms, sync answers of 8
    /// moves, an automatic takeover vote after 400 ms of silence, and a 2-player partner gone
    /// after 1.2 s.
    pub fn settings() -> Settings {
        Settings {
            retransmit_ms: 30,
            silence_ms: 300,
            sync_chunk: 8,
            takeover_after_ms: Some(400),
            gone_after_ms: 1_200,
        }
    }

    /// A clean network with a 3 ms one-way latency.
    pub fn faults() -> Faults {
        Faults {
            latency_ms: 3,
            ..Faults::default()
        }
    }

    /// `players` peers with keys from `seed` playing [`options`] with [`settings`] over
    /// [`faults`].
    pub fn net(players: u8, seed: u64) -> Network<Pig> {
        net_with(players, seed, settings(), |_| {})
    }

    /// As [`net`], with other settings and the configuration changed by `edit` (for example
    /// more frequent checkpoints).
    pub fn net_with(
        players: u8,
        seed: u64,
        settings: Settings,
        edit: impl FnOnce(&mut GameConfig),
    ) -> Network<Pig> {
        game(players, seed, &options(), settings, edit)
    }

    /// As [`net_with`], playing Pig with other `options`.
    pub fn game(
        players: u8,
        seed: u64,
        options: &PigOptions,
        settings: Settings,
        edit: impl FnOnce(&mut GameConfig),
    ) -> Network<Pig> {
        Network::with_config(
            players,
            seed,
            faults(),
            settings,
            |seats| {
                let mut c = GameConfig::new::<Pig>(sim_game_id(seed), options, seats)
                    .expect("the fixture's options encode")
                    .with_takeover_iterations(SIM_TAKEOVER_ITERATIONS);
                edit(&mut c);
                c
            },
            &[],
        )
        .expect("the fixture's game is valid")
    }
}
