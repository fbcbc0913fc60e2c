//! Words the screens of every game share: counted nouns ("1 dwarf", "3 dwarfs", never
//! "dwarf(s)") and a capital at the start of a sentence.

/// `n` and the noun in the number that agrees with it.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `s` with its first letter in upper case ("winter came" -> "Winter came").
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// `text` cut to its first `n` characters and an ellipsis when longer (a ticket or a link shown
/// in a line; the whole of it in the tooltip).
pub fn cut(text: &str, n: usize) -> String {
    match text.char_indices().nth(n) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{capital, count, cut};

    #[test]
    fn a_long_text_is_cut_with_an_ellipsis_and_a_short_one_kept() {
        assert_eq!(cut("dwarfs1-abcdef", 8), "dwarfs1-…");
        assert_eq!(cut("dwarfs1-", 8), "dwarfs1-");
        assert_eq!(cut("ééé", 2), "éé…");
    }

    #[test]
    fn a_capital_starts_the_sentence() {
        assert_eq!(capital("winter came: x"), "Winter came: x");
        assert_eq!(capital(""), "");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u8, "dwarf", "dwarfs"), "1 dwarf");
        assert_eq!(count(0u8, "dwarf", "dwarfs"), "0 dwarfs");
        assert_eq!(count(3u32, "axe", "axes"), "3 axes");
    }
}
