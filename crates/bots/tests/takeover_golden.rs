//! The takeover bot is part of the rules (`ARCHITECTURE.md`): every peer computes its moves and
//! a replay's check re-runs them. These pins say where it takes each game from a fixed start, so
//! a change to a game's bot knowledge (weights, evaluation, rollout horizon) or to the search
//! that changes its play fails here, with a reminder to bump that game's `RULES_VERSION`.

use dwarfs_bots::TakeoverBot;
use dwarfs_engine::{Actor, Game, SeedStream, state_hash};

/// Takeover decisions played from the start: past every game's first round.
const DECISIONS: u32 = 40;
/// The takeover bot's strength: a real search, small enough for a debug test.
const ITERATIONS: u32 = 40;

/// The state hash after [`DECISIONS`] takeover decisions in a `players`-seat game, chance from
/// `seed`.
fn walk<G: Game>(options: &G::Options, players: u8, seed: u64) -> String {
    let mut state = G::new(options, players).expect("a valid setup");
    let mut chance = SeedStream::new(seed);
    let mut seq = 0;
    while seq < DECISIONS {
        match state.to_act() {
            Actor::Over => break,
            Actor::Chance => {
                state.resolve_chance(chance.next_entropy()).expect("chance");
            }
            actor => {
                let seat = actor.deciding().iter().next().expect("a deciding seat");
                seq += 1;
                let i = TakeoverBot::choose(&state, seat, seq, ITERATIONS)
                    .expect("the state encodes")
                    .expect("a legal action");
                let action = state.legal_actions_for_vec(seat)[i].clone();
                state.play(seat, &action).expect("a listed action");
            }
        }
    }
    state_hash(&state).expect("the state encodes").to_hex()
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
        "a99bee9f90b95b21ebe0ea9e21f0a8686426898f098612c10a0ff63c3d642682",
    );
    let third = dwarfs_fall::FallOptions {
        edition: dwarfs_fall::Edition::Third,
        ..Default::default()
    };
    check::<dwarfs_fall::Fall>(
        "Fall 3rd edition",
        &third,
        "cce95f295cce2c56842b1a996d575851fc57e367338d5233ea174f6a045cabdc",
    );
}

#[test]
fn the_takeover_bot_plays_hold_as_pinned() {
    check::<dwarfs_hold::Hold>(
        "Hold",
        &Default::default(),
        "86b833f2382370d30d4488de6437646e2483811cbc5d4f80cbecd6221732e6d2",
    );
}

#[test]
fn the_takeover_bot_plays_winter_as_pinned() {
    check::<dwarfs_winter::Winter>(
        "Winter",
        &Default::default(),
        "116b094ac050e5d08f02b20fa6bffad105e43b9bb4c36ae058a81e6ad6232f05",
    );
}

#[test]
fn the_takeover_bot_plays_spring_as_pinned() {
    check::<dwarfs_spring::Spring>(
        "Spring",
        &Default::default(),
        "33181373054aa8211fd626e49135acaf12190cfb125585327385ade9b33cc2a3",
    );
}
