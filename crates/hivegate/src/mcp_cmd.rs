//! `hivegate mcp`: hivegate as an MCP server over stdio, and
//! `hivegate mcp servers|tools|reload`, which ask a running `serve`.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use hivegate_gate::Gate;
use hivegate_mcp::fast::FastLane;
use hivegate_mcp::gateway::{Gateway, GatewayConfig, GatewaySession};
use hivegate_mcp::lines::LineTransport;
use hivegate_mcp::retrieval::ToolSelector;
use hivegate_mcp::runtime::McpRuntime;
use hivegate_mcp::upstream::Limits;
use hivegate_policy::AutonomyLevel;
use hivegate_policy::confirmation::AutonomyOverride;
use hivegate_policy::permissions::PermissionManager;
use hivegate_server::discovery::Discovery;
use hivegate_server::mcp_face::ServerMeta;
use hivegate_store::AnyStore;
use rmcp::ServiceExt;
use rmcp::service::RoleServer;
use serde_json::Value;

use crate::UserError;
use crate::home::Home;
use crate::serve_cmd::{HomeArgs, runtime};

#[derive(Debug, Args)]
pub struct McpArgs {
    /// Seconds a call that needs a human waits for one (0: answer
    /// `pending_approval` at once).
    #[arg(long, default_value_t = 120, value_name = "SECS")]
    approval_wait: u64,
    /// Register the servers in .mcp.json without starting them.
    #[arg(long)]
    no_start: bool,
    #[command(flatten)]
    autonomy: McpAutonomy,
    #[command(flatten)]
    tools: McpToolFilter,
    /// The running `hivegate serve` (for servers, tools, reload).
    #[arg(
        long,
        global = true,
        default_value = "http://127.0.0.1:7777",
        value_name = "URL"
    )]
    url: String,
}

#[derive(Debug, Subcommand)]
pub enum McpCommand {
    /// The upstream servers of a running `serve`: state, pid, tools.
    Servers,
    /// The upstream tools of a running `serve`, by exposed name.
    Tools,
    /// Make a running `serve` re-read .mcp.json.
    Reload,
    /// Connect to an MCP server over streamable HTTP with hivegate's
    /// upstream client, list its tools, and optionally call one (to try a
    /// server before adding it to .mcp.json).
    Probe {
        /// The server's URL (http:// or https://).
        url: String,
        /// A tool to call.
        #[arg(long)]
        call: Option<String>,
        /// The call's arguments, a JSON object.
        #[arg(long, default_value = "{}")]
        args: String,
        /// How to answer the server's elicitation requests: `cancel` (no
        /// human here), or `defaults` (accept with the defaults the form
        /// gives, for testing).
        #[arg(long, value_enum, default_value = "cancel")]
        elicit: ProbeElicit,
    },
}

/// The operator's autonomy for calls through the MCP gateway (an agent
/// cannot raise it). Above normal it must expire.
#[derive(Debug, Clone, Args)]
pub struct McpAutonomy {
    /// Autonomy for MCP gateway calls: normal, trusted or yolo. Critical
    /// calls ask a human at every level.
    #[arg(long = "mcp-autonomy", default_value = "normal", value_name = "LEVEL")]
    level: String,
    /// Minutes a trusted or yolo level lasts; after them, normal again.
    #[arg(long = "mcp-autonomy-minutes", value_name = "MIN")]
    minutes: Option<u64>,
}

/// The longest an operator can raise the gateway's autonomy for: a week.
const MAX_AUTONOMY_MINUTES: u64 = 7 * 24 * 60;

impl McpAutonomy {
    /// The override in force from `now_ms`, or none at normal.
    pub fn resolve(&self, now_ms: i64) -> Result<Option<AutonomyOverride>, UserError> {
        let level = self
            .level
            .parse::<AutonomyLevel>()
            .map_err(|e| UserError::new(format!("--mcp-autonomy: {e}")))?;
        match (level, self.minutes) {
            (AutonomyLevel::Normal, None) => Ok(None),
            (AutonomyLevel::Normal, Some(_)) => Err(UserError::new(
                "--mcp-autonomy-minutes needs --mcp-autonomy trusted or yolo",
            )),
            (_, None) => Err(UserError::new(format!(
                "--mcp-autonomy {} needs --mcp-autonomy-minutes: a raised level always expires",
                self.level
            ))),
            (_, Some(m)) if m == 0 || m > MAX_AUTONOMY_MINUTES => Err(UserError::new(format!(
                "--mcp-autonomy-minutes must be 1 to {MAX_AUTONOMY_MINUTES}, not {m}"
            ))),
            (level, Some(m)) => Ok(Some(AutonomyOverride {
                level,
                expires_at: Some(
                    now_ms.saturating_add(i64::try_from(m * 60_000).unwrap_or(i64::MAX)),
                ),
            })),
        }
    }
}

/// The operator's tool filter for the MCP gateway (seed §6): which tools
/// an agent is shown and may call at all, e.g. a persona without installs.
#[derive(Debug, Clone, Args)]
pub struct McpToolFilter {
    /// Show and run only these tools (repeatable): exposed names such as
    /// mcp_fs_read_text_file, or meta tools such as find_connector.
    #[arg(long = "mcp-allow-tool", value_name = "TOOL")]
    allow: Vec<String>,
    /// Never show or run this tool (repeatable); wins over --mcp-allow-tool.
    #[arg(long = "mcp-deny-tool", value_name = "TOOL")]
    deny: Vec<String>,
}

impl McpToolFilter {
    /// The filter, or none when no flag was given.
    pub fn resolve(&self) -> Result<Option<Arc<PermissionManager>>, UserError> {
        for (flag, names) in [
            ("--mcp-allow-tool", &self.allow),
            ("--mcp-deny-tool", &self.deny),
        ] {
            if let Some(bad) = names.iter().find(|n| !valid_tool_name(n)) {
                return Err(UserError::new(format!(
                    "{flag}: `{bad}` is not a tool name (letters, digits, _ - . and up to 128 characters)"
                )));
            }
        }
        if self.allow.is_empty() && self.deny.is_empty() {
            return Ok(None);
        }
        let allow = (!self.allow.is_empty()).then_some(self.allow.iter().map(String::as_str));
        Ok(Some(Arc::new(PermissionManager::new(
            self.deny.iter().map(String::as_str),
            allow,
        ))))
    }
}

/// What a tool name given to the filter may hold: letters, digits, `_`,
/// `-` and `.`, as every exposed and meta tool name does.
fn valid_tool_name(name: &str) -> bool {
    (1..=128).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// Everything the gateway needs, for `serve` and for `hivegate mcp`.
pub struct GatewayParts {
    pub runtime: Arc<McpRuntime>,
    pub gate: Arc<Gate<AnyStore>>,
    pub discovery: Arc<Discovery>,
    pub approval_wait: Duration,
    pub approve_at: String,
    pub autonomy: Option<AutonomyOverride>,
    pub permissions: Option<Arc<PermissionManager>>,
}

pub fn gateway(home: &Home, p: GatewayParts) -> Arc<Gateway> {
    let meta = ServerMeta {
        discovery: Arc::clone(&p.discovery),
        store: Arc::clone(p.gate.store()),
        skills_dir: home.dir.join("skills"),
    };
    Arc::new(Gateway::new(
        p.runtime,
        p.gate,
        Arc::new(meta),
        ToolSelector::new(p.discovery.current().embedder.clone()),
        GatewayConfig {
            approval_wait: p.approval_wait,
            approve_at: p.approve_at,
            autonomy: p.autonomy,
            workspace: None,
            permissions: p.permissions,
        },
    ))
}

/// Loads `<home>/.mcp.json`; a bad file is reported and registers nothing.
pub async fn load_runtime(home: &Home) -> Arc<McpRuntime> {
    let path = home.dir.join(".mcp.json");
    let (rt, err) = McpRuntime::load_lenient(&path, Limits::default()).await;
    if let Some(e) = err {
        tracing::warn!("{e}; no MCP servers registered (fix it and reload)");
    }
    rt
}

pub fn run(h: HomeArgs, a: McpArgs, command: Option<McpCommand>) -> Result<()> {
    match command {
        None => stdio(h, a),
        Some(McpCommand::Probe {
            url,
            call,
            args,
            elicit,
        }) => probe(&url, call.as_deref(), &args, elicit),
        Some(McpCommand::Servers) => remote(h, a, Remote::Servers),
        Some(McpCommand::Tools) => remote(h, a, Remote::Tools),
        Some(McpCommand::Reload) => remote(h, a, Remote::Reload),
    }
}

fn stdio(h: HomeArgs, a: McpArgs) -> Result<()> {
    let home = Home::resolve(h.home.as_deref())?;
    let autonomy = a.autonomy.resolve(crate::gate_cmd::now_ms())?;
    let permissions = a.tools.resolve()?;
    // One client, one thread: no cross-thread wake-ups per message.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    rt.block_on(async move {
        let gate = Arc::new(home.open_gate(h.database_url.as_deref()).await?);
        let config = crate::discover_cmd::discovery_config(&home.dir)?;
        let provider = crate::discover_cmd::configured_provider(gate.store()).await?;
        let lexical = Discovery::build_lexical(gate.store().as_ref(), &config, provider).await?;
        let discovery = Arc::new(Discovery::new(config, lexical));
        let rt = load_runtime(&home).await;
        if !a.no_start {
            for (name, why) in rt.start_all().await {
                crate::to_stderr(&format!("warning: MCP server {name} did not start: {why}"));
            }
        }
        let gw = gateway(
            &home,
            GatewayParts {
                runtime: Arc::clone(&rt),
                gate,
                discovery,
                approval_wait: Duration::from_secs(a.approval_wait),
                approve_at: "hivegate approvals approve {id}".into(),
                autonomy,
                permissions,
            },
        );
        let (read, write) = crate::stdio_pipes::stdio();
        let session = GatewaySession::new(gw);
        let transport = LineTransport::<RoleServer, _>::new(read, write);
        let transport = match transport.line_sender() {
            Some(out) => transport.with_intercept(Arc::new(FastLane::new(session.clone(), out))),
            None => transport,
        };
        let served = session
            .serve(transport)
            .await
            .context("the MCP client did not complete the handshake")?
            .waiting()
            .await;
        rt.stop_all().await;
        served.context("the MCP session ended abnormally")?;
        Ok(())
    })
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ProbeElicit {
    Cancel,
    Defaults,
}

fn probe(url: &str, call: Option<&str>, args: &str, elicit: ProbeElicit) -> Result<()> {
    let config = hivegate_mcp::config::McpConfig::parse(
        &serde_json::json!({"mcpServers": {"probe": {"url": url}}}).to_string(),
    )
    .map_err(|e| UserError::new(e.to_string()))?;
    let server = config.servers.get("probe").cloned().context("no server")?;
    let args: Value = serde_json::from_str(args)
        .map_err(|e| UserError::new(format!("--args is not JSON: {e}")))?;
    let Value::Object(args) = args else {
        return Err(UserError::new("--args must be a JSON object").into());
    };
    runtime()?.block_on(async move {
        let limits = Limits::default();
        let (tx, _rx) = tokio::sync::mpsc::unbounded_channel();
        let conn = hivegate_mcp::upstream::Connection::open("probe", &server, &limits, tx).await?;
        let tools = conn.list_tools(limits.start).await?;
        for t in &tools {
            println!(
                "{}",
                serde_json::json!({"tool": t.name, "description": t.description})
            );
        }
        if let Some(name) = call {
            let relay: Option<Arc<dyn hivegate_mcp::relay::ElicitRelay>> = match elicit {
                ProbeElicit::Cancel => None,
                ProbeElicit::Defaults => Some(Arc::new(hivegate_mcp::relay::AcceptDefaults)),
            };
            let r = conn.call(name, Some(args), &limits, relay).await?;
            println!("{}", serde_json::to_string(&r)?);
        }
        conn.close().await;
        Ok(())
    })
}

/// What asks a running `serve`.
#[derive(Debug, Clone, Copy)]
enum Remote {
    Servers,
    Tools,
    Reload,
}

fn remote(h: HomeArgs, a: McpArgs, c: Remote) -> Result<()> {
    let base = a.url.trim_end_matches('/');
    let agent = ureq::Agent::new_with_config(
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(120)))
            .build(),
    );
    let unreachable = |e: ureq::Error| {
        UserError::new(format!("cannot reach hivegate at {base}: {e}"))
            .with_help("start it with `hivegate serve`, or pass --url")
    };
    let mut resp = match c {
        Remote::Servers | Remote::Tools => agent
            .get(format!("{base}/api/mcps"))
            .call()
            .map_err(unreachable)?,
        Remote::Reload => {
            let home = Home::resolve(h.home.as_deref())?;
            let token = home.admin_token(false)?.ok_or_else(|| {
                UserError::new("reload needs the admin token")
                    .with_help("run `hivegate token create` on the serving machine")
            })?;
            agent
                .post(format!("{base}/api/mcps/reload"))
                .header("Authorization", format!("Bearer {token}"))
                .send_empty()
                .map_err(unreachable)?
        }
    };
    let status = resp.status().as_u16();
    let body: Value = resp
        .body_mut()
        .read_json()
        .context("hivegate answered with something that is not JSON")?;
    if status >= 400 {
        let msg = body
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or("request failed");
        return Err(UserError::new(format!("hivegate refused ({status}): {msg}")).into());
    }
    if h.json {
        println!("{body}");
        return Ok(());
    }
    let servers = body
        .get("servers")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    match c {
        Remote::Servers => {
            if servers.is_empty() {
                println!(
                    "no MCP servers in {}",
                    body.get("config")
                        .and_then(Value::as_str)
                        .unwrap_or(".mcp.json")
                );
            }
            for s in servers {
                let get = |k: &str| s.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
                let pid = s
                    .get("pid")
                    .and_then(Value::as_u64)
                    .map(|p| format!(" pid {p}"))
                    .unwrap_or_default();
                let tools = s.get("tools").and_then(Value::as_array).map_or(0, Vec::len);
                let error = s
                    .get("error")
                    .and_then(Value::as_str)
                    .map(|e| format!(" — {e}"))
                    .unwrap_or_default();
                println!(
                    "{:<24} {:<6} {:<9}{pid} {tools} tools{error}",
                    get("name"),
                    get("transport"),
                    get("state")
                );
            }
        }
        Remote::Tools => {
            for s in servers {
                for t in s
                    .get("tools")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    println!("{}", t.as_str().unwrap_or(""));
                }
            }
        }
        Remote::Reload => {
            if body.get("unchanged").and_then(Value::as_bool) == Some(true) {
                println!(".mcp.json is unchanged");
            } else {
                let list = |k: &str| {
                    body.get(k)
                        .and_then(Value::as_array)
                        .map(|a| {
                            a.iter()
                                .filter_map(Value::as_str)
                                .collect::<Vec<_>>()
                                .join(", ")
                        })
                        .unwrap_or_default()
                };
                println!(
                    "added: [{}]  removed: [{}]  changed: [{}]  restarted: [{}]",
                    list("added"),
                    list("removed"),
                    list("changed"),
                    list("restarted")
                );
            }
        }
    }
    Ok(())
}
