//! Reading a typed turn against the legal parts, and saying why one is refused.

use super::board::{self, START};
use super::moves::{Ctx, Node, Part, Search, enter, step};
use super::notation::{self, ParseError, Wish};
use super::{ParcheesiGame, ParcheesiMove, ParcheesiRules, Phase, join_values};
use crate::rules::{PlayError, Rules, shown};

/// How many example moves an error offers.
pub const EXAMPLES: usize = 5;

/// Reads typed text as a legal turn or part of one.
pub fn parse(game: &ParcheesiGame, text: &str) -> Result<ParcheesiMove, ParseError> {
    let input = shown(text);
    let (seat, roll) = match &game.phase {
        Phase::Move { seat, roll, .. } => (*seat, roll),
        Phase::Over { .. } => return Err(illegal(input, "the game is over".into(), Vec::new())),
        _ => return Err(illegal(input, PlayError::RollFirst.to_string(), Vec::new())),
    };
    let examples = || game.examples(seat, EXAMPLES);
    let Some(wishes) = notation::read(text) else {
        return Err(ParseError::Unreadable {
            input,
            what: "a Parcheesi move",
            hint: "name pawns A–D with a count, like `enter`, `a5 b3`, `a 8` or `c20`",
            examples: examples(),
        });
    };
    let node = game.node(roll);
    let mut search = Search::new(game.ctx(seat, roll));
    if let Some(Wish::Enter(Some(p))) = wishes.first()
        && node.pawns[seat][*p as usize & 3] != START
    {
        let reason = format!("pawn {} is not in START", super::pawn_letter(*p));
        return Err(illegal(input, reason, examples()));
    }
    match notation::resolve(&mut search, &node, &wishes) {
        Ok(parts) => Ok(ParcheesiMove(parts)),
        Err(candidates) if candidates.is_empty() => {
            let reason = explain(game, &mut search, &node, &wishes);
            Err(illegal(input, reason, examples()))
        }
        Err(candidates) => Err(ParseError::Ambiguous {
            input,
            candidates: candidates
                .into_iter()
                .map(|p| ParcheesiMove(p).to_string())
                .collect(),
        }),
    }
}

pub fn illegal(input: String, reason: String, examples: Vec<String>) -> ParseError {
    ParseError::Illegal {
        input,
        reason,
        examples,
    }
}

/// Says why wishes that match no legal line fail: the first part that cannot be made at
/// all, or else the rule the whole breaks.
pub fn explain(game: &ParcheesiGame, search: &mut Search, node: &Node, wishes: &[Wish]) -> String {
    let ctx = *search.ctx();
    let rules = game.rules;
    let mut at = *node;
    let dice_left = !node.bonus_phase && node.left_len() > 0;
    for wish in wishes {
        match *wish {
            Wish::Enter(_) => {
                let board = board::Board::of(&at.pawns[..ctx.players]);
                match enter(&ctx, &at, &board) {
                    Ok(next) => at = next,
                    Err(why) => return notation::why_text(why, 0, 5),
                }
            }
            Wish::Step(pawn, Some(count))
                if !at.bonus_phase && at.left_len() > 0 && run_sum(&at, count).is_some() =>
            {
                match step_by_dice(&ctx, &at, pawn, count) {
                    Ok(next) => at = next,
                    Err(why) => return why,
                }
            }
            Wish::Step(pawn, count) => return wrong_step(rules, &at, pawn, count, dice_left),
            Wish::Again => {
                return "`again` swaps a capture bonus for another roll, where the rules allow it"
                    .to_string();
            }
        }
    }
    broken_rule(game, search, node, &at, wishes)
}

/// Moves `pawn` by the dice parts that add up to `count`, one part at a time from `at`; says
/// why when a part cannot be made.
fn step_by_dice(ctx: &Ctx, at: &Node, pawn: u8, count: u8) -> Result<Node, String> {
    let mut at = *at;
    for value in run_sum(&at, count).unwrap_or_default() {
        let board = board::Board::of(&at.pawns[..ctx.players]);
        match step(ctx, &at, &board, pawn, value) {
            Ok(mut next) => {
                let mut left = at.left;
                if let Some(i) = left.iter().position(|&v| v == value) {
                    left[i] = 0;
                }
                left.sort_unstable_by(|a, b| b.cmp(a));
                next.left = left;
                at = next;
            }
            Err(why) => return Err(notation::why_text(why, pawn, value)),
        }
    }
    Ok(at)
}

/// Says why a step no dice parts add up to fails at `at`: the dice come first (`dice_left`),
/// or it is not the bonus owed.
fn wrong_step(
    rules: ParcheesiRules,
    at: &Node,
    pawn: u8,
    count: Option<u8>,
    dice_left: bool,
) -> String {
    if dice_left && at.left_len() > 0 {
        let bonus = [rules.capture_bonus, rules.home_bonus];
        return if count.is_some_and(|c| bonus.contains(&c)) {
            "bonuses come after the dice are played".to_string()
        } else {
            let have: Vec<u8> = at.left.iter().copied().filter(|&v| v > 0).collect();
            match count {
                Some(c) => format!("you have {} to play, not {c}", join_values(&have)),
                None => format!("say how far pawn {} moves", super::pawn_letter(pawn)),
            }
        };
    }
    let owed = at.capture + at.home;
    if owed == 0 {
        return "there is no bonus to take".to_string();
    }
    let amounts: Vec<String> = [
        (at.capture, rules.capture_bonus),
        (at.home, rules.home_bonus),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(_, a)| a.to_string())
    .collect();
    format!(
        "the bonus owed is {} spaces, moved by one pawn",
        amounts.join(" or ")
    )
}

/// Says which rule the whole turn breaks when every part of it could be made (`at` is where
/// the parts lead from `node`): an entry it leaves out, the doublets bonus, a blockade moved
/// together, or a roll not used in full.
fn broken_rule(
    game: &ParcheesiGame,
    search: &mut Search,
    node: &Node,
    at: &Node,
    wishes: &[Wish],
) -> String {
    let ctx = *search.ctx();
    let rules = game.rules;
    if ctx.must_enter && wishes.iter().all(|w| !matches!(w, Wish::Enter(_))) {
        let enters = search
            .legal_next(node)
            .iter()
            .any(|(p, _)| *p == Part::Enter);
        if enters {
            return "you must enter a pawn when you can".to_string();
        }
    }
    let roll = game.roll_state();
    if roll.is_some_and(|r| r.all_or_nothing) {
        return "the doublets bonus moves all four parts or none".to_string();
    }
    if rules.pair_may_not_advance_together && !ctx.pairs.is_empty() {
        let apart = ctx.pairs.iter().all(|&[a, b, _]| {
            let own = &at.pawns[ctx.seat];
            own[a as usize & 3] != own[b as usize & 3]
        });
        if !apart {
            return "the two pawns of a blockade may not advance together to a new space"
                .to_string();
        }
    }
    "you must use as much of the roll as you can".to_string()
}

/// Returns dice parts left in `node` that add up to `count`, as few as possible.
fn run_sum(node: &Node, count: u8) -> Option<Vec<u8>> {
    let values: Vec<u8> = node.left.iter().copied().filter(|&v| v > 0).collect();
    (1u32..1 << values.len())
        .map(|mask| {
            (0..values.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| values[i])
                .collect::<Vec<u8>>()
        })
        .filter(|pick| pick.iter().map(|&v| u32::from(v)).sum::<u32>() == u32::from(count))
        .min_by_key(Vec::len)
}

pub fn to_wishes(parts: &[Part]) -> Vec<Wish> {
    parts
        .iter()
        .map(|p| match *p {
            Part::Enter => Wish::Enter(None),
            Part::Again => Wish::Again,
            Part::Step { pawn, count } => Wish::Step(pawn, Some(count)),
        })
        .collect()
}
