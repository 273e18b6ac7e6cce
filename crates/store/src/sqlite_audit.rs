//! Group commit for the embedded store's audit chain.
//!
//! Every gated call appends at least one audit row, and a commit (file
//! locks, WAL write) costs more than the row. The first append to find no
//! commit under way leads one: it lets the other ready tasks run (they add
//! their rows and wait), then commits every waiting row in one transaction
//! on its own thread. Handing each append to another thread cost a proxied
//! call more than the commit did (waking that thread, being woken back).
//! When the connection is in use or another process holds the database's
//! write lock, the batch goes to a writer thread, which waits for it, so a
//! runtime thread never does. Either way a caller gets its row back only
//! after its commit, so nothing a caller acts on is unrecorded.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OptionalExtension, params};
use tokio::sync::oneshot;

use crate::audit::{GENESIS_HASH, chain_hash};
use crate::{AuditRow, StoreError};

/// How long the store waits for another process's write lock (its
/// connection's setting, restored after a commit here that waits for none).
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Rows one commit takes at most, so a flood cannot hold the connection for
/// long.
const MAX_BATCH: usize = 256;

/// One row to append.
struct Entry {
    kind: String,
    payload: String,
    at: i64,
}

struct Append {
    entry: Entry,
    reply: oneshot::Sender<Result<AuditRow, StoreError>>,
}

/// Appends waiting for a caller to commit them, and whether one leads.
#[derive(Default)]
struct Waiting {
    appends: Vec<Append>,
    leading: bool,
}

/// The appending side; the writer thread ends when the last store clone
/// drops it.
#[derive(Clone)]
pub(crate) struct AuditWriter {
    thread: Sender<Vec<Append>>,
    conn: Arc<Mutex<Connection>>,
    waiting: Arc<Mutex<Waiting>>,
}

impl AuditWriter {
    pub(crate) fn spawn(conn: Arc<Mutex<Connection>>) -> Result<AuditWriter, StoreError> {
        let (thread, rx) = channel();
        let thread_conn = Arc::clone(&conn);
        std::thread::Builder::new()
            .name("hivegate-audit".into())
            .spawn(move || write_loop(&thread_conn, &rx))
            .map_err(|e| StoreError::Task(format!("cannot start the audit writer: {e}")))?;
        Ok(AuditWriter {
            thread,
            conn,
            waiting: Arc::default(),
        })
    }

    /// Appends one row; resolves once it is committed. The first caller to
    /// find nobody leading leads: it lets the other ready tasks run (they
    /// add their rows and wait), then commits everything waiting on its own
    /// thread, or hands it to the writer thread when the database is busy.
    pub(crate) async fn append(
        &self,
        kind: String,
        payload: String,
        at: i64,
    ) -> Result<AuditRow, StoreError> {
        let (reply, answer) = oneshot::channel();
        let lead = {
            let mut w = self.waiting.lock().map_err(|_| poisoned())?;
            w.appends.push(Append {
                entry: Entry { kind, payload, at },
                reply,
            });
            !std::mem::replace(&mut w.leading, true)
        };
        if lead {
            let mut leader = Leader {
                writer: self,
                finished: false,
            };
            tokio::task::yield_now().await;
            leader.finish();
        }
        answer
            .await
            .map_err(|_| StoreError::Task("the audit writer dropped an append".to_owned()))?
    }

    /// Takes up to a batch of what is waiting, or gives up the lead when
    /// nothing is (under one lock, so no append is left without a leader).
    fn next_batch(&self) -> Option<Vec<Append>> {
        let mut w = self.waiting.lock().ok()?;
        if w.appends.is_empty() {
            w.leading = false;
            return None;
        }
        let n = w.appends.len().min(MAX_BATCH);
        Some(w.appends.drain(..n).collect())
    }

    /// Commits `batch` on this thread when that cannot wait: the connection
    /// is free (not the writer thread's or another store call's) and no
    /// other process holds the write lock (no busy wait here). Otherwise
    /// the writer thread takes it, and waits.
    fn commit_here(&self, batch: Vec<Append>) {
        let Ok(c) = self.conn.try_lock() else {
            tracing::debug!(
                rows = batch.len(),
                "audit batch to the writer thread: the connection is in use"
            );
            return self.to_thread(batch);
        };
        if c.busy_timeout(Duration::ZERO).is_err() {
            drop(c);
            return self.to_thread(batch);
        }
        let result = commit(&c, batch.iter().map(|a| &a.entry));
        if let Err(e) = c.busy_timeout(BUSY_TIMEOUT) {
            tracing::warn!(error = %e, "could not restore the store's busy timeout");
        }
        drop(c);
        match result {
            Err(e) if e.sqlite_error_code() == Some(ErrorCode::DatabaseBusy) => {
                tracing::debug!(
                    rows = batch.len(),
                    "audit batch to the writer thread: the database is busy"
                );
                self.to_thread(batch);
            }
            result => answer(batch, result.map_err(StoreError::from)),
        }
    }

    fn to_thread(&self, batch: Vec<Append>) {
        if let Err(e) = self.thread.send(batch) {
            answer(
                e.0,
                Err(StoreError::Task("the audit writer has stopped".to_owned())),
            );
        }
    }
}

/// The caller that leads a commit. Dropped before it finished (its call
/// was cancelled while it let the others run), it hands what is waiting to
/// the writer thread, so no one waits for a leader that is gone.
struct Leader<'a> {
    writer: &'a AuditWriter,
    finished: bool,
}

impl Leader<'_> {
    fn finish(&mut self) {
        self.drain(AuditWriter::commit_here);
        self.finished = true;
    }

    /// Passes each batch waiting to `take` until none is left.
    fn drain(&self, take: fn(&AuditWriter, Vec<Append>)) {
        while let Some(batch) = self.writer.next_batch() {
            take(self.writer, batch);
        }
    }
}

impl Drop for Leader<'_> {
    fn drop(&mut self) {
        if !self.finished {
            self.drain(AuditWriter::to_thread);
        }
    }
}

fn poisoned() -> StoreError {
    StoreError::Task("the audit queue's lock was poisoned".to_owned())
}

/// Gives each caller its row, or the batch's error.
fn answer(batch: Vec<Append>, result: Result<Vec<Link>, StoreError>) {
    match result {
        Ok(links) => {
            for (a, link) in batch.into_iter().zip(links) {
                let row = AuditRow {
                    seq: link.seq,
                    at: a.entry.at,
                    kind: a.entry.kind,
                    payload: a.entry.payload,
                    prev_hash: link.prev_hash,
                    hash: link.hash,
                };
                // A caller that went away no longer needs its row.
                let _ = a.reply.send(Ok(row));
            }
        }
        Err(e) => {
            let why = e.to_string();
            for a in batch {
                let _ = a.reply.send(Err(StoreError::Task(format!(
                    "the audit row was not written: {why}"
                ))));
            }
        }
    }
}

/// The writer thread: commits what callers could not, waiting for the
/// database when another process holds it.
fn write_loop(conn: &Mutex<Connection>, rx: &Receiver<Vec<Append>>) {
    while let Ok(mut batch) = rx.recv() {
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(more) => batch.extend(more),
                Err(_) => break,
            }
        }
        let result = match conn.lock() {
            Ok(c) => commit(&c, batch.iter().map(|a| &a.entry)).map_err(StoreError::from),
            Err(_) => Err(StoreError::Task(
                "the store's connection lock was poisoned".to_owned(),
            )),
        };
        answer(batch, result);
    }
}

/// Where a committed row sits in the chain.
#[derive(Debug)]
struct Link {
    seq: i64,
    prev_hash: String,
    hash: String,
}

/// Chains and inserts the batch in one transaction: all rows or none.
/// `BEGIN` and `COMMIT` are cached statements, as the insert is: a batch
/// is often one or two rows, and parsing both again for every commit cost
/// more than inserting a row.
fn commit<'a>(
    c: &Connection,
    batch: impl ExactSizeIterator<Item = &'a Entry>,
) -> rusqlite::Result<Vec<Link>> {
    c.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
    let result = chain(c, batch).and_then(|links| {
        c.prepare_cached("COMMIT")?.execute([])?;
        Ok(links)
    });
    if result.is_err()
        && !c.is_autocommit()
        && let Err(e) = c.execute_batch("ROLLBACK")
    {
        tracing::warn!(error = %e, "could not roll back a failed audit batch");
    }
    result
}

/// Inserts the batch after the chain's last row, inside the caller's
/// transaction.
fn chain<'a>(
    c: &Connection,
    batch: impl ExactSizeIterator<Item = &'a Entry>,
) -> rusqlite::Result<Vec<Link>> {
    let mut links = Vec::with_capacity(batch.len());
    // Read inside the write lock: another process (the CLI approving a
    // call) may have appended since our last commit.
    let last: Option<(i64, String)> = c
        .prepare_cached("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1")?
        .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let (mut seq, mut prev_hash) = last.unwrap_or((0, GENESIS_HASH.to_owned()));
    let mut insert = c.prepare_cached(
        "INSERT INTO audit (seq, at, kind, payload, prev_hash, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for a in batch {
        seq += 1;
        let hash = chain_hash(&prev_hash, seq, a.at, &a.kind, &a.payload);
        insert.execute(params![seq, a.at, a.kind, a.payload, prev_hash, hash])?;
        links.push(Link {
            seq,
            prev_hash: std::mem::replace(&mut prev_hash, hash.clone()),
            hash,
        });
    }
    Ok(links)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a panic is a failure report

    use super::*;

    fn entry(payload: &str) -> Entry {
        Entry {
            kind: "decision".into(),
            payload: payload.into(),
            at: 1,
        }
    }

    fn rows(c: &Connection) -> i64 {
        c.query_row("SELECT count(*) FROM audit", [], |r| r.get(0))
            .unwrap()
    }

    /// A batch that fails part-way leaves none of its rows and no open
    /// transaction: the next batch commits, and the chain goes on from the
    /// last committed row.
    #[test]
    fn a_failed_batch_leaves_nothing_and_the_next_one_commits() {
        let c = Connection::open_in_memory().unwrap();
        c.execute_batch(
            "CREATE TABLE audit (seq INTEGER PRIMARY KEY, at BIGINT NOT NULL, kind TEXT NOT NULL,
                payload TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
             CREATE TEMP TRIGGER refuse BEFORE INSERT ON audit WHEN NEW.payload = 'boom'
                BEGIN SELECT RAISE(ABORT, 'refused'); END;",
        )
        .unwrap();
        let first = [entry("a")];
        assert_eq!(commit(&c, first.iter()).unwrap()[0].seq, 1);
        let bad = [entry("b"), entry("boom"), entry("c")];
        let e = commit(&c, bad.iter()).unwrap_err();
        assert!(e.to_string().contains("refused"), "{e}");
        assert!(c.is_autocommit(), "no transaction left open");
        assert_eq!(rows(&c), 1, "none of the failed batch's rows stay");
        let next = [entry("d"), entry("e")];
        let links = commit(&c, next.iter()).unwrap();
        assert_eq!(links.iter().map(|l| l.seq).collect::<Vec<_>>(), [2, 3]);
        let first_hash: String = c
            .query_row("SELECT hash FROM audit WHERE seq = 1", [], |r| r.get(0))
            .unwrap();
        assert_eq!(links[0].prev_hash, first_hash);
        assert_eq!(rows(&c), 3);
    }
}
