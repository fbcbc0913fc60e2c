//! The board graph against the rulebook's music example: every move it shows is one step.

mod common;
use common::*;
use dwarfs_engine::Seat;
use dwarfs_winter::{DwarfKind, Instrument, Pick, Resource, Stage, WinterAction};

const W: DwarfKind = DwarfKind::Worker;

fn mv(owner: Seat, from: dwarfs_winter::Zone, to: dwarfs_winter::Zone) -> WinterAction {
    WinterAction::Move {
        owner,
        kind: W,
        from,
        to,
    }
}

/// The rulebook's music example: the yellow player plays the drums, produces 2 wood with 2
/// dwarfs in different forests, then moves a dwarf from Forest 1 to Mine 4 with a "move any
/// dwarf in a forest by 1 zone" card; the red player, blocked by a disaster in Forest 2, moves
/// from Forest 2 to Forest 1, produces 1 wood, then gains 1 stone.
#[test]
fn the_rulebooks_music_example_is_played_move_by_move() {
    let (blue, red, green, yellow) = (Seat(0), Seat(1), Seat(2), Seat(3));
    let mut g = position(4);
    g.start_turn_of(yellow);
    g.put_disaster(disaster("Windfall")); // Forest 2
    put(&mut g, yellow, W, forest(1), 1);
    put(&mut g, yellow, W, forest(3), 1);
    put(&mut g, red, W, forest(2), 1);
    let (woodcutter, ranger, carpenter) = (hero("Woodcutter"), hero("Ranger"), hero("Carpenter"));
    g.player_mut(yellow).hand = woodcutter.bit() | ranger.bit();
    g.give_hero(red, carpenter);
    g.player_mut(red).hand = woodcutter.bit() | ranger.bit() | carpenter.bit();

    play(&mut g, WinterAction::PlayMusic(Instrument::Drums));
    play(
        &mut g,
        WinterAction::PlayCard {
            card: woodcutter,
            pick: Pick::Nothing,
        },
    );
    assert_eq!(
        g.player(yellow).resource(Resource::Wood),
        4,
        "2 forests, 2 wood"
    );
    play(
        &mut g,
        WinterAction::PlayCard {
            card: ranger,
            pick: Pick::Nothing,
        },
    );
    play(&mut g, mv(yellow, forest(1), mine(4)));
    assert_eq!(g.player(yellow).count(W, mine(4)), 1);
    play(&mut g, WinterAction::Done); // yellow stops
    assert_eq!(seat(&g), blue);
    play(&mut g, WinterAction::Done); // blue has nothing to add
    assert_eq!(seat(&g), red);
    play(
        &mut g,
        WinterAction::PlayCard {
            card: ranger,
            pick: Pick::Nothing,
        },
    );
    play(&mut g, mv(red, forest(2), forest(1)));
    assert_eq!(g.player(red).count(W, forest(1)), 1);
    play(
        &mut g,
        WinterAction::PlayCard {
            card: woodcutter,
            pick: Pick::Nothing,
        },
    );
    assert_eq!(
        g.player(red).resource(Resource::Wood),
        3,
        "1 wood from Forest 1"
    );
    play(
        &mut g,
        WinterAction::PlayCard {
            card: carpenter,
            pick: Pick::Resource(Resource::Stone),
        },
    );
    assert_eq!(g.player(red).resources, [2, 2, 3, 3]);
    play(&mut g, WinterAction::Done);
    assert_eq!(seat(&g), green);
    play(&mut g, WinterAction::Done);
    assert_eq!(g.stage(), Stage::Turn, "back to the yellow player's turn");
    assert_eq!(seat(&g), yellow);
}

#[test]
fn the_forests_touch_each_other_round_the_rim() {
    for n in 1..=4u8 {
        let next = n % 4 + 1;
        assert!(
            forest(n).is_adjacent(forest(next)),
            "Forest {n} - Forest {next}"
        );
        assert!(
            forest(next).is_adjacent(mine(n)),
            "Mine {n} - Forest {next}"
        );
        assert!(!mine(n).is_adjacent(mine(next)), "mines never touch");
        // The ring of forests changes no distance: every forest still steps to its field.
        assert_eq!(forest(n).toward_castle(), field(n));
        assert_eq!(mine(n).toward_castle(), field(n));
    }
    assert!(forest(1).is_adjacent(mine(4)));
    assert!(forest(2).is_adjacent(forest(1)));
}
