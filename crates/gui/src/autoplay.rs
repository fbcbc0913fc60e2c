//! The replay viewer's autoplay: steps through the moves at a chosen speed until the last one,
//! on the window's clock (no timer thread).

/// The speeds offered, in moves per second.
pub const SPEEDS: [u32; 4] = [1, 4, 16, 64];

/// Autoplay's state: stopped, or playing with the time of the next step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Autoplay {
    /// The clock time (seconds) of the next step while playing.
    next: Option<f64>,
    /// Index into [`SPEEDS`].
    speed: usize,
}

impl Autoplay {
    /// True while playing.
    pub fn playing(&self) -> bool {
        self.next.is_some()
    }

    /// Starts at `now` (the first step comes one interval later), or stops.
    pub fn toggle(&mut self, now: f64) {
        self.next = match self.next {
            Some(_) => None,
            None => Some(now + self.interval()),
        };
    }

    /// Stops (a jump by hand, a new replay).
    pub fn stop(&mut self) {
        self.next = None;
    }

    /// The speed in moves per second.
    pub fn speed(&self) -> u32 {
        SPEEDS[self.speed.min(SPEEDS.len() - 1)]
    }

    /// Sets the speed to the one of [`SPEEDS`] at `index`.
    pub fn set_speed(&mut self, index: usize) {
        self.speed = index.min(SPEEDS.len() - 1);
    }

    fn interval(&self) -> f64 {
        1.0 / f64::from(self.speed())
    }

    /// Advances `at` by the steps due at `now`, at most to `last`, and stops there. Returns how
    /// long until the next step is due, for the window to wake then (None when stopped).
    pub fn tick(&mut self, now: f64, at: &mut usize, last: usize) -> Option<f64> {
        let mut next = self.next?;
        // A window that slept (minimised) catches up by a frame's worth, not by minutes.
        let mut steps = 0;
        while next <= now && steps < 8 {
            *at = (*at + 1).min(last);
            next += self.interval();
            steps += 1;
        }
        if next <= now {
            next = now + self.interval();
        }
        if *at >= last {
            self.next = None;
            return None;
        }
        self.next = Some(next);
        Some(next - now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_steps_at_its_speed_and_stops_at_the_last_move() {
        let mut a = Autoplay::default();
        let mut at = 0;
        assert_eq!(a.tick(0.0, &mut at, 5), None, "stopped: nothing moves");
        a.set_speed(1); // 4 moves a second
        a.toggle(10.0);
        assert!(a.playing());
        let wait = a.tick(10.1, &mut at, 5).expect("playing");
        assert!((wait - 0.15).abs() < 1e-9, "{wait}");
        assert_eq!(at, 0, "not yet due");
        a.tick(10.25, &mut at, 5);
        assert_eq!(at, 1);
        a.tick(10.75, &mut at, 5);
        assert_eq!(at, 3, "two steps were due");
        assert_eq!(a.tick(20.0, &mut at, 5), None, "reached the last move");
        assert_eq!(at, 5);
        assert!(!a.playing());
        a.toggle(30.0);
        a.toggle(30.1);
        assert!(!a.playing(), "toggle stops");
    }

    #[test]
    fn a_long_sleep_catches_up_by_a_few_steps_only() {
        let mut a = Autoplay::default();
        let mut at = 0;
        a.toggle(0.0);
        let wait = a.tick(1000.0, &mut at, 10_000).expect("still playing");
        assert_eq!(at, 8);
        assert!(wait > 0.0 && wait <= 1.0, "{wait}");
    }
}
