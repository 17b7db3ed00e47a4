//! A roll's bookkeeping, derived from the pawns: what a throw gives (the parts, the pawns
//! waiting in START, whether entering is compulsory, the blockade pairs), and the replay of
//! a stored roll's parts that re-derives everything it owes (parts left, bonuses, rolls).

use super::board::{self, HOME, START};
use super::moves::{Node, Part, Search, enter};
use super::{ParcheesiGame, RollState};
use crate::rules::Seat;

impl ParcheesiGame {
    /// Returns the roll `dice` give `seat` with `pawns` on the board, as the throw sets it up.
    pub(super) fn fresh_roll(&self, pawns: &[[u8; 4]], seat: Seat, dice: [u8; 2]) -> RollState {
        let own = pawns.get(seat).copied().unwrap_or([START; 4]);
        let waiting = own.iter().filter(|&&p| p == START).count() as u8;
        let parts = self.rules.parts(dice, usize::from(waiting));
        let all_or_nothing = parts.len() == 4 && self.rules.doubles_all_or_nothing;
        let mut pairs = Vec::new();
        if self.rules.pair_may_not_advance_together {
            for i in 0..4u8 {
                for j in i + 1..4 {
                    let p = own[usize::from(i)];
                    if p != START && p != HOME && p == own[usize::from(j)] {
                        pairs.push([i, j, p]);
                    }
                }
            }
        }
        let mut left = parts.clone();
        left.sort_unstable_by(|x, y| y.cmp(x));
        let mut roll = RollState {
            dice,
            parts,
            left,
            waiting,
            all_or_nothing,
            must_enter: false,
            pairs,
            capture: 0,
            home: 0,
            again: 0,
            bonus_phase: false,
            played: Vec::new(),
        };
        // Entering is compulsory when the rules say so and a pawn can enter straight away.
        if self.rules.must_enter {
            let node = node_at(pawns, &roll);
            let ctx = self.ctx(seat, &roll);
            let board = board::Board::of(&node.pawns[..ctx.players]);
            roll.must_enter = enter(&ctx, &node, &board).is_ok();
        }
        roll
    }

    /// Re-derives the roll `seat` is playing from the pawns at its throw by replaying its
    /// parts as they were played; returns the roll and where it leaves the pawns, or `None`
    /// when a part was not legal in its turn.
    pub(super) fn replay_roll(
        &self,
        at_throw: &[[u8; 4]],
        seat: Seat,
        dice: [u8; 2],
        played: &[Part],
    ) -> Option<(RollState, Node)> {
        let mut roll = self.fresh_roll(at_throw, seat, dice);
        let mut node = node_at(at_throw, &roll);
        let mut search = Search::new(self.ctx(seat, &roll));
        for part in played {
            let (_, child) = search
                .legal_next(&node)
                .into_iter()
                .find(|(p, _)| p == part)?;
            node = child;
        }
        roll.left = node.left.iter().copied().filter(|&v| v > 0).collect();
        roll.capture = node.capture;
        roll.home = node.home;
        roll.again = node.again;
        roll.bonus_phase = node.bonus_phase;
        roll.played = played.to_vec();
        Some((roll, node))
    }

    /// Takes the pawns of seats that resigned during the roll just over off the board.
    pub(super) fn clear_resigned(&mut self) {
        for (set, resigned) in self.pawns.iter_mut().zip(&self.resigned) {
            if *resigned {
                *set = [START; 4];
            }
        }
    }
}

/// Builds the search node of `roll` over `pawns` (at most four seats).
pub(super) fn node_at(pawns: &[[u8; 4]], roll: &RollState) -> Node {
    let mut all = [[START; 4]; 4];
    for (slot, set) in all.iter_mut().zip(pawns) {
        *slot = *set;
    }
    let mut left = [0; 4];
    for (slot, v) in left.iter_mut().zip(&roll.left) {
        *slot = *v;
    }
    left.sort_unstable_by(|a, b| b.cmp(a));
    Node {
        pawns: all,
        left,
        capture: roll.capture,
        home: roll.home,
        again: roll.again,
        bonus_phase: roll.bonus_phase,
    }
}
