//! Backgammon's side of the game contract.

use super::mat::{MatEvent, write_mat};
use super::notation::{self, Reading};
use super::{BackgammonGame, BackgammonMove, BackgammonRules, EXAMPLES, Phase, RULES, SEAT_NAMES};
use crate::rules::{
    Action, Dice, Info, LoadError, Outcome, ParseError, PlayError, RecordFormat, RecordHead,
    Registered, Rules, Seat, SetupError, Turn, WinReason,
};

impl BackgammonGame {
    /// Returns a few legal moves of the seat to act, as examples.
    fn examples_now(&self) -> Vec<String> {
        self.moves_now()
            .iter()
            .take(EXAMPLES)
            .map(|m| self.format(m))
            .collect()
    }
}

impl Rules for BackgammonGame {
    /// A whole play, or a cube action.
    type Move = BackgammonMove;

    const INFO: Info = Info {
        name: "backgammon",
        title: "Backgammon",
        aliases: &[],
        rulesets: &["standard", "cube", "match:3", "match:5", "match:7"],
        more_rulesets: Some("match:N for any N up to 25"),
        seats: (2, 2),
        seat_names: &SEAT_NAMES,
        rules: RULES,
        records: &[RecordFormat::MoveList, RecordFormat::Mat],
    };

    fn new(ruleset: &str, _seats: usize) -> Result<Self, SetupError> {
        BackgammonRules::from_name(ruleset)
            .map(BackgammonGame::new)
            .ok_or_else(|| SetupError::unknown_ruleset(&Self::INFO, ruleset))
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Opening => Turn::Roll(0),
            Phase::Roll { seat } => Turn::Roll(seat),
            Phase::Move { seat, .. } => Turn::Move(seat),
            Phase::Doubled { seat } => Turn::Move(1 - seat),
            Phase::Over { outcome } => Turn::Over(outcome),
        }
    }

    fn dice(&self) -> Option<Dice> {
        Some(Dice::TWO_D6)
    }

    /// Reads a play or cube action typed by `seat`, leniently.
    fn parse(&self, seat: Seat, text: &str) -> Result<BackgammonMove, ParseError> {
        let input = crate::rules::shown(text);
        let word = text.trim().to_ascii_lowercase();
        let illegal = |reason: &str| ParseError::Illegal {
            input: input.clone(),
            reason: reason.into(),
            examples: self.examples_now(),
        };
        let cube = match word.as_str() {
            "double" | "d" => Some(BackgammonMove::Double),
            "take" | "accept" | "t" => Some(BackgammonMove::Take),
            "drop" | "pass" | "decline" | "reject" | "refuse" => Some(BackgammonMove::Drop),
            _ => None,
        };
        if let Some(m) = cube {
            return if self.legal(seat).contains(&m) {
                Ok(m)
            } else {
                Err(illegal(&self.cube_refusal(seat, &m)))
            };
        }
        let Phase::Move { seat, dice } = self.phase else {
            return Err(illegal(&match self.phase {
                Phase::Over { .. } => "the game is over".to_string(),
                Phase::Doubled { seat } => self.double_pending(seat),
                _ => PlayError::RollFirst.to_string(),
            }));
        };
        let view = self.board.view(seat);
        let plays = self.plays();
        match notation::read_play(&view, (dice[0], dice[1]), &plays, text) {
            Reading::Found(i) => Ok(BackgammonMove::Play(plays[i].steps.clone())),
            Reading::Unreadable => Err(ParseError::Unreadable {
                input,
                what: "a backgammon play",
                hint: "write it like 24/18 13/11, bar/22*, 6/off or 8/4(2)",
                examples: self.examples_now(),
            }),
            Reading::Illegal(reason) => Err(illegal(&reason)),
            Reading::Ambiguous(list) => Err(ParseError::Ambiguous {
                input,
                candidates: list
                    .iter()
                    .map(|i| notation::format_play(&view, &plays[*i].steps))
                    .collect(),
            }),
        }
    }

    /// Writes gnubg-style notation, e.g. `24/18 13/11` or `bar/22* 6/5(2)`.
    fn format(&self, m: &BackgammonMove) -> String {
        match m {
            BackgammonMove::Double => "double".into(),
            BackgammonMove::Take => "take".into(),
            BackgammonMove::Drop => "drop".into(),
            BackgammonMove::Play(steps) => {
                notation::format_play(&self.board.view(self.seat_on_roll()), steps)
            }
        }
    }

    /// Returns the plays of the roll, `double` before a roll, or `take` and `drop`.
    fn legal(&self, seat: Seat) -> Vec<BackgammonMove> {
        match self.turn() {
            Turn::Move(s) | Turn::Roll(s) if s == seat => self.moves_now(),
            _ => Vec::new(),
        }
    }

    fn apply(&self, seat: Seat, m: &BackgammonMove) -> Result<Self, PlayError> {
        self.play_move(seat, m)
    }

    /// Applies the dice for `seat`; for the opening roll `dice[0]` is White's die and
    /// `dice[1]` Black's. A tie rolls again; otherwise the higher die starts with both.
    fn roll(&self, seat: Seat, dice: &[u8]) -> Result<Self, PlayError> {
        self.throw(seat, dice)
    }

    /// Ends the game (in a match, the match) with `seat` resigning, at the cube's value.
    fn describe(&self, outcome: Outcome) -> String {
        let Outcome::Win { reason, .. } = outcome else {
            return outcome.plain_words();
        };
        match reason {
            WinReason::BorneOff => "bearing off all checkers".into(),
            WinReason::Gammon => "a gammon".into(),
            WinReason::Backgammon => "a backgammon".into(),
            WinReason::CubeDropped => "a dropped double".into(),
            WinReason::MatchWon => "winning the match".into(),
            _ => outcome.plain_words(),
        }
    }

    fn resign(&self, seat: Seat) -> Result<Self, PlayError> {
        self.withdraw(seat)
    }

    fn notice(&self) -> Option<String> {
        self.notice.clone()
    }

    /// Words the opening roll, which White throws for both sides: one die each.
    fn roll_words(&self, dice: &[u8]) -> Option<String> {
        match (self.phase, dice) {
            (Phase::Opening, [white, black]) => Some(format!(
                "the opening dice, one for each side: **{white}** for {}, **{black}** for {}",
                SEAT_NAMES[0], SEAT_NAMES[1]
            )),
            _ => None,
        }
    }

    /// Lists up to six plays after a roll, or their count and six examples.
    fn options_summary(&self, seat: Seat) -> Option<String> {
        let plays = self.examples(seat, 6);
        match self.legal(seat).len() {
            0 => None,
            1..=6 => Some(format!("Legal plays: {}", plays.join(" | "))),
            count => Some(format!("{count} legal plays, e.g. {}", plays.join(" | "))),
        }
    }

    fn position(&self) -> Option<String> {
        Some(self.position_id())
    }

    /// Writes the Jellyfish `.mat` match file GNU Backgammon imports (see [`write_mat`]).
    fn match_file(
        &self,
        head: &RecordHead<'_>,
        log: &[Action],
    ) -> Result<Option<String>, PlayError> {
        let events = log
            .iter()
            .map(|action| match action {
                Action::Play { seat, r#move } => Self::unwrap_move(r#move)
                    .map(|m| MatEvent::Move {
                        seat: *seat,
                        r#move: m,
                    })
                    .ok_or(PlayError::WrongGame),
                Action::Roll { seat, dice } => Ok(MatEvent::Roll { seat: *seat, dice }),
                Action::Resign { seat } => Ok(MatEvent::Resign { seat: *seat }),
                _ => Err(PlayError::NoDraws(Self::INFO.title)),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let name = |seat: Seat| {
            head.names
                .get(seat)
                .map_or(SEAT_NAMES[seat], |n| n.as_str())
        };
        let comments = [
            ("Site", "tabula"),
            ("Event", head.event),
            ("EventDate", head.date),
            ("Player 1", name(0)),
            ("Player 2", name(1)),
            ("Variation", "Backgammon"),
        ];
        write_mat(self, [name(0), name(1)], &comments, &events).map(Some)
    }

    fn from_position(text: &str) -> Result<Self, LoadError> {
        BackgammonGame::from_position_id(text).map_err(|e| LoadError::Invalid(e.to_string()))
    }
}
