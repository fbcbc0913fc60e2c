//! `dwarfs replay show` prints a readable move log for every registered game: each move's and
//! each chance point's consequences in the game's own words (`Game::describe_event`), and never
//! a debug dump of an event.

use dwarfs_engine::Game;
use dwarfs_games::{GameEntry, GameKind, with_entry};
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::record_simulated;

/// What a `{:?}` dump of our events looks like: a struct or tuple variant, an option, a list, or
/// a variant's CamelCase name (a word of letters only with a hump: "CannotAfford").
fn looks_like_a_debug_dump(line: &str) -> bool {
    let camel = |word: &str| {
        let letters: Vec<char> = word.chars().collect();
        letters.len() > 2
            && letters.iter().all(|c| c.is_ascii_alphabetic())
            && letters[0].is_ascii_uppercase()
            && letters
                .windows(2)
                .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase())
    };
    line.contains(" { ")
        || line.contains("Some(")
        || line.contains(": [")
        || line.split(|c: char| !c.is_ascii_alphanumeric()).any(camel)
}

#[test]
fn the_dump_detector_sees_a_dump() {
    assert!(looks_like_a_debug_dump(
        "#3  [GemsTaken { seat: Seat(1), count: 2 }]"
    ));
    assert!(looks_like_a_debug_dump("chance: [HeroDrawn(3)]"));
    assert!(looks_like_a_debug_dump(
        "The task has no effect (CannotAfford)"
    ));
    assert!(!looks_like_a_debug_dump("#3    Blue mines 2 rubies (bot)"));
    assert!(!looks_like_a_debug_dump(
        "chance: The Yeti I spawns in Mine 2"
    ));
}

#[test]
fn replay_show_prints_no_debug_dump_for_any_game() {
    for &kind in GameKind::ALL {
        with_entry!(kind, E, {
            type G = <E as GameEntry>::G;
            let players = 3u8.clamp(*kind.players().start(), *kind.players().end());
            let bytes = record_simulated::<G>(&<G as Game>::Options::default(), players, 5)
                .unwrap_or_else(|e| panic!("{kind}: {e}"));
            let shown = replay::show::<G>(&bytes);
            assert!(shown.contains("verified:"), "{kind}:\n{shown}");
            let dumps: Vec<&str> = shown
                .lines()
                .filter(|l| looks_like_a_debug_dump(l))
                .collect();
            assert!(
                dumps.is_empty(),
                "{kind}: replay show prints debug dumps:\n{}",
                dumps.join("\n")
            );
            // Chance is told in words: a chance point says what it drew for every game here.
            assert!(
                shown
                    .lines()
                    .any(|l| l.trim_start().starts_with("chance: ")),
                "{kind}: no chance point says what it drew:\n{shown}"
            );
        });
    }
}
