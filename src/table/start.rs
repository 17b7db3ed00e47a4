//! Starting a game from its lobby (by `/start` or when the last seat fills) and closing a game
//! that ended or was aborted.

use crate::rules::{Game, GameKind};
use crate::store::{Change, GameRow, SeatRow, Status};

use super::command::{Ctx, Reply};
use super::lobby::to_json;
use super::{Loaded, Table, TableError, words};

impl Table {
    pub(super) async fn start(&self, ctx: &Ctx) -> Result<Reply, TableError> {
        let Loaded { row, seats, game } = self.opener_lobby(ctx, "start it").await?;
        let joined: Vec<SeatRow> = seats.into_iter().filter(|s| s.joined).collect();
        let (min, _) = game.kind().seats();
        if joined.len() < min {
            return Err(TableError::NotEnoughPlayers {
                min,
                seated: joined.len(),
            });
        }
        self.begin(row, joined).await
    }

    /// Starts the game with these seats (renumbered in order) and shows the first board.
    pub(super) async fn begin(
        &self,
        row: GameRow,
        seats: Vec<SeatRow>,
    ) -> Result<Reply, TableError> {
        let kind: GameKind = row.kind.parse()?;
        let ruleset: String =
            serde_json::from_str(&row.ruleset).map_err(|e| TableError::Corrupt {
                id: row.id,
                detail: e.to_string(),
            })?;
        let game = Game::new(kind, &ruleset, seats.len())?;
        let seats: Vec<SeatRow> = seats
            .into_iter()
            .enumerate()
            .map(|(i, s)| SeatRow {
                seat: i as i64,
                ..s
            })
            .collect();
        let to_move = game
            .turn()
            .seat()
            .and_then(|s| super::play::seat_user(&seats, s));
        let done = self
            .store
            .commit_turn(
                Change {
                    game: row.id,
                    expected_seq: row.seq,
                    status: Status::Active,
                    state: to_json(&game)?,
                    result: None,
                    seats: Some(seats.clone()),
                    log: None,
                },
                None,
                to_move.as_deref(),
            )
            .await?;
        let headline = words::started(kind, &seats);
        Ok(self
            .turn_reply_with(&done.game, &seats, &game, headline, done.away_until)
            .await)
    }

    pub(super) async fn close(
        &self,
        row: &GameRow,
        status: Status,
        state: &str,
        result: Option<String>,
    ) -> Result<GameRow, TableError> {
        Ok(self
            .store
            .commit(Change {
                game: row.id,
                expected_seq: row.seq,
                status,
                state: state.to_string(),
                result,
                seats: None,
                log: None,
            })
            .await?)
    }
}
