//! Hidden information, and the reveal windows during and after Resolve.

use super::*;

// ---------- hidden information ----------

#[test]
fn observe_hides_other_players_gems_ogres_and_secret_goal() {
    let g = FallBuilder::new(3)
        .card(0, 0, Blue, Castle)
        .gems(0, Gem::Ruby, 2)
        .ogres(0, OgreKind::Thief, 1)
        .gems(1, Gem::Gold, 1)
        .revealed(2)
        .build();
    let blue = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(blue.players[0].gems, Some([0, 0, 2, 0]));
    assert_eq!(blue.players[0].ogres, Some([0, 0, 0, 0, 1]));
    assert!(blue.players[0].secret_goal.is_some());
    assert_eq!(blue.players[1].gems, None);
    assert_eq!(blue.players[1].ogres, None);
    assert_eq!(blue.players[1].secret_goal, None);
    assert_eq!(blue.players[1].gem_count, 1, "counts are public");
    assert!(
        blue.players[2].secret_goal.is_some(),
        "revealed goals are public"
    );
    assert_eq!(
        blue.players[0].kingdom_cards.len(),
        8,
        "kingdom hands are public"
    );
    assert_eq!(blue.players[1].kingdom_cards.len(), 9);
    let spec = g.observe(Viewer::Spectator);
    assert!(
        spec.players
            .iter()
            .all(|p| p.gems.is_none() && p.ogres.is_none())
    );
    assert_eq!(spec.players[0].secret_goal, None);
    assert_eq!(
        spec.players[0].public_score, 3,
        "gems are not in the public score"
    );
    assert_eq!(g.score_parts(Seat(0)).total(), 3 + 4);
    // The observation is public data plus own cards only: Red's view differs from Blue's.
    let red = g.observe(Viewer::Seat(Seat(1)));
    assert_ne!(
        dwarfs_engine::codec::encode(&red).unwrap(),
        dwarfs_engine::codec::encode(&blue).unwrap()
    );
    assert_eq!(red.players[0].gems, None);
}

#[test]
fn describe_reads_like_a_move_log() {
    let g = FallBuilder::new(2)
        .card(1, 0, Blue, RubyMine)
        .turn(1, 0)
        .build();
    assert_eq!(
        g.describe(&FallAction::PlaceDwarf(p(1, 0))),
        "Red places a dwarf on the Blue ruby mine at (1, 0)"
    );
    assert_eq!(
        g.describe(&FallAction::EndActions),
        "Red ends their actions"
    );
}

#[test]
fn wrong_step_and_malformed_actions_are_refused_with_a_reason() {
    let mut g = FallBuilder::new(2).card(0, 0, Blue, Castle).build();
    for a in [
        FallAction::PlaceCard(p(1, 0)),
        FallAction::TargetCard(p(0, 0)),
        FallAction::BuyGoal(0),
        FallAction::Dig(p(0, 0)),
        FallAction::Discard(HandCard::Gem(Gem::Ruby)),
        FallAction::MoveDwarf {
            from: p(0, 0),
            dir: Dir::East,
        },
        FallAction::PlaceDwarf(p(i8::MAX, i8::MIN)),
        FallAction::ChooseCard(Castle),
        FallAction::PlayOgre(OgreKind::Crown),
    ] {
        refuse(&mut g, a);
    }
    assert_eq!(
        g.play(Seat(1), &FallAction::EndActions),
        Err(PlayError::NotYourTurn {
            expected: Seat(0),
            got: Seat(1)
        })
    );
}

// ---------- reveal windows during and after Resolve ----------

#[test]
fn a_secret_goal_met_during_resolve_can_be_revealed_before_the_store_spends_it() {
    // Blue holds an emerald, a diamond and a gold; mining a ruby completes Miner.
    // Ruby mine (0,0) with 3 Blue dwarfs; store (3,0) with 3 Blue dwarfs; the only affordable
    // face-up goal is 1 E + 1 R + 1 G (goal 6), which spends the ruby just mined.
    let mut g = FallBuilder::new(2)
        .secret(0, SecretGoal::Miner)
        .face_up([Some(6), Some(1), Some(3)])
        .card(0, 0, Blue, RubyMine)
        .card(3, 0, Blue, GeneralStore)
        .card(0, 3, Blue, Tavern)
        .card(1, 3, Blue, EmeraldMine)
        .card(2, 3, Blue, DiamondMine)
        .card(3, 3, Blue, GoldMine)
        .dwarfs(0, 0, Blue, 3)
        .dwarfs(3, 0, Blue, 3)
        .gems(0, Gem::Emerald, 1)
        .gems(0, Gem::Diamond, 1)
        .gems(0, Gem::Gold, 1)
        .build();
    play(&mut g, FallAction::EndActions);
    // Miner holds now (the ruby was mined); the single possible trade waits for the reveal.
    assert_eq!(g.step(), TurnStep::ChooseGoal);
    let legal = g.legal_actions_vec();
    assert_eq!(
        legal,
        vec![FallAction::RevealSecret, FallAction::BuyGoal(0)],
        "reveal or buy"
    );
    play(&mut g, FallAction::RevealSecret);
    assert!(own(&g, 0).secret_revealed);
    assert_eq!(g.step(), TurnStep::ChooseGoal, "the trade still follows");
    play(&mut g, FallAction::BuyGoal(0));
    chance(&mut g, 1);
    let me = own(&g, 0);
    assert_eq!(me.trading_goals, vec![6]);
    assert_eq!(me.goals_met, 2, "the trading goal and the revealed Miner");
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn a_secret_goal_met_during_resolve_gets_an_end_of_turn_window() {
    // Blue has 4 emeralds and mines the 5th (Wizard); with 5 kingdom cards played the hand
    // stays within 9 cards.
    let wizard = |emeralds| {
        FallBuilder::new(2)
            .secret(0, SecretGoal::Wizard)
            .card(0, 0, Blue, EmeraldMine)
            .card(0, 3, Blue, Tavern)
            .card(1, 3, Blue, GeneralStore)
            .card(2, 3, Blue, DiamondMine)
            .card(3, 3, Blue, GoldMine)
            .dwarfs(0, 0, Blue, 2)
            .gems(0, Gem::Emerald, emeralds)
    };
    let mut g = wizard(4).build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::Discard);
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::RevealSecret, FallAction::EndActions]
    );
    refuse(&mut g, FallAction::Discard(HandCard::Gem(Gem::Emerald)));
    let ev = play(&mut g, FallAction::RevealSecret);
    assert!(ev.contains(&FallEvent::TurnEnded(Seat(0))), "{ev:?}");
    assert!(own(&g, 0).secret_revealed);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    // Or the player keeps it secret and ends the turn.
    let mut g = wizard(4).build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(
        g.describe(&FallAction::EndActions),
        "Blue ends their turn",
        "{:?}",
        g.step()
    );
    play(&mut g, FallAction::EndActions);
    assert!(!own(&g, 0).secret_revealed);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    // Without a goal to reveal, the turn ends straight after Resolve.
    let mut g = wizard(3).build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn a_single_dig_waits_while_the_secret_goal_can_be_revealed() {
    // Blue's kingdom (castle and 7 open cards) holds Architect; the castle's dig has one stack.
    let mut g = row_kingdom(FallBuilder::new(4), 8)
        .secret(0, SecretGoal::Architect)
        .card(0, 3, Red, EmeraldMine)
        .card(0, 3, Blue, DiamondMine)
        .dwarfs(-3, 0, Blue, 2)
        .build();
    // Blue keeps it secret during actions; Resolve then offers it again before digging.
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::ChooseDig);
    assert_eq!(
        g.legal_actions_vec(),
        vec![FallAction::RevealSecret, FallAction::Dig(p(0, 3))]
    );
    play(&mut g, FallAction::RevealSecret);
    play(&mut g, FallAction::Dig(p(0, 3)));
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    assert!(own(&g, 0).secret_revealed);
}
