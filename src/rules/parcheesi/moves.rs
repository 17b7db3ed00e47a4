//! Legal parts of a roll and its whole-turn options: a memoised search over the roll's dice
//! parts (which must use as much of the roll as the rules demand), then over its bonuses.
//!
//! A roll's legal endings are the reachable positions that are valid stopping points (pair
//! rule kept; all four doubles parts used, or none, where that rule holds) with the best
//! score: a win first, then (where entering is compulsory) the most pawns entered, then the
//! most parts used. A part is legal when some best ending can still be reached after it.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::board::{self, Board, ENTER, HOME, START, TURN_OFF};
pub use super::part::{Part, pawn_index, pawn_letter};
use super::rules::ParcheesiRules;

/// A roll in progress as the search sees it: every pawn, the parts left, pending bonuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// Progress of every pawn, by seat (unused seats stay in START).
    pub pawns: [[u8; 4]; 4],
    /// Dice parts still to play, largest first, 0 for none.
    pub left: [u8; 4],
    /// Capture bonuses earned and not yet taken.
    pub capture: u8,
    /// Home bonuses earned and not yet taken.
    pub home: u8,
    /// Extra rolls taken instead of a capture bonus (pachesi).
    pub again: u8,
    /// The dice are done with; only bonuses remain.
    pub bonus_phase: bool,
}

/// Why a pawn cannot move a count (for error messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    InStart,
    NoneWaiting,
    NoFive,
    AtHome,
    Overshoots { needs: u8 },
    Blockade,
    OwnPair,
    BlockadeThere,
    SafetyTaken,
}

/// The facts of a roll that do not change while it is played.
#[derive(Clone, Copy, Debug)]
pub struct Ctx<'a> {
    pub rules: &'a ParcheesiRules,
    pub seat: usize,
    pub players: usize,
    /// How many parts the roll gave (2 or 4).
    pub parts_total: u8,
    /// The mover's pawns in START when the roll was thrown.
    pub waiting: u8,
    /// All doubles parts or none.
    pub all_or_nothing: bool,
    /// Entering is compulsory this roll: the rules say so and a pawn could enter at the throw.
    pub must_enter: bool,
    /// Blockade pairs at the roll's start: two pawns and the progress they share.
    pub pairs: &'a [[u8; 3]],
}

/// Ranks stopping points: pawns entered (when compulsory), then dice parts used. A win is not
/// ranked of itself: it must obey the same rules of the roll as any other line.
type Score = (u8, u8);

impl Hash for Node {
    /// Hashes the node as two packed words (the search hashes many nodes).
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut pawns = [0u8; 16];
        for (chunk, set) in pawns.chunks_mut(4).zip(&self.pawns) {
            chunk.copy_from_slice(set);
        }
        state.write_u128(u128::from_le_bytes(pawns));
        let [a, b, c, d] = self.left;
        let rest = [
            a,
            b,
            c,
            d,
            self.capture,
            self.home,
            self.again,
            self.bonus_phase as u8,
        ];
        state.write_u64(u64::from_le_bytes(rest));
    }
}

impl Node {
    /// Returns how many dice parts are left.
    pub fn left_len(&self) -> u8 {
        self.left.iter().filter(|&&v| v > 0).count() as u8
    }

    /// Tells whether `seat` has all four pawns HOME.
    pub fn won(&self, seat: usize) -> bool {
        self.pawns[seat].iter().all(|&p| p == HOME)
    }

    fn without(&self, value: u8) -> [u8; 4] {
        let mut left = self.left;
        if let Some(i) = left.iter().position(|&v| v == value) {
            left[i] = 0;
        }
        left.sort_unstable_by(|a, b| b.cmp(a));
        left
    }
}

/// Moves pawn `pawn` of the mover `count` spaces, capturing where it lands; says why not.
pub fn step(ctx: &Ctx, node: &Node, board: &Board, pawn: u8, count: u8) -> Result<Node, Why> {
    let seat = ctx.seat;
    let own = &node.pawns[seat];
    let from = own[pawn as usize];
    match from {
        START => return Err(Why::InStart),
        HOME => return Err(Why::AtHome),
        _ => {}
    }
    let to = from + count;
    if to > HOME {
        return Err(Why::Overshoots { needs: HOME - from });
    }
    let blocks_own = ctx.rules.blockade_blocks_own;
    for q in from + 1..to {
        let blocked = if q <= TURN_OFF {
            let (owner, n) = board.at(board::track_space(seat, q));
            n == 2 && (owner != seat || blocks_own)
        } else {
            blocks_own && board::own_count(own, q) == 2
        };
        if blocked {
            return Err(Why::Blockade);
        }
    }
    let mut next = *node;
    next.pawns[seat][pawn as usize] = to;
    if to == HOME {
        if ctx.rules.home_bonus > 0 {
            next.home += 1;
        }
    } else if to > TURN_OFF {
        if board::own_count(own, to) >= 2 {
            return Err(Why::OwnPair);
        }
    } else {
        land(ctx, &mut next, board, board::track_space(seat, to), false)?;
    }
    Ok(next)
}

/// Settles a pawn of the mover arriving on track space `space`: refuses a full space,
/// captures a lone opponent unless it is safe (entering on one's own ENTER space captures).
fn land(ctx: &Ctx, next: &mut Node, board: &Board, space: u8, entering: bool) -> Result<(), Why> {
    let (owner, n) = board.at(space);
    if n == 0 {
        return Ok(());
    }
    if owner == ctx.seat {
        return if n >= 2 { Err(Why::OwnPair) } else { Ok(()) };
    }
    if n >= 2 {
        return Err(Why::BlockadeThere);
    }
    if ctx.rules.safety_spaces && board::is_safety(space) && !entering {
        return Err(Why::SafetyTaken);
    }
    for p in next.pawns[owner].iter_mut() {
        if (ENTER..=TURN_OFF).contains(p) && board::track_space(owner, *p) == space {
            *p = START;
        }
    }
    next.capture += 1;
    Ok(())
}

/// Enters the lowest-lettered pawn in START with a 5 or two parts totalling 5.
pub fn enter(ctx: &Ctx, node: &Node, board: &Board) -> Result<Node, Why> {
    let seat = ctx.seat;
    let Some(pawn) = node.pawns[seat].iter().position(|&p| p == START) else {
        return Err(Why::NoneWaiting);
    };
    let left = if node.left.contains(&5) {
        node.without(5)
    } else {
        let pair = [(4, 1), (3, 2)]
            .into_iter()
            .find(|&(a, b)| node.left.contains(&a) && node.left.contains(&b));
        let Some((a, b)) = pair else {
            return Err(Why::NoFive);
        };
        let mut n = *node;
        n.left = node.without(a);
        n.without(b)
    };
    let mut next = *node;
    next.left = left;
    next.pawns[seat][pawn] = ENTER;
    land(ctx, &mut next, board, board::entry_space(seat), true)?;
    Ok(next)
}

/// A small multiply-rotate hasher (as in rustc's FxHash) for the search's node tables: the
/// keys are a few dozen bytes of our own making, so no defence against flooding is needed.
#[derive(Default)]
pub struct NodeHasher(u64);

impl Hasher for NodeHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl NodeHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type Fast = BuildHasherDefault<NodeHasher>;

/// The search over one roll, with a memo of the best score reachable from each node.
pub struct Search<'a> {
    ctx: Ctx<'a>,
    memo: HashMap<Node, Option<Score>, Fast>,
}

impl<'a> Search<'a> {
    /// Starts a search for the roll described by `ctx`.
    pub fn new(ctx: Ctx<'a>) -> Self {
        Search {
            ctx,
            memo: HashMap::default(),
        }
    }

    /// Returns the roll's fixed facts.
    pub fn ctx(&self) -> &Ctx<'a> {
        &self.ctx
    }

    /// Returns the parts that may be played next from `node`, each with the node it leads
    /// to; empty when the roll is over.
    pub fn legal_next(&mut self, node: &Node) -> Vec<(Part, Node)> {
        if node.won(self.ctx.seat) {
            return Vec::new();
        }
        if !node.bonus_phase {
            let best = self.best(node);
            if self.score(node) != best {
                let children = self.dice_children(node);
                return children
                    .into_iter()
                    .filter(|(_, c)| self.best(c) == best)
                    .collect();
            }
        }
        self.bonus_children(node)
    }

    /// Returns one way to play each distinct legal ending of the roll from `node` (pawns
    /// sharing a space count as alike), in a stable order.
    pub fn options(&mut self, node: &Node) -> Vec<(Vec<Part>, Node)> {
        let mut seen = HashSet::with_hasher(Fast::default());
        let mut endings = HashSet::with_hasher(Fast::default());
        let mut out = Vec::new();
        let mut path = Vec::new();
        self.walk(*node, &mut path, &mut seen, &mut endings, &mut out);
        out
    }

    fn walk(
        &mut self,
        node: Node,
        path: &mut Vec<Part>,
        seen: &mut HashSet<Node, Fast>,
        endings: &mut HashSet<Node, Fast>,
        out: &mut Vec<(Vec<Part>, Node)>,
    ) {
        if !seen.insert(node) {
            return;
        }
        let next = self.legal_next(&node);
        if next.is_empty() {
            let mut key = Node {
                left: [0; 4],
                capture: 0,
                home: 0,
                bonus_phase: false,
                ..node
            };
            for set in key.pawns.iter_mut() {
                set.sort_unstable();
            }
            if endings.insert(key) {
                out.push((path.clone(), node));
            }
            return;
        }
        for (part, child) in next {
            path.push(part);
            self.walk(child, path, seen, endings, out);
            path.pop();
        }
    }

    /// Returns the score of stopping the dice at `node`, or `None` if it may not stop there.
    ///
    /// A line that wins obeys the roll's rules like any other (002: all four parts of doublets
    /// or none; either die when both cannot be used): winning is allowed, never compulsory,
    /// and never ranks above the rules. Dice left when the last pawn is home are moot.
    fn score(&self, node: &Node) -> Option<Score> {
        let ctx = &self.ctx;
        let used = ctx.parts_total - node.left_len();
        if ctx.all_or_nothing && used != 0 && used != ctx.parts_total {
            return None;
        }
        if !self.pairs_apart(node) {
            return None;
        }
        let waiting = node.pawns[ctx.seat].iter().filter(|&&p| p == START).count() as u8;
        let entered = if ctx.must_enter {
            ctx.waiting.saturating_sub(waiting)
        } else {
            0
        };
        Some((entered, used))
    }

    /// Tells whether no blockade pair of the roll's start stands together on a new space.
    fn pairs_apart(&self, node: &Node) -> bool {
        let own = &node.pawns[self.ctx.seat];
        self.ctx.pairs.iter().all(|&[a, b, at]| {
            let (pa, pb) = (own[a as usize & 3], own[b as usize & 3]);
            pa != pb || pa == at || pa == HOME
        })
    }

    fn best(&mut self, node: &Node) -> Option<Score> {
        if let Some(&known) = self.memo.get(node) {
            return known;
        }
        let mut best = self.score(node);
        if !node.won(self.ctx.seat) {
            for (_, child) in self.dice_children(node) {
                best = best.max(self.best(&child));
            }
        }
        self.memo.insert(*node, best);
        best
    }

    fn dice_children(&self, node: &Node) -> Vec<(Part, Node)> {
        let ctx = &self.ctx;
        let mut out = Vec::new();
        if node.bonus_phase || node.left_len() == 0 {
            return out;
        }
        let board = Board::of(&node.pawns[..ctx.players]);
        if let Ok(next) = enter(ctx, node, &board) {
            out.push((Part::Enter, next));
        }
        let mut last = 0;
        for &value in node.left.iter().filter(|&&v| v > 0) {
            if value == last {
                continue;
            }
            last = value;
            for pawn in 0..4 {
                if let Ok(mut next) = step(ctx, node, &board, pawn, value) {
                    next.left = node.without(value);
                    out.push((Part::Step { pawn, count: value }, next));
                }
            }
        }
        out
    }

    fn bonus_children(&self, node: &Node) -> Vec<(Part, Node)> {
        let ctx = &self.ctx;
        let rules = ctx.rules;
        let mut base = *node;
        base.bonus_phase = true;
        base.left = [0; 4];
        let mut out = Vec::new();
        if base.capture == 0 && base.home == 0 {
            return out;
        }
        let board = Board::of(&base.pawns[..ctx.players]);
        let same = rules.capture_bonus == rules.home_bonus;
        for pawn in 0..4 {
            if base.home > 0 {
                let mut from = base;
                from.home -= 1;
                if let Ok(next) = step(ctx, &from, &board, pawn, rules.home_bonus) {
                    out.push((
                        Part::Step {
                            pawn,
                            count: rules.home_bonus,
                        },
                        next,
                    ));
                }
            }
            if base.capture > 0 && !(same && base.home > 0) {
                let mut from = base;
                from.capture -= 1;
                if let Ok(next) = step(ctx, &from, &board, pawn, rules.capture_bonus) {
                    out.push((
                        Part::Step {
                            pawn,
                            count: rules.capture_bonus,
                        },
                        next,
                    ));
                }
            }
        }
        if base.capture > 0 && rules.capture_bonus_or_roll_again {
            let mut next = base;
            next.capture -= 1;
            next.again += 1;
            out.push((Part::Again, next));
        }
        out.retain(|(_, n)| self.pairs_apart(n));
        out
    }
}
