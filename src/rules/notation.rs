//! What can go wrong when a player's text is read as a move, the same for every game:
//! the text is not notation at all, it names a move the rules forbid here, or it fits several.

/// Why typed text is not a move in this position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The text is not the game's notation at all.
    #[error("I can't read {input} as {what}; {hint}")]
    Unreadable {
        input: String,
        /// What was expected, e.g. "a chess move".
        what: &'static str,
        /// How to write one, with examples of the notation.
        hint: &'static str,
        examples: Vec<String>,
    },
    /// The text names a move that the rules forbid here.
    #[error("{input} is not legal here: {reason}")]
    Illegal {
        input: String,
        reason: String,
        examples: Vec<String>,
    },
    /// The text fits more than one legal move.
    #[error("{input} is ambiguous: it could be {}", .candidates.join(" or "))]
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
}

impl ParseError {
    /// Tells whether the text was refused only because a roll is due first: it is no move at
    /// all, or the game says to roll first ([`PlayError::RollFirst`](super::PlayError)). A
    /// refusal with any other reason (a cube action not allowed now) deserves its own words.
    pub fn waits_for_roll(&self) -> bool {
        match self {
            ParseError::Unreadable { .. } => true,
            ParseError::Illegal { reason, .. } => {
                *reason == super::PlayError::RollFirst.to_string()
            }
            ParseError::Ambiguous { .. } => false,
        }
    }

    /// Returns legal moves worth suggesting alongside the error.
    pub fn examples(&self) -> &[String] {
        match self {
            ParseError::Unreadable { examples, .. } | ParseError::Illegal { examples, .. } => {
                examples
            }
            ParseError::Ambiguous { candidates, .. } => candidates,
        }
    }
}
