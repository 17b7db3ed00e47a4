//! Computer opponents. Each game has a [`Brain`]: at a level, within a [`Budget`], it picks
//! the move a seat plays now and says in one line why. Brains are pure computation over a
//! game (no I/O; randomness comes in as a seeded generator), so the table can run them off
//! the async runtime and play their moves like anyone's.
//!
//! [`choose`] dispatches over every game, written from the registry's list; a game without a
//! brain does not compile.

pub mod backgammon;
mod budget;
mod checkers;
mod chess;
mod chinese_checkers;
mod parcheesi;
mod random;
pub mod simulate;
mod snakes;
#[cfg(test)]
mod toy;

use rand::rngs::StdRng;

use crate::rules::{Game, GameKind, Move, Rules, Seat};

pub use budget::Budget;
pub use simulate::Simulate;

/// One level of a game's bot, as `/bot` lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// What the level is called, e.g. `beginner`.
    pub name: &'static str,
    /// One line on how it plays, e.g. `one-ply search on material`.
    pub about: &'static str,
    /// Its strength as measured by the game's strength benchmark, with the date of the run
    /// (e.g. `scores 71% against level 2 over 200 games (2026-11-25)`), or empty when unmeasured.
    pub measured: &'static str,
}

/// A level's rating on the Elo scale, from rated games against a calibrated opponent, as
/// `/bot` shows it beside the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Elo {
    /// The estimate, or the bound when the level won or lost every game.
    pub rating: u16,
    /// One standard error of the estimate (0 for a bound).
    pub error: u16,
    /// Whether `rating` is an estimate or a bound.
    pub bound: Bound,
    /// How many games the estimate rests on.
    pub games: u16,
    /// Whom the games were against, with the date of the run, e.g.
    /// `Stockfish 15.1 at its calibrated UCI_Elo, 2026-11-27`.
    pub against: &'static str,
}

/// What an [`Elo`] rating says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The rating is the estimate.
    About,
    /// The level lost every game against opponents rated this high.
    Below,
    /// The level won every game against opponents rated this high.
    Above,
}

impl std::fmt::Display for Elo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.bound {
            Bound::About => write!(f, "about {} ± {} Elo", self.rating, self.error)?,
            Bound::Below => write!(f, "below {} Elo", self.rating)?,
            Bound::Above => write!(f, "above {} Elo", self.rating)?,
        }
        write!(f, " ({} games against {})", self.games, self.against)
    }
}

/// A move a brain picked, with one line of why (material, equity, pips...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick<M> {
    pub r#move: M,
    pub why: String,
}

/// A game's computer player.
pub trait Brain: Rules {
    /// The levels, weakest first: level `n` (1-based) is `LEVELS[n - 1]`.
    const LEVELS: &'static [Level];

    /// The levels' Elo ratings where a calibrated opponent measured them: `ELO[n - 1]` is
    /// level `n`'s, and a level past the end (or `None`) has none.
    const ELO: &'static [Option<Elo>] = &[];

    /// The engine's `simulate` for this game: many seeded games of the bot against itself,
    /// summed up (see [`simulate`]); `None`, the default, for a game that has none.
    const SIMULATE: Option<Simulate> = None;

    /// Picks what `seat` plays now at `level` (clamped to the levels there are): a move when
    /// the game waits for the seat's move; when it waits for the seat's roll, a move the game
    /// allows before rolling (such as doubling) or `None` to just roll. Stops by `budget`
    /// with the best move found so far; returns `None` when the seat has nothing to play.
    fn choose(
        &self,
        seat: Seat,
        level: usize,
        budget: &Budget,
        rng: &mut StdRng,
    ) -> Option<Pick<Self::Move>>;

    /// Returns whether the bot at `level` in `seat` accepts the draw its opponent offers.
    fn accepts_draw(&self, seat: Seat, level: usize) -> bool {
        let _ = (seat, level);
        false
    }
}

/// Writes the dispatch over every game's [`Brain`] from the registry, so a game without a
/// brain does not compile.
macro_rules! brains {
    ($( $(#[$attr:meta])* $variant:ident => $ty:ty, )+) => {
        /// Returns the levels of a game's bot, weakest first.
        pub fn levels(kind: GameKind) -> &'static [Level] {
            match kind {
                $( $(#[$attr])* GameKind::$variant => <$ty as Brain>::LEVELS, )+
            }
        }

        /// Returns the Elo rating of a game's bot at `level` (1-based), where one was measured.
        pub fn elo(kind: GameKind, level: usize) -> Option<Elo> {
            let ratings = match kind {
                $( $(#[$attr])* GameKind::$variant => <$ty as Brain>::ELO, )+
            };
            level.checked_sub(1).and_then(|n| ratings.get(n)).copied().flatten()
        }

        /// Returns a game's simulation for the engine's `simulate`, if its brain has one.
        pub fn simulation(kind: GameKind) -> Option<Simulate> {
            match kind {
                $( $(#[$attr])* GameKind::$variant => <$ty as Brain>::SIMULATE, )+
            }
        }

        /// Picks what `seat` plays now in any game (see [`Brain::choose`]).
        pub fn choose(
            game: &Game,
            seat: Seat,
            level: usize,
            budget: &Budget,
            rng: &mut StdRng,
        ) -> Option<Pick<Move>> {
            match game {
                $( $(#[$attr])* Game::$variant(g) =>
                    wrap(Brain::choose(g, seat, level, budget, rng), Move::$variant), )+
            }
        }

        /// Returns whether the bot in `seat` accepts a draw offered in any game.
        pub fn accepts_draw(game: &Game, seat: Seat, level: usize) -> bool {
            match game {
                $( $(#[$attr])* Game::$variant(g) => Brain::accepts_draw(g, seat, level), )+
            }
        }
    };
}

crate::rules::for_each_game!(brains);

fn wrap<M>(pick: Option<Pick<M>>, into: fn(M) -> Move) -> Option<Pick<Move>> {
    pick.map(|p| Pick {
        r#move: into(p.r#move),
        why: p.why,
    })
}

/// Returns `level` clamped to the levels `B` has (level 1 when it has none above).
pub fn clamp_level<B: Brain>(level: usize) -> usize {
    level.clamp(1, B::LEVELS.len().max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_reads_as_an_estimate_or_a_bound_with_the_games_behind_it() {
        let about = Elo {
            rating: 1500,
            error: 80,
            bound: Bound::About,
            games: 20,
            against: "Stockfish",
        };
        assert_eq!(
            about.to_string(),
            "about 1500 ± 80 Elo (20 games against Stockfish)"
        );
        let below = Elo {
            bound: Bound::Below,
            ..about
        };
        assert_eq!(
            below.to_string(),
            "below 1500 Elo (20 games against Stockfish)"
        );
    }

    #[test]
    fn every_rated_level_rates_above_the_level_below_it() {
        for &kind in GameKind::ALL {
            let ratings: Vec<Elo> = (1..=levels(kind).len())
                .filter_map(|level| elo(kind, level))
                .collect();
            for pair in ratings.windows(2) {
                assert!(
                    pair[0].rating < pair[1].rating || pair[0].bound == Bound::Below,
                    "{kind}: {} then {}",
                    pair[0],
                    pair[1]
                );
            }
            assert!(elo(kind, 0).is_none() && elo(kind, levels(kind).len() + 1).is_none());
        }
    }

    #[test]
    fn every_chess_level_above_random_has_a_measured_rating() {
        assert!(elo(GameKind::Chess, 1).is_none());
        for level in 2..=levels(GameKind::Chess).len() {
            let rating = elo(GameKind::Chess, level).expect("a rating");
            assert!(rating.games >= 5, "{rating}");
        }
    }
}
