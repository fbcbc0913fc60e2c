//! Secret goals, and discarding.

use super::*;

// ---------- secret goals ----------

fn reveal_ok(mut g: Fall) {
    let ev = play(&mut g, FallAction::RevealSecret);
    assert!(matches!(ev[0], FallEvent::SecretRevealed { .. }));
    assert!(own(&g, 0).secret_revealed);
    assert_eq!(own(&g, 0).goals_met, 1);
    assert!(g.score_parts(Seat(0)).secret_goal > 0);
    let v = g.player_view(Seat(0), Viewer::Seat(Seat(1))).unwrap();
    assert!(v.secret_goal.is_some(), "a revealed goal is public");
    refuse(&mut g, FallAction::RevealSecret);
}

fn reveal_refused(mut g: Fall) {
    let e = refuse(&mut g, FallAction::RevealSecret);
    assert!(matches!(e, FallError::SecretNotMet(_)), "{e}");
}

#[test]
fn secret_architect() {
    reveal_ok(
        row_kingdom(FallBuilder::new(4), 8)
            .secret(0, SecretGoal::Architect)
            .build(),
    );
    reveal_refused(
        row_kingdom(FallBuilder::new(4), 7)
            .secret(0, SecretGoal::Architect)
            .build(),
    );
}

#[test]
fn secret_hunter() {
    let b = FallBuilder::new(2).secret(0, SecretGoal::Hunter);
    reveal_ok(
        b.clone()
            .defeated(0, Red, FireDragon)
            .defeated(0, Red, FrostGiant)
            .build(),
    );
    reveal_refused(b.defeated(0, Red, FireDragon).build());
}

#[test]
fn secret_king() {
    // Castle 3 + tavern 1 + store 2 + tavern 1 + store 2 + tavern 1 = 10.
    reveal_ok(
        row_kingdom(FallBuilder::new(3), 6)
            .secret(0, SecretGoal::King)
            .build(),
    );
    reveal_refused(
        row_kingdom(FallBuilder::new(3), 5)
            .secret(0, SecretGoal::King)
            .build(),
    );
}

#[test]
fn secret_miner() {
    let b = FallBuilder::new(2)
        .secret(0, SecretGoal::Miner)
        .gems(0, Gem::Emerald, 1)
        .gems(0, Gem::Diamond, 1)
        .gems(0, Gem::Ruby, 1);
    reveal_ok(b.clone().gems(0, Gem::Gold, 1).build());
    reveal_refused(b.build());
}

#[test]
fn secret_ogre_in_disguise() {
    let b = FallBuilder::new(2)
        .secret(0, SecretGoal::OgreInDisguise)
        .ogres(0, OgreKind::Brute, 3);
    reveal_ok(b.clone().ogres(0, OgreKind::Panic, 2).build());
    reveal_refused(b.ogres(0, OgreKind::Panic, 1).build());
}

#[test]
fn secret_researcher() {
    let b = FallBuilder::new(2)
        .secret(0, SecretGoal::Researcher)
        .card(0, 0, Red, FireDragon)
        .card(3, 3, Red, FrostGiant)
        .dwarfs(0, 0, Blue, 3);
    reveal_ok(b.clone().dwarfs(3, 3, Blue, 3).build());
    reveal_refused(b.dwarfs(3, 3, Blue, 2).dwarfs(3, 3, Red, 1).build());
}

#[test]
fn secret_wizard() {
    let b = FallBuilder::new(2).secret(0, SecretGoal::Wizard);
    reveal_ok(b.clone().gems(0, Gem::Emerald, 5).build());
    reveal_refused(b.gems(0, Gem::Emerald, 4).gems(0, Gem::Gold, 3).build());
}

#[test]
fn secret_goals_that_hold_at_the_end_are_revealed_before_scoring() {
    let mut g = FallBuilder::new(2)
        .secret(0, SecretGoal::Wizard)
        .gems(0, Gem::Emerald, 5)
        .secret(1, SecretGoal::Miner)
        .round_limit(1)
        .turn(1, 0)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::SecretRevealed {
        seat: Seat(0),
        goal: SecretGoal::Wizard
    }));
    let o = g.outcome().unwrap();
    assert_eq!(o.scores[0].total, 4 + 5, "Wizard 4 VP + 5 emeralds");
    assert_eq!(o.scores[1].total, 0);
}

// ---------- discard ----------

#[test]
fn discard_down_to_nine_only_gems_and_ogres() {
    // Blue still holds all 9 kingdom cards; mining an emerald makes 10 cards.
    let mut g = FallBuilder::new(2)
        .card(0, 0, Red, EmeraldMine)
        .dwarfs(0, 0, Blue, 2)
        .ogres(0, OgreKind::Brute, 1)
        .build();
    assert_eq!(own(&g, 0).kingdom_cards.len(), 9);
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::Discard);
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
    assert_eq!(
        g.legal_actions_vec(),
        vec![
            FallAction::Discard(HandCard::Gem(Gem::Emerald)),
            FallAction::Discard(HandCard::Ogre(OgreKind::Brute)),
        ]
    );
    refuse(&mut g, FallAction::Discard(HandCard::Gem(Gem::Ruby)));
    refuse(&mut g, FallAction::ChooseCard(Castle));
    play(&mut g, FallAction::Discard(HandCard::Gem(Gem::Emerald)));
    assert_eq!(g.step(), TurnStep::Discard, "still 10 cards");
    play(&mut g, FallAction::Discard(HandCard::Ogre(OgreKind::Brute)));
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    assert_eq!(g.gem_piles()[0], 10, "discarded gems return to their pile");
    assert_eq!(g.observe(Viewer::Spectator).ogre_discard[0], 1);
}
