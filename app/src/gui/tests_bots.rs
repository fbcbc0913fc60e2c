//! UI tests of local search bots thinking on a thread of their own: the window keeps drawing
//! while a bot searches, says who thinks at which level, drops an answer asked in another
//! position, and leaves a game without waiting for the search.

use super::fall_view::FallView;
use super::table::{SeatInfo, SeatKind, Table};
use super::tests::{app, click, harness, has};
use super::{DwarfsApp, Screen};
use crate::games::Level;
use dwarfs_engine::{Actor, Bot, Game, Seat, SeatView};
use dwarfs_fall::{Fall, FallOptions};
use egui_kittest::Harness;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

/// A bot that answers only when the test opens its gate (one answer per `()` sent), with the
/// first legal action. A closed gate (the sender dropped) lets it answer at once, so no thread
/// waits forever.
struct GateBot {
    gate: Arc<Mutex<Receiver<()>>>,
}

impl<G: Game> Bot<G> for GateBot {
    fn choose(&mut self, _view: &SeatView<'_, G>, _legal: &[G::Action]) -> usize {
        if let Ok(gate) = self.gate.lock() {
            let _ = gate.recv();
        }
        0
    }
}

/// A 2-player Fall game after setup, and the seat that acts first.
fn fall_after_setup() -> (Fall, Seat) {
    let mut g = Fall::new(&FallOptions::default(), 2).expect("2 players");
    g.resolve_chance([9; 32]).expect("setup");
    let Actor::Seat(s) = g.to_act() else {
        unreachable!("a seat acts after setup")
    };
    (g, s)
}

/// The app at a table where the first seat to act is a hard bot behind a gate and the other a
/// person; the gate's sender and the bot's seat.
fn gated_table() -> (Harness<'static, DwarfsApp>, Sender<()>, Seat) {
    let (game, bot_seat) = fall_after_setup();
    let (open, gate) = channel();
    let gate = Arc::new(Mutex::new(gate));
    let seats = (0..2)
        .map(|i| SeatInfo {
            name: if Seat(i) == bot_seat {
                "Bot".into()
            } else {
                "Tester".into()
            },
            kind: if Seat(i) == bot_seat {
                SeatKind::Bot
            } else {
                SeatKind::Human
            },
        })
        .collect();
    let t = Table::<FallView>::with_bots(
        game,
        seats,
        0,
        Some(Level::Hard),
        std::rc::Rc::new(super::platform::Desktop::none()),
        move |_| Box::new(GateBot { gate: gate.clone() }),
    );
    let mut a = app();
    a.table = Some(Box::new(t));
    a.screen = Screen::Game;
    (harness(a), open, bot_seat)
}

fn table<'h>(h: &'h mut Harness<'static, DwarfsApp>) -> &'h mut Table<FallView> {
    h.state_mut().table_mut::<FallView>().expect("a Fall table")
}

#[test]
fn the_window_keeps_drawing_while_a_bot_thinks_and_says_who_thinks() {
    let (mut h, open, bot_seat) = gated_table();
    // Frames go on while the search is pending: the table is the UI thread's, the search not.
    for _ in 0..5 {
        h.run_steps(2);
        assert_eq!(h.state().screen, Screen::Game);
    }
    let label = h.state().table().expect("a table").seat_label(bot_seat);
    assert_eq!(
        h.state().table().and_then(|t| t.thinking()),
        Some((bot_seat, Level::Hard))
    );
    assert!(
        has(&h, &super::game_screen::thinking_text(&label, Level::Hard)),
        "the screen says {label} thinks at the hard level"
    );
    assert_eq!(
        h.state().table().map(|t| t.mirror.seq),
        Some(0),
        "no move yet"
    );
    assert!(
        h.state()
            .table()
            .is_some_and(|t| t.legal_for_viewer().is_empty()),
        "nobody else moves while the bot thinks"
    );
    // The answer comes: it is played at the next frame.
    open.send(()).expect("the bot waits");
    table(&mut h).wait_for_bot();
    h.run_steps(2);
    let t = h.state().table().expect("a table");
    assert!(t.mirror.seq >= 1, "the bot's move was played");
    assert_eq!(
        t.mirror
            .log
            .iter()
            .find(|l| l.seat.is_some())
            .map(|l| l.seat),
        Some(Some(bot_seat))
    );
}

#[test]
fn an_answer_asked_in_another_position_is_dropped_and_the_bot_asked_again() {
    let (mut h, open, bot_seat) = gated_table();
    h.run_steps(2);
    assert!(h.state().table().is_some_and(|t| t.thinking().is_some()));
    // The position changes under the thinking bot (as a new state would): the bot's seat plays
    // another of its moves directly on the engine.
    let t = table(&mut h);
    let legal = t.mirror.state.legal_actions_vec();
    assert!(legal.len() > 1, "a choice to make");
    t.mirror.state.play(bot_seat, &legal[1]).expect("legal");
    // The answer to the old position comes.
    open.send(()).expect("the bot waits");
    table(&mut h).wait_for_bot();
    h.run_steps(2);
    let t = h.state().table().expect("a table");
    assert_eq!(t.mirror.seq, 0, "the stale answer was not played");
    assert!(
        t.mirror.log.iter().all(|l| l.seat.is_none()),
        "{:?}",
        t.mirror.log
    );
    match t.mirror.state.to_act() {
        Actor::Seat(s) if s == bot_seat => {
            assert_eq!(t.thinking(), Some((bot_seat, Level::Hard)), "asked again");
        }
        _ => assert!(t.thinking().is_none(), "nobody thinks at a person's turn"),
    }
    drop(open);
}

#[test]
fn leaving_a_game_does_not_wait_for_a_thinking_bot() {
    let (mut h, open, _bot_seat) = gated_table();
    h.run_steps(2);
    assert!(h.state().table().is_some_and(|t| t.thinking().is_some()));
    // The gate stays shut: a search that never ends. Leaving returns at once all the same.
    click(&mut h, "Leave game");
    assert_eq!(h.state().screen, Screen::Menu);
    assert!(h.state().table().is_none());
    // The bot's thread ends when the gate closes; its answer goes nowhere.
    drop(open);
    h.run_steps(2);
    assert_eq!(h.state().screen, Screen::Menu);
}

#[test]
fn a_hotseat_game_against_an_easy_search_bot_is_played_from_the_lobby() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "Dwarf Hold");
    click(&mut h, "Bot");
    click(&mut h, "easy");
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
    type V = super::hold_view::HoldView;
    let mut bot_moves = 0;
    let mut thought = false;
    for _ in 0..400 {
        let t = h.state_mut().table_mut::<V>().expect("a Hold table");
        if let Some((seat, level)) = t.thinking() {
            assert_eq!(level, Level::Easy);
            assert_eq!(t.seats[seat.index()].kind, SeatKind::Bot);
            thought = true;
            t.wait_for_bot();
        } else if let (Some(a), true) = (t.legal_for_viewer().first().cloned(), t.curtain.is_none())
        {
            assert!(t.play(&a), "{:?}", t.mirror.error);
        }
        h.run_steps(1);
        let t = h.state().table_of::<V>();
        bot_moves = t.map_or(bot_moves, |t| {
            t.mirror
                .log
                .iter()
                .filter(|l| {
                    l.seat
                        .is_some_and(|s| t.seats[s.index()].kind == SeatKind::Bot)
                })
                .count()
        });
        if bot_moves >= 3 || h.state().screen != Screen::Game {
            break;
        }
    }
    assert!(thought, "the search bot thought on its thread");
    assert!(bot_moves >= 3, "the bot played {bot_moves} moves");
}
