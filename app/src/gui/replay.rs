//! Replays in the viewer: the verification result comes from the protocol crate
//! (`dwarfs_protocol::replay::verify`), and the board at every move from re-running the engine
//! over the file's frames with the same seed and beacon entropy the verifier derives.

use dwarfs_engine::{Actor, Game, Seat, codec, state_hash};
use dwarfs_protocol::beacon;
use dwarfs_protocol::message::Link;
use dwarfs_protocol::replay::{self, format::Frame, format::read_frames};

/// One position of a replay: the state after a move, and what the move was.
pub struct Position<G: Game> {
    /// The state (after chance points are resolved).
    pub state: G,
    /// The move that led here (`None` for the start).
    pub text: Option<String>,
    /// Who played it.
    pub seat: Option<Seat>,
}

/// A replay loaded for viewing.
pub struct LoadedReplay<G: Game> {
    /// Where it came from.
    pub source: String,
    /// Every position, from the start of play to the last move read.
    pub positions: Vec<Position<G>>,
    /// The verifier's verdict: the report summary, or the first fault.
    pub verdict: Result<String, String>,
}

/// Reads a replay of game `G` from its bytes. Positions are shown up to the first frame the
/// engine refuses; the verdict says whether the whole file verifies.
pub fn load<G: Game>(bytes: &[u8], source: String) -> Result<LoadedReplay<G>, String> {
    let info = replay::peek_header(bytes).map_err(|e| format!("not a replay: {e}"))?;
    if info.game != G::NAME {
        return Err(format!(
            "this replay is a game of {}, which the viewer cannot show yet",
            info.game
        ));
    }
    let mut report_hash = None;
    let verdict = match replay::verify::<G>(bytes) {
        Ok(r) => Ok(format!(
            "Verified: {} moves, {} chance points, {} signatures checked, final hash {}",
            r.moves,
            r.chance_points,
            r.signatures,
            {
                report_hash = Some(r.final_hash);
                r.final_hash.short()
            }
        )),
        Err(e) => Err(format!("Verification failed: {e}")),
    };
    let frames = read_frames(bytes);
    let mut it = frames.frames.into_iter().map(|(_, f)| f);
    let Some(Frame::Header(header)) = it.next() else {
        return Err("the file does not start with a replay header".into());
    };
    let cfg = &header.config;
    let (_options, mut state) = cfg.check::<G>().map_err(|e| e.to_string())?;
    let nonces: Vec<[u8; 32]> = header.reveals.iter().map(|r| r.body.nonce).collect();
    let seed = beacon::seed(&cfg.game_id, &nonces);
    let mut round = 0;
    while state.to_act() == Actor::Chance && round < 1000 {
        state
            .resolve_chance(beacon::setup_entropy(&seed, round))
            .map_err(|e| e.to_string())?;
        round += 1;
    }
    let mut positions = vec![Position {
        state: state.clone(),
        text: None,
        seat: None,
    }];
    let frames: Vec<Frame> = it.collect();
    for (i, frame) in frames.iter().enumerate() {
        let Frame::Move(m) = frame else {
            continue;
        };
        let Ok(action) = codec::decode::<G::Action>(&m.action) else {
            break;
        };
        let seat = Seat(m.seat);
        let text = state.describe(&action);
        if state.play(seat, &action).is_err() {
            break;
        }
        if state.to_act() == Actor::Chance {
            let Some(links) = links_for(m.seq, &frames[i..]) else {
                break;
            };
            let mut round = 0;
            while state.to_act() == Actor::Chance && round < 1000 {
                let e = beacon::move_entropy(&cfg.game_id, m.seq, round, &links);
                if state.resolve_chance(e).is_err() {
                    break;
                }
                round += 1;
            }
        }
        positions.push(Position {
            state: state.clone(),
            text: Some(text),
            seat: Some(seat),
        });
    }
    // The positions are re-derived here; they must end on the state the verifier checked.
    let verdict = match (verdict, &report_hash) {
        (Ok(v), Some(h)) if positions.last().map(|p| state_hash(&p.state)) != Some(*h) => {
            Err(format!(
                "{v}; but the board positions shown could not be re-derived to the verified final state"
            ))
        }
        (v, _) => v,
    };
    Ok(LoadedReplay {
        source,
        positions,
        verdict,
    })
}

/// The beacon links (live seats in seat order) at move `seq`: from the first frame at or after it
/// that carries links (checkpoint moves, takeovers, the end), hashed down the chain to `seq`.
fn links_for(seq: u32, frames: &[Frame]) -> Option<Vec<Link>> {
    let (at, links) = frames.iter().find_map(|f| match f {
        Frame::Move(m) if m.seq >= seq && !m.beacon.is_empty() => Some((m.seq, &m.beacon)),
        Frame::Takeover(t) if t.from_seq > seq && !t.beacon.is_empty() => {
            Some((t.from_seq - 1, &t.beacon))
        }
        Frame::Final(f) if f.seq >= seq && !f.beacon.is_empty() => Some((f.seq, &f.beacon)),
        _ => None,
    })?;
    Some(
        links
            .iter()
            .map(|l| {
                let mut cur = *l;
                for p in ((seq + 1)..=at).rev() {
                    cur = beacon::step_down(&cur, p);
                }
                cur
            })
            .collect(),
    )
}

/// A sample replay: a simulated game recorded exactly as a networked game records it.
pub fn sample<G: Game>(options: &G::Options, players: u8, seed: u64) -> Result<Vec<u8>, String> {
    replay::record_simulated::<G>(options, players, seed).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_fall::{Fall, FallOptions};

    #[test]
    fn a_recorded_game_loads_verifies_and_ends_over() {
        let bytes = sample::<Fall>(&FallOptions::default(), 2, 7).unwrap();
        let r = load::<Fall>(&bytes, "sample".into()).unwrap();
        assert!(r.verdict.is_ok(), "{:?}", r.verdict);
        assert!(!r.verdict.as_ref().unwrap().contains("could not"));
        assert!(r.positions.len() > 10);
        assert_eq!(r.positions.last().unwrap().state.to_act(), Actor::Over);
        // A flipped byte in the middle fails verification but the start still shows.
        let mut bad = bytes.clone();
        let mid = bad.len() / 2;
        bad[mid] ^= 0x55;
        if let Ok(r) = load::<Fall>(&bad, "bad".into()) {
            assert!(r.verdict.is_err());
        }
        assert!(load::<Fall>(b"not a replay", "junk".into()).is_err());
    }
}
