//! Backgammon: the rule sheet's game, plus the doubling cube and matches with the Crawford rule.
//!
//! Dice arrive from the table as inputs. Legal plays are distinct resulting positions, checked
//! against GNU Backgammon; positions go in and out as gnubg position IDs.

mod board;
mod contract;
mod mat;
mod moves;
mod notation;
mod position;
mod record;
mod rules;
mod scoring;

use serde::{Deserialize, Serialize};

pub use board::{BAR, Board, CHECKERS, OFF, START, Side, View};
pub use mat::{MatEvent, write_mat};
pub use moves::{Play, Step, legal_plays};
pub use notation::ParseError;
pub use position::PositionIdError;
pub use record::LoadError;
pub use rules::{BackgammonRules, MAX_MATCH, RULES};
pub use scoring::{Cube, GameResult, GameWin, MAX_CUBE};

use super::{Outcome, Seat};

/// How many example plays an error offers.
const EXAMPLES: usize = 5;

/// What a new game (and each new game of a match) says before the opening roll.
const OPENING: &str = "Opening roll: White rolls for both sides, one die each; the higher die \
     moves first, playing both numbers (a tie rolls again).";

/// Seat names, by seat: White sits at seat 0.
pub const SEAT_NAMES: [&str; 2] = ["White", "Black"];

/// One move of backgammon: a whole play of the dice, or a cube action.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackgammonMove {
    /// The checker steps of one turn, one die each, from the mover's side.
    Play(Vec<Step>),
    /// Offer to double the stakes, before rolling.
    Double,
    /// Accept the double: the game goes on at twice the stakes.
    Take,
    /// Refuse the double: the game is lost at the stakes before it.
    Drop,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Each player rolls one die; the higher starts with both numbers.
    Opening,
    /// `seat` is to roll, and may double first.
    Roll { seat: Seat },
    /// `seat` is to play `dice`.
    Move { seat: Seat, dice: [u8; 2] },
    /// `seat` has doubled; the opponent must take or drop.
    Doubled { seat: Seat },
    /// The game, or the match, is over.
    Over { outcome: Outcome },
}

/// The last thing played, for showing it on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastPlay {
    pub seat: Seat,
    pub dice: [u8; 2],
    /// The steps, from the mover's side; empty when nothing could be played.
    pub steps: Vec<Step>,
}

/// A backgammon game, money session or match: everything needed to go on.
///
/// Built only through [`BackgammonGame::new`], [`BackgammonGame::from_position_id`],
/// [`BackgammonGame::from_setup`] or deserialization, each of which validates it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "record::Record", into = "record::Record")]
pub struct BackgammonGame {
    rules: BackgammonRules,
    board: Board,
    phase: Phase,
    cube: Cube,
    score: [u32; 2],
    crawford: Crawford,
    games: Vec<GameResult>,
    last: Option<LastPlay>,
    notice: Option<String>,
}

/// Where a match stands with respect to the Crawford rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Crawford {
    /// Nobody has reached match point yet (always so outside matches).
    #[default]
    Before,
    /// This game is the Crawford game: nobody may double.
    ThisGame,
    /// The Crawford game has been played; doubling is allowed again.
    After,
}

/// An unchecked position to start from: what parsers and tests produce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The checkers of the seat on roll, counted from its side (index 24 is the bar).
    pub on_roll: Side,
    /// The opponent's checkers, counted from the opponent's side.
    pub opponent: Side,
    /// The seat on roll.
    pub seat: Seat,
    /// The dice already rolled, if any.
    pub dice: Option<[u8; 2]>,
}

/// Returns the name of `seat`: White or Black.
pub fn seat_name(seat: Seat) -> &'static str {
    SEAT_NAMES[seat & 1]
}

impl BackgammonGame {
    /// Starts a game (or money session, or match) under `rules` from the opening position.
    pub fn new(rules: BackgammonRules) -> Self {
        BackgammonGame {
            rules,
            board: Board::start(),
            phase: Phase::Opening,
            cube: Cube::default(),
            score: [0, 0],
            crawford: Crawford::Before,
            games: Vec::new(),
            last: None,
            notice: Some(OPENING.into()),
        }
    }

    /// Loads a single game from a gnubg position ID, optionally followed by the seat on roll
    /// (`white`/`black`, White by default) and the dice already rolled (`3-1` or `31`), e.g.
    /// `4HPwATDgc/ABMA black 3-1`. A gnubg `position:match` ID is read for its position only.
    ///
    /// # Errors
    /// Fails when the ID is damaged, the board impossible, or the extra words unreadable.
    pub fn from_position_id(text: &str) -> Result<Self, LoadError> {
        let mut words = text.split_whitespace();
        // gnubg's combined "position:match" ID: the match part (score, cube) is not read.
        let id = words.next().unwrap_or("").split(':').next().unwrap_or("");
        let view = position::decode(id)?;
        let mut setup = Setup {
            on_roll: view.me,
            opponent: view.opp,
            seat: 0,
            dice: None,
        };
        for word in words {
            match word.to_ascii_lowercase().as_str() {
                "white" | "w" => setup.seat = 0,
                "black" | "b" => setup.seat = 1,
                w => setup.dice = Some(record::read_dice(w).ok_or(LoadError::Words)?),
            }
        }
        Self::from_setup(setup, BackgammonRules::standard())
    }

    /// Starts from an unchecked position under `rules`; a game already over is refused.
    ///
    /// # Errors
    /// Fails when the position is impossible or the dice are not dice.
    pub fn from_setup(setup: Setup, rules: BackgammonRules) -> Result<Self, LoadError> {
        if setup.seat > 1 {
            return Err(LoadError::Position(
                "the seat on roll must be 0 or 1".into(),
            ));
        }
        let board = Board::from_view(
            setup.seat,
            &View {
                me: setup.on_roll,
                opp: setup.opponent,
            },
        );
        board.validate().map_err(LoadError::Position)?;
        if board.off(0) == CHECKERS || board.off(1) == CHECKERS {
            return Err(LoadError::Position(
                "one side has borne off all its checkers".into(),
            ));
        }
        let mut game = BackgammonGame {
            board,
            phase: Phase::Roll { seat: setup.seat },
            notice: None,
            ..Self::new(rules)
        };
        if let Some(dice) = setup.dice {
            if !dice.iter().all(|d| (1..=6).contains(d)) {
                return Err(LoadError::Dice);
            }
            game.begin_move(setup.seat, dice);
        }
        Ok(game)
    }

    /// Returns the rules in play.
    pub fn rules(&self) -> BackgammonRules {
        self.rules
    }

    /// Returns the board of the game in progress (or the last one, once over).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Returns what the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Returns the doubling cube.
    pub fn cube(&self) -> Cube {
        self.cube
    }

    /// Returns the match (or money) points each seat has won so far.
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// Returns where the match stands with respect to the Crawford rule.
    pub fn crawford(&self) -> Crawford {
        self.crawford
    }

    /// Returns the games finished so far, oldest first.
    pub fn games(&self) -> &[GameResult] {
        &self.games
    }

    /// Returns the last play (or the roll that could not be played), if any.
    pub fn last_play(&self) -> Option<&LastPlay> {
        self.last.as_ref()
    }

    /// Returns the one-line notice of what just happened by itself (a lost turn, a game won).
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Returns the dice to play, if the seat on roll has rolled.
    pub fn rolled(&self) -> Option<[u8; 2]> {
        match self.phase {
            Phase::Move { dice, .. } => Some(dice),
            _ => None,
        }
    }

    /// Returns how the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over { outcome } => Some(outcome),
            _ => None,
        }
    }

    /// Returns the seat whose view the position ID takes: the seat on roll or to double. Once
    /// the game is over it is as gnubg has it: the sides swap after the last play as after
    /// every play (the loser of a bear-off is "on roll"), and a resignation or a dropped double
    /// keeps the seat that was on roll. The opening position is the same from either side.
    pub fn seat_on_roll(&self) -> Seat {
        match self.phase {
            Phase::Roll { seat } | Phase::Move { seat, .. } | Phase::Doubled { seat } => seat,
            Phase::Over { .. } => self.last.as_ref().map_or(0, |last| 1 - (last.seat & 1)),
            Phase::Opening => 0,
        }
    }

    /// Returns the gnubg position ID, from the side of [`seat_on_roll`](Self::seat_on_roll).
    pub fn position_id(&self) -> String {
        position::encode(&self.board.view(self.seat_on_roll()))
    }

    /// Returns whether `seat` may double now.
    pub fn may_double(&self, seat: Seat) -> bool {
        self.rules.cube
            && self.crawford != Crawford::ThisGame
            && self.phase == Phase::Roll { seat }
            && self.cube.may_double(seat)
    }

    /// Returns the legal plays of the roll being played (empty in other phases).
    fn plays(&self) -> Vec<Play> {
        match self.phase {
            Phase::Move { seat, dice } => {
                moves::legal_plays(&self.board.view(seat), (dice[0], dice[1]))
            }
            _ => Vec::new(),
        }
    }

    /// Returns every legal move now: the plays of the roll, `double` before a roll, or `take`/`drop`.
    fn moves_now(&self) -> Vec<BackgammonMove> {
        match self.phase {
            Phase::Move { .. } => self
                .plays()
                .into_iter()
                .map(|p| BackgammonMove::Play(p.steps))
                .collect(),
            Phase::Roll { seat } if self.may_double(seat) => vec![BackgammonMove::Double],
            Phase::Doubled { .. } => vec![BackgammonMove::Take, BackgammonMove::Drop],
            _ => Vec::new(),
        }
    }

    /// Says why `seat` may not take the cube action `m` now.
    fn cube_refusal(&self, seat: Seat, m: &BackgammonMove) -> String {
        let other = seat_name(1 - (seat & 1));
        let cube = self.cube;
        match (m, self.phase) {
            (_, Phase::Over { .. }) => "the game is over".into(),
            _ if !self.rules.cube => "this game is played without the doubling cube".into(),
            (BackgammonMove::Double, Phase::Doubled { seat }) => self.double_pending(seat),
            (BackgammonMove::Double, _) if self.crawford == Crawford::ThisGame => {
                "this is the Crawford game: nobody may double".into()
            }
            (BackgammonMove::Double, _) if cube.owner.is_some_and(|o| o != seat) => {
                format!("the cube is on {other}'s side: only {other} may double now")
            }
            (BackgammonMove::Double, _) if cube.value >= MAX_CUBE => {
                format!("the cube is at its highest ({MAX_CUBE})")
            }
            (BackgammonMove::Double, Phase::Opening) => {
                "nobody may double before the opening roll".into()
            }
            (BackgammonMove::Double, Phase::Roll { seat: due } | Phase::Move { seat: due, .. })
                if due != seat =>
            {
                "you may double only before your own roll".into()
            }
            (BackgammonMove::Double, _) => {
                "you may double only before rolling, and the dice are thrown".into()
            }
            (_, Phase::Doubled { seat: by }) if by == seat => {
                format!("you doubled: {other} must take or drop")
            }
            _ => "there is no double to answer".into(),
        }
    }

    /// Says that `doubler`'s double waits for its answer.
    fn double_pending(&self, doubler: Seat) -> String {
        format!(
            "{} has doubled to {}: {} must take or drop first",
            seat_name(doubler),
            self.cube.value.saturating_mul(2),
            seat_name(1 - (doubler & 1))
        )
    }
}

mod flow;
