//! Signature checks handed to the driver to run on a thread of their own
//! (`Session::take_signature_work`, `Session::signature_verdict`): games end as with the checks
//! made in place, a verdict too late for the replay is ignored, and a forged signature is still
//! named before its move is written.

mod common;

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::message::{LogItem, Message};
use dwarfs_protocol::sim::Network;
use dwarfs_protocol::{CheatKind, Event, Phase, replay};

/// A 3-player Pig network from `seed` whose peers check signatures on another thread, the
/// verdicts coming back `ms` later.
fn net(seed: u64, ms: Option<u64>) -> Network<Pig> {
    let mut n = common::pig_net(3, seed);
    for p in &mut n.peers {
        p.checks_elsewhere_ms = ms;
    }
    n
}

#[test]
fn games_with_the_checks_on_another_thread_end_as_with_them_in_place() {
    for seed in 1..4 {
        let mut inline = net(seed, None);
        assert!(inline.run(600_000), "seed {seed}: the game in place ended");
        let mut elsewhere = net(seed, Some(1));
        assert!(elsewhere.run(600_000), "seed {seed}: the game ended");
        assert_eq!(elsewhere.hashes(), inline.hashes(), "seed {seed}");
        for (i, p) in elsewhere.peers.iter().enumerate() {
            assert_eq!(*p.session.phase(), Phase::Over, "seed {seed}, peer {i}");
            assert!(
                p.verdicts_taken > 0,
                "seed {seed}, peer {i}: the checking thread's verdicts were used"
            );
            assert_eq!(p.replay, elsewhere.peers[0].replay, "seed {seed}, peer {i}");
            let r = replay::verify::<Pig>(&p.replay).unwrap();
            assert_eq!(r.moves, inline.peers[i].session.final_seq());
        }
    }
}

#[test]
fn a_verdict_later_than_the_replay_can_wait_is_ignored() {
    // The checking thread answers after 10 s: long before that, each move's frames are due and
    // the session checks what they wait for itself, which makes the work handed out stale.
    let mut n = net(5, Some(10_000));
    assert!(n.run(600_000));
    for (i, p) in n.peers.iter().enumerate() {
        assert_eq!(*p.session.phase(), Phase::Over, "peer {i}");
        replay::verify::<Pig>(&p.replay).unwrap();
    }
    assert!(
        n.peers.iter().all(|p| p.verdicts_taken <= 1),
        "only the last work, handed out at the end, may still count: {:?}",
        n.peers.iter().map(|p| p.verdicts_taken).collect::<Vec<_>>()
    );
}

#[test]
fn a_forged_ack_checked_on_another_thread_is_named_and_dropped() {
    // Seat 2 sends its own ack of a move (the first from move 5 on) with a broken signature over
    // its own connection: the others count it, hand its check to their checking thread, and name
    // and drop it when the verdict comes back; the game goes on to its end. At 20 and 25 ms the
    // verdicts come back after the session made their work stale and handed out newer work: an
    // old verdict that all held must not pass the newer work's items.
    for ms in [1, 20, 25] {
        forged_ack_is_named(ms);
    }
}

fn forged_ack_is_named(ms: u64) {
    let forged = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let seen = forged.clone();
    let mut n = net(21, Some(ms));
    n.peers[2].tamper = Some(Box::new(move |_, m| match m {
        Message::Ack(mut a) if seen.get() == 0 && a.signed.body.seq >= 5 => {
            seen.set(a.signed.body.seq);
            a.signed.sig.0[7] ^= 1;
            vec![Message::Ack(a)]
        }
        m => vec![m],
    }));
    n.run(200_000);
    let seq = forged.get();
    assert!(seq >= 5);
    for p in &n.peers[..2] {
        let named = p.events.iter().find_map(|e| match e {
            Event::Cheat(ev) if ev.kind == CheatKind::BadSignature => Some(ev),
            _ => None,
        });
        let e = named.unwrap_or_else(|| panic!("{ms} ms: the forged ack is named"));
        assert_eq!((e.seat, e.seq), (Some(Seat(2)), seq));
        assert!(
            matches!(&e.proof[..], [LogItem::Ack(a)] if a.signed.body.seq == seq),
            "{:?}",
            e.proof
        );
        // Dropped, as on arrival: the seat's genuine ack takes its place and the game ends.
        assert_eq!(p.session.phase(), &Phase::Over, "{ms} ms");
        replay::verify::<Pig>(&p.replay).unwrap_or_else(|e| panic!("{ms} ms: {e}"));
    }
}
