//! Tic-tac-toe, a test-only game that proves the contract: it was added with one folder and
//! one registry line, and plays through the table, the console and the engine like any game.

use serde::{Deserialize, Serialize};

use super::{
    DrawReason, Info, LoadError, Outcome, ParseError, PlayError, RecordFormat, Rules, Seat,
    SetupError, Turn, WinReason, shown,
};

/// The eight lines of three cells, cells numbered 0-8 row by row from the top left.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A tic-tac-toe game: X (seat 0) moves first; cells are `a1`..`c3`, columns a-c, rows 1-3
/// from the bottom.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Record", into = "Record")]
pub struct TicTacToe {
    cells: [Option<Seat>; 9],
    resigned: Option<Seat>,
}

/// The stored shape: the board as nine characters (`X`, `O` or `.`) and any resignation.
#[derive(Serialize, Deserialize)]
struct Record {
    board: String,
    #[serde(default)]
    resigned: Option<Seat>,
}

impl From<TicTacToe> for Record {
    fn from(game: TicTacToe) -> Self {
        Record {
            board: game.position_text(),
            resigned: game.resigned,
        }
    }
}

impl TryFrom<Record> for TicTacToe {
    type Error = String;

    fn try_from(record: Record) -> Result<Self, String> {
        let mut game = TicTacToe::from_position(&record.board).map_err(|e| e.to_string())?;
        match record.resigned {
            Some(seat) if seat > 1 => return Err("no such seat".into()),
            Some(_) if game.winner().is_some() => return Err("the game was already won".into()),
            r => game.resigned = r,
        }
        Ok(game)
    }
}

impl TicTacToe {
    fn position_text(&self) -> String {
        self.cells
            .iter()
            .map(|c| match c {
                Some(0) => 'X',
                Some(_) => 'O',
                None => '.',
            })
            .collect()
    }

    /// Returns the seat with three in a row, if any.
    pub fn winner(&self) -> Option<Seat> {
        LINES.iter().find_map(|[a, b, c]| {
            let s = self.cells[*a]?;
            (self.cells[*b] == Some(s) && self.cells[*c] == Some(s)).then_some(s)
        })
    }

    fn to_move(&self) -> Seat {
        self.cells.iter().flatten().count() % 2
    }
}

/// Names a cell: `a3` is the top left, `c1` the bottom right.
fn cell_name(cell: usize) -> String {
    let file = (b'a' + (cell % 3) as u8) as char;
    format!("{file}{}", 3 - cell / 3)
}

impl Rules for TicTacToe {
    /// The cell taken, 0-8 row by row from the top left.
    type Move = u8;

    const INFO: Info = Info {
        name: "tic_tac_toe",
        title: "Tic-tac-toe",
        aliases: &[],
        rulesets: &["standard"],
        more_rulesets: None,
        seats: (2, 2),
        seat_names: &["X", "O"],
        rules: "**Tic-tac-toe**: take cells `a1` to `c3`; three in a row wins.",
        records: &[RecordFormat::MoveList],
    };

    fn new(ruleset: &str, _seats: usize) -> Result<Self, SetupError> {
        match ruleset {
            "standard" => Ok(TicTacToe::default()),
            other => Err(SetupError::unknown_ruleset(&Self::INFO, other)),
        }
    }

    fn turn(&self) -> Turn {
        if let Some(seat) = self.resigned {
            return Turn::Over(Outcome::Win {
                winner: 1 - seat,
                reason: WinReason::Resignation,
            });
        }
        if let Some(winner) = self.winner() {
            return Turn::Over(Outcome::Win {
                winner,
                reason: WinReason::Goal,
            });
        }
        if self.cells.iter().all(Option::is_some) {
            return Turn::Over(Outcome::Draw {
                reason: DrawReason::Stalemate,
            });
        }
        Turn::Move(self.to_move())
    }

    fn parse(&self, seat: Seat, text: &str) -> Result<u8, ParseError> {
        let t = text.trim().to_ascii_lowercase();
        let cell = match t.as_bytes() {
            [f @ b'a'..=b'c', r @ b'1'..=b'3'] => usize::from(f - b'a') + 3 * usize::from(b'3' - r),
            _ => {
                return Err(ParseError::Unreadable {
                    input: shown(text),
                    what: "a tic-tac-toe cell",
                    hint: "name a cell from a1 to c3",
                    examples: self.examples(seat, 3),
                });
            }
        };
        if self.cells[cell].is_some() {
            return Err(ParseError::Illegal {
                input: shown(text),
                reason: "that cell is taken".into(),
                examples: self.examples(seat, 3),
            });
        }
        Ok(cell as u8)
    }

    fn format(&self, m: &u8) -> String {
        cell_name(usize::from(*m))
    }

    fn legal(&self, seat: Seat) -> Vec<u8> {
        if self.turn() != Turn::Move(seat) {
            return Vec::new();
        }
        (0..9u8)
            .filter(|c| self.cells[usize::from(*c)].is_none())
            .collect()
    }

    fn apply(&self, seat: Seat, m: &u8) -> Result<Self, PlayError> {
        match self.turn() {
            Turn::Over(_) => return Err(PlayError::GameOver),
            Turn::Move(s) if s != seat => return Err(PlayError::NotYourTurn),
            _ => {}
        }
        let cell = usize::from(*m);
        if cell >= 9 || self.cells[cell].is_some() {
            return Err(PlayError::Illegal("that cell is not free".into()));
        }
        let mut next = self.clone();
        next.cells[cell] = Some(seat);
        Ok(next)
    }

    fn describe(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win {
                reason: WinReason::Goal,
                ..
            } => "three in a row".into(),
            Outcome::Draw {
                reason: DrawReason::Stalemate,
            } => "a full board".into(),
            _ => outcome.plain_words(),
        }
    }

    fn resign(&self, seat: Seat) -> Result<Self, PlayError> {
        if seat > 1 {
            return Err(PlayError::NotAPlayer);
        }
        if self.outcome_now().is_some() {
            return Err(PlayError::GameOver);
        }
        Ok(TicTacToe {
            resigned: Some(seat),
            ..self.clone()
        })
    }

    fn position(&self) -> Option<String> {
        Some(self.position_text())
    }

    fn from_position(text: &str) -> Result<Self, LoadError> {
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.len() != 9 {
            return Err(LoadError::Invalid(
                "a board is nine cells of X, O or .".into(),
            ));
        }
        let mut game = TicTacToe::default();
        for (cell, c) in chars.iter().enumerate() {
            game.cells[cell] = match c.to_ascii_uppercase() {
                'X' => Some(0),
                'O' => Some(1),
                '.' => None,
                _ => return Err(LoadError::Invalid(format!("{c:?} is not X, O or ."))),
            };
        }
        let (x, o) = (
            game.cells.iter().filter(|c| **c == Some(0)).count(),
            game.cells.iter().filter(|c| **c == Some(1)).count(),
        );
        if x != o && x != o + 1 {
            return Err(LoadError::Invalid("X moves first, then O in turn".into()));
        }
        Ok(game)
    }
}

impl TicTacToe {
    fn outcome_now(&self) -> Option<Outcome> {
        self.turn().outcome()
    }

    /// Returns the board with `seat` also holding `cell` (whoever's turn it is).
    pub fn with_cell(&self, cell: usize, seat: Seat) -> TicTacToe {
        let mut next = self.clone();
        next.cells[cell] = Some(seat);
        next
    }

    /// Returns who holds each cell, row by row from the top left.
    pub fn cells(&self) -> [Option<Seat>; 9] {
        self.cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Action, Game, GameKind, Move};

    #[test]
    fn three_in_a_row_wins_through_the_game_enum() {
        let mut game = Game::new(GameKind::TicTacToe, "standard", 2).unwrap();
        for text in ["b2", "a1", "a3", "c3", "c1"] {
            let seat = game.turn().seat().unwrap();
            let m = game.parse(seat, text).unwrap();
            game = game.apply(&Action::Play { seat, r#move: m }).unwrap();
        }
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: 0,
                reason: WinReason::Goal
            })
        );
        let json = serde_json::to_string(&game).unwrap();
        assert!(json.contains("\"game\":\"tic_tac_toe\""), "{json}");
        assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
    }

    #[test]
    fn a_move_of_another_game_is_refused() {
        let game = Game::new(GameKind::TicTacToe, "standard", 2).unwrap();
        let chess = Game::new(GameKind::Chess, "standard", 2).unwrap();
        let m = chess.legal_moves()[0].clone();
        assert!(matches!(m, Move::Chess(_)));
        assert_eq!(
            game.apply(&Action::Play { seat: 0, r#move: m }),
            Err(PlayError::WrongGame)
        );
    }
}
