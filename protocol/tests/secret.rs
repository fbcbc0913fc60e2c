//! Simultaneous secret decisions (Pig with wagers): commit-then-reveal among several peers, no
//! reveal before every commitment is held, evidence for mismatching reveals and double
//! commitments, takeover of a seat that withholds its reveal, and replays that record and check
//! commitments and reveals.

mod common;
use common::{assemble, frames};

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{LogItem, Message, SecretRevealBody, Signed};
use dwarfs_protocol::replay::format::Frame;
use dwarfs_protocol::replay::{self, Fault};
use dwarfs_protocol::sim::{Faults, Network, SimPeer};
use dwarfs_protocol::{CheatKind, Event, Phase, Settings};
use std::cell::RefCell;
use std::rc::Rc;

fn options() -> PigOptions {
    PigOptions {
        target: 30,
        max_rounds: 8,
        wagers: true,
    }
}

fn settings(takeover: bool) -> Settings {
    Settings {
        retransmit_ms: 30,
        silence_ms: 300,
        sync_chunk: 8,
        takeover_after_ms: takeover.then_some(400),
        gone_after_ms: 1_200,
    }
}

fn net(players: u8, seed: u64, takeover: bool) -> Network<Pig> {
    Network::<Pig>::new(
        &options(),
        players,
        seed,
        Faults {
            latency_ms: 3,
            ..Faults::default()
        },
        settings(takeover),
    )
    .unwrap()
}

/// Applies `f` to every secret reveal in `m`, sent directly or relayed in a log sync (`None`
/// drops it).
fn map_reveals(
    m: Message,
    f: &dyn Fn(Signed<SecretRevealBody>) -> Option<Signed<SecretRevealBody>>,
) -> Vec<Message> {
    match m {
        Message::SecretReveal(r) => f(r).map(Message::SecretReveal).into_iter().collect(),
        Message::LogSync(mut sync) => {
            sync.items = sync
                .items
                .into_iter()
                .filter_map(|i| match i {
                    LogItem::SecretReveal(r) => f(r).map(LogItem::SecretReveal),
                    i => Some(i),
                })
                .collect();
            vec![Message::LogSync(sync)]
        }
        m => vec![m],
    }
}

fn cheats(p: &SimPeer<Pig>) -> Vec<(CheatKind, Option<Seat>, u32)> {
    p.events
        .iter()
        .filter_map(|e| match e {
            Event::Cheat(ev) => Some((ev.kind, ev.seat, ev.seq)),
            _ => None,
        })
        .collect()
}

/// Every message each peer sends, in the order sent, as (sender, message).
type SendLog = Rc<RefCell<Vec<(usize, Message)>>>;

fn observe(n: &mut Network<Pig>) -> SendLog {
    let log: SendLog = Rc::default();
    for i in 0..n.peers.len() {
        let log = log.clone();
        n.peers[i].tamper = Some(Box::new(move |_, m| {
            log.borrow_mut().push((i, m.clone()));
            vec![m]
        }));
    }
    log
}

#[test]
fn whole_games_with_secret_wagers_finish_and_verify() {
    for players in [2u8, 3, 4] {
        let mut n = net(players, 40 + players as u64, false);
        let sent = observe(&mut n);
        assert!(n.run(2_000_000), "{players} players did not finish");
        for p in &n.peers {
            assert_eq!(p.session.phase(), &Phase::Over, "{players} players");
            assert!(cheats(p).is_empty(), "{:?}", cheats(p));
            assert_eq!(p.replay, n.peers[0].replay);
        }
        let r = replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
        let secret: Vec<_> = frames(&n.peers[0].replay)
            .into_iter()
            .filter_map(|f| match f {
                Frame::Secret(s) => Some(s),
                _ => None,
            })
            .collect();
        assert!(!secret.is_empty());
        assert!(
            secret.iter().all(|s| s.choices.len() == players as usize
                && s.choices.iter().all(|c| c.proof.is_some()))
        );
        // Every live seat signs a commitment and a reveal per step.
        assert!(r.signatures as usize > secret.len() * 2 * players as usize);
        let log = replay::show::<Pig>(&n.peers[0].replay);
        assert!(log.contains("secret choices:"), "{log}");
        let (positions, res) = replay::positions::<Pig>(&n.peers[0].replay);
        assert!(res.is_ok());
        assert!(positions.iter().any(|p| p.seat.is_none() && p.seq > 0));
        // No peer revealed before every deciding seat's commitment of the step had been sent.
        let sent = sent.borrow();
        for (k, (i, m)) in sent.iter().enumerate() {
            let Message::SecretReveal(r) = m else {
                continue;
            };
            let committed: Vec<u8> = sent[..k]
                .iter()
                .filter_map(|(_, m)| match m {
                    Message::SecretCommit(c) if c.body.seq == r.body.seq => Some(c.body.seat.0),
                    _ => None,
                })
                .collect();
            for s in 0..players {
                assert!(
                    committed.contains(&s),
                    "peer {i} revealed at move {} before seat {s} committed",
                    r.body.seq
                );
            }
        }
    }
}

/// Runs until the game waits at a secret step with `holdout`'s player not playing.
fn hold_at_wager(n: &mut Network<Pig>, holdout: usize) -> u32 {
    assert!(n.run_until(500_000, |n| n.peers[0].session.final_seq() >= 4));
    n.peers[holdout].autoplay = false;
    assert!(n.run_until(500_000, |n| {
        matches!(n.peers[0].session.state().to_act(), Actor::Simultaneous(_))
            && n.peers[holdout].session.is_my_turn()
    }));
    n.peers[0].session.final_seq() + 1
}

#[test]
fn nobody_reveals_while_a_seat_has_not_committed() {
    let mut n = net(3, 51, false);
    let sent = observe(&mut n);
    let seq = hold_at_wager(&mut n, 1);
    let until = n.now + 2_000;
    n.run_until(until, |n| n.now >= until);
    let reveals_at = |sent: &SendLog| {
        sent.borrow()
            .iter()
            .filter(|(_, m)| matches!(m, Message::SecretReveal(r) if r.body.seq == seq))
            .count()
    };
    let commits = sent
        .borrow()
        .iter()
        .filter(|(_, m)| matches!(m, Message::SecretCommit(c) if c.body.seq == seq))
        .count();
    assert!(commits >= 2, "the two others committed");
    assert_eq!(
        reveals_at(&sent),
        0,
        "a reveal went out before every commitment"
    );
    assert!(n.peers[1].session.is_my_turn());
    assert!(
        n.peers[1]
            .events
            .iter()
            .any(|e| matches!(e, Event::YourTurn { seq: s, seat } if *s == seq && seat.0 == 1))
    );
    n.peers[1].autoplay = true;
    assert!(n.run(2_000_000));
    assert!(reveals_at(&sent) >= 3);
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
    }
    replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_mismatching_reveal_is_evidence_and_the_seat_is_taken_over() {
    let mut n = net(3, 52, true);
    n.peers[2].tamper = Some(Box::new(|s, m| {
        map_reveals(m, &|mut r| {
            if r.body.seat == Seat(2) {
                r.body.salt[0] ^= 1;
                r.sig = s.sign(Domain::SecretReveal, &r.body);
            }
            Some(r)
        })
    }));
    assert!(n.run(3_000_000));
    for p in &n.peers[..2] {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(
            cheats(p)
                .iter()
                .any(|(k, s, seq)| *k == CheatKind::WithheldReveal
                    && *s == Some(Seat(2))
                    && *seq > 0),
            "{:?}",
            cheats(p)
        );
        assert!(
            p.events
                .iter()
                .any(|e| matches!(e, Event::TakenOver { seat, .. } if seat.0 == 2))
        );
    }
    let r = replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers.len(), 1);
    // After the takeover, the bot's choices for seat 2 are recorded without a proof.
    assert!(frames(&n.peers[0].replay).iter().any(|f| matches!(
        f,
        Frame::Secret(s) if s.choices.iter().any(|c| c.seat == Seat(2) && c.proof.is_none())
    )));
}

#[test]
fn a_withheld_reveal_leads_to_a_takeover_and_the_game_ends() {
    let mut n = net(2, 53, true);
    n.peers[1].tamper = Some(Box::new(|_, m| {
        map_reveals(m, &|r| (r.body.seat != Seat(1)).then_some(r))
    }));
    assert!(n.run(3_000_000));
    let p = &n.peers[0];
    assert_eq!(p.session.phase(), &Phase::Over);
    assert!(
        cheats(p)
            .iter()
            .any(|(k, s, _)| *k == CheatKind::WithheldReveal && *s == Some(Seat(1))),
        "{:?}",
        cheats(p)
    );
    let r = replay::verify::<Pig>(&p.replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers.len(), 1);
}

#[test]
fn a_second_commitment_is_equivocation() {
    let mut n = net(3, 54, false);
    n.peers[1].tamper = Some(Box::new(|s, m| match m {
        Message::SecretCommit(c) => {
            let mut other = c.clone();
            other.body.digest[0] ^= 1;
            other.sig = s.sign(Domain::SecretCommit, &other.body);
            vec![Message::SecretCommit(c), Message::SecretCommit(other)]
        }
        m => vec![m],
    }));
    n.run(500_000);
    for p in [&n.peers[0], &n.peers[2]] {
        assert!(matches!(p.session.phase(), Phase::Halted(_)));
        let ev = p
            .events
            .iter()
            .find_map(|e| match e {
                Event::Cheat(ev) if ev.kind == CheatKind::Equivocation => Some(ev.clone()),
                _ => None,
            })
            .expect("equivocation evidence");
        assert_eq!(ev.seat, Some(Seat(1)));
        assert!(ev.seq > 0);
        assert_eq!(ev.proof.len(), 2);
    }
}

#[test]
fn a_tampered_reveal_in_a_replay_fails_verification() {
    let mut n = net(2, 55, false);
    assert!(n.run(2_000_000));
    let bytes = n.peers[0].replay.clone();
    replay::verify::<Pig>(&bytes).unwrap();
    let positions = replay::positions::<Pig>(&bytes).0;
    let mut fs = frames(&bytes);
    // A secret step where the first seat had another legal wager, and that wager.
    let (k, seq, other) = fs
        .iter()
        .enumerate()
        .find_map(|(k, f)| {
            let Frame::Secret(s) = f else { return None };
            let before = &positions[s.seq as usize - 1].state;
            let other = before
                .legal_actions_for_vec(s.choices[0].seat)
                .into_iter()
                .map(|a| dwarfs_engine::codec::encode(&a).unwrap())
                .find(|a| *a != s.choices[0].action)?;
            Some((k, s.seq, other))
        })
        .expect("a secret step with a choice");
    let Frame::Secret(s) = &mut fs[k] else {
        unreachable!()
    };
    s.choices[0].action = other;
    let e = replay::verify::<Pig>(&assemble(&fs)).unwrap_err();
    assert_eq!(e.seq, Some(seq), "{e}");
    assert!(matches!(e.fault, Fault::Signature { .. }), "{e}");
    assert!(e.to_string().contains("secret commitment"), "{e}");
    // A choice without its proof for a live seat is refused too.
    let mut fs = frames(&bytes);
    let Frame::Secret(s) = &mut fs[k] else {
        unreachable!()
    };
    s.choices[0].proof = None;
    let e = replay::verify::<Pig>(&assemble(&fs)).unwrap_err();
    assert!(e.to_string().contains("missing"), "{e}");
}

/// On a lossy, reordering network a peer crashes mid-game (its file cut), resumes from its own
/// replay and the game ends with identical, verified files: commitments and reveals travel in
/// log syncs, and a resumed peer rebuilds its own reveal from its commitment.
#[test]
fn a_crashed_peer_resumes_through_secret_steps() {
    use dwarfs_protocol::Session;
    for (cut, seed) in [(0usize, 60u64), (7, 61)] {
        let mut n = Network::<Pig>::new(
            &options(),
            3,
            seed,
            Faults {
                drop: 50,
                reorder: 100,
                latency_ms: 3,
                max_extra_delay_ms: 20,
                ..Faults::default()
            },
            settings(false),
        )
        .unwrap();
        assert!(n.run_until(2_000_000, |n| n.peers[2].session.final_seq() >= 12));
        n.peers[2].offline = true;
        n.run_until(500, |_| false);
        let file = n.peers[2].replay.clone();
        let file = &file[..file.len() - cut];
        let signer = n.peers[2].signer.clone();
        let secret = n.peers[2].secret.clone();
        let (session, keep) =
            Session::<Pig>::resume_with_signer(file, signer, secret, settings(false), n.now)
                .unwrap();
        n.peers[2].session = session;
        n.peers[2].replay = file[..keep].to_vec();
        n.peers[2].offline = false;
        assert!(n.run(10_000_000), "did not finish after resume");
        for p in &n.peers {
            let details: Vec<String> = p
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Cheat(ev) => Some(format!("{} {:?}", ev.detail, ev.proof)),
                    _ => None,
                })
                .collect();
            assert_eq!(p.session.phase(), &Phase::Over, "{details:?}");
            assert!(cheats(p).is_empty(), "{:?}", cheats(p));
        }
        assert_eq!(n.peers[2].replay, n.peers[0].replay);
        assert_eq!(n.peers[1].replay, n.peers[0].replay);
        replay::verify::<Pig>(&n.peers[2].replay).unwrap();
    }
}
