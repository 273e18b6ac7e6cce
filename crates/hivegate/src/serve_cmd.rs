//! `hivegate serve` and the commands that work on the local home's store:
//! `token`, `approvals`, `audit`, `tier`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use hivegate_gate::{GateError, Refusal};
use hivegate_policy::tier::Tier;
use hivegate_server::discovery::Discovery;
use hivegate_server::{AppState, now_ms};
use hivegate_store::{ApprovalStatus, GENESIS_HASH, Store, verify_chain};
use serde_json::json;

use crate::UserError;
use crate::home::Home;

#[derive(Debug, Args)]
pub struct HomeArgs {
    /// The data directory (default: $HIVEGATE_HOME, else the platform data dir).
    #[arg(long, global = true, value_name = "DIR")]
    pub(crate) home: Option<PathBuf>,
    /// A PostgreSQL URL, for several replicas sharing state (default:
    /// $HIVEGATE_DATABASE_URL, else the embedded SQLite file in the home).
    #[arg(long, global = true, value_name = "URL")]
    pub(crate) database_url: Option<String>,
    /// Print JSON.
    #[arg(long, global = true)]
    pub(crate) json: bool,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen. Anything but loopback needs an admin token made
    /// beforehand (`hivegate token create`).
    #[arg(long, default_value = "127.0.0.1:7777")]
    addr: SocketAddr,
    /// A host name clients may use besides localhost (repeatable).
    #[arg(long = "allow-host", value_name = "HOST")]
    allow_hosts: Vec<String>,
    /// Start every server in .mcp.json at boot (default: registered, stopped).
    #[arg(long)]
    mcp_autostart: bool,
    /// Seconds an MCP call that needs a human waits for one (0: answer
    /// `pending_approval` at once).
    #[arg(long, default_value_t = 120, value_name = "SECS")]
    approval_wait: u64,
    #[command(flatten)]
    mcp_autonomy: crate::mcp_cmd::McpAutonomy,
    #[command(flatten)]
    mcp_tools: crate::mcp_cmd::McpToolFilter,
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Create the admin token file (if missing) and print the token.
    Create,
    /// Print where the admin token is kept.
    Path,
}

#[derive(Debug, Subcommand)]
pub enum ApprovalsCommand {
    /// List approval requests (pending by default).
    List {
        #[arg(long, default_value = "pending")]
        status: String,
    },
    /// Grant a pending request; prints the single-use token.
    Approve { id: String },
    /// Deny a pending request.
    Deny { id: String },
}

#[derive(Debug, Subcommand)]
pub enum AuditCommand {
    /// Check the hash chain; names the first broken link.
    Verify,
    /// Print the audit.
    Export {
        #[arg(long, default_value = "jsonl")]
        format: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum TierCommand {
    /// Print the tier in force.
    Show,
    /// Set the tier: FREE, PRO, TEAMS, ENTERPRISE or TRIAL.
    Set { tier: String },
}

pub(crate) fn runtime() -> Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

fn print(json_out: bool, value: serde_json::Value, text: impl FnOnce() -> String) {
    if json_out {
        println!("{value}");
    } else {
        println!("{}", text());
    }
}

/// Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = term => {}
    }
}

pub fn serve(h: HomeArgs, a: ServeArgs) -> Result<()> {
    let started = std::time::Instant::now();
    let home = Home::resolve(h.home.as_deref())?;
    let loopback = a.addr.ip().is_loopback();
    let token = home.admin_token(loopback)?;
    let Some(token) = token else {
        return Err(
            UserError::new(format!("cannot bind {} without an admin token", a.addr))
                .with_help("run `hivegate token create`, or bind 127.0.0.1 (the default)")
                .into(),
        );
    };
    let autonomy = a.mcp_autonomy.resolve(crate::gate_cmd::now_ms())?;
    let permissions = a.mcp_tools.resolve()?;
    let rt = runtime()?;
    rt.block_on(async move {
        let gate = home.open_gate(h.database_url.as_deref()).await?;
        let backend = gate.store().backend();
        let mut hosts = a.allow_hosts.clone();
        if !loopback {
            hosts.push(a.addr.ip().to_string());
        }
        // Answer at once with the lexical index; the embedding index (the
        // first run embeds every catalog document) is built behind it.
        let config = crate::discover_cmd::discovery_config(&home.dir)?;
        let provider = crate::discover_cmd::configured_provider(gate.store()).await?;
        let lexical = Discovery::build_lexical(gate.store().as_ref(), &config, provider).await?;
        let discovery = Arc::new(Discovery::new(config.clone(), lexical));
        let listener = tokio::net::TcpListener::bind(a.addr)
            .await
            .with_context(|| format!("cannot listen on {}", a.addr))?;
        let local = listener.local_addr()?;
        let state = AppState::new(gate, &token, hosts)
            .with_discovery(Arc::clone(&discovery))
            .with_skills_dir(home.dir.join("skills"));
        let mcp = crate::mcp_cmd::load_runtime(&home).await;
        let gw = crate::mcp_cmd::gateway(
            &home,
            crate::mcp_cmd::GatewayParts {
                runtime: Arc::clone(&mcp),
                gate: Arc::clone(&state.gate),
                discovery: Arc::clone(&discovery),
                approval_wait: std::time::Duration::from_secs(a.approval_wait),
                approve_at: format!("http://{local}/api/approvals/{{id}}/approve"),
                autonomy,
                permissions,
            },
        );
        let state = Arc::new(state.with_gateway(Arc::clone(&gw)));
        if a.mcp_autostart {
            let mcp = Arc::clone(&mcp);
            tokio::spawn(async move {
                for (name, why) in mcp.start_all().await {
                    tracing::warn!(server = name, error = why, "MCP server did not start");
                }
            });
        }
        {
            let store = Arc::clone(state.gate.store());
            tokio::spawn(async move {
                match Discovery::build(store.as_ref(), &config, provider, &|_, _| {}).await {
                    Ok(built) => {
                        tracing::info!(ranking = built.status.ranking, documents = built.documents, "discovery index ready");
                        gw.selector.set_embedder(built.embedder.clone());
                        discovery.replace(built);
                    }
                    Err(e) => tracing::warn!(error = %e, "could not build the embedding index; staying with BM25"),
                }
            });
        }
        crate::to_stderr(&format!(
            "hivegate listening on http://{local} (store: {backend}, home: {}, admin token: {}) ready in {} ms",
            home.dir.display(),
            if std::env::var_os(crate::home::ADMIN_TOKEN_ENV).is_some() { "from HIVEGATE_ADMIN_TOKEN".to_owned() } else { home.admin_token_path().display().to_string() },
            started.elapsed().as_millis()
        ));
        let served = hivegate_server::serve(listener, state, shutdown_signal()).await;
        // Upstream children would otherwise outlive us.
        mcp.stop_all().await;
        served?;
        Ok(())
    })
}

pub fn token(h: HomeArgs, cmd: TokenCommand) -> Result<()> {
    let home = Home::resolve(h.home.as_deref())?;
    match cmd {
        TokenCommand::Create => {
            let t = home.admin_token(true)?.unwrap_or_default();
            print(
                h.json,
                json!({"token": t, "path": home.admin_token_path()}),
                || t.clone(),
            );
        }
        TokenCommand::Path => {
            let p = home.admin_token_path();
            print(h.json, json!({"path": p}), || p.display().to_string());
        }
    }
    Ok(())
}

fn refusal(r: Refusal) -> anyhow::Error {
    UserError::new(format!("{} ({})", r, r.code())).into()
}

pub fn approvals(h: HomeArgs, cmd: ApprovalsCommand) -> Result<()> {
    let home = Home::resolve(h.home.as_deref())?;
    runtime()?.block_on(async {
        let gate = home.open_gate(h.database_url.as_deref()).await?;
        let now = now_ms();
        match cmd {
            ApprovalsCommand::List { status } => {
                let status = match status.as_str() {
                    "all" => None,
                    s => Some(
                        s.parse::<ApprovalStatus>()
                            .map_err(|e| UserError::new(e.to_string()))?,
                    ),
                };
                gate.expire(now).await?;
                let list = gate
                    .store()
                    .approval_list(status, 500)
                    .await
                    .map_err(GateError::from)?;
                print(h.json, json!({"approvals": list}), || {
                    if list.is_empty() {
                        return "no approval requests".to_owned();
                    }
                    list.iter()
                        .map(|a| {
                            format!(
                                "{}  {:<8}  {:<9}  {}  {}",
                                a.id,
                                a.status,
                                a.approval_class,
                                a.tool,
                                a.args_canonical.chars().take(80).collect::<String>()
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("\n")
                });
            }
            ApprovalsCommand::Approve { id } => {
                let g = gate.grant(&id, "cli", now).await?.map_err(refusal)?;
                print(
                    h.json,
                    json!({"approval": g.approval, "token": g.token}),
                    || {
                        format!(
                            "granted {} ({}); single-use token:\n{}",
                            g.approval.id, g.approval.tool, g.token
                        )
                    },
                );
            }
            ApprovalsCommand::Deny { id } => {
                let a = gate.deny(&id, "cli", now).await?.map_err(refusal)?;
                print(h.json, json!({"approval": a}), || {
                    format!("denied {} ({})", a.id, a.tool)
                });
            }
        }
        Ok(())
    })
}

pub fn audit(h: HomeArgs, cmd: AuditCommand) -> Result<()> {
    let home = Home::resolve(h.home.as_deref())?;
    runtime()?.block_on(async {
        let gate = home.open_gate(h.database_url.as_deref()).await?;
        let store = gate.store();
        match cmd {
            AuditCommand::Verify => {
                let (mut seq, mut hash) = (0, GENESIS_HASH.to_owned());
                loop {
                    let rows = store.audit_page(seq, 1000).await.map_err(GateError::from)?;
                    if rows.is_empty() {
                        break;
                    }
                    match verify_chain(rows.iter(), (seq, &hash)) {
                        Ok((s, hh)) => (seq, hash) = (s, hh),
                        Err(e) => {
                            return Err(UserError::new(format!("the audit chain is broken: {e}"))
                                .with_help("rows before this one verify; this row or the one before it was altered")
                                .into());
                        }
                    }
                }
                print(h.json, json!({"ok": true, "rows": seq, "head": hash}), || format!("ok: {seq} rows, head {hash}"));
            }
            AuditCommand::Export { format } => {
                if format != "jsonl" {
                    return Err(UserError::new(format!("unknown format `{format}`: expected jsonl")).into());
                }
                let mut after = 0;
                loop {
                    let rows = store.audit_page(after, 1000).await.map_err(GateError::from)?;
                    let Some(last) = rows.last() else { break };
                    after = last.seq;
                    for r in &rows {
                        println!("{}", serde_json::to_string(r)?);
                    }
                }
            }
        }
        Ok(())
    })
}

pub fn tier(h: HomeArgs, cmd: TierCommand) -> Result<()> {
    let home = Home::resolve(h.home.as_deref())?;
    runtime()?.block_on(async {
        let gate = home.open_gate(h.database_url.as_deref()).await?;
        let now = now_ms();
        if let TierCommand::Set { tier } = cmd {
            let t: Tier = tier
                .parse()
                .map_err(|e: hivegate_policy::tier::UnknownTier| UserError::new(e.to_string()))?;
            gate.set_tier(t, "cli", now).await?;
        }
        let t = gate.tier(now).await?;
        print(h.json, json!({"tier": t}), || t.to_string());
        Ok(())
    })
}
