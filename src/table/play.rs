//! Playing a started game: moves, dice, the board, resignations and draw offers.

use rand::Rng as _;

use crate::rating::{self, System};
use crate::rules::{Action, Game, PlayError, Seat, Turn};
use crate::store::{Change, Committed, GameRow, NewLog, Rate, SeatRow, Status};

use super::command::{Choice, Ctx, DrawCommand, Reply, mention};
use super::dice::DiceExpr;
use super::lobby::{choice, game_ref, to_json};
use super::{Loaded, Table, TableError, words};

/// Most options a select menu can hold (Discord's limit).
const MENU_SIZE: usize = 25;

impl Table {
    pub(super) async fn play_move(&self, ctx: &Ctx, text: &str) -> Result<Reply, TableError> {
        let loaded = self.load_started(ctx).await?;
        self.play_loaded_move(ctx, loaded, text).await
    }

    /// Plays `text` as the sender's move in a game already loaded (and started).
    pub(super) async fn play_loaded_move(
        &self,
        ctx: &Ctx,
        loaded: Loaded,
        text: &str,
    ) -> Result<Reply, TableError> {
        let seat = seat_of(ctx, &loaded.seats)?;
        match loaded.game.turn() {
            Turn::Over(_) => {
                return Err(TableError::Corrupt {
                    id: loaded.row.id,
                    detail: "the game is over but still marked active".into(),
                });
            }
            Turn::Roll(s) | Turn::Move(s) if s != seat => {
                return Err(TableError::NotYourTurn(name(&loaded.seats, s)));
            }
            _ => {}
        }
        // Before the roll only a game's own pre-roll moves parse (e.g. offering the doubling
        // cube); one the game refuses for a reason of its own says that reason.
        let parsed = tracing::debug_span!("rules").in_scope(|| loaded.game.parse(seat, text));
        let m = match (loaded.game.turn(), parsed) {
            (_, Ok(m)) => m,
            (Turn::Roll(_), Err(e)) if e.waits_for_roll() => {
                return Err(TableError::RollFirst);
            }
            (_, Err(e)) => return Err(e.into()),
        };
        let notation = loaded.game.format(&m);
        let headline = format!("{} played **{notation}**.", mention(&ctx.user.id));
        self.act(
            ctx,
            loaded,
            Action::Play { seat, r#move: m },
            notation,
            headline,
        )
        .await
    }

    pub(super) async fn roll(&self, ctx: &Ctx, expr: Option<&str>) -> Result<Reply, TableError> {
        if let Some(expr) = expr.filter(|e| !e.trim().is_empty()) {
            let expr = DiceExpr::parse(expr)?;
            let (_, line) = {
                let mut rng = self
                    .rng
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                expr.roll(&mut *rng)
            };
            return Ok(Reply::text(format!(
                "{} rolls {line}",
                mention(&ctx.user.id)
            )));
        }
        let loaded = match self.load_started(ctx).await {
            Ok(loaded) => loaded,
            Err(TableError::NoGame) => return Err(TableError::NoDiceHere(None)),
            Err(e) => return Err(e),
        };
        let seat = seat_of(ctx, &loaded.seats)?;
        match loaded.game.turn() {
            Turn::Roll(s) if s == seat => {
                let Some((action, notation, headline)) =
                    self.throw(&loaded.game, seat, &ctx.user.id)
                else {
                    return Err(TableError::NoDiceHere(Some(loaded.game.kind().title())));
                };
                self.act(ctx, loaded, action, notation, headline).await
            }
            Turn::Roll(s) | Turn::Move(s) if s != seat => {
                Err(TableError::NotYourTurn(name(&loaded.seats, s)))
            }
            _ if loaded.game.dice().is_none() => {
                Err(TableError::NoDiceHere(Some(loaded.game.kind().title())))
            }
            // The seat is to move, not to roll: the game says why (a double waiting for its
            // answer, a roll being played); the dice shown to it are never stored.
            Turn::Move(_) => {
                let count = loaded.game.dice().map_or(0, |d| d.count);
                let probe = Action::Roll {
                    seat,
                    dice: vec![1; usize::from(count)],
                };
                match loaded.game.apply(&probe) {
                    Err(e) if e != PlayError::MoveFirst => Err(e.into()),
                    _ => Err(TableError::MoveFirst),
                }
            }
            _ => Err(TableError::MoveFirst),
        }
    }

    /// Throws the dice `seat` rolls now in `game` (none in a game without dice): the roll
    /// action, its notation (`3-5`) and the headline naming `user` as the roller. Stored by
    /// [`act`](Self::act) before anyone sees it.
    pub(super) fn throw(
        &self,
        game: &Game,
        seat: Seat,
        user: &str,
    ) -> Option<(Action, String, String)> {
        let wanted = game.dice()?;
        let dice: Vec<u8> = {
            let mut rng = self
                .rng
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            (0..wanted.count)
                .map(|_| rng.random_range(1..=wanted.faces))
                .collect()
        };
        let shown: Vec<String> = dice.iter().map(u8::to_string).collect();
        let words = game
            .roll_words(&dice)
            .unwrap_or_else(|| format!("**{}**", shown.join(" and ")));
        let headline = format!("{} rolled {words}.", mention(user));
        Some((Action::Roll { seat, dice }, shown.join("-"), headline))
    }

    pub(super) async fn board(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let loaded = self.load(ctx).await?;
        if loaded.row.status == Status::Lobby {
            return Err(TableError::NotStarted);
        }
        Ok(self
            .turn_reply(&loaded.row, &loaded.seats, &loaded.game, String::new())
            .await)
    }

    pub(super) async fn resign(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let loaded = self.load_started(ctx).await?;
        let seat = seat_of(ctx, &loaded.seats)?;
        let headline = format!("{} resigned.", mention(&ctx.user.id));
        self.act(
            ctx,
            loaded,
            Action::Resign { seat },
            "resign".into(),
            headline,
        )
        .await
    }

    /// Wins the game for the claimant when the player to move has let their time run out: the
    /// absent player's seat resigns (with three or more players, as each game's rules treat a
    /// resignation), logged as a forfeit on time.
    pub(super) async fn claim(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let loaded = self.load_started(ctx).await?;
        let seat = seat_of(ctx, &loaded.seats)?;
        let Some(deadline) = loaded.row.deadline_at else {
            return Err(TableError::NoTimeLimit);
        };
        let Some(absent) = loaded.game.turn().seat() else {
            return Err(TableError::NoTimeLimit);
        };
        if absent == seat {
            return Err(TableError::ClaimOwnTurn);
        }
        if loaded
            .seats
            .iter()
            .any(|s| s.seat as usize == absent && s.bot_level().is_some())
        {
            return Err(TableError::BotToMove);
        }
        if self.store.now() < deadline {
            return Err(TableError::StillTime(name(&loaded.seats, absent), deadline));
        }
        let late = seat_user(&loaded.seats, absent).unwrap_or_default();
        let headline = format!(
            "{} ran out of time for a move; {} claims the game.",
            mention(&late),
            mention(&ctx.user.id)
        );
        self.act(
            ctx,
            loaded,
            Action::Resign { seat: absent },
            "forfeit on time".into(),
            headline,
        )
        .await
    }

    pub(super) async fn draw(&self, ctx: &Ctx, what: DrawCommand) -> Result<Reply, TableError> {
        let loaded = self.load_started(ctx).await?;
        let seat = seat_of(ctx, &loaded.seats)?;
        let offer = loaded.game.draw_offer();
        let who = mention(&ctx.user.id);
        let (action, notation, headline) = match what {
            DrawCommand::Offer if offer.is_some_and(|s| s != seat) => (
                Action::AcceptDraw { seat },
                "draw accepted",
                format!("{who} accepted the draw offer."),
            ),
            DrawCommand::Offer => (
                Action::OfferDraw { seat },
                "draw offered",
                format!("{who} offers a draw."),
            ),
            DrawCommand::Accept => (
                Action::AcceptDraw { seat },
                "draw accepted",
                format!("{who} accepted the draw offer."),
            ),
            DrawCommand::Decline if offer == Some(seat) => (
                Action::DeclineDraw { seat },
                "draw withdrawn",
                format!("{who} withdrew the draw offer."),
            ),
            DrawCommand::Decline => (
                Action::DeclineDraw { seat },
                "draw declined",
                format!("{who} declined the draw offer."),
            ),
            DrawCommand::Claim => (
                Action::ClaimDraw { seat },
                "draw claimed",
                format!("{who} claims a draw."),
            ),
        };
        self.act(ctx, loaded, action, notation.into(), headline)
            .await
    }

    /// Applies an action, stores it with the new state in one step, and answers with the board.
    pub(super) async fn act(
        &self,
        ctx: &Ctx,
        loaded: Loaded,
        action: Action,
        notation: String,
        headline: String,
    ) -> Result<Reply, TableError> {
        let (done, seats, next) = self.commit_action(ctx, loaded, &action, notation).await?;
        let mut reply = self
            .turn_reply_with(&done.game, &seats, &next, headline, done.away_until)
            .await;
        if !done.ratings.is_empty() {
            reply.text.push('\n');
            reply.text.push_str(&words::rating_changes(
                System::of(next.kind()),
                &done.ratings,
            ));
        }
        Ok(reply)
    }

    /// Applies an action and stores it with the new state in one step (rating a finished game
    /// between people in the same transaction); returns what was committed (the stored row,
    /// the rating changes, the next person's vacation), the seats and the new state.
    pub(super) async fn commit_action(
        &self,
        ctx: &Ctx,
        loaded: Loaded,
        action: &Action,
        notation: String,
    ) -> Result<(Committed, Vec<SeatRow>, Game), TableError> {
        let Loaded { row, seats, game } = loaded;
        let (next, state) = tracing::debug_span!("rules").in_scope(|| {
            let next = game.apply(action)?;
            let state = to_json(&next)?;
            Ok::<_, TableError>((next, state))
        })?;
        let outcome = next.outcome();
        let result = match outcome {
            Some(o) => Some(serde_json::to_string(&o).map_err(|e| TableError::Internal(e.into()))?),
            None => None,
        };
        // A finished game is rated in the same transaction that records its result; a game
        // with a bot seat only when its server rates them (`rate_bots`), and then the bot's
        // seats have ratings of their own that no leaderboard shows.
        let against_bot = seats.iter().any(|s| s.bot_level().is_some());
        let rated =
            !against_bot || (outcome.is_some() && self.store.settings(&row.guild).await?.rate_bots);
        let rate = outcome.filter(|_| rated).map(|o| {
            let places = rating::places(o, seats.len());
            Rate {
                kind: row.kind.clone(),
                system: System::of(game.kind()),
                players: seats
                    .iter()
                    .map(|s| {
                        let place = places.get(s.seat as usize).copied().unwrap_or(2);
                        (s.user_id.clone(), s.name.clone(), place)
                    })
                    .collect(),
            }
        });
        // The person to move next: while they are away, the new turn's clock waits.
        let to_move = next.turn().seat().and_then(|s| seat_user(&seats, s));
        let commit = self.store.commit_turn(
            Change {
                game: row.id,
                expected_seq: row.seq,
                status: if outcome.is_some() {
                    Status::Finished
                } else {
                    Status::Active
                },
                state,
                result,
                seats: None,
                log: Some(NewLog {
                    user_id: ctx.user.id.clone(),
                    action: serde_json::to_string(action)
                        .map_err(|e| TableError::Internal(e.into()))?,
                    notation,
                }),
            },
            rate.as_ref(),
            to_move.as_deref(),
        );
        let done = self.db(commit).await?;
        self.metrics.turn();
        self.live.changed(done.game.id);
        Ok((done, seats, next))
    }

    /// Builds the message every turn ends with: what happened, whose turn it is, the board and the buttons.
    pub(super) async fn turn_reply(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        game: &Game,
        headline: String,
    ) -> Reply {
        let away_until = match game.turn().seat().and_then(|s| seat_user(seats, s)) {
            Some(user) => self.db(self.away_until(&row.guild, &user)).await,
            None => None,
        };
        self.turn_reply_with(row, seats, game, headline, away_until)
            .await
    }

    /// Builds a turn's message as [`turn_reply`](Self::turn_reply) does, where the end of the
    /// vacation of the person to move (if they are away) is known already, as a commit
    /// returns it.
    pub(super) async fn turn_reply_with(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        game: &Game,
        headline: String,
        away_until: Option<i64>,
    ) -> Reply {
        let mut status = words::status(game, seats);
        if let (Some(deadline), Some(_)) = (row.deadline_at, game.turn().seat()) {
            status.push_str(&format!(
                " Time to move: until <t:{deadline}:f> (<t:{deadline}:R>)."
            ));
        }
        // A player to move who is away: said in the text and on the picture.
        let away = away_until.and_then(|until| vacation(game, seats, until));
        if let Some((said, _)) = &away {
            status.push_str(said);
        }
        let away = away.map(|(_, drawn)| drawn);
        let headline = with_notice(headline, game);
        // Whether a move menu is offered, and with what, is the game's choice.
        let menu = match game.turn() {
            Turn::Move(seat) => {
                if let Some(summary) = game.options_summary(seat) {
                    status.push('\n');
                    status.push_str(&summary);
                }
                game.menu(seat, MENU_SIZE).unwrap_or_default()
            }
            _ => Vec::new(),
        };
        let caption = match (headline.is_empty(), away) {
            (true, away) => away,
            (false, None) => Some(words::plain(&headline, seats)),
            (false, Some(away)) => Some(format!("{} ({away})", words::plain(&headline, seats))),
        };
        let image = self.picture(game, seats, caption).await;
        let mut text = headline;
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&status);
        let (choices, ping) = buttons_and_pings(game, seats);
        Reply {
            text,
            image,
            ping,
            choices,
            private: false,
            game: Some(game_ref(row)),
            menu,
            files: Vec::new(),
        }
    }

    /// Loads the channel's game and insists that it has started.
    pub(super) async fn load_started(&self, ctx: &Ctx) -> Result<Loaded, TableError> {
        let loaded = self.load(ctx).await?;
        if loaded.row.status == Status::Lobby {
            return Err(TableError::NotStarted);
        }
        Ok(loaded)
    }
}

/// Finds the seat of the user who sent the command.
pub(super) fn seat_of(ctx: &Ctx, seats: &[SeatRow]) -> Result<Seat, TableError> {
    seats
        .iter()
        .find(|s| s.user_id == ctx.user.id && s.joined)
        .map(|s| s.seat as usize)
        .ok_or(TableError::NotSeated)
}

/// The person at a seat, to ping (none for a bot's seat).
pub(super) fn seat_user(seats: &[SeatRow], seat: Seat) -> Option<String> {
    seats
        .iter()
        .find(|s| s.seat as usize == seat && s.bot_level().is_none())
        .map(|s| s.user_id.clone())
}

/// Says that the player to move is away until `until`: the sentence for the message and the
/// words for the picture (`None` when nobody is to move).
fn vacation(game: &Game, seats: &[SeatRow], until: i64) -> Option<(String, String)> {
    let user = game.turn().seat().and_then(|s| seat_user(seats, s))?;
    let said = format!(
        " {} is on vacation until <t:{until}:f>; their clock waits.",
        mention(&user)
    );
    let when = chrono::DateTime::from_timestamp(until, 0)
        .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_default();
    let name = seats
        .iter()
        .find(|s| s.user_id == user)
        .map_or(user.clone(), |s| s.name.clone());
    let drawn = format!(
        "{} is on vacation until {when}",
        super::names::markdown_safe(&name)
    );
    Some((said, drawn))
}

/// Adds what happened by itself (a forced pass, a penalty) to a non-empty headline: it belongs
/// to the action just taken.
fn with_notice(mut headline: String, game: &Game) -> String {
    if !headline.is_empty()
        && let Some(notice) = game.notice()
    {
        headline.push(' ');
        headline.push_str(notice.trim_end_matches('.'));
        headline.push('.');
    }
    headline
}

/// The buttons under a turn's message and the people it pings: after the game, rematch and
/// every person; during it, the roll, draw and resign buttons that apply, and the person to
/// act (with the people a draw offer waits for).
fn buttons_and_pings(game: &Game, seats: &[SeatRow]) -> (Vec<Choice>, Vec<String>) {
    let mut choices: Vec<Choice> = vec![choice("Board", "board")];
    let ping = match game.turn() {
        Turn::Over(_) => {
            choices.push(choice("Rematch", "rematch"));
            seats
                .iter()
                .filter(|s| s.bot_level().is_none())
                .map(|s| s.user_id.clone())
                .collect()
        }
        Turn::Move(s) | Turn::Roll(s) => {
            if game.dice().is_some() {
                choices.push(choice("Roll", "roll"));
            }
            if game.draw_offer().is_some() {
                choices.push(choice("Accept draw", "draw accept"));
                choices.push(choice("Decline draw", "draw decline"));
            }
            if seats.iter().any(|x| game.may_claim_draw(x.seat as usize)) {
                choices.push(choice("Claim draw", "draw claim"));
            }
            choices.push(choice("Resign", "resign"));
            let mut ping: Vec<String> = seat_user(seats, s).into_iter().collect();
            if let Some(offerer) = game.draw_offer() {
                ping.extend(
                    seats
                        .iter()
                        .filter(|x| x.seat as usize != offerer && x.bot_level().is_none())
                        .map(|x| x.user_id.clone()),
                );
                ping.dedup();
            }
            ping
        }
    };
    (choices, ping)
}

pub(super) fn name(seats: &[SeatRow], seat: Seat) -> String {
    seats
        .iter()
        .find(|s| s.seat as usize == seat)
        .map_or_else(|| format!("seat {seat}"), |s| s.name.clone())
}
