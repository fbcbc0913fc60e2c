//! `dwarfs simulate`: bot games (uniform random, the game's own bot with `--bots game`, or the
//! search bot at a level with `--bots easy|normal|hard`), with throughput, score and win
//! statistics, for one player count or several (`--players 1-4`).

use crate::CliError;
use crate::games::{CliGame, GameEntry, GameKind, Level, OptionArgs, with_entry, with_game};
use dwarfs_engine::playout::play_out;
use dwarfs_engine::{Bot, RandomBot, Seat, Seated, SeedStream};
use serde::Serialize;
use std::io::IsTerminal;
use std::time::Instant;

/// Arguments of `dwarfs simulate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Which game.
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// Seats per game: a count (3), a range (1-4) or a list (2,4); one report per count.
    #[arg(long, value_parser = parse_player_counts)]
    pub players: PlayerCounts,
    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The first seed; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Who plays every seat: uniform random choices (fast, the engine's throughput), the game's
    /// own bot, or the search bot at a level (what local bot seats play; much slower).
    #[arg(long, value_enum, default_value_t = Bots::Random)]
    pub bots: Bots,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write a signed replay of each game, made exactly as a networked game makes it (keys,
    /// commit-reveal seed, fairness beacon): to this file for one game, or into this directory as
    /// `<game>-<seed>.replay` for several. The games are then played through the protocol, each
    /// seat by its own bot, and the figures are theirs (moves as the replay numbers them: a
    /// simultaneous step counts once; the speed includes signing and verifying). An existing
    /// file is never written over.
    #[arg(long, value_name = "PATH")]
    pub record: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub options: OptionArgs,
}

/// Who plays the seats of simulated games.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bots {
    /// Uniform random legal actions.
    Random,
    /// The game's own bot (its registry entry's).
    Game,
    /// The search bot at the easy level.
    Easy,
    /// The search bot at the normal level.
    Normal,
    /// The search bot at the hard level.
    Hard,
}

impl Bots {
    /// The search level, for the search bots.
    pub fn level(self) -> Option<Level> {
        match self {
            Bots::Random | Bots::Game => None,
            Bots::Easy => Some(Level::Easy),
            Bots::Normal => Some(Level::Normal),
            Bots::Hard => Some(Level::Hard),
        }
    }
}

/// The player counts to simulate, in increasing order, without repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerCounts(pub Vec<u8>);

/// Parses "3", "1-4" or "2,4" (and mixtures: "1,3-4").
fn parse_player_counts(text: &str) -> Result<PlayerCounts, String> {
    let mut counts = std::collections::BTreeSet::new();
    for part in text.split(',') {
        let number = |s: &str| {
            s.trim()
                .parse::<u8>()
                .map_err(|_| format!("'{s}' is not a player count: give a number, a range like 1-4 or a list like 2,4"))
        };
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if a > b {
                    return Err(format!(
                        "the range {a}-{b} is empty: write the smaller count first"
                    ));
                }
                counts.extend(a..=b);
            }
            None => {
                counts.insert(number(part)?);
            }
        }
    }
    Ok(PlayerCounts(counts.into_iter().collect()))
}

/// Minimum, mean and maximum of the final scores of every seat in every game.
#[derive(Debug, Serialize, PartialEq)]
pub struct ScoreStats {
    /// Lowest final score.
    pub min: i32,
    /// Mean final score.
    pub mean: f64,
    /// Highest final score.
    pub max: i32,
}

/// What `dwarfs simulate --json` prints.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The game's name.
    pub game: &'static str,
    /// Seats per game.
    pub players: u8,
    /// Who played.
    pub bots: Bots,
    /// Games played.
    pub games: u64,
    /// Seat decisions made in all games.
    pub moves: u64,
    /// Chance points resolved in all games.
    pub chance_points: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_sec: f64,
    /// Decisions per second.
    pub moves_per_sec: f64,
    /// Mean decisions per game.
    pub mean_moves: f64,
    /// Final scores over all seats of all games.
    pub scores: ScoreStats,
    /// Games won by each seat (a shared win counts for every winner).
    pub wins_by_seat: Vec<u64>,
    /// Mean final score of each seat.
    pub mean_score_by_seat: Vec<f64>,
    /// Share of wins by seat, summing to 1 over seats when there are wins.
    pub win_share_by_seat: Vec<f64>,
    /// Games that ended in a shared win.
    pub shared_wins: u64,
    /// Games with no winner (a cooperative loss, or no one scoring as a winner).
    pub no_winner: u64,
    /// Games that every player lost together (a cooperative game's loss), counted in
    /// `no_winner` too.
    pub everyone_lost: u64,
}

/// Runs the command: one report per player count (with `--json`, one JSON object per line).
pub fn run(args: &Args) -> Result<(), CliError> {
    // Refuse a bad count before playing any game.
    for &players in &args.players.0 {
        with_game!(args.game, G, checked_options::<G>(args, players).map(drop))?;
    }
    for (k, &players) in args.players.0.iter().enumerate() {
        let report = with_entry!(args.game, E, {
            let bot = |seed| -> Box<dyn Bot<<E as GameEntry>::G>> {
                match (args.bots, args.bots.level()) {
                    (_, Some(level)) => E::level_bot(level, seed),
                    (Bots::Game, None) => E::bot(seed),
                    _ => Box::new(RandomBot::new(seed)),
                }
            };
            simulate::<<E as GameEntry>::G>(args, players, bot)?
        });
        if args.json {
            let s = serde_json::to_string(&report).map_err(|e| CliError::Failed(e.to_string()))?;
            crate::out!("{s}");
        } else {
            if k > 0 {
                crate::out!();
            }
            print_text(&report);
        }
    }
    Ok(())
}

/// Plays the games with `players` seats, every seat played by `bot(seed)`, and gathers the
/// report.
pub fn simulate<G: CliGame>(
    args: &Args,
    players: u8,
    bot: impl Fn(u64) -> Box<dyn Bot<G>>,
) -> Result<Report, CliError> {
    let options = checked_options::<G>(args, players)?;
    if let Some(path) = &args.record
        && args.games > 1
    {
        std::fs::create_dir_all(path).map_err(|e| {
            CliError::Failed(format!("cannot create directory {}: {e}", path.display()))
        })?;
    }
    let bar = progress_bar(args);
    let start = Instant::now();
    let (mut moves, mut chance_points) = (0u64, 0u64);
    let (mut min, mut max, mut sum, mut n) = (i32::MAX, i32::MIN, 0i64, 0i64);
    let mut wins = vec![0u64; players as usize];
    let mut seat_sums = vec![0i64; players as usize];
    let (mut shared_wins, mut no_winner, mut everyone_lost) = (0, 0, 0);
    for i in 0..args.games {
        let seed = args.seed.wrapping_add(i);
        let state = match &args.record {
            // A recorded game is played through the protocol (its chance from the players'
            // commit-reveal and beacons), so the game reported is the game in the file.
            Some(path) => {
                let file = crate::replay_cli::record_path(path, G::NAME, seed, args.games > 1);
                // Each seat its own bot (a peer runs one), seeded apart.
                let seat_bot = |seat: usize| bot(seed.wrapping_mul(31).wrapping_add(seat as u64));
                let r =
                    crate::replay_cli::record_with::<G>(&options, players, seed, &seat_bot, &file)?;
                moves += r.moves;
                chance_points += r.chance_points;
                r.state
            }
            // As `random_playout`: chance from the seed, the bot from a stream derived from it.
            None => {
                let mut b = bot(seed);
                let p = G::new(&options, players)
                    .map_err(dwarfs_engine::playout::PlayoutError::from)
                    .and_then(|g| {
                        play_out(g, &mut Seated(&mut *b), &mut SeedStream::new(seed), false)
                    })
                    .map_err(|e| CliError::Failed(format!("game with seed {seed}: {e}")))?;
                moves += p.decisions as u64;
                chance_points += p.chance_points as u64;
                p.state
            }
        };
        let outcome = state
            .outcome()
            .ok_or_else(|| CliError::Failed(format!("game with seed {seed} has no outcome")))?;
        for s in &outcome.scores {
            min = min.min(s.total);
            max = max.max(s.total);
            sum += s.total as i64;
            n += 1;
            if let Some(t) = seat_sums.get_mut(s.seat.index()) {
                *t += s.total as i64;
            }
        }
        if outcome.all_lost {
            everyone_lost += 1;
        }
        match outcome.winners.len() {
            0 => no_winner += 1,
            1 => {}
            _ => shared_wins += 1,
        }
        for Seat(w) in outcome.winners {
            if let Some(c) = wins.get_mut(w as usize) {
                *c += 1;
            }
        }
        if let Some(b) = &bar {
            b.inc(1);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let total_wins: u64 = wins.iter().sum();
    Ok(Report {
        game: G::NAME,
        players,
        bots: args.bots,
        games: args.games,
        moves,
        chance_points,
        seconds,
        games_per_sec: args.games as f64 / seconds,
        moves_per_sec: moves as f64 / seconds,
        mean_moves: moves as f64 / args.games as f64,
        scores: ScoreStats {
            min,
            mean: sum as f64 / n.max(1) as f64,
            max,
        },
        mean_score_by_seat: seat_sums
            .iter()
            .map(|&t| t as f64 / args.games as f64)
            .collect(),
        win_share_by_seat: wins
            .iter()
            .map(|&w| w as f64 / total_wins.max(1) as f64)
            .collect(),
        wins_by_seat: wins,
        shared_wins,
        no_winner,
        everyone_lost,
    })
}

/// The game's options, once the arguments are known to make a game with `players` seats.
fn checked_options<G: CliGame>(args: &Args, players: u8) -> Result<G::Options, CliError> {
    if args.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let options = G::options_from(&args.options)?;
    G::new(&options, players).map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(options)
}

fn progress_bar(args: &Args) -> Option<indicatif::ProgressBar> {
    if args.json || args.games < 200 || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(args.games);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} {pos}/{len} games [{elapsed_precise}] {wide_bar} eta {eta}",
    ) {
        bar.set_style(style);
    }
    Some(bar)
}

fn print_text(r: &Report) {
    let who = match r.bots {
        Bots::Random => "random bots",
        Bots::Game => "the game's bot",
        Bots::Easy => "easy search bots",
        Bots::Normal => "normal search bots",
        Bots::Hard => "hard search bots",
    };
    crate::out!(
        "{} games of {} with {} players ({who})",
        r.games,
        r.game,
        r.players
    );
    crate::out!(
        "  speed:  {:.0} games/s, {:.0} moves/s ({:.2} s)",
        r.games_per_sec,
        r.moves_per_sec,
        r.seconds
    );
    crate::out!(
        "  length: {:.1} moves per game, {} chance points in all",
        r.mean_moves,
        r.chance_points
    );
    crate::out!(
        "  scores: min {}, mean {:.2}, max {}",
        r.scores.min,
        r.scores.mean,
        r.scores.max
    );
    crate::out!("  wins by seat:");
    for (i, (w, share)) in r.wins_by_seat.iter().zip(&r.win_share_by_seat).enumerate() {
        let mean = r.mean_score_by_seat.get(i).copied().unwrap_or_default();
        crate::out!(
            "    seat {}: {w} ({:.1}%), mean score {mean:.2}",
            i + 1,
            share * 100.0
        );
    }
    if r.shared_wins > 0 || r.no_winner > 0 {
        crate::out!(
            "  shared wins: {}, games with no winner: {}",
            r.shared_wins,
            r.no_winner
        );
    }
    if r.everyone_lost > 0 {
        crate::out!(
            "  games everyone lost together: {} ({:.1}%)",
            r.everyone_lost,
            r.everyone_lost as f64 * 100.0 / r.games.max(1) as f64
        );
    }
}
