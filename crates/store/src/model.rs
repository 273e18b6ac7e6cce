//! The records the store keeps.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Where an approval request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ApprovalStatus {
    Pending,
    Granted,
    Denied,
    Redeemed,
    Expired,
}

impl ApprovalStatus {
    pub const ALL: [ApprovalStatus; 5] = [
        ApprovalStatus::Pending,
        ApprovalStatus::Granted,
        ApprovalStatus::Denied,
        ApprovalStatus::Redeemed,
        ApprovalStatus::Expired,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ApprovalStatus::Pending => "pending",
            ApprovalStatus::Granted => "granted",
            ApprovalStatus::Denied => "denied",
            ApprovalStatus::Redeemed => "redeemed",
            ApprovalStatus::Expired => "expired",
        }
    }
}

impl fmt::Display for ApprovalStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown approval status `{0}`: expected pending, granted, denied, redeemed or expired")]
pub struct UnknownStatus(pub String);

impl FromStr for ApprovalStatus {
    type Err = UnknownStatus;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ApprovalStatus::ALL
            .into_iter()
            .find(|x| x.as_str() == s)
            .ok_or_else(|| UnknownStatus(s.chars().take(32).collect()))
    }
}

/// A request to record: the exact call it binds and how long it may wait.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewApproval {
    pub id: String,
    pub tool: String,
    /// The arguments in canonical JSON (RFC 8785).
    pub args_canonical: String,
    /// SHA-256 (hex) of `args_canonical`.
    pub args_hash: String,
    pub session: String,
    pub workspace: Option<String>,
    pub approval_class: String,
    pub reason: String,
    pub created_at: i64,
    pub expires_at: i64,
}

/// An approval request as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Approval {
    pub id: String,
    pub tool: String,
    pub args_canonical: String,
    pub args_hash: String,
    pub session: String,
    pub workspace: Option<String>,
    pub approval_class: String,
    pub reason: String,
    pub status: ApprovalStatus,
    pub created_at: i64,
    pub expires_at: i64,
    pub decided_at: Option<i64>,
    pub decided_by: Option<String>,
    /// Random per grant; part of what the token's MAC covers. Never the token.
    #[serde(skip)]
    pub nonce: Option<String>,
    pub redeemed_at: Option<i64>,
}

/// One audit row. `hash` covers `prev_hash` and the row's canonical content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    pub seq: i64,
    pub at: i64,
    pub kind: String,
    /// The payload in canonical JSON.
    pub payload: String,
    pub prev_hash: String,
    pub hash: String,
}

/// Totals for the admin overview.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub audit_rows: i64,
    pub decisions: i64,
    pub approvals: Vec<(ApprovalStatus, i64)>,
}
