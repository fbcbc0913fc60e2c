//! Where a search bot's time goes in one game:
//! `cargo run --release -p dwarfs-bots --example search_speed -- <game> <players> <positions> <iterations> [seed]`,
//! `<game>` a registered game's name (`fall`, `hold`, `winter`, `spring`, `pig`), optionally
//! with options as `key=value` after a colon (`fall:edition=third` for Fall's 3rd edition).
//!
//! Plays one game with normal bots (60 iterations) from `seed`, keeps `positions` of its searched decisions
//! (spread over the game), then times a hard-level search of `iterations` iterations (no clock)
//! on each and prints the mean time per iteration, beside the time of the parts one iteration
//! repeats: a determinization, listing the legal actions with their weights, and the static
//! evaluation. Times are CPU time (the machine may be shared). The
//! last line is a checksum of the searches' choices and visits: the same build
//! inputs give the same line, so a speed change that keeps it kept the bot's play.

use dwarfs_bots::arena::thread_cpu_time;
use dwarfs_bots::{Level, search::search};
use dwarfs_engine::options::{GameOptions, OptionValues};
use dwarfs_engine::{Actor, Game, Seat, SeatView, SeedStream, Viewer};
use dwarfs_games::{GameKind, with_game};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let players = arg(2, 2) as u8;
    let positions = arg(3, 20) as usize;
    let iterations = arg(4, 500) as u32;
    let seed = arg(5, 1);
    let spec = args.get(1).map(String::as_str).unwrap_or("");
    let (name, options) = spec.split_once(':').unwrap_or((spec, ""));
    let Some(kind) = GameKind::from_name(name) else {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        eprintln!("unknown game {name:?}: choose one of {}", names.join(", "));
        std::process::exit(2);
    };
    let mut values = OptionValues::new();
    for pair in options.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, "true"));
        values
            .entry(key.to_string())
            .or_default()
            .push(value.to_string());
    }
    with_game!(kind, G, {
        match <G as Game>::Options::from_values(&values) {
            Ok(options) => speed_with::<G>(&options, players, positions, iterations, seed),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    });
}

fn speed_with<G: Game>(
    options: &G::Options,
    players: u8,
    positions: usize,
    iterations: u32,
    seed: u64,
) {
    // One game with normal bots (fixed iterations), every searched decision kept.
    let mut g = G::new(options, players).expect("valid players");
    let mut rng = SeedStream::new(seed);
    let mut bot_rng = SeedStream::derive(seed, "bots");
    let normal = Level::Normal
        .fixed_config()
        .with_budget(dwarfs_bots::Budget::iterations(60));
    let mut kept: Vec<(G, Seat)> = Vec::new();
    let mut legal: Vec<G::Action>;
    for _ in 0..G::max_steps(players) {
        match g.to_act() {
            Actor::Over => break,
            Actor::Chance => {
                g.resolve_chance(rng.next_entropy()).expect("chance");
            }
            actor => {
                // At a simultaneous step, the first seat still to decide.
                let s = actor.deciding().iter().next().expect("a seat decides");
                legal = g.legal_actions_for_vec(s);
                if legal.len() > 1 {
                    kept.push((g.clone(), s));
                }
                let r = search(&SeatView::new(&g, s), &legal, &normal, &mut bot_rng);
                g.play(s, &legal[r.index]).expect("legal");
            }
        }
    }
    let step = (kept.len() / positions.max(1)).max(1);
    let sample: Vec<(G, Seat)> = kept.into_iter().step_by(step).take(positions).collect();
    println!(
        "{} {players} players, seed {seed}: {} positions, {iterations} iterations each",
        G::NAME,
        sample.len()
    );

    // The searches.
    let hard = Level::Hard
        .fixed_config()
        .with_budget(dwarfs_bots::Budget::iterations(iterations));
    let mut check = blake3::Hasher::new();
    let start = Instant::now();
    let cpu_start = cpu_ns();
    let mut total_iters = 0u64;
    let mut slowest = 0u64;
    for (i, (s, seat)) in sample.iter().enumerate() {
        legal = s.legal_actions_for_vec(*seat);
        let mut rng = SeedStream::derive(seed, &format!("search {i}"));
        let before = cpu_ns();
        let r = search(&SeatView::new(s, *seat), &legal, &hard, &mut rng);
        slowest = slowest.max(cpu_ns().saturating_sub(before));
        total_iters += u64::from(r.iterations);
        check.update(&(r.index as u32).to_le_bytes());
        check.update(&r.visits.to_le_bytes());
        check.update(&(r.nodes as u32).to_le_bytes());
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_ns().saturating_sub(cpu_start) as f64 / 1e9;
    println!(
        "search: {:.1} us per iteration of CPU time ({total_iters} iterations in {cpu:.2} s of CPU, {secs:.2} s of wall clock); the slowest search {:.0} ms of CPU",
        cpu * 1e6 / total_iters.max(1) as f64,
        slowest as f64 / 1e6
    );

    // The parts, each repeated on every sampled position.
    let reps = 2000u32;
    let t = cpu_ns();
    let mut ent = SeedStream::new(9);
    for _ in 0..reps {
        for (s, seat) in &sample {
            black_box(s.determinize(Viewer::Seat(*seat), ent.next_entropy()));
        }
    }
    let per = |t: u64| cpu_ns().saturating_sub(t) as f64 / (reps as f64 * sample.len() as f64);
    println!("determinize: {:.0} ns", per(t));
    let t = cpu_ns();
    let mut n_legal = 0usize;
    for _ in 0..reps {
        for (s, seat) in &sample {
            legal = s.legal_actions_for_vec(*seat);
            n_legal += legal.len();
        }
    }
    println!(
        "legal actions: {:.0} ns ({:.1} actions)",
        per(t),
        n_legal as f64 / (reps as f64 * sample.len() as f64)
    );
    let t = cpu_ns();
    let mut w = 0u64;
    let mut weights = Vec::new();
    for _ in 0..reps {
        for (s, seat) in &sample {
            legal = s.legal_actions_for_vec(*seat);
            weights.clear();
            s.action_weights(*seat, &legal, &mut weights);
            w += weights.iter().map(|&x| u64::from(x)).sum::<u64>();
        }
    }
    println!("legal actions and weights: {:.0} ns", per(t));
    let t = cpu_ns();
    let mut out = vec![0u16; players as usize];
    for _ in 0..reps {
        for (s, _) in &sample {
            black_box(s.evaluate(&mut out));
            w += u64::from(out[0]);
        }
    }
    println!("evaluate: {:.0} ns", per(t));
    check.update(&w.to_le_bytes());
    println!("checksum {}", &check.finalize().to_hex()[..16]);
}

/// This thread's CPU time so far, in nanoseconds ([`thread_cpu_time`]; 0 where the system does
/// not tell it), so that a loaded machine does not inflate the figures.
fn cpu_ns() -> u64 {
    thread_cpu_time().map_or(0, |d| d.as_nanos() as u64)
}
