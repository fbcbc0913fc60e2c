//! What the page keeps in the browser's local storage, as text: the player's settings (JSON,
//! the fields of [`Settings`]). Read back leniently: a missing field takes its default, and
//! text that is not settings at all gives the defaults and says so.

use dwarfs_gui::settings::Settings;

/// The local-storage key of the player's settings.
pub const SETTINGS_KEY: &str = "dwarfs.settings";
/// The local-storage key of the player's identity key (hex of its protobuf encoding).
pub const KEY_KEY: &str = "dwarfs.key";
/// The local-storage key of the game ids the key has played (hex, one a line).
pub const PLAYED_KEY: &str = "dwarfs.played";

/// The local-storage keys of a game kept to come back to (a page closed or reloaded in the
/// middle of it), by its id: `dwarfs.game.<id>` holds a [`KeptRecord`] (JSON), and the keys
/// beside it with `.replay`, `.journal` and `.at` its replay and signing journal (hex) and when
/// it was last written (milliseconds since 1970).
pub const GAME_PREFIX: &str = "dwarfs.game.";

/// The local-storage key of the kept game `game_id`'s `part` (`""` for its record).
pub fn game_key(game_id: &[u8; 32], part: &str) -> String {
    let mut k = format!("{GAME_PREFIX}{}", hex(game_id));
    if !part.is_empty() {
        k.push('.');
        k.push_str(part);
    }
    k
}

/// The game id of a kept game's record key (`None` for any other key).
pub fn game_of_key(key: &str) -> Option<[u8; 32]> {
    let id = key.strip_prefix(GAME_PREFIX)?;
    if id.len() != 64 {
        return None;
    }
    unhex(id)?.try_into().ok()
}

/// A kept game's record: what is written once, when the game starts.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeptRecord {
    /// The game's engine name.
    pub game: String,
    /// The ticket it was joined with.
    pub ticket: String,
    /// The game's secret (hex).
    pub secret: String,
    /// The address book (hex), if there was one.
    pub book: Option<String>,
    /// The game is over: its replay is whole, kept to download.
    #[serde(default)]
    pub over: bool,
}

/// The largest replay or journal read back from storage (hex digits): far above any game's.
pub const MAX_KEPT_HEX: usize = 16 << 20;

/// Hex of any length up to [`MAX_KEPT_HEX`] back to bytes.
pub fn unhex_long(text: &str) -> Option<Vec<u8>> {
    unhex_at_most(text, MAX_KEPT_HEX)
}

/// Bytes as lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex back to bytes; `None` for anything that is not hex of whole bytes.
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    unhex_at_most(text, 4096)
}

/// Hex of at most `max` digits back to bytes.
fn unhex_at_most(text: &str, max: usize) -> Option<Vec<u8>> {
    let t = text.trim();
    if !t.len().is_multiple_of(2) || t.len() > max {
        return None;
    }
    (0..t.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(t.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Whether the played record `text` holds `game_id` (lines that are not an id are skipped).
pub fn played_holds(text: &str, game_id: &[u8; 32]) -> bool {
    let id = hex(game_id);
    text.lines().any(|l| l.trim() == id)
}

/// The played record `text` with `game_id` added.
pub fn played_with(text: &str, game_id: &[u8; 32]) -> String {
    let mut t = text.trim_end().to_string();
    if !t.is_empty() {
        t.push('\n');
    }
    t.push_str(&hex(game_id));
    t
}

/// The settings kept as `text` (none on a first visit), and why they could not be read, if so.
pub fn settings_from(text: Option<&str>) -> (Settings, Option<String>) {
    match text {
        None => (Settings::default(), None),
        Some(t) => match serde_json::from_str::<Settings>(t) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "your saved settings could not be read ({e}); the defaults are shown, and \
                     saving replaces them"
                )),
            ),
        },
    }
}

/// `settings` as they are kept.
pub fn settings_text(settings: &Settings) -> String {
    // Settings are plain fields (strings, numbers, lists): they always encode.
    serde_json::to_string(settings).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_and_the_played_record_come_back_as_kept() {
        let bytes = [0u8, 1, 0x7f, 0xff];
        assert_eq!(unhex(&hex(&bytes)).unwrap(), bytes);
        assert_eq!(unhex("0g"), None);
        assert_eq!(unhex("abc"), None);
        let (a, b) = ([1u8; 32], [2u8; 32]);
        let t = played_with("", &a);
        assert!(played_holds(&t, &a) && !played_holds(&t, &b));
        let t = played_with(&t, &b);
        assert!(played_holds(&t, &a) && played_holds(&t, &b));
        assert!(!played_holds("garbage\n", &a));
    }

    #[test]
    fn a_kept_games_keys_name_its_id_and_only_the_record_key_is_listed() {
        let id = [0xabu8; 32];
        let record = game_key(&id, "");
        assert_eq!(game_of_key(&record), Some(id));
        assert_eq!(game_of_key(&game_key(&id, "replay")), None);
        assert_eq!(game_of_key(&game_key(&id, "journal")), None);
        assert_eq!(game_of_key(KEY_KEY), None);
        assert_eq!(game_of_key("dwarfs.game.zz"), None);
        let long = vec![7u8; 10_000];
        assert_eq!(unhex_long(&hex(&long)).unwrap(), long);
        assert_eq!(unhex_long("abc"), None);
    }

    #[test]
    fn settings_come_back_as_they_were_kept() {
        let s = Settings {
            name: "Gimli".into(),
            colour: 3,
            bot_delay_ms: 120,
            ..Settings::default()
        };
        let (back, note) = settings_from(Some(&settings_text(&s)));
        assert_eq!(back, s);
        assert_eq!(note, None);
    }

    #[test]
    fn a_first_visit_has_the_defaults_and_no_note() {
        assert_eq!(settings_from(None), (Settings::default(), None));
    }

    #[test]
    fn text_that_is_not_settings_gives_the_defaults_and_says_so() {
        let (s, note) = settings_from(Some("{\"name\": 7"));
        assert_eq!(s, Settings::default());
        assert!(note.expect("a note").contains("could not be read"));
    }

    #[test]
    fn a_missing_field_takes_its_default() {
        let (s, note) = settings_from(Some("{\"name\": \"Dori\"}"));
        assert_eq!(s.name, "Dori");
        assert_eq!(s.colour, Settings::default().colour);
        assert_eq!(note, None);
    }
}
