//! What the app asks its peer to do.

use dwarfs_engine::Seat;

/// What the app asks its peer to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command<A> {
    /// Play these actions for the local seat, in order: one action, or every step of a choice
    /// staged at once (a card and then its target), sent down once. The peer keeps them in its
    /// one queue and signs each as soon as the move before it is final; the session alone
    /// judges each (a refusal comes back as [`crate::Update::Refused`] and drops the rest).
    Play(Vec<A>),
    /// Say something: in the lobby to everyone there, in the game signed to every peer.
    Chat(String),
    /// A joiner is (not) ready to start.
    Ready(bool),
    /// Move to this open seat before the game starts: its colour and place in the turn
    /// order. Refusals come back as [`crate::Update::Refused`] for the host; a joiner sees the
    /// roster.
    TakeSeat(Seat),
    /// The host fills the open seats with bots and starts now.
    StartNow,
    /// Vote to hand this silent seat to the takeover bot.
    VoteTakeover(Seat),
    /// Leave: the lobby is told, the node stops, the replay is kept.
    Leave,
    /// Host: the answer to an [`crate::Update::WatchRequest`]: let this peer (its id as text)
    /// watch the game, or not.
    AnswerWatcher {
        /// The peer that asked.
        peer: String,
        /// Let it watch.
        allow: bool,
    },
}
