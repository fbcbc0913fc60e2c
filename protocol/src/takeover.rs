//! The takeover rule: when the signed votes of the live players hand one or more silent seats to
//! the deterministic takeover bot. The session and the replay verifier both decide with these
//! functions, so a recorded takeover verifies exactly when the session would have made it.
//!
//! At move `n` (the first move not yet final), a set `X` of live player seats is handed over when
//! 1. every live player seat outside `X` signed a vote for every seat in `X` at move `n` (the
//!    seats being handed over are not asked to vote: that is how two seats that went silent at
//!    once are both replaced), and
//! 2. those voters are at least [`quorum`] many: a strict majority of the player seats at the
//!    start of the game (2 of 3, 3 of 4, 3 of 5, 4 of 6...), so that no half of a game can vote
//!    out the other half.
//!
//! So the last two players of a bigger game can never vote each other out, and in a game of 4
//! two silent seats cannot be replaced (the game waits for them, or ends).
//!
//! The same rule hands over, at move 0, a seat that withholds its seed reveal before the game
//! starts (see `session/seeding.rs`).
//!
//! **Two players.** A strict majority of two is both, so the rule alone would never let a
//! survivor go on. Instead, in a game that started with 2 player seats ([`lone_vote`]) one vote
//! suffices, but an honest session casts it only after the other player has sent nothing new
//! (no move, ack, reveal or vote we lacked; resent items do not count, so a player that withholds
//! while it keeps its connection up is gone too) for the long gone-timeout
//! (`Settings::gone_after_ms`, a minute by default, far longer than a slow link), and a player
//! never accepts being voted out alone while it is still playing (it signed a move, ack, secret
//! commitment or vote within that time): such a vote is reported as a cheat
//! (`CheatKind::Eviction`, the vote as proof) and ends its game instead of handing its seat
//! over. A player that has itself sent nothing new for that long (gone, or withholding) accepts
//! the vote and follows the game read-only, like any player voted out. Time cannot be proved in a replay, so a 2-player
//! replay's takeover shows only that the survivor voted; the other player's own replay shows it
//! never accepted that.

/// How many voters a takeover needs in a game that started with `players` player seats: a strict
/// majority of them; in a 2-player game, the survivor alone (see [`lone_vote`]).
pub fn quorum(players: usize) -> usize {
    if lone_vote(players) {
        1
    } else {
        players / 2 + 1
    }
}

/// Whether a game that started with `players` player seats hands a seat over on one vote (2
/// players: the survivor's, after the gone-timeout).
pub fn lone_vote(players: usize) -> bool {
    players == 2
}

/// The voters a takeover of `targets` needs: every seat of `live` outside `targets`.
pub fn voters(live: &[usize], targets: &[usize]) -> Vec<usize> {
    live.iter()
        .copied()
        .filter(|s| !targets.contains(s))
        .collect()
}

/// Whether handing `targets` to the bot is decided, among the live player seats `live`, in a game
/// that started with `players` player seats; `has_vote(target, voter)` says whether `voter`'s
/// signed vote for `target` (at the move concerned) is held.
pub fn is_decided(
    live: &[usize],
    targets: &[usize],
    players: usize,
    has_vote: impl Fn(usize, usize) -> bool,
) -> bool {
    if targets.is_empty() || !targets.iter().all(|t| live.contains(t)) {
        return false;
    }
    let voters = voters(live, targets);
    voters.len() >= quorum(players)
        && targets
            .iter()
            .all(|&t| voters.iter().all(|&v| has_vote(t, v)))
}

/// Every decided set of targets drawn from `candidates` (seats with at least one vote), largest
/// first, then in seat order. At most the first 12 candidates are considered.
pub fn decided_sets(
    live: &[usize],
    candidates: &[usize],
    players: usize,
    has_vote: impl Fn(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let c = &candidates[..candidates.len().min(12)];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for mask in 1u32..(1u32 << c.len()) {
        let set: Vec<usize> = (0..c.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| c[i])
            .collect();
        if is_decided(live, &set, players, &has_vote) {
            out.push(set);
        }
    }
    out.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quorum_is_a_strict_majority_of_the_starting_players() {
        assert_eq!(
            (1..=7).map(quorum).collect::<Vec<_>>(),
            vec![1, 1, 2, 3, 3, 4, 4]
        );
        assert!(lone_vote(2) && !lone_vote(3) && !lone_vote(4));
    }

    #[test]
    fn half_of_four_cannot_vote_out_the_other_half() {
        let all = |_: usize, _: usize| true;
        assert!(!is_decided(&[0, 1, 2, 3], &[2, 3], 4, all));
        assert!(is_decided(&[0, 1, 2, 3], &[3], 4, all));
    }

    #[test]
    fn the_last_two_of_three_cannot_vote_each_other_out() {
        // Seat 2 was taken over; 0 and 1 remain of a 3-player game.
        let all = |_: usize, _: usize| true;
        assert!(!is_decided(&[0, 1], &[1], 3, all));
        // In a 2-player game the survivor can.
        assert!(is_decided(&[0, 1], &[1], 2, all));
    }

    #[test]
    fn two_silent_seats_are_decided_together_without_each_others_votes() {
        let has = |t: usize, v: usize| matches!((t, v), (3 | 4, 0..=2));
        let live = [0, 1, 2, 3, 4];
        assert!(!is_decided(&live, &[3], 5, has));
        assert!(is_decided(&live, &[3, 4], 5, has));
        assert_eq!(decided_sets(&live, &[3, 4], 5, has), vec![vec![3, 4]]);
        // Three silent of five: two voters are not enough.
        let has = |_: usize, v: usize| v <= 1;
        assert!(decided_sets(&live, &[2, 3, 4], 5, has).is_empty());
    }
}
