//! The chess bot (issue 17): it finds mates and the Win at Chess moves within node budgets,
//! plays only legal moves at every level, each level beats the one below in a few seeded
//! games, it says why in words, answers draw offers by its evaluation, and a raised
//! cancellation flag has it answer at once.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng as _, SeedableRng as _};
use shakmaty::Position as _;
use tabula::bot::{Brain, Budget};
use tabula::rules::chess::ChessGame;
use tabula::rules::{Outcome, Rules, Turn};

/// Returns the bot's move at `level` in SAN, within `nodes` positions.
fn best(fen: &str, level: usize, nodes: u64) -> String {
    let game = ChessGame::from_fen(fen).unwrap();
    let mut rng = StdRng::seed_from_u64(1);
    let pick = game
        .choose(game.seat_to_move(), level, &Budget::nodes(nodes), &mut rng)
        .expect("a move");
    game.format(&pick.r#move)
}

fn top() -> usize {
    ChessGame::LEVELS.len()
}

#[test]
fn every_level_above_random_mates_in_one() {
    // A back-rank mate for White, and the same for Black.
    for level in 2..=top() {
        assert_eq!(
            best("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", level, 20_000),
            "Rd8#"
        );
        assert_eq!(
            best("3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", level, 20_000),
            "Rd1#"
        );
    }
}

#[test]
fn the_top_level_mates_in_two() {
    // WAC.004 (White: Qxh7+ Kxh7 hxg6#) and WAC.005 (Black: Qc4+ Nxc4 bxc4#).
    for (fen, first) in [
        (
            "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
            "Qxh7+",
        ),
        ("5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", "Qc4+"),
    ] {
        let game = ChessGame::from_fen(fen).unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        let pick = game
            .choose(game.seat_to_move(), top(), &Budget::nodes(30_000), &mut rng)
            .unwrap();
        assert_eq!(game.format(&pick.r#move), first);
        assert!(pick.why.starts_with("mates in 2"), "{}", pick.why);
    }
}

/// Twenty Win at Chess positions (Reinfeld, 1958; `bm` in SAN), from
/// /work/shared/data/wac.epd: the ones the top level finds within 20,000 nodes.
const WAC_EASY: [(&str, &str); 20] = [
    (
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - -",
        "Qg6",
    ),
    (
        "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - -",
        "Rg3",
    ),
    (
        "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - -",
        "Qxh7+",
    ),
    ("5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - -", "Qc4+"),
    ("7k/p7/1R5K/6r1/6p1/6P1/8/8 w - -", "Rb7"),
    (
        "rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq -",
        "Ne3",
    ),
    ("r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - -", "Rf7"),
    (
        "3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - -",
        "Bh2+",
    ),
    (
        "2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - -",
        "Rxh7",
    ),
    (
        "r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq -",
        "Bxc6",
    ),
    (
        "4k1r1/2p3r1/1pR1p3/3pP2p/3P2qP/P4N2/1PQ4P/5R1K b - -",
        "Qxf3+",
    ),
    (
        "5rk1/pp4p1/2n1p2p/2Npq3/2p5/6P1/P3P1BP/R4Q1K w - -",
        "Qxf8+",
    ),
    (
        "r2rb1k1/pp1q1p1p/2n1p1p1/2bp4/5P2/PP1BPR1Q/1BPN2PP/R5K1 w - -",
        "Qxh7+",
    ),
    ("1R6/1brk2p1/4p2p/p1P1Pp2/P7/6P1/1P4P1/2R3K1 w - -", "Rxb7"),
    (
        "r4rk1/ppp2ppp/2n5/2bqp3/8/P2PB3/1PP1NPPP/R2Q1RK1 w - -",
        "Nc3",
    ),
    (
        "1k5r/pppbn1pp/4q1r1/1P3p2/2NPp3/1QP5/1P2BPPP/R4RK1 w - -",
        "Nd6",
    ),
    ("R7/P4k2/8/8/8/8/r7/6K1 w - -", "Rh8"),
    (
        "r1b2rk1/ppbn1ppp/4p3/1QP4q/3P4/N4N2/5PPP/R1B2RK1 w - -",
        "c6",
    ),
    (
        "r2qkb1r/1ppb1ppp/p7/4p3/P1Q1P3/2P5/5PPP/R1B2KNR b kq -",
        "Bb5",
    ),
    (
        "5rk1/1b3p1p/pp3p2/3n1N2/1P6/P1qB1PP1/3Q3P/4R1K1 w - -",
        "Qh6",
    ),
];

#[test]
fn the_top_level_finds_most_easy_win_at_chess_moves_within_20000_nodes() {
    let mut found = Vec::new();
    for (fen, bm) in WAC_EASY {
        let played = best(&format!("{fen} 0 1"), top(), 20_000);
        if played.trim_end_matches(['+', '#']) == bm.trim_end_matches('+') {
            found.push(bm);
        }
    }
    assert!(found.len() >= 18, "found only {found:?}");
}

#[test]
fn every_level_plays_only_legal_moves_from_random_positions() {
    let mut rng = StdRng::seed_from_u64(17);
    for n in 0..6 {
        let mut game = ChessGame::new();
        for _ in 0..(10 + 12 * n) {
            let seat = game.seat_to_move();
            let moves = game.legal(seat);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())].clone();
            game = game.apply(seat, &m).unwrap();
        }
        if !matches!(game.turn(), Turn::Move(_)) {
            continue;
        }
        let seat = game.seat_to_move();
        let legal = game.legal(seat);
        for level in 1..=top() {
            let pick = game
                .choose(seat, level, &Budget::nodes(3_000), &mut rng)
                .expect("a move while the game goes on");
            assert!(
                legal.contains(&pick.r#move),
                "{} at level {level}",
                pick.r#move
            );
            assert!(
                game.choose(1 - seat, level, &Budget::nodes(3_000), &mut rng)
                    .is_none()
            );
        }
    }
}

/// Plays `strong` against `weak` from a seeded random opening, each move within `nodes`; after
/// 160 plies the side ahead in material (by 3 pawns or more) wins, else it is a draw. Returns
/// the strong side's points, doubled (2 a win, 1 a draw).
fn duel(strong: usize, weak: usize, seed: u64, nodes: u64) -> u32 {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = ChessGame::new();
    for _ in 0..2 {
        let seat = game.seat_to_move();
        let moves = game.legal(seat);
        game = game
            .apply(seat, &moves[rng.random_range(0..moves.len())])
            .unwrap();
    }
    let strong_seat = (seed % 2) as usize;
    for _ in 0..160 {
        let seat = match game.turn() {
            Turn::Move(seat) => seat,
            Turn::Over(Outcome::Win { winner, .. }) => {
                return if winner == strong_seat { 2 } else { 0 };
            }
            _ => return 1,
        };
        let level = if seat == strong_seat { strong } else { weak };
        let pick = game
            .choose(seat, level, &Budget::nodes(nodes), &mut rng)
            .unwrap();
        game = game.apply(seat, &pick.r#move).unwrap();
    }
    let board = game.current_position().board();
    let worth = |c: shakmaty::Color| {
        let b = board.by_color(c);
        (b & board.pawns()).count()
            + 3 * (b & (board.knights() | board.bishops())).count()
            + 5 * (b & board.rooks()).count()
            + 9 * (b & board.queens()).count()
    };
    let white = worth(shakmaty::Color::White) as i64;
    let black = worth(shakmaty::Color::Black) as i64;
    let strong_edge = if strong_seat == 0 {
        white - black
    } else {
        black - white
    };
    match strong_edge {
        3.. => 2,
        ..=-3 => 0,
        _ => 1,
    }
}

#[test]
fn the_first_searching_level_beats_random_in_four_seeded_games() {
    let points: u32 = (0..4).map(|seed| duel(2, 1, seed, 2_000)).sum();
    assert!(points >= 7, "{points} of 8 half-points");
}

#[test]
fn each_level_outscores_the_one_below_with_equal_node_budgets() {
    for strong in 3..=top() {
        let points: u32 = (0..4)
            .map(|seed| duel(strong, strong - 1, 40 + seed, 2_500))
            .sum();
        assert!(points > 4, "level {strong}: {points} of 8 half-points");
    }
}

#[test]
fn the_bot_says_what_a_capture_wins() {
    // The black knight on e5 hangs.
    let game = ChessGame::from_fen("4k3/8/8/4n3/8/8/8/4R1K1 w - - 0 1").unwrap();
    let mut rng = StdRng::seed_from_u64(1);
    let pick = game
        .choose(0, top(), &Budget::nodes(20_000), &mut rng)
        .unwrap();
    assert_eq!(game.format(&pick.r#move), "Rxe5+");
    assert!(pick.why.starts_with("wins a knight (+"), "{}", pick.why);
    assert!(pick.why.contains(", depth "), "{}", pick.why);
}

#[test]
fn the_bot_accepts_a_draw_only_when_it_stands_worse() {
    // White is a queen up; Black (seat 1) accepts, White (seat 0) declines.
    let game = ChessGame::from_fen("4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1").unwrap();
    assert!(game.accepts_draw(1, top()));
    assert!(!game.accepts_draw(0, top()));
    // The random level never accepts.
    assert!(!game.accepts_draw(1, 1));
    // The start is level: declined.
    assert!(!ChessGame::new().accepts_draw(1, top()));
}

#[test]
fn a_raised_cancellation_flag_has_the_bot_answer_at_once_with_a_legal_move() {
    let game = ChessGame::new();
    let cancel = Arc::new(AtomicBool::new(true));
    let far = Duration::from_secs(3_600);
    let budget = Budget::timed(far, far).cancelled_by(cancel);
    let mut rng = StdRng::seed_from_u64(1);
    let pick = game.choose(0, top(), &budget, &mut rng).unwrap();
    assert!(game.legal(0).contains(&pick.r#move));
    // No iteration finished: the move is the first in the search's order.
    assert!(pick.why.ends_with("depth 0"), "{}", pick.why);
}

#[test]
fn the_bot_repeats_a_position_to_save_a_lost_game() {
    // Black is a queen and more down but White's king can be checked forever: Qe1+ Kh2 Qh4+.
    let game = ChessGame::from_fen("6k1/5ppp/8/8/8/8/q5PK/1Q2R3 b - - 0 1").unwrap();
    let mut rng = StdRng::seed_from_u64(1);
    let pick = game
        .choose(1, top(), &Budget::nodes(50_000), &mut rng)
        .unwrap();
    let san = game.format(&pick.r#move);
    assert!(san.ends_with('+'), "{san}: {}", pick.why);
}
