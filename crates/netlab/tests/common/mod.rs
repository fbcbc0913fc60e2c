//! What the lab tests share: building a lab or skipping, and the machine's namespace list.

#![allow(dead_code)] // each test file uses its own part

use std::time::Duration;

use dwarfs_netlab::{Firewall, Lab, LabError};

/// The longest a test waits for a packet or a connection that should come.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// How long a test waits for a connection that should never be answered.
pub const UNANSWERED: Duration = Duration::from_secs(2);

/// A new lab, or `None` (with the reason printed) where this machine cannot build one.
pub fn lab(tag: &str) -> Option<Lab> {
    skip_unavailable(Lab::new(tag))
}

/// A new lab whose routers use `firewall`, or `None` as for [`lab`]. Where that tool is not
/// installed at all the test skips even where the lab is required: the lab itself is built with
/// the tool the machine has, which the other tests check.
pub fn lab_with(tag: &str, firewall: Firewall) -> Option<Lab> {
    if !firewall.installed() {
        eprintln!(
            "SKIPPED: {} is not installed here; the lab's routers use the firewall tool this \
             machine has",
            firewall.program()
        );
        return None;
    }
    skip_unavailable(Lab::with_firewall(tag, firewall))
}

fn skip_unavailable(lab: Result<Lab, LabError>) -> Option<Lab> {
    match lab {
        Ok(lab) => Some(lab),
        Err(LabError::Unavailable(why)) => {
            dwarfs_netlab::skip_or_fail(&format!("the network lab cannot be built here: {why}"));
            None
        }
        Err(e) => panic!("building a lab failed: {e}"),
    }
}

/// The names `ip netns list` shows.
pub fn netns_list() -> Vec<String> {
    let out = std::process::Command::new("ip")
        .args(["netns", "list"])
        .output()
        .expect("ip runs");
    assert!(out.status.success(), "ip netns list: {out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect()
}
