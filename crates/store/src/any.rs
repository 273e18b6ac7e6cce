//! [`AnyStore`]: whichever backend the configuration chose, behind the same
//! trait, so the server and the CLI hold one concrete type.

use std::path::Path;

use crate::{
    Approval, ApprovalStatus, AuditRow, Counts, NewApproval, PgStore, SqliteStore, Store,
    StoreError,
};

/// The embedded SQLite store or the shared PostgreSQL one.
#[derive(Debug, Clone)]
pub enum AnyStore {
    Sqlite(SqliteStore),
    Postgres(PgStore),
}

impl AnyStore {
    /// PostgreSQL when `database_url` is given, else the SQLite file at
    /// `sqlite_path`.
    pub async fn open(
        database_url: Option<&str>,
        sqlite_path: &Path,
    ) -> Result<AnyStore, StoreError> {
        match database_url {
            Some(url) => Ok(AnyStore::Postgres(PgStore::connect(url, None, 16).await?)),
            None => Ok(AnyStore::Sqlite(SqliteStore::open(sqlite_path)?)),
        }
    }
}

/// Calls the backend. PostgreSQL's futures are boxed: they are far larger
/// than SQLite's (an audit append's, 1.4 KB against 160 bytes), and every
/// future that awaits the store would otherwise carry and copy that size,
/// on SQLite too, for every gated call; a box is nothing beside a round
/// trip to the server.
macro_rules! delegate {
    ($self:ident, $s:ident => $e:expr) => {
        match $self {
            AnyStore::Sqlite($s) => $e.await,
            AnyStore::Postgres($s) => Box::pin($e).await,
        }
    };
}

impl Store for AnyStore {
    fn backend(&self) -> &'static str {
        match self {
            AnyStore::Sqlite(s) => s.backend(),
            AnyStore::Postgres(s) => s.backend(),
        }
    }

    async fn config_get(&self, key: &str) -> Result<Option<String>, StoreError> {
        delegate!(self, s => s.config_get(key))
    }

    async fn config_set(&self, key: &str, value: &str, now: i64) -> Result<(), StoreError> {
        delegate!(self, s => s.config_set(key, value, now))
    }

    async fn config_init(&self, key: &str, value: &str, now: i64) -> Result<String, StoreError> {
        delegate!(self, s => s.config_init(key, value, now))
    }

    async fn approval_insert(&self, a: &NewApproval) -> Result<Approval, StoreError> {
        delegate!(self, s => s.approval_insert(a))
    }

    async fn approval_get(&self, id: &str) -> Result<Option<Approval>, StoreError> {
        delegate!(self, s => s.approval_get(id))
    }

    async fn approval_list(
        &self,
        status: Option<ApprovalStatus>,
        limit: u32,
    ) -> Result<Vec<Approval>, StoreError> {
        delegate!(self, s => s.approval_list(status, limit))
    }

    async fn approval_decide(
        &self,
        id: &str,
        grant: bool,
        decided_by: &str,
        nonce: &str,
        now: i64,
    ) -> Result<Option<Approval>, StoreError> {
        delegate!(self, s => s.approval_decide(id, grant, decided_by, nonce, now))
    }

    async fn approval_redeem(&self, id: &str, now: i64) -> Result<bool, StoreError> {
        delegate!(self, s => s.approval_redeem(id, now))
    }

    async fn approval_expire(&self, now: i64) -> Result<Vec<Approval>, StoreError> {
        delegate!(self, s => s.approval_expire(now))
    }

    async fn audit_append(
        &self,
        kind: &str,
        payload: &serde_json::Value,
        now: i64,
    ) -> Result<AuditRow, StoreError> {
        delegate!(self, s => s.audit_append(kind, payload, now))
    }

    async fn audit_page(&self, after: i64, limit: u32) -> Result<Vec<AuditRow>, StoreError> {
        delegate!(self, s => s.audit_page(after, limit))
    }

    async fn counts(&self) -> Result<Counts, StoreError> {
        delegate!(self, s => s.counts())
    }
}
