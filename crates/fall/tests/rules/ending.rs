//! The end of the game, and scoring.

use super::*;

// ---------- the end ----------

#[test]
fn the_end_is_triggered_by_three_goals_and_the_round_is_finished() {
    let mut g = FallBuilder::new(3)
        .trading_goal(1, 5)
        .trading_goal(1, 6)
        .trading_goal(1, 7)
        .turn(1, 0)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::EndTriggered(Seat(1))));
    assert!(g.final_round());
    assert_eq!(g.to_act(), Actor::Seat(Seat(2)), "Green still plays");
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::GameOver));
    assert_eq!(g.to_act(), Actor::Over);
    assert!(g.legal_actions_vec().is_empty());
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![Seat(1)]);
    assert_eq!(o.scores[1].total, 7 + 6 + 6);
}

#[test]
fn defeated_monsters_do_not_trigger_the_end() {
    let mut g = FallBuilder::new(2)
        .trading_goal(0, 5)
        .trading_goal(0, 6)
        .defeated(0, Red, FireDragon)
        .defeated(0, Red, FrostGiant)
        .build();
    play(&mut g, FallAction::EndActions);
    assert!(!g.final_round());
    // A revealed secret goal does count.
    let mut g = FallBuilder::new(2)
        .trading_goal(0, 5)
        .trading_goal(0, 6)
        .revealed(0)
        .build();
    play(&mut g, FallAction::EndActions);
    assert!(g.final_round());
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn the_last_seat_triggering_ends_the_game_at_once() {
    let mut g = FallBuilder::new(2)
        .trading_goal(1, 5)
        .trading_goal(1, 6)
        .trading_goal(1, 7)
        .turn(1, 0)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Over);
}

#[test]
fn the_round_limit_ends_the_game() {
    let mut g = FallBuilder::new(2).round(40).build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Over);
    assert!(g.outcome().unwrap().summary.contains("round limit"));
}

// ---------- scoring ----------

#[test]
fn scoring_adds_every_category() {
    // Blue: trading goal 0 (5), Architect revealed (5), one monster (3), 2 rubies (4) + 1
    // emerald (1), kingdom: castle alone (3). Green: no castle, so no kingdom VP.
    let mut g = FallBuilder::new(3)
        .card(0, 0, Blue, Castle)
        .card(0, 3, Green, RubyMine)
        .trading_goal(0, 0)
        .secret(0, SecretGoal::Architect)
        .revealed(0)
        .defeated(0, Red, FrostGiant)
        .gems(0, Gem::Ruby, 2)
        .gems(0, Gem::Emerald, 1)
        .round_limit(1)
        .turn(2, 0)
        .build();
    play(&mut g, FallAction::EndActions);
    let o = g.outcome().unwrap();
    let blue = &o.scores[0];
    let pts: Vec<(String, i32)> = blue
        .breakdown
        .iter()
        .map(|l| (l.category.clone(), l.points))
        .collect();
    assert_eq!(
        pts,
        vec![
            ("Trading goals".into(), 5),
            ("Secret goal".into(), 5),
            ("Monsters".into(), 3),
            ("Gems".into(), 5),
            ("Kingdom".into(), 3),
        ]
    );
    assert_eq!(blue.total, 21);
    assert_eq!(o.scores[2].total, 0, "no castle, no kingdom VP");
    assert_eq!(o.winners, vec![Seat(0)]);
}

#[test]
fn a_shared_kingdom_scores_for_each_castle_and_ties_go_to_the_most_dwarfs() {
    // Blue castle (0,0) E open, Red castle (1,0) W open: one kingdom of 6 VP for both.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(1, 0, Red, Castle)
        .dwarfs(1, 0, Blue, 1)
        .round_limit(1)
        .turn(1, 0)
        .build();
    play(&mut g, FallAction::EndActions);
    let o = g.outcome().unwrap();
    assert_eq!((o.scores[0].total, o.scores[1].total), (6, 6));
    assert_eq!(o.scores[0].tiebreakers, vec![2, 1]);
    assert_eq!(o.scores[1].tiebreakers, vec![2, 0]);
    assert_eq!(
        o.winners,
        vec![Seat(0)],
        "same kingdom, Blue has more dwarfs out"
    );
}

#[test]
fn ties_go_to_the_biggest_kingdom_first() {
    // Blue: castle alone (3 VP, 1 card). Red: castle 3 + tavern 1 + emerald 1 + giant -2 = 3 VP
    // in 4 cards. Blue has more dwarfs out, but the kingdom size decides first.
    let mut g = FallBuilder::new(2)
        .card(0, 5, Blue, Castle)
        .card(0, 0, Red, Castle)
        .card(1, 0, Red, Tavern)
        .card(2, 0, Red, EmeraldMine)
        .card(0, -1, Blue, FrostGiant)
        .dwarfs(0, 5, Blue, 1)
        .round_limit(1)
        .turn(1, 0)
        .build();
    assert_eq!(g.kingdom_size(Red), 4);
    play(&mut g, FallAction::EndActions);
    let o = g.outcome().unwrap();
    assert_eq!((o.scores[0].total, o.scores[1].total), (3, 3));
    assert_eq!(o.winners, vec![Seat(1)]);
}
