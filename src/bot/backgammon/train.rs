//! Training the networks by temporal-difference self-play, TD(λ) in its forward view: the
//! networks play both sides of money games at 0-ply (the play whose position they value best);
//! at the end of each game every position's target is its λ-return, a blend of the values
//! later positions were given and the game's result, and each network takes one gradient step
//! towards it. A game stops when both sides are home: from there the bear-off database's value
//! is the result. Everything is seeded, so a run repeats.
//!
//! Also here: a duel between two evaluators at 0-ply over seeded games with the dice shared
//! (each seed played twice, the sides swapped), to follow training.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::eval::{Evaluator, Probs, borne_off, both_home, by_nets as value, in_play, is_contact};
use super::net::{Features, Net, Nets};
use crate::rules::backgammon::{Board, View, legal_plays};

/// The settings of a training run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Hidden units of each network (for a fresh start).
    pub hidden: usize,
    /// The λ of TD(λ): how far a result reaches back.
    pub lambda: f32,
    /// Seeds the dice and the starting weights.
    pub seed: u64,
}

/// A training run: the networks and the dice.
pub struct Trainer {
    pub nets: Nets,
    rng: StdRng,
    lambda: f32,
}

/// Which network a position belongs to; positions with both sides home end a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Contact,
    Race,
    Home,
}

fn kind(view: &View) -> Kind {
    if both_home(view) {
        Kind::Home
    } else if is_contact(view) {
        Kind::Contact
    } else {
        Kind::Race
    }
}

/// Money equity (gammons count twice, backgammons as gammons).
fn equity(p: Probs) -> f32 {
    p.equity(true)
}

/// What a chosen play leads to.
enum Next {
    /// The mover bore off its last checker: its result.
    Won(Probs),
    /// The position with the opponent on roll, and its value for the opponent.
    Position(View, Probs),
}

/// Plays `dice` in `view` at 0-ply by `nets` (no legal play: the turn passes).
fn step(nets: &Nets, view: &View, dice: (u8, u8)) -> Next {
    let plays = legal_plays(view, dice);
    if plays.is_empty() {
        let next = view.flipped();
        return Next::Position(next, value(nets, &next));
    }
    let mut best: Option<(f32, Next)> = None;
    for p in &plays {
        let (e, next) = if in_play(&p.result.me) == 0 {
            let r = borne_off(&p.result);
            (equity(r), Next::Won(r))
        } else {
            let next = p.result.flipped();
            let v = value(nets, &next);
            (-equity(v), Next::Position(next, v))
        };
        if best.as_ref().is_none_or(|(b, _)| e > *b) {
            best = Some((e, next));
        }
    }
    best.map(|(_, n)| n).expect("a legal play")
}

fn start() -> View {
    Board::start().view(0)
}

fn opening(rng: &mut StdRng) -> (u8, u8) {
    loop {
        let d = (rng.random_range(1..=6), rng.random_range(1..=6));
        if d.0 != d.1 {
            return d;
        }
    }
}

impl Trainer {
    /// Starts a run from `nets`, or from small random weights when `None`.
    pub fn new(settings: Settings, nets: Option<Nets>) -> Trainer {
        let mut rng = StdRng::seed_from_u64(settings.seed);
        let nets = nets.unwrap_or_else(|| {
            let mut draw = || rng.random_range(-1.0f32..1.0);
            let contact = Net::new(settings.hidden, &mut draw);
            let race = Net::new(settings.hidden, &mut draw);
            Nets { contact, race }
        });
        Trainer {
            nets,
            rng,
            lambda: settings.lambda,
        }
    }

    /// Plays one game against itself and learns from it at rate `alpha`; returns its plies.
    pub fn game(&mut self, alpha: f32) -> usize {
        let mut states: Vec<(Features, Kind)> = Vec::with_capacity(64);
        let mut values: Vec<Probs> = Vec::with_capacity(64);
        let mut view = start();
        states.push((Features::of(&view), kind(&view)));
        values.push(value(&self.nets, &view));
        let mut dice = opening(&mut self.rng);
        // The result for the side on roll in the last state.
        let last = loop {
            match step(&self.nets, &view, dice) {
                Next::Won(r) => break r,
                Next::Position(next, v) => {
                    let k = kind(&next);
                    if k == Kind::Home {
                        break v.flipped();
                    }
                    states.push((Features::of(&next), k));
                    values.push(v);
                    view = next;
                }
            }
            if states.len() > 2_000 {
                // Never seen; a safeguard against a run that stops progressing.
                break values[values.len() - 1];
            }
            dice = (self.rng.random_range(1..=6), self.rng.random_range(1..=6));
        };
        let n = states.len();
        let mut target = last;
        for t in (0..n).rev() {
            if t + 1 < n {
                let (later, next) = (target.flipped(), values[t + 1].flipped());
                let mix = |a: f32, b: f32| (1.0 - self.lambda) * a + self.lambda * b;
                target = Probs {
                    win: mix(next.win, later.win),
                    gammon_win: mix(next.gammon_win, later.gammon_win),
                    gammon_loss: mix(next.gammon_loss, later.gammon_loss),
                };
            }
            let (f, k) = &states[t];
            let net = match k {
                Kind::Contact => &mut self.nets.contact,
                _ => &mut self.nets.race,
            };
            net.learn(
                f,
                [target.win, target.gammon_win, target.gammon_loss],
                alpha,
            );
        }
        n
    }
}

/// The outcome of a duel, from the first evaluator's side.
#[derive(Clone, Copy, Debug, Default)]
pub struct Duel {
    pub games: u32,
    pub wins: u32,
    /// Points won minus points lost (a gammon counts two).
    pub points: i32,
}

/// An evaluation a duel plays by: the chances of the side on roll.
pub type Judge<'a> = &'a dyn Fn(&View) -> Probs;

/// Plays one game at 0-ply, `sides[0]` starting; returns the winner and the points.
fn duel_game(sides: [Judge<'_>; 2], rng: &mut StdRng) -> (usize, i32) {
    let mut view = start();
    let mut seat = 0;
    let mut dice = opening(rng);
    loop {
        let plays = legal_plays(&view, dice);
        if plays.is_empty() {
            view = view.flipped();
        } else {
            let mut best: Option<(f32, View)> = None;
            for p in &plays {
                if in_play(&p.result.me) == 0 {
                    let points = if in_play(&p.result.opp) == 15 { 2 } else { 1 };
                    return (seat, points);
                }
                let next = p.result.flipped();
                let e = -equity(sides[seat](&next));
                if best.as_ref().is_none_or(|(b, _)| e > *b) {
                    best = Some((e, next));
                }
            }
            view = best.expect("a legal play").1;
        }
        seat = 1 - seat;
        dice = (rng.random_range(1..=6), rng.random_range(1..=6));
    }
}

/// Plays `pairs` seeded pairs of games between `a` and `b` at 0-ply, each seed twice with the
/// sides swapped; `a` is given by networks or by an evaluator.
pub fn duel(a: Judge<'_>, b: Evaluator, pairs: u32, seed: u64) -> Duel {
    let theirs = |v: &View| b.probs(v);
    let mut out = Duel::default();
    for g in 0..pairs {
        for first in 0..2 {
            let mut rng = StdRng::seed_from_u64(seed.wrapping_add(u64::from(g)));
            let sides: [Judge<'_>; 2] = if first == 0 {
                [a, &theirs]
            } else {
                [&theirs, a]
            };
            let (winner, points) = duel_game(sides, &mut rng);
            out.games += 1;
            if winner == first {
                out.wins += 1;
                out.points += points;
            } else {
                out.points -= points;
            }
        }
    }
    out
}

/// Returns an evaluation function by `nets` for [`duel`].
pub fn by_nets(nets: &Nets) -> impl Fn(&View) -> Probs + '_ {
    move |v| value(nets, v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_hundred_games_of_self_play_beat_the_untrained_networks() {
        let settings = Settings {
            hidden: 16,
            lambda: 0.7,
            seed: 5,
        };
        let untrained = Trainer::new(settings, None).nets;
        let mut t = Trainer::new(settings, None);
        for _ in 0..300 {
            assert!(t.game(0.1) > 10);
        }
        assert_ne!(t.nets, untrained);
        // Against the untrained networks through the hand evaluator's lens: the trained ones
        // must at least beat random weights, which play close to randomly.
        let trained = by_nets(&t.nets);
        let d = duel(&trained, Evaluator::Hand, 20, 9);
        let fresh = by_nets(&untrained);
        let f = duel(&fresh, Evaluator::Hand, 20, 9);
        assert!(d.points > f.points, "{d:?} against {f:?}");
    }
}
