//! `Fall::determinized`: along random games of both editions, for every viewer, a redrawn state
//! looks the same to that viewer, keeps the invariants, plays on to the end, is a function of the
//! entropy, and really redraws hidden cards.
//!
//! `FALL_SEEDS` sets the games per case (default 6).

use dwarfs_engine::playout::random_states;
use dwarfs_engine::{Actor, Entropy, Game, RandomBot, Seat, SeedStream, Viewer, state_hash};
use dwarfs_fall::{Edition, Fall, FallOptions, Scenario, TurnStep};

fn seeds() -> u64 {
    std::env::var("FALL_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6)
}

fn entropy(i: u8) -> Entropy {
    let mut e = [0xa5; 32];
    e[31] = i;
    e
}

fn cases() -> Vec<FallOptions> {
    let third = |scenario| FallOptions {
        edition: Edition::Third,
        scenario,
        ..FallOptions::default()
    };
    vec![
        FallOptions::classic(),
        third(None),
        third(Some(Scenario::AxeGospel)),
        third(Some(Scenario::Bloodthirsty)),
    ]
}

/// Every state along a random game.
fn states(options: &FallOptions, players: u8, seed: u64) -> Vec<Fall> {
    let g = Fall::new(options, players).expect("setup");
    random_states(g, seed, |_, _| true).expect("the game ends")
}

/// Whether some hidden card could be another: an unrevealed secret goal of another player, two
/// hidden hands holding gems of different kinds, or hidden ogres of different kinds in hands and
/// the deck.
fn has_hidden_choice(g: &Fall, viewer: Viewer) -> bool {
    let obs = g.observe(viewer);
    let own = |seat: Seat| g.player_view(seat, Viewer::Seat(seat)).expect("seat");
    let hidden: Vec<_> = obs
        .players
        .iter()
        .filter(|p| p.gems.is_none())
        // In these steps the acting player's cards are bound by the step itself (it can pay for
        // two goals, or reveal its secret goal): they may have no other possibility.
        .filter(|p| {
            !(p.seat == g.current_seat()
                && matches!(
                    g.step(),
                    TurnStep::ChooseGoal | TurnStep::ChooseDig | TurnStep::Discard
                ))
        })
        .map(|p| own(p.seat))
        .collect();
    let secrets = hidden
        .iter()
        .any(|p| !p.secret_revealed && p.secret_goal.is_some());
    let kinds = |counts: Vec<u8>| counts.iter().filter(|&&c| c > 0).count();
    let mut gems = vec![0u8; 4];
    for p in &hidden {
        for (i, c) in p.gems.unwrap_or_default().iter().enumerate() {
            gems[i] += c;
        }
    }
    let gem_hands = hidden.iter().filter(|p| p.gem_count > 0).count();
    let mut ogres = vec![0u8; 5];
    for p in &hidden {
        for (i, c) in p.ogres.unwrap_or_default().iter().enumerate() {
            ogres[i] += c;
        }
    }
    let ogre_hands = hidden.iter().filter(|p| p.ogre_count > 0).count();
    // The deck's make-up is hidden too: any kind not accounted for may be in it.
    let deck_may_differ = obs.ogre_deck > 0;
    secrets
        || (gem_hands >= 2 && kinds(gems) >= 2)
        || (ogre_hands >= 1 && (ogre_hands >= 2 || deck_may_differ) && kinds(ogres) >= 2)
}

fn check_state(g: &Fall, seed: u64, playout: bool) -> usize {
    let mut hidden = 0;
    for viewer in Viewer::all(g.players()) {
        let want = g.observe(viewer);
        let mut differs = false;
        for i in 0..8 {
            let d = g.determinized(viewer, entropy(i));
            assert_eq!(
                d.observe(viewer),
                want,
                "{viewer:?}: the observation changed"
            );
            d.check_invariants()
                .unwrap_or_else(|e| panic!("{viewer:?}: {e}"));
            assert_eq!(
                d,
                g.determinized(viewer, entropy(i)),
                "not a function of the entropy"
            );
            differs |= state_hash(&d) != state_hash(g);
            if i == 0
                && let Actor::Seat(s) = d.to_act()
            {
                let legal = d.legal_actions_vec();
                assert!(
                    !legal.is_empty(),
                    "{viewer:?}: no legal action in {:?}",
                    d.step()
                );
                for a in legal {
                    let mut e = d.clone();
                    e.play(s, &a)
                        .unwrap_or_else(|err| panic!("{a:?} listed but refused: {err}"));
                }
            }
        }
        if playout {
            let d = g.determinized(viewer, entropy(99));
            let mut bot = RandomBot::new(seed);
            dwarfs_engine::playout::play_out(
                d,
                &mut dwarfs_engine::Seated(&mut bot),
                &mut SeedStream::new(seed),
                false,
            )
            .unwrap_or_else(|e| panic!("{viewer:?}: playout from a redrawn state: {e}"));
        }
        if has_hidden_choice(g, viewer) {
            hidden += 1;
            assert!(
                differs,
                "{viewer:?}: 8 redraws all equal the true state at {:?}",
                g.step()
            );
        }
    }
    hidden
}

#[test]
fn determinized_states_agree_with_the_observation_and_play_on() {
    let mut hidden = 0;
    for options in cases() {
        for players in 2..=4u8 {
            for seed in 0..seeds() {
                for (k, g) in states(&options, players, seed).iter().enumerate() {
                    let step = g.step();
                    let choice = matches!(
                        step,
                        TurnStep::ChooseGoal | TurnStep::ChooseDig | TurnStep::Discard
                    );
                    if k % 5 == 0 || choice || !matches!(g.to_act(), Actor::Seat(_)) {
                        hidden += check_state(g, seed * 10_000 + k as u64, k % 61 == 0);
                    }
                }
            }
        }
    }
    assert!(
        hidden > 100,
        "too few states with hidden information: {hidden}"
    );
}

#[test]
fn a_redrawn_hand_still_pays_for_the_goals_the_player_is_choosing_between() {
    use dwarfs_fall::{Colour, FallAction, FallBuilder, Gem, Kind};
    // Seat 0 completes a general store task with 3 emeralds and 3 golds: it may buy goal 0
    // (3 emeralds) or goal 1 (3 golds), so it stops to choose. Everyone else sees only that it
    // holds 6 gems and is choosing: a redraw must leave it two goals it can pay for.
    let mut g = FallBuilder::new(3)
        .face_up([Some(0), Some(1), Some(3)])
        .card(0, 0, Colour::Red, Kind::GeneralStore)
        .dwarfs(0, 0, Colour::Blue, 3)
        .gems(0, Gem::Emerald, 3)
        .gems(0, Gem::Gold, 3)
        .gems(1, Gem::Emerald, 2)
        .gems(1, Gem::Gold, 2)
        .gems(1, Gem::Ruby, 2)
        .build();
    g.play(Seat(0), &FallAction::EndActions)
        .expect("end actions");
    assert_eq!(g.step(), TurnStep::ChooseGoal);
    for viewer in [Viewer::Seat(Seat(2)), Viewer::Spectator] {
        for i in 0..32 {
            let d = g.determinized(viewer, entropy(i));
            assert_eq!(d.observe(viewer), g.observe(viewer));
            d.check_invariants().expect("invariants");
            let legal = d.legal_actions_vec();
            let goals = legal
                .iter()
                .filter(|a| matches!(a, FallAction::BuyGoal(_) | FallAction::TradeUp { .. }))
                .count();
            assert!(
                goals >= 2 || (goals == 1 && legal.contains(&FallAction::RevealSecret)),
                "{viewer:?}: {legal:?}"
            );
        }
    }
}
