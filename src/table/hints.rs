//! Questions a frontend may ask without acting: which moves fit what a player has typed so far
//! (autocomplete), and whether a chat line is a move at all (play by plain message).

use crate::rules::{Seat, Turn};

use super::command::{Ctx, Reply};
use super::play::seat_of;
use super::{Loaded, Table, TableError};

/// Longest chat line read as a move; anything longer is conversation.
const MAX_MOVE_TEXT: usize = 24;

/// A chat line that reads as a legal move of the player to move, with the game it was read
/// from (see [`Table::read_move`]).
pub struct TypedMove {
    loaded: Loaded,
    text: String,
}

impl std::fmt::Debug for TypedMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypedMove")
            .field("game", &self.loaded.row.id)
            .field("seq", &self.loaded.row.seq)
            .field("text", &self.text)
            .finish()
    }
}

impl Table {
    /// Returns the legal moves of the caller's game in this channel whose notation starts with
    /// `prefix` (ignoring case, capture and check marks), or nothing when it is not their move.
    pub async fn legal_moves(&self, ctx: &Ctx, prefix: &str) -> Vec<String> {
        let Some((loaded, seat)) = self.to_move(ctx).await else {
            return Vec::new();
        };
        let key = loose(prefix);
        loaded
            .game
            .legal(seat)
            .iter()
            .map(|m| loaded.game.format(m))
            .filter(|m| loose(m).starts_with(&key))
            .collect()
    }

    /// Plays `text` when it reads as a legal move of the sender, who must be the player to move
    /// in this channel's game; returns `None`, touching nothing, for anything else.
    pub async fn try_move(&self, ctx: &Ctx, text: &str) -> Option<Reply> {
        let typed = self.read_move(ctx, text).await?;
        Some(self.play_typed(ctx, typed).await)
    }

    /// Returns true when `text` reads as a legal move of the sender, the player to move in
    /// this channel's game, without playing it.
    pub async fn reads_as_move(&self, ctx: &Ctx, text: &str) -> bool {
        self.read_move(ctx, text).await.is_some()
    }

    /// Reads `text` as a legal move of the sender, the player to move in this channel's game,
    /// without playing it (one round trip): the frontend can then check it may announce the
    /// move before [`play_typed`](Self::play_typed) commits it from the game read here.
    /// `None` for anything else.
    pub async fn read_move(&self, ctx: &Ctx, text: &str) -> Option<TypedMove> {
        let text = text.trim();
        if text.is_empty() || text.chars().count() > MAX_MOVE_TEXT {
            return None;
        }
        let (loaded, seat) = self.to_move(ctx).await?;
        loaded.game.parse(seat, text).ok()?;
        Some(TypedMove {
            loaded,
            text: text.to_owned(),
        })
    }

    /// Plays a move read by [`read_move`](Self::read_move), committed against the game as it
    /// was read (one round trip). When the game moved on meanwhile, the guarded commit
    /// changes nothing; the game is read again and the line played if it still reads as the
    /// sender's move, or refused in a private reply.
    pub async fn play_typed(&self, ctx: &Ctx, typed: TypedMove) -> Reply {
        let TypedMove { loaded, text } = typed;
        let work = async {
            match self.play_loaded_move(ctx, loaded, &text).await {
                Err(TableError::Conflict) => match self.to_move(ctx).await {
                    Some((fresh, seat)) if fresh.game.parse(seat, &text).is_ok() => {
                        self.play_loaded_move(ctx, fresh, &text).await
                    }
                    _ => Err(TableError::Conflict),
                },
                played => played,
            }
        };
        self.answer(ctx, work).await
    }

    /// Returns the numbers of the games the caller may mean on this server, each with a label
    /// (`#12 Chess, active`): this channel's latest game, then their unfinished and recently
    /// finished games, those whose number starts with `typed`, at most `limit`.
    pub async fn game_numbers(&self, ctx: &Ctx, typed: &str, limit: usize) -> Vec<(i64, String)> {
        let typed = typed.trim().trim_start_matches('#');
        let latest = self.store.latest_game(&ctx.guild, &ctx.channel).await;
        let open = self
            .store
            .open_games_of(&ctx.guild, &ctx.user.id, limit)
            .await;
        let done = self
            .store
            .finished_games_of(&ctx.guild, &ctx.user.id, limit)
            .await;
        let (Ok(latest), Ok(open), Ok(done)) = (latest, open, done) else {
            tracing::warn!("could not list a player's games for autocomplete");
            return Vec::new();
        };
        let rows = latest
            .into_iter()
            .chain(open)
            .chain(done.into_iter().map(|(row, _seat)| row));
        let mut out: Vec<(i64, String)> = Vec::new();
        for row in rows {
            if out.iter().any(|(id, _)| *id == row.id) || !row.id.to_string().starts_with(typed) {
                continue;
            }
            let title = row
                .kind
                .parse::<crate::rules::GameKind>()
                .map_or(row.kind.clone(), |k| k.title().to_string());
            out.push((
                row.id,
                format!("#{} {title}, {}", row.id, row.status.as_str()),
            ));
        }
        out.truncate(limit);
        out
    }

    /// Returns the game of this channel's unfinished table, if there is one.
    pub async fn open_game_kind(&self, ctx: &Ctx) -> Option<crate::rules::GameKind> {
        let row = self
            .store
            .open_game(&ctx.guild, &ctx.channel)
            .await
            .ok()??;
        row.kind.parse().ok()
    }

    /// Loads the channel's started game when the sender is the seated player to move.
    async fn to_move(&self, ctx: &Ctx) -> Option<(Loaded, Seat)> {
        let loaded = self.load_started(ctx).await.ok()?;
        let seat = seat_of(ctx, &loaded.seats).ok()?;
        match loaded.game.turn() {
            Turn::Move(s) if s == seat => Some((loaded, seat)),
            _ => None,
        }
    }
}

/// Lowercases and drops the marks players may or may not type (`x`, `+`, `#`, `=`, `-`, spaces).
pub(super) fn loose(text: &str) -> String {
    text.chars()
        .filter(|c| {
            !matches!(c, 'x' | 'X' | '+' | '#' | '=' | '-' | '!' | '?') && !c.is_whitespace()
        })
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::render::Renderer;
    use crate::store::Store;
    use crate::table::{Command, Ctx, Table, User};

    use super::loose;

    fn ctx(user: &str) -> Ctx {
        Ctx {
            guild: "g".into(),
            channel: "c".into(),
            user: User::named(user),
            admin: false,
        }
    }

    async fn table_with_game(dir: &tempfile::TempDir) -> (Table, Store) {
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let store = Store::connect(&url).await.expect("store");
        let table = Table::new(store.clone(), Arc::new(Renderer::new()));
        let play = Command::Play {
            game: "chess".into(),
            ruleset: None,
            opponents: vec![User::named("bob")],
            days: None,
            bot: None,
            players: None,
        };
        assert!(!table.handle(&ctx("alice"), play).await.private);
        assert!(!table.handle(&ctx("bob"), Command::Join).await.private);
        (table, store)
    }

    #[test]
    fn loose_ignores_case_and_marks() {
        assert_eq!(loose("Nxf3+"), "nf3");
        assert_eq!(loose("e8=Q#"), "e8q");
        assert_eq!(loose(" O-O "), "oo");
    }

    #[tokio::test]
    async fn legal_moves_are_filtered_and_only_for_the_player_to_move() {
        let dir = tempfile::tempdir().unwrap();
        let (table, _store) = table_with_game(&dir).await;
        assert_eq!(table.legal_moves(&ctx("alice"), "").await.len(), 20);
        let mut knights = table.legal_moves(&ctx("alice"), "n").await;
        knights.sort();
        assert_eq!(knights, ["Na3", "Nc3", "Nf3", "Nh3"]);
        assert!(table.legal_moves(&ctx("bob"), "").await.is_empty());
        assert!(table.legal_moves(&ctx("carol"), "").await.is_empty());
    }

    #[tokio::test]
    async fn try_move_plays_only_legal_moves_of_the_player_to_move() {
        let dir = tempfile::tempdir().unwrap();
        let (table, store) = table_with_game(&dir).await;
        assert!(table.try_move(&ctx("alice"), "hello there").await.is_none());
        assert!(table.try_move(&ctx("alice"), "e5").await.is_none());
        assert!(table.try_move(&ctx("bob"), "e5").await.is_none());
        let reply = table.try_move(&ctx("alice"), "e4").await.expect("a move");
        assert!(!reply.private && reply.text.contains("played **e4**"));
        assert_eq!(reply.game.map(|g| g.seq), Some(table_seq(&store).await));
        assert!(
            table.try_move(&ctx("alice"), "d4").await.is_none(),
            "bob's turn now"
        );
    }

    async fn table_seq(store: &Store) -> i64 {
        let row = store.open_game("g", "c").await.unwrap().unwrap();
        row.seq
    }
}
