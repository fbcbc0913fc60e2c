//! Helpers for the games' plain-text views ([`crate::Game::text_view`]).

/// Appends `line` to `out`, word-wrapped to `width` columns; continuation lines are indented by
/// `indent` spaces. Leading spaces are kept; a word longer than a line is cut.
pub fn push_wrapped(out: &mut Vec<String>, line: &str, indent: usize, width: usize) {
    let width = width.max(2);
    let indent = indent.min(width / 2);
    let lead = (line.len() - line.trim_start_matches(' ').len()).min(width / 2);
    let mut cur = " ".repeat(lead);
    let mut len = lead;
    let mut empty = true;
    for word in line.split(' ').filter(|w| !w.is_empty()) {
        if !empty && len + 1 + word.chars().count() > width {
            out.push(cur);
            cur = " ".repeat(indent);
            len = indent;
            empty = true;
        }
        if !empty {
            cur.push(' ');
            len += 1;
        }
        let mut rest = word;
        while len + rest.chars().count() > width {
            let room = width - len;
            let cut = rest.char_indices().nth(room).map_or(rest.len(), |(i, _)| i);
            cur.push_str(&rest[..cut]);
            out.push(cur);
            cur = " ".repeat(indent);
            len = indent;
            rest = &rest[cut..];
        }
        cur.push_str(rest);
        len += rest.chars().count();
        empty = false;
    }
    out.push(cur.trim_end().to_string());
}

#[cfg(test)]
mod tests {
    use super::push_wrapped;

    #[test]
    fn lines_wrap_at_words_indent_and_cut_long_words() {
        let mut out = Vec::new();
        push_wrapped(&mut out, "  one two three four", 4, 10);
        assert_eq!(out, ["  one two", "    three", "    four"]);
        out.clear();
        push_wrapped(&mut out, "abcdefghijklmnop", 2, 6);
        assert_eq!(out, ["abcdef", "  ghij", "  klmn", "  op"]);
        assert!(out.iter().all(|l| l.chars().count() <= 6));
        out.clear();
        push_wrapped(&mut out, "", 2, 0);
        assert_eq!(out, [""]);
    }
}
