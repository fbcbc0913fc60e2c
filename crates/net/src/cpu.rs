//! Processor time, as the system counts it, for `dwarfs bench net`: a peer reports how much
//! processor time its whole process spent during the game, so that the processes of a game can be
//! added up and set against the work a move needs (on a shared machine, wall-clock latency says
//! more about the other processes than about ours).

use std::time::Duration;

/// The processor time (user and system) this process has used so far, every thread included,
/// those that ended too; `None` where the system does not tell it.
pub fn process_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    return clock(libc::CLOCK_PROCESS_CPUTIME_ID);
    #[cfg(not(unix))]
    None
}

/// The processor time this thread has used so far; `None` where the system does not tell it.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    return clock(libc::CLOCK_THREAD_CPUTIME_ID);
    #[cfg(not(unix))]
    None
}

/// Reads one of the system's processor-time clocks (to the nanosecond, up to date: unlike
/// `/proc`, which the kernel refreshes only at a scheduler tick for a running thread).
#[cfg(unix)]
fn clock(id: libc::clockid_t) -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration, and `id` is one of
    // the clock ids the system defines; the call writes nothing else.
    let rc = unsafe { libc::clock_gettime(id, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processor_time_grows_with_work() {
        let (Some(p0), Some(t0)) = (process_cpu_time(), thread_cpu_time()) else {
            eprintln!("SKIPPED: no processor-time clocks here");
            return;
        };
        // Spin until this thread has used 20 ms more: the process has too.
        let mut x = 0u64;
        while thread_cpu_time().unwrap() - t0 < Duration::from_millis(20) {
            for i in 0..1_000u64 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
            }
        }
        std::hint::black_box(x);
        let p1 = process_cpu_time().unwrap();
        assert!(p1 - p0 >= Duration::from_millis(20), "{p0:?} -> {p1:?}");
    }
}
