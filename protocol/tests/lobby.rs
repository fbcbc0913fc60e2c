//! Lobby checks name what differs; chat reaches the other players once.

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_engine::{DataDigest, Game};
use dwarfs_protocol::message::LobbyHello;
use dwarfs_protocol::sim::{Faults, Network, sim_secret, sim_signer};
use dwarfs_protocol::{Event, GameConfig, Refusal, SeatSpec, Session, Settings};

#[test]
fn mismatched_digest_rules_or_game_are_refused_naming_which() {
    let ok = LobbyHello::for_game::<Pig>("ann");
    assert_eq!(ok.check::<Pig>(), Ok(()));
    let mut h = ok.clone();
    h.data_digest = [1; 32];
    let e = h.check::<Pig>().unwrap_err();
    assert!(matches!(e, Refusal::DataDigest { .. }));
    assert!(e.to_string().contains("card-data digest"), "{e}");
    let mut h = ok.clone();
    h.rules_version += 1;
    let e = h.check::<Pig>().unwrap_err();
    assert!(
        matches!(
            e,
            Refusal::RulesVersion {
                ours: 1,
                theirs: 2,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("rules version"));
    let mut h = ok.clone();
    h.game = "fall".into();
    assert!(matches!(h.check::<Pig>(), Err(Refusal::Game { .. })));
    let mut h = ok;
    h.protocol = 99;
    assert!(matches!(
        h.check::<Pig>(),
        Err(Refusal::ProtocolVersion { .. })
    ));
}

#[test]
fn a_config_with_other_data_cannot_start_a_session() {
    let seats = vec![
        SeatSpec::Player(sim_signer(1, 0).public()),
        SeatSpec::Player(sim_signer(1, 1).public()),
    ];
    let mut cfg = GameConfig::new::<Pig>([3; 32], &PigOptions::default(), seats.clone()).unwrap();
    let digest: DataDigest = [9; 32];
    cfg.data_digest = digest;
    let e = Session::<Pig>::with_signer(
        cfg,
        sim_signer(1, 0),
        sim_secret(1, 0),
        Settings::default(),
        0,
    )
    .unwrap_err();
    assert!(e.to_string().contains("card-data digest mismatch"), "{e}");
    // Bad options and duplicate keys are refused too.
    let mut cfg = GameConfig::new::<Pig>([3; 32], &PigOptions::default(), seats.clone()).unwrap();
    cfg.options = vec![0xff];
    assert!(
        Session::<Pig>::with_signer(
            cfg,
            sim_signer(1, 0),
            sim_secret(1, 0),
            Settings::default(),
            0
        )
        .is_err()
    );
    let cfg =
        GameConfig::new::<Pig>([3; 32], &PigOptions::default(), vec![seats[0], seats[0]]).unwrap();
    assert!(matches!(cfg.check::<Pig>(), Err(Refusal::Seats(_))));
    assert_eq!(Pig::NAME, "pig");
}

#[test]
fn peers_with_different_configs_never_start_together() {
    // Peer 1 was offered other options: its commit names another configuration.
    let mut n = Network::<Pig>::new(
        &PigOptions::default(),
        2,
        4,
        Faults {
            latency_ms: 1,
            ..Faults::default()
        },
        Settings {
            silence_ms: 500,
            ..Settings::default()
        },
    )
    .unwrap();
    let mut other = n.peers[1].session.config().clone();
    other.options = dwarfs_engine::codec::encode(&PigOptions {
        target: 5,
        max_rounds: 5,
        wagers: false,
    })
    .unwrap();
    n.peers[1].session = Session::with_signer(
        other,
        n.peers[1].signer.clone(),
        n.peers[1].secret.clone(),
        Settings::default(),
        0,
    )
    .unwrap();
    n.run(5_000);
    assert!(n.peers[0].events.iter().any(
        |e| matches!(e, Event::Cheat(ev) if ev.kind == dwarfs_protocol::CheatKind::WrongGame)
    ));
    assert!(n.peers[0].replay.is_empty() && n.peers[1].replay.is_empty());
}

#[test]
fn chat_reaches_the_other_players_once() {
    let mut n = Network::<Pig>::new(
        &PigOptions::default(),
        3,
        5,
        Faults {
            latency_ms: 1,
            duplicate: 1000,
            ..Faults::default()
        },
        Settings::default(),
    )
    .unwrap();
    n.peers[0].session.send_chat("good luck!").unwrap();
    n.pump(0);
    n.run(1_000_000);
    for p in &n.peers[1..] {
        let chats: Vec<_> = p
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Chat { seat, text } => Some((seat.0, text.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(chats, vec![(0, "good luck!".to_string())]);
    }
}
