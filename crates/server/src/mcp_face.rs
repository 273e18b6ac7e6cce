//! The MCP side of the API: `/mcp` (hivegate as a streamable HTTP MCP
//! server), the upstream servers' routes (`/api/mcps…`), the capability
//! status, and the meta tools' implementation over discovery.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Json;
use axum::extract::{Path as UrlPath, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures::future::BoxFuture;
use hivegate_catalog::acquisition::validate_install_candidate;
use hivegate_catalog::find::{find_connector, list_connector_categories};
use hivegate_mcp::gateway::{Gateway, GatewaySession, META_TOOLS, MetaTools};
use hivegate_mcp::runtime::ServerState;
use hivegate_store::Store;
use rmcp::transport::StreamableHttpServerConfig;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::tower::StreamableHttpService;
use serde_json::{Value, json};

use crate::discovery::{Discovery, pick, record_proposal};
use crate::error::ApiError;
use crate::{AppState, now_ms};

type ApiResult = Result<Response, ApiError>;

/// The `/mcp` endpoint: one [`GatewaySession`] per MCP session. Host and
/// Origin are checked by the router's guard before a request gets here.
pub fn mcp_service(gw: Arc<Gateway>) -> StreamableHttpService<GatewaySession, LocalSessionManager> {
    StreamableHttpService::new(
        move || Ok(GatewaySession::new(Arc::clone(&gw))),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default()
            .with_sse_keep_alive(Some(std::time::Duration::from_secs(15)))
            // The router's guard already refused other hosts; rmcp's own
            // check would refuse the names operators allowed.
            .with_allowed_hosts(Vec::<String>::new()),
    )
}

/// The meta tools over the server's discovery index and the home's skills.
pub struct ServerMeta {
    pub discovery: Arc<Discovery>,
    pub store: Arc<hivegate_store::AnyStore>,
    /// Where installed skills go: `<home>/skills/<name>/SKILL.md`.
    pub skills_dir: PathBuf,
}

/// Names of the skills installed in `dir`.
pub fn installed_skills(dir: &Path) -> Vec<(String, u64)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<(String, u64)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let len = std::fs::metadata(e.path().join("SKILL.md")).ok()?.len();
            Some((e.file_name().to_string_lossy().into_owned(), len))
        })
        .collect();
    out.sort();
    out
}

impl MetaTools for ServerMeta {
    fn acquire(
        &self,
        need: String,
        workspace: Option<String>,
    ) -> BoxFuture<'_, Result<Value, String>> {
        Box::pin(async move {
            let p = pick(
                self.store.as_ref(),
                self.discovery.current(),
                &need,
                workspace.as_deref(),
            )
            .await
            .map_err(|e| e.to_string())?;
            record_proposal(
                self.store.as_ref(),
                &p,
                workspace.as_deref(),
                "mcp",
                now_ms(),
            )
            .await
            .map_err(|e| e.to_string())?;
            serde_json::to_value(&p).map_err(|e| e.to_string())
        })
    }

    fn install(&self, name: String) -> BoxFuture<'_, Result<Value, String>> {
        Box::pin(async move {
            let built = self.discovery.current();
            let starter: Vec<&str> = built.starter.iter().map(|s| s.name.as_str()).collect();
            let installed = installed_skills(&self.skills_dir);
            let installed_names: Vec<&str> = installed.iter().map(|(n, _)| n.as_str()).collect();
            let v = validate_install_candidate(&name, "starter-pack", &starter, &installed_names);
            if let Some(e) = v.error {
                return Err(e);
            }
            let skill = built
                .starter
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| format!("no starter-pack skill is named `{name}`"))?;
            let path = self.skills_dir.join(&skill.name).join("SKILL.md");
            hivegate_store::vault::write_atomic(&path, skill.content.as_bytes(), false)
                .map_err(|e| format!("could not write {}: {e}", path.display()))?;
            self.store
                .audit_append(
                    "skill_installed",
                    &json!({"name": skill.name, "source": "starter-pack"}),
                    now_ms(),
                )
                .await
                .map_err(|e| e.to_string())?;
            Ok(json!({"installed": skill.name, "path": path, "source": "starter-pack"}))
        })
    }

    fn find_connector(&self, query: &str, limit: usize) -> Result<Value, String> {
        let built = self.discovery.current();
        let r = find_connector(
            &built.catalog,
            &built.catalog_ranker,
            query,
            Some(limit),
            None,
        );
        serde_json::to_value(r).map_err(|e| e.to_string())
    }

    fn list_connector_categories(&self) -> Value {
        let built = self.discovery.current();
        json!({"categories": list_connector_categories(&built.catalog)})
    }
}

fn gateway(s: &AppState) -> Result<&Arc<Gateway>, ApiError> {
    s.gateway.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "MCP_UNAVAILABLE",
            "this server runs without the MCP gateway",
        )
    })
}

/// `GET /api/mcps`: every upstream with state, health and tools, the
/// autonomy and tool filter in force; the config file's signature is
/// checked on the way (cheap when unchanged).
pub async fn list(State(s): State<Arc<AppState>>) -> ApiResult {
    let gw = gateway(&s)?;
    let (servers, reload_error) = gw.runtime.servers().await;
    let now = crate::now_ms();
    let autonomy = gw.config.autonomy.map_or(
        json!({"level": "normal", "expiresAt": null}),
        |o| json!({"level": o.effective_level(now), "expiresAt": o.expires_at}),
    );
    Ok(Json(json!({
        "config": gw.runtime.path(),
        "servers": servers,
        "toolCount": gw.runtime.index().tools.len(),
        "reloadError": reload_error,
        "autonomy": autonomy,
        "toolFilter": gw.config.permissions,
    }))
    .into_response())
}

/// `POST /api/mcps/reload` (admin): re-reads `.mcp.json`. A bad file is a
/// 400 naming the problem; the running servers keep running.
pub async fn reload(State(s): State<Arc<AppState>>) -> ApiResult {
    let gw = gateway(&s)?;
    match gw.runtime.reload().await {
        Ok(report) => {
            s.gate
                .store()
                .audit_append("mcp_reload", &json!(report), now_ms())
                .await?;
            Ok(Json(report).into_response())
        }
        Err(e) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "MCP_CONFIG_INVALID",
            format!("{e}; the running servers were kept"),
        )),
    }
}

/// `POST /api/mcps/{name}/{start|stop|restart|health}` (admin).
pub async fn action(
    State(s): State<Arc<AppState>>,
    UrlPath((name, action)): UrlPath<(String, String)>,
) -> ApiResult {
    let gw = gateway(&s)?;
    let rt = &gw.runtime;
    let result = match action.as_str() {
        "start" => rt.start(&name).await,
        "stop" => rt.stop(&name).await,
        "restart" => rt.restart(&name).await,
        "health" => rt.health(&name).await,
        _ => {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                "NOT_FOUND",
                "actions are start, stop, restart and health",
            ));
        }
    };
    s.gate
        .store()
        .audit_append(
            "mcp_server",
            &json!({"name": name, "action": action, "ok": result.is_ok()}),
            now_ms(),
        )
        .await?;
    match result {
        Ok(()) => {
            let (servers, _) = rt.servers().await;
            let status = servers.into_iter().find(|x| x.name == name);
            Ok(Json(json!({"ok": true, "server": status})).into_response())
        }
        Err(hivegate_mcp::runtime::StartError::Unknown(n)) => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "MCP_SERVER_NOT_FOUND",
            format!("no MCP server is named `{n}`"),
        )),
        Err(e) => Err(ApiError::new(
            StatusCode::BAD_GATEWAY,
            "MCP_SERVER_FAILED",
            e.to_string(),
        )),
    }
}

/// `GET /api/capabilities/status` (§11): what this hivegate can do now.
pub async fn capabilities(State(s): State<Arc<AppState>>) -> ApiResult {
    let (mcp_servers, mcp_tools) = match &s.gateway {
        Some(gw) => {
            let (servers, _) = gw.runtime.servers().await;
            let list: Vec<Value> = servers
                .iter()
                .map(|x| {
                    json!({"name": x.name, "state": x.state,
                           "healthy": x.state == ServerState::Running && x.error.is_none(),
                           "tools": x.tools.len()})
                })
                .collect();
            (list, gw.runtime.index().tools.len())
        }
        None => (Vec::new(), 0),
    };
    let native = s
        .discovery
        .as_ref()
        .map_or(0, |d| d.current().native.names().count());
    let skills = s
        .skills_dir
        .as_deref()
        .map(installed_skills)
        .unwrap_or_default();
    let meta_tools = if s.gateway.is_some() {
        META_TOOLS.len()
    } else {
        0
    };
    Ok(Json(json!({
        "plugins": [],
        "mcpServers": mcp_servers,
        "skills": skills.iter().map(|(n, len)| json!({"name": n, "length": len})).collect::<Vec<_>>(),
        "tools": {"count": native + mcp_tools + meta_tools, "native": native, "plugin": 0, "mcp": mcp_tools, "meta": meta_tools},
        "commands": [],
        "hooks": {"registered": 0, "recentActivity": []},
        "workflows": [],
    }))
    .into_response())
}
