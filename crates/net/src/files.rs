//! Files a peer keeps (its identity key, a game's peers file, the app's settings) written so that
//! a crash or a full disk leaves either the old file or the new one, never a torn one.

use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` to `path` atomically: into a temporary file in the same directory (created
/// readable by the user only), synced to disk, then renamed onto `path`. With `keep_existing`,
/// an existing `path` is never replaced: the write fails with `AlreadyExists`. Creates the
/// parent directories.
pub fn write_atomic(path: &Path, bytes: &[u8], keep_existing: bool) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    if keep_existing {
        tmp.persist_noclobber(path).map_err(|e| e.error)?;
    } else {
        tmp.persist(path).map_err(|e| e.error)?;
    }
    Ok(())
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
