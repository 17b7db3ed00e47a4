//! The game contract: [`Rules`] for this game's type, apart from the rules themselves in
//! `mod.rs` so each file holds one concept.

use super::*;

impl Rules for ChineseCheckersGame {
    type Move = ChineseMove;

    const INFO: Info = Info {
        name: "chinese_checkers",
        title: "Chinese Checkers",
        aliases: &[],
        rulesets: &[
            "6-peg",
            "10-peg",
            "6-peg partners",
            "10-peg partners",
            "6-peg places",
            "10-peg places",
        ],
        more_rulesets: Some("`6-peg` or `10-peg` with `partners`, `places` or both"),
        seats: (2, 6),
        seat_names: &COLOURS,
        rules: RULES,
        records: &[RecordFormat::MoveList],
    };

    fn new(ruleset: &str, seats: usize) -> Result<Self, SetupError> {
        let rules = Ruleset::parse(ruleset)
            .filter(|r| !r.partners || seats == 4 || seats == 6)
            .ok_or_else(|| SetupError::unknown_ruleset(&Self::INFO, ruleset))?;
        if !(2..=6).contains(&seats) {
            return Err(SetupError::Players {
                title: Self::INFO.title,
                min: 2,
                max: 6,
            });
        }
        let star = rules.size.star();
        let mut cells = vec![None; star.len()];
        for (seat, &corner) in home_corners(seats).iter().enumerate() {
            for &h in &star.corners[usize::from(corner)] {
                cells[usize::from(h)] = Some(seat);
            }
        }
        let mut game = ChineseCheckersGame {
            rules,
            players: seats,
            cells,
            to_move: 0,
            finished: Vec::new(),
            resigned: Vec::new(),
            last: None,
            passed: Vec::new(),
            best: Vec::new(),
            since_progress: 0,
        };
        game.best = (0..seats).map(|s| game.distance(s)).collect();
        Ok(game)
    }

    fn turn(&self) -> Turn {
        match self.outcome() {
            Some(outcome) => Turn::Over(outcome),
            None => Turn::Move(self.to_move),
        }
    }

    fn parse(&self, seat: Seat, text: &str) -> Result<ChineseMove, ParseError> {
        notation::parse(self, seat, text)
    }

    fn format(&self, m: &ChineseMove) -> String {
        let star = self.star();
        m.path
            .iter()
            .filter(|&&h| usize::from(h) < star.len())
            .map(|&h| star.name(h))
            .collect::<Vec<_>>()
            .join("-")
    }

    fn legal(&self, seat: Seat) -> Vec<ChineseMove> {
        if self.turn() != Turn::Move(seat) {
            return Vec::new();
        }
        self.moves_of(seat)
    }

    fn apply(&self, seat: Seat, m: &ChineseMove) -> Result<Self, PlayError> {
        if seat >= self.players {
            return Err(PlayError::NotAPlayer);
        }
        match self.turn() {
            Turn::Over(_) => return Err(PlayError::GameOver),
            Turn::Move(s) if s != seat => return Err(PlayError::NotYourTurn),
            _ => {}
        }
        self.check(seat, &m.path).map_err(PlayError::Illegal)?;
        let owner = self.pegs_moved_by(seat);
        let mut next = self.clone();
        next.cells[usize::from(m.from())] = None;
        next.cells[usize::from(m.to())] = Some(owner);
        // The mover first; a peg moved back into its own starting corner can also bring the
        // opponent whose target that is home (pegs kept there count as filling it).
        let others = (0..self.players).filter(|&s| s != owner);
        for s in std::iter::once(owner).chain(others) {
            if next.is_home(s) && !next.finished.contains(&s) {
                next.finished.push(s);
            }
        }
        let d = next.distance(owner);
        if d < next.best[owner] {
            next.best[owner] = d;
            next.since_progress = 0;
        } else {
            next.since_progress += 1;
        }
        next.last = Some((seat, m.path.clone()));
        let (to_move, passed) = next.next_after(seat);
        next.to_move = to_move;
        next.passed = passed;
        Ok(next)
    }

    fn describe(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win {
                reason: WinReason::Goal,
                ..
            } => "reaching the goal first".into(),
            Outcome::Draw {
                reason: DrawReason::NoProgress,
            } => format!("no progress for {ROUNDS_WITHOUT_PROGRESS} rounds"),
            _ => outcome.plain_words(),
        }
    }

    fn resign(&self, seat: Seat) -> Result<Self, PlayError> {
        if seat >= self.players || self.resigned.contains(&seat) {
            return Err(PlayError::NotAPlayer);
        }
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if self.team_home(seat) {
            return Err(PlayError::Illegal("your pegs are home already".into()));
        }
        let mut next = self.clone();
        for s in self.team(seat) {
            next.resigned.push(s);
            next.finished.retain(|&f| f != s);
            for c in next.cells.iter_mut() {
                if *c == Some(s) {
                    *c = None;
                }
            }
        }
        next.resigned.sort_unstable();
        next.passed.clear();
        // The last move's peg may have left with its owner: then there is no path to show.
        if let Some((_, path)) = &next.last
            && path
                .last()
                .is_none_or(|&h| next.cells[usize::from(h)].is_none())
        {
            next.last = None;
        }
        if !next.takes_turns(next.to_move) || next.moves_of(next.to_move).is_empty() {
            let (to_move, passed) = next.next_after(next.to_move);
            next.to_move = to_move;
            next.passed = passed;
        }
        Ok(next)
    }

    fn position(&self) -> Option<String> {
        Some(position::write(self))
    }

    fn from_position(text: &str) -> Result<Self, LoadError> {
        position::read(text).map_err(LoadError::Invalid)
    }

    fn notice(&self) -> Option<String> {
        let mut words = Vec::new();
        if let Some((seat, path)) = &self.last {
            let owner = self.cells[usize::from(*path.last()?)]?;
            if self.finished.last() == Some(&owner) && self.is_home(owner) {
                let place = self.finished.len();
                words.push(format!("{} is home ({}).", COLOURS[owner], ordinal(place)));
                if let Some(p) = self.partner(owner)
                    && !self.finished.contains(&p)
                    && self.outcome().is_none()
                {
                    words.push(format!(
                        "{} now moves {}'s pegs.",
                        COLOURS[owner], COLOURS[p]
                    ));
                }
            }
            let _ = seat;
        }
        for &s in &self.passed {
            words.push(format!("{} has no move and passes.", COLOURS[s]));
        }
        (!words.is_empty()).then(|| words.join(" "))
    }
}
