//! Moves as players type them: hole names with any separators, a chain or just its ends, or
//! just the destination; every legal move reads back from its own notation; hostile text is
//! refused with one line and changes nothing.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula::rules::chinese_checkers::ChineseCheckersGame;
use tabula::rules::{ParseError, Rules, Turn};

#[test]
fn every_legal_move_reads_back_from_its_notation_and_from_its_two_ends() {
    for (ruleset, players) in [
        ("6-peg", 2),
        ("6-peg", 3),
        ("10-peg", 6),
        ("10-peg partners", 4),
    ] {
        let mut rng = StdRng::seed_from_u64(10);
        let mut game = ChineseCheckersGame::new(ruleset, players).unwrap();
        for _ in 0..60 {
            let Turn::Move(seat) = game.turn() else { break };
            let star = game.star();
            let legal = game.legal(seat);
            for m in &legal {
                let text = game.format(m);
                assert_eq!(game.parse(seat, &text).as_ref(), Ok(m), "{text}");
                let ends = format!("{} {}", star.name(m.from()), star.name(m.to()));
                let read = game.parse(seat, &ends).unwrap();
                assert_eq!((read.from(), read.to()), (m.from(), m.to()), "{ends}");
                let upper = text.to_uppercase().replace('-', " to ");
                assert_eq!(game.parse(seat, &upper).as_ref(), Ok(m), "{upper}");
            }
            let m = legal[rng.random_range(0..legal.len())].clone();
            game = game.apply(seat, &m).unwrap();
        }
    }
}

#[test]
fn separators_are_lenient_and_a_lone_destination_works_when_one_peg_reaches_it() {
    let game = ChineseCheckersGame::new("6-peg", 2).unwrap();
    // Red's k1 steps to j4? Find the first step and write it several ways.
    let m = game
        .legal(0)
        .into_iter()
        .find(|m| m.path.len() == 2)
        .unwrap();
    let star = game.star();
    let (a, b) = (star.name(m.from()), star.name(m.to()));
    for text in [
        format!("{a}-{b}"),
        format!("{a} {b}"),
        format!("{a}{b}"),
        format!(" {a} , {b} "),
        format!("{a}>{b}"),
        format!("{a}:{b}"),
    ] {
        let read = game.parse(0, &text).unwrap();
        assert_eq!((read.from(), read.to()), (m.from(), m.to()), "{text}");
    }
    // A destination only one peg reaches reads alone; one several reach is ambiguous.
    let mut game = game;
    while !game
        .legal(0)
        .iter()
        .any(|x| game.legal(0).iter().filter(|y| y.to() == x.to()).count() == 1)
    {
        let m = game.legal(0)[0].clone();
        game = game.apply(0, &m).unwrap();
        let m = game.legal(1)[0].clone();
        game = game.apply(1, &m).unwrap();
    }
    let legal = game.legal(0);
    let single = legal
        .iter()
        .find(|x| legal.iter().filter(|y| y.to() == x.to()).count() == 1)
        .unwrap();
    assert_eq!(
        game.parse(0, &star.name(single.to())).unwrap().to(),
        single.to()
    );
    let shared = legal
        .iter()
        .find(|x| legal.iter().filter(|y| y.to() == x.to()).count() > 1)
        .unwrap();
    assert!(matches!(
        game.parse(0, &star.name(shared.to())),
        Err(ParseError::Ambiguous { .. })
    ));
}

#[test]
fn hostile_text_is_refused_with_one_line() {
    let game = ChineseCheckersGame::new("10-peg", 2).unwrap();
    let long = "a1-".repeat(10_000);
    for text in [
        "",
        "   ",
        "z9-z10",
        "a0-b1",
        "q99",
        "💥",
        "a1\u{0}-b1",
        "\u{202e}a1-b2",
        long.as_str(),
        "a1-a1",
        "c3-c3-c3",
        "drop table",
        "99999999999999999999",
    ] {
        let err = game.parse(0, text).unwrap_err();
        let line = err.to_string();
        assert!(!line.contains('\n'), "{line}");
        assert!(line.len() < 600, "{text:?} gives a short reason");
    }
    // Not your turn, and the game is unchanged.
    let before = game.clone();
    assert!(game.parse(1, "a1-b1").is_err());
    assert_eq!(game, before);
}
