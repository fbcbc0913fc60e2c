//! # dwarfs-nettools
//!
//! Tooling around real peers, kept out of the networking library (`dwarfs-net`) that players
//! run: the demo runner (peers as separate processes, their reports and replays checked), games
//! played in a NAT lab of network namespaces, and one sample of each network message.
//!
//! - [`demo`]: runs several peers as separate OS processes and verifies their replays; the
//!   building blocks of `dwarfs demo`, `dwarfs bench net` and the network tests.
//! - [`floor`]: the processor time a move cannot do without (signatures, checks, engine steps
//!   and hashes at every peer), measured beside `dwarfs bench net`'s games.
//! - [`lab`]: games behind NAT routers in a lab of network namespaces (`dwarfs_netlab`): the
//!   NAT tests and `dwarfs bench net --nat`.
//! - [`samples`]: one of each network-layer message, the mutation tests' inputs and the fuzz
//!   targets' seeds.

pub mod demo;
pub mod floor;
pub mod lab;
pub mod samples;
