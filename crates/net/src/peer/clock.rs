//! The session's clock: logical milliseconds since the driver started, counting the time the
//! machine was suspended. The monotonic clock (`Instant`) stands still while a machine sleeps on
//! Linux and macOS, so a peer that slept past the gone-timeout of a 2-player game would think it
//! had been away only for a moment, refuse its partner's vote and halt, and then blame its
//! partner for a silence it caused itself. The wall clock runs on while a machine sleeps: a wall
//! step well past the monotonic one is taken as time suspended. (A wall clock set forward by
//! hand counts too: at worst a lone vote against us is then accepted early.)

use std::sync::Mutex;
use std::time::Duration;
use web_time::{Instant, SystemTime};

/// A wall-clock step this much longer than the monotonic one is taken as time suspended
/// (smaller differences are clock adjustments).
const SUSPEND_SLACK: Duration = Duration::from_secs(2);

/// Logical milliseconds for the session (see the module docs).
#[derive(Debug)]
pub(super) struct GameClock {
    t0: Instant,
    /// The last reading of both clocks, and the time suspended so far.
    state: Mutex<(Instant, SystemTime, Duration)>,
}

impl GameClock {
    /// A clock reading 0 at `t0`.
    pub(super) fn new(t0: Instant) -> Self {
        GameClock {
            t0,
            state: Mutex::new((t0, SystemTime::now(), Duration::ZERO)),
        }
    }

    /// Logical milliseconds now.
    pub(super) fn now_ms(&self) -> u64 {
        self.read(Instant::now(), SystemTime::now())
    }

    /// The reading at monotonic time `at` and wall time `wall` (never going back).
    fn read(&self, at: Instant, wall: SystemTime) -> u64 {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let (i0, w0, mut suspended) = *st;
        let mono = at.saturating_duration_since(i0);
        let walled = wall.duration_since(w0).unwrap_or_default();
        if walled > mono + SUSPEND_SLACK {
            suspended += walled - mono;
        }
        *st = (at.max(i0), wall, suspended);
        (at.max(i0).saturating_duration_since(self.t0) + suspended).as_millis() as u64
    }

    /// The monotonic instant at which the clock reads `ms` (for timers).
    pub(super) fn instant_of(&self, ms: u64) -> Instant {
        let suspended = self.state.lock().unwrap_or_else(|e| e.into_inner()).2;
        (self.t0 + Duration::from_millis(ms))
            .checked_sub(suspended)
            .unwrap_or(self.t0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_step_past_the_monotonic_one_counts_as_suspended() {
        let t0 = Instant::now();
        let w0 = SystemTime::now();
        let c = GameClock {
            t0,
            state: Mutex::new((t0, w0, Duration::ZERO)),
        };
        let s = Duration::from_secs;
        // Running: both clocks move together.
        assert_eq!(c.read(t0 + s(1), w0 + s(1)), 1_000);
        // Asleep for ten minutes: the monotonic clock moved one second, the wall ten minutes.
        assert_eq!(c.read(t0 + s(2), w0 + s(601)), 601_000);
        // A timer set for logical 601 500 ms fires half a second later on the monotonic clock.
        assert_eq!(c.instant_of(601_500), t0 + Duration::from_millis(2_500));
        // Small adjustments and a wall clock set back are not sleep; the reading never goes back.
        assert_eq!(c.read(t0 + s(3), w0 + s(603)), 602_000);
        assert_eq!(c.read(t0 + s(4), w0 + s(100)), 603_000);
    }
}
