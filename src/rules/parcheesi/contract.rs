//! The game contract: [`Rules`] for this game's type, apart from the rules themselves in
//! `mod.rs` so each file holds one concept.

use super::*;

impl Rules for ParcheesiGame {
    /// A whole turn or some of its parts, e.g. `enter a3` or `c20`.
    type Move = ParcheesiMove;

    const INFO: Info = Info {
        name: "parcheesi",
        title: "Parcheesi",
        aliases: &[
            Alias {
                name: "pahrcheesi",
                title: "Pahrcheesi",
                ruleset: "pahrcheesi",
            },
            Alias {
                name: "pachesi",
                title: "Pachesi",
                ruleset: "pachesi",
            },
            Alias {
                name: "pachisi",
                title: "Pachisi",
                ruleset: "pachisi",
            },
        ],
        rulesets: &["parcheesi", "pahrcheesi", "pachesi", "pachisi"],
        more_rulesets: None,
        seats: (2, 4),
        seat_names: &COLOURS,
        rules: RULES,
        records: &[RecordFormat::MoveList],
    };

    fn new(ruleset: &str, seats: usize) -> Result<Self, SetupError> {
        let Ok(ruleset) = ruleset.parse::<Ruleset>() else {
            return Err(SetupError::unknown_ruleset(&Self::INFO, ruleset));
        };
        ParcheesiGame::new(ruleset, seats).map_err(|_| SetupError::Players {
            title: Self::INFO.title,
            min: 2,
            max: 4,
        })
    }

    fn turn(&self) -> Turn {
        match &self.phase {
            Phase::Opening { contenders, totals } => {
                Turn::Roll(contenders.get(totals.len()).copied().unwrap_or(0))
            }
            Phase::Roll { seat, .. } => Turn::Roll(*seat),
            Phase::Move { seat, .. } => Turn::Move(*seat),
            Phase::Over { outcome } => Turn::Over(*outcome),
        }
    }

    fn dice(&self) -> Option<Dice> {
        Some(Dice::TWO_D6)
    }

    /// Reads a turn or part of one as typed, leniently.
    fn parse(&self, _seat: Seat, text: &str) -> Result<ParcheesiMove, SharedParseError> {
        reason::parse(self, text)
    }

    fn format(&self, m: &ParcheesiMove) -> String {
        m.to_string()
    }

    /// Returns the whole-turn options, one per distinct result.
    fn legal(&self, seat: Seat) -> Vec<ParcheesiMove> {
        match self.phase {
            Phase::Move { seat: s, .. } if s == seat => self.options(),
            _ => Vec::new(),
        }
    }

    fn apply(&self, seat: Seat, m: &ParcheesiMove) -> Result<Self, PlayError> {
        self.play_parts(seat, m)
    }

    fn roll(&self, seat: Seat, dice: &[u8]) -> Result<Self, PlayError> {
        self.throw(seat, dice)
    }

    fn describe(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win {
                reason: WinReason::AllHome,
                ..
            } => "getting all four pawns home".into(),
            _ => outcome.plain_words(),
        }
    }

    /// Takes `seat` out of the game: its pawns leave the board; the last seat left wins.
    fn resign(&self, seat: Seat) -> Result<Self, PlayError> {
        self.withdraw(seat)
    }

    fn notice(&self) -> Option<String> {
        self.notice.clone()
    }

    /// Lists all options when there are at most [`MENU`], otherwise how many there are and
    /// the parts a turn can start with.
    fn options_summary(&self, seat: Seat) -> Option<String> {
        let Phase::Move { roll, .. } = &self.phase else {
            return None;
        };
        let moves = self.legal(seat);
        let what = if roll.bonus_phase || roll.left.is_empty() {
            "the bonus".to_string()
        } else {
            join_values(&roll.left)
        };
        if moves.len() <= MENU {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            return Some(format!("Play {what}: {}", list.join(" | ")));
        }
        let firsts: Vec<String> = self.next_parts().iter().map(|p| p.to_string()).collect();
        Some(format!(
            "{} ways to play {what}; start with {}, one part at a time or all at once",
            moves.len(),
            firsts.join(", ")
        ))
    }
}
