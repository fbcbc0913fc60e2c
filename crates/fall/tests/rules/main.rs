//! One focused test per rule, each on a constructed position.
//!
//! Card data used below (see `src/data.rs`): castle open N/E/W, 3 spots, 2 dwarfs; tavern open
//! E/S/W, 3 spots, 2 dwarfs; general store open E/W, 4 spots, 3 dwarfs; emerald mine open N/S/W,
//! 3 spots, 2 dwarfs; diamond mine open N/S, 2 spots, 2 dwarfs; ruby mine open N/E, 4 spots,
//! 3 dwarfs; gold mine open S/W, 4 spots, 3 dwarfs; monsters 5 spots, 5 dwarfs (dragon open on
//! all sides, frost giant N/E/S).

mod board;
mod buildings;
mod ending;
mod goals;
mod hidden;
mod ogres;
mod review;
mod turns;

use dwarfs_engine::{Actor, Game, PlayError, Seat, Viewer, state_hash};
use dwarfs_fall::Colour::{Blue, Green, Red, Yellow};
use dwarfs_fall::Kind::*;
use dwarfs_fall::{
    Blocked, Dir, Fall, FallAction, FallBuilder, FallError, FallEvent, FallOptions, Gem, HandCard,
    OgreKind, Pos, SecretGoal, TurnStep,
};

fn p(x: i8, y: i8) -> Pos {
    Pos::new(x, y)
}

fn seat_now(g: &Fall) -> Seat {
    match g.to_act() {
        Actor::Seat(s) => s,
        other => panic!("expected a seat to act, got {other:?}"),
    }
}

fn play(g: &mut Fall, a: FallAction) -> Vec<FallEvent> {
    let s = seat_now(g);
    assert!(
        g.legal_actions_vec().contains(&a),
        "{a:?} is not listed: {:?}",
        g.legal_actions_vec()
    );
    let mut ev = g
        .play(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
    // Cards lie as printed unless a test turns them (`orient`).
    if matches!(a, FallAction::PlaceCard(_)) && matches!(g.step(), TurnStep::OrientCard { .. }) {
        ev.extend(g.play(s, &FallAction::Orient(0)).unwrap());
    }
    ev
}

/// Plays an action that must be refused, checks it is unlisted and the state unchanged.
fn refuse(g: &mut Fall, a: FallAction) -> FallError {
    let s = seat_now(g);
    assert!(!g.legal_actions_vec().contains(&a), "{a:?} is listed");
    let h = state_hash(g);
    let e = match g.play(s, &a) {
        Err(PlayError::Rules(e)) => e,
        other => panic!("{a:?} was not refused by the rules: {other:?}"),
    };
    assert_eq!(state_hash(g), h, "a refused action changed the state");
    assert!(!e.to_string().is_empty());
    e
}

fn chance(g: &mut Fall, byte: u8) -> Vec<FallEvent> {
    assert_eq!(g.to_act(), Actor::Chance);
    g.resolve_chance([byte; 32]).unwrap()
}

fn meeples(g: &Fall, x: i8, y: i8) -> [u8; 4] {
    g.cell(p(x, y)).map(|c| c.meeples).unwrap_or([0; 4])
}

fn own(g: &Fall, seat: u8) -> dwarfs_fall::PlayerView {
    g.player_view(Seat(seat), Viewer::Seat(Seat(seat))).unwrap()
}

/// A Blue kingdom of `n` cards in a row (castle then mines/buildings all open east-west).
fn row_kingdom(b: FallBuilder, n: usize) -> FallBuilder {
    // Castle (-3,0) E open; then cards whose W and E are both open: tavern, general store.
    let chain = [
        (Blue, Tavern),
        (Blue, GeneralStore),
        (Red, Tavern),
        (Red, GeneralStore),
        (Green, Tavern),
        (Green, GeneralStore),
        (Yellow, Tavern),
    ];
    let mut b = b.card(-3, 0, Blue, Castle);
    for (i, &(c, k)) in chain.iter().take(n - 1).enumerate() {
        b = b.card(i as i8 - 2, 0, c, k);
    }
    b
}
