//! Answering an interaction with a table reply within Discord's 3-second limit: a quick answer
//! goes out directly (private or public as the reply says); slow work is deferred first and
//! filled in later (by a new follow-up message when it pings someone, since Discord notifies
//! nobody mentioned in an edit). When Discord refuses the answer to a command that changed a game, the
//! result is posted in the channel instead, so the players learn what happened.

use std::future::Future;

use tracing::Instrument as _;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    UserId,
};

use crate::table::Reply;

use super::Data;
use super::post::Outgoing;
use super::retry::retrying;

/// The interaction being answered: a slash command or a button click.
#[derive(Clone, Copy)]
pub(crate) enum Target<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Target<'_> {
    fn channel(self) -> ChannelId {
        match self {
            Target::Command(i) => i.channel_id,
            Target::Component(i) => i.channel_id,
        }
    }

    fn user(self) -> UserId {
        match self {
            Target::Command(i) => i.user.id,
            Target::Component(i) => i.user.id,
        }
    }

    async fn respond(
        self,
        ctx: &serenity::Context,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_response(ctx, response).await,
            Target::Component(i) => i.create_response(ctx, response).await,
        }
    }

    async fn edit(
        self,
        ctx: &serenity::Context,
        edit: EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.edit_response(ctx, edit).await,
            Target::Component(i) => i.edit_response(ctx, edit).await,
        }
    }

    async fn followup(
        self,
        ctx: &serenity::Context,
        followup: CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.create_followup(ctx, followup).await,
            Target::Component(i) => i.create_followup(ctx, followup).await,
        }
    }

    async fn delete(self, ctx: &serenity::Context) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.delete_response(ctx).await,
            Target::Component(i) => i.delete_response(ctx).await,
        }
    }
}

/// Answers `target` with the reply `work` produces, deferring when it takes longer than
/// `defer_after` (zero: always); `private_hint` says whether a deferred answer most likely ends up private.
/// While the process is stopping, or while the table's bound on commands in flight is
/// reached, the work is not started and the person is told to try again.
/// All of it runs in the interaction's span, with its timings (see [`super::status`]).
pub(crate) async fn answer(
    ctx: &serenity::Context,
    target: Target<'_>,
    data: &Data,
    private_hint: bool,
    work: impl Future<Output = Reply>,
) {
    let span = super::status::interaction_span(target, &data.table);
    let table_work = std::sync::Arc::new(std::sync::Mutex::new(None));
    let work = super::status::timed_work(work, span.clone(), std::sync::Arc::clone(&table_work));
    let started = std::time::Instant::now();
    answer_in_span(ctx, target, data, private_hint, work)
        .instrument(span.clone())
        .await;
    let took = *table_work.lock().unwrap_or_else(|p| p.into_inner());
    super::status::answered(&span, started, took);
    data.table.metrics().interaction_took(started.elapsed());
}

/// The body of [`answer`], run inside the interaction's span.
async fn answer_in_span(
    ctx: &serenity::Context,
    target: Target<'_>,
    data: &Data,
    private_hint: bool,
    work: impl Future<Output = Reply>,
) {
    let _pass = match data.gate.enter() {
        Ok(pass) => pass,
        Err(_turned_away) => {
            answer_now(ctx, target, &Reply::private(super::gate::STOPPING)).await;
            return;
        }
    };
    // Beyond the bound on commands in flight the person is told at once, privately, that
    // nothing was played; an admitted command is answered in time below (deferred when slow).
    let _in_flight = match data.table.admit() {
        Ok(in_flight) => in_flight,
        Err(busy) => {
            tracing::info!("turned away: too many commands in flight");
            answer_now(ctx, target, &busy.reply()).await;
            return;
        }
    };
    let defer_after = data.defer_after;
    let channel = target.channel().to_string();
    // The turn a reply announces has its moves made ready for autocomplete at once.
    // A bot turn here that waits for a permission is told privately: in a private answer
    // itself, else in a private follow-up (neither needs a permission in the channel).
    let told = std::sync::atomic::AtomicBool::new(false);
    let work = async {
        let mut reply = work.await;
        data.ready.warm(&data.table, &channel, &reply);
        if reply.private
            && let Some(missing) = data.waiting.in_channel(target.channel())
        {
            reply.text.push_str("\n\n");
            reply.text.push_str(&super::waiting::notice(&missing));
            told.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        reply
    };
    let mut work = std::pin::pin!(work);
    let quick = if defer_after.is_zero() {
        None
    } else {
        tokio::select! {
            reply = &mut work => Some(reply),
            () = tokio::time::sleep(defer_after) => None,
        }
    };
    match quick {
        Some(reply) => answer_now(ctx, target, &reply).await,
        None => answer_later(ctx, target, private_hint, work).await,
    }
    if !told.load(std::sync::atomic::Ordering::Relaxed)
        && let Some(missing) = data.waiting.in_channel(target.channel())
    {
        let told = CreateInteractionResponseFollowup::new()
            .content(super::waiting::notice(&missing))
            .ephemeral(true);
        let sent = retrying("telling that a bot turn waits", || {
            target.followup(ctx, told.clone())
        })
        .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, "could not tell that a bot turn waits");
        }
    }
}

async fn answer_now(ctx: &serenity::Context, target: Target<'_>, reply: &Reply) {
    let out = Outgoing::new(reply);
    let sent = retrying("answering an interaction", || {
        target.respond(ctx, CreateInteractionResponse::Message(out.response()))
    })
    .await;
    if acknowledged(&sent) {
        send_more(ctx, target, &out).await;
    } else {
        fall_back(ctx, target, out).await;
    }
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

/// Sends the further pages of a long answer as follow-ups, as private as the first.
async fn send_more(ctx: &serenity::Context, target: Target<'_>, out: &Outgoing) {
    for page in out.more_followups() {
        let sent = retrying("sending the next page", || {
            target.followup(ctx, page.clone())
        })
        .await;
        if sent.is_err() {
            return;
        }
    }
}

async fn answer_later(
    ctx: &serenity::Context,
    target: Target<'_>,
    private_hint: bool,
    work: impl Future<Output = Reply>,
) {
    let defer = CreateInteractionResponse::Defer(
        CreateInteractionResponseMessage::new().ephemeral(private_hint),
    );
    // The work goes on while Discord takes the deferral: paused across that call, it could
    // hold a database transaction open for as long as Discord is slow.
    let deferring = async {
        let deferred = retrying("deferring an interaction", || {
            target.respond(ctx, defer.clone())
        })
        .await;
        acknowledged(&deferred)
    };
    let (deferred, reply) = tokio::join!(deferring, work);
    let out = Outgoing::new(&reply);
    if !deferred {
        fall_back(ctx, target, out).await;
        return;
    }
    // Discord notifies mentions only in created messages, never in an edit (discord-api-docs
    // #5497): a reply that pings must be a follow-up, not the edit of the deferral.
    let sent = if out.ephemeral == private_hint && reply.ping.is_empty() {
        retrying("filling in a deferred answer", || {
            target.edit(ctx, out.edit())
        })
        .await
        .map(drop)
    } else {
        // The deferral promised the other visibility, or the reply pings: replace the
        // deferral with a follow-up. A public deferral that cannot be removed is closed with
        // a neutral line, never with a private answer's text.
        if let Err(e) = super::requests::once(target.delete(ctx)).await {
            tracing::warn!(error = %e, "could not remove the deferred answer");
            if out.ephemeral && !private_hint {
                let neutral = EditInteractionResponse::new().content(ANSWERED_PRIVATELY);
                if let Err(e) = super::requests::once(target.edit(ctx, neutral)).await {
                    tracing::warn!(error = %e, "could not close the deferred answer either");
                }
            }
        }
        retrying("sending a follow-up", || {
            target.followup(ctx, out.followup())
        })
        .await
        .map(drop)
    };
    match sent {
        Ok(()) => send_more(ctx, target, &out).await,
        Err(_) => fall_back(ctx, target, out).await,
    }
}

/// What a public deferral says when it could not be removed and the answer went privately.
const ANSWERED_PRIVATELY: &str = "(answered privately)";

/// Posts a public reply in the channel when the interaction could not carry it; a private
/// one (an error or a hint) is only logged, since showing it to everyone would be worse.
async fn fall_back(ctx: &serenity::Context, target: Target<'_>, out: Outgoing) {
    if out.ephemeral {
        tracing::warn!("a private answer could not be delivered");
        return;
    }
    let user = target.user();
    let out = out.preface(
        &format!("<@{user}>, Discord did not take my answer to your command, so here it is:"),
        Some(user),
    );
    let posted = retrying("posting in the channel", || {
        target.channel().send_message(ctx, out.message())
    })
    .await;
    if let Err(e) = posted {
        tracing::error!(error = %e, channel = %target.channel(), "a reply was lost");
        return;
    }
    for page in out.more_messages() {
        let posted = retrying("posting the next page", || {
            target.channel().send_message(ctx, page.clone())
        })
        .await;
        if posted.is_err() {
            return;
        }
    }
}
