//! A peer cannot make another do unbounded work: chat lines, log requests and relayed evidence
//! are answered at most at their rates ([`dwarfs_protocol::limit`]), and strangers' reports are
//! bounded; the game still finishes for everyone.

mod common;

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::limit::{
    CHAT_BURST, CHAT_EVERY_MS, EVIDENCE_BURST, MAX_UNKNOWN_REPORTS, SYNC_BURST,
};
use dwarfs_protocol::message::{ChatBody, LogItem, Message, MoveBody, Signed, SyncRequest};
use dwarfs_protocol::sim::{Network, sim_game_id};
use dwarfs_protocol::{CheatKind, Event, Evidence, Phase};
use libp2p_identity::PeerId;

const SEED: u64 = 41;

fn net(players: u8) -> Network<Pig> {
    common::pig_net(players, SEED)
}

/// A network whose game is under way (a few moves final on every peer).
fn playing(players: u8) -> Network<Pig> {
    let mut n = net(players);
    assert!(n.run_until(60_000, |n| {
        n.peers
            .iter()
            .all(|p| p.session.phase() == &Phase::Playing && p.session.final_seq() >= 3)
    }));
    n
}

fn chats(events: &[Event<Pig>]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Chat { .. }))
        .count()
}

#[test]
fn a_player_flooding_chat_is_shown_at_its_rate_and_the_game_finishes() {
    let mut n = net(3);
    let game_id = sim_game_id(SEED);
    let mut counter = 0u32;
    // Seat 2 sends twenty signed chat lines with every message it sends.
    n.peers[1].tamper = Some(Box::new(move |signer, m| {
        let mut out = vec![m];
        for _ in 0..20 {
            counter += 1;
            let body = ChatBody {
                game_id,
                seat: Some(Seat(1)),
                counter,
                text: format!("spam {counter}"),
            };
            out.push(Message::Chat(Signed {
                sig: signer.sign(Domain::Chat, &body),
                body,
            }));
        }
        out
    }));
    assert!(n.run(600_000), "the game finished");
    let hashes = n.hashes();
    assert!(hashes.iter().all(|h| *h == hashes[0]), "every peer agrees");
    let most = CHAT_BURST as u64 + n.now / CHAT_EVERY_MS + 1;
    for i in [0, 2] {
        let p = &n.peers[i];
        assert_eq!(p.session.phase(), &Phase::Over);
        let shown = chats(&p.events) as u64;
        assert!(shown >= 1, "some lines get through");
        assert!(
            shown <= most,
            "peer {i} showed {shown} lines in {} ms (at most {most})",
            n.now
        );
        assert!(p.session.rate_limited() > 0);
    }
}

#[test]
fn log_requests_past_the_rate_are_not_answered_until_it_allows_more() {
    let mut n = playing(2);
    let asker = n.peers[1].peer;
    let s = &mut n.peers[0].session;
    while s.poll_transmit().is_some() {}
    let req = SyncRequest {
        game_id: sim_game_id(SEED),
        from_seq: 1,
        need_setup: true,
    };
    let answered = |s: &mut dwarfs_protocol::Session<Pig>| {
        std::iter::from_fn(|| s.poll_transmit())
            .filter(|t| matches!(t.message, Message::LogSync(_)))
            .count()
    };
    for _ in 0..200 {
        s.handle_message(asker, Message::SyncRequest(req.clone()));
    }
    let first = answered(s);
    assert!(
        first >= 1 && first <= SYNC_BURST as usize,
        "{first} answers to 200 requests at once"
    );
    // A retransmission period later, a few more are answered.
    let later = n.now + 1_000;
    let s = &mut n.peers[0].session;
    s.tick(later);
    while s.poll_transmit().is_some() {}
    for _ in 0..200 {
        s.handle_message(asker, Message::SyncRequest(req.clone()));
    }
    let second = answered(s);
    assert!(second >= 1 && second <= SYNC_BURST as usize, "{second}");
}

#[test]
fn relayed_evidence_is_checked_at_most_at_its_rate() {
    let mut n = playing(2);
    let relayer = n.peers[1].peer;
    let signer = &n.peers[1].signer;
    let game_id = sim_game_id(SEED);
    let mv = |seq: u32, action: Vec<u8>| {
        let body = MoveBody {
            game_id,
            seq,
            seat: Seat(1),
            prev: dwarfs_engine::StateHash([0; 32]),
            action,
            hash: dwarfs_engine::StateHash([0; 32]),
            reveal: [0; 16],
            next_tip: None,
        };
        LogItem::Move(Signed {
            sig: signer.sign(Domain::Move, &body),
            body,
        })
    };
    // A proof whose items do not belong to one slot: checked (two signatures) and dropped.
    let ev = Evidence {
        kind: CheatKind::Equivocation,
        seat: Some(Seat(1)),
        peer: relayer.to_bytes(),
        seq: 1,
        detail: String::new(),
        proof: vec![mv(900, vec![1]), mv(901, vec![2])],
    };
    let s = &mut n.peers[0].session;
    let before = s.rate_limited();
    for _ in 0..100 {
        s.handle_message(relayer, Message::Evidence(ev.clone()));
    }
    let dropped = s.rate_limited() - before;
    assert!(
        dropped >= 100 - EVIDENCE_BURST as u64,
        "only a burst is checked: {dropped} of 100 dropped"
    );
    assert_eq!(
        s.phase(),
        &Phase::Playing,
        "nothing proven, the game goes on"
    );
}

#[test]
fn strangers_reports_are_bounded_and_never_stop_the_game() {
    let mut n = playing(2);
    let body = ChatBody {
        game_id: sim_game_id(SEED),
        seat: Some(Seat(1)),
        counter: 1,
        text: "hi".into(),
    };
    let msg = Message::Chat(Signed {
        sig: n.peers[1].signer.sign(Domain::Chat, &body),
        body,
    });
    let s = &mut n.peers[0].session;
    for _ in 0..500 {
        s.handle_message(PeerId::random(), msg.clone());
    }
    let reported = std::iter::from_fn(|| s.poll_event())
        .filter(|e| matches!(e, Event::Cheat(ev) if ev.kind == CheatKind::UnknownPeer))
        .count();
    assert!(
        (1..=MAX_UNKNOWN_REPORTS).contains(&reported),
        "{reported} strangers reported"
    );
    assert_eq!(s.phase(), &Phase::Playing);
    assert!(n.run(600_000), "the game still finishes");
}
