//! Moving a peer's streams from a relayed connection to a direct one without losing a frame.
//!
//! When a hole punch (or any direct dial) succeeds, a peer is connected twice: through the relay
//! and directly. Closing the relayed connection at once loses whatever was still on its way
//! through the relay (the writer on the other side already counted it as sent). Instead:
//! - new `/dwarfs/1` streams go on the direct connection: [`StreamPaths`] hides a peer's relayed
//!   connections from the stream behaviour (which picks a connection at random) while a direct
//!   one is up;
//! - each writer closes its relayed stream (its last frames, then the end of the stream) and
//!   opens the next one, which goes direct (see `streams::writer`);
//! - the relayed connection is "retired": it closes once no stream uses it any more, that is
//!   once both sides have finished their relayed streams and read the other's to its end
//!   (libp2p counts the streams of each connection; [`RetireHandler`] learns from that count
//!   that the connection is idle), and not before [`RETIRE_GRACE`], so that the other peer has
//!   seen the direct connection too.
//!
//! If the direct connection closes first, the relayed one is taken back into use.
//!
//! Streams use one relayed connection per peer. A second one (a hole punch tried again, see
//! `punches`, or two peers that dialled each other through relays at once) is hidden from the
//! stream behaviour at once and retired with [`PROBE_GRACE`]: it serves its hole punch and
//! closes once idle (or [`RETIRE_GRACE`] after a direct connection came up). If the relayed
//! connection in use closes first, the oldest other one is taken into use; a close asked for
//! before that is dropped.

use libp2p::core::transport::PortUse;
use libp2p::core::upgrade::DeniedUpgrade;
use libp2p::core::{ConnectedPoint, Endpoint};
use libp2p::swarm::behaviour::{ConnectionClosed, ConnectionEstablished};
use libp2p::swarm::handler::ConnectionEvent;
use libp2p::swarm::{
    CloseConnection, ConnectionDenied, ConnectionHandler, ConnectionHandlerEvent,
    ConnectionHandlerSelect, ConnectionId, FromSwarm, NetworkBehaviour, NotifyHandler,
    SubstreamProtocol, THandler, THandlerInEvent, THandlerOutEvent, ToSwarm,
};
use libp2p::{Multiaddr, PeerId};
use std::cell::Cell;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use libp2p::swarm::derive_prelude::Either;
use tokio::sync::mpsc;

use super::PROTOCOL;
use super::tap::{Inbound, InboundTap};

/// The least time a relayed connection stays up after a direct one to the same peer: the other
/// peer learns of the direct connection at about the same moment, but may be slower to move its
/// streams (a busy machine).
pub const RETIRE_GRACE: Duration = Duration::from_secs(2);

/// The least time a second relayed connection to a peer stays up while no direct one is: as
/// long as the hole punch DCUtR starts on it may take, all its attempts included
/// (`punches::PUNCH_WATCH`). Such a connection is a new punch (`punches`) or the second of two
/// peers dialling each other through relays at once; it carries no stream of ours and closes
/// once idle.
pub const PROBE_GRACE: Duration = super::punches::PUNCH_WATCH;

/// What a connection's [`RetireHandler`] is told.
#[derive(Debug, Clone, Copy)]
pub enum Retire {
    /// Close once idle, and not before this long from now (an earlier time already set stays).
    After(Duration),
    /// In use again: stay up.
    Back,
}

/// One connection to a peer, as [`StreamPaths`] sees it.
struct Conn {
    id: ConnectionId,
    endpoint: ConnectedPoint,
    relayed: bool,
    /// The stream behaviour knows of it (new streams may go on it).
    visible: bool,
}

/// The `/dwarfs/1` stream behaviour, told only of the connections new streams should use, and
/// the retiring of relayed connections once a direct one is up.
pub struct StreamPaths {
    inner: libp2p_stream::Behaviour,
    /// Where the connections' handlers put inbound streams ([`InboundTap`]).
    inbound: mpsc::Sender<Inbound>,
    conns: HashMap<PeerId, Vec<Conn>>,
    out: VecDeque<ToSwarm<(), THandlerInEvent<StreamPaths>>>,
}

impl StreamPaths {
    /// A behaviour around a fresh stream behaviour; its connections put their inbound
    /// [`PROTOCOL`] streams on `inbound`.
    pub(crate) fn new(inbound: mpsc::Sender<Inbound>) -> Self {
        StreamPaths {
            inner: libp2p_stream::Behaviour::new(),
            inbound,
            conns: HashMap::new(),
            out: VecDeque::new(),
        }
    }

    /// A handle to open and accept streams.
    pub fn new_control(&self) -> libp2p_stream::Control {
        self.inner.new_control()
    }

    fn established(&mut self, e: ConnectionEstablished) {
        let relayed = e.endpoint.is_relayed();
        let list = self.conns.entry(e.peer_id).or_default();
        let direct_up = list.iter().any(|c| !c.relayed);
        let relayed_in_use = list.iter().any(|c| c.relayed && c.visible);
        let visible = !relayed || !(direct_up || relayed_in_use);
        list.push(Conn {
            id: e.connection_id,
            endpoint: e.endpoint.clone(),
            relayed,
            visible,
        });
        if visible {
            self.inner
                .on_swarm_event(FromSwarm::ConnectionEstablished(e));
        } else if direct_up {
            self.retire(e.peer_id, e.connection_id, Retire::After(RETIRE_GRACE));
        } else {
            tracing::debug!(peer = %e.peer_id, "a second relayed connection: kept off the streams");
            self.retire(e.peer_id, e.connection_id, Retire::After(PROBE_GRACE));
        }
        if relayed {
            return;
        }
        // A direct connection: hide and retire the relayed ones (a second one, retired already,
        // now closes as soon as the first may).
        let list = self.conns.get_mut(&e.peer_id).expect("just added");
        let mut retired = Vec::new();
        for c in list.iter_mut().filter(|c| c.relayed) {
            if c.visible {
                c.visible = false;
                self.inner
                    .on_swarm_event(FromSwarm::ConnectionClosed(ConnectionClosed {
                        peer_id: e.peer_id,
                        connection_id: c.id,
                        endpoint: &c.endpoint,
                        cause: None,
                        remaining_established: e.other_established,
                    }));
                tracing::debug!(peer = %e.peer_id, "direct connection up: retiring the relayed one");
            }
            retired.push(c.id);
        }
        for id in retired {
            self.retire(e.peer_id, id, Retire::After(RETIRE_GRACE));
        }
    }

    fn closed(&mut self, e: ConnectionClosed) {
        // Harmless for a hidden connection: the stream behaviour only forgets it.
        self.inner.on_swarm_event(FromSwarm::ConnectionClosed(e));
        let Some(list) = self.conns.get_mut(&e.peer_id) else {
            return;
        };
        list.retain(|c| c.id != e.connection_id);
        if list.is_empty() {
            self.conns.remove(&e.peer_id);
            return;
        }
        if list.iter().any(|c| c.visible) {
            return;
        }
        // Neither a direct connection nor a relayed one in use is left: the oldest relayed one
        // is in use again (the others still close once idle).
        let Some(c) = list.iter_mut().find(|c| c.relayed) else {
            return;
        };
        c.visible = true;
        let id = c.id;
        self.inner
            .on_swarm_event(FromSwarm::ConnectionEstablished(ConnectionEstablished {
                peer_id: e.peer_id,
                connection_id: id,
                endpoint: &c.endpoint,
                failed_addresses: &[],
                other_established: e.remaining_established.saturating_sub(1),
            }));
        tracing::debug!(peer = %e.peer_id, "no direct connection left: back to a relayed one");
        self.retire(e.peer_id, id, Retire::Back);
    }

    /// Whether `id` is a connection to `peer` hidden from the stream behaviour (retired).
    fn hidden(&self, peer: &PeerId, id: ConnectionId) -> bool {
        self.conns
            .get(peer)
            .is_some_and(|l| l.iter().any(|c| c.id == id && !c.visible))
    }

    fn tap(&self, h: THandler<libp2p_stream::Behaviour>, peer: PeerId) -> StreamHandler {
        InboundTap::new(h, peer, PROTOCOL, self.inbound.clone())
    }

    fn retire(&mut self, peer_id: PeerId, id: ConnectionId, retire: Retire) {
        self.out.push_back(ToSwarm::NotifyHandler {
            peer_id,
            handler: NotifyHandler::One(id),
            event: Either::Right(retire),
        });
    }
}

type StreamHandler = InboundTap<THandler<libp2p_stream::Behaviour>>;

impl NetworkBehaviour for StreamPaths {
    type ConnectionHandler = ConnectionHandlerSelect<StreamHandler, RetireHandler>;
    type ToSwarm = ();

    fn handle_pending_inbound_connection(
        &mut self,
        id: ConnectionId,
        local: &Multiaddr,
        remote: &Multiaddr,
    ) -> Result<(), ConnectionDenied> {
        self.inner
            .handle_pending_inbound_connection(id, local, remote)
    }

    fn handle_established_inbound_connection(
        &mut self,
        id: ConnectionId,
        peer: PeerId,
        local: &Multiaddr,
        remote: &Multiaddr,
    ) -> Result<THandler<Self>, ConnectionDenied> {
        let h = self
            .inner
            .handle_established_inbound_connection(id, peer, local, remote)?;
        Ok(self.tap(h, peer).select(RetireHandler::default()))
    }

    fn handle_pending_outbound_connection(
        &mut self,
        id: ConnectionId,
        peer: Option<PeerId>,
        addrs: &[Multiaddr],
        role: Endpoint,
    ) -> Result<Vec<Multiaddr>, ConnectionDenied> {
        self.inner
            .handle_pending_outbound_connection(id, peer, addrs, role)
    }

    fn handle_established_outbound_connection(
        &mut self,
        id: ConnectionId,
        peer: PeerId,
        addr: &Multiaddr,
        role: Endpoint,
        port_use: PortUse,
    ) -> Result<THandler<Self>, ConnectionDenied> {
        let h = self
            .inner
            .handle_established_outbound_connection(id, peer, addr, role, port_use)?;
        Ok(self.tap(h, peer).select(RetireHandler::default()))
    }

    fn on_swarm_event(&mut self, event: FromSwarm) {
        match event {
            FromSwarm::ConnectionEstablished(e) => self.established(e),
            FromSwarm::ConnectionClosed(e) => self.closed(e),
            other => self.inner.on_swarm_event(other),
        }
    }

    fn on_connection_handler_event(
        &mut self,
        peer_id: PeerId,
        id: ConnectionId,
        event: THandlerOutEvent<Self>,
    ) {
        match event {
            Either::Left(e) => self.inner.on_connection_handler_event(peer_id, id, e),
            // A report from before the connection was taken back into use is stale.
            Either::Right(Drained) if self.hidden(&peer_id, id) => {
                tracing::debug!(peer = %peer_id, "the retired relayed connection is idle: closing it");
                self.out.push_back(ToSwarm::CloseConnection {
                    peer_id,
                    connection: CloseConnection::One(id),
                });
            }
            Either::Right(Drained) => {}
        }
    }

    fn poll(&mut self, cx: &mut Context<'_>) -> Poll<ToSwarm<(), THandlerInEvent<Self>>> {
        while let Some(ev) = self.out.pop_front() {
            // A close queued before the connection was taken back into use is dropped.
            if let ToSwarm::CloseConnection {
                peer_id,
                connection: CloseConnection::One(id),
            } = &ev
                && !self.hidden(peer_id, *id)
            {
                continue;
            }
            return Poll::Ready(ev);
        }
        self.inner.poll(cx).map(|ev| ev.map_in(Either::Left))
    }
}

/// A retired connection has no stream left: it may close.
#[derive(Debug)]
pub struct Drained;

/// Per connection: once retired, tells the behaviour when libp2p finds the connection without a
/// stream, once the grace it was given ([`RETIRE_GRACE`] or [`PROBE_GRACE`]) has run out.
#[derive(Default)]
pub struct RetireHandler {
    /// Retired: the grace timer (`None` once it has run out).
    retired: Option<Option<Pin<Box<crate::rt::Timer>>>>,
    /// The connection had no stream when libp2p last asked whether to keep it.
    idle: Cell<bool>,
    waker: Cell<Option<Waker>>,
    reported: bool,
}

impl RetireHandler {
    fn grace_over(&self) -> bool {
        matches!(self.retired, Some(None))
    }
}

impl ConnectionHandler for RetireHandler {
    type FromBehaviour = Retire;
    type ToBehaviour = Drained;
    type InboundProtocol = DeniedUpgrade;
    type OutboundProtocol = DeniedUpgrade;
    type InboundOpenInfo = ();
    type OutboundOpenInfo = ();

    fn listen_protocol(&self) -> SubstreamProtocol<DeniedUpgrade> {
        SubstreamProtocol::new(DeniedUpgrade, ())
    }

    /// libp2p asks only while the connection has no stream (open or being negotiated).
    fn connection_keep_alive(&self) -> bool {
        if self.grace_over()
            && !self.reported
            && !self.idle.replace(true)
            && let Some(w) = self.waker.take()
        {
            w.wake();
        }
        false
    }

    fn poll(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<ConnectionHandlerEvent<DeniedUpgrade, (), Drained>> {
        self.waker.set(Some(cx.waker().clone()));
        // Idle means: no stream at the end of the connection's previous turn.
        let idle = self.idle.replace(false);
        if self.reported {
            return Poll::Pending;
        }
        match &mut self.retired {
            None => Poll::Pending,
            Some(Some(timer)) => {
                if timer.as_mut().poll(cx).is_ready() {
                    self.retired = Some(None);
                }
                Poll::Pending
            }
            Some(None) if idle => {
                self.reported = true;
                Poll::Ready(ConnectionHandlerEvent::NotifyBehaviour(Drained))
            }
            Some(None) => Poll::Pending,
        }
    }

    fn on_behaviour_event(&mut self, retire: Retire) {
        match retire {
            Retire::After(grace) => match &mut self.retired {
                None => self.retired = Some(Some(Box::pin(crate::rt::Timer::after(grace)))),
                Some(Some(timer)) => {
                    let at = web_time::Instant::now() + grace;
                    if at < timer.deadline() {
                        timer.reset(at);
                    }
                }
                Some(None) => {}
            },
            Retire::Back => {
                self.retired = None;
                self.reported = false;
            }
        }
        if let Some(w) = self.waker.take() {
            w.wake();
        }
    }

    fn on_connection_event(&mut self, _: ConnectionEvent<DeniedUpgrade, DeniedUpgrade>) {}
}
