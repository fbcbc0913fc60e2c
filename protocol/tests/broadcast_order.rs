//! The order of a broadcast: the author of the move under way first (it waits for our ack to see
//! its move final), then the others in seat order.

use dwarfs_engine::Seat;
use dwarfs_protocol::Event;
use dwarfs_protocol::sim::fixture;
use libp2p_identity::PeerId;

/// The move a peer applied last and does not yet hold as final: its number and author.
fn applied_not_final<G: dwarfs_engine::Game>(events: &[Event<G>]) -> Option<(u32, Seat)> {
    let last_final = events
        .iter()
        .filter_map(|e| match e {
            Event::MoveFinal { seq, .. } => Some(*seq),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    events.iter().rev().find_map(|e| match e {
        Event::MoveApplied { seq, seat, .. } if *seq > last_final => Some((*seq, *seat)),
        _ => None,
    })
}

#[test]
fn the_author_of_the_move_under_way_is_sent_our_ack_first() {
    let mut net = fixture::net(4, 11);
    let peers: Vec<PeerId> = net.peers.iter().map(|p| p.peer).collect();
    for i in 0..net.peers.len() {
        net.pump(i);
    }
    // After every delivery, every peer holding another seat's move that is not final yet (its
    // acks on their way) sends to that move's author first, then to the others in seat order.
    let mut checked = 0;
    let mut steps = 0;
    while !net.done() && steps < 100_000 {
        net.step();
        steps += 1;
        for (i, p) in net.peers.iter().enumerate() {
            let Some((seq, author)) = applied_not_final(&p.events) else {
                continue;
            };
            if author.index() == i {
                continue;
            }
            let order = p.session.broadcast_peers();
            let others = (0..peers.len()).filter(|&k| k != i && k != author.index());
            let want: Vec<PeerId> = std::iter::once(author.index())
                .chain(others)
                .map(|k| peers[k])
                .collect();
            assert_eq!(order, want, "peer {i} at move {seq} by {author}");
            checked += 1;
        }
    }
    assert!(net.done(), "the game did not finish");
    assert!(checked >= 20, "only {checked} moves were seen under way");
}

#[test]
fn with_no_move_under_way_the_order_is_the_seat_order() {
    let mut net = fixture::net(4, 12);
    assert!(net.run(600_000), "the game did not finish");
    let peers: Vec<PeerId> = net.peers.iter().map(|p| p.peer).collect();
    for (i, p) in net.peers.iter().enumerate() {
        let want: Vec<PeerId> = (0..peers.len())
            .filter(|&k| k != i)
            .map(|k| peers[k])
            .collect();
        assert_eq!(p.session.broadcast_peers(), want);
    }
}
