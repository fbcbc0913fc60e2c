//! Round efficiency: how many one-way network latencies a move takes to be shown and to be final
//! on every peer, measured on the in-memory network ([`crate::sim`]) with a fixed one-way latency
//! and no faults. Logical time, so the figures are exact and the same on every machine; `dwarfs
//! bench rounds` prints them.
//!
//! The goals: a move is shown on every peer one latency after its author signed it (the move
//! travels once) and final on every peer after two (each other peer's ack travels once more).

use crate::session::Settings;
use crate::sim::{Faults, Network, SimError};
use dwarfs_engine::Game;

/// What one game measured, in logical milliseconds from a move's signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundReport {
    /// Seats (every one a peer).
    pub players: u8,
    /// The fixed one-way latency of every link.
    pub latency_ms: u64,
    /// Moves signed by a player and measured (bot moves and secret steps have no signature to
    /// start from).
    pub moves: u32,
    /// Signature -> applied on every peer.
    pub shown: Spread,
    /// Signature -> final on every peer.
    pub final_: Spread,
    /// Frames delivered from the first move to the end of the game (divided by `moves`: the
    /// fan-out a move costs).
    pub frames: u64,
}

/// The spread of one measurement over every move of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spread {
    /// The fastest move.
    pub min: u64,
    /// The median move.
    pub median: u64,
    /// The slowest move.
    pub max: u64,
}

impl Spread {
    fn of(mut v: Vec<u64>) -> Spread {
        v.sort_unstable();
        Spread {
            min: v.first().copied().unwrap_or(0),
            median: v.get(v.len() / 2).copied().unwrap_or(0),
            max: v.last().copied().unwrap_or(0),
        }
    }
}

/// Plays one game of `G` among `players` simulated peers (random bots, seed `seed`) over links
/// of one-way latency `latency_ms`, and measures, for every move a player signed, the time until
/// every peer applied it and until every peer counted it final.
pub fn measure<G: Game>(
    options: &G::Options,
    players: u8,
    seed: u64,
    latency_ms: u64,
) -> Result<RoundReport, SimError> {
    let latency_ms = latency_ms.max(1);
    // Retransmission far beyond a round trip, so that only the protocol's own rounds count.
    let settings = Settings {
        retransmit_ms: latency_ms * 100,
        silence_ms: latency_ms * 1000,
        ..Settings::default()
    };
    let faults = Faults {
        latency_ms,
        ..Faults::default()
    };
    let mut net = Network::<G>::new(options, players, seed, faults, settings)
        .map_err(|e| SimError::Setup(e.to_string()))?;
    let max = (G::max_steps(players) as u64 + 100) * latency_ms * 10;
    // The seed exchange is not a move's work: frames are counted from the first move on.
    let playing = |n: &Network<G>| {
        n.peers
            .iter()
            .all(|p| p.session.phase() != &crate::session::Phase::Seeding)
    };
    net.run_until(max, playing);
    let setup_frames = net.delivered;
    if !net.run(max) {
        return Err(SimError::Unfinished);
    }
    // Per move: when its author signed it, and when the last peer applied it and counted it final.
    let mut signed = std::collections::BTreeMap::<u32, u64>::new();
    let mut applied = std::collections::BTreeMap::<u32, (usize, u64)>::new();
    let mut finals = std::collections::BTreeMap::<u32, (usize, u64)>::new();
    for p in &net.peers {
        if let crate::session::Phase::Halted(r) = p.session.phase() {
            return Err(SimError::Halted(r.clone()));
        }
        let me = p.session.local_seat();
        for (e, &at) in p.events.iter().zip(&p.event_times) {
            match e {
                crate::Event::MoveApplied { seq, seat, .. } => {
                    if Some(*seat) == me {
                        signed.insert(*seq, at);
                    }
                    let a = applied.entry(*seq).or_default();
                    *a = (a.0 + 1, a.1.max(at));
                }
                crate::Event::MoveFinal { seq, .. } => {
                    let f = finals.entry(*seq).or_default();
                    *f = (f.0 + 1, f.1.max(at));
                }
                _ => {}
            }
        }
    }
    let everywhere = |m: &std::collections::BTreeMap<u32, (usize, u64)>, seq: u32| {
        m.get(&seq)
            .filter(|(n, _)| *n == net.peers.len())
            .map(|(_, at)| *at)
    };
    let (mut shown, mut final_) = (Vec::new(), Vec::new());
    for (&seq, &at) in &signed {
        let (Some(a), Some(f)) = (everywhere(&applied, seq), everywhere(&finals, seq)) else {
            return Err(SimError::Unfinished);
        };
        shown.push(a - at);
        final_.push(f - at);
    }
    Ok(RoundReport {
        players,
        latency_ms,
        moves: signed.len() as u32,
        shown: Spread::of(shown),
        final_: Spread::of(final_),
        frames: net.delivered - setup_frames,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::toy::Pig;

    #[test]
    fn a_move_is_shown_after_one_latency_and_final_after_one_round_trip() {
        for players in [2u8, 4, 8] {
            // The first seed whose game is long enough to measure.
            let r = (7..)
                .map(|seed| measure::<Pig>(&Default::default(), players, seed, 10).unwrap())
                .find(|r| r.moves > 10)
                .expect("a long enough game");
            assert_eq!(
                (r.shown.min, r.shown.max),
                (10, 10),
                "{players} players: {r:?}"
            );
            assert_eq!(
                (r.final_.min, r.final_.max),
                (20, 20),
                "{players} players: {r:?}"
            );
            // The fan-out: the move to each other peer, and each other peer's ack to every
            // peer but itself.
            let n = u64::from(players);
            assert_eq!(r.frames, u64::from(r.moves) * n * (n - 1), "{r:?}");
        }
    }
}
