//! An answer as a value: what to say (an [`Outgoing`]), where it goes (an interaction or a
//! channel) and the ordered routes that may carry it; and the one sender that tries those
//! routes in turn, each request through [`retrying`], and reports which one carried it.

use poise::serenity_prelude as serenity;
use serenity::{
    CacheHttp, ChannelId, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    GuildId, MessageId, MessageReference, MessageReferenceKind, UserId,
};

use super::post::Outgoing;
use super::requests::once;
use super::retry::retrying;

/// The interaction being answered: a slash command or a button click.
#[derive(Clone, Copy)]
pub(crate) enum Target<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Target<'_> {
    /// The channel the interaction came from.
    pub(crate) fn channel(self) -> ChannelId {
        match self {
            Target::Command(i) => i.channel_id,
            Target::Component(i) => i.channel_id,
        }
    }

    /// The person who used the command or clicked the button.
    pub(crate) fn user(self) -> UserId {
        match self {
            Target::Command(i) => i.user.id,
            Target::Component(i) => i.user.id,
        }
    }

    async fn respond(
        self,
        http: impl CacheHttp,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_response(http, response).await,
            Target::Component(i) => i.create_response(http, response).await,
        }
    }

    async fn edit(
        self,
        http: impl CacheHttp,
        edit: EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.edit_response(http, edit).await,
            Target::Component(i) => i.edit_response(http, edit).await,
        }
    }

    async fn followup(
        self,
        http: impl CacheHttp,
        followup: CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.create_followup(http, followup).await,
            Target::Component(i) => i.create_followup(http, followup).await,
        }
    }

    async fn delete(self, http: impl CacheHttp) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.delete_response(http.http()).await,
            Target::Component(i) => i.delete_response(http.http()).await,
        }
    }
}

/// Where an answer goes.
#[derive(Clone, Copy)]
pub(crate) enum Place<'a> {
    /// An interaction; a [`Route::Post`] goes to its channel.
    Interaction(Target<'a>),
    /// A channel or thread; only [`Route::Post`] reaches it.
    Channel(ChannelId),
}

impl Place<'_> {
    /// The channel the answer is seen in.
    pub(crate) fn channel(self) -> ChannelId {
        match self {
            Place::Interaction(target) => target.channel(),
            Place::Channel(channel) => channel,
        }
    }
}

/// One way of getting an answer to its place. Each carries the first message; the further
/// pages of a long text follow the same way (follow-ups after an interaction's answer,
/// channel messages after a post), as private as the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// The interaction's first answer; taken when Discord says it was already answered.
    Respond,
    /// The edit that fills in a deferred answer.
    Edit,
    /// A follow-up message to an answered interaction.
    FollowUp,
    /// A follow-up in place of the deferral, which is removed first; a `public` deferral that
    /// cannot be removed is closed with a neutral line when the answer is private, never
    /// with a private answer's text.
    ReplaceDeferral { public: bool },
    /// A message in the channel, `preface` (which pings `ping`) put in front of its text.
    /// A private answer never takes it: showing it to everyone would be worse than losing it.
    Post {
        preface: Option<String>,
        ping: Option<UserId>,
    },
    /// A message in the channel answering the message `to` (of `guild`) as Discord's reply;
    /// one deleted meanwhile is no failure (`fail_if_not_exists` off). Never a private answer.
    ReplyTo {
        to: MessageId,
        guild: Option<GuildId>,
    },
    /// A message in the direct messages of `user` (opened if need be), seen by them alone.
    Direct { user: UserId },
}

/// What to say, where, and the routes to try in order until one carries it.
pub(crate) struct Answer<'a> {
    pub(crate) out: Outgoing,
    pub(crate) to: Place<'a>,
    pub(crate) routes: Vec<Route>,
}

impl<'a> Answer<'a> {
    /// Answers `target` by `route`; when Discord does not take it, a public answer is posted
    /// in the channel instead, naming the person, so the players learn what happened.
    pub(crate) fn interaction(target: Target<'a>, out: Outgoing, route: Option<Route>) -> Self {
        let user = target.user();
        let post = Route::Post {
            preface: Some(format!(
                "<@{user}>, Discord did not take my answer to your command, so here it is:"
            )),
            ping: Some(user),
        };
        Answer {
            out,
            to: Place::Interaction(target),
            routes: route.into_iter().chain([post]).collect(),
        }
    }

    /// Posts `out` in `channel`: its only route, so a public message or none (what the bot
    /// says by itself, such as a bot turn or a notice, is never a private reply).
    pub(crate) fn post(channel: ChannelId, out: Outgoing) -> Self {
        Answer {
            out,
            to: Place::Channel(channel),
            routes: vec![Route::Post {
                preface: None,
                ping: None,
            }],
        }
    }

    /// Posts `out` in `channel` as a reply to the message `to`, or as a plain post when
    /// Discord does not take the reply.
    pub(crate) fn reply(
        channel: ChannelId,
        to: MessageId,
        guild: Option<GuildId>,
        out: Outgoing,
    ) -> Self {
        let mut answer = Answer::post(channel, out);
        answer.routes.insert(0, Route::ReplyTo { to, guild });
        answer
    }

    /// Writes `out` to `user` directly, or posts it in `channel` when their DMs are closed.
    pub(crate) fn direct(user: UserId, channel: ChannelId, out: Outgoing) -> Self {
        let mut answer = Answer::post(channel, out);
        answer.routes.insert(0, Route::Direct { user });
        answer
    }
}

/// What became of an answer: the route that carried it, or none did.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Sent {
    By(Route),
    Lost,
}

/// Sends an answer: tries its routes in order and stops at the first that carries it.
pub(crate) async fn send(http: impl CacheHttp + Copy, answer: Answer<'_>) -> Sent {
    let Answer { out, to, routes } = answer;
    for route in routes {
        let carried = match (&route, to) {
            (Route::Post { preface, ping }, _) => {
                let prefaced = preface
                    .as_deref()
                    .map(|line| out.clone().preface(line, *ping));
                post(http, to.channel(), prefaced.as_ref().unwrap_or(&out), None).await
            }
            (Route::ReplyTo { to: message, guild }, _) => {
                let mut reference =
                    MessageReference::new(MessageReferenceKind::Default, to.channel())
                        .message_id(*message)
                        .fail_if_not_exists(false);
                if let Some(guild) = guild {
                    reference = reference.guild_id(*guild);
                }
                post(http, to.channel(), &out, Some(reference)).await
            }
            (Route::Direct { user }, _) => direct(http, *user, &out).await,
            (_, Place::Interaction(target)) => by_interaction(http, target, &out, &route).await,
            (_, Place::Channel(channel)) => {
                tracing::warn!(%channel, ?route, "an interaction's route for a channel's answer");
                false
            }
        };
        if carried {
            return Sent::By(route);
        }
        tracing::info!(?route, "a route did not carry an answer");
    }
    Sent::Lost
}

/// Sends the first message by an interaction's `route`, then the further pages as
/// follow-ups; true when the first got through.
async fn by_interaction(
    http: impl CacheHttp + Copy,
    target: Target<'_>,
    out: &Outgoing,
    route: &Route,
) -> bool {
    let sent = match route {
        Route::Respond => {
            let sent = retrying("answering an interaction", || {
                target.respond(http, CreateInteractionResponse::Message(out.response()))
            })
            .await;
            acknowledged(&sent)
        }
        Route::Edit => retrying("filling in a deferred answer", || {
            target.edit(http, out.edit())
        })
        .await
        .is_ok(),
        Route::ReplaceDeferral { public } => {
            remove_deferral(http, target, out.ephemeral && *public).await;
            followup(http, target, out).await
        }
        Route::FollowUp => followup(http, target, out).await,
        Route::Post { .. } | Route::ReplyTo { .. } | Route::Direct { .. } => false,
    };
    if sent {
        for page in out.more_followups() {
            let sent = retrying("sending the next page", || {
                target.followup(http, page.clone())
            })
            .await;
            if sent.is_err() {
                break;
            }
        }
    }
    sent
}

async fn followup(http: impl CacheHttp + Copy, target: Target<'_>, out: &Outgoing) -> bool {
    retrying("sending a follow-up", || {
        target.followup(http, out.followup())
    })
    .await
    .is_ok()
}

/// Removes a deferral a follow-up replaces; when it stays and would show `neutral`ly that
/// the answer went privately, it is closed with a line saying so.
async fn remove_deferral(http: impl CacheHttp + Copy, target: Target<'_>, neutral: bool) {
    let Err(e) = once(target.delete(http)).await else {
        return;
    };
    tracing::warn!(error = %e, "could not remove the deferred answer");
    if neutral {
        let closed = EditInteractionResponse::new().content(ANSWERED_PRIVATELY);
        if let Err(e) = once(target.edit(http, closed)).await {
            tracing::warn!(error = %e, "could not close the deferred answer either");
        }
    }
}

/// What a public deferral says when it could not be removed and the answer went privately.
const ANSWERED_PRIVATELY: &str = "(answered privately)";

/// Posts a public answer in `channel` (as a reply when there is a `reference`), then its
/// further pages; true when the first message got through. A private answer is not posted.
async fn post(
    http: impl CacheHttp + Copy,
    channel: ChannelId,
    out: &Outgoing,
    reference: Option<MessageReference>,
) -> bool {
    if out.ephemeral {
        return false;
    }
    let posted = retrying("posting in the channel", || {
        let message = out.message();
        channel.send_message(
            http,
            match &reference {
                Some(r) => message.reference_message(r.clone()),
                None => message,
            },
        )
    })
    .await;
    if posted.is_err() {
        return false;
    }
    more_pages(http, channel, out).await;
    true
}

/// Writes an answer to `user` in their direct messages, then its further pages; true when
/// the first message got through.
async fn direct(http: impl CacheHttp + Copy, user: UserId, out: &Outgoing) -> bool {
    let dm = match once(user.create_dm_channel(http)).await {
        Ok(dm) => dm.id,
        Err(e) => {
            tracing::info!(error = %e, %user, "could not open a direct message channel");
            return false;
        }
    };
    let sent = retrying("sending a direct message", || {
        dm.send_message(http, out.message())
    })
    .await;
    if sent.is_err() {
        return false;
    }
    more_pages(http, dm, out).await;
    true
}

/// Posts the further pages of a long text after its first message in `channel`; a page that
/// does not go through ends them (the first is there).
async fn more_pages(http: impl CacheHttp + Copy, channel: ChannelId, out: &Outgoing) {
    for page in out.more_messages() {
        let posted = retrying("posting the next page", || {
            channel.send_message(http, page.clone())
        })
        .await;
        if posted.is_err() {
            break;
        }
    }
}

/// Defers the answer to `target`, as private as `private` says; true when Discord took it.
pub(crate) async fn defer(http: impl CacheHttp + Copy, target: Target<'_>, private: bool) -> bool {
    let defer = CreateInteractionResponse::Defer(
        CreateInteractionResponseMessage::new().ephemeral(private),
    );
    let deferred = retrying("deferring an interaction", || {
        target.respond(http, defer.clone())
    })
    .await;
    acknowledged(&deferred)
}

/// Returns true when an interaction's answer reached Discord: it was taken, or Discord says
/// 40060 ("Interaction has already been acknowledged"). Only this process answers the
/// interaction, so then an earlier try of the same answer got through and its reply was lost
/// on the way back; falling back would show the answer twice.
fn acknowledged(sent: &serenity::Result<()>) -> bool {
    match sent {
        Ok(()) => true,
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)))
            if r.error.code == ALREADY_ACKNOWLEDGED =>
        {
            tracing::info!(
                "Discord had taken an answer whose reply was lost; not sending it again"
            );
            true
        }
        Err(_) => false,
    }
}

/// Discord's JSON error code for a second answer to one interaction.
const ALREADY_ACKNOWLEDGED: isize = 40060;
