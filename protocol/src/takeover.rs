//! The takeover rule: when the signed votes of the live players hand one or more silent seats to
//! the deterministic takeover bot. The session and the replay verifier both decide with these
//! functions, so a recorded takeover verifies exactly when the session would have made it.
//!
//! At move `n` (the first move not yet final), a set `X` of live player seats is handed over when
//! 1. every live player seat outside `X` signed a vote for every seat in `X` at move `n` (the
//!    seats being handed over are not asked to vote: that is how two seats that went silent at
//!    once are both replaced), and
//! 2. those voters are at least [`quorum`] many: half of the player seats at the start of the
//!    game, rounded up (and at least one).
//!
//! So a 2-player game can replace a dead partner (one voter), but in a game that started with 3 or
//! 4 players two must agree, in 5 or 6 three; the last two players of a bigger game can never
//! vote each other out alone.

/// How many voters a takeover needs in a game that started with `players` player seats: half of
/// them, rounded up, and at least one.
pub fn quorum(players: usize) -> usize {
    players.div_ceil(2).max(1)
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
    fn quorum_is_half_the_starting_players_rounded_up() {
        assert_eq!(
            (1..=6).map(quorum).collect::<Vec<_>>(),
            vec![1, 1, 2, 2, 3, 3]
        );
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
        let has = |t: usize, v: usize| matches!((t, v), (2 | 3, 0 | 1));
        assert!(!is_decided(&[0, 1, 2, 3], &[2], 4, has));
        assert!(is_decided(&[0, 1, 2, 3], &[2, 3], 4, has));
        assert_eq!(
            decided_sets(&[0, 1, 2, 3], &[2, 3], 4, has),
            vec![vec![2, 3]]
        );
        // Three silent of four: one voter is not enough.
        let has = |_: usize, v: usize| v == 0;
        assert!(decided_sets(&[0, 1, 2, 3], &[1, 2, 3], 4, has).is_empty());
    }
}
