//! What the peer tests over loopback share: a peer's spec in a test directory, and waiting for
//! an update with a bound in time.

use dwarfs_engine::Game;
use dwarfs_engine::toy::Pig;
use dwarfs_net::{LobbyUpdate, PeerHandle, PeerSpec, Role, Transport, Update};
use std::time::Duration;
use tokio::time::timeout;

/// The longest wait for one expected update.
pub const STEP: Duration = Duration::from_secs(30);

/// A Pig peer named `name` on loopback over TCP, with its key and replay in `dir` (logs at
/// debug once per test binary).
pub fn spec(dir: &std::path::Path, name: &str, role: Role) -> PeerSpec {
    let _ = tracing_subscriber::fmt()
        .with_test_writer()
        .with_env_filter(tracing_subscriber::EnvFilter::new(
            "dwarfs_net=debug,dwarfs_protocol=debug",
        ))
        .try_init();
    let mut s = PeerSpec::loopback(Pig::NAME, name, role, Transport::Tcp);
    s.key = Some(dir.join(format!("{name}.key")));
    s.replay = Some(dir.join(format!("{name}.replay")));
    s.timing.timeout_ms = 120_000;
    s
}

/// Reads updates until `pick` returns something (other updates are skipped); panics, naming
/// `what`, if the peer ends or stops first or [`STEP`] passes.
pub async fn wait_for<T>(
    h: &mut PeerHandle<Pig>,
    what: &str,
    mut pick: impl FnMut(&Update<Pig>) -> Option<T>,
) -> T {
    let r = timeout(STEP, async {
        while let Some(u) = h.recv().await {
            if let Some(t) = pick(&u) {
                return Some(t);
            }
            if let Update::Ended(r) = &u {
                panic!("the peer ended while waiting for {what}: {:?}", r.ending);
            }
        }
        None
    })
    .await;
    match r {
        Ok(Some(t)) => t,
        Ok(None) => panic!("the peer stopped while waiting for {what}"),
        Err(_) => panic!("timed out waiting for {what}"),
    }
}

/// The host's invite ticket, once its lobby is open.
#[allow(dead_code)] // Not every test file that shares this module hosts.
pub async fn ticket_of(host: &mut PeerHandle<Pig>) -> String {
    wait_for(host, "the ticket", |u| match u {
        Update::Lobby(LobbyUpdate::Ticket(t)) => Some(t.clone()),
        _ => None,
    })
    .await
}

/// Waits until the joiner has a seat in the host's lobby.
#[allow(dead_code)] // Not every test file that shares this module joins.
pub async fn seated(joiner: &mut PeerHandle<Pig>) {
    wait_for(joiner, "a seat", |u| match u {
        Update::Lobby(LobbyUpdate::Roster { you: Some(_), .. }) => Some(()),
        _ => None,
    })
    .await
}

/// A tokio runtime of two workers for a test's peers.
#[allow(dead_code)] // Not every test file that shares this module runs its own peers.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
}
