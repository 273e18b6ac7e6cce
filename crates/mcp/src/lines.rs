//! MCP over newline-delimited JSON (stdio), for both ends that hivegate
//! holds: its own stdio server (`hivegate mcp`) and its stdio upstreams.
//!
//! rmcp's own stdio transport reads every message through untagged enums:
//! serde buffers the message and tries each request or result type in
//! turn, which cost a proxied call more than the gate's decision did. Here
//! the message a gateway carries most, `tools/call` and its result, is read
//! straight into its type; every other message, and any `tools/call` the
//! fast reading does not take, goes through rmcp's generic reading, so the
//! two can only differ in speed. Outgoing messages queue for one writer
//! task, which writes whatever has queued in one write: under load, one
//! system call (and one wake-up of the reader) carries several messages.
//!
//! A transport may also be given an [`Intercept`], which sees each line
//! before any reading and may take it, and a [`LineSender`], which queues
//! lines already written as JSON: together they let the gateway carry a
//! gated `tools/call` and its result past rmcp (see [`crate::fast`]).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequest, CallToolResult, ClientRequest, ErrorData, JsonRpcError, JsonRpcMessage,
    JsonRpcRequest, JsonRpcResponse, JsonRpcVersion2_0, RequestId, ServerResult,
};
use rmcp::service::{RoleClient, RoleServer, RxJsonRpcMessage, ServiceRole, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde::Deserialize;
use serde::de::IgnoredAny;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// The longest message read, as rmcp's stdio transport allows: a longer
/// line is dropped (and logged), and the connection goes on.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

/// Messages waiting for the writer before `send` waits.
const QUEUE: usize = 1024;

/// Bytes gathered into one write at most.
const WRITE_BATCH: usize = 256 * 1024;

/// `tools/call` requests remembered at most while their results are
/// outstanding; past it the record restarts (later results then take the
/// generic reading, which is slower, never wrong).
const MAX_OUTSTANDING: usize = 4096;

/// Ids of the `tools/call` requests a client end has sent and not yet seen
/// answered: a result is read as a [`CallToolResult`] only for those.
#[derive(Default)]
pub struct OutstandingCalls(Mutex<HashSet<RequestId>>);

impl OutstandingCalls {
    fn insert(&self, id: RequestId) {
        if let Ok(mut ids) = self.0.lock() {
            if ids.len() >= MAX_OUTSTANDING {
                ids.clear();
            }
            ids.insert(id);
        }
    }

    fn remove(&self, id: &RequestId) -> bool {
        self.0.lock().is_ok_and(|mut ids| ids.remove(id))
    }
}

/// How one end reads its hot message and notes what it sends.
pub trait LineRole: ServiceRole {
    /// The message `line` holds, read straight into its type, or None to
    /// take the generic reading.
    fn fast(line: &[u8], calls: &OutstandingCalls) -> Option<RxJsonRpcMessage<Self>>;

    /// Told of every message before it is queued.
    fn sent(_message: &TxJsonRpcMessage<Self>, _calls: &OutstandingCalls) {}

    /// Told of every message the generic reading produced.
    fn received(_message: &RxJsonRpcMessage<Self>, _calls: &OutstandingCalls) {}
}

/// The fields that say what a message is, read without keeping the rest.
#[derive(Deserialize)]
struct Shape<'a> {
    /// Required, as the generic reading requires it.
    #[serde(rename = "jsonrpc")]
    _jsonrpc: JsonRpcVersion2_0,
    id: Option<RequestId>,
    #[serde(borrow)]
    method: Option<std::borrow::Cow<'a, str>>,
    error: Option<IgnoredAny>,
    result: Option<ResultShape>,
}

#[derive(Deserialize)]
struct ResultShape {
    /// A `CreateTaskResult`: the generic reading ranks it first.
    task: Option<IgnoredAny>,
}

impl LineRole for RoleServer {
    fn fast(line: &[u8], _: &OutstandingCalls) -> Option<RxJsonRpcMessage<Self>> {
        let shape: Shape<'_> = serde_json::from_slice(line).ok()?;
        if shape.method.as_deref() != Some("tools/call") || shape.result.is_some() {
            return None;
        }
        let id = shape.id?;
        // rmcp's request type reads `method` and `params` (its `_meta`
        // included) and ignores `jsonrpc` and `id`.
        let request: CallToolRequest = serde_json::from_slice(line).ok()?;
        Some(JsonRpcMessage::Request(JsonRpcRequest {
            jsonrpc: JsonRpcVersion2_0,
            id,
            request: ClientRequest::CallToolRequest(request),
        }))
    }
}

#[derive(Deserialize)]
struct CallReply {
    result: CallToolResult,
}

impl LineRole for RoleClient {
    fn fast(line: &[u8], calls: &OutstandingCalls) -> Option<RxJsonRpcMessage<Self>> {
        let shape: Shape<'_> = serde_json::from_slice(line).ok()?;
        let id = shape.id?;
        if shape.method.is_some() || shape.error.is_some() {
            return None;
        }
        let result = shape.result?;
        if !calls.remove(&id) || result.task.is_some() {
            return None;
        }
        // A result whose resultType is not "complete" fails here and takes
        // the generic reading, as an input request must.
        let reply: CallReply = serde_json::from_slice(line).ok()?;
        Some(JsonRpcMessage::Response(JsonRpcResponse {
            jsonrpc: JsonRpcVersion2_0,
            id,
            result: ServerResult::CallToolResult(reply.result),
        }))
    }

    fn sent(message: &TxJsonRpcMessage<Self>, calls: &OutstandingCalls) {
        if let JsonRpcMessage::Request(r) = message
            && matches!(r.request, ClientRequest::CallToolRequest(_))
        {
            calls.insert(r.id.clone());
        }
    }

    fn received(message: &RxJsonRpcMessage<Self>, calls: &OutstandingCalls) {
        match message {
            JsonRpcMessage::Response(r) => {
                calls.remove(&r.id);
            }
            JsonRpcMessage::Error(JsonRpcError { id: Some(id), .. }) => {
                calls.remove(id);
            }
            _ => {}
        }
    }
}

/// Sees each incoming line (trimmed, not blank) before it is read as a
/// message, and may take it: a taken line never reaches rmcp.
pub trait Intercept: Send + Sync {
    /// True when the line was taken. Runs on the reader: it must not block.
    fn take(&self, line: &[u8]) -> bool;

    /// The stream ended or the transport was dropped: nothing more will
    /// come, so whoever waits for a line must stop waiting.
    fn closed(&self) {}
}

/// What the writer task writes.
enum Outgoing<Role: ServiceRole> {
    Message(TxJsonRpcMessage<Role>),
    /// One whole JSON message, without its newline.
    Line(Vec<u8>),
}

/// Queues lines already written as JSON on a transport's writer, in order
/// with its messages. It does not keep the writer open: once the transport
/// is closed or dropped, sending fails.
pub struct LineSender<Role: ServiceRole>(mpsc::WeakSender<Outgoing<Role>>);

impl<Role: ServiceRole> Clone for LineSender<Role> {
    fn clone(&self) -> Self {
        LineSender(self.0.clone())
    }
}

impl<Role: ServiceRole> LineSender<Role> {
    /// `line` must be one JSON message with no newline in it (what
    /// `serde_json` writes never has one).
    pub async fn send(&self, line: Vec<u8>) -> Result<(), std::io::Error> {
        let queue = self.0.upgrade().ok_or_else(closed)?;
        enqueue(&queue, Outgoing::Line(line)).await
    }
}

/// Queues `m` for the writer task. The queue almost always has room, so
/// `m` goes in at once; waiting for room is boxed, as that future would be
/// most of every sender's size (and a sender's future is part of every
/// call's).
async fn enqueue<Role: ServiceRole>(
    queue: &mpsc::Sender<Outgoing<Role>>,
    m: Outgoing<Role>,
) -> Result<(), std::io::Error> {
    match queue.try_send(m) {
        Ok(()) => Ok(()),
        Err(mpsc::error::TrySendError::Full(m)) => {
            Box::pin(queue.send(m)).await.map_err(|_| closed())
        }
        Err(mpsc::error::TrySendError::Closed(_)) => Err(closed()),
    }
}

/// One MCP connection over a byte stream pair, one JSON message per line.
pub struct LineTransport<Role: LineRole, R> {
    read: BufReader<R>,
    line: Vec<u8>,
    /// Dropping the tail of an over-long line; kept here because `receive`
    /// may be cancelled half way through one.
    discarding: bool,
    queue: Option<mpsc::Sender<Outgoing<Role>>>,
    writer: Option<JoinHandle<()>>,
    calls: Arc<OutstandingCalls>,
    intercept: Option<Arc<dyn Intercept>>,
}

impl<Role: LineRole, R: AsyncRead + Send + Unpin> LineTransport<Role, R> {
    /// Must run inside the tokio runtime: the writer is a task.
    pub fn new<W: AsyncWrite + Send + Unpin + 'static>(read: R, write: W) -> Self {
        let (queue, rx) = mpsc::channel(QUEUE);
        LineTransport {
            read: BufReader::new(read),
            line: Vec::new(),
            discarding: false,
            queue: Some(queue),
            writer: Some(tokio::spawn(write_loop::<Role, W>(write, rx))),
            calls: Arc::default(),
            intercept: None,
        }
    }

    /// Offers every line to `intercept` first.
    #[must_use]
    pub fn with_intercept(mut self, intercept: Arc<dyn Intercept>) -> Self {
        self.intercept = Some(intercept);
        self
    }

    /// Queues raw lines on this transport's writer; None once it is closed.
    pub fn line_sender(&self) -> Option<LineSender<Role>> {
        self.queue.as_ref().map(|q| LineSender(q.downgrade()))
    }

    /// One whole line into `self.line`, never longer than [`MAX_LINE`]:
    /// Some(true) a line, Some(false) an over-long line dropped, None the
    /// end of the stream. Cancel-safe: a partial line stays for the next
    /// call.
    async fn read_line(&mut self) -> Option<bool> {
        loop {
            let (taken, done) = {
                let available = match self.read.fill_buf().await {
                    Ok(a) if !a.is_empty() => a,
                    Ok(_) => return None,
                    Err(e) => {
                        tracing::debug!(error = %e, "stdio read failed");
                        return None;
                    }
                };
                let newline = available.iter().position(|b| *b == b'\n');
                let take = newline.map_or(available.len(), |i| i + 1);
                if !self.discarding {
                    if self.line.len() + take > MAX_LINE {
                        self.line.clear();
                        self.discarding = true;
                    } else if let Some(chunk) = available.get(..take) {
                        self.line.extend_from_slice(chunk);
                    }
                }
                (take, newline.is_some())
            };
            self.read.consume(taken);
            if done {
                if std::mem::take(&mut self.discarding) {
                    tracing::warn!(max = MAX_LINE, "dropped an over-long message");
                    return Some(false);
                }
                return Some(true);
            }
        }
    }
}

impl<Role: LineRole, R> Drop for LineTransport<Role, R> {
    fn drop(&mut self) {
        if let Some(i) = &self.intercept {
            i.closed();
        }
    }
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

impl<Role: LineRole, R: AsyncRead + Send + Unpin> Transport<Role> for LineTransport<Role, R> {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<Role>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        Role::sent(&item, &self.calls);
        let queue = self.queue.clone();
        async move {
            match queue {
                Some(q) => enqueue(&q, Outgoing::Message(item)).await,
                None => Err(closed()),
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<Role>> {
        loop {
            let Some(whole) = self.read_line().await else {
                if let Some(i) = &self.intercept {
                    i.closed();
                }
                return None;
            };
            if !whole {
                continue;
            }
            let line = std::mem::take(&mut self.line);
            let trimmed = line.strip_suffix(b"\n").unwrap_or(&line);
            let trimmed = trimmed.strip_suffix(b"\r").unwrap_or(trimmed);
            let trimmed = trimmed.strip_prefix(BOM).unwrap_or(trimmed);
            let parsed = if trimmed.iter().all(u8::is_ascii_whitespace)
                || self.intercept.as_ref().is_some_and(|i| i.take(trimmed))
            {
                None
            } else if let Some(m) = Role::fast(trimmed, &self.calls) {
                Some(m)
            } else {
                match serde_json::from_slice::<RxJsonRpcMessage<Role>>(trimmed) {
                    Ok(m) => {
                        Role::received(&m, &self.calls);
                        Some(m)
                    }
                    Err(e) => {
                        refuse::<Role>(self.queue.as_ref(), trimmed, &e).await;
                        None
                    }
                }
            };
            // Keep the buffer's capacity for the next line.
            self.line = line;
            self.line.clear();
            if parsed.is_some() {
                return parsed;
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        if let Some(i) = &self.intercept {
            i.closed();
        }
        // The writer drains what is queued, then shuts its stream.
        self.queue = None;
        if let Some(writer) = self.writer.take() {
            let _ = writer.await;
        }
        Ok(())
    }
}

/// What the generic reading makes of a line that is not one message:
/// text that is not JSON is ignored (answering it could start an error
/// storm with a peer that echoes); JSON of the wrong shape is answered
/// "invalid request" when it carries an id, and ignored when it does
/// not (a notification nobody here knows).
async fn refuse<Role: ServiceRole>(
    queue: Option<&mpsc::Sender<Outgoing<Role>>>,
    line: &[u8],
    error: &serde_json::Error,
) {
    use serde_json::error::Category;
    if matches!(error.classify(), Category::Syntax | Category::Eof) {
        tracing::debug!(%error, "ignored a line that is not JSON");
        return;
    }
    #[derive(Deserialize)]
    struct Probe {
        id: Option<RequestId>,
        result: Option<IgnoredAny>,
        error: Option<IgnoredAny>,
    }
    // A request is answered; a reply of no known shape is not.
    let id = serde_json::from_slice::<Probe>(line)
        .ok()
        .filter(|p| p.result.is_none() && p.error.is_none())
        .and_then(|p| p.id);
    tracing::debug!(%error, "a message of no known shape");
    if let (Some(id), Some(queue)) = (id, queue) {
        let reply = JsonRpcMessage::Error(JsonRpcError::new(
            Some(id),
            ErrorData::invalid_request(format!("invalid request: {error}"), None),
        ));
        let _ = enqueue(queue, Outgoing::Message(reply)).await;
    }
}

fn closed() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::NotConnected, "the transport is closed")
}

async fn write_loop<Role: ServiceRole, W: AsyncWrite + Unpin>(
    mut write: W,
    mut queue: mpsc::Receiver<Outgoing<Role>>,
) {
    let mut buf = Vec::with_capacity(8 * 1024);
    while let Some(first) = queue.recv().await {
        buf.clear();
        let mut next = Some(first);
        while let Some(message) = next {
            let mark = buf.len();
            match message {
                Outgoing::Message(m) => match serde_json::to_writer(&mut buf, &m) {
                    Ok(()) => buf.push(b'\n'),
                    Err(e) => {
                        // Never half a message on the wire.
                        buf.truncate(mark);
                        tracing::warn!(error = %e, "a message could not be written as JSON");
                    }
                },
                Outgoing::Line(line) => {
                    buf.extend_from_slice(&line);
                    buf.push(b'\n');
                }
            }
            next = if buf.len() < WRITE_BATCH {
                queue.try_recv().ok()
            } else {
                None
            };
        }
        if let Err(e) = async {
            write.write_all(&buf).await?;
            write.flush().await
        }
        .await
        {
            tracing::debug!(error = %e, "stdio write failed");
            return;
        }
    }
    let _ = write.shutdown().await;
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

    use super::*;
    use rmcp::model::{CallToolRequestParams, NumberOrString};
    use serde_json::{Value, json};
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, DuplexStream, duplex};

    /// A transport for `Role` and the far end of both its streams.
    fn pair<Role: LineRole>() -> (
        LineTransport<Role, DuplexStream>,
        DuplexStream,
        tokio::io::Lines<BufReader<DuplexStream>>,
    ) {
        let (ours_in, theirs_out) = duplex(1 << 20);
        let (ours_out, theirs_in) = duplex(1 << 20);
        (
            LineTransport::new(ours_in, ours_out),
            theirs_out,
            BufReader::new(theirs_in).lines(),
        )
    }

    fn generic<Role: LineRole>(line: &str) -> Value {
        serde_json::to_value(serde_json::from_str::<RxJsonRpcMessage<Role>>(line).unwrap()).unwrap()
    }

    #[tokio::test]
    async fn a_tools_call_reads_as_the_generic_reading_does() {
        let (mut t, mut peer, _) = pair::<RoleServer>();
        let line = json!({
            "jsonrpc": "2.0", "id": "a-1", "method": "tools/call",
            "params": {"name": "echo", "arguments": {"message": "hi \"there\""},
                       "_meta": {"progressToken": 7}}
        })
        .to_string();
        peer.write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
        let got = t.receive().await.unwrap();
        assert!(RoleServer::fast(line.as_bytes(), &OutstandingCalls::default()).is_some());
        let no_version = r#"{"id":1,"method":"tools/call","params":{"name":"echo"}}"#;
        assert!(
            RoleServer::fast(no_version.as_bytes(), &OutstandingCalls::default()).is_none(),
            "what the generic reading refuses is left to it"
        );
        assert_eq!(
            serde_json::to_value(got).unwrap(),
            generic::<RoleServer>(&line)
        );
    }

    #[tokio::test]
    async fn a_result_reads_fast_only_for_a_call_this_end_sent() {
        let (mut t, mut peer, mut out) = pair::<RoleClient>();
        let call = ClientRequest::CallToolRequest(CallToolRequest::new(
            CallToolRequestParams::new("echo"),
        ));
        t.send(JsonRpcMessage::Request(JsonRpcRequest::new(
            NumberOrString::Number(7),
            call,
        )))
        .await
        .unwrap();
        let sent: Value = serde_json::from_str(&out.next_line().await.unwrap().unwrap()).unwrap();
        assert_eq!(sent["method"], "tools/call");
        assert_eq!(sent["id"], 7);

        let reply =
            r#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"hi"}]}}"#;
        assert!(
            RoleClient::fast(reply.as_bytes(), &OutstandingCalls::default()).is_none(),
            "an id this end never sent takes the generic reading"
        );
        // An input request is not a completed call: the generic reading
        // makes it an InputRequiredResult.
        let input = r#"{"jsonrpc":"2.0","id":8,"result":{"resultType":"input_required","inputRequests":{}}}"#;
        peer.write_all(format!("{reply}\n{input}\n").as_bytes())
            .await
            .unwrap();
        let got = t.receive().await.unwrap();
        assert!(matches!(
            &got,
            JsonRpcMessage::Response(JsonRpcResponse {
                result: ServerResult::CallToolResult(_),
                ..
            })
        ));
        assert_eq!(
            serde_json::to_value(got).unwrap(),
            generic::<RoleClient>(reply)
        );
        assert!(
            t.calls.0.lock().unwrap().is_empty(),
            "answered calls are forgotten"
        );
        let got = t.receive().await.unwrap();
        assert_eq!(
            serde_json::to_value(got).unwrap(),
            generic::<RoleClient>(input)
        );
    }

    #[tokio::test]
    async fn hostile_lines_are_dropped_or_refused_and_the_next_one_is_read() {
        let (mut t, mut peer, mut out) = pair::<RoleServer>();
        let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        let mut input = Vec::new();
        input.extend_from_slice(b"this is not json\n\n   \n");
        // Too long: dropped whole, the connection goes on.
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend_from_slice(b"\n");
        // Well-formed JSON of no known shape, with an id: refused.
        input
            .extend_from_slice(br#"{"jsonrpc":"2.0","id":"bad","method":"tools/call","params":7}"#);
        input.extend_from_slice(b"\n");
        // A notification nobody here knows: passed on, as rmcp's own
        // transport does, for the service to ignore.
        input.extend_from_slice(br#"{"jsonrpc":"2.0","method":"notifications/unknown/thing"}"#);
        input.extend_from_slice(b"\n\xEF\xBB\xBF");
        input.extend_from_slice(ping.as_bytes());
        input.extend_from_slice(b"\r\n");
        let writer = tokio::spawn(async move {
            peer.write_all(&input).await.unwrap();
            peer
        });
        let got = t.receive().await.unwrap();
        assert_eq!(
            serde_json::to_value(got).unwrap()["method"],
            "notifications/unknown/thing"
        );
        let got = t.receive().await.unwrap();
        assert_eq!(
            serde_json::to_value(got).unwrap(),
            generic::<RoleServer>(ping)
        );
        let refusal: Value =
            serde_json::from_str(&out.next_line().await.unwrap().unwrap()).unwrap();
        assert_eq!(refusal["id"], "bad");
        assert_eq!(refusal["error"]["code"], -32600);
        // A line cut off by the end of the stream is not a message.
        let mut peer = writer.await.unwrap();
        peer.write_all(br#"{"jsonrpc":"2.0","id":2,"method":"pi"#)
            .await
            .unwrap();
        drop(peer);
        assert!(t.receive().await.is_none());
    }

    /// Past the queue's room a line sender waits (the boxed path), and no
    /// line is lost or reordered.
    #[tokio::test]
    async fn a_line_sender_waits_for_room_when_the_queue_is_full() {
        let (ours_in, _theirs_out) = duplex(64);
        let (ours_out, theirs_in) = duplex(64);
        let t = LineTransport::<RoleServer, _>::new(ours_in, ours_out);
        let out = t.line_sender().unwrap();
        let n = QUEUE + 100;
        // Nothing is read until this task has queued QUEUE lines and is
        // waiting on the next.
        let sending = tokio::spawn(async move {
            for i in 0..n {
                out.send(format!("{{\"n\":{i}}}").into_bytes())
                    .await
                    .unwrap();
            }
        });
        let mut lines = BufReader::new(theirs_in).lines();
        let read_all = async {
            for i in 0..n {
                let line = lines.next_line().await.unwrap().unwrap();
                let m: Value = serde_json::from_str(&line).unwrap();
                assert_eq!(m["n"], i);
            }
        };
        // A sender that failed instead of waiting leaves lines missing.
        tokio::time::timeout(std::time::Duration::from_secs(20), read_all)
            .await
            .expect("every line arrives");
        sending.await.unwrap();
        drop(t);
    }

    #[tokio::test]
    async fn queued_messages_arrive_whole_and_in_order_and_close_flushes() {
        let (mut t, _peer, mut out) = pair::<RoleServer>();
        // All fifty queue before the writer task first runs.
        for i in 0..50 {
            t.send(JsonRpcMessage::Error(JsonRpcError::new(
                Some(NumberOrString::Number(i)),
                ErrorData::internal_error(format!("n{i}"), None),
            )))
            .await
            .unwrap();
        }
        t.close().await.unwrap();
        for i in 0..50 {
            let m: Value = serde_json::from_str(&out.next_line().await.unwrap().unwrap()).unwrap();
            assert_eq!(m["id"], i);
        }
        assert!(
            out.next_line().await.unwrap().is_none(),
            "closed after the last"
        );
        assert!(
            t.send(JsonRpcMessage::Error(JsonRpcError::new(
                None,
                ErrorData::internal_error("late", None)
            )))
            .await
            .is_err()
        );
    }
}
