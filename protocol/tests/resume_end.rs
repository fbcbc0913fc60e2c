//! A peer that crashes right after the game's last move and resumes from its file finishes
//! exactly as a peer that played through (phase over, the same end frame, the same replay bytes):
//! after a game-ending chance point it settles the end with the others; after a move that ended
//! the game by itself, it writes the end record the crash cut off.

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_engine::{Actor, Game};
use dwarfs_protocol::message::AckStage;
use dwarfs_protocol::replay;
use dwarfs_protocol::replay::format::{Frame, read_frames};
use dwarfs_protocol::sim::{Network, fixture};
use dwarfs_protocol::{Event, Phase, Session};

/// Pig that ends only when the last round runs out: the last turn ends with a hold (no chance
/// point) or a rolled 1 (the chance point ends the game).
fn short_game() -> PigOptions {
    PigOptions {
        target: 1_000,
        max_rounds: 2,
        wagers: false,
    }
}

fn resume(n: &Network<Pig>, i: usize) -> Session<Pig> {
    Session::<Pig>::resume_with_signer(
        &n.peers[i].replay,
        n.peers[i].signer.clone(),
        n.peers[i].secret.clone(),
        fixture::settings(),
        n.now,
    )
    .unwrap()
    .0
}

#[test]
fn a_peer_resumed_right_after_a_game_ending_chance_point_finishes_like_the_others() {
    let mut tried = 0;
    for seed in 1..40u64 {
        // Every move a checkpoint: the file holds the links of the last move, so the chance
        // point after it is resolved from the file alone.
        let mut n = fixture::game(3, seed, &short_game(), fixture::settings(), |c| {
            c.ack_interval = 1
        });
        // Stop once seat 3 took the last move as final and its file, read back, ends with the
        // game over after that move's chance point (but without the end frame).
        let settling = n.run_until(200_000, |n| {
            n.peers[2].session.phase() == &Phase::Settling
                && resume(n, 2).state().to_act() == Actor::Over
        });
        if !settling {
            continue; // this game ended without a chance point
        }
        tried += 1;
        let s = resume(&n, 2);
        assert_eq!(s.final_seq(), n.peers[2].session.final_seq());
        n.peers[2].session = s;
        let seen = n.peers[2].events.len();
        assert!(n.run(200_000), "seed {seed}: the game did not finish");
        for p in &n.peers {
            assert_eq!(p.session.phase(), &Phase::Over, "seed {seed}");
            assert!(
                !p.events.iter().any(|e| matches!(
                    e,
                    Event::Cheat(_) | Event::Desync(_) | Event::Halted { .. }
                )),
                "seed {seed}: {:?}",
                p.events
            );
        }
        let resumed = &n.peers[2];
        assert!(
            resumed.events[seen..]
                .iter()
                .any(|e| matches!(e, Event::GameOver { .. })),
            "seed {seed}: the resumed peer saw no end"
        );
        let r = replay::verify::<Pig>(&resumed.replay).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.moves, n.peers[2].session.final_seq());
        for p in &n.peers[..2] {
            assert_eq!(p.replay, resumed.replay, "seed {seed}");
        }
        if tried == 3 {
            break;
        }
    }
    assert!(tried > 0, "no game ended on a chance point");
}

/// The offset of the last frame of a replay.
fn last_frame_at(bytes: &[u8]) -> (usize, Frame) {
    read_frames(bytes).frames.pop().expect("a frame")
}

#[test]
fn a_peer_resumed_with_the_last_move_but_not_the_end_record_writes_it_like_the_others() {
    let mut tried = Vec::new();
    for seed in 1..20u64 {
        for players in [2u8, 3] {
            let mut n = fixture::net(players, seed);
            assert!(n.run(2_000_000));
            let i = players as usize - 1;
            let full = n.peers[i].replay.clone();
            // A game that its last move ended by itself: the end record repeats that move's acks.
            let (cut, Frame::Final(end)) = last_frame_at(&full) else {
                panic!("seed {seed}: no end record")
            };
            if end.stage != AckStage::Applied {
                continue;
            }
            let checkpoint = end.seq % n.peers[0].session.config().ack_interval == 0;
            // The process stopped between the last move's frame and the end record.
            n.peers[i].replay.truncate(cut);
            let (s, keep) = Session::<Pig>::resume_with_signer(
                &n.peers[i].replay,
                n.peers[i].signer.clone(),
                n.peers[i].secret.clone(),
                fixture::settings(),
                n.now,
            )
            .unwrap();
            // The file is kept up to the last move whose chance points it can resolve: the last
            // move itself when the links it needs are in the file, an earlier one otherwise (the
            // rest then comes again from the others).
            assert!(keep <= cut);
            n.peers[i].replay.truncate(keep);
            n.peers[i].session = s;
            let seen = n.peers[i].events.len();
            assert!(
                n.run(200_000),
                "seed {seed}: the resumed peer did not finish"
            );
            let p = &n.peers[i];
            assert_eq!(p.session.phase(), &Phase::Over);
            assert!(
                p.events[seen..]
                    .iter()
                    .any(|e| matches!(e, Event::GameOver { .. })),
                "seed {seed}, {players} players, kept the last move: {}: {:?}",
                keep == cut,
                &p.events[seen..]
            );
            assert_eq!(p.replay, full, "seed {seed}, {players} players");
            replay::verify::<Pig>(&p.replay).unwrap_or_else(|e| panic!("{e}"));
            tried.push((checkpoint, keep == cut));
        }
    }
    // Resumed with the last move (its acks in the file at a checkpoint, or fetched again), and
    // before it.
    assert!(tried.iter().any(|t| t.1), "{tried:?}");
    assert!(tried.iter().any(|t| !t.1), "{tried:?}");
    assert!(tried.iter().any(|t| t.1 && !t.0), "{tried:?}");
}
