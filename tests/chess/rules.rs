//! Chess rules through the `Game` layer, anchored to perft counts nobody here wrote
//! (chessprogramming wiki, reproduced by three independent crates) and to the rule sheets.

use crate::support::game::ToAct;
use tabula::rules::chess::ChessGame;
use tabula::rules::{Action, DrawReason, Game, Outcome, PlayError, Turn, WinReason};

pub(super) fn load(fen: &str) -> Game {
    Game::Chess(ChessGame::from_fen(fen).expect("test FEN is valid"))
}

pub(super) fn play(game: &Game, moves: &[&str]) -> Game {
    let mut game = game.clone();
    for text in moves {
        let Turn::Move(seat) = game.turn() else {
            panic!("game over before {text}");
        };
        let m = game.read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game = game
            .apply(&Action::Play { seat, r#move: m })
            .expect("parsed moves are legal");
    }
    game
}

pub(super) fn start() -> Game {
    Game::new(tabula::rules::GameKind::Chess, "standard", 2).unwrap()
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POS3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POS4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POS5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POS6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

#[test]
fn perft_start_position_to_depth_5() {
    let game = start();
    assert_eq!(
        (1..=5)
            .map(|d| game.perft_through_contract(d))
            .collect::<Vec<_>>(),
        [20, 400, 8_902, 197_281, 4_865_609]
    );
}

#[test]
fn perft_kiwipete_to_depth_4() {
    assert_eq!(load(KIWIPETE).perft_through_contract(4), 4_085_603);
}

#[test]
fn perft_positions_3_to_6_at_depth_4() {
    assert_eq!(load(POS3).perft_through_contract(4), 43_238);
    assert_eq!(load(POS4).perft_through_contract(4), 422_333);
    assert_eq!(load(POS5).perft_through_contract(4), 2_103_487);
    assert_eq!(load(POS6).perft_through_contract(4), 3_894_594);
}

/// Issue 13 item 4: a game-over rule must never cut the move tree. Counts from the
/// chessprogramming wiki's perft results and its "Perft Results" edge cases.
#[test]
fn perft_searches_on_past_positions_drawn_by_rule() {
    assert_eq!(load("5k2/8/8/8/8/8/8/4K2R w K - 0 1").perft(6), 661_072);
    assert_eq!(
        load("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1").perft(6),
        3_821_001
    );
    assert_eq!(load("8/P1k5/K7/8/8/8/8/8 w - - 0 1").perft(6), 92_683);
    let bare = load("k7/8/8/8/8/8/8/KB6 w - - 0 1");
    assert!(
        matches!(bare.turn(), Turn::Over(_)),
        "insufficient material is a draw"
    );
    assert!(bare.perft(1) > 0, "but its moves exist");
    // Where nothing is drawn, the contract's own walk agrees.
    assert_eq!(
        load(KIWIPETE).perft(3),
        load(KIWIPETE).perft_through_contract(3)
    );
}

/// Issue 13 item 5: perft is bounded by its work, not its depth. Kiwipete depth 6 (eight
/// billion leaves) is refused at once with the deepest depth within the limit; depth 5 counts.
#[test]
fn perft_refuses_a_count_over_its_work_limit_and_counts_within_it() {
    let limit = tabula::engine::PERFT_LIMIT;
    let kiwipete = load(KIWIPETE);
    let refused = kiwipete.perft_within(6, limit).unwrap_err();
    assert_eq!(refused.deepest, 5);
    assert!(refused.estimate > 1_000_000_000, "{refused}");
    assert!(
        refused.to_string().contains("depth 5 is within it"),
        "{refused}"
    );
    assert_eq!(start().perft_within(4, limit), Ok(197_281));
    // A small limit refuses what a large one counts.
    let small = start().perft_within(3, 100).unwrap_err();
    assert_eq!(small.deepest, 2);
    assert_eq!(start().perft_within(0, 0), Ok(1));
    // A checkmated side has nothing to count, however deep.
    let mated = play(&start(), &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(mated.perft_within(40, limit), Ok(0));
}

#[test]
fn every_legal_move_reads_back_from_its_own_notation() {
    for fen in [chess_start(), KIWIPETE, POS3, POS4, POS5, POS6] {
        let game = load(fen);
        let moves = game.legal_moves();
        assert!(!moves.is_empty());
        for m in moves {
            let text = game.format(&m);
            assert_eq!(game.read(&text).as_ref(), Ok(&m), "{fen}: {text}");
        }
    }
}

fn chess_start() -> &'static str {
    tabula::rules::chess::START_FEN
}

#[test]
fn lenient_input_reads_san_uci_castling_and_promotion_spellings() {
    let game = start();
    for (typed, san) in [
        ("e4", "e4"),
        ("e2e4", "e4"),
        ("e2-e4", "e4"),
        ("E2E4", "e4"),
        ("nf3", "Nf3"),
        ("Nf3", "Nf3"),
        ("Ng1f3", "Nf3"),
        ("Ng1-f3", "Nf3"),
        ("Nf3!?", "Nf3"),
        ("  nf3 ", "Nf3"),
    ] {
        let m = game.read(typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(game.format(&m), san, "{typed}");
    }
    let castle = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for typed in ["O-O", "0-0", "o-o", "e1g1", "O-O+"] {
        let m = castle
            .read(typed)
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(castle.format(&m), "O-O", "{typed}");
    }
    for typed in ["O-O-O", "0-0-0", "e1c1"] {
        assert_eq!(
            castle.format(&castle.read(typed).unwrap()),
            "O-O-O",
            "{typed}"
        );
    }
    let promote = load("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    for typed in ["e8=Q", "e8Q", "e8q", "e8=q", "e7e8q", "e8=Q+"] {
        assert_eq!(
            promote.format(&promote.read(typed).unwrap()),
            "e8=Q",
            "{typed}"
        );
    }
    assert_eq!(promote.format(&promote.read("e8n").unwrap()), "e8=N");
    let capture = play(&start(), &["e4", "d5"]);
    for typed in ["exd5", "ed5", "e4d5", "exd5+"] {
        assert_eq!(
            capture.format(&capture.read(typed).unwrap()),
            "exd5",
            "{typed}"
        );
    }
}

#[test]
fn lowercase_b_is_a_pawn_first_and_a_bishop_second() {
    // The pawn on b2 and the bishop on d2 can both take on c3.
    let game = load("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1");
    assert_eq!(game.format(&game.read("bxc3").unwrap()), "bxc3");
    assert_eq!(game.format(&game.read("Bxc3").unwrap()), "Bxc3");
    let only_bishop = load("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(only_bishop.format(&only_bishop.read("bc4").unwrap()), "Bc4");
}

#[test]
fn unreadable_text_is_told_apart_from_illegal_and_ambiguous_moves() {
    let game = start();
    for junk in [
        "",
        "hello",
        "z9",
        "Nf9",
        "'; DROP TABLE games; --",
        "♞f3",
        &"e4".repeat(5000),
    ] {
        match game.read(junk) {
            Err(e @ tabula::rules::ParseError::Unreadable { .. }) => {
                assert!(e.examples().len() <= 5 && !e.examples().is_empty());
                assert!(e.to_string().len() < 300, "{e}");
            }
            other => panic!("{junk:?} gave {other:?}"),
        }
    }
    match game.read("e5") {
        Err(tabula::rules::ParseError::Illegal {
            reason, examples, ..
        }) => {
            assert!(reason.contains("e5"), "{reason}");
            assert!(!examples.is_empty() && examples.len() <= 5);
        }
        other => panic!("{other:?}"),
    }
    let knights = load("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    match knights.read("Nd2") {
        Err(tabula::rules::ParseError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["Nbd2", "Nfd2"]);
        }
        other => panic!("{other:?}"),
    }
    match load("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").read("e8") {
        Err(tabula::rules::ParseError::Illegal { reason, .. }) => {
            assert!(reason.contains("becomes"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_moves_say_why() {
    let reason = |fen: &str, text: &str| match load(fen).read(text) {
        Err(tabula::rules::ParseError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    };
    // In check: a move that does not answer it.
    let checked = "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1";
    assert!(reason(checked, "Ra8").contains("in check"));
    assert!(reason(checked, "O-O-O").contains("in check"));
    // A pinned knight.
    assert!(
        reason("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3").contains("leave your king in check")
    );
    // The king walking into check.
    assert!(reason("4k3/3r4/8/8/8/8/8/4K3 w - - 0 1", "Kd1").contains("check"));
    // Missing pieces and blocked paths.
    assert!(reason(tabula::rules::chess::START_FEN, "Qh5").contains("queen"));
    assert!(reason(tabula::rules::chess::START_FEN, "O-O").contains("between"));
    assert!(reason("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3").contains("no knight"));
    assert!(reason(tabula::rules::chess::START_FEN, "e7e5").contains("not yours"));
    assert!(reason(tabula::rules::chess::START_FEN, "e3e4").contains("no piece"));
}

#[test]
fn fools_mate_is_checkmate_for_black() {
    let game = play(&start(), &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: 1,
            reason: WinReason::Checkmate
        })
    );
    assert!(game.legal_moves().is_empty());
    let Game::Chess(chess) = &game else {
        panic!("a chess game");
    };
    assert_eq!(chess.san_history(), ["f3", "e5", "g4", "Qh4#"]);
}

#[test]
fn stalemate_is_drawn() {
    // Sam Loyd's ten-move stalemate.
    let game = play(
        &start(),
        &[
            "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7",
            "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
        ],
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn mate_on_the_hundredth_halfmove_is_still_mate() {
    let game = play(&load("7k/8/6K1/8/8/8/8/R7 w - - 99 80"), &["Ra8#"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn insufficient_material_is_drawn() {
    let game = play(&load("4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1"), &["Qxd2"]);
    assert_eq!(game.outcome(), None, "king and queen can mate");
    let game = play(&load("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1"), &["Kxd2"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial
        })
    );
}

#[test]
fn resignation_and_draw_by_agreement_end_the_game() {
    let game = play(&start(), &["e4"]);
    let resigned = game.apply(&Action::Resign { seat: 1 }).unwrap();
    assert_eq!(
        resigned.outcome(),
        Some(Outcome::Win {
            winner: 0,
            reason: WinReason::Resignation
        })
    );
    assert!(resigned.apply(&Action::Resign { seat: 0 }).is_err());

    let offered = game.apply(&Action::OfferDraw { seat: 0 }).unwrap();
    assert_eq!(offered.draw_offer(), Some(0));
    assert!(
        offered.apply(&Action::AcceptDraw { seat: 0 }).is_err(),
        "cannot accept own offer"
    );
    let agreed = offered.apply(&Action::AcceptDraw { seat: 1 }).unwrap();
    assert_eq!(
        agreed.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );

    let declined = offered.apply(&Action::DeclineDraw { seat: 1 }).unwrap();
    assert_eq!(declined.draw_offer(), None);
    assert_eq!(declined.outcome(), None);
}

#[test]
fn a_move_by_the_opponent_declines_a_draw_offer() {
    let game = play(&start(), &["e4"]);
    let offered = game.apply(&Action::OfferDraw { seat: 0 }).unwrap();
    let replied = play(&offered, &["e5"]);
    assert_eq!(replied.draw_offer(), None);
    // The mover's own offer stands for the opponent's reply.
    let own = play(&start(), &[])
        .apply(&Action::OfferDraw { seat: 0 })
        .unwrap();
    assert_eq!(play(&own, &["e4"]).draw_offer(), Some(0));
}

#[test]
fn only_the_player_to_move_may_move() {
    let game = start();
    let m = game.read("e4").unwrap();
    assert_eq!(
        game.apply(&Action::Play { seat: 1, r#move: m }),
        Err(PlayError::NotYourTurn)
    );
}

#[test]
fn stored_games_are_validated_when_loaded() {
    let game = play(&start(), &["e4", "e5", "Nf3"]);
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    let tampered = json.replace("g1f3", "g1g3");
    assert!(serde_json::from_str::<Game>(&tampered).is_err());
    let wrong_fen = json.replace("4P3", "8");
    assert!(serde_json::from_str::<Game>(&wrong_fen).is_err());
    assert!(
        serde_json::from_str::<Game>(r#"{"game":"chess","start":"garbage","moves":[],"fen":""}"#)
            .is_err()
    );
}
