//! What can refuse an action, a new game or a loaded position, the same for every game.

use super::notation::ParseError;

/// Why an action cannot be applied to a game; the game is then exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text of a move is unreadable, illegal here (with the reason), or ambiguous.
    #[error(transparent)]
    Notation(#[from] ParseError),
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("that seat does not play in this game")]
    NotAPlayer,
    #[error("the game is over")]
    GameOver,
    #[error("roll the dice first")]
    RollFirst,
    #[error("you have rolled already; play your move")]
    MoveFirst,
    #[error("this game has no dice")]
    NoDice,
    /// The dice given do not fit the game's dice, said in words (`a roll is two dice from 1 to 6`).
    #[error("{0}")]
    BadDice(&'static str),
    /// The game (named) has no draws.
    #[error("{0} has no draws: play on, or resign")]
    NoDraws(&'static str),
    #[error("you have already offered a draw")]
    AlreadyOffered,
    #[error("there is no draw offer to answer")]
    NoOffer,
    #[error("there is no draw to claim here")]
    NoClaim,
    /// The action is not allowed now, for the reason given.
    #[error("{0}")]
    Illegal(String),
    /// The move belongs to another game.
    #[error("that move belongs to another game")]
    WrongGame,
}

impl PlayError {
    /// Returns legal moves worth suggesting alongside the error.
    pub fn examples(&self) -> &[String] {
        match self {
            PlayError::Notation(e) => e.examples(),
            _ => &[],
        }
    }
}

/// Why a new game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{title} is for {}", players_text(*.min, *.max))]
    Players {
        title: &'static str,
        min: usize,
        max: usize,
    },
    #[error("{title} has no ruleset called {given}; choose one of: {choices}")]
    Ruleset {
        title: &'static str,
        given: String,
        choices: String,
    },
}

/// Why a position string could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The game (named) has no position strings; its saved `state` loads instead.
    #[error("{0} has no position string; load the \"state\" a state reply gives")]
    NoPositionString(&'static str),
    /// The text is not a legal position, for the reason given.
    #[error("{0}")]
    Invalid(String),
}

/// Quotes user text for an error message: trimmed, at most 24 characters, control characters
/// shown as symbols (`"e␀4"`, so the quote explains itself) and invisible ones dropped.
pub fn shown(text: &str) -> String {
    let visible: String = text.chars().filter(|&c| !is_invisible(c)).collect();
    let clean: String = visible
        .trim()
        .chars()
        .map(|c| match c {
            // C0 controls and DEL have pictures of their own: ␀ ␉ ␛ ␡.
            '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
            '\u{7f}' => '\u{2421}',
            c if c.is_control() => '\u{fffd}',
            c => c,
        })
        .collect();
    if clean.is_empty() {
        return "(nothing)".to_string();
    }
    let mut out: String = clean.chars().take(24).collect();
    if clean.chars().count() > 24 {
        out.push('…');
    }
    format!("\"{out}\"")
}

/// Returns true for characters that change how the text around them reads without being
/// seen: bidirectional controls (U+202E turns text around), zero-width characters and other
/// invisible format characters. They are dropped from every name and echo the bot prints.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{34f}'
            | '\u{61c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{e0000}'..='\u{e007f}'
    )
}

fn players_text(min: usize, max: usize) -> String {
    if min == max {
        format!("exactly {min} players")
    } else {
        format!("{min} to {max} players")
    }
}

impl SetupError {
    /// Says that `given` is none of the game's rulesets, listing them.
    pub fn unknown_ruleset(info: &super::Info, given: &str) -> SetupError {
        let mut choices = info.rulesets.join(", ");
        if let Some(more) = info.more_rulesets {
            choices.push_str(&format!(" (or {more})"));
        }
        SetupError::Ruleset {
            title: info.title,
            given: shown(given),
            choices,
        }
    }
}
