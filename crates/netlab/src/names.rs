//! Names of a lab's namespaces: unique per process, lab and host, and recognisable when a killed
//! test left them behind.

use std::sync::atomic::{AtomicU32, Ordering};

use crate::LabError;

/// Every namespace a lab makes starts with this, then the creating process's id.
pub(crate) const PREFIX: &str = "dwl";

/// Longest host name; with the lab prefix a namespace name stays well under the system's limit.
const MAX_HOST_NAME: usize = 24;

/// Longest part of a lab's tag kept in its names.
const MAX_TAG: usize = 12;

/// Labs made so far by this process.
static LABS: AtomicU32 = AtomicU32::new(0);

/// The prefix of a new lab's namespaces: `dwl<pid>-<counter>-<tag>`, with the tag cut to 12
/// characters, lowercased, and anything else but `a-z0-9_-` replaced by `-`.
pub(crate) fn lab_prefix(tag: &str) -> String {
    let n = LABS.fetch_add(1, Ordering::Relaxed);
    let tag: String = tag
        .chars()
        .take(MAX_TAG)
        .map(|c| c.to_ascii_lowercase())
        .map(|c| if allowed(c) { c } else { '-' })
        .collect();
    format!("{PREFIX}{}-{n}-{tag}", std::process::id())
}

/// Characters a host name may use (the lab's separator `.` is not among them, so the name of a
/// host's namespace and of its router never collide with another host's).
fn allowed(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_'
}

/// Checks a host name asked for by a test.
pub(crate) fn check_host_name(name: &str) -> Result<(), LabError> {
    let refuse = |why| {
        Err(LabError::Name {
            name: name.to_string(),
            why,
        })
    };
    if name.is_empty() || name.len() > MAX_HOST_NAME {
        return refuse("a host name has 1 to 24 characters");
    }
    if !name.chars().all(allowed) {
        return refuse("a host name uses only a-z, 0-9, '-' and '_'");
    }
    Ok(())
}

/// The id of the process that made namespace `ns`, if `ns` is named like a lab's namespace.
pub(crate) fn creator_pid(ns: &str) -> Option<u32> {
    let rest = ns.strip_prefix(PREFIX)?;
    let (pid, _) = rest.split_once('-')?;
    pid.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_prefixes_differ_and_carry_the_pid_and_a_clean_tag() {
        let a = lab_prefix("Cone NAT/with a long tag");
        let b = lab_prefix("Cone NAT/with a long tag");
        assert_ne!(a, b);
        assert_eq!(creator_pid(&a), Some(std::process::id()));
        assert!(a.ends_with("-cone-nat-wit"), "{a}");
    }

    #[test]
    fn host_names_are_checked() {
        assert!(check_host_name("alice_2-b").is_ok());
        for bad in ["", "Alice", "a.b", "a/b", "abcdefghijklmnopqrstuvwxy"] {
            assert!(check_host_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn only_lab_names_have_a_creator() {
        assert_eq!(creator_pid("dwl123-4-x.net"), Some(123));
        assert_eq!(creator_pid("dwlx-4-x.net"), None);
        assert_eq!(creator_pid("other123-4"), None);
    }
}
