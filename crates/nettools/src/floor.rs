//! The floor of a move's processor time: the work a final move cannot do without, at every peer
//! together, measured in this process so that `dwarfs bench net` can set the peers' measured
//! processor time against it in the same run.
//!
//! With `n` seated peers a final move needs: the mover signs it (the signed move carries the
//! mover's ack: the state hash after it); every peer applies it and hashes the state (`n` engine
//! steps and hashes); each of the `n - 1` others signs its ack; each of these `n` signed items is
//! checked by the `n - 1` peers that did not sign it (`n (n - 1)` checks). A chance point costs
//! each peer a draw and a hash. Everything else a real move costs (encoding,
//! framing, the network stack, queues and tasks, the replay file, the app's updates) is what the
//! ratio measures. The floor checks every signature one by one; the session may check several at
//! once (batch verification), which is cheaper, so the ratio errs on the kind side.

use dwarfs_engine::{Actor, Bot, Game, RandomBot, SeatView, SeedStream, codec, state_hash};
use dwarfs_net::cpu::thread_cpu_time;
use dwarfs_protocol::Signer;
use dwarfs_protocol::keys::{self, Domain};
use std::time::Duration;

/// The floor of a game's moves, measured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFloor {
    /// Moves played (decisions; chance points are counted into the moves they follow).
    pub moves: u32,
    /// Processor time of every signature, over all moves and peers.
    pub signing: Duration,
    /// Processor time of every signature check.
    pub checking: Duration,
    /// Processor time of every engine step and state hash (chance points included).
    pub stepping: Duration,
    /// Signatures made, over all moves and peers.
    pub signatures: u32,
    /// Signature checks made.
    pub checks: u32,
    /// Engine steps and hashes counted (one per peer per move or chance point).
    pub steps: u32,
}

impl MoveFloor {
    /// Adds another game's floor to this one.
    pub fn add(&mut self, other: &MoveFloor) {
        self.moves += other.moves;
        self.signing += other.signing;
        self.checking += other.checking;
        self.stepping += other.stepping;
        self.signatures += other.signatures;
        self.checks += other.checks;
        self.steps += other.steps;
    }

    /// The floor of one move, at every peer together.
    pub fn per_move(&self) -> Duration {
        (self.signing + self.checking + self.stepping) / self.moves.max(1)
    }
}

/// Why the floor could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum FloorError {
    /// This system does not tell a thread's processor time.
    #[error("this system does not tell a thread's processor time")]
    NoClock,
    /// The game refused its setup or a step.
    #[error("the game refused a step: {0}")]
    Game(String),
}

/// Plays one game of `G` with random bots (chance from `seed`) among `peers` seats, then
/// measures the floor of its moves: each kind of work timed in one stretch over the whole game
/// (so that reading the clock costs nothing worth counting), every peer's share done for real
/// (a step and a hash count once per peer: each peer does the same one).
pub fn move_floor<G: Game>(
    options: &G::Options,
    peers: u8,
    seed: u64,
) -> Result<MoveFloor, FloorError> {
    let game = |e: &dyn std::fmt::Display| FloorError::Game(e.to_string());
    let cpu = || thread_cpu_time().ok_or(FloorError::NoClock);
    let n = u32::from(peers);
    let start = G::new(options, peers).map_err(|e| game(&e))?;

    // The game, played once: each step (a chance draw or a seat's action) and each move's
    // signed bodies.
    enum Step<A> {
        Chance(dwarfs_engine::Entropy),
        Move(dwarfs_engine::Seat, A),
    }
    let mut steps = Vec::new();
    let mut bodies = Vec::new();
    let mut state = start.clone();
    let mut chance = SeedStream::new(seed);
    let mut bot = RandomBot::new(seed);
    let mut hash = state_hash(&state).map_err(|e| game(&e))?;
    for _ in 0..G::max_steps(peers) {
        let seat = match state.to_act() {
            Actor::Over => break,
            Actor::Chance => {
                let e = chance.next_entropy();
                state.resolve_chance(e).map_err(|e| game(&e))?;
                steps.push(Step::Chance(e));
                continue;
            }
            Actor::Seat(s) => s,
            Actor::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => break,
            },
        };
        let legal = state.legal_actions_for_vec(seat);
        if legal.is_empty() {
            break;
        }
        let action = legal[bot.choose(&SeatView::new(&state, seat), &legal)].clone();
        let encoded = codec::encode(&action).map_err(|e| game(&e))?;
        let seq = bodies.len() as u32 + 1;
        let before = hash;
        state.play(seat, &action).map_err(|e| game(&e))?;
        hash = state_hash(&state).map_err(|e| game(&e))?;
        bodies.push((seat, (seq, before.0, encoded, hash.0), (seq, hash.0)));
        steps.push(Step::Move(seat, action));
    }
    let signers: Vec<Signer> = (0..peers)
        .map(|i| Signer::from_secret([i + 1; 32]))
        .collect();
    let keys = signers
        .iter()
        .map(|s| s.public().verifier())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| game(&e))?;
    let mut floor = MoveFloor {
        moves: bodies.len() as u32,
        ..MoveFloor::default()
    };

    // Every step and hash (each peer does the same one: counted once per peer).
    let mut replayed = start;
    let t = cpu()?;
    for step in &steps {
        match step {
            Step::Chance(e) => replayed
                .resolve_chance(*e)
                .map(drop)
                .map_err(|e| game(&e))?,
            Step::Move(seat, action) => replayed
                .play(*seat, action)
                .map(drop)
                .map_err(|e| game(&e))?,
        }
        std::hint::black_box(state_hash(&replayed).map_err(|e| game(&e))?);
    }
    floor.stepping = cpu()?.saturating_sub(t) * n;
    floor.steps = steps.len() as u32 * n;

    // The mover signs each move (with its ack); each other peer signs its ack.
    let t = cpu()?;
    let mut signed = Vec::with_capacity(bodies.len());
    for (seat, body, ack) in &bodies {
        let sig = signers[seat.index()].sign(Domain::Move, body);
        floor.signatures += 1;
        let acks: Vec<_> = signers
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat.index())
            .map(|(i, s)| (i, s.sign(Domain::Ack, ack)))
            .collect();
        floor.signatures += acks.len() as u32;
        signed.push((sig, acks));
    }
    floor.signing = cpu()?.saturating_sub(t);

    // Each signed item is checked by the n - 1 peers that did not sign it.
    let t = cpu()?;
    for ((seat, body, ack), (sig, acks)) in bodies.iter().zip(&signed) {
        for _ in 1..n {
            if !keys::verify(&keys[seat.index()], Domain::Move, body, sig) {
                return Err(FloorError::Game("a move signature did not check".into()));
            }
            floor.checks += 1;
        }
        for (i, sig) in acks {
            for _ in 1..n {
                if !keys::verify(&keys[*i], Domain::Ack, ack, sig) {
                    return Err(FloorError::Game("an ack signature did not check".into()));
                }
                floor.checks += 1;
            }
        }
    }
    floor.checking = cpu()?.saturating_sub(t);
    Ok(floor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::toy::{Pig, PigOptions};

    #[test]
    fn the_floor_counts_the_work_of_every_peer() {
        if thread_cpu_time().is_none() {
            eprintln!("SKIPPED: no thread processor time here");
            return;
        }
        for peers in [2u8, 4] {
            let f = move_floor::<Pig>(&PigOptions::default(), peers, 3).unwrap();
            let n = u32::from(peers);
            assert!(f.moves > 0);
            // Per move: the mover's signature and the n - 1 others' acks, each checked by the
            // n - 1 peers that did not sign it.
            assert_eq!(f.signatures, f.moves * n, "{peers} peers: {f:?}");
            assert_eq!(f.checks, f.moves * n * (n - 1), "{peers} peers: {f:?}");
            // A step and a hash per peer for every move and chance point.
            assert!(f.steps >= f.moves * n && f.steps.is_multiple_of(n), "{f:?}");
            assert!(f.per_move() > Duration::ZERO);
        }
    }
}
