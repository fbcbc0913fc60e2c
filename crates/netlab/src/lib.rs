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
