//! The gate end to end on real stores (a SQLite file; PostgreSQL from
//! `HIVEGATE_TEST_PG_URL` in a schema of its own): decisions and their
//! audit, approvals bound to the exact call, hostile tokens, expiry, the
//! autonomy step, the tier, and a chain that verifies afterwards.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::sync::Arc;

use hivegate_gate::{CallRequest, Gate, Refusal, mint_token};
use hivegate_policy::confirmation::AutonomyOverride;
use hivegate_policy::tier::{TRIAL_PERIOD_MS, Tier};
use hivegate_policy::{AutonomyLevel, Verdict};
use hivegate_store::{ApprovalStatus, GENESIS_HASH, PgStore, SqliteStore, Store, verify_chain};
use serde_json::{Value, json};

fn random_hex(n: usize) -> String {
    let mut b = vec![0u8; n];
    getrandom::fill(&mut b).unwrap();
    b.iter().map(|x| format!("{x:02x}")).collect()
}

const KEY: &[u8] = b"0123456789abcdef0123456789abcdef";
const T0: i64 = 1_700_000_000_000;

fn call(tool: &str, args: Value, session: &str) -> CallRequest {
    CallRequest {
        tool: tool.to_owned(),
        args,
        session: Some(session.to_owned()),
        ..Default::default()
    }
}

async fn audit_kinds<S: Store>(s: &S) -> Vec<String> {
    s.audit_page(0, 10_000)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.kind)
        .collect()
}

async fn full_flow<S: Store>(gate: &Gate<S>) {
    let args = json!({"command": "rm -rf build", "approved": true});
    let d = gate
        .decide(&call("bash", args.clone(), "s1"), T0)
        .await
        .unwrap();
    assert_eq!(
        d.decision.decision,
        Verdict::Confirm,
        "a caller's `approved: true` changes nothing"
    );
    let id = d.approval_id.clone().unwrap();
    let pending = gate
        .store()
        .approval_list(Some(ApprovalStatus::Pending), 10)
        .await
        .unwrap();
    assert_eq!(pending[0].id, id);
    assert!(pending[0].reason.contains("normal autonomy asks"));

    // Redeeming before the grant, with a token minted under another key.
    let mut forged_src = gate.store().approval_get(&id).await.unwrap().unwrap();
    forged_src.nonce = Some("n".to_owned());
    let forged = mint_token(b"not the gate's key", &forged_src);
    assert_eq!(
        gate.redeem(&id, &forged, "bash", &args, "s1", T0 + 1)
            .await
            .unwrap(),
        Err(Refusal::TokenInvalid)
    );

    let grant = gate.grant(&id, "admin", T0 + 10).await.unwrap().unwrap();
    assert!(grant.token.starts_with("hgt1."));
    assert_eq!(
        gate.grant(&id, "admin", T0 + 11)
            .await
            .unwrap()
            .unwrap_err(),
        Refusal::NotPending
    );
    assert_eq!(
        gate.deny(&id, "admin", T0 + 11).await.unwrap().unwrap_err(),
        Refusal::NotPending
    );

    // Hostile tokens: forged, truncated, for another id, garbage.
    let t = &grant.token;
    for bad in [
        forged.as_str(),
        &t[..t.len() - 2],
        &format!("{t}A"),
        &t.replacen(&id, "0000", 1),
        "hgt1.",
        "",
        "approved",
        "true",
    ] {
        assert_eq!(
            gate.redeem(&id, bad, "bash", &args, "s1", T0 + 20)
                .await
                .unwrap(),
            Err(Refusal::TokenInvalid),
            "{bad:?}"
        );
    }
    // The right token for another call is refused.
    let other_args = json!({"command": "rm -rf /", "approved": true});
    assert_eq!(
        gate.redeem(&id, t, "bash", &other_args, "s1", T0 + 20)
            .await
            .unwrap(),
        Err(Refusal::CallMismatch)
    );
    assert_eq!(
        gate.redeem(&id, t, "bash", &args, "s2", T0 + 20)
            .await
            .unwrap(),
        Err(Refusal::CallMismatch)
    );
    assert_eq!(
        gate.redeem(&id, t, "sh", &args, "s1", T0 + 20)
            .await
            .unwrap(),
        Err(Refusal::CallMismatch)
    );
    // Key order does not matter: the hash is over canonical JSON.
    let reordered: Value =
        serde_json::from_str(r#"{"approved": true, "command": "rm -rf build"}"#).unwrap();
    let ok = gate
        .redeem(&id, t, "bash", &reordered, "s1", T0 + 30)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(ok.status, ApprovalStatus::Redeemed);
    assert_eq!(
        gate.redeem(&id, t, "bash", &args, "s1", T0 + 31)
            .await
            .unwrap(),
        Err(Refusal::TokenReplayed)
    );
    assert_eq!(
        gate.redeem("missing", t, "bash", &args, "s1", T0 + 31)
            .await
            .unwrap(),
        Err(Refusal::NotFound)
    );

    // Deny: no token exists, and a stolen token of another request fails.
    let d2 = gate
        .decide(&call("git_push", json!({"branch": "x"}), "s1"), T0 + 40)
        .await
        .unwrap();
    let id2 = d2.approval_id.unwrap();
    let denied = gate.deny(&id2, "admin", T0 + 41).await.unwrap().unwrap();
    assert_eq!(denied.status, ApprovalStatus::Denied);
    assert_eq!(
        gate.redeem(&id2, t, "git_push", &json!({"branch": "x"}), "s1", T0 + 42)
            .await
            .unwrap(),
        Err(Refusal::TokenInvalid)
    );

    // Expiry: a late grant is refused; a late redeem is refused and recorded.
    let d3 = gate
        .decide(&call("write_file", json!({"path": "a"}), "s1"), T0)
        .await
        .unwrap();
    let id3 = d3.approval_id.unwrap();
    let ttl = 15 * 60 * 1000;
    assert_eq!(
        gate.grant(&id3, "admin", T0 + ttl)
            .await
            .unwrap()
            .unwrap_err(),
        Refusal::Expired
    );
    let d4 = gate
        .decide(&call("write_file", json!({"path": "b"}), "s1"), T0)
        .await
        .unwrap();
    let id4 = d4.approval_id.unwrap();
    let g4 = gate.grant(&id4, "admin", T0 + 1).await.unwrap().unwrap();
    assert_eq!(
        gate.redeem(
            &id4,
            &g4.token,
            "write_file",
            &json!({"path": "b"}),
            "s1",
            T0 + ttl
        )
        .await
        .unwrap(),
        Err(Refusal::Expired)
    );
    assert_eq!(gate.expire(T0 + ttl).await.unwrap(), 2);
    assert_eq!(
        gate.store()
            .approval_get(&id4)
            .await
            .unwrap()
            .unwrap()
            .status,
        ApprovalStatus::Expired
    );

    // Elevated autonomy: pre-approved with the step text and an approval_auto row.
    let mut c = call("write_file", json!({"path": "c"}), "s1");
    c.autonomy = Some(AutonomyOverride {
        level: AutonomyLevel::Trusted,
        expires_at: Some(T0 + 60_000),
    });
    let d5 = gate.decide(&c, T0 + 100).await.unwrap();
    assert_eq!(d5.decision.decision, Verdict::Auto);
    assert_eq!(
        d5.step.as_deref(),
        Some("⚡ write_file auto-approved (trusted)")
    );
    assert!(d5.approval_id.is_none());
    // The same override, expired, falls back to normal.
    let d6 = gate.decide(&c, T0 + 60_000).await.unwrap();
    assert_eq!(
        (d6.decision.decision, d6.autonomy),
        (Verdict::Confirm, AutonomyLevel::Normal)
    );
    // Critical at yolo: still a human.
    let mut c7 = call("bash", json!({"command": "sudo rm -rf /"}), "s1");
    c7.autonomy = Some(AutonomyOverride {
        level: AutonomyLevel::Yolo,
        expires_at: Some(T0 + 60_000),
    });
    let d7 = gate.decide(&c7, T0 + 200).await.unwrap();
    assert_eq!(
        (d7.decision.decision, d7.decision.critical),
        (Verdict::Confirm, true)
    );
    assert!(d7.step.is_none());

    // Tier: FREE by default, a trial decays, changes are audited.
    assert_eq!(gate.tier(T0).await.unwrap(), Tier::Free);
    gate.set_tier(Tier::Trial, "admin", T0).await.unwrap();
    assert_eq!(gate.tier(T0 + 1).await.unwrap(), Tier::Trial);
    assert_eq!(gate.tier(T0 + TRIAL_PERIOD_MS).await.unwrap(), Tier::Free);
    gate.set_tier(Tier::Teams, "admin", T0 + 2).await.unwrap();
    assert_eq!(
        gate.tier(T0 + TRIAL_PERIOD_MS * 10).await.unwrap(),
        Tier::Teams
    );

    let kinds = audit_kinds(gate.store().as_ref()).await;
    for k in [
        "decision",
        "approval_requested",
        "approval_granted",
        "approval_denied",
        "approval_redeemed",
        "approval_auto",
        "approval_expired",
        "config_changed",
    ] {
        assert!(kinds.iter().any(|x| x == k), "no {k} row in {kinds:?}");
    }
    let rows = gate.store().audit_page(0, 10_000).await.unwrap();
    verify_chain(rows.iter(), (0, GENESIS_HASH)).unwrap();
    // Tokens never reach the audit.
    assert!(rows.iter().all(|r| !r.payload.contains(&grant.token)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gate_on_sqlite() {
    let dir = std::env::temp_dir().join(format!("hivegate-gate-{}", random_hex(6)));
    let store = SqliteStore::open(&dir.join("hivegate.db")).unwrap();
    let gate = Gate::new(Arc::new(store), KEY.to_vec(), None);
    full_flow(&gate).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gate_on_postgres() {
    let url = std::env::var("HIVEGATE_TEST_PG_URL")
        .expect("HIVEGATE_TEST_PG_URL is not set: run the suite with scripts/test");
    let schema = format!("hg_test_{}", random_hex(6));
    let store = PgStore::connect(&url, Some(&schema), 4).await.unwrap();
    let gate = Gate::new(Arc::new(store.clone()), KEY.to_vec(), None);
    full_flow(&gate).await;
    store.close().await;
    PgStore::drop_schema(&url, &schema).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_from_one_replica_redeems_once_on_another() {
    let url = std::env::var("HIVEGATE_TEST_PG_URL")
        .expect("HIVEGATE_TEST_PG_URL is not set: run the suite with scripts/test");
    let schema = format!("hg_test_{}", random_hex(6));
    let a = Gate::new(
        Arc::new(PgStore::connect(&url, Some(&schema), 2).await.unwrap()),
        KEY.to_vec(),
        None,
    );
    let b = Gate::new(
        Arc::new(PgStore::connect(&url, Some(&schema), 2).await.unwrap()),
        KEY.to_vec(),
        None,
    );
    let args = json!({"path": "x"});
    let id = a
        .decide(&call("edit_file", args.clone(), "s"), T0)
        .await
        .unwrap()
        .approval_id
        .unwrap();
    let token = b.grant(&id, "admin", T0 + 1).await.unwrap().unwrap().token;
    assert!(
        a.redeem(&id, &token, "edit_file", &args, "s", T0 + 2)
            .await
            .unwrap()
            .is_ok()
    );
    assert_eq!(
        b.redeem(&id, &token, "edit_file", &args, "s", T0 + 3)
            .await
            .unwrap(),
        Err(Refusal::TokenReplayed)
    );
    let rows = a.store().audit_page(0, 1000).await.unwrap();
    verify_chain(rows.iter(), (0, GENESIS_HASH)).unwrap();
    PgStore::drop_schema(&url, &schema).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replicas_with_one_master_key_share_the_token_key() {
    use hivegate_gate::{GateError, shared_token_key};
    use hivegate_store::vault::MasterKey;
    let url = std::env::var("HIVEGATE_TEST_PG_URL")
        .expect("HIVEGATE_TEST_PG_URL is not set: run the suite with scripts/test");
    let schema = format!("hg_test_{}", random_hex(6));
    let s1 = PgStore::connect(&url, Some(&schema), 2).await.unwrap();
    let s2 = PgStore::connect(&url, Some(&schema), 2).await.unwrap();
    let (m1, m2) = (
        MasterKey::from_bytes(b"shared master".to_vec()).unwrap(),
        MasterKey::from_bytes(b"shared master".to_vec()).unwrap(),
    );
    let (k1, k2) = tokio::join!(
        shared_token_key(&s1, &m1, T0),
        shared_token_key(&s2, &m2, T0)
    );
    let (k1, k2) = (k1.unwrap(), k2.unwrap());
    assert_eq!(k1, k2);
    assert_eq!(k1.len(), 32);
    let sealed = s1
        .config_get("vault.approval-token-key")
        .await
        .unwrap()
        .unwrap();
    assert!(
        !sealed.contains(&hex::encode(&k1)),
        "the key is sealed, not stored"
    );
    let other = MasterKey::from_bytes(b"another master".to_vec()).unwrap();
    assert!(matches!(
        shared_token_key(&s2, &other, T0).await,
        Err(GateError::SharedVaultKey)
    ));
    // Tokens minted by one replica redeem on the other.
    let a = Gate::new(Arc::new(s1.clone()), k1, None);
    let b = Gate::new(Arc::new(s2.clone()), k2, None);
    let args = json!({"path": "y"});
    let id = a
        .decide(&call("write_file", args.clone(), "s"), T0)
        .await
        .unwrap()
        .approval_id
        .unwrap();
    let token = a.grant(&id, "admin", T0 + 1).await.unwrap().unwrap().token;
    assert!(
        b.redeem(&id, &token, "write_file", &args, "s", T0 + 2)
            .await
            .unwrap()
            .is_ok()
    );
    s1.close().await;
    s2.close().await;
    PgStore::drop_schema(&url, &schema).await.unwrap();
}

/// Only an `auto` call of a tool marked read-only may start before its
/// decision row is committed: a tool with no hints, one marked
/// read-only = false, or a read-only one the gate stops or asks about
/// waits for its row.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_read_only_auto_call_runs_beside_its_record() {
    use hivegate_policy::annotations::ToolAnnotations;
    let dir = std::env::temp_dir().join(format!("hivegate-gate-{}", random_hex(6)));
    let store = SqliteStore::open(&dir.join("hivegate.db")).unwrap();
    let gate = Gate::new(Arc::new(store), KEY.to_vec(), None);
    let hinted = |tool: &str, args: Value, ro: Option<bool>| CallRequest {
        hints: ro.map(|ro| ToolAnnotations {
            read_only_hint: Some(ro),
            destructive_hint: Some(false),
            open_world_hint: None,
        }),
        ..call(tool, args, "s")
    };
    let beside = |req: &CallRequest| gate.evaluate(req, T0).may_run_beside_its_record(req);
    let read = hinted("mcp_fs_read_file", json!({"path": "/tmp/a"}), Some(true));
    assert_eq!(gate.evaluate(&read, T0).decision.decision, Verdict::Auto);
    assert!(beside(&read));
    for req in [
        hinted("mcp_fs_read_file", json!({"path": "/tmp/a"}), None),
        hinted("mcp_fs_write_file", json!({"path": "/tmp/a"}), Some(false)),
        // Read-only by its hint, yet the gate asks: a critical command.
        hinted(
            "bash",
            json!({"command": "sudo cat /etc/shadow"}),
            Some(true),
        ),
    ] {
        assert!(!beside(&req), "{}", req.tool);
    }
    // At yolo a tool that writes passes without a human, and still waits.
    let mut write = hinted("mcp_fs_write_file", json!({"path": "/tmp/a"}), Some(false));
    write.autonomy = Some(AutonomyOverride {
        level: AutonomyLevel::Yolo,
        expires_at: Some(T0 + 60_000),
    });
    assert_eq!(gate.evaluate(&write, T0).decision.decision, Verdict::Auto);
    assert!(!beside(&write));
    let _ = std::fs::remove_dir_all(&dir);
}
