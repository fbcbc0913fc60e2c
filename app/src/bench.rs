//! `dwarfs bench`: performance figures measured side by side in one run, printed as ratios so
//! they stay meaningful on a noisy shared machine.

use crate::CliError;
use crate::games::{CliGame, GameKind, OptionArgs, with_game};
use dwarfs_engine::playout::random_playout;
use dwarfs_engine::{codec, state_hash};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Which benchmark.
#[derive(clap::Subcommand, Debug)]
pub enum BenchCommand {
    /// Engine: random-playout throughput, and the state hash against raw blake3.
    Engine(EngineArgs),
    /// Network: move -> all-acks latency against the raw round trip, and game start time.
    Net(crate::net_cli::BenchNetArgs),
    /// Protocol rounds: on the in-memory network with a fixed one-way latency, how long a move
    /// takes from its signature to be shown and to be final on every peer (logical time: exact
    /// and reproducible).
    Rounds(RoundsArgs),
    /// Bots: an arena of search levels, the game's own bot and random, seats rotated: win rates
    /// with 95% confidence intervals and moves per second per bot.
    Bots(crate::bench_bots::BotsArgs),
}

/// Arguments of `dwarfs bench rounds`.
#[derive(clap::Args, Debug)]
pub struct RoundsArgs {
    /// Which game.
    #[arg(long, value_enum, default_value = "pig")]
    pub game: GameKind,
    /// Player counts to measure (one game each).
    #[arg(long, value_delimiter = ',', default_values_t = vec![2u8, 4, 8])]
    pub players: Vec<u8>,
    /// The one-way latency of every link, in logical milliseconds.
    #[arg(long, default_value_t = 10)]
    pub latency_ms: u64,
    /// The games' seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub options: OptionArgs,
}

/// Arguments of `dwarfs bench engine`.
#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    /// Which game.
    #[arg(long, value_enum, default_value = "pig")]
    pub game: GameKind,
    /// Seats per game.
    #[arg(long, default_value_t = 4)]
    pub players: u8,
    /// Seconds to spend on each measurement.
    #[arg(long, default_value_t = 2.0)]
    pub seconds: f64,
    #[command(flatten)]
    pub options: OptionArgs,
}

/// Runs the chosen benchmark.
pub fn run(cmd: &BenchCommand) -> Result<(), CliError> {
    match cmd {
        BenchCommand::Engine(args) => with_game!(args.game, G, engine::<G>(args)),
        BenchCommand::Net(args) => crate::net_cli::run_bench_net(args),
        BenchCommand::Rounds(args) => with_game!(args.game, G, rounds::<G>(args)),
        BenchCommand::Bots(args) => crate::bench_bots::run(args),
    }
}

fn rounds<G: CliGame>(args: &RoundsArgs) -> Result<(), CliError> {
    let options = G::options_from(&args.options)?;
    let l = args.latency_ms.max(1);
    crate::out!(
        "dwarfs bench rounds: {} on the in-memory network, one-way latency L = {l} ms, seed {}",
        G::NAME,
        args.seed
    );
    crate::out!(
        "players  moves  shown (min/median/max)  final (min/median/max)  slowest final  frames/move"
    );
    for &players in &args.players {
        G::new(&options, players).map_err(|e| CliError::Usage(e.to_string()))?;
        let r = dwarfs_protocol::rounds::measure::<G>(&options, players, args.seed, l)
            .map_err(|e| CliError::Failed(format!("{players} players: {e}")))?;
        crate::out!(
            "{players:>7}  {:>5}  {:>6} / {:>3} / {:>3} ms  {:>6} / {:>3} / {:>3} ms  {:>10.1} L  {:>11.1}",
            r.moves,
            r.shown.min,
            r.shown.median,
            r.shown.max,
            r.final_.min,
            r.final_.median,
            r.final_.max,
            r.final_.max as f64 / l as f64,
            r.frames as f64 / f64::from(r.moves.max(1))
        );
    }
    crate::out!("goal: shown after 1 L, final after 2 L (one round trip)");
    Ok(())
}

fn engine<G: CliGame>(args: &EngineArgs) -> Result<(), CliError> {
    if !(args.seconds > 0.0 && args.seconds <= 600.0) {
        return Err(CliError::Usage(
            "--seconds must be between 0 and 600".into(),
        ));
    }
    let options = G::options_from(&args.options)?;
    G::new(&options, args.players).map_err(|e| CliError::Usage(e.to_string()))?;
    let budget = Duration::from_secs_f64(args.seconds);
    if cfg!(debug_assertions) {
        crate::out!(
            "note: this is a debug build; run `cargo run --release -- bench engine` for real figures"
        );
    }

    // 1. Random playouts: every step lists the legal actions, picks one and applies it.
    let start = Instant::now();
    let (mut games, mut decisions, mut steps, mut seed) = (0u64, 0u64, 0u64, 0u64);
    let mut samples: Vec<G> = Vec::new();
    while start.elapsed() < budget {
        let p = random_playout::<G>(&options, args.players, seed, samples.len() < 64)
            .map_err(|e| CliError::Failed(format!("seed {seed}: {e}")))?;
        if samples.len() < 64 {
            // Keep a mid-game state of this game for the hashing benchmark.
            let mid = p.steps.len() / 2;
            let state =
                dwarfs_engine::playout::replay_steps::<G>(&options, args.players, &p.steps[..mid])
                    .map_err(|e| CliError::Failed(e.to_string()))?;
            samples.push(state);
        }
        decisions += p.decisions as u64;
        steps += (p.decisions + p.chance_points) as u64;
        games += 1;
        seed += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    crate::out!(
        "random playouts ({} players): {games} games, {:.0} moves/s ({:.0} steps/s incl. chance), one core",
        args.players,
        decisions as f64 / secs,
        steps as f64 / secs
    );

    // 2. state_hash against raw blake3 over the very same bytes, interleaved in rounds.
    let encoded: Vec<Vec<u8>> = samples
        .iter()
        .map(|s| {
            let mut b = dwarfs_engine::hash::domain::<G>();
            codec::encode_into(s, &mut b).map(|()| b)
        })
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::Failed(format!("a sampled state does not encode: {e}")))?;
    let mean_len = encoded.iter().map(Vec::len).sum::<usize>() / encoded.len().max(1);
    let (mut t_state, mut t_raw, mut n) = (Duration::ZERO, Duration::ZERO, 0u64);
    let hash_start = Instant::now();
    while hash_start.elapsed() < budget {
        let t = Instant::now();
        for s in &samples {
            let _ = black_box(state_hash(black_box(s)));
        }
        t_state += t.elapsed();
        let t = Instant::now();
        for b in &encoded {
            black_box(blake3::hash(black_box(b)));
        }
        t_raw += t.elapsed();
        n += samples.len() as u64;
    }
    let ns = |d: Duration| d.as_nanos() as f64 / n.max(1) as f64;
    crate::out!(
        "state_hash: {:.0} ns per state ({} bytes mean); raw blake3 of the same bytes: {:.0} ns; ratio {:.2}x",
        ns(t_state),
        mean_len,
        ns(t_raw),
        ns(t_state) / ns(t_raw).max(1e-9)
    );
    Ok(())
}
