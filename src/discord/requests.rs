//! Counting every request the bot makes to Discord by what it was made for. Each piece of
//! work that may call Discord runs labelled: every gateway event under its kind (a slash
//! command under its name, `button`, `autocomplete`, `typed move`), and the background loops
//! as `bot turn`, `reminder` or `notice`. serenity has no hook per HTTP request, so each
//! request counts itself where it is made: every try inside [`retrying`](super::retry::retrying)
//! and each single call through [`once`], under the label of the work around it (a task-local,
//! so helpers need no extra argument and a request cannot be counted under another command's
//! name). The counters are the table's (see [`crate::table::Requests`]).

use std::borrow::Cow;
use std::future::Future;

use poise::serenity_prelude as serenity;
use serenity::{FullEvent, Interaction};

use crate::table::{RequestOutcome as Outcome, Requests};

use super::{Data, Error};

tokio::task_local! {
    /// Where the current work's requests are counted, and under which kind.
    static LABEL: Label;
}

#[derive(Clone)]
struct Label {
    requests: Requests,
    kind: Cow<'static, str>,
}

/// Runs `work` with its requests to Discord counted in `requests` as `kind`.
pub(crate) async fn labelled<F: Future>(
    requests: Requests,
    kind: impl Into<Cow<'static, str>>,
    work: F,
) -> F::Output {
    let label = Label {
        requests,
        kind: kind.into(),
    };
    LABEL.scope(label, work).await
}

/// Runs `work` with its requests counted as `kind`, in the counters of the work around it.
pub(crate) async fn relabelled<F: Future>(kind: &'static str, work: F) -> F::Output {
    match LABEL.try_with(|l| l.requests.clone()) {
        Ok(requests) => labelled(requests, kind, work).await,
        Err(_) => work.await,
    }
}

/// Counts one request of the current work that ended as `outcome`.
fn count(outcome: Outcome) {
    let counted = LABEL.try_with(|l| l.requests.count(&l.kind, outcome));
    if counted.is_err() {
        tracing::warn!("a request to Discord was made outside any counted work");
    }
}

/// Counts one try of a request by its error (`None`: it succeeded); `again` says whether a
/// failure is tried again. An error serenity raises before sending anything (a check of the
/// message against Discord's rules) is no request.
pub(crate) fn tried(error: Option<&serenity::Error>, again: bool) {
    match error {
        None => count(Outcome::Ok),
        Some(serenity::Error::Model(_)) => {}
        Some(_) if again => count(Outcome::Retried),
        Some(_) => count(Outcome::Failed),
    }
}

/// Sends a request that is not tried again, counting it.
pub(crate) async fn once<T>(
    request: impl Future<Output = serenity::Result<T>>,
) -> serenity::Result<T> {
    let result = request.await;
    tried(result.as_ref().err(), false);
    result
}

/// Counts the suggestions an autocomplete callback is about to return: poise sends them as
/// the interaction's answer right after the callback and only logs a failure, so the answer
/// is counted as sent.
pub(crate) fn autocomplete_answered() {
    count(Outcome::Ok);
}

/// poise's framework, with the work of every event it dispatches counted under the event's
/// kind (see [`kind_of`]).
pub(crate) struct Counted {
    inner: poise::Framework<Data, Error>,
    requests: Requests,
    /// The names of the slash commands, the only names a command is counted under.
    commands: Vec<String>,
}

impl Counted {
    /// Wraps `inner`, counting in `requests`.
    pub(crate) fn new(inner: poise::Framework<Data, Error>, requests: Requests) -> Counted {
        let commands = inner
            .options()
            .commands
            .iter()
            .map(|c| c.name.to_string())
            .collect();
        Counted {
            inner,
            requests,
            commands,
        }
    }
}

#[::serenity::async_trait]
impl serenity::Framework for Counted {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: FullEvent) {
        let kind = kind_of(&event, &self.commands);
        labelled(self.requests.clone(), kind, self.inner.dispatch(ctx, event)).await;
    }
}

/// Names what an event's requests are for: a slash command by its name (a name this build
/// does not register as `unknown command`), `button` for buttons and select menus,
/// `autocomplete`, `typed move` for a message, `start` for READY (the command registration),
/// `catch-up` for RESUMED, and `event` for the rest (which send nothing).
fn kind_of(event: &FullEvent, commands: &[String]) -> Cow<'static, str> {
    match event {
        FullEvent::InteractionCreate { interaction } => match interaction {
            Interaction::Command(c) if commands.contains(&c.data.name) => {
                Cow::Owned(c.data.name.clone())
            }
            Interaction::Command(_) => Cow::Borrowed("unknown command"),
            Interaction::Autocomplete(_) => Cow::Borrowed("autocomplete"),
            Interaction::Component(_) => Cow::Borrowed("button"),
            _ => Cow::Borrowed("interaction"),
        },
        FullEvent::Message { .. } => Cow::Borrowed("typed move"),
        FullEvent::Ready { .. } => Cow::Borrowed("start"),
        FullEvent::Resume { .. } => Cow::Borrowed("catch-up"),
        _ => Cow::Borrowed("event"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failed request (its kind does not matter to the count).
    fn failure() -> serenity::Error {
        serenity::Error::Other("the connection broke")
    }

    #[tokio::test]
    async fn each_try_counts_under_the_label_of_the_work_around_it() {
        let requests = Requests::default();
        labelled(requests.clone(), "move", async {
            tried(None, false);
            tried(Some(&failure()), true);
            relabelled("bot turn", async {
                once(async { Err::<(), _>(failure()) }).await.ok();
            })
            .await;
            // A message serenity refuses before sending is no request.
            let refused = serenity::Error::Model(serenity::ModelError::MessageTooLong(1));
            tried(Some(&refused), false);
        })
        .await;
        let by_kind = requests.by_kind();
        assert_eq!((by_kind["move"].ok, by_kind["move"].retried), (1, 1));
        assert_eq!(by_kind["move"].failed, 0);
        assert_eq!(by_kind["bot turn"].failed, 1);
        assert_eq!(requests.total(), 3);
        // Outside any labelled work nothing is counted (and a warning is logged).
        tried(None, false);
        assert_eq!(requests.total(), 3);
    }
}
