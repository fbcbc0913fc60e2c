//! The plain-text view for terminal players: what it shows, what it must never show, its size.

mod common;

use common::at;
use dwarfs_engine::playout::{Step, random_playout};
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_hold::{BoardTile, Hold, HoldOptions, Phase, Space, Stage, TEXT_WIDTH, WorkTile};

/// A mid-game position: the state after random legal play from `seed` reached `turn`, at a
/// seat's decision with nothing staged.
fn mid_game(players: u8, seed: u64, turn: u16) -> Hold {
    let options = HoldOptions::default();
    let game = random_playout::<Hold>(&options, players, seed, true).expect("a whole game");
    let mut g = Hold::new(&options, players).unwrap();
    for step in &game.steps {
        if g.turn() >= turn && matches!(g.to_act(), Actor::Seat(_)) && *g.stage() == Stage::None {
            return g;
        }
        match step {
            Step::Chance(e) => {
                g.resolve_chance(*e).unwrap();
            }
            Step::Decision { seat, action } => {
                g.play(*seat, action).unwrap();
            }
        }
    }
    panic!("seed {seed}: the game ended before turn {turn}");
}

/// `n` tiles from the draw pile, none of the designs in `avoid` if possible.
fn other_tiles(g: &Hold, avoid: &[WorkTile], n: usize) -> Vec<WorkTile> {
    let mut counts = g.draw_pile_counts().to_vec();
    let mut out = Vec::new();
    for pass in 0..2 {
        for t in WorkTile::ALL {
            if pass == 0 && avoid.contains(&t) {
                continue;
            }
            while counts[t as usize] > 0 && out.len() < n {
                counts[t as usize] -= 1;
                out.push(t);
            }
        }
    }
    assert_eq!(out.len(), n, "the draw pile cannot supply {n} tiles");
    out
}

fn assert_fits(text: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= TEXT_WIDTH,
            "line longer than {TEXT_WIDTH}: {line:?}\n{text}"
        );
        assert_eq!(line, line.trim_end(), "trailing spaces in {line:?}");
    }
}

#[test]
fn a_viewer_sees_their_own_hand_and_nothing_of_the_others() {
    let g = mid_game(4, 5, 3);
    let viewer = Seat(1);
    let text = g.text_view(Viewer::Seat(viewer));
    let hand = g.hand(viewer).to_vec();
    assert!(!hand.is_empty(), "the test needs a hand to show");
    // The hand's line and its wrapped continuation lines (indented).
    let start = text
        .lines()
        .position(|l| l.starts_with("Your hand: "))
        .expect("the viewer's hand");
    let line: String = text
        .lines()
        .skip(start)
        .enumerate()
        .take_while(|(i, l)| *i == 0 || l.starts_with("  "))
        .map(|(_, l)| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    for t in &hand {
        assert!(line.contains(t.name()), "{t:?} missing from {line:?}");
    }
    // Give every other seat different tiles of the same count: nothing the viewer (or a
    // spectator) reads may change.
    let mut swapped = g.clone();
    for s in Seat::all(4).filter(|&s| s != viewer) {
        let old = g.hand(s).to_vec();
        let new = other_tiles(&swapped, &old, old.len());
        swapped.set_hand(s, &new);
    }
    assert_ne!(
        (0..4).map(|s| g.hand(Seat(s)).to_vec()).collect::<Vec<_>>(),
        (0..4)
            .map(|s| swapped.hand(Seat(s)).to_vec())
            .collect::<Vec<_>>()
    );
    assert_eq!(text, swapped.text_view(Viewer::Seat(viewer)));
    assert_eq!(
        g.text_view(Viewer::Spectator),
        swapped.text_view(Viewer::Spectator)
    );
    // The owner of a swapped hand does see the change.
    assert_ne!(
        g.text_view(Viewer::Seat(Seat(2))),
        swapped.text_view(Viewer::Seat(Seat(2)))
    );
}

#[test]
fn a_spectator_sees_no_hand() {
    let g = mid_game(3, 8, 2);
    let text = g.text_view(Viewer::Spectator);
    assert!(!text.contains("Your hand"), "{text}");
    assert!(text.contains("You are watching: every hand is hidden."));
    // Hand sizes are public.
    for s in Seat::all(3) {
        let n = g.hand(s).len();
        assert!(
            text.contains(&format!(
                "{n} tile{} in hand",
                if n == 1 { "" } else { "s" }
            )),
            "{s}'s hand size {n} missing:\n{text}"
        );
    }
}

#[test]
fn the_board_shows_tiles_values_owners_and_rooms() {
    let mut g = Hold::test_position(2, Phase::Dig);
    g.set_space(
        at(0, 0),
        Space::Claimed {
            tile: BoardTile::Rock,
            as_tile: BoardTile::Rock,
            owner: Seat(1),
        },
    );
    g.set_space(
        at(0, 1),
        Space::Room {
            room: WorkTile::Brewery,
            owner: Seat(0),
            base: Some(BoardTile::Soil),
        },
    );
    g.set_space(at(0, 2), Space::Cleared { owner: Seat(0) });
    g.set_space(at(0, 3), Space::Open(BoardTile::GoblinTribes));
    g.set_space(at(0, 4), Space::Open(BoardTile::BottomlessPit));
    g.settle();
    let text = g.text_view(Viewer::Seat(Seat(0)));
    let row1 = text.lines().find(|l| l.starts_with(" 1 |")).expect("row 1");
    let cells: Vec<&str> = row1.split('|').map(str::trim_end).collect();
    // A claimed tile, a room, a cleared lair, an open lair (fought for), an impassable, and
    // the test position's Copper vein at h1.
    assert_eq!(
        &cells[1..6],
        [
            "R:Rock",
            "B#Brewery",
            "B:cleared",
            "Goblin  7!",
            "BtmPit  -"
        ],
        "{row1}"
    );
    assert_eq!(cells[8], "Copper  4", "{row1}");
    let row4 = text.lines().find(|l| l.starts_with(" 4 |")).unwrap();
    assert!(row4.contains("|  (hold)  |  (hold)  |"), "{row4}");
    assert!(
        text.contains("Blue (you) to act: pick a square to dig, or pass."),
        "{text}"
    );
    assert!(
        text.contains(
            "> Blue (you): 0 VT, 0 gold, 1 on the hold, 0 tiles in hand, Dwarf Lord; 1 room, 0 mines"
        ),
        "{text}"
    );
}

#[test]
fn every_line_fits() {
    for (players, seed) in [(2, 1), (4, 5), (8, 3)] {
        let g = mid_game(players, seed, 4);
        for viewer in Seat::all(players)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
        {
            let text = g.text_view(viewer);
            assert_fits(&text);
            assert!(text.lines().count() <= 40, "{text}");
        }
    }
}

#[test]
fn clans_have_distinct_colours_with_distinct_initials() {
    let names: Vec<&str> = (0..8)
        .map(|i| Hold::seat_colour(Seat(i)).unwrap())
        .collect();
    assert_eq!(names, dwarfs_engine::COLOUR_NAMES);
    assert_eq!(&names[..4], ["Blue", "Red", "Green", "Yellow"]);
    assert_eq!(Hold::seat_colour(Seat(8)), None);
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 8);
}

#[test]
#[ignore = "prints a sample; run with --ignored --nocapture"]
fn print_a_sample() {
    let g = mid_game(4, 5, 4);
    println!("{}", g.text_view(Viewer::Seat(Seat(1))));
}
