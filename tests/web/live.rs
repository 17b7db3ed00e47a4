//! Live game pages: the page of a game "now" listens to `/g/{id}/live`, which sends
//! `event: move` with a small HTML fragment each time a move goes through the table.

use std::net::SocketAddr;

use axum::body::{Body, BodyDataStream};
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use futures::StreamExt as _;
use tabula::table::{Command, WebCommand};
use tabula::web::STREAMS_PER_IP;
use tower::ServiceExt as _;

use super::privacy::{assert_same_404, missing};
use super::{GUILD, Got, Web, carol, dave};

/// An open live stream: its status, headers and the body still coming.
struct Stream {
    status: StatusCode,
    content_type: String,
    body: BodyDataStream,
    buffer: String,
}

impl Stream {
    /// The next whole event (up to its blank line); `None` when the stream ended.
    async fn event(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                // Keep-alive comments are not events.
                if event.lines().all(|l| l.starts_with(':')) {
                    continue;
                }
                return Some(event);
            }
            let chunk = self.body.next().await?.expect("the stream reads");
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

/// Opens `path` as a browser's `EventSource` would, from `ip`, with extra headers.
async fn open(web: &Web, path: &str, ip: &str, headers: &[(&str, &str)]) -> Stream {
    let mut request = Request::builder()
        .uri(path)
        .header("accept", "text/event-stream");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let mut request = request.body(Body::empty()).expect("a request");
    let peer: SocketAddr = format!("{ip}:40000").parse().expect("an address");
    request.extensions_mut().insert(ConnectInfo(peer));
    let response = web
        .app
        .clone()
        .oneshot(request)
        .await
        .expect("the router answers");
    Stream {
        status: response.status(),
        content_type: response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string(),
        body: response.into_body().into_data_stream(),
        buffer: String::new(),
    }
}

/// The public id of the game in `channel`.
async fn game_id(web: &Web, channel: &str) -> String {
    let row = web
        .t
        .store
        .latest_game(GUILD, channel)
        .await
        .unwrap()
        .unwrap();
    web.t.store.web_game(row.id).await.unwrap().public_id
}

/// The data lines of an event joined, as `EventSource` hands them to the page.
fn data(event: &str) -> String {
    event
        .lines()
        .filter_map(|l| l.strip_prefix("data: ").or_else(|| l.strip_prefix("data:")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn a_move_through_the_table_reaches_the_live_page_as_an_html_fragment() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let game = game_id(&web, "c2").await;
    // The game's page "now" names its stream and the ply it shows; a permalink does not
    // follow the game.
    let page = web.get(&format!("/g/{game}")).await.text();
    let live = format!("/g/{game}/live?after=3");
    assert!(page.contains(&format!("data-live=\"{live}\"")), "{page}");
    assert!(page.contains("<script src=\"/game.js\" defer></script>"));
    assert!(
        !web.get(&format!("/g/{game}/2"))
            .await
            .text()
            .contains("data-live")
    );

    let mut stream = open(&web, &live, "10.0.0.1", &[]).await;
    assert_eq!(stream.status, StatusCode::OK);
    assert_eq!(stream.content_type, "text/event-stream");
    web.moves("c2", [&dave(), &carol()], &["Nc6"]).await;
    let event = stream.event().await.expect("an event after the move");
    assert!(event.contains("event: move\n"), "{event}");
    assert!(event.contains("id: 4\n"), "{event}");
    let fragment = data(&event);
    assert!(fragment.contains("dave: Nc6</a></li>"), "{fragment}");
    assert!(!fragment.contains(": Nf3<"), "only the new ply: {fragment}");
    assert!(fragment.contains("carol to move"), "{fragment}");
    assert!(
        fragment.contains(&format!("src=\"/g/{game}/4.png\"")),
        "{fragment}"
    );
    assert!(
        fragment.contains(&format!("rel=\"prev\" href=\"/g/{game}/3\"")),
        "{fragment}"
    );
    // The next move brings the next event, and nothing else came between.
    web.moves("c2", [&carol(), &dave()], &["Bb5"]).await;
    let event = stream
        .event()
        .await
        .expect("an event after the second move");
    assert!(event.contains("id: 5\n"), "{event}");
    assert!(data(&event).contains("carol: Bb5</a></li>"), "{event}");
}

#[tokio::test]
async fn a_reconnecting_page_gets_the_plies_it_missed_at_once() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let game = game_id(&web, "c2").await;
    // The browser saw up to ply 1 (its last event id), then lost the connection.
    let mut stream = open(
        &web,
        &format!("/g/{game}/live?after=0"),
        "10.0.0.1",
        &[("last-event-id", "1")],
    )
    .await;
    let event = stream.event().await.expect("the missed plies at once");
    assert!(event.contains("id: 3\n"), "{event}");
    let fragment = data(&event);
    assert!(!fragment.contains(": e4<"), "{fragment}");
    assert!(fragment.contains("dave: c5</a></li>"), "{fragment}");
    assert!(fragment.contains("carol: Nf3</a></li>"), "{fragment}");
}

#[tokio::test]
async fn live_streams_of_hidden_games_answer_the_same_404_and_end_when_pages_go_off() {
    let web = Web::new().await;
    web.seed().await;
    let missing = missing(&web).await;
    let unknown = web.get("/g/00000000000000000000000000000000/live").await;
    assert_same_404("an unknown game's stream", &unknown, &missing);
    web.enable().await;
    let game = game_id(&web, "c2").await;
    let mut stream = open(&web, &format!("/g/{game}/live"), "10.0.0.1", &[]).await;
    assert_eq!(stream.status, StatusCode::OK);
    let off = web
        .say_as(&dave(), "c", true, Command::Web(WebCommand::Disable))
        .await;
    assert!(!off.private, "{}", off.text);
    let got: Got = web.get(&format!("/g/{game}/live")).await;
    assert_same_404("a stream of a server whose pages are off", &got, &missing);
    // The open stream says nothing more: at the next move it ends.
    web.moves("c2", [&dave(), &carol()], &["Nc6"]).await;
    assert_eq!(stream.event().await, None, "the stream ended");
}

#[tokio::test]
async fn one_address_holds_at_most_eight_live_streams() {
    let web = Web::new().await;
    web.seed().await;
    web.enable().await;
    let game = game_id(&web, "c2").await;
    let path = format!("/g/{game}/live");
    let mut open_streams = Vec::new();
    for _ in 0..STREAMS_PER_IP {
        let stream = open(&web, &path, "10.0.0.7", &[]).await;
        assert_eq!(stream.status, StatusCode::OK);
        open_streams.push(stream);
    }
    assert_eq!(STREAMS_PER_IP, 8);
    let refused = open(&web, &path, "10.0.0.7", &[]).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    let elsewhere = open(&web, &path, "10.0.0.8", &[]).await;
    assert_eq!(
        elsewhere.status,
        StatusCode::OK,
        "another address is not held back"
    );
    // A closed page gives its stream back.
    drop(open_streams.pop());
    let again = open(&web, &path, "10.0.0.7", &[]).await;
    assert_eq!(again.status, StatusCode::OK);
}
