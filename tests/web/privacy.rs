//! Privacy: a server's pages exist only while a manager shows them, everything hidden
//! answers the one 404, hidden players and Discord ids are on no page.

use axum::http::StatusCode;
use tabula::store::Visibility;
use tabula::table::{Command, WebCommand};
use tabula::web::NOT_FOUND;

use super::{GUILD, Got, Web, alice, carol, dave};

/// The answer to a path that never existed, to compare every other 404 with.
pub(super) async fn missing(web: &Web) -> Got {
    let got = web.get("/no/such/page").await;
    assert_eq!(got.status, StatusCode::NOT_FOUND);
    assert_eq!(got.body, NOT_FOUND.as_bytes());
    got
}

/// Asserts `got` is the 404 of a path that never existed, byte for byte and header for header.
pub(super) fn assert_same_404(path: &str, got: &Got, missing: &Got) {
    assert_eq!(got.status, StatusCode::NOT_FOUND, "{path}");
    assert_eq!(
        got.body, missing.body,
        "{path}: another body than a missing path's"
    );
    let mut ours: Vec<_> = got.headers.iter().collect();
    let mut theirs: Vec<_> = missing.headers.iter().collect();
    ours.sort_by_key(|(k, _)| k.as_str().to_string());
    theirs.sort_by_key(|(k, _)| k.as_str().to_string());
    assert_eq!(ours, theirs, "{path}: other headers than a missing path's");
}

#[tokio::test]
async fn web_pages_are_off_until_a_manager_enables_them_and_off_again_after_disable() {
    let web = Web::new().await;
    web.seed().await;
    let missing = missing(&web).await;
    // Before anyone turns the pages on there is no id to reach them by, and the games'
    // ids (given out when a page lists them) do not exist either.
    assert!(web.t.store.web_server(GUILD).await.unwrap().is_none());
    let refused = web
        .say(
            &alice(),
            "c",
            Command::Web(WebCommand::Enable {
                visibility: Visibility::Public,
            }),
        )
        .await;
    assert!(refused.private, "{}", refused.text);
    assert!(refused.text.contains("Manage Server"), "{}", refused.text);
    assert!(web.t.store.web_server(GUILD).await.unwrap().is_none());

    let id = web.enable().await;
    let pages = web.crawl(&format!("/s/{id}")).await;
    assert!(pages.len() > 20, "only {} pages", pages.len());

    let off = web
        .say_as(&dave(), "c", true, Command::Web(WebCommand::Disable))
        .await;
    assert!(!off.private, "{}", off.text);
    for (path, _) in &pages {
        // The site's own home page, style sheet and script belong to no server.
        if path == "/" || path == "/style.css" || path == "/game.js" {
            continue;
        }
        let got = web.get(path).await;
        assert_same_404(path, &got, &missing);
    }
    // On again, the same addresses work again.
    assert_eq!(web.enable().await, id);
    assert_eq!(web.get(&format!("/s/{id}")).await.status, StatusCode::OK);
}

#[tokio::test]
async fn unknown_ids_and_malformed_addresses_answer_the_same_404() {
    let web = Web::new().await;
    web.seed().await;
    let id = web.enable().await;
    let missing = missing(&web).await;
    let page = web.get(&format!("/s/{id}")).await.text();
    let game = super::links(&page)
        .into_iter()
        .find(|l| l.starts_with("/g/"))
        .expect("a game is listed");
    let mut guessed = id.clone();
    guessed.replace_range(0..1, if id.starts_with('A') { "B" } else { "A" });
    for path in [
        format!("/s/{guessed}"),
        format!("/s/{id}x"),
        "/s/1".to_string(),
        format!("/s/{GUILD}"),
        format!("/s/{id}/leaderboard/go"),
        format!("/s/{id}/leaderboard/Chess"),
        format!("/s/{id}/leaderboard/chess/1"),
        format!("/s/{id}/leaderboard/chess/02"),
        format!("/s/{id}/leaderboard/chess/-1"),
        format!("/s/{id}/leaderboard/chess/99999999999999999999999"),
        format!("{game}/999"),
        format!("{game}/01"),
        format!("{game}/999.png"),
        format!("{game}/record.pdn"),
        format!("{game}/log.xml"),
        "/g/%FF%FE".to_string(),
        "/p/AAAAAAAAAAAAAAAAAAAAAA".to_string(),
    ] {
        let got = web.get(&path).await;
        assert_same_404(&path, &got, &missing);
    }
}

#[tokio::test]
async fn hidden_players_appear_on_no_page_and_their_own_page_is_gone() {
    let web = Web::new().await;
    web.seed().await;
    let id = web.enable().await;
    let missing = missing(&web).await;
    let alice_page = web
        .t
        .store
        .web_player(GUILD, &alice().id)
        .await
        .unwrap()
        .public_id;
    assert_eq!(
        web.get(&format!("/p/{alice_page}")).await.status,
        StatusCode::OK
    );
    let before = web.crawl(&format!("/s/{id}")).await;
    assert!(
        before.iter().any(|(_, got)| got.text().contains("alice")),
        "alice is shown before she hides"
    );

    let hidden = web
        .say(&alice(), "c", Command::Web(WebCommand::HideMe))
        .await;
    assert!(hidden.private, "{}", hidden.text);
    let after = web.crawl(&format!("/s/{id}")).await;
    for (path, got) in &after {
        assert!(
            !got.text().to_lowercase().contains("alice"),
            "{path} names the hidden player"
        );
        assert!(!path.contains(&alice_page), "{path} links her page");
    }
    assert!(
        after
            .iter()
            .any(|(_, got)| got.text().contains("Anonymous")),
        "she is shown as Anonymous"
    );
    let got = web.get(&format!("/p/{alice_page}")).await;
    assert_same_404("her page", &got, &missing);

    // Showing herself again brings her name and page back.
    web.say(&alice(), "c", Command::Web(WebCommand::ShowMe))
        .await;
    assert_eq!(
        web.get(&format!("/p/{alice_page}")).await.status,
        StatusCode::OK
    );
}

/// Finds every run of 17 to 20 digits (the length of a Discord snowflake) in `text`.
fn snowflakes(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut run = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            run.push(c);
        } else {
            if (17..=20).contains(&run.len()) {
                out.push(run.clone());
            }
            run.clear();
        }
    }
    out
}

#[tokio::test]
async fn a_crawl_of_every_page_of_a_seeded_server_finds_no_discord_id() {
    let web = Web::new().await;
    web.seed().await;
    let id = web.enable().await;
    assert!(snowflakes(&format!("x{}y", alice().id)).len() == 1);
    let pages = web.crawl(&format!("/s/{id}")).await;
    let kinds: std::collections::BTreeSet<&str> = pages
        .iter()
        .map(|(path, _)| path.split('/').nth(1).unwrap_or(""))
        .collect();
    for kind in ["s", "g", "p", "style.css"] {
        assert!(kinds.contains(kind), "the crawl reached no /{kind} page");
    }
    for (path, got) in &pages {
        assert!(snowflakes(path).is_empty(), "{path} holds a Discord id");
        let text = got.text();
        assert!(
            snowflakes(&text).is_empty(),
            "{path}: {:?}",
            snowflakes(&text)
        );
        for (name, value) in &got.headers {
            let value = value.to_str().unwrap_or("");
            assert!(
                snowflakes(value).is_empty(),
                "{path}: header {name}: {value}"
            );
        }
    }
}

#[tokio::test]
async fn unlisted_games_leave_every_list_but_keep_their_page() {
    let web = Web::new().await;
    web.seed().await;
    let id = web.enable().await;
    let row = web
        .t
        .store
        .latest_game(GUILD, "c2")
        .await
        .unwrap()
        .expect("carol's game");
    let game = web.t.store.web_game(row.id).await.unwrap().public_id;
    let listed = web.get(&format!("/s/{id}")).await.text();
    assert!(listed.contains(&game), "the game is listed at first");
    let stranger = web
        .say(&alice(), "c2", Command::Web(WebCommand::Unlist))
        .await;
    assert!(stranger.private, "{}", stranger.text);
    let done = web
        .say(&carol(), "c2", Command::Web(WebCommand::Unlist))
        .await;
    assert!(!done.private, "{}", done.text);
    for (path, got) in web.crawl(&format!("/s/{id}")).await {
        assert!(
            !got.text().contains(&game),
            "{path} lists the unlisted game"
        );
    }
    assert_eq!(
        web.get(&format!("/g/{game}")).await.status,
        StatusCode::OK,
        "its link still works"
    );
}
