//! The chess search: iterative deepening of a principal-variation alpha-beta with aspiration
//! windows, null-move pruning, late-move reductions and a check extension, a quiescence search
//! through captures and promotions (and every evasion when in check), a transposition table
//! keyed by shakmaty's Zobrist hash ([`super::tt`]), and moves ordered by the table's move,
//! MVV-LVA, killers and history. Repetitions, the fifty-move rule and insufficient material
//! score as draws.

use rand::Rng as _;
use rand::rngs::StdRng;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role};

mod order;
mod root;

use super::eval::{evaluate, value};
use super::tt::{EXACT, Entry, LOWER, Table, UPPER};
use crate::bot::Budget;

/// A mate's score, less the plies to reach it.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATED_BEYOND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
/// The deepest the search goes, extensions included.
const MAX_PLY: usize = 100;
/// How often (in nodes) the deadlines and the node limit are checked.
const CHECK_EVERY: u64 = 256;
/// The half-width of the first aspiration window, in centipawns.
const WINDOW: i32 = 40;

/// What a level lets the search do.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: u32,
    /// The most nodes, on top of the budget's own limits.
    pub nodes: Option<u64>,
    /// Up to how many centipawns of noise are added to each root move's score (0: none).
    pub noise: i32,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct Found {
    pub best: Move,
    /// The score of the best move for the side to move, in centipawns (mates near `MATE`).
    pub score: i32,
    /// The depth of the last finished iteration (0 when none finished).
    pub depth: u32,
    /// The expected line, the best move first.
    pub pv: Vec<Move>,
}

/// Where a node of the search stands: its hash, depth left (check extension included),
/// distance from the root, whether the side to move is in check, and whether it is on the
/// main line (a window wider than null).
#[derive(Clone, Copy, Debug)]
struct Node {
    h: u64,
    depth: i32,
    ply: usize,
    in_check: bool,
    pv: bool,
}

/// Returns the stored score when a table entry deep enough settles a node off the main line.
fn cutoff(e: Entry, node: Node, alpha: i32, beta: i32) -> Option<i32> {
    if node.pv || i32::from(e.depth) < node.depth {
        return None;
    }
    let usable = match e.bound {
        EXACT => true,
        LOWER => e.score >= beta,
        _ => e.score <= alpha,
    };
    usable.then_some(e.score)
}

struct Searcher<'a> {
    budget: &'a Budget,
    max_nodes: Option<u64>,
    nodes: u64,
    stopped: bool,
    tt: Table,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Quiet moves that caused cutoffs, by side, piece and target square.
    history: Vec<i32>,
    /// The hashes of the positions before the current one: the game's, then the search's.
    path: Vec<u64>,
}

/// Returns the Zobrist hash of `pos` as the game keeps it.
pub fn hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn child_hash(pos: &Chess, next: &Chess, h: u64, m: Move) -> u64 {
    pos.update_zobrist_hash(Zobrist64(h), m, EnPassantMode::Legal)
        .map_or_else(|| hash(next), |z| z.0)
}

/// Searches `pos` (reached through the positions hashed in `before`, oldest first) within
/// `limits` and `budget`; returns `None` when there is no legal move.
pub fn search(
    pos: &Chess,
    before: &[u64],
    limits: Limits,
    budget: &Budget,
    rng: &mut StdRng,
) -> Option<Found> {
    let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    if moves.is_empty() {
        return None;
    }
    let mut s = Searcher::new(budget, limits, before);
    let root_hash = hash(pos);
    s.order(pos, &mut moves, None, 0);
    let noise = root_noise(moves.len(), limits.noise, rng);
    let mut found: Option<(Move, i32, u32)> = None;
    let deepest = if moves.len() == 1 {
        limits.depth.min(4)
    } else {
        limits.depth
    };
    for depth in 1..=deepest {
        // Cancelled or out of time before starting: answer with the best ordered move.
        if budget.hard_done(s.nodes) || (depth > 1 && budget.soft_done(s.nodes)) {
            break;
        }
        let result = if limits.noise > 0 {
            s.root_noisy(pos, root_hash, &moves, &noise, depth)
        } else {
            s.root_aspirated(pos, root_hash, &mut moves, depth, found.map(|f| f.1))
        };
        match result {
            Some((m, score)) if !s.stopped => found = Some((m, score, depth)),
            // A move that beat the previous best in an unfinished iteration is better still.
            Some((m, score)) if found.is_some_and(|f| f.0 != m && limits.noise == 0) => {
                found = Some((m, score, depth - 1));
            }
            _ => {}
        }
        if s.stopped || found.is_some_and(|f| f.1.abs() > MATED_BEYOND && depth > 2) {
            break;
        }
        if let Some((m, _, _)) = found
            && let Some(i) = moves.iter().position(|x| *x == m)
        {
            let first = moves.remove(i);
            moves.insert(0, first);
        }
    }
    let (best, score, depth) = found.unwrap_or((moves[0], evaluate(pos), 0));
    let pv = s.pv(pos, root_hash, best, depth.max(1) as usize + 4);
    Some(Found {
        best,
        score,
        depth,
        pv,
    })
}

/// Draws the noise added to each of `count` root moves' scores: up to `noise` centipawns
/// either way (none when `noise` is 0).
fn root_noise(count: usize, noise: i32, rng: &mut StdRng) -> Vec<i32> {
    (0..count)
        .map(|_| {
            if noise > 0 {
                rng.random_range(-noise..=noise)
            } else {
                0
            }
        })
        .collect()
}

impl<'a> Searcher<'a> {
    /// Makes a searcher for `limits` within `budget`, after the game's positions `before`:
    /// a small transposition table when few nodes are allowed.
    fn new(budget: &'a Budget, limits: Limits, before: &[u64]) -> Searcher<'a> {
        let tt_bits = if limits.nodes.is_some_and(|n| n < 100_000) {
            14
        } else {
            18
        };
        Searcher {
            budget,
            max_nodes: limits.nodes,
            nodes: 0,
            stopped: false,
            tt: Table::new(tt_bits),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 6 * 64],
            path: before.to_vec(),
        }
    }
}

impl Searcher<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY)
            && (self.budget.hard_done(self.nodes)
                || self.max_nodes.is_some_and(|n| self.nodes >= n))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Returns whether the current position repeats one since the last irreversible move.
    fn repeats(&self, pos: &Chess, h: u64) -> bool {
        let reversible = pos.halfmoves() as usize;
        let n = self.path.len();
        (2..=reversible.min(n))
            .step_by(2)
            .any(|back| self.path[n - back] == h)
    }

    /// Scores `pos` for the side to move, `depth` plies on, then through captures.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Chess,
        h: u64,
        mut depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        null_ok: bool,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if pos.halfmoves() >= 100 || pos.is_insufficient_material() || self.repeats(pos, h) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        let in_check = pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta);
        }
        let node = Node {
            h,
            depth,
            ply,
            in_check,
            pv: beta - alpha > 1,
        };
        let entry = self.tt.probe(h, ply);
        if let Some(score) = entry.and_then(|e| cutoff(e, node, alpha, beta)) {
            return score;
        }
        let stand = evaluate(pos);
        if !node.pv
            && !in_check
            && let Some(score) = self.prune(pos, node, stand, beta, null_ok)
        {
            return score;
        }
        let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        self.order(pos, &mut moves, entry.and_then(|e| e.best), ply);
        self.search_moves(pos, node, &moves, stand, (alpha, beta))
    }

    /// Tries the cut-offs taken before any move is searched, at a node off the main line and
    /// not in check: far above beta with little depth left (the opponent would not allow
    /// this), or passing still beats beta (a real move surely does; not in pawn endings).
    /// Returns the score to return, if one applies (0 when the search stopped meanwhile).
    fn prune(
        &mut self,
        pos: &Chess,
        node: Node,
        stand: i32,
        beta: i32,
        null_ok: bool,
    ) -> Option<i32> {
        let Node { h, depth, ply, .. } = node;
        if depth <= 3 && stand - 90 * depth >= beta && beta.abs() < MATED_BEYOND {
            return Some(stand);
        }
        if null_ok
            && depth >= 3
            && stand >= beta
            && has_pieces(pos)
            && let Ok(null) = pos.clone().swap_turn()
        {
            let r = 2 + depth / 4;
            self.path.push(h);
            let score = -self.negamax(
                &null,
                hash(&null),
                depth - 1 - r,
                ply + 1,
                -beta,
                -beta + 1,
                false,
            );
            self.path.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= beta && score < MATED_BEYOND {
                return Some(score);
            }
        }
        None
    }

    /// Searches the ordered moves of a node in the window (alpha, beta): the first with the
    /// full window, the rest with a null window (late quiet ones reduced) and again in full
    /// when they beat alpha. Stores the result and returns the node's score.
    fn search_moves(
        &mut self,
        pos: &Chess,
        node: Node,
        moves: &[Move],
        stand: i32,
        (mut alpha, beta): (i32, i32),
    ) -> i32 {
        let Node {
            h,
            depth,
            ply,
            in_check,
            pv,
        } = node;
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        self.path.push(h);
        for (i, &m) in moves.iter().enumerate() {
            let quiet = !m.is_capture() && !m.is_promotion();
            let mut next = pos.clone();
            next.play_unchecked(m);
            let gives_check = next.is_check();
            // Hopeless quiet moves near the leaves are not worth a look.
            if quiet
                && !in_check
                && !gives_check
                && i > 0
                && depth <= 2
                && !pv
                && stand + 120 * depth <= alpha
            {
                continue;
            }
            let nh = child_hash(pos, &next, h, m);
            let score = if i == 0 {
                -self.negamax(&next, nh, depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                let reduce = if quiet && !in_check && !gives_check && depth >= 3 && i >= 3 {
                    1 + i32::from(i >= 8 && depth >= 6)
                } else {
                    0
                };
                self.null_window(&next, nh, node, reduce, (alpha, beta))
            };
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    if quiet {
                        self.reward(pos, m, ply, depth);
                    }
                    break;
                }
            }
        }
        self.path.pop();
        if best == -INF {
            // Every move was pruned: the position is as bad as it looked.
            return alpha;
        }
        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha {
            EXACT
        } else {
            UPPER
        };
        self.tt.store(h, depth, best, bound, best_move, ply);
        best
    }

    /// Scores a later move's position with a null window, `reduce` plies shallower; searches
    /// again at full depth, then with the full window, while it beats alpha.
    fn null_window(
        &mut self,
        next: &Chess,
        nh: u64,
        node: Node,
        reduce: i32,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let (depth, ply) = (node.depth, node.ply);
        let mut s = -self.negamax(
            next,
            nh,
            depth - 1 - reduce,
            ply + 1,
            -alpha - 1,
            -alpha,
            true,
        );
        if s > alpha && reduce > 0 && !self.stopped {
            s = -self.negamax(next, nh, depth - 1, ply + 1, -alpha - 1, -alpha, true);
        }
        if s > alpha && s < beta && !self.stopped {
            s = -self.negamax(next, nh, depth - 1, ply + 1, -beta, -alpha, true);
        }
        s
    }

    /// Follows captures and promotions until the position is quiet (every move when in check).
    fn quiesce(&mut self, pos: &Chess, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        if pos.is_insufficient_material() {
            return 0;
        }
        let in_check = pos.is_check();
        let stand = evaluate(pos);
        if ply >= MAX_PLY - 1 {
            return stand;
        }
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if !in_check {
            let them = !pos.turn();
            let board = pos.board();
            moves.retain(|m| {
                if m.is_promotion() {
                    return m.promotion() == Some(Role::Queen);
                }
                let Some(victim) = m.capture() else {
                    return false;
                };
                // Too little to win back the deficit, or a bigger piece into a guarded square.
                if stand + value(victim) + 200 < alpha {
                    return false;
                }
                let guarded = m.from().is_some_and(|from| {
                    let occupied = board.occupied().without(from);
                    board.attacks_to(m.to(), them, occupied).any()
                });
                !(guarded && value(m.role()) > value(victim) + 50)
            });
        }
        self.order(pos, &mut moves, None, MAX_PLY - 1);
        let mut best = if in_check { -INF } else { stand };
        for m in moves {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let score = -self.quiesce(&next, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Returns whether the side to move has a piece besides pawns and its king.
fn has_pieces(pos: &Chess) -> bool {
    let board = pos.board();
    let own = board.by_color(pos.turn());
    (own & !board.pawns() & !board.kings()).any()
}
