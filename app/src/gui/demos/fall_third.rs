//! A demo 3rd-edition table for screenshots (`DWARFS_GUI_SCREEN=third`): Royal Decrees in play,
//! class meeples of several players on the board and in campfires, and a memorial card.

use crate::gui::fall_view::FallView;
use crate::gui::table::{SeatInfo, SeatKind, Table};
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_fall::Colour::{Blue, Green, Red};
use dwarfs_fall::Kind::{
    DiamondMine, EmeraldMine, FireDragon, GeneralStore, GoldMine, RubyMine, Tavern,
};
use dwarfs_fall::{Class, Decree, FallAction, FallBuilder, Gem, OgreKind, TurnStep};

/// Three seats (you in seat 0, two bots) on a constructed Bloodthirsty-like position, after the
/// first turn killed a dragon so that a memorial stands on the mat; back to your actions.
pub fn third_demo_table() -> Table<FallView> {
    let game = FallBuilder::third(3)
        .decrees(&[
            Decree::BarFights,
            Decree::HiredHands,
            Decree::ExperiencedBeastHunters,
            Decree::BattleMemorial,
        ])
        .card(0, 0, Red, Tavern)
        .card(1, 0, Red, EmeraldMine)
        .card(0, -1, Red, RubyMine)
        .card(-1, 0, Blue, GeneralStore)
        .card(1, 1, Green, GoldMine)
        .card(-1, 1, Blue, DiamondMine)
        .card(0, 1, Green, FireDragon)
        .dwarfs(0, 1, Blue, 5)
        .upgraded(0, Class::Warrior)
        .class_at(0, 0, 0, Class::Warrior)
        .upgraded(0, Class::King)
        .upgraded(1, Class::Guardian)
        .class_at(1, 0, 1, Class::Guardian)
        .upgraded(2, Class::King)
        .class_at(-1, 1, 2, Class::King)
        .dwarfs(0, 0, Red, 1)
        .dwarfs(-1, 0, Green, 2)
        .gems(0, Gem::ALL[1], 1)
        .gems(0, Gem::ALL[2], 1)
        .ogres(0, OgreKind::Thief, 1)
        .build();
    let seats = (0..3)
        .map(|i| SeatInfo {
            name: if i == 0 {
                "You".into()
            } else {
                format!("Bot {}", i + 1)
            },
            kind: if i == 0 {
                SeatKind::Human
            } else {
                SeatKind::Bot
            },
        })
        .collect();
    let mut t: Table<FallView> = Table::from_state(game, seats, 0);
    // End the first turn: the dragon falls and a memorial takes its place; the bots play.
    t.play(&FallAction::EndActions);
    for _ in 0..1000 {
        if t.mirror.state.to_act() == Actor::Seat(Seat(0)) {
            if t.mirror.state.step() == TurnStep::Actions {
                break;
            }
            // Our own end of turn (a discard down to the hand limit): the first legal choice.
            match t.legal_for_viewer().first() {
                Some(a) => {
                    let a = *a;
                    t.play(&a);
                }
                None => break,
            }
        }
        t.advance(1e9);
    }
    t
}
