//! The root of the search: every root move searched in order (with an aspiration window
//! around the last score, or in full with each move's noise), and the expected line read back
//! from the transposition table.

use shakmaty::{Chess, Move, Position};

use super::{EXACT, INF, MATED_BEYOND, Searcher, WINDOW, child_hash};

impl Searcher<'_> {
    /// Searches the root with a window around the last score, widening on a miss.
    pub(super) fn root_aspirated(
        &mut self,
        pos: &Chess,
        h: u64,
        moves: &mut [Move],
        depth: u32,
        last: Option<i32>,
    ) -> Option<(Move, i32)> {
        let (mut alpha, mut beta) = match last {
            Some(score) if depth >= 4 && score.abs() < MATED_BEYOND => {
                (score - WINDOW, score + WINDOW)
            }
            _ => (-INF, INF),
        };
        loop {
            let (best, score) = self.root(pos, h, moves, depth, alpha, beta)?;
            if self.stopped {
                return Some((best, score)).filter(|_| score > alpha);
            }
            if score <= alpha {
                alpha = -INF;
            } else if score >= beta {
                beta = INF;
            } else {
                return Some((best, score));
            }
        }
    }

    /// Searches every root move in order within (`alpha`, `beta`); returns the best.
    pub(super) fn root(
        &mut self,
        pos: &Chess,
        h: u64,
        moves: &[Move],
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(Move, i32)> {
        let mut best: Option<(Move, i32)> = None;
        self.path.push(h);
        for (i, &m) in moves.iter().enumerate() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let nh = child_hash(pos, &next, h, m);
            let d = depth as i32 - 1;
            let score = if i == 0 {
                -self.negamax(&next, nh, d, 1, -beta, -alpha, true)
            } else {
                let probe = -self.negamax(&next, nh, d, 1, -alpha - 1, -alpha, true);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(&next, nh, d, 1, -beta, -alpha, true)
                } else {
                    probe
                }
            };
            if self.stopped {
                break;
            }
            if best.is_none_or(|b| score > b.1) {
                best = Some((m, score));
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        self.path.pop();
        if let Some((m, score)) = best
            && !self.stopped
        {
            self.tt.store(h, depth as i32, score, EXACT, Some(m), 0);
        }
        best
    }

    /// Searches every root move with a full window and picks the best after its noise.
    pub(super) fn root_noisy(
        &mut self,
        pos: &Chess,
        h: u64,
        moves: &[Move],
        noise: &[i32],
        depth: u32,
    ) -> Option<(Move, i32)> {
        let mut best: Option<(Move, i32, i32)> = None;
        self.path.push(h);
        for (&m, &n) in moves.iter().zip(noise) {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let nh = child_hash(pos, &next, h, m);
            let score = -self.negamax(&next, nh, depth as i32 - 1, 1, -INF, INF, true);
            if self.stopped {
                break;
            }
            if best.is_none_or(|b| score + n > b.2) {
                best = Some((m, score, score + n));
            }
        }
        self.path.pop();
        best.map(|(m, score, _)| (m, score))
    }

    /// Follows the table's moves from the root: the line the search expects.
    pub(super) fn pv(&self, pos: &Chess, h: u64, best: Move, most: usize) -> Vec<Move> {
        let mut line = vec![best];
        let mut pos = pos.clone();
        let mut h = h;
        let mut seen = vec![h];
        let mut m = best;
        loop {
            let mut next = pos.clone();
            next.play_unchecked(m);
            h = child_hash(&pos, &next, h, m);
            pos = next;
            if seen.contains(&h) || line.len() >= most {
                break;
            }
            seen.push(h);
            match self.tt.probe(h, 0).and_then(|e| e.best) {
                Some(n) if pos.is_legal(n) => {
                    line.push(n);
                    m = n;
                }
                _ => break,
            }
        }
        line
    }
}
