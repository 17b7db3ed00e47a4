//! The web view's tables: which servers show their games on the web, the random public ids
//! pages use for servers, games and players, hidden players and unlisted games.

use rand::Rng as _;
use sqlx::Row as _;
use sqlx::any::AnyRow;

use super::error::check_text;
use super::rows::{self, game_columns};
use super::{GameRow, Store, StoreError};

/// How an archive's games ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchiveResult {
    Won,
    Drawn,
    Aborted,
}

/// What a server's archive is narrowed to: a game, a player (by user id), a result.
#[derive(Clone, Copy, Debug, Default)]
pub struct ArchiveFilter<'a> {
    pub kind: Option<&'a str>,
    pub user: Option<&'a str>,
    pub result: Option<ArchiveResult>,
}

/// How a server's pages are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// Anyone with the address sees them; search engines may index them.
    Public,
    /// Only the server's members, signed in with Discord, see them; never indexed.
    Members,
    /// Turned off: every page of the server answers as if it never existed.
    Off,
}

impl Visibility {
    fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Members => "members",
            Visibility::Off => "off",
        }
    }
}

/// A server's web settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebServer {
    pub guild: String,
    /// The id its pages are reached by (`/s/{public_id}`).
    pub public_id: String,
    pub visibility: Visibility,
}

/// A player's web identity on one server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebPlayer {
    pub guild: String,
    pub user_id: String,
    pub public_id: String,
    /// True after `/web hide-me`: shown as "Anonymous", no page of their own.
    pub hidden: bool,
}

/// A game's web identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebGame {
    pub game: i64,
    pub public_id: String,
    /// True when no list shows the game (its page still works for whoever has the link).
    pub unlisted: bool,
}

/// Makes a new public id: 128 random bits from the OS-seeded generator, base64url without
/// padding (22 characters). It says nothing about the row or the Discord ids it stands for.
pub fn new_public_id() -> String {
    let bits: u128 = rand::rng().random();
    base64url(&bits.to_be_bytes())
}

/// Returns true when `text` has the shape of a public id (22 base64url characters), so a
/// request for anything else needs no query.
pub fn is_public_id(text: &str) -> bool {
    text.len() == 22
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

fn web_server(row: &AnyRow) -> Result<WebServer, StoreError> {
    Ok(WebServer {
        guild: row.try_get("guild")?,
        public_id: row.try_get("public_id")?,
        visibility: stored_visibility(&row.try_get::<String, _>("visibility")?),
    })
}

/// Reads a stored visibility; anything unknown is off.
fn stored_visibility(stored: &str) -> Visibility {
    match stored {
        "public" => Visibility::Public,
        "members" => Visibility::Members,
        _ => Visibility::Off,
    }
}

fn web_player(row: &AnyRow) -> Result<WebPlayer, StoreError> {
    let hidden: i64 = row.try_get("hidden")?;
    Ok(WebPlayer {
        guild: row.try_get("guild")?,
        user_id: row.try_get("user_id")?,
        public_id: row.try_get("public_id")?,
        hidden: hidden != 0,
    })
}

fn web_game(row: &AnyRow) -> Result<WebGame, StoreError> {
    let unlisted: i64 = row.try_get("unlisted")?;
    Ok(WebGame {
        game: row.try_get("game")?,
        public_id: row.try_get("public_id")?,
        unlisted: unlisted != 0,
    })
}

impl Store {
    /// Returns a server's web settings, if it ever turned the web view on.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn web_server(&self, guild: &str) -> Result<Option<WebServer>, StoreError> {
        if guild.contains('\0') {
            return Ok(None);
        }
        sqlx::query("SELECT guild, public_id, visibility FROM web_servers WHERE guild = $1")
            .bind(guild)
            .fetch_optional(self.db())
            .await?
            .as_ref()
            .map(web_server)
            .transpose()
    }

    /// Returns the server a public id names, whatever its visibility.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn web_server_by_id(&self, public_id: &str) -> Result<Option<WebServer>, StoreError> {
        if !is_public_id(public_id) {
            return Ok(None);
        }
        sqlx::query("SELECT guild, public_id, visibility FROM web_servers WHERE public_id = $1")
            .bind(public_id)
            .fetch_optional(self.db())
            .await?
            .as_ref()
            .map(web_server)
            .transpose()
    }

    /// Sets a server's visibility, giving it a public id the first time; returns its settings.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the write fails.
    pub async fn set_web_visibility(
        &self,
        guild: &str,
        visibility: Visibility,
    ) -> Result<WebServer, StoreError> {
        check_text("guild", guild)?;
        sqlx::query(
            "INSERT INTO web_servers (guild, public_id, visibility, updated_at) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (guild) DO UPDATE SET visibility = $3, updated_at = $4",
        )
        .bind(guild)
        .bind(new_public_id())
        .bind(visibility.as_str())
        .bind(self.now())
        .execute(self.db())
        .await?;
        self.web_server(guild).await?.ok_or(StoreError::NotFound)
    }

    /// Returns a player's web identity on a server, giving them a public id the first time.
    ///
    /// # Errors
    /// [`StoreError::Database`] when a query fails.
    pub async fn web_player(&self, guild: &str, user: &str) -> Result<WebPlayer, StoreError> {
        check_text("guild", guild)?;
        check_text("user id", user)?;
        let select = "SELECT guild, user_id, public_id, hidden FROM web_players \
                      WHERE guild = $1 AND user_id = $2";
        if let Some(row) = sqlx::query(select)
            .bind(guild)
            .bind(user)
            .fetch_optional(self.db())
            .await?
        {
            return web_player(&row);
        }
        sqlx::query(
            "INSERT INTO web_players (guild, user_id, public_id, hidden) VALUES ($1, $2, $3, 0) \
             ON CONFLICT (guild, user_id) DO NOTHING",
        )
        .bind(guild)
        .bind(user)
        .bind(new_public_id())
        .execute(self.db())
        .await?;
        let row = sqlx::query(select)
            .bind(guild)
            .bind(user)
            .fetch_one(self.db())
            .await?;
        web_player(&row)
    }

    /// Returns the player a public id names.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn web_player_by_id(&self, public_id: &str) -> Result<Option<WebPlayer>, StoreError> {
        if !is_public_id(public_id) {
            return Ok(None);
        }
        sqlx::query(
            "SELECT guild, user_id, public_id, hidden FROM web_players WHERE public_id = $1",
        )
        .bind(public_id)
        .fetch_optional(self.db())
        .await?
        .as_ref()
        .map(web_player)
        .transpose()
    }

    /// Hides a player on a server's pages, or shows them again.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the write fails.
    pub async fn set_web_hidden(
        &self,
        guild: &str,
        user: &str,
        hidden: bool,
    ) -> Result<(), StoreError> {
        self.web_player(guild, user).await?;
        sqlx::query("UPDATE web_players SET hidden = $3 WHERE guild = $1 AND user_id = $2")
            .bind(guild)
            .bind(user)
            .bind(i64::from(hidden))
            .execute(self.db())
            .await?;
        Ok(())
    }

    /// Returns a game's web identity, giving it a public id the first time.
    ///
    /// # Errors
    /// [`StoreError::Database`] when a query fails.
    pub async fn web_game(&self, game: i64) -> Result<WebGame, StoreError> {
        let select = "SELECT game, public_id, unlisted FROM web_games WHERE game = $1";
        if let Some(row) = sqlx::query(select)
            .bind(game)
            .fetch_optional(self.db())
            .await?
        {
            return web_game(&row);
        }
        sqlx::query(
            "INSERT INTO web_games (game, public_id, unlisted) VALUES ($1, $2, 0) \
             ON CONFLICT (game) DO NOTHING",
        )
        .bind(game)
        .bind(new_public_id())
        .execute(self.db())
        .await?;
        let row = sqlx::query(select).bind(game).fetch_one(self.db()).await?;
        web_game(&row)
    }

    /// Returns the game a public id names, with its row, in one query.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Corrupt`] for a damaged row.
    pub async fn web_game_by_id(
        &self,
        public_id: &str,
    ) -> Result<Option<(WebGame, GameRow)>, StoreError> {
        Ok(self
            .web_game_and_server(public_id)
            .await?
            .map(|(web, row, _)| (web, row)))
    }

    /// Returns the game a public id names, its row, and its server's settings when the server
    /// has any (one query: a game page asks for all three).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails; [`StoreError::Corrupt`] for a damaged row.
    pub async fn web_game_and_server(
        &self,
        public_id: &str,
    ) -> Result<Option<(WebGame, GameRow, Option<WebServer>)>, StoreError> {
        if !is_public_id(public_id) {
            return Ok(None);
        }
        // The game's and web_games' columns share no name; the server's are renamed.
        let Some(row) = sqlx::query(concat!(
            "SELECT w.game, w.public_id, w.unlisted, ",
            game_columns!(),
            ", s.server_public_id, s.server_visibility",
            " FROM web_games w JOIN games ON games.id = w.game",
            " LEFT JOIN (SELECT guild AS server_guild, public_id AS server_public_id, ",
            "visibility AS server_visibility FROM web_servers) s ON s.server_guild = games.guild",
            " WHERE w.public_id = $1"
        ))
        .bind(public_id)
        .fetch_optional(self.db())
        .await?
        else {
            return Ok(None);
        };
        let game = rows::game_row(&row)?;
        let server = match row.try_get::<Option<String>, _>("server_public_id")? {
            Some(public_id) => Some(WebServer {
                guild: game.guild.clone(),
                public_id,
                visibility: stored_visibility(&row.try_get::<String, _>("server_visibility")?),
            }),
            None => None,
        };
        Ok(Some((web_game(&row)?, game, server)))
    }

    /// Marks a game unlisted (no list of its server shows it), or listed again.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the write fails.
    pub async fn set_web_unlisted(&self, game: i64, unlisted: bool) -> Result<(), StoreError> {
        self.web_game(game).await?;
        sqlx::query("UPDATE web_games SET unlisted = $2 WHERE game = $1")
            .bind(game)
            .bind(i64::from(unlisted))
            .execute(self.db())
            .await?;
        Ok(())
    }

    /// Returns a server's listed games, finished ones or those being played, most recently
    /// changed first: at most `limit` after skipping `offset`.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Corrupt`] for a damaged row.
    pub async fn listed_games(
        &self,
        guild: &str,
        finished: bool,
        offset: usize,
        limit: usize,
    ) -> Result<Vec<GameRow>, StoreError> {
        let sql = if finished {
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games LEFT JOIN web_games w ON w.game = games.id \
                 WHERE games.guild = $1 AND games.status = 'finished' \
                 AND (w.unlisted IS NULL OR w.unlisted = 0) \
                 ORDER BY games.updated_at DESC, games.id DESC LIMIT $2 OFFSET $3"
            )
        } else {
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games LEFT JOIN web_games w ON w.game = games.id \
                 WHERE games.guild = $1 AND games.status = 'active' \
                 AND (w.unlisted IS NULL OR w.unlisted = 0) \
                 ORDER BY games.updated_at DESC, games.id DESC LIMIT $2 OFFSET $3"
            )
        };
        sqlx::query(sql)
            .bind(guild)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .bind(i64::try_from(offset).unwrap_or(i64::MAX))
            .fetch_all(self.db())
            .await?
            .iter()
            .map(rows::game_row)
            .collect()
    }

    /// Returns a player's listed games on a server that have started, most recently changed
    /// first, at most `limit`.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Corrupt`] for a damaged row.
    pub async fn listed_games_of(
        &self,
        guild: &str,
        user: &str,
        limit: usize,
    ) -> Result<Vec<GameRow>, StoreError> {
        sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games JOIN seats s ON s.game = games.id \
             LEFT JOIN web_games w ON w.game = games.id \
             WHERE games.guild = $1 AND s.user_id = $2 \
             AND games.status IN ('active', 'finished') \
             AND (w.unlisted IS NULL OR w.unlisted = 0) \
             ORDER BY games.updated_at DESC, games.id DESC LIMIT $3"
        ))
        .bind(guild)
        .bind(user)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(self.db())
        .await?
        .iter()
        .map(rows::game_row)
        .collect()
    }

    /// Returns a page of a server's archive: its listed games that are over (finished or
    /// aborted), most recently ended first, narrowed by `filter`.
    ///
    /// # Errors
    /// [`StoreError::Database`] or [`StoreError::Corrupt`] for a damaged row.
    pub async fn archive(
        &self,
        guild: &str,
        filter: &ArchiveFilter<'_>,
        offset: usize,
        limit: usize,
    ) -> Result<Vec<GameRow>, StoreError> {
        let mut sql = format!(
            "SELECT {} FROM games LEFT JOIN web_games w ON w.game = games.id \
             WHERE games.guild = $1 AND (w.unlisted IS NULL OR w.unlisted = 0)",
            game_columns!()
        );
        let mut next = 2;
        if filter.kind.is_some() {
            sql.push_str(&format!(" AND games.kind = ${next}"));
            next += 1;
        }
        if filter.user.is_some() {
            sql.push_str(&format!(
                " AND EXISTS (SELECT 1 FROM seats s WHERE s.game = games.id AND s.user_id = ${next})"
            ));
            next += 1;
        }
        // The stored result is the outcome as JSON: `{"result":"win",...}` or `"draw"`.
        sql.push_str(match filter.result {
            None => " AND games.status IN ('finished', 'aborted')",
            Some(ArchiveResult::Won) => {
                " AND games.status = 'finished' AND games.result LIKE '%\"result\":\"win\"%'"
            }
            Some(ArchiveResult::Drawn) => {
                " AND games.status = 'finished' AND games.result LIKE '%\"result\":\"draw\"%'"
            }
            Some(ArchiveResult::Aborted) => " AND games.status = 'aborted'",
        });
        sql.push_str(&format!(
            " ORDER BY games.updated_at DESC, games.id DESC LIMIT ${} OFFSET ${}",
            next,
            next + 1
        ));
        // Only fixed text and numbered placeholders are put together; every value is bound.
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(guild);
        if let Some(kind) = filter.kind {
            query = query.bind(kind);
        }
        if let Some(user) = filter.user {
            query = query.bind(user);
        }
        query
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .bind(i64::try_from(offset).unwrap_or(i64::MAX))
            .fetch_all(self.db())
            .await?
            .iter()
            .map(rows::game_row)
            .collect()
    }

    /// Returns the game kinds a server has rated games of, in name order.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the query fails.
    pub async fn rated_kinds(&self, guild: &str) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query(
            "SELECT DISTINCT kind FROM ratings WHERE guild = $1 AND games > 0 \
             AND user_id NOT LIKE 'bot:%' ORDER BY kind",
        )
        .bind(guild)
        .fetch_all(self.db())
        .await?
        .iter()
        .map(|r| r.try_get("kind"))
        .collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_ids_are_22_base64url_characters_and_differ() {
        let a = new_public_id();
        let b = new_public_id();
        assert!(is_public_id(&a), "{a}");
        assert_ne!(a, b);
        assert_eq!(base64url(b"\xff\xff\xff"), "____");
        assert_eq!(base64url(b"Man"), "TWFu");
        assert_eq!(base64url(b"Ma"), "TWE");
        assert!(!is_public_id("12345678901234567890.."));
    }
}
