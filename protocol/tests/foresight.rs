//! From which move chance was foreseeable, and by whom, on simulated replays: once a single
//! live player is left, every draw comes from its own hash chains alone. The verifier's report
//! and `replay show` say so (the CLI's `replay verify` and the end screen use the same function).

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::replay::{self, Foresight};
use dwarfs_protocol::sim::{Network, fixture, sim_game_id};
use dwarfs_protocol::{Event, GameConfig, Phase};

fn taken_over_at(n: &Network<Pig>, i: usize, seat: u8) -> Option<u32> {
    n.peers[i].events.iter().find_map(|e| match e {
        Event::TakenOver { seat: s, from_seq } if s.0 == seat => Some(*from_seq),
        _ => None,
    })
}

#[test]
fn a_two_player_survivor_foresees_chance_from_the_takeover_on() {
    let mut n = fixture::net(2, 12);
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 6));
    n.peers[1].offline = true;
    assert!(n.run(400_000));
    assert_eq!(n.peers[0].session.phase(), &Phase::Over);
    let from = taken_over_at(&n, 0, 1).expect("the partner was handed to the bot");
    let r = replay::verify::<Pig>(&n.peers[0].replay).unwrap();
    assert_eq!(r.players_at_start, vec![Seat(0), Seat(1)]);
    assert_eq!(
        r.foresight(),
        Some(Foresight {
            seat: Seat(0),
            from_seq: from
        })
    );
    let show = replay::show::<Pig>(&n.peers[0].replay);
    let said =
        format!("From move {from} on, chance was foreseeable by player 1 (the only live player)");
    assert!(show.contains(&said), "{show}");
}

#[test]
fn with_two_live_players_left_nobody_foresees_chance() {
    let mut n = fixture::net(3, 11);
    assert!(n.run_until(200_000, |n| n.peers[0].session.final_seq() >= 6));
    n.peers[2].offline = true;
    assert!(n.run(400_000));
    let r = replay::verify::<Pig>(&n.peers[0].replay).unwrap();
    assert_eq!(r.takeovers.len(), 1, "one seat was handed to the bot");
    assert_eq!(r.foresight(), None);
    assert!(!replay::show::<Pig>(&n.peers[0].replay).contains("foreseeable"));
}

#[test]
fn a_player_alone_with_bots_foresees_chance_from_the_start() {
    let mut n = Network::<Pig>::with_config(
        3,
        13,
        fixture::faults(),
        fixture::settings(),
        |seats| GameConfig::new::<Pig>(sim_game_id(13), &fixture::options(), seats).unwrap(),
        &[Seat(0), Seat(2)],
    )
    .unwrap();
    assert!(n.run(400_000));
    let r = replay::verify::<Pig>(&n.peers[0].replay).unwrap();
    assert_eq!(r.players_at_start, vec![Seat(1)]);
    assert!(r.takeovers.is_empty());
    assert_eq!(
        r.foresight(),
        Some(Foresight {
            seat: Seat(1),
            from_seq: 0
        })
    );
    let show = replay::show::<Pig>(&n.peers[0].replay);
    assert!(
        show.contains("From the start, chance was foreseeable by player 2 (the only live player)"),
        "{show}"
    );
}
