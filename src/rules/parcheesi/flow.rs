//! The actions of a turn: the opening roll, a roll, playing parts, resigning; and what
//! happens by itself after them (passing, rolling again, penalties, forfeits, winning).

use super::board::{HOME, START};
use super::moves::{Node, Part, Search};
use super::reason::{EXAMPLES, explain, illegal, to_wishes};
use super::{COLOURS, ParcheesiGame, ParcheesiMove, Phase, join_values};
use crate::rules::{Outcome, Seat, WinReason};
use crate::rules::{PlayError, Rules, shown};

/// What a roll must be, in words.
const BAD_DICE: &str = "a Parcheesi roll is two dice from 1 to 6";

impl ParcheesiGame {
    /// Records a roll of two dice for `seat`; if nothing is legal the turn moves on by itself.
    ///
    /// # Errors
    /// Fails when the game is over, it is not the seat's roll, or the dice are not two 1–6.
    pub(super) fn throw(&self, seat: Seat, dice: &[u8]) -> Result<ParcheesiGame, PlayError> {
        let &[a, b] = dice else {
            return Err(PlayError::BadDice(BAD_DICE));
        };
        if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
            return Err(PlayError::BadDice(BAD_DICE));
        }
        let mut next = self.clone();
        next.notice = None;
        next.thrown = Some((seat, [a, b]));
        match &self.phase {
            Phase::Over { .. } => Err(PlayError::GameOver),
            Phase::Move { .. } => Err(PlayError::MoveFirst),
            Phase::Opening { contenders, totals } => {
                if contenders.get(totals.len()) != Some(&seat) {
                    return Err(PlayError::NotYourTurn);
                }
                let mut totals = totals.clone();
                totals.push(a + b);
                next.settle_opening(contenders.clone(), totals);
                Ok(next)
            }
            Phase::Roll {
                seat: to_roll,
                doubles,
                extra,
            } => {
                if *to_roll != seat {
                    return Err(PlayError::NotYourTurn);
                }
                let double = a == b;
                let doubles = if double { doubles.saturating_add(1) } else { 0 };
                if double && doubles >= 3 && self.rules.third_doubles_penalty {
                    next.penalty(seat);
                    return Ok(next);
                }
                next.phase = Phase::Move {
                    seat,
                    doubles,
                    extra: *extra,
                    roll: self.fresh_roll(&self.pawns, seat, [a, b]),
                };
                next.settle();
                Ok(next)
            }
        }
    }

    /// Plays a whole turn or some of its parts for `seat`.
    ///
    /// # Errors
    /// Fails when it is not the seat's move or the parts are not legal now.
    pub(super) fn play_parts(
        &self,
        seat: Seat,
        m: &ParcheesiMove,
    ) -> Result<ParcheesiGame, PlayError> {
        let (to_move, roll) = match &self.phase {
            Phase::Move { seat, roll, .. } => (*seat, roll),
            Phase::Over { .. } => return Err(PlayError::GameOver),
            _ => return Err(PlayError::RollFirst),
        };
        if to_move != seat {
            return Err(PlayError::NotYourTurn);
        }
        if m.0.is_empty() {
            let reason = "name at least one part".to_string();
            return Err(illegal(shown(""), reason, self.examples(seat, EXAMPLES)).into());
        }
        let mut node = self.node(roll);
        let mut search = Search::new(self.ctx(seat, roll));
        for part in &m.0 {
            let next = search
                .legal_next(&node)
                .into_iter()
                .find(|(p, _)| p == part);
            let Some((_, child)) = next else {
                let input = shown(&m.to_string());
                let reason = explain(self, &mut search, &self.node(roll), &to_wishes(&m.0));
                return Err(illegal(input, reason, self.examples(seat, EXAMPLES)).into());
            };
            node = child;
        }
        let mut next = self.clone();
        next.notice = None;
        if roll.played.is_empty() {
            next.before = Some(self.pawns.clone());
        }
        next.store(&node, &m.0);
        next.settle();
        Ok(next)
    }

    /// Takes `seat` out of the game: its pawns leave the board; the last seat left wins.
    ///
    /// While another seat is playing a roll, the pawns stay until that roll is over (they
    /// may still block it or be captured), so the roll is played on the board it was thrown
    /// on and a stored roll can always be replayed from its throw.
    ///
    /// # Errors
    /// Fails when the game is over or the seat does not play (any more).
    pub(super) fn withdraw(&self, seat: Seat) -> Result<ParcheesiGame, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if seat >= self.pawns.len() || self.resigned[seat] {
            return Err(PlayError::NotAPlayer);
        }
        let mut next = self.clone();
        next.notice = None;
        next.resigned[seat] = true;
        let mover = match &self.phase {
            Phase::Move { seat: mover, .. } if *mover != seat => Some(*mover),
            _ => None,
        };
        match mover {
            Some(mover) if next.pawns[seat].iter().any(|&p| p != START) => {
                next.say(format!(
                    "{}'s pawns leave the board when {}'s roll is over",
                    COLOURS[seat], COLOURS[mover]
                ));
            }
            Some(_) => {}
            None => {
                next.before = None;
                next.clear_resigned();
            }
        }
        let active: Vec<Seat> = (0..next.pawns.len())
            .filter(|&s| !next.resigned[s])
            .collect();
        if let [winner] = active[..] {
            next.clear_resigned();
            next.phase = Phase::Over {
                outcome: Outcome::Win {
                    winner,
                    reason: WinReason::Resignation,
                },
            };
            return Ok(next);
        }
        match &self.phase {
            Phase::Opening { contenders, totals } => {
                let mut contenders = contenders.clone();
                let mut totals = totals.clone();
                if let Some(i) = contenders.iter().position(|&s| s == seat) {
                    contenders.remove(i);
                    if i < totals.len() {
                        totals.remove(i);
                    }
                }
                if contenders.is_empty() {
                    contenders = active;
                    totals.clear();
                }
                next.settle_opening(contenders, totals);
            }
            Phase::Roll { seat: s, .. } | Phase::Move { seat: s, .. } if *s == seat => {
                next.pass_turn(seat);
            }
            _ => next.settle(),
        }
        Ok(next)
    }

    /// Decides the opening once every contender has thrown: the highest total starts.
    fn settle_opening(&mut self, contenders: Vec<Seat>, totals: Vec<u8>) {
        if totals.len() < contenders.len() {
            self.phase = Phase::Opening { contenders, totals };
            return;
        }
        let high = totals.iter().copied().max().unwrap_or(0);
        let top: Vec<Seat> = contenders
            .iter()
            .zip(&totals)
            .filter(|(_, t)| **t == high)
            .map(|(s, _)| *s)
            .collect();
        if let [first] = top[..] {
            self.say(format!(
                "{} rolled highest ({high}) and starts",
                COLOURS[first]
            ));
            self.phase = Phase::Roll {
                seat: first,
                doubles: 0,
                extra: 0,
            };
        } else {
            let names: Vec<&str> = top.iter().map(|&s| COLOURS[s]).collect();
            self.say(format!(
                "{} tie on {high} and roll again",
                names.join(" and ")
            ));
            self.phase = Phase::Opening {
                contenders: top,
                totals: Vec::new(),
            };
        }
    }

    /// Sends the seat's pawn nearest HOME back to START and ends the turn.
    fn penalty(&mut self, seat: Seat) {
        self.before = Some(self.pawns.clone());
        let own = &mut self.pawns[seat];
        let nearest = (0..4)
            .filter(|&i| own[i] != START && own[i] != HOME)
            .max_by_key(|&i| (own[i], std::cmp::Reverse(i)));
        let name = COLOURS[seat];
        match nearest {
            Some(i) => {
                own[i] = START;
                self.say(format!(
                    "{name} rolled doubles three times in a row: pawn {} goes back to START",
                    super::pawn_letter(i as u8).to_ascii_uppercase()
                ));
            }
            None => self.say(format!(
                "{name} rolled doubles three times in a row, with no pawn out to lose"
            )),
        }
        self.pass_turn(seat);
    }

    /// Writes a node reached by playing `parts` back into the game.
    fn store(&mut self, node: &Node, parts: &[Part]) {
        let players = self.pawns.len();
        self.pawns.copy_from_slice(&node.pawns[..players]);
        if let Phase::Move { roll, .. } = &mut self.phase {
            roll.left = node.left.iter().copied().filter(|&v| v > 0).collect();
            roll.capture = node.capture;
            roll.home = node.home;
            roll.again = node.again;
            roll.bonus_phase = node.bonus_phase;
            roll.played.extend_from_slice(parts);
        }
    }

    /// Ends the game or the roll when nothing is left to play, saying what happened.
    pub(super) fn settle(&mut self) {
        let Phase::Move {
            seat,
            doubles,
            extra,
            roll,
        } = &self.phase
        else {
            return;
        };
        let (seat, doubles, extra, roll) = (*seat, *doubles, *extra, roll.clone());
        if self.pawns[seat].iter().all(|&p| p == HOME) {
            self.clear_resigned();
            self.phase = Phase::Over {
                outcome: Outcome::Win {
                    winner: seat,
                    reason: WinReason::AllHome,
                },
            };
            return;
        }
        let node = self.node(&roll);
        let mut search = Search::new(self.ctx(seat, &roll));
        if !search.legal_next(&node).is_empty() {
            return;
        }
        self.clear_resigned();
        let name = COLOURS[seat];
        let mut events = Vec::new();
        if roll.played.is_empty() {
            let what = join_values(&roll.parts);
            events.push(if roll.all_or_nothing {
                format!("{name} cannot use all four parts of the doublets bonus ({what}), so no pawn moves")
            } else {
                format!("{name} cannot move with {what}")
            });
        } else if !node.bonus_phase && node.left_len() > 0 {
            let left: Vec<u8> = roll.left.clone();
            events.push(format!("{name} cannot use the {}", join_values(&left)));
        }
        for (owed, amount, kind) in [
            (node.capture, self.rules.capture_bonus, "capture"),
            (node.home, self.rules.home_bonus, "home"),
        ] {
            if owed > 0 {
                events.push(format!(
                    "{name} forfeits the {amount}-space {kind} bonus: no pawn can move {amount} whole"
                ));
            }
        }
        let double = roll.dice[0] == roll.dice[1];
        let rolls = extra + node.again + u8::from(double);
        if rolls > 0 {
            events.push(format!("{name} rolls again"));
            self.phase = Phase::Roll {
                seat,
                doubles,
                extra: rolls - 1,
            };
        } else {
            self.pass_turn(seat);
            if let Phase::Roll { seat: next, .. } = self.phase {
                events.push(format!("the turn passes to {}", COLOURS[next]));
            }
        }
        if events.len() > 1 || !roll_was_played(&events) {
            self.say(events.join("; "));
        }
    }

    /// Gives the roll to the next seat still playing, after `seat`.
    fn pass_turn(&mut self, seat: Seat) {
        let n = self.pawns.len();
        let next = (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.resigned[s])
            .unwrap_or(seat);
        self.phase = Phase::Roll {
            seat: next,
            doubles: 0,
            extra: 0,
        };
    }

    /// Adds a line to the notice of this action.
    fn say(&mut self, line: String) {
        self.notice = Some(match self.notice.take() {
            Some(before) => format!("{before}; {line}"),
            None => line,
        });
    }
}

/// Tells whether the only event is the ordinary hand-over after a roll fully played.
fn roll_was_played(events: &[String]) -> bool {
    matches!(events, [only] if only.starts_with("the turn passes"))
}
