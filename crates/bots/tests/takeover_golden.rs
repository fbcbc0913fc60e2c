//! The takeover bot is part of the rules (`ARCHITECTURE.md`): every peer computes its moves and
//! a replay's check re-runs them. These pins say where it takes each game from a fixed start, so
//! a change to a game's bot knowledge (weights, evaluation, rollout horizon) or to the search
//! that changes its play fails here, with a reminder to bump that game's `RULES_VERSION`.

use dwarfs_bots::TakeoverBot;
use dwarfs_engine::playout::play_out;
use dwarfs_engine::{Chooser, Game, Seat, SeedStream};

/// Takeover decisions played from the start: past every game's first round.
const DECISIONS: u32 = 40;
/// The takeover bot's strength: a real search, small enough for a debug test.
const ITERATIONS: u32 = 40;

/// The final state hash of a `players`-seat game, chance from `seed`, whose first
/// [`DECISIONS`] decisions the takeover bot makes; every later one takes the first legal action,
/// so the game ends cheaply and the hash depends only on the bot's choices.
fn walk<G: Game>(options: &G::Options, players: u8, seed: u64) -> String {
    let state = G::new(options, players).expect("a valid setup");
    let mut bot = TakeoverBot::new(ITERATIONS);
    let mut picks = 0;
    let mut chooser = |state: &G, seat: Seat, legal: &[G::Action]| {
        picks += 1;
        if picks <= DECISIONS {
            Chooser::<G>::pick(&mut bot, state, seat, legal)
        } else {
            0
        }
    };
    play_out(state, &mut chooser, &mut SeedStream::new(seed), false)
        .expect("the game ends")
        .hash()
        .expect("the state encodes")
        .to_hex()
}

fn check<G: Game>(name: &str, options: &G::Options, pinned: &str) {
    let got = walk::<G>(options, 2, 7);
    assert_eq!(
        got,
        pinned,
        "{name} (rules version {}): the takeover bot now plays differently. Bump the game's \
         RULES_VERSION (a takeover's moves are part of a game) and re-pin this hash.",
        G::RULES_VERSION
    );
}

#[test]
fn the_takeover_bot_plays_fall_as_pinned() {
    check::<dwarfs_fall::Fall>(
        "Fall",
        &Default::default(),
        "e41febcf6e355ef3ea680f101350a2b05e525de7c0d5fec2c0527576154f856e",
    );
    let third = dwarfs_fall::FallOptions {
        edition: dwarfs_fall::Edition::Third,
        ..Default::default()
    };
    check::<dwarfs_fall::Fall>(
        "Fall 3rd edition",
        &third,
        "0baee5df391786ecd861d246b1e283c8e79875627cda94d680728765ad520667",
    );
}

#[test]
fn the_takeover_bot_plays_hold_as_pinned() {
    check::<dwarfs_hold::Hold>(
        "Hold",
        &Default::default(),
        "ccea94efc6e953d8ccc2192d1a3057324af65b784ff5bf609fb66b1814096b61",
    );
}

#[test]
fn the_takeover_bot_plays_winter_as_pinned() {
    check::<dwarfs_winter::Winter>(
        "Winter",
        &Default::default(),
        "af2ec37a408e8974372017846b05166bd48b8464dfce57ee62c123272e5ca1ae",
    );
}

#[test]
fn the_takeover_bot_plays_spring_as_pinned() {
    check::<dwarfs_spring::Spring>(
        "Spring",
        &Default::default(),
        "f0a2a4dec5df37d14bf1d11bffa5e03a0f98b2e5ac252013bcf82e9f37c287af",
    );
}
