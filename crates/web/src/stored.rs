//! What the page keeps in the browser's local storage, as text: the player's settings (JSON,
//! the fields of [`Settings`]). Read back leniently: a missing field takes its default, and
//! text that is not settings at all gives the defaults and says so.

use dwarfs_gui::settings::Settings;

/// The local-storage key of the player's settings.
pub const SETTINGS_KEY: &str = "dwarfs.settings";

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
