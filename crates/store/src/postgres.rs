//! The shared backend: PostgreSQL, for several replicas on one database.
//!
//! State changes are single conditional `UPDATE`s, so a race between
//! replicas has exactly one winner; audit appends serialise on a
//! transaction-scoped advisory lock so the chain never forks.

use hivegate_policy::canonical::to_canonical_string;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions, PgRow};
use sqlx::{Row, raw_sql};

use crate::audit::{GENESIS_HASH, chain_hash};
use crate::migrations::{DECISION_KINDS, MIGRATIONS, backend_sql, latest};
use crate::{Approval, ApprovalStatus, AuditRow, Counts, NewApproval, Store, StoreError};

/// Advisory lock keys (arbitrary, fixed).
const MIGRATION_LOCK: i64 = 0x6869_7665_0001;
const AUDIT_LOCK: i64 = 0x6869_7665_0002;

const APPROVAL_COLUMNS: &str = "id, tool, args_canonical, args_hash, session, workspace, approval_class, reason, status, created_at, expires_at, decided_at, decided_by, nonce, redeemed_at";

/// The PostgreSQL store.
#[derive(Clone, Debug)]
pub struct PgStore {
    pool: PgPool,
}

fn approval_from_row(r: &PgRow) -> Result<Approval, StoreError> {
    let status: String = r.try_get("status")?;
    let status = status
        .parse::<ApprovalStatus>()
        .map_err(|e| StoreError::Corrupt(e.to_string()))?;
    Ok(Approval {
        id: r.try_get("id")?,
        tool: r.try_get("tool")?,
        args_canonical: r.try_get("args_canonical")?,
        args_hash: r.try_get("args_hash")?,
        session: r.try_get("session")?,
        workspace: r.try_get("workspace")?,
        approval_class: r.try_get("approval_class")?,
        reason: r.try_get("reason")?,
        status,
        created_at: r.try_get("created_at")?,
        expires_at: r.try_get("expires_at")?,
        decided_at: r.try_get("decided_at")?,
        decided_by: r.try_get("decided_by")?,
        nonce: r.try_get("nonce")?,
        redeemed_at: r.try_get("redeemed_at")?,
    })
}

fn audit_from_row(r: &PgRow) -> Result<AuditRow, StoreError> {
    Ok(AuditRow {
        seq: r.try_get("seq")?,
        at: r.try_get("at")?,
        kind: r.try_get("kind")?,
        payload: r.try_get("payload")?,
        prev_hash: r.try_get("prev_hash")?,
        hash: r.try_get("hash")?,
    })
}

impl PgStore {
    /// Connects to `url` and migrates. With `schema`, every table lives in
    /// that schema (created if missing): how tests and side-by-side
    /// deployments share one database without seeing each other.
    pub async fn connect(
        url: &str,
        schema: Option<&str>,
        max_connections: u32,
    ) -> Result<PgStore, StoreError> {
        let mut options: PgConnectOptions = url.parse()?;
        if let Some(schema) = schema {
            let quoted = quote_ident(schema);
            let admin = PgPoolOptions::new()
                .max_connections(1)
                .connect_with(options.clone())
                .await?;
            sqlx::query(&format!("CREATE SCHEMA IF NOT EXISTS {quoted}"))
                .execute(&admin)
                .await?;
            admin.close().await;
            options = options.options([("search_path", schema)]);
        }
        let pool = PgPoolOptions::new()
            .max_connections(max_connections.max(1))
            .connect_with(options)
            .await?;
        let store = PgStore { pool };
        store.migrate().await?;
        Ok(store)
    }

    /// Drops a schema made by [`PgStore::connect`] (tests clean up with it).
    pub async fn drop_schema(url: &str, schema: &str) -> Result<(), StoreError> {
        let options: PgConnectOptions = url.parse()?;
        let admin = PgPoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await?;
        sqlx::query(&format!(
            "DROP SCHEMA IF EXISTS {} CASCADE",
            quote_ident(schema)
        ))
        .execute(&admin)
        .await?;
        admin.close().await;
        Ok(())
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut *tx)
            .await?;
        raw_sql(
            "CREATE TABLE IF NOT EXISTS hivegate_migrations (
                version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        )
        .execute(&mut *tx)
        .await?;
        let current: i64 =
            sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM hivegate_migrations")
                .fetch_one(&mut *tx)
                .await?
                .try_get("v")?;
        if current > latest() {
            return Err(StoreError::SchemaTooNew {
                found: current,
                known: latest(),
            });
        }
        for (version, name, sql) in MIGRATIONS.iter().filter(|m| m.0 > current) {
            if !sql.is_empty() {
                raw_sql(sql).execute(&mut *tx).await?;
            }
            if let Some(extra) = backend_sql(*version, true) {
                raw_sql(extra).execute(&mut *tx).await?;
            }
            sqlx::query(
                "INSERT INTO hivegate_migrations (version, name, applied_at)
                 VALUES ($1, $2, (extract(epoch from now()) * 1000)::BIGINT)",
            )
            .bind(version)
            .bind(name)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    pub(crate) fn pool(&self) -> &PgPool {
        &self.pool
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn quote_ident(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

impl Store for PgStore {
    fn backend(&self) -> &'static str {
        "postgres"
    }

    async fn config_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT value FROM config WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("value")).transpose()?)
    }

    async fn config_set(&self, key: &str, value: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO config (key, value, updated_at) VALUES ($1, $2, $3)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        )
        .bind(key)
        .bind(value)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn config_init(&self, key: &str, value: &str, now: i64) -> Result<String, StoreError> {
        sqlx::query("INSERT INTO config (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING")
            .bind(key)
            .bind(value)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(sqlx::query("SELECT value FROM config WHERE key = $1")
            .bind(key)
            .fetch_one(&self.pool)
            .await?
            .try_get("value")?)
    }

    async fn approval_insert(&self, a: &NewApproval) -> Result<Approval, StoreError> {
        let sql = format!(
            "INSERT INTO approvals (id, tool, args_canonical, args_hash, session, workspace, approval_class, reason, status, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10) RETURNING {APPROVAL_COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(&a.id)
            .bind(&a.tool)
            .bind(&a.args_canonical)
            .bind(&a.args_hash)
            .bind(&a.session)
            .bind(&a.workspace)
            .bind(&a.approval_class)
            .bind(&a.reason)
            .bind(a.created_at)
            .bind(a.expires_at)
            .fetch_one(&self.pool)
            .await?;
        approval_from_row(&row)
    }

    async fn approval_get(&self, id: &str) -> Result<Option<Approval>, StoreError> {
        let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(approval_from_row).transpose()
    }

    async fn approval_list(
        &self,
        status: Option<ApprovalStatus>,
        limit: u32,
    ) -> Result<Vec<Approval>, StoreError> {
        let sql = format!(
            "SELECT {APPROVAL_COLUMNS} FROM approvals WHERE ($1::TEXT IS NULL OR status = $1)
             ORDER BY created_at DESC, id DESC LIMIT $2"
        );
        let rows = sqlx::query(&sql)
            .bind(status.map(|s| s.as_str()))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(approval_from_row).collect()
    }

    async fn approval_decide(
        &self,
        id: &str,
        grant: bool,
        decided_by: &str,
        nonce: &str,
        now: i64,
    ) -> Result<Option<Approval>, StoreError> {
        let status = if grant {
            ApprovalStatus::Granted
        } else {
            ApprovalStatus::Denied
        };
        let sql = format!(
            "UPDATE approvals SET status = $2, decided_at = $3, decided_by = $4, nonce = $5
             WHERE id = $1 AND status = 'pending' AND expires_at > $3 RETURNING {APPROVAL_COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(id)
            .bind(status.as_str())
            .bind(now)
            .bind(decided_by)
            .bind(nonce)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(approval_from_row).transpose()
    }

    async fn approval_redeem(&self, id: &str, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE approvals SET status = 'redeemed', redeemed_at = $2
             WHERE id = $1 AND status = 'granted' AND expires_at > $2",
        )
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn approval_expire(&self, now: i64) -> Result<Vec<Approval>, StoreError> {
        let sql = format!(
            "UPDATE approvals SET status = 'expired'
             WHERE status IN ('pending', 'granted') AND expires_at <= $1 RETURNING {APPROVAL_COLUMNS}"
        );
        let rows = sqlx::query(&sql).bind(now).fetch_all(&self.pool).await?;
        rows.iter().map(approval_from_row).collect()
    }

    async fn audit_append(
        &self,
        kind: &str,
        payload: &serde_json::Value,
        now: i64,
    ) -> Result<AuditRow, StoreError> {
        let payload = to_canonical_string(payload);
        let mut tx = self.pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(AUDIT_LOCK)
            .execute(&mut *tx)
            .await?;
        let last = sqlx::query("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1")
            .fetch_optional(&mut *tx)
            .await?;
        let (prev_seq, prev_hash) = match last {
            Some(r) => (r.try_get::<i64, _>("seq")?, r.try_get::<String, _>("hash")?),
            None => (0, GENESIS_HASH.to_owned()),
        };
        let seq = prev_seq + 1;
        let hash = chain_hash(&prev_hash, seq, now, kind, &payload);
        sqlx::query("INSERT INTO audit (seq, at, kind, payload, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(seq)
            .bind(now)
            .bind(kind)
            .bind(&payload)
            .bind(&prev_hash)
            .bind(&hash)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(AuditRow {
            seq,
            at: now,
            kind: kind.to_owned(),
            payload,
            prev_hash,
            hash,
        })
    }

    async fn audit_page(&self, after: i64, limit: u32) -> Result<Vec<AuditRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, at, kind, payload, prev_hash, hash FROM audit WHERE seq > $1 ORDER BY seq LIMIT $2",
        )
        .bind(after)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(audit_from_row).collect()
    }

    async fn counts(&self) -> Result<Counts, StoreError> {
        let audit_rows: i64 = sqlx::query("SELECT COUNT(*) AS n FROM audit")
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?;
        let kinds: Vec<String> = DECISION_KINDS.iter().map(|k| (*k).to_owned()).collect();
        let decisions: i64 = sqlx::query("SELECT COUNT(*) AS n FROM audit WHERE kind = ANY($1)")
            .bind(&kinds)
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?;
        let mut approvals = Vec::new();
        for s in ApprovalStatus::ALL {
            let n: i64 = sqlx::query("SELECT COUNT(*) AS n FROM approvals WHERE status = $1")
                .bind(s.as_str())
                .fetch_one(&self.pool)
                .await?
                .try_get("n")?;
            approvals.push((s, n));
        }
        Ok(Counts {
            audit_rows,
            decisions,
            approvals,
        })
    }
}
