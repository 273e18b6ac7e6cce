//! `tools/call` to a stdio upstream as bytes: the request is written as one
//! line, and the reply's line is matched by its id and handed back whole,
//! so the result can pass to the agent's client without being read into
//! types and written out again. The ids are strings (`hivegate:N`); rmcp's
//! own requests on the same connection use numbers, so the two never meet.
//!
//! A reply is still checked before it is passed on: it must be JSON-RPC
//! with a result that is a completed tool result (an input request or a
//! task is not), or an error; and a result over the cap is replaced by an
//! error result saying so. Content blocks pass as the server wrote them.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::model::{NumberOrString, RequestId};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use tokio::sync::oneshot;

use crate::lines::Intercept;
use crate::upstream::UpstreamError;

const ID_PREFIX: &str = "hivegate:";

/// Raw calls on one connection that wait for their reply line.
#[derive(Default)]
pub struct RawCalls {
    next: AtomicU64,
    /// None once the stream has ended: no reply can come any more.
    pending: Mutex<Option<HashMap<u64, oneshot::Sender<Vec<u8>>>>>,
}

impl RawCalls {
    pub(crate) fn new() -> RawCalls {
        RawCalls {
            next: AtomicU64::new(1),
            pending: Mutex::new(Some(HashMap::new())),
        }
    }

    /// A new call's number and where its reply line will come; None when
    /// the stream has ended.
    pub(crate) fn open(&self) -> Option<(u64, oneshot::Receiver<Vec<u8>>)> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        self.pending.lock().ok()?.as_mut()?.insert(n, tx);
        Some((n, rx))
    }

    /// Stops waiting for call `n` (it timed out or was cancelled): a late
    /// reply is dropped.
    pub(crate) fn forget(&self, n: u64) {
        if let Ok(mut p) = self.pending.lock()
            && let Some(p) = p.as_mut()
        {
            p.remove(&n);
        }
    }
}

impl Intercept for RawCalls {
    fn take(&self, line: &[u8]) -> bool {
        #[derive(Deserialize)]
        struct Probe {
            id: Option<RequestId>,
            method: Option<IgnoredAny>,
        }
        let Ok(Probe {
            id: Some(NumberOrString::String(id)),
            method: None,
        }) = serde_json::from_slice::<Probe>(line)
        else {
            return false;
        };
        let Some(n) = id
            .strip_prefix(ID_PREFIX)
            .and_then(|n| n.parse::<u64>().ok())
        else {
            return false;
        };
        let waiting = self
            .pending
            .lock()
            .ok()
            .and_then(|mut p| p.as_mut()?.remove(&n));
        match waiting {
            // A caller that went away no longer needs it.
            Some(tx) => drop(tx.send(line.to_vec())),
            None => tracing::debug!(call = n, "dropped the reply of a call no longer waited for"),
        }
        true
    }

    fn closed(&self) {
        // Dropping the senders tells every waiting call.
        if let Ok(mut p) = self.pending.lock() {
            *p = None;
        }
    }
}

/// The request line for call `n`.
pub(crate) fn request_line(n: u64, tool: &str, args: &Map<String, Value>) -> Vec<u8> {
    #[derive(Serialize)]
    struct Request<'a> {
        jsonrpc: &'static str,
        id: String,
        method: &'static str,
        params: Params<'a>,
    }
    #[derive(Serialize)]
    struct Params<'a> {
        name: &'a str,
        arguments: &'a Map<String, Value>,
    }
    let request = Request {
        jsonrpc: "2.0",
        id: format!("{ID_PREFIX}{n}"),
        method: "tools/call",
        params: Params {
            name: tool,
            arguments: args,
        },
    };
    // A map of JSON values with string keys always serializes.
    serde_json::to_vec(&request).unwrap_or_default()
}

/// A tool result as the server wrote it, checked.
#[derive(Debug)]
pub struct RawResult {
    /// The result object's JSON.
    pub json: String,
    pub is_error: bool,
}

/// Reads a reply line: the result, or the server's error. `max` caps the
/// result's size, as [`crate::upstream::Limits::max_result_bytes`].
pub(crate) fn read_reply(line: &[u8], tool: &str, max: usize) -> Result<RawResult, UpstreamError> {
    #[derive(Deserialize)]
    struct Reply<'a> {
        #[serde(borrow)]
        result: Option<&'a RawValue>,
        error: Option<ErrorBody>,
    }
    #[derive(Deserialize)]
    struct ErrorBody {
        message: String,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Shape<'a> {
        #[serde(borrow)]
        result_type: Option<&'a str>,
        task: Option<IgnoredAny>,
        content: Option<Vec<IgnoredAny>>,
        structured_content: Option<IgnoredAny>,
        is_error: Option<bool>,
    }
    let malformed =
        |why: &str| UpstreamError::Protocol(format!("malformed reply to {tool}: {why}"));
    let reply: Reply<'_> = serde_json::from_slice(line).map_err(|e| malformed(&e.to_string()))?;
    let result = match (reply.result, reply.error) {
        (_, Some(e)) => return Err(UpstreamError::Protocol(e.message)),
        (Some(r), None) => r,
        (None, None) => return Err(malformed("neither a result nor an error")),
    };
    let size = result.get().len();
    if size > max {
        return Ok(error_result(&format!(
            "the result of {tool} was {size} bytes, over hivegate's cap of {max} bytes; ask for less"
        )));
    }
    let shape: Shape<'_> =
        serde_json::from_str(result.get()).map_err(|e| malformed(&e.to_string()))?;
    if shape.result_type.is_some_and(|t| t != "complete") || shape.task.is_some() {
        return Err(malformed("not a completed tool result"));
    }
    if shape.content.is_none() && shape.structured_content.is_none() && shape.is_error.is_none() {
        return Err(malformed("a result with no content"));
    }
    Ok(RawResult {
        json: result.get().to_owned(),
        is_error: shape.is_error == Some(true),
    })
}

/// An error result with one text block.
pub fn error_result(text: &str) -> RawResult {
    let result = rmcp::model::CallToolResult::error(vec![rmcp::model::ContentBlock::text(text)]);
    RawResult {
        // A tool result with a text block always serializes.
        json: serde_json::to_string(&result).unwrap_or_default(),
        is_error: true,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

    use super::*;

    fn reply(n: u64, result: &str) -> Vec<u8> {
        format!(r#"{{"jsonrpc":"2.0","id":"hivegate:{n}","result":{result}}}"#).into_bytes()
    }

    #[tokio::test]
    async fn a_reply_goes_to_its_call_and_others_are_left_alone() {
        let calls = RawCalls::new();
        let (a, ra) = calls.open().unwrap();
        let (b, rb) = calls.open().unwrap();
        assert_ne!(a, b);
        // rmcp's own numeric ids, server requests and foreign strings are
        // not taken.
        for other in [
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
            r#"{"jsonrpc":"2.0","id":"hivegate:1","method":"elicitation/create","params":{}}"#,
            r#"{"jsonrpc":"2.0","id":"other:1","result":{}}"#,
            r#"{"jsonrpc":"2.0","id":"hivegate:x","result":{}}"#,
            "not json",
        ] {
            assert!(!calls.take(other.as_bytes()), "{other}");
        }
        let line_b = reply(b, r#"{"content":[]}"#);
        assert!(calls.take(&line_b));
        assert_eq!(rb.await.unwrap(), line_b);
        // A late reply for a forgotten call is dropped, not passed to rmcp.
        calls.forget(a);
        assert!(calls.take(&reply(a, r#"{"content":[]}"#)));
        assert!(ra.await.is_err());
    }

    #[tokio::test]
    async fn the_end_of_the_stream_fails_every_waiting_call() {
        let calls = RawCalls::new();
        let (_, rx) = calls.open().unwrap();
        calls.closed();
        assert!(rx.await.is_err());
        assert!(calls.open().is_none(), "no call opens on a closed stream");
    }

    #[test]
    fn the_request_line_is_one_tools_call() {
        let args = serde_json::json!({"message": "a\nb \"q\""});
        let line = request_line(7, "echo", args.as_object().unwrap());
        assert!(!line.contains(&b'\n'));
        let v: Value = serde_json::from_slice(&line).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"jsonrpc": "2.0", "id": "hivegate:7", "method": "tools/call",
                               "params": {"name": "echo", "arguments": args}})
        );
    }

    #[test]
    fn replies_are_checked_before_they_pass() {
        let ok = read_reply(
            &reply(
                1,
                r#"{"content":[{"type":"text","text":"hi"}],"isError":false,"x":1}"#,
            ),
            "echo",
            1000,
        )
        .unwrap();
        assert!(!ok.is_error);
        assert_eq!(
            ok.json, r#"{"content":[{"type":"text","text":"hi"}],"isError":false,"x":1}"#,
            "passed as written"
        );
        assert!(
            read_reply(&reply(1, r#"{"isError":true,"content":[]}"#), "echo", 1000)
                .unwrap()
                .is_error
        );
        let err = br#"{"jsonrpc":"2.0","id":"hivegate:1","error":{"code":-32602,"message":"no such tool"}}"#;
        assert_eq!(
            read_reply(err, "echo", 1000).unwrap_err(),
            UpstreamError::Protocol("no such tool".into())
        );
        for bad in [
            r#"{"resultType":"input_required","inputRequests":{}}"#,
            r#"{"task":{"taskId":"t"}}"#,
            r#"{"foo":1}"#,
            r#"{"content":"text"}"#,
            r#"[1,2]"#,
            r#"7"#,
        ] {
            let e = read_reply(&reply(1, bad), "echo", 1000).unwrap_err();
            assert!(
                e.to_string().contains("malformed reply to echo"),
                "{bad}: {e}"
            );
        }
        assert!(read_reply(br#"{"jsonrpc":"2.0","id":"hivegate:1"}"#, "echo", 1000).is_err());
        let big = format!(
            r#"{{"content":[{{"type":"text","text":"{}"}}]}}"#,
            "x".repeat(2000)
        );
        let capped = read_reply(&reply(1, &big), "echo", 1000).unwrap();
        assert!(capped.is_error);
        assert!(capped.json.contains("over hivegate's cap of 1000 bytes"));
    }
}
