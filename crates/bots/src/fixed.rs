//! Fixed-point arithmetic for the search's selection rule (UCT), in integers only, so that every
//! machine computes exactly the same choice (the takeover bot runs on every peer and must agree
//! bit for bit; no `ln` or `sqrt` from a maths library is involved).
//!
//! Values are Q16: `x` stands for `x / 65536`.

/// One in Q16.
pub const ONE: u64 = 1 << 16;

/// `ln 2` in Q16 (0.693147... * 65536, rounded).
const LN2_Q16: u64 = 45_426;

/// `log2(x)` in Q16 for `x >= 1` (0 for `x == 0`), by the bit-by-bit squaring method: exact
/// integer operations, correct to the last of the 16 fractional bits (truncated).
pub fn log2_q16(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    let int = 63 - u64::from(x.leading_zeros());
    // The mantissa in [1, 2) as Q30.
    let mut y = if int >= 30 {
        x >> (int - 30)
    } else {
        x << (30 - int)
    };
    let mut frac = 0u64;
    for bit in (0..16).rev() {
        y = (y * y) >> 30;
        if y >= 2 << 30 {
            y >>= 1;
            frac |= 1 << bit;
        }
    }
    (int << 16) | frac
}

/// `ln(x)` in Q16 for `x >= 1`.
pub fn ln_q16(x: u64) -> u64 {
    (log2_q16(x) * LN2_Q16) >> 16
}

/// The exploration term of UCT, `c * sqrt(ln(total) / n)` in Q16, with `c` in Q16. `n` is at
/// least 1.
pub fn exploration_q16(c: u64, total: u64, n: u64) -> u64 {
    let ln = ln_q16(total.max(1));
    // sqrt(ln / n) in Q16 = isqrt((ln << 16) / n), since ln is Q16.
    let root = ((ln << 16) / n.max(1)).isqrt();
    (c * root) >> 16
}

/// The mean of `sum` thousandths over `n` visits, in Q16 (0..=ONE).
pub fn mean_q16(sum: u64, n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    (u128::from(sum) * u128::from(ONE) / (u128::from(n) * 1000)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log2_is_exact_on_powers_of_two_and_close_elsewhere() {
        for k in 0..40 {
            assert_eq!(log2_q16(1 << k), k << 16);
        }
        // log2(3) = 1.5849625; in Q16 103872.6...
        assert!(
            (103_871..=103_873).contains(&log2_q16(3)),
            "{}",
            log2_q16(3)
        );
        // ln(1000) = 6.9077553; in Q16 452_707.9...
        assert!(
            (452_700..=452_712).contains(&ln_q16(1000)),
            "{}",
            ln_q16(1000)
        );
    }

    #[test]
    fn exploration_shrinks_with_visits_and_grows_with_the_total() {
        let c = ONE;
        assert!(exploration_q16(c, 100, 1) > exploration_q16(c, 100, 10));
        assert!(exploration_q16(c, 1000, 10) > exploration_q16(c, 100, 10));
        // sqrt(ln(100) / 4) = 1.0729...
        let e = exploration_q16(c, 100, 4);
        assert!((70_200..=70_400).contains(&e), "{e}");
        assert_eq!(mean_q16(500, 1), ONE / 2);
        assert_eq!(mean_q16(3000, 3), ONE);
    }
}
