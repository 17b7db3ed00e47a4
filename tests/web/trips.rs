//! What each page costs the database: a fixed number of round trips however many games it
//! lists or moves it shows, counted once every listed game and player has its public id.

use tabula::store::count_round_trips;
use tabula::table::{ArchiveQuery, Command, User, Viewer};

use super::{GUILD, Web, alice, bob, carol, dave};

/// Plays `games` more chess games of alice's, each in its own channel against one of the
/// others in turn, one move each; every other one then resigned, so it is over.
async fn more_games(web: &Web, from: usize, games: usize) {
    let others = [bob(), carol(), dave()];
    for i in from..from + games {
        let channel = format!("t{i}");
        let other: &User = &others[i % others.len()];
        web.chess(&channel, &alice(), other, None).await;
        web.moves(&channel, [&alice(), other], &["e4"]).await;
        if i % 2 == 1 {
            let resigned = web
                .say(other, &channel, Command::Resign { confirmed: true })
                .await;
            assert!(!resigned.private, "{}", resigned.text);
        }
    }
}

/// The round trips of `page` once it has been seen (so every id it shows exists), and what
/// it answered.
async fn trips_of<F, T>(page: impl Fn() -> F) -> (T, u64)
where
    F: std::future::Future<Output = T>,
{
    page().await;
    count_round_trips(page()).await
}

#[tokio::test]
async fn a_leaderboard_page_costs_two_database_round_trips_however_many_it_lists() {
    let web = Web::new().await;
    web.seed().await;
    let id = &web.enable().await;
    let nobody = &Viewer::anonymous();
    let table = &web.t.table;
    let (first, trips) = trips_of(move || table.web_leaderboard(id, "chess", 1, nobody)).await;
    assert_eq!(first.unwrap().unwrap().lines.len(), 3);
    // The server, then the page's lines in one query.
    assert_eq!(trips, 2);
}

#[tokio::test]
async fn a_server_page_costs_five_round_trips_however_many_games_it_lists() {
    let web = Web::new().await;
    let id = &web.enable().await;
    let nobody = &Viewer::anonymous();
    let table = &web.t.table;
    more_games(&web, 0, 2).await;
    let (few, trips_few) = trips_of(move || table.web_server_page(id, nobody)).await;
    let few = few.unwrap().unwrap();
    assert_eq!((few.playing.len(), few.recent.len()), (1, 1));
    more_games(&web, 2, 10).await;
    let (many, trips) = trips_of(move || table.web_server_page(id, nobody)).await;
    let many = many.unwrap().unwrap();
    assert_eq!((many.playing.len(), many.recent.len()), (6, 6));
    assert!(many.playing.iter().all(|g| g.players.len() == 2));
    // The server, its two lists, its leaderboards, and every listed game's players at once.
    assert_eq!((trips_few, trips), (5, 5));
}

#[tokio::test]
async fn a_player_page_costs_six_round_trips_however_many_games_it_lists() {
    let web = Web::new().await;
    web.enable().await;
    let nobody = &Viewer::anonymous();
    let table = &web.t.table;
    more_games(&web, 0, 2).await;
    let me = &web
        .t
        .store
        .web_player(GUILD, &alice().id)
        .await
        .unwrap()
        .public_id;
    let (few, trips_few) = trips_of(move || table.web_player_page(me, nobody)).await;
    assert_eq!(few.unwrap().unwrap().games.len(), 2);
    more_games(&web, 2, 12).await;
    let (many, trips) = trips_of(move || table.web_player_page(me, nobody)).await;
    let many = many.unwrap().unwrap();
    assert_eq!(many.games.len(), 14);
    assert_eq!(many.name, "alice");
    // The player, the server, their standings with their ranks, their games, those games'
    // players at once, and their rating history.
    assert_eq!((trips_few, trips), (6, 6));
}

#[tokio::test]
async fn an_archive_page_costs_three_round_trips_however_many_games_it_lists() {
    let web = Web::new().await;
    let id = &web.enable().await;
    let nobody = &Viewer::anonymous();
    let table = &web.t.table;
    let first = || ArchiveQuery {
        page: 1,
        ..ArchiveQuery::default()
    };
    more_games(&web, 0, 2).await;
    let (few, trips_few) = trips_of(move || table.web_archive(id, first(), nobody)).await;
    assert_eq!(few.unwrap().unwrap().games.len(), 1);
    more_games(&web, 2, 16).await;
    let (many, trips) = trips_of(move || table.web_archive(id, first(), nobody)).await;
    assert_eq!(many.unwrap().unwrap().games.len(), 9);
    // The server, the page's games, and their players at once.
    assert_eq!((trips_few, trips), (3, 3));
}

#[tokio::test]
async fn a_game_page_at_any_ply_costs_three_round_trips_however_many_moves_it_shows() {
    let web = Web::new().await;
    web.enable().await;
    let nobody = &Viewer::anonymous();
    let table = &web.t.table;
    web.chess("short", &alice(), &bob(), None).await;
    web.moves("short", [&alice(), &bob()], &["e4", "e5"]).await;
    web.chess("long", &carol(), &dave(), None).await;
    let opening = [
        "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6", "O-O", "Nf6", "c3", "O-O",
    ];
    web.moves("long", [&carol(), &dave()], &opening).await;
    let mut costs = Vec::new();
    for channel in ["short", "long"] {
        let row = web
            .t
            .store
            .latest_game(GUILD, channel)
            .await
            .unwrap()
            .unwrap();
        let game = &web.t.store.web_game(row.id).await.unwrap().public_id;
        let (now, trips_now) = trips_of(move || table.web_game_page(game, None, nobody)).await;
        let last = now.unwrap().unwrap().last;
        let (at, trips_at) = trips_of(move || table.web_game_page(game, Some(1), nobody)).await;
        assert_eq!(at.unwrap().unwrap().ply, 1);
        costs.push((last, trips_now, trips_at));
    }
    // The game with its public id and its server, its seats with their players, its moves
    // (the last two side by side).
    assert_eq!(costs, [(2, 3, 3), (12, 3, 3)]);
}
