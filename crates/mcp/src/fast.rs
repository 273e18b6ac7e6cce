//! The fast lane: a gated `tools/call` for a stdio upstream, carried from
//! the agent's client to the upstream and back as bytes, past rmcp.
//!
//! rmcp reads each request into types, runs its handler as a task with a
//! large future, then writes the result out again; for the cheapest calls
//! that cost the gateway more than the gate did. The lane takes a line
//! from the downstream transport ([`Intercept`]) only when it is sure the
//! call is one it carries exactly as [`GatewaySession`]'s own path would:
//!
//! - a `tools/call` after the handshake, with only `name`, `arguments` and
//!   `_meta` (hivegate's keys and `progressToken`) in its params;
//! - for an upstream tool whose connection passes raw calls (stdio);
//! - that the gate evaluates as `auto`: no human is needed. Evaluation is
//!   pure, and the lane records that same evaluation, so the decision
//!   audited is the one that chose the lane.
//!
//! Anything else is left to rmcp untouched. A call in the lane goes through
//! the same loop guard, the same gate record (committed before a call
//! that may change something runs, beside a read-only one, whose result
//! waits for it), the same elicitation relay and the same result cap; its
//! result passes to the client as the upstream wrote it.
//! `notifications/cancelled` for a call in the lane stops it, and no reply
//! is sent.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use hivegate_gate::{CallRequest, Evaluation};
use hivegate_policy::Verdict;
use hivegate_policy::loop_guard;
use rmcp::model::{JsonRpcVersion2_0, RequestId};
use rmcp::service::{Peer, RoleServer};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use tokio::sync::oneshot;

use crate::gateway::{
    GatewaySession, META_CONVERSATION, META_TOOLS, beside_record, not_decided, now_ms,
};
use crate::lines::{Intercept, LineSender};
use crate::raw_call::{RawResult, error_result};

/// `_meta` keys a call in the lane may carry; any other (per-request
/// client capabilities, say) leaves the call to rmcp.
const LANE_META: [&str; 3] = [
    "progressToken",
    META_CONVERSATION,
    crate::gateway::META_CONTEXT,
];

/// Calls in the lane, by request id, each with its cancel switch.
type Running = Mutex<HashMap<RequestId, (u64, oneshot::Sender<()>)>>;

/// The fast lane of one stdio session.
pub struct FastLane {
    session: GatewaySession,
    out: LineSender<RoleServer>,
    running: Arc<Running>,
    next: std::sync::atomic::AtomicU64,
}

impl FastLane {
    /// `out` queues lines on the downstream transport whose lines this
    /// lane is given.
    pub fn new(session: GatewaySession, out: LineSender<RoleServer>) -> FastLane {
        FastLane {
            session,
            out,
            running: Arc::default(),
            next: std::sync::atomic::AtomicU64::new(0),
        }
    }
}

#[derive(Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "jsonrpc")]
    _jsonrpc: JsonRpcVersion2_0,
    id: Option<RequestId>,
    #[serde(borrow)]
    method: Cow<'a, str>,
    #[serde(borrow)]
    params: Option<&'a RawValue>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CallParams {
    name: String,
    arguments: Option<Map<String, Value>>,
    #[serde(rename = "_meta")]
    meta: Option<Map<String, Value>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CancelParams {
    request_id: RequestId,
    #[serde(rename = "reason")]
    _reason: Option<IgnoredAny>,
}

impl Intercept for FastLane {
    fn take(&self, line: &[u8]) -> bool {
        let Some(peer) = self.session.peer.get() else {
            return false;
        };
        let Ok(m) = serde_json::from_slice::<Incoming<'_>>(line) else {
            return false;
        };
        match (&*m.method, m.id, m.params) {
            ("tools/call", Some(id), Some(params)) => self.call(peer, id, params),
            ("notifications/cancelled", None, Some(params)) => self.cancel(params),
            _ => false,
        }
    }
}

impl FastLane {
    /// Takes a call the lane can carry (see the module's doc).
    fn call(&self, peer: &Peer<RoleServer>, id: RequestId, params: &RawValue) -> bool {
        let Ok(p) = serde_json::from_str::<CallParams>(params.get()) else {
            return false;
        };
        let meta = p.meta.unwrap_or_default();
        // Peer info exists only after an `initialize` handshake: a session
        // on a protocol without one carries its client's capabilities in
        // each request, which rmcp reads.
        let Some(client) = peer.peer_info() else {
            return false;
        };
        if META_TOOLS.contains(&p.name.as_str())
            || meta.keys().any(|k| !LANE_META.contains(&k.as_str()))
        {
            return false;
        }
        let index = self.session.gw.runtime.index();
        let Some(tool) = index.get(&p.name).filter(|t| t.passes_raw()) else {
            return false;
        };
        let conversation = self
            .session
            .conversation_named(meta.get(META_CONVERSATION).and_then(Value::as_str));
        let args = Value::Object(p.arguments.unwrap_or_default());
        let req = self
            .session
            .request(&p.name, args, &conversation, Some(tool));
        let now = now_ms();
        let evaluation = self.session.gw.gate.evaluate(&req, now);
        if evaluation.decision.decision != Verdict::Auto {
            return false;
        }
        let relay_peer = client
            .capabilities
            .elicitation
            .is_some()
            .then(|| peer.clone());
        let (stop, stopped) = oneshot::channel();
        let mark = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if let Ok(mut r) = self.running.lock() {
            r.insert(id.clone(), (mark, stop));
        }
        let (session, out, running) = (
            self.session.clone(),
            self.out.clone(),
            Arc::clone(&self.running),
        );
        tokio::spawn(async move {
            // Boxed: the task then holds a pointer, not the call's whole
            // state, which tokio would otherwise copy as it spawns, stores
            // and finishes the task (6 % of the gateway's CPU).
            let run = Box::pin(session.run_in_lane(req, evaluation, now, relay_peer));
            let result = tokio::select! {
                r = run => Some(r),
                Ok(()) = stopped => None,
            };
            if let Ok(mut r) = running.lock()
                && r.get(&id).is_some_and(|(m, _)| *m == mark)
            {
                r.remove(&id);
            }
            if let Some(result) = result
                && out.send(reply_line(&id, &result)).await.is_err()
            {
                tracing::debug!("the client went away before a call's result");
            }
        });
        true
    }

    /// Stops a call in the lane; a cancellation for any other request is
    /// rmcp's.
    fn cancel(&self, params: &RawValue) -> bool {
        let Ok(p) = serde_json::from_str::<CancelParams>(params.get()) else {
            return false;
        };
        let Some((_, stop)) = self
            .running
            .lock()
            .ok()
            .and_then(|mut r| r.remove(&p.request_id))
        else {
            return false;
        };
        let _ = stop.send(());
        true
    }
}

impl GatewaySession {
    /// A call in the lane, after the gate evaluated it `auto`: loop guard,
    /// the gate's record (which a read-only call does not wait for, see
    /// [`beside_record`]), the upstream call as bytes, the loop guard told
    /// how it went.
    async fn run_in_lane(
        &self,
        req: CallRequest,
        evaluation: Evaluation,
        now: i64,
        peer: Option<Peer<RoleServer>>,
    ) -> RawResult {
        let conversation = req.session.clone().unwrap_or_default();
        let hash = loop_guard::args_hash(&req.args);
        if let Err(message) = self.guard(&conversation, &req.tool, hash).await {
            return error_result(&message);
        }
        let relay = self.relay_to(&req.tool, &conversation, peer);
        let empty = Map::new();
        let args = req.args.as_object().unwrap_or(&empty);
        let ran = if evaluation.may_run_beside_its_record(&req) {
            let record = self.gw.gate.record(&req, evaluation, now);
            let run = self.gw.runtime.call_raw(&req.tool, args, Some(relay));
            beside_record(record, run).await
        } else {
            match self.gw.gate.record(&req, evaluation, now).await {
                Ok(d) if d.decision.decision == Verdict::Auto => {
                    Ok(self.gw.runtime.call_raw(&req.tool, args, Some(relay)).await)
                }
                // Recording cannot change an evaluation; if it ever did, the
                // call does not run.
                Ok(_) => return error_result("the gate's decision changed; the call did not run"),
                Err(e) => return error_result(&not_decided(&e)),
            }
        };
        let result = match ran {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => error_result(&e.to_string()),
            Err(why) => error_result(&why),
        };
        let ok = !result.is_error;
        self.ran(&conversation, &req.tool, hash, ok);
        result
    }
}

/// The JSON-RPC response carrying `result` for request `id`.
fn reply_line(id: &RequestId, result: &RawResult) -> Vec<u8> {
    let mut line = Vec::with_capacity(result.json.len() + 48);
    line.extend_from_slice(br#"{"jsonrpc":"2.0","id":"#);
    // A request id (a string or a number) always serializes.
    let _ = serde_json::to_writer(&mut line, id);
    line.extend_from_slice(br#","result":"#);
    line.extend_from_slice(result.json.as_bytes());
    line.push(b'}');
    line
}
