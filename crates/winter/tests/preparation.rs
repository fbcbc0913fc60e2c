//! Phase 2, Preparation: every player chooses a hand of hand-size cards from their action deck,
//! at the same time and in secret (one simultaneous step, one action per seat); in solitaire the
//! hand is picked one card at a time by ordinary moves.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, PlayError, Seat, SeatSet, Viewer};
use dwarfs_winter::data::{Card, FIRST_HERO, HERO_CARDS, STARTERS};
use dwarfs_winter::{Stage, Winter, WinterAction, WinterError, WinterEvent, WinterOptions};

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

/// A solitaire position at the Preparation step of week 1, the player's deck holding the 7
/// starting heroes and the first `heroes` pool heroes.
fn solo_preparing(options: WinterOptions, heroes: u8) -> Winter {
    let mut g = Winter::test_position(options, 1);
    for c in FIRST_HERO..FIRST_HERO + heroes {
        g.give_hero(Seat(0), Card(c));
    }
    g.set_monster_pile(&[]);
    g.set_disaster_pile(&[]);
    g.begin_week_now();
    chance(&mut g);
    g
}

/// The picks listed for the solitaire player, as cards.
fn picks(g: &Winter) -> u64 {
    g.legal_actions_vec()
        .iter()
        .map(|a| match a {
            WinterAction::PickCard(c) => c.bit(),
            other => panic!("not a pick: {other:?}"),
        })
        .fold(0, |m, b| {
            assert_eq!(m & b, 0, "a card listed twice");
            m | b
        })
}

#[test]
fn a_solitaire_player_with_a_big_deck_picks_the_hand_card_by_card_from_at_most_the_deck() {
    // 25 cards (7 starters and 18 heroes), and every hero (35 cards): never C(deck, 7) hands,
    // at most one action per card of the deck.
    for (heroes, hand_size) in [(18u8, 7u8), (28, 7), (18, 5)] {
        let mut g = solo_preparing(WinterOptions::default(), heroes);
        g.player_mut(Seat(0)).hand_size = hand_size;
        let deck = g.player(Seat(0)).deck;
        let size = deck.count_ones();
        assert_eq!(size, 7 + heroes as u32);
        assert_eq!(g.stage(), Stage::Prepare);
        assert_eq!(
            g.to_act(),
            Actor::Seat(Seat(0)),
            "an ordinary move, not a secret"
        );
        for picked in 0..hand_size as u32 {
            let listed = g.legal_actions_vec();
            assert!(listed.len() as u32 <= size);
            assert_eq!(listed.len() as u32, size - picked);
            let hand = g.player(Seat(0)).hand;
            assert_eq!(picks(&g), deck & !hand, "every card not picked yet");
            assert_eq!(g.legal_actions_for_vec(Seat(0)), listed);
            // Pick from the top of the deck down, to show any card may be taken.
            let a = *listed.last().unwrap();
            let ev = play(&mut g, a);
            let WinterAction::PickCard(card) = a else {
                unreachable!()
            };
            let p = g.player(Seat(0));
            assert_eq!(p.hand, hand | card.bit());
            assert_eq!(g.observe(Viewer::Seat(Seat(0))).own_hand(), p.hand);
            let complete = picked + 1 == hand_size as u32;
            assert_eq!(ev.contains(&WinterEvent::HandChosen(Seat(0))), complete);
            assert_eq!(p.chosen, complete);
        }
        let p = g.player(Seat(0));
        assert_eq!(p.hand.count_ones(), hand_size as u32);
        assert_eq!(p.hand & !deck, 0);
        assert_eq!(p.deck, deck, "the deck keeps every card");
        assert_eq!(g.stage(), Stage::Turn, "the Actions phase begins");
        assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
        assert_eq!(p.actions_left, 5);
    }
}

#[test]
fn a_solitaire_deck_no_bigger_than_the_hand_size_is_the_hand_without_a_decision() {
    let mut g = position(1);
    g.set_monster_pile(&[]);
    g.begin_week_now();
    let ev = chance(&mut g);
    assert!(ev.contains(&WinterEvent::HandChosen(Seat(0))), "{ev:?}");
    let p = g.player(Seat(0));
    assert_eq!(p.hand, (1 << STARTERS) - 1, "the 7 starting heroes");
    assert!(p.chosen);
    assert_eq!(g.stage(), Stage::Turn);
    // One card more than the hand size (the sage of Legendary!): a pick per card.
    let g = solo_preparing(
        WinterOptions {
            legendary: true,
            ..WinterOptions::default()
        },
        0,
    );
    assert_eq!(g.stage(), Stage::Prepare);
    assert_eq!(g.legal_actions_vec().len(), STARTERS as usize + 1);
}

#[test]
fn a_solitaire_pick_outside_the_deck_or_already_picked_or_a_whole_hand_is_refused() {
    let mut g = solo_preparing(WinterOptions::default(), 3);
    let first = Card(0);
    play(&mut g, WinterAction::PickCard(first));
    assert_eq!(
        refuse(&mut g, WinterAction::PickCard(first)),
        WinterError::BadPick
    );
    let outside = Card(FIRST_HERO + 3);
    assert_eq!(g.player(Seat(0)).deck & outside.bit(), 0);
    assert_eq!(
        refuse(&mut g, WinterAction::PickCard(outside)),
        WinterError::BadPick
    );
    assert_eq!(
        refuse(&mut g, WinterAction::PickCard(Card(HERO_CARDS as u8))),
        WinterError::BadPick
    );
    // The multiplayer shape is refused, and so is anything else.
    let whole = WinterAction::ChooseHand((1 << STARTERS) - 1);
    assert!(matches!(refuse(&mut g, whole), WinterError::WrongStep(_)));
    assert!(matches!(
        refuse(&mut g, WinterAction::Done),
        WinterError::WrongStep(_)
    ));
    assert!(matches!(
        g.apply_simultaneous(Seat(0), &whole),
        Err(PlayError::NotDeciding { .. })
    ));
    assert_eq!(
        g.describe(&WinterAction::PickCard(Card(1))),
        format!("Blue takes {} into their hand", Card(1).name())
    );
    let text = g.text_view(Viewer::Seat(Seat(0)));
    assert!(text.contains("1 of 7 cards picked"), "{text}");
    assert!(text.contains("to choose from:"), "{text}");
}

#[test]
fn multiplayer_hands_are_still_one_secret_choice_even_with_big_decks() {
    let mut g = preparing(2);
    for c in FIRST_HERO..FIRST_HERO + 5 {
        g.give_hero(Seat(0), Card(c));
    }
    assert_eq!(g.to_act(), Actor::Simultaneous(SeatSet::all(2)));
    let hands = g.legal_actions_for_vec(Seat(0));
    assert_eq!(hands.len() as u64, binomial(12, 7));
    assert!(
        hands
            .iter()
            .all(|a| matches!(a, WinterAction::ChooseHand(_)))
    );
    let e = g
        .play(Seat(0), &WinterAction::PickCard(Card(0)))
        .unwrap_err();
    assert!(matches!(e, PlayError::Rules(WinterError::WrongStep(_))));
}
