//! The game's own invariants catch broken states, decoding is safe, and every action has a
//! sentence for the move log.

mod common;
use common::*;
use dwarfs_engine::{Game, Seat, codec};
use dwarfs_spring::data::{Resource, Spot};
use dwarfs_spring::map::{Layout, Map};
use dwarfs_spring::{Spring, SpringAction as A};

#[test]
fn a_calm_position_keeps_every_invariant() {
    for players in 2..=4 {
        Spring::test_position(players).check_invariants().unwrap();
    }
}

#[test]
fn broken_states_are_caught() {
    let g = Spring::test_position(2);
    let f = spots(|s| s == Spot::Field)[0];
    let mut a = g.clone();
    a.empire_mut(Seat(0)).settlements.add(f);
    assert!(a.check_invariants().unwrap_err().contains("settlements"));
    let mut b = g.clone();
    put_settlement(&mut b, Seat(0), Resource::Food, f);
    b.empire_mut(Seat(1)).dwarfs.add(f);
    assert!(b.check_invariants().unwrap_err().contains("shares a spot"));
    let mut c = g.clone();
    c.empire_mut(Seat(1)).bastion = 6;
    assert!(c.check_invariants().unwrap_err().contains("7 dwarfs"));
    let mut d = g.clone();
    let mut area = d.decks().area;
    area[0] = area[1];
    d.decks_mut().area = area;
    assert!(
        d.check_invariants()
            .unwrap_err()
            .contains("expedition card")
    );
    let mut e = g.clone();
    e.give_dragon(Seat(0), 5, 1);
    e.decks_mut().owner[5] = Some(1);
    assert!(e.check_invariants().unwrap_err().contains("dragon"));
}

#[test]
fn a_state_survives_the_codec_and_a_bad_layout_decodes_to_a_usable_map() {
    let g = Spring::test_position(3);
    let bytes = codec::encode(&g).unwrap();
    let back: Spring = codec::decode(&bytes).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.board().map.adj(0), g.board().map.adj(0));
    // A layout that is not a permutation is repaired into a usable map, so it is not the
    // canonical encoding of any map, and decoding refuses it.
    let bad_bytes = codec::encode(&Layout([3; 19])).unwrap();
    assert_eq!(
        codec::decode::<Map>(&bad_bytes).unwrap_err(),
        codec::CodecError::NotCanonical
    );
    let bad = Map::from(Layout([3; 19]));
    assert_eq!(bad.layout(), Layout(std::array::from_fn(|i| i as u8)));
    assert_eq!(bad.by_distance(0).len(), dwarfs_spring::data::LOCATIONS);
}

#[test]
fn every_action_reads_as_a_sentence_naming_the_seat() {
    let mut g = Spring::test_position(2);
    let f = spots(|s| s == Spot::Field)[0];
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    for a in g.legal_actions_vec() {
        let s = g.describe(&a);
        assert!(s.starts_with("Blue "), "{s}");
    }
    let s = g.describe(&A::Build {
        line: Resource::Wood,
        at: f,
    });
    assert!(s.contains("wood line") && s.contains("field"), "{s}");
}
