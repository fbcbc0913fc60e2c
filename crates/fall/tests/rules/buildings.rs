//! The general store and the tavern.

use super::*;

// ---------- general store and tavern ----------

#[test]
fn general_store_buys_one_goal_and_refills_at_a_chance_point() {
    // Face up: goal 0 (3 emeralds), goal 1 (3 golds), goal 3 (2 diamonds). Blue can pay only 0.
    let mut g = FallBuilder::new(2)
        .face_up([Some(0), Some(1), Some(3)])
        .card(0, 0, Blue, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Emerald, 4)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::GoalBought {
        seat: Seat(0),
        goal: 0
    }));
    assert_eq!(g.to_act(), Actor::Chance, "the refill is a chance point");
    assert_eq!(g.face_up_goals()[0], None);
    let ev = chance(&mut g, 9);
    let refilled = g.face_up_goals()[0].unwrap().id;
    assert!(![0, 1, 3].contains(&refilled));
    assert!(ev.contains(&FallEvent::GoalRevealed {
        slot: 0,
        goal: refilled
    }));
    let me = own(&g, 0);
    assert_eq!(me.trading_goals, vec![0]);
    assert_eq!(me.gems.unwrap(), [1, 0, 0, 0]);
    assert_eq!(g.gem_piles()[0], 9, "paid gems return to their pile");
    assert_eq!(g.observe(Viewer::Spectator).goal_deck, 6);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn general_store_lets_the_player_choose_between_affordable_goals() {
    let mut g = FallBuilder::new(2)
        .face_up([Some(0), Some(1), Some(3)])
        .card(0, 0, Red, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Emerald, 3)
        .gems(0, Gem::Gold, 3)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::ChooseGoal);
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::BuyGoal(0), FallAction::BuyGoal(1)]
    );
    let e = refuse(&mut g, FallAction::BuyGoal(2));
    assert_eq!(e, FallError::CannotBuy(2));
    refuse(&mut g, FallAction::EndActions);
    play(&mut g, FallAction::BuyGoal(1));
    assert_eq!(own(&g, 0).trading_goals, vec![1]);
    assert_eq!(own(&g, 0).gems.unwrap(), [3, 0, 0, 0]);
    assert_eq!(g.to_act(), Actor::Chance);
}

#[test]
fn general_store_without_an_affordable_goal_does_nothing() {
    let mut g = FallBuilder::new(2)
        .face_up([Some(0), Some(1), Some(3)])
        .card(0, 0, Red, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Emerald, 2)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::TaskBlocked {
        at: p(0, 0),
        reason: Blocked::CannotAfford
    }));
    assert_eq!(own(&g, 0).gem_count, 2);
    assert_eq!(own(&g, 0).dwarfs_in_pile, 7);
}

#[test]
fn tavern_draws_an_ogre_at_a_chance_point() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, Tavern)
        .dwarfs(0, 0, Blue, 2)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Chance);
    let ev = chance(&mut g, 1);
    assert!(ev.iter().any(|e| matches!(e, FallEvent::OgreDrawn { .. })));
    assert_eq!(own(&g, 0).ogre_count, 1);
    assert_eq!(g.observe(Viewer::Spectator).ogre_deck, 12);
}

#[test]
fn tavern_reshuffles_the_discard_pile_when_the_deck_is_empty() {
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, Tavern)
        .dwarfs(0, 0, Blue, 2)
        .ogres(1, OgreKind::Thief, 3)
        .ogre_deck_to_discard()
        .build();
    assert_eq!(g.observe(Viewer::Spectator).ogre_deck, 0);
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::OgresReshuffled));
    let obs = g.observe(Viewer::Spectator);
    assert_eq!((obs.ogre_deck, obs.ogre_discard), (10, [0; 5]));
    let ev = chance(&mut g, 2);
    let drawn = ev
        .iter()
        .find_map(|e| match e {
            FallEvent::OgreDrawn { ogre, .. } => Some(*ogre),
            _ => None,
        })
        .unwrap();
    assert_ne!(drawn, OgreKind::Thief, "all Thieves are in Red's hand");
    assert_eq!(g.observe(Viewer::Spectator).ogre_deck, 9);
}
