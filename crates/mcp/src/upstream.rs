//! One connection to one upstream MCP server, over rmcp: a stdio child
//! process or a streamable HTTP endpoint.
//!
//! A child runs in its own process group so that stopping it also stops
//! what it spawned (`npx` starts `node`, which may start more); its
//! environment loses every `HIVEGATE_*` variable, so the master key and the
//! admin token never reach an upstream. Its stderr is kept, the last lines
//! only, for the server's status; it is never logged above debug.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rmcp::ErrorData;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, ElicitRequestParams,
    ElicitResult, ElicitationCapability, FormElicitationCapability, Implementation,
};
use rmcp::service::{NotificationContext, Peer, RequestContext, RoleClient, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{ClientHandler, ServiceExt};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::mpsc;

use crate::child::ChildTransport;
use crate::config::ServerConfig;
use crate::lines::LineSender;
use crate::raw_call::{RawCalls, RawResult, read_reply, request_line};
use crate::relay::{ElicitRelay, InFlight, Route, ask_paused, cancelled};

/// Lines of an upstream's stderr kept for its status.
const STDERR_LINES: usize = 20;
/// Characters kept of one stderr line.
const STDERR_LINE_CHARS: usize = 400;

/// Time limits and size caps for upstreams.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Spawn or connect, then the MCP handshake and the first tool list.
    pub start: Duration,
    /// One `tools/call`.
    pub call: Duration,
    /// A health check.
    pub health: Duration,
    /// The largest result passed on, in bytes of JSON; bigger ones are
    /// replaced by an error result saying so.
    pub max_result_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            start: Duration::from_secs(30),
            call: Duration::from_secs(60),
            health: Duration::from_secs(5),
            max_result_bytes: 1024 * 1024,
        }
    }
}

#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum UpstreamError {
    #[error("cannot start `{command}`: {why}")]
    Spawn { command: String, why: String },
    #[error("the MCP handshake failed: {0}")]
    Handshake(String),
    #[error("no answer within {0} s")]
    Timeout(u64),
    #[error("the server closed the connection")]
    Closed,
    #[error("the server answered with an error: {0}")]
    Protocol(String),
    #[error("header `{0}` is not a valid HTTP header")]
    Header(String),
}

/// What an upstream tells us about one of its tools.
#[derive(Debug, Clone)]
pub struct UpstreamTool {
    pub name: String,
    pub description: String,
    pub input_schema: Arc<serde_json::Map<String, Value>>,
    pub annotations: Option<hivegate_policy::annotations::ToolAnnotations>,
}

/// Receives an upstream's notifications (a changed tool list is passed to
/// the runtime, which refreshes that server's tools) and its elicitation
/// requests (passed to the caller of the call they belong to; see
/// [`crate::relay`]).
#[derive(Clone)]
pub struct UpstreamHandler {
    server: String,
    tools_changed: mpsc::UnboundedSender<String>,
    in_flight: Arc<InFlight>,
}

impl ClientHandler for UpstreamHandler {
    /// Offers the newest version that still has an `initialize` handshake
    /// (2025-11-25): what the servers users run today speak; a server on a
    /// newer version negotiates up from there.
    /// Declares form elicitation: a form is passed on to the agent's
    /// client when one call is in flight (else cancelled); URL forms are
    /// not offered.
    fn get_info(&self) -> ClientConfig {
        let mut caps = ClientCapabilities::default();
        caps.elicitation =
            Some(ElicitationCapability::new().with_form(FormElicitationCapability::new()));
        ClientConfig::new(
            caps,
            Implementation::new("hivegate", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(rmcp::model::ProtocolVersion::LATEST_WITH_INITIALIZE)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        Ok(match self.in_flight.route() {
            Route::Ask(relay, clock) => ask_paused(&*relay, &clock, &self.server, request).await,
            Route::Cancel { tell, why } => {
                for relay in tell {
                    relay.unanswered(&self.server, why).await;
                }
                cancelled()
            }
        })
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        // The runtime may be gone; then nobody needs to know.
        let _ = self.tools_changed.send(self.server.clone());
    }
}

/// A live connection.
pub struct Connection {
    service: tokio::sync::Mutex<Option<RunningService<RoleClient, UpstreamHandler>>>,
    peer: Peer<RoleClient>,
    in_flight: Arc<InFlight>,
    /// Raw `tools/call` (stdio upstreams): [`crate::raw_call`].
    raw: Option<(Arc<RawCalls>, LineSender<RoleClient>)>,
    /// The child's process id (stdio upstreams).
    pub pid: Option<u32>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("pid", &self.pid)
            .finish_non_exhaustive()
    }
}

fn secs(d: Duration) -> u64 {
    d.as_secs().max(1)
}

fn child_command(
    command: &str,
    args: &[String],
    env: &BTreeMap<String, String>,
) -> process_wrap::tokio::CommandWrap {
    let mut cmd = tokio::process::Command::new(command);
    cmd.args(args);
    for (k, _) in std::env::vars_os() {
        if k.to_string_lossy().starts_with("HIVEGATE_") {
            cmd.env_remove(k);
        }
    }
    cmd.envs(env);
    let mut wrap = process_wrap::tokio::CommandWrap::from(cmd);
    wrap.wrap(process_wrap::tokio::ProcessGroup::leader());
    wrap
}

fn keep_stderr(stderr: Option<tokio::process::ChildStderr>) -> Arc<Mutex<VecDeque<String>>> {
    let tail = Arc::new(Mutex::new(VecDeque::with_capacity(STDERR_LINES)));
    if let Some(stderr) = stderr {
        let tail = tail.clone();
        tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let line: String = line.chars().take(STDERR_LINE_CHARS).collect();
                tracing::debug!(target: "hivegate::upstream", "{line}");
                if let Ok(mut t) = tail.lock() {
                    if t.len() == STDERR_LINES {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
            }
        });
    }
    tail
}

/// Makes ring rustls's process-wide provider, once, before the first
/// HTTP client is built: reqwest is built without one of its own, so any
/// reqwest client in a process that links this crate (rmcp's HTTP
/// transport included) needs this first. A provider installed earlier
/// stays.
pub fn install_tls_provider() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

fn http_config(
    url: &str,
    headers: &BTreeMap<String, String>,
) -> Result<StreamableHttpClientTransportConfig, UpstreamError> {
    let mut config = StreamableHttpClientTransportConfig::with_uri(url.to_owned());
    let mut custom = HashMap::new();
    for (k, v) in headers {
        if k.eq_ignore_ascii_case("authorization") {
            let token = v.strip_prefix("Bearer ").unwrap_or(v);
            config = config.auth_header(token.to_owned());
            continue;
        }
        let name =
            http::HeaderName::try_from(k.as_str()).map_err(|_| UpstreamError::Header(k.clone()))?;
        let value = http::HeaderValue::try_from(v.as_str())
            .map_err(|_| UpstreamError::Header(k.clone()))?;
        custom.insert(name, value);
    }
    Ok(config.custom_headers(custom))
}

impl Connection {
    /// Starts (or connects to) `server` and completes the MCP handshake.
    pub async fn open(
        server: &str,
        config: &ServerConfig,
        limits: &Limits,
        tools_changed: mpsc::UnboundedSender<String>,
    ) -> Result<Connection, UpstreamError> {
        let in_flight = Arc::new(InFlight::default());
        let handler = UpstreamHandler {
            server: server.to_owned(),
            tools_changed,
            in_flight: Arc::clone(&in_flight),
        };
        let start = async {
            match config {
                ServerConfig::Stdio { command, args, env } => {
                    let spawn_err = |e: std::io::Error| UpstreamError::Spawn {
                        command: command.clone(),
                        why: e.to_string(),
                    };
                    let cmd = child_command(command, args, env);
                    let (child, stderr) = ChildTransport::spawn(cmd).map_err(spawn_err)?;
                    let pid = child.id();
                    let raw = child.raw_lane();
                    let stderr = keep_stderr(stderr);
                    let service = handler.serve(child).await.map_err(|e| {
                        let tail = stderr
                            .lock()
                            .map(|t| t.iter().cloned().collect::<Vec<_>>().join(" | "))
                            .unwrap_or_default();
                        UpstreamError::Handshake(if tail.is_empty() {
                            e.to_string()
                        } else {
                            format!("{e}; stderr: {tail}")
                        })
                    })?;
                    Ok::<_, UpstreamError>((service, pid, stderr, raw))
                }
                ServerConfig::Http { url, headers } => {
                    install_tls_provider();
                    let transport =
                        StreamableHttpClientTransport::from_config(http_config(url, headers)?);
                    let service = handler
                        .serve(transport)
                        .await
                        .map_err(|e| UpstreamError::Handshake(e.to_string()))?;
                    Ok((service, None, Arc::new(Mutex::new(VecDeque::new())), None))
                }
            }
        };
        let (service, pid, stderr, raw) = tokio::time::timeout(limits.start, start)
            .await
            .map_err(|_| UpstreamError::Timeout(secs(limits.start)))??;
        let peer = service.peer().clone();
        Ok(Connection {
            service: tokio::sync::Mutex::new(Some(service)),
            peer,
            in_flight,
            raw,
            pid,
            stderr,
        })
    }

    /// The tools the server offers now.
    pub async fn list_tools(&self, limit: Duration) -> Result<Vec<UpstreamTool>, UpstreamError> {
        let tools = tokio::time::timeout(limit, self.peer.list_all_tools())
            .await
            .map_err(|_| UpstreamError::Timeout(secs(limit)))?
            .map_err(service_error)?;
        Ok(tools
            .into_iter()
            .map(|t| UpstreamTool {
                name: t.name.to_string(),
                description: t.description.map(|d| d.to_string()).unwrap_or_default(),
                input_schema: t.input_schema.clone(),
                annotations: t
                    .annotations
                    .map(|a| hivegate_policy::annotations::ToolAnnotations {
                        read_only_hint: a.read_only_hint,
                        destructive_hint: a.destructive_hint,
                        open_world_hint: a.open_world_hint,
                    }),
            })
            .collect())
    }

    /// Calls one tool. A result bigger than the cap comes back as an error
    /// result that says so, never cut in the middle of a value. `relay`
    /// answers the server's elicitation requests during the call.
    pub async fn call(
        &self,
        tool: &str,
        args: Option<serde_json::Map<String, Value>>,
        limits: &Limits,
        relay: Option<Arc<dyn ElicitRelay>>,
    ) -> Result<CallToolResult, UpstreamError> {
        let in_flight = self.in_flight.begin(relay);
        let mut params = CallToolRequestParams::new(tool.to_owned());
        if let Some(args) = args {
            params = params.with_arguments(args);
        }
        // The limit counts the server's time, not a person's answering
        // its form (see relay::CallClock).
        let started = Instant::now();
        let call = self.peer.call_tool(params);
        tokio::pin!(call);
        let result = loop {
            let Some(wait) = in_flight.clock.remaining(started, limits.call) else {
                return Err(UpstreamError::Timeout(secs(limits.call)));
            };
            if let Ok(r) = tokio::time::timeout(wait, &mut call).await {
                break r.map_err(service_error)?;
            }
        };
        let size = json_size(&result);
        if size > limits.max_result_bytes {
            return Ok(CallToolResult::error(vec![
                rmcp::model::ContentBlock::text(format!(
                    "the result of {tool} was {size} bytes, over hivegate's cap of {} bytes; ask for less",
                    limits.max_result_bytes
                )),
            ]));
        }
        Ok(result)
    }

    /// Whether [`Connection::call_raw`] can be used (stdio upstreams).
    pub fn passes_raw(&self) -> bool {
        self.raw.is_some()
    }

    /// Calls one tool as [`Connection::call`] does, with the request
    /// written and the reply read as bytes ([`crate::raw_call`]).
    pub async fn call_raw(
        &self,
        tool: &str,
        args: &serde_json::Map<String, Value>,
        limits: &Limits,
        relay: Option<Arc<dyn ElicitRelay>>,
    ) -> Result<RawResult, UpstreamError> {
        /// Stops waiting for the reply however the call ends.
        struct Forget<'a>(&'a RawCalls, u64);
        impl Drop for Forget<'_> {
            fn drop(&mut self) {
                self.0.forget(self.1);
            }
        }
        let (calls, out) = self.raw.as_ref().ok_or(UpstreamError::Closed)?;
        let in_flight = self.in_flight.begin(relay);
        let (n, reply) = calls.open().ok_or(UpstreamError::Closed)?;
        let _forget = Forget(calls, n);
        let started = Instant::now();
        out.send(request_line(n, tool, args))
            .await
            .map_err(|_| UpstreamError::Closed)?;
        tokio::pin!(reply);
        let line = loop {
            let Some(wait) = in_flight.clock.remaining(started, limits.call) else {
                return Err(UpstreamError::Timeout(secs(limits.call)));
            };
            if let Ok(r) = tokio::time::timeout(wait, &mut reply).await {
                break r.map_err(|_| UpstreamError::Closed)?;
            }
        };
        read_reply(&line, tool, limits.max_result_bytes)
    }

    /// Whether the server still answers.
    pub async fn health(&self, limit: Duration) -> Result<(), UpstreamError> {
        if self.is_closed() {
            return Err(UpstreamError::Closed);
        }
        self.list_tools(limit).await.map(|_| ())
    }

    pub fn is_closed(&self) -> bool {
        self.peer.is_transport_closed()
    }

    /// The last lines the server wrote to stderr.
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr
            .lock()
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default()
    }

    /// Ends the connection; for a child, closes its stdin, then SIGTERM,
    /// then kills its process group.
    pub async fn close(&self) {
        if let Some(service) = self.service.lock().await.take() {
            let _ = service.cancel().await;
        }
    }
}

/// The length of `value` written as JSON, counted without writing it
/// anywhere (a result near the cap would otherwise be copied whole just to
/// be measured); usize::MAX when it cannot be written.
fn json_size(value: &impl serde::Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut n = Count(0);
    serde_json::to_writer(&mut n, value).map_or(usize::MAX, |()| n.0)
}

fn service_error(e: rmcp::service::ServiceError) -> UpstreamError {
    use rmcp::service::ServiceError as E;
    match e {
        E::TransportClosed | E::TransportSend(_) => UpstreamError::Closed,
        E::Timeout { timeout } => UpstreamError::Timeout(secs(timeout)),
        E::McpError(m) => UpstreamError::Protocol(m.message.to_string()),
        other => UpstreamError::Protocol(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a panic is a failure report

    use serde_json::json;

    #[test]
    fn json_size_is_the_length_written() {
        let long = "x".repeat(100_000);
        for v in [json!(null), json!({"a": [1, 2.5, "é\"\n"]}), json!(long)] {
            assert_eq!(super::json_size(&v), serde_json::to_vec(&v).unwrap().len());
        }
    }
}
