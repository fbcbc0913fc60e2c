//! The game driver: the input is a seed and a sequence of operations. The seed picks the options,
//! the seat count and a random walk of legal steps to a reachable state; then each operation is
//! either more random legal steps, or an action decoded with the canonical codec from the input's
//! bytes and played for a seat the input names.
//!
//! Asserted: the engine never panics; a decoded action that is refused leaves the state hash
//! untouched; an accepted one was listed as legal for that seat; the game's invariants hold after
//! every step; a listed action is never refused; the game ends within `max_steps`.

use crate::Input;
use dwarfs_engine::codec;
use dwarfs_engine::{Actor, Game, Seat, SeedStream, Viewer, state_hash};
use dwarfs_games::GameEntry;

/// Random legal steps to take before the first operation, per unit of the walk byte.
const WALK_UNIT: usize = 2;

/// Runs one fuzz input against the game of registry entry `E`, with one of the option sets its
/// entry gives the fuzz target ([`GameEntry::fuzz_options`]) chosen by the input.
pub fn run_entry<E: GameEntry>(data: &[u8]) {
    run::<E::G>(&E::fuzz_options(), data);
}

/// Runs one fuzz input against game `G`, with `options[i]` chosen by the input.
pub fn run<G: Game>(options: &[G::Options], data: &[u8]) {
    let mut input = Input(data);
    let seed = input.u64();
    let opts = &options[input.byte() as usize % options.len()];
    let span = G::MAX_PLAYERS - G::MIN_PLAYERS + 1;
    let players = G::MIN_PLAYERS + input.byte() % span;
    let Ok(mut g) = G::new(opts, players) else {
        return;
    };
    let mut rng = SeedStream::new(seed);
    let mut steps = 0usize;
    let walk = input.byte() as usize * WALK_UNIT;
    for _ in 0..walk {
        if !random_step(&mut g, &mut rng, &mut steps) {
            break;
        }
    }
    while let Some(op) = input.next_byte() {
        if op < 0x20 {
            // More random legal steps.
            for _ in 0..=op {
                if !random_step(&mut g, &mut rng, &mut steps) {
                    break;
                }
            }
            continue;
        }
        let len = input.byte() as usize % 64;
        let bytes = input.take(len);
        let Ok(action) = codec::decode::<G::Action>(bytes) else {
            continue;
        };
        // The canonical encoding of what was decoded decodes to the same action.
        let again: G::Action =
            codec::decode(&codec::encode(&action).expect("a decoded action encodes"))
                .expect("a decoded action re-decodes");
        assert_eq!(again, action, "the action codec does not round-trip");
        let seat = if op & 0x40 != 0 {
            Seat(op % players.max(1))
        } else {
            match g.to_act() {
                Actor::Seat(s) => s,
                Actor::Simultaneous(set) => set
                    .iter()
                    .nth(op as usize % set.len().max(1))
                    .unwrap_or(Seat(0)),
                _ => Seat(op % players.max(1)),
            }
        };
        if play_decoded(&mut g, seat, &action) {
            steps += 1;
        }
        assert!(
            steps <= G::max_steps(players),
            "{steps} steps and the game is not over (max_steps is {})",
            G::max_steps(players)
        );
    }
    // Every viewer's picture of the final state is available.
    for v in Viewer::all(players) {
        let _ = g.observe(v);
        let _ = g.text_view(v);
    }
    if g.to_act() == Actor::Over {
        assert!(g.outcome().is_some(), "a finished game has no outcome");
    }
}

/// Plays a decoded action for `seat`, checking what a refusal and an acceptance must mean.
/// True when it was accepted.
fn play_decoded<G: Game>(g: &mut G, seat: Seat, action: &G::Action) -> bool {
    let before = state_hash(g);
    let listed = g.legal_actions_for_vec(seat);
    let prior = g.clone();
    match g.play(seat, action) {
        Err(e) => {
            assert_eq!(
                state_hash(g),
                before,
                "a refused action changed the state: {e}"
            );
            assert!(!e.to_string().is_empty(), "an error without a reason");
            false
        }
        Ok(events) => {
            assert!(
                listed.contains(action),
                "an action that was not listed as legal for {seat:?} was accepted: {action:?}"
            );
            let _ = prior.describe(action);
            check_after_step(g, &events);
            true
        }
    }
}

/// One random legal step (a chance point or a listed action); false once the game is over.
fn random_step<G: Game>(g: &mut G, rng: &mut SeedStream, steps: &mut usize) -> bool {
    let events = match g.to_act() {
        Actor::Over => return false,
        Actor::Chance => g
            .resolve_chance(rng.next_entropy())
            .expect("a chance point refused its draw"),
        Actor::Seat(s) => {
            let legal = g.legal_actions_vec();
            assert!(!legal.is_empty(), "{s:?} must act but has no legal action");
            let a = &legal[rng.choose(legal.len())];
            g.play(s, a)
                .unwrap_or_else(|e| panic!("a listed action was refused: {a:?}: {e}"))
        }
        Actor::Simultaneous(set) => {
            let seats: Vec<Seat> = set.iter().collect();
            assert!(
                !seats.is_empty(),
                "a simultaneous step with nobody deciding"
            );
            let s = seats[rng.choose(seats.len())];
            let legal = g.legal_actions_for_vec(s);
            assert!(!legal.is_empty(), "{s:?} must decide but has no choice");
            let a = &legal[rng.choose(legal.len())];
            g.play(s, a)
                .unwrap_or_else(|e| panic!("a listed choice was refused: {a:?}: {e}"))
        }
    };
    check_after_step(g, &events);
    *steps += 1;
    true
}

fn check_after_step<G: Game>(g: &G, events: &[G::Event]) {
    if let Err(m) = g.check_invariants() {
        panic!("invariant broken: {m}");
    }
    for v in Viewer::all(g.players()) {
        for e in events {
            let _ = g.redact_event(e, v);
        }
    }
}
