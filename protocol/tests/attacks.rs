//! Each attack, run by an adversarial peer over the in-memory network, is detected and named,
//! with evidence, by every honest peer.

mod common;

use dwarfs_engine::codec;
use dwarfs_engine::toy::{Pig, PigAction, PigOptions};
use dwarfs_engine::{Game, Seat, StateHash, Viewer};
use dwarfs_protocol::keys::{Domain, Signer};
use dwarfs_protocol::message::{Ack, LogItem, Message, MoveBody, Signed};
use dwarfs_protocol::sim::{Faults, Network, Tamper};
use dwarfs_protocol::{CheatKind, Event, Evidence, Phase, Settings, Waiting};

fn settings() -> Settings {
    Settings {
        retransmit_ms: 50,
        silence_ms: 2_000,
        sync_chunk: 64,
        ..Settings::default()
    }
}

fn net(players: u8, seed: u64) -> Network<Pig> {
    common::pig_net_with(players, seed, settings())
}

fn resign_move(signer: &Signer, body: MoveBody) -> Message {
    Message::Move(Signed {
        sig: signer.sign(Domain::Move, &body),
        body,
    })
}

fn resign_ack(signer: &Signer, mut ack: Ack, f: impl FnOnce(&mut Ack)) -> Message {
    f(&mut ack);
    ack.signed.sig = signer.sign(Domain::Ack, &ack.signed.body);
    Message::Ack(ack)
}

/// Runs with `tamper` on seat `adv` and returns every honest peer's cheat evidence.
fn run_with(
    players: u8,
    seed: u64,
    adv: usize,
    tamper: Tamper,
) -> (Network<Pig>, Vec<Vec<Evidence>>) {
    let mut n = net(players, seed);
    n.peers[adv].tamper = Some(tamper);
    n.run(200_000);
    let ev = n
        .peers
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != adv)
        .map(|(_, p)| {
            p.events
                .iter()
                .filter_map(|e| match e {
                    Event::Cheat(ev) => Some((**ev).clone()),
                    _ => None,
                })
                .collect()
        })
        .collect();
    (n, ev)
}

fn assert_named(evidence: &[Vec<Evidence>], kind: CheatKind, seat: u8) -> Evidence {
    let mut found = None;
    for (i, evs) in evidence.iter().enumerate() {
        let e = evs
            .iter()
            .find(|e| e.kind == kind && e.seat == Some(Seat(seat)))
            .unwrap_or_else(|| {
                panic!("honest peer {i} did not name {kind} by seat {seat}: {evs:#?}")
            });
        assert!(!e.detail.is_empty());
        found = Some(e.clone());
    }
    found.expect("at least one honest peer")
}

#[test]
fn illegal_move_is_named_with_the_signed_move_as_proof() {
    // Seat 0 opens; holding with nothing banked is illegal. The adversary signs a Hold instead of
    // its first move.
    let mut done = false;
    let (n, ev) = run_with(
        3,
        1,
        0,
        Box::new(move |s, m| match m {
            Message::Move(mut mv) if !done => {
                done = true;
                mv.body.action = codec::encode(&PigAction::Hold).unwrap();
                vec![resign_move(s, mv.body)]
            }
            m => vec![m],
        }),
    );
    let e = assert_named(&ev, CheatKind::IllegalMove, 0);
    assert_eq!(e.seq, 1);
    assert!(e.detail.contains("nothing to bank"), "{}", e.detail);
    match &e.proof[..] {
        [LogItem::Move(m)] => assert_eq!(
            codec::decode::<PigAction>(&m.body.action).unwrap(),
            PigAction::Hold
        ),
        p => panic!("proof {p:?}"),
    }
    for p in &n.peers[1..] {
        assert!(matches!(p.session.phase(), Phase::Halted(_)));
    }
}

#[test]
fn bad_signature_is_named() {
    let (_, ev) = run_with(
        2,
        2,
        0,
        Box::new(|_, m| match m {
            Message::Move(mut mv) => {
                mv.sig.0[5] ^= 1;
                vec![Message::Move(mv)]
            }
            m => vec![m],
        }),
    );
    assert_named(&ev, CheatKind::BadSignature, 0);
}

#[test]
fn a_forged_ack_signature_counted_before_its_check_is_named_dropped_and_the_game_goes_on() {
    // Seat 2 sends its own ack of a move with a broken signature, over its own connection: the
    // others count it at once and check it in a batch. The bad ack gets the verdict it would
    // get on arrival: named and dropped; nobody halts, the seat's genuine ack (retransmitted or
    // relayed) takes its place, and every replay verifies. Once on a move that becomes final in
    // agreement before the check (the first from move 5 on), once on a checkpoint (move 16,
    // whose frame stores the acks' signatures: checked before the move is final).
    for (seed, hits) in [(21, (|s| s >= 5) as fn(u32) -> bool), (23, |s| s == 16)] {
        let forged = std::rc::Rc::new(std::cell::Cell::new(0u32));
        let seen = forged.clone();
        let (n, ev) = run_with(
            3,
            seed,
            2,
            Box::new(move |_, m| match m {
                Message::Ack(mut a) if seen.get() == 0 && hits(a.signed.body.seq) => {
                    seen.set(a.signed.body.seq);
                    a.signed.sig.0[7] ^= 1;
                    vec![Message::Ack(a)]
                }
                m => vec![m],
            }),
        );
        let seq = forged.get();
        assert!(hits(seq), "seed {seed}: the game reached no such ack");
        let e = assert_named(&ev, CheatKind::BadSignature, 2);
        assert_eq!(e.seq, seq);
        match &e.proof[..] {
            [LogItem::Ack(a)] => {
                assert_eq!((a.signed.body.seq, a.signed.body.seat), (seq, Seat(2)));
            }
            p => panic!("proof {p:?}"),
        }
        for p in &n.peers {
            assert_eq!(p.session.phase(), &Phase::Over, "seed {seed}");
            dwarfs_protocol::replay::verify::<Pig>(&p.replay).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn a_forged_move_signature_is_named_on_arrival_and_the_game_goes_on() {
    // Seat 0 sends its own move (its first from move 2 on) with a broken signature, over its
    // own connection: a move is checked before it is applied (an ack of ours on it could not be
    // taken back), so it is named and dropped, and the seat's genuine move, retransmitted,
    // is played instead.
    let forged = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let seen = forged.clone();
    let (n, ev) = run_with(
        3,
        22,
        0,
        Box::new(move |_, m| match m {
            Message::Move(mut mv) if seen.get() == 0 && mv.body.seq >= 2 => {
                seen.set(mv.body.seq);
                mv.sig.0[7] ^= 1;
                vec![Message::Move(mv)]
            }
            m => vec![m],
        }),
    );
    let seq = forged.get();
    assert!(seq >= 2);
    let e = assert_named(&ev, CheatKind::BadSignature, 0);
    assert_eq!(e.seq, seq);
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
        dwarfs_protocol::replay::verify::<Pig>(&p.replay).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn wrong_seat_is_named() {
    // Seat 1 signs, with its own key, a move claiming seat 0's turn.
    let mut sent = false;
    let (_, ev) = run_with(
        3,
        3,
        1,
        Box::new(move |s, m| match m {
            Message::Ack(a) if !sent => {
                sent = true;
                let body = MoveBody {
                    game_id: a.signed.body.game_id,
                    seq: a.signed.body.seq + 1,
                    seat: Seat(0),
                    prev: a.signed.body.hash,
                    action: codec::encode(&PigAction::Roll).unwrap(),
                    hash: dwarfs_engine::StateHash([0; 32]),
                    reveal: [0; 16],
                    next_tip: None,
                };
                vec![Message::Ack(a), resign_move(s, body)]
            }
            m => vec![m],
        }),
    );
    assert_named(&ev, CheatKind::WrongSeat, 1);
}

#[test]
fn move_out_of_turn_is_named() {
    // Seat 2 signs a move for the next number while seat 0 is still to act.
    let mut sent = false;
    let (_, ev) = run_with(
        3,
        4,
        2,
        Box::new(move |s, m| match m {
            Message::Commit(c) if !sent => {
                sent = true;
                let body = MoveBody {
                    game_id: c.body.game_id,
                    seq: 1,
                    seat: Seat(2),
                    prev: StateHash([0; 32]),
                    action: codec::encode(&PigAction::Roll).unwrap(),
                    hash: dwarfs_engine::StateHash([0; 32]),
                    reveal: [0; 16],
                    next_tip: None,
                };
                vec![Message::Commit(c), resign_move(s, body)]
            }
            m => vec![m],
        }),
    );
    let e = assert_named(&ev, CheatKind::OutOfTurn, 2);
    assert_eq!(e.seq, 1);
}

#[test]
fn previous_hash_mismatch_is_named() {
    let mut done = false;
    let (_, ev) = run_with(
        2,
        5,
        0,
        Box::new(move |s, m| match m {
            Message::Move(mut mv) if !done => {
                done = true;
                mv.body.prev.0[0] ^= 0xff;
                vec![resign_move(s, mv.body)]
            }
            m => vec![m],
        }),
    );
    let e = assert_named(&ev, CheatKind::PrevHashMismatch, 0);
    assert_eq!(e.seq, 1);
}

#[test]
fn equivocation_keeps_both_signed_moves() {
    // Seat 0 signs Roll, then also Hold, for move 1: both are kept as proof.
    let mut done = false;
    let (_, ev) = run_with(
        3,
        6,
        0,
        Box::new(move |s, m| match m {
            Message::Move(mv) if !done => {
                done = true;
                let mut other = mv.body.clone();
                other.action = codec::encode(&PigAction::Hold).unwrap();
                vec![Message::Move(mv), resign_move(s, other)]
            }
            m => vec![m],
        }),
    );
    let e = assert_named(&ev, CheatKind::Equivocation, 0);
    assert_eq!(e.proof.len(), 2);
    let (LogItem::Move(a), LogItem::Move(b)) = (&e.proof[0], &e.proof[1]) else {
        panic!("proof {:?}", e.proof)
    };
    assert_eq!(a.body.seq, b.body.seq);
    assert_ne!(a.body.action, b.body.action);
}

#[test]
fn withheld_seed_reveal_is_named_and_costs_the_seat() {
    // Nobody thinks at the seed round: with no takeover timeout set, the others vote the
    // withholder out on their own after the gone-timeout, and the game starts without it.
    let (n, ev) = run_with(
        3,
        7,
        1,
        Box::new(|_, m| match m {
            Message::Reveal(_) => vec![],
            Message::LogSync(mut s) => {
                s.items
                    .retain(|i| !matches!(i, LogItem::Reveal(r) if r.body.seat == Seat(1)));
                vec![Message::LogSync(s)]
            }
            m => vec![m],
        }),
    );
    assert_named(&ev, CheatKind::WithheldReveal, 1);
    for (i, p) in n.peers.iter().enumerate() {
        if i != 1 {
            assert!(p.events.iter().any(|e| matches!(
                e,
                Event::Silent {
                    seat: Seat(1),
                    waiting: Waiting::Reveal,
                    ..
                }
            )));
            let started = p
                .events
                .iter()
                .zip(&p.event_times)
                .find_map(|(e, t)| matches!(e, Event::Started { .. }).then_some(*t))
                .expect("the game started without seat 1");
            assert!(
                started >= settings().gone_after_ms,
                "no start on a partial seed before the vote: {started}"
            );
            assert_eq!(p.session.phase(), &Phase::Over);
            let r = dwarfs_protocol::replay::verify::<Pig>(&p.replay).unwrap();
            assert_eq!(r.takeovers, vec![(Seat(1), 0)]);
        }
    }
}

#[test]
fn withheld_beacon_preimage_is_named() {
    let (_, ev) = run_with(
        3,
        8,
        2,
        Box::new(|s, m| match m {
            Message::Ack(a) => vec![resign_ack(s, a, |a| a.signed.body.reveal = None)],
            m => vec![m],
        }),
    );
    let e = assert_named(&ev, CheatKind::WithheldReveal, 2);
    assert_eq!(e.seq, 1);
}

#[test]
fn false_beacon_preimage_is_named() {
    let (_, ev) = run_with(
        2,
        9,
        1,
        Box::new(|s, m| match m {
            Message::Ack(a) => vec![resign_ack(s, a, |a| {
                if let Some(r) = a.signed.body.reveal.as_mut() {
                    r[0] ^= 1;
                }
            })],
            m => vec![m],
        }),
    );
    assert_named(&ev, CheatKind::WithheldReveal, 1);
}

#[test]
fn a_beacon_re_commit_where_no_segment_ends_is_named() {
    // Validly signed, so without the finality rule's check the session would store an ack that
    // its own replay verifier refuses.
    let mut done = false;
    let (n, ev) = run_with(
        3,
        12,
        2,
        Box::new(move |s, m| match m {
            Message::Ack(a) if !done && a.signed.body.seq == 2 => {
                done = true;
                vec![resign_ack(s, a, |a| a.signed.body.next_tip = Some([7; 16]))]
            }
            m => vec![m],
        }),
    );
    let e = assert_named(&ev, CheatKind::WithheldReveal, 2);
    assert_eq!(e.seq, 2);
    assert!(
        e.detail.contains("re-commit where no segment ends"),
        "{}",
        e.detail
    );
    for (i, p) in n.peers.iter().enumerate() {
        if i != 2 {
            assert!(matches!(p.session.phase(), Phase::Halted(_)));
        }
    }
}

#[test]
fn forged_ack_hash_is_a_desync_naming_move_hashes_and_majority() {
    let mut done = false;
    let mut n = net(4, 10);
    n.peers[3].tamper = Some(Box::new(move |s, m| match m {
        Message::Ack(a) if !done && a.signed.body.seq == 3 => {
            done = true;
            vec![resign_ack(s, a, |a| a.signed.body.hash.0[0] ^= 1)]
        }
        m => vec![m],
    }));
    n.run(200_000);
    for p in &n.peers[..3] {
        let d = p
            .events
            .iter()
            .find_map(|e| match e {
                Event::Desync(d) => Some(d.clone()),
                _ => None,
            })
            .expect("desync reported");
        assert_eq!(d.seq, 3);
        assert_eq!(d.hashes.len(), 4);
        assert_eq!(d.majority, Some(d.local));
        assert_ne!(d.hashes[3].1, d.local, "seat 4's hash is the odd one");
        // The report holds this seat's view only: what it may see, never another hand.
        let me = p.session.local_seat().expect("a seated peer");
        let view = p.session.state().observe(Viewer::Seat(me));
        assert_eq!(d.view_encoded, dwarfs_engine::codec::encode(&view).unwrap());
        assert_eq!(d.view_debug, format!("{view:#?}"));
        assert!(!d.view_debug.contains("Pig {"), "not the whole state");
        assert!(matches!(p.session.phase(), Phase::Halted(_)));
    }
}

#[test]
fn ack_equivocation_is_named() {
    let mut done = false;
    let (_, ev) = run_with(
        3,
        11,
        1,
        Box::new(move |s, m| match m {
            Message::Ack(a) if !done => {
                done = true;
                let forged = resign_ack(s, a.clone(), |a| a.signed.body.hash.0[1] ^= 1);
                vec![Message::Ack(a), forged]
            }
            m => vec![m],
        }),
    );
    assert_named(&ev, CheatKind::Equivocation, 1);
}

#[test]
fn unknown_peer_is_named_and_ignored() {
    let mut n = net(2, 12);
    n.run(200_000);
    let stranger = Signer::from_secret([42; 32]);
    let pid = stranger.public().peer_id().unwrap();
    let before = n.peers[0].session.state_hash().unwrap();
    n.peers[0].session.handle_message(
        pid,
        Message::Move(Signed {
            sig: stranger.sign(
                Domain::Move,
                &MoveBody {
                    game_id: [0; 32],
                    seq: 1,
                    seat: Seat(0),
                    prev: before,
                    action: vec![0],
                    hash: dwarfs_engine::StateHash([0; 32]),
                    reveal: [0; 16],
                    next_tip: None,
                },
            ),
            body: MoveBody {
                game_id: [0; 32],
                seq: 1,
                seat: Seat(0),
                prev: before,
                action: vec![0],
                hash: dwarfs_engine::StateHash([0; 32]),
                reveal: [0; 16],
                next_tip: None,
            },
        }),
    );
    n.pump(0);
    assert!(n.peers[0].events.iter().any(|e| matches!(e, Event::Cheat(ev) if ev.kind == CheatKind::UnknownPeer && ev.peer_id() == Some(pid))));
    assert_eq!(n.peers[0].session.state_hash().unwrap(), before);
}

#[test]
fn duplicates_are_idempotent() {
    // Every message delivered twice (and a third time by tampering): no cheat, same result.
    let mut n = Network::<Pig>::new(
        &PigOptions::default(),
        3,
        13,
        Faults {
            duplicate: 1000,
            latency_ms: 2,
            ..Faults::default()
        },
        settings(),
    )
    .unwrap();
    n.peers[1].tamper = Some(Box::new(|_, m| vec![m.clone(), m]));
    assert!(n.run(10_000_000));
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(
            !p.events
                .iter()
                .any(|e| matches!(e, Event::Cheat(_) | Event::Desync(_)))
        );
    }
    assert_eq!(n.peers[0].replay, n.peers[2].replay);
}
