//! Database round trips per turn (issue 29 item 2), counted at the store's one choke point
//! on SQLite and PostgreSQL: a typed move of every game kind, a roll, and a bot's move each
//! stay within their budget, so a change that adds a round trip to a turn fails here.

use crate::support::db::both_backends;
use tabula::rules::{Game, GameKind, Turn};
use tabula::store::{Backend, Status, Store, count_round_trips};
use tabula::table::{Command, Ctx, Table, User};

/// The most round trips a typed move may make, as the Discord frontend handles a typed
/// message: read as a move (the game and its seats: 1), claimed (1), then committed from the
/// game just read (the guarded update, the log row and the next player's vacation in one
/// statement or batch: 1). The answer's vacation line comes from that commit.
fn typed_move_budget(backend: Backend) -> u64 {
    match backend {
        Backend::Sqlite | Backend::Postgres => 3,
    }
}

/// The most round trips a `/roll` may make (the game read, then the commit).
const ROLL_BUDGET: u64 = 2;
/// The most round trips `/move` may make (the game read, then the commit).
const MOVE_BUDGET: u64 = 2;
/// The most round trips one bot move may make (the game read, the turn claimed, the move
/// committed, the claim released).
const BOT_MOVE_BUDGET: u64 = 4;

fn at(channel: &str, user: &str) -> Ctx {
    Ctx {
        guild: "g".into(),
        channel: channel.into(),
        user: User::named(user),
        admin: false,
    }
}

/// Opens a game of `kind` in its own channel, alice against bob, started.
async fn open(table: &Table, store: &Store, kind: GameKind) -> String {
    let channel = kind.name().to_owned();
    let play = Command::Play {
        game: kind.name().into(),
        ruleset: None,
        opponents: vec![User::named("bob")],
        days: None,
        bot: None,
        players: None,
    };
    let opened = table.handle(&at(&channel, "alice"), play).await;
    assert!(!opened.private, "{kind}: {}", opened.text);
    let joined = table.handle(&at(&channel, "bob"), Command::Join).await;
    assert!(!joined.private, "{kind}: {}", joined.text);
    let row = store.open_game("g", &channel).await.unwrap().unwrap();
    if row.status == Status::Lobby {
        let started = table.handle(&at(&channel, "alice"), Command::Start).await;
        assert!(!started.private, "{kind}: {}", started.text);
    }
    channel
}

/// Round trips of one turn of each kind, where the game offered it.
#[derive(Debug, Default)]
struct Counted {
    typed: Option<u64>,
    moved: Option<u64>,
    roll: Option<u64>,
}

/// Plays `channel`'s game until a typed move, a `/move` and a roll were each counted once (a
/// game without dice, or without choices, offers only some of them in its first turns).
async fn count_turns(table: &Table, store: &Store, channel: &str) -> Counted {
    let (mut typed, mut moved, mut roll) = (None, None, None);
    for message in 1..16 {
        let row = store.open_game("g", channel).await.unwrap().unwrap();
        let game: Game = serde_json::from_str(&row.state).unwrap();
        let seats = store.seats(row.id).await.unwrap();
        let user = |seat: usize| {
            let seat = seats.iter().find(|s| s.seat as usize == seat).unwrap();
            at(channel, &seat.user_id)
        };
        match game.turn() {
            Turn::Roll(seat) => {
                let (reply, trips) =
                    count_round_trips(table.handle(&user(seat), Command::Roll { expr: None }))
                        .await;
                assert!(!reply.private, "{channel}: {}", reply.text);
                roll.get_or_insert(trips);
            }
            Turn::Move(seat) => {
                let moves = game.legal_moves();
                let text = game.format(&moves[0]);
                let ctx = user(seat);
                if typed.is_some() {
                    // Once a typed move was counted, moves go as `/move`.
                    let (reply, trips) =
                        count_round_trips(table.handle(&ctx, Command::Move { text })).await;
                    assert!(!reply.private, "{channel}: {}", reply.text);
                    moved.get_or_insert(trips);
                } else {
                    // As the Discord frontend handles a typed message: read, claim, play.
                    let (played, trips) = count_round_trips(async {
                        let read = table.read_move(&ctx, &text).await;
                        let read = read.unwrap_or_else(|| panic!("{channel}: {text} is a move"));
                        assert!(table.claim_message("g", channel, message).await);
                        table.play_typed(&ctx, read).await
                    })
                    .await;
                    assert!(!played.private, "{channel}: {}", played.text);
                    typed.get_or_insert(trips);
                }
            }
            Turn::Over(_) => break,
        }
        if typed.is_some() && moved.is_some() && roll.is_some() {
            break;
        }
    }
    Counted { typed, moved, roll }
}

both_backends!(
    a_typed_move_a_move_and_a_roll_of_every_game_stay_within_their_round_trips,
    |store: Store, _url: String| async move {
        let table = Table::new(store.clone(), crate::support::render::shared());
        let budget = typed_move_budget(store.backend());
        let mut seen = Vec::new();
        for &kind in GameKind::ALL {
            let channel = open(&table, &store, kind).await;
            let counted = count_turns(&table, &store, &channel).await;
            eprintln!("{:?} {kind}: {counted:?} round trips", store.backend());
            if let Some(typed) = counted.typed {
                assert!(
                    typed <= budget,
                    "{kind}: a typed move made {typed} round trips"
                );
            }
            if let Some(moved) = counted.moved {
                assert!(
                    moved <= MOVE_BUDGET,
                    "{kind}: /move made {moved} round trips"
                );
            }
            if let Some(roll) = counted.roll {
                assert!(
                    roll <= ROLL_BUDGET,
                    "{kind}: a roll made {roll} round trips"
                );
            }
            seen.push((kind, counted));
        }
        let all = |pick: fn(&Counted) -> Option<u64>| {
            seen.iter().filter(|(_, c)| pick(c).is_some()).count()
        };
        assert!(
            all(|c| c.typed) >= 5 && all(|c| c.moved) >= 5,
            "typed moves and /move were counted in most games: {seen:?}"
        );
        assert!(all(|c| c.roll) >= 1, "a roll was counted: {seen:?}");
        let total = store.round_trips();
        assert!(total > 0, "the store's own count moved too");
    }
);

both_backends!(
    a_bot_move_stays_within_its_round_trips,
    |store: Store, _url: String| async move {
        let table = Table::new(store.clone(), crate::support::render::shared());
        let play = Command::Play {
            game: "chess".into(),
            ruleset: None,
            opponents: vec![],
            days: None,
            bot: Some(1),
            players: None,
        };
        let opened = table.handle(&at("c", "alice"), play).await;
        assert!(!opened.private, "{}", opened.text);
        let moved = table
            .handle(&at("c", "alice"), Command::Move { text: "e4".into() })
            .await;
        assert!(!moved.private, "{}", moved.text);
        let id = store.open_game("g", "c").await.unwrap().unwrap().id;
        let (turn, trips) = count_round_trips(table.bot_turn(id)).await;
        assert!(turn.is_some(), "the bot played");
        eprintln!("{:?}: a bot move made {trips} round trips", store.backend());
        assert!(
            trips <= BOT_MOVE_BUDGET,
            "a bot move made {trips} round trips"
        );
        assert_eq!(store.log(id).await.unwrap().len(), 2);
    }
);
