//! `hivegate serve` and the store commands, as a user runs them: the real
//! binary on a fresh home, real HTTP over loopback, kill -9 mid-write.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod common;

use common::*;

#[test]
fn a_non_loopback_bind_without_an_admin_token_is_refused() {
    let home = Home::new("bind");
    let o = bin()
        .args(["serve", "--addr", "0.0.0.0:0", "--home", home.s()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("error: cannot bind 0.0.0.0:0 without an admin token"),
        "{err}"
    );
    assert!(err.contains("help: run `hivegate token create`"), "{err}");
    assert!(
        !home.0.join("admin.token").exists(),
        "no token is made for an exposed bind"
    );
}

#[test]
fn serve_on_a_fresh_home_then_manage_it_from_the_cli() {
    let home = Home::new("flow");
    let t0 = Instant::now();
    let (mut child, addr) = serve(&home);
    let (status, health) = http(addr, "GET", "/health", None, None);
    eprintln!("fresh home to first /health: {:?}", t0.elapsed());
    assert_eq!((status, health), (200, json!({"status": "ok"})));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for f in ["admin.token", "master.key", "vault.json", "hivegate.db"] {
            let mode = std::fs::metadata(home.0.join(f))
                .unwrap()
                .permissions()
                .mode()
                & 0o777;
            assert_eq!(mode, 0o600, "{f}");
        }
    }
    let token = std::fs::read_to_string(home.0.join("admin.token")).unwrap();
    let (_, d) = http(
        addr,
        "POST",
        "/api/gate/decide",
        None,
        Some(&json!({"tool": "git_commit", "args": {"message": "x"}, "session": "s"})),
    );
    let id = d["approval_id"].as_str().unwrap().to_owned();
    let (status, _) = http(addr, "GET", "/api/approvals", Some(token.trim()), None);
    assert_eq!(status, 200);
    child.kill().unwrap();
    child.wait().unwrap();

    let o = run(&home, &["approvals", "list", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let list: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(list["approvals"][0]["id"], id.as_str());
    let o = run(&home, &["approvals", "approve", &id, "--json"]);
    let grant: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(grant["token"].as_str().unwrap().starts_with("hgt1."));
    let o = run(&home, &["approvals", "deny", &id]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("APPROVAL_NOT_PENDING"));

    let o = run(&home, &["tier", "set", "GOLD"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(run(&home, &["tier", "set", "teams"]).status.success());
    assert_eq!(
        String::from_utf8_lossy(&run(&home, &["tier", "show"]).stdout).trim(),
        "TEAMS"
    );

    let o = run(&home, &["audit", "verify", "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["ok"], true);
    let rows = v["rows"].as_i64().unwrap();
    assert!(rows >= 4, "{v}");
    let o = run(&home, &["audit", "export", "--format", "jsonl"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).lines().count() as i64,
        rows
    );

    // Tamper with row 2 behind the store's back: verify names it.
    let db = rusqlite::Connection::open(home.0.join("hivegate.db")).unwrap();
    db.execute(
        "UPDATE audit SET payload = replace(payload, 'git_commit', 'git_push') WHERE seq = 2",
        [],
    )
    .unwrap();
    drop(db);
    let o = run(&home, &["audit", "verify"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("row 2"), "{err}");
}

/// kill -9 while decisions are being written, again and again: the store
/// always reopens, the chain verifies, and every acknowledged decision is
/// in the audit.
#[test]
fn kill_9_during_writes_loses_nothing() {
    let home = Home::new("kill");
    let mut acknowledged = 0;
    for round in 0..8 {
        let (mut child, addr) = serve(&home);
        let deadline = Instant::now() + Duration::from_millis(150 + 40 * round);
        let writer = std::thread::spawn(move || {
            let mut ok = 0;
            while Instant::now() < deadline + Duration::from_millis(500) {
                let Ok(mut s) = TcpStream::connect(addr) else {
                    break;
                };
                // A distinct call each time: asking again for the same call
                // finds its open request instead of opening another.
                let command = format!("rm -rf build-{round}-{ok}");
                let body = json!({"tool": "bash", "args": {"command": command}, "session": "k"})
                    .to_string();
                let req = format!(
                    "POST /api/gate/decide HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                );
                if s.write_all(req.as_bytes()).is_err() {
                    break;
                }
                let mut out = String::new();
                let _ = s.read_to_string(&mut out);
                if out.starts_with("HTTP/1.1 200") {
                    ok += 1;
                } else {
                    break;
                }
            }
            ok
        });
        std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        acknowledged += writer.join().unwrap();
        let o = run(&home, &["audit", "verify", "--json"]);
        assert!(
            o.status.success(),
            "round {round}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        // Each decision writes a decision row and an approval_requested row.
        assert!(
            v["rows"].as_i64().unwrap() >= 2 * acknowledged,
            "round {round}: {v} < 2 × {acknowledged}"
        );
    }
    assert!(acknowledged > 0, "no request was acknowledged at all");
    eprintln!("{acknowledged} acknowledged decisions across 8 kill -9 rounds, none lost");
}

fn eval_dir() -> PathBuf {
    std::env::var_os("HIVEGATE_EVAL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/eval"))
}

/// Waits until the background embedding index replaces the lexical one.
fn wait_for_hybrid(addr: SocketAddr) -> Value {
    let t = Instant::now();
    loop {
        let (code, st) = http(addr, "GET", "/api/embedding/status", None, None);
        assert_eq!(code, 200, "{st}");
        if st["status"]["ranking"] == "hybrid" || t.elapsed() > Duration::from_secs(60) {
            return st;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn discovery_over_http_with_hostile_input() {
    let home = Home::new("disc");
    let registry = eval_dir().join("mcp-registry/packages-list.json");
    let o = run(
        &home,
        &["marketplace", "import", registry.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("imported 4108 packages"));
    // EMBEDDING_PROVIDER wins over the stored choice, and the status says so.
    let (mut child, addr) = serve_with(
        &home,
        &[
            ("EMBEDDING_PROVIDER", "hash"),
            ("HIVEGATE_MODEL_DIR", "/nonexistent"),
        ],
    );
    let token = std::fs::read_to_string(home.0.join("admin.token")).unwrap();
    let st = wait_for_hybrid(addr);
    assert_eq!(st["status"]["ranking"], "hybrid", "{st}");
    assert_eq!(st["status"]["envOverride"], "EMBEDDING_PROVIDER=hash");
    assert_eq!(st["status"]["active"]["semantic"], false);
    assert!(
        st["status"]["active"]["note"]
            .as_str()
            .unwrap()
            .contains("not semantic")
    );
    assert!(st["documents"].as_u64().unwrap() > 4300);

    let (code, p) = http(
        addr,
        "POST",
        "/api/marketplace/agent-search",
        None,
        Some(&json!({"need": "post a message to the team channel on Slack", "workspace": "w1"})),
    );
    assert_eq!(code, 200, "{p}");
    assert_eq!(p["groupedByKind"]["connector"]["name"], "slack", "{p:#}");
    for key in [
        "need",
        "candidates",
        "recommendation",
        "groupedByKind",
        "gapDetected",
        "alreadyHandled",
    ] {
        assert!(p.get(key).is_some(), "{key}");
    }
    let c = &p["candidates"][0];
    assert!(
        c["matchReason"].is_string()
            && c["trust"]["riskLevel"].is_string()
            && c.get("installAction").is_some()
    );
    // Every proposal is in the audit.
    let (_, audit) = http(
        addr,
        "GET",
        "/api/audit?limit=500",
        Some(token.trim()),
        None,
    );
    let rows = audit["rows"]
        .as_array()
        .or_else(|| audit["audit"].as_array())
        .unwrap();
    assert!(
        rows.iter().any(|r| r["kind"] == "capability_proposal"),
        "{audit}"
    );

    // Hostile needs: a clear error or a capped answer, never a crash or an SQL error.
    let (code, e) = http(
        addr,
        "POST",
        "/api/marketplace/agent-search",
        None,
        Some(&json!({"need": "   "})),
    );
    assert_eq!((code, e["error"].as_str()), (422, Some("INVALID_BODY")));
    let (code, p) = http(
        addr,
        "POST",
        "/api/marketplace/agent-search",
        None,
        Some(&json!({"need": "x ".repeat(3000)})),
    );
    assert_eq!(code, 200);
    assert!(p["needTruncated"].as_str().unwrap().contains("first 1000"));
    // A misspelt need is answered as read, and says how it was read.
    let (code, p) = http(
        addr,
        "POST",
        "/api/marketplace/agent-search",
        None,
        Some(&json!({"need": "whats on my calender tmrw"})),
    );
    assert_eq!(code, 200);
    assert_eq!(p["need"], "whats on my calender tmrw");
    assert_eq!(p["needReadAs"], "what's on my calendar tomorrow");
    assert_eq!(
        p["groupedByKind"]["connector"]["name"], "google-calendar",
        "{p}"
    );
    for need in [
        "NEAR(\"a\" b) OR * -c:d ^e",
        "'; DROP TABLE marketplace_packages; --",
        "\u{0}\u{7}",
    ] {
        let (code, p) = http(
            addr,
            "POST",
            "/api/marketplace/agent-search",
            None,
            Some(&json!({"need": need})),
        );
        assert_eq!(code, 200, "{need}: {p}");
    }
    let (code, e) = http_bytes(
        addr,
        "POST",
        "/api/marketplace/agent-search",
        None,
        b"{\"need\": \"caf\xe9 \xff\"}",
    );
    assert_eq!(code, 400, "{e}");
    let (code, e) = http(
        addr,
        "POST",
        "/api/marketplace/agent-search",
        None,
        Some(&json!({"need": "x", "approved": true})),
    );
    assert_eq!(code, 422, "{e}");

    // Marketplace search: FTS with facets; syntax in the text is just words.
    let (code, r) = http(
        addr,
        "GET",
        "/api/marketplace/search?q=send%20email&limit=5",
        None,
        None,
    );
    assert_eq!(code, 200, "{r}");
    assert!(r["total"].as_u64().unwrap() > 0 && r["facets"]["categories"].is_object());
    assert_eq!(r["packages"][0]["rank"], 1.0);
    let (code, _) = http(
        addr,
        "GET",
        "/api/marketplace/search?q=NEAR(%22%20OR%20*&types=mcp",
        None,
        None,
    );
    assert_eq!(code, 200);
    let (code, _) = http(
        addr,
        "GET",
        "/api/marketplace/search?limit=100000",
        None,
        None,
    );
    assert_eq!(code, 400);

    // The provider: validated, admin only, tier-gated with the seed's 403 body.
    let (code, _) = http(
        addr,
        "POST",
        "/api/embedding/provider",
        None,
        Some(&json!({"provider": "hash"})),
    );
    assert_eq!(code, 401);
    let (code, e) = http(
        addr,
        "POST",
        "/api/embedding/provider",
        Some(token.trim()),
        Some(&json!({"provider": "mock"})),
    );
    assert_eq!((code, e["error"].as_str()), (422, Some("INVALID_PROVIDER")));
    let (code, e) = http(
        addr,
        "POST",
        "/api/embedding/provider",
        Some(token.trim()),
        Some(&json!({"provider": "ollama"})),
    );
    assert_eq!(code, 403, "{e}");
    assert_eq!(
        e,
        json!({"error": "TIER_INSUFFICIENT", "message": "This feature requires the PRO tier. You are on FREE.", "required": "PRO", "actual": "FREE", "upgradeUrl": e["upgradeUrl"]})
    );
    let (code, _) = http(
        addr,
        "PUT",
        "/api/tier",
        Some(token.trim()),
        Some(&json!({"tier": "PRO"})),
    );
    assert_eq!(code, 200);
    let (code, r) = http(
        addr,
        "POST",
        "/api/embedding/provider",
        Some(token.trim()),
        Some(&json!({"provider": "ollama"})),
    );
    assert_eq!(code, 200, "{r}");
    assert_eq!(r["status"]["configured"], "ollama");
    assert_eq!(
        r["status"]["requested"], "hash",
        "the environment still wins: {r}"
    );
    assert!(
        r["envOverride"]
            .as_str()
            .unwrap()
            .contains("EMBEDDING_PROVIDER=hash")
    );
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn pick_route_and_marketplace_from_the_cli() {
    let home = Home::new("pick");
    let o = bin()
        .args([
            "pick",
            "send an email to a customer",
            "--json",
            "--home",
            home.s(),
        ])
        .env("HIVEGATE_MODEL_DIR", "/nonexistent")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let p: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(p["ranking"], "bm25-only");
    let connector = p["groupedByKind"]["connector"]["name"].as_str().unwrap();
    assert!(["email", "gmail", "outlook"].contains(&connector), "{p:#}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unavailable, ranking with BM25 alone"),
        "{err}"
    );
    // A provider name that is none of ours is said, not silently dropped.
    let o = bin()
        .args(["pick", "send an email", "--json", "--home", home.s()])
        .env("HIVEGATE_MODEL_DIR", "/nonexistent")
        .env("EMBEDDING_PROVIDER", "bm25")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("EMBEDDING_PROVIDER=bm25 is not a provider"),
        "{err}"
    );
    // A to-do line pasted from a list starts with a hyphen: it is the need,
    // not an option, and the options around it still count.
    let o = run(
        &home,
        &[
            "pick",
            "--json",
            "- [ ] email the signed NDA to legal",
            "--repeat",
            "1",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let p: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(p["need"], "- [ ] email the signed NDA to legal");
    let o = run(&home, &["pick", "  "]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("the need is empty"));
    use std::os::unix::ffi::OsStrExt;
    let o = bin()
        .arg("pick")
        .arg(std::ffi::OsStr::from_bytes(b"caf\xe9 \xff"))
        .args(["--home", home.s()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("invalid UTF-8"));
    let o = run(&home, &["route", "post_message to slack", "--json"]);
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["routes"][0]["source"], "connector");
    let o = run(&home, &["route", "qwxz plugh"]);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("missing"));
    let bad = home.0.join("bad.json");
    std::fs::create_dir_all(&home.0).unwrap();
    std::fs::write(&bad, b"{\"a\": 1}").unwrap();
    let o = run(&home, &["marketplace", "import", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("a: not an object"));
    std::fs::write(&bad, b"\xff\xfe").unwrap();
    let o = run(&home, &["marketplace", "import", bad.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("not UTF-8"));
    let o = bin()
        .args(["models", "status", "--home", home.s()])
        .env("HIVEGATE_MODEL_DIR", home.0.join("no-model"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("not available") && err.contains("BM25 alone"),
        "{err}"
    );
}

/// `<home>/native-tools.toml` adds the deployment's own tools to what
/// `pick` proposes; a file that does not parse stops the command, names
/// the file, and changes nothing.
#[test]
fn native_tools_file_adds_tools_and_bad_files_are_named() {
    let home = Home::new("native-tools");
    std::fs::create_dir_all(&home.0).unwrap();
    let file = home.0.join("native-tools.toml");
    let pick = |need: &str| {
        bin()
            .args(["pick", need, "--json", "--home", home.s()])
            .env("HIVEGATE_MODEL_DIR", "/nonexistent")
            .output()
            .unwrap()
    };
    let tool_for = |o: &std::process::Output| {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let p: Value = serde_json::from_slice(&o.stdout).unwrap();
        p["groupedByKind"]["tool"]["name"]
            .as_str()
            .map(str::to_owned)
    };
    let need = "roll the canary out to the fleet";
    assert_ne!(tool_for(&pick(need)).as_deref(), Some("canary_rollout"));
    std::fs::write(
        &file,
        "[[tool]]\nname = \"canary_rollout\"\nhints = \"roll out canary fleet deploy release\"\n",
    )
    .unwrap();
    assert_eq!(tool_for(&pick(need)).as_deref(), Some("canary_rollout"));
    // The router knows it too: its exact name routes to it as a native tool.
    let o = run(&home, &["route", "canary_rollout", "--json"]);
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (&r["routes"][0]["source"], &r["routes"][0]["name"]),
        (&json!("native"), &json!("canary_rollout")),
        "{r:#}"
    );
    // The defaults stay unless the file says `replace = true`.
    assert_eq!(
        tool_for(&pick("what's inside config/settings.yaml")).as_deref(),
        Some("read_file")
    );
    for (bad, says) in [
        (&b"tool = ["[..], "TOML parse error"),
        (
            b"[[tool]]\nname = \"no spaces allowed\"\nhints = \"x\"\n",
            "is not a tool name",
        ),
        (
            b"[[tool]]\nname = \"x\"\nhints = \"y\"\ncolour = 1\n",
            "unknown field",
        ),
        (b"\xff\xfe", "is not UTF-8"),
        (
            &vec![b'#'; 1024 * 1024 + 1][..],
            "over the 1048576-byte limit",
        ),
    ] {
        std::fs::write(&file, bad).unwrap();
        let o = pick(need);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("native-tools.toml") && err.contains(says),
            "{err}"
        );
    }
}

/// A serve whose stderr is a pipe nobody reads any more (the terminal that
/// started it went away) starts, logs, answers and stays up: writing its
/// log lines fails quietly instead of panicking.
#[test]
fn serve_with_a_closed_stderr_keeps_serving() {
    let home = Home::new("closed-stderr");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut child = bin()
        .args(["serve", "--addr", &addr.to_string(), "--home", home.s()])
        .env("RUST_LOG", "debug")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Close the read end before serve writes its first line.
    drop(child.stderr.take());
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(addr).is_err() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "serve exited: {:?}",
            child.try_wait()
        );
        assert!(Instant::now() < deadline, "serve never listened");
        std::thread::sleep(Duration::from_millis(100));
    }
    for _ in 0..20 {
        assert_eq!(http(addr, "GET", "/health", None, None).0, 200);
    }
    assert!(child.try_wait().unwrap().is_none(), "serve is still up");
    let _child = Terminate(child);
}
