//! The options commands share: the game menu (built straight from the registry of games) and
//! the autocomplete answers for rulesets, bot levels and game numbers.

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse};

use crate::rules::{GameChoice, GameKind};

use super::super::Context;
use super::{MAX_SUGGESTIONS, who};

/// A game picked in the `game` option: a game or an alias (a Parcheesi cousin), offered as
/// Discord's integer choices (the index in [`GameKind::choices`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GamePick(pub(crate) GameChoice);

impl GamePick {
    /// Returns the pick at `index` in the menu, if there is one.
    fn from_index(index: usize) -> Option<GamePick> {
        GameKind::choices().get(index).copied().map(GamePick)
    }
}

#[poise::async_trait]
impl poise::SlashArgument for GamePick {
    async fn extract(
        _: &serenity::Context,
        _: &serenity::CommandInteraction,
        value: &serenity::ResolvedValue<'_>,
    ) -> Result<GamePick, poise::SlashArgError> {
        let serenity::ResolvedValue::Integer(index) = value else {
            return Err(poise::SlashArgError::new_command_structure_mismatch(
                "a game is chosen by its number in the menu",
            ));
        };
        usize::try_from(*index)
            .ok()
            .and_then(GamePick::from_index)
            .ok_or_else(|| {
                poise::SlashArgError::new_command_structure_mismatch("no game has that number")
            })
    }

    /// Offers every game and alias as a choice, by its index in the menu.
    fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        GameKind::choices().iter().enumerate().fold(
            builder.kind(serenity::CommandOptionType::Integer),
            |b, (i, c)| b.add_int_choice(c.name, i as i32),
        )
    }
}

/// The game the command being typed has chosen in its `game` option, if any.
fn chosen_game(ctx: Context<'_>) -> Option<GameChoice> {
    let poise::Context::Application(actx) = ctx else {
        return None;
    };
    let index = actx
        .interaction
        .data
        .options
        .iter()
        .find(|o| o.name == "game")?
        .value
        .as_i64()?;
    GamePick::from_index(usize::try_from(index).ok()?).map(|p| p.0)
}

/// Suggests the rulesets of the game chosen in `/play` that fit what was typed (an alias's
/// own ruleset first).
pub(crate) async fn suggest_rulesets(
    ctx: Context<'_>,
    partial: &str,
) -> CreateAutocompleteResponse {
    crate::discord::requests::autocomplete_answered();
    let Some(choice) = chosen_game(ctx) else {
        return CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().to_ascii_lowercase();
    let mut names: Vec<&str> = choice.ruleset.into_iter().collect();
    names.extend(
        choice
            .kind
            .rulesets()
            .iter()
            .filter(|r| Some(**r) != choice.ruleset),
    );
    let choices = names
        .into_iter()
        .filter(|r| r.to_ascii_lowercase().contains(&typed))
        .take(MAX_SUGGESTIONS)
        .map(|r| AutocompleteChoice::new(r, r))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Suggests the bot's levels for the game chosen in the command, or else for this channel's
/// open table, each named with how it plays.
pub(crate) async fn suggest_levels(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    crate::discord::requests::autocomplete_answered();
    let kind = match chosen_game(ctx) {
        Some(choice) => Some(choice.kind),
        None => ctx.data().table.open_game_kind(&who(ctx)).await,
    };
    let Some(kind) = kind else {
        return CreateAutocompleteResponse::new();
    };
    let typed = partial.trim();
    let choices = crate::bot::levels(kind)
        .iter()
        .enumerate()
        .map(|(i, level)| (i + 1, level))
        .filter(|(n, _)| n.to_string().starts_with(typed))
        .take(MAX_SUGGESTIONS)
        .map(|(n, level)| {
            let name: String = format!("{n}: {} ({})", level.name, level.about)
                .chars()
                .take(100)
                .collect();
            AutocompleteChoice::new(name, n as u64)
        })
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Suggests the numbers of the games the caller may mean: this channel's latest, then their
/// own unfinished and recently finished games on the server.
pub(crate) async fn suggest_games(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    crate::discord::requests::autocomplete_answered();
    let games = ctx
        .data()
        .table
        .game_numbers(&who(ctx), partial, MAX_SUGGESTIONS)
        .await;
    let choices = games
        .into_iter()
        .map(|(id, label)| AutocompleteChoice::new(label, id))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Suggests the IANA time zones whose names contain what was typed (`paris`,
/// `new york`), for `/notify tz`.
pub(crate) async fn suggest_zones(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    crate::discord::requests::autocomplete_answered();
    let choices = zones_like(partial)
        .into_iter()
        .map(|name| AutocompleteChoice::new(name, name))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// The names of the IANA zones that contain `typed` (case and spaces aside), at most
/// [`MAX_SUGGESTIONS`], those that start with it first.
fn zones_like(typed: &str) -> Vec<&'static str> {
    let key = typed.trim().to_ascii_lowercase().replace(' ', "_");
    let names = chrono_tz::TZ_VARIANTS.iter().map(|tz| tz.name());
    let (mut starting, containing): (Vec<&str>, Vec<&str>) = names
        .filter(|n| n.to_ascii_lowercase().contains(&key))
        .partition(|n| {
            let n = n.to_ascii_lowercase();
            n.starts_with(&key) || n.split('/').any(|part| part.starts_with(&key))
        });
    starting.extend(containing);
    starting.truncate(MAX_SUGGESTIONS);
    starting
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_and_alias_can_be_chosen() {
        let offered: Vec<&str> = GameKind::choices().iter().map(|c| c.name).collect();
        for kind in GameKind::ALL {
            assert!(offered.contains(&kind.name()), "{kind} is missing");
            for alias in kind.info().aliases {
                assert!(offered.contains(&alias.name), "{}", alias.name);
            }
        }
        for (i, name) in offered.iter().enumerate() {
            let pick = GamePick::from_index(i).expect("every index picks");
            assert_eq!(pick.0.name, *name);
        }
        assert!(GamePick::from_index(offered.len()).is_none());
        assert!(offered.len() <= 25, "Discord offers at most 25 choices");
    }

    #[test]
    fn time_zones_are_suggested_by_any_part_of_their_name() {
        assert_eq!(zones_like("paris"), ["Europe/Paris"]);
        assert!(zones_like("new york").contains(&"America/New_York"));
        assert_eq!(zones_like("").len(), MAX_SUGGESTIONS);
        assert!(zones_like("atlantis").is_empty());
    }
}
