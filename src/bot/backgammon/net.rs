//! Our learned evaluator: two small neural networks, one for positions with contact and one
//! for races that are not yet both home (those go to the exact bear-off database), each mapping
//! a position (the side on roll first) to the chances to win, to win a gammon and to lose one.
//!
//! The weights are this project's own: trained by temporal-difference self-play
//! ([`super::train`], run by `cargo run --release --example train_backgammon`), with no outside
//! evaluations, and stored in `assets/bot/backgammon.net`.
//!
//! Inputs (204): for each side, from its own side, each point's checkers as four units (at least
//! one, two, three, and half the count past three), the bar (half the count) and the share
//! borne off; then eight features of both sides: pip counts, the share of the 36 rolls that hit a
//! blot for each side, made home-board points and the longest prime. One hidden layer of
//! sigmoid units; three sigmoid outputs.

use std::sync::OnceLock;

use super::eval::{Probs, ROLLS21, hits, in_play, pips};
use crate::rules::backgammon::{Side, View};

/// How many inputs a network reads.
pub const INPUTS: usize = 204;
/// What a network answers: the chances to win, to win a gammon, to lose a gammon.
pub const OUTPUTS: usize = 3;
/// The units one side's checkers take.
const PER_SIDE: usize = 98;
/// The most inputs a position sets: a point's units never outnumber its checkers, so 15 a side,
/// the bar and the share off, and the eight features come to 42; a loaded board with more
/// checkers than the rules allow keeps the first 64.
const MAX_SET: usize = 64;
/// The file's first bytes.
const MAGIC: &[u8; 8] = b"TBNNv001";

/// The inputs of one position that are not zero, in input order.
#[derive(Clone)]
pub struct Features {
    index: [u16; MAX_SET],
    value: [f32; MAX_SET],
    len: usize,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            index: [0; MAX_SET],
            value: [0.0; MAX_SET],
            len: 0,
        }
    }
}

impl Features {
    /// Returns the inputs of `view`, the side on roll first.
    pub fn of(view: &View) -> Features {
        let mut f = Features::default();
        f.fill(view);
        f
    }

    fn push(&mut self, index: usize, value: f32) {
        if self.len == MAX_SET {
            return;
        }
        self.index[self.len] = index as u16;
        self.value[self.len] = value;
        self.len += 1;
    }

    /// Replaces the inputs with those of `view`.
    pub fn fill(&mut self, view: &View) {
        self.len = 0;
        for (s, side) in [&view.me, &view.opp].into_iter().enumerate() {
            let base = s * PER_SIDE;
            for (p, &n) in side[..24].iter().enumerate() {
                if n == 0 {
                    continue;
                }
                let at = base + 4 * p;
                self.push(at, 1.0);
                if n >= 2 {
                    self.push(at + 1, 1.0);
                }
                if n >= 3 {
                    self.push(at + 2, 1.0);
                }
                if n > 3 {
                    self.push(at + 3, f32::from(n - 3) / 2.0);
                }
            }
            if side[24] > 0 {
                self.push(base + 96, f32::from(side[24]) / 2.0);
            }
            let off = 15u32.saturating_sub(in_play(side));
            if off > 0 {
                self.push(base + 97, off as f32 / 15.0);
            }
        }
        let extra = 2 * PER_SIDE;
        let features = [
            pips(&view.me) as f32 / 100.0,
            pips(&view.opp) as f32 / 100.0,
            hit_share(&view.me, &view.opp),
            hit_share(&view.opp, &view.me),
            home_points(&view.me) as f32 / 6.0,
            home_points(&view.opp) as f32 / 6.0,
            longest_prime(&view.me) as f32 / 6.0,
            longest_prime(&view.opp) as f32 / 6.0,
        ];
        for (i, v) in features.into_iter().enumerate() {
            if v != 0.0 {
                self.push(extra + i, v);
            }
        }
    }
}

/// Returns the share of the 36 rolls with which `roller` can hit a blot of `other`.
fn hit_share(roller: &Side, other: &Side) -> f32 {
    if !(0..24).any(|i| other[i] == 1) {
        return 0.0;
    }
    let mut total = 0.0;
    for (a, b, w) in ROLLS21 {
        let mut hit = [false; 25];
        hits(roller, other, a, b, &mut hit);
        if hit.iter().any(|h| *h) {
            total += w;
        }
    }
    total / 36.0
}

/// Returns a side's made points in its home board.
fn home_points(side: &Side) -> usize {
    side[..6].iter().filter(|n| **n >= 2).count()
}

/// Returns the length of a side's longest run of made points, at most 6.
fn longest_prime(side: &Side) -> usize {
    let (mut best, mut run) = (0, 0);
    for &n in &side[..24] {
        run = if n >= 2 { run + 1 } else { 0 };
        best = usize::max(best, run);
    }
    best.min(6)
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// One network: `INPUTS` inputs, a hidden layer, `OUTPUTS` outputs, all sigmoid.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    hidden: usize,
    /// Input weights by input: `w1[i * hidden + j]` joins input `i` to hidden unit `j`.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Output weights by output: `w2[k * hidden + j]`.
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
}

/// What a forward pass leaves for learning: the hidden activations and the outputs.
pub struct Pass {
    pub hidden: Vec<f32>,
    pub out: [f32; OUTPUTS],
}

impl Net {
    /// Returns a network with `hidden` units and small weights drawn from `draw` (a uniform
    /// draw in -1..1 each call).
    pub fn new(hidden: usize, mut draw: impl FnMut() -> f32) -> Net {
        let scale1 = 1.0 / (INPUTS as f32).sqrt();
        let scale2 = 1.0 / (hidden as f32).sqrt();
        Net {
            hidden,
            w1: (0..INPUTS * hidden).map(|_| draw() * scale1).collect(),
            b1: vec![0.0; hidden],
            w2: (0..OUTPUTS * hidden).map(|_| draw() * scale2).collect(),
            b2: [0.0; OUTPUTS],
        }
    }

    /// Returns the number of hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Runs the network on `f`, keeping the hidden layer.
    pub fn pass(&self, f: &Features) -> Pass {
        let h = self.hidden;
        let mut hidden = self.b1.clone();
        for n in 0..f.len {
            let i = usize::from(f.index[n]);
            let v = f.value[n];
            let column = &self.w1[i * h..(i + 1) * h];
            for (acc, w) in hidden.iter_mut().zip(column) {
                *acc += v * w;
            }
        }
        for x in hidden.iter_mut() {
            *x = sigmoid(*x);
        }
        let mut out = [0.0; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            let row = &self.w2[k * h..(k + 1) * h];
            let sum: f32 = row.iter().zip(&hidden).map(|(w, x)| w * x).sum();
            *o = sigmoid(self.b2[k] + sum);
        }
        Pass { hidden, out }
    }

    /// Returns the network's outputs on `f`.
    pub fn run(&self, f: &Features) -> [f32; OUTPUTS] {
        self.pass(f).out
    }

    /// Moves the outputs on `f` towards `target` by one gradient step of squared error, at
    /// learning rate `alpha`.
    pub fn learn(&mut self, f: &Features, target: [f32; OUTPUTS], alpha: f32) {
        let h = self.hidden;
        let Pass { hidden, out } = self.pass(f);
        let mut delta_out = [0.0; OUTPUTS];
        for k in 0..OUTPUTS {
            delta_out[k] = (target[k] - out[k]) * out[k] * (1.0 - out[k]);
        }
        let mut delta_hidden = vec![0.0f32; h];
        for (k, d) in delta_out.iter().enumerate() {
            let row = &mut self.w2[k * h..(k + 1) * h];
            for j in 0..h {
                delta_hidden[j] += d * row[j];
                row[j] += alpha * d * hidden[j];
            }
            self.b2[k] += alpha * d;
        }
        for (j, d) in delta_hidden.iter_mut().enumerate() {
            *d *= hidden[j] * (1.0 - hidden[j]);
            self.b1[j] += alpha * *d;
        }
        for n in 0..f.len {
            let i = usize::from(f.index[n]);
            let step = alpha * f.value[n];
            let column = &mut self.w1[i * h..(i + 1) * h];
            for (w, d) in column.iter_mut().zip(&delta_hidden) {
                *w += step * d;
            }
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for x in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }

    fn read(bytes: &mut &[u8]) -> Result<Net, String> {
        let hidden = take_u32(bytes)? as usize;
        if !(1..=1024).contains(&hidden) {
            return Err(format!("{hidden} hidden units"));
        }
        let mut floats =
            |n: usize| -> Result<Vec<f32>, String> { (0..n).map(|_| take_f32(bytes)).collect() };
        let w1 = floats(INPUTS * hidden)?;
        let b1 = floats(hidden)?;
        let w2 = floats(OUTPUTS * hidden)?;
        let b2 = floats(OUTPUTS)?;
        if w1
            .iter()
            .chain(&b1)
            .chain(&w2)
            .chain(&b2)
            .any(|x| !x.is_finite())
        {
            return Err("a weight is not a finite number".into());
        }
        Ok(Net {
            hidden,
            w1,
            b1,
            w2,
            b2: [b2[0], b2[1], b2[2]],
        })
    }
}

fn take_u32(bytes: &mut &[u8]) -> Result<u32, String> {
    let (head, rest) = bytes
        .split_first_chunk::<4>()
        .ok_or("the file ends early")?;
    *bytes = rest;
    Ok(u32::from_le_bytes(*head))
}

fn take_f32(bytes: &mut &[u8]) -> Result<f32, String> {
    take_u32(bytes).map(f32::from_bits)
}

/// The two networks the evaluator uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Nets {
    pub contact: Net,
    pub race: Net,
}

impl Nets {
    /// Returns both networks as the weights file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        self.contact.write(&mut out);
        self.race.write(&mut out);
        out
    }

    /// Reads a weights file.
    pub fn from_bytes(mut bytes: &[u8]) -> Result<Nets, String> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or("not a tabula backgammon network file")?;
        bytes = rest;
        let contact = Net::read(&mut bytes)?;
        let race = Net::read(&mut bytes)?;
        if !bytes.is_empty() {
            return Err(format!("{} bytes left over", bytes.len()));
        }
        Ok(Nets { contact, race })
    }

    /// Returns the chances of the side on roll in `view`, by the network its position calls
    /// for (the caller handles positions both sides have home).
    pub fn probs(&self, view: &View, contact: bool) -> Probs {
        let net = if contact { &self.contact } else { &self.race };
        let [win, gammon_win, gammon_loss] = net.run(&Features::of(view));
        let mut probs = Probs {
            win,
            gammon_win: gammon_win.min(win),
            gammon_loss: gammon_loss.min(1.0 - win),
        };
        // A side that has borne a checker off cannot be gammoned.
        if in_play(&view.me) < 15 {
            probs.gammon_loss = 0.0;
        }
        if in_play(&view.opp) < 15 {
            probs.gammon_win = 0.0;
        }
        probs
    }
}

/// The project's trained networks.
pub fn trained() -> &'static Nets {
    static NETS: OnceLock<Nets> = OnceLock::new();
    NETS.get_or_init(|| {
        Nets::from_bytes(include_bytes!("../../../assets/bot/backgammon.net"))
            .expect("assets/bot/backgammon.net is a network file written by train_backgammon")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> View {
        let mut side = [0u8; 25];
        side[23] = 2;
        side[12] = 5;
        side[7] = 3;
        side[5] = 5;
        View {
            me: side,
            opp: side,
        }
    }

    #[test]
    fn the_starting_position_sets_four_units_a_point_and_the_features() {
        let f = Features::of(&start());
        // Per side: the 24-point (2 checkers: two units), 13 (5: four), 8 (3: three) and
        // 6 (5: four) make 13; then the features, which have pips but no blots to hit.
        let units = f.index[..f.len].iter().filter(|i| **i < 196).count();
        assert_eq!(units, 26);
        assert!(f.index[..f.len].contains(&196));
        assert!(!f.index[..f.len].contains(&198), "no blots, no hits");
    }

    #[test]
    fn a_network_written_and_read_back_is_the_same() {
        let mut seed = 1u32;
        let draw = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1 << 24) as f32 * 2.0 - 1.0
        };
        let contact = Net::new(8, draw);
        let race = contact.clone();
        let nets = Nets { contact, race };
        assert_eq!(Nets::from_bytes(&nets.to_bytes()).unwrap(), nets);
        let bytes = nets.to_bytes();
        assert!(Nets::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Nets::from_bytes(b"garbage").is_err());
    }

    #[test]
    fn learning_moves_the_outputs_towards_the_target() {
        let mut n = 0u32;
        let mut net = Net::new(16, || {
            n += 1;
            ((n * 7919) % 200) as f32 / 100.0 - 1.0
        });
        let f = Features::of(&start());
        let target = [0.9, 0.2, 0.05];
        let err = |net: &Net| {
            let out = net.run(&f);
            (0..OUTPUTS)
                .map(|k| (out[k] - target[k]).abs())
                .sum::<f32>()
        };
        let before = err(&net);
        for _ in 0..200 {
            net.learn(&f, target, 0.5);
        }
        assert!(err(&net) < before / 4.0, "{} then {}", before, err(&net));
    }

    #[test]
    fn the_trained_networks_load_and_see_the_start_as_even() {
        let p = trained().probs(&start(), true);
        assert!((0.4..0.65).contains(&p.win), "{p:?}");
    }
}
