//! Withholding at the seed round (issue 34, hole 4): the last seat to reveal its seed nonce knows
//! the deal first. A seat that withholds its reveal is handed to the takeover bot by the others'
//! votes at move 0, and the seed is drawn again from links it never saw; the game starts without
//! it, and nobody may start another game. A seat whose reveal reached any honest peer, or came
//! before the timeout, is never handed over.

mod common;
use common::frames;

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{LogItem, Message, Signed};
use dwarfs_protocol::replay::format::Frame;
use dwarfs_protocol::replay::{self, VerifyReport};
use dwarfs_protocol::sim::{Network, SimPeer, fixture};
use dwarfs_protocol::{CheatKind, Event, Phase, Session};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Whether a message is (or a sync carries) `seat`'s seed reveal; a sync is stripped of it.
fn strip_reveal(m: Message, seat: u8) -> Option<Message> {
    match m {
        Message::Reveal(r) if r.body.seat == Seat(seat) => None,
        Message::LogSync(mut s) => {
            s.items
                .retain(|i| !matches!(i, LogItem::Reveal(r) if r.body.seat == Seat(seat)));
            Some(Message::LogSync(s))
        }
        m => Some(m),
    }
}

/// Seat `seat` never lets its seed reveal out (its session is honest otherwise).
fn withhold_reveal(n: &mut Network<Pig>, seat: u8) {
    n.peers[seat as usize].tamper = Some(Box::new(move |_, m| {
        strip_reveal(m, seat).into_iter().collect()
    }));
}

fn started_seeds(p: &SimPeer<Pig>) -> Vec<[u8; 32]> {
    p.events
        .iter()
        .filter_map(|e| match e {
            Event::Started { seed, .. } => Some(*seed),
            _ => None,
        })
        .collect()
}

fn taken_over(p: &SimPeer<Pig>) -> Vec<(Seat, u32)> {
    p.events
        .iter()
        .filter_map(|e| match e {
            Event::TakenOver { seat, from_seq } => Some((*seat, *from_seq)),
            _ => None,
        })
        .collect()
}

/// No desync, no halt, and no finding but `allowed` against `seat`.
fn assert_clean_but(p: &SimPeer<Pig>, allowed: Option<(CheatKind, Seat)>) {
    let bad: Vec<_> = p
        .events
        .iter()
        .filter(|e| match e {
            Event::Cheat(ev) => allowed != Some((ev.kind, ev.seat.unwrap_or(Seat(99)))),
            Event::Desync(_) | Event::Halted { .. } => true,
            _ => false,
        })
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

fn verified(p: &SimPeer<Pig>) -> VerifyReport {
    replay::verify::<Pig>(&p.replay)
        .unwrap_or_else(|e| panic!("{e}\n{}", replay::show::<Pig>(&p.replay)))
}

#[test]
fn a_seat_that_withholds_its_seed_reveal_is_handed_to_the_bot_and_the_game_starts_without_it() {
    let mut n = fixture::net(3, 41);
    withhold_reveal(&mut n, 2);
    assert!(n.run(400_000), "the game did not finish");
    let honest = &n.peers[..2];
    for p in honest {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert_clean_but(p, Some((CheatKind::WithheldReveal, Seat(2))));
        assert!(
            p.events.iter().any(|e| matches!(
                e,
                Event::Cheat(ev) if ev.kind == CheatKind::WithheldReveal && ev.seat == Some(Seat(2))
            )),
            "the withholder is named"
        );
        assert_eq!(taken_over(p), vec![(Seat(2), 0)]);
        assert!(!p.session.is_taken_over());
        // Seat 2 is no live player: the bot plays it, and nobody waits for its acks.
        assert!(p.session.follower_peers().contains(&n.peers[2].peer));
        assert!(!p.session.broadcast_peers().contains(&n.peers[2].peer));
    }
    assert_eq!(honest[0].replay, honest[1].replay);
    assert_eq!(
        honest[0].session.state_hash(),
        honest[1].session.state_hash()
    );
    let r = verified(&honest[0]);
    assert_eq!(r.takeovers, vec![(Seat(2), 0)]);
    // The file: the header without seat 2's reveal, the vote at move 0, the seed drawn again.
    let f = frames(&honest[0].replay);
    let Frame::Header(h) = &f[0] else {
        panic!("no header")
    };
    assert_eq!(h.format, replay::format::FORMAT_VERSION);
    assert_eq!(h.commits.len(), 3);
    assert_eq!(
        h.reveals.iter().map(|r| r.body.seat).collect::<Vec<_>>(),
        vec![Seat(0), Seat(1)]
    );
    assert!(
        matches!(&f[1], Frame::Takeover(t) if t.from_seq == 0 && t.seats == vec![Seat(2)] && t.votes.len() == 2)
    );
    assert!(matches!(&f[2], Frame::Reseed(r) if r.after == vec![Seat(2)] && r.links.len() == 2));
    assert!(replay::show::<Pig>(&honest[0].replay).contains("at the seed round"));
    // The withholder started the deal it saw on its own, then went back and followed the game
    // the others started from a seed it could not know: another one.
    let w = &n.peers[2];
    let seeds = started_seeds(w);
    assert_eq!(seeds.len(), 2, "{seeds:?}");
    assert_ne!(seeds[0], seeds[1]);
    assert_eq!(seeds[1], started_seeds(&honest[0])[0]);
    assert!(w.session.is_taken_over());
    assert_eq!(w.session.phase(), &Phase::Over);
    assert_eq!(w.replay, honest[0].replay);
    assert_eq!(w.truncations, 1);
}

#[test]
fn in_a_two_player_game_the_survivor_plays_on_with_the_bot_when_the_other_withholds_its_reveal() {
    let mut n = fixture::net(2, 42);
    withhold_reveal(&mut n, 1);
    assert!(n.run_until(400_000, |n| n.peers[0].session.phase() == &Phase::Over));
    let p = &n.peers[0];
    assert_clean_but(p, Some((CheatKind::WithheldReveal, Seat(1))));
    assert_eq!(taken_over(p), vec![(Seat(1), 0)]);
    // The survivor voted alone only after the gone-timeout without news from the other.
    let started_at = p
        .events
        .iter()
        .zip(&p.event_times)
        .find_map(|(e, t)| matches!(e, Event::Started { .. }).then_some(*t))
        .unwrap();
    assert!(
        started_at >= fixture::settings().gone_after_ms,
        "{started_at}"
    );
    let r = verified(p);
    assert_eq!(r.takeovers, vec![(Seat(1), 0)]);
}

#[test]
fn a_reveal_sent_to_one_honest_peer_only_is_relayed_and_nobody_is_voted_out() {
    let mut n = fixture::net(3, 43);
    n.peers[2].tamper_to = Some(Box::new(|_, to, m| {
        if to == 1 {
            strip_reveal(m, 2).into_iter().collect()
        } else {
            vec![m]
        }
    }));
    assert!(n.run(400_000), "the game did not finish");
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert_clean_but(p, None);
        assert!(taken_over(p).is_empty());
    }
    assert_eq!(n.peers[0].replay, n.peers[1].replay);
    assert_eq!(n.peers[0].replay, n.peers[2].replay);
    assert!(verified(&n.peers[0]).takeovers.is_empty());
}

#[test]
fn a_slow_honest_seat_whose_reveal_comes_before_the_timeout_is_never_voted_out() {
    let mut n = fixture::net(3, 44);
    // Seat 2's commit is out; then its machine stalls for most of the takeover timeout before it
    // reads the others' commits and reveals.
    assert!(n.run_until(1_000, |n| n.now >= 1));
    n.peers[2].stalled = true;
    let until = fixture::settings().takeover_after_ms.unwrap() - 20;
    n.run_until(until + 10, |n| n.now >= until);
    assert_eq!(n.peers[0].session.phase(), &Phase::Seeding);
    n.peers[2].stalled = false;
    assert!(n.run(400_000), "the game did not finish");
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(taken_over(p).is_empty());
        assert!(
            !p.events
                .iter()
                .any(|e| matches!(e, Event::Halted { .. } | Event::Desync(_)))
        );
    }
    assert_eq!(n.peers[0].replay, n.peers[2].replay);
    assert!(verified(&n.peers[0]).takeovers.is_empty());
}

#[test]
fn a_vote_fails_when_a_player_started_with_the_late_reveal_and_everyone_plays_that_game() {
    let mut n = fixture::net(3, 45);
    // Seat 2's reveal reaches nobody; seat 0 stalls, so only seat 1 votes it out.
    let held: Rc<RefCell<Option<Message>>> = Rc::default();
    let keep = held.clone();
    n.peers[2].tamper = Some(Box::new(move |_, m| {
        if matches!(&m, Message::Reveal(r) if r.body.seat == Seat(2)) {
            *keep.borrow_mut() = Some(m.clone());
        }
        strip_reveal(m, 2).into_iter().collect()
    }));
    // Seat 1's votes at the seed round (move 0), seen as it sends them.
    let voted = Rc::new(Cell::new(false));
    let seen = voted.clone();
    n.peers[1].tamper = Some(Box::new(move |_, m| {
        if matches!(&m, Message::Takeover(t) if t.body.from_seq == 0 && t.body.seat == Seat(2)) {
            seen.set(true);
        }
        vec![m]
    }));
    assert!(n.run_until(1_000, |n| n.now >= 100));
    n.peers[0].stalled = true;
    assert!(
        n.run_until(5_000, |_| voted.get()),
        "seat 1 voted at the seed round"
    );
    assert_eq!(n.peers[1].session.phase(), &Phase::Seeding);
    // Now seat 2's reveal reaches seat 0 only, which holds every reveal and never voted: it
    // starts, and its word that it did releases seat 1 from its vote.
    let reveal = held.borrow().clone().expect("seat 2 revealed");
    let from = n.peers[2].peer;
    n.peers[0].session.handle_message(from, reveal);
    n.peers[0].stalled = false;
    assert!(n.run(400_000), "the game did not finish");
    let honest = &n.peers[..2];
    for p in honest {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(
            !taken_over(p).iter().any(|(_, n)| *n == 0),
            "{:?}",
            taken_over(p)
        );
        assert!(
            !p.events
                .iter()
                .any(|e| matches!(e, Event::Halted { .. } | Event::Desync(_)))
        );
    }
    // One game, from every player's reveal. (Seat 2 started it long before the others, on its
    // own, so it found seat 0 silent at move 1 and voted against it; bound by that vote, it may
    // lose its seat at move 1: its own doing.)
    assert_eq!(started_seeds(&honest[0]), started_seeds(&honest[1]));
    assert_eq!(started_seeds(&honest[0]), started_seeds(&n.peers[2]));
    assert_eq!(honest[0].replay, honest[1].replay);
    assert!(!verified(&honest[0]).takeovers.iter().any(|(_, n)| *n == 0));
}

#[test]
fn a_game_whose_seed_round_handed_a_seat_over_resumes_from_its_file() {
    let mut n = fixture::net(3, 46);
    withhold_reveal(&mut n, 2);
    assert!(n.run_until(400_000, |n| n.peers[1].session.final_seq() >= 8));
    let p = &n.peers[1];
    let (s, len) = Session::<Pig>::resume_with_signer(
        &p.replay,
        p.signer.clone(),
        p.secret.clone(),
        fixture::settings(),
        n.now,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let f = frames(&p.replay);
    let seed_round = common::assemble(&f[..3]).len();
    // (Moves verify up to the last one whose chance links the file holds: a checkpoint.)
    assert!(len >= seed_round, "{len}");
    assert!(s.final_seq() <= p.session.final_seq());
    assert_eq!(s.phase(), &Phase::Playing);
    assert_eq!(s.seed_digest(), p.session.seed_digest());
    assert!(!s.seat_peers().is_empty() && s.follower_peers().contains(&n.peers[2].peer));
    // A file cut inside the seed round's piece holds no game that started.
    let cut = common::assemble(&f[..2]);
    let e = Session::<Pig>::resume_with_signer(
        &cut,
        p.signer.clone(),
        p.secret.clone(),
        fixture::settings(),
        n.now,
    )
    .expect_err("refused");
    assert!(e.to_string().contains("had not started"), "{e}");
}

#[test]
fn a_seat_that_withholds_its_re_roll_link_after_the_seed_round_takeover_loses_its_seat_too() {
    // Of five players, seat 4 withholds its reveal; once it is handed over, seat 3 sees the seed
    // the others' re-roll links make first, and withholds its own: it goes to the bot too, and
    // the seed is drawn again at the next re-roll position.
    let mut n = fixture::net(5, 47);
    withhold_reveal(&mut n, 4);
    n.peers[3].tamper = Some(Box::new(|_, m| match m {
        Message::Ack(a) if a.signed.body.seq == 0 && a.signed.body.reroll.is_some() => vec![],
        Message::LogSync(mut s) => {
            s.items.retain(|i| {
                !matches!(i, LogItem::Ack(a) if a.signed.body.seat == Seat(3) && a.signed.body.seq == 0)
            });
            vec![Message::LogSync(s)]
        }
        m => vec![m],
    }));
    assert!(n.run(600_000), "the game did not finish");
    let honest = &n.peers[..3];
    for p in honest {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert_eq!(taken_over(p), vec![(Seat(3), 0), (Seat(4), 0)]);
        assert!(
            !p.events
                .iter()
                .any(|e| matches!(e, Event::Halted { .. } | Event::Desync(_)))
        );
    }
    assert_eq!(honest[0].replay, honest[1].replay);
    assert_eq!(honest[0].replay, honest[2].replay);
    let r = verified(&honest[0]);
    assert_eq!(r.takeovers, vec![(Seat(4), 0), (Seat(3), 0)]);
    let f = frames(&honest[0].replay);
    assert!(
        matches!(&f[3], Frame::Reseed(r) if r.after == vec![Seat(3), Seat(4)] && r.links.len() == 3)
    );
    // Both followed the game the others played to its end.
    for w in &n.peers[3..] {
        assert!(w.session.is_taken_over());
        assert_eq!(w.replay, honest[0].replay);
    }
}

#[test]
fn a_false_seed_reveal_counts_as_withheld_and_does_not_stop_the_game() {
    let mut n = fixture::net(3, 48);
    n.peers[2].tamper = Some(Box::new(|s, m| match m {
        Message::Reveal(mut r) if r.body.seat == Seat(2) => {
            r.body.nonce[0] ^= 1;
            vec![Message::Reveal(Signed::sign(s, Domain::Reveal, r.body))]
        }
        m => strip_reveal(m, 2).into_iter().collect(),
    }));
    assert!(n.run(400_000), "the game did not finish");
    for p in &n.peers[..2] {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert_clean_but(p, Some((CheatKind::WithheldReveal, Seat(2))));
        assert_eq!(taken_over(p), vec![(Seat(2), 0)]);
    }
    assert_eq!(verified(&n.peers[0]).takeovers, vec![(Seat(2), 0)]);
}

#[test]
fn a_seed_round_takeover_in_a_replay_is_checked() {
    let mut n = fixture::net(3, 41);
    withhold_reveal(&mut n, 2);
    assert!(n.run(400_000));
    let good = n.peers[0].replay.clone();
    let f = frames(&good);
    let refused = |frames: &[Frame], what: &str| {
        let e = replay::verify::<Pig>(&common::assemble(frames))
            .expect_err(what)
            .to_string();
        assert!(e.contains(what), "{what}: {e}");
    };
    // The seed drawn again is missing, or comes before the takeover.
    let mut t = f.clone();
    t.remove(2);
    refused(&t, "before the seed");
    let mut t = f.clone();
    t.swap(1, 2);
    refused(&t, "was not handed to the bot");
    // The takeover record is missing its second vote.
    let mut t = f.clone();
    if let Frame::Takeover(r) = &mut t[1] {
        r.votes.pop();
    }
    refused(&t, "not every other live player voted");
    // A re-roll link that is not the seat's.
    let mut t = f.clone();
    if let Frame::Reseed(r) = &mut t[2] {
        r.links[1][0] ^= 1;
    }
    refused(&t, "re-roll link does not match");
    // Written as format 7, whose header holds every reveal.
    let mut t = f.clone();
    if let Frame::Header(h) = &mut t[0] {
        h.format = 7;
    }
    refused(&t, "3 player seats but 3 commits and 2 reveals");
}
