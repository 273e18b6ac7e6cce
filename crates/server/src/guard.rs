//! Cross-cutting checks, as middleware: Host / Origin against DNS
//! rebinding, the admin token, the tier.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hivegate_policy::tier::{Tier, assert_tier_capability};
use hivegate_store::Store;
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::error::{ApiError, tier_response};

/// Host names always accepted (any port).
const LOOPBACK_HOSTS: &[&str] = &["localhost", "127.0.0.1", "[::1]"];

/// The host part of a `Host` header or an origin's authority.
fn host_part(authority: &str) -> &str {
    if authority.starts_with('[') {
        return authority.find(']').map_or(authority, |i| &authority[..=i]);
    }
    authority.rsplit_once(':').map_or(authority, |(h, _)| h)
}

fn allowed(state: &AppState, host: &str) -> bool {
    let host = host.to_ascii_lowercase();
    LOOPBACK_HOSTS.contains(&host.as_str()) || state.allowed_hosts.contains(&host)
}

/// Refuses requests whose `Host` (or `Origin`) is not this server's: a web
/// page on another origin that resolves its name to 127.0.0.1 (DNS
/// rebinding) is turned away before any handler runs.
pub async fn host_and_origin(
    State(state): State<Arc<AppState>>,
    req: Request,
    next: Next,
) -> Response {
    let headers = req.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(host_part);
    match host {
        Some(h) if allowed(&state, h) => {}
        _ => {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                "HOST_NOT_ALLOWED",
                "the Host header names another server",
            )
            .into_response();
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let ok = origin
            .to_str()
            .ok()
            .and_then(|o| {
                o.strip_prefix("http://")
                    .or_else(|| o.strip_prefix("https://"))
            })
            .is_some_and(|authority| allowed(&state, host_part(authority)));
        if !ok {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                "ORIGIN_NOT_ALLOWED",
                "requests from this origin are refused",
            )
            .into_response();
        }
    }
    next.run(req).await
}

fn digest(s: &str) -> [u8; 32] {
    Sha256::digest(s.as_bytes()).into()
}

/// Whether the request carries the admin token (`Authorization: Bearer …`).
pub fn is_admin(state: &AppState, headers: &HeaderMap) -> bool {
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(str::trim);
    // Compare digests so the time taken says nothing about the token.
    presented.is_some_and(|p| digest(p) == state.admin_token_digest)
}

/// Admin-only routes.
pub async fn require_admin(
    State(state): State<Arc<AppState>>,
    req: Request,
    next: Next,
) -> Response {
    if !is_admin(&state, req.headers()) {
        return ApiError::new(
            StatusCode::UNAUTHORIZED,
            "ADMIN_TOKEN_REQUIRED",
            "this route needs the admin token: `Authorization: Bearer <token>` (see `hivegate serve` output for where it is kept)",
        )
        .into_response();
    }
    next.run(req).await
}

/// `requireTier(minimum)`: the seed's 403 body when the tier in force is lower.
pub async fn require_tier(
    state: Arc<AppState>,
    minimum: Tier,
    req: Request,
    next: Next,
) -> Response {
    let now = crate::now_ms();
    let tier = match state.gate.tier(now).await {
        Ok(t) => t,
        Err(e) => return ApiError::from(e).into_response(),
    };
    if let Err(t) = assert_tier_capability(tier, minimum) {
        let row = serde_json::json!({"path": req.uri().path(), "required": t.required, "actual": t.actual});
        if let Err(e) = state
            .gate
            .store()
            .audit_append("tier_denied", &row, now)
            .await
        {
            return ApiError::from(e).into_response();
        }
        return tier_response(t);
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::host_part;

    #[test]
    fn host_parts() {
        assert_eq!(host_part("localhost:7777"), "localhost");
        assert_eq!(host_part("127.0.0.1"), "127.0.0.1");
        assert_eq!(host_part("[::1]:80"), "[::1]");
        assert_eq!(host_part("evil.test:7777"), "evil.test");
    }
}
