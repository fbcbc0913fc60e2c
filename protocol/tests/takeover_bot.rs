//! The takeover bot in the protocol: a search whose strength is part of the signed
//! configuration, computed alike by every peer and by the replay verifier; replays of the
//! uniform bot's format are refused by name.

use dwarfs_bots::TakeoverBot;
use dwarfs_engine::codec;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_engine::{Game, Seat};
use dwarfs_protocol::config::{MAX_TAKEOVER_ITERATIONS, SeatSpec};
use dwarfs_protocol::replay::format::{self, Frame, MAGIC, ReadError, checksum, read_frames};
use dwarfs_protocol::replay::{self};
use dwarfs_protocol::sim::{Faults, Network, sim_game_id};
use dwarfs_protocol::{Event, GameConfig, Phase, Refusal, Settings};
use serde::Serialize;

fn options(wagers: bool) -> PigOptions {
    PigOptions {
        target: 30,
        max_rounds: 10,
        wagers,
    }
}

/// A 3-seat game with seat 1 a bot seat searching `iterations` a move: every peer ends with the
/// same state and a replay that verifies (so every bot move is what the verifier computes);
/// returns seat 0's replay.
fn game_with_a_bot_seat(wagers: bool, iterations: u32, seed: u64) -> Vec<u8> {
    let o = options(wagers);
    let mut net = Network::<Pig>::with_config(
        3,
        seed,
        Faults {
            latency_ms: 2,
            ..Faults::default()
        },
        Settings::default(),
        |seats| {
            GameConfig::new::<Pig>(sim_game_id(seed), &o, seats)
                .unwrap()
                .with_takeover_iterations(iterations)
        },
        &[Seat(1)],
    )
    .unwrap();
    assert!(net.run(2_000_000));
    let hashes = net.hashes();
    assert!(hashes.iter().all(|h| *h == hashes[0]), "{hashes:?}");
    for p in &net.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(
            !p.events
                .iter()
                .any(|e| matches!(e, Event::Cheat(_) | Event::Desync(_))),
            "{:?}",
            p.events
        );
        replay::verify::<Pig>(&p.replay).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(
        net.peers[0].replay, net.peers[1].replay,
        "byte-identical replays"
    );
    std::mem::take(&mut net.peers[0].replay)
}

#[test]
fn every_peer_and_the_verifier_compute_the_same_search_moves_for_a_bot_seat() {
    for wagers in [false, true] {
        let bytes = game_with_a_bot_seat(wagers, 24, 3);
        let frames = read_frames(&bytes);
        let Some((_, Frame::Header(h))) = frames.frames.first() else {
            panic!("no header")
        };
        assert_eq!(h.config.takeover_iterations, 24);
        // The bot seat's moves are recorded unsigned, as bot moves.
        let bot_moves = frames
            .frames
            .iter()
            .filter(|(_, f)| matches!(f, Frame::Move(m) if m.seat == Seat(1) && m.sig.is_none()))
            .count();
        let secret_steps = frames
            .frames
            .iter()
            .filter(|(_, f)| matches!(f, Frame::Secret(_)))
            .count();
        assert!(bot_moves + secret_steps > 0, "the bot seat played");
    }
}

#[test]
fn the_bot_strength_is_signed_with_the_configuration() {
    // Another strength is another game: its digest (which every seed commit signs) differs, so
    // peers who disagree on it never start together.
    let seats = vec![SeatSpec::Bot];
    let c = GameConfig::new::<Pig>([1; 32], &PigOptions::default(), seats).unwrap();
    assert_eq!(
        c.takeover_iterations,
        TakeoverBot::NORMAL_ITERATIONS,
        "a lobby's default is the normal level"
    );
    assert_ne!(c.digest(), c.clone().with_takeover_iterations(24).digest());
    // A host cannot ask every peer for an endless search.
    let mut c = GameConfig::new::<Pig>(
        [1; 32],
        &PigOptions::default(),
        vec![SeatSpec::Player(
            dwarfs_protocol::sim::sim_signer(1, 0).public(),
        )],
    )
    .unwrap();
    assert!(c.check::<Pig>().is_ok());
    c.takeover_iterations = MAX_TAKEOVER_ITERATIONS + 1;
    assert!(matches!(c.check::<Pig>(), Err(Refusal::Parameters(m)) if m.contains("takeover bot")),);
}

#[test]
fn a_replay_verifies_only_with_the_strength_it_was_played_with() {
    // The bot seat's moves depend on the strength: re-labelling a replay with another strength
    // breaks its signatures (the configuration digest is signed), and the game it records is
    // not what another strength would have played.
    let strong = game_with_a_bot_seat(false, 24, 5);
    let uniform = game_with_a_bot_seat(false, 0, 5);
    assert_ne!(
        strong, uniform,
        "the search plays other moves than the uniform pick"
    );
    let mut frames: Vec<Frame> = read_frames(&strong)
        .frames
        .into_iter()
        .map(|(_, f)| f)
        .collect();
    let Frame::Header(h) = &mut frames[0] else {
        panic!("no header")
    };
    h.config.takeover_iterations = 0;
    let mut bytes = MAGIC.to_vec();
    for f in &frames {
        bytes.extend(format::encode_frame(f));
    }
    assert!(replay::verify::<Pig>(&bytes).is_err());
}

/// The configuration as format 5 wrote it: no takeover strength.
#[derive(Serialize)]
struct ConfigV5 {
    game_id: [u8; 32],
    game: String,
    rules_version: u32,
    data_digest: [u8; 32],
    options: Vec<u8>,
    seats: Vec<SeatSpec>,
    beacon_segment: u32,
    ack_interval: u32,
}

#[derive(Serialize)]
struct HeaderV5 {
    format: u16,
    config: ConfigV5,
    commits: Vec<()>,
    reveals: Vec<()>,
}

#[derive(Serialize)]
enum FrameV5 {
    Header(Box<HeaderV5>),
}

#[test]
fn replays_of_the_uniform_takeover_bot_are_refused_by_name() {
    let header = FrameV5::Header(Box::new(HeaderV5 {
        format: 5,
        config: ConfigV5 {
            game_id: [2; 32],
            game: Pig::NAME.into(),
            rules_version: Pig::RULES_VERSION,
            data_digest: Pig::data_digest(),
            options: codec::encode(&PigOptions::default()).unwrap(),
            seats: vec![SeatSpec::Bot, SeatSpec::Bot],
            beacon_segment: 1024,
            ack_interval: 16,
        },
        commits: Vec::new(),
        reveals: Vec::new(),
    }));
    let body = codec::encode_plain(&header);
    let mut bytes = MAGIC.to_vec();
    assert!(body.len() < 128);
    bytes.push(body.len() as u8);
    bytes.extend_from_slice(&body);
    bytes.extend_from_slice(&checksum(&body));
    let read = read_frames(&bytes);
    assert!(read.frames.is_empty());
    assert_eq!(read.error, Some(ReadError::OldFormat(5)));
    let e = replay::verify::<Pig>(&bytes).unwrap_err().to_string();
    assert!(
        e.contains("format 5") && e.contains("release that played it"),
        "{e}"
    );
    assert_eq!(format::FORMAT_VERSION, 9);
}
