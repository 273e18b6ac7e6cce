//! The audit chain: each row's hash covers the previous row's hash and the
//! row's own canonical content, so editing, deleting or reordering any row
//! breaks every link after it.

use hivegate_policy::canonical::{write_string, write_value};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::AuditRow;

/// The `prev_hash` of the first row.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The hash of a row with these fields, chained to `prev_hash`: SHA-256 of
/// `prev_hash`, a newline and the canonical JSON of `{seq, at, kind,
/// payload}` (the payload as a string). Written directly, keys already in
/// canonical order, because every gated call pays for it.
pub fn chain_hash(
    prev_hash: &str,
    seq: i64,
    at: i64,
    kind: &str,
    payload_canonical: &str,
) -> String {
    // Room for the payload's escapes too (a decision row has about one
    // quote in eight bytes), so the string is allocated once.
    let mut content = String::with_capacity(payload_canonical.len() * 9 / 8 + kind.len() + 64);
    content.push_str("{\"at\":");
    write_value(&Value::from(at), &mut content);
    content.push_str(",\"kind\":");
    write_string(kind, &mut content);
    content.push_str(",\"payload\":");
    write_string(payload_canonical, &mut content);
    content.push_str(",\"seq\":");
    write_value(&Value::from(seq), &mut content);
    content.push('}');
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

#[cfg(test)]
mod tests {
    use super::*;
    use hivegate_policy::canonical::to_canonical_string;
    use serde_json::json;

    /// The chain's definition: rows written before the direct writer must
    /// still verify.
    fn by_definition(prev: &str, seq: i64, at: i64, kind: &str, payload: &str) -> String {
        let content = to_canonical_string(&json!({
            "seq": seq, "at": at, "kind": kind, "payload": payload,
        }));
        let mut h = Sha256::new();
        h.update(prev.as_bytes());
        h.update(b"\n");
        h.update(content.as_bytes());
        hex::encode(h.finalize())
    }

    #[test]
    fn chain_hash_matches_its_definition() {
        for (seq, at, kind, payload) in [
            (1, 0, "decision", r#"{"tool":"bash"}"#),
            (
                2,
                1_764_547_200_000,
                "approval_auto",
                r#"{"a":"q\"uote\n","b":"é😀"}"#,
            ),
            (i64::MAX, -5, "kind with \t tab", ""),
            (9_007_199_254_740_993, i64::MIN, "", "\u{1}"),
        ] {
            assert_eq!(
                chain_hash(GENESIS_HASH, seq, at, kind, payload),
                by_definition(GENESIS_HASH, seq, at, kind, payload),
                "{seq} {kind:?}"
            );
        }
    }
}
