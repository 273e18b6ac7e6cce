//! JSON errors with stable codes: `{"error": CODE, "message": "…"}`.

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use hivegate_gate::{GateError, Refusal};
use hivegate_policy::tier::TierInsufficient;
use serde_json::json;

/// An API error: an HTTP status, a stable code, a human message.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(json!({"error": self.code, "message": self.message})),
        )
            .into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        match r {
            JsonRejection::MissingJsonContentType(_) => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "UNSUPPORTED_MEDIA_TYPE",
                "send the body as JSON with `Content-Type: application/json`",
            ),
            JsonRejection::BytesRejection(b) if b.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "BODY_TOO_LARGE",
                    "the request body is over the size limit",
                )
            }
            JsonRejection::JsonSyntaxError(e) => ApiError::new(
                StatusCode::BAD_REQUEST,
                "INVALID_JSON",
                format!("the body is not valid JSON: {}", e.body_text()),
            ),
            JsonRejection::JsonDataError(e) => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "INVALID_BODY",
                e.body_text(),
            ),
            other => ApiError::new(StatusCode::BAD_REQUEST, "INVALID_BODY", other.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "INVALID_QUERY", r.body_text())
    }
}

impl From<GateError> for ApiError {
    fn from(e: GateError) -> Self {
        tracing::error!(error = %e, "gate failure");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "STORE_UNAVAILABLE",
            "the store failed; nothing was decided",
        )
    }
}

impl From<hivegate_store::StoreError> for ApiError {
    fn from(e: hivegate_store::StoreError) -> Self {
        ApiError::from(GateError::from(e))
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        let status = match r {
            Refusal::NotFound => StatusCode::NOT_FOUND,
            Refusal::NotPending
            | Refusal::TokenReplayed
            | Refusal::Denied
            | Refusal::NotGranted => StatusCode::CONFLICT,
            Refusal::Expired => StatusCode::GONE,
            Refusal::TokenInvalid | Refusal::CallMismatch => StatusCode::FORBIDDEN,
        };
        ApiError::new(status, r.code(), r.to_string())
    }
}

/// The exact 403 body of the seed's `requireTier`.
pub fn tier_response(t: TierInsufficient) -> Response {
    (StatusCode::FORBIDDEN, Json(t)).into_response()
}
