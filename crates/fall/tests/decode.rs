//! A decoded state is checked before it becomes a game: corrupted encodings of real states are
//! either refused or decode to a consistent state that plays on without panicking.

use dwarfs_engine::{Actor, Game, SeedStream, Viewer, codec};
use dwarfs_fall::{Edition, Fall, FallOptions, Scenario};

fn states() -> Vec<Fall> {
    let mut out = Vec::new();
    let third = FallOptions {
        edition: Edition::Third,
        scenario: Some(Scenario::Bloodthirsty),
        ..Default::default()
    };
    for (options, players, seed) in [
        (FallOptions::default(), 2u8, 1u64),
        (FallOptions::default(), 4, 2),
        (third, 3, 3),
    ] {
        let mut g = Fall::new(&options, players).unwrap();
        let mut s = SeedStream::new(seed);
        let mut legal = Vec::new();
        for step in 0..600 {
            match g.to_act() {
                Actor::Over | Actor::Simultaneous(_) => break,
                Actor::Chance => {
                    g.resolve_chance(s.next_entropy()).unwrap();
                }
                Actor::Seat(seat) => {
                    g.legal_actions(&mut legal);
                    let a = legal[s.choose(legal.len())];
                    g.play(seat, &a).unwrap();
                }
            }
            if step % 150 == 149 {
                out.push(g.clone());
            }
        }
    }
    out
}

/// Exercises everything a peer would do with a state.
fn use_state(g: &Fall) {
    assert!(g.check_invariants().is_ok());
    let mut g = g.clone();
    let mut s = SeedStream::new(9);
    for _ in 0..20 {
        for v in [Viewer::Spectator, Viewer::Seat(dwarfs_engine::Seat(0))] {
            let _ = g.observe(v);
        }
        match g.to_act() {
            Actor::Over | Actor::Simultaneous(_) => {
                let _ = g.outcome();
                break;
            }
            Actor::Chance => {
                let _ = g.resolve_chance(s.next_entropy());
            }
            Actor::Seat(seat) => {
                let legal = g.legal_actions_vec();
                if legal.is_empty() {
                    break;
                }
                let a = legal[s.choose(legal.len())];
                let _ = g.describe(&a);
                let _ = g.play(seat, &a);
            }
        }
    }
}

#[test]
fn valid_states_round_trip() {
    for g in states() {
        let bytes = codec::encode(&g).unwrap();
        let back: Fall = codec::decode(&bytes).unwrap();
        assert_eq!(back, g);
    }
}

#[test]
fn corrupted_states_are_refused_or_consistent() {
    let mut accepted = 0;
    let mut refused = 0;
    for g in states() {
        let bytes = codec::encode(&g).unwrap();
        for i in 0..bytes.len() {
            for delta in [1u8, 2, 7, 0x80, 0xFF] {
                let mut b = bytes.clone();
                b[i] = b[i].wrapping_add(delta);
                match codec::decode::<Fall>(&b) {
                    Ok(h) => {
                        accepted += 1;
                        use_state(&h);
                    }
                    Err(_) => refused += 1,
                }
            }
        }
    }
    assert!(refused > accepted, "{refused} refused, {accepted} accepted");
}

#[test]
fn randomly_corrupted_states_never_panic() {
    let mut junk = SeedStream::new(77);
    for g in states() {
        let bytes = codec::encode(&g).unwrap();
        for _ in 0..1500 {
            let mut b = bytes.clone();
            for _ in 0..1 + junk.choose(4) {
                let i = junk.choose(b.len());
                b[i] = junk.choose(256) as u8;
            }
            if let Ok(h) = codec::decode::<Fall>(&b) {
                use_state(&h);
            }
        }
    }
}
