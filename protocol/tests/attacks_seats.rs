//! Seat numbers out of range: a seated peer signs, with its own key, copies of everything it
//! sends naming a seat the game does not have. No honest peer panics, halts or blames anyone but
//! that peer (for claiming a seat it does not hold), and the copies change nothing: the game is
//! played to the same end as without them.

mod common;

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::keys::{Domain, Signer};
use dwarfs_protocol::message::{Message, Signed};
use dwarfs_protocol::replay;
use dwarfs_protocol::{CheatKind, Event, Phase};

/// `m` with every seat it names set to `seat`, signed again by `s`; `None` for a message
/// that names no seat.
fn with_seat(s: &Signer, m: &Message, seat: Seat) -> Option<Message> {
    Some(match m.clone() {
        Message::Commit(mut c) => {
            c.body.seat = seat;
            Message::Commit(Signed::sign(s, Domain::Commit, c.body))
        }
        Message::Reveal(mut r) => {
            r.body.seat = seat;
            Message::Reveal(Signed::sign(s, Domain::Reveal, r.body))
        }
        Message::Move(mut mv) => {
            mv.body.seat = seat;
            Message::Move(Signed::sign(s, Domain::Move, mv.body))
        }
        Message::Ack(mut a) => {
            a.signed.body.seat = seat;
            a.signed = Signed::sign(s, Domain::Ack, a.signed.body);
            Message::Ack(a)
        }
        Message::Chat(mut c) => {
            c.body.seat = Some(seat);
            Message::Chat(Signed::sign(s, Domain::Chat, c.body))
        }
        Message::Takeover(mut t) => {
            t.body.seat = seat;
            t.body.voter = seat;
            Message::Takeover(Signed::sign(s, Domain::Takeover, t.body))
        }
        Message::SecretCommit(mut c) => {
            c.body.seat = seat;
            Message::SecretCommit(Signed::sign(s, Domain::SecretCommit, c.body))
        }
        Message::SecretReveal(mut r) => {
            r.body.seat = seat;
            Message::SecretReveal(Signed::sign(s, Domain::SecretReveal, r.body))
        }
        _ => return None,
    })
}

#[test]
fn signed_items_naming_a_seat_out_of_range_are_refused_naming_only_their_signer() {
    let seed = 11;
    let mut clean = common::pig_net(3, seed);
    assert!(clean.run(200_000));
    let mut n = common::pig_net(3, seed);
    let copies = std::rc::Rc::new(std::cell::Cell::new(0u32));
    let counted = copies.clone();
    n.peers[1].tamper = Some(Box::new(move |s, m| {
        let mut out = Vec::new();
        for seat in [Seat(3), Seat(200), Seat(255)] {
            out.extend(with_seat(s, &m, seat));
        }
        counted.set(counted.get() + out.len() as u32);
        out.push(m);
        out
    }));
    assert!(n.run(200_000), "the game did not finish");
    assert!(copies.get() > 50, "only {} copies sent", copies.get());
    for (i, p) in n.peers.iter().enumerate() {
        assert_eq!(p.session.phase(), &Phase::Over, "peer {i}");
        // Whoever is named is the seat that signed the copies, for claiming another seat.
        let wrong: Vec<_> = p
            .events
            .iter()
            .filter(|e| match e {
                Event::Cheat(ev) => ev.kind != CheatKind::WrongSeat || ev.seat != Some(Seat(1)),
                e => matches!(e, Event::Desync(_) | Event::Halted { .. }),
            })
            .collect();
        assert!(wrong.is_empty(), "peer {i}: {wrong:?}");
        assert_eq!(p.replay, clean.peers[i].replay, "peer {i}");
        replay::verify::<Pig>(&p.replay).unwrap();
    }
}
