//! Counted nouns for the screens: "1 dwarf", "3 dwarfs", never "dwarf(s)".

/// `n` and the noun in the number that agrees with it.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u8, "dwarf", "dwarfs"), "1 dwarf");
        assert_eq!(count(0u8, "dwarf", "dwarfs"), "0 dwarfs");
        assert_eq!(count(3u32, "axe", "axes"), "3 axes");
    }
}
