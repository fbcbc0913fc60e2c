//! The host's lobby: who sits in which seat (and so plays which colour), which seats are open or
//! played by the bot, and who is ready. Pure bookkeeping, no IO: the peer driver sends the
//! rosters and starts the game when [`HostLobby::waiting_for`] says nothing is missing.
//!
//! Players are named by any small ordered id `P` (the network uses libp2p peer ids).

use dwarfs_engine::Seat;
use std::collections::BTreeSet;
use thiserror::Error;

/// Who fills a seat in the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostSeat<P> {
    /// A player (the host or a peer that joined).
    Player(P),
    /// Waiting for a player.
    Open,
    /// Played by the deterministic bot on every peer.
    Bot,
}

/// Why a seat could not be taken.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatError {
    /// Every seat is taken.
    #[error("the game is full")]
    Full,
    /// The seat asked for does not exist.
    #[error("there is no seat {}", .0.0 as u16 + 1)]
    NoSuchSeat(Seat),
    /// The seat asked for is not open.
    #[error("seat {} is not open", .0.0 as u16 + 1)]
    NotOpen(Seat),
    /// The peer holds no seat in this lobby.
    #[error("you hold no seat in this lobby")]
    NotSeated,
}

/// What keeps the game from starting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyWait<P> {
    /// Seats still open.
    Open(usize),
    /// A seated player is not ready.
    NotReady(P),
}

/// The host's lobby.
#[derive(Clone, Debug)]
pub struct HostLobby<P> {
    host: P,
    seats: Vec<HostSeat<P>>,
    ready: BTreeSet<P>,
    /// The game options (canonical encoding).
    pub options: Vec<u8>,
}

impl<P: Copy + Ord> HostLobby<P> {
    /// The host in seat 1, `players - 1` open seats, then `bots` bot seats.
    pub fn new(host: P, players: u8, bots: u8, options: Vec<u8>) -> Self {
        let mut seats = vec![HostSeat::Player(host)];
        seats.extend(std::iter::repeat_n(
            HostSeat::Open,
            players.saturating_sub(1) as usize,
        ));
        seats.extend(std::iter::repeat_n(HostSeat::Bot, bots as usize));
        HostLobby {
            host,
            seats,
            ready: BTreeSet::new(),
            options,
        }
    }

    /// Every seat, in seat order.
    pub fn seats(&self) -> &[HostSeat<P>] {
        &self.seats
    }

    /// The players other than the host, in seat order.
    pub fn joined(&self) -> Vec<P> {
        self.seats
            .iter()
            .filter_map(|s| match s {
                HostSeat::Player(p) if *p != self.host => Some(*p),
                _ => None,
            })
            .collect()
    }

    fn seat_of(&self, peer: &P) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| *s == HostSeat::Player(*peer))
    }

    /// Whether `peer` joined (the host excluded).
    pub fn has_joined(&self, peer: &P) -> bool {
        *peer != self.host && self.seat_of(peer).is_some()
    }

    /// Open seats.
    pub fn open(&self) -> usize {
        self.seats.iter().filter(|s| **s == HostSeat::Open).count()
    }

    /// Whether `peer` is ready (the host always is).
    pub fn is_ready(&self, peer: &P) -> bool {
        *peer == self.host || self.ready.contains(peer)
    }

    /// Seats `peer` in the first open seat; `Ok(false)` if it already had one (its ready state
    /// is updated either way).
    pub fn join(&mut self, peer: P, ready: bool) -> Result<bool, SeatError> {
        let new = if self.seat_of(&peer).is_some() {
            false
        } else {
            let i = self
                .seats
                .iter()
                .position(|s| *s == HostSeat::Open)
                .ok_or(SeatError::Full)?;
            self.seats[i] = HostSeat::Player(peer);
            true
        };
        if ready {
            self.ready.insert(peer);
        }
        Ok(new)
    }

    /// `peer` leaves: its seat opens again. False if it had none (or is the host).
    pub fn leave(&mut self, peer: &P) -> bool {
        if !self.has_joined(peer) {
            return false;
        }
        if let Some(i) = self.seat_of(peer) {
            self.seats[i] = HostSeat::Open;
        }
        self.ready.remove(peer);
        true
    }

    /// Sets a joined player's ready state; true if it changed.
    pub fn set_ready(&mut self, peer: P, ready: bool) -> bool {
        if !self.has_joined(&peer) {
            return false;
        }
        if ready {
            self.ready.insert(peer)
        } else {
            self.ready.remove(&peer)
        }
    }

    /// Moves a seated player (the host too) to the open seat `seat`: its colour and
    /// turn order change with it.
    pub fn take_seat(&mut self, peer: P, seat: Seat) -> Result<(), SeatError> {
        let from = self.seat_of(&peer).ok_or(SeatError::NotSeated)?;
        match self.seats.get(seat.index()) {
            None => Err(SeatError::NoSuchSeat(seat)),
            Some(HostSeat::Open) => {
                self.seats.swap(from, seat.index());
                Ok(())
            }
            Some(_) if from == seat.index() => Ok(()),
            Some(_) => Err(SeatError::NotOpen(seat)),
        }
    }

    /// Starting now: the open seats go to the bot and every seated player counts as ready.
    /// Returns how many seats the bot took.
    pub fn fill_with_bots(&mut self) -> usize {
        let mut n = 0;
        for s in &mut self.seats {
            if *s == HostSeat::Open {
                *s = HostSeat::Bot;
                n += 1;
            }
        }
        let joined = self.joined();
        self.ready.extend(joined);
        n
    }

    /// What keeps the game from starting, if anything.
    pub fn waiting_for(&self) -> Option<LobbyWait<P>> {
        let open = self.open();
        if open > 0 {
            return Some(LobbyWait::Open(open));
        }
        self.joined()
            .into_iter()
            .find(|p| !self.ready.contains(p))
            .map(LobbyWait::NotReady)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_fill_in_order_open_again_and_move() {
        let (h, a, b, c) = (10u8, 11u8, 12u8, 13u8);
        let mut l = HostLobby::new(h, 3, 1, vec![]);
        assert_eq!(l.seats().len(), 4);
        assert_eq!(l.waiting_for(), Some(LobbyWait::Open(2)));
        assert_eq!(l.join(a, false), Ok(true));
        assert_eq!(l.join(a, false), Ok(false), "joining twice keeps the seat");
        assert_eq!(l.join(b, true), Ok(true));
        assert_eq!(l.join(c, true), Err(SeatError::Full));
        assert_eq!(l.joined(), vec![a, b]);
        assert_eq!(l.waiting_for(), Some(LobbyWait::NotReady(a)));
        assert!(l.set_ready(a, true));
        assert!(!l.set_ready(a, true), "no change");
        assert!(!l.set_ready(c, true), "not seated");
        assert_eq!(l.waiting_for(), None);
        // A leaver's seat opens; another player may move into it.
        assert!(l.leave(&a));
        assert!(!l.leave(&a));
        assert!(
            !l.leave(&h),
            "the host does not leave its own lobby this way"
        );
        assert_eq!(l.seats()[1], HostSeat::Open);
        assert_eq!(l.take_seat(b, Seat(1)), Ok(()));
        assert_eq!(l.seats()[1], HostSeat::Player(b));
        assert_eq!(l.seats()[2], HostSeat::Open);
        assert_eq!(
            l.take_seat(h, Seat(2)),
            Ok(()),
            "the host may change seats too"
        );
        assert_eq!(l.seats()[0], HostSeat::Open);
        assert_eq!(
            l.take_seat(b, Seat(3)),
            Err(SeatError::NotOpen(Seat(3))),
            "a bot seat"
        );
        assert_eq!(l.take_seat(b, Seat(9)), Err(SeatError::NoSuchSeat(Seat(9))));
        assert_eq!(l.take_seat(c, Seat(0)), Err(SeatError::NotSeated));
        assert_eq!(l.take_seat(b, Seat(1)), Ok(()), "its own seat");
        // Starting now: open seats go to the bot, everyone seated counts as ready.
        assert_eq!(l.join(c, false), Ok(true));
        assert_eq!(l.seats()[0], HostSeat::Player(c));
        assert_eq!(l.fill_with_bots(), 0);
        assert_eq!(l.waiting_for(), None);
        assert!(l.leave(&c));
        assert_eq!(l.fill_with_bots(), 1);
        assert_eq!(l.seats()[0], HostSeat::Bot);
    }
}
