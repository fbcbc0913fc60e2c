//! A player whose process died at its own turn, with every move it knew of final everywhere,
//! resumes from its replay and plays on: the peer it asks for the moves it lacks answers even
//! when it has none to send, and that answer is what lets the resumed seat play again.

use dwarfs_engine::Game;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::sim::{Faults, Network, fixture};
use dwarfs_protocol::{Destination, Session};

#[test]
fn a_player_resumed_at_its_own_turn_with_nothing_to_learn_plays_again() {
    let options = PigOptions {
        target: 40,
        max_rounds: 12,
        wagers: false,
    };
    let mut n =
        Network::<Pig>::new(&options, 2, 7, Faults::default(), fixture::settings()).unwrap();
    n.peers[1].autoplay = false;
    // Seat 2 plays by hand until its turn comes with a few moves behind it.
    let mut journal = Vec::new();
    loop {
        assert!(n.run_until(1_000_000, |n| n.peers[1].session.is_my_turn()));
        while let Some(b) = n.peers[1].session.poll_signing_record() {
            journal.extend(b);
        }
        if n.peers[1].session.final_seq() >= 4 {
            break;
        }
        let s = &n.peers[1].session;
        let a = s.state().legal_actions_for_vec(s.local_seat().unwrap())[0];
        n.peers[1].session.submit_local_action(a).unwrap();
        n.pump(1);
    }
    // Both peers stand at the same final move, and it is seat 2's turn: nothing is pending.
    assert_eq!(
        n.peers[0].session.final_seq(),
        n.peers[1].session.final_seq()
    );
    while let Some(f) = n.peers[1].session.poll_replay_frame() {
        n.peers[1].replay.extend(f);
    }
    n.peers[1].offline = true;
    let (file, signer, secret) = (
        n.peers[1].replay.clone(),
        n.peers[1].signer.clone(),
        n.peers[1].secret.clone(),
    );
    let (mut s, _) = Session::<Pig>::resume_with_journal(
        &file,
        &journal,
        signer,
        secret,
        fixture::settings(),
        n.now,
    )
    .unwrap();
    assert!(!s.is_my_turn(), "a resumed seat waits for a peer's answer");
    let (p0, p1) = (n.peers[0].peer, n.peers[1].peer);
    // The two meet again.
    s.peer_connected(p0);
    n.peers[0].session.peer_connected(p1);
    for _ in 0..20 {
        while let Some(t) = s.poll_transmit() {
            if matches!(t.to, Destination::Broadcast) || t.to == Destination::Peer(p0) {
                n.peers[0].session.handle_message(p1, t.message);
            }
        }
        while let Some(t) = n.peers[0].session.poll_transmit() {
            if matches!(t.to, Destination::Broadcast) || t.to == Destination::Peer(p1) {
                s.handle_message(p0, t.message);
            }
        }
    }
    assert!(
        s.is_my_turn(),
        "the resumed seat may play once its peer answered, though it had nothing to send"
    );
}
