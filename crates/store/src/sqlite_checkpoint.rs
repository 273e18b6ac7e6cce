//! Checkpoints for the embedded store, off the writers' path.
//!
//! SQLite's automatic checkpoint runs inside the commit that crosses its
//! threshold: that commit copies the WAL into the database and waits for
//! two fsyncs, and with `hivegate mcp` on one thread every call in flight
//! waits with it. Here a thread of its own checkpoints (PASSIVE: it never
//! blocks a writer) every [`INTERVAL`], over its own connection. The
//! writers' connection keeps an automatic checkpoint far above what the
//! thread lets build up, so a WAL still stays bounded if the thread falls
//! behind.

use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::Duration;

use rusqlite::Connection;

use crate::StoreError;

/// How often the thread checkpoints what was committed.
const INTERVAL: Duration = Duration::from_millis(200);

/// WAL pages at which a writer checkpoints anyway (SQLite's default is
/// 1000; about 64 MiB of WAL here).
pub(crate) const WRITER_AUTOCHECKPOINT: i64 = 16_000;

/// Keeps the checkpoint thread running; it stops when the last store
/// clone drops this.
#[derive(Debug)]
pub(crate) struct Checkpointer {
    _alive: Sender<()>,
}

impl Checkpointer {
    pub(crate) fn spawn(path: &Path) -> Result<Checkpointer, StoreError> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(crate::sqlite_audit::BUSY_TIMEOUT)?;
        let (alive, stop) = channel();
        std::thread::Builder::new()
            .name("hivegate-checkpoint".into())
            .spawn(move || checkpoint_loop(&conn, &stop))
            .map_err(|e| StoreError::Task(format!("cannot start the checkpointer: {e}")))?;
        Ok(Checkpointer { _alive: alive })
    }
}

fn checkpoint_loop(conn: &Connection, stop: &Receiver<()>) {
    while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(INTERVAL) {
        // A frame that a reader still needs waits for the next round.
        if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            tracing::debug!(error = %e, "background checkpoint failed; the next round retries");
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a panic is a failure report

    use crate::{SqliteStore, Store};

    /// Committed rows reach the database file with no writer checkpointing
    /// (the writers' threshold is far off).
    #[tokio::test]
    async fn the_thread_checkpoints_what_writers_commit() {
        let dir = crate::TestDir::new("ckpt");
        let path = dir.store();
        let store = SqliteStore::open(&path).unwrap();
        let db_len = || std::fs::metadata(&path).unwrap().len();
        let before = db_len();
        let payload = serde_json::json!({"text": "x".repeat(1000)});
        for _ in 0..300 {
            store.audit_append("decision", &payload, 1).await.unwrap();
        }
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while db_len() < before + 300 * 1000 {
            assert!(
                std::time::Instant::now() < deadline,
                "no checkpoint: the database file is still {} bytes",
                db_len()
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(store.counts().await.unwrap().audit_rows, 300);
    }
}
