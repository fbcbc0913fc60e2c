//! Helpers for building and driving Winter test positions.
#![allow(dead_code)]

use dwarfs_engine::{Actor, Game, PlayError, Seat, state_hash};
use dwarfs_winter::data::{Card, DISASTERS, DisasterId, MONSTERS, MonsterId, MonsterType, zone};
use dwarfs_winter::{
    DwarfKind, Squad, Winter, WinterAction, WinterError, WinterEvent, WinterOptions, Zone, ZoneType,
};

pub fn forest(n: u8) -> Zone {
    zone(ZoneType::Forest, n)
}
pub fn mine(n: u8) -> Zone {
    zone(ZoneType::Mine, n)
}
pub fn field(n: u8) -> Zone {
    zone(ZoneType::Field, n)
}
pub fn wall(n: u8) -> Zone {
    zone(ZoneType::Wall, n)
}
pub const CASTLE: Zone = Zone::CASTLE;

/// The first monster card of a type.
pub fn monster(kind: MonsterType) -> MonsterId {
    MonsterId(
        MONSTERS
            .iter()
            .position(|m| m.kind == kind)
            .expect("a card of that type") as u8,
    )
}

/// The second monster card of a type.
pub fn monster2(kind: MonsterType) -> MonsterId {
    MonsterId(
        MONSTERS
            .iter()
            .rposition(|m| m.kind == kind)
            .expect("a card of that type") as u8,
    )
}

/// The disaster card of a name.
pub fn disaster(name: &str) -> DisasterId {
    DisasterId(
        DISASTERS
            .iter()
            .position(|d| d.name == name)
            .expect("a disaster of that name") as u8,
    )
}

/// The hero card of a name.
pub fn hero(name: &str) -> Card {
    Card(
        dwarfs_winter::data::HEROES
            .iter()
            .position(|h| h.name == name)
            .expect("a hero of that name") as u8,
    )
}

/// A base-game test position (see `Winter::test_position`).
pub fn position(players: u8) -> Winter {
    Winter::test_position(WinterOptions::default(), players)
}

/// A Legendary! test position.
pub fn legendary(players: u8) -> Winter {
    Winter::test_position(
        WinterOptions {
            legendary: true,
            ..WinterOptions::default()
        },
        players,
    )
}

/// Puts `n` workers of `seat` from home at `zone`.
pub fn put(g: &mut Winter, seat: Seat, kind: DwarfKind, z: Zone, n: u8) {
    let p = g.player_mut(seat);
    assert!(p.home[kind as usize] >= n, "not enough at home");
    p.home[kind as usize] -= n;
    p.dwarfs[kind as usize][z.index()] += n;
}

/// Makes a legendary dwarf of `kind` for `seat` from a worker at home.
pub fn make_legend(g: &mut Winter, seat: Seat, kind: DwarfKind) {
    let p = g.player_mut(seat);
    p.home[0] -= 1;
    p.home[kind as usize] += 1;
    p.legends |= 1 << kind as usize;
}

/// The seat that acts now (panics unless one seat acts).
pub fn seat(g: &Winter) -> Seat {
    match g.to_act() {
        Actor::Seat(s) => s,
        other => panic!("no single seat acts now: {other:?}"),
    }
}

/// The legal actions of the seat acting now.
pub fn legal(g: &Winter) -> Vec<WinterAction> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v
}

/// A squad of `n` workers going home.
pub fn workers(n: u8) -> Squad {
    Squad {
        workers: n,
        ..Squad::default()
    }
}

/// Defeat monster `m`, sending `n` workers home.
pub fn defeat(m: MonsterId, n: u8) -> WinterAction {
    WinterAction::Defeat {
        monster: m,
        home: workers(n),
    }
}

/// Overcome disaster `d` with no Earth Guardian, sending `n` workers home.
pub fn overcome(d: DisasterId, n: u8) -> WinterAction {
    WinterAction::Overcome {
        disaster: d,
        home: workers(n),
        spare: None,
    }
}

/// Plays a legal action for the acting seat, asserting it was listed.
pub fn play(g: &mut Winter, a: WinterAction) -> Vec<WinterEvent> {
    let s = seat(g);
    let legal = g.legal_actions_vec();
    assert!(legal.contains(&a), "{a:?} not listed for {s}: {legal:?}");
    let ev = g
        .play(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} rejected: {e}"));
    g.check_invariants()
        .unwrap_or_else(|e| panic!("after {a:?}: {e}"));
    ev
}

/// Plays an action that must be refused by the rules, and checks nothing changed.
pub fn refuse(g: &mut Winter, a: WinterAction) -> WinterError {
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

/// Resolves a chance point with fixed entropy.
pub fn chance(g: &mut Winter) -> Vec<WinterEvent> {
    assert_eq!(g.to_act(), Actor::Chance);
    g.resolve_chance([7; 32]).expect("a chance point")
}

/// Every seat chooses the first listed hand.
pub fn choose_first_hands(g: &mut Winter) {
    while let Actor::Simultaneous(set) = g.to_act() {
        let s = set.iter().next().unwrap();
        let a = g.legal_actions_for_vec(s)[0];
        g.play(s, &a).unwrap();
    }
}

/// Ends turns (and stops music) until the week's Actions phase is over.
pub fn end_turns(g: &mut Winter) {
    let week = g.week();
    let mut guard = 0;
    while g.week() == week && g.end().is_none() {
        guard += 1;
        assert!(guard < 100);
        match g.to_act() {
            Actor::Seat(_)
                if matches!(
                    g.stage(),
                    dwarfs_winter::Stage::Turn | dwarfs_winter::Stage::Music(_)
                ) =>
            {
                play(g, WinterAction::Done);
            }
            _ => break,
        }
    }
}
