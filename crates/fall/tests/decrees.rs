//! One focused test per Royal Decree (3rd edition), each on a constructed position.

use dwarfs_engine::{Actor, Game, PlayError, Seat, Viewer, state_hash};
use dwarfs_fall::Colour::{Blue, Green, Red};
use dwarfs_fall::Kind::*;
use dwarfs_fall::{
    Decree, Dir, Edition, Fall, FallAction, FallBuilder, FallError, FallEvent, FallOptions, Gem,
    OgreKind, Pos, Scenario, TurnStep,
};

fn p(x: i8, y: i8) -> Pos {
    Pos::new(x, y)
}

fn play(g: &mut Fall, a: FallAction) -> Vec<FallEvent> {
    let Actor::Seat(s) = g.to_act() else {
        panic!("no seat to act: {:?}", g.to_act())
    };
    assert!(g.legal_actions_vec().contains(&a), "{a:?} not listed");
    let mut ev = g
        .play(s, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
    // Cards lie as printed in these tests.
    if matches!(a, FallAction::PlaceCard(_)) && matches!(g.step(), TurnStep::OrientCard { .. }) {
        ev.extend(g.play(s, &FallAction::Orient(0)).unwrap());
    }
    ev
}

fn refuse(g: &mut Fall, a: FallAction) -> FallError {
    let Actor::Seat(s) = g.to_act() else {
        panic!("no seat to act")
    };
    assert!(!g.legal_actions_vec().contains(&a), "{a:?} listed");
    let h = state_hash(g);
    let Err(PlayError::Rules(e)) = g.play(s, &a) else {
        panic!("{a:?} not refused")
    };
    assert_eq!(state_hash(g), h);
    e
}

fn meeples(g: &Fall, x: i8, y: i8) -> [u8; 4] {
    g.cell(p(x, y)).map(|c| c.meeples).unwrap_or([0; 4])
}

fn decreed(players: u8, d: &[Decree]) -> FallBuilder {
    FallBuilder::third(players).decrees(d)
}

#[test]
fn the_dwarfs_way_clears_full_cards_where_no_task_resolves() {
    let mut g = decreed(3, &[Decree::TheDwarfsWay])
        .card(0, 0, Red, EmeraldMine) // 3 spots, needs 2
        .card(2, 2, Red, FireDragon)
        .dwarfs(0, 0, Blue, 1)
        .dwarfs(0, 0, Red, 1)
        .dwarfs(0, 0, Green, 1)
        .dwarfs(2, 2, Red, 3)
        .dwarfs(2, 2, Green, 2)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::Cleared {
        at: p(0, 0),
        sent_home: [1, 1, 1, 0]
    }));
    assert_eq!(meeples(&g, 0, 0), [0; 4]);
    assert_eq!(meeples(&g, 2, 2), [0, 3, 2, 0], "monster cards are exempt");
    // Without the decree the stuck dwarfs stay.
    let mut g = FallBuilder::third(3)
        .card(0, 0, Red, EmeraldMine)
        .dwarfs(0, 0, Blue, 1)
        .dwarfs(0, 0, Red, 1)
        .dwarfs(0, 0, Green, 1)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(meeples(&g, 0, 0), [1, 1, 1, 0]);
}

#[test]
fn bar_fights_may_draw_two_ogres_for_three_dwarfs() {
    let b = decreed(2, &[Decree::BarFights])
        .card(0, 0, Blue, Tavern)
        .dwarfs(0, 0, Blue, 3);
    let mut g = b.clone().build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::ChooseFinish { at: p(0, 0) });
    assert_eq!(
        g.legal_actions_vec(),
        vec![
            FallAction::FinishTask {
                draw_two: false,
                keep: 0
            },
            FallAction::FinishTask {
                draw_two: true,
                keep: 0
            },
        ],
        "\"may draw 2\" is the player's choice"
    );
    play(
        &mut g,
        FallAction::FinishTask {
            draw_two: true,
            keep: 0,
        },
    );
    g.resolve_chance([1; 32]).unwrap();
    assert_eq!(g.to_act(), Actor::Chance, "a second draw");
    g.resolve_chance([2; 32]).unwrap();
    let me = g.player_view(Seat(0), Viewer::Seat(Seat(0))).unwrap();
    assert_eq!(me.ogre_count, 2);
    assert_eq!(me.dwarfs_in_pile, 7);
    // Declining draws one ogre with two dwarfs; the third stays on the tavern.
    let mut g = b.build();
    play(&mut g, FallAction::EndActions);
    play(
        &mut g,
        FallAction::FinishTask {
            draw_two: false,
            keep: 0,
        },
    );
    g.resolve_chance([1; 32]).unwrap();
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    let me = g.player_view(Seat(0), Viewer::Seat(Seat(0))).unwrap();
    assert_eq!((me.ogre_count, me.dwarfs_in_pile), (1, 6));
    assert_eq!(meeples(&g, 0, 0), [1, 0, 0, 0]);
    // Two dwarfs draw one, as usual, with no choice to make.
    let mut g = decreed(2, &[Decree::BarFights])
        .card(0, 0, Blue, Tavern)
        .dwarfs(0, 0, Blue, 2)
        .build();
    play(&mut g, FallAction::EndActions);
    g.resolve_chance([1; 32]).unwrap();
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
}

#[test]
fn a_monster_that_becomes_defeatable_in_a_resolve_is_defeated_in_it() {
    // Blue has one kill (needs 4), 4 meeples on the dragon and 3 on the giant: the dragon's kill
    // lowers the giant's need to 3, so the giant falls in the same Resolve.
    let b = decreed(3, &[Decree::ExperiencedBeastHunters])
        .card(0, 0, Red, FireDragon)
        .card(3, 0, Red, FrostGiant)
        .dwarfs(0, 0, Blue, 4)
        .dwarfs(3, 0, Blue, 3)
        .defeated(0, Green, FrostGiant);
    let mut g = b.clone().build();
    let blue = |g: &Fall| g.player_view(Seat(0), Viewer::Spectator).unwrap();
    assert_eq!(
        blue(&g).monster_need,
        4,
        "the view shows the need that counts"
    );
    assert!(
        g.text_view(Viewer::Spectator)
            .contains("needs 4 on a monster")
    );
    let ev = play(&mut g, FallAction::EndActions);
    let kills = ev
        .iter()
        .filter(|e| matches!(e, FallEvent::MonsterDefeated { .. }))
        .count();
    assert_eq!(kills, 2, "{ev:?}");
    assert!(g.cell(p(0, 0)).is_none() && g.cell(p(3, 0)).is_none());
    assert_eq!(blue(&g).monster_need, 3);
    assert_eq!(blue(&g).dwarfs_in_pile, 7);
    // Without the decree nothing falls: 5 are needed on each.
    let mut g = FallBuilder::third(3)
        .card(0, 0, Red, FireDragon)
        .card(3, 0, Red, FrostGiant)
        .dwarfs(0, 0, Blue, 4)
        .dwarfs(3, 0, Blue, 3)
        .build();
    assert_eq!(blue(&g).monster_need, 5);
    play(&mut g, FallAction::EndActions);
    assert!(g.cell(p(0, 0)).is_some() && g.cell(p(3, 0)).is_some());
}

#[test]
fn greedy_landlords_views_show_the_divided_kingdom_vp() {
    // Blue's and Red's castles share one kingdom: castle 3 + castle 3 + ruby mine 2 = 8 VP,
    // 4 each under Greedy Landlords.
    let g = decreed(2, &[Decree::GreedyLandlords])
        .card(0, 0, Blue, Castle)
        .card(1, 0, Red, Castle)
        .card(-1, 0, Blue, GeneralStore)
        .build();
    let obs = g.observe(Viewer::Spectator);
    let blue = obs.kingdoms.iter().find(|k| k.colour == Blue).unwrap();
    assert_eq!(blue.vp, 4);
    assert_eq!(blue.vp, g.kingdom_vp(Blue));
    assert_eq!(blue.vp, g.score_parts(Seat(0)).kingdom);
    assert!(
        g.text_view(Viewer::Spectator)
            .contains(&format!("Blue {} VP", blue.vp))
    );
}

#[test]
fn experienced_beast_hunters_need_fewer_meeples_per_kill() {
    let b = decreed(2, &[Decree::ExperiencedBeastHunters])
        .card(0, 0, Red, FrostGiant)
        .dwarfs(0, 0, Blue, 4)
        .dwarfs(0, 0, Red, 1);
    // No kill yet: 5 needed, the Red dwarf blocks.
    let mut g = b.clone().build();
    play(&mut g, FallAction::EndActions);
    assert!(g.cell(p(0, 0)).is_some());
    // One kill before: 4 are enough, the Red dwarf no longer blocks.
    let mut g = b.defeated(0, Red, FireDragon).build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(
        ev.iter()
            .any(|e| matches!(e, FallEvent::MonsterDefeated { .. }))
    );
    let red = g.player_view(Seat(1), Viewer::Spectator).unwrap();
    assert_eq!(
        red.dwarfs_in_pile, 7,
        "the Red dwarf went home with the card"
    );
}

#[test]
fn hired_hands_trades_an_ogre_for_an_action() {
    let mut g = decreed(2, &[Decree::HiredHands])
        .card(0, 0, Red, Tavern)
        .ogres(0, OgreKind::Thief, 1)
        .turn(0, 3)
        .build();
    refuse(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    play(&mut g, FallAction::HireHand(OgreKind::Thief));
    assert_eq!(g.observe(Viewer::Spectator).ogre_discard[4], 1);
    play(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    assert_eq!(g.actions_used(), 4);
    refuse(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    // Not without the decree.
    let mut g = FallBuilder::third(2).ogres(0, OgreKind::Thief, 1).build();
    refuse(&mut g, FallAction::HireHand(OgreKind::Thief));
}

#[test]
fn greedy_landlords_divide_a_shared_kingdom() {
    // Blue castle (0,0) E open, Red castle (1,0) W open: one kingdom of 6 VP.
    let b = |d: &[Decree]| {
        decreed(2, d)
            .card(0, 0, Blue, Castle)
            .card(1, 0, Red, Castle)
            .build()
    };
    assert_eq!(b(&[]).kingdom_vp(Blue), 6);
    let g = b(&[Decree::GreedyLandlords]);
    assert_eq!((g.kingdom_vp(Blue), g.kingdom_vp(Red)), (3, 3));
    // A lone castle keeps its VP.
    let g = decreed(2, &[Decree::GreedyLandlords])
        .card(0, 0, Blue, Castle)
        .build();
    assert_eq!(g.kingdom_vp(Blue), 3);
}

#[test]
fn charming_merchants_trade_a_completed_goal_towards_a_dearer_one() {
    // Blue owns goal 0 (3 emeralds, 5 VP); goal 9 (2E 1D 1R 1G) is face up in slot 0.
    let mut g = decreed(2, &[Decree::CharmingMerchants])
        .face_up([Some(9), Some(1), Some(3)])
        .trading_goal(0, 0)
        .card(0, 0, Blue, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Diamond, 1)
        .gems(0, Gem::Ruby, 1)
        .gems(0, Gem::Gold, 1)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::GoalReturned {
        seat: Seat(0),
        goal: 0
    }));
    let me = g.player_view(Seat(0), Viewer::Seat(Seat(0))).unwrap();
    assert_eq!(me.trading_goals, vec![9]);
    assert_eq!(me.gem_count, 0);
    assert_eq!(g.to_act(), Actor::Chance, "the slot is refilled");
    // Without the decree Blue cannot pay.
    let mut g = FallBuilder::third(2)
        .face_up([Some(9), Some(1), Some(3)])
        .trading_goal(0, 0)
        .card(0, 0, Blue, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Diamond, 1)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(
        g.player_view(Seat(0), Viewer::Seat(Seat(0)))
            .unwrap()
            .trading_goals,
        vec![0]
    );
}

#[test]
fn charming_merchants_offer_a_choice_when_several_trades_fit() {
    let mut g = decreed(2, &[Decree::CharmingMerchants])
        .face_up([Some(9), Some(2), Some(3)])
        .trading_goal(0, 0)
        .card(0, 0, Blue, GeneralStore)
        .dwarfs(0, 0, Blue, 3)
        .gems(0, Gem::Diamond, 1)
        .gems(0, Gem::Ruby, 1)
        .gems(0, Gem::Gold, 2)
        .build();
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.step(), TurnStep::ChooseGoal);
    let legal = g.legal_actions_vec();
    assert!(legal.contains(&FallAction::TradeUp { slot: 0, goal: 0 }));
    assert!(legal.contains(&FallAction::TradeUp { slot: 1, goal: 0 }));
    refuse(&mut g, FallAction::TradeUp { slot: 2, goal: 0 });
    play(&mut g, FallAction::TradeUp { slot: 1, goal: 0 });
}

#[test]
fn fortress_limits_placement_and_allows_a_rotation_when_stuck() {
    // Red's kingdom: Red castle (0,0) + Red tavern (1,0). A lone emerald mine at (4,4) lies in
    // no kingdom. Blue has no castle.
    let b = decreed(2, &[Decree::Fortress])
        .card(0, 0, Red, Castle)
        .card(1, 0, Red, Tavern)
        .card(4, 4, Red, EmeraldMine);
    let mut g = b.clone().build();
    refuse(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    refuse(&mut g, FallAction::PlaceDwarf(p(1, 0)));
    play(&mut g, FallAction::PlaceDwarf(p(4, 4)));
    assert!(
        !g.legal_actions_vec()
            .iter()
            .any(|a| matches!(a, FallAction::Rotate { .. })),
        "Blue still has a valid spot"
    );
    // With the lone mine full, Blue has no valid spot: it may rotate an empty card.
    let mut g = b.dwarfs(4, 4, Red, 3).build();
    assert!(
        !g.legal_actions_vec()
            .iter()
            .any(|a| matches!(a, FallAction::PlaceDwarf(_)))
    );
    play(
        &mut g,
        FallAction::Rotate {
            at: p(1, 0),
            clockwise: true,
        },
    );
    // The tavern (open E S W) turned clockwise is open S W N: its west side (towards the
    // castle) is still open... but now its east is a wall.
    assert_eq!(g.cell(p(1, 0)).unwrap().top.open, [true, false, true, true]);
    assert_eq!(g.actions_used(), 1);
    let e = refuse(
        &mut g,
        FallAction::Rotate {
            at: p(4, 4),
            clockwise: false,
        },
    );
    assert!(matches!(e, FallError::BadTarget(_)), "{e}");
}

#[test]
fn crazy_balloonists_allow_one_dwarf_from_the_campfire_per_card_per_turn() {
    let mut g = decreed(2, &[Decree::CrazyBalloonists])
        .card(0, 0, Red, RubyMine) // open N E
        .card(1, 0, Red, GoldMine) // open S W: passage (0,0) <-> (1,0)
        .build();
    play(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    refuse(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    play(&mut g, FallAction::PlaceDwarf(p(1, 0)));
    play(
        &mut g,
        FallAction::MoveDwarf {
            from: p(1, 0),
            dir: Dir::West,
        },
    );
    assert_eq!(
        meeples(&g, 0, 0),
        [2, 0, 0, 0],
        "moving in is still allowed"
    );
    // Next turn the card takes a dwarf from a campfire again.
    play(&mut g, FallAction::EndActions);
    play(&mut g, FallAction::PlaceDwarf(p(0, 0)));
}

#[test]
fn hard_workers_split_the_round_into_morning_and_night_and_pass_the_axe() {
    let mut g = decreed(3, &[Decree::HardWorkers])
        .card(0, 0, Red, EmeraldMine)
        .dwarfs(0, 0, Blue, 2)
        .build();
    let ev = play(&mut g, FallAction::EndActions);
    assert!(
        !ev.iter().any(|e| matches!(e, FallEvent::TaskDone { .. })),
        "no resolve in the morning"
    );
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    play(&mut g, FallAction::PlaceDwarf(p(0, 0)));
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Seat(Seat(2)));
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::NightFalls));
    // Night: Blue resolves first (and must discard: 9 kingdom cards + 1 emerald).
    assert!(ev.iter().any(|e| matches!(e, FallEvent::TaskDone { .. })));
    assert_eq!(g.step(), TurnStep::Discard);
    assert_eq!(g.current_seat(), Seat(0));
    let ev = play(
        &mut g,
        FallAction::Discard(dwarfs_fall::HandCard::Gem(Gem::Emerald)),
    );
    // Red and Green resolve in turn (nothing to do); the axe passes to Red.
    assert!(ev.contains(&FallEvent::AxePassed(Seat(1))));
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    assert_eq!(g.round(), 2);
    assert_eq!(g.observe(Viewer::Spectator).first_player, Seat(1));
    // Round 2's morning ends after Blue (the seat before Red); with nothing to resolve the
    // night passes at once and Green gets the axe.
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Seat(Seat(2)));
    play(&mut g, FallAction::EndActions);
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::NightFalls));
    assert!(ev.contains(&FallEvent::AxePassed(Seat(2))));
    assert_eq!((g.round(), g.to_act()), (3, Actor::Seat(Seat(2))));
    assert!(!g.observe(Viewer::Spectator).night);
}

#[test]
fn battle_memorial_marks_a_kill_and_adds_the_rotate_action() {
    let mut g = decreed(2, &[Decree::BattleMemorial])
        .card(0, 0, Red, FireDragon)
        .card(1, 0, Red, Tavern)
        .dwarfs(0, 0, Blue, 5)
        .build();
    assert!(
        !g.legal_actions_vec()
            .iter()
            .any(|a| matches!(a, FallAction::Rotate { .. }))
    );
    let ev = play(&mut g, FallAction::EndActions);
    assert!(ev.contains(&FallEvent::MemorialPlaced { at: p(0, 0) }));
    assert_eq!(g.observe(Viewer::Spectator).memorials, vec![p(0, 0)]);
    // Red cannot put a card on the memorial, but may rotate an empty card.
    play(&mut g, FallAction::ChooseCard(FrostGiant));
    refuse(&mut g, FallAction::PlaceCard(p(0, 0)));
    play(&mut g, FallAction::PlaceCard(p(-1, 0))); // next to the memorial
    play(
        &mut g,
        FallAction::Rotate {
            at: p(1, 0),
            clockwise: false,
        },
    );
    assert_eq!(g.cell(p(1, 0)).unwrap().top.rotation, 3);
}

#[test]
fn fortune_teller_draws_three_decrees_at_setup() {
    let o = FallOptions {
        edition: Edition::Third,
        scenario: Some(Scenario::FortuneTeller),
        ..Default::default()
    };
    let mut g = Fall::new(&o, 3).unwrap();
    assert!(g.decrees().is_empty());
    let ev = g.resolve_chance([8; 32]).unwrap();
    assert_eq!(g.decrees().len(), 3);
    assert!(ev.contains(&FallEvent::DecreesInPlay(g.decrees())));
    let mut other = Fall::new(&o, 3).unwrap();
    let mut differs = false;
    for b in 0..8u8 {
        other = Fall::new(&o, 3).unwrap_or(other);
        other.resolve_chance([b; 32]).unwrap();
        differs |= other.decrees() != g.decrees();
    }
    assert!(differs, "the draw depends on the entropy");
}

#[test]
fn scenarios_put_their_decrees_in_play() {
    let o = FallOptions {
        edition: Edition::Third,
        scenario: Some(Scenario::Siege),
        ..Default::default()
    };
    let mut g = Fall::new(&o, 2).unwrap();
    g.resolve_chance([0; 32]).unwrap();
    assert_eq!(
        g.decrees(),
        vec![
            Decree::GreedyLandlords,
            Decree::Fortress,
            Decree::BattleMemorial
        ]
    );
}

#[test]
fn hard_workers_end_trigger_finishes_the_night_then_the_game_ends() {
    // Blue (first player) holds 2 trading goals and buys a third in the night; Red and Green
    // still resolve their night (Red mines an emerald), then the game ends.
    let mut g = decreed(3, &[Decree::HardWorkers])
        .trading_goal(0, 3)
        .trading_goal(0, 4)
        .card(0, 0, Blue, GeneralStore)
        .card(3, 0, Red, EmeraldMine)
        .dwarfs(0, 0, Blue, 3)
        .dwarfs(3, 0, Red, 2)
        .gems(0, Gem::Emerald, 3)
        .build();
    for seat in 0..3 {
        assert_eq!(g.to_act(), Actor::Seat(Seat(seat)), "morning");
        play(&mut g, FallAction::EndActions);
    }
    // Night: Blue's trade waits for the refill draw.
    let ev = g.resolve_chance([5; 32]).unwrap();
    assert!(ev.contains(&FallEvent::EndTriggered(Seat(0))), "{ev:?}");
    assert!(ev.iter().any(|e| matches!(
        e,
        FallEvent::GemsTaken {
            seat: Seat(1),
            gem: Gem::Emerald,
            ..
        }
    )));
    assert!(ev.contains(&FallEvent::TurnEnded(Seat(2))));
    assert!(ev.contains(&FallEvent::GameOver));
    assert_eq!(g.to_act(), Actor::Over);
}
