//! End-to-end tests of `dwarfs simulate` and `dwarfs bench engine` through the real binary.

use std::process::{Command, Output};

fn dwarfs(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dwarfs"))
        .args(args)
        .output()
        .expect("the dwarfs binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = dwarfs(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

#[test]
fn simulate_json_has_the_documented_fields_and_consistent_values() {
    for (game, players) in [("fall", "4"), ("fall", "2"), ("hold", "3")] {
        let v = json(&[
            "simulate",
            "--game",
            game,
            "--players",
            players,
            "--games",
            "4",
            "--seed",
            "7",
            "--json",
        ]);
        assert_eq!(v["game"], game);
        assert_eq!(v["players"].as_u64().unwrap().to_string(), players);
        assert_eq!(v["games"], 4);
        let moves = v["moves"].as_u64().unwrap();
        assert!(moves > 0);
        let mean = v["mean_moves"].as_f64().unwrap();
        assert!((mean - moves as f64 / 4.0).abs() < 1e-9);
        assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
        assert!(v["moves_per_sec"].as_f64().unwrap() > 0.0);
        let (min, mean_s, max) = (
            v["scores"]["min"].as_i64().unwrap(),
            v["scores"]["mean"].as_f64().unwrap(),
            v["scores"]["max"].as_i64().unwrap(),
        );
        assert!(min as f64 <= mean_s && mean_s <= max as f64);
        let wins = v["wins_by_seat"].as_array().unwrap();
        assert_eq!(wins.len().to_string(), players);
        let total: u64 = wins.iter().map(|w| w.as_u64().unwrap()).sum();
        // Every game has at least one winner in these games; ties count for each winner.
        assert!(total >= 4, "{v}");
    }
}

#[test]
fn a_range_of_player_counts_gives_one_report_per_count_with_mean_scores_by_seat() {
    let out = dwarfs(&[
        "simulate",
        "--game",
        "hold",
        "--players",
        "2-3,5",
        "--games",
        "3",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reports: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let counts: Vec<u64> = reports
        .iter()
        .map(|r| r["players"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [2, 3, 5]);
    for r in &reports {
        let means: Vec<f64> = r["mean_score_by_seat"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_f64().unwrap())
            .collect();
        assert_eq!(means.len() as u64, r["players"].as_u64().unwrap());
        // The mean over seats is the mean over every seat's score.
        let overall = means.iter().sum::<f64>() / means.len() as f64;
        assert!(
            (overall - r["scores"]["mean"].as_f64().unwrap()).abs() < 1e-9,
            "{r}"
        );
    }
    // A count out of range in the list is refused before any game is played.
    let out = dwarfs(&["simulate", "--game", "fall", "--players", "3-5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 to 4 players"));
    let out = dwarfs(&["simulate", "--game", "fall", "--players", "4-2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("smaller count first"));
}

/// `--bots game` plays every seat with the game's own bot: Winter's greedy bot holds the castle
/// in some games, where random play loses every one.
#[test]
fn the_games_own_bot_plays_winter_better_than_random_choices() {
    let run = |bots: &str| {
        json(&[
            "simulate",
            "--game",
            "winter",
            "--players",
            "4",
            "--games",
            "30",
            "--bots",
            bots,
            "--json",
        ])
    };
    let (random, game) = (run("random"), run("game"));
    assert_eq!(random["bots"], "random");
    assert_eq!(game["bots"], "game");
    let lost = |v: &serde_json::Value| v["everyone_lost"].as_u64().unwrap();
    assert!(
        lost(&game) < lost(&random),
        "game bot {game}\nrandom {random}"
    );
    assert!(game["scores"]["mean"].as_f64() > random["scores"]["mean"].as_f64());
}

#[test]
fn simulate_is_deterministic_for_a_seed() {
    let args = [
        "simulate",
        "--game",
        "fall",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "42",
        "--json",
    ];
    let (a, b) = (json(&args), json(&args));
    for field in ["moves", "scores", "wins_by_seat"] {
        if field == "scores" {
            assert_eq!(a[field]["min"], b[field]["min"]);
            assert_eq!(a[field]["max"], b[field]["max"]);
        } else {
            assert_eq!(a[field], b[field], "{field}");
        }
    }
    let other = json(&[
        "simulate",
        "--game",
        "fall",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "43",
        "--json",
    ]);
    assert_ne!(a["moves"], other["moves"], "another seed plays other games");
}

#[test]
fn bad_arguments_are_refused_with_a_message_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["simulate", "--game", "fall", "--players", "5"],
            "2 to 4 players",
        ),
        (
            &["simulate", "--game", "hold", "--players", "9"],
            "2 to 8 players",
        ),
        (
            &[
                "simulate",
                "--game",
                "fall",
                "--players",
                "2",
                "--games",
                "0",
            ],
            "at least 1",
        ),
        (
            &["simulate", "--game", "chess", "--players", "2"],
            "invalid value",
        ),
        (
            &[
                "simulate",
                "--game",
                "fall",
                "--players",
                "2",
                "--scenario",
                "siege",
            ],
            "--edition third",
        ),
        (
            &[
                "simulate",
                "--game",
                "fall",
                "--players",
                "2",
                "--edition",
                "fourth",
            ],
            "unknown edition",
        ),
        (
            &[
                "simulate",
                "--game",
                "hold",
                "--players",
                "2",
                "--edition",
                "third",
            ],
            "not an option of Dwarf Hold",
        ),
        (
            &["simulate", "--game", "fall", "--players", "x"],
            "invalid value",
        ),
    ];
    for (args, needle) in cases {
        let out = dwarfs(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    }
}

#[test]
fn bench_engine_prints_side_by_side_figures() {
    let out = dwarfs(&[
        "bench",
        "engine",
        "--game",
        "fall",
        "--players",
        "2",
        "--seconds",
        "0.2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("moves/s"), "{text}");
    assert!(text.contains("ratio"), "{text}");
}

/// Every game's options are flags built from its own description: the toy game's `--wagers`
/// reaches it, and a flag of another game is refused with the options the game does have.
#[test]
fn option_flags_come_from_each_games_description() {
    let v = json(&[
        "simulate",
        "--game",
        "pig",
        "--players",
        "3",
        "--games",
        "3",
        "--wagers",
        "--json",
    ]);
    assert_eq!(v["game"], "pig");
    assert_eq!(v["everyone_lost"], 0);
    let out = dwarfs(&["simulate", "--game", "fall", "--players", "2", "--wagers"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--wagers is not an option of Dwar7s Fall")
            && err.contains("--edition, --scenario, --decrees"),
        "{err}"
    );
    let help = dwarfs(&["simulate", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("--edition") && help.contains("--wagers"),
        "{help}"
    );
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    // `dwarfs simulate | head -1`: the reader goes away before the report is written. The
    // process ends as any Unix tool does there, with no panic (it once said "failed printing to
    // stdout: Broken pipe" and exited with 101).
    let mut child = Command::new(env!("CARGO_BIN_EXE_dwarfs"))
        .args([
            "simulate",
            "--game",
            "hold",
            "--players",
            "2",
            "--games",
            "20",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the dwarfs binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}
