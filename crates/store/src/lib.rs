//! Persistence behind one trait, [`Store`], with two backends:
//!
//! - [`SqliteStore`]: the embedded default, one file in the home directory,
//!   WAL mode, created on first run with no configuration;
//! - [`PgStore`]: PostgreSQL, for several replicas sharing state.
//!
//! Beside them, [`vault`] keeps secrets encrypted at rest in a file.
//!
//! Both keep the same data with the same semantics, checked by one
//! conformance suite (`tests/conformance.rs`) run against each:
//! configuration values, approval requests and their atomic state changes
//! (exactly one redeem wins a race), and the append-only, hash-chained audit.
//!
//! The store decides nothing: tokens, policy and what to audit live in the
//! callers. It only guarantees that each state change is atomic.

mod any;
mod audit;
pub mod marketplace;
mod migrations;
mod model;
mod postgres;
mod sqlite;
mod sqlite_audit;
mod sqlite_checkpoint;
pub mod vault;

use std::future::Future;

pub use any::AnyStore;
pub use audit::{GENESIS_HASH, VerifyError, chain_hash, verify_chain};
pub use model::{Approval, ApprovalStatus, AuditRow, Counts, NewApproval};
pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("database error: {0}")]
    Postgres(#[from] sqlx::Error),
    #[error("cannot open the store at {path}: {source}")]
    Open {
        path: String,
        source: std::io::Error,
    },
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error("the store's schema is version {found}, newer than this build knows ({known})")]
    SchemaTooNew { found: i64, known: i64 },
    #[error("a background task failed: {0}")]
    Task(String),
}

/// What every backend provides. Every method is one atomic operation.
///
/// `now` is always passed in (milliseconds since the epoch), so callers own
/// the clock and tests can move it.
pub trait Store: Send + Sync {
    /// `sqlite` or `postgres`.
    fn backend(&self) -> &'static str;

    fn config_get(
        &self,
        key: &str,
    ) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;

    fn config_set(
        &self,
        key: &str,
        value: &str,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Stores `value` under `key` only if the key is absent; returns the
    /// value stored afterwards (so racing replicas all agree on one).
    fn config_init(
        &self,
        key: &str,
        value: &str,
        now: i64,
    ) -> impl Future<Output = Result<String, StoreError>> + Send;

    /// Records a new pending approval request.
    fn approval_insert(
        &self,
        a: &NewApproval,
    ) -> impl Future<Output = Result<Approval, StoreError>> + Send;

    fn approval_get(
        &self,
        id: &str,
    ) -> impl Future<Output = Result<Option<Approval>, StoreError>> + Send;

    /// Newest first; `status` filters, `limit` caps.
    fn approval_list(
        &self,
        status: Option<ApprovalStatus>,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<Approval>, StoreError>> + Send;

    /// Moves a pending, unexpired request to granted (with the grant's
    /// `nonce`) or denied. Returns the request after the change, or `None`
    /// when it was not pending and unexpired (nothing changed).
    fn approval_decide(
        &self,
        id: &str,
        grant: bool,
        decided_by: &str,
        nonce: &str,
        now: i64,
    ) -> impl Future<Output = Result<Option<Approval>, StoreError>> + Send;

    /// Marks a granted, unexpired request redeemed. Exactly one of any
    /// number of concurrent calls returns `true`.
    fn approval_redeem(
        &self,
        id: &str,
        now: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Marks pending and granted requests past their expiry as expired;
    /// returns them.
    fn approval_expire(
        &self,
        now: i64,
    ) -> impl Future<Output = Result<Vec<Approval>, StoreError>> + Send;

    /// Appends one audit row, chained to the previous one.
    fn audit_append(
        &self,
        kind: &str,
        payload: &serde_json::Value,
        now: i64,
    ) -> impl Future<Output = Result<AuditRow, StoreError>> + Send;

    /// Rows with `seq > after`, oldest first, at most `limit`.
    fn audit_page(
        &self,
        after: i64,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<AuditRow>, StoreError>> + Send;

    fn counts(&self) -> impl Future<Output = Result<Counts, StoreError>> + Send;
}

/// A directory for one test's store file, removed when the test ends
/// (declare it before the store, so the store closes first).
#[cfg(test)]
pub(crate) struct TestDir(std::path::PathBuf);

#[cfg(test)]
impl TestDir {
    pub(crate) fn new(tag: &str) -> TestDir {
        let dir = std::env::temp_dir().join(format!("hivegate-{tag}-{}", std::process::id()));
        if let Err(e) = std::fs::create_dir_all(&dir) {
            panic!("cannot make {}: {e}", dir.display());
        }
        TestDir(dir)
    }

    /// Where the test's store file goes.
    pub(crate) fn store(&self) -> std::path::PathBuf {
        self.0.join("store.db")
    }
}

#[cfg(test)]
impl Drop for TestDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
