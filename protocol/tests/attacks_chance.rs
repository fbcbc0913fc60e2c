//! Attacks on chance and on the takeover rule, each played by a hostile peer over the in-memory
//! network: a relayed ack whose beacon reveal was swapped, a withheld ack to re-roll a chance
//! point, half of a game voting out the other half, a 2-player survivor evicting a connected
//! partner, and a vote for a far-future move meant to stall a takeover.

mod common;

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::beacon;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{Ack, LogItem, Message, Signed, TakeoverBody};
use dwarfs_protocol::replay::format::{Frame, read_frames};
use dwarfs_protocol::replay::{self, Fault};
use dwarfs_protocol::sim::Network;
use dwarfs_protocol::{CheatKind, Event, Phase, Settings, TakeoverError, lockstep};
use std::cell::RefCell;
use std::rc::Rc;

fn settings(takeover_after_ms: Option<u64>) -> Settings {
    Settings {
        retransmit_ms: 30,
        silence_ms: 300,
        sync_chunk: 8,
        takeover_after_ms,
        gone_after_ms: 1_500,
    }
}

fn net(players: u8, seed: u64, takeover_after_ms: Option<u64>) -> Network<Pig> {
    common::pig_net_with(players, seed, settings(takeover_after_ms))
}

fn cheats(n: &Network<Pig>, i: usize) -> Vec<(CheatKind, Option<Seat>)> {
    n.peers[i]
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Cheat(ev) => Some((ev.kind, ev.seat)),
            _ => None,
        })
        .collect()
}

fn taken_over(n: &Network<Pig>, i: usize) -> Vec<(Seat, u32)> {
    n.peers[i]
        .events
        .iter()
        .filter_map(|e| match e {
            Event::TakenOver { seat, from_seq } => Some((*seat, *from_seq)),
            _ => None,
        })
        .collect()
}

fn frames(bytes: &[u8]) -> Vec<Frame> {
    read_frames(bytes).frames.into_iter().map(|f| f.1).collect()
}

/// Peer `voter` signs a vote to hand `seat` to the bot from move `from_seq`, and it reaches peer
/// `to` straight from the voter (whatever the voter's own session would do).
fn send_vote(n: &mut Network<Pig>, voter: usize, seat: Seat, from_seq: u32, to: usize) {
    let body = TakeoverBody {
        game_id: n.peers[voter].session.config().game_id,
        seat,
        from_seq,
        voter: Seat(voter as u8),
        seat_move: None,
    };
    let vote = Signed {
        sig: n.peers[voter].signer.sign(Domain::Takeover, &body),
        body,
    };
    let from = n.peers[voter].peer;
    n.peers[to]
        .session
        .handle_message(from, Message::Takeover(vote));
    n.pump(to);
}

/// A replay's header and its record of move `seq`.
fn header_and_move(bytes: &[u8], seq: u32) -> (replay::format::Header, replay::format::MoveRecord) {
    let fs = frames(bytes);
    let Some(Frame::Header(header)) = fs.first().cloned() else {
        panic!("no header")
    };
    let Some(Frame::Move(m)) = fs
        .into_iter()
        .find(|f| matches!(f, Frame::Move(m) if m.seq == seq))
    else {
        panic!("move {seq} is not recorded")
    };
    (*header, m)
}

/// Peer `i` sends no ack of move `from` or later, not even in its log syncs.
fn withhold_acks_from(n: &mut Network<Pig>, i: usize, from: u32) {
    n.peers[i].tamper = Some(Box::new(move |_, m| match m {
        Message::Ack(a) if a.signed.body.seq >= from => vec![],
        Message::LogSync(mut sync) => {
            sync.items
                .retain(|i| !matches!(i, LogItem::Ack(a) if a.signed.body.seq >= from));
            vec![Message::LogSync(sync)]
        }
        m => vec![m],
    }));
}

/// Seat 1's acks as it sends them, while it plays on normally.
fn capture_acks(n: &mut Network<Pig>, i: usize) -> Rc<RefCell<Vec<Ack>>> {
    let acks = Rc::new(RefCell::new(Vec::new()));
    let held = acks.clone();
    n.peers[i].tamper = Some(Box::new(move |_, m| {
        if let Message::Ack(a) = &m {
            held.borrow_mut().push(a.clone());
        }
        vec![m]
    }));
    acks
}

/// A peer relays seat 1's ack of a move to seat 0 before seat 1's own copy arrives, with its
/// beacon link changed (`Some`) or stripped (`None`). Seat 0 must blame the relayer, never seat 1.
fn relayed_ack_with_reveal(reveal: impl Fn(Option<[u8; 16]>) -> Option<[u8; 16]>, seed: u64) {
    let mut n = net(3, seed, None);
    let acks = capture_acks(&mut n, 1);
    // (Seat 1 sends no ack of its own moves: its move carries it.)
    assert!(n.run_until(200_000, |_| {
        acks.borrow().iter().any(|a| a.signed.body.seq >= 4)
    }));
    let real = acks
        .borrow()
        .iter()
        .find(|a| a.signed.body.seq >= 4)
        .cloned()
        .unwrap();
    assert!(real.signed.body.reveal.is_some());
    // Seat 1's own copy is still on its way (the links have latency): the relayed one comes
    // first.
    assert!(n.peers[0].session.final_seq() < real.signed.body.seq);
    let mut forged = real.clone();
    forged.signed.body.reveal = reveal(forged.signed.body.reveal);
    assert_ne!(forged, real);
    let relayer = n.peers[2].peer;
    n.peers[0]
        .session
        .handle_message(relayer, Message::Ack(forged));
    n.pump(0);
    assert!(n.run(400_000));
    let found = cheats(&n, 0);
    assert!(
        !found.iter().any(|(_, s)| *s == Some(Seat(1))),
        "seat 1 was blamed for a relayed copy: {found:?}"
    );
    assert!(
        found.contains(&(CheatKind::BadSignature, Some(Seat(2)))),
        "the relayer is named: {found:?}"
    );
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
    }
    replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_relayed_ack_with_a_swapped_reveal_names_the_relayer_not_its_author() {
    relayed_ack_with_reveal(
        |r| {
            r.map(|mut r| {
                r[0] ^= 1;
                r
            })
        },
        61,
    );
}

#[test]
fn a_relayed_ack_with_a_stripped_reveal_names_the_relayer_not_its_author() {
    relayed_ack_with_reveal(|_| None, 62);
}

/// Seat 2 withholds its ack from move `from` on (it saw the others' acks, so it knew the outcome
/// of the chance point after the move), and is voted out. The chance point is re-rolled from the
/// remaining seats' re-roll links, revealed only after the takeover: not the entropy the
/// withholder could compute from the links it had seen.
#[test]
fn a_withheld_ack_re_rolls_chance_from_links_the_withholder_never_saw() {
    let mut n = net(3, 63, Some(400));
    let from = 5;
    withhold_acks_from(&mut n, 2, from);
    assert!(n.run(2_000_000));
    for p in &n.peers[..2] {
        assert_eq!(p.session.phase(), &Phase::Over);
    }
    let (seat, at) = taken_over(&n, 0)[0];
    assert_eq!((seat, at), (Seat(2), from));
    let bytes = n.peers[0].replay.clone();
    assert_eq!(bytes, n.peers[1].replay);
    replay::verify::<Pig>(&bytes).unwrap_or_else(|e| panic!("{e}"));
    let (header, m) = header_and_move(&bytes, at);
    // The record flags the re-roll, with the remaining seats' re-roll links at position 1 (the
    // game's first takeover), each checked against its seat's committed re-roll chain.
    let reroll = m.reroll.as_ref().expect("the move is flagged as re-rolled");
    assert_eq!(reroll.after, vec![Seat(2)]);
    assert_eq!(reroll.links.len(), 2);
    let len = lockstep::reroll_len(&header.config);
    for (k, link) in reroll.links.iter().enumerate() {
        assert!(beacon::check_reroll(
            &header.commits[k].body.reroll_tip,
            len,
            1,
            link
        ));
    }
    // The chance point after the move (Pig rolls after a roll) used entropy that mixes them in.
    let entropy = n.peers[0]
        .events
        .iter()
        .find_map(|e| match e {
            Event::ChanceResolved {
                seq,
                entropy,
                rerolled_after,
                ..
            } if *seq == at => Some((*entropy, rerolled_after.clone())),
            _ => None,
        })
        .expect("move 5 led to a chance point");
    assert_eq!(entropy.1, vec![Seat(2)]);
    let game_id = header.config.game_id;
    let with = beacon::move_entropy(&game_id, at, 0, &m.beacon, &reroll.links);
    assert_eq!(entropy.0, with);
    // What the withholder could compute before withholding: the remaining seats' beacon links
    // alone (it had their acks). The re-roll is not that.
    let known = beacon::move_entropy(&game_id, at, 0, &m.beacon, &[]);
    assert_ne!(entropy.0, known);
    let show = replay::show::<Pig>(&bytes);
    assert!(
        show.contains("re-rolled after player 3 withheld"),
        "the move log flags the re-roll:\n{show}"
    );
    // The verifier holds the record to the rule: a changed re-roll link, a dropped re-roll, or a
    // re-roll claimed on another move all fail at that move.
    let fs = frames(&bytes);
    let at_frame = fs
        .iter()
        .position(|f| matches!(f, Frame::Move(m) if m.seq == at))
        .unwrap();
    let mutated = |edit: &dyn Fn(&mut Vec<Frame>)| {
        let mut fs = fs.clone();
        edit(&mut fs);
        let mut out = replay::format::MAGIC.to_vec();
        for f in &fs {
            out.extend(replay::format::encode_frame(f));
        }
        replay::verify::<Pig>(&out).unwrap_err()
    };
    let e = mutated(&|fs| {
        if let Frame::Move(m) = &mut fs[at_frame] {
            m.reroll.as_mut().unwrap().links[1][0] ^= 1;
        }
    });
    assert!(
        matches!(e.fault, Fault::Beacon(_)) && e.seq == Some(at),
        "{e}"
    );
    let e = mutated(&|fs| {
        if let Frame::Move(m) = &mut fs[at_frame] {
            m.reroll = None;
        }
    });
    assert!(
        matches!(e.fault, Fault::Beacon(_)) && e.seq == Some(at),
        "{e}"
    );
    let e = mutated(&|fs| {
        let r = m_reroll(&fs[at_frame]);
        if let Frame::Move(m) = &mut fs[at_frame + 1] {
            m.reroll = r;
        }
    });
    assert_eq!(e.seq, Some(at + 1), "{e}");
}

fn m_reroll(f: &Frame) -> Option<replay::format::RerollRecord> {
    match f {
        Frame::Move(m) => m.reroll.clone(),
        _ => None,
    }
}

#[test]
fn two_of_four_cannot_vote_out_the_other_two() {
    let mut n = net(4, 64, None);
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 4));
    for i in 0..2 {
        for target in [2, 3] {
            n.peers[i].session.vote_takeover(Seat(target)).unwrap();
        }
        n.pump(i);
    }
    n.run(100_000);
    for i in 0..4 {
        assert!(
            taken_over(&n, i).is_empty(),
            "peer {i}: {:?}",
            taken_over(&n, i)
        );
        assert!(!n.peers[i].session.is_taken_over());
    }
    // Nor does a replay verify with such a record: seats 1 and 2 hand 3 and 4 over.
    let mut n = net(4, 65, None);
    assert!(n.run(400_000));
    let bytes = n.peers[0].replay.clone();
    let mut fs = frames(&bytes);
    // Right after a checkpoint, whose links the takeover record repeats.
    let (at, c, beacon) = fs
        .iter()
        .enumerate()
        .find_map(|(k, f)| match f {
            Frame::Move(m) if !m.beacon.is_empty() => Some((k + 1, m.seq, m.beacon.clone())),
            _ => None,
        })
        .unwrap();
    let game_id = n.peers[0].session.config().game_id;
    let mut votes = Vec::new();
    for target in [2u8, 3] {
        for voter in [0u8, 1] {
            let body = TakeoverBody {
                game_id,
                seat: Seat(target),
                from_seq: c + 1,
                voter: Seat(voter),
                seat_move: None,
            };
            votes.push(replay::format::VoteRecord {
                voter: Seat(voter),
                seat: Seat(target),
                seat_move: None,
                sig: n.peers[voter as usize].signer.sign(Domain::Takeover, &body),
            });
        }
    }
    fs.insert(
        at,
        Frame::Takeover(replay::format::TakeoverRecord {
            seats: vec![Seat(2), Seat(3)],
            from_seq: c + 1,
            votes,
            beacon,
        }),
    );
    let mut forged = replay::format::MAGIC.to_vec();
    for f in &fs {
        forged.extend(replay::format::encode_frame(f));
    }
    let e = replay::verify::<Pig>(&forged).unwrap_err();
    assert_eq!(e.frame, at, "{e}");
    assert!(matches!(e.fault, Fault::Takeover(_)), "{e}");
}

#[test]
fn a_two_player_survivor_cannot_evict_a_connected_partner() {
    let mut n = net(2, 66, None);
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 4));
    // Its own session refuses while the partner moves the game on.
    assert!(matches!(
        n.peers[0].session.vote_takeover(Seat(1)),
        Err(TakeoverError::PartnerActive { .. })
    ));
    // A hostile client signs the lone vote anyway: the partner does not hand its seat over.
    let from_seq = n.peers[1].session.final_seq() + 1;
    send_vote(&mut n, 0, Seat(1), from_seq, 1);
    // Judged at its next tick, on the clock of then (a suspended machine reads first).
    let now = n.now;
    n.peers[1].session.tick(now);
    n.pump(1);
    assert!(!n.peers[1].session.is_taken_over());
    assert!(taken_over(&n, 1).is_empty());
    assert!(
        cheats(&n, 1).contains(&(CheatKind::Eviction, Some(Seat(0)))),
        "{:?}",
        cheats(&n, 1)
    );
}

#[test]
fn a_two_player_survivor_takes_over_a_partner_gone_for_the_gone_timeout() {
    let mut n = net(2, 67, Some(300));
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 4));
    n.peers[1].offline = true;
    // Long past the takeover timeout, the survivor still waits: the partner is not gone yet.
    let start = n.now;
    n.run_until(1_000, |n| n.now >= start + 1_000);
    assert!(taken_over(&n, 0).is_empty());
    // Once it is gone for the gone-timeout, its seat passes to the bot.
    assert!(n.run(400_000));
    assert_eq!(n.peers[0].session.phase(), &Phase::Over);
    assert_eq!(taken_over(&n, 0).len(), 1);
    replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_vote_for_a_far_future_move_is_refused_and_does_not_stall_a_takeover() {
    let mut n = net(3, 68, Some(400));
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 4));
    n.peers[2].offline = true;
    // Seat 1 signs a vote for seat 3 ten moves ahead and sends it to seat 2 (today, seat 2
    // would align its own vote with it, and the takeover would never meet).
    let from_seq = n.peers[1].session.final_seq() + 10;
    send_vote(&mut n, 0, Seat(2), from_seq, 1);
    assert!(n.run(400_000), "the takeover stalled");
    for i in 0..2 {
        assert_eq!(n.peers[i].session.phase(), &Phase::Over);
        let t = taken_over(&n, i);
        assert_eq!(t.len(), 1);
        assert!(t[0].1 <= n.peers[i].session.final_seq());
    }
    assert_eq!(n.peers[0].replay, n.peers[1].replay);
    replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
}

/// The seat that sends its re-roll ack last sees the re-rolled outcome first, and may withhold in
/// turn: it is voted out at the same move, and the chance point is re-rolled again from the next
/// re-roll links, revealed only after that second takeover.
#[test]
fn a_second_withholder_is_voted_out_and_chance_is_re_rolled_again() {
    let mut n = net(5, 69, Some(400));
    let from = 5;
    withhold_acks_from(&mut n, 4, from);
    // Seat 4 withholds every ack it signs again after a takeover.
    let rerolled = |a: &Ack| a.signed.body.reroll.is_some();
    n.peers[3].tamper = Some(Box::new(move |_, m| match m {
        Message::Ack(a) if rerolled(&a) => vec![],
        Message::LogSync(mut sync) => {
            sync.items
                .retain(|i| !matches!(i, LogItem::Ack(a) if rerolled(a)));
            vec![Message::LogSync(sync)]
        }
        m => vec![m],
    }));
    assert!(n.run(3_000_000));
    // Everyone ends the same game: the three left, and the two voted out as followers (the
    // second one rewinds to before the move, keeping the first takeover at it).
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
    }
    let t = taken_over(&n, 0);
    assert_eq!(t, vec![(Seat(4), from), (Seat(3), from)]);
    let bytes = n.peers[0].replay.clone();
    for (i, p) in n.peers.iter().enumerate().skip(1) {
        if bytes != p.replay {
            let a = frames(&bytes);
            let b = frames(&p.replay);
            let at = a.iter().zip(&b).position(|(x, y)| x != y);
            panic!(
                "peer {i}'s replay differs at frame {at:?} ({} and {} frames): {:?}\n vs {:?}\nverify: {:?}",
                a.len(),
                b.len(),
                at.map(|k| &a[k]),
                at.map(|k| &b[k]),
                replay::verify::<Pig>(&p.replay)
                    .err()
                    .map(|e| e.to_string())
            );
        }
    }
    let report = replay::verify::<Pig>(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.takeovers.len(), 2);
    let (header, m) = header_and_move(&bytes, from);
    let reroll = m.reroll.as_ref().expect("flagged");
    assert_eq!(reroll.after, vec![Seat(3), Seat(4)]);
    // The second takeover's links: position 2 of each remaining seat's re-roll chain.
    let len = lockstep::reroll_len(&header.config);
    assert_eq!(reroll.links.len(), 3);
    for (k, link) in reroll.links.iter().enumerate() {
        let tip = &header.commits[k].body.reroll_tip;
        assert!(beacon::check_reroll(tip, len, 2, link));
        assert!(!beacon::check_reroll(tip, len, 1, link));
    }
    assert!(replay::show::<Pig>(&bytes).contains("re-rolled after player 4 and player 5 withheld"));
}
