//! The audit chain: each row's hash covers the previous row's hash and the
//! row's own canonical content, so editing, deleting or reordering any row
//! breaks every link after it.

use hivegate_policy::canonical::to_canonical_string;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::AuditRow;

/// The `prev_hash` of the first row.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The hash of a row with these fields, chained to `prev_hash`.
pub fn chain_hash(
    prev_hash: &str,
    seq: i64,
    at: i64,
    kind: &str,
    payload_canonical: &str,
) -> String {
    let content = to_canonical_string(&json!({
        "seq": seq,
        "at": at,
        "kind": kind,
        "payload": payload_canonical,
    }));
    let mut h = Sha256::new();
    h.update(prev_hash.as_bytes());
    h.update(b"\n");
    h.update(content.as_bytes());
    hex::encode(h.finalize())
}

/// The first broken link found by [`verify_chain`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("row {seq}: its hash does not match its content (the row was changed)")]
    HashMismatch { seq: i64 },
    #[error(
        "row {seq}: prev_hash does not match row {prev_seq}'s hash (a row was removed, inserted or changed)"
    )]
    BrokenLink { seq: i64, prev_seq: i64 },
    #[error("row {seq}: expected sequence number {expected} (a row is missing)")]
    Gap { seq: i64, expected: i64 },
}

/// Checks rows in order, continuing from the row before them (`prev`:
/// its seq and hash; `(0, GENESIS_HASH)` at the start).
pub fn verify_chain<'a>(
    rows: impl IntoIterator<Item = &'a AuditRow>,
    prev: (i64, &str),
) -> Result<(i64, String), VerifyError> {
    let (mut prev_seq, mut prev_hash) = (prev.0, prev.1.to_owned());
    for r in rows {
        if r.seq != prev_seq + 1 {
            return Err(VerifyError::Gap {
                seq: r.seq,
                expected: prev_seq + 1,
            });
        }
        if r.prev_hash != prev_hash {
            return Err(VerifyError::BrokenLink {
                seq: r.seq,
                prev_seq,
            });
        }
        if chain_hash(&r.prev_hash, r.seq, r.at, &r.kind, &r.payload) != r.hash {
            return Err(VerifyError::HashMismatch { seq: r.seq });
        }
        prev_seq = r.seq;
        prev_hash = r.hash.clone();
    }
    Ok((prev_seq, prev_hash))
}
