//! UI tests for the 3rd edition (egui_kittest): the lobby's edition, scenario and decree
//! choices, the Royal Decrees panel, and 3rd-edition play by clicking.

use super::tests::{app, click, harness, has, play_by_clicking};
use super::{DwarfsApp, Screen};
use dwarfs_engine::Game;
use dwarfs_engine::options::GameOptions;
use dwarfs_fall::{Decree, Edition, FallAction, FallOptions, Pos, Scenario};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

#[test]
fn the_lobby_sets_up_the_third_edition_with_a_scenario_or_picked_decrees() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "Dwar7s Fall");
    let options = |h: &Harness<'static, DwarfsApp>| {
        FallOptions::from_values(&h.state().lobby.values).expect("valid options")
    };
    assert_eq!(options(&h).edition, Edition::Classic);
    click(&mut h, "3rd edition");
    assert_eq!(options(&h).edition, Edition::Third);
    click(&mut h, "Siege");
    assert_eq!(options(&h).scenario, Some(Scenario::Siege));
    assert!(
        has(&h, "Siege: Royal Decrees: Fortress, Battle Memorial"),
        "the scenario's decrees are named"
    );
    // A scenario chooses the decrees: no decree can be hand-picked beside it (both at once
    // is refused by the game), so their choices are gone until the scenario is "None".
    assert!(
        !has(&h, "Hired Hands") && !has(&h, "Bar Fights"),
        "no decree to pick beside a scenario"
    );
    click(&mut h, "None");
    click(&mut h, "Hired Hands");
    click(&mut h, "Bar Fights");
    assert_eq!(options(&h).scenario, None);
    assert_eq!(
        options(&h).decrees,
        vec![Decree::BarFights, Decree::HiredHands]
    );
    click(&mut h, "Bar Fights");
    assert_eq!(options(&h).decrees, vec![Decree::HiredHands]);
    // Decrees belong to the 3rd edition: in classic their rows are gone, and so are the values.
    assert!(has(&h, "Royal Decrees"));
    click(&mut h, "Classic");
    assert!(!has(&h, "Royal Decrees") && !has(&h, "Scenario"));
    assert_eq!(options(&h), FallOptions::default());
    assert!(!has(&h, "belong to the 3rd edition"), "no error to fix");
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
    assert!(h.state().table().is_some(), "a Fall table");
}

#[test]
fn a_third_edition_game_starts_from_the_generic_options_panel() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "3rd edition");
    click(&mut h, "Bloodthirsty");
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
    let t = h.state().table().expect("a Fall table");
    assert_eq!(t.mirror.state.options().edition, Edition::Third);
    assert_eq!(
        t.mirror.state.options().scenario,
        Some(Scenario::Bloodthirsty)
    );
}

/// Picks the move to play: a 3rd-edition action whenever one is legal (so that they get
/// exercised), else a random one, ending the turn now and then.
fn choose(legal: &[FallAction], rng: &mut u64) -> FallAction {
    *rng = rng
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let r = (*rng >> 33) as usize;
    let third: Vec<FallAction> = legal
        .iter()
        .copied()
        .filter(|a| {
            matches!(
                a,
                FallAction::Upgrade(_)
                    | FallAction::PlaceClass { .. }
                    | FallAction::MoveClass { .. }
                    | FallAction::WarriorPush { .. }
                    | FallAction::HireHand(_)
                    | FallAction::Rotate { .. }
                    | FallAction::TradeUp { .. }
            )
        })
        .collect();
    if !third.is_empty() && !r.is_multiple_of(3) {
        return third[r % third.len()];
    }
    if legal.contains(&FallAction::EndActions) && r.is_multiple_of(4) {
        return FallAction::EndActions;
    }
    legal[r % legal.len()]
}

#[test]
fn a_third_edition_scenario_shows_its_decrees_and_is_played_by_clicking() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "3rd edition");
    click(&mut h, "Bloodthirsty");
    click(&mut h, "Add seat");
    click(&mut h, "Fill with bots");
    // Random bots, as this test was written for (search bots think up to a second a move, and
    // end the game sooner than the clicks it counts).
    click(&mut h, "random");
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
    assert!(has(&h, "Royal Decrees"));
    for d in Scenario::Bloodthirsty.decrees() {
        assert!(has(&h, d.name()), "the decrees panel lists {}", d.name());
    }
    assert!(
        !has(&h, Decree::Fortress.name()),
        "only the scenario's decrees"
    );
    // Each decree's text on hover.
    h.get_by_label(Decree::BarFights.name()).hover();
    h.run_steps(12);
    assert!(
        has(&h, "ogre tavern, you may draw 2 ogre cards"),
        "the Bar Fights text shows on hover"
    );
    assert!(has(&h, "Campfire:"));
    let mut rng = 7u64;
    let mut moves = 0;
    let mut upgrades = 0;
    for _ in 0..3000 {
        if h.state().screen == Screen::End {
            break;
        }
        let table = h.state().table().expect("a game is on");
        let legal = table.legal_for_viewer();
        if legal.is_empty() {
            h.run_steps(1);
            continue;
        }
        let action = choose(&legal, &mut rng);
        let before = table.mirror.seq;
        play_by_clicking(&mut h, action);
        let after = h.state().table().map_or(u32::MAX, |t| t.mirror.seq);
        assert!(
            after > before || h.state().screen == Screen::End,
            "clicking for {action:?} played nothing (error: {:?})",
            h.state().table().and_then(|t| t.mirror.error.clone())
        );
        if matches!(action, FallAction::Upgrade(_)) {
            upgrades += 1;
        }
        moves += 1;
    }
    assert!(moves > 30, "we played {moves} moves by clicking");
    assert_eq!(h.state().screen, Screen::End, "the game reached its end");
    eprintln!("{moves} moves clicked, {upgrades} upgrades");
}

/// Plays, by clicking, the first legal action that `pick` accepts; panics if none is legal or
/// the click plays nothing.
fn click_first(
    h: &mut Harness<'static, DwarfsApp>,
    what: &str,
    pick: impl Fn(&FallAction) -> bool,
) -> FallAction {
    let t = h.state().table().unwrap();
    let before = t.mirror.seq;
    let action = t
        .legal_for_viewer()
        .into_iter()
        .find(|a| pick(a))
        .unwrap_or_else(|| panic!("no legal {what}: {:?}", t.legal_for_viewer()));
    play_by_clicking(h, action);
    let t = h.state().table().unwrap();
    assert!(
        t.mirror.seq > before,
        "clicking for {action:?} played nothing (error: {:?})",
        t.mirror.error
    );
    action
}

#[test]
fn every_third_edition_action_is_offered_and_played_by_clicking() {
    use dwarfs_fall::Class;
    use dwarfs_fall::Colour::{Blue, Red};
    use dwarfs_fall::Kind::{DiamondMine, EmeraldMine, FireDragon, GoldMine, RubyMine, Tavern};
    use dwarfs_fall::{Dir, FallBuilder, Gem, OgreKind};
    let cost = dwarfs_fall::data::CLASSES[Class::King as usize].cost;
    let mut b = FallBuilder::third(2)
        .decrees(&[Decree::BattleMemorial, Decree::HiredHands])
        .card(0, 0, Red, Tavern)
        .card(1, 0, Red, EmeraldMine)
        .card(0, -1, Red, RubyMine)
        .card(-2, 2, Red, FireDragon)
        .dwarfs(-2, 2, Blue, 5)
        // Empty cards far apart, so that one is still empty to rotate after Red's turn.
        .card(-3, -3, Blue, Tavern)
        .card(3, -3, Blue, EmeraldMine)
        .card(3, 3, Blue, RubyMine)
        .card(-3, 0, Blue, DiamondMine)
        .card(3, 0, Blue, GoldMine)
        .upgraded(0, Class::Warrior)
        .class_at(0, 0, 0, Class::Warrior)
        .dwarfs(0, 0, Red, 1)
        .ogres(0, OgreKind::Thief, 1);
    for g in Gem::ALL {
        if cost[g as usize] > 0 {
            b = b.gems(0, g, cost[g as usize]);
        }
    }
    let game = b.build();
    let seats = vec![
        super::table::SeatInfo {
            name: "Tester".into(),
            kind: super::table::SeatKind::Human,
        },
        super::table::SeatInfo {
            name: "Bot 2".into(),
            kind: super::table::SeatKind::Bot,
        },
    ];
    let mut a = app();
    a.table = Some(Box::new(
        super::table::Table::<super::fall_view::FallView>::from_state(game, seats, 0),
    ));
    a.screen = Screen::Game;
    let mut h = harness(a);
    h.run_steps(2);
    assert!(has(&h, "Battle Memorial") && has(&h, "Hired Hands"));
    let at = Pos::new(0, 0);
    assert!(
        has(&h, &format!("Warrior at {at}")),
        "the warrior stands on the tavern"
    );
    click_first(&mut h, "hired hand", |a| {
        matches!(a, FallAction::HireHand(_))
    });
    click_first(&mut h, "king upgrade", |a| {
        *a == FallAction::Upgrade(Class::King)
    });
    assert!(has(&h, "Place king"));
    click_first(&mut h, "king placement", |a| {
        matches!(
            a,
            FallAction::PlaceClass {
                class: Class::King,
                ..
            }
        )
    });
    let push = click_first(&mut h, "warrior push", |a| {
        matches!(a, FallAction::WarriorPush { colour: Red, .. })
    });
    assert_eq!(
        push,
        FallAction::WarriorPush {
            colour: Red,
            dir: Dir::East
        }
    );
    click_first(&mut h, "warrior move", |a| {
        matches!(
            a,
            FallAction::MoveClass {
                class: Class::Warrior,
                ..
            }
        )
    });
    // Ending the actions kills the dragon: a memorial takes its place.
    click_first(&mut h, "end of actions", |a| *a == FallAction::EndActions);
    for _ in 0..400 {
        let t = h.state().table().unwrap();
        if !t.legal_for_viewer().is_empty() {
            break;
        }
        h.run_steps(1);
    }
    let t = h.state().table().unwrap();
    assert!(
        !t.mirror
            .state
            .observe(dwarfs_engine::Viewer::Spectator)
            .memorials
            .is_empty()
    );
    assert!(has(&h, "memorial "), "the memorial card is drawn");
    // Rotate: click an empty card, then the rotate button.
    let rot = |h: &Harness<'static, DwarfsApp>, at: Pos| {
        h.state()
            .table()
            .unwrap()
            .mirror
            .state
            .cell(at)
            .unwrap()
            .top
            .rotation
    };
    let (at, clockwise) = h
        .state()
        .table()
        .unwrap()
        .legal_for_viewer()
        .into_iter()
        .find_map(|a| match a {
            FallAction::Rotate { at, clockwise } => Some((at, clockwise)),
            _ => None,
        })
        .expect("a rotation is offered while a memorial is on the mat");
    let before = rot(&h, at);
    play_by_clicking(&mut h, FallAction::Rotate { at, clockwise });
    assert_eq!(rot(&h, at), (before + if clockwise { 1 } else { 3 }) % 4);
}

#[test]
fn the_third_edition_demo_screens_open_with_classes_and_a_memorial() {
    let mut a = app();
    a.open("hotseat-third").unwrap();
    assert_eq!(
        FallOptions::from_values(&a.lobby.values).unwrap().edition,
        Edition::Third
    );
    a.open("third").unwrap();
    let t = a.table().unwrap();
    let obs = t.mirror.state.observe(t.viewer);
    assert!(
        !obs.memorials.is_empty(),
        "the dragon fell: a memorial stands"
    );
    assert!(obs.cells.iter().any(|c| !c.classes.is_empty()));
    let mut h = harness(a);
    h.run_steps(2);
    assert!(has(&h, "memorial "));
    assert!(has(&h, "Bar Fights"));
}

#[test]
fn fortune_teller_shows_the_three_decrees_it_drew() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "3rd edition");
    click(&mut h, "Fortune Teller");
    assert!(has(&h, "Three Royal Decrees drawn at random"));
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
    h.run_steps(2);
    let t = h.state().table().unwrap();
    let drawn = t.mirror.state.observe(t.viewer).decrees;
    assert_eq!(drawn.len(), 3, "Fortune Teller draws 3 decrees");
    for d in &drawn {
        assert!(has(&h, d.name()), "the panel lists the drawn {}", d.name());
    }
}

/// A table of `game` with the tester in seat 0 and a bot in seat 1.
fn table_of(game: dwarfs_fall::Fall) -> Harness<'static, DwarfsApp> {
    let seats = vec![
        super::table::SeatInfo {
            name: "Tester".into(),
            kind: super::table::SeatKind::Human,
        },
        super::table::SeatInfo {
            name: "Bot 2".into(),
            kind: super::table::SeatKind::Bot,
        },
    ];
    let mut a = app();
    a.table = Some(Box::new(
        super::table::Table::<super::fall_view::FallView>::from_state(game, seats, 0),
    ));
    a.screen = Screen::Game;
    let mut h = harness(a);
    h.run_steps(2);
    h
}

#[test]
fn a_card_is_turned_before_it_is_placed_by_clicking() {
    use dwarfs_fall::Colour::Blue;
    use dwarfs_fall::FallBuilder;
    use dwarfs_fall::Kind::{RubyMine, Tavern};
    let mut h = table_of(FallBuilder::new(2).card(0, 0, Blue, Tavern).build());
    click(&mut h, &dwarfs_fall::rules_text::capital(RubyMine.name()));
    assert!(has(&h, "open: north, east"), "the printed walls are shown");
    click(&mut h, "Turn card");
    assert!(has(&h, "open: east, south"), "a quarter turn clockwise");
    let at = Pos::new(1, 0);
    h.get_by_label_contains(&format!("target {at}:"))
        .click_accesskit();
    h.run_steps(2);
    let top = h
        .state()
        .table()
        .unwrap()
        .mirror
        .state
        .cell(at)
        .unwrap()
        .top;
    assert_eq!(top.card.kind, RubyMine);
    assert_eq!(top.rotation, 1);
    assert_eq!(top.open, [false, true, true, false]);
}

#[test]
fn bar_fights_second_ogre_is_offered_as_a_choice_by_clicking() {
    use dwarfs_fall::Colour::Blue;
    use dwarfs_fall::FallBuilder;
    use dwarfs_fall::Kind::Tavern;
    let game = FallBuilder::third(2)
        .decrees(&[Decree::BarFights])
        .card(0, 0, Blue, Tavern)
        .dwarfs(0, 0, Blue, 3)
        .build();
    let mut h = table_of(game);
    click_first(&mut h, "end of actions", |a| *a == FallAction::EndActions);
    let two = FallAction::FinishTask {
        draw_two: true,
        keep: 0,
    };
    assert!(
        h.state().table().unwrap().legal_for_viewer().contains(&two),
        "the choice waits for the player"
    );
    click_first(&mut h, "two ogres", |a| *a == two);
    for _ in 0..50 {
        if h.state().table().unwrap().mirror.state.current_seat() != dwarfs_engine::Seat(0) {
            break;
        }
        h.run_steps(1);
    }
    let t = h.state().table().unwrap();
    let me = t
        .mirror
        .state
        .player_view(
            dwarfs_engine::Seat(0),
            dwarfs_engine::Viewer::Seat(dwarfs_engine::Seat(0)),
        )
        .unwrap();
    assert_eq!(me.ogre_count, 2);
}

#[test]
fn the_player_panels_show_the_monster_need_that_counts() {
    use dwarfs_fall::Colour::Red;
    use dwarfs_fall::FallBuilder;
    use dwarfs_fall::Kind::{FireDragon, FrostGiant};
    let game = FallBuilder::third(2)
        .decrees(&[Decree::ExperiencedBeastHunters])
        .card(0, 0, Red, FireDragon)
        .defeated(0, Red, FrostGiant)
        .build();
    let h = table_of(game);
    assert!(
        has(&h, "Needs 4 meeples on a monster"),
        "one kill lowers Blue's need to 4"
    );
    let h = table_of(
        FallBuilder::third(2)
            .card(0, 0, Red, FireDragon)
            .defeated(0, Red, FrostGiant)
            .build(),
    );
    assert!(
        !has(&h, "meeples on a monster"),
        "without the decree, 5 as printed"
    );
}
