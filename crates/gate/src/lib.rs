//! The one gate every call passes: the policy decides, a `confirm` opens an
//! approval request bound to the exact call, a human's grant mints a
//! single-use token, and every step is written to the hash-chained audit.
//!
//! There is no way to tell the gate a call "was approved": the only proof
//! is a token it minted itself, for this tool, these arguments (by their
//! canonical hash), this session, before this expiry, once.

mod token;

use std::sync::Arc;

use hivegate_policy::annotations::ToolAnnotations;
use hivegate_policy::canonical::to_canonical_string;
use hivegate_policy::confirmation::AutonomyOverride;
use hivegate_policy::permissions::PermissionManager;
use hivegate_policy::rules::RuleSet;
use hivegate_policy::tier::{Tier, get_effective_tier};
use hivegate_policy::{ApprovalClass, AutonomyLevel, Decision, DecisionContext, Verdict, decide};
use hivegate_store::{Approval, ApprovalStatus, Store, StoreError};
use serde::Serialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

pub use token::{TOKEN_PREFIX, mint_token, verify_token};

/// How long an approval request waits for a human, by default: 15 minutes.
pub const DEFAULT_APPROVAL_TTL_MS: i64 = 15 * 60 * 1000;

/// The vault entry holding the approval-token key.
pub const TOKEN_KEY_SECRET: &str = "approval-token-key";

/// Config keys the gate owns in the store.
pub const CONFIG_TIER: &str = "tier";
pub const CONFIG_TRIAL_STARTED_AT: &str = "trialStartedAt";

#[derive(Debug, thiserror::Error)]
pub enum GateError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the system random source failed: {0}")]
    Random(String),
    #[error(transparent)]
    Vault(#[from] hivegate_store::vault::VaultError),
    #[error(
        "the master key does not open the shared vault in the store; every replica needs the same HIVEGATE_MASTER_KEY"
    )]
    SharedVaultKey,
}

/// A call to decide.
#[derive(Debug, Clone, Default)]
pub struct CallRequest {
    pub tool: String,
    pub args: Value,
    pub session: Option<String>,
    pub workspace: Option<String>,
    pub autonomy: Option<AutonomyOverride>,
    /// An upstream MCP tool's annotations, when the executor knows them.
    pub hints: Option<ToolAnnotations>,
    /// The operator's tool filter for this caller (seed §6): a tool it
    /// forbids is denied. Set by the executor, never by the caller.
    pub permissions: Option<Arc<PermissionManager>>,
}

/// The policy's decision on a call before anything is recorded
/// ([`Gate::evaluate`]).
#[derive(Debug, Clone)]
pub struct Evaluation {
    pub decision: Decision,
    /// The autonomy level in force after the override's expiry check.
    pub autonomy: AutonomyLevel,
}

impl Evaluation {
    /// Whether `req` may start while its decision row is being committed:
    /// an `auto` call of a tool its server marks read-only. Such a call
    /// changes nothing, so nothing happens before it is recorded; its
    /// caller still releases the result only once the row is committed,
    /// and answers an error instead when it is not, so nothing reaches the
    /// agent unaudited. A call that may change something starts only after
    /// its row is committed. Trusting the server's hint here is no wider
    /// than the decision itself, which let the call pass on that hint.
    pub fn may_run_beside_its_record(&self, req: &CallRequest) -> bool {
        self.decision.decision == Verdict::Auto
            && req.hints.as_ref().is_some_and(ToolAnnotations::read_only)
    }
}

/// What the gate answers for one call.
#[derive(Debug, Clone, Serialize)]
pub struct GateDecision {
    #[serde(flatten)]
    pub decision: Decision,
    /// The autonomy level in force after the override's expiry check.
    pub autonomy: AutonomyLevel,
    /// For `confirm`: the approval request a human must decide.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval_id: Option<String>,
    /// For a call elevated autonomy pre-approved: `⚡ <tool> auto-approved (<level>)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
}

/// Why an approval could not be granted, denied or redeemed. Each has a
/// stable code for API clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("no approval request has this id")]
    NotFound,
    #[error("the request was already decided")]
    NotPending,
    #[error("the token is not one this gate minted for this request")]
    TokenInvalid,
    #[error("the token was already used")]
    TokenReplayed,
    #[error("the request or its token has expired")]
    Expired,
    #[error("the request was denied")]
    Denied,
    #[error("the request has not been granted yet")]
    NotGranted,
    #[error("the token was granted for a different tool, arguments or session")]
    CallMismatch,
}

impl Refusal {
    pub fn code(self) -> &'static str {
        match self {
            Refusal::NotFound => "APPROVAL_NOT_FOUND",
            Refusal::NotPending => "APPROVAL_NOT_PENDING",
            Refusal::TokenInvalid => "APPROVAL_TOKEN_INVALID",
            Refusal::TokenReplayed => "APPROVAL_TOKEN_REPLAYED",
            Refusal::Expired => "APPROVAL_EXPIRED",
            Refusal::Denied => "APPROVAL_DENIED",
            Refusal::NotGranted => "APPROVAL_NOT_GRANTED",
            Refusal::CallMismatch => "APPROVAL_CALL_MISMATCH",
        }
    }
}

/// The outcome of an approval operation: done, refused (with a code), or
/// the store failed.
pub type ApprovalResult<T> = Result<Result<T, Refusal>, GateError>;

/// A granted request and the single-use token that proves it.
#[derive(Debug, Clone, Serialize)]
pub struct Grant {
    pub approval: Approval,
    pub token: String,
}

/// SHA-256 (hex) of the canonical JSON of `args`.
pub fn args_hash(args: &Value) -> (String, String) {
    let canonical = to_canonical_string(args);
    let hash = hex::encode(Sha256::digest(canonical.as_bytes()));
    (canonical, hash)
}

fn random_id() -> Result<String, GateError> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| GateError::Random(e.to_string()))?;
    Ok(hex::encode(b))
}

/// The approval-token key for replicas sharing one store: sealed in the
/// store's config under a key derived from the master key, created by the
/// first replica, opened by every replica given the same master key.
pub async fn shared_token_key<S: Store>(
    store: &S,
    master: &hivegate_store::vault::MasterKey,
    now: i64,
) -> Result<Vec<u8>, GateError> {
    use hivegate_store::vault::{SharedSealer, random_key};
    let salt = store
        .config_init("vault.salt", &SharedSealer::new_salt()?, now)
        .await?;
    let sealer = SharedSealer::derive(master, &salt, "the shared vault")?;
    let candidate = sealer.seal(TOKEN_KEY_SECRET, &random_key()?)?;
    let sealed = store
        .config_init("vault.approval-token-key", &candidate, now)
        .await?;
    sealer
        .open(TOKEN_KEY_SECRET, &sealed)
        .ok_or(GateError::SharedVaultKey)
}

/// The gate over a store.
pub struct Gate<S: Store> {
    store: Arc<S>,
    token_key: Vec<u8>,
    rules: Option<RuleSet>,
    approval_ttl_ms: i64,
}

impl<S: Store> std::fmt::Debug for Gate<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gate")
            .field("backend", &self.store.backend())
            .field("rules", &self.rules.as_ref().map(RuleSet::len))
            .finish_non_exhaustive()
    }
}

impl<S: Store> Gate<S> {
    /// `token_key` is the HMAC key for approval tokens (kept in the vault
    /// under [`TOKEN_KEY_SECRET`]; replicas share it).
    pub fn new(store: Arc<S>, token_key: Vec<u8>, rules: Option<RuleSet>) -> Self {
        Gate {
            store,
            token_key,
            rules,
            approval_ttl_ms: DEFAULT_APPROVAL_TTL_MS,
        }
    }

    pub fn with_approval_ttl(mut self, ttl_ms: i64) -> Self {
        self.approval_ttl_ms = ttl_ms.max(1);
        self
    }

    pub fn store(&self) -> &Arc<S> {
        &self.store
    }

    /// Decides a call, opens an approval when it needs one, and audits both.
    pub async fn decide(&self, req: &CallRequest, now: i64) -> Result<GateDecision, GateError> {
        let evaluation = self.evaluate(req, now);
        self.record(req, evaluation, now).await
    }

    /// The policy's decision on a call, with nothing recorded or opened:
    /// what [`Gate::record`] then acts on. Pure (the rules are fixed when
    /// the gate is built), so a caller may look before it commits to a
    /// path, and the decision recorded is the one it looked at.
    pub fn evaluate(&self, req: &CallRequest, now: i64) -> Evaluation {
        let autonomy = req
            .autonomy
            .map_or(AutonomyLevel::Normal, |o| o.effective_level(now));
        let ctx = DecisionContext {
            autonomy,
            rules: self.rules.as_ref(),
            permissions: req.permissions.as_deref(),
            tool_hints: req.hints.as_ref(),
        };
        Evaluation {
            decision: decide(&req.tool, &req.args, &ctx),
            autonomy,
        }
    }

    /// Audits an evaluated call and, for `confirm`, finds or opens its
    /// approval request.
    pub async fn record(
        &self,
        req: &CallRequest,
        evaluation: Evaluation,
        now: i64,
    ) -> Result<GateDecision, GateError> {
        let Evaluation {
            decision,
            autonomy: level,
        } = evaluation;
        let (canonical, hash) = args_hash(&req.args);
        let session = req.session.clone().unwrap_or_default();
        self.store
            .audit_append(
                "decision",
                &json!({
                    "tool": req.tool,
                    "argsHash": hash,
                    "session": session,
                    "workspace": req.workspace,
                    "decision": decision.decision,
                    "approvalClass": decision.approval_class,
                    "critical": decision.critical,
                    "rule": decision.rule,
                    "autonomy": level,
                    "reasons": decision.reasons,
                }),
                now,
            )
            .await?;
        let mut out = GateDecision {
            decision,
            autonomy: level,
            approval_id: None,
            step: None,
        };
        if out.decision.decision == Verdict::Confirm {
            let reason = out.decision.reasons.join("; ");
            let class = out.decision.approval_class;
            let id = match self
                .open_request_for(&req.tool, &hash, &session, now)
                .await?
            {
                Some(a) => a.id,
                // Boxed: its future is three times the rest of this one's,
                // which every `auto` call would otherwise carry and copy.
                None => {
                    Box::pin(self.open_approval(
                        req,
                        (&canonical, &hash),
                        &session,
                        class,
                        &reason,
                        now,
                    ))
                    .await?
                    .id
                }
            };
            out.approval_id = Some(id);
        }
        if let Some(level) = out.decision.auto_approved {
            out.step = Some(format!("⚡ {} auto-approved ({level})", req.tool));
            self.store
                .audit_append(
                    "approval_auto",
                    &json!({"tool": req.tool, "argsHash": hash, "session": session, "level": level}),
                    now,
                )
                .await?;
        }
        Ok(out)
    }

    /// A live request for exactly this call in this session: granted (not
    /// yet used) first, then pending. Asking again for the same call finds
    /// the same request instead of opening another.
    async fn open_request_for(
        &self,
        tool: &str,
        hash: &str,
        session: &str,
        now: i64,
    ) -> Result<Option<Approval>, GateError> {
        for status in [ApprovalStatus::Granted, ApprovalStatus::Pending] {
            let found = self
                .store
                .approval_list(Some(status), 500)
                .await?
                .into_iter()
                .find(|a| {
                    a.tool == tool
                        && a.args_hash == hash
                        && a.session == session
                        && a.expires_at > now
                });
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }

    async fn open_approval(
        &self,
        req: &CallRequest,
        (canonical, hash): (&str, &str),
        session: &str,
        class: ApprovalClass,
        reason: &str,
        now: i64,
    ) -> Result<Approval, GateError> {
        let new = hivegate_store::NewApproval {
            id: random_id()?,
            tool: req.tool.clone(),
            args_canonical: canonical.to_owned(),
            args_hash: hash.to_owned(),
            session: session.to_owned(),
            workspace: req.workspace.clone(),
            approval_class: class.as_str().to_owned(),
            reason: reason.to_owned(),
            created_at: now,
            expires_at: now.saturating_add(self.approval_ttl_ms),
        };
        let a = self.store.approval_insert(&new).await?;
        self.store
            .audit_append(
                "approval_requested",
                &json!({"id": a.id, "tool": a.tool, "argsHash": a.args_hash, "session": a.session,
                        "approvalClass": a.approval_class, "expiresAt": a.expires_at}),
                now,
            )
            .await?;
        Ok(a)
    }

    /// Why a pending-only operation on `id` did nothing.
    async fn why_not_pending(&self, id: &str, now: i64) -> Result<Refusal, GateError> {
        Ok(match self.store.approval_get(id).await? {
            None => Refusal::NotFound,
            Some(a) if a.status == ApprovalStatus::Pending && a.expires_at <= now => {
                Refusal::Expired
            }
            Some(a) if a.status == ApprovalStatus::Expired => Refusal::Expired,
            Some(_) => Refusal::NotPending,
        })
    }

    /// A human grants a pending request: returns the single-use token.
    pub async fn grant(&self, id: &str, admin: &str, now: i64) -> ApprovalResult<Grant> {
        let nonce = random_id()?;
        let approval = match self.decide_request(id, true, admin, &nonce, now).await? {
            Ok(a) => a,
            Err(r) => return Ok(Err(r)),
        };
        let token = mint_token(&self.token_key, &approval);
        Ok(Ok(Grant { approval, token }))
    }

    /// A human denies a pending request.
    pub async fn deny(&self, id: &str, admin: &str, now: i64) -> ApprovalResult<Approval> {
        self.decide_request(id, false, admin, "", now).await
    }

    /// Grants or denies a pending request and audits it.
    async fn decide_request(
        &self,
        id: &str,
        grant: bool,
        admin: &str,
        nonce: &str,
        now: i64,
    ) -> ApprovalResult<Approval> {
        let Some(approval) = self
            .store
            .approval_decide(id, grant, admin, nonce, now)
            .await?
        else {
            return Ok(Err(self.why_not_pending(id, now).await?));
        };
        let kind = if grant {
            "approval_granted"
        } else {
            "approval_denied"
        };
        self.store
            .audit_append(
                kind,
                &json!({"id": approval.id, "tool": approval.tool, "by": admin}),
                now,
            )
            .await?;
        Ok(Ok(approval))
    }

    /// Redeems a token for exactly the call it was granted for, once.
    pub async fn redeem(
        &self,
        id: &str,
        token: &str,
        tool: &str,
        args: &Value,
        session: &str,
        now: i64,
    ) -> ApprovalResult<Approval> {
        let Some(a) = self.store.approval_get(id).await? else {
            return Ok(Err(Refusal::NotFound));
        };
        if !verify_token(&self.token_key, &a, token) {
            return Ok(Err(Refusal::TokenInvalid));
        }
        self.consume(a, tool, args, session, now).await
    }

    /// For an executor inside hivegate (the MCP gateway), which opened the
    /// request itself and never handed out a token: uses a granted request
    /// for exactly the call it was opened for, once. Callers outside the
    /// process have no path to this; they hold tokens.
    pub async fn redeem_own(
        &self,
        id: &str,
        tool: &str,
        args: &Value,
        session: &str,
        now: i64,
    ) -> ApprovalResult<Approval> {
        match self.store.approval_get(id).await? {
            None => Ok(Err(Refusal::NotFound)),
            Some(a) => self.consume(a, tool, args, session, now).await,
        }
    }

    async fn consume(
        &self,
        a: Approval,
        tool: &str,
        args: &Value,
        session: &str,
        now: i64,
    ) -> ApprovalResult<Approval> {
        let id = a.id.as_str();
        let refusal = match a.status {
            ApprovalStatus::Redeemed => Some(Refusal::TokenReplayed),
            ApprovalStatus::Denied => Some(Refusal::Denied),
            ApprovalStatus::Expired => Some(Refusal::Expired),
            ApprovalStatus::Pending => Some(Refusal::NotGranted),
            ApprovalStatus::Granted if a.expires_at <= now => Some(Refusal::Expired),
            ApprovalStatus::Granted => None,
        };
        if let Some(r) = refusal {
            return Ok(Err(r));
        }
        if a.tool != tool || a.args_hash != args_hash(args).1 || a.session != session {
            return Ok(Err(Refusal::CallMismatch));
        }
        if !self.store.approval_redeem(id, now).await? {
            // Lost a race to another redeem, or expired in between.
            let after = self.store.approval_get(id).await?;
            let r = match after.map(|x| x.status) {
                Some(ApprovalStatus::Redeemed) => Refusal::TokenReplayed,
                _ => Refusal::Expired,
            };
            return Ok(Err(r));
        }
        self.store
            .audit_append(
                "approval_redeemed",
                &json!({"id": a.id, "tool": a.tool, "argsHash": a.args_hash, "session": a.session}),
                now,
            )
            .await?;
        Ok(Ok(Approval {
            status: ApprovalStatus::Redeemed,
            redeemed_at: Some(now),
            ..a
        }))
    }

    /// Expires overdue requests and audits each one.
    pub async fn expire(&self, now: i64) -> Result<usize, GateError> {
        let expired = self.store.approval_expire(now).await?;
        for a in &expired {
            self.store
                .audit_append(
                    "approval_expired",
                    &json!({"id": a.id, "tool": a.tool}),
                    now,
                )
                .await?;
        }
        Ok(expired.len())
    }

    /// The tier in force: the stored tier, a trial decayed to FREE when its
    /// period is over, FREE when nothing (or nothing readable) is stored.
    pub async fn tier(&self, now: i64) -> Result<Tier, GateError> {
        let stored = self
            .store
            .config_get(CONFIG_TIER)
            .await?
            .and_then(|t| t.parse::<Tier>().ok())
            .unwrap_or_default();
        let started = self
            .store
            .config_get(CONFIG_TRIAL_STARTED_AT)
            .await?
            .and_then(|t| t.parse::<i64>().ok());
        Ok(get_effective_tier(stored, started, now))
    }

    /// Sets the tier (a new TRIAL starts now) and audits the change.
    pub async fn set_tier(&self, tier: Tier, by: &str, now: i64) -> Result<(), GateError> {
        let before = self.tier(now).await?;
        self.store
            .config_set(CONFIG_TIER, tier.as_str(), now)
            .await?;
        if tier == Tier::Trial {
            self.store
                .config_set(CONFIG_TRIAL_STARTED_AT, &now.to_string(), now)
                .await?;
        }
        self.store
            .audit_append(
                "config_changed",
                &json!({"key": CONFIG_TIER, "from": before, "to": tier, "by": by}),
                now,
            )
            .await?;
        Ok(())
    }
}
