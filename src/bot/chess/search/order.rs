//! Move ordering: the table's move first, then captures by MVV-LVA, promotions, the killer
//! moves of the ply, and quiet moves by their history of cut-offs.

use shakmaty::{Chess, Move, Position, Role};

use super::{MAX_PLY, Searcher};
use crate::bot::chess::eval::value;

impl Searcher<'_> {
    /// Sorts moves best first: the table's move, captures by MVV-LVA, promotions, killers,
    /// then quiet moves by history.
    pub(super) fn order(&self, pos: &Chess, moves: &mut [Move], tt_move: Option<Move>, ply: usize) {
        let side = pos.turn() as usize;
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        moves.sort_by_cached_key(|m| {
            let key = if Some(*m) == tt_move {
                1 << 30
            } else if let Some(victim) = m.capture() {
                (1 << 29) + 16 * value(victim) - value(m.role()) / 10
            } else if m.is_promotion() {
                (1 << 29) + value(m.promotion().unwrap_or(Role::Pawn))
            } else if killers[0] == Some(*m) {
                1 << 28
            } else if killers[1] == Some(*m) {
                (1 << 28) - 1
            } else {
                self.history[history_index(side, *m)]
            };
            std::cmp::Reverse(key)
        });
    }

    /// Remembers a quiet move that caused a cutoff.
    pub(super) fn reward(&mut self, pos: &Chess, m: Move, ply: usize, depth: i32) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let i = history_index(pos.turn() as usize, m);
        self.history[i] = (self.history[i] + depth * depth).min(1 << 20);
    }
}

fn history_index(side: usize, m: Move) -> usize {
    let role = m.role() as usize - 1;
    (side * 6 + role) * 64 + m.to() as usize
}
