//! Every game ends: deterministic players (always the first legal action, always the last, the
//! takeover bot that picks by the state hash) reach the end within `Fall::max_steps` in both
//! editions and every scenario, and no position (full state) is ever seen twice.
//!
//! `FALL_SEEDS` sets the seeds per case (default 20).

use dwarfs_bots::TakeoverBot;
use dwarfs_engine::{Actor, Bot, Game, RandomBot, Seat, SeedStream, StateHash, state_hash};
use dwarfs_fall::{Edition, Fall, FallAction, FallOptions, Scenario};
use std::collections::HashSet;

/// Always the first legal action.
struct First;
impl Bot<Fall> for First {
    fn choose(&mut self, _: &Fall, _: Seat, _: &[FallAction]) -> usize {
        0
    }
}

/// Always the last legal action.
struct Last;
impl Bot<Fall> for Last {
    fn choose(&mut self, _: &Fall, _: Seat, legal: &[FallAction]) -> usize {
        legal.len() - 1
    }
}

fn seeds() -> u64 {
    std::env::var("FALL_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20)
}

fn cases() -> Vec<(String, FallOptions)> {
    let mut v = vec![
        ("classic".to_string(), FallOptions::classic()),
        (
            "3rd edition".to_string(),
            FallOptions {
                edition: Edition::Third,
                ..FallOptions::default()
            },
        ),
    ];
    for s in Scenario::ALL {
        v.push((
            format!("3rd edition, {}", s.name()),
            FallOptions {
                edition: Edition::Third,
                scenario: Some(s),
                ..FallOptions::default()
            },
        ));
    }
    v
}

/// Plays to the end; panics if a position repeats or the game runs past `max_steps`.
fn play_to_end(options: &FallOptions, players: u8, seed: u64, bot: &mut dyn Bot<Fall>, name: &str) {
    let mut g = Fall::new(options, players).expect("setup");
    let mut stream = SeedStream::new(seed);
    let mut seen: HashSet<StateHash> = HashSet::new();
    let max = Fall::max_steps(players);
    let mut legal = Vec::new();
    for step in 0..max {
        assert!(
            seen.insert(state_hash(&g)),
            "{name}, {players} players, seed {seed}: position repeated at step {step}"
        );
        match g.to_act() {
            Actor::Over => return,
            Actor::Chance => {
                g.resolve_chance(stream.next_entropy()).expect("chance");
            }
            Actor::Seat(s) => {
                g.legal_actions(&mut legal);
                assert!(!legal.is_empty(), "{name}: no legal action");
                let i = bot.choose(&g, s, &legal);
                g.play(s, &legal[i]).expect("listed action applies");
            }
        }
    }
    panic!("{name}, {players} players, seed {seed}: no end within {max} steps");
}

#[test]
fn deterministic_players_end_every_game_without_repeating_a_position() {
    for (case, options) in cases() {
        for players in 2..=4u8 {
            for seed in 0..seeds() {
                play_to_end(
                    &options,
                    players,
                    seed,
                    &mut First,
                    &format!("{case}, first"),
                );
                play_to_end(&options, players, seed, &mut Last, &format!("{case}, last"));
                play_to_end(
                    &options,
                    players,
                    seed,
                    &mut TakeoverBot,
                    &format!("{case}, takeover"),
                );
            }
        }
    }
}

#[test]
fn random_players_never_repeat_a_position() {
    for (case, options) in cases() {
        for players in 2..=4u8 {
            for seed in 0..seeds() {
                play_to_end(
                    &options,
                    players,
                    seed,
                    &mut RandomBot::new(seed),
                    &format!("{case}, random"),
                );
            }
        }
    }
}
