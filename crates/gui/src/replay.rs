//! Replays in the viewer: the protocol crate verifies the file and gives the board after every
//! move (`dwarfs_protocol::replay::positions`), up to the first bad frame.

use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_protocol::replay;

/// One position of a replay: the state after a move, and what the move was.
pub struct Position<G: Game> {
    /// The state (after chance points are resolved).
    pub state: G,
    /// The move that led here (`None` for the start).
    pub text: Option<String>,
    /// Who played it.
    pub seat: Option<Seat>,
    /// What the move and the chance points it led to did, as a spectator may see it (the
    /// viewer hands them to the board view, which shows a reveal card by card, say).
    pub events: Vec<G::Event>,
}

/// A replay loaded for viewing.
pub struct LoadedReplay<G: Game> {
    /// Where it came from.
    pub source: String,
    /// Every position, from the start of play to the last verified move.
    pub positions: Vec<Position<G>>,
    /// The verifier's verdict: the report summary, or the first fault.
    pub verdict: Result<String, String>,
    /// The same verdict as facts, named as `dwarfs replay verify --json` names them.
    pub facts: VerdictFacts,
}

/// A replay's verdict as facts, with the field names of `dwarfs replay verify --json`, so that
/// a page and the command can be compared field by field.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct VerdictFacts {
    /// Whether the whole file verifies.
    pub ok: bool,
    /// The game, when it verifies.
    pub game: Option<String>,
    /// Moves played, when it verifies.
    pub moves: Option<u32>,
    /// Chance points resolved, when it verifies.
    pub chance_points: Option<u32>,
    /// Signatures checked, when it verifies.
    pub signatures: Option<u32>,
    /// The final state hash (hex), when it verifies.
    pub final_hash: Option<String>,
    /// Why it does not verify (the verifier's words, without the file's name).
    pub error: Option<String>,
    /// The first bad frame (0 is the header).
    pub bad_frame: Option<usize>,
    /// The move of the first bad frame, if it concerns one.
    pub bad_move: Option<u32>,
}

impl VerdictFacts {
    /// The facts of a verifier's report or fault.
    pub fn of(report: &Result<replay::VerifyReport, replay::VerifyError>) -> Self {
        match report {
            Ok(r) => VerdictFacts {
                ok: true,
                game: Some(r.game.clone()),
                moves: Some(r.moves),
                chance_points: Some(r.chance_points),
                signatures: Some(r.signatures),
                final_hash: Some(r.final_hash.to_hex()),
                ..VerdictFacts::default()
            },
            Err(e) => VerdictFacts {
                error: Some(e.to_string()),
                bad_frame: Some(e.frame),
                bad_move: e.seq,
                ..VerdictFacts::default()
            },
        }
    }
}

/// Reads a replay of game `G` from its bytes. Positions are shown up to the first frame that
/// fails verification; the verdict says whether the whole file verifies.
pub fn load<G: Game>(bytes: &[u8], source: String) -> Result<LoadedReplay<G>, String> {
    let info = replay::peek_header(bytes).map_err(|e| format!("not a replay: {e}"))?;
    if info.game != G::NAME {
        return Err(format!(
            "this replay is a game of {}, which the viewer cannot show yet",
            info.game
        ));
    }
    let (positions, report) = replay::positions::<G>(bytes);
    if positions.is_empty() {
        return Err(match report {
            Err(e) => format!("the replay cannot be read: {e}"),
            Ok(_) => "the replay has no positions".into(),
        });
    }
    let facts = VerdictFacts::of(&report);
    let verdict = match report {
        Ok(r) => Ok(format!(
            "Verified: {} moves, {} chance points, {} signatures checked, final hash {}",
            r.moves,
            r.chance_points,
            r.signatures,
            r.final_hash.short()
        )),
        Err(e) => Err(format!("Verification failed: {e}")),
    };
    Ok(LoadedReplay {
        source,
        positions: positions
            .into_iter()
            .map(|p| Position {
                events: p
                    .events
                    .iter()
                    .filter_map(|e| p.state.redact_event(e, Viewer::Spectator))
                    .collect(),
                state: p.state,
                text: match (p.description, p.rerolled_after.is_empty()) {
                    (Some(d), false) => Some(format!(
                        "{d} (chance {})",
                        replay::rerolled_note(&p.rerolled_after)
                    )),
                    (d, _) => d,
                },
                seat: p.seat,
            })
            .collect(),
        verdict,
        facts,
    })
}

/// A sample replay: a simulated game recorded exactly as a networked game records it.
pub fn sample<G: Game>(options: &G::Options, players: u8, seed: u64) -> Result<Vec<u8>, String> {
    replay::record_simulated::<G>(options, players, seed).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::Actor;
    use dwarfs_fall::{Fall, FallOptions};

    #[test]
    fn a_recorded_game_loads_verifies_and_ends_over() {
        let bytes = sample::<Fall>(&FallOptions::default(), 2, 7).unwrap();
        let r = load::<Fall>(&bytes, "sample".into()).unwrap();
        assert!(r.verdict.is_ok(), "{:?}", r.verdict);
        assert!(r.positions.len() > 10);
        assert_eq!(r.positions.last().unwrap().state.to_act(), Actor::Over);
        // The positions after the start carry what their moves did.
        assert!(r.positions[0].events.is_empty());
        assert!(r.positions[1..].iter().any(|p| !p.events.is_empty()));
        // A flipped byte in the middle fails verification but the start still shows.
        let mut bad = bytes.clone();
        let mid = bad.len() / 2;
        bad[mid] ^= 0x55;
        if let Ok(r) = load::<Fall>(&bad, "bad".into()) {
            assert!(r.verdict.is_err());
        }
        assert!(load::<Fall>(b"not a replay", "junk".into()).is_err());
    }

    #[test]
    fn a_re_rolled_chance_point_is_marked_in_the_move_log() {
        use dwarfs_engine::toy::{Pig, PigOptions};
        use dwarfs_protocol::message::{LogItem, Message};
        use dwarfs_protocol::sim::{Faults, Network};
        let settings = dwarfs_protocol::Settings {
            retransmit_ms: 30,
            silence_ms: 300,
            takeover_after_ms: Some(400),
            ..Default::default()
        };
        let faults = Faults {
            latency_ms: 2,
            ..Faults::default()
        };
        let mut n = Network::<Pig>::new(&PigOptions::default(), 3, 63, faults, settings).unwrap();
        // Seat 3 withholds its acks from move 5 on and is voted out there.
        n.peers[2].tamper = Some(Box::new(|_, m| match m {
            Message::Ack(a) if a.signed.body.seq >= 5 => vec![],
            Message::LogSync(mut sync) => {
                sync.items
                    .retain(|i| !matches!(i, LogItem::Ack(a) if a.signed.body.seq >= 5));
                vec![Message::LogSync(sync)]
            }
            m => vec![m],
        }));
        assert!(n.run(2_000_000));
        let r = load::<Pig>(&n.peers[0].replay, "withheld".into()).unwrap();
        assert!(r.verdict.is_ok(), "{:?}", r.verdict);
        let marked: Vec<&str> = r
            .positions
            .iter()
            .filter_map(|p| p.text.as_deref())
            .filter(|t| t.contains("re-rolled after player 3 withheld"))
            .collect();
        assert_eq!(marked.len(), 1, "{marked:?}");
    }
}
