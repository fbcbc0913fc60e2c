//! Recovery: a peer that drops off and comes back catches up; a silent seat is handed to the
//! takeover bot by the others' votes and the game goes on; a spectator joins mid-game.

use dwarfs_engine::Seat;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::{Faults, Network};
use dwarfs_protocol::{Event, Phase, Settings};

fn options() -> PigOptions {
    PigOptions {
        target: 40,
        max_rounds: 12,
        wagers: false,
    }
}

fn settings(takeover: Option<u64>) -> Settings {
    Settings {
        retransmit_ms: 30,
        silence_ms: 300,
        sync_chunk: 8,
        takeover_after_ms: takeover,
        gone_after_ms: 1_200,
    }
}

fn faults() -> Faults {
    Faults {
        drop: 50,
        reorder: 100,
        latency_ms: 3,
        max_extra_delay_ms: 20,
        ..Faults::default()
    }
}

#[test]
fn a_peer_that_drops_off_catches_up_from_the_others() {
    let mut n = Network::<Pig>::new(&options(), 3, 21, faults(), settings(None)).unwrap();
    assert!(n.run_until(1_000_000, |n| n.peers[1].session.final_seq() >= 10));
    n.peers[1].offline = true;
    let t = n.now;
    // The others cannot finish without it (no takeover configured): they wait.
    n.run_until(2_000, |_| false);
    assert!(n.now >= t + 2_000);
    assert!(n.peers[0].session.final_seq() <= 12);
    n.peers[1].offline = false;
    assert!(n.run(10_000_000));
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
    }
    let h = n.hashes();
    assert!(h.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(n.peers[0].replay, n.peers[1].replay);
    assert_eq!(n.peers[0].replay, n.peers[2].replay);
    replay::verify::<Pig>(&n.peers[1].replay).unwrap();
    // The others noticed the silence.
    assert!(
        n.peers[0]
            .events
            .iter()
            .any(|e| matches!(e, Event::Silent { seat: Seat(1), .. }))
    );
}

#[test]
fn a_silent_seat_is_taken_over_by_vote_and_the_game_goes_on() {
    for players in [2u8, 4] {
        let mut n = Network::<Pig>::new(
            &options(),
            players,
            30 + players as u64,
            faults(),
            settings(Some(500)),
        )
        .unwrap();
        let gone = players as usize - 1;
        assert!(n.run_until(1_000_000, |n| n.peers[gone].session.final_seq() >= 15));
        n.peers[gone].offline = true;
        let ok = n.run(20_000_000);
        assert!(
            ok,
            "remaining peers did not finish: {:?}",
            n.peers[..gone]
                .iter()
                .map(|p| (
                    p.session.phase().clone(),
                    p.session.final_seq(),
                    p.events.iter().rev().take(4).collect::<Vec<_>>()
                ))
                .collect::<Vec<_>>()
        );
        let alive = &n.peers[..gone];
        for p in alive {
            assert_eq!(p.session.phase(), &Phase::Over);
            assert!(
                p.events
                    .iter()
                    .any(|e| matches!(e, Event::TakenOver { seat, .. } if seat.index() == gone))
            );
            assert!(p.events.iter().any(|e| matches!(e, Event::MoveApplied { seat, by_bot: true, .. } if seat.index() == gone)));
        }
        for p in &alive[1..] {
            assert_eq!(p.replay, alive[0].replay);
            assert_eq!(
                p.session.state_hash().unwrap(),
                alive[0].session.state_hash().unwrap()
            );
        }
        let r = replay::verify::<Pig>(&alive[0].replay).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.takeovers.len(), 1);
        assert_eq!(r.takeovers[0].0, Seat(gone as u8));
    }
}

#[test]
fn a_spectator_joins_mid_game_and_verifies_everything() {
    let mut n = Network::<Pig>::new(&options(), 3, 40, faults(), settings(None)).unwrap();
    assert!(n.run_until(1_000_000, |n| n.peers[0].session.final_seq() >= 12));
    let s = n.add_spectator([77; 32], settings(None)).unwrap();
    assert!(n.run(10_000_000));
    let spec = &n.peers[s];
    assert_eq!(spec.session.local_seat(), None);
    assert_eq!(spec.session.phase(), &Phase::Over);
    assert_eq!(
        spec.session.state_hash().unwrap(),
        n.peers[0].session.state_hash().unwrap()
    );
    assert_eq!(
        spec.replay, n.peers[0].replay,
        "the spectator writes the same replay"
    );
    assert!(
        spec.events
            .iter()
            .any(|e| matches!(e, Event::GameOver { .. }))
    );
    assert!(!spec.events.iter().any(|e| matches!(e, Event::Cheat(_))));
    // Nobody saw the spectator as a cheat either.
    for p in &n.peers[..3] {
        assert!(!p.events.iter().any(|e| matches!(e, Event::Cheat(_))));
    }
}

#[test]
fn a_crashed_peer_resumes_from_its_own_replay_file() {
    use dwarfs_protocol::Session;
    for (cut, seed) in [(0usize, 50u64), (3, 51), (40, 52)] {
        let mut n = Network::<Pig>::new(&options(), 3, seed, faults(), settings(None)).unwrap();
        assert!(n.run_until(1_000_000, |n| n.peers[2].session.final_seq() >= 20));
        // The process dies while writing: the file loses its last `cut` bytes.
        n.peers[2].offline = true;
        n.run_until(500, |_| false);
        let file = n.peers[2].replay.clone();
        let file = &file[..file.len() - cut.min(file.len() / 2)];
        let signer = n.peers[2].signer.clone();
        let secret = n.peers[2].secret.clone();
        let (session, keep) =
            Session::<Pig>::resume_with_signer(file, signer, secret, settings(None), n.now)
                .unwrap();
        assert!(keep <= file.len());
        assert!(
            session.final_seq() >= 15,
            "resumed at {}",
            session.final_seq()
        );
        n.peers[2].session = session;
        n.peers[2].replay = file[..keep].to_vec();
        n.peers[2].offline = false;
        assert!(n.run(10_000_000), "did not finish after resume");
        for p in &n.peers {
            assert_eq!(p.session.phase(), &Phase::Over);
            assert!(
                !p.events
                    .iter()
                    .any(|e| matches!(e, Event::Cheat(_) | Event::Desync(_))),
                "{:?}",
                p.events
                    .iter()
                    .filter(|e| matches!(e, Event::Cheat(_)))
                    .collect::<Vec<_>>()
            );
        }
        assert_eq!(
            n.peers[2].replay, n.peers[0].replay,
            "the resumed file is complete and identical"
        );
        assert_eq!(n.peers[1].replay, n.peers[0].replay);
        replay::verify::<Pig>(&n.peers[2].replay).unwrap();
    }
}

#[test]
fn a_move_the_silent_seat_sent_to_only_some_peers_stands_for_everyone() {
    use dwarfs_engine::toy::PigAction;
    use dwarfs_protocol::message::Message;
    let mut n = Network::<Pig>::new(
        &options(),
        3,
        60,
        Faults {
            latency_ms: 2,
            ..Faults::default()
        },
        settings(Some(400)),
    )
    .unwrap();
    // Run until it is seat 3's turn (its bot does not play).
    n.peers[2].autoplay = false;
    assert!(n.run_until(1_000_000, |n| n.peers[2].session.is_my_turn()));
    n.peers[2].offline = true;
    let seq = n.peers[2].session.final_seq() + 1;
    // Seat 3 signs its move (nothing leaves its offline peer); we take it from its outbox.
    n.peers[2]
        .session
        .submit_local_action(PigAction::Roll)
        .unwrap();
    let mut signed = None;
    while let Some(t) = n.peers[2].session.poll_transmit() {
        if let Message::Move(m) = t.message {
            signed = Some(m);
        }
    }
    let m = signed.expect("seat 3 signed its move");
    assert_eq!(m.body.seq, seq);
    // Only seat 1's peer receives it, then seat 3 is gone for good.
    let from = n.peers[2].peer;
    n.peers[0].session.handle_message(from, Message::Move(m));
    n.pump(0);
    assert!(n.run(20_000_000), "the others did not finish");
    let (a, b) = (&n.peers[0], &n.peers[1]);
    for p in [a, b] {
        assert_eq!(p.session.phase(), &Phase::Over);
        // The move carries seat 3's own ack: once relayed it is final, and the seat is handed
        // to the bot at this move or a later turn.
        assert!(p.events.iter().any(
            |e| matches!(e, Event::TakenOver { seat: Seat(2), from_seq } if *from_seq >= seq)
        ));
        // Move `seq` is seat 3's own signed Roll, not the bot's.
        assert!(p.events.iter().any(|e| matches!(e, Event::MoveApplied { seq: s, seat: Seat(2), by_bot: false, .. } if *s == seq)));
    }
    assert_eq!(a.replay, b.replay);
    replay::verify::<Pig>(&a.replay).unwrap_or_else(|e| panic!("{e}"));
}
