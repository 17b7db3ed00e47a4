//! Who sits at the games a page lists, in one query however many games it lists: each game's
//! public id, and its seats with each player's web identity on the game's server.

use std::collections::HashMap;

use sqlx::Row as _;
use sqlx::any::AnyRow;

use super::model::bot_level_of;
use super::rows;
use super::web::new_public_id;
use super::{SeatRow, Store, StoreError};

/// A seat of a game as pages name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSeat {
    pub seat: SeatRow,
    /// The player's public id on the game's server; none for the bot.
    pub public_id: Option<String>,
    /// True after `/web hide-me`.
    pub hidden: bool,
}

/// A game's public id and its seats in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSeats {
    pub public_id: String,
    pub seats: Vec<WebSeat>,
}

/// What one read found: the games by id, and the ids still to be made.
struct Read {
    games: HashMap<i64, WebSeats>,
    /// Games without a public id.
    games_missing: Vec<i64>,
    /// (server, user) of players without a public id there.
    players_missing: Vec<(String, String)>,
}

const SELECT: &str = "SELECT g.id AS game, g.guild AS guild, w.public_id AS game_public_id, \
     s.seat, s.user_id, s.name, s.joined, p.public_id AS player_public_id, p.hidden \
     FROM games g LEFT JOIN web_games w ON w.game = g.id \
     LEFT JOIN seats s ON s.game = g.id \
     LEFT JOIN web_players p ON p.guild = g.guild AND p.user_id = s.user_id \
     WHERE g.id IN ";

impl Store {
    /// Returns each of `games` (unknown ids are left out) with its public id and seats, each
    /// with its player's web identity, giving games and players their public ids the first
    /// time: one query once every id exists, three more statements when some are missing.
    ///
    /// # Errors
    /// [`StoreError::Database`] when a statement fails, [`StoreError::Corrupt`] for a
    /// damaged seat.
    pub async fn web_seats(&self, games: &[i64]) -> Result<HashMap<i64, WebSeats>, StoreError> {
        if games.is_empty() {
            return Ok(HashMap::new());
        }
        let read = self.read_web_seats(games).await?;
        if read.games_missing.is_empty() && read.players_missing.is_empty() {
            return Ok(read.games);
        }
        self.give_game_ids(&read.games_missing).await?;
        self.give_player_ids(&read.players_missing).await?;
        Ok(self.read_web_seats(games).await?.games)
    }

    async fn read_web_seats(&self, games: &[i64]) -> Result<Read, StoreError> {
        // Only numbered placeholders are put together; every value is bound.
        let sql = format!(
            "{SELECT}({}) ORDER BY g.id, s.seat",
            placeholders(1, games.len(), 1)
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for game in games {
            query = query.bind(*game);
        }
        let rows = query.fetch_all(self.db()).await?;
        let mut read = Read {
            games: HashMap::with_capacity(games.len()),
            games_missing: Vec::new(),
            players_missing: Vec::new(),
        };
        for row in &rows {
            read_row(row, &mut read)?;
        }
        read.players_missing.sort_unstable();
        read.players_missing.dedup();
        Ok(read)
    }

    /// Gives each of `games` a public id (one statement; none for no games).
    async fn give_game_ids(&self, games: &[i64]) -> Result<(), StoreError> {
        if games.is_empty() {
            return Ok(());
        }
        let sql = format!(
            "INSERT INTO web_games (game, public_id, unlisted) VALUES {} \
             ON CONFLICT (game) DO NOTHING",
            tuples(games.len(), 2, ", 0")
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for game in games {
            query = query.bind(*game).bind(new_public_id());
        }
        query.execute(self.db()).await?;
        Ok(())
    }

    /// Gives each (server, user) a public id there (one statement; none for nobody).
    async fn give_player_ids(&self, players: &[(String, String)]) -> Result<(), StoreError> {
        if players.is_empty() {
            return Ok(());
        }
        let sql = format!(
            "INSERT INTO web_players (guild, user_id, public_id, hidden) VALUES {} \
             ON CONFLICT (guild, user_id) DO NOTHING",
            tuples(players.len(), 3, ", 0")
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (guild, user) in players {
            query = query
                .bind(guild.as_str())
                .bind(user.as_str())
                .bind(new_public_id());
        }
        query.execute(self.db()).await?;
        Ok(())
    }
}

/// Adds one row of the read (a game with one of its seats, or a game without seats).
fn read_row(row: &AnyRow, read: &mut Read) -> Result<(), StoreError> {
    let game: i64 = row.try_get("game")?;
    let public_id: Option<String> = row.try_get("game_public_id")?;
    if public_id.is_none() && !read.games.contains_key(&game) {
        read.games_missing.push(game);
    }
    let entry = read.games.entry(game).or_insert_with(|| WebSeats {
        public_id: public_id.unwrap_or_default(),
        seats: Vec::new(),
    });
    if row.try_get::<Option<i64>, _>("seat")?.is_none() {
        return Ok(());
    }
    let seat = rows::seat(row)?;
    let player: Option<String> = row.try_get("player_public_id")?;
    let hidden: Option<i64> = row.try_get("hidden")?;
    if player.is_none() && bot_level_of(&seat.user_id).is_none() {
        let guild: String = row.try_get("guild")?;
        read.players_missing.push((guild, seat.user_id.clone()));
    }
    entry.seats.push(WebSeat {
        seat,
        public_id: player,
        hidden: hidden.unwrap_or(0) != 0,
    });
    Ok(())
}

/// `$first, $first+step, …`: `count` placeholders.
fn placeholders(first: usize, count: usize, step: usize) -> String {
    (0..count)
        .map(|i| format!("${}", first + i * step))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `($1, $2<tail>), ($3, $4<tail>), …`: `count` tuples of `width` placeholders each, with
/// `tail` (fixed values) after them.
fn tuples(count: usize, width: usize, tail: &str) -> String {
    (0..count)
        .map(|i| format!("({}{tail})", placeholders(1 + i * width, width, 1)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::{placeholders, tuples};

    #[test]
    fn placeholders_number_every_bound_value_once() {
        assert_eq!(placeholders(1, 3, 1), "$1, $2, $3");
        assert_eq!(tuples(2, 3, ", 0"), "($1, $2, $3, 0), ($4, $5, $6, 0)");
    }
}
