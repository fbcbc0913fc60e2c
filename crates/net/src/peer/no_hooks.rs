//! Without the `test-hooks` feature (a release build): the test hooks of `hooks.rs` do nothing,
//! so no path of a normal build can cheat, crash on purpose or mute a link.

use super::Driver;
use crate::spec::{Ending, PeerSpec};
use dwarfs_engine::{Game, Seat};
use dwarfs_protocol::Message;
use dwarfs_protocol::message::LobbyHello;
use libp2p::PeerId;
use std::marker::PhantomData;
use web_time::Instant;

/// No hook state.
pub(super) struct HookState<G: Game>(PhantomData<fn() -> G>);

impl<G: Game> HookState<G> {
    pub(super) fn new(_spec: &PeerSpec) -> Self {
        HookState(PhantomData)
    }

    /// Never cheated.
    pub(super) fn cheated(&self) -> Option<Instant> {
        None
    }

    /// Never stops a run.
    pub(super) fn finished(&self, _linger_ms: u64) -> Option<Ending> {
        None
    }
}

/// The hello is left as it is.
pub(super) fn tamper_hello(_spec: &PeerSpec, _hello: &mut LobbyHello) {}

impl<G: Game> Driver<G> {
    pub(super) fn hook_saw_action(&mut self, _action: G::Action) {}

    pub(super) fn hook_disconnected(&mut self, _peer: &PeerId) {}

    pub(super) fn hook_cheat(&mut self, _seat: Seat, _seq: u32, _legal: &[G::Action]) -> bool {
        false
    }

    pub(super) fn check_hooks(&mut self) {}

    pub(super) fn muted(&self, _peer: &PeerId) -> bool {
        false
    }

    pub(super) fn tamper(&mut self, msg: Message) -> Vec<Message> {
        vec![msg]
    }
}
