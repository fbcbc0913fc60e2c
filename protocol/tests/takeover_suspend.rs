//! A 2-player game where one machine sleeps past the gone-timeout: the survivor hands its seat to
//! the bot alone, and the sleeper, once it runs again, follows the game read-only instead of
//! refusing the vote; nor does it vote its partner out for the time it was asleep itself.

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::message::Message;
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::{SimPeer, fixture};
use dwarfs_protocol::{Event, Phase};
use std::cell::RefCell;
use std::rc::Rc;

fn taken_over_at(p: &SimPeer<Pig>, seat: u8) -> Option<u32> {
    p.events.iter().find_map(|e| match e {
        Event::TakenOver { seat: s, from_seq } if s.0 == seat => Some(*from_seq),
        _ => None,
    })
}

fn assert_clean(p: &SimPeer<Pig>) {
    let bad: Vec<_> = p
        .events
        .iter()
        .filter(|e| matches!(e, Event::Cheat(_) | Event::Desync(_) | Event::Halted { .. }))
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
}

/// `hears_at_once`: what the survivor sent while the sleeper slept (its vote among it) is the
/// first thing the sleeper reads when it runs again, before its clock moved on; otherwise the
/// link is down while it sleeps and for a while after it wakes, so its own timers run first.
fn sleeper_follows(hears_at_once: bool, seed: u64) {
    let mut n = fixture::net(2, seed);
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 6));
    // Seat 2's machine sleeps: its process neither runs nor reads, and its clock stands still.
    n.peers[1].stalled = true;
    if !hears_at_once {
        n.cut.insert((0, 1));
    }
    assert!(n.run_until(200_000, |n| taken_over_at(&n.peers[0], 1).is_some()));
    let from = taken_over_at(&n.peers[0], 1).unwrap();
    let sent = Rc::new(RefCell::new(Vec::new()));
    let log = sent.clone();
    n.peers[1].tamper = Some(Box::new(move |_, m| {
        log.borrow_mut().push(m.clone());
        vec![m]
    }));
    n.peers[1].stalled = false;
    if !hears_at_once {
        // Awake but cut off from its partner longer than the takeover timeout: it does not
        // blame the partner for the time it slept itself.
        let t = n.now;
        n.run_until(800, |n| n.now >= t + 800);
        assert!(taken_over_at(&n.peers[1], 0).is_none());
        n.cut.clear();
    }
    assert!(n.run(400_000), "the game did not finish for both");
    for (i, p) in n.peers.iter().enumerate() {
        assert_eq!(
            p.session.phase(),
            &Phase::Over,
            "peer {i}: {:#?}",
            p.events
                .iter()
                .filter(|e| !matches!(e, Event::YourTurn { .. } | Event::ChanceResolved { .. }))
                .rev()
                .take(12)
                .collect::<Vec<_>>()
        );
        assert_clean(p);
    }
    let sleeper = &n.peers[1];
    assert!(sleeper.session.is_taken_over());
    assert_eq!(taken_over_at(sleeper, 1), Some(from));
    assert!(taken_over_at(sleeper, 0).is_none());
    assert!(
        !sent
            .borrow()
            .iter()
            .any(|m| matches!(m, Message::Takeover(_))),
        "the sleeper voted its partner out"
    );
    assert_eq!(sleeper.replay, n.peers[0].replay, "it writes the same file");
    let r = replay::verify::<Pig>(&sleeper.replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers, vec![(Seat(1), from)]);
    assert!(sleeper.events.iter().any(|e| matches!(
        e,
        Event::MoveApplied { seq, seat: Seat(1), by_bot: true, .. } if *seq >= from
    )));
}

#[test]
fn a_partner_that_slept_past_the_gone_timeout_follows_the_game() {
    sleeper_follows(true, 81);
}

#[test]
fn a_partner_that_slept_and_wakes_cut_off_does_not_vote_the_survivor_out() {
    sleeper_follows(false, 82);
}
