//! The few services of an async runtime a peer uses, behind one door: spawning a task, sleeping,
//! a time limit on a future, a resettable timer and a ticking interval. On a desktop they are
//! tokio's; in a browser (wasm32, issue 37) the page's event loop runs the futures and
//! `futures-timer` keeps time. Nothing else in the crate names a runtime's clock or spawner.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use web_time::Instant;

/// A future's time limit ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Elapsed;

impl std::fmt::Display for Elapsed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("timed out")
    }
}

impl std::error::Error for Elapsed {}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::*;

    /// A spawned task's handle: it can be awaited, asked whether it ended, or stopped.
    pub type Task<T> = tokio::task::JoinHandle<T>;

    /// Runs `f` as a task of its own.
    pub fn spawn<F>(f: F) -> Task<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        tokio::spawn(f)
    }

    /// Waits `d`.
    pub async fn sleep(d: Duration) {
        tokio::time::sleep(d).await
    }

    /// Waits until `at`.
    pub async fn sleep_until(at: Instant) {
        tokio::time::sleep_until(at.into()).await
    }

    /// `f`, unless `d` passes first.
    pub async fn timeout<F: Future>(d: Duration, f: F) -> Result<F::Output, Elapsed> {
        tokio::time::timeout(d, f).await.map_err(|_| Elapsed)
    }

    /// `f`, unless `deadline` passes first.
    pub async fn timeout_at<F: Future>(deadline: Instant, f: F) -> Result<F::Output, Elapsed> {
        tokio::time::timeout_at(deadline.into(), f)
            .await
            .map_err(|_| Elapsed)
    }

    /// A timer that fires once at its deadline, which can be moved; poll it as a future.
    pub struct Timer(Pin<Box<tokio::time::Sleep>>);

    impl Timer {
        /// A timer that fires after `d`.
        pub fn after(d: Duration) -> Timer {
            Timer(Box::pin(tokio::time::sleep(d)))
        }

        /// When it fires.
        pub fn deadline(&self) -> Instant {
            self.0.deadline().into_std()
        }

        /// Moves the deadline to `at`.
        pub fn reset(&mut self, at: Instant) {
            self.0.as_mut().reset(at.into());
        }
    }

    impl Future for Timer {
        type Output = ();
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            self.0.as_mut().poll(cx)
        }
    }

    /// Ticks every period; a tick missed while busy is skipped, not made up.
    pub struct Interval(tokio::time::Interval);

    impl Interval {
        /// Ticks every `period`, the first at once.
        pub fn new(period: Duration) -> Interval {
            let mut i = tokio::time::interval(period);
            i.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            Interval(i)
        }

        /// The next tick.
        pub async fn tick(&mut self) {
            self.0.tick().await;
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::*;
    use futures::future::{AbortHandle, Abortable, Aborted, Either};
    use futures_timer::Delay;
    use std::cell::Cell;
    use std::rc::Rc;

    /// A spawned task's handle: it can be awaited, asked whether it ended, or stopped.
    pub struct Task<T> {
        result: futures::channel::oneshot::Receiver<T>,
        abort: AbortHandle,
        done: Rc<Cell<bool>>,
    }

    impl<T> Task<T> {
        /// Stops the task at its next await.
        pub fn abort(&self) {
            self.abort.abort();
        }

        /// Whether the task ended.
        pub fn is_finished(&self) -> bool {
            self.done.get() || self.abort.is_aborted()
        }
    }

    impl<T> Future for Task<T> {
        type Output = Result<T, Aborted>;
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
            Pin::new(&mut self.result)
                .poll(cx)
                .map(|r| r.map_err(|_| Aborted))
        }
    }

    /// Runs `f` on the page's event loop.
    pub fn spawn<F>(f: F) -> Task<F::Output>
    where
        F: Future + 'static,
        F::Output: 'static,
    {
        let (tx, result) = futures::channel::oneshot::channel();
        let (abort, registration) = AbortHandle::new_pair();
        let done = Rc::new(Cell::new(false));
        let finished = done.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(v) = Abortable::new(f, registration).await {
                let _ = tx.send(v);
            }
            finished.set(true);
        });
        Task {
            result,
            abort,
            done,
        }
    }

    /// Waits `d`.
    pub async fn sleep(d: Duration) {
        Delay::new(d).await
    }

    /// Waits until `at`.
    pub async fn sleep_until(at: Instant) {
        Delay::new(at.saturating_duration_since(Instant::now())).await
    }

    /// `f`, unless `d` passes first.
    pub async fn timeout<F: Future>(d: Duration, f: F) -> Result<F::Output, Elapsed> {
        let f = std::pin::pin!(f);
        match futures::future::select(f, Delay::new(d)).await {
            Either::Left((v, _)) => Ok(v),
            Either::Right(_) => Err(Elapsed),
        }
    }

    /// `f`, unless `deadline` passes first.
    pub async fn timeout_at<F: Future>(deadline: Instant, f: F) -> Result<F::Output, Elapsed> {
        timeout(deadline.saturating_duration_since(Instant::now()), f).await
    }

    /// A timer that fires once at its deadline, which can be moved; poll it as a future.
    pub struct Timer {
        delay: Delay,
        deadline: Instant,
    }

    impl Timer {
        /// A timer that fires after `d`.
        pub fn after(d: Duration) -> Timer {
            Timer {
                delay: Delay::new(d),
                deadline: Instant::now() + d,
            }
        }

        /// When it fires.
        pub fn deadline(&self) -> Instant {
            self.deadline
        }

        /// Moves the deadline to `at`.
        pub fn reset(&mut self, at: Instant) {
            self.deadline = at;
            self.delay
                .reset(at.saturating_duration_since(Instant::now()));
        }
    }

    impl Future for Timer {
        type Output = ();
        fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            Pin::new(&mut self.delay).poll(cx)
        }
    }

    /// Ticks every period; a tick missed while busy is skipped, not made up.
    pub struct Interval {
        period: Duration,
        next: Option<Delay>,
    }

    impl Interval {
        /// Ticks every `period`, the first at once.
        pub fn new(period: Duration) -> Interval {
            Interval { period, next: None }
        }

        /// The next tick.
        pub async fn tick(&mut self) {
            if let Some(d) = self.next.as_mut() {
                d.await;
            }
            self.next = Some(Delay::new(self.period));
        }
    }
}

pub use imp::*;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moved_timer_fires_at_its_new_deadline_and_a_time_limit_runs_out() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        rt.block_on(async {
            // An hour away, moved to now: it fires (well before the hour).
            let mut t = Timer::after(Duration::from_secs(3600));
            let now = Instant::now();
            t.reset(now);
            assert_eq!(t.deadline(), now);
            assert_eq!(timeout(Duration::from_secs(60), t).await, Ok(()));
            // A future that never ends meets its limit; one that is ready does not.
            let never = std::future::pending::<()>();
            assert_eq!(timeout(Duration::from_millis(1), never).await, Err(Elapsed));
            assert_eq!(timeout(Duration::from_secs(60), async { 5 }).await, Ok(5));
            let mut tick = Interval::new(Duration::from_millis(1));
            tick.tick().await;
            tick.tick().await;
        });
    }
}
