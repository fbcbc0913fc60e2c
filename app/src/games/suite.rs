//! The generic suite, run once per registered game by the tests that `registry!` generates: the
//! engine's conformance harness and the checks of `dwarfs_engine::suite`, over the option sets
//! and player counts that the game's entry lists. No game has a copy of its own.

use super::GameEntry;
use dwarfs_bots::TakeoverBot;
use dwarfs_engine::conformance::{self, Config};
use dwarfs_engine::options::GameOptions;
use dwarfs_engine::suite::Golden;
use dwarfs_engine::suite::{self as checks, Fixed};
use dwarfs_engine::{Chooser, Game};
use std::sync::Mutex;

/// The generic suite's plan for a registered game, given in the game's entry file.
pub trait Planned: GameEntry {
    /// What the generic suite runs for this game.
    fn plan() -> SuitePlan<Self::G>;
}

/// One set of options the generic suite plays, with how much of each check.
#[derive(Clone, Debug)]
pub struct SuiteCase<G: Game> {
    /// A name for failure messages ("3rd edition, Siege").
    pub name: &'static str,
    /// The options.
    pub options: G::Options,
    /// The player counts to play.
    pub players: Vec<u8>,
    /// Conformance games per player count.
    pub conformance: u64,
    /// Sample the heavier conformance checks more thinly (long games).
    pub light: bool,
    /// Games per player count examined for determinization and non-interference (0: none).
    pub hidden: u64,
    /// Games per player count and deterministic player for termination (0: none).
    pub termination: u64,
    /// Pinned random playouts with these options.
    pub golden: &'static [Golden],
}

impl<G: Game> SuiteCase<G> {
    /// A case with no checks yet, to fill in with struct update syntax.
    pub fn new(name: &'static str, options: G::Options, players: impl Into<Vec<u8>>) -> Self {
        SuiteCase {
            name,
            options,
            players: players.into(),
            conformance: 0,
            light: false,
            hidden: 0,
            termination: 0,
            golden: &[],
        }
    }
}

/// Everything the generic suite runs for one game.
#[derive(Clone, Debug)]
pub struct SuitePlan<G: Game> {
    /// The option sets.
    pub cases: Vec<SuiteCase<G>>,
    /// True if the game hides anything from some seat (so determinization must resample).
    pub hidden_information: bool,
}

type Job<'a> = Box<dyn FnOnce() -> Result<(), String> + Send + 'a>;

/// Runs jobs on every core and panics with every failure.
fn run_all(jobs: Vec<Job<'_>>) {
    let jobs = Mutex::new(jobs.into_iter().collect::<Vec<_>>());
    let failures = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let job = jobs.lock().map(|mut j| j.pop()).unwrap_or(None);
                    let Some(job) = job else { break };
                    if let Err(e) = job()
                        && let Ok(mut f) = failures.lock()
                    {
                        f.push(e);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_default();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Random games to the end with every refusal, round trip and invariant checked.
pub fn conformance<E: Planned>() {
    let mut jobs: Vec<Job> = Vec::new();
    for case in E::plan().cases {
        for &players in &case.players {
            let (options, name, light, n) = (
                case.options.clone(),
                case.name,
                case.light,
                case.conformance,
            );
            if n == 0 {
                continue;
            }
            jobs.push(Box::new(move || {
                let mut cfg = Config::new(players, 0..n);
                if light {
                    cfg.garbage_per_decision = 2;
                    cfg.all_actions_every = 23;
                    cfg.roundtrip_every = 97;
                    cfg.replay_every = 50;
                }
                let r = conformance::check::<E::G>(&options, &cfg)
                    .map_err(|f| format!("{} ({name}, {players} players): {f}", E::TITLE))?;
                if r.games as u64 != n || r.rejected == 0 {
                    return Err(format!("{name}, {players} players: {r:?}"));
                }
                Ok(())
            }));
        }
    }
    assert!(!jobs.is_empty(), "{} plans no conformance games", E::TITLE);
    run_all(jobs);
}

/// Always the first legal action, always the last, and the takeover bot end every game within
/// the game's step bound.
pub fn termination<E: Planned>() {
    let mut jobs: Vec<Job> = Vec::new();
    for case in E::plan().cases {
        for &players in &case.players {
            let (options, name, n) = (case.options.clone(), case.name, case.termination);
            if n == 0 {
                continue;
            }
            jobs.push(Box::new(move || {
                type Player<G> = (&'static str, Box<dyn Chooser<G>>);
                let players_of: [Player<E::G>; 3] = [
                    ("the first legal action", Box::new(Fixed::First)),
                    ("the last legal action", Box::new(Fixed::Last)),
                    ("the takeover bot", Box::new(TakeoverBot::new(0))),
                ];
                for (who, mut chooser) in players_of {
                    checks::termination::<E::G>(&options, players, 0..n, who, chooser.as_mut())
                        .map_err(|f| format!("{} ({name}): {f}", E::TITLE))?;
                }
                Ok(())
            }));
        }
    }
    assert!(!jobs.is_empty(), "{} plans no termination games", E::TITLE);
    run_all(jobs);
}

/// Determinization keeps what a viewer sees, and what a viewer sees never depends on what it
/// cannot see.
pub fn hidden_information<E: Planned>() {
    let plan = E::plan();
    let totals = Mutex::new(checks::HiddenReport::default());
    let mut jobs: Vec<Job> = Vec::new();
    for case in plan.cases {
        for &players in &case.players {
            let (options, name, n) = (case.options.clone(), case.name, case.hidden);
            if n == 0 {
                continue;
            }
            let totals = &totals;
            jobs.push(Box::new(move || {
                let r = checks::hidden_information::<E::G>(&options, players, 0..n, 29, 2)
                    .map_err(|f| format!("{} ({name}, {players} players): {f}", E::TITLE))?;
                if let Ok(mut t) = totals.lock() {
                    t.determinized += r.determinized;
                    t.resampled += r.resampled;
                    t.followed += r.followed;
                }
                Ok(())
            }));
        }
    }
    assert!(
        !jobs.is_empty(),
        "{} plans no hidden-information games",
        E::TITLE
    );
    run_all(jobs);
    let t = totals.into_inner().unwrap_or_default();
    assert!(t.determinized > 0 && t.followed > 0, "{}: {t:?}", E::TITLE);
    if plan.hidden_information {
        assert!(
            t.resampled > 0,
            "{} hides information but determinize never changed a state: {t:?}",
            E::TITLE
        );
    }
}

/// Pinned (seed, players) playouts end in the pinned states.
pub fn golden<E: Planned>() {
    let mut wrong = Vec::new();
    let mut any = false;
    for case in E::plan().cases {
        any |= !case.golden.is_empty();
        match checks::golden::<E::G>(&case.options, case.golden) {
            Ok(lines) if lines.is_empty() => {}
            Ok(lines) => wrong.push(format!("  {}:\n    {}", case.name, lines.join("\n    "))),
            Err(e) => wrong.push(format!("  {}: {e}", case.name)),
        }
    }
    assert!(any, "{} pins no golden playout", E::TITLE);
    assert!(
        wrong.is_empty(),
        "{} golden hashes changed (a rules change that alters outcomes bumps RULES_VERSION \
         {}; re-pin in the game's registry entry):\n{}",
        E::TITLE,
        E::G::RULES_VERSION,
        wrong.join("\n")
    );
}

/// Every planned option set survives its text form, and the game's option keys are unique.
pub fn options<E: Planned>() {
    type O<E> = <<E as GameEntry>::G as Game>::Options;
    let specs = O::<E>::specs();
    for (i, s) in specs.iter().enumerate() {
        assert!(
            !specs[..i].iter().any(|t| t.key == s.key),
            "{}: option --{} twice",
            E::TITLE,
            s.key
        );
    }
    for case in E::plan().cases {
        // Text -> options -> text is stable (options a player cannot set, like a test's short
        // turn limit, fall back to their defaults).
        let values = case.options.to_values();
        let again = O::<E>::from_values(&values).map(|o| o.to_values());
        assert_eq!(
            again.as_ref(),
            Ok(&values),
            "{} ({}): the options do not survive their text form",
            E::TITLE,
            case.name
        );
        let _ = case.options.summary();
    }
}
