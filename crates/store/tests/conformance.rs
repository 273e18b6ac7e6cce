//! One conformance suite, run against both backends: a real SQLite file in
//! a temp directory, and the real PostgreSQL server named by
//! `HIVEGATE_TEST_PG_URL` (set by `scripts/test`) in a schema of its own.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::path::PathBuf;
use std::sync::Arc;

use hivegate_store::{
    ApprovalStatus, GENESIS_HASH, NewApproval, PgStore, SqliteStore, Store, StoreError,
    VerifyError, verify_chain,
};
use serde_json::json;

fn random_hex(n: usize) -> String {
    let mut b = vec![0u8; n];
    getrandom::fill(&mut b).unwrap();
    b.iter().map(|x| format!("{x:02x}")).collect()
}

struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        let p = std::env::temp_dir().join(format!("hivegate-store-{}", random_hex(8)));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn pg_url() -> String {
    std::env::var("HIVEGATE_TEST_PG_URL").expect(
        "HIVEGATE_TEST_PG_URL is not set: run the suite with scripts/test, or set it to a PostgreSQL URL",
    )
}

/// A PostgreSQL store in a fresh schema, dropped at the end.
struct PgFixture {
    store: PgStore,
    schema: String,
}

impl PgFixture {
    async fn new(max_connections: u32) -> PgFixture {
        let schema = format!("hg_test_{}", random_hex(6));
        let store = PgStore::connect(&pg_url(), Some(&schema), max_connections)
            .await
            .unwrap();
        PgFixture { store, schema }
    }

    async fn finish(self) {
        self.store.close().await;
        PgStore::drop_schema(&pg_url(), &self.schema).await.unwrap();
    }
}

fn new_approval(id: &str, expires_at: i64) -> NewApproval {
    NewApproval {
        id: id.to_owned(),
        tool: "bash".to_owned(),
        args_canonical: r#"{"command":"rm -rf build"}"#.to_owned(),
        args_hash: "ab".repeat(32),
        session: "s1".to_owned(),
        workspace: Some("w1".to_owned()),
        approval_class: "standard".to_owned(),
        reason: "normal autonomy asks a human for this".to_owned(),
        created_at: 1_000,
        expires_at,
    }
}

async fn config_roundtrips<S: Store>(s: &S) {
    assert_eq!(s.config_get("tier").await.unwrap(), None);
    s.config_set("tier", "PRO", 1).await.unwrap();
    s.config_set("tier", "TEAMS", 2).await.unwrap();
    assert_eq!(
        s.config_get("tier").await.unwrap().as_deref(),
        Some("TEAMS")
    );
    // Initialise-once: the first value stays, whoever comes second.
    assert_eq!(s.config_init("salt", "first", 3).await.unwrap(), "first");
    assert_eq!(s.config_init("salt", "second", 4).await.unwrap(), "first");
}

async fn approvals_follow_their_lifecycle<S: Store>(s: &S) {
    let a = s
        .approval_insert(&new_approval("a1", 10_000))
        .await
        .unwrap();
    assert_eq!(a.status, ApprovalStatus::Pending);
    assert_eq!(s.approval_get("a1").await.unwrap().unwrap(), a);
    assert_eq!(s.approval_get("nope").await.unwrap(), None);
    let pending = s
        .approval_list(Some(ApprovalStatus::Pending), 10)
        .await
        .unwrap();
    assert_eq!(
        pending.iter().map(|x| x.id.as_str()).collect::<Vec<_>>(),
        ["a1"]
    );

    // Redeeming before a grant wins nothing.
    assert!(!s.approval_redeem("a1", 2_000).await.unwrap());
    let g = s
        .approval_decide("a1", true, "admin", "n1", 2_000)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (g.status, g.decided_by.as_deref(), g.nonce.as_deref()),
        (ApprovalStatus::Granted, Some("admin"), Some("n1"))
    );
    // A decided request cannot be decided again.
    assert_eq!(
        s.approval_decide("a1", false, "admin", "n2", 2_001)
            .await
            .unwrap(),
        None
    );
    assert!(s.approval_redeem("a1", 3_000).await.unwrap());
    assert!(
        !s.approval_redeem("a1", 3_001).await.unwrap(),
        "a token is single-use"
    );
    assert_eq!(
        s.approval_get("a1").await.unwrap().unwrap().status,
        ApprovalStatus::Redeemed
    );

    s.approval_insert(&new_approval("a2", 10_000))
        .await
        .unwrap();
    let d = s
        .approval_decide("a2", false, "admin", "n3", 2_000)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(d.status, ApprovalStatus::Denied);
    assert!(!s.approval_redeem("a2", 2_500).await.unwrap());

    // Expiry: no grant after it, no redeem after it, and it is recorded.
    s.approval_insert(&new_approval("a3", 5_000)).await.unwrap();
    assert_eq!(
        s.approval_decide("a3", true, "admin", "n4", 5_000)
            .await
            .unwrap(),
        None
    );
    s.approval_insert(&new_approval("a4", 5_000)).await.unwrap();
    s.approval_decide("a4", true, "admin", "n5", 4_000)
        .await
        .unwrap()
        .unwrap();
    assert!(!s.approval_redeem("a4", 5_000).await.unwrap());
    let mut expired: Vec<String> = s
        .approval_expire(5_000)
        .await
        .unwrap()
        .into_iter()
        .map(|a| a.id)
        .collect();
    expired.sort();
    assert_eq!(expired, ["a3", "a4"]);
    assert_eq!(
        s.approval_get("a4").await.unwrap().unwrap().status,
        ApprovalStatus::Expired
    );
    assert!(s.approval_expire(5_000).await.unwrap().is_empty());

    let all = s.approval_list(None, 100).await.unwrap();
    assert_eq!(all.len(), 4);
    let counts = s.counts().await.unwrap();
    let n = |st: ApprovalStatus| counts.approvals.iter().find(|(s, _)| *s == st).unwrap().1;
    assert_eq!(
        (
            n(ApprovalStatus::Redeemed),
            n(ApprovalStatus::Denied),
            n(ApprovalStatus::Expired)
        ),
        (1, 1, 2)
    );
}

async fn audit_is_a_chain<S: Store>(s: &S) {
    for i in 0..40 {
        let kind = if i % 2 == 0 {
            "decision"
        } else {
            "approval_requested"
        };
        s.audit_append(
            kind,
            &json!({"i": i, "tool": "bash", "z": [1, 2], "a": null}),
            100 + i,
        )
        .await
        .unwrap();
    }
    let first = s.audit_page(0, 10).await.unwrap();
    assert_eq!(first.len(), 10);
    assert_eq!(first[0].seq, 1);
    assert_eq!(first[0].prev_hash, GENESIS_HASH);
    assert_eq!(
        first[0].payload,
        r#"{"a":null,"i":0,"tool":"bash","z":[1,2]}"#
    );
    let rest = s.audit_page(10, 1000).await.unwrap();
    assert_eq!(rest.len(), 30);
    let (last_seq, _) = verify_chain(first.iter().chain(rest.iter()), (0, GENESIS_HASH)).unwrap();
    assert_eq!(last_seq, 40);
    // Verifying in pages gives the same answer.
    let (seq, hash) = verify_chain(first.iter(), (0, GENESIS_HASH)).unwrap();
    verify_chain(rest.iter(), (seq, &hash)).unwrap();
    let counts = s.counts().await.unwrap();
    assert_eq!((counts.audit_rows, counts.decisions), (40, 20));

    // Any edit breaks verification at that row.
    let mut tampered = first.clone();
    tampered[3].payload = r#"{"a":null,"i":3,"tool":"sh","z":[1,2]}"#.to_owned();
    assert_eq!(
        verify_chain(tampered.iter(), (0, GENESIS_HASH)),
        Err(VerifyError::HashMismatch { seq: 4 })
    );
    let mut dropped = first.clone();
    dropped.remove(5);
    assert_eq!(
        verify_chain(dropped.iter(), (0, GENESIS_HASH)),
        Err(VerifyError::Gap {
            seq: 7,
            expected: 6
        })
    );
}

/// Concurrent appends never fork the chain.
async fn concurrent_appends_keep_one_chain<S: Store + 'static>(s: Arc<S>) {
    let before = s.counts().await.unwrap().audit_rows;
    let mut tasks = Vec::new();
    for t in 0..8 {
        let s = Arc::clone(&s);
        tasks.push(tokio::spawn(async move {
            for i in 0..25 {
                s.audit_append("decision", &json!({"t": t, "i": i}), 1_000 + i)
                    .await
                    .unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let rows = s.audit_page(0, 100_000).await.unwrap();
    assert_eq!(rows.len() as i64, before + 200);
    verify_chain(rows.iter(), (0, GENESIS_HASH)).unwrap();
}

/// Many concurrent redeems of one granted approval: exactly one wins, in
/// every one of `trials` trials.
async fn redeem_race_has_one_winner<S: Store + 'static>(s: Arc<S>, trials: usize, racers: usize) {
    for trial in 0..trials {
        let id = format!("race-{trial}");
        s.approval_insert(&new_approval(&id, 1_000_000))
            .await
            .unwrap();
        s.approval_decide(&id, true, "admin", "n", 2_000)
            .await
            .unwrap()
            .unwrap();
        let barrier = Arc::new(tokio::sync::Barrier::new(racers));
        let mut tasks = Vec::with_capacity(racers);
        for _ in 0..racers {
            let (s, id, barrier) = (Arc::clone(&s), id.clone(), Arc::clone(&barrier));
            tasks.push(tokio::spawn(async move {
                barrier.wait().await;
                s.approval_redeem(&id, 3_000).await.unwrap()
            }));
        }
        let mut winners = 0;
        for t in tasks {
            winners += usize::from(t.await.unwrap());
        }
        assert_eq!(winners, 1, "trial {trial}: {winners} winners");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_conforms() {
    let dir = TempDir::new();
    let s = SqliteStore::open(&dir.0.join("hivegate.db")).unwrap();
    assert_eq!(s.backend(), "sqlite");
    config_roundtrips(&s).await;
    approvals_follow_their_lifecycle(&s).await;
    audit_is_a_chain(&s).await;
    concurrent_appends_keep_one_chain(Arc::new(s.clone())).await;
    // Reopening finds everything, and the schema is not migrated twice.
    drop(s);
    let s = SqliteStore::open(&dir.0.join("hivegate.db")).unwrap();
    assert_eq!(
        s.config_get("tier").await.unwrap().as_deref(),
        Some("TEAMS")
    );
    assert_eq!(s.counts().await.unwrap().audit_rows, 240);
}

/// Two handles on one file stand for `serve` and a CLI command in another
/// process: each batches its own appends, and the chain stays one.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_sqlite_handles_on_one_file_keep_one_chain() {
    let dir = TempDir::new();
    let path = dir.0.join("hivegate.db");
    let (a, b) = (
        Arc::new(SqliteStore::open(&path).unwrap()),
        Arc::new(SqliteStore::open(&path).unwrap()),
    );
    let mut tasks = Vec::new();
    for t in 0..16 {
        let s = Arc::clone(if t % 2 == 0 { &a } else { &b });
        tasks.push(tokio::spawn(async move {
            let mut seqs = Vec::new();
            for i in 0..50 {
                let row = s
                    .audit_append("decision", &json!({"t": t, "i": i}), 1_000 + i)
                    .await
                    .unwrap();
                seqs.push(row.seq);
            }
            seqs
        }));
    }
    let mut seqs = Vec::new();
    for t in tasks {
        seqs.extend(t.await.unwrap());
    }
    seqs.sort_unstable();
    assert_eq!(
        seqs,
        (1..=800).collect::<Vec<i64>>(),
        "every append got its own row"
    );
    let rows = a.audit_page(0, 100_000).await.unwrap();
    assert_eq!(rows.len(), 800);
    verify_chain(rows.iter(), (0, GENESIS_HASH)).unwrap();
}

/// Another process holding the write lock (a CLI command mid-commit) makes
/// an append wait for it on the writer thread, never on the caller's
/// runtime, which keeps running other tasks meanwhile.
#[tokio::test(flavor = "current_thread")]
async fn an_append_waits_for_another_writer_off_the_runtime() {
    let dir = TempDir::new();
    let path = dir.0.join("hivegate.db");
    let s = SqliteStore::open(&path).unwrap();
    s.audit_append("decision", &json!({"n": 0}), 1)
        .await
        .unwrap();
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let append = tokio::spawn({
        let s = s.clone();
        async move { s.audit_append("decision", &json!({"n": 1}), 2).await }
    });
    let mut ticks = 0;
    for _ in 0..20 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        ticks += 1;
    }
    assert_eq!(ticks, 20);
    assert!(
        !append.is_finished(),
        "it waits while the other writer holds the lock"
    );
    other.execute_batch("COMMIT").unwrap();
    let row = append.await.unwrap().unwrap();
    assert_eq!(row.seq, 2);
    let rows = s.audit_page(0, 10).await.unwrap();
    verify_chain(rows.iter(), (0, GENESIS_HASH)).unwrap();
}

/// The caller leading a commit can be cancelled while it lets the others
/// add their rows: what waits goes to the writer thread, and every row is
/// still written once.
#[tokio::test(flavor = "current_thread")]
async fn a_cancelled_leader_leaves_no_append_waiting() {
    use std::future::Future;
    use std::task::Poll;
    let dir = TempDir::new();
    let s = SqliteStore::open(&dir.0.join("hivegate.db")).unwrap();
    let (p1, p2) = (json!({"n": 1}), json!({"n": 2}));
    let mut leader = Box::pin(s.audit_append("decision", &p1, 1));
    let mut follower = Box::pin(s.audit_append("decision", &p2, 2));
    let (a, b) = std::future::poll_fn(|cx| {
        Poll::Ready((
            leader.as_mut().poll(cx).is_pending(),
            follower.as_mut().poll(cx).is_pending(),
        ))
    })
    .await;
    assert!(a && b, "the leader yielded and the follower waits on it");
    drop(leader);
    let row = tokio::time::timeout(std::time::Duration::from_secs(10), follower)
        .await
        .expect("the follower's row is written without its leader")
        .unwrap();
    let rows = s.audit_page(0, 10).await.unwrap();
    assert_eq!(rows.len(), 2, "the cancelled caller's row is written too");
    assert!(
        rows.iter()
            .any(|r| r.seq == row.seq && r.payload.contains("2"))
    );
    verify_chain(rows.iter(), (0, GENESIS_HASH)).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_conforms() {
    let pg = PgFixture::new(8).await;
    assert_eq!(pg.store.backend(), "postgres");
    config_roundtrips(&pg.store).await;
    approvals_follow_their_lifecycle(&pg.store).await;
    audit_is_a_chain(&pg.store).await;
    concurrent_appends_keep_one_chain(Arc::new(pg.store.clone())).await;
    // A second replica on the same schema migrates nothing and sees it all.
    let replica = PgStore::connect(&pg_url(), Some(&pg.schema), 2)
        .await
        .unwrap();
    assert_eq!(
        replica.config_get("tier").await.unwrap().as_deref(),
        Some("TEAMS")
    );
    assert_eq!(replica.counts().await.unwrap().audit_rows, 240);
    replica.close().await;
    pg.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_redeem_race_1000_trials() {
    let dir = TempDir::new();
    let s = SqliteStore::open(&dir.0.join("hivegate.db")).unwrap();
    redeem_race_has_one_winner(Arc::new(s), 1000, 8).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_redeem_race_1000_trials() {
    let pg = PgFixture::new(8).await;
    redeem_race_has_one_winner(Arc::new(pg.store.clone()), 1000, 8).await;
    pg.finish().await;
}

#[tokio::test]
async fn a_tampered_sqlite_row_is_found() {
    let dir = TempDir::new();
    let path = dir.0.join("hivegate.db");
    let s = SqliteStore::open(&path).unwrap();
    for i in 0..5 {
        s.audit_append("decision", &json!({"i": i}), i)
            .await
            .unwrap();
    }
    drop(s);
    // A second connection to the file: what an attacker with file access can do.
    let raw = rusqlite::Connection::open(&path).unwrap();
    let changed = raw
        .execute("UPDATE audit SET payload = '{\"i\":99}' WHERE seq = 3", [])
        .unwrap();
    assert_eq!(changed, 1);
    drop(raw);
    let s = SqliteStore::open(&path).unwrap();
    let rows = s.audit_page(0, 100).await.unwrap();
    assert_eq!(
        verify_chain(rows.iter(), (0, GENESIS_HASH)),
        Err(VerifyError::HashMismatch { seq: 3 })
    );
}

#[tokio::test]
async fn a_corrupt_sqlite_file_is_refused_not_overwritten() {
    let dir = TempDir::new();
    let path = dir.0.join("hivegate.db");
    std::fs::write(&path, b"this is not a database, and it must survive").unwrap();
    let err = SqliteStore::open(&path).unwrap_err();
    assert!(
        matches!(err, StoreError::Sqlite(_) | StoreError::Corrupt(_)),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"this is not a database, and it must survive"
    );
}

/// Copies everything committed into the database file itself, so that a
/// page changed there is the page SQLite reads; returns the page size.
fn checkpoint(path: &std::path::Path) -> usize {
    let raw = rusqlite::Connection::open(path).unwrap();
    raw.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    let busy: i64 = raw
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| r.get(0))
        .unwrap();
    assert_eq!(busy, 0, "the checkpoint could not finish");
    raw.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap()
}

/// Overwrites page `page` (1-based, of `size` bytes) of the SQLite file at
/// `path` with bytes no page has: what a failing disk or a stray write
/// leaves.
fn damage_page(path: &std::path::Path, page: usize, size: usize) {
    use std::io::{Seek, SeekFrom, Write};
    let mut f = std::fs::OpenOptions::new().write(true).open(path).unwrap();
    f.seek(SeekFrom::Start(((page - 1) * size) as u64)).unwrap();
    f.write_all(&vec![0xA5; size]).unwrap();
}

#[tokio::test]
async fn a_damaged_table_is_refused_at_open_and_the_file_kept() {
    let dir = TempDir::new();
    let path = dir.0.join("hivegate.db");
    drop(SqliteStore::open(&path).unwrap());
    let size = checkpoint(&path);
    let raw = rusqlite::Connection::open(&path).unwrap();
    let root: usize = raw
        .query_row(
            "SELECT rootpage FROM sqlite_schema WHERE name = 'approvals'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    drop(raw);
    damage_page(&path, root, size);
    let before = std::fs::read(&path).unwrap();
    let err = SqliteStore::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Corrupt(_)), "{err}");
    assert!(err.to_string().contains("hivegate.db"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// Opening does not read the whole audit (it only grows, and every
/// `hivegate mcp` opens the store), so a damaged page deep in it does not
/// stop a start; reading over it is a clear error.
#[tokio::test]
async fn a_damaged_old_audit_page_does_not_stop_a_start_and_reading_it_fails_clearly() {
    let dir = TempDir::new();
    let path = dir.0.join("hivegate.db");
    let s = SqliteStore::open(&path).unwrap();
    let payload = json!({"text": "old row ".repeat(100)});
    for i in 0..600 {
        s.audit_append("decision", &payload, i).await.unwrap();
    }
    drop(s);
    let size = checkpoint(&path);
    // A leaf page of the audit, a third of the way into the file: a table
    // leaf (type 13) that holds rows written above.
    let bytes = std::fs::read(&path).unwrap();
    let pages: Vec<&[u8]> = bytes.chunks_exact(size).collect();
    let page = (pages.len() / 3..pages.len())
        .find(|&p| pages[p][0] == 13 && pages[p].windows(8).any(|w| w == b"old row "))
        .expect("an audit leaf page")
        + 1;
    damage_page(&path, page, size);
    let s = SqliteStore::open(&path).unwrap();
    let row = s.audit_append("decision", &json!({"new": true}), 600).await;
    assert_eq!(row.unwrap().seq, 601);
    let err = s.audit_page(0, 1000).await.unwrap_err();
    assert!(err.to_string().contains("malformed"), "{err}");
}

mod marketplace {
    use super::*;
    use hivegate_store::marketplace::{MarketQuery, Marketplace, Package, parse_registry};

    fn pkg(name: &str, category: &str, kind: &str, tools: &str) -> Package {
        Package {
            name: name.into(),
            description: format!("{category} server"),
            category: category.into(),
            kind: kind.into(),
            source: "test".into(),
            validated: false,
            tools: tools.into(),
        }
    }

    async fn searches<S: Marketplace>(s: &S) {
        let n = s
            .marketplace_import(
                vec![
                    pkg(
                        "postgres-mcp",
                        "databases",
                        "mcp",
                        "query: run SQL queries against PostgreSQL",
                    ),
                    pkg(
                        "slack-bot",
                        "communication",
                        "connector",
                        "post_message: send a Slack message",
                    ),
                    pkg("sql-skill", "databases", "skill", "write SQL"),
                ],
                1,
            )
            .await
            .unwrap();
        assert_eq!(n, 3);
        let q = |text: &str| MarketQuery {
            text: text.into(),
            limit: 10,
            ..Default::default()
        };
        let r = s.marketplace_search(&q("postgres queries")).await.unwrap();
        assert_eq!(r.packages[0].package.name, "postgres-mcp");
        assert_eq!(r.packages[0].rank, 1.0);
        // Hostile text is words, never syntax.
        for hostile in [
            "\"",
            "NEAR(",
            "a OR",
            "*",
            "'; DROP TABLE marketplace_packages; --",
            ")(",
            "\u{0}",
            "x:*|!&",
        ] {
            s.marketplace_search(&q(hostile)).await.unwrap();
        }
        // Facets over the text matches; filters narrow the page.
        let mut f = q("sql");
        let all = s.marketplace_search(&f).await.unwrap();
        assert_eq!(all.facets.categories.get("databases"), Some(&2));
        f.types = vec!["skill".into()];
        let skills = s.marketplace_search(&f).await.unwrap();
        assert_eq!(skills.total, 1);
        assert_eq!(skills.packages[0].package.kind, "skill");
        // Installs are per workspace.
        assert!(
            s.marketplace_mark_installed("w1", "slack-bot", 5)
                .await
                .unwrap()
        );
        assert!(!s.marketplace_mark_installed("w1", "nope", 5).await.unwrap());
        let mut w = q("");
        w.workspace = Some("w1".into());
        let r = s.marketplace_search(&w).await.unwrap();
        assert_eq!((r.installed_count, r.total), (1, 3));
        assert!(
            r.packages
                .iter()
                .any(|p| p.installed && p.package.name == "slack-bot")
        );
        w.workspace = Some("w2".into());
        assert_eq!(s.marketplace_search(&w).await.unwrap().installed_count, 0);
        // Re-import replaces, never duplicates.
        s.marketplace_import(
            vec![pkg("sql-skill", "databases", "skill", "write better SQL")],
            2,
        )
        .await
        .unwrap();
        assert_eq!(s.marketplace_all().await.unwrap().len(), 3);
        // The embedding cache.
        s.embeddings_put(
            "m",
            vec![("h1".into(), vec![0.5, 1.5]), ("h2".into(), vec![1.0])],
        )
        .await
        .unwrap();
        let got = s
            .embeddings_get("m", vec!["h1".into(), "h3".into()])
            .await
            .unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got["h1"], vec![0.5, 1.5]);
        assert!(
            s.embeddings_get("other", vec!["h1".into()])
                .await
                .unwrap()
                .is_empty()
        );
    }

    fn registry() -> Vec<Package> {
        let dir = std::env::var_os("HIVEGATE_EVAL_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/eval")
            });
        let text = std::fs::read_to_string(dir.join("mcp-registry/packages-list.json")).unwrap();
        parse_registry(&text, "mcp-registry").unwrap()
    }

    async fn real_catalog<S: Marketplace>(s: &S) {
        let packages = registry();
        assert_eq!(packages.len(), 4108);
        assert_eq!(s.marketplace_import(packages, 1).await.unwrap(), 4108);
        let q = |text: &str| MarketQuery {
            text: text.into(),
            limit: 5,
            ..Default::default()
        };
        let r = s.marketplace_search(&q("send email")).await.unwrap();
        assert!(r.total > 0);
        assert!(
            r.packages.iter().any(|p| p.package.name.contains("email")
                || p.package.tools.to_lowercase().contains("email")),
            "{r:#?}"
        );
        let all = s.marketplace_search(&q("")).await.unwrap();
        assert_eq!(all.total, 4108);
        assert!(all.facets.categories.len() >= 20);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_marketplace() {
        let dir = TempDir::new();
        let s = SqliteStore::open(&dir.0.join("hivegate.db")).unwrap();
        searches(&s).await;
        let s2 = SqliteStore::open(&dir.0.join("real.db")).unwrap();
        real_catalog(&s2).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres_marketplace() {
        let pg = PgFixture::new(4).await;
        searches(&pg.store).await;
        pg.finish().await;
        let pg = PgFixture::new(4).await;
        real_catalog(&pg.store).await;
        pg.finish().await;
    }
}
