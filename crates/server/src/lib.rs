//! The HTTP API: the gate as a decision point beside an agent's own tools,
//! approvals for humans, the tier, the audit.
//!
//! Handlers stay short; what applies to many routes is a layer: the Host /
//! Origin check (against DNS rebinding) on every route, the body-size limit,
//! the admin token on the routes that change approvals or configuration, the
//! tier on the TEAMS routes. Errors are JSON with stable codes.

pub mod discovery;
mod discovery_routes;
mod error;
mod guard;
pub mod mcp_face;
mod openapi;
mod routes;

use std::future::Future;
use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::middleware::{Next, from_fn_with_state};
use axum::routing::{get, post};
use hivegate_gate::Gate;
use hivegate_policy::tier::Tier;
use hivegate_store::AnyStore;
use sha2::{Digest, Sha256};

pub use error::ApiError;

/// Largest request body accepted: 1 MiB.
pub const DEFAULT_MAX_BODY: usize = 1024 * 1024;

/// What every handler shares.
pub struct AppState {
    pub gate: Arc<Gate<AnyStore>>,
    admin_token_digest: [u8; 32],
    /// Host names accepted besides loopback (lower case, no port).
    allowed_hosts: Vec<String>,
    max_body: usize,
    /// The discovery index; routes that need it answer 503 without it.
    pub discovery: Option<Arc<discovery::Discovery>>,
    /// The MCP gateway; `/mcp` and `/api/mcps` answer 503 / 404 without it.
    pub gateway: Option<Arc<hivegate_mcp::gateway::Gateway>>,
    /// Where installed skills live.
    pub skills_dir: Option<std::path::PathBuf>,
}

impl AppState {
    pub fn new(gate: Gate<AnyStore>, admin_token: &str, allowed_hosts: Vec<String>) -> AppState {
        AppState {
            gate: Arc::new(gate),
            admin_token_digest: Sha256::digest(admin_token.as_bytes()).into(),
            allowed_hosts: allowed_hosts
                .into_iter()
                .map(|h| h.to_ascii_lowercase())
                .collect(),
            max_body: DEFAULT_MAX_BODY,
            discovery: None,
            gateway: None,
            skills_dir: None,
        }
    }

    pub fn with_gateway(mut self, gw: Arc<hivegate_mcp::gateway::Gateway>) -> Self {
        self.gateway = Some(gw);
        self
    }

    pub fn with_skills_dir(mut self, dir: std::path::PathBuf) -> Self {
        self.skills_dir = Some(dir);
        self
    }

    pub fn with_discovery(mut self, d: Arc<discovery::Discovery>) -> Self {
        self.discovery = Some(d);
        self
    }

    pub fn with_max_body(mut self, bytes: usize) -> Self {
        self.max_body = bytes;
        self
    }
}

/// Milliseconds since the epoch: the one clock the server reads.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The whole API.
pub fn router(state: Arc<AppState>) -> Router {
    let teams = Router::new()
        .route("/api/admin/overview", get(routes::overview))
        .route("/api/admin/audit-export", post(routes::audit_export))
        .route_layer(from_fn_with_state(
            Arc::clone(&state),
            |State(s): State<Arc<AppState>>, req: Request, next: Next| {
                guard::require_tier(s, Tier::Teams, req, next)
            },
        ));
    let admin = Router::new()
        .route("/api/approvals", get(routes::list_approvals))
        .route("/api/approvals/{id}/approve", post(routes::approve))
        .route("/api/approvals/{id}/deny", post(routes::deny))
        .route("/api/audit", get(routes::audit_page))
        .route(
            "/api/embedding/provider",
            post(discovery_routes::set_provider),
        )
        .route("/api/mcps/reload", post(mcp_face::reload))
        .route("/api/mcps/{name}/{action}", post(mcp_face::action))
        .merge(teams)
        .route_layer(from_fn_with_state(Arc::clone(&state), guard::require_admin));
    let mut api = Router::new();
    if let Some(gw) = &state.gateway {
        api = api.nest_service("/mcp", mcp_face::mcp_service(Arc::clone(gw)));
    }
    api.route("/health", get(routes::health))
        .route("/api/openapi.json", get(openapi::document))
        .route("/api/gate/decide", post(routes::decide))
        .route("/api/approvals/{id}/redeem", post(routes::redeem))
        .route("/api/tier", get(routes::get_tier).put(routes::set_tier))
        .route(
            "/api/marketplace/agent-search",
            post(discovery_routes::agent_search),
        )
        .route("/api/marketplace/search", get(discovery_routes::search))
        .route("/api/embedding/status", get(discovery_routes::status))
        .route("/api/mcps", get(mcp_face::list))
        .route("/api/capabilities/status", get(mcp_face::capabilities))
        .merge(admin)
        .fallback(routes::not_found)
        .layer(DefaultBodyLimit::max(state.max_body))
        .layer(from_fn_with_state(
            Arc::clone(&state),
            guard::host_and_origin,
        ))
        .with_state(state)
}

/// Serves the API on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<AppState>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let sweeper = tokio::spawn(expire_approvals(Arc::clone(&state)));
    let served = axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown)
        .await;
    sweeper.abort();
    served
}

/// How often overdue approval requests are marked expired (and audited).
pub const EXPIRY_SWEEP: std::time::Duration = std::time::Duration::from_secs(30);

async fn expire_approvals(state: Arc<AppState>) {
    let mut tick = tokio::time::interval(EXPIRY_SWEEP);
    loop {
        tick.tick().await;
        if let Err(e) = state.gate.expire(now_ms()).await {
            tracing::warn!(error = %e, "could not expire approval requests");
        }
    }
}
