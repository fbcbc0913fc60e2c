//! A host who offers a game id a second time learns nothing of a peer's secrets for the new game
//! from the first: every per-game secret mixes in fresh randomness ([`GameSecret`]), and a
//! resumed session must be given the same secret again.

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::message::{CommitBody, Message, RevealBody};
use dwarfs_protocol::sim::{Faults, Network, sim_signer};
use dwarfs_protocol::{
    Destination, GameConfig, GameSecret, Phase, ResumeError, SeatSpec, Session, Settings,
};

/// The same two keys at the same table, under the same game id.
fn config() -> GameConfig {
    let seats = vec![
        SeatSpec::Player(sim_signer(5, 0).public()),
        SeatSpec::Player(sim_signer(5, 1).public()),
    ];
    GameConfig::new::<Pig>([42; 32], &PigOptions::default(), seats).unwrap()
}

/// The seed commit seat 0 sends when it starts with `secret`.
fn commit_with(secret: [u8; 32]) -> CommitBody {
    let mut s = Session::<Pig>::with_signer(
        config(),
        sim_signer(5, 0),
        GameSecret::from_bytes(secret),
        Settings::default(),
        0,
    )
    .unwrap();
    while let Some(t) = s.poll_transmit() {
        if let (Destination::Broadcast, Message::Commit(c)) = (t.to, t.message) {
            return c.body;
        }
    }
    panic!("a seated session commits at once")
}

#[test]
fn one_key_under_one_game_id_commits_to_new_values_with_each_fresh_secret() {
    let a = commit_with([1; 32]);
    let b = commit_with([2; 32]);
    assert_eq!(a.game_id, b.game_id);
    assert_eq!(a.config_digest, b.config_digest);
    assert_ne!(
        a.nonce_hash, b.nonce_hash,
        "a re-offered game id must not repeat the seed nonce"
    );
    assert_ne!(
        a.beacon_tip, b.beacon_tip,
        "a re-offered game id must not repeat the beacon chain"
    );
    // The same secret gives the same commit (what a resume relies on).
    assert_eq!(a, commit_with([1; 32]));
}

/// A game of two players on a network with 1 ms links.
fn two_players(seed: u64) -> Network<Pig> {
    let faults = Faults {
        latency_ms: 1,
        ..Faults::default()
    };
    Network::<Pig>::new(&PigOptions::default(), 2, seed, faults, Settings::default()).unwrap()
}

#[test]
fn a_nonce_revealed_in_one_game_does_not_open_the_next_game_under_that_id() {
    // Game one runs to its reveals; the host keeps seat 1's nonce.
    let mut n = two_players(5);
    assert!(n.run_until(100_000, |n| n.peers[0].session.final_seq() >= 1));
    let config = n.peers[0].session.config().clone();
    let revealed = reveals_sent(&n);
    assert!(!revealed.is_empty(), "seat 1 revealed its nonce");
    // Game two: the same config, so the same game id, but a fresh secret for seat 1.
    let mut again = Session::<Pig>::with_signer(
        config,
        n.peers[1].signer.clone(),
        GameSecret::from_bytes([9; 32]),
        Settings::default(),
        0,
    )
    .unwrap();
    let commit = std::iter::from_fn(|| again.poll_transmit())
        .find_map(|t| match t.message {
            Message::Commit(c) => Some(c.body),
            _ => None,
        })
        .unwrap();
    for r in revealed {
        assert_ne!(
            dwarfs_protocol::beacon::nonce_hash(&commit.game_id, commit.seat, &r.nonce),
            commit.nonce_hash,
            "the old nonce opens the new commit: the host would know the seed before anyone"
        );
    }
}

/// Seat 1's seed reveals, as recorded in seat 0's replay header.
fn reveals_sent(n: &Network<Pig>) -> Vec<RevealBody> {
    use dwarfs_protocol::replay::format::{Frame, read_frames};
    read_frames(&n.peers[0].replay)
        .frames
        .into_iter()
        .filter_map(|(_, f)| match f {
            Frame::Header(h) => Some(h.reveals),
            _ => None,
        })
        .flatten()
        .filter(|r| r.body.seat.0 == 1)
        .map(|r| r.body)
        .collect()
}

#[test]
fn a_resume_needs_the_game_secret_it_started_with() {
    let mut n = two_players(6);
    assert!(n.run_until(100_000, |n| n.peers[1].session.final_seq() >= 3));
    let file = n.peers[1].replay.clone();
    let signer = n.peers[1].signer.clone();
    let e = Session::<Pig>::resume_with_signer(
        &file,
        signer.clone(),
        GameSecret::from_bytes([7; 32]),
        Settings::default(),
        n.now,
    )
    .map(|_| ())
    .unwrap_err();
    assert_eq!(e, ResumeError::WrongSecret);
    assert!(e.to_string().contains("secret"), "{e}");
    let (s, keep) = Session::<Pig>::resume_with_signer(
        &file,
        signer,
        n.peers[1].secret.clone(),
        Settings::default(),
        n.now,
    )
    .unwrap();
    assert!(keep > 0 && keep <= file.len());
    assert_eq!(s.phase(), &Phase::Playing);
    assert_eq!(s.local_seat(), Some(dwarfs_engine::Seat(1)));
}

/// Seat 1's secret-choice salts, by step, in a game of Pig with wagers (seed 7) where seat 1
/// starts with `secret` (`None`: the simulation's own).
fn wager_salts(secret: Option<GameSecret>) -> std::collections::BTreeMap<u32, [u8; 32]> {
    use std::cell::RefCell;
    use std::rc::Rc;
    let options = PigOptions {
        wagers: true,
        ..PigOptions::default()
    };
    let faults = Faults {
        latency_ms: 1,
        ..Faults::default()
    };
    let mut n = Network::<Pig>::new(&options, 2, 7, faults, Settings::default()).unwrap();
    if let Some(secret) = secret {
        let config = n.peers[1].session.config().clone();
        let signer = n.peers[1].signer.clone();
        n.peers[1].session =
            Session::with_signer(config, signer, secret, Settings::default(), 0).unwrap();
    }
    let salts = Rc::new(RefCell::new(std::collections::BTreeMap::new()));
    let seen = salts.clone();
    n.peers[1].tamper = Some(Box::new(move |_, m| {
        if let Message::SecretReveal(r) = &m {
            seen.borrow_mut().insert(r.body.seq, r.body.salt);
        }
        vec![m]
    }));
    n.run_until(200_000, |_| salts.borrow().len() >= 3);
    salts.take()
}

#[test]
fn a_salt_revealed_in_one_game_is_not_the_salt_of_the_next_game_under_that_id() {
    let first = wager_salts(None);
    assert!(!first.is_empty(), "seat 1 revealed wagers");
    let again = wager_salts(Some(GameSecret::from_bytes([9; 32])));
    let mut compared = 0;
    for (seq, salt) in &again {
        if let Some(old) = first.get(seq) {
            compared += 1;
            assert_ne!(
                salt, old,
                "step {seq}: the old salt opens the new commitment to a handful of wagers"
            );
        }
    }
    assert!(compared > 0, "the two games had a secret step in common");
}
