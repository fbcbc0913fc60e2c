//! What every registry entry must hold: unique names, the obligations of [`GameEntry`] filled
//! (golden playouts, takeover pins, fuzz options, a fuzz target of its own), bots that play
//! legal actions, and option keys that mean one thing across games.

use dwarfs_engine::{Actor, Game, SeatView, SeedStream};
use dwarfs_games::{Board, GameEntry, GameKind, Level, with_entry};
use std::path::Path;

#[test]
fn names_are_unique_and_round_trip() {
    for &k in GameKind::ALL {
        assert_eq!(GameKind::from_name(k.name()), Some(k));
        assert!(!k.title().is_empty() && !k.blurb().is_empty(), "{k}");
        assert!(k.players().start() <= k.players().end(), "{k}");
    }
    let mut names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), GameKind::ALL.len());
    assert!(GameKind::listed().all(|k| !k.hidden()));
    assert!(
        GameKind::ALL.iter().any(|k| k.hidden()),
        "the toy is kept out of menus"
    );
    assert_eq!(GameKind::from_name("chess"), None);
}

#[test]
fn every_entry_fills_its_obligations() {
    for &k in GameKind::ALL {
        with_entry!(k, E, {
            let plan = E::plan();
            assert!(plan.golden().next().is_some(), "{k} pins no golden playout");
            assert!(!E::takeover_pins().is_empty(), "{k} pins no takeover walk");
            assert!(
                !E::fuzz_options().is_empty(),
                "{k} gives its fuzz target no options"
            );
            for case in &plan.cases {
                for &players in &case.players {
                    assert!(
                        k.players().contains(&players),
                        "{k} ({}) plans {players} players",
                        case.name
                    );
                }
            }
        });
    }
}

/// Every game has its fuzz target: a `[[bin]]` of the fuzz crate, whose source plays the
/// game's entry (so its options and seeds come from the registry).
#[test]
fn every_game_has_a_fuzz_target_that_plays_its_entry() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for &k in GameKind::ALL {
        let target = k.fuzz_target();
        let source = format!("fuzz_targets/{target}.rs");
        assert!(
            manifest.contains(&format!("name = \"{target}\"")) && manifest.contains(&source),
            "fuzz/Cargo.toml has no [[bin]] {target} at {source}"
        );
        let text = std::fs::read_to_string(fuzz.join(&source))
            .unwrap_or_else(|e| panic!("fuzz/{source}: {e}"));
        assert!(
            text.contains(k.entry_name()),
            "fuzz/{source} does not play {} (the registry's entry of {k})",
            k.entry_name()
        );
    }
}

#[test]
fn every_entrys_bots_pick_legal_actions_from_their_seats_view() {
    for &k in GameKind::ALL {
        with_entry!(k, E, {
            type G = <E as GameEntry>::G;
            let players = *k.players().start().max(&2);
            let mut g = G::new(&Default::default(), players).unwrap();
            let mut chance = SeedStream::new(1);
            let mut bot = E::bot(7);
            let mut search = E::level_bot(Level::Easy, 7);
            for step in 0..200 {
                match g.to_act().deciding().iter().next() {
                    Some(seat) => {
                        let legal = g.legal_actions_for_vec(seat);
                        let view = SeatView::new(&g, seat);
                        let i = if step % 16 == 0 {
                            search.choose(&view, &legal)
                        } else {
                            bot.choose(&view, &legal)
                        };
                        assert!(i < legal.len(), "{k}");
                        g.play(seat, &legal[i]).unwrap();
                    }
                    None if g.to_act() == Actor::Chance => {
                        g.resolve_chance(chance.next_entropy()).unwrap();
                    }
                    None => break,
                }
            }
        });
    }
}

#[test]
fn games_that_share_an_option_key_describe_it_alike() {
    for &a in GameKind::ALL {
        for &b in GameKind::ALL {
            for sa in a.option_specs() {
                for sb in b.option_specs().iter().filter(|s| s.key == sa.key) {
                    assert_eq!(
                        std::mem::discriminant(&sa.kind),
                        std::mem::discriminant(&sb.kind),
                        "--{} is a different kind of option in {a} and {b}",
                        sa.key
                    );
                }
            }
        }
    }
}

#[test]
fn with_board_picks_the_branch_of_each_games_board() {
    for &k in GameKind::ALL {
        let picked = dwarfs_games::with_board!(k, E, own => Board::Own, text => Board::Text);
        assert_eq!(picked, k.board(), "{k}");
    }
}
