//! Versioned schema migrations, the same steps for both backends. A store
//! refuses to open a schema newer than it knows.

/// (version, name, SQL). The SQL is written once for both backends: only
/// types both understand (`TEXT`, `BIGINT`, which SQLite stores as INTEGER).
pub const MIGRATIONS: &[(i64, &str, &str)] = &[
    (
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
    ),
    (
        2,
        "marketplace, installs, embedding cache",
        "CREATE TABLE marketplace_packages (
        name TEXT PRIMARY KEY,
        description TEXT NOT NULL,
        category TEXT NOT NULL,
        kind TEXT NOT NULL,
        source TEXT NOT NULL,
        validated BIGINT NOT NULL,
        tools TEXT NOT NULL,
        imported_at BIGINT NOT NULL
    );
    CREATE TABLE marketplace_installs (
        workspace TEXT NOT NULL,
        name TEXT NOT NULL,
        installed_at BIGINT NOT NULL,
        PRIMARY KEY (workspace, name)
    );
    CREATE TABLE embeddings (
        model TEXT NOT NULL,
        text_hash TEXT NOT NULL,
        dims BIGINT NOT NULL,
        vector TEXT NOT NULL,
        PRIMARY KEY (model, text_hash)
    );",
    ),
    // SQLite only (below): PostgreSQL's audit table is already right.
    (3, "audit keyed by its sequence alone", ""),
    // SQLite only (below).
    (4, "audit without an index by kind", ""),
];

/// What only one backend can say, run in the same transaction right after
/// the shared SQL of the same version: (version, SQLite, PostgreSQL).
pub const BACKEND_MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        2,
        "CREATE VIRTUAL TABLE marketplace_fts USING fts5(
        name, description, tools, category,
        content = 'marketplace_packages', content_rowid = 'rowid',
        tokenize = 'porter unicode61'
    );",
        "ALTER TABLE marketplace_packages ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', regexp_replace(name, '[^A-Za-z0-9]+', ' ', 'g')), 'A') ||
        setweight(to_tsvector('english', description), 'B') ||
        setweight(to_tsvector('english', tools || ' ' || category), 'C')
    ) STORED;
    CREATE INDEX marketplace_search ON marketplace_packages USING GIN (search);",
    ),
    (
        3,
        // In SQLite only `INTEGER PRIMARY KEY` makes the key the row's
        // own id; version 1's `BIGINT PRIMARY KEY` kept a second b-tree
        // beside the table, one more page written for every audit commit.
        "CREATE TABLE audit_v3 (
        seq INTEGER PRIMARY KEY,
        at BIGINT NOT NULL,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
    );
    INSERT INTO audit_v3 (seq, at, kind, payload, prev_hash, hash)
        SELECT seq, at, kind, payload, prev_hash, hash FROM audit ORDER BY seq;
    DROP TABLE audit;
    ALTER TABLE audit_v3 RENAME TO audit;
    CREATE INDEX audit_by_kind ON audit (kind);",
        "",
    ),
    (
        4,
        // The index moved a second page into every audit commit, for one
        // count an admin page asks for; that count now reads the rows
        // appended since it last looked (`sqlite.rs`, `counts`).
        "DROP INDEX audit_by_kind;",
        "",
    ),
];

/// The backend-only SQL for `version`, if any.
pub fn backend_sql(version: i64, postgres: bool) -> Option<&'static str> {
    BACKEND_MIGRATIONS
        .iter()
        .find(|m| m.0 == version)
        .map(|m| if postgres { m.2 } else { m.1 })
        .filter(|sql| !sql.is_empty())
}

/// The newest schema version this build knows.
pub fn latest() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.0)
}

/// Audit kinds that record a gate decision.
pub const DECISION_KINDS: &[&str] = &["decision"];
