//! The floor of a move's processor time: the work a final move cannot do without, at every peer
//! together, measured in this process so that `dwarfs bench net` can set the peers' measured
//! processor time against it in the same run.
//!
//! With `n` seated peers a final move needs: the mover signs it; the `n - 1` others check that
//! signature; every peer applies it and hashes the state (`n` engine steps and hashes); every
//! peer signs its ack (`n` signatures) and checks the `n - 1` others' (`n (n - 1)` checks). A
//! chance point costs each peer a draw and a hash. Everything else a real move costs (encoding,
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

/// Plays one game of `G` with random bots (chance from `seed`) among `peers` seats and measures
/// the floor of its moves, doing each peer's share of the work for real.
pub fn move_floor<G: Game>(
    options: &G::Options,
    peers: u8,
    seed: u64,
) -> Result<MoveFloor, FloorError> {
    let cpu = || thread_cpu_time().ok_or(FloorError::NoClock);
    let mut state = G::new(options, peers).map_err(|e| FloorError::Game(e.to_string()))?;
    let n = usize::from(peers);
    let signers: Vec<Signer> = (0..n)
        .map(|i| Signer::from_secret([i as u8 + 1; 32]))
        .collect();
    let keys = signers
        .iter()
        .map(|s| s.public().verifier())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| FloorError::Game(e.to_string()))?;
    let mut chance = SeedStream::new(seed);
    let mut bot = RandomBot::new(seed);
    let mut floor = MoveFloor::default();
    let mut hash = state_hash(&state).map_err(|e| FloorError::Game(e.to_string()))?;
    for _ in 0..G::max_steps(peers) {
        let seat = match state.to_act() {
            Actor::Over => break,
            Actor::Chance => {
                // Every peer draws and hashes: one draw, timed, counts for each peer.
                let t = cpu()?;
                state
                    .resolve_chance(chance.next_entropy())
                    .map_err(|e| FloorError::Game(e.to_string()))?;
                hash = state_hash(&state).map_err(|e| FloorError::Game(e.to_string()))?;
                floor.stepping += cpu()?.saturating_sub(t) * u32::from(peers);
                floor.steps += u32::from(peers);
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
        let encoded = codec::encode(&action).map_err(|e| FloorError::Game(e.to_string()))?;
        floor.moves += 1;

        // The mover signs; the others check.
        let body = (floor.moves, hash.0, encoded);
        let t = cpu()?;
        let sig = signers[seat.index()].sign(Domain::Move, &body);
        let signed = cpu()?;
        for _ in 1..n {
            if !keys::verify(&keys[seat.index()], Domain::Move, &body, &sig) {
                return Err(FloorError::Game("a move signature did not check".into()));
            }
        }
        let checked = cpu()?;
        floor.signatures += 1;
        floor.checks += u32::from(peers) - 1;
        floor.signing += signed.saturating_sub(t);
        floor.checking += checked.saturating_sub(signed);

        // Every peer applies it and hashes: one application, timed, counts for each peer.
        let t = cpu()?;
        state
            .play(seat, &action)
            .map_err(|e| FloorError::Game(e.to_string()))?;
        hash = state_hash(&state).map_err(|e| FloorError::Game(e.to_string()))?;
        floor.stepping += cpu()?.saturating_sub(t) * u32::from(peers);
        floor.steps += u32::from(peers);

        // Every peer signs its ack; each checks the others'.
        let ack = (floor.moves, hash.0);
        let t = cpu()?;
        let acks: Vec<_> = signers.iter().map(|s| s.sign(Domain::Ack, &ack)).collect();
        let signed = cpu()?;
        // Each of the n - 1 other peers checks ack i with i's key.
        for (sig, key) in acks.iter().zip(&keys) {
            for _ in 1..n {
                if !keys::verify(key, Domain::Ack, &ack, sig) {
                    return Err(FloorError::Game("an ack signature did not check".into()));
                }
            }
        }
        floor.signing += signed.saturating_sub(t);
        floor.checking += cpu()?.saturating_sub(signed);
        floor.signatures += u32::from(peers);
        floor.checks += u32::from(peers) * (u32::from(peers) - 1);
    }
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
            // Per move: the mover's signature and n acks; n - 1 checks of the move and
            // n (n - 1) of the acks.
            assert_eq!(f.signatures, f.moves * (1 + n), "{peers} peers: {f:?}");
            assert_eq!(
                f.checks,
                f.moves * (n - 1) * (1 + n),
                "{peers} peers: {f:?}"
            );
            // A step and a hash per peer for every move and chance point.
            assert!(f.steps >= f.moves * n && f.steps.is_multiple_of(n), "{f:?}");
            assert!(f.per_move() > Duration::ZERO);
        }
    }
}
