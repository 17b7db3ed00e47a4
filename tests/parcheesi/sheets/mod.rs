//! The Parcheesi rule sheets side by side, one module each (see ../shared/seeds/INDEX.md).

// Sheet 000, "Pahrcheesi": the compendium's game.
mod pahrcheesi_000;

// Sheet 001, "Pachesi".
mod pachesi_001;

// Sheet 002, PARCHEESI by Winning Moves (2007): the default ruleset.
mod parcheesi_002;

// Sheet 003, "Pachisi", the modern interpretation.
mod pachisi_003;
