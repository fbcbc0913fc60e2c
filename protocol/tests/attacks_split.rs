//! A mover that signs two different moves for one number and tells each peer only one of them:
//! no peer receives both, so each applies its own, and their acks disagree. Before anyone calls
//! it a desync, the disagreeing peers exchange the signed moves they hold; each honest peer then
//! holds both, names the equivocation with both signatures as proof, and no honest player is
//! blamed.

use dwarfs_engine::toy::Pig;
use dwarfs_engine::{Game, Seat, codec, state_hash};
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{LogItem, Message, MoveBody, Signed};
use dwarfs_protocol::sim::{Network, fixture};
use dwarfs_protocol::{CheatKind, Event, Phase, Settings};

/// Seat 1 plays with its bot until it has two legal moves, then signs the first for every peer
/// but those in `told_other`, which get the second, validly signed too (and the state hash after
/// it, so each version is consistent on its own). Returns the network once the game stopped.
fn split_move(players: u8, seed: u64, told_other: &'static [usize]) -> Network<Pig> {
    let settings = Settings {
        takeover_after_ms: None,
        ..fixture::settings()
    };
    let mut n = fixture::net_with(players, seed, settings, |_| {});
    n.peers[0].autoplay = false;
    let (state, legal) = loop {
        assert!(n.run_until(200_000, |n| n.peers[0].session.is_my_turn()));
        let state = n.peers[0].session.state().clone();
        let legal = state.legal_actions_for_vec(Seat(0));
        if legal.len() >= 2 {
            break (state, legal);
        }
        n.peers[0].session.submit_local_action(legal[0]).unwrap();
        n.pump(0);
    };
    let seq = n.peers[0].session.final_seq() + 1;
    let mut after = state.clone();
    after.play(Seat(0), &legal[1]).unwrap();
    let other_hash = state_hash(&after).unwrap();
    let other_action = codec::encode(&legal[1]).unwrap();
    let other = move |s: &dwarfs_protocol::keys::Signer, m: &Signed<MoveBody>| {
        let body = MoveBody {
            action: other_action.clone(),
            hash: other_hash,
            ..m.body.clone()
        };
        Signed {
            sig: s.sign(Domain::Move, &body),
            body,
        }
    };
    // The lie is kept up everywhere: in moves, log answers, and anything resent.
    n.peers[0].tamper_to = Some(Box::new(move |s, to, m| {
        if !told_other.contains(&to) {
            return vec![m];
        }
        vec![match m {
            Message::Move(mv) if mv.body.seq == seq => Message::Move(other(s, &mv)),
            Message::LogSync(mut l) => {
                for item in &mut l.items {
                    if let LogItem::Move(mv) = item
                        && mv.body.seq == seq
                    {
                        *mv = other(s, mv);
                    }
                }
                Message::LogSync(l)
            }
            m => m,
        }]
    }));
    n.peers[0].session.submit_local_action(legal[0]).unwrap();
    n.pump(0);
    n.run(200_000);
    n
}

/// Every honest peer named seat 1's equivocation with two different moves for one number, both
/// signed by seat 1's key, reported no desync, blamed no one else, and stopped.
fn assert_equivocation_named(n: &Network<Pig>) {
    let key = n.peers[0].signer.public();
    for (i, p) in n.peers.iter().enumerate().skip(1) {
        let cheats: Vec<_> = p
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Cheat(ev) => Some(ev),
                _ => None,
            })
            .collect();
        let e = cheats
            .iter()
            .find(|e| e.kind == CheatKind::Equivocation)
            .unwrap_or_else(|| panic!("peer {i} did not name the equivocation: {:?}", p.events));
        assert_eq!(e.seat, Some(Seat(0)), "peer {i}");
        let [LogItem::Move(a), LogItem::Move(b)] = &e.proof[..] else {
            panic!("peer {i}: proof {:?}", e.proof)
        };
        assert_eq!(a.body.seq, b.body.seq);
        assert_eq!(a.body.seat, Seat(0));
        assert_ne!(a.body.action, b.body.action);
        assert!(a.is_signed_by(&key, Domain::Move) && b.is_signed_by(&key, Domain::Move));
        assert!(
            cheats.iter().all(|e| e.seat == Some(Seat(0))),
            "peer {i} blamed an honest player: {cheats:?}"
        );
        assert!(
            !p.events.iter().any(|e| matches!(e, Event::Desync(_))),
            "peer {i} reported a desync"
        );
        assert!(matches!(p.session.phase(), Phase::Halted(_)), "peer {i}");
    }
}

#[test]
fn a_mover_that_tells_each_of_two_peers_a_different_move_is_named_for_equivocation() {
    assert_equivocation_named(&split_move(3, 5, &[2]));
}

#[test]
fn a_mover_that_splits_three_peers_one_against_two_is_named_by_all() {
    assert_equivocation_named(&split_move(4, 6, &[2, 3]));
}
