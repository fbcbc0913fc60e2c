//! The plain-text view for terminal players: what it shows, what it must never show, its size.

use dwarfs_engine::playout::{Step, random_playout};
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_fall::Colour::{Blue, Green, Red, Yellow};
use dwarfs_fall::Kind::*;
use dwarfs_fall::{
    Class, Edition, Fall, FallBuilder, FallOptions, Gem, OgreKind, SecretGoal, TEXT_WIDTH,
};

/// A mid-game position: the state after random legal play from `seed` reached `round`, at a
/// seat's decision.
fn mid_game(options: &FallOptions, players: u8, seed: u64, round: u16) -> Fall {
    let game = random_playout::<Fall>(options, players, seed, true).expect("a whole game");
    let mut g = Fall::new(options, players).unwrap();
    for step in &game.steps {
        if g.round() >= round && matches!(g.to_act(), Actor::Seat(_)) {
            return g;
        }
        match step {
            Step::Chance(e) => {
                g.resolve_chance(*e).unwrap();
            }
            Step::Decision { seat, action } => {
                g.play(*seat, action).unwrap();
            }
        }
    }
    panic!("seed {seed}: the game ended before round {round}");
}

fn third() -> FallOptions {
    FallOptions {
        edition: Edition::Third,
        scenario: Some(dwarfs_fall::Scenario::AxeGospel),
        ..Default::default()
    }
}

/// True if `word` appears in `text` as a whole word (case-sensitive).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The text with wrapped lines joined again, for phrases that may wrap.
fn flat(text: &str) -> String {
    text.replace("\n    ", " ").replace("\n  ", " ")
}

fn assert_fits(text: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= TEXT_WIDTH,
            "line longer than {TEXT_WIDTH}: {line:?}\n{text}"
        );
        assert_eq!(line, line.trim_end(), "trailing spaces in {line:?}");
    }
}

#[test]
fn mid_game_text_shows_the_viewers_secrets_and_hides_the_others() {
    let g = mid_game(&FallOptions::default(), 4, 7, 4);
    // What each seat holds, as its owner may see it.
    let own: Vec<_> = Seat::all(4)
        .map(|s| g.player_view(s, Viewer::Seat(s)).unwrap())
        .collect();
    let hidden: Vec<SecretGoal> = own
        .iter()
        .filter(|p| !p.secret_revealed)
        .filter_map(|p| p.secret_goal)
        .collect();
    assert!(hidden.len() >= 3, "the test needs unrevealed secret goals");
    for viewer in Seat::all(4) {
        let text = g.text_view(Viewer::Seat(viewer));
        let mine = &own[viewer.index()];
        let goal = mine.secret_goal.unwrap();
        assert!(
            text.contains(&format!(": {} - {}.", goal.name(), goal.text())),
            "{viewer}'s own secret goal is missing:\n{text}"
        );
        for other in Seat::all(4).filter(|&s| s != viewer) {
            let theirs = &own[other.index()];
            if !theirs.secret_revealed {
                let name = theirs.secret_goal.unwrap().name();
                assert!(
                    !has_word(&text, name),
                    "{viewer} sees {other}'s secret goal {name}:\n{text}"
                );
            }
        }
        assert!(text.contains(&format!("you are {}", Fall::seat_colour(viewer).unwrap())));
        assert!(text.contains("Your gems: "), "{text}");
    }
    // The spectator sees no hand and no unrevealed goal.
    let text = g.text_view(Viewer::Spectator);
    assert!(!text.contains("Your "), "{text}");
    assert!(text.contains("You are watching"));
    for goal in &hidden {
        assert!(!has_word(&text, goal.name()), "spectator sees {goal:?}");
    }
}

/// Two positions where seats 1 and 2 swap their hidden cards (secret goals, gem and ogre kinds,
/// the same counts each), so everything public stays the same.
fn twins() -> (Fall, Fall) {
    let base = || {
        FallBuilder::new(3)
            .card(0, 0, Blue, Castle)
            .card(1, 0, Red, Tavern)
            .dwarfs(0, 0, Red, 1)
    };
    let a = base()
        .secret(1, SecretGoal::Wizard)
        .gems(1, Gem::Emerald, 2)
        .gems(1, Gem::Ruby, 1)
        .ogres(1, OgreKind::Thief, 1)
        .secret(2, SecretGoal::Researcher)
        .gems(2, Gem::Gold, 3)
        .ogres(2, OgreKind::Crown, 1)
        .build();
    let b = base()
        .secret(2, SecretGoal::Wizard)
        .gems(2, Gem::Emerald, 2)
        .gems(2, Gem::Ruby, 1)
        .ogres(2, OgreKind::Thief, 1)
        .secret(1, SecretGoal::Researcher)
        .gems(1, Gem::Gold, 3)
        .ogres(1, OgreKind::Crown, 1)
        .build();
    (a, b)
}

#[test]
fn other_players_hidden_cards_do_not_change_the_text() {
    let (a, b) = twins();
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
        assert_eq!(a.text_view(viewer), b.text_view(viewer), "{viewer:?}");
    }
    // Seat 1 sees its own cards, so its text differs and names them.
    let (ta, tb) = (
        a.text_view(Viewer::Seat(Seat(1))),
        b.text_view(Viewer::Seat(Seat(1))),
    );
    assert_ne!(ta, tb);
    assert!(
        ta.contains("Your gems: 2 emerald 1 ruby. Your ogres: 1 Thief."),
        "{ta}"
    );
    assert!(ta.contains("Your secret goal: Wizard"), "{ta}");
    assert!(
        tb.contains("Your gems: 3 gold. Your ogres: 1 Crown."),
        "{tb}"
    );
    assert!(tb.contains("Your secret goal: Researcher"), "{tb}");
    // Everyone sees the counts.
    let t0 = flat(&a.text_view(Viewer::Seat(Seat(0))));
    assert!(
        t0.contains("Red: 0 VP, 0 goals | hand: Cas Sto Eme Dia Rub Gol DRG GNT, 3 gems, 1 ogre |"),
        "{t0}"
    );
    assert!(
        t0.contains(
            "Green: 0 VP, 0 goals | hand: Cas Tav Sto Eme Dia Rub Gol DRG GNT, 3 gems, 1 ogre |"
        ),
        "{t0}"
    );
    for hidden in ["Wizard", "Researcher", "Thief", "Crown"] {
        assert!(!has_word(&t0, hidden), "{hidden} leaked:\n{t0}");
    }
}

#[test]
fn a_revealed_secret_goal_is_shown_to_everyone() {
    let g = FallBuilder::new(2)
        .secret(1, SecretGoal::Miner)
        .revealed(1)
        .build();
    let text = g.text_view(Viewer::Spectator);
    assert!(text.contains("secret goal Miner (revealed)"), "{text}");
}

#[test]
fn the_mat_is_drawn_with_cards_stacks_meeples_and_walls() {
    // Green dragon (all sides open) north of Blue's castle (N E W open); east of the castle a
    // Blue ruby mine (N E open) stacked on Red's: its west side is a wall.
    let g = FallBuilder::new(4)
        .card(0, -1, Green, FireDragon)
        .card(0, 0, Blue, Castle)
        .card(1, 0, Red, RubyMine)
        .card(1, 0, Blue, RubyMine)
        .dwarfs(0, -1, Blue, 2)
        .dwarfs(0, -1, Red, 1)
        .dwarfs(0, 0, Yellow, 1)
        .build();
    let text = g.text_view(Viewer::Spectator);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("Mat "))
        .expect("a mat heading");
    let mat = &lines[at + 1..at + 9];
    let expected = [
        "       0      1",
        "    +--  --+",
        " -1  G DRG",
        "     BBR..",
        "    +--  --+--  --+",
        "  0  B Cas |B Rub2",
        "     Y..   |....",
        "    +------+------+",
    ];
    assert_eq!(mat, expected, "\n{text}");
    assert!(text.contains("Kingdoms: Blue 0 VP (2 cards)"), "{text}");
}

#[test]
fn prompts_say_who_acts_and_what_to_do() {
    let g = FallBuilder::new(2).turn(1, 1).build();
    let text = g.text_view(Viewer::Seat(Seat(1)));
    assert!(
        text.contains("Red (you) to act: perform actions (1 of 3 used) or end them."),
        "{text}"
    );
    assert!(text.contains("> Red (you): "), "{text}");
    let text = g.text_view(Viewer::Seat(Seat(0)));
    assert!(text.contains("Red to act: perform actions"), "{text}");
}

#[test]
fn third_edition_shows_campfires_classes_and_decrees() {
    let g = FallBuilder::third(2)
        .decrees(&[dwarfs_fall::Decree::HardWorkers])
        .card(0, 0, Blue, Castle)
        .upgraded(0, Class::King)
        .upgraded(0, Class::Warrior)
        .class_at(0, 0, 0, Class::King)
        .dwarfs(0, 0, Red, 1)
        .build();
    let text = g.text_view(Viewer::Seat(Seat(1)));
    // The king is Blue's class meeple: a lower-case b.
    assert!(text.lines().any(|l| l.trim() == "bR."), "{text}");
    let text = flat(&text);
    assert!(text.contains("Dwar7s Fall, 3rd edition"), "{text}");
    assert!(text.contains("Royal Decrees: Hard Workers"), "{text}");
    assert!(
        text.contains("king at (0, 0), warrior in campfire"),
        "{text}"
    );
    assert!(text.contains("dwarfs: campfire 6, mat 1"), "{text}");
}

#[test]
fn every_line_fits_and_a_four_player_mid_game_stays_compact() {
    for seed in [1, 7, 23] {
        let g = mid_game(&FallOptions::default(), 4, seed, 5);
        for viewer in [Viewer::Seat(Seat(2)), Viewer::Spectator] {
            let text = g.text_view(viewer);
            assert_fits(&text);
            assert!(
                text.lines().count() <= 40,
                "seed {seed}: {} lines\n{text}",
                text.lines().count()
            );
        }
    }
    for players in 2..=4 {
        let g = mid_game(&third(), players, 11, 4);
        for viewer in Seat::all(players)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
        {
            assert_fits(&g.text_view(viewer));
        }
    }
}

#[test]
fn seat_colours_follow_seat_order() {
    let names: Vec<_> = (0..5).map(|i| Fall::seat_colour(Seat(i))).collect();
    assert_eq!(
        names,
        [
            Some("Blue"),
            Some("Red"),
            Some("Green"),
            Some("Yellow"),
            None
        ]
    );
}

#[test]
#[ignore = "prints a sample; run with --ignored --nocapture"]
fn print_a_sample() {
    let g = mid_game(&FallOptions::default(), 4, 7, 5);
    println!("{}", g.text_view(Viewer::Seat(Seat(0))));
    let g = mid_game(&third(), 4, 11, 4);
    println!("\n{}", g.text_view(Viewer::Seat(Seat(1))));
}
