//! Answering an interaction with a table reply within Discord's 3-second limit: a quick answer
//! goes out directly (private or public as the reply says); slow work is deferred first and
//! filled in later (by a new follow-up message when it pings someone, since Discord notifies
//! nobody mentioned in an edit). When Discord refuses the answer to a command that changed a game, the
//! result is posted in the channel instead, so the players learn what happened.

use std::future::Future;

use tracing::Instrument as _;

use poise::serenity_prelude as serenity;

use crate::table::Reply;

use super::Data;
use super::answer::{Answer, Place, Route, Sent, Target, defer, send};
use super::post::Outgoing;

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
        let notice = Reply::private(super::waiting::notice(&missing));
        let told = Answer {
            out: Outgoing::new(&notice),
            to: Place::Interaction(target),
            routes: vec![Route::FollowUp],
        };
        if send(ctx, told).await == Sent::Lost {
            tracing::warn!("could not tell that a bot turn waits");
        }
    }
}

async fn answer_now(ctx: &serenity::Context, target: Target<'_>, reply: &Reply) {
    let out = Outgoing::new(reply);
    deliver(ctx, Answer::interaction(target, out, Some(Route::Respond))).await;
}

async fn answer_later(
    ctx: &serenity::Context,
    target: Target<'_>,
    private_hint: bool,
    work: impl Future<Output = Reply>,
) {
    // The work goes on while Discord takes the deferral: paused across that call, it could
    // hold a database transaction open for as long as Discord is slow.
    let (deferred, reply) = tokio::join!(defer(ctx, target, private_hint), work);
    let out = Outgoing::new(&reply);
    // Discord notifies mentions only in created messages, never in an edit (discord-api-docs
    // #5497): a reply that pings must be a follow-up, not the edit of the deferral; so must
    // one whose visibility is not the one the deferral promised.
    let route = if !deferred {
        None
    } else if out.ephemeral == private_hint && reply.ping.is_empty() {
        Some(Route::Edit)
    } else {
        Some(Route::ReplaceDeferral {
            public: !private_hint,
        })
    };
    deliver(ctx, Answer::interaction(target, out, route)).await;
}

/// Sends an interaction's answer, logging it when no route carried it.
async fn deliver(ctx: &serenity::Context, answer: Answer<'_>) {
    let (private, channel) = (answer.out.ephemeral, answer.to.channel());
    if send(ctx, answer).await == Sent::Lost {
        if private {
            tracing::warn!("a private answer could not be delivered");
        } else {
            tracing::error!(%channel, "a reply was lost");
        }
    }
}
