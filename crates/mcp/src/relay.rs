//! An upstream's elicitation requests, passed to whoever can answer them.
//!
//! An upstream server may ask its client for input in the middle of a
//! `tools/call` (`elicitation/create`). hivegate is that client, but the
//! human is behind the agent's client, so the request goes there. stdio
//! and HTTP upstreams do not say which call a request belongs to; it is
//! passed on only when exactly one call to that server is in flight, whose
//! caller registered a [`ElicitRelay`]. Otherwise nobody can be asked and the
//! answer is `cancel`: never an accept that no human gave. The relays of
//! the calls it may have belonged to are told, so the gateway's audit
//! shows that a question went unasked, and why. While a person answers,
//! the call's clock stops (`CallClock`): its time limit is for the
//! server, and the person gets up to [`MAX_HUMAN_WAIT`] more.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction};
use serde_json::{Map, Value};

/// Answers one upstream's elicitation request for the call it was made in.
pub trait ElicitRelay: Send + Sync {
    /// `server` is the upstream's configured name; show it to the human.
    fn elicit(&self, server: &str, request: ElicitRequestParams) -> BoxFuture<'_, ElicitResult>;

    /// Told when `server` asked during this relay's call but could not be
    /// put to anyone (`why`); the server was answered `cancel`. For the
    /// record only.
    fn unanswered(&self, _server: &str, _why: &'static str) -> BoxFuture<'_, ()> {
        Box::pin(std::future::ready(()))
    }
}

/// The longest a call waits for humans answering its upstream's forms,
/// beyond its own time limit.
pub const MAX_HUMAN_WAIT: Duration = Duration::from_secs(600);

/// A call's running time, less the time a human spent on its upstream's
/// forms: the call's limit is for the server, not for the person.
#[derive(Default)]
pub(crate) struct CallClock {
    inner: Mutex<Paused>,
}

#[derive(Default)]
struct Paused {
    total: Duration,
    since: Option<Instant>,
}

impl CallClock {
    fn pause(&self) {
        if let Ok(mut p) = self.inner.lock() {
            p.since.get_or_insert_with(Instant::now);
        }
    }

    fn resume(&self) {
        if let Ok(mut p) = self.inner.lock()
            && let Some(since) = p.since.take()
        {
            p.total += since.elapsed();
        }
    }

    /// Time spent waiting for humans so far, the current wait included.
    fn human(&self) -> Duration {
        self.inner.lock().map_or(Duration::ZERO, |p| {
            p.total + p.since.map_or(Duration::ZERO, |s| s.elapsed())
        })
    }

    /// How long to wait before looking again, or None when the call is out
    /// of time: its own `limit`, or [`MAX_HUMAN_WAIT`] of human time.
    pub(crate) fn remaining(&self, started: Instant, limit: Duration) -> Option<Duration> {
        let human = self.human();
        let own = started.elapsed().saturating_sub(human);
        if own >= limit || human >= MAX_HUMAN_WAIT {
            return None;
        }
        Some(
            (limit - own)
                .min(MAX_HUMAN_WAIT - human)
                .max(Duration::from_millis(50)),
        )
    }
}

/// Where an upstream's elicitation request goes.
pub(crate) enum Route {
    /// The only call in flight gave this relay; its clock stops while a
    /// human answers.
    Ask(Arc<dyn ElicitRelay>, Arc<CallClock>),
    /// Nobody is asked; the relays of the calls it may belong to are told.
    Cancel {
        tell: Vec<Arc<dyn ElicitRelay>>,
        why: &'static str,
    },
}

/// The calls in flight on one connection, each with its caller's relay.
#[derive(Default)]
pub(crate) struct InFlight {
    inner: Mutex<Calls>,
}

#[derive(Default)]
struct Calls {
    next: u64,
    calls: BTreeMap<u64, Call>,
}

struct Call {
    relay: Option<Arc<dyn ElicitRelay>>,
    clock: Arc<CallClock>,
}

/// Removes its call from the set when the call ends, however it ends.
pub(crate) struct CallGuard<'a> {
    set: &'a InFlight,
    id: u64,
    pub(crate) clock: Arc<CallClock>,
}

impl Drop for CallGuard<'_> {
    fn drop(&mut self) {
        if let Ok(mut c) = self.set.inner.lock() {
            c.calls.remove(&self.id);
        }
    }
}

impl InFlight {
    pub(crate) fn begin(&self, relay: Option<Arc<dyn ElicitRelay>>) -> CallGuard<'_> {
        let clock = Arc::new(CallClock::default());
        let id = match self.inner.lock() {
            Ok(mut c) => {
                c.next += 1;
                let id = c.next;
                let clock = Arc::clone(&clock);
                c.calls.insert(id, Call { relay, clock });
                id
            }
            // A poisoned set holds nothing usable: the call proceeds and
            // any elicitation during it is cancelled.
            Err(_) => 0,
        };
        CallGuard {
            set: self,
            id,
            clock,
        }
    }

    /// Whom to ask: the only call in flight's relay, if it gave one.
    pub(crate) fn route(&self) -> Route {
        let cancel = |tell, why| Route::Cancel { tell, why };
        let Ok(c) = self.inner.lock() else {
            return cancel(
                Vec::new(),
                "hivegate's record of calls in flight is unusable",
            );
        };
        let mut calls = c.calls.values();
        match (calls.next(), calls.next()) {
            (Some(call), None) => match &call.relay {
                Some(relay) => Route::Ask(Arc::clone(relay), Arc::clone(&call.clock)),
                None => cancel(Vec::new(), "the caller gave no way to ask"),
            },
            (None, _) => cancel(Vec::new(), "no call to this server was in flight"),
            (Some(_), Some(_)) => cancel(
                c.calls.values().filter_map(|c| c.relay.clone()).collect(),
                "several calls to this server were in flight, and which one asked is unknown",
            ),
        }
    }
}

/// Asks `relay` with `clock` stopped: a person's thinking time is not the
/// server's. The clock runs again however the asking ends, a request the
/// server cancels (and so drops) included.
pub(crate) async fn ask_paused(
    relay: &dyn ElicitRelay,
    clock: &CallClock,
    server: &str,
    request: ElicitRequestParams,
) -> ElicitResult {
    struct Resume<'a>(&'a CallClock);
    impl Drop for Resume<'_> {
        fn drop(&mut self) {
            self.0.resume();
        }
    }
    clock.pause();
    let _resume = Resume(clock);
    relay.elicit(server, request).await
}

/// The answer when nobody can be asked.
pub fn cancelled() -> ElicitResult {
    ElicitResult::new(ElicitationAction::Cancel)
}

/// Accepts every form with the defaults its schema gives (SEP-1034) and
/// nothing else: what `hivegate mcp probe --elicit defaults` answers, for
/// testing an upstream without a human.
pub struct AcceptDefaults;

impl ElicitRelay for AcceptDefaults {
    fn elicit(&self, _server: &str, request: ElicitRequestParams) -> BoxFuture<'_, ElicitResult> {
        let result = match request {
            ElicitRequestParams::FormElicitationParams {
                requested_schema, ..
            } => {
                let schema = serde_json::to_value(&requested_schema).unwrap_or(Value::Null);
                ElicitResult::new(ElicitationAction::Accept)
                    .with_content(Value::Object(schema_defaults(&schema)))
            }
            // A URL form needs a person at a browser.
            _ => cancelled(),
        };
        Box::pin(std::future::ready(result))
    }
}

/// `{property: default}` for every property of a form schema with one.
pub fn schema_defaults(schema: &Value) -> Map<String, Value> {
    schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|props| {
            props
                .iter()
                .filter_map(|(k, p)| Some((k.clone(), p.get("default")?.clone())))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    struct Fixed;
    impl ElicitRelay for Fixed {
        fn elicit(&self, _: &str, _: ElicitRequestParams) -> BoxFuture<'_, ElicitResult> {
            Box::pin(std::future::ready(ElicitResult::new(
                ElicitationAction::Decline,
            )))
        }
    }

    fn told(route: Route) -> Option<(usize, &'static str)> {
        match route {
            Route::Ask(..) => None,
            Route::Cancel { tell, why } => Some((tell.len(), why)),
        }
    }

    #[test]
    fn only_a_sole_call_with_a_relay_is_asked() {
        let set = InFlight::default();
        assert_eq!(told(set.route()).unwrap().0, 0, "no call in flight");
        let a = set.begin(Some(Arc::new(Fixed)));
        assert!(told(set.route()).is_none());
        let b = set.begin(Some(Arc::new(Fixed)));
        let (n, why) = told(set.route()).unwrap();
        assert_eq!(n, 2, "two calls: whose is it? both are told");
        assert!(why.contains("several calls"));
        drop(a);
        assert!(told(set.route()).is_none());
        drop(b);
        let _c = set.begin(None);
        assert_eq!(
            told(set.route()),
            Some((0, "the caller gave no way to ask"))
        );
    }

    #[test]
    fn a_paused_clock_does_not_count_the_human() {
        let clock = CallClock::default();
        let limit = Duration::from_millis(1000);
        let started = Instant::now() - Duration::from_millis(500);
        assert!(clock.remaining(started, limit).is_some());
        clock.pause();
        std::thread::sleep(Duration::from_millis(600));
        // 1.1 s since the start, 0.6 s of them a human's: the call has
        // used 0.5 s of its own.
        assert!(clock.remaining(started, limit).is_some());
        clock.resume();
        assert!(clock.human() >= Duration::from_millis(600));
        std::thread::sleep(Duration::from_millis(600));
        assert!(
            clock.remaining(started, limit).is_none(),
            "1.1 s of its own"
        );
        // A human cannot hold a call forever.
        let stuck = CallClock::default();
        if let Ok(mut p) = stuck.inner.lock() {
            p.total = MAX_HUMAN_WAIT;
        }
        assert!(stuck.remaining(Instant::now(), limit).is_none());
    }

    #[tokio::test]
    async fn a_dropped_question_restarts_the_clock() {
        struct Never;
        impl ElicitRelay for Never {
            fn elicit(&self, _: &str, _: ElicitRequestParams) -> BoxFuture<'_, ElicitResult> {
                Box::pin(std::future::pending())
            }
        }
        let clock = CallClock::default();
        let request: ElicitRequestParams = serde_json::from_value(json!({
            "mode": "form", "message": "?", "requestedSchema": {"type": "object", "properties": {}}
        }))
        .unwrap();
        let asking = ask_paused(&Never, &clock, "s", request);
        let timed_out = tokio::time::timeout(Duration::from_millis(20), asking).await;
        assert!(timed_out.is_err());
        let paused_for = clock.human();
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(clock.human(), paused_for, "the clock runs again");
    }

    #[test]
    fn defaults_come_from_the_schema_only() {
        let schema = json!({"type": "object", "properties": {
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "nick": {"type": "string"}}});
        assert_eq!(
            Value::Object(schema_defaults(&schema)),
            json!({"name": "John Doe", "age": 30})
        );
        assert!(schema_defaults(&json!("not a schema")).is_empty());
        assert!(schema_defaults(&json!({"properties": []})).is_empty());
    }
}
