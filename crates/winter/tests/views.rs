//! What each viewer sees: the observation and the text view hide the other hands and show the
//! board, the danger and everyone's public board; the move log's sentences.

mod common;
use common::*;
use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_winter::data::MonsterType as T;
use dwarfs_winter::{DwarfKind, WinterAction};

#[test]
fn the_text_view_shows_the_board_and_only_the_viewers_own_hand() {
    let mut g = position(2);
    g.player_mut(Seat(0)).hand = hero("Woodcutter").bit();
    g.player_mut(Seat(1)).hand = hero("Farmer").bit();
    g.put_monster(monster(T::FrostGiant), wall(2));
    g.put_disaster(disaster("Wildfire"));
    put(&mut g, Seat(1), DwarfKind::Worker, forest(1), 1);
    let mine = g.text_view(Viewer::Seat(Seat(0)));
    assert!(
        mine.contains("Woodcutter") && !mine.contains("Farmer"),
        "{mine}"
    );
    assert!(mine.contains("Frost Giant") && mine.contains("Wildfire"));
    assert!(
        mine.contains("nearest monster 1 step(s) from the castle"),
        "{mine}"
    );
    assert!(mine.contains("Red dwarfx1"), "{mine}");
    assert!(mine.contains("Blue's turn"), "{mine}");
    let spectator = g.text_view(Viewer::Spectator);
    assert!(!spectator.contains("Woodcutter") && !spectator.contains("Farmer"));
    let v = g.observe(Viewer::Seat(Seat(1)));
    assert_eq!(v.own_hand(), hero("Farmer").bit());
    assert_eq!(v.player(Seat(0)).unwrap().hand, 0);
    assert_eq!(v.hand_len, vec![1, 1]);
    assert_eq!(v.monsters().count(), 1);
    assert_eq!(v.disasters().count(), 1);
    assert_eq!(g.danger(), (Some(1), 1));
    assert_eq!(v.danger(), g.danger());
}

#[test]
fn moves_are_described_in_words() {
    let g = position(2);
    let s = g.describe(&WinterAction::Place {
        kind: DwarfKind::Worker,
        zone: mine(4),
    });
    assert_eq!(s, "Blue places a dwarf in Mine 4");
    assert_eq!(g.describe(&WinterAction::Done), "Blue ends their turn");
    assert_eq!(Winter::seat_colour(Seat(3)), Some("Yellow"));
}

use dwarfs_winter::Winter;
