//! The web view in a real browser: Debian's chromium driven by npm `playwright-core` (never a
//! downloaded browser) runs `tests/browser/site.test.mjs` against the site served on a seeded
//! store: no axe violations on each kind of page in light and dark, no sideways scrolling at
//! 360 px, a live page showing a move made through the table, keyboard replay, and every page
//! working with JavaScript off. Without node, chromium or `npm ci` in tests/browser it prints a
//! loud SKIP and passes, unless `TABULA_REQUIRE_BROWSER=1` (CI) makes it fail.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};

use tabula::web::{Limits, WebOptions};

use super::{GUILD, Web, alice, carol, dave};

/// What the script needs and where it looks for it.
struct Browser {
    chromium: PathBuf,
    dir: PathBuf,
}

/// Finds node, chromium and the installed npm packages, or says which is missing.
fn browser() -> Result<Browser, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let chromium = std::env::var_os("TABULA_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    let node = Process::new("node")
        .arg("--version")
        .output()
        .map_err(|e| format!("node is not installed ({e})"))?;
    if !node.status.success() {
        return Err("node does not run".into());
    }
    if !chromium.exists() {
        return Err(format!(
            "{} is missing (apt-get install chromium)",
            chromium.display()
        ));
    }
    for package in ["playwright-core", "@axe-core/playwright"] {
        if !dir.join("node_modules").join(package).exists() {
            return Err(format!(
                "{package} is not installed (npm ci in tests/browser)"
            ));
        }
    }
    Ok(Browser { chromium, dir })
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_in_a_real_browser_is_accessible_fits_a_phone_follows_live_games_and_replays_by_keyboard()
 {
    let browser = match browser() {
        Ok(b) => b,
        Err(why) => {
            let required = std::env::var("TABULA_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
            assert!(!required, "TABULA_REQUIRE_BROWSER=1 but {why}");
            // Straight to stderr so the test harness does not swallow it.
            let _ = writeln!(
                std::io::stderr(),
                "\nSKIP: {why} — the web view's browser tests skipped\n"
            );
            return;
        }
    };
    let web = Web::new().await;
    web.seed().await;
    let server = web.enable().await;
    let finished = game_id(&web, "c").await;
    let live = game_id(&web, "c2").await;
    let player = web
        .t
        .store
        .web_player(GUILD, &alice().id)
        .await
        .unwrap()
        .public_id;
    let site = tabula::web::start_with(
        web.t.table.clone(),
        &WebOptions {
            listen: "127.0.0.1:0".parse().unwrap(),
            public_base_url: None,
            sign_in: None,
        },
        Limits {
            burst: 1_000_000,
            ..Limits::default()
        },
    )
    .await
    .expect("the site starts");
    let pages = serde_json::json!({
        "home": "/",
        "server": format!("/s/{server}"),
        "leaderboard": format!("/s/{server}/leaderboard/chess"),
        "player": format!("/p/{player}"),
        "game": format!("/g/{finished}"),
        "live": format!("/g/{live}"),
        "archive": format!("/s/{server}/archive?game=chess"),
        "missing": "/no/such/page",
    });
    let mut child = Process::new("node")
        .arg("site.test.mjs")
        .current_dir(&browser.dir)
        .env("TABULA_SITE", format!("http://{}", site.addr))
        .env("TABULA_PAGES", pages.to_string())
        .env("TABULA_CHROMIUM", &browser.chromium)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    let stdout = child.stdout.take().expect("node's output");
    let mut stdin = child.stdin.take();
    let (lines, mut read) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    // The script asks for the move once its live page is open; the move goes through the
    // table exactly as one from Discord would.
    let mut output = Vec::new();
    let mut moved = false;
    while let Some(line) = read.recv().await {
        if line.trim() == "TABULA-MOVE" && !moved {
            web.moves("c2", [&dave(), &carol()], &["Nc6"]).await;
            moved = true;
            if let Some(mut input) = stdin.take() {
                writeln!(input, "moved").expect("node reads");
            }
        }
        output.push(line);
    }
    drop(stdin);
    let done = child.wait_with_output().expect("node ends");
    site.stop().await;
    let output = output.join("\n");
    let errors = String::from_utf8_lossy(&done.stderr);
    assert!(
        done.status.success(),
        "the browser tests failed:\n{output}\n{errors}"
    );
    assert!(moved, "the live test never asked for its move:\n{output}");
    assert!(
        output.contains("# fail 0"),
        "the browser tests did not report:\n{output}\n{errors}"
    );
}
