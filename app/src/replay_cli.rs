//! `dwarfs replay verify|show`, and writing replays of simulated games.

use crate::CliError;
use crate::games::GameKind;
use dwarfs_engine::Game;
use dwarfs_protocol::replay;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// `dwarfs replay ...`
#[derive(clap::Subcommand, Debug)]
pub enum ReplayCommand {
    /// Check every signature, the seed, the beacon chain and every state hash by re-running the
    /// engine. Prints the final scores, or the first bad frame or move and why (exit code 1).
    Verify {
        /// The replay file.
        file: PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Print the readable move log.
    Show {
        /// The replay file.
        file: PathBuf,
    },
}

/// What `dwarfs replay verify --json` prints.
#[derive(Serialize)]
struct VerifyJson {
    file: String,
    ok: bool,
    game: Option<String>,
    players: Option<u8>,
    moves: Option<u32>,
    chance_points: Option<u32>,
    signatures: Option<u32>,
    final_hash: Option<String>,
    scores: Vec<i32>,
    winners: Vec<u8>,
    /// Every player lost together (a cooperative game).
    all_lost: bool,
    error: Option<String>,
    bad_frame: Option<usize>,
    bad_move: Option<u32>,
    /// From which move chance was foreseeable (0: from the start), when a single live player
    /// was left; `None` otherwise.
    foreseeable_from: Option<u32>,
    /// By which seat (0-based).
    foreseeable_by: Option<u8>,
}

/// Runs a replay subcommand.
pub fn run(cmd: &ReplayCommand) -> Result<(), CliError> {
    match cmd {
        ReplayCommand::Verify { file, json } => verify_file(file, *json),
        ReplayCommand::Show { file } => {
            let bytes = read(file)?;
            let kind = kind_of(&bytes)?;
            let text = crate::games::with_game!(kind, G, replay::show::<G>(&bytes));
            crate::emit(&text)?;
            if text.contains("VERIFICATION FAILED") {
                return Err(CliError::Failed(format!(
                    "{} does not verify (see the last line)",
                    file.display()
                )));
            }
            Ok(())
        }
    }
}

fn read(file: &Path) -> Result<Vec<u8>, CliError> {
    std::fs::read(file)
        .map_err(|e| CliError::Failed(format!("cannot read {}: {e}", file.display())))
}

/// Which engine a replay needs, from its header.
fn kind_of(bytes: &[u8]) -> Result<GameKind, CliError> {
    let header = replay::peek_header(bytes).map_err(|e| CliError::Failed(e.to_string()))?;
    GameKind::from_name(&header.game).ok_or_else(|| {
        CliError::Failed(format!(
            "this replay is of '{}', a game this version of dwarfs does not know",
            header.game
        ))
    })
}

fn verify_file(file: &Path, json: bool) -> Result<(), CliError> {
    let bytes = read(file)?;
    // The report, and the foresight sentence naming seats as the replay tools do.
    let result = kind_of(&bytes).and_then(|kind| {
        crate::games::with_game!(
            kind,
            G,
            replay::verify::<G>(&bytes).map(|r| {
                let foresight = r.foresight().map(|f| f.sentence(replay::seat_name::<G>));
                (r, foresight)
            })
        )
        .map_err(|e| CliError::Verify {
            frame: e.frame,
            seq: e.seq,
            message: format!("{} does not verify: {e}", file.display()),
        })
    });
    match (&result, json) {
        (Ok((r, foresight)), false) => {
            crate::out!(
                "{}: verified {} game, {} players, {} moves, {} chance points, {} signatures",
                file.display(),
                r.game,
                r.players,
                r.moves,
                r.chance_points,
                r.signatures
            );
            crate::out!("final hash {}", r.final_hash);
            crate::out!("{}", r.outcome.verdict(|s| s.to_string()));
            for s in &r.outcome.scores {
                let parts: Vec<String> = s
                    .breakdown
                    .iter()
                    .map(|l| format!("{} {}", l.category, l.points))
                    .collect();
                let crown = if r.outcome.winners.contains(&s.seat) {
                    "  winner"
                } else {
                    ""
                };
                crate::out!("  {}: {} ({}){crown}", s.seat, s.total, parts.join(", "));
            }
            for (seat, from) in &r.takeovers {
                match from {
                    0 => crate::out!(
                        "  {seat} was played by the takeover bot from the start (it withheld its \
                         seed reveal)"
                    ),
                    n => crate::out!("  {seat} was played by the takeover bot from move {n}"),
                }
            }
            if let Some(sentence) = foresight {
                crate::out!("{sentence}");
            }
        }
        (Err(_), false) => {}
        (_, true) => {
            let v = match &result {
                Ok((r, _)) => VerifyJson {
                    file: file.display().to_string(),
                    ok: true,
                    game: Some(r.game.clone()),
                    players: Some(r.players),
                    moves: Some(r.moves),
                    chance_points: Some(r.chance_points),
                    signatures: Some(r.signatures),
                    final_hash: Some(r.final_hash.to_hex()),
                    scores: r.outcome.scores.iter().map(|s| s.total).collect(),
                    winners: r.outcome.winners.iter().map(|s| s.0).collect(),
                    all_lost: r.outcome.all_lost,
                    error: None,
                    bad_frame: None,
                    bad_move: None,
                    foreseeable_from: r.foresight().map(|f| f.from_seq),
                    foreseeable_by: r.foresight().map(|f| f.seat.0),
                },
                Err(e) => {
                    let (frame, seq) = match e {
                        CliError::Verify { frame, seq, .. } => (Some(*frame), *seq),
                        _ => (None, None),
                    };
                    VerifyJson {
                        file: file.display().to_string(),
                        ok: false,
                        game: None,
                        players: None,
                        moves: None,
                        chance_points: None,
                        signatures: None,
                        final_hash: None,
                        scores: vec![],
                        winners: vec![],
                        all_lost: false,
                        error: Some(e.to_string()),
                        bad_frame: frame,
                        bad_move: seq,
                        foreseeable_from: None,
                        foreseeable_by: None,
                    }
                }
            };
            crate::out!(
                "{}",
                serde_json::to_string(&v).map_err(|e| CliError::Failed(e.to_string()))?
            );
        }
    }
    result.map(|_| ())
}

/// Where `simulate --record PATH` writes the replay of the game with `seed`: PATH itself for a
/// single game, `PATH/<game>-<seed>.replay` for several.
pub fn record_path(path: &Path, game: &str, seed: u64, several: bool) -> PathBuf {
    if several {
        path.join(format!("{game}-{seed}.replay"))
    } else {
        path.to_path_buf()
    }
}

/// A game recorded by [`record_with`].
pub struct Recorded<G> {
    /// Its final state.
    pub state: G,
    /// Moves played, as the replay's verification counts them.
    pub moves: u64,
    /// Chance points.
    pub chance_points: u64,
}

/// Records one simulated game as a signed replay, exactly as a networked game records it, with
/// each seat played by `bot(seat)`; the file is verified before it is written, and an existing
/// file is never written over.
pub fn record_with<G: Game>(
    options: &G::Options,
    players: u8,
    seed: u64,
    bot: &dyn Fn(usize) -> Box<dyn dwarfs_engine::Bot<G>>,
    path: &Path,
) -> Result<Recorded<G>, CliError> {
    let failed = |e: String| CliError::Failed(format!("recording the game with seed {seed}: {e}"));
    let (bytes, state) = replay::record_simulated_with::<G>(options, players, seed, Some(bot))
        .map_err(|e| failed(e.to_string()))?;
    let report = replay::verify::<G>(&bytes).map_err(|e| failed(e.to_string()))?;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => CliError::Failed(format!(
                "{} exists: replays are never written over; choose another --record path",
                path.display()
            )),
            _ => CliError::Failed(format!("cannot write {}: {e}", path.display())),
        })?;
    if let Err(e) = std::io::Write::write_all(&mut file, &bytes) {
        // No half-written replay left behind: the file is ours, made just now.
        drop(file);
        let _ = std::fs::remove_file(path);
        return Err(CliError::Failed(format!(
            "cannot write {}: {e}",
            path.display()
        )));
    }
    Ok(Recorded {
        state,
        moves: u64::from(report.moves),
        chance_points: u64::from(report.chance_points),
    })
}
