//! Every configured upstream server, and the tools of the running ones.
//!
//! Servers are registered from `.mcp.json` without being started (seed 001
//! #7: stopped until started). Lifecycle operations never hold the lock
//! while a server starts, so a slow upstream cannot stall a status read or
//! a call to another server. Calls read an immutable [`ToolIndex`] behind
//! an `Arc`, swapped whole when the tool set changes; each swap bumps a
//! generation on a `watch` channel that downstream sessions follow to send
//! `notifications/tools/list_changed`.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use futures::future::join_all;
use rmcp::model::CallToolResult;
use serde::Serialize;
use serde_json::Value;
use tokio::sync::{Mutex, mpsc, watch};

use crate::config::{ConfigDiff, ConfigError, McpConfig, ServerConfig, Signature, diff, signature};
use crate::names::ToolTable;
use crate::raw_call::RawResult;
use crate::relay::ElicitRelay;
use crate::upstream::{Connection, Limits, UpstreamError, UpstreamTool};

/// Where a server is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerState {
    Stopped,
    Starting,
    Running,
    Failed,
}

/// One server as `GET /api/mcps` shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerStatus {
    pub name: String,
    pub transport: &'static str,
    pub state: ServerState,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pid: Option<u32>,
    pub tools: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Tools this server offers that could not be exposed (a name collision
    /// or an invalid name), each with why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refused_tools: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stderr: Vec<String>,
}

/// A tool exposed downstream as `mcp_<server>_<tool>`.
#[derive(Debug, Clone)]
pub struct ExposedTool {
    pub exposed: String,
    pub server: String,
    pub tool: UpstreamTool,
    /// None only in a [`ToolIndex::detached`] index.
    conn: Option<Arc<Connection>>,
}

/// The tool exposed as `exposed` and its live connection.
fn connection<'a>(
    index: &'a ToolIndex,
    exposed: &str,
) -> Result<(&'a ExposedTool, &'a Arc<Connection>), CallError> {
    index
        .get(exposed)
        .and_then(|t| Some((t, t.conn.as_ref()?)))
        .ok_or_else(|| CallError::UnknownTool(exposed.to_owned()))
}

impl ExposedTool {
    /// Whether calls to it can go as bytes ([`McpRuntime::call_raw`]).
    pub fn passes_raw(&self) -> bool {
        self.conn.as_ref().is_some_and(|c| c.passes_raw())
    }
}

/// The tools of the running servers, immutable once built.
#[derive(Debug, Default)]
pub struct ToolIndex {
    pub generation: u64,
    pub tools: Vec<ExposedTool>,
    by_name: HashMap<String, usize>,
}

impl ToolIndex {
    /// An index of tools with no server behind them (for ranking tests and
    /// benchmarks); calls to them fail as unknown.
    pub fn detached(generation: u64, tools: Vec<(String, UpstreamTool)>) -> ToolIndex {
        let mut index = ToolIndex {
            generation,
            ..ToolIndex::default()
        };
        for (server, tool) in tools {
            let exposed = crate::names::exposed_name(&server, &tool.name);
            index.by_name.insert(exposed.clone(), index.tools.len());
            index.tools.push(ExposedTool {
                exposed,
                server,
                tool,
                conn: None,
            });
        }
        index
    }

    pub fn get(&self, exposed: &str) -> Option<&ExposedTool> {
        self.by_name.get(exposed).map(|&i| &self.tools[i])
    }
}

/// What a reload did.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReloadReport {
    /// The file's signature matched: nothing was read or changed.
    pub unchanged: bool,
    #[serde(flatten)]
    pub diff: ConfigDiff,
    /// Changed servers that were running and were started again.
    pub restarted: Vec<String>,
    /// Servers that failed to start again, with why.
    pub errors: BTreeMap<String, String>,
}

#[derive(Debug, thiserror::Error)]
pub enum CallError {
    #[error("no running MCP server offers a tool named `{0}`")]
    UnknownTool(String),
    #[error("{server}: {error}")]
    Upstream {
        server: String,
        error: UpstreamError,
    },
}

struct Slot {
    config: ServerConfig,
    state: ServerState,
    conn: Option<Arc<Connection>>,
    tools: Vec<UpstreamTool>,
    error: Option<String>,
    refused: Vec<String>,
}

impl Slot {
    fn new(config: ServerConfig) -> Slot {
        Slot {
            config,
            state: ServerState::Stopped,
            conn: None,
            tools: Vec::new(),
            error: None,
            refused: Vec::new(),
        }
    }
}

struct Inner {
    config: McpConfig,
    signature: Option<Signature>,
    slots: BTreeMap<String, Slot>,
    generation: u64,
}

impl Inner {
    fn slot(&mut self, name: &str) -> Result<&mut Slot, StartError> {
        self.slots
            .get_mut(name)
            .ok_or_else(|| StartError::Unknown(name.to_owned()))
    }
}

/// The upstream servers of one hivegate.
pub struct McpRuntime {
    path: PathBuf,
    limits: Limits,
    inner: Mutex<Inner>,
    index: RwLock<Arc<ToolIndex>>,
    generation: watch::Sender<u64>,
    tools_changed: mpsc::UnboundedSender<String>,
}

impl std::fmt::Debug for McpRuntime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpRuntime")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

fn transport_of(c: &ServerConfig) -> &'static str {
    match c {
        ServerConfig::Stdio { .. } => "stdio",
        ServerConfig::Http { .. } => "http",
    }
}

impl McpRuntime {
    /// Registers the servers in `path` (none when it does not exist), starts
    /// none of them. A bad file is an error here: at boot there is nothing
    /// running to keep.
    pub async fn load(path: &Path, limits: Limits) -> Result<Arc<McpRuntime>, ConfigError> {
        let (config, sig) = match signature(path)? {
            None => (McpConfig::default(), None),
            Some((sig, text)) => (McpConfig::parse(&text)?, Some(sig)),
        };
        Ok(Self::with_config(path, limits, config, sig))
    }

    /// As [`McpRuntime::load`], but a file that cannot be read or parsed
    /// registers nothing and is returned beside the runtime; the next
    /// reload reads it again (for `serve`, which should come up anyway).
    pub async fn load_lenient(
        path: &Path,
        limits: Limits,
    ) -> (Arc<McpRuntime>, Option<ConfigError>) {
        match Self::load(path, limits).await {
            Ok(rt) => (rt, None),
            Err(e) => (
                Self::with_config(path, limits, McpConfig::default(), None),
                Some(e),
            ),
        }
    }

    fn with_config(
        path: &Path,
        limits: Limits,
        config: McpConfig,
        sig: Option<Signature>,
    ) -> Arc<McpRuntime> {
        let (tools_changed, mut changes) = mpsc::unbounded_channel();
        let slots = config
            .servers
            .iter()
            .map(|(n, c)| (n.clone(), Slot::new(c.clone())))
            .collect();
        let rt = Arc::new(McpRuntime {
            path: path.to_owned(),
            limits,
            inner: Mutex::new(Inner {
                config,
                signature: sig,
                slots,
                generation: 0,
            }),
            index: RwLock::new(Arc::new(ToolIndex::default())),
            generation: watch::channel(0).0,
            tools_changed,
        });
        let weak = Arc::downgrade(&rt);
        tokio::spawn(async move {
            while let Some(server) = changes.recv().await {
                let Some(rt) = weak.upgrade() else { break };
                rt.refresh_tools(&server).await;
            }
        });
        rt
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Follows the tool set: the value is a generation that changes with it.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.generation.subscribe()
    }

    /// The tools of the running servers now.
    pub fn index(&self) -> Arc<ToolIndex> {
        self.index
            .read()
            .map(|i| i.clone())
            .unwrap_or_else(|p| p.into_inner().clone())
    }

    /// Rebuilds the index from the slots; refused tools are recorded on
    /// their server. Servers are visited in name order, so which of two
    /// colliding tools wins never depends on timing.
    fn publish(&self, inner: &mut Inner) {
        let mut table = ToolTable::default();
        let mut tools = Vec::new();
        let mut by_name = HashMap::new();
        for (server, slot) in inner.slots.iter_mut() {
            slot.refused.clear();
            let Some(conn) = slot
                .conn
                .as_ref()
                .filter(|_| slot.state == ServerState::Running)
            else {
                continue;
            };
            for t in &slot.tools {
                match table.register(server, &t.name) {
                    Ok(exposed) => {
                        if by_name.insert(exposed.clone(), tools.len()).is_none() {
                            tools.push(ExposedTool {
                                exposed,
                                server: server.clone(),
                                tool: t.clone(),
                                conn: Some(conn.clone()),
                            });
                        }
                    }
                    Err(e) => slot.refused.push(e.to_string()),
                }
            }
        }
        inner.generation += 1;
        let index = Arc::new(ToolIndex {
            generation: inner.generation,
            tools,
            by_name,
        });
        match self.index.write() {
            Ok(mut w) => *w = index,
            Err(p) => *p.into_inner() = index,
        }
        self.generation.send_replace(inner.generation);
    }

    /// Every server, with state, health and tools. Checks the file's
    /// signature first (cheap when unchanged) and reloads when it moved.
    pub async fn servers(&self) -> (Vec<ServerStatus>, Option<String>) {
        let reload_error = self.reload().await.err().map(|e| e.to_string());
        let index = self.index();
        let inner = self.inner.lock().await;
        let list = inner
            .slots
            .iter()
            .map(|(name, slot)| {
                let closed = slot.conn.as_ref().is_some_and(|c| c.is_closed());
                ServerStatus {
                    name: name.clone(),
                    transport: transport_of(&slot.config),
                    state: if closed {
                        ServerState::Failed
                    } else {
                        slot.state
                    },
                    pid: slot.conn.as_ref().and_then(|c| c.pid),
                    tools: index
                        .tools
                        .iter()
                        .filter(|t| &t.server == name)
                        .map(|t| t.exposed.clone())
                        .collect(),
                    error: if closed && slot.error.is_none() {
                        Some(UpstreamError::Closed.to_string())
                    } else {
                        slot.error.clone()
                    },
                    refused_tools: slot.refused.clone(),
                    stderr: slot
                        .conn
                        .as_ref()
                        .map(|c| c.stderr_tail())
                        .unwrap_or_default(),
                }
            })
            .collect();
        (list, reload_error)
    }

    /// Starts one server (no-op when it runs).
    pub async fn start(&self, name: &str) -> Result<(), StartError> {
        let config = {
            let mut inner = self.inner.lock().await;
            let slot = inner.slot(name)?;
            if slot.state == ServerState::Running
                && slot.conn.as_ref().is_some_and(|c| !c.is_closed())
            {
                return Ok(());
            }
            slot.state = ServerState::Starting;
            slot.error = None;
            slot.config.clone()
        };
        let opened = async {
            let conn =
                Connection::open(name, &config, &self.limits, self.tools_changed.clone()).await?;
            match conn.list_tools(self.limits.start).await {
                Ok(tools) => Ok((conn, tools)),
                Err(e) => {
                    conn.close().await;
                    Err(e)
                }
            }
        }
        .await;
        let mut inner = self.inner.lock().await;
        let Some(slot) = inner.slots.get_mut(name).filter(|s| s.config == config) else {
            drop(inner);
            if let Ok((conn, _)) = opened {
                conn.close().await;
            }
            return Err(StartError::Superseded(name.to_owned()));
        };
        match opened {
            Ok((conn, tools)) => {
                if slot.state == ServerState::Running {
                    // Another start won the race; keep that one.
                    drop(inner);
                    conn.close().await;
                    return Ok(());
                }
                tracing::info!(
                    server = name,
                    pid = conn.pid,
                    tools = tools.len(),
                    "MCP server started"
                );
                slot.conn = Some(Arc::new(conn));
                slot.tools = tools;
                slot.state = ServerState::Running;
                self.publish(&mut inner);
                Ok(())
            }
            Err(e) => {
                tracing::warn!(server = name, error = %e, "MCP server failed to start");
                slot.state = ServerState::Failed;
                slot.error = Some(e.to_string());
                Err(StartError::Upstream(e))
            }
        }
    }

    /// Stops one server; its tools leave the index at once.
    pub async fn stop(&self, name: &str) -> Result<(), StartError> {
        let conn = {
            let mut inner = self.inner.lock().await;
            let slot = inner.slot(name)?;
            slot.state = ServerState::Stopped;
            slot.tools.clear();
            slot.error = None;
            let conn = slot.conn.take();
            self.publish(&mut inner);
            conn
        };
        if let Some(c) = conn {
            c.close().await;
        }
        Ok(())
    }

    pub async fn restart(&self, name: &str) -> Result<(), StartError> {
        self.stop(name).await?;
        self.start(name).await
    }

    /// Starts every registered server that is not running, all at once;
    /// returns the ones that failed, with why.
    pub async fn start_all(&self) -> BTreeMap<String, String> {
        let names: Vec<String> = self.inner.lock().await.slots.keys().cloned().collect();
        let results = join_all(names.iter().map(|n| self.start(n))).await;
        names
            .into_iter()
            .zip(results)
            .filter_map(|(n, r)| r.err().map(|e| (n, e.to_string())))
            .collect()
    }

    /// Stops everything (at shutdown).
    pub async fn stop_all(&self) {
        let names: Vec<String> = self.inner.lock().await.slots.keys().cloned().collect();
        join_all(names.iter().map(|n| self.stop(n))).await;
    }

    /// Asks a running server whether it still answers.
    pub async fn health(&self, name: &str) -> Result<(), StartError> {
        let conn = {
            let mut inner = self.inner.lock().await;
            inner
                .slot(name)?
                .conn
                .clone()
                .ok_or_else(|| StartError::NotRunning(name.to_owned()))?
        };
        let result = conn.health(self.limits.health).await;
        if let Err(e) = &result {
            self.mark_failed(name, &conn, e).await;
        }
        result.map_err(StartError::Upstream)
    }

    async fn mark_failed(&self, name: &str, conn: &Arc<Connection>, e: &UpstreamError) {
        let mut inner = self.inner.lock().await;
        if let Some(slot) = inner.slots.get_mut(name)
            && slot.conn.as_ref().is_some_and(|c| Arc::ptr_eq(c, conn))
        {
            slot.state = ServerState::Failed;
            slot.error = Some(e.to_string());
            slot.tools.clear();
            self.publish(&mut inner);
        }
    }

    async fn refresh_tools(&self, name: &str) {
        let conn = {
            let inner = self.inner.lock().await;
            inner.slots.get(name).and_then(|s| s.conn.clone())
        };
        let Some(conn) = conn else { return };
        match conn.list_tools(self.limits.health).await {
            Ok(tools) => {
                let mut inner = self.inner.lock().await;
                if let Some(slot) = inner.slots.get_mut(name)
                    && slot.conn.as_ref().is_some_and(|c| Arc::ptr_eq(c, &conn))
                {
                    slot.tools = tools;
                    self.publish(&mut inner);
                }
            }
            Err(e) => self.mark_failed(name, &conn, &e).await,
        }
    }

    /// Calls a tool by its exposed name. A connection found dead marks its
    /// server failed, which takes its tools out of the index.
    pub async fn call(
        &self,
        exposed: &str,
        args: Option<serde_json::Map<String, Value>>,
        relay: Option<Arc<dyn ElicitRelay>>,
    ) -> Result<CallToolResult, CallError> {
        let index = self.index();
        let (t, conn) = connection(&index, exposed)?;
        let r = conn.call(&t.tool.name, args, &self.limits, relay).await;
        self.settle(t, conn, r).await
    }

    /// Calls a tool as [`McpRuntime::call`] does, as bytes
    /// ([`crate::raw_call`]); only for a tool whose
    /// [`ExposedTool::passes_raw`].
    pub async fn call_raw(
        &self,
        exposed: &str,
        args: &serde_json::Map<String, Value>,
        relay: Option<Arc<dyn ElicitRelay>>,
    ) -> Result<RawResult, CallError> {
        let index = self.index();
        let (t, conn) = connection(&index, exposed)?;
        let r = conn.call_raw(&t.tool.name, args, &self.limits, relay).await;
        self.settle(t, conn, r).await
    }

    /// A call's outcome; a connection found dead marks its server failed.
    async fn settle<T>(
        &self,
        t: &ExposedTool,
        conn: &Arc<Connection>,
        r: Result<T, UpstreamError>,
    ) -> Result<T, CallError> {
        match r {
            Ok(r) => Ok(r),
            Err(error) => {
                if error == UpstreamError::Closed {
                    self.mark_failed(&t.server, conn, &error).await;
                }
                Err(CallError::Upstream {
                    server: t.server.clone(),
                    error,
                })
            }
        }
    }

    /// Reads `.mcp.json` again when its signature moved: removed servers
    /// stop, changed ones are registered anew (and started again only if
    /// they were running), added ones are registered stopped. A file that
    /// does not parse changes nothing and is the error.
    pub async fn reload(&self) -> Result<ReloadReport, ConfigError> {
        let mtime_now = std::fs::metadata(&self.path)
            .ok()
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_nanos());
        let mut inner = self.inner.lock().await;
        if mtime_now.is_some() && mtime_now == inner.signature.as_ref().map(|s| s.mtime_ns) {
            return Ok(ReloadReport {
                unchanged: true,
                ..ReloadReport::default()
            });
        }
        let (new, sig) = match signature(&self.path)? {
            None => (McpConfig::default(), None),
            Some((sig, text)) => {
                if inner
                    .signature
                    .as_ref()
                    .is_some_and(|s| s.sha256 == sig.sha256)
                {
                    inner.signature = Some(sig);
                    return Ok(ReloadReport {
                        unchanged: true,
                        ..ReloadReport::default()
                    });
                }
                match McpConfig::parse(&text) {
                    Ok(c) => (c, Some(sig)),
                    Err(e) => {
                        tracing::warn!(error = %e, "the new .mcp.json is refused; running servers keep running");
                        return Err(e);
                    }
                }
            }
        };
        let d = diff(&inner.config, &new);
        let mut closing = Vec::new();
        let mut to_start = Vec::new();
        for name in &d.removed {
            if let Some(slot) = inner.slots.remove(name) {
                closing.extend(slot.conn);
            }
        }
        for name in &d.changed {
            let config = new.servers[name].clone();
            if let Some(slot) = inner.slots.get_mut(name) {
                let was_running = slot.state == ServerState::Running;
                closing.extend(slot.conn.take());
                *slot = Slot::new(config);
                if was_running {
                    to_start.push(name.clone());
                }
            }
        }
        for name in &d.added {
            inner
                .slots
                .insert(name.clone(), Slot::new(new.servers[name].clone()));
        }
        inner.config = new;
        inner.signature = sig;
        if !d.is_empty() {
            self.publish(&mut inner);
        }
        drop(inner);
        join_all(closing.iter().map(|c| c.close())).await;
        let results = join_all(to_start.iter().map(|n| self.start(n))).await;
        let mut report = ReloadReport {
            diff: d,
            ..ReloadReport::default()
        };
        for (name, r) in to_start.into_iter().zip(results) {
            match r {
                Ok(()) => report.restarted.push(name),
                Err(e) => {
                    report.errors.insert(name, e.to_string());
                }
            }
        }
        Ok(report)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("no MCP server is named `{0}`")]
    Unknown(String),
    #[error("MCP server `{0}` is not running")]
    NotRunning(String),
    #[error("MCP server `{0}` was changed or removed while it started")]
    Superseded(String),
    #[error(transparent)]
    Upstream(#[from] UpstreamError),
}
