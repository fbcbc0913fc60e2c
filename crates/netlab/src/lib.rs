//! # dwarfs-netlab
//!
//! A network lab for tests and benchmarks, built from Linux network namespaces with the system's
//! `ip` and `nft` (or `iptables`) programs:
//!
//! ```text
//!                    internet namespace: bridge br0, 203.0.113.1/24
//!        ┌───────────────────┬──────────────────────┬──────────────────────┐
//!   public host          router (Cone)          router (Symmetric)       ...
//!   eth0 203.0.113.2     wan 203.0.113.3        wan 203.0.113.4
//!                        lan 192.168.1.1        lan 192.168.1.1
//!                          │                      │
//!                        home 192.168.1.2       home 192.168.1.2
//! ```
//!
//! Each router masquerades its home's traffic and drops whatever the internet sends unasked, as
//! a home router does. A [`Lab`] deletes every namespace it made when dropped, and never changes
//! the machine's own network. Building one needs root (or a user namespace of one's own) and
//! `ip`; where that is missing, [`Lab::new`] returns [`LabError::Unavailable`] and a test skips:
//!
//! ```no_run
//! use dwarfs_netlab::{Lab, LabError, Nat};
//!
//! let lab = match Lab::new("example") {
//!     Ok(lab) => lab,
//!     Err(LabError::Unavailable(why)) => return eprintln!("SKIPPED: {why}"),
//!     Err(e) => panic!("{e}"),
//! };
//! let relay = lab.public_host("relay").unwrap();
//! let alice = lab.home("alice", Nat::Cone).unwrap();
//! let listener = lab
//!     .run_in(&relay, || std::net::TcpListener::bind("0.0.0.0:4001"))
//!     .unwrap()
//!     .unwrap();
//! let status = lab
//!     .command(&alice, "ping")
//!     .args(["-c1", &relay.ip().to_string()])
//!     .status()
//!     .unwrap();
//! # drop((listener, status));
//! ```

#![warn(missing_docs)]

mod error;
mod firewall;
mod lab;
mod names;
mod netns;
mod run;

pub use error::LabError;

/// The environment variable that makes the lab required: set (to anything but `0`), a test that
/// cannot build its lab fails instead of skipping. CI sets it when it runs as root (`.ci/run`),
/// so that a lab that stopped working shows as a failure, not as a passed test that skipped.
pub const REQUIRE_ENV: &str = "DWARFS_REQUIRE_NETLAB";

/// Whether [`REQUIRE_ENV`] is set.
pub fn required() -> bool {
    std::env::var_os(REQUIRE_ENV).is_some_and(|v| v != "0")
}

/// A test's lab (or namespaces) cannot be built here, for `why`: prints "SKIPPED" with the
/// reason, or panics where the lab is [`required`].
pub fn skip_or_fail(why: &str) {
    if required() {
        panic!(
            "the network lab is required here ({REQUIRE_ENV} is set) but cannot be built: {why}"
        );
    }
    eprintln!("SKIPPED: {why}");
}
pub use firewall::Firewall;
pub use lab::{Host, Lab, Outage};

/// How a home router picks the public port of a new flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nat {
    /// Keeps the home's source port where it is free, so one local port is seen from the same
    /// public port by every destination (endpoint-independent mapping, which hole punching
    /// needs). nftables `masquerade`.
    Cone,
    /// A random public port for every new flow, so each destination sees a different port
    /// (what makes hole punching fail). nftables `masquerade fully-random`, iptables
    /// `--random-fully`.
    Symmetric,
}

#[cfg(test)]
mod require_tests {
    use super::*;

    #[test]
    fn a_missing_lab_fails_only_where_it_is_required() {
        // In a child of this very test binary, only the call under test.
        if std::env::var_os("DWARFS_NETLAB_PROBE").is_some() {
            skip_or_fail("a probe");
            return;
        }
        for (value, passes) in [("1", false), ("0", true)] {
            let status = std::process::Command::new(std::env::current_exe().unwrap())
                .args([
                    "require_tests::a_missing_lab_fails_only_where_it_is_required",
                    "--exact",
                    "--test-threads=1",
                ])
                .env("DWARFS_NETLAB_PROBE", "1")
                .env(REQUIRE_ENV, value)
                .output()
                .unwrap()
                .status;
            assert_eq!(status.success(), passes, "{REQUIRE_ENV}={value}");
        }
    }
}
