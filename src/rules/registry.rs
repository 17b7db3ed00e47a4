//! The one list of games. [`games!`] turns one line per game into the [`GameKind`] names, the
//! [`Game`] and [`Move`] enums that hold any game, and the glue between them and [`Rules`].
//!
//! Why an enum and not `Box<dyn Rules>`: a stored game is a tagged JSON value, and serde reads
//! a closed enum with no registry at run time; each game keeps its own typed `Move`. The macro
//! writes only what would otherwise repeat per game: the enum variants, the one `match` that
//! lends out a game as `&dyn Dispatch`, and the wrapping of moves. Everything else in
//! [`Game`](super::Game) forwards in one line.
//!
//! The layers above (the renderer's painters, the bots' brains) cannot be named here, so the
//! macro also writes [`for_each_game!`]: it hands the list to a macro of theirs, which writes
//! their dispatch over every game. A game without a painter or a brain then fails to compile,
//! and no code outside this file matches over the games by hand.
//!
//! [`GameKind`]: super::GameKind
//! [`Game`]: super::Game
//! [`Move`]: super::Move
//! [`Rules`]: super::Rules

/// Declares the games: `Variant => path::to::GameType,` per line (the path from `rules`), each
/// type implementing [`Rules`](super::Rules). Attributes (such as `#[cfg(test)]`) apply to the
/// whole entry.
macro_rules! games {
    ($( $(#[$attr:meta])* $variant:ident => $($path:ident)::+ ),+ $(,)?) => {
        games!(@expand $( $(#[$attr])* $variant => [$($path)::+] $($path)::+, )+);
    };
    (@expand $( $(#[$attr:meta])* $variant:ident => [$($path:ident)::+] $ty:ty, )+) => {
        /// Hands every registry line to `$callback!` as `Variant => crate::rules::path::Type,`
        /// (with its attributes), so a layer above the rules writes its dispatch over every
        /// game from the one list: `crate::rules::for_each_game!(painters);`.
        macro_rules! for_each_game {
            ($callback:ident) => {
                $callback! { $( $(#[$attr])* $variant => $crate::rules::$($path)::+, )+ }
            };
        }
        pub(crate) use for_each_game;

        /// Names a game tabula can play.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum GameKind {
            $( $(#[$attr])* $variant, )+
        }

        /// A game in progress or finished, with everything needed to continue it.
        #[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = "game", rename_all = "snake_case")]
        pub enum Game {
            $( $(#[$attr])* $variant($ty), )+
        }

        /// One move of some game, free of any position so it can be stored and compared.
        #[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Move {
            $( $(#[$attr])* $variant(<$ty as $crate::rules::Rules>::Move), )+
        }

        impl GameKind {
            /// Every game, in the order menus list them.
            pub const ALL: &'static [GameKind] = &[ $( $(#[$attr])* GameKind::$variant, )+ ];

            /// Returns the game's registry entry: names, rulesets, seats, rules text.
            pub fn info(self) -> &'static $crate::rules::Info {
                match self {
                    $( $(#[$attr])* GameKind::$variant => &<$ty as $crate::rules::Rules>::INFO, )+
                }
            }

            /// Starts a game of this kind (seats already checked).
            fn start(self, ruleset: &str, seats: usize) -> Result<Game, $crate::rules::SetupError> {
                match self {
                    $( $(#[$attr])* GameKind::$variant =>
                        <$ty as $crate::rules::Rules>::new(ruleset, seats).map(Game::$variant), )+
                }
            }

            /// Loads a game of this kind from its position string.
            fn load(self, text: &str) -> Result<Game, $crate::rules::LoadError> {
                match self {
                    $( $(#[$attr])* GameKind::$variant =>
                        <$ty as $crate::rules::Rules>::from_position(text).map(Game::$variant), )+
                }
            }
        }

        impl Game {
            /// Returns which game this is.
            pub fn kind(&self) -> GameKind {
                match self {
                    $( $(#[$attr])* Game::$variant(_) => GameKind::$variant, )+
                }
            }

            /// Lends out the game inside, seen through the contract.
            fn rules(&self) -> &dyn Dispatch {
                match self {
                    $( $(#[$attr])* Game::$variant(g) => g, )+
                }
            }
        }

        $(
            $(#[$attr])*
            impl Registered for $ty {
                fn wrap(self) -> Game {
                    Game::$variant(self)
                }

                fn wrap_move(m: Self::Move) -> Move {
                    Move::$variant(m)
                }

                fn unwrap_move(m: &Move) -> Option<&Self::Move> {
                    if let Move::$variant(m) = m { Some(m) } else { None }
                }
            }
        )+
    };
}
