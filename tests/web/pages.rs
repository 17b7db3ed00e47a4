//! What every answer carries (security headers, no cookies), board pictures cached by tag,
//! the rate limit, and the pages' content.

use std::sync::atomic::Ordering;

use axum::http::StatusCode;
use tabula::table::{ANONYMOUS, Command, WebCommand};
use tabula::web::Limits;

use super::{DAY, GUILD, Web, alice};

#[tokio::test]
async fn every_answer_has_the_security_headers_and_no_cookie() {
    let web = Web::new().await;
    web.seed().await;
    let id = web.enable().await;
    let mut pages = web.crawl(&format!("/s/{id}")).await;
    pages.push(("/missing".into(), web.get("/missing").await));
    pages.push(("/robots.txt".into(), web.get("/robots.txt").await));
    for (path, got) in &pages {
        let csp = got.header("content-security-policy");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(got.header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(got.header("referrer-policy"), "no-referrer", "{path}");
        assert!(
            got.headers.get("set-cookie").is_none(),
            "{path} sets a cookie"
        );
    }
    let robots = web.get("/robots.txt").await.text();
    assert!(robots.contains("Disallow: /g/*/log.json"), "{robots}");
    // The missing page asks not to be indexed; the public server's page does not.
    assert!(web.get("/missing").await.text().contains("noindex"));
    assert!(
        !web.get(&format!("/s/{id}"))
            .await
            .text()
            .contains("noindex")
    );
}

#[tokio::test]
async fn board_pictures_per_ply_are_immutable_and_answer_304_to_their_tag() {
    let web = Web::new().await;
    web.seed().await;
    let id = web.enable().await;
    let row = web.t.store.latest_game(GUILD, "c").await.unwrap().unwrap();
    let game = web.t.store.web_game(row.id).await.unwrap().public_id;
    let path = format!("/g/{game}/2.png");
    let got = web.get(&path).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.header("content-type"), "image/png");
    assert!(got.body.starts_with(b"\x89PNG"), "a PNG");
    assert!(got.header("cache-control").contains("immutable"));
    let etag = got.header("etag").to_string();
    assert!(etag.starts_with('"'), "{etag}");
    let again = web.get(&path).await;
    assert_eq!(again.body, got.body, "one ply, one picture");
    let cached = web
        .get_with(&path, "10.0.0.1", &[("if-none-match", &etag)])
        .await;
    assert_eq!(cached.status, StatusCode::NOT_MODIFIED);
    assert!(cached.body.is_empty());
    let other = web.get(&format!("/g/{game}/3.png")).await;
    assert_ne!(other.header("etag"), etag, "another ply, another tag");
    assert_ne!(other.body, got.body, "another ply, another picture");
    // A disabled server's pictures are gone even to a client holding the tag.
    web.say_as(
        &super::dave(),
        "c",
        true,
        tabula::table::Command::Web(tabula::table::WebCommand::Disable),
    )
    .await;
    let gone = web
        .get_with(&path, "10.0.0.1", &[("if-none-match", &etag)])
        .await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    let _ = id;
}

#[tokio::test]
async fn one_address_past_its_burst_is_told_to_wait_and_another_is_not() {
    let web = Web::with_limits(Limits {
        burst: 5,
        replenish_ms: 60_000,
        ..Limits::default()
    })
    .await;
    for _ in 0..5 {
        assert_eq!(
            web.get_with("/", "10.0.0.9", &[]).await.status,
            StatusCode::OK
        );
    }
    let refused = web.get_with("/", "10.0.0.9", &[]).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        !refused.header("retry-after").is_empty()
            || !refused.header("x-ratelimit-after").is_empty()
    );
    assert_eq!(
        web.get_with("/", "10.0.0.10", &[]).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_game_page_lists_the_moves_in_order_with_a_permalink_per_ply() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let row = web.t.store.latest_game(GUILD, "c").await.unwrap().unwrap();
    let game = web.t.store.web_game(row.id).await.unwrap().public_id;
    let page = web.get(&format!("/g/{game}")).await.text();
    assert!(page.contains("<ol class=\"moves\">"), "{page}");
    let moves: Vec<usize> = ["f3", "e5", "g4", "Qh4#"]
        .iter()
        .map(|m| {
            page.find(&format!(": {m}<"))
                .unwrap_or_else(|| panic!("{m} in {page}"))
        })
        .collect();
    assert!(moves.windows(2).all(|w| w[0] < w[1]), "in order");
    assert!(page.contains("bob won by checkmate"), "{page}");
    assert!(page.contains(&format!("src=\"/g/{game}/4.png\"")), "{page}");
    let start = web.get(&format!("/g/{game}/0")).await.text();
    assert!(
        start.contains(&format!("src=\"/g/{game}/0.png\"")),
        "{start}"
    );
    assert!(
        start.contains(&format!("href=\"/g/{game}/1\"")),
        "a link forward"
    );
    let live = web.t.store.latest_game(GUILD, "c2").await.unwrap().unwrap();
    let live = web.t.store.web_game(live.id).await.unwrap().public_id;
    let page = web.get(&format!("/g/{live}")).await.text();
    assert!(page.contains("dave to move"), "{page}");
}

#[tokio::test]
async fn the_leaderboard_pages_through_its_players() {
    let web = Web::new().await;
    web.seed().await;
    let id = web.enable().await;
    let page = web.get(&format!("/s/{id}/leaderboard/chess")).await;
    assert_eq!(page.status, StatusCode::OK);
    let text = page.text();
    for name in ["alice", "bob", "carol"] {
        assert!(text.contains(name), "{name} in {text}");
    }
    // Three rated players fit one page: there is no second.
    assert!(!text.contains("rel=\"next\""), "{text}");
    let second = web.get(&format!("/s/{id}/leaderboard/chess/2")).await;
    assert_eq!(second.status, StatusCode::OK);
    assert!(second.text().contains("No rated games on this page"));
}

/// The leaderboard row of `name` on `page`.
fn row_of<'a>(page: &'a str, name: &str) -> &'a str {
    page.split("<tr>")
        .find(|row| row.contains(&format!(">{name}<")))
        .unwrap_or_else(|| panic!("a row for {name} in {page}"))
}

#[tokio::test]
async fn the_leaderboard_says_when_each_player_last_played_a_rated_game_of_its_kind() {
    let web = Web::new().await;
    // alice and bob's game ends at T0, carol and bob's two days later (now).
    web.seed().await;
    let id = web.enable().await;
    let path = format!("/s/{id}/leaderboard/chess");
    let page = web.get(&path).await.text();
    assert!(
        page.contains("<th scope=\"col\">Last played</th>"),
        "{page}"
    );
    let today = "<time datetime=\"2027-01-17T08:00:00Z\">today</time>";
    let at_t0 = "<time datetime=\"2027-01-15T08:00:00Z\">";
    assert!(row_of(&page, "bob").contains(today), "{page}");
    assert!(row_of(&page, "carol").contains(today), "{page}");
    assert!(
        row_of(&page, "alice").contains(&format!("{at_t0}2 days ago</time>")),
        "{page}"
    );

    // A week on, an older game is told by its date.
    web.clock.fetch_add(6 * DAY, Ordering::SeqCst);
    let page = web.get(&path).await.text();
    assert!(
        row_of(&page, "bob").contains(">6 days ago</time>"),
        "{page}"
    );
    assert!(
        row_of(&page, "alice").contains(&format!("{at_t0}2027-01-15</time>")),
        "{page}"
    );

    // A hidden player keeps her line and its date, and stays anonymous.
    let hidden = web
        .say(&alice(), "c", Command::Web(WebCommand::HideMe))
        .await;
    assert!(hidden.private, "{}", hidden.text);
    let page = web.get(&path).await.text();
    assert!(!page.to_lowercase().contains("alice"), "{page}");
    assert!(
        row_of(&page, ANONYMOUS).contains(&format!("{at_t0}2027-01-15</time>")),
        "{page}"
    );
}

#[tokio::test]
async fn a_game_page_unfurls_with_its_title_move_and_a_1200_by_630_card_of_the_position() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let row = web.t.store.latest_game(GUILD, "c2").await.unwrap().unwrap();
    let game = web.t.store.web_game(row.id).await.unwrap().public_id;
    let page = web.get(&format!("/g/{game}")).await.text();
    // e4 c5 Nf3: Black's second move is due.
    for tag in [
        "<meta property=\"og:title\" content=\"Chess · carol vs dave · move 2, dave to play\">"
            .to_string(),
        format!(
            "<meta property=\"og:image\" content=\"https://games.example.org/g/{game}/3.card.png\">"
        ),
        format!("<meta property=\"og:url\" content=\"https://games.example.org/g/{game}/3\">"),
        "<meta property=\"og:image:width\" content=\"1200\">".to_string(),
        "<meta property=\"og:image:height\" content=\"630\">".to_string(),
        "<meta name=\"twitter:card\" content=\"summary_large_image\">".to_string(),
        "<meta name=\"theme-color\" content=\"#1a55a8\">".to_string(),
    ] {
        assert!(page.contains(&tag), "{tag} in {page}");
    }
    let card = web.get(&format!("/g/{game}/3.card.png")).await;
    assert_eq!(card.status, StatusCode::OK);
    assert_eq!(card.header("content-type"), "image/png");
    assert!(card.header("cache-control").contains("immutable"));
    let picture = image::load_from_memory(&card.body).expect("the card is a PNG");
    assert_eq!((picture.width(), picture.height()), (1200, 630));
    let again = web
        .get_with(
            &format!("/g/{game}/3.card.png"),
            "10.0.0.1",
            &[("if-none-match", card.header("etag"))],
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert_eq!(
        web.get(&format!("/g/{game}/4.card.png")).await.status,
        StatusCode::NOT_FOUND,
        "no card of a ply not reached"
    );
    // A finished game unfurls with its result; an earlier ply with its move number.
    let row = web.t.store.latest_game(GUILD, "c").await.unwrap().unwrap();
    let mated = web.t.store.web_game(row.id).await.unwrap().public_id;
    let page = web.get(&format!("/g/{mated}")).await.text();
    assert!(
        page.contains("content=\"Chess · alice vs bob · bob won by checkmate\""),
        "{page}"
    );
    let page = web.get(&format!("/g/{mated}/2")).await.text();
    assert!(
        page.contains("content=\"Chess · alice vs bob · move 2\""),
        "{page}"
    );
}

#[test]
fn the_share_card_is_1200_by_630_for_every_game() {
    use tabula::render::{Renderer, View};
    use tabula::rules::{Game, GameKind};
    let renderer = Renderer::lazy();
    for kind in GameKind::ALL {
        let game = Game::new(*kind, kind.rulesets()[0], kind.seats().0).expect("a new game");
        let lines = [
            kind.title().to_string(),
            "Move 1".into(),
            "White to play".into(),
        ];
        let png = renderer
            .share_card(&game, &View::default(), &lines)
            .expect("the card draws");
        let card = image::load_from_memory(&png).expect("a PNG");
        assert_eq!((card.width(), card.height()), (1200, 630), "{kind:?}");
    }
}

#[tokio::test]
async fn the_archive_lists_finished_games_by_game_player_and_result_a_page_at_a_time() {
    let web = Web::new().await;
    web.seed().await;
    let id = web.enable().await;
    let archive = |query: &str| {
        let path = if query.is_empty() {
            format!("/s/{id}/archive")
        } else {
            format!("/s/{id}/archive?{query}")
        };
        let web = &web;
        async move { web.get(&path).await }
    };
    // The seed's two finished games (bob's mate of alice, carol's win on time over bob),
    // and not the one being played.
    let all = archive("").await.text();
    assert!(all.contains("bob won by checkmate"), "{all}");
    assert!(all.contains("carol won by"), "{all}");
    assert!(!all.contains("to move"), "{all}");
    let chess = archive("game=chess").await.text();
    assert!(chess.contains("bob won by checkmate") && chess.contains("carol won by"));
    let none = archive("game=backgammon").await.text();
    assert!(none.contains("No game fits."), "{none}");
    assert!(archive("result=won").await.text().contains("carol won by"));
    assert!(
        archive("result=drawn")
            .await
            .text()
            .contains("No game fits.")
    );
    assert!(
        archive("result=aborted")
            .await
            .text()
            .contains("No game fits.")
    );
    let alice = web
        .t
        .store
        .web_player(GUILD, &super::alice().id)
        .await
        .unwrap()
        .public_id;
    let hers = archive(&format!("player={alice}&result=won")).await.text();
    assert!(hers.contains("bob won by checkmate"), "{hers}");
    assert!(!hers.contains("carol won by"), "{hers}");
    assert!(hers.contains("alice"), "{hers}");
    // Every filter link keeps the others (askama writes `&` in attributes as `&#38;`).
    assert!(
        hers.contains(&format!(
            "href=\"/s/{id}/archive?game=chess&#38;player={alice}&#38;result=won\""
        )),
        "{hers}"
    );
    // A value that names nothing, an unknown key, a repeated key, page 1 spelt out, a page
    // past the end: all the one 404.
    for bad in [
        "game=go",
        "result=lost",
        "player=AAAAAAAAAAAAAAAAAAAAAA",
        "colour=white",
        "game=chess&game=chess",
        "page=1",
        "page=02",
        "page=10001",
    ] {
        assert_eq!(archive(bad).await.status, StatusCode::NOT_FOUND, "{bad}");
    }
    // Pages of 25: 30 games called off before a move make a second page, linked from the
    // first.
    for i in 0..30 {
        let channel = format!("a{i}");
        web.chess(&channel, &super::carol(), &super::dave(), None)
            .await;
        let reply = web
            .say(&super::carol(), &channel, tabula::table::Command::Abort)
            .await;
        assert!(!reply.private, "{}", reply.text);
    }
    let first = archive("result=aborted").await.text();
    assert_eq!(first.matches("<li><a href=\"/g/").count(), 25, "{first}");
    assert!(
        first.contains(&format!(
            "rel=\"next\" href=\"/s/{id}/archive?result=aborted&#38;page=2\""
        )),
        "{first}"
    );
    let second = archive("result=aborted&page=2").await.text();
    assert_eq!(second.matches("<li><a href=\"/g/").count(), 5, "{second}");
    assert!(second.contains("rel=\"prev\""), "{second}");
}

/// Issue 28: a player page draws each game's rating history as an inline SVG sparkline
/// (no script), with its range in words as the picture's text; one rated game draws none.
#[tokio::test]
async fn a_player_page_draws_their_rating_history_as_an_svg_sparkline_with_its_range_in_words() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let page = |user: tabula::table::User| {
        let web = &web;
        async move {
            let id = web
                .t
                .store
                .web_player(GUILD, &user.id)
                .await
                .unwrap()
                .public_id;
            web.get(&format!("/p/{id}")).await.text()
        }
    };
    // bob won the fool's mate, then lost on time: up, then down.
    let bob = page(super::bob()).await;
    assert!(bob.contains("<h2>Rating history</h2>"), "{bob}");
    assert!(
        bob.contains(
            "<svg class=\"sparkline\" viewBox=\"0 0 160 36\" width=\"160\" height=\"36\" \
             role=\"img\" aria-labelledby=\"history-chess\">"
        ),
        "{bob}"
    );
    assert!(bob.contains("points=\"2.0,2.0 158.0,34.0\""), "{bob}");
    let history = web
        .t
        .store
        .rating_history(GUILD, &super::bob().id, 50)
        .await
        .unwrap();
    let system = tabula::rating::System::of(tabula::rules::GameKind::Chess);
    let (first, last) = (history[0].rating, history[1].rating);
    assert!(
        bob.contains(&format!(
            "<figcaption id=\"history-chess\">Chess rating over the last 2 rated games: {} at \
             first, {} now; lowest {}, highest {}.</figcaption>",
            system.show(first),
            system.show(last),
            system.show(last),
            system.show(first)
        )),
        "{bob}"
    );
    let alice = page(super::alice()).await;
    assert!(!alice.contains("sparkline"), "one rated game draws no line");
}
