//! Takeover votes are pruned once used: a vote that never decides anything is dropped once the
//! moves after it are final, and the votes of an applied takeover leave the held set.

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{Message, Signed, TakeoverBody};
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::{Network, fixture};
use dwarfs_protocol::{Event, Phase, Settings};

fn net(seed: u64, takeover_after_ms: Option<u64>) -> Network<Pig> {
    let settings = Settings {
        takeover_after_ms,
        ..fixture::settings()
    };
    fixture::net_with(3, seed, settings, |_| {})
}

#[test]
fn a_vote_that_decides_nothing_is_dropped_once_the_next_moves_are_final() {
    let mut n = net(91, None);
    assert!(n.run_until(200_000, |n| n.peers[1].session.final_seq() >= 6));
    // Seat 1 votes (to seat 2's peer alone) against seat 3, which is alive: no one joins it.
    let from_seq = n.peers[1].session.final_seq() + 1;
    let body = TakeoverBody {
        game_id: n.peers[0].session.config().game_id,
        seat: Seat(2),
        from_seq,
        voter: Seat(0),
        seat_move: None,
    };
    let vote = Signed {
        sig: n.peers[0].signer.sign(Domain::Takeover, &body),
        body,
    };
    let from = n.peers[0].peer;
    n.peers[1]
        .session
        .handle_message(from, Message::Takeover(vote));
    n.pump(1);
    assert_eq!(n.peers[1].session.held_votes(), 1);
    // Held while its move is under way and just final; dropped once the move after it is.
    assert!(n.run_until(200_000, |n| n.peers[1].session.final_seq() > from_seq));
    assert_eq!(n.peers[1].session.held_votes(), 0);
    assert!(n.run(2_000_000));
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(
            !p.events
                .iter()
                .any(|e| matches!(e, Event::TakenOver { .. }))
        );
    }
}

#[test]
fn the_votes_of_an_applied_takeover_leave_the_held_votes() {
    let mut n = net(92, Some(400));
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 6));
    n.peers[2].offline = true;
    let applied = |n: &Network<Pig>| {
        (0..2).all(|i| {
            n.peers[i]
                .events
                .iter()
                .any(|e| matches!(e, Event::TakenOver { seat: Seat(2), .. }))
        })
    };
    // A voter holds its own vote until the other's comes.
    assert!(n.run_until(200_000, |n| {
        (0..2).any(|i| n.peers[i].session.held_votes() > 0)
    }));
    assert!(n.run_until(200_000, applied));
    for i in 0..2 {
        assert_eq!(n.peers[i].session.held_votes(), 0, "peer {i}");
    }
    assert!(n.run(2_000_000));
    replay::verify::<Pig>(&n.peers[0].replay).unwrap_or_else(|e| panic!("{e}"));
}
