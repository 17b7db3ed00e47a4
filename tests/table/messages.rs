//! What players read (issue 15 item 11): echoes show what was typed, cut when long; dice
//! limits are named; the player to act is told "your turn"; names print without bidi or
//! zero-width characters.

use tabula::table::{Command, Ctx, User};

use crate::support::table::{TestTable, ctx, play};

fn roll(expr: &str) -> Command {
    Command::Roll {
        expr: Some(expr.into()),
    }
}

#[tokio::test]
async fn item_11_an_echo_shows_control_characters_instead_of_dropping_them() {
    let t = TestTable::new().await;
    t.chess().await;
    let reply = t
        .say(
            "alice",
            Command::Move {
                text: "e\u{0}4".into(),
            },
        )
        .await;
    assert!(reply.private, "{}", reply.text);
    assert!(reply.text.contains("\"e␀4\""), "{}", reply.text);
    assert!(!reply.text.contains("\"e4\""), "{}", reply.text);
}

#[tokio::test]
async fn item_11_long_echoes_are_cut() {
    let t = TestTable::new().await;
    t.chess().await;
    let long = "Q".repeat(1 << 20);
    for command in [
        Command::Move { text: long.clone() },
        roll(&long),
        play(&long, &[]),
    ] {
        let reply = t.say("alice", command).await;
        assert!(reply.private, "{}", reply.text);
        assert!(reply.text.len() < 600, "{} bytes", reply.text.len());
    }
    let console = t
        .line(&format!("#{} @alice /board", "c".repeat(1 << 20)))
        .await;
    assert!(console.len() < 300, "{} bytes", console.len());
}

#[tokio::test]
async fn item_11_rolls_over_a_limit_name_the_limit() {
    let t = TestTable::new().await;
    let big = t.say("alice", roll("2d6+99999999999")).await;
    assert!(
        big.private && big.text.contains("at most 10000"),
        "{}",
        big.text
    );
    let d1 = t.say("alice", roll("d1")).await;
    assert!(
        d1.private && d1.text.contains("2 to 1000 sides"),
        "{}",
        d1.text
    );
    let many = t.say("alice", roll("500d6")).await;
    assert!(many.text.contains("at most 100"), "{}", many.text);
}

#[tokio::test]
async fn item_11_the_player_to_roll_is_told_it_is_their_turn() {
    let t = TestTable::new().await;
    t.say("alice", play("backgammon", &["w"])).await;
    t.say("w", Command::Join).await;
    // The opening roll is due from the first seat.
    let early = t
        .say(
            "alice",
            Command::Move {
                text: "24/18".into(),
            },
        )
        .await;
    assert!(early.text.contains("your turn to roll"), "{}", early.text);
    assert!(!early.text.contains("alice's"), "{}", early.text);
    let other = t
        .say(
            "w",
            Command::Move {
                text: "24/18".into(),
            },
        )
        .await;
    assert!(other.text.contains("It is alice's turn"), "{}", other.text);
}

#[tokio::test]
async fn item_11_names_lose_bidi_controls_and_zero_width_characters() {
    let t = TestTable::new().await;
    let mallory = Ctx {
        user: User {
            id: "mallory".into(),
            name: "\u{202e}yrollam\u{200b}\u{2066}".into(),
        },
        ..ctx("mallory")
    };
    t.table.handle(&mallory, play("chess", &["bob"])).await;
    t.say("bob", Command::Join).await;
    let seats = t.store.seats(1).await.unwrap();
    assert_eq!(seats[0].name, "yrollam");
    let wait = t.say("bob", Command::Move { text: "e5".into() }).await;
    assert!(wait.text.contains("It is yrollam's turn"), "{}", wait.text);
    assert!(!wait.text.chars().any(tabula::rules::is_invisible));
}

#[tokio::test]
async fn item_11_a_read_only_database_says_the_failure_is_permanent() {
    let t = TestTable::new().await;
    t.chess().await;
    let url = format!("{}?mode=ro", crate::support::db::sqlite_url(&t.dir));
    let store = tabula::store::Store::connect(&url).await.unwrap();
    let table =
        tabula::table::Table::new(store, std::sync::Arc::new(tabula::render::Renderer::new()));
    let board = table.handle(&ctx("alice"), Command::Board).await;
    assert!(!board.private, "reading works: {}", board.text);
    let reply = table
        .handle(&ctx("alice"), Command::Move { text: "e4".into() })
        .await;
    assert!(reply.private, "{}", reply.text);
    assert!(reply.text.contains("read-only"), "{}", reply.text);
    assert!(reply.text.contains("will not help"), "{}", reply.text);
    assert!(!reply.text.contains("Please try again"), "{}", reply.text);
}
