//! The chess bot: the random level, then searches of our own on shakmaty's move generator
//! ([`search`]) over a tapered evaluation ([`eval`]), each level held to a depth, a node limit
//! and some noise, the strongest to the whole [`Budget`].

mod eval;
mod search;
mod tt;

use rand::rngs::StdRng;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position, Role};

use super::random::{RANDOM, pick};
use super::{Bound, Brain, Budget, Elo, Level, Pick};
use crate::rules::chess::{ChessGame, color_of};
use crate::rules::{Rules, Seat, Turn};
use search::{Found, Limits, MATE, MATED_BEYOND};

/// What the levels above random may do, weakest first (level 2 is `STYLES[0]`).
const STYLES: [Limits; 4] = [
    Limits {
        depth: 1,
        nodes: Some(20_000),
        noise: 80,
    },
    Limits {
        depth: 3,
        nodes: Some(40_000),
        noise: 15,
    },
    Limits {
        depth: 64,
        nodes: Some(150_000),
        noise: 0,
    },
    Limits {
        depth: 64,
        nodes: None,
        noise: 0,
    },
];

/// Whom the levels' Elo ratings were measured against (`cargo bench --bench strength_chess --
/// elo`: each level at the bot's own 2 s / 3 s a move, counted in positions).
const AGAINST_STOCKFISH: &str = "Stockfish 15.1 at its calibrated UCI_Elo, 2026-11-27";

/// How far behind (in centipawns) the bot must think it stands to accept a draw.
const DRAW_MARGIN: i32 = 50;
/// How many nodes the bot spends on deciding about a draw offer.
const DRAW_NODES: u64 = 30_000;

impl Brain for ChessGame {
    const LEVELS: &'static [Level] = &[
        RANDOM,
        Level {
            name: "beginner",
            about: "looks one move ahead and through the captures, with a lot of noise",
            measured: "scores 100% against level 1 over 20 games (2026-11-26)",
        },
        Level {
            name: "casual",
            about: "looks three plies ahead (40,000 positions at most), with a little noise",
            measured: "scores 100% against level 2 over 20 games (2026-11-26)",
        },
        Level {
            name: "club",
            about: "deepens its search over 150,000 positions (under half a second)",
            measured: "scores 100% against level 3 over 20 games (2026-11-26)",
        },
        Level {
            name: "strong",
            about: "deepens its search as long as the time allows (2 s)",
            measured: "scores 82.5% against level 4 over 20 games at 0.5 s a move, 99% against \
                       Stockfish at skill level 0 over 100 games at 0.1 s a move, and solves 261 of \
                       the 299 Win at Chess positions at 1 s each (2026-11-26)",
        },
    ];

    const ELO: &'static [Option<Elo>] = &[
        None,
        Some(Elo {
            rating: 1350,
            error: 0,
            bound: Bound::Below,
            games: 20,
            against: AGAINST_STOCKFISH,
        }),
        Some(Elo {
            rating: 1476,
            error: 80,
            bound: Bound::About,
            games: 20,
            against: AGAINST_STOCKFISH,
        }),
        Some(Elo {
            rating: 1959,
            error: 87,
            bound: Bound::About,
            games: 20,
            against: AGAINST_STOCKFISH,
        }),
        Some(Elo {
            rating: 2092,
            error: 93,
            bound: Bound::About,
            games: 15,
            against: AGAINST_STOCKFISH,
        }),
    ];

    fn choose(
        &self,
        seat: Seat,
        level: usize,
        budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Pick<UciMove>> {
        if self.turn() != Turn::Move(seat) {
            return None;
        }
        let level = super::clamp_level::<ChessGame>(level);
        if level == 1 {
            return pick(self, seat, rng);
        }
        let pos = self.current_position();
        let found = search::search(pos, &before(self), STYLES[level - 2], budget, rng)?;
        Some(Pick {
            why: why(pos, &found),
            r#move: UciMove::from_standard(found.best),
        })
    }

    /// Accepts a draw when a short search says the bot stands worse.
    fn accepts_draw(&self, seat: Seat, level: usize) -> bool {
        let Some(color) = color_of(seat) else {
            return false;
        };
        if level <= 1 || !matches!(self.turn(), Turn::Move(_)) {
            return false;
        }
        let pos = self.current_position();
        let limits = Limits {
            depth: 64,
            nodes: Some(DRAW_NODES),
            noise: 0,
        };
        let budget = Budget::nodes(DRAW_NODES);
        let mut rng = <StdRng as rand::SeedableRng>::seed_from_u64(0);
        let Some(found) = search::search(pos, &before(self), limits, &budget, &mut rng) else {
            return false;
        };
        let ours = if pos.turn() == color {
            found.score
        } else {
            -found.score
        };
        ours < -DRAW_MARGIN
    }
}

/// Returns the hashes of the game's positions before the current one.
fn before(game: &ChessGame) -> Vec<u64> {
    let hashes = game.position_hashes();
    hashes[..hashes.len() - 1].iter().map(|h| h.0).collect()
}

/// Says in one line what the move is for: the material the expected line wins or gives up,
/// the score in pawns, and how deep the search looked, e.g. `wins a knight (+3.1), depth 7`.
fn why(pos: &Chess, found: &Found) -> String {
    let score = found.score;
    let depth = found.depth;
    if score > MATED_BEYOND {
        let moves = (MATE - score + 1) / 2;
        return format!("mates in {moves}, depth {depth}");
    }
    if score < -MATED_BEYOND {
        let moves = (MATE + score + 1) / 2;
        return format!("holds out longest against mate in {moves}, depth {depth}");
    }
    let pawns = f64::from(score) / 100.0;
    format!(
        "{} ({pawns:+.1}), depth {depth}",
        material_words(pos, &found.pv)
    )
}

/// Describes what the line `pv` does to the mover's material.
fn material_words(pos: &Chess, pv: &[Move]) -> String {
    let mover = pos.turn();
    let mut won: Vec<Role> = Vec::new();
    let mut lost: Vec<Role> = Vec::new();
    let mut promoted = None;
    let mut pos = pos.clone();
    for &m in pv {
        let ours = pos.turn() == mover;
        if let Some(role) = m.capture() {
            let (mine, theirs) = if ours {
                (&mut won, &mut lost)
            } else {
                (&mut lost, &mut won)
            };
            // A piece taken back cancels a piece of the same kind taken.
            match theirs.iter().position(|r| *r == role) {
                Some(i) => {
                    theirs.remove(i);
                }
                None => mine.push(role),
            }
        }
        if ours && promoted.is_none() {
            promoted = m.promotion();
        }
        pos.play_unchecked(m);
    }
    let gain: i32 = won.iter().map(|r| eval::value(*r)).sum();
    let loss: i32 = lost.iter().map(|r| eval::value(*r)).sum();
    let names = |roles: &[Role]| {
        let mut roles = roles.to_vec();
        roles.sort_by_key(|r| std::cmp::Reverse(eval::value(*r)));
        let words: Vec<String> = roles.iter().map(|r| format!("a {}", name(*r))).collect();
        words.join(" and ")
    };
    let trade = match (won.is_empty(), lost.is_empty()) {
        (true, true) => None,
        (false, true) => Some(format!("wins {}", names(&won))),
        (true, false) => Some(format!("gives up {}", names(&lost))),
        (false, false) if gain >= loss => {
            Some(format!("wins {} for {}", names(&won), names(&lost)))
        }
        (false, false) => Some(format!("gives {} for {}", names(&lost), names(&won))),
    };
    match (trade, promoted) {
        (Some(t), Some(r)) => format!("promotes to a {} and {t}", name(r)),
        (Some(t), None) => t,
        (None, Some(r)) => format!("promotes to a {}", name(r)),
        (None, None) => {
            let material = eval::material(pos.board(), mover) - eval::material(pos.board(), !mover);
            if material == 0 {
                "keeps material level".into()
            } else if material > 0 {
                "keeps its material edge".into()
            } else {
                "plays on a material deficit".into()
            }
        }
    }
}

fn name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}
