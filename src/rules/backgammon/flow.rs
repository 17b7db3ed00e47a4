//! The turn flow: the opening roll, rolls, plays, the cube, the end of a game and of a match.

use super::board::{Board, count};
use super::moves::{self, play_steps};
use super::scoring::{Cube, GameResult, GameWin, bear_off_win};
use super::{BackgammonGame, BackgammonMove, Crawford, LastPlay, Phase, Step, seat_name};
use crate::rules::{Outcome, PlayError, Seat, WinReason};

/// What a roll must be, in words.
const BAD_DICE: &str = "a roll is two dice from 1 to 6";

impl BackgammonGame {
    /// Applies the dice the table rolled for `seat`; the game is unchanged on failure.
    ///
    /// For the opening roll `dice[0]` is White's die and `dice[1]` Black's: the table has White
    /// throw both (either seat may send them here). A tie rolls again; otherwise the higher die
    /// starts, playing both numbers.
    ///
    /// # Errors
    /// Fails when the game is over, the dice are not two numbers from 1 to 6, or no roll is due from `seat`.
    pub(super) fn throw(&self, seat: Seat, dice: &[u8]) -> Result<BackgammonGame, PlayError> {
        if seat > 1 {
            return Err(PlayError::NotAPlayer);
        }
        let dice: [u8; 2] = match dice {
            [a, b] if (1..=6).contains(a) && (1..=6).contains(b) => [*a, *b],
            _ => return Err(PlayError::BadDice(BAD_DICE)),
        };
        let mut next = self.clone();
        next.notice = None;
        match self.phase {
            Phase::Over { .. } => return Err(PlayError::GameOver),
            Phase::Move { .. } => return Err(PlayError::MoveFirst),
            Phase::Doubled { seat } => return Err(PlayError::Illegal(self.double_pending(seat))),
            Phase::Roll { seat: due } if due != seat => return Err(PlayError::NotYourTurn),
            Phase::Roll { .. } => next.begin_move(seat, dice),
            Phase::Opening if dice[0] == dice[1] => {
                next.notice = Some(format!("Both opening dice show {}; roll again.", dice[0]));
            }
            Phase::Opening => {
                let starter = usize::from(dice[1] > dice[0]);
                next.begin_move(starter, dice);
                let opening = format!(
                    "White's die {}, Black's die {}: {} starts with {}-{}.",
                    dice[0],
                    dice[1],
                    seat_name(starter),
                    dice[starter],
                    dice[1 - starter]
                );
                next.notice = Some(match next.notice.take() {
                    Some(pass) => format!("{opening} {pass}"),
                    None => opening,
                });
            }
        }
        Ok(next)
    }

    /// Starts `seat`'s move with `dice`, passing the turn at once when nothing can be played.
    pub(super) fn begin_move(&mut self, seat: Seat, dice: [u8; 2]) {
        let view = self.board.view(seat);
        if moves::legal_plays(&view, (dice[0], dice[1])).is_empty() {
            self.phase = Phase::Roll { seat: 1 - seat };
            self.last = Some(LastPlay {
                seat,
                dice,
                steps: Vec::new(),
            });
            self.notice = Some(format!(
                "{} cannot move with {}-{}; the turn passes.",
                seat_name(seat),
                dice[0],
                dice[1]
            ));
        } else {
            self.phase = Phase::Move { seat, dice };
        }
    }

    /// Plays a move for `seat`: a play of the dice, or a cube action.
    ///
    /// # Errors
    /// Fails when it is not `seat`'s turn or the move is not legal now.
    pub(super) fn play_move(
        &self,
        seat: Seat,
        m: &BackgammonMove,
    ) -> Result<BackgammonGame, PlayError> {
        if seat > 1 {
            return Err(PlayError::NotAPlayer);
        }
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let mut next = self.clone();
        next.notice = None;
        match (m, self.phase) {
            (BackgammonMove::Double, Phase::Roll { seat: due }) if due == seat => {
                if !self.may_double(seat) {
                    return Err(PlayError::Illegal(self.cube_refusal(seat, m)));
                }
                next.phase = Phase::Doubled { seat };
                next.notice = Some(format!(
                    "{} doubles to {}; {} must take or drop.",
                    seat_name(seat),
                    self.cube.value * 2,
                    seat_name(1 - seat)
                ));
            }
            (BackgammonMove::Take, Phase::Doubled { seat: by }) if by != seat => {
                next.cube = Cube {
                    value: self.cube.value * 2,
                    owner: Some(seat),
                };
                next.phase = Phase::Roll { seat: by };
                next.notice = Some(format!(
                    "{} takes; the cube is at {}.",
                    seat_name(seat),
                    next.cube.value
                ));
            }
            (BackgammonMove::Drop, Phase::Doubled { seat: by }) if by != seat => {
                next.end_game(by, GameWin::Dropped);
            }
            (BackgammonMove::Play(steps), Phase::Move { seat: due, dice }) if due == seat => {
                self.play_dice(&mut next, seat, dice, steps)?;
            }
            _ => return Err(self.out_of_turn(seat, m)),
        }
        Ok(next)
    }

    /// Plays `steps` of `dice` for `seat` into `next`: the legal play they make (the steps as
    /// typed, or any order that reaches the same position), then the next roll or the end.
    fn play_dice(
        &self,
        next: &mut BackgammonGame,
        seat: Seat,
        dice: [u8; 2],
        steps: &[Step],
    ) -> Result<(), PlayError> {
        let view = self.board.view(seat);
        let plays = moves::legal_plays(&view, (dice[0], dice[1]));
        let result = match plays.iter().find(|p| p.steps == *steps) {
            Some(p) => p.result,
            None => play_steps(&view, steps).ok_or(illegal_play())?,
        };
        let play = plays
            .into_iter()
            .find(|p| p.result == result)
            .ok_or(illegal_play())?;
        next.board = Board::from_view(seat, &play.result);
        next.last = Some(LastPlay {
            seat,
            dice,
            steps: play.steps,
        });
        if count(&play.result.me) == 0 {
            let win = bear_off_win(&next.board, seat);
            next.end_game(seat, win);
        } else {
            next.phase = Phase::Roll { seat: 1 - seat };
        }
        Ok(())
    }

    /// Says why `m` cannot be played by `seat` now: not its turn, a roll or a double pending,
    /// or a cube action the cube refuses.
    fn out_of_turn(&self, seat: Seat, m: &BackgammonMove) -> PlayError {
        let turn_seat = match self.phase {
            Phase::Doubled { seat } => 1 - seat,
            other => match other {
                Phase::Roll { seat } | Phase::Move { seat, .. } => seat,
                _ => 2,
            },
        };
        if turn_seat != seat {
            PlayError::NotYourTurn
        } else if let BackgammonMove::Play(_) = m {
            match self.phase {
                Phase::Doubled { seat } => PlayError::Illegal(self.double_pending(seat)),
                _ => PlayError::RollFirst,
            }
        } else {
            PlayError::Illegal(self.cube_refusal(seat, m))
        }
    }

    /// Ends the game (and, in a match, the match) with `seat` resigning. The opponent wins the
    /// game at the cube's value; in a match the resignation concedes the match.
    ///
    /// # Errors
    /// Fails when the game is over or the seat does not play.
    pub(super) fn withdraw(&self, seat: Seat) -> Result<BackgammonGame, PlayError> {
        if seat > 1 {
            return Err(PlayError::NotAPlayer);
        }
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let mut next = self.clone();
        let winner = 1 - seat;
        next.games.push(GameResult {
            winner,
            win: GameWin::Resigned,
            points: self.cube.value,
        });
        if self.rules.cube {
            next.score[winner] += self.cube.value;
        }
        next.phase = Phase::Over {
            outcome: Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            },
        };
        next.notice = Some(format!(
            "{} resigns; {} wins.",
            seat_name(seat),
            seat_name(winner)
        ));
        Ok(next)
    }

    /// Scores a finished game for `winner`, then ends the match or starts the next game.
    fn end_game(&mut self, winner: Seat, win: GameWin) {
        let points = self.cube.value * win.multiplier();
        self.games.push(GameResult {
            winner,
            win,
            points,
        });
        let counted = self.rules.cube;
        if counted {
            self.score[winner] += points;
        }
        let what = if counted {
            let s = if points == 1 { "" } else { "s" };
            format!(
                "{} wins {}: {points} point{s}.",
                seat_name(winner),
                win.words()
            )
        } else {
            format!("{} bears off all 15 checkers and wins.", seat_name(winner))
        };
        let reason = match win {
            GameWin::Single => WinReason::BorneOff,
            GameWin::Gammon => WinReason::Gammon,
            GameWin::Backgammon => WinReason::Backgammon,
            GameWin::Dropped => WinReason::CubeDropped,
            GameWin::Resigned => WinReason::Resignation,
        };
        let over = |reason| Phase::Over {
            outcome: Outcome::Win { winner, reason },
        };
        let Some(length) = self.rules.match_length else {
            let reason = if counted { reason } else { WinReason::BorneOff };
            self.phase = over(reason);
            self.notice = Some(what);
            return;
        };
        let score = format!(
            "Score: White {}, Black {} (match to {length}).",
            self.score[0], self.score[1]
        );
        if self.score[winner] >= length {
            self.phase = over(WinReason::MatchWon);
            self.notice = Some(format!(
                "{what} {score} {} wins the match.",
                seat_name(winner)
            ));
            return;
        }
        self.crawford = match self.crawford {
            Crawford::Before if self.score[winner] + 1 == length => Crawford::ThisGame,
            Crawford::ThisGame => Crawford::After,
            other => other,
        };
        let next_game = if self.crawford == Crawford::ThisGame {
            "Next game: the Crawford game (no doubling)."
        } else {
            "Next game: White rolls the opening dice, one for each side."
        };
        self.notice = Some(format!("{what} {score} {next_game}"));
        self.board = Board::start();
        self.cube = Cube::default();
        self.phase = Phase::Opening;
        self.last = None;
    }
}

fn illegal_play() -> PlayError {
    PlayError::Illegal("that play is not legal here".into())
}
