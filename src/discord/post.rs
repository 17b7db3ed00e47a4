//! A table `Reply` as a Discord message: text with mentions limited to the players it pings,
//! the board PNG as an attachment shown in an embed, and the choices as buttons, ready for
//! any of Discord's message builders.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    EditInteractionResponse, Nonce, UserId,
};

use crate::table::Reply;

use super::button_id;

/// Discord's limit on a message's text.
const MAX_CONTENT: usize = 2000;
/// The embed's side colour: the board's dark square.
const COLOUR: u32 = 0x8c_a2_ad;

/// Discord's limits on a select menu: options, and characters in a label or value.
const MENU_OPTIONS: usize = 25;
const MENU_TEXT: usize = 100;

/// Offers the legal moves as a select menu whose choice is played like `/move`.
fn move_menu(game: i64, seq: i64, moves: &[String]) -> CreateActionRow {
    let options: Vec<CreateSelectMenuOption> = moves
        .iter()
        .filter(|m| !m.is_empty() && m.chars().count() <= MENU_TEXT)
        .take(MENU_OPTIONS)
        .map(|m| CreateSelectMenuOption::new(m.clone(), m.clone()))
        .collect();
    CreateActionRow::SelectMenu(
        CreateSelectMenu::new(
            button_id::custom_id(game, seq, "move"),
            CreateSelectMenuKind::String { options },
        )
        .placeholder("Choose your move"),
    )
}

/// Everything a reply turns into, ready to be put in any of serenity's message builders.
#[derive(Clone)]
pub(crate) struct Outgoing {
    content: String,
    embed: Option<CreateEmbed>,
    files: Vec<CreateAttachment>,
    components: Vec<CreateActionRow>,
    ping: Vec<UserId>,
    /// True when only the asker should see it.
    pub(crate) ephemeral: bool,
    /// The pages of a text too long for one message, after the first (sent as follow-ups).
    pub(crate) more: Vec<String>,
    /// Sent as Discord's `nonce` with `enforce_nonce` on every channel message made from
    /// this reply, so a post retried after its answer was lost (a timeout, a cut connection)
    /// returns the message already made instead of posting it again.
    nonce: String,
}

impl Outgoing {
    /// Lays out a reply; its choices become buttons carrying the game's id and seq.
    pub(crate) fn new(reply: &Reply) -> Outgoing {
        let (embed, board) = match &reply.image {
            Some(png) => {
                let name = match reply.game {
                    Some(g) => format!("tabula-{}-{}.png", g.id, g.seq),
                    None => "tabula-board.png".to_string(),
                };
                let embed = CreateEmbed::new()
                    .image(format!("attachment://{name}"))
                    .colour(COLOUR);
                (
                    Some(embed),
                    Some(CreateAttachment::bytes(png.clone(), name)),
                )
            }
            None => (None, None),
        };
        let mut components = match reply.game {
            Some(game) if !reply.choices.is_empty() => {
                let buttons: Vec<CreateButton> = reply
                    .choices
                    .iter()
                    .map(|c| {
                        CreateButton::new(button_id::custom_id(game.id, game.seq, &c.command))
                            .label(c.label.clone())
                            .style(style(&c.command))
                            .disabled(game.closed && c.command != "rematch")
                    })
                    .collect();
                buttons
                    .chunks(5)
                    .map(|row| CreateActionRow::Buttons(row.to_vec()))
                    .collect()
            }
            _ => Vec::new(),
        };
        if let Some(game) = reply.game.filter(|g| !g.closed && !reply.menu.is_empty()) {
            components.insert(0, move_menu(game.id, game.seq, &reply.menu));
        }
        let ping = reply
            .ping
            .iter()
            .filter_map(|id| id.parse::<u64>().ok())
            .map(UserId::new)
            .collect();
        let mut pages = pages(&reply.text).into_iter();
        Outgoing {
            content: pages.next().unwrap_or_default(),
            more: pages.collect(),
            embed,
            files: board
                .into_iter()
                .chain(
                    reply
                        .files
                        .iter()
                        .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone())),
                )
                .collect(),
            components,
            ping,
            ephemeral: reply.private,
            nonce: new_nonce(),
        }
    }

    /// Puts a line in front of the text, e.g. to say why a reply lands where it does.
    pub(crate) fn preface(mut self, line: &str, ping: Option<UserId>) -> Outgoing {
        self.content = clip(&format!("{line}\n{}", self.content));
        if let Some(user) = ping {
            self.ping.push(user);
        }
        self
    }

    /// As the first answer to an interaction.
    pub(crate) fn response(&self) -> CreateInteractionResponseMessage {
        let mut b = CreateInteractionResponseMessage::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.mentions())
            .ephemeral(self.ephemeral);
        if let Some(e) = &self.embed {
            b = b.embed(e.clone());
        }
        for f in &self.files {
            b = b.add_file(f.clone());
        }
        b
    }

    /// As a follow-up message to an answered interaction.
    pub(crate) fn followup(&self) -> CreateInteractionResponseFollowup {
        let mut b = CreateInteractionResponseFollowup::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.mentions())
            .ephemeral(self.ephemeral);
        if let Some(e) = &self.embed {
            b = b.embed(e.clone());
        }
        for f in &self.files {
            b = b.add_file(f.clone());
        }
        b
    }

    /// As the edit that fills in a deferred answer.
    pub(crate) fn edit(&self) -> EditInteractionResponse {
        let mut b = EditInteractionResponse::new()
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.mentions());
        if let Some(e) = &self.embed {
            b = b.embed(e.clone());
        }
        for f in &self.files {
            b = b.new_attachment(f.clone());
        }
        b
    }

    /// The follow-up pages of a long text, each a message of its own, as private as the first.
    pub(crate) fn more_followups(&self) -> Vec<CreateInteractionResponseFollowup> {
        self.more
            .iter()
            .map(|page| {
                CreateInteractionResponseFollowup::new()
                    .content(page.clone())
                    .allowed_mentions(CreateAllowedMentions::new())
                    .ephemeral(self.ephemeral)
            })
            .collect()
    }

    /// The follow-up pages of a long text as plain channel messages, each with a nonce of
    /// its own derived from the reply's.
    pub(crate) fn more_messages(&self) -> Vec<CreateMessage> {
        self.more
            .iter()
            .enumerate()
            .map(|(i, page)| {
                CreateMessage::new()
                    .content(page.clone())
                    .allowed_mentions(CreateAllowedMentions::new())
                    .nonce(Nonce::String(format!("{}-{}", self.nonce, i + 1)))
                    .enforce_nonce(true)
            })
            .collect()
    }

    /// As a plain channel message, carrying the reply's nonce: every try of it (see
    /// [`retrying`](super::retry::retrying)) posts at most one message.
    pub(crate) fn message(&self) -> CreateMessage {
        let mut b = CreateMessage::new()
            .nonce(Nonce::String(self.nonce.clone()))
            .enforce_nonce(true)
            .content(self.content.clone())
            .components(self.components.clone())
            .allowed_mentions(self.mentions());
        if let Some(e) = &self.embed {
            b = b.embed(e.clone());
        }
        for f in &self.files {
            b = b.add_file(f.clone());
        }
        b
    }
}

impl Outgoing {
    /// Allows exactly the pinged players to be notified; nobody else, not even a replied-to author.
    fn mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new()
            .users(self.ping.iter().copied())
            .replied_user(false)
    }
}

/// Makes a nonce for one reply's channel messages: 16 random hex digits, well within
/// Discord's 25 characters, with a page suffix.
fn new_nonce() -> String {
    format!("{:016x}", rand::random::<u64>())
}

fn style(command: &str) -> ButtonStyle {
    match command {
        "resign" | "resign confirm" => ButtonStyle::Danger,
        "roll" | "join" | "draw accept" | "rematch" => ButtonStyle::Primary,
        _ => ButtonStyle::Secondary,
    }
}

/// Splits a text into messages of at most [`MAX_CONTENT`] characters, between paragraphs
/// where it can, else between lines, else anywhere; a short text is one page.
pub(crate) fn pages(text: &str) -> Vec<String> {
    pack(text, "\n\n", |paragraph| {
        pack(paragraph, "\n", |line| {
            let chars: Vec<char> = line.chars().collect();
            chars
                .chunks(MAX_CONTENT)
                .map(|c| c.iter().collect())
                .collect()
        })
    })
}

/// Packs the parts of `text` separated by `sep` into pages of at most [`MAX_CONTENT`]
/// characters; a part too long for a page is cut by `cut`.
fn pack(text: &str, sep: &str, cut: impl Fn(&str) -> Vec<String>) -> Vec<String> {
    let mut pages: Vec<String> = Vec::new();
    let mut page = String::new();
    for part in text.split(sep) {
        let len = |s: &str| s.chars().count();
        if !page.is_empty() && len(&page) + len(sep) + len(part) <= MAX_CONTENT {
            page.push_str(sep);
            page.push_str(part);
            continue;
        }
        if !page.is_empty() {
            pages.push(std::mem::take(&mut page));
        }
        if len(part) <= MAX_CONTENT {
            page = part.to_string();
        } else {
            pages.extend(cut(part));
        }
    }
    if !page.is_empty() || pages.is_empty() {
        pages.push(page);
    }
    pages
}

fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(MAX_CONTENT - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_paged_between_paragraphs_and_lose_nothing() {
        assert_eq!(pages("short"), ["short"]);
        let paragraph = "word ".repeat(150);
        let text = [paragraph.trim(); 5].join("\n\n");
        let split = pages(&text);
        assert!(split.len() > 1);
        assert!(split.iter().all(|p| p.chars().count() <= MAX_CONTENT));
        assert!(
            split.iter().all(|p| p.ends_with("word")),
            "cut between paragraphs"
        );
        assert_eq!(split.join("\n\n"), text);
        let line = "x".repeat(4500);
        let split = pages(&line);
        assert_eq!(split.len(), 3);
        assert_eq!(split.concat(), line);
    }
}
