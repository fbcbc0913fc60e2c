//! What the app tells players about hidden information in lockstep play: every peer's app runs
//! the whole game, so it holds every hand, and a modified app could read them. Shown where hands
//! are hidden (the game screen of a networked game) and where spectators are let in.

/// The one-line caption under a networked game's status.
pub const HIDDEN_HANDS_CAPTION: &str =
    "Hands are hidden on screen, not in memory (hover to read why)";

/// What a modified client can learn, for the caption's hover text.
pub const HIDDEN_HANDS: &str = "Each player's app runs the whole game to check every move, so it \
    holds every hand. This app shows you only what your seat may see, but a modified app could \
    read the others' hidden cards. No app can know a card before it is drawn (the draw uses \
    randomness every player adds after the move), learn a secret choice before it commits its \
    own, or change the game unseen: every move is signed, checked and hashed by everyone.";

/// What a spectator can learn, shown where a host lets spectators in.
pub const SPECTATORS: &str = "A spectator's app runs the whole game too, so it holds every \
    hidden hand, and a modified one could show them or pass them to a player. Let in only \
    people you would show your cards to.";
