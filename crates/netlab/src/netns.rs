//! Moving a thread into a namespace (`setns`), so sockets it opens live there.

use std::ffi::c_int;
use std::fs::File;
use std::os::fd::AsRawFd;

use crate::LabError;

/// Where `ip netns` keeps its namespaces (iproute2's default).
pub(crate) const NETNS_DIR: &str = "/run/netns";

/// `CLONE_NEWNET` from `<sched.h>`.
const CLONE_NEWNET: c_int = 0x4000_0000;

unsafe extern "C" {
    /// `setns(2)` from the C library the standard library already links.
    fn setns(fd: c_int, nstype: c_int) -> c_int;
}

/// Moves the calling thread, and only it, into network namespace `ns` (made by `ip netns add`).
pub(crate) fn enter(ns: &str) -> Result<(), LabError> {
    let fail = |source| LabError::Enter {
        namespace: ns.to_string(),
        source,
    };
    let file = File::open(format!("{NETNS_DIR}/{ns}")).map_err(fail)?;
    // SAFETY: `setns` only reads the descriptor, which `file` keeps open for the call; changing
    // the calling thread's network namespace touches no memory Rust knows about.
    let rc = unsafe { setns(file.as_raw_fd(), CLONE_NEWNET) };
    if rc == 0 {
        Ok(())
    } else {
        Err(fail(std::io::Error::last_os_error()))
    }
}
