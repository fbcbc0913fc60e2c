//! Takeover rules: who may hand whom to the bot, what a voted-out peer does, several silent seats
//! at once, forged takeover records, and what an equivocating seat leads to.

mod common;
use common::{assemble, frames};

use dwarfs_engine::toy::{Pig, PigAction};
use dwarfs_engine::{Actor, Game, Seat, codec};
use dwarfs_protocol::beacon::Chain;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{Message, MoveBody, Signed, TakeoverBody};
use dwarfs_protocol::replay::format::{Frame, TakeoverRecord, VoteRecord};
use dwarfs_protocol::replay::{self, Fault};
use dwarfs_protocol::sim::{Network, SimPeer, fixture, sim_secret, sim_signer};
use dwarfs_protocol::{CheatKind, Event, Phase, TakeoverError, Waiting};
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

/// Runs until `seat` has to act at peer `i` with nothing pending, everyone at the same move.
/// `hold`: the seat's peer does not play it (its autoplay is turned off).
fn run_until_to_act(n: &mut Network<Pig>, i: usize, seat: u8, hold: bool) {
    assert!(n.run_until(200_000, |n| n.peers[i].session.final_seq() >= 6));
    if hold {
        n.peers[seat as usize].autoplay = false;
    }
    assert!(n.run_until(200_000, |n| {
        let s = &n.peers[i].session;
        s.state().to_act() == Actor::Seat(Seat(seat))
            && (!hold || n.peers[seat as usize].session.is_my_turn())
            && n.peers
                .iter()
                .all(|p| p.session.final_seq() == s.final_seq())
    }));
}

#[test]
fn the_last_two_of_three_cannot_vote_each_other_out() {
    let mut n = fixture::net(3, 11);
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 6));
    n.peers[2].offline = true;
    assert!(n.run_until(200_000, |n| {
        taken_over_at(&n.peers[0], 2).is_some() && taken_over_at(&n.peers[1], 2).is_some()
    }));
    // Seat 2 of the two left stalls far longer than the takeover timeout.
    n.peers[1].stalled = true;
    n.run_until(5_000, |_| false);
    assert_eq!(taken_over_at(&n.peers[0], 1), None);
    assert!(
        n.peers[0]
            .events
            .iter()
            .any(|e| matches!(e, Event::Silent { seat: Seat(1), .. })),
        "the wait is reported"
    );
    assert_eq!(
        n.peers[0].session.vote_takeover(Seat(1)),
        Err(TakeoverError::TooFewVoters {
            needed: 2,
            available: 1
        })
    );
    n.peers[1].stalled = false;
    assert!(n.run(400_000), "the two did not finish");
    for p in &n.peers[..2] {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert_clean(p);
        assert!(!p.session.is_taken_over());
    }
    assert_eq!(n.peers[0].replay, n.peers[1].replay);
    let r = replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers.len(), 1);
    assert_eq!(r.takeovers[0].0, Seat(2));
}

#[test]
fn in_a_two_player_game_the_survivor_replaces_a_dead_partner() {
    let mut n = fixture::net(2, 12);
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 6));
    n.peers[1].offline = true;
    assert!(n.run(400_000));
    assert_eq!(n.peers[0].session.phase(), &Phase::Over);
    assert!(taken_over_at(&n.peers[0], 1).is_some());
    let r = replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers.len(), 1);
}

/// A stalled peer of a 3-player game is voted out by the two others; when it runs again it
/// follows the game to its end without signing anything for its seat, and writes the same
/// verified replay. `own_turn`: it stalls when it must play (the others wait for its move), or
/// when another seat plays (the others wait for its ack, and its own process takes that move as
/// final before it reads the votes).
fn voted_out_peer_follows(own_turn: bool, seed: u64) {
    let mut n = fixture::net(3, seed);
    if own_turn {
        run_until_to_act(&mut n, 2, 2, true);
        n.peers[2].autoplay = true;
    } else {
        run_until_to_act(&mut n, 2, 0, false);
    }
    n.peers[2].stalled = true;
    assert!(n.run_until(200_000, |n| {
        taken_over_at(&n.peers[0], 2).is_some() && taken_over_at(&n.peers[1], 2).is_some()
    }));
    n.run_until(300, |_| false);
    let sent = Rc::new(RefCell::new(Vec::new()));
    let log = sent.clone();
    n.peers[2].tamper = Some(Box::new(move |_, m| {
        log.borrow_mut().push(m.clone());
        vec![m]
    }));
    n.peers[2].stalled = false;
    assert!(n.run_until(200_000, |n| taken_over_at(&n.peers[2], 2).is_some()));
    assert!(n.peers[2].session.is_taken_over());
    let from = taken_over_at(&n.peers[0], 2).unwrap();
    assert_eq!(taken_over_at(&n.peers[2], 2), Some(from));
    sent.borrow_mut().clear();
    assert!(n.run(400_000), "the game did not finish for everyone");
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(p.events.iter().any(|e| matches!(e, Event::GameOver { .. })));
        assert_clean(p);
    }
    let follower = &n.peers[2];
    if !own_turn {
        // It had taken the move the others handed its seat over at as final: it cut its file.
        assert!(follower.truncations > 0, "the rewind path was not taken");
    }
    assert_eq!(
        follower.session.state_hash().unwrap(),
        n.peers[0].session.state_hash().unwrap()
    );
    assert_eq!(
        follower.replay, n.peers[0].replay,
        "the follower writes the same file"
    );
    let r = replay::verify::<Pig>(&follower.replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers, vec![(Seat(2), from)]);
    // Once it knew, it signed nothing for its seat: only sync requests.
    for m in sent.borrow().iter() {
        assert!(
            matches!(m, Message::SyncRequest(_)),
            "a voted-out peer sent {}",
            m.kind()
        );
    }
    // Its seat's later moves were the bot's.
    assert!(follower.events.iter().any(|e| matches!(
        e,
        Event::MoveApplied { seq, seat: Seat(2), by_bot: true, .. } if *seq >= from
    )));
}

#[test]
fn a_peer_voted_out_while_stalled_on_its_turn_follows_to_the_end() {
    voted_out_peer_follows(true, 21);
}

#[test]
fn a_peer_voted_out_while_stalled_on_another_seats_move_rewinds_and_follows() {
    voted_out_peer_follows(false, 22);
}

/// Two of five peers die at once; the three left (a strict majority) hand both seats to the bot
/// together.
fn two_dead_seats(to_act: u8, seed: u64) -> Vec<u8> {
    let mut n = fixture::net(5, seed);
    // Seat 4's own turn: it does not play before it dies.
    run_until_to_act(&mut n, 0, to_act, to_act == 3);
    n.peers[3].offline = true;
    n.peers[4].offline = true;
    assert!(n.run(600_000), "the three left did not finish");
    for p in &n.peers[..3] {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert_clean(p);
        let (a, b) = (taken_over_at(p, 3), taken_over_at(p, 4));
        assert!(
            a.is_some() && a == b,
            "both seats at the same move: {a:?} {b:?}"
        );
    }
    if to_act == 3 {
        // Everyone waited for seat 4's move; seat 5 showed as silent by not voting.
        assert!(n.peers[0].events.iter().any(|e| matches!(
            e,
            Event::Silent {
                seat: Seat(4),
                waiting: Waiting::Vote(_),
                ..
            }
        )));
    }
    assert_eq!(n.peers[0].replay, n.peers[1].replay);
    assert_eq!(n.peers[0].replay, n.peers[2].replay);
    let r = replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
    let mut seats: Vec<Seat> = r.takeovers.iter().map(|t| t.0).collect();
    seats.sort();
    assert_eq!(seats, vec![Seat(3), Seat(4)]);
    n.peers[0].replay.clone()
}

#[test]
fn two_seats_dead_at_once_are_both_taken_over() {
    // The others wait for both acks.
    two_dead_seats(0, 31);
    // The others wait for seat 4's move; seat 5 is found silent when it does not vote.
    two_dead_seats(3, 32);
}

#[test]
fn forged_or_short_takeover_records_are_rejected() {
    let bytes = two_dead_seats(0, 33);
    let fs = frames(&bytes);
    let at = fs
        .iter()
        .position(|f| matches!(f, Frame::Takeover(_)))
        .unwrap();
    let Frame::Takeover(t) = &fs[at] else {
        unreachable!()
    };
    assert_eq!(t.seats, vec![Seat(3), Seat(4)]);
    assert_eq!(t.votes.len(), 6);
    let check = |edit: &dyn Fn(&mut TakeoverRecord)| {
        let mut fs = fs.clone();
        let Frame::Takeover(t) = &mut fs[at] else {
            unreachable!()
        };
        edit(t);
        let e = replay::verify::<Pig>(&assemble(&fs)).unwrap_err();
        assert_eq!(e.frame, at, "{e}");
        e.fault
    };
    // A missing vote.
    assert!(matches!(
        check(&|t| {
            t.votes.pop();
        }),
        Fault::Takeover(_)
    ));
    // One seat claimed with the other's votes dropped: seat 5 would have had to vote.
    assert!(matches!(
        check(&|t| {
            t.seats = vec![Seat(3)];
            t.votes.truncate(3);
        }),
        Fault::Takeover(_)
    ));
    // A forged signature.
    assert!(matches!(
        check(&|t| t.votes[1].sig.0[0] ^= 1),
        Fault::Signature { .. }
    ));
    // Votes relabelled to another voter.
    assert!(matches!(
        check(&|t| t.votes[0].voter = Seat(1)),
        Fault::Takeover(_)
    ));
}

#[test]
fn a_single_vote_cannot_hand_over_one_of_the_last_two_of_three() {
    // A finished 3-player game where seat 3 was taken over; seat 1 forges a record handing seat
    // 2 to the bot with its own (validly signed) vote alone.
    let seed = 41;
    let mut n = fixture::net(3, seed);
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 6));
    n.peers[2].offline = true;
    assert!(n.run(400_000));
    let bytes = n.peers[0].replay.clone();
    let from = taken_over_at(&n.peers[0], 2).unwrap();
    let fs = frames(&bytes);
    let seq = from + 3;
    let at = fs
        .iter()
        .position(|f| matches!(f, Frame::Move(m) if m.seq == seq))
        .unwrap();
    let game_id = n.peers[0].session.config().game_id;
    let body = TakeoverBody {
        game_id,
        seat: Seat(1),
        from_seq: seq,
        voter: Seat(0),
        seat_move: None,
    };
    let sig = sim_signer(seed, 0).sign(Domain::Takeover, &body);
    // The record carries the right beacon links, so only the vote count is wrong.
    let segment = n.peers[0].session.config().beacon_segment;
    let beacon = (0..2)
        .map(|i| {
            let signer = sim_signer(seed, i);
            Chain::new(
                signer.derive_secret(&sim_secret(seed, i), &game_id, "beacon chain"),
                segment,
            )
            .link(seq - 1)
        })
        .collect();
    let mut forged = fs.clone();
    forged.insert(
        at,
        Frame::Takeover(TakeoverRecord {
            seats: vec![Seat(1)],
            from_seq: seq,
            votes: vec![VoteRecord {
                voter: Seat(0),
                seat: Seat(1),
                seat_move: None,
                sig,
            }],
            beacon,
        }),
    );
    let e = replay::verify::<Pig>(&assemble(&forged)).unwrap_err();
    assert_eq!(e.frame, at);
    assert!(
        matches!(&e.fault, Fault::Takeover(s) if s.contains("needs 2")),
        "{e}"
    );
}

#[test]
fn an_equivocating_seat_stops_the_game_for_everyone_with_the_proof() {
    let mut n = fixture::net(3, 51);
    // Seat 2 rolls by hand until it may also hold.
    for _ in 0..50 {
        run_until_to_act(&mut n, 1, 1, true);
        let legal = n.peers[1].session.state().legal_actions_vec();
        if legal.contains(&PigAction::Hold) {
            break;
        }
        n.peers[1]
            .session
            .submit_local_action(PigAction::Roll)
            .unwrap();
        n.pump(1);
    }
    assert!(n.peers[1].session.is_my_turn());
    let s = &n.peers[1].session;
    let body = |action: PigAction| MoveBody {
        game_id: s.config().game_id,
        seq: s.final_seq() + 1,
        seat: Seat(1),
        prev: s.state_hash().unwrap(),
        action: codec::encode(&action).unwrap(),
        hash: dwarfs_engine::StateHash([0; 32]),
        reveal: [0; 16],
        next_tip: None,
    };
    let signer = n.peers[1].signer.clone();
    let legal = s.state().legal_actions_vec();
    assert!(legal.contains(&PigAction::Roll) && legal.contains(&PigAction::Hold));
    let other = body(PigAction::Hold);
    let other = Signed {
        sig: signer.sign(Domain::Move, &other),
        body: other,
    };
    // Seat 2 plays Roll for everyone, and also signs Hold for the same move, sent to seat 1 only.
    let seq = other.body.seq;
    n.peers[1]
        .session
        .submit_local_action(PigAction::Roll)
        .unwrap();
    n.pump(1);
    assert!(n.run_until(1_000, |n| {
        n.peers[0]
            .events
            .iter()
            .any(|e| matches!(e, Event::MoveApplied { seq: s, .. } if *s == seq))
    }));
    let from = n.peers[1].peer;
    n.peers[0]
        .session
        .handle_message(from, Message::Move(other));
    n.pump(0);
    n.run_until(5_000, |n| {
        n.peers[0].session.phase() != &Phase::Playing
            && n.peers[2].session.phase() != &Phase::Playing
    });
    for i in [0, 2] {
        let p = &n.peers[i];
        assert!(
            matches!(p.session.phase(), Phase::Halted(r) if r.contains("equivocation")),
            "peer {i}: {:?}",
            p.session.phase()
        );
        let ev = p
            .events
            .iter()
            .find_map(|e| match e {
                Event::Cheat(ev) if ev.kind == CheatKind::Equivocation => Some(ev),
                _ => None,
            })
            .unwrap_or_else(|| panic!("peer {i} has no equivocation evidence"));
        assert_eq!(ev.seat, Some(Seat(1)));
        assert_eq!(ev.proof.len(), 2);
        assert!(!p.events.iter().any(|e| matches!(e, Event::Desync(_))));
    }
    // Seat 3 learnt it from the evidence seat 1 relayed.
    assert!(
        n.peers[2]
            .events
            .iter()
            .any(|e| matches!(e, Event::Cheat(ev) if ev.detail.contains("relayed")))
    );
}

/// The host dies right after acking a move, and its ack reaches only one of the two others: the
/// survivors stand one move apart (one holds the move as final, the other still waits for the
/// dead seat's ack). The one behind must fetch the missing ack from the other, and both must hand
/// the dead seat to the bot at the same move and finish the game together.
#[test]
fn a_dead_seats_last_ack_seen_by_only_one_survivor_is_caught_up() {
    for seed in 31u64..43 {
        let mut n = fixture::net(3, seed);
        run_until_to_act(&mut n, 0, 1, true);
        let k = n.peers[1].session.final_seq() + 1;
        // Seat 1 moves; seat 0's ack reaches seat 2 but never seat 1; then seat 0 dies.
        n.cut.insert((0, 1));
        let legal = n.peers[1].session.state().legal_actions_vec();
        n.peers[1].session.submit_local_action(legal[0]).unwrap();
        n.peers[1].autoplay = true;
        n.pump(1);
        assert!(n.run_until(10_000, |n| n.peers[2].session.final_seq() >= k));
        n.peers[0].offline = true;
        assert_eq!(
            n.peers[1].session.final_seq(),
            k - 1,
            "seat 1 lacks seat 0's ack"
        );
        let done = n.run(400_000);
        if !done {
            for i in [1, 2] {
                let p = &n.peers[i];
                eprintln!(
                    "peer {i}: final {} phase {:?} to_act {:?} taken_over {:?}",
                    p.session.final_seq(),
                    p.session.phase(),
                    p.session.state().to_act(),
                    taken_over_at(p, 0)
                );
                for e in p.events.iter().filter(|e| {
                    !matches!(
                        e,
                        Event::MoveApplied { .. }
                            | Event::MoveFinal { .. }
                            | Event::YourTurn { .. }
                            | Event::ChanceResolved { .. }
                    )
                }) {
                    eprintln!("   {e:?}");
                }
            }
        }
        assert!(done, "the survivors finish (seed {seed})");
        for i in [1, 2] {
            assert_clean(&n.peers[i]);
            assert_eq!(*n.peers[i].session.phase(), Phase::Over, "seed {seed}");
            assert!(taken_over_at(&n.peers[i], 0).is_some(), "seed {seed}");
        }
        assert_eq!(taken_over_at(&n.peers[1], 0), taken_over_at(&n.peers[2], 0));
        assert_eq!(
            n.peers[1].session.state_hash().unwrap(),
            n.peers[2].session.state_hash().unwrap()
        );
        assert_eq!(n.peers[1].replay, n.peers[2].replay);
    }
}

/// A header that claims a format of protocol v1 (below 5) inside a protocol v2 file is refused
/// by name, and no session resumes from it.
#[test]
fn header_formats_of_protocol_v1_are_refused() {
    let bytes = two_dead_seats(0, 34);
    assert!(replay::verify::<Pig>(&bytes).is_ok());
    let relabel = |format: u16| {
        let mut fs = frames(&bytes);
        let Frame::Header(h) = &mut fs[0] else {
            unreachable!()
        };
        h.format = format;
        assemble(&fs)
    };
    for old in 1..5 {
        let e = replay::verify::<Pig>(&relabel(old)).unwrap_err();
        assert!(
            e.to_string()
                .contains(&format!("format {old} is not supported")),
            "{e}"
        );
    }
    let resumed = dwarfs_protocol::Session::<Pig>::resume_with_signer(
        &relabel(4),
        sim_signer(34, 0),
        sim_secret(34, 0),
        fixture::settings(),
        0,
    );
    let Err(e) = resumed else {
        panic!("resumed from a format-4 file")
    };
    assert!(e.to_string().contains("cannot resume"), "{e}");
}
