//! The games as the binary reaches them: the registry (the `dwarfs-games` crate) and each game's
//! options as command-line flags. The GUI picks a game's view with
//! [`with_view!`](crate::gui::view::with_view).

mod cli;

pub use cli::{CliGame, OptionArgs};
pub use dwarfs_games::{GameEntry, GameKind, Level};
pub(crate) use dwarfs_games::{with_entry, with_game};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_lists_every_game_the_toy_too() {
        use clap::ValueEnum;
        for &k in GameKind::ALL {
            let v = k.to_possible_value().unwrap();
            assert!(!v.is_hide_set(), "{k} is hidden from --game");
            assert_eq!(GameKind::from_str(k.name(), true), Ok(k));
        }
        assert!(
            GameKind::ALL.iter().any(|k| k.hidden()),
            "the toy is kept out of menus"
        );
    }
}
