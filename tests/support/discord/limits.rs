//! Discord's documented limits on what a message or an interaction answer may carry; a body
//! over any of them is refused with 50035 "Invalid Form Body".

use serde_json::Value;

use super::FilePart;

/// Characters of text in a message.
pub const CONTENT: usize = 2000;
/// Embeds in a message.
pub const EMBEDS: usize = 10;
/// Characters in an embed's title, description, field name and value, footer and author.
pub const EMBED_TITLE: usize = 256;
pub const EMBED_DESCRIPTION: usize = 4096;
pub const FIELD_NAME: usize = 256;
pub const FIELD_VALUE: usize = 1024;
pub const FOOTER: usize = 2048;
pub const AUTHOR: usize = 256;
/// Characters in all of a message's embeds together.
pub const EMBED_TOTAL: usize = 6000;
/// Fields in an embed.
pub const FIELDS: usize = 25;
/// Action rows in a message, and buttons in a row.
pub const ROWS: usize = 5;
pub const BUTTONS: usize = 5;
/// Characters in a button's label, and in any component's custom id.
pub const LABEL: usize = 80;
pub const CUSTOM_ID: usize = 100;
/// Options in a select menu, and characters in an option's label or value.
pub const OPTIONS: usize = 25;
pub const OPTION_TEXT: usize = 100;
/// Autocomplete choices, and characters in a choice's name or value.
pub const CHOICES: usize = 25;
pub const CHOICE_TEXT: usize = 100;
/// Files in a message, and bytes in one.
pub const FILES: usize = 10;
pub const FILE_BYTES: usize = 25 << 20;

/// Checks an interaction callback's body.
pub fn callback(body: &Value, files: &[FilePart]) -> Result<(), String> {
    match body["type"].as_u64() {
        // A message, or the update of the message a component is on.
        Some(4) | Some(7) => message(&body["data"], files),
        // A deferral carries at most flags.
        Some(5) | Some(6) => Ok(()),
        Some(8) => choices(&body["data"]["choices"]),
        Some(9) => Ok(()),
        other => Err(format!("unknown callback type {other:?}")),
    }
}

/// Checks a message body (a post, a follow-up or an edit) and its files.
pub fn message(body: &Value, files: &[FilePart]) -> Result<(), String> {
    at_most("content", chars(&body["content"]), CONTENT)?;
    let embeds = list(&body["embeds"]);
    at_most("embeds", embeds.len(), EMBEDS)?;
    let mut total = 0;
    for embed in embeds {
        total += embed_chars(embed)?;
    }
    at_most("characters in all embeds", total, EMBED_TOTAL)?;
    components(&body["components"])?;
    at_most("files", files.len(), FILES)?;
    at_most("attachments", list(&body["attachments"]).len(), FILES)?;
    for file in files {
        at_most(
            &format!("bytes in {}", file.filename),
            file.bytes.len(),
            FILE_BYTES,
        )?;
    }
    allowed_mentions(&body["allowed_mentions"])
}

fn embed_chars(embed: &Value) -> Result<usize, String> {
    let title = chars(&embed["title"]);
    let description = chars(&embed["description"]);
    let footer = chars(&embed["footer"]["text"]);
    let author = chars(&embed["author"]["name"]);
    at_most("embed title", title, EMBED_TITLE)?;
    at_most("embed description", description, EMBED_DESCRIPTION)?;
    at_most("embed footer", footer, FOOTER)?;
    at_most("embed author", author, AUTHOR)?;
    let fields = list(&embed["fields"]);
    at_most("embed fields", fields.len(), FIELDS)?;
    let mut total = title + description + footer + author;
    for field in fields {
        let (name, value) = (chars(&field["name"]), chars(&field["value"]));
        at_most("field name", name, FIELD_NAME)?;
        at_most("field value", value, FIELD_VALUE)?;
        total += name + value;
    }
    Ok(total)
}

fn components(rows: &Value) -> Result<(), String> {
    let rows = list(rows);
    at_most("action rows", rows.len(), ROWS)?;
    for row in rows {
        if row["type"] != 1 {
            return Err(format!("a top-level component of type {}", row["type"]));
        }
        let parts = list(&row["components"]);
        let selects = parts.iter().filter(|c| c["type"] != 2).count();
        if selects > 0 && parts.len() > 1 {
            return Err("a select menu shares its row".into());
        }
        at_most("buttons in a row", parts.len(), BUTTONS)?;
        for part in parts {
            component(part)?;
        }
    }
    Ok(())
}

fn component(part: &Value) -> Result<(), String> {
    at_most("custom_id", chars(&part["custom_id"]), CUSTOM_ID)?;
    if part["type"] == 2 {
        at_most("button label", chars(&part["label"]), LABEL)?;
        let link = part["style"] == 5;
        if !link && part["custom_id"].as_str().is_none_or(str::is_empty) {
            return Err("a button without a custom_id".into());
        }
        return Ok(());
    }
    at_most("select placeholder", chars(&part["placeholder"]), 150)?;
    if part["type"] == 3 {
        let options = list(&part["options"]);
        if options.is_empty() {
            return Err("a string select without options".into());
        }
        at_most("select options", options.len(), OPTIONS)?;
        for option in options {
            at_most("option label", chars(&option["label"]), OPTION_TEXT)?;
            at_most("option value", chars(&option["value"]), OPTION_TEXT)?;
        }
    }
    Ok(())
}

fn choices(choices: &Value) -> Result<(), String> {
    let choices = list(choices);
    at_most("autocomplete choices", choices.len(), CHOICES)?;
    for choice in choices {
        at_most("choice name", chars(&choice["name"]), CHOICE_TEXT)?;
        if choice["name"].as_str().is_none_or(str::is_empty) {
            return Err("a choice without a name".into());
        }
        if let Some(value) = choice["value"].as_str() {
            at_most("choice value", value.chars().count(), CHOICE_TEXT)?;
        }
    }
    Ok(())
}

/// `parse` names only users, roles and everyone, and never a kind also listed by id.
fn allowed_mentions(mentions: &Value) -> Result<(), String> {
    if mentions.is_null() {
        return Ok(());
    }
    if !mentions.is_object() {
        return Err("allowed_mentions is not an object".into());
    }
    let parse: Vec<&str> = list(&mentions["parse"])
        .iter()
        .filter_map(Value::as_str)
        .collect();
    if let Some(bad) = parse
        .iter()
        .find(|p| !["users", "roles", "everyone"].contains(p))
    {
        return Err(format!("allowed_mentions.parse names {bad}"));
    }
    for kind in ["users", "roles"] {
        let ids = list(&mentions[kind]);
        at_most(&format!("allowed_mentions.{kind}"), ids.len(), 100)?;
        if parse.contains(&kind) && !ids.is_empty() {
            return Err(format!("allowed_mentions has both parse {kind} and {kind}"));
        }
        if ids.iter().any(|id| !is_snowflake(id)) {
            return Err(format!("allowed_mentions.{kind} holds a non-snowflake"));
        }
    }
    Ok(())
}

fn is_snowflake(id: &Value) -> bool {
    match id {
        Value::String(s) => !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()),
        Value::Number(n) => n.is_u64(),
        _ => false,
    }
}

fn list(value: &Value) -> &[Value] {
    value.as_array().map(Vec::as_slice).unwrap_or(&[])
}

fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

fn at_most(what: &str, n: usize, limit: usize) -> Result<(), String> {
    if n > limit {
        return Err(format!("{n} {what}, more than Discord's {limit}"));
    }
    Ok(())
}
