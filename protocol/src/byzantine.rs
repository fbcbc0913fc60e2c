//! A Byzantine seat for the simulator, and the invariants every run must keep (in the spirit of
//! the Twins method for BFT protocols): a seat whose messages are produced by an honest session
//! and then, at each send, chosen from deviations by a seeded generator.
//!
//! The deviations ([`Deviation`]): send to a subset only, withhold, hold back (delay and
//! reorder), duplicate, replay an old signed message, equivocate (two signed versions to
//! different peers), claim false re-roll positions, sign with crafted signatures (a small-order
//! point in R: valid under the one rule, see [`crate::keys`]) or bad ones, withhold reveals and
//! acks (chance points included), vote takeovers at will, and answer syncs with lies. After its
//! budget of deviations the seat plays honestly or goes silent ([`After`]).
//!
//! [`check`] states what must hold after every run ([`Violation`] when not):
//! - every honest peer either finished, with the others that finished, on one state and a
//!   replay that verifies on both paths, or halted with evidence that names the Byzantine seat;
//! - no honest peer named an honest seat in evidence, handed one to the bot, or reported one
//!   silent;
//! - every honest peer finished or halted within the run's bound of logical time once the
//!   Byzantine seat stopped deviating;
//! - the sessions' buffers stayed bounded ([`Session::held_items`](crate::Session::held_items)).

use crate::beacon::Chain;
use crate::keys::{Domain, Signature, Signer, signed_bytes};
use crate::lockstep;
use crate::message::{Ack, Link, Message, RerollLink, Signed, TakeoverBody};
use crate::sim::{Network, sim_key_secret};
use crate::{Event, Phase};
use dwarfs_engine::{Game, Seat, SeedStream};
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// What the seat does once its budget of deviations is spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// Plays on honestly.
    Honest,
    /// Sends nothing more.
    Silent,
}

/// A run's plan for the Byzantine seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The Byzantine seat's peer index.
    pub seat: usize,
    /// The generator's seed.
    pub seed: u64,
    /// Chance, in per-mille, that an outgoing message is deviated.
    pub rate: u16,
    /// How many outgoing messages may be deviated before [`Plan::after`].
    pub budget: u32,
    /// What it does then.
    pub after: After,
    /// The deviations it chooses from ([`Deviation::ALL`] for every one).
    pub deviations: &'static [Deviation],
}

/// One deviation from the honest protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Deviation {
    /// Sent to some receivers only.
    Subset,
    /// Not sent at all.
    Withhold,
    /// Held back and sent with a later message (delay, reorder).
    HoldBack,
    /// Sent twice.
    Duplicate,
    /// An older signed message sent again.
    Replay,
    /// Another signed version of the message to some receivers.
    Equivocate,
    /// An ack re-signed with a re-roll position no takeover justified.
    FalseReroll,
    /// Re-signed with a small-order point in R (valid under the one rule).
    CraftedSignature,
    /// A signature that does not verify.
    BadSignature,
    /// A takeover vote against another seat, cast at will.
    Vote,
    /// A sync answer that lies about how far it is and drops items.
    SyncLie,
}

impl Deviation {
    /// Every deviation.
    pub const ALL: &'static [Deviation] = &[
        Deviation::Subset,
        Deviation::Withhold,
        Deviation::HoldBack,
        Deviation::Duplicate,
        Deviation::Replay,
        Deviation::Equivocate,
        Deviation::FalseReroll,
        Deviation::CraftedSignature,
        Deviation::BadSignature,
        Deviation::Vote,
        Deviation::SyncLie,
    ];
}

/// What the adversary did, for reports.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// How often each deviation was used.
    pub used: std::collections::BTreeMap<Deviation, u32>,
    /// Messages sent in all.
    pub sent: u32,
}

struct State {
    plan: Plan,
    rng: SeedStream,
    key: craft::Key,
    seats: usize,
    reroll: Chain,
    reroll_len: u32,
    game_id: [u8; 32],
    /// Earlier messages, for replays (bounded).
    old: Vec<Message>,
    /// Messages held back.
    held: Vec<Message>,
    /// Per message: the receivers it goes to, and an alternative for equivocation.
    split: Option<(u64, Option<Message>)>,
    tally: Tally,
    spent: u32,
    last_seq: u32,
}

impl State {
    fn roll(&mut self, per_mille: u16) -> bool {
        self.rng.next_u64() % 1000 < per_mille as u64
    }

    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[(self.rng.next_u64() % v.len() as u64) as usize]
    }

    fn deviating(&self) -> bool {
        self.spent < self.plan.budget
    }

    fn note(&mut self, d: Deviation) {
        *self.tally.used.entry(d).or_default() += 1;
        self.spent += 1;
    }

    /// Signs `body` with a small-order point in R (see [`craft`]).
    fn crafted<T: serde::Serialize>(&mut self, domain: Domain, body: &T) -> Signature {
        let t = (self.rng.next_u64() % 5) as usize;
        Signature(craft::sign(&self.key, &signed_bytes(domain, body), Some(t)))
    }

    /// The whole-message deviations, before the message is split per receiver.
    fn outgoing(&mut self, signer: &Signer, m: Message) -> Vec<Message> {
        self.tally.sent += 1;
        if let Some(seq) = seq_of(&m) {
            self.last_seq = self.last_seq.max(seq);
        }
        if self.old.len() < 256 {
            self.old.push(m.clone());
        } else {
            let i = (self.rng.next_u64() % 256) as usize;
            self.old[i] = m.clone();
        }
        self.split = None;
        if !self.deviating() {
            let mut out = std::mem::take(&mut self.held);
            if self.plan.after == After::Honest {
                out.push(m);
                return out;
            }
            return Vec::new();
        }
        let mut out = Vec::new();
        // Something held back goes out now, before or after this one.
        if !self.held.is_empty() && self.roll(500) {
            out.append(&mut self.held);
        }
        if !self.roll(self.plan.rate) {
            out.push(m);
            return out;
        }
        let d = self.pick(self.plan.deviations);
        self.note(d);
        match d {
            Deviation::Withhold => {}
            Deviation::HoldBack => self.held.push(m),
            Deviation::Duplicate => {
                out.push(m.clone());
                out.push(m);
            }
            Deviation::Replay => {
                let i = (self.rng.next_u64() % self.old.len() as u64) as usize;
                out.push(self.old[i].clone());
                out.push(m);
            }
            Deviation::Subset => {
                let mask = self.rng.next_u64();
                self.split = Some((mask, None));
                out.push(m);
            }
            Deviation::Equivocate => {
                let alt = self.other_version(signer, &m);
                let mask = self.rng.next_u64();
                self.split = Some((mask, alt));
                out.push(m);
            }
            Deviation::FalseReroll => match m {
                Message::Ack(a) => {
                    let pos = (self.rng.next_u64() % (self.reroll_len as u64 + 2)) as u32;
                    let link = if pos >= 1 && pos <= self.reroll_len && self.roll(700) {
                        self.reroll.link(pos)
                    } else {
                        let mut l: Link = [0; 16];
                        l[..8].copy_from_slice(&self.rng.next_u64().to_le_bytes());
                        l
                    };
                    let mut body = a.signed.body.clone();
                    body.reroll = Some(RerollLink { pos, link });
                    out.push(Message::Ack(Ack {
                        signed: Signed::sign(signer, Domain::Ack, body),
                    }));
                    if self.roll(500) {
                        out.push(Message::Ack(a));
                    }
                }
                m => out.push(m),
            },
            Deviation::CraftedSignature => out.push(self.resigned(m, true)),
            Deviation::BadSignature => out.push(self.resigned(m, false)),
            Deviation::Vote => {
                let mine = self.plan.seat;
                let others: Vec<usize> = (0..self.seats).filter(|&s| s != mine).collect();
                let target = self.pick(&others);
                let from_seq = self.last_seq + (self.rng.next_u64() % 2) as u32;
                let body = TakeoverBody {
                    game_id: self.game_id,
                    seat: Seat(target as u8),
                    from_seq,
                    voter: Seat(mine as u8),
                    seat_move: None,
                };
                out.push(Message::Takeover(Signed::sign(
                    signer,
                    Domain::Takeover,
                    body,
                )));
                out.push(m);
            }
            Deviation::SyncLie => match m {
                Message::LogSync(mut s) => {
                    s.final_seq = s
                        .final_seq
                        .saturating_add((self.rng.next_u64() % 40) as u32);
                    let keep = self.rng.next_u64() % (s.items.len() as u64 + 1);
                    s.items.truncate(keep as usize);
                    out.push(Message::LogSync(s));
                }
                m => out.push(m),
            },
        }
        out
    }

    /// The per-receiver deviations: a subset, or another version for some receivers.
    fn for_receiver(&mut self, to: usize, m: Message) -> Vec<Message> {
        let Some((mask, alt)) = &self.split else {
            return vec![m];
        };
        let other = mask >> (to % 64) & 1 == 1;
        match (other, alt) {
            (false, _) => vec![m],
            (true, Some(alt)) => vec![alt.clone()],
            (true, None) => Vec::new(),
        }
    }

    /// `m` signed again: with a crafted but valid signature, or a bad one.
    fn resigned(&mut self, m: Message, valid: bool) -> Message {
        fn sig<T: serde::Serialize>(
            st: &mut State,
            domain: Domain,
            body: &T,
            valid: bool,
        ) -> Signature {
            if valid {
                st.crafted(domain, body)
            } else {
                let mut s = [0u8; 64];
                for c in s.chunks_mut(8) {
                    c.copy_from_slice(&st.rng.next_u64().to_le_bytes());
                }
                s[63] &= 0x0f;
                Signature(s)
            }
        }
        match m {
            Message::Move(mut x) => {
                x.sig = sig(self, Domain::Move, &x.body, valid);
                Message::Move(x)
            }
            Message::Ack(mut a) => {
                a.signed.sig = sig(self, Domain::Ack, &a.signed.body, valid);
                Message::Ack(a)
            }
            Message::Commit(mut x) => {
                x.sig = sig(self, Domain::Commit, &x.body, valid);
                Message::Commit(x)
            }
            Message::Reveal(mut x) => {
                x.sig = sig(self, Domain::Reveal, &x.body, valid);
                Message::Reveal(x)
            }
            Message::Takeover(mut x) => {
                x.sig = sig(self, Domain::Takeover, &x.body, valid);
                Message::Takeover(x)
            }
            Message::SecretCommit(mut x) => {
                x.sig = sig(self, Domain::SecretCommit, &x.body, valid);
                Message::SecretCommit(x)
            }
            Message::SecretReveal(mut x) => {
                x.sig = sig(self, Domain::SecretReveal, &x.body, valid);
                Message::SecretReveal(x)
            }
            m => m,
        }
    }

    /// Another validly signed version of `m`, where one exists.
    fn other_version(&mut self, signer: &Signer, m: &Message) -> Option<Message> {
        let flip = |h: &mut dwarfs_engine::StateHash, r: u64| h.0[(r % 32) as usize] ^= 1;
        let r = self.rng.next_u64();
        Some(match m {
            Message::Move(x) => {
                let mut body = x.body.clone();
                // Another of our own actions (often legal here too), or another claimed hash.
                let alt = self.old.iter().rev().find_map(|o| match o {
                    Message::Move(o) if o.body.action != body.action => Some(o.body.action.clone()),
                    _ => None,
                });
                match alt {
                    Some(a) if r.is_multiple_of(2) => body.action = a,
                    _ => flip(&mut body.hash, r >> 8),
                }
                Message::Move(Signed::sign(signer, Domain::Move, body))
            }
            Message::Ack(a) => {
                let mut body = a.signed.body.clone();
                flip(&mut body.hash, r);
                Message::Ack(Ack {
                    signed: Signed::sign(signer, Domain::Ack, body),
                })
            }
            Message::SecretCommit(x) => {
                let mut body = x.body.clone();
                body.digest[(r % 32) as usize] ^= 1;
                Message::SecretCommit(Signed::sign(signer, Domain::SecretCommit, body))
            }
            Message::Reveal(x) => {
                let mut body = x.body.clone();
                body.nonce[(r % 32) as usize] ^= 1;
                Message::Reveal(Signed::sign(signer, Domain::Reveal, body))
            }
            _ => return None,
        })
    }
}

/// The move a message is about, if any.
fn seq_of(m: &Message) -> Option<u32> {
    match m {
        Message::Move(x) => Some(x.body.seq),
        Message::Ack(a) => Some(a.signed.body.seq),
        Message::SecretCommit(x) => Some(x.body.seq),
        Message::SecretReveal(x) => Some(x.body.seq),
        Message::Takeover(x) => Some(x.body.from_seq),
        _ => None,
    }
}

/// The adversary installed on a network's peer: its tally, readable after the run.
#[derive(Clone)]
pub struct Adversary(Rc<RefCell<State>>);

impl fmt::Debug for Adversary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Adversary({:?})", self.0.borrow().plan)
    }
}

impl Adversary {
    /// What it did so far.
    pub fn tally(&self) -> Tally {
        self.0.borrow().tally.clone()
    }
}

/// Makes `plan.seat` of `net` (a simulation with keys from `sim_seed`) Byzantine.
pub fn install<G: Game>(net: &mut Network<G>, sim_seed: u64, plan: Plan) -> Adversary {
    let p = &net.peers[plan.seat];
    let cfg = p.session.config();
    let reroll_len = lockstep::reroll_len(cfg);
    let reroll = Chain::new(
        p.signer
            .derive_secret(&p.secret, &cfg.game_id, "beacon chain"),
        cfg.beacon_segment,
    )
    .reroll_chain(reroll_len);
    let state = State {
        plan,
        rng: SeedStream::derive(plan.seed, "byzantine seat"),
        key: craft::key(sim_key_secret(sim_seed, plan.seat), None),
        seats: cfg.seats.len(),
        reroll,
        reroll_len,
        game_id: cfg.game_id,
        old: Vec::new(),
        held: Vec::new(),
        split: None,
        tally: Tally::default(),
        spent: 0,
        last_seq: 0,
    };
    let shared = Rc::new(RefCell::new(state));
    let a = shared.clone();
    net.peers[plan.seat].tamper = Some(Box::new(move |signer, m| {
        a.borrow_mut().outgoing(signer, m)
    }));
    let b = shared.clone();
    net.peers[plan.seat].tamper_to =
        Some(Box::new(move |_, to, m| b.borrow_mut().for_receiver(to, m)));
    Adversary(shared)
}

/// An invariant that failed, with what shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a run ended for the honest peers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Honest peers that finished the game.
    pub finished: usize,
    /// Honest peers that halted with evidence naming the Byzantine seat.
    pub halted_naming_it: usize,
}

/// The timers of every adversary run: the takeover tests' quick ones, with a seat silent after
/// 600 ms without news, a takeover vote after 800 ms and a 2-player partner gone after 2 s.
pub fn settings() -> crate::Settings {
    crate::Settings {
        silence_ms: 600,
        takeover_after_ms: Some(800),
        gone_after_ms: 2_000,
        ..crate::sim::fixture::settings()
    }
}

/// One whole case: `players` peers of `G` with keys from `seed` over `faults`, with
/// [`settings`], the seat `plan.seat` Byzantine by `plan`; run for at most 600 s of logical
/// time with every session holding at most 20,000 items, then every invariant checked.
pub fn run_case<G: Game>(
    options: &G::Options,
    players: u8,
    seed: u64,
    faults: crate::sim::Faults,
    plan: Plan,
) -> Result<Outcome, Violation> {
    let mut net = Network::<G>::new(options, players, seed, faults, settings())
        .map_err(|e| Violation(format!("the game cannot be set up: {e}")))?;
    install(&mut net, seed, plan);
    run_and_check(&mut net, plan.seat, 600_000, 20_000)
}

/// Runs `net` (with the adversary installed at `byz`) for at most `max_ms` of logical time,
/// checking the sessions' buffers against `max_held` along the way, then checks every
/// invariant (see the module docs).
pub fn run_and_check<G: Game>(
    net: &mut Network<G>,
    byz: usize,
    max_ms: u64,
    max_held: usize,
) -> Result<Outcome, Violation> {
    let deadline = net.now + max_ms;
    let mut steps = 0u64;
    let honest_done = |net: &Network<G>| {
        net.peers
            .iter()
            .enumerate()
            .all(|(i, p)| i == byz || matches!(p.session.phase(), Phase::Over | Phase::Halted(_)))
    };
    for i in 0..net.peers.len() {
        net.pump(i);
    }
    while !honest_done(net) && net.now <= deadline {
        net.step();
        steps += 1;
        if steps.is_multiple_of(64) {
            for (i, p) in net.peers.iter().enumerate() {
                let held = p.session.held_items();
                if held > max_held {
                    return Err(Violation(format!(
                        "peer {i} holds {held} items (bound {max_held}) at {} ms",
                        net.now
                    )));
                }
            }
        }
    }
    check(net, byz)
}

/// Checks every invariant on a network whose run ended (see the module docs).
pub fn check<G: Game>(net: &Network<G>, byz: usize) -> Result<Outcome, Violation> {
    let w = Seat(byz as u8);
    let mut out = Outcome::default();
    let mut finished_hash = None;
    for (i, p) in net.peers.iter().enumerate() {
        if i == byz || p.session.local_seat().is_none() {
            continue;
        }
        for e in &p.events {
            match e {
                Event::Cheat(ev) if ev.seat.is_some_and(|s| s != w) => {
                    return Err(Violation(format!(
                        "peer {i} named honest {:?} for {}: {}",
                        ev.seat, ev.kind, ev.detail
                    )));
                }
                Event::TakenOver { seat, from_seq } if *seat != w => {
                    return Err(Violation(format!(
                        "peer {i} handed honest {seat} to the bot at move {from_seq}"
                    )));
                }
                Event::Silent { seat, waiting, .. } if *seat != w => {
                    return Err(Violation(format!(
                        "peer {i} reported honest {seat} silent ({waiting:?})"
                    )));
                }
                _ => {}
            }
        }
        match p.session.phase() {
            Phase::Over => {
                let hash = p.session.state_hash();
                if finished_hash.is_some_and(|h| h != hash) {
                    return Err(Violation(format!("peer {i} finished on another state")));
                }
                finished_hash = Some(hash);
                if let Err(e) = crate::replay::verify::<G>(&p.replay) {
                    return Err(Violation(format!("peer {i}'s replay fails: {e}")));
                }
                if let Err(e) = crate::replay::verify_one_by_one::<G>(&p.replay) {
                    return Err(Violation(format!(
                        "peer {i}'s replay fails one by one: {e}"
                    )));
                }
                out.finished += 1;
            }
            Phase::Halted(why) => {
                let names_it = p
                    .events
                    .iter()
                    .any(|e| matches!(e, Event::Cheat(ev) if ev.seat == Some(w)));
                if !names_it {
                    return Err(Violation(format!(
                        "peer {i} halted without naming the Byzantine seat: {why}"
                    )));
                }
                out.halted_naming_it += 1;
            }
            other => {
                return Err(Violation(format!(
                    "peer {i} neither finished nor halted by {} ms: {other:?} at move {}",
                    net.now,
                    p.session.final_seq()
                )));
            }
        }
    }
    Ok(out)
}

/// ed25519 signing by hand (RFC 8032) with a small-order point added to R: a signature the one
/// rule accepts (see [`crate::keys`]) that RFC 8032's cofactorless check refuses.
pub mod craft {
    use curve25519_dalek::constants::ED25519_BASEPOINT_POINT as B;
    use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
    use curve25519_dalek::scalar::Scalar;
    use sha2::{Digest, Sha512};

    /// Encodings of points of order 2, 4, 4, 8 and 8.
    const TORSION: [[u8; 32]; 5] = [
        [
            0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0xff, 0xff, 0xff, 0x7f,
        ],
        [0; 32],
        [
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0x80,
        ],
        [
            0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef,
            0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88,
            0x6d, 0x53, 0xfc, 0x05,
        ],
        [
            0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10,
            0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77,
            0x92, 0xac, 0x03, 0x7a,
        ],
    ];

    /// The small-order point number `i` (of [`TORSION`]).
    pub fn torsion(i: usize) -> EdwardsPoint {
        CompressedEdwardsY(TORSION[i % TORSION.len()])
            .decompress()
            .unwrap_or_default()
    }

    fn hash(parts: &[&[u8]]) -> Scalar {
        let mut h = Sha512::new();
        for p in parts {
            h.update(p);
        }
        Scalar::from_bytes_mod_order_wide(&h.finalize().into())
    }

    /// An expanded secret key (RFC 8032) and its public key.
    pub struct Key {
        a: Scalar,
        prefix: [u8; 32],
        /// The public key's encoding (with the small-order point it was given, if any).
        pub public: [u8; 32],
    }

    /// The key of `secret`, its public point plus small-order point number `torsion` if given.
    pub fn key(secret: [u8; 32], torsion: Option<usize>) -> Key {
        let h: [u8; 64] = Sha512::digest(secret).into();
        let mut a = [0u8; 32];
        a.copy_from_slice(&h[..32]);
        a[0] &= 248;
        a[31] &= 127;
        a[31] |= 64;
        let a = Scalar::from_bytes_mod_order(a);
        let mut prefix = [0u8; 32];
        prefix.copy_from_slice(&h[32..]);
        let point = B * a + torsion.map(self::torsion).unwrap_or_default();
        Key {
            a,
            prefix,
            public: point.compress().to_bytes(),
        }
    }

    /// `key`'s signature over `msg`, with small-order point number `torsion` added to R if
    /// given (s computed for that R).
    pub fn sign(key: &Key, msg: &[u8], torsion: Option<usize>) -> [u8; 64] {
        let r = hash(&[&key.prefix, msg]);
        let big_r = (B * r + torsion.map(self::torsion).unwrap_or_default())
            .compress()
            .to_bytes();
        let k = hash(&[&big_r, &key.public, msg]);
        let s = r + k * key.a;
        let mut out = [0u8; 64];
        out[..32].copy_from_slice(&big_r);
        out[32..].copy_from_slice(s.as_bytes());
        out
    }
}
