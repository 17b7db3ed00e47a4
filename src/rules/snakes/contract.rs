//! The game contract: [`Rules`] for this game's type, apart from the rules themselves in
//! `mod.rs` so each file holds one concept.

use super::*;

impl Rules for SnakesGame {
    type Move = SnakesMove;

    const INFO: Info = Info {
        name: "snakes",
        title: "Snakes & Ladders",
        aliases: &[],
        rulesets: &["two-dice", "one-die", "two-dice-95"],
        more_rulesets: Some(
            "any of them with `+classic-48` or `+rosetta` for another board and `+start-0` to start off the board, e.g. `one-die+classic-48+start-0`",
        ),
        seats: (2, 4),
        seat_names: &COLOURS,
        rules: RULES_TEXT,
        records: &[RecordFormat::MoveList],
    };

    fn new(ruleset: &str, seats: usize) -> Result<Self, SetupError> {
        let rules = SnakesRules::from_name(ruleset)
            .ok_or_else(|| SetupError::unknown_ruleset(&Self::INFO, ruleset))?;
        Ok(SnakesGame::with_rules(rules, seats.clamp(2, 4)))
    }

    fn turn(&self) -> Turn {
        match &self.phase {
            Phase::Opening { contenders, thrown } => {
                Turn::Roll(contenders.get(thrown.len()).copied().unwrap_or(0))
            }
            Phase::Roll { seat } => Turn::Roll(*seat),
            Phase::Over { outcome } => Turn::Over(*outcome),
        }
    }

    fn dice(&self) -> Option<Dice> {
        Some(Dice {
            count: self.dice_count(),
            faces: 6,
        })
    }

    fn parse(&self, seat: Seat, text: &str) -> Result<SnakesMove, ParseError> {
        let word: String = text
            .trim()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        if !matches!(
            word.as_str(),
            "onedie" | "one" | "1" | "1die" | "1d6" | "d6"
        ) {
            return Err(ParseError::Unreadable {
                input: shown(text),
                what: "a Snakes & Ladders move",
                hint: "a turn is just `/roll`; in two-dice-95 on 95 or above, `/move one die` throws one die",
                examples: self.examples(seat, 1),
            });
        }
        let reason = match self.turn() {
            Turn::Over(_) => PlayError::GameOver.to_string(),
            Turn::Roll(s) if s != seat => PlayError::NotYourTurn.to_string(),
            _ if matches!(self.phase, Phase::Opening { .. }) => {
                "the throw for who starts is one die already: just `/roll`".to_string()
            }
            _ if self.rules.dice == DiceRule::OneDie => {
                "this game is played with one die already: just `/roll`".to_string()
            }
            _ if self.one_die => "you chose one die already: `/roll`".to_string(),
            _ if self.rules.dice == DiceRule::TwoDice => {
                "the two-dice ruleset throws two dice (one on 99 by itself): just `/roll`"
                    .to_string()
            }
            _ if !self.rules.dice.may_choose_one(self.squares[seat]) => {
                "one die is allowed only on squares 95 and above".to_string()
            }
            _ => return Ok(SnakesMove::OneDie),
        };
        Err(ParseError::Illegal {
            input: shown(text),
            reason,
            examples: Vec::new(),
        })
    }

    fn format(&self, m: &SnakesMove) -> String {
        match m {
            SnakesMove::OneDie => "one die".to_string(),
        }
    }

    fn legal(&self, seat: Seat) -> Vec<SnakesMove> {
        match self.phase {
            Phase::Roll { seat: s }
                if s == seat
                    && !self.one_die
                    && self.rules.dice.may_choose_one(self.squares[seat]) =>
            {
                vec![SnakesMove::OneDie]
            }
            _ => Vec::new(),
        }
    }

    fn apply(&self, seat: Seat, m: &SnakesMove) -> Result<Self, PlayError> {
        match self.turn() {
            Turn::Over(_) => return Err(PlayError::GameOver),
            Turn::Roll(s) | Turn::Move(s) if s != seat => return Err(PlayError::NotYourTurn),
            _ => {}
        }
        if !self.legal(seat).contains(m) {
            return Err(PlayError::Illegal(
                "one die is allowed only in two-dice-95, on squares 95 and above, once before the roll"
                    .into(),
            ));
        }
        let mut next = self.clone();
        next.one_die = true;
        Ok(next)
    }

    fn roll(&self, seat: Seat, dice: &[u8]) -> Result<Self, PlayError> {
        match self.turn() {
            Turn::Over(_) => return Err(PlayError::GameOver),
            Turn::Roll(s) if s != seat => return Err(PlayError::NotYourTurn),
            Turn::Move(_) => return Err(PlayError::MoveFirst),
            _ => {}
        }
        let count = self.dice_count();
        if dice.len() != usize::from(count) || dice.iter().any(|d| !(1..=6).contains(d)) {
            return Err(PlayError::BadDice(if count == 1 {
                "a roll here is one die from 1 to 6"
            } else {
                "a roll here is two dice from 1 to 6"
            }));
        }
        let mut next = self.clone();
        match &self.phase {
            Phase::Opening { contenders, thrown } => {
                let mut thrown = thrown.clone();
                thrown.push(dice[0]);
                if thrown.len() == contenders.len() {
                    next.resolve_opening(contenders.clone(), thrown);
                } else {
                    next.phase = Phase::Opening {
                        contenders: contenders.clone(),
                        thrown,
                    };
                }
            }
            Phase::Roll { .. } => {
                let total: u8 = dice.iter().sum();
                let (landed, to, step) = self.outcome_of(seat, total);
                next.last = Some(Last {
                    seat,
                    dice: dice.to_vec(),
                    from: self.squares[seat],
                    landed,
                    to,
                    step,
                });
                next.round = None;
                next.squares[seat] = to;
                next.one_die = false;
                next.rolls = self.rolls.saturating_add(1);
                next.phase = if to == GOAL {
                    Phase::Over {
                        outcome: Outcome::Win {
                            winner: seat,
                            reason: WinReason::Goal,
                        },
                    }
                } else {
                    Phase::Roll {
                        seat: self.next_seat(seat),
                    }
                };
            }
            Phase::Over { .. } => return Err(PlayError::GameOver),
        }
        Ok(next)
    }

    fn describe(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win {
                reason: WinReason::Goal,
                ..
            } => "reaching the goal first".into(),
            _ => outcome.plain_words(),
        }
    }

    fn resign(&self, seat: Seat) -> Result<Self, PlayError> {
        if !self.active(seat) {
            return Err(PlayError::NotAPlayer);
        }
        if matches!(self.phase, Phase::Over { .. }) {
            return Err(PlayError::GameOver);
        }
        let mut next = self.clone();
        next.resigned[seat] = true;
        if self.phase == (Phase::Roll { seat }) {
            next.one_die = false;
        }
        let left = next.active_seats();
        if let [winner] = left.as_slice() {
            next.phase = Phase::Over {
                outcome: Outcome::Win {
                    winner: *winner,
                    reason: WinReason::Resignation,
                },
            };
            return Ok(next);
        }
        next.phase = match &self.phase {
            Phase::Opening { contenders, thrown } => {
                // The round goes on without the seat; its throw, if any, no longer counts.
                let (c, t): (Vec<Seat>, Vec<Option<u8>>) = contenders
                    .iter()
                    .copied()
                    .zip(
                        thrown
                            .iter()
                            .copied()
                            .map(Some)
                            .chain(std::iter::repeat(None)),
                    )
                    .filter(|(s, _)| *s != seat)
                    .unzip();
                let thrown: Vec<u8> = t.into_iter().flatten().collect();
                if c.len() == thrown.len() {
                    next.resolve_opening(c, thrown);
                    next.phase.clone()
                } else if c.len() < 2 {
                    Phase::Roll {
                        seat: c.first().copied().unwrap_or(left[0]),
                    }
                } else {
                    Phase::Opening {
                        contenders: c,
                        thrown,
                    }
                }
            }
            Phase::Roll { seat: s } if *s == seat => Phase::Roll {
                seat: next.next_seat(seat),
            },
            other => other.clone(),
        };
        Ok(next)
    }

    fn notice(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(words) = self.opening_words() {
            parts.push(words);
        }
        if let Phase::Roll { seat } = self.phase
            && !self.one_die
            && self.rules.dice.may_choose_one(self.squares[seat])
        {
            parts.push(format!(
                "{} is on {} and may throw one die: `/move one die`, then `/roll`",
                COLOURS[seat], self.squares[seat]
            ));
        }
        if let Phase::Roll { seat } = self.phase
            && self.rules.dice == DiceRule::TwoDice
            && self.squares[seat] == 99
        {
            parts.push(format!(
                "{} is on 99 and throws one die (two dice can never make 1)",
                COLOURS[seat]
            ));
        }
        (!parts.is_empty()).then(|| parts.join(". "))
    }

    fn roll_words(&self, dice: &[u8]) -> Option<String> {
        let shown: Vec<String> = dice.iter().map(u8::to_string).collect();
        let shown = format!("**{}**", shown.join(" and "));
        match self.phase {
            Phase::Opening { .. } => Some(format!("{shown} for who starts")),
            Phase::Roll { seat } => {
                let total: u8 = dice.iter().sum();
                Some(format!("{shown}: {}", self.describe(seat, total)))
            }
            Phase::Over { .. } => None,
        }
    }

    fn examples(&self, seat: Seat, limit: usize) -> Vec<String> {
        self.legal(seat)
            .iter()
            .take(limit)
            .map(|m| self.format(m))
            .collect()
    }
}
