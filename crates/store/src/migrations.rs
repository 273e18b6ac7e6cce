//! Versioned schema migrations, the same steps for both backends. A store
//! refuses to open a schema newer than it knows.

/// (version, name, SQL). The SQL is written once for both backends: only
/// types both understand (`TEXT`, `BIGINT`, which SQLite stores as INTEGER).
pub const MIGRATIONS: &[(i64, &str, &str)] = &[(
    1,
    "config, approvals, audit",
    "CREATE TABLE config (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at BIGINT NOT NULL
    );
    CREATE TABLE approvals (
        id TEXT PRIMARY KEY,
        tool TEXT NOT NULL,
        args_canonical TEXT NOT NULL,
        args_hash TEXT NOT NULL,
        session TEXT NOT NULL,
        workspace TEXT,
        approval_class TEXT NOT NULL,
        reason TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        decided_at BIGINT,
        decided_by TEXT,
        nonce TEXT,
        redeemed_at BIGINT
    );
    CREATE INDEX approvals_by_status ON approvals (status, created_at);
    CREATE TABLE audit (
        seq BIGINT PRIMARY KEY,
        at BIGINT NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
    );
    CREATE INDEX audit_by_kind ON audit (kind);",
)];

/// The newest schema version this build knows.
pub fn latest() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.0)
}

/// Audit kinds that record a gate decision.
pub const DECISION_KINDS: &[&str] = &["decision"];
