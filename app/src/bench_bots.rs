//! `dwarfs bench bots`: an arena that plays bots against each other (search levels, the game's
//! own bot, random), seats rotated, and prints each pairing's win rate with a 95% confidence
//! interval, the team's win rate (games not lost by everyone: what counts in cooperative
//! Winter) and each bot's moves per second. One game at a time, on one core.

use crate::CliError;
use crate::games::{CliGame, GameEntry, GameKind, Level, OptionArgs, with_entry};
use dwarfs_bots::arena::play_match;
use dwarfs_bots::{Budget, SearchBot, SearchConfig};
use dwarfs_engine::{Bot, Game, RandomBot};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Arguments of `dwarfs bench bots`.
#[derive(clap::Args, Debug)]
pub struct BotsArgs {
    /// Which game.
    #[arg(long, value_enum)]
    pub game: GameKind,
    /// Seats per game. Bot `a` plays one seat (rotated over the games), bot `b` every other, so
    /// `a`'s even share is 1/N.
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Games per pairing.
    #[arg(long, default_value_t = 20)]
    pub games: u64,
    /// Per-move budget of the hard bot in milliseconds (time only, no iteration cap); normal gets
    /// a quarter of it and easy a sixteenth. Without it every level plays as in the lobby
    /// (its iterations, capped by its time).
    #[arg(long, conflicts_with = "budget_iterations")]
    pub budget_ms: Option<u64>,
    /// Per-move budget of the hard bot in iterations (no clock, so the games are the same
    /// whatever the machine's load); normal and easy get the same share of it as in the lobby
    /// (300 and 48 of hard's 6000: `--budget-iterations 6000` plays the lobby's iterations).
    #[arg(long)]
    pub budget_iterations: Option<u32>,
    /// The pairings, `a-b` each (bots: random, game, easy, normal, hard). The default: every
    /// level against random, then each level against the one below.
    #[arg(long, value_delimiter = ',')]
    pub pairs: Vec<Pairing>,
    /// The first seed; game i of a pairing uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object per pairing instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub options: OptionArgs,
}

/// A player of the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random moves.
    Random,
    /// The game's own bot (its registry entry's; the random bot for games without one).
    Game,
    /// The search bot at a level.
    Search(Level),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Game => f.write_str("game"),
            Player::Search(l) => write!(f, "{l}"),
        }
    }
}

impl FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "random" => Ok(Player::Random),
            "game" => Ok(Player::Game),
            other => other.parse().map(Player::Search).map_err(|_| {
                format!("unknown bot '{other}': choose random, game, easy, normal or hard")
            }),
        }
    }
}

/// Two players of the arena: `a` against `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The bot whose win rate is reported.
    pub a: Player,
    /// Its opponent.
    pub b: Player,
}

impl FromStr for Pairing {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (a, b) = s
            .split_once('-')
            .ok_or_else(|| format!("'{s}' is not a pairing: write it a-b, like hard-random"))?;
        Ok(Pairing {
            a: a.parse()?,
            b: b.parse()?,
        })
    }
}

/// The pairings played without `--pairs`.
fn default_pairings() -> Vec<Pairing> {
    use Level::{Easy, Hard, Normal};
    use Player::{Random, Search};
    [
        (Search(Easy), Random),
        (Search(Normal), Random),
        (Search(Hard), Random),
        (Search(Normal), Search(Easy)),
        (Search(Hard), Search(Normal)),
    ]
    .into_iter()
    .map(|(a, b)| Pairing { a, b })
    .collect()
}

/// One pairing's result, as `--json` prints it.
#[derive(Debug, Serialize)]
pub struct PairingReport {
    /// The game.
    pub game: &'static str,
    /// Seats per game.
    pub players: u8,
    /// Bot `a`.
    pub a: String,
    /// Bot `b`.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// `a`'s share of the wins (a shared win counts its share; a cooperative loss nothing).
    pub a_win_rate: f64,
    /// The 95% confidence interval of `a_win_rate` (Wilson score interval).
    pub ci95: [f64; 2],
    /// The share of games not lost by everyone: in a cooperative game (Winter) the team's win
    /// rate, whoever had the most points; 1 in a competitive game.
    pub team_win_rate: f64,
    /// The 95% confidence interval of `team_win_rate` (Wilson score interval).
    pub team_ci95: [f64; 2],
    /// `a`'s even share: 1 / players.
    pub even: f64,
    /// `a`'s decisions per second of its thinking time.
    pub a_moves_per_s: f64,
    /// `b`'s decisions per second of its thinking time.
    pub b_moves_per_s: f64,
    /// `a`'s mean thinking time per decision, in milliseconds.
    pub a_ms_per_move: f64,
    /// Bot `a`'s longest single move, in milliseconds.
    pub a_max_ms_per_move: f64,
    /// `a`'s mean processor time per decision in milliseconds (its thread on a core, whatever
    /// the machine's load), where the system tells it.
    pub a_cpu_ms_per_move: Option<f64>,
    /// The most processor time of a single move of `a`, in milliseconds, where measured.
    pub a_max_cpu_ms_per_move: Option<f64>,
}

/// The Wilson score interval at 95% for `wins` successes (fractional for shared wins) in `n`.
pub fn wilson95(wins: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let z = 1.959_964;
    let p = wins / n;
    let z2n = z * z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Runs the arena.
pub fn run(args: &BotsArgs) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let pairings = if args.pairs.is_empty() {
        default_pairings()
    } else {
        args.pairs.clone()
    };
    with_entry!(args.game, E, arena::<E>(args, &pairings))
}

fn search_config(level: Level, args: &BotsArgs) -> SearchConfig {
    match (args.budget_ms, args.budget_iterations) {
        (Some(ms), _) => level.timed_config(ms),
        (None, Some(hard)) => level
            .config()
            .with_budget(Budget::iterations(scaled_iterations(level, hard))),
        (None, None) => level.config(),
    }
}

/// `level`'s iterations when the hard level gets `hard`: the lobby's proportions, at least 1.
pub fn scaled_iterations(level: Level, hard: u32) -> u32 {
    let scaled =
        u64::from(hard) * u64::from(level.iterations()) / u64::from(Level::Hard.iterations());
    scaled.clamp(1, u64::from(u32::MAX)) as u32
}

fn make<E: GameEntry>(p: Player, args: &BotsArgs, seed: u64) -> Box<dyn Bot<E::G>> {
    match p {
        Player::Random => Box::new(RandomBot::new(seed)),
        Player::Game => E::bot(seed),
        Player::Search(l) => Box::new(SearchBot::new(search_config(l, args), seed)),
    }
}

fn arena<E: GameEntry>(args: &BotsArgs, pairings: &[Pairing]) -> Result<(), CliError> {
    type G<E> = <E as GameEntry>::G;
    let options = <G<E> as CliGame>::options_from(&args.options)?;
    G::<E>::new(&options, args.players).map_err(|e| CliError::Usage(e.to_string()))?;
    let n = args.players;
    if !args.json {
        crate::out!(
            "dwarfs bench bots: {} with {n} players, {} games per pairing, {}; one core",
            G::<E>::NAME,
            args.games,
            match (args.budget_ms, args.budget_iterations) {
                (Some(ms), _) => format!(
                    "hard {ms} ms a move, normal {} ms, easy {} ms",
                    ms / 4,
                    ms / 16
                ),
                (None, Some(it)) => format!(
                    "hard {it} iterations a move, normal {}, easy {}",
                    scaled_iterations(Level::Normal, it),
                    scaled_iterations(Level::Easy, it)
                ),
                (None, None) => format!(
                    "lobby budgets (easy {} it/0.1 s, normal {} it/0.4 s, hard {} it/1 s)",
                    Level::Easy.iterations(),
                    Level::Normal.iterations(),
                    Level::Hard.iterations()
                ),
            }
        );
        if cfg!(debug_assertions) {
            crate::out!("note: a debug build; run with --release for real figures");
        }
        crate::out!(
            "{:<8} {:<8} {:>5}  {:>7}  {:>15}  {:>6}  {:>7}  {:>15}  {:>10}  {:>10}  {:>9}  {:>9}  {:>9}  {:>9}",
            "a",
            "b",
            "games",
            "a wins",
            "95% CI",
            "even",
            "team",
            "team 95% CI",
            "a moves/s",
            "b moves/s",
            "a ms/mv",
            "a max ms",
            "a cpu ms",
            "a max cpu"
        );
    }
    for p in pairings {
        let (mut won, mut a_moves, mut b_moves, mut held) = (0u64, 0u64, 0u64, 0u64);
        let (mut a_time, mut b_time) = (Duration::ZERO, Duration::ZERO);
        let mut a_slowest = Duration::ZERO;
        // Processor time, while every game measured it.
        let mut a_cpu = Some((Duration::ZERO, Duration::ZERO));
        for g in 0..args.games {
            let seed = args.seed.wrapping_add(g);
            let a_seat = (g % u64::from(n)) as usize;
            let mut bots: Vec<Box<dyn Bot<G<E>>>> = (0..n as usize)
                .map(|s| {
                    let bot_seed = seed.wrapping_mul(31).wrapping_add(s as u64);
                    make::<E>(if s == a_seat { p.a } else { p.b }, args, bot_seed)
                })
                .collect();
            let mut refs: Vec<&mut dyn Bot<G<E>>> = Vec::new();
            for b in &mut bots {
                let r: &mut dyn Bot<G<E>> = b.as_mut();
                refs.push(r);
            }
            let m = play_match::<G<E>>(&options, &mut refs, seed).map_err(CliError::Failed)?;
            won += u64::from(m.win_share(n)[a_seat]);
            held += u64::from(!m.outcome.all_lost);
            for s in 0..n as usize {
                if s == a_seat {
                    a_moves += u64::from(m.moves[s]);
                    a_time += m.thinking[s];
                    a_slowest = a_slowest.max(m.slowest[s]);
                    a_cpu = match (a_cpu, &m.cpu, &m.slowest_cpu) {
                        (Some((sum, max)), Some(c), Some(w)) => Some((sum + c[s], max.max(w[s]))),
                        _ => None,
                    };
                } else {
                    b_moves += u64::from(m.moves[s]);
                    b_time += m.thinking[s];
                }
            }
        }
        let games = args.games as f64;
        let wins = won as f64 / 1000.0;
        let per_s = |moves: u64, t: Duration| moves as f64 / t.as_secs_f64().max(1e-9);
        let r = PairingReport {
            game: G::<E>::NAME,
            players: n,
            a: p.a.to_string(),
            b: p.b.to_string(),
            games: args.games,
            a_win_rate: wins / games,
            ci95: wilson95(wins, games),
            team_win_rate: held as f64 / games,
            team_ci95: wilson95(held as f64, games),
            even: 1.0 / f64::from(n),
            a_moves_per_s: per_s(a_moves, a_time),
            b_moves_per_s: per_s(b_moves, b_time),
            a_ms_per_move: a_time.as_secs_f64() * 1000.0 / a_moves.max(1) as f64,
            a_max_ms_per_move: a_slowest.as_secs_f64() * 1000.0,
            a_cpu_ms_per_move: a_cpu
                .map(|(sum, _)| sum.as_secs_f64() * 1000.0 / a_moves.max(1) as f64),
            a_max_cpu_ms_per_move: a_cpu.map(|(_, max)| max.as_secs_f64() * 1000.0),
        };
        if args.json {
            let s = serde_json::to_string(&r).map_err(|e| CliError::Failed(e.to_string()))?;
            crate::out!("{s}");
        } else {
            let cpu = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |ms| format!("{ms:.1}"));
            crate::out!(
                "{:<8} {:<8} {:>5}  {:>6.1}%  {:>6.1}%-{:>5.1}%  {:>5.1}%  {:>6.1}%  {:>6.1}%-{:>5.1}%  {:>10.0}  {:>10.0}  {:>9.1}  {:>9.1}  {:>9}  {:>9}",
                r.a,
                r.b,
                r.games,
                r.a_win_rate * 100.0,
                r.ci95[0] * 100.0,
                r.ci95[1] * 100.0,
                r.even * 100.0,
                r.team_win_rate * 100.0,
                r.team_ci95[0] * 100.0,
                r.team_ci95[1] * 100.0,
                r.a_moves_per_s,
                r.b_moves_per_s,
                r.a_ms_per_move,
                r.a_max_ms_per_move,
                cpu(r.a_cpu_ms_per_move),
                cpu(r.a_max_cpu_ms_per_move)
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairings_parse_and_name_their_bots() {
        assert_eq!(
            "hard-random".parse::<Pairing>(),
            Ok(Pairing {
                a: Player::Search(Level::Hard),
                b: Player::Random
            })
        );
        assert_eq!(
            "game-easy"
                .parse::<Pairing>()
                .map(|p| (p.a.to_string(), p.b.to_string())),
            Ok(("game".into(), "easy".into()))
        );
        assert!("hard".parse::<Pairing>().unwrap_err().contains("a-b"));
        assert!(
            "brutal-random"
                .parse::<Pairing>()
                .unwrap_err()
                .contains("unknown bot 'brutal'")
        );
    }

    #[test]
    fn iteration_budgets_keep_the_lobby_proportions() {
        let hard = Level::Hard.iterations();
        assert_eq!(scaled_iterations(Level::Hard, 500), 500);
        assert_eq!(scaled_iterations(Level::Normal, hard), 300);
        assert_eq!(scaled_iterations(Level::Easy, hard), 48);
        assert_eq!(scaled_iterations(Level::Normal, hard / 10), 30);
        assert_eq!(scaled_iterations(Level::Easy, 10), 1);
    }

    #[test]
    fn the_wilson_interval_holds_the_rate_and_narrows_with_games() {
        let [lo, hi] = wilson95(19.0, 20.0);
        assert!(lo < 0.95 && 0.95 < hi && hi <= 1.0, "{lo} {hi}");
        let [lo2, hi2] = wilson95(190.0, 200.0);
        assert!(hi2 - lo2 < hi - lo);
        assert_eq!(wilson95(0.0, 0.0), [0.0, 1.0]);
        let [lo, _] = wilson95(0.0, 10.0);
        assert_eq!(lo, 0.0);
    }

    #[test]
    fn search_beats_random_at_fall_in_a_quick_arena() {
        // A real game with hidden information: a small fixed-iteration search against random,
        // seats alternated.
        type G = dwarfs_fall::Fall;
        let options = <G as Game>::Options::default();
        let config = Level::Normal
            .fixed_config()
            .with_budget(Budget::iterations(16));
        let (mut won, games) = (0u32, 6u64);
        for g in 0..games {
            let a_seat = (g % 2) as usize;
            let mut search = SearchBot::new(config, g);
            let mut random = RandomBot::new(g);
            let mut bots: Vec<&mut dyn Bot<G>> = if a_seat == 0 {
                vec![&mut search, &mut random]
            } else {
                vec![&mut random, &mut search]
            };
            let m = play_match::<G>(&options, &mut bots, 500 + g).unwrap();
            won += m.win_share(2)[a_seat];
        }
        assert!(
            won >= 5000,
            "the search won {won}/{} thousandths against random",
            games * 1000
        );
    }
}
