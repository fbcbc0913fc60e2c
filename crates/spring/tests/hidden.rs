//! Hidden information: faerie hands and the face-down piles are hidden in observations, events
//! and the text view, and resampled by determinization.

mod common;
use common::*;
use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_spring::data::{FaerieKind, MONSTERS, SETUP_MONSTERS};
use dwarfs_spring::{Spring, SpringAction as A, SpringEvent};

#[test]
fn a_seat_sees_its_own_hand_and_only_the_size_of_others() {
    let mut g = Spring::test_position(3);
    g.set_hand(Seat(0), 0b101);
    g.set_hand(Seat(1), 0b1 << 10);
    let v = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(v.hand, Some(0b101));
    assert_eq!(v.hand_sizes, vec![2, 1, 0]);
    assert_eq!(g.observe(Viewer::Spectator).hand, None);
    // Another hand of the same size is observed the same by seat 0.
    let mut h = g.clone();
    h.set_hand(Seat(1), 0b1 << 12);
    assert_eq!(h.observe(Viewer::Seat(Seat(0))), v);
    assert_ne!(
        h.observe(Viewer::Seat(Seat(1))),
        g.observe(Viewer::Seat(Seat(1)))
    );
}

#[test]
fn drawn_faeries_are_shown_only_to_the_drawer() {
    let mut g = Spring::test_position(2);
    play(&mut g, A::Summon);
    let ev = chance(&mut g, 5);
    let drawn = ev
        .iter()
        .find(|e| matches!(e, SpringEvent::FaeriesDrawn { .. }))
        .unwrap();
    let SpringEvent::FaeriesDrawn { cards, .. } =
        g.redact_event(drawn, Viewer::Seat(Seat(0))).unwrap()
    else {
        panic!()
    };
    assert_eq!(cards.len(), 1);
    for v in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        assert_eq!(
            g.redact_event(drawn, v),
            Some(SpringEvent::FaeriesDrawn {
                seat: 0,
                count: 1,
                cards: vec![]
            })
        );
    }
}

#[test]
fn determinization_redraws_other_hands_only() {
    let mut g = Spring::new(&Default::default(), 3).unwrap();
    chance(&mut g, 4);
    let monsters: u16 = (1 << MONSTERS) - 1;
    let seen: u16 = g
        .decks()
        .area
        .iter()
        .flatten()
        .filter(|&&c| (c as usize) < MONSTERS)
        .fold(0, |m, &c| m | 1 << c);
    assert!(
        seen.count_ones() as usize >= SETUP_MONSTERS,
        "setup monsters are seen"
    );
    // The unseen monsters are every other one: which of them the deck holds is not decided.
    assert_eq!(g.decks().unseen, monsters & !seen);
    let mut other_hands = std::collections::BTreeSet::new();
    for e in 0..16u8 {
        let d = g.determinize(Viewer::Seat(Seat(0)), [e; 32]);
        assert_eq!(
            d.observe(Viewer::Seat(Seat(0))),
            g.observe(Viewer::Seat(Seat(0)))
        );
        assert_eq!(d.hand(Seat(0)), g.hand(Seat(0)));
        assert_eq!(d.hand(Seat(1)).count_ones(), 1);
        d.check_invariants().unwrap();
        other_hands.insert(d.hand(Seat(1)));
        // The expedition deck and the unseen monsters are public, so they stay.
        assert_eq!(d.decks(), g.decks());
        assert_eq!(d.board(), g.board());
    }
    assert!(other_hands.len() > 3, "the other hands are resampled");
}

#[test]
fn the_text_view_shows_the_viewers_faeries_only() {
    let mut g = Spring::test_position(2);
    let c = g.faerie_card(FaerieKind::Glitter).unwrap();
    g.set_hand(Seat(1), 1 << c);
    assert!(g.text_view(Viewer::Seat(Seat(1))).contains("Glitter"));
    assert!(!g.text_view(Viewer::Seat(Seat(0))).contains("Glitter"));
    assert!(!g.text_view(Viewer::Spectator).contains("Glitter"));
    assert!(
        g.text_view(Viewer::Spectator)
            .contains("Era 1 of 4, round 1 of 7")
    );
    // Who acts, by colour (it once printed `Seat(Seat(1))`).
    let text = g.text_view(Viewer::Spectator);
    assert!(!text.contains("Seat("), "{text}");
    assert!(text.contains("To act: "), "{text}");
}

#[test]
fn the_text_view_shows_every_spot_with_its_pieces() {
    let mut g = Spring::test_position(2);
    let f = spots(|s| s == dwarfs_spring::data::Spot::Field)[0];
    put_settlement(&mut g, Seat(1), dwarfs_spring::data::Resource::Food, f);
    g.board_mut().webs[0].add(f + 1);
    let t = g.text_view(Viewer::Spectator);
    assert!(t.contains("Amber Vale: 0 water; 1 2 food;"), "{t}");
    assert!(t.contains("field [Red settlement]"), "{t}");
    assert!(t.contains("[web]"), "{t}");
}
