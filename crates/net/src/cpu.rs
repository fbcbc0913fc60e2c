//! Processor time, as the system counts it, for `dwarfs bench net`: a peer reports how much
//! processor time its whole process spent during the game, so that the processes of a game can be
//! added up and set against the work a move needs (on a shared machine, wall-clock latency says
//! more about the other processes than about ours).

use std::time::Duration;

/// Clock ticks per second of `/proc/<pid>/stat` (`USER_HZ`: 100 on every Linux architecture we
/// build for; it is part of the kernel's interface to user space).
const USER_HZ: u64 = 100;

/// The processor time (user and system) this process has used so far, every thread included
/// (Linux: `/proc/self/stat`, to a hundredth of a second); `None` elsewhere.
pub fn process_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces:
    // state is field 3, utime field 14, stime field 15.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 1000 / USER_HZ))
}

/// The processor time this thread has used so far (Linux: `/proc/thread-self/schedstat`, in
/// nanoseconds); `None` elsewhere.
pub fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(ns))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processor_time_grows_with_work() {
        let (Some(p0), Some(t0)) = (process_cpu_time(), thread_cpu_time()) else {
            eprintln!("SKIPPED: no /proc processor times here");
            return;
        };
        // About 50 ms of work: more than the process clock's tick.
        let mut x = 0u64;
        let start = thread_cpu_time().unwrap();
        while thread_cpu_time().unwrap() - start < Duration::from_millis(50) {
            for i in 0..10_000u64 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
            }
        }
        std::hint::black_box(x);
        let (p1, t1) = (process_cpu_time().unwrap(), thread_cpu_time().unwrap());
        assert!(t1 - t0 >= Duration::from_millis(50), "{t0:?} -> {t1:?}");
        assert!(p1 - p0 >= Duration::from_millis(30), "{p0:?} -> {p1:?}");
    }
}
