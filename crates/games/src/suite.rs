//! The generic suite, run once per registered game by this crate's `tests/suite.rs`: the
//! engine's conformance harness and the checks of `dwarfs_engine::suite` over the option sets and
//! player counts of the game's [plan](crate::GameEntry::plan), and the takeover bot's walk over
//! its [pins](crate::GameEntry::takeover_pins). No game runs a copy of its own.
//!
//! Each check panics with every failure of the game, naming the case and player count.

use crate::GameEntry;
use dwarfs_bots::TakeoverBot;
use dwarfs_engine::conformance::{self, Config};
use dwarfs_engine::options::GameOptions;
use dwarfs_engine::playout::play_out;
use dwarfs_engine::suite::{self as checks, Fixed};
use dwarfs_engine::{Chooser, Game, Seat, SeedStream};
use std::sync::Mutex;

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
pub fn conformance<E: GameEntry>() {
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
pub fn termination<E: GameEntry>() {
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
pub fn hidden_information<E: GameEntry>() {
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
pub fn golden<E: GameEntry>() {
    let mut wrong = Vec::new();
    let plan = E::plan();
    let any = plan.golden().next().is_some();
    for case in plan.cases {
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
pub fn options<E: GameEntry>() {
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

/// Takeover decisions the pins play from the start: past every game's first round.
const TAKEOVER_DECISIONS: u32 = 40;
/// The takeover bot's strength in the pins: a real search, small enough for a debug test.
const TAKEOVER_ITERATIONS: u32 = 40;

/// The final state hash (hex) of a `players`-seat game with `options`, chance from `seed`, whose
/// first decisions the takeover bot makes; every later one takes the first legal action, so the
/// game ends cheaply and the hash depends only on the bot's choices.
pub fn takeover_walk<G: Game>(
    options: &G::Options,
    players: u8,
    seed: u64,
) -> Result<String, String> {
    let state = G::new(options, players).map_err(|e| format!("setup: {e}"))?;
    let mut bot = TakeoverBot::new(TAKEOVER_ITERATIONS);
    let mut picks = 0;
    let mut chooser = |state: &G, seat: Seat, legal: &[G::Action]| {
        picks += 1;
        if picks <= TAKEOVER_DECISIONS {
            Chooser::<G>::pick(&mut bot, state, seat, legal)
        } else {
            0
        }
    };
    let end = play_out(state, &mut chooser, &mut SeedStream::new(seed), false)
        .map_err(|e| format!("the game did not end: {e}"))?;
    end.hash()
        .map(|h| h.to_hex())
        .map_err(|e| format!("the state does not encode: {e}"))
}

/// The takeover bot plays every pinned start of the game as pinned (two seats, seed 7).
pub fn takeover<E: GameEntry>() {
    let pins = E::takeover_pins();
    assert!(!pins.is_empty(), "{} pins no takeover walk", E::TITLE);
    let mut wrong = Vec::new();
    for pin in pins {
        match takeover_walk::<E::G>(&pin.options, 2, 7) {
            Ok(got) if got == pin.hash => {}
            Ok(got) => wrong.push(format!("  {}: now {got}", pin.name)),
            Err(e) => wrong.push(format!("  {}: {e}", pin.name)),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} (rules version {}): the takeover bot now plays differently. Bump the game's \
         RULES_VERSION (a takeover's moves are part of a game) and re-pin in its registry \
         entry:\n{}",
        E::TITLE,
        E::G::RULES_VERSION,
        wrong.join("\n")
    );
}
