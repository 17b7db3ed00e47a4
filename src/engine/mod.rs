//! The engine: rules and rendering as JSON lines on stdin/stdout, with no database,
//! for tools, scripts and oracle tests. Every reply is one JSON object with `"ok"`.

use std::io::{BufRead, Write};
use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::{Value, json};

use crate::lines::{self, Line};
use crate::render::{Renderer, View};
use crate::rules::{Action, Game, GameKind, Turn};

/// Most positions the last ply of a perft may generate moves for, so one request cannot occupy
/// the engine for minutes (chess: Kiwipete depth 5, the start position to depth 6, a few
/// seconds; Kiwipete depth 6 is refused).
pub const PERFT_LIMIT: u64 = 20_000_000;
/// Longest request line read; a longer one is dropped as it is read and refused.
pub const MAX_LINE: usize = 1 << 20;
/// Deepest perft asked for at all (each ply is counted before the next).
const MAX_PERFT_DEPTH: u32 = 64;

/// One request, as sent on a line.
#[derive(Debug, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case", deny_unknown_fields)]
enum Request {
    New {
        game: String,
        #[serde(default)]
        ruleset: Option<String>,
        #[serde(default)]
        players: Option<usize>,
    },
    Load {
        #[serde(default)]
        game: Option<String>,
        #[serde(default)]
        position: Option<String>,
        #[serde(default)]
        state: Option<Value>,
    },
    Legal,
    Play {
        r#move: String,
    },
    Roll {
        dice: Vec<u8>,
    },
    State,
    Perft {
        depth: u32,
    },
    Render {
        path: String,
        #[serde(default)]
        players: Vec<String>,
    },
    /// The move the bot would play now, without playing it.
    Bot {
        /// The level (1 = weakest); the strongest when left out.
        #[serde(default)]
        level: Option<usize>,
        /// The time budget in milliseconds (the soft deadline; the hard one is half again).
        #[serde(default)]
        ms: Option<u64>,
        /// Seeds the bot's random choices, for repeatable answers.
        #[serde(default)]
        seed: Option<u64>,
    },
    /// Plays seeded races (Snakes & Ladders only) and reports the mean length.
    Simulate {
        #[serde(default)]
        game: Option<String>,
        #[serde(default)]
        ruleset: Option<String>,
        #[serde(default)]
        players: Option<usize>,
        games: u64,
        #[serde(default)]
        seed: u64,
    },
}

/// Longest budget a `bot` request may ask for, in milliseconds.
const MAX_BOT_MS: u64 = 60_000;

/// The engine's session: the game being worked on, if any.
#[derive(Default)]
pub struct Engine {
    game: Option<Game>,
    renderer: OnceLock<Renderer>,
}

impl Engine {
    /// Answers one request line with one JSON reply; errors never end the session.
    pub fn answer(&mut self, line: &str) -> Value {
        let request: Request = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return fail(format!("bad request: {e}")),
        };
        match self.run(request) {
            Ok(mut value) => {
                value["ok"] = Value::Bool(true);
                value
            }
            Err(e) => fail(e),
        }
    }

    /// Answers one request, by what it asks.
    fn run(&mut self, request: Request) -> Result<Value, String> {
        match request {
            Request::New {
                game,
                ruleset,
                players,
            } => self.new_game(&game, ruleset, players),
            Request::Load {
                game,
                position,
                state,
            } => self.load(game.as_deref(), position, state),
            Request::Legal => {
                let game = self.current()?;
                let moves: Vec<String> =
                    game.legal_moves().iter().map(|m| game.format(m)).collect();
                Ok(json!({ "moves": moves }))
            }
            Request::Play { r#move } => self.play(&r#move),
            Request::Roll { dice } => self.roll(dice),
            Request::State => {
                let game = self.current()?;
                let mut value = self.describe()?;
                value["state"] = serde_json::to_value(game).map_err(|e| e.to_string())?;
                Ok(value)
            }
            Request::Perft { depth } => self.perft(depth),
            Request::Simulate {
                game,
                ruleset,
                players,
                games,
                seed,
            } => simulate_races(game.as_deref(), ruleset, players, games, seed),
            Request::Render { path, players } => self.render(&path, players),
            Request::Bot { level, ms, seed } => self.bot(level, ms, seed),
        }
    }

    /// Answers `new`: a fresh game of a kind, ruleset (the first) and player count (the most).
    fn new_game(
        &mut self,
        game: &str,
        ruleset: Option<String>,
        players: Option<usize>,
    ) -> Result<Value, String> {
        let kind: GameKind = game.parse().map_err(|e| format!("{e}"))?;
        let ruleset = ruleset.unwrap_or_else(|| kind.rulesets()[0].to_string());
        let players = players.unwrap_or(kind.seats().1);
        self.game = Some(Game::new(kind, &ruleset, players).map_err(|e| e.to_string())?);
        self.describe()
    }

    /// Answers `load`: a game from a stored state, or from a position in the game's notation.
    fn load(
        &mut self,
        game: Option<&str>,
        position: Option<String>,
        state: Option<Value>,
    ) -> Result<Value, String> {
        let loaded = match (state, position) {
            (Some(state), _) => serde_json::from_value::<Game>(state)
                .map_err(|e| format!("that state does not load: {e}"))?,
            (None, Some(position)) => {
                // Without a game, the registry's first (chess, whose FEN is the classic).
                let kind = match game {
                    Some(name) => name.parse().map_err(|e| format!("{e}"))?,
                    None => GameKind::ALL[0],
                };
                Game::from_position(kind, &position).map_err(|e| e.to_string())?
            }
            (None, None) => return Err("load needs a \"position\" or a \"state\"".into()),
        };
        self.game = Some(loaded);
        self.describe()
    }

    /// Answers `play`: the move for the seat to act, and what it was played as.
    fn play(&mut self, text: &str) -> Result<Value, String> {
        let game = self.current()?;
        // Before a roll only a game's pre-roll moves parse (offering the cube).
        let (seat, m) = match game.turn() {
            Turn::Move(seat) => (seat, game.parse(seat, text).map_err(|e| e.to_string())?),
            Turn::Roll(seat) => {
                let m = game.parse(seat, text).map_err(|e| {
                    if e.waits_for_roll() {
                        "roll first".to_string()
                    } else {
                        e.to_string()
                    }
                })?;
                (seat, m)
            }
            Turn::Over(_) => return Err("the game is over".into()),
        };
        let played = game.format(&m);
        let next = game
            .apply(&Action::Play { seat, r#move: m })
            .map_err(|e| e.to_string())?;
        self.game = Some(next);
        let mut value = self.describe()?;
        value["played"] = json!(played);
        Ok(value)
    }

    /// Answers `roll`: the given dice for the seat whose roll is awaited.
    fn roll(&mut self, dice: Vec<u8>) -> Result<Value, String> {
        let game = self.current()?;
        let Turn::Roll(seat) = game.turn() else {
            return Err(if game.dice().is_none() {
                format!("{} has no dice", game.kind().title())
            } else {
                "no roll is awaited now".to_string()
            });
        };
        let next = game
            .apply(&Action::Roll { seat, dice })
            .map_err(|e| e.to_string())?;
        self.game = Some(next);
        self.describe()
    }

    /// Answers `perft`: the number of move paths `depth` plies deep, within a node limit.
    fn perft(&self, depth: u32) -> Result<Value, String> {
        if depth > MAX_PERFT_DEPTH {
            return Err(format!("perft depth is at most {MAX_PERFT_DEPTH}"));
        }
        let nodes = self
            .current()?
            .perft_within(depth, PERFT_LIMIT)
            .map_err(|e| e.to_string())?;
        Ok(json!({ "depth": depth, "nodes": nodes }))
    }

    /// Answers `render`: writes the current game's picture, sides named by `players`.
    fn render(&mut self, path: &str, players: Vec<String>) -> Result<Value, String> {
        let game = self.current()?.clone();
        let renderer = self.renderer.get_or_init(Renderer::new);
        let view = View {
            players,
            caption: None,
            perspective: None,
        };
        let png = renderer.png(&game, &view).map_err(|e| e.to_string())?;
        std::fs::write(path, &png).map_err(|e| format!("cannot write {path}: {e}"))?;
        Ok(json!({ "path": path, "bytes": png.len() }))
    }

    /// Answers `bot`: the move the bot at `level` plays now, in a notation `play` accepts.
    fn bot(
        &self,
        level: Option<usize>,
        ms: Option<u64>,
        seed: Option<u64>,
    ) -> Result<Value, String> {
        use rand::SeedableRng as _;

        let game = self.current()?;
        let levels = crate::bot::levels(game.kind()).len();
        let level = level.unwrap_or(levels);
        if !(1..=levels).contains(&level) {
            return Err(format!(
                "{} has bot levels 1 to {levels}",
                game.kind().title()
            ));
        }
        let ms = ms.unwrap_or(2_000);
        if ms == 0 || ms > MAX_BOT_MS {
            return Err(format!("ms is a budget from 1 to {MAX_BOT_MS}"));
        }
        let seat = match game.turn() {
            Turn::Move(seat) | Turn::Roll(seat) => seat,
            Turn::Over(_) => return Err("the game is over".into()),
        };
        let soft = std::time::Duration::from_millis(ms);
        let budget = crate::bot::Budget::timed(soft, soft * 3 / 2);
        let mut rng = match seed {
            Some(seed) => rand::rngs::StdRng::seed_from_u64(seed),
            None => rand::rngs::StdRng::from_os_rng(),
        };
        match crate::bot::choose(game, seat, level, &budget, &mut rng) {
            Some(pick) => Ok(json!({
                "move": game.format(&pick.r#move),
                "why": pick.why,
                "level": level,
            })),
            None if matches!(game.turn(), Turn::Roll(_)) => {
                Err("roll first: the bot answers for the dice already rolled".into())
            }
            None => Err("the bot has no move to play".into()),
        }
    }

    fn current(&self) -> Result<&Game, String> {
        self.game.as_ref().ok_or_else(|| {
            "no game yet: send {\"cmd\":\"new\",\"game\":\"chess\"} first".to_string()
        })
    }

    /// Describes the current game: whose turn, the outcome, the position string, and what the
    /// last action did by itself (a FEN read with fields missing says how it was read).
    fn describe(&self) -> Result<Value, String> {
        let game = self.current()?;
        let turn = match game.turn() {
            Turn::Move(seat) => json!({ "to": "move", "seat": seat }),
            Turn::Roll(seat) => json!({ "to": "roll", "seat": seat }),
            Turn::Over(outcome) => json!({ "to": "none", "outcome": outcome }),
        };
        let mut value = json!({
            "game": game.kind().name(),
            "turn": turn,
            "position": game.position(),
        });
        if let Some(notice) = game.notice() {
            value["notice"] = json!(notice);
        }
        Ok(value)
    }
}

fn fail(error: impl Into<String>) -> Value {
    json!({ "ok": false, "error": error.into() })
}

/// Runs the engine over a reader and writer until end of input.
///
/// # Errors
/// Fails only on I/O errors.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut engine = Engine::default();
    while let Some(line) = lines::read_line(&mut input, MAX_LINE)? {
        let reply = match line {
            Line::TooLong(n) => fail(format!(
                "request of {n} bytes is longer than {MAX_LINE} bytes"
            )),
            Line::NotUtf8(_) => fail("request is not UTF-8"),
            Line::Text(text) if text.trim().is_empty() => {
                fail("empty request: send one JSON object per line, e.g. {\"cmd\":\"legal\"}")
            }
            Line::Text(text) => engine.answer(&text),
        };
        serde_json::to_writer(&mut output, &reply)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}

/// Answers `simulate`: many seeded games of a game whose brain offers it (see
/// [`crate::bot::Simulate`]), summed up; without a `game`, the registry's first that does.
fn simulate_races(
    game: Option<&str>,
    ruleset: Option<String>,
    players: Option<usize>,
    games: u64,
    seed: u64,
) -> Result<Value, String> {
    let simulated: Vec<GameKind> = GameKind::ALL
        .iter()
        .copied()
        .filter(|&k| crate::bot::simulation(k).is_some())
        .collect();
    let kind: GameKind = match game {
        Some(name) => name.parse().map_err(|e| format!("{e}"))?,
        None => *simulated.first().ok_or("no game here has simulate")?,
    };
    let Some(simulate) = crate::bot::simulation(kind) else {
        let titles: Vec<&str> = simulated.iter().map(|k| k.title()).collect();
        return Err(format!(
            "simulate runs {} races only, not {}",
            titles.join(" and "),
            kind.title()
        ));
    };
    let ruleset = ruleset.unwrap_or_else(|| kind.rulesets()[0].to_string());
    let summary = simulate(&ruleset, players, games, seed)?;
    serde_json::to_value(summary).map_err(|e| e.to_string())
}
