//! Views a renderer must survive: no names, blank names, too many seats, emoji, scripts the
//! font lacks, 200-character names, control characters and NULs in names and captions.

use tabula::render::View;

/// Returns the hostile views every game's picture is checked against.
pub fn hostile_views() -> Vec<View> {
    let long = "x".repeat(300);
    vec![
        View::default(),
        View {
            players: vec![],
            caption: Some(String::new()),
            perspective: None,
        },
        View {
            players: vec![String::new(); 7],
            caption: Some(String::new()),
            perspective: None,
        },
        View {
            players: vec![
                "♔ 🦀🧑‍🚀👍🏽 alice".into(),
                "مرحبا בוב 你好".into(),
                "\u{200d}".into(),
            ],
            caption: Some("🎉".repeat(300)),
            perspective: None,
        },
        View {
            players: vec![long.clone(), "W".repeat(200), "Red".into()],
            caption: Some(long),
            perspective: None,
        },
        View {
            players: vec![
                "a\u{0}b\u{7}\u{1b}[31m\r\n\t".into(),
                "\u{200d}\u{fe0f}".into(),
            ],
            caption: Some("line one\nline two\u{0}".into()),
            perspective: None,
        },
        View {
            players: vec!["   ".into(), "a".into(), "extra seat".into()],
            caption: None,
            perspective: Some(usize::MAX),
        },
    ]
}

/// The one renderer of the test binary, made with every painter at first use. Making the
/// painters costs about a second of CPU and they never change once made, so the hundreds of
/// tables the tests open share them instead of each making its own (tests of a fresh,
/// lazy or warming renderer make theirs).
pub fn shared() -> std::sync::Arc<tabula::render::Renderer> {
    static SHARED: std::sync::LazyLock<std::sync::Arc<tabula::render::Renderer>> =
        std::sync::LazyLock::new(|| std::sync::Arc::new(tabula::render::Renderer::new()));
    std::sync::Arc::clone(&SHARED)
}
