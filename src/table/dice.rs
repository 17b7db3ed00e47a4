//! Free dice rolls outside any game's rules: expressions such as `2d6+1`, `d20` or `4d6kh3`.

use rand::Rng;

/// Caps that keep a roll cheap to compute and short enough to post.
const MAX_DICE: u32 = 100;
const MAX_SIDES: u32 = 1000;
const MAX_TERMS: usize = 10;
const MAX_CONSTANT: i64 = 10_000;

/// Longest dice expression read, in characters (spaces aside).
const MAX_TEXT: usize = 64;

/// Why a dice expression could not be rolled; each limit is named with its number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error(
        "I can't read {0} as dice; try `2d6`, `d20`, `3d6+2` or `4d6kh3` (keep the highest 3)."
    )]
    Unreadable(String),
    #[error("That is too many dice: at most {MAX_DICE} in one roll.")]
    TooManyDice,
    #[error("A die has 2 to {MAX_SIDES} sides, not {0}.")]
    Sides(String),
    #[error("A number added to a roll is at most {MAX_CONSTANT}, not {0}.")]
    Constant(String),
    #[error("Keep 1 to {dice} of the {dice} dice, not {keep}.")]
    Keep { dice: u32, keep: String },
    #[error("A roll has at most {MAX_TERMS} parts.")]
    TooManyParts,
    #[error("A dice expression is at most {MAX_TEXT} characters.")]
    TooLong,
}

/// One part of an expression: dice to roll (keeping some), or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Term {
    Dice {
        count: u32,
        sides: u32,
        keep: Keep,
        sign: i64,
    },
    Constant(i64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keep {
    All,
    Highest(u32),
    Lowest(u32),
}

/// A parsed dice expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceExpr {
    terms: Vec<Term>,
    text: String,
}

impl DiceExpr {
    /// Reads an expression like `2d6+1`, leniently about case and spaces.
    ///
    /// # Errors
    /// Fails on anything that is not dice notation, or on more dice than the caps allow.
    pub fn parse(input: &str) -> Result<DiceExpr, DiceError> {
        let unreadable = || DiceError::Unreadable(crate::rules::shown(input));
        let text: String = input
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        if text.is_empty() {
            return Err(unreadable());
        }
        if text.chars().count() > MAX_TEXT {
            return Err(DiceError::TooLong);
        }
        let mut terms = Vec::new();
        let mut rest = text.as_str();
        let mut sign = 1i64;
        if let Some(r) = rest.strip_prefix('+') {
            rest = r;
        } else if let Some(r) = rest.strip_prefix('-') {
            rest = r;
            sign = -1;
        }
        loop {
            let end = rest.find(['+', '-']).unwrap_or(rest.len());
            terms.push(parse_term(&rest[..end], sign)?.ok_or_else(unreadable)?);
            if terms.len() > MAX_TERMS {
                return Err(DiceError::TooManyParts);
            }
            if end == rest.len() {
                break;
            }
            sign = if rest.as_bytes()[end] == b'-' { -1 } else { 1 };
            rest = &rest[end + 1..];
        }
        let dice: u32 = terms
            .iter()
            .map(|t| match t {
                Term::Dice { count, .. } => *count,
                Term::Constant(_) => 0,
            })
            .sum();
        if dice == 0 {
            return Err(unreadable());
        }
        if dice > MAX_DICE {
            return Err(DiceError::TooManyDice);
        }
        Ok(DiceExpr { terms, text })
    }

    /// Rolls the expression, returning the total and a line showing every die.
    pub fn roll(&self, rng: &mut impl Rng) -> (i64, String) {
        let mut total = 0i64;
        let mut shown = Vec::new();
        for term in &self.terms {
            match *term {
                Term::Constant(c) => {
                    total += c;
                    shown.push(format!("{}{}", if c < 0 { "− " } else { "+ " }, c.abs()));
                }
                Term::Dice {
                    count,
                    sides,
                    keep,
                    sign,
                } => {
                    let rolls: Vec<u32> = (0..count).map(|_| rng.random_range(1..=sides)).collect();
                    let mut order: Vec<usize> = (0..rolls.len()).collect();
                    order.sort_by_key(|&i| rolls[i]);
                    let kept: Vec<usize> = match keep {
                        Keep::All => order,
                        Keep::Highest(k) => order.into_iter().rev().take(k as usize).collect(),
                        Keep::Lowest(k) => order.into_iter().take(k as usize).collect(),
                    };
                    let faces: Vec<String> = rolls
                        .iter()
                        .enumerate()
                        .map(|(i, r)| {
                            if kept.contains(&i) {
                                r.to_string()
                            } else {
                                format!("~~{r}~~")
                            }
                        })
                        .collect();
                    let sum: i64 = kept.iter().map(|&i| i64::from(rolls[i])).sum();
                    total += sign * sum;
                    let prefix = if shown.is_empty() && sign > 0 {
                        ""
                    } else if sign < 0 {
                        "− "
                    } else {
                        "+ "
                    };
                    shown.push(format!("{prefix}[{}]", faces.join(", ")));
                }
            }
        }
        (
            total,
            format!("🎲 `{}` → {} = **{total}**", self.text, shown.join(" ")),
        )
    }
}

/// Reads `NdS`, `dS`, `NdSkhK`, `NdSklK` or a whole number: `Ok(None)` when the text is no
/// such thing, an error naming the limit when it is one but out of bounds.
fn parse_term(s: &str, sign: i64) -> Result<Option<Term>, DiceError> {
    if s.is_empty() {
        return Ok(None);
    }
    if s.bytes().all(|b| b.is_ascii_digit()) {
        return match s.parse::<i64>() {
            Ok(c) if c <= MAX_CONSTANT => Ok(Some(Term::Constant(sign * c))),
            _ => Err(DiceError::Constant(number(s))),
        };
    }
    let Some((count, rest)) = s.split_once('d') else {
        return Ok(None);
    };
    let (sides, keep) = match rest.find('k') {
        None => (rest, None),
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
    };
    let (Some(count), Some(sides)) = (
        if count.is_empty() {
            Some(1)
        } else {
            whole(count)
        },
        whole(sides),
    ) else {
        return Ok(None);
    };
    if count == 0 {
        return Ok(None);
    }
    if count > u64::from(MAX_DICE) {
        return Err(DiceError::TooManyDice);
    }
    if !(2..=u64::from(MAX_SIDES)).contains(&sides) {
        return Err(DiceError::Sides(number(&sides.to_string())));
    }
    let (count, sides) = (count as u32, sides as u32);
    let keep = match keep {
        None => Keep::All,
        Some(k) => {
            let (highest, n) = match (k.strip_prefix('h'), k.strip_prefix('l')) {
                (Some(n), _) => (true, n),
                (_, Some(n)) => (false, n),
                _ => (true, k),
            };
            let Some(n) = whole(n) else {
                return Ok(None);
            };
            if n == 0 || n > u64::from(count) {
                return Err(DiceError::Keep {
                    dice: count,
                    keep: number(&n.to_string()),
                });
            }
            if highest {
                Keep::Highest(n as u32)
            } else {
                Keep::Lowest(n as u32)
            }
        }
    };
    Ok(Some(Term::Dice {
        count,
        sides,
        keep,
        sign,
    }))
}

/// Reads a whole number of ASCII digits (saturating far above every limit).
fn whole(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.parse::<u64>().unwrap_or(u64::MAX))
}

/// Quotes a number from the input for an error, cut if long.
fn number(s: &str) -> String {
    if s.len() > 12 {
        format!("{}…", &s[..12])
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    #[test]
    fn reads_common_expressions() {
        for ok in [
            "2d6",
            "d20",
            "2d6+1",
            "4d6kh3",
            "4d6kl1",
            "1d8 + 2d6 - 1",
            "D100",
            "-1+d4",
        ] {
            assert!(DiceExpr::parse(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn refuses_nonsense_with_a_clear_error() {
        for bad in [
            "", "hello", "d", "2d", "0d6", "2d6+", "3", "2d6++1", "'; drop", "1d6\u{0}",
        ] {
            assert!(
                matches!(DiceExpr::parse(bad), Err(DiceError::Unreadable(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn caps_the_number_and_size_of_dice() {
        for big in ["101d6", "60d6+60d6", "1d100000", &"1d6+".repeat(20)] {
            assert!(DiceExpr::parse(big).is_err(), "{big}");
        }
        assert!(DiceExpr::parse("100d1000").is_ok());
    }

    #[test]
    fn a_roll_over_a_limit_names_the_limit() {
        let said = |expr: &str| DiceExpr::parse(expr).unwrap_err().to_string();
        assert_eq!(
            said("2d6+99999999999"),
            "A number added to a roll is at most 10000, not 99999999999."
        );
        assert_eq!(said("d1"), "A die has 2 to 1000 sides, not 1.");
        assert_eq!(said("1d100000"), "A die has 2 to 1000 sides, not 100000.");
        assert_eq!(
            said("101d6"),
            "That is too many dice: at most 100 in one roll."
        );
        assert_eq!(
            said("99999999999999999999d6"),
            "That is too many dice: at most 100 in one roll."
        );
        assert_eq!(said("4d6kh5"), "Keep 1 to 4 of the 4 dice, not 5.");
        assert_eq!(
            said(&"1d6+".repeat(20)),
            "A dice expression is at most 64 characters."
        );
        assert_eq!(said(&"1+".repeat(12)), "A roll has at most 10 parts.");
    }

    #[test]
    fn totals_stay_in_range_and_keep_drops_the_rest() {
        let mut rng = StdRng::seed_from_u64(7);
        let expr = DiceExpr::parse("4d6kh3+2").unwrap();
        for _ in 0..500 {
            let (total, line) = expr.roll(&mut rng);
            assert!((5..=20).contains(&total), "{total}");
            assert_eq!(line.matches("~~").count(), 2, "{line}");
        }
        let (total, _) = DiceExpr::parse("3d1000-3d1000").unwrap().roll(&mut rng);
        assert!((-2997..=2997).contains(&total));
    }
}
