//! Files a peer keeps (its identity key, a game's secret and peers file, the app's settings)
//! written so that a crash or a full disk leaves either the old file or the new one, never a torn
//! one, and so that a power cut after the write returns cannot lose it: a rename (or a new name)
//! is a change of its directory, which is flushed to disk too ([`sync_dir`]).

use std::io;
use std::path::Path;

/// Writes `bytes` to `path` atomically: into a temporary file in the same directory (created
/// readable by the user only), synced to disk, then renamed onto `path`, and the directory
/// synced so that the rename itself survives a power cut. With `keep_existing`, an existing
/// `path` is never replaced: the write fails with `AlreadyExists`. Creates the parent
/// directories. An error from the directory's sync is returned (the file is in place then, but
/// not known to be on disk).
pub fn write_atomic(path: &Path, bytes: &[u8], keep_existing: bool) -> io::Result<()> {
    // A page has no file system (its storage is the app's).
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (bytes, keep_existing);
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!("no files in a browser ({})", path.display()),
        ))
    }
    #[cfg(not(target_arch = "wasm32"))]
    write_atomic_with(path, bytes, keep_existing, sync_dir)
}

/// [`write_atomic`], with the directory synced by `sync` (the tests make it fail).
#[cfg(not(target_arch = "wasm32"))]
fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    keep_existing: bool,
    sync: impl FnOnce(&Path) -> io::Result<()>,
) -> io::Result<()> {
    use std::io::Write;
    let dir = parent(path);
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    if keep_existing {
        tmp.persist_noclobber(path).map_err(|e| e.error)?;
    } else {
        tmp.persist(path).map_err(|e| e.error)?;
    }
    sync(dir)
}

/// Renames `from` onto `to` (replacing it) and syncs the directory of `to` (and of `from`, if
/// another), so that the rename survives a power cut.
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    std::fs::rename(from, to)?;
    sync_parent(to)?;
    if parent(from) != parent(to) {
        sync_parent(from)?;
    }
    Ok(())
}

/// Syncs the directory that holds `path`: a file just created, renamed or removed there is then
/// on disk under its name.
pub fn sync_parent(path: &Path) -> io::Result<()> {
    sync_dir(parent(path))
}

/// Flushes directory `dir` to disk (its entries: names created, renamed or removed). On Unix the
/// directory is opened and synced; elsewhere this does nothing (Windows cannot open a directory
/// as a file, and its renames are journaled with the file system's metadata).
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// The directory a relative or absolute `path` is in (`.` for a bare file name).
fn parent(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/peers");
        write_atomic(&path, b"first", false).unwrap();
        write_atomic(&path, b"second, longer", false).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
        assert_eq!(names(&dir.path().join("sub")), ["peers"]);
    }

    #[test]
    fn keep_existing_never_replaces_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        write_atomic(&path, b"mine", true).unwrap();
        let e = write_atomic(&path, b"another", true).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"mine");
        assert_eq!(names(dir.path()), ["key"]);
    }

    #[test]
    fn a_failing_directory_sync_is_an_error_with_the_file_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret");
        let mut synced = None;
        write_atomic_with(&path, b"kept", false, |d| {
            synced = Some(d.to_path_buf());
            Ok(())
        })
        .unwrap();
        assert_eq!(
            synced.as_deref(),
            Some(dir.path()),
            "the file's own directory"
        );
        let e = write_atomic_with(&path, b"newer", false, |_| {
            Err(io::Error::other("the disk went away"))
        })
        .unwrap_err();
        assert_eq!(e.to_string(), "the disk went away");
        // Renamed, but not known to be on disk: the caller is told.
        assert_eq!(std::fs::read(&path).unwrap(), b"newer");
        assert_eq!(names(dir.path()), ["secret"]);
    }

    #[test]
    fn a_rename_moves_the_file_and_a_directory_that_cannot_be_synced_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let (from, to) = (dir.path().join("copy"), dir.path().join("replay"));
        std::fs::write(&from, b"rebuilt").unwrap();
        std::fs::write(&to, b"old").unwrap();
        rename(&from, &to).unwrap();
        assert_eq!(std::fs::read(&to).unwrap(), b"rebuilt");
        assert_eq!(names(dir.path()), ["replay"]);
        sync_parent(&to).unwrap();
        #[cfg(unix)]
        assert_eq!(
            sync_dir(&dir.path().join("gone")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_file_is_readable_by_its_user_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        write_atomic(&path, b"secret", true).unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
