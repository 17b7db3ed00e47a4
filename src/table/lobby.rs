//! Opening a table, taking and leaving seats, starting and aborting games.

use crate::rules::{Game, GameKind};
use crate::store::{Change, GameRow, NewGame, SeatRow, Status, StoreError};

use super::command::{Choice, Ctx, GameRef, Reply, User, mention};
use super::seating::{Sitter, sit};
use super::{Loaded, Table, TableError};

/// The longest time limit per move, in days.
pub(super) const MAX_DAYS: i64 = 14;

impl Table {
    /// Opens a table for `game` in the channel: the opener seated, the invited people's seats
    /// reserved, and every empty seat the bot's at level `bot` when one is asked for.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn play(
        &self,
        ctx: &Ctx,
        game: &str,
        ruleset: Option<&str>,
        opponents: Vec<User>,
        days: Option<i64>,
        bot: Option<usize>,
        players: Option<usize>,
    ) -> Result<Reply, TableError> {
        let (kind, named) = GameKind::lookup(game)?;
        if let Some(level) = bot {
            check_level(kind, level)?;
        }
        let days = self.move_days(ctx, days).await?;
        let ruleset = match ruleset.map(str::trim).filter(|r| !r.is_empty()) {
            Some(r) => r.to_ascii_lowercase(),
            None => named.unwrap_or(kind.rulesets()[0]).to_string(),
        };
        let (_, most) = kind.seats();
        let max = table_size(kind, players)?;
        let invited = invitees(ctx, opponents, kind, max)?;
        let mut seats = Vec::new();
        let opener = Sitter::Person {
            user: &ctx.user,
            joined: true,
        };
        sit(&mut seats, max, opener)?;
        for user in &invited {
            sit(
                &mut seats,
                max,
                Sitter::Person {
                    user,
                    joined: false,
                },
            )?;
        }
        if let Some(level) = bot {
            if seats.len() >= max {
                return Err(TableError::NoSeatForBot(max));
            }
            while seats.len() < max {
                sit(&mut seats, max, Sitter::Bot(level))?;
            }
        }
        let headline = opening_headline(ctx, kind, bot, &seats, days);
        // With bots the table has exactly the seats asked for; without, the game's most.
        let seats_at_table = if bot.is_some() || players.is_some() {
            max
        } else {
            most
        };
        self.open_table(ctx, kind, &ruleset, seats, days, &headline, seats_at_table)
            .await
    }

    /// The days per move a new table gets: `days:0` asks for no limit; no `days` at all takes
    /// the server's default.
    async fn move_days(&self, ctx: &Ctx, days: Option<i64>) -> Result<Option<i64>, TableError> {
        Ok(match days {
            Some(0) => None,
            Some(d) if !(1..=MAX_DAYS).contains(&d) => return Err(TableError::BadDays(d)),
            Some(d) => Some(d),
            None => self.server_settings(&ctx.guild).await?.days,
        })
    }

    /// Loads the channel's open table for its opener or an admin to change: refused once the
    /// game has started, and to anyone else, saying they may not `what`.
    pub(super) async fn opener_lobby(
        &self,
        ctx: &Ctx,
        what: &'static str,
    ) -> Result<Loaded, TableError> {
        let loaded = self.load(ctx).await?;
        if loaded.row.status != Status::Lobby {
            return Err(TableError::AlreadyStarted);
        }
        if loaded.row.created_by != ctx.user.id && !ctx.admin {
            return Err(TableError::NotAllowed {
                who: "the player who opened the table",
                what,
            });
        }
        Ok(loaded)
    }

    /// Seats the bot at `level` in the channel's open table (its opener or an admin may); the
    /// game starts when that fills the table with seated players.
    pub(super) async fn invite_bot(&self, ctx: &Ctx, level: usize) -> Result<Reply, TableError> {
        let Loaded { row, seats, game } = self.opener_lobby(ctx, "invite the bot").await?;
        check_level(game.kind(), level)?;
        let by = mention(&ctx.user.id);
        self.take_seat(row, seats, Sitter::Bot(level), |bot| {
            format!("{by} invited {} to", mention(&bot.user_id))
        })
        .await
    }

    /// Stores a new table with these seats (the joined ones seated, the others reserved for
    /// invited players) and answers with the invitation: `headline (game #N).` and who is
    /// waited for.
    #[allow(clippy::too_many_arguments)]
    async fn open_table(
        &self,
        ctx: &Ctx,
        kind: GameKind,
        ruleset: &str,
        seats: Vec<SeatRow>,
        move_days: Option<i64>,
        headline: &str,
        max: usize,
    ) -> Result<Reply, TableError> {
        let (min, _) = kind.seats();
        // Validates the ruleset and player count before anything is stored.
        let state = Game::new(kind, ruleset, max)?;
        let settings = self.server_settings(&ctx.guild).await?;
        let new = NewGame {
            guild: ctx.guild.clone(),
            channel: ctx.channel.clone(),
            kind: kind.name().to_string(),
            ruleset: serde_json::to_string(&ruleset).map_err(|e| TableError::Internal(e.into()))?,
            status: Status::Lobby,
            state: to_json(&state)?,
            created_by: ctx.user.id.clone(),
            max_seats: max as i64,
            seats,
            move_days,
            remind_after: settings.remind_after(),
        };
        let (row, seats) = self.create_table(ctx, new).await?;
        // A table the bot filled with nobody left to wait for starts at once.
        if seats.len() == max && seats.iter().all(|s| s.joined) {
            let mut reply = self.begin(row, seats).await?;
            reply.text = format!("{headline}.\n{}", reply.text);
            return Ok(reply);
        }
        let waiting: Vec<&SeatRow> = seats.iter().filter(|s| !s.joined).collect();
        let early = (min < max).then_some(min);
        let open = max - seats.len();
        let text = invitation(headline, row.id, &waiting, open, early, settings.lobby_days);
        Ok(Reply {
            text,
            ping: waiting.iter().map(|s| s.user_id.clone()).collect(),
            choices: vec![choice("Join", "join")],
            game: Some(GameRef {
                id: row.id,
                seq: row.seq,
                closed: false,
            }),
            ..Reply::default()
        })
    }

    /// Stores a new table; a table in the channel that waited too long to start gives way to
    /// it, any other is refused with its game.
    async fn create_table(
        &self,
        ctx: &Ctx,
        new: NewGame,
    ) -> Result<(GameRow, Vec<SeatRow>), TableError> {
        match self.store.create_game(new.clone()).await {
            Ok(created) => Ok(created),
            Err(StoreError::ChannelBusy) => {
                let busy = self.store.open_game(&ctx.guild, &ctx.channel).await?;
                // A table that waited too long to start gives way to the new one.
                let expired = match &busy {
                    Some(row) => self.expire_lobby(row).await?.is_some(),
                    None => false,
                };
                if expired {
                    return self.store.create_game(new).await.map_err(|e| match e {
                        StoreError::ChannelBusy => TableError::ChannelBusy {
                            kind: "other".into(),
                            id: 0,
                        },
                        other => other.into(),
                    });
                }
                Err(TableError::ChannelBusy {
                    kind: busy.as_ref().map_or("other".into(), |r| r.kind.clone()),
                    id: busy.map_or(0, |r| r.id),
                })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Opens a new table for the players of a finished game, seats turned one place (colours
    /// swapped for two): the asker is seated, the others have reserved seats and are pinged.
    /// `game` is the finished game, or the channel's most recent one.
    pub(super) async fn rematch(&self, ctx: &Ctx, game: Option<i64>) -> Result<Reply, TableError> {
        let old = match game {
            Some(id) => self.store.game(id).await?,
            None => self
                .store
                .latest_game(&ctx.guild, &ctx.channel)
                .await?
                .ok_or(TableError::NoGameYet)?,
        };
        if old.guild != ctx.guild || old.channel != ctx.channel {
            return Err(TableError::OtherChannel);
        }
        if old.status != Status::Finished {
            return Err(TableError::NotFinished(old.id));
        }
        let kind: GameKind = old.kind.parse()?;
        let ruleset: String =
            serde_json::from_str(&old.ruleset).map_err(|e| TableError::Corrupt {
                id: old.id,
                detail: e.to_string(),
            })?;
        let players = self.seats(old.id).await?;
        if !players.iter().any(|s| s.user_id == ctx.user.id) {
            return Err(TableError::NotSeated);
        }
        let n = players.len();
        let seats: Vec<SeatRow> = (0..n)
            .map(|i| {
                let from = &players[(i + 1) % n];
                SeatRow {
                    seat: i as i64,
                    user_id: from.user_id.clone(),
                    name: from.name.clone(),
                    joined: from.user_id == ctx.user.id || from.bot_level().is_some(),
                }
            })
            .collect();
        let headline = format!(
            "{} asks for a rematch of game #{}, {}",
            mention(&ctx.user.id),
            old.id,
            if n == 2 {
                "colours swapped"
            } else {
                "seats turned one place"
            }
        );
        let max = if seats.iter().any(|s| s.bot_level().is_some()) {
            n
        } else {
            kind.seats().1
        };
        self.open_table(ctx, kind, &ruleset, seats, old.move_days, &headline, max)
            .await
    }

    pub(super) async fn join(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let Loaded { row, seats, .. } = self.load(ctx).await?;
        if row.status != Status::Lobby {
            return Err(TableError::AlreadyStarted);
        }
        let me = Sitter::Person {
            user: &ctx.user,
            joined: true,
        };
        self.take_seat(row, seats, me, |_| {
            format!("{} joined", mention(&ctx.user.id))
        })
        .await
    }

    pub(super) async fn leave(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let Loaded { row, seats, .. } = self.load(ctx).await?;
        if row.status != Status::Lobby {
            return Err(TableError::AlreadyStarted);
        }
        if !seats.iter().any(|s| s.user_id == ctx.user.id) {
            return Err(TableError::NotSeated);
        }
        if row.created_by == ctx.user.id {
            // The creator leaving closes the table: nobody else can start it.
            let row = self.close(&row, Status::Aborted, &row.state, None).await?;
            return Ok(Reply {
                text: format!(
                    "{} left, so game #{} is closed.",
                    mention(&ctx.user.id),
                    row.id
                ),
                game: Some(game_ref(&row)),
                ..Reply::default()
            });
        }
        let seats: Vec<SeatRow> = seats
            .into_iter()
            .filter(|s| s.user_id != ctx.user.id)
            .collect();
        let row = self.reseat(&row, seats).await?;
        Ok(Reply {
            text: format!("{} left game #{}.", mention(&ctx.user.id), row.id),
            game: Some(game_ref(&row)),
            ..Reply::default()
        })
    }

    /// Stores a lobby's new seating.
    pub(super) async fn reseat(
        &self,
        row: &GameRow,
        seats: Vec<SeatRow>,
    ) -> Result<GameRow, TableError> {
        Ok(self
            .store
            .commit(Change {
                game: row.id,
                expected_seq: row.seq,
                status: Status::Lobby,
                state: row.state.clone(),
                result: None,
                seats: Some(seats),
                log: None,
            })
            .await?)
    }
}

/// The seats a new table of `kind` has: `players` when asked (within the game's range), else
/// the game's most.
fn table_size(kind: GameKind, players: Option<usize>) -> Result<usize, TableError> {
    let (min, most) = kind.seats();
    match players {
        Some(n) if !(min..=most).contains(&n) => Err(TableError::BadPlayers {
            kind: kind.title(),
            min,
            max: most,
            asked: n,
        }),
        Some(n) => Ok(n),
        None => Ok(most),
    }
}

/// The people invited to a table of `max` seats, each once; the opener may not invite
/// themself, nor more people than the seats left.
fn invitees(
    ctx: &Ctx,
    opponents: Vec<User>,
    kind: GameKind,
    max: usize,
) -> Result<Vec<User>, TableError> {
    let mut invited: Vec<User> = Vec::new();
    for user in opponents {
        if user.id == ctx.user.id {
            return Err(TableError::BadOpponents(
                "You cannot invite yourself.".into(),
            ));
        }
        if !invited.iter().any(|u| u.id == user.id) {
            invited.push(user);
        }
    }
    if invited.len() + 1 > max {
        return Err(TableError::BadOpponents(format!(
            "{} is for at most {max} players; you invited {}.",
            kind.title(),
            invited.len()
        )));
    }
    Ok(invited)
}

/// Says who opened the table, against which bots and with how many days per move.
fn opening_headline(
    ctx: &Ctx,
    kind: GameKind,
    bot: Option<usize>,
    seats: &[SeatRow],
    days: Option<i64>,
) -> String {
    let mut headline = format!("{} opened a {} table", mention(&ctx.user.id), kind.title());
    if let Some(level) = bot {
        let bots: Vec<&SeatRow> = seats.iter().filter(|s| s.bot_level().is_some()).collect();
        headline.push_str(&format!(
            " against {}",
            match bots[..] {
                [one] => mention(&one.user_id),
                _ => format!("{} bots at level {level}", bots.len()),
            }
        ));
    }
    if let Some(d) = days {
        headline.push_str(&format!(
            " with {d} day{} per move",
            if d == 1 { "" } else { "s" }
        ));
    }
    headline
}

/// The invitation to a new table: `headline (game #N).`, who is waited for, the seats `open`
/// to anyone, how many players the creator may `/start` with when fewer than all
/// (`early`), and when a table not started closes.
fn invitation(
    headline: &str,
    id: i64,
    waiting: &[&SeatRow],
    open: usize,
    early: Option<usize>,
    lobby_days: i64,
) -> String {
    let mut text = format!("{headline} (game #{id}).");
    if !waiting.is_empty() {
        let names: Vec<String> = waiting.iter().map(|s| mention(&s.user_id)).collect();
        text.push_str(&format!(
            " {}: type `/join` to take your seat.",
            names.join(", ")
        ));
    }
    if open > 0 {
        text.push_str(&format!(
            " {open} seat{} open to anyone: `/join`.",
            if open == 1 { "" } else { "s" }
        ));
    }
    if let Some(min) = early {
        text.push_str(&format!(
            " The creator can `/start` once {min} players are seated."
        ));
    }
    text.push_str(&format!(
        " A table not started within {lobby_days} day{} closes.",
        if lobby_days == 1 { "" } else { "s" }
    ));
    text
}

/// Checks that a game's bot has `level`.
pub(super) fn check_level(kind: GameKind, level: usize) -> Result<(), TableError> {
    let max = crate::bot::levels(kind).len();
    if (1..=max).contains(&level) {
        Ok(())
    } else {
        Err(TableError::NoSuchLevel {
            kind: kind.title(),
            name: kind.name(),
            max,
        })
    }
}

pub(super) fn to_json(game: &Game) -> Result<String, TableError> {
    serde_json::to_string(game).map_err(|e| TableError::Internal(e.into()))
}

pub(super) fn choice(label: &str, command: &str) -> Choice {
    Choice {
        label: label.to_string(),
        command: command.to_string(),
    }
}

pub(super) fn game_ref(row: &GameRow) -> GameRef {
    GameRef {
        id: row.id,
        seq: row.seq,
        closed: !row.status.is_open(),
    }
}
