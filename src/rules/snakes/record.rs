//! The stored shape of a game and its validation: a loaded state is refused unless every
//! field agrees with the others and with the board.

use serde::{Deserialize, Serialize};

use super::board::GOAL;
use super::{Last, Phase, Round, SnakesGame, SnakesRules, Step};
use crate::rules::{Outcome, Seat, WinReason};

/// A game as stored.
#[derive(Serialize, Deserialize)]
pub(super) struct Record {
    ruleset: String,
    squares: Vec<u8>,
    resigned: Vec<bool>,
    #[serde(flatten)]
    phase: Phase,
    #[serde(default)]
    one_die: bool,
    #[serde(default)]
    last: Option<Last>,
    #[serde(default)]
    round: Option<Round>,
    #[serde(default)]
    rolls: u32,
}

impl From<SnakesGame> for Record {
    fn from(g: SnakesGame) -> Record {
        Record {
            ruleset: g.rules.name(),
            squares: g.squares,
            resigned: g.resigned,
            phase: g.phase,
            one_die: g.one_die,
            last: g.last,
            round: g.round,
            rolls: g.rolls,
        }
    }
}

impl TryFrom<Record> for SnakesGame {
    type Error = String;

    fn try_from(r: Record) -> Result<SnakesGame, String> {
        let rules = SnakesRules::from_name(&r.ruleset)
            .ok_or_else(|| format!("no Snakes & Ladders ruleset is called {:?}", r.ruleset))?;
        let n = r.squares.len();
        if !(1..=4).contains(&n) || r.resigned.len() != n {
            return Err("a game has 1 to 4 seats, each with a square and a resigned flag".into());
        }
        let game = SnakesGame {
            rules,
            squares: r.squares,
            resigned: r.resigned,
            phase: r.phase,
            one_die: r.one_die,
            last: r.last,
            round: r.round,
            rolls: r.rolls,
        };
        game.check()?;
        Ok(game)
    }
}

impl SnakesGame {
    /// Checks every field against the others; says what is wrong.
    fn check(&self) -> Result<(), String> {
        let n = self.squares.len();
        self.check_squares()?;
        self.check_phase()?;
        if self.one_die {
            let ok = matches!(self.phase, Phase::Roll { seat }
                if self.rules.dice.may_choose_one(self.squares[seat]));
            if !ok {
                return Err("one die is chosen only in two-dice-95 on 95 or above".into());
            }
        }
        if let Some(round) = &self.round
            && (round.contenders.len() != round.thrown.len()
                || round.contenders.len() < 2
                || round.contenders.iter().any(|&s| s >= n)
                || round.thrown.iter().any(|t| !(1..=6).contains(t))
                || self.last.is_some())
        {
            return Err("the round for who starts does not fit".into());
        }
        if let Some(last) = &self.last {
            self.check_last(last)?;
        }
        Ok(())
    }

    /// Checks each token's square: on the board, not where a ladder or snake starts, and not
    /// shared.
    fn check_squares(&self) -> Result<(), String> {
        let layout = self.rules.layout;
        for (seat, &sq) in self.squares.iter().enumerate() {
            if sq < self.rules.start || sq > GOAL {
                return Err(format!("square {sq} is off the board"));
            }
            if sq != self.rules.start && layout.moves_on(sq) {
                return Err(format!(
                    "no token rests on {sq}: a ladder or snake starts there"
                ));
            }
            if !self.resigned[seat] && sq != self.rules.start && self.holder(seat, sq).is_some() {
                return Err(format!("two tokens share square {sq}"));
            }
        }
        Ok(())
    }

    /// Checks the phase against the seats and the board: who throws for the start, who
    /// rolls, or the result.
    fn check_phase(&self) -> Result<(), String> {
        let n = self.squares.len();
        let active: Vec<usize> = (0..n).filter(|&s| !self.resigned[s]).collect();
        let on_goal: Vec<usize> = (0..n).filter(|&s| self.squares[s] == GOAL).collect();
        match &self.phase {
            Phase::Opening { contenders, thrown } => self.check_opening(contenders, thrown)?,
            Phase::Roll { seat } => {
                if *seat >= n || self.resigned[*seat] {
                    return Err("the seat to roll does not play".into());
                }
                if !on_goal.is_empty() {
                    return Err("a token on 100 has won already".into());
                }
                if active.len() < 2 && n > 1 {
                    return Err("a game with one player left is over".into());
                }
            }
            Phase::Over { outcome } => match outcome {
                Outcome::Win {
                    winner,
                    reason: WinReason::Goal,
                } if *winner < n && on_goal == [*winner] && !self.resigned[*winner] => {}
                Outcome::Win {
                    winner,
                    reason: WinReason::Resignation,
                } if active == [*winner] && on_goal.is_empty() => {}
                _ => return Err("the result does not fit the board".into()),
            },
        }
        Ok(())
    }

    /// Checks the throw for who starts: nobody has moved, the contenders and their throws fit
    /// the seats, and an earlier round's tie leads to these contenders.
    fn check_opening(&self, contenders: &[Seat], thrown: &[u8]) -> Result<(), String> {
        let n = self.squares.len();
        if n < 2 {
            return Err("a one-player race has no throw for who starts".into());
        }
        if self.squares.iter().any(|&s| s != self.rules.start)
            || self.last.is_some()
            || self.rolls != 0
        {
            return Err("nobody moves before the throw for who starts".into());
        }
        let distinct = contenders.windows(2).all(|w| w[0] < w[1]);
        if contenders.len() < 2
            || !distinct
            || contenders.iter().any(|&s| s >= n || self.resigned[s])
            || thrown.len() >= contenders.len()
            || thrown.iter().any(|t| !(1..=6).contains(t))
        {
            return Err("the throw for who starts does not fit the seats".into());
        }
        if let Some(round) = &self.round {
            let best = round.thrown.iter().max().copied().unwrap_or(0);
            let tied: Vec<usize> = round
                .contenders
                .iter()
                .zip(&round.thrown)
                .filter(|(_, t)| **t == best)
                .map(|(s, _)| *s)
                .collect();
            if !tied.iter().all(|s| contenders.contains(s)) && tied.len() < 2 {
                return Err("the earlier round for who starts does not fit".into());
            }
        }
        Ok(())
    }

    /// Checks the latest roll against the board: its dice, where it began, and that the
    /// token ended where the roll leads.
    fn check_last(&self, last: &Last) -> Result<(), String> {
        let bad = || Err("the latest roll does not fit the board".to_string());
        if last.seat >= self.squares.len()
            || !(1..=2).contains(&last.dice.len())
            || last.dice.iter().any(|d| !(1..=6).contains(d))
            || last.from < self.rules.start
            || last.from >= GOAL
        {
            return bad();
        }
        let total: u8 = last.dice.iter().sum();
        if last.landed != last.from + total {
            return bad();
        }
        let jumped = if last.landed > GOAL {
            last.from
        } else {
            self.rules.layout.jump(last.landed)
        };
        let fits = match last.step {
            Step::TooHigh => last.landed > GOAL && last.to == last.from,
            Step::Blocked { by } => {
                by < self.squares.len()
                    && by != last.seat
                    && last.landed <= GOAL
                    && last.to == last.from
            }
            Step::Moved => last.landed <= GOAL && jumped == last.landed && last.to == jumped,
            Step::Climbed => last.landed <= GOAL && jumped > last.landed && last.to == jumped,
            Step::Slid => last.landed <= GOAL && jumped < last.landed && last.to == jumped,
        };
        if !fits || (!self.resigned[last.seat] && self.squares[last.seat] != last.to) {
            return bad();
        }
        Ok(())
    }
}
