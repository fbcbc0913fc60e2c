//! Test-only misbehaviour (`PeerSpec::hooks`): cheats the other peers must catch, a crash or a
//! lost link at a chosen move, a muted stream, a wrong card-data digest, a chat line. Built only
//! with the `test-hooks` feature; without it, `no_hooks.rs` stands in and does nothing.

use super::Driver;
use crate::spec::{Cheat, DIE_EXIT_CODE, Ending, PeerSpec};
use dwarfs_engine::{Game, Seat, codec};
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{LobbyHello, LogItem, LogSync, MoveBody, Signed};
use dwarfs_protocol::{Message, SeatSpec, Signer};
use libp2p::PeerId;
use std::io::Write;
use std::time::Duration;
use web_time::Instant;

/// What the hooks remember during a run.
pub(super) struct HookState<G: Game> {
    /// Actions seen played, to find one that is illegal later.
    seen_actions: Vec<G::Action>,
    /// When we cheated (we stop a moment later).
    cheated: Option<Instant>,
    /// Whether the forged ack went out.
    forged: bool,
    /// Whether the links were dropped.
    dropped_links: bool,
    /// The muted link was closed once and works again.
    unmuted: bool,
}

impl<G: Game> HookState<G> {
    pub(super) fn new(_spec: &PeerSpec) -> Self {
        HookState {
            seen_actions: Vec::new(),
            cheated: None,
            forged: false,
            dropped_links: false,
            unmuted: false,
        }
    }

    /// When we cheated, if we did.
    pub(super) fn cheated(&self) -> Option<Instant> {
        self.cheated
    }

    /// A cheater stops once the others have had `linger_ms` to see its cheat.
    pub(super) fn finished(&self, linger_ms: u64) -> Option<Ending> {
        let t = self.cheated?;
        (t.elapsed() >= Duration::from_millis(linger_ms))
            .then(|| Ending::Failed("stopped after cheating (test hook)".into()))
    }
}

/// Announces a wrong card-data digest in the lobby, if asked to.
pub(super) fn tamper_hello(spec: &PeerSpec, hello: &mut LobbyHello) {
    if spec.hooks.fake_digest {
        hello.data_digest[0] ^= 0xff;
    }
}

impl<G: Game> Driver<G> {
    /// Remembers an action played (for the illegal-move cheat).
    pub(super) fn hook_saw_action(&mut self, action: G::Action) {
        if self.spec.hooks.cheat == Some(Cheat::IllegalMove)
            && !self.hooks.seen_actions.contains(&action)
        {
            self.hooks.seen_actions.push(action);
        }
    }

    /// The connection to `peer` closed: a muted link works again.
    pub(super) fn hook_disconnected(&mut self, peer: &PeerId) {
        if self.muted(peer) {
            self.hooks.unmuted = true;
        }
    }

    /// Cheats instead of the bot's move when asked to from this move on; returns whether it did.
    pub(super) fn hook_cheat(&mut self, seat: Seat, seq: u32, legal: &[G::Action]) -> bool {
        match self.spec.hooks.cheat {
            Some(cheat) if seq >= self.spec.hooks.cheat_from_seq => {
                self.cheat(cheat, seat, seq, legal)
            }
            _ => false,
        }
    }

    /// Cheats instead of playing normally; returns whether it did.
    fn cheat(&mut self, cheat: Cheat, seat: Seat, seq: u32, legal: &[G::Action]) -> bool {
        let Some(s) = self.session.as_ref() else {
            return false;
        };
        let Some(prev) = s.state_hash() else {
            return false;
        };
        let sign_move = |signer: &Signer, action: &G::Action| {
            let body = MoveBody {
                game_id: s.config().game_id,
                seq,
                seat,
                prev,
                action: codec::encode(action).expect("test hook: the action encodes"),
                hash: dwarfs_engine::StateHash([0; 32]),
                reveal: [0; 16],
                next_tip: None,
            };
            Signed {
                sig: signer.sign(Domain::Move, &body),
                body,
            }
        };
        match cheat {
            Cheat::IllegalMove => {
                let illegal = self.hooks.seen_actions.iter().find(|a| {
                    let mut st = s.state().clone();
                    st.play(seat, a).is_err()
                });
                let mv = match illegal {
                    Some(a) => sign_move(&self.id.signer, a),
                    None => {
                        // No recorded action is illegal here: send bytes no action decodes to.
                        let mut m = sign_move(&self.id.signer, &legal[0]);
                        m.body.action = vec![0xff; 9];
                        m.sig = self.id.signer.sign(Domain::Move, &m.body);
                        m
                    }
                };
                let peers = s.broadcast_peers();
                for p in peers {
                    self.send_wire(p, &Message::Move(mv.clone()));
                }
                self.hooks.cheated = Some(Instant::now());
                true
            }
            Cheat::Equivocate => {
                if legal.len() < 2 {
                    return false;
                }
                let a = sign_move(&self.id.signer, &legal[0]);
                let b = sign_move(&self.id.signer, &legal[1]);
                let peers = s.broadcast_peers();
                let game_id = s.config().game_id;
                for (i, p) in peers.iter().enumerate() {
                    // Half the table sees one move first, half the other; all see both, in one
                    // frame: sent as two frames, an honest peer's ack of the other move could
                    // come between them on a loaded machine, and the peers would then report
                    // the desync before the equivocation.
                    let (x, y) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
                    let both = LogSync {
                        game_id,
                        final_seq: 0,
                        items: vec![LogItem::Move(x.clone()), LogItem::Move(y.clone())],
                    };
                    self.send_wire(*p, &Message::LogSync(both));
                }
                self.hooks.cheated = Some(Instant::now());
                true
            }
            Cheat::ForgeAck => false,
        }
    }

    /// Crashes, chats or drops links once the move asked for is final.
    pub(super) fn check_hooks(&mut self) {
        let Some(s) = &self.session else { return };
        let seq = s.final_seq();
        if let Some(n) = self.spec.hooks.die_at_seq
            && seq >= n
        {
            let _ = std::io::stdout().flush();
            std::process::exit(DIE_EXIT_CODE);
        }
        if seq >= 1
            && let Some(text) = self.spec.hooks.chat.take()
            && let Some(s) = self.session.as_mut()
            && let Err(e) = s.send_chat(&text)
        {
            tracing::warn!("chat not sent: {e}");
        }
        let Some(s) = &self.session else { return };
        if let Some(n) = self.spec.hooks.drop_links_at_seq
            && seq >= n
            && !self.hooks.dropped_links
        {
            self.hooks.dropped_links = true;
            for p in s.broadcast_peers() {
                self.node.disconnect(p);
            }
        }
    }

    /// Test hook: whether frames to `peer` are swallowed (until its connection closes once).
    pub(super) fn muted(&self, peer: &PeerId) -> bool {
        !self.hooks.unmuted
            && self
                .spec
                .hooks
                .mute_seat_until_reconnect
                .is_some_and(|seat| {
                    self.session
                        .as_ref()
                        .and_then(|s| s.seat_of_peer(peer))
                        .is_some_and(|s| s == seat)
                })
    }

    /// Rewrites outgoing messages for the forged-ack cheat.
    pub(super) fn tamper(&mut self, msg: Message) -> Vec<Message> {
        if self.spec.hooks.cheat != Some(Cheat::ForgeAck) {
            return vec![msg];
        }
        let Message::Ack(mut ack) = msg else {
            return vec![msg];
        };
        let Some(s) = &self.session else {
            return vec![Message::Ack(ack)];
        };
        if ack.signed.body.seq < self.spec.hooks.cheat_from_seq.max(1) || self.hooks.forged {
            return vec![Message::Ack(ack)];
        }
        let n = s.config().players();
        let me = ack.signed.body.seat;
        let victim = Seat::all(n).find(|&v| {
            v != me && matches!(s.config().seats.get(v.index()), Some(SeatSpec::Player(_)))
        });
        let Some(victim) = victim else {
            return vec![Message::Ack(ack)];
        };
        let real = ack.clone();
        // An ack in another seat's name, signed with our own key.
        ack.signed.body.seat = victim;
        ack.signed.sig = self.id.signer.sign(Domain::Ack, &ack.signed.body);
        self.hooks.forged = true;
        vec![Message::Ack(real), Message::Ack(ack)]
    }
}
