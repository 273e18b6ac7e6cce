//! The HTTP API over real loopback HTTP: a real server on a free port over a
//! real SQLite file, spoken to with raw HTTP/1.1 requests (hostile ones
//! included).

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use hivegate_gate::Gate;
use hivegate_server::AppState;
use hivegate_store::{AnyStore, SqliteStore};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const ADMIN: &str = "hga_test_admin_token";

struct Server {
    addr: SocketAddr,
    dir: PathBuf,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn start(max_body: Option<usize>) -> Server {
    let mut b = [0u8; 6];
    getrandom::fill(&mut b).unwrap();
    let dir = std::env::temp_dir().join(format!(
        "hivegate-api-{}",
        b.iter().map(|x| format!("{x:02x}")).collect::<String>()
    ));
    let store = AnyStore::Sqlite(SqliteStore::open(&dir.join("hivegate.db")).unwrap());
    let gate = Gate::new(Arc::new(store), b"k".repeat(32), None);
    let mut state = AppState::new(gate, ADMIN, vec!["hivegate.internal".to_owned()]);
    if let Some(m) = max_body {
        state = state.with_max_body(m);
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(hivegate_server::serve(listener, Arc::new(state), async {
        let _ = rx.await;
    }));
    Server {
        addr,
        dir,
        stop: Some(tx),
    }
}

struct Resp {
    status: u16,
    headers: String,
    body: String,
}

impl Resp {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
    fn code(&self) -> String {
        self.json()["error"].as_str().unwrap_or_default().to_owned()
    }
}

/// Sends one raw request; `extra` headers are written as given.
async fn raw(addr: SocketAddr, head: &str, body: &[u8]) -> Resp {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (headers, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = headers
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Resp {
        status,
        headers: headers.to_owned(),
        body: body.to_owned(),
    }
}

async fn req(addr: SocketAddr, method: &str, path: &str, auth: bool, body: Option<Value>) -> Resp {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if auth {
        head.push_str(&format!("Authorization: Bearer {ADMIN}\r\n"));
    }
    if !body.is_empty() {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    raw(addr, &head, body.as_bytes()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decide_approve_redeem_over_http() {
    let srv = start(None).await;
    let a = srv.addr;
    assert_eq!(
        req(a, "GET", "/health", false, None).await.json(),
        json!({"status": "ok"})
    );

    let args = json!({"command": "git push origin feature/x"});
    let d = req(
        a,
        "POST",
        "/api/gate/decide",
        false,
        Some(json!({"tool": "bash", "args": args, "session": "s1"})),
    )
    .await;
    assert_eq!(d.status, 200, "{}", d.body);
    let d = d.json();
    assert_eq!(d["decision"], "confirm");
    let id = d["approval_id"].as_str().unwrap().to_owned();

    // Approving needs the admin token; a caller cannot assert approval.
    let r = req(
        a,
        "POST",
        &format!("/api/approvals/{id}/approve"),
        false,
        None,
    )
    .await;
    assert_eq!((r.status, r.code().as_str()), (401, "ADMIN_TOKEN_REQUIRED"));
    let r = req(
        a,
        "POST",
        &format!("/api/approvals/{id}/redeem"),
        false,
        Some(json!({"token": "approved", "tool": "bash", "args": args, "session": "s1", })),
    )
    .await;
    assert_eq!(
        (r.status, r.code().as_str()),
        (403, "APPROVAL_TOKEN_INVALID")
    );
    let r = req(
        a,
        "POST",
        &format!("/api/approvals/{id}/redeem"),
        false,
        Some(json!({"approved": true, "tool": "bash"})),
    )
    .await;
    assert_eq!(
        r.status, 422,
        "an `approved` field is not even accepted: {}",
        r.body
    );

    let pending = req(a, "GET", "/api/approvals?status=pending", true, None)
        .await
        .json();
    assert_eq!(pending["approvals"][0]["id"], id.as_str());
    let g = req(
        a,
        "POST",
        &format!("/api/approvals/{id}/approve"),
        true,
        None,
    )
    .await;
    assert_eq!(g.status, 200, "{}", g.body);
    let token = g.json()["token"].as_str().unwrap().to_owned();

    let bad = req(a, "POST", &format!("/api/approvals/{id}/redeem"), false, Some(json!({"token": token, "tool": "bash", "args": {"command": "git push -f origin main"}, "session": "s1"}))).await;
    assert_eq!(
        (bad.status, bad.code().as_str()),
        (403, "APPROVAL_CALL_MISMATCH")
    );
    let ok = req(
        a,
        "POST",
        &format!("/api/approvals/{id}/redeem"),
        false,
        Some(json!({"token": token, "tool": "bash", "args": args, "session": "s1"})),
    )
    .await;
    assert_eq!(
        (ok.status, ok.json()["ok"].clone()),
        (200, json!(true)),
        "{}",
        ok.body
    );
    let again = req(
        a,
        "POST",
        &format!("/api/approvals/{id}/redeem"),
        false,
        Some(json!({"token": token, "tool": "bash", "args": args, "session": "s1"})),
    )
    .await;
    assert_eq!(
        (again.status, again.code().as_str()),
        (409, "APPROVAL_TOKEN_REPLAYED")
    );
    let r = req(a, "POST", "/api/approvals/nope/approve", true, None).await;
    assert_eq!((r.status, r.code().as_str()), (404, "APPROVAL_NOT_FOUND"));

    // Elevated autonomy pre-approves with the step text.
    let exp = hivegate_server::now_ms() + 60_000;
    let d = req(a, "POST", "/api/gate/decide", false, Some(json!({"tool": "write_file", "args": {"path": "x"}, "autonomy": {"level": "trusted", "expiresAt": exp}}))).await.json();
    assert_eq!(d["decision"], "auto");
    assert_eq!(d["step"], "⚡ write_file auto-approved (trusted)");
    let d = req(
        a,
        "POST",
        "/api/gate/decide",
        false,
        Some(json!({"tool": "write_file", "args": {"path": "x"}, "autonomy": {"level": "yolo"}})),
    )
    .await
    .json();
    assert_eq!(
        (d["decision"].as_str(), d["autonomy"].as_str()),
        (Some("confirm"), Some("normal")),
        "no expiry means normal"
    );

    // The audit pages and exports, and records what happened.
    let page = req(a, "GET", "/api/audit?limit=3", true, None).await.json();
    assert_eq!(page["rows"].as_array().unwrap().len(), 3);
    assert_eq!(page["next"], 3);
    let r = req(a, "GET", "/api/audit", false, None).await;
    assert_eq!(r.status, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tier_gates_teams_routes_with_the_seed_body() {
    let srv = start(None).await;
    let a = srv.addr;
    assert_eq!(
        req(a, "GET", "/api/tier", false, None).await.json(),
        json!({"tier": "FREE"})
    );
    let r = req(a, "GET", "/api/admin/overview", true, None).await;
    assert_eq!(r.status, 403);
    assert_eq!(
        r.json(),
        json!({"error": "TIER_INSUFFICIENT", "message": "This feature requires the TEAMS tier. You are on FREE.",
               "required": "TEAMS", "actual": "FREE", "upgradeUrl": "https://waggle-os.ai/upgrade"})
    );
    let r = req(a, "PUT", "/api/tier", false, Some(json!({"tier": "TEAMS"}))).await;
    assert_eq!(r.status, 401);
    let r = req(a, "PUT", "/api/tier", true, Some(json!({"tier": "GOLD"}))).await;
    assert_eq!((r.status, r.code().as_str()), (422, "INVALID_BODY"));
    let r = req(a, "PUT", "/api/tier", true, Some(json!({"tier": "TEAMS"}))).await;
    assert_eq!(r.json(), json!({"tier": "TEAMS"}));
    req(
        a,
        "POST",
        "/api/gate/decide",
        false,
        Some(json!({"tool": "read_file", "args": {"path": "a"}})),
    )
    .await;
    let o = req(a, "GET", "/api/admin/overview", true, None)
        .await
        .json();
    assert_eq!(o["decisions"], 1);
    assert_eq!(o["backend"], "sqlite");
    let e = req(a, "POST", "/api/admin/audit-export", true, None).await;
    assert_eq!(e.status, 200);
    assert!(
        e.headers
            .to_ascii_lowercase()
            .contains("content-type: application/x-ndjson")
    );
    let kinds: Vec<String> = e
        .body
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(kinds, ["tier_denied", "config_changed", "decision"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_requests_get_clear_refusals() {
    let srv = start(Some(4096)).await;
    let a = srv.addr;
    let decide = |body: &str| {
        format!(
            "POST /api/gate/decide HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
    };
    for (body, status, code) in [
        ("{not json", 400, "INVALID_JSON"),
        ("{\"tool\": 5}", 422, "INVALID_BODY"),
        (
            "{\"tool\": \"bash\", \"args\": {}, \"extra\": 1}",
            422,
            "INVALID_BODY",
        ),
        ("{\"tool\": \"bash\", \"args\": [1]}", 422, "INVALID_BODY"),
        ("{\"tool\": \"\"}", 422, "INVALID_BODY"),
        (
            "{\"tool\": \"bash\", \"autonomy\": {\"level\": \"god\"}}",
            422,
            "INVALID_BODY",
        ),
        (
            "{\"tool\": \"bash\", \"autonomy\": \"yolo\"}",
            422,
            "INVALID_BODY",
        ),
    ] {
        let r = raw(a, &decide(body), body.as_bytes()).await;
        assert_eq!(
            (r.status, r.code()),
            (status, code.to_owned()),
            "{body}: {}",
            r.body
        );
    }
    let big = format!(
        "{{\"tool\": \"bash\", \"args\": {{\"command\": \"{}\"}}}}",
        "a".repeat(10_000)
    );
    let r = raw(a, &decide(&big), big.as_bytes()).await;
    assert_eq!((r.status, r.code().as_str()), (413, "BODY_TOO_LARGE"));
    let r = raw(a, &format!("POST /api/gate/decide HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\nContent-Length: 2\r\n\r\n"), b"{}").await;
    assert_eq!(
        (r.status, r.code().as_str()),
        (415, "UNSUPPORTED_MEDIA_TYPE")
    );

    // DNS rebinding: a foreign Host or Origin is refused before any handler.
    let r = raw(
        a,
        "GET /health HTTP/1.1\r\nHost: attacker.test\r\nConnection: close\r\n\r\n",
        b"",
    )
    .await;
    assert_eq!((r.status, r.code().as_str()), (403, "HOST_NOT_ALLOWED"));
    let r = raw(a, &format!("GET /health HTTP/1.1\r\nHost: {a}\r\nOrigin: http://attacker.test\r\nConnection: close\r\n\r\n"), b"").await;
    assert_eq!((r.status, r.code().as_str()), (403, "ORIGIN_NOT_ALLOWED"));
    let r = raw(
        a,
        &format!("GET /health HTTP/1.1\r\nHost: {a}\r\nOrigin: null\r\nConnection: close\r\n\r\n"),
        b"",
    )
    .await;
    assert_eq!(r.status, 403);
    let r = raw(a, "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n", b"").await;
    assert_eq!(r.status, 403, "no Host at all");
    let r = raw(a, "GET /health HTTP/1.1\r\nHost: localhost:1\r\nOrigin: http://localhost:3000\r\nConnection: close\r\n\r\n", b"").await;
    assert_eq!(r.status, 200);
    let r = raw(
        a,
        "GET /health HTTP/1.1\r\nHost: hivegate.internal\r\nConnection: close\r\n\r\n",
        b"",
    )
    .await;
    assert_eq!(r.status, 200, "a configured host is accepted");

    // Wrong tokens and unknown routes.
    let r = raw(a, &format!("GET /api/approvals HTTP/1.1\r\nHost: {a}\r\nAuthorization: Bearer nope\r\nConnection: close\r\n\r\n"), b"").await;
    assert_eq!(r.status, 401);
    let r = req(a, "GET", "/api/approvals?status=bogus", true, None).await;
    assert_eq!((r.status, r.code().as_str()), (400, "INVALID_QUERY"));
    let r = req(a, "GET", "/api/nothing", false, None).await;
    assert_eq!((r.status, r.code().as_str()), (404, "NOT_FOUND"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_openapi_document_describes_the_routes() {
    let srv = start(None).await;
    let doc = req(srv.addr, "GET", "/api/openapi.json", false, None)
        .await
        .json();
    assert_eq!(doc["openapi"], "3.1.0");
    for p in [
        "/api/gate/decide",
        "/api/approvals/{id}/redeem",
        "/api/tier",
        "/api/admin/overview",
        "/api/audit",
    ] {
        assert!(doc["paths"][p].is_object(), "{p} missing");
    }
}
