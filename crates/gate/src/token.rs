//! Approval tokens: `hgt1.<approval id>.<MAC>`, the MAC an HMAC-SHA256
//! under the gate's key over the canonical JSON of everything the grant
//! binds (id, tool, argument hash, session, expiry, the grant's nonce).
//! Only this gate can mint one; it proves nothing about any other call.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64URL;
use hivegate_policy::canonical::to_canonical_string;
use hivegate_store::Approval;
use hmac::{Hmac, Mac};
use serde_json::json;
use sha2::Sha256;

/// Every token starts with this (and a version).
pub const TOKEN_PREFIX: &str = "hgt1.";

fn mac(key: &[u8], a: &Approval) -> Option<Hmac<Sha256>> {
    let nonce = a.nonce.as_deref().filter(|n| !n.is_empty())?;
    let bound = to_canonical_string(&json!({
        "id": a.id,
        "tool": a.tool,
        "argsHash": a.args_hash,
        "session": a.session,
        "expiresAt": a.expires_at,
        "nonce": nonce,
    }));
    let mut m = Hmac::<Sha256>::new_from_slice(key).ok()?;
    m.update(bound.as_bytes());
    Some(m)
}

/// The token for a granted approval (empty if it has no grant nonce).
pub fn mint_token(key: &[u8], a: &Approval) -> String {
    match mac(key, a) {
        Some(m) => format!(
            "{TOKEN_PREFIX}{}.{}",
            a.id,
            B64URL.encode(m.finalize().into_bytes())
        ),
        None => String::new(),
    }
}

/// Whether `token` is the one this key minted for `a` (constant-time).
pub fn verify_token(key: &[u8], a: &Approval, token: &str) -> bool {
    let Some(rest) = token.strip_prefix(TOKEN_PREFIX) else {
        return false;
    };
    let Some((id, tag)) = rest.split_once('.') else {
        return false;
    };
    if id != a.id || tag.len() > 128 {
        return false;
    }
    let Ok(tag) = B64URL.decode(tag) else {
        return false;
    };
    mac(key, a).is_some_and(|m| m.verify_slice(&tag).is_ok())
}
