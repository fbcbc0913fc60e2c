//! Helpers for building and driving test positions.
#![allow(dead_code)]

use dwarfs_engine::{Actor, Game, PlayError, Seat, state_hash};
use dwarfs_spring::data::{LOCATIONS, MONSTERS, QUESTS, Resource, Spot, Yield};
use dwarfs_spring::map::{self, Loc};
use dwarfs_spring::{Spring, SpringAction, SpringError, SpringEvent};

/// The seat that acts now (panics otherwise).
pub fn seat(g: &Spring) -> Seat {
    match g.to_act() {
        Actor::Seat(s) => s,
        other => panic!("no seat acts now: {other:?}"),
    }
}

/// Plays a listed action for the acting seat.
pub fn play(g: &mut Spring, a: SpringAction) -> Vec<SpringEvent> {
    let s = seat(g);
    let legal = g.legal_actions_vec();
    assert!(legal.contains(&a), "{a:?} not listed for {s}: {legal:?}");
    g.play(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} rejected: {e}"))
}

/// Plays an action that must be refused, and checks nothing changed.
pub fn refuse(g: &mut Spring, a: SpringAction) -> SpringError {
    let s = seat(g);
    let before = state_hash(g);
    assert!(
        !g.legal_actions_vec().contains(&a),
        "{a:?} should not be listed"
    );
    let err = match g.play(s, &a) {
        Err(PlayError::Rules(e)) => e,
        other => panic!("{a:?} should be refused by the rules, got {other:?}"),
    };
    assert_eq!(state_hash(g), before, "a refused action changed the state");
    err
}

/// Resolves a chance point.
pub fn chance(g: &mut Spring, e: u8) -> Vec<SpringEvent> {
    assert_eq!(g.to_act(), Actor::Chance);
    g.resolve_chance([e; 32]).expect("chance point")
}

/// Every grassland spot of this kind, in location order.
pub fn spots(pred: impl Fn(Spot) -> bool) -> Vec<Loc> {
    (6..LOCATIONS as Loc)
        .filter(|&l| map::spot(l).is_some_and(&pred))
        .collect()
}

/// A resource spot of `kind` worth `amount`.
pub fn resource_spot(kind: Yield, amount: u8) -> Loc {
    spots(|s| s == Spot::Resource { kind, amount })[0]
}

/// Food, wood or gold as a spot yield.
pub fn res(r: Resource) -> Yield {
    Yield::Res(r)
}

/// A field next to `l` (for a settlement that gives `l` adjacency).
pub fn field_next_to(g: &Spring, l: Loc) -> Loc {
    g.board()
        .map
        .adj(l)
        .iter()
        .find(|&n| map::spot(n) == Some(Spot::Field))
        .unwrap_or_else(|| panic!("no field next to {l}"))
}

/// Puts a settlement of `seat` from `line` at `l` directly (no gains).
pub fn put_settlement(g: &mut Spring, seat: Seat, line: Resource, l: Loc) {
    let e = g.empire_mut(seat);
    e.settlements.add(l);
    e.built[line.index()] += 1;
}

/// Ends the current turn (taking Idle-free paths: the caller acted already).
pub fn end(g: &mut Spring) {
    play(g, SpringAction::EndTurn);
}

/// A wildland with at least one grassland neighbour field, and that field.
pub fn wild_with_field(g: &Spring) -> (Loc, Loc) {
    for w in 0..6 {
        if let Some(f) = g
            .board()
            .map
            .adj(w)
            .iter()
            .find(|&n| map::spot(n) == Some(Spot::Field))
        {
            return (w, f);
        }
    }
    panic!("no wildland touches a field");
}

/// Puts the last turn of the era on the table: round 7, the last seat of the round to act, its
/// dwarf action taken (so `EndTurn` ends the era).
pub fn last_turn_of_era(g: &mut Spring) {
    let n = g.players();
    let f = g.flow_mut();
    f.round = 7;
    f.turn = n - 1;
    f.acted = true;
}

/// Leaves only quests in the expedition deck (every quest not in the area), so that no refill
/// brings a monster into play.
pub fn quests_only_deck(g: &mut Spring) {
    let in_area = g
        .decks()
        .area
        .iter()
        .flatten()
        .fold(0u64, |m, &c| m | 1 << c);
    g.set_exp_deck(((1u64 << QUESTS) - 1) << MONSTERS & !in_area);
}

/// Marks every board spot of seat `s` used this era (with no piece on the map either, its only
/// dwarf action is then `Idle`).
pub fn every_spot_used(g: &mut Spring, s: Seat) {
    g.empire_mut(s).used = 0b1_1111_1111;
}
