//! Discovery routes: agent-search, marketplace search, the embedding
//! provider's status and choice.

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use hivegate_embed::ProviderKind;
use hivegate_embed::select::env_provider;
use hivegate_policy::tier::{Tier, TierInsufficient, tier_capabilities};
use hivegate_store::Store;
use hivegate_store::marketplace::{MarketQuery, Marketplace};
use serde::Deserialize;
use serde_json::json;

use crate::discovery::{Discovery, PROVIDER_KEY, pick, record_proposal};
use crate::error::{ApiError, tier_response};
use crate::routes::admin_name;
use crate::{AppState, now_ms};

type ApiResult = Result<Response, ApiError>;

fn discovery(s: &AppState) -> Result<&Arc<Discovery>, ApiError> {
    s.discovery.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "DISCOVERY_UNAVAILABLE",
            "the discovery index is not loaded",
        )
    })
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "INTERNAL", e.to_string())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgentSearchBody {
    need: String,
    workspace: Option<String>,
}

/// `POST /api/marketplace/agent-search {need, workspace?}`: one connector +
/// one skill + one tool, each with a why. Every proposal is audited.
pub async fn agent_search(
    State(s): State<Arc<AppState>>,
    body: Result<Json<AgentSearchBody>, JsonRejection>,
) -> ApiResult {
    let Json(b) = body?;
    if b.need.trim().is_empty() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "INVALID_BODY",
            "`need` must not be empty",
        ));
    }
    if let Some(w) = &b.workspace {
        crate::routes::check_name("workspace", w)?;
    }
    let d = discovery(&s)?;
    let store = s.gate.store();
    let p = pick(store.as_ref(), d.current(), &b.need, b.workspace.as_deref())
        .await
        .map_err(internal)?;
    record_proposal(store.as_ref(), &p, b.workspace.as_deref(), "http", now_ms()).await?;
    Ok(Json(p).into_response())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchQuery {
    q: Option<String>,
    /// Comma-separated facet filters.
    types: Option<String>,
    categories: Option<String>,
    sources: Option<String>,
    workspace: Option<String>,
    limit: Option<u32>,
    offset: Option<u32>,
}

fn list(v: &Option<String>) -> Vec<String> {
    v.as_deref()
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(str::to_owned)
        .collect()
}

/// `GET /api/marketplace/search?q=&types=&categories=&sources=&workspace=`.
pub async fn search(
    State(s): State<Arc<AppState>>,
    q: Result<Query<SearchQuery>, QueryRejection>,
) -> ApiResult {
    let Query(q) = q?;
    let text = q.q.unwrap_or_default();
    if text.chars().count() > 1000 {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "INVALID_QUERY",
            "`q` is at most 1000 characters",
        ));
    }
    if let Some(w) = &q.workspace {
        crate::routes::check_name("workspace", w)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "INVALID_QUERY", e.message))?;
    }
    let limit = crate::routes::bounded("limit", q.limit.unwrap_or(20), 200)?;
    let offset = crate::routes::bounded("offset", q.offset.unwrap_or(0), 100_000)?;
    let result = s
        .gate
        .store()
        .marketplace_search(&MarketQuery {
            text,
            types: list(&q.types),
            categories: list(&q.categories),
            sources: list(&q.sources),
            workspace: q.workspace,
            limit,
            offset,
            page_only: false,
        })
        .await?;
    Ok(Json(result).into_response())
}

/// `GET /api/embedding/status`.
pub async fn status(State(s): State<Arc<AppState>>) -> ApiResult {
    let d = discovery(&s)?;
    let built = d.current();
    Ok(Json(json!({
        "status": built.status,
        "documents": built.documents,
        "modelDir": d.config.model_dir,
    }))
    .into_response())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderBody {
    provider: String,
}

/// The lowest tier whose capabilities include `provider`.
fn lowest_tier_for(provider: &str) -> Tier {
    [Tier::Free, Tier::Pro, Tier::Teams, Tier::Enterprise]
        .into_iter()
        .find(|t| {
            tier_capabilities(*t)
                .embedding_providers
                .contains(&provider)
        })
        .unwrap_or(Tier::Enterprise)
}

/// `POST /api/embedding/provider {provider}` (admin): validated, tier-gated
/// through TIER_CAPABILITIES, stored, and the index rebuilt; the answer is
/// the new status (which says when `EMBEDDING_PROVIDER` overrides it).
pub async fn set_provider(
    State(s): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Result<Json<ProviderBody>, JsonRejection>,
) -> ApiResult {
    let Json(b) = body?;
    let kind = ProviderKind::parse(&b.provider).ok_or_else(|| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "INVALID_PROVIDER",
            "`provider` must be one of auto, local, ollama, openai, hash",
        )
    })?;
    let now = now_ms();
    let tier = s.gate.tier(now).await?;
    let gated = if kind == ProviderKind::Auto {
        "local"
    } else {
        kind.as_str()
    };
    if !tier_capabilities(tier).embedding_providers.contains(&gated) {
        let t = TierInsufficient::new(lowest_tier_for(gated), tier);
        let row = json!({"path": "/api/embedding/provider", "required": t.required, "actual": t.actual, "provider": gated});
        s.gate
            .store()
            .audit_append("tier_denied", &row, now)
            .await?;
        return Ok(tier_response(t));
    }
    let d = discovery(&s)?;
    let store = s.gate.store();
    store.config_set(PROVIDER_KEY, kind.as_str(), now).await?;
    store
        .audit_append(
            "config_changed",
            &json!({"key": PROVIDER_KEY, "value": kind.as_str(), "by": admin_name(&headers)}),
            now,
        )
        .await?;
    let built = Discovery::build(store.as_ref(), &d.config, kind, &|_, _| {})
        .await
        .map_err(internal)?;
    d.replace(built);
    let env = env_provider().ok().flatten();
    Ok(Json(json!({
        "status": d.current().status,
        "envOverride": env.map(|k| format!("EMBEDDING_PROVIDER={} wins over the stored choice", k.as_str())),
    }))
    .into_response())
}
