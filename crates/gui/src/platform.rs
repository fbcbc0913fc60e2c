//! What the screens need from the machine they run on, behind one small trait: the desktop
//! shell brings threads and files, a browser page what it has. Time comes from egui's input
//! and entropy from the operating system or the browser (`getrandom`), so neither is here.

/// The services of the machine the app runs on.
pub trait Platform {
    /// Runs `job` away from the frame (a bot's search of up to a second): on a thread of its
    /// own on the desktop. A platform with nothing to run it on runs it at once, here.
    fn spawn(&self, name: &str, job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
        let _ = name;
        job();
        Ok(())
    }

    /// Whether a bot's search runs in slices ([`dwarfs_engine::Pondering`], through
    /// [`Platform::run_slices`]) rather than through [`Platform::spawn`]: a web page, which has
    /// no thread to give it.
    fn thinks_in_slices(&self) -> bool {
        false
    }

    /// Calls `slice` again and again until it returns true (a bot's search, about 10 ms a
    /// call), letting the page draw its frames between the calls: a web page runs one call per
    /// task of its event loop. A platform with nothing to run them on runs them all at once,
    /// here.
    fn run_slices(&self, mut slice: Box<dyn FnMut() -> bool>) -> Result<(), String> {
        while !slice() {}
        Ok(())
    }

    /// Keeps a text the player asked to save (an incident report) under `file_name`; says where
    /// it went, or why it could not.
    fn save_text(&self, file_name: &str, text: &str) -> Result<String, String>;

    /// Hands the player a file to keep (a replay kept in memory: a browser downloads it);
    /// says where it went, or why it could not.
    fn save_bytes(&self, file_name: &str, bytes: &[u8]) -> Result<String, String> {
        let _ = (file_name, bytes);
        Err("no file can be handed over here".into())
    }

    /// Keeps the player's settings for the next start; says where, or why it could not.
    fn save_settings(&self, settings: &crate::settings::Settings) -> Result<String, String> {
        let _ = settings;
        Err("settings cannot be kept here".into())
    }

    /// The player's identity as others see it (the peer id of the key moves are signed with),
    /// or why there is none.
    fn identity(&self) -> Result<String, String> {
        Err("no key on this platform".into())
    }

    /// The replays kept on this machine, newest first (at most a dozen), as
    /// [`Platform::read_replay`] names them (paths on the desktop). None by default.
    fn recent_replays(&self) -> Vec<String> {
        Vec::new()
    }

    /// The bytes of the replay named `name` (a path on the desktop), or why it cannot be read.
    fn read_replay(&self, name: &str) -> Result<Vec<u8>, String> {
        Err(format!("{name}: no replay can be opened by name here"))
    }

    /// Whether replays are opened by name (a path typed on the desktop); a browser has no
    /// paths and offers [`Platform::pick_replay`] instead.
    fn opens_by_name(&self) -> bool {
        true
    }

    /// Asks the player to choose a replay file (a browser's file chooser); what they choose
    /// arrives later through [`Platform::picked_replay`]. False where there is no chooser.
    fn pick_replay(&self) -> bool {
        false
    }

    /// Reads a file dropped on the page (a browser reads it only asynchronously); its bytes
    /// arrive through [`Platform::picked_replay`]. False where nothing can read it.
    fn read_dropped(&self, file: egui::DroppedFileHandle) -> bool {
        let _ = file;
        false
    }

    /// A replay the player chose or dropped since the last call: its file name and bytes, or
    /// why it could not be read.
    fn picked_replay(&self) -> Option<Result<(String, Vec<u8>), String>> {
        None
    }
}

/// A platform with nothing but the frame: jobs run at once and nothing is saved (demos, tests,
/// and a page that brings nothing of its own).
#[derive(Clone, Copy, Debug, Default)]
pub struct Inline;

impl Platform for Inline {
    fn save_text(&self, _file_name: &str, _text: &str) -> Result<String, String> {
        Err("nothing can be saved here".into())
    }
}
