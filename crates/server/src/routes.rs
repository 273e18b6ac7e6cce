//! The handlers, in the order of the route table.

use std::sync::Arc;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hivegate_gate::CallRequest;
use hivegate_policy::confirmation::AutonomyOverride;
use hivegate_policy::tier::Tier;
use hivegate_store::{ApprovalStatus, Store};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::guard::is_admin;
use crate::{AppState, now_ms};

type ApiResult = Result<Response, ApiError>;

/// Longest tool name, session or workspace id accepted.
const MAX_NAME: usize = 256;

pub(crate) fn check_name(field: &'static str, v: &str) -> Result<(), ApiError> {
    if v.is_empty() || v.chars().count() > MAX_NAME || v.chars().any(char::is_control) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "INVALID_BODY",
            format!("`{field}` must be 1 to {MAX_NAME} printable characters"),
        ));
    }
    Ok(())
}

/// The largest integer JSON clients read exactly (2^53 − 1).
const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;

/// A query number within its documented maximum.
pub(crate) fn bounded(field: &'static str, v: u32, max: u32) -> Result<u32, ApiError> {
    if v > max {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "INVALID_QUERY",
            format!("`{field}` is at most {max}"),
        ));
    }
    Ok(v)
}

fn check_args(args: &Value) -> Result<(), ApiError> {
    if !args.is_object() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "INVALID_BODY",
            "`args` must be a JSON object",
        ));
    }
    Ok(())
}

pub async fn health() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

pub async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "NOT_FOUND",
        "no such route; see /api/openapi.json",
    )
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecideBody {
    tool: String,
    #[serde(default = "empty_object")]
    args: Value,
    session: Option<String>,
    workspace: Option<String>,
    autonomy: Option<AutonomyOverride>,
}

fn empty_object() -> Value {
    Value::Object(serde_json::Map::new())
}

/// `POST /api/gate/decide`: the decision, and for `confirm` the approval id.
pub async fn decide(
    State(s): State<Arc<AppState>>,
    body: Result<Json<DecideBody>, JsonRejection>,
) -> ApiResult {
    let Json(b) = body?;
    check_name("tool", &b.tool)?;
    check_args(&b.args)?;
    for (field, v) in [("session", &b.session), ("workspace", &b.workspace)] {
        if let Some(v) = v {
            check_name(field, v)?;
        }
    }
    // An upstream MCP tool's annotations come from its server, never from
    // the caller.
    let hints = s.gateway.as_ref().and_then(|g| {
        g.runtime
            .index()
            .get(&b.tool)
            .and_then(|t| t.tool.annotations)
    });
    let req = CallRequest {
        tool: b.tool,
        args: b.args,
        session: b.session,
        workspace: b.workspace,
        autonomy: b.autonomy,
        hints,
        permissions: None,
    };
    let d = s.gate.decide(&req, now_ms()).await?;
    Ok(Json(d).into_response())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RedeemBody {
    token: String,
    tool: String,
    #[serde(default = "empty_object")]
    args: Value,
    #[serde(default)]
    session: String,
}

/// `POST /api/approvals/{id}/redeem`: ok for exactly the granted call, once.
pub async fn redeem(
    State(s): State<Arc<AppState>>,
    Path(id): Path<String>,
    body: Result<Json<RedeemBody>, JsonRejection>,
) -> ApiResult {
    let Json(b) = body?;
    check_args(&b.args)?;
    let approval = s
        .gate
        .redeem(&id, &b.token, &b.tool, &b.args, &b.session, now_ms())
        .await??;
    Ok(Json(json!({"ok": true, "approval": approval})).into_response())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    status: Option<String>,
    limit: Option<u32>,
}

/// `GET /api/approvals?status=pending` (admin).
pub async fn list_approvals(
    State(s): State<Arc<AppState>>,
    q: Result<Query<ListQuery>, QueryRejection>,
) -> ApiResult {
    let Query(q) = q?;
    let status =
        match q.status.as_deref() {
            None | Some("all") => None,
            Some(v) => Some(v.parse::<ApprovalStatus>().map_err(|e| {
                ApiError::new(StatusCode::BAD_REQUEST, "INVALID_QUERY", e.to_string())
            })?),
        };
    let limit = bounded("limit", q.limit.unwrap_or(100), 500)?;
    s.gate.expire(now_ms()).await?;
    let list = s.gate.store().approval_list(status, limit).await?;
    Ok(Json(json!({"approvals": list})).into_response())
}

pub(crate) fn admin_name(headers: &HeaderMap) -> String {
    headers
        .get("x-hivegate-user")
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 64)
        .unwrap_or("admin")
        .to_owned()
}

/// `POST /api/approvals/{id}/approve` (admin): the single-use token.
pub async fn approve(
    State(s): State<Arc<AppState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult {
    let grant = s.gate.grant(&id, &admin_name(&headers), now_ms()).await??;
    Ok(Json(json!({"approval": grant.approval, "token": grant.token})).into_response())
}

/// `POST /api/approvals/{id}/deny` (admin).
pub async fn deny(
    State(s): State<Arc<AppState>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult {
    let approval = s.gate.deny(&id, &admin_name(&headers), now_ms()).await??;
    Ok(Json(json!({"approval": approval})).into_response())
}

/// `GET /api/tier`.
pub async fn get_tier(State(s): State<Arc<AppState>>) -> ApiResult {
    let tier = s.gate.tier(now_ms()).await?;
    Ok(Json(json!({"tier": tier})).into_response())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TierBody {
    tier: Tier,
}

/// `PUT /api/tier` (admin).
pub async fn set_tier(
    State(s): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Result<Json<TierBody>, JsonRejection>,
) -> ApiResult {
    if !is_admin(&s, &headers) {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "ADMIN_TOKEN_REQUIRED",
            "changing the tier needs the admin token",
        ));
    }
    let Json(b) = body?;
    let now = now_ms();
    s.gate.set_tier(b.tier, &admin_name(&headers), now).await?;
    let tier = s.gate.tier(now).await?;
    Ok(Json(json!({"tier": tier})).into_response())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditQuery {
    after: Option<i64>,
    limit: Option<u32>,
}

/// `GET /api/audit?after=SEQ&limit=N` (admin): one page, oldest first.
pub async fn audit_page(
    State(s): State<Arc<AppState>>,
    q: Result<Query<AuditQuery>, QueryRejection>,
) -> ApiResult {
    let Query(q) = q?;
    let limit = bounded("limit", q.limit.unwrap_or(100), 1000)?;
    let after = q.after.unwrap_or(0);
    if !(0..=MAX_SAFE_INTEGER).contains(&after) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "INVALID_QUERY",
            "`after` is a sequence number from 0 to 2^53 − 1",
        ));
    }
    let rows = s.gate.store().audit_page(after, limit).await?;
    let next = rows.last().map(|r| r.seq);
    Ok(Json(json!({"rows": rows, "next": next})).into_response())
}

/// `GET /api/admin/overview` (admin, TEAMS).
pub async fn overview(State(s): State<Arc<AppState>>) -> ApiResult {
    let c = s.gate.store().counts().await?;
    let approvals: serde_json::Map<String, Value> = c
        .approvals
        .iter()
        .map(|(st, n)| (st.as_str().to_owned(), json!(n)))
        .collect();
    Ok(Json(json!({
        "decisions": c.decisions,
        "approvals": approvals,
        "auditRows": c.audit_rows,
        "backend": s.gate.store().backend(),
    }))
    .into_response())
}

/// `POST /api/admin/audit-export` (admin, TEAMS): the whole audit as JSONL.
pub async fn audit_export(State(s): State<Arc<AppState>>) -> ApiResult {
    let mut out = String::new();
    let mut after = 0;
    loop {
        let rows = s.gate.store().audit_page(after, 1000).await?;
        let Some(last) = rows.last() else { break };
        after = last.seq;
        for r in &rows {
            out.push_str(&serde_json::to_string(r).map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "EXPORT_FAILED",
                    e.to_string(),
                )
            })?);
            out.push('\n');
        }
    }
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], out).into_response())
}
