//! Phase 2, Preparation: every player chooses a hand of hand-size cards from their action deck,
//! at the same time and in secret (one simultaneous step, one action per seat).

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, PlayError, Seat, SeatSet, Viewer};
use dwarfs_winter::data::STARTERS;
use dwarfs_winter::{Stage, Winter, WinterAction, WinterError};

/// A position at the Preparation step of week 1.
fn preparing(players: u8) -> Winter {
    let mut g = position(players);
    g.set_monster_pile(&[]);
    g.begin_week_now();
    chance(&mut g);
    assert_eq!(g.stage(), Stage::Prepare);
    g
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn every_seat_decides_at_once_and_lists_every_hand_of_its_hand_size() {
    let mut g = preparing(3);
    assert_eq!(g.to_act(), Actor::Simultaneous(SeatSet::all(3)));
    assert!(
        g.legal_actions_vec().is_empty(),
        "a simultaneous step lists per seat"
    );
    // 7 starters, hand size 7: one hand. With 3 more heroes and hand size 6: C(10, 6).
    assert_eq!(
        g.legal_actions_for_vec(Seat(0)),
        vec![WinterAction::ChooseHand((1 << STARTERS) - 1)]
    );
    for name in ["Mason", "Cook", "Scout"] {
        g.give_hero(Seat(1), hero(name));
    }
    g.player_mut(Seat(1)).hand_size = 6;
    let hands = g.legal_actions_for_vec(Seat(1));
    assert_eq!(hands.len() as u64, binomial(10, 6));
    let deck = g.player(Seat(1)).deck;
    for h in &hands {
        let WinterAction::ChooseHand(m) = h else {
            panic!()
        };
        assert_eq!(m.count_ones(), 6);
        assert_eq!(m & !deck, 0);
    }
    let mut distinct = hands.clone();
    distinct.dedup();
    assert_eq!(distinct.len(), hands.len());
}

#[test]
fn a_hand_of_the_wrong_size_or_from_outside_the_deck_is_refused() {
    let mut g = preparing(2);
    g.give_hero(Seat(0), hero("Mason"));
    let too_small = WinterAction::ChooseHand(0b11_1111);
    let foreign = WinterAction::ChooseHand(((1 << STARTERS) - 1) ^ 1 | hero("Cook").bit());
    for a in [too_small, foreign] {
        assert_eq!(
            g.play(Seat(0), &a),
            Err(PlayError::Rules(WinterError::BadHand(7)))
        );
    }
    let e = g.play(Seat(0), &WinterAction::Done).unwrap_err();
    assert!(matches!(e, PlayError::Rules(WinterError::WrongStep(_))));
}

#[test]
fn hands_stay_secret_until_the_step_ends_and_then_actions_begin_with_the_first_player() {
    let mut g = preparing(3);
    g.set_week(1, Seat(1));
    g.give_hero(Seat(2), hero("Mason"));
    let hand = g.legal_actions_for_vec(Seat(2))[3];
    g.play(Seat(2), &hand).unwrap();
    assert_eq!(
        g.to_act(),
        Actor::Simultaneous(SeatSet::all(3).without(Seat(2)))
    );
    assert!(g.legal_actions_for_vec(Seat(2)).is_empty());
    // Seat 0 sees that seat 2 decided and how many cards it holds, not which.
    let mine = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(mine.players[2].hand, 0);
    assert_eq!(mine.hand_len[2], 7);
    assert!(mine.players[2].chosen);
    let theirs = g.observe(Viewer::Seat(Seat(2)));
    let WinterAction::ChooseHand(m) = hand else {
        panic!()
    };
    assert_eq!(theirs.players[2].hand, m);
    assert_eq!(g.observe(Viewer::Spectator).players[2].hand, 0);
    // A second choice by the same seat is refused.
    assert!(matches!(
        g.play(Seat(2), &hand),
        Err(PlayError::NotDeciding { .. })
    ));
    choose_first_hands(&mut g);
    assert_eq!(g.stage(), Stage::Turn);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)), "the first player starts");
    assert_eq!(g.player(Seat(1)).actions_left, 5);
}

#[test]
fn determinization_redraws_the_other_hands_from_their_decks() {
    let mut g = preparing(2);
    for name in ["Mason", "Cook", "Scout", "Miner"] {
        g.give_hero(Seat(1), hero(name));
    }
    let hand = g.legal_actions_for_vec(Seat(1))[0];
    g.play(Seat(1), &hand).unwrap();
    let viewer = Viewer::Seat(Seat(0));
    let mut differed = false;
    for e in 0..20u8 {
        let d = g.determinize(viewer, [e; 32]);
        assert_eq!(d.observe(viewer), g.observe(viewer));
        let p = d.player(Seat(1));
        assert_eq!(p.hand.count_ones(), 7);
        assert_eq!(p.hand & !p.deck, 0);
        differed |= p.hand != g.player(Seat(1)).hand;
        d.check_invariants().unwrap();
    }
    assert!(differed, "the hidden hand is resampled");
    // The viewer's own hand is kept.
    let d = g.determinize(Viewer::Seat(Seat(1)), [3; 32]);
    assert_eq!(d.player(Seat(1)).hand, g.player(Seat(1)).hand);
}
