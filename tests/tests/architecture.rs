//! Architecture invariants as tests, in the spirit of rust-analyzer's tidy tests: they read the
//! source tree and fail when a rule of `ARCHITECTURE.md` is broken, naming the file.
//!
//! - Dependencies point one way: each crate's normal dependencies stay within its layer's list.
//! - The engines and the protocol are deterministic: no `HashMap`/`HashSet`, float, clock or
//!   global random number generator in their sources.
//! - A game's types are named only by its own crate, the registry (`crates/games`), its board
//!   view, and test code (tests, benches, examples, fuzz targets).
//! - The browser crates use no threads, files, sockets or clocks.
//! - Every tooltip of the app goes through `Tip`, so touch reaches it.

use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `dir`, sorted, as paths relative to the workspace root.
fn rust_files(dir: &str) -> Vec<String> {
    fn walk(abs: &Path, rel: &str, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(abs) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "target" || name.starts_with('.') {
                continue;
            }
            let rel = format!("{rel}/{name}");
            let path = entry.path();
            if path.is_dir() {
                walk(&path, &rel, out);
            } else if name.ends_with(".rs") {
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join(dir), dir, &mut out);
    out.sort();
    out
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The lines of `text` that are code, numbered from 1: comments, the line after a
/// `#[cfg(test)]` (a test-only `mod tests;` or `use`), and everything from an inline
/// `#[cfg(test)] mod … {` on (our files keep their test modules last) are left out.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim();
        if t == "#[cfg(test)]" {
            let next = lines.get(i + 1).map_or("", |l| l.trim());
            if next.starts_with("mod ") && next.ends_with('{') {
                break;
            }
            i += 2;
            continue;
        }
        if !t.starts_with("//") && !t.is_empty() {
            out.push((i + 1, lines[i].split("//").next().unwrap_or(lines[i])));
        }
        i += 1;
    }
    out
}

/// The code lines of `files` that hold any of `words` (substrings), as "file:line: word: line".
fn code_lines_with(files: impl IntoIterator<Item = String>, words: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in files {
        let text = read(&file);
        for (n, line) in code_lines(&text) {
            for word in words.iter().filter(|w| line.contains(*w)) {
                found.push(format!("{file}:{n}: {word}: {}", line.trim()));
            }
        }
    }
    found
}

/// The names of the `[dependencies]` (not dev or build) of the crate at `dir`, our crates only.
fn our_dependencies(dir: &str) -> Vec<String> {
    let manifest = read(&format!("{dir}/Cargo.toml"));
    let mut in_deps = false;
    let mut out = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if in_deps
            && line.starts_with("dwarfs-")
            && let Some(name) = line.split(['=', '.', ' ']).next()
        {
            out.push(name.to_string());
        }
    }
    out
}

#[test]
fn dependencies_point_one_way() {
    const ENGINE: &[&str] = &["dwarfs-engine"];
    let layers: &[(&str, &[&str])] = &[
        ("crates/engine", &[]),
        ("crates/netlab", &[]),
        ("crates/fall", ENGINE),
        ("crates/hold", ENGINE),
        ("crates/winter", ENGINE),
        ("crates/spring", ENGINE),
        ("crates/bots", ENGINE),
        // The takeover bot is part of the rules: every peer computes its moves.
        ("protocol", &["dwarfs-engine", "dwarfs-bots"]),
        (
            "crates/games",
            &[
                "dwarfs-engine",
                "dwarfs-fall",
                "dwarfs-hold",
                "dwarfs-winter",
                "dwarfs-spring",
                "dwarfs-bots",
            ],
        ),
        (
            "crates/gui",
            &[
                "dwarfs-engine",
                "dwarfs-fall",
                "dwarfs-hold",
                "dwarfs-winter",
                "dwarfs-spring",
                "dwarfs-games",
                "dwarfs-protocol",
                "dwarfs-client",
            ],
        ),
        // The app's side of a peer (commands, updates, the mirror): no IO, builds for wasm32.
        ("crates/client", &["dwarfs-engine", "dwarfs-protocol"]),
        // The web page: the GUI's shell in eframe's web runner, with the browser's services
        // (and the engine's random playouts for its benchmark), and its peer (dwarfs-net on
        // the page's event loop, joining games over WebSocket).
        (
            "crates/web",
            &["dwarfs-engine", "dwarfs-gui", "dwarfs-net", "dwarfs-client"],
        ),
        (
            "crates/net",
            &["dwarfs-engine", "dwarfs-protocol", "dwarfs-client"],
        ),
        (
            "crates/nettools",
            &[
                "dwarfs-engine",
                "dwarfs-protocol",
                "dwarfs-net",
                "dwarfs-netlab",
            ],
        ),
    ];
    let mut wrong = Vec::new();
    for (dir, allowed) in layers {
        for dep in our_dependencies(dir) {
            if !allowed.contains(&dep.as_str()) {
                wrong.push(format!("{dir} depends on {dep}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a dependency points up or across a layer (ARCHITECTURE.md, bird's-eye view):\n  {}",
        wrong.join("\n  ")
    );
    // Every crate of the workspace has its layer here, so a new one is placed on purpose.
    for dir in std::fs::read_dir(root().join("crates"))
        .expect("crates/")
        .flatten()
    {
        let dir = format!("crates/{}", dir.file_name().to_string_lossy());
        assert!(
            layers.iter().any(|(d, _)| *d == dir),
            "{dir} has no layer in tests/tests/architecture.rs"
        );
    }
}

#[test]
fn engines_and_protocol_use_no_hash_map_float_clock_or_global_rng() {
    const FORBIDDEN: &[&str] = &[
        "HashMap",
        "HashSet",
        "f32",
        "f64",
        "Instant",
        "SystemTime",
        "thread_rng",
        "rand::random",
        "OsRng",
    ];
    let mut wrong = Vec::new();
    for dir in [
        "crates/engine/src",
        "crates/fall/src",
        "crates/hold/src",
        "crates/winter/src",
        "crates/spring/src",
        "protocol/src",
    ] {
        for file in rust_files(dir) {
            let text = read(&file);
            for (n, line) in code_lines(&text) {
                for word in FORBIDDEN {
                    let found = line.match_indices(word).any(|(at, _)| {
                        let before = line[..at].chars().next_back();
                        let after = line[at + word.len()..].chars().next();
                        let ident =
                            |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                        !ident(before) && !ident(after)
                    });
                    if found {
                        wrong.push(format!("{file}:{n}: {word}: {}", line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the engines and the protocol must be deterministic (no HashMap/HashSet, float, clock or \
         global RNG; ARCHITECTURE.md):\n  {}",
        wrong.join("\n  ")
    );
}

/// Whether `file` is test code: integration tests, benches, examples, fuzz targets, the
/// protocol's simulator, the app's demo tables, and the test modules of a crate kept in files of their own
/// (`tests.rs`, `tests_*.rs`, `*/tests/*`).
fn is_test_code(file: &str) -> bool {
    let name = file.rsplit('/').next().unwrap_or(file);
    // The protocol's simulator: its fixture plays Pig for the protocol's tests; the app's demo
    // tables build positions of each game for screenshots and the GUI tests.
    file == "protocol/src/sim.rs"
        || file.starts_with("app/src/gui/demos/")
        || file.starts_with("tests/")
        || file.starts_with("fuzz/")
        || ["/tests/", "/benches/", "/examples/"]
            .iter()
            .any(|d| file.contains(d))
        || name == "tests.rs"
        || name.starts_with("tests_")
}

#[test]
fn a_games_types_are_named_only_by_its_crate_the_registry_and_its_view() {
    // (game, how code names its types, its crate, its board view if it has one)
    let games: &[(&str, &[&str], &str, Option<&str>)] = &[
        (
            "fall",
            &["dwarfs_fall::"],
            "crates/fall/",
            Some("crates/gui/src/fall_view/"),
        ),
        (
            "hold",
            &["dwarfs_hold::"],
            "crates/hold/",
            Some("crates/gui/src/hold_view/"),
        ),
        (
            "winter",
            &["dwarfs_winter::"],
            "crates/winter/",
            Some("crates/gui/src/winter_view/"),
        ),
        (
            "spring",
            &["dwarfs_spring::"],
            "crates/spring/",
            Some("crates/gui/src/spring_view/"),
        ),
        ("pig", &["toy::Pig", "toy::{Pig"], "crates/engine/", None),
    ];
    let mut wrong = Vec::new();
    for dir in ["crates", "protocol", "app"] {
        for file in rust_files(dir) {
            if file.starts_with("crates/games/") || is_test_code(&file) {
                continue;
            }
            let text = read(&file);
            for (game, names, own, view) in games {
                if file.starts_with(own) || view.is_some_and(|v| file.starts_with(v)) {
                    continue;
                }
                if let Some((n, line)) = code_lines(&text)
                    .into_iter()
                    .find(|(_, line)| names.iter().any(|w| line.contains(w)))
                {
                    wrong.push(format!("{file}:{n} names {game}: {}", line.trim()));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a game's types are named outside its crate, crates/games and its view \
         (ARCHITECTURE.md, invariants; reach the game through the registry instead):\n  {}",
        wrong.join("\n  ")
    );
}

/// The board views and the app's side of a peer run in a browser: no threads, files, sockets or
/// clocks inside (`wasm32-unknown-unknown` compiles some of them but panics when they run).
#[test]
fn the_browser_crates_use_no_threads_files_sockets_or_clocks() {
    const FORBIDDEN: &[&str] = &[
        "std::thread",
        "std::fs",
        "std::net",
        "std::process",
        "tokio",
        "Instant",
        "SystemTime",
    ];
    let files = rust_files("crates/gui/src")
        .into_iter()
        .chain(rust_files("crates/client/src"))
        .chain(rust_files("crates/web/src"));
    let wrong = code_lines_with(files, FORBIDDEN);
    assert!(
        wrong.is_empty(),
        "dwarfs-gui, dwarfs-client and dwarfs-web must run in a browser (platform services come from the shell):\n  {}",
        wrong.join("\n  ")
    );
}

/// Every tooltip of the app goes through `dwarfs_gui::tips::Tip`, so that a press and hold pins
/// it on a touch screen, where nothing hovers: egui's own hover tooltips appear only in
/// `tips.rs`.
#[test]
fn every_tooltip_of_the_app_is_reachable_by_touch() {
    const HOVER_ONLY: &[&str] = &[
        ".on_hover_text(",
        ".on_hover_ui(",
        ".on_disabled_hover_text(",
        ".on_disabled_hover_ui(",
        ".on_hover_text_at_pointer(",
    ];
    let files = rust_files("crates/gui/src")
        .into_iter()
        .filter(|f| !f.ends_with("/tips.rs"));
    let wrong = code_lines_with(files, HOVER_ONLY);
    assert!(
        wrong.is_empty(),
        "use `Tip::tip`, `tip_ui` or `tip_disabled` (crates/gui/src/tips.rs) for a tooltip:\n  {}",
        wrong.join("\n  ")
    );
}
