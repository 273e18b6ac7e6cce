//! The embedded backend: one SQLite file (bundled SQLite, WAL mode).
//!
//! One connection behind a mutex serialises writers, which SQLite does
//! anyway; calls run on tokio's blocking pool, audit appends in group
//! commits led by a caller (`sqlite_audit.rs`); a thread of its own
//! checkpoints the WAL (`sqlite_checkpoint.rs`). WAL with `synchronous=NORMAL`
//! keeps every committed transaction across a killed process; a power cut
//! may lose the last commits but never corrupts the file.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use hivegate_policy::canonical::to_canonical_string;
use rusqlite::{Connection, OptionalExtension, Row, TransactionBehavior, params};

use crate::migrations::{DECISION_KINDS, MIGRATIONS, backend_sql, latest};
use crate::sqlite_audit::AuditWriter;
use crate::sqlite_checkpoint::{Checkpointer, WRITER_AUTOCHECKPOINT};
use crate::{Approval, ApprovalStatus, AuditRow, Counts, NewApproval, Store, StoreError};

/// The embedded store.
#[derive(Clone)]
pub struct SqliteStore {
    conn: Arc<Mutex<Connection>>,
    audit: AuditWriter,
    tally: Arc<Mutex<AuditTally>>,
    _checkpointer: Arc<Checkpointer>,
    path: PathBuf,
}

/// The audit's counts up to a sequence number. The audit is append-only
/// and keyed by its sequence, so a count reads only the rows appended
/// since the last one: no index by kind (a page more in every commit) and
/// no scan of the whole table.
#[derive(Debug, Default, Clone, Copy)]
struct AuditTally {
    seq: i64,
    rows: i64,
    decisions: i64,
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStore")
            .field("path", &self.path)
            .finish()
    }
}

const APPROVAL_COLUMNS: &str = "id, tool, args_canonical, args_hash, session, workspace, approval_class, reason, status, created_at, expires_at, decided_at, decided_by, nonce, redeemed_at";

fn approval_from_row(r: &Row<'_>) -> rusqlite::Result<Approval> {
    let status: String = r.get(8)?;
    let status = status.parse::<ApprovalStatus>().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(8, rusqlite::types::Type::Text, Box::new(e))
    })?;
    Ok(Approval {
        id: r.get(0)?,
        tool: r.get(1)?,
        args_canonical: r.get(2)?,
        args_hash: r.get(3)?,
        session: r.get(4)?,
        workspace: r.get(5)?,
        approval_class: r.get(6)?,
        reason: r.get(7)?,
        status,
        created_at: r.get(9)?,
        expires_at: r.get(10)?,
        decided_at: r.get(11)?,
        decided_by: r.get(12)?,
        nonce: r.get(13)?,
        redeemed_at: r.get(14)?,
    })
}

fn audit_from_row(r: &Row<'_>) -> rusqlite::Result<AuditRow> {
    Ok(AuditRow {
        seq: r.get(0)?,
        at: r.get(1)?,
        kind: r.get(2)?,
        payload: r.get(3)?,
        prev_hash: r.get(4)?,
        hash: r.get(5)?,
    })
}

/// Creates the database file readable by its owner only (it holds the
/// arguments of every gated call); SQLite gives its WAL the same mode.
fn create_owner_only(path: &Path) -> Result<(), StoreError> {
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    match opts.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(source) => Err(StoreError::Open {
            path: path.display().to_string(),
            source,
        }),
    }
}

/// `quick_check` of every table and its indexes but the audit's, so that
/// a damaged file is refused before anything is written to it. The audit
/// only grows (a row per gated call: a gigabyte after some two million),
/// and checking it too made every start, `hivegate mcp` for each client
/// session included, read all of it: 1.2 s at 1.7 million rows. Its pages
/// are checked as they are read: an append reads the pages it adds to,
/// and `hivegate audit verify` reads every row. Returns what is wrong, if
/// anything.
fn check_all_but_audit(conn: &Connection) -> rusqlite::Result<Option<String>> {
    let tables: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> 'audit'
             AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for table in tables {
        // The names come from the file, which may be anyone's.
        let quoted = table.replace('"', "\"\"");
        let quick: String =
            conn.query_row(&format!("PRAGMA quick_check(\"{quoted}\")"), [], |r| {
                r.get(0)
            })?;
        if quick != "ok" {
            return Ok(Some(quick));
        }
    }
    Ok(None)
}

impl SqliteStore {
    /// Opens (creating if needed) the store file at `path` and migrates it.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Open {
                path: dir.display().to_string(),
                source,
            })?;
        }
        create_owner_only(path)?;
        let conn = Connection::open(path)?;
        conn.busy_timeout(crate::sqlite_audit::BUSY_TIMEOUT)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "wal_autocheckpoint", WRITER_AUTOCHECKPOINT)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // 32 MiB of page cache (the default is 2): a search over a large
        // marketplace reads its pages from memory, not through a system
        // call each.
        conn.pragma_update(None, "cache_size", -32 * 1024)?;
        if let Some(what) = check_all_but_audit(&conn)? {
            return Err(StoreError::Corrupt(format!("{}: {what}", path.display())));
        }
        let conn = Arc::new(Mutex::new(conn));
        let mut store = SqliteStore {
            audit: AuditWriter::spawn(Arc::clone(&conn))?,
            tally: Arc::default(),
            _checkpointer: Arc::new(Checkpointer::spawn(path)?),
            conn,
            path: path.to_owned(),
        };
        store.migrate()?;
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> Result<MutexGuard<'_, Connection>, StoreError> {
        self.conn
            .lock()
            .map_err(|_| StoreError::Task("the store's connection lock was poisoned".to_owned()))
    }

    fn migrate(&mut self) -> Result<(), StoreError> {
        let mut conn = self.lock()?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS hivegate_migrations (
                version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
        )?;
        let current: i64 = conn.query_row(
            "SELECT COALESCE(MAX(version), 0) FROM hivegate_migrations",
            [],
            |r| r.get(0),
        )?;
        if current > latest() {
            return Err(StoreError::SchemaTooNew {
                found: current,
                known: latest(),
            });
        }
        for (version, name, sql) in MIGRATIONS.iter().filter(|m| m.0 > current) {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            if !sql.is_empty() {
                tx.execute_batch(sql)?;
            }
            if let Some(extra) = backend_sql(*version, false) {
                tx.execute_batch(extra)?;
            }
            tx.execute(
                "INSERT INTO hivegate_migrations (version, name, applied_at) VALUES (?1, ?2, strftime('%s','now') * 1000)",
                params![version, name],
            )?;
            tx.commit()?;
        }
        Ok(())
    }

    /// Runs `f` with the connection on the blocking pool.
    pub(crate) async fn run<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            let mut guard = conn.lock().map_err(|_| {
                StoreError::Task("the store's connection lock was poisoned".to_owned())
            })?;
            f(&mut guard)
        })
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
    }
}

impl Store for SqliteStore {
    fn backend(&self) -> &'static str {
        "sqlite"
    }

    async fn config_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let key = key.to_owned();
        self.run(move |c| {
            Ok(
                c.query_row("SELECT value FROM config WHERE key = ?1", [key], |r| {
                    r.get(0)
                })
                .optional()?,
            )
        })
        .await
    }

    async fn config_set(&self, key: &str, value: &str, now: i64) -> Result<(), StoreError> {
        let (key, value) = (key.to_owned(), value.to_owned());
        self.run(move |c| {
            c.execute(
                "INSERT INTO config (key, value, updated_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                params![key, value, now],
            )?;
            Ok(())
        })
        .await
    }

    async fn config_init(&self, key: &str, value: &str, now: i64) -> Result<String, StoreError> {
        let (key, value) = (key.to_owned(), value.to_owned());
        self.run(move |c| {
            c.execute(
                "INSERT INTO config (key, value, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (key) DO NOTHING",
                params![key, value, now],
            )?;
            Ok(c.query_row("SELECT value FROM config WHERE key = ?1", [key], |r| r.get(0))?)
        })
        .await
    }

    async fn approval_insert(&self, a: &NewApproval) -> Result<Approval, StoreError> {
        let a = a.clone();
        self.run(move |c| {
            c.execute(
                "INSERT INTO approvals (id, tool, args_canonical, args_hash, session, workspace, approval_class, reason, status, created_at, expires_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', ?9, ?10)",
                params![a.id, a.tool, a.args_canonical, a.args_hash, a.session, a.workspace, a.approval_class, a.reason, a.created_at, a.expires_at],
            )?;
            let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = ?1");
            Ok(c.query_row(&sql, [&a.id], approval_from_row)?)
        })
        .await
    }

    async fn approval_get(&self, id: &str) -> Result<Option<Approval>, StoreError> {
        let id = id.to_owned();
        self.run(move |c| {
            let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = ?1");
            Ok(c.query_row(&sql, [id], approval_from_row).optional()?)
        })
        .await
    }

    async fn approval_list(
        &self,
        status: Option<ApprovalStatus>,
        limit: u32,
    ) -> Result<Vec<Approval>, StoreError> {
        self.run(move |c| {
            let sql = format!(
                "SELECT {APPROVAL_COLUMNS} FROM approvals WHERE (?1 IS NULL OR status = ?1)
                 ORDER BY created_at DESC, id DESC LIMIT ?2"
            );
            let mut stmt = c.prepare(&sql)?;
            let rows = stmt.query_map(
                params![status.map(|s| s.as_str()), limit],
                approval_from_row,
            )?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn approval_decide(
        &self,
        id: &str,
        grant: bool,
        decided_by: &str,
        nonce: &str,
        now: i64,
    ) -> Result<Option<Approval>, StoreError> {
        let (id, by, nonce) = (id.to_owned(), decided_by.to_owned(), nonce.to_owned());
        let status = if grant {
            ApprovalStatus::Granted
        } else {
            ApprovalStatus::Denied
        };
        self.run(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let changed = tx.execute(
                "UPDATE approvals SET status = ?2, decided_at = ?3, decided_by = ?4, nonce = ?5
                 WHERE id = ?1 AND status = 'pending' AND expires_at > ?3",
                params![id, status.as_str(), now, by, nonce],
            )?;
            let out = if changed == 1 {
                let sql = format!("SELECT {APPROVAL_COLUMNS} FROM approvals WHERE id = ?1");
                Some(tx.query_row(&sql, [&id], approval_from_row)?)
            } else {
                None
            };
            tx.commit()?;
            Ok(out)
        })
        .await
    }

    async fn approval_redeem(&self, id: &str, now: i64) -> Result<bool, StoreError> {
        let id = id.to_owned();
        self.run(move |c| {
            let changed = c.execute(
                "UPDATE approvals SET status = 'redeemed', redeemed_at = ?2
                 WHERE id = ?1 AND status = 'granted' AND expires_at > ?2",
                params![id, now],
            )?;
            Ok(changed == 1)
        })
        .await
    }

    async fn approval_expire(&self, now: i64) -> Result<Vec<Approval>, StoreError> {
        self.run(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let sql = format!(
                "UPDATE approvals SET status = 'expired'
                 WHERE status IN ('pending', 'granted') AND expires_at <= ?1
                 RETURNING {APPROVAL_COLUMNS}"
            );
            let expired = {
                let mut stmt = tx.prepare(&sql)?;
                let rows = stmt.query_map([now], approval_from_row)?;
                rows.collect::<Result<Vec<_>, _>>()?
            };
            tx.commit()?;
            Ok(expired)
        })
        .await
    }

    async fn audit_append(
        &self,
        kind: &str,
        payload: &serde_json::Value,
        now: i64,
    ) -> Result<AuditRow, StoreError> {
        self.audit
            .append(kind.to_owned(), to_canonical_string(payload), now)
            .await
    }

    async fn audit_page(&self, after: i64, limit: u32) -> Result<Vec<AuditRow>, StoreError> {
        self.run(move |c| {
            let mut stmt = c.prepare(
                "SELECT seq, at, kind, payload, prev_hash, hash FROM audit WHERE seq > ?1 ORDER BY seq LIMIT ?2",
            )?;
            let rows = stmt.query_map(params![after, limit], audit_from_row)?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn counts(&self) -> Result<Counts, StoreError> {
        let tally = Arc::clone(&self.tally);
        self.run(move |c| {
            let mut tally = tally
                .lock()
                .map_err(|_| StoreError::Task("the audit tally's lock was poisoned".to_owned()))?;
            let placeholders = vec!["?"; DECISION_KINDS.len()].join(",");
            let (rows, seq, decisions): (i64, i64, i64) = c.query_row(
                &format!(
                    "SELECT COUNT(*), COALESCE(MAX(seq), ?1), COALESCE(SUM(kind IN ({placeholders})), 0) \
                     FROM audit WHERE seq > ?1"
                ),
                rusqlite::params_from_iter(
                    std::iter::once(&tally.seq as &dyn rusqlite::ToSql)
                        .chain(DECISION_KINDS.iter().map(|k| k as &dyn rusqlite::ToSql)),
                ),
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?;
            *tally = AuditTally {
                seq,
                rows: tally.rows + rows,
                decisions: tally.decisions + decisions,
            };
            let (audit_rows, decisions) = (tally.rows, tally.decisions);
            drop(tally);
            let mut approvals = Vec::new();
            for s in ApprovalStatus::ALL {
                let n: i64 = c.query_row(
                    "SELECT COUNT(*) FROM approvals WHERE status = ?1",
                    [s.as_str()],
                    |r| r.get(0),
                )?;
                approvals.push((s, n));
            }
            Ok(Counts {
                audit_rows,
                decisions,
                approvals,
            })
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a panic is a failure report

    use super::*;
    use crate::audit::{GENESIS_HASH, chain_hash, verify_chain};

    /// Counts read only the rows appended since the last count, and see
    /// rows another process (another store on the same file) appended.
    #[tokio::test]
    async fn counts_follow_appends_from_any_connection() {
        let dir = crate::TestDir::new("tally");
        let path = dir.store();
        let ours = SqliteStore::open(&path).unwrap();
        let counts = |s: &SqliteStore| {
            let s = s.clone();
            async move {
                let c = s.counts().await.unwrap();
                (c.audit_rows, c.decisions)
            }
        };
        assert_eq!(counts(&ours).await, (0, 0));
        for kind in ["decision", "approval_auto", "decision"] {
            ours.audit_append(kind, &serde_json::json!({}), 1)
                .await
                .unwrap();
        }
        assert_eq!(counts(&ours).await, (3, 2));
        assert_eq!(counts(&ours).await, (3, 2), "a second count adds nothing");
        let theirs = SqliteStore::open(&path).unwrap();
        for kind in ["tools_shown", "decision"] {
            theirs
                .audit_append(kind, &serde_json::json!({}), 2)
                .await
                .unwrap();
        }
        assert_eq!(counts(&ours).await, (5, 3));
        assert_eq!(counts(&theirs).await, (5, 3));
    }

    /// A store written by a build that knew only versions 1 and 2 (audit
    /// keyed by `BIGINT PRIMARY KEY`) keeps its chain through version 3.
    #[tokio::test]
    async fn version_3_rebuilds_the_audit_table_and_keeps_the_chain() {
        let dir = crate::TestDir::new("v3");
        let path = dir.store();
        {
            let mut c = Connection::open(&path).unwrap();
            c.execute_batch(
                "CREATE TABLE hivegate_migrations (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
            )
            .unwrap();
            for (version, name, sql) in MIGRATIONS.iter().filter(|m| m.0 <= 2) {
                let tx = c.transaction().unwrap();
                tx.execute_batch(sql).unwrap();
                if let Some(extra) = backend_sql(*version, false) {
                    tx.execute_batch(extra).unwrap();
                }
                tx.execute(
                    "INSERT INTO hivegate_migrations VALUES (?1, ?2, 0)",
                    params![version, name],
                )
                .unwrap();
                tx.commit().unwrap();
            }
            let mut prev = GENESIS_HASH.to_owned();
            for seq in 1..=3_i64 {
                let payload = format!(r#"{{"n":{seq}}}"#);
                let hash = chain_hash(&prev, seq, 100 + seq, "decision", &payload);
                c.execute(
                    "INSERT INTO audit VALUES (?1, ?2, 'decision', ?3, ?4, ?5)",
                    params![seq, 100 + seq, payload, prev, hash],
                )
                .unwrap();
                prev = hash;
            }
        }
        let store = SqliteStore::open(&path).unwrap();
        store
            .audit_append("decision", &serde_json::json!({"n": 4}), 104)
            .await
            .unwrap();
        let rows = store.audit_page(0, 10).await.unwrap();
        assert_eq!(rows.iter().map(|r| r.seq).collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert_eq!(rows[1].payload, r#"{"n":2}"#);
        verify_chain(&rows, (0, GENESIS_HASH)).unwrap();
        let indexes: Vec<String> = {
            let c = store.lock().unwrap();
            let mut s = c
                .prepare("SELECT name FROM pragma_index_list('audit')")
                .unwrap();
            s.query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        };
        assert!(
            indexes.is_empty(),
            "no b-tree beside the table: {indexes:?}"
        );
    }
}
