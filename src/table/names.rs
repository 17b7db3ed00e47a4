//! Display names as the bot prints them: one line of visible characters, short enough for a
//! board picture, with nothing that turns the text around it (bidi controls) or hides in it
//! (zero-width characters).

use crate::rules::is_invisible;

/// Longest display name kept; longer ones are cut (Discord allows 32, the console anything).
const MAX_NAME: usize = 32;

/// Returns a display name fit to print: controls, bidi controls and zero-width characters
/// dropped, spaces trimmed, at most [`MAX_NAME`] characters, and `player` if nothing is left.
pub fn clean_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|&c| !c.is_control() && !is_invisible(c))
        .collect();
    let clean = clean.trim();
    if clean.is_empty() {
        return "player".to_string();
    }
    if clean.chars().count() > MAX_NAME {
        let mut cut: String = clean.chars().take(MAX_NAME - 1).collect();
        cut.push('…');
        return cut;
    }
    clean.to_string()
}

/// Returns a name (or any typed text) fit to quote in a message: Discord Markdown escaped so
/// it reads as typed, and `@everyone`/`@here` broken by a zero-width space so they never ping.
pub fn markdown_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']' | '(' | ')' | '<'
        ) {
            out.push('\\');
        }
        out.push(c);
        if c == '@' {
            out.push('\u{200b}');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_names_show_markdown_as_typed_and_never_ping() {
        assert_eq!(markdown_safe("**x**_y_"), r"\*\*x\*\*\_y\_");
        assert_eq!(markdown_safe("@everyone"), "@\u{200b}everyone");
        assert_eq!(markdown_safe("<@1>"), "\\<@\u{200b}1\\>");
        assert_eq!(markdown_safe("Zoë 🎲"), "Zoë 🎲");
    }

    #[test]
    fn names_lose_bidi_controls_and_zero_width_characters() {
        assert_eq!(clean_name("\u{202e}ecila"), "ecila");
        assert_eq!(clean_name("a\u{200b}l\u{200d}i\u{2066}c\u{feff}e"), "alice");
        assert_eq!(clean_name("bob\0\u{7}"), "bob");
        assert_eq!(clean_name("\u{200b}\u{202e} "), "player");
        assert_eq!(clean_name(&"x".repeat(100)).chars().count(), MAX_NAME);
        assert_eq!(clean_name("Zoë 🎲"), "Zoë 🎲");
    }
}
