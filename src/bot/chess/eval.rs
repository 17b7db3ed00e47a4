//! What a chess position is worth to the side to move, in centipawns: material and where the
//! pieces stand, tapered from the middlegame to the endgame as pieces come off, with mobility,
//! pawn structure, the bishop pair, rooks on open files and the king's pawn shield.

use shakmaty::attacks;
use shakmaty::{Bitboard, Board, Chess, Color, File, Position, Role, Square};

/// A middlegame and an endgame score, blended by the phase.
#[derive(Clone, Copy, Default)]
struct Score {
    mg: i32,
    eg: i32,
}

impl Score {
    fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// What each piece is worth in the middlegame and in the endgame (pawn, knight, bishop, rook,
/// queen, king).
const VALUE_MG: [i32; 6] = [90, 320, 335, 480, 960, 0];
const VALUE_EG: [i32; 6] = [110, 300, 320, 530, 990, 0];

/// How much each piece counts toward the middlegame phase (24 at the start).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

/// A pawn's bonus for its rank (from its own side), middlegame and endgame.
const PAWN_RANK_MG: [i32; 8] = [0, 0, 2, 8, 18, 30, 50, 0];
const PAWN_RANK_EG: [i32; 8] = [0, 0, 6, 14, 28, 50, 80, 0];
/// A passed pawn's extra bonus for its rank.
const PASSED_MG: [i32; 8] = [0, 5, 8, 14, 25, 45, 70, 0];
const PASSED_EG: [i32; 8] = [0, 10, 16, 30, 55, 90, 140, 0];

/// What one square of mobility is worth (knight, bishop, rook, queen), and the count a piece
/// has on average, so an ordinary piece scores about nothing.
const MOBILITY_MG: [i32; 4] = [4, 5, 2, 1];
const MOBILITY_EG: [i32; 4] = [4, 5, 4, 2];
const MOBILITY_AVERAGE: [i32; 4] = [4, 6, 6, 12];

/// The bonus for moving, since the side to move is usually better off than a static count says.
const TEMPO: i32 = 10;

/// Returns what the position is worth to the side to move.
pub fn evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    let mut phase = 0;
    let mut white = Score::default();
    let mut black = Score::default();
    for color in Color::ALL {
        let score = if color == Color::White {
            &mut white
        } else {
            &mut black
        };
        phase += side(board, color, score);
    }
    let phase = phase.min(FULL_PHASE);
    let mg = white.mg - black.mg;
    let eg = white.eg - black.eg;
    let blended = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    let blended = scale_drawish(board, blended);
    let for_mover = if pos.turn() == Color::White {
        blended
    } else {
        -blended
    };
    for_mover + TEMPO
}

/// Returns the material of one side in centipawns (middlegame values), kings left out.
pub fn material(board: &Board, color: Color) -> i32 {
    Role::ALL
        .iter()
        .map(|&role| VALUE_MG[role_index(role)] * (board.by_piece(role.of(color)).count() as i32))
        .sum()
}

/// Returns what a piece of `role` is worth, for ordering captures and for exchange sums.
pub fn value(role: Role) -> i32 {
    VALUE_MG[role_index(role)]
}

fn role_index(role: Role) -> usize {
    match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

/// Adds up one side's terms and returns its share of the phase.
fn side(board: &Board, color: Color, score: &mut Score) -> i32 {
    let us = board.by_color(color);
    let occupied = board.occupied();
    let own_pawns = board.pawns() & us;
    let their_pawns = board.pawns() & !us;
    let mut phase = 0;
    for sq in us {
        let Some(role) = board.role_at(sq) else {
            continue;
        };
        let i = role_index(role);
        phase += PHASE[i];
        score.add(VALUE_MG[i], VALUE_EG[i]);
        // Squares as White sees them: rank 0 is the side's own back rank.
        let rel = if color == Color::White {
            sq
        } else {
            sq.flip_vertical()
        };
        let (mg, eg) = placement(role, rel);
        score.add(mg, eg);
        let reach = match role {
            Role::Knight => attacks::knight_attacks(sq),
            Role::Bishop => attacks::bishop_attacks(sq, occupied),
            Role::Rook => attacks::rook_attacks(sq, occupied),
            Role::Queen => attacks::queen_attacks(sq, occupied),
            _ => Bitboard(0),
        };
        if let Some(m) = i.checked_sub(1).filter(|m| *m < 4) {
            let count = (reach & !us).count() as i32 - MOBILITY_AVERAGE[m];
            score.add(MOBILITY_MG[m] * count, MOBILITY_EG[m] * count);
        }
        match role {
            Role::Pawn => pawn(sq, rel, color, own_pawns, their_pawns, score),
            Role::Rook => {
                let file = Bitboard::from_file(sq.file());
                if (file & own_pawns).is_empty() {
                    let open = (file & their_pawns).is_empty();
                    score.add(if open { 20 } else { 10 }, if open { 10 } else { 5 });
                }
            }
            Role::King => score.add(shield(sq, color, own_pawns), 0),
            _ => {}
        }
    }
    if (board.bishops() & us).more_than_one() {
        score.add(30, 50);
    }
    phase
}

/// Returns where a piece stands well, from its own side (rank 0 is its back rank).
fn placement(role: Role, rel: Square) -> (i32, i32) {
    let (f, r) = (rel.file().to_u32() as i32, rel.rank().to_u32() as i32);
    // How central a square is: 0 on the rim, 6 in the middle four squares.
    let centre = f.min(7 - f) + r.min(7 - r);
    match role {
        Role::Pawn => {
            let central = if (3..=4).contains(&f) && (3..=4).contains(&r) {
                12
            } else {
                0
            };
            (PAWN_RANK_MG[r as usize] + central, PAWN_RANK_EG[r as usize])
        }
        Role::Knight => (
            6 * centre - 18 - if r == 0 { 8 } else { 0 },
            4 * centre - 12,
        ),
        Role::Bishop => (3 * centre - 9 - if r == 0 { 6 } else { 0 }, 3 * centre - 9),
        Role::Rook => (
            if r == 6 { 20 } else { 0 } + if r == 0 && (2..=5).contains(&f) { 5 } else { 0 },
            if r == 6 { 10 } else { 0 },
        ),
        Role::Queen => (centre - 3 - if r == 0 { 0 } else { 2 }, 4 * centre - 12),
        Role::King => {
            let mg = match (r, f) {
                (0, 0..=2 | 6..=7) => 25,
                (0, _) => 0,
                (1, _) => -15,
                _ => -30 * r.min(3),
            };
            (mg, 8 * centre - 24)
        }
    }
}

/// Scores a pawn's structure: doubled, isolated, passed.
fn pawn(sq: Square, rel: Square, color: Color, own: Bitboard, theirs: Bitboard, score: &mut Score) {
    let file = sq.file();
    let neighbours = neighbour_files(file);
    if (Bitboard::from_file(file) & own).more_than_one() {
        score.add(-8, -16);
    }
    if (neighbours & own).is_empty() {
        score.add(-12, -14);
    }
    let ahead = ahead_of(sq, color);
    let span = (Bitboard::from_file(file) | neighbours) & ahead;
    if (span & theirs).is_empty() && (Bitboard::from_file(file) & ahead & own).is_empty() {
        let r = rel.rank().to_usize();
        score.add(PASSED_MG[r], PASSED_EG[r]);
    }
}

/// Returns the files either side of `file`.
fn neighbour_files(file: File) -> Bitboard {
    [file.offset(-1), file.offset(1)]
        .into_iter()
        .flatten()
        .fold(Bitboard(0), |b, f| b | Bitboard::from_file(f))
}

/// Returns every square on the ranks ahead of `sq` for `color`.
fn ahead_of(sq: Square, color: Color) -> Bitboard {
    let r = sq.rank().to_u32();
    match color {
        Color::White if r < 7 => Bitboard(!0u64 << (8 * (r + 1))),
        Color::Black if r > 0 => Bitboard(!0u64 >> (8 * (8 - r))),
        _ => Bitboard(0),
    }
}

/// Scores the pawns in front of a king (middlegame only): each one shelters it.
fn shield(king: Square, color: Color, own: Bitboard) -> i32 {
    let files = Bitboard::from_file(king.file()) | neighbour_files(king.file());
    let near = ahead_of(king, color) & files & !ahead_of2(king, color);
    8 * (near & own).count() as i32
}

/// Returns the ranks more than two ahead of `sq` for `color`.
fn ahead_of2(sq: Square, color: Color) -> Bitboard {
    let r = sq.rank().to_u32();
    match color {
        Color::White if r < 5 => Bitboard(!0u64 << (8 * (r + 3))),
        Color::Black if r > 2 => Bitboard(!0u64 >> (8 * (10 - r))),
        _ => Bitboard(0),
    }
}

/// Halves an edge the side ahead cannot convert: no pawns and at most a minor piece up.
fn scale_drawish(board: &Board, score: i32) -> i32 {
    let ahead = if score > 0 {
        Color::White
    } else {
        Color::Black
    };
    let pawns = (board.pawns() & board.by_color(ahead)).count();
    let edge = material(board, ahead) - material(board, !ahead);
    if pawns == 0 && edge < VALUE_MG[3] {
        score / 4
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn the_start_is_level_but_for_the_move() {
        let start = Chess::default();
        assert_eq!(evaluate(&start), TEMPO);
    }

    /// Returns the FEN of `fen` with the board turned around and the colours swapped.
    fn mirrored(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let board: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| rank.chars().map(swap).collect())
            .collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        format!("{} {turn} - - 0 1", board.join("/"))
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_mover() {
        for fen in [
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w - - 0 5",
            "8/5pk1/6p1/1P6/8/2r3P1/5PK1/3R4 b - - 0 40",
        ] {
            assert_eq!(evaluate(&pos(fen)), evaluate(&pos(&mirrored(fen))), "{fen}");
        }
    }

    #[test]
    fn a_queen_up_is_worth_most_of_a_queen() {
        let up = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(evaluate(&up) > 800, "{}", evaluate(&up));
    }

    #[test]
    fn a_passed_pawn_on_the_seventh_is_worth_more_than_on_the_second() {
        let far = pos("8/4P3/8/8/8/k7/8/4K3 w - - 0 1");
        let near = pos("8/8/8/8/8/k7/4P3/4K3 w - - 0 1");
        assert!(evaluate(&far) > evaluate(&near) + 100);
    }
}
