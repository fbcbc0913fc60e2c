//! The desktop's services for the screens ([`dwarfs_gui::platform::Platform`]): a bot searches
//! on a thread of its own; the settings and reports are files in the app's config directory,
//! the identity is its key file's; the replay viewer reads `.replay` files (the recent ones
//! from the replay directory).

use super::settings::ConfigDir;
use dwarfs_gui::platform::Platform;
use dwarfs_gui::settings::Settings;
use std::path::PathBuf;

/// The desktop platform.
#[derive(Clone, Debug)]
pub struct Desktop {
    /// Where the settings, the identity key and reports are kept (`None` inside: the app has
    /// no directory of its own).
    pub config: ConfigDir,
    /// Where games write their replays ([`replay_dir`]), for the viewer's recent games.
    pub replay_dir: Option<PathBuf>,
}

#[cfg(test)]
impl Desktop {
    /// A desktop with no directories of its own (tests).
    pub fn none() -> Self {
        Desktop {
            config: ConfigDir(None),
            replay_dir: None,
        }
    }
}

/// The directory games write their replays to (`<data dir>/replays`).
pub fn replay_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "dwarfs").map(|d| d.data_dir().join("replays"))
}

/// `.replay` files in `dir`, newest first (at most 12).
fn list_replays(dir: &std::path::Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<(std::time::SystemTime, PathBuf)> = rd
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "replay"))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (t, p)
        })
        .collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().take(12).map(|(_, p)| p).collect()
}

impl Platform for Desktop {
    fn spawn(&self, name: &str, job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
        crate::bot_thread::spawn(name, job).map_err(|e| e.to_string())
    }

    fn save_text(&self, file_name: &str, text: &str) -> Result<String, String> {
        let Some(dir) = &self.config.0 else {
            return Err("no directory to save the report in".into());
        };
        let path = dir.join(file_name);
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, text))
            .map(|()| path.display().to_string())
            .map_err(|e| format!("could not save {}: {e}", path.display()))
    }

    fn save_settings(&self, settings: &Settings) -> Result<String, String> {
        self.config.save(settings).map(|p| p.display().to_string())
    }

    fn identity(&self) -> Result<String, String> {
        self.config.key_fingerprint()
    }

    fn recent_replays(&self) -> Vec<String> {
        self.replay_dir
            .as_deref()
            .map(list_replays)
            .unwrap_or_default()
            .into_iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect()
    }

    fn read_replay(&self, name: &str) -> Result<Vec<u8>, String> {
        std::fs::read(name).map_err(|e| format!("{name}: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_client::Incident;

    #[test]
    fn a_report_is_written_with_the_evidence() {
        let dir = tempfile::tempdir().unwrap();
        let inc = Incident {
            kind: "Desync".into(),
            seq: 12,
            seat: None,
            peer: Some("12D3Koo".into()),
            evidence: "hashes differ".into(),
        };
        let desk = Desktop {
            config: ConfigDir(Some(dir.path().to_path_buf())),
            replay_dir: None,
        };
        let at = desk
            .save_text(&inc.report_file_name(), &inc.report_text("12D3Koo"))
            .expect("saved");
        assert!(at.ends_with("dwarfs-incident-move-12.txt"), "{at}");
        let text = std::fs::read_to_string(dir.path().join("dwarfs-incident-move-12.txt")).unwrap();
        assert!(text.contains("hashes differ") && text.contains("12D3Koo"));
        assert_eq!(
            Desktop::none().save_text("x.txt", "y"),
            Err("no directory to save the report in".into())
        );
    }

    #[test]
    fn recent_replays_are_the_replay_files_of_the_directory() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("fall-1.replay"), b"x").unwrap();
        std::fs::write(dir.path().join("notes.txt"), b"x").unwrap();
        std::fs::write(dir.path().join("fall-2.replay"), b"y").unwrap();
        let desk = Desktop {
            config: ConfigDir(None),
            replay_dir: Some(dir.path().to_path_buf()),
        };
        let found = desk.recent_replays();
        let mut names: Vec<&str> = found
            .iter()
            .map(|p| p.rsplit('/').next().unwrap_or(p))
            .collect();
        names.sort();
        assert_eq!(names, ["fall-1.replay", "fall-2.replay"]);
        let two = found.iter().find(|p| p.ends_with("fall-2.replay")).unwrap();
        assert_eq!(desk.read_replay(two), Ok(b"y".to_vec()));
        assert!(desk.read_replay("/nonexistent.replay").is_err());
        let missing = Desktop {
            config: ConfigDir(None),
            replay_dir: Some(dir.path().join("missing")),
        };
        assert!(missing.recent_replays().is_empty());
    }

    #[test]
    fn a_job_runs_on_its_own_thread() {
        let (tx, rx) = std::sync::mpsc::channel();
        let here = std::thread::current().id();
        Desktop::none()
            .spawn(
                "test job",
                Box::new(move || {
                    let _ = tx.send(std::thread::current().id());
                }),
            )
            .expect("a thread");
        assert_ne!(rx.recv().unwrap(), here);
    }
}
