//! End-to-end tests of `simulate --record` and `replay verify|show` through the real binary.

use std::path::Path;
use std::process::{Command, Output};

fn dwarfs(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dwarfs"))
        .args(args)
        .output()
        .expect("the dwarfs binary runs")
}

fn record(dir: &Path, game: &str, players: &str, seed: &str) -> std::path::PathBuf {
    let file = dir.join(format!("{game}.replay"));
    let out = dwarfs(&[
        "simulate",
        "--game",
        game,
        "--players",
        players,
        "--games",
        "1",
        "--seed",
        seed,
        "--record",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    file
}

fn verify_json(file: &Path) -> (Option<i32>, serde_json::Value) {
    let out = dwarfs(&["replay", "verify", "--json", file.to_str().unwrap()]);
    let v = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    (out.status.code(), v)
}

/// What `simulate` reports of a recorded game is the game in the file (it was once another
/// game, played apart from the recording), with the bots asked for; and a replay is never
/// written over.
#[test]
fn simulate_reports_the_game_it_records_and_never_writes_over_a_replay() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("spring.replay");
    let sim = |bots: &str| {
        dwarfs(&[
            "simulate",
            "--game",
            "spring",
            "--players",
            "2",
            "--games",
            "1",
            "--seed",
            "3",
            "--bots",
            bots,
            "--json",
            "--record",
            file.to_str().unwrap(),
        ])
    };
    let out = sim("game");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reported: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let (code, v) = verify_json(&file);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(reported["moves"], v["moves"], "{reported} against {v}");
    let means: Vec<f64> = reported["mean_score_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_f64().unwrap())
        .collect();
    let totals: Vec<f64> = v["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_f64().unwrap())
        .collect();
    assert_eq!(means, totals, "{reported} against {v}");
    // Again to the same path: refused, the file left as it was.
    let before = std::fs::read(&file).unwrap();
    let again = sim("random");
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("never written over"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn recorded_games_verify_and_show() {
    let dir = tempfile::tempdir().unwrap();
    for (game, players) in [("fall", "2"), ("hold", "3")] {
        let file = record(dir.path(), game, players, "11");
        let (code, v) = verify_json(&file);
        assert_eq!(code, Some(0), "{v}");
        assert_eq!(v["ok"], true);
        assert_eq!(v["game"], game);
        assert_eq!(v["scores"].as_array().unwrap().len().to_string(), players);
        assert!(v["signatures"].as_u64().unwrap() > v["moves"].as_u64().unwrap());
        let show = dwarfs(&["replay", "show", file.to_str().unwrap()]);
        assert!(show.status.success());
        let text = String::from_utf8_lossy(&show.stdout);
        assert!(text.contains("#1 "), "{text}");
        assert!(
            text.lines().last().unwrap().starts_with("verified"),
            "{text}"
        );
    }
}

#[test]
fn the_same_seed_records_the_same_game_and_another_seed_another() {
    let (a, b, c) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    let fa = record(a.path(), "fall", "3", "4");
    let fb = record(b.path(), "fall", "3", "4");
    let fc = record(c.path(), "fall", "3", "5");
    let hash = |f: &Path| verify_json(f).1["final_hash"].clone();
    assert_eq!(hash(&fa), hash(&fb));
    assert_ne!(hash(&fa), hash(&fc));
}

#[test]
fn a_tampered_replay_names_the_bad_move_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), "fall", "2", "3");
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x01;
    let bad = dir.path().join("bad.replay");
    std::fs::write(&bad, &bytes).unwrap();
    let (code, v) = verify_json(&bad);
    assert_eq!(code, Some(1));
    assert_eq!(v["ok"], false);
    assert!(v["bad_frame"].as_u64().unwrap() > 0, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("does not verify"),
        "{v}"
    );

    // Text mode: the reason goes to stderr, with the frame.
    let out = dwarfs(&["replay", "verify", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("frame"));

    // Truncated: the last frame is cut.
    let cut = dir.path().join("cut.replay");
    std::fs::write(&cut, &std::fs::read(&file).unwrap()[..mid]).unwrap();
    assert_eq!(verify_json(&cut).0, Some(1));
}

#[test]
fn unreadable_and_foreign_files_are_clear_errors() {
    let out = dwarfs(&["replay", "verify", "/definitely/not/here.replay"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.replay");
    std::fs::write(&junk, b"this is not a replay").unwrap();
    let out = dwarfs(&["replay", "show", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&out.stderr).is_empty());
}

/// The toy game reaches the command line and the replay tools through its registry entry alone.
#[test]
fn the_toy_game_records_verifies_and_shows_through_its_registry_entry() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), "pig", "3", "5");
    let (code, v) = verify_json(&file);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["game"], "pig");
    assert_eq!(v["all_lost"], false);
    let show = dwarfs(&["replay", "show", file.to_str().unwrap()]);
    assert!(show.status.success());
    let text = dwarfs(&["replay", "verify", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(" won") || text.contains("Shared win"),
        "the verdict is printed: {text}"
    );
}

/// A game with a single player (here Winter alone) is foreseeable from the start: `replay
/// verify` (text and JSON) and `replay show` say so, with the same sentence; a game of two
/// players to the end says nothing of it.
#[test]
fn replay_verify_and_show_say_from_when_a_lone_player_could_foresee_chance() {
    let dir = tempfile::tempdir().unwrap();
    let file = record(dir.path(), "winter", "1", "7");
    let said = "From the start, chance was foreseeable by";
    let verify = dwarfs(&["replay", "verify", file.to_str().unwrap()]);
    assert!(verify.status.success());
    let verify = String::from_utf8_lossy(&verify.stdout);
    let line = verify
        .lines()
        .find(|l| l.starts_with(said))
        .unwrap_or_else(|| panic!("{verify}"));
    assert!(line.contains("(the only live player)"), "{line}");
    let show = dwarfs(&["replay", "show", file.to_str().unwrap()]);
    assert!(show.status.success());
    assert!(
        String::from_utf8_lossy(&show.stdout).contains(line),
        "the same sentence in the move log"
    );
    let (code, v) = verify_json(&file);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(
        (v["foreseeable_from"].as_u64(), v["foreseeable_by"].as_u64()),
        (Some(0), Some(0))
    );
    // Two players to the end: nobody could.
    let two = record(dir.path(), "fall", "2", "11");
    let (_, v) = verify_json(&two);
    assert!(v["foreseeable_from"].is_null(), "{v}");
    let text = dwarfs(&["replay", "verify", two.to_str().unwrap()]);
    assert!(!String::from_utf8_lossy(&text.stdout).contains("foreseeable"));
}
