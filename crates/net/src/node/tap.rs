//! Inbound `/dwarfs/1` streams handed to the node through a queue of its own.
//!
//! libp2p-stream hands each negotiated inbound stream to its `IncomingStreams` through a channel
//! with room for one: a second stream negotiated (on another connection) before the accept loop
//! took the first is dropped, and its first frames with it (the writer at the other end learns of
//! it only when a later write fails). Streams come in bursts (every peer of a game opens its
//! streams at the same moment), and whether the accept loop runs between two of them depends on
//! how the runtime schedules its tasks. [`InboundTap`] wraps the stream behaviour's connection
//! handler and takes every negotiated inbound stream itself, into a bounded queue
//! ([`INBOUND_BACKLOG`] streams, further ones are dropped as before) that the accept loop drains.
//! The stream behaviour still negotiates the protocol (its `accept` registration is kept).

use libp2p::swarm::handler::{ConnectionEvent, FullyNegotiatedInbound, InboundUpgradeSend};
use libp2p::swarm::{ConnectionHandler, ConnectionHandlerEvent, Stream, SubstreamProtocol};
use libp2p::{PeerId, StreamProtocol};
use std::task::{Context, Poll};
use tokio::sync::mpsc;

/// The most negotiated inbound streams waiting for the accept loop. Past it, a new one is
/// dropped (closed) at once; the per-peer and total limits are applied by the accept loop.
pub const INBOUND_BACKLOG: usize = 64;

/// An inbound stream: who opened it, and the stream.
pub(crate) type Inbound = (PeerId, Stream);

/// The stream behaviour's handler for one connection, with its inbound streams taken off to
/// the node's queue.
pub struct InboundTap<H> {
    inner: H,
    peer: PeerId,
    protocol: StreamProtocol,
    streams: mpsc::Sender<Inbound>,
}

impl<H> InboundTap<H> {
    pub(crate) fn new(
        inner: H,
        peer: PeerId,
        protocol: StreamProtocol,
        streams: mpsc::Sender<Inbound>,
    ) -> Self {
        InboundTap {
            inner,
            peer,
            protocol,
            streams,
        }
    }
}

impl<H> ConnectionHandler for InboundTap<H>
where
    H: ConnectionHandler<InboundOpenInfo = ()>,
    H::InboundProtocol: InboundUpgradeSend<Output = (Stream, StreamProtocol)>,
{
    type FromBehaviour = H::FromBehaviour;
    type ToBehaviour = H::ToBehaviour;
    type InboundProtocol = H::InboundProtocol;
    type OutboundProtocol = H::OutboundProtocol;
    type InboundOpenInfo = ();
    type OutboundOpenInfo = H::OutboundOpenInfo;

    fn listen_protocol(&self) -> SubstreamProtocol<Self::InboundProtocol, ()> {
        self.inner.listen_protocol()
    }

    fn connection_keep_alive(&self) -> bool {
        self.inner.connection_keep_alive()
    }

    fn poll(
        &mut self,
        cx: &mut Context<'_>,
    ) -> Poll<ConnectionHandlerEvent<Self::OutboundProtocol, H::OutboundOpenInfo, H::ToBehaviour>>
    {
        self.inner.poll(cx)
    }

    fn poll_close(&mut self, cx: &mut Context<'_>) -> Poll<Option<H::ToBehaviour>> {
        self.inner.poll_close(cx)
    }

    fn on_behaviour_event(&mut self, event: H::FromBehaviour) {
        self.inner.on_behaviour_event(event);
    }

    fn on_connection_event(
        &mut self,
        event: ConnectionEvent<
            Self::InboundProtocol,
            Self::OutboundProtocol,
            (),
            H::OutboundOpenInfo,
        >,
    ) {
        match event {
            ConnectionEvent::FullyNegotiatedInbound(FullyNegotiatedInbound {
                protocol: (stream, protocol),
                ..
            }) if protocol == self.protocol => {
                if let Err(e) = self.streams.try_send((self.peer, stream)) {
                    // Dropping the stream resets it: the writer at the other end reopens.
                    tracing::debug!(peer = %self.peer, "inbound stream dropped: {e}");
                }
            }
            other => self.inner.on_connection_event(other),
        }
    }
}
