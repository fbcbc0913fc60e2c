//! What can go wrong while building or using a lab.

use thiserror::Error;

/// Why a lab, or a part of it, could not be built.
#[derive(Debug, Error)]
pub enum LabError {
    /// This machine cannot build a lab: not root (nor inside a user namespace of its own), no `ip`
    /// program, namespaces refused, no bridge or veth support, neither `nft` nor `iptables`. Tests
    /// print the reason and skip.
    #[error("network namespaces cannot be used here: {0}")]
    Unavailable(String),
    /// A command that should have worked on a machine that can build labs failed.
    #[error("`{command}` failed: {detail}")]
    Command {
        /// The command line, as it would be typed.
        command: String,
        /// Its exit status and what it wrote to stderr, or why it could not be started.
        detail: String,
    },
    /// A host name that cannot name a namespace: use 1 to 24 characters among `a-z`, `0-9`, `-`
    /// and `_`, distinct within the lab.
    #[error("host name {name:?} cannot be used: {why}")]
    Name {
        /// The name asked for.
        name: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// Only a home's router can drop a path's packets ([`crate::Lab::cut`]); this host is public.
    #[error("{host} is a public host: only a home's router can cut a path")]
    NoRouter {
        /// The host's name.
        host: String,
    },
    /// The lab's internet has no public address left (it holds at most 253 hosts and routers).
    #[error("the lab's internet has no public address left")]
    Full,
    /// A thread could not enter a namespace (`setns`).
    #[error("cannot enter namespace {namespace}: {source}")]
    Enter {
        /// The namespace's name.
        namespace: String,
        /// The system's reason.
        source: std::io::Error,
    },
}
