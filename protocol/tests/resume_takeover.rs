//! A peer that resumes after a crash and then records a takeover before any move is final again:
//! the takeover record carries the beacon links of the last final move, which the peer's file
//! holds only at checkpoints, so the resumed peer must get them back before it records one.

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::{Network, fixture};
use dwarfs_protocol::{Event, Phase, Session};

#[test]
fn a_takeover_right_after_a_resume_is_recorded_with_the_links_of_the_move_before() {
    // Checkpoints every 4 moves: more chances to stop on the move after one.
    let mut n = fixture::net_with(3, 71, fixture::settings(), |c| c.ack_interval = 4);
    // Stop where every peer holds the same last final move, and seat 3's file, read back,
    // ends with it (a move whose chance point needs later links is cut) and it is not a
    // checkpoint: its acks and beacon links are not in the file.
    let interval = n.peers[0].session.config().ack_interval;
    let resume = |n: &Network<Pig>| {
        Session::<Pig>::resume_with_signer(
            &n.peers[2].replay,
            n.peers[2].signer.clone(),
            n.peers[2].secret.clone(),
            fixture::settings(),
            n.now,
        )
        .unwrap()
        .0
    };
    assert!(n.run_until(1_000_000, |n| {
        let k = n.peers[2].session.final_seq();
        k >= 10
            && k % interval != 0
            && n.peers.iter().all(|p| p.session.final_seq() == k)
            && n.peers[2].session.phase() == &Phase::Playing
            && resume(n).final_seq() == k
    }));
    // Seat 3's process dies and comes back at once from its file; seat 2 is gone for good, so
    // the next move cannot be final without a takeover.
    n.peers[1].offline = true;
    let session = resume(&n);
    let resumed_at = session.final_seq();
    n.peers[2].session = session;
    let seen = n.peers[2].events.len();
    assert!(n.run(20_000_000), "the two players left did not finish");
    for p in [&n.peers[0], &n.peers[2]] {
        assert_eq!(p.session.phase(), &Phase::Over);
    }
    // The case under test: the takeover came at the first move after the resume.
    let resumed = &n.peers[2];
    assert!(
        resumed.events[seen..].iter().any(|e| matches!(
            e,
            Event::TakenOver { seat: Seat(1), from_seq } if *from_seq == resumed_at + 1
        )),
        "seat 2 was not handed over at move {}: {:?}",
        resumed_at + 1,
        resumed.events[seen..]
            .iter()
            .filter(|e| matches!(
                e,
                Event::TakenOver { .. } | Event::Halted { .. } | Event::MoveFinal { .. }
            ))
            .take(5)
            .collect::<Vec<_>>()
    );
    assert!(
        !resumed.events[seen..]
            .iter()
            .any(|e| matches!(e, Event::Cheat(_) | Event::Desync(_)))
    );
    let r = replay::verify::<Pig>(&resumed.replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers.len(), 1);
    assert_eq!(resumed.replay, n.peers[0].replay);
}
