//! The desktop's services for the game screens ([`dwarfs_gui::platform::Platform`]): a bot
//! searches on a thread of its own, and a report is saved as a file in the app's directory.

use dwarfs_gui::platform::Platform;
use std::path::PathBuf;

/// The desktop platform.
#[derive(Clone, Debug, Default)]
pub struct Desktop {
    /// Where reports are saved (`None`: the app has no directory of its own).
    pub report_dir: Option<PathBuf>,
}

impl Platform for Desktop {
    fn spawn(&self, name: &str, job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
        crate::bot_thread::spawn(name, job).map_err(|e| e.to_string())
    }

    fn save_text(&self, file_name: &str, text: &str) -> Result<String, String> {
        let Some(dir) = &self.report_dir else {
            return Err("no directory to save the report in".into());
        };
        let path = dir.join(file_name);
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, text))
            .map(|()| path.display().to_string())
            .map_err(|e| format!("could not save {}: {e}", path.display()))
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
            report_dir: Some(dir.path().to_path_buf()),
        };
        let at = desk
            .save_text(&inc.report_file_name(), &inc.report_text("12D3Koo"))
            .expect("saved");
        assert!(at.ends_with("dwarfs-incident-move-12.txt"), "{at}");
        let text = std::fs::read_to_string(dir.path().join("dwarfs-incident-move-12.txt")).unwrap();
        assert!(text.contains("hashes differ") && text.contains("12D3Koo"));
        assert_eq!(
            Desktop::default().save_text("x.txt", "y"),
            Err("no directory to save the report in".into())
        );
    }

    #[test]
    fn a_job_runs_on_its_own_thread() {
        let (tx, rx) = std::sync::mpsc::channel();
        let here = std::thread::current().id();
        Desktop::default()
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
