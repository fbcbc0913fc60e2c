//! From which move chance was foreseeable, and by whom.
//!
//! Every chance point is drawn from the beacon links of the live players (and, at a takeover,
//! their re-roll links), each committed before the game and revealed only in its author's ack
//! (see `ARCHITECTURE.md`, "Chance and withholding"). So once a single live player is left, every
//! draw comes from that player's own hash chains alone: it can compute each one, and so each move
//! of the takeover bot (a function of the state), before it plays. A game that starts with a
//! single player (one person with bots) is foreseeable from the start: its seed comes from that
//! player's nonce alone, so a modified client could even pick its setup. No rule of the protocol
//! can prevent it without a second party; the replay tools and the end screen say so instead.

use dwarfs_engine::Seat;

/// Chance was foreseeable by `seat` from move `from_seq` on (0: from the start, setup included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Foresight {
    /// The only live player from then on.
    pub seat: Seat,
    /// The first move whose chance it could foresee; 0 when it could from the start, the
    /// setup included (it was the only player, or the only one left after the seed round).
    pub from_seq: u32,
}

impl Foresight {
    /// From the seats played by people at the start (the others are bots) and the takeovers, as
    /// (seat, the first move the bot plays for it): whether and from when a single live player
    /// was left. `None` while two or more players were live to the end.
    pub fn of(players_at_start: &[Seat], takeovers: &[(Seat, u32)]) -> Option<Foresight> {
        let mut live: Vec<Seat> = players_at_start.to_vec();
        live.sort();
        live.dedup();
        if let [seat] = live[..] {
            return Some(Foresight { seat, from_seq: 0 });
        }
        // A takeover from move 0 is one of the seed round: alone from the start.
        let mut takeovers = takeovers.to_vec();
        takeovers.sort_by_key(|&(seat, from)| (from, seat));
        for (seat, from_seq) in takeovers {
            live.retain(|s| *s != seat);
            if let [seat] = live[..] {
                return Some(Foresight { seat, from_seq });
            }
        }
        None
    }

    /// The sentence the replay tools and the end screen show, with `name` naming a seat: "From
    /// move 41 on, chance was foreseeable by Red (the only live player): ...".
    pub fn sentence(&self, name: impl Fn(Seat) -> String) -> String {
        let who = name(self.seat);
        if self.from_seq == 0 {
            format!(
                "From the start, chance was foreseeable by {who} (the only live player): the seed and \
                 every draw came from its own secrets alone."
            )
        } else {
            format!(
                "From move {} on, chance was foreseeable by {who} (the only live player): every \
                 draw came from its own hash chain alone.",
                self.from_seq
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_live_player_is_found_from_the_takeover_that_leaves_it_alone() {
        let (a, b, c) = (Seat(0), Seat(1), Seat(2));
        // Two players, one handed to the bot at move 12: the other alone from 12.
        assert_eq!(
            Foresight::of(&[a, b], &[(b, 12)]),
            Some(Foresight {
                seat: a,
                from_seq: 12
            })
        );
        // Three players, one takeover: two are left, nobody foresees.
        assert_eq!(Foresight::of(&[a, b, c], &[(c, 5)]), None);
        // Then a second one: alone from the second.
        assert_eq!(
            Foresight::of(&[a, b, c], &[(c, 5), (a, 9)]),
            Some(Foresight {
                seat: b,
                from_seq: 9
            })
        );
        // Two at once.
        assert_eq!(
            Foresight::of(&[a, b, c], &[(a, 7), (c, 7)]),
            Some(Foresight {
                seat: b,
                from_seq: 7
            })
        );
        // A partner handed over at the seed round: from the start too.
        assert_eq!(
            Foresight::of(&[a, b], &[(a, 0)]),
            Some(Foresight {
                seat: b,
                from_seq: 0
            })
        );
        // One person with bots: from the start.
        assert_eq!(
            Foresight::of(&[b], &[]),
            Some(Foresight {
                seat: b,
                from_seq: 0
            })
        );
        assert_eq!(Foresight::of(&[a, b], &[]), None);
        let s = Foresight::of(&[a, b], &[(b, 41)])
            .unwrap()
            .sentence(|_| "Red".into());
        assert!(
            s.starts_with("From move 41 on, chance was foreseeable by Red (the only live player)"),
            "{s}"
        );
    }
}
