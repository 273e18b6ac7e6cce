//! Group commit for the embedded store's audit chain.
//!
//! Every gated call appends at least one audit row, and a commit (file
//! locks, WAL write) costs more than the row. One writer thread takes every
//! append that is waiting, chains them in one transaction and commits once;
//! each caller still gets its row back only after that commit, so nothing a
//! caller acts on is unrecorded. Alone, a call pays one commit as before;
//! under load, many calls share one.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use tokio::sync::oneshot;

use crate::audit::{GENESIS_HASH, chain_hash};
use crate::{AuditRow, StoreError};

/// Rows one commit takes at most, so a flood cannot hold the connection for
/// long.
const MAX_BATCH: usize = 256;

struct Append {
    kind: String,
    payload: String,
    at: i64,
    reply: oneshot::Sender<Result<AuditRow, StoreError>>,
}

/// The sending side; the thread ends when the last store clone drops it.
#[derive(Clone)]
pub(crate) struct AuditWriter {
    tx: Sender<Append>,
}

impl AuditWriter {
    pub(crate) fn spawn(conn: Arc<Mutex<Connection>>) -> Result<AuditWriter, StoreError> {
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name("hivegate-audit".into())
            .spawn(move || write_loop(&conn, &rx))
            .map_err(|e| StoreError::Task(format!("cannot start the audit writer: {e}")))?;
        Ok(AuditWriter { tx })
    }

    /// Appends one row; resolves once it is committed.
    pub(crate) async fn append(
        &self,
        kind: String,
        payload: String,
        at: i64,
    ) -> Result<AuditRow, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(Append {
                kind,
                payload,
                at,
                reply,
            })
            .map_err(|_| StoreError::Task("the audit writer has stopped".to_owned()))?;
        answer
            .await
            .map_err(|_| StoreError::Task("the audit writer dropped an append".to_owned()))?
    }
}

fn write_loop(conn: &Mutex<Connection>, rx: &Receiver<Append>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(a) => batch.push(a),
                Err(_) => break,
            }
        }
        let result = match conn.lock() {
            Ok(mut c) => commit(&mut c, &batch),
            Err(_) => Err(StoreError::Task(
                "the store's connection lock was poisoned".to_owned(),
            )),
        };
        match result {
            Ok(rows) => {
                for (a, row) in batch.into_iter().zip(rows) {
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
}

/// Chains and inserts the batch in one transaction: all rows or none.
fn commit(c: &mut Connection, batch: &[Append]) -> Result<Vec<AuditRow>, StoreError> {
    let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut rows = Vec::with_capacity(batch.len());
    {
        // Read inside the write lock: another process (the CLI approving a
        // call) may have appended since our last commit.
        let last: Option<(i64, String)> = tx
            .prepare_cached("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1")?
            .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        let (mut seq, mut prev_hash) = last.unwrap_or((0, GENESIS_HASH.to_owned()));
        let mut insert = tx.prepare_cached(
            "INSERT INTO audit (seq, at, kind, payload, prev_hash, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for a in batch {
            seq += 1;
            let hash = chain_hash(&prev_hash, seq, a.at, &a.kind, &a.payload);
            insert.execute(params![seq, a.at, a.kind, a.payload, prev_hash, hash])?;
            rows.push(AuditRow {
                seq,
                at: a.at,
                kind: a.kind.clone(),
                payload: a.payload.clone(),
                prev_hash: std::mem::replace(&mut prev_hash, hash.clone()),
                hash,
            });
        }
    }
    tx.commit()?;
    Ok(rows)
}
