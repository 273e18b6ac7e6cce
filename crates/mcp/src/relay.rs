//! An upstream's elicitation requests, passed to whoever can answer them.
//!
//! An upstream server may ask its client for input in the middle of a
//! `tools/call` (`elicitation/create`). hivegate is that client, but the
//! human is behind the agent's client, so the request goes there. stdio
//! and HTTP upstreams do not say which call a request belongs to; it is
//! passed on only when exactly one call to that server is in flight, whose
//! caller registered a [`ElicitRelay`]. Otherwise nobody can be asked and the
//! answer is `cancel`: never an accept that no human gave.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction};
use serde_json::{Map, Value};

/// Answers one upstream's elicitation request for the call it was made in.
pub trait ElicitRelay: Send + Sync {
    /// `server` is the upstream's configured name; show it to the human.
    fn elicit(&self, server: &str, request: ElicitRequestParams) -> BoxFuture<'_, ElicitResult>;
}

/// The calls in flight on one connection, each with its caller's relay.
#[derive(Default)]
pub(crate) struct InFlight {
    inner: Mutex<Calls>,
}

#[derive(Default)]
struct Calls {
    next: u64,
    calls: BTreeMap<u64, Option<Arc<dyn ElicitRelay>>>,
}

/// Removes its call from the set when the call ends, however it ends.
pub(crate) struct CallGuard<'a> {
    set: &'a InFlight,
    id: u64,
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
        let id = match self.inner.lock() {
            Ok(mut c) => {
                c.next += 1;
                let id = c.next;
                c.calls.insert(id, relay);
                id
            }
            // A poisoned set holds nothing usable: the call proceeds and
            // any elicitation during it is cancelled.
            Err(_) => 0,
        };
        CallGuard { set: self, id }
    }

    /// The relay to ask: the only call in flight's, if it gave one.
    pub(crate) fn sole_relay(&self) -> Option<Arc<dyn ElicitRelay>> {
        let c = self.inner.lock().ok()?;
        let mut calls = c.calls.values();
        match (calls.next(), calls.next()) {
            (Some(Some(relay)), None) => Some(Arc::clone(relay)),
            _ => None,
        }
    }
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

    #[test]
    fn only_a_sole_call_with_a_relay_is_asked() {
        let set = InFlight::default();
        assert!(set.sole_relay().is_none(), "no call in flight");
        let a = set.begin(Some(Arc::new(Fixed)));
        assert!(set.sole_relay().is_some());
        let b = set.begin(Some(Arc::new(Fixed)));
        assert!(set.sole_relay().is_none(), "two calls: whose is it?");
        drop(a);
        assert!(set.sole_relay().is_some());
        drop(b);
        let _c = set.begin(None);
        assert!(set.sole_relay().is_none(), "the caller gave no relay");
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
