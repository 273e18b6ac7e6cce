//! `hivegate serve` and the store commands, as a user runs them: the real
//! binary on a fresh home, real HTTP over loopback, kill -9 mid-write.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

struct Home(PathBuf);

impl Home {
    fn new(tag: &str) -> Home {
        let mut b = [0u8; 6];
        getrandom::fill(&mut b).unwrap();
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        Home(std::env::temp_dir().join(format!("hivegate-serve-{tag}-{hex}")))
    }
    fn s(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hivegate"));
    for v in [
        "HIVEGATE_HOME",
        "HIVEGATE_ADMIN_TOKEN",
        "HIVEGATE_MASTER_KEY",
        "HIVEGATE_DATABASE_URL",
    ] {
        c.env_remove(v);
    }
    c
}

fn run(home: &Home, args: &[&str]) -> Output {
    bin()
        .args(args)
        .args(["--home", home.s()])
        .output()
        .unwrap()
}

/// Starts `serve` on a free loopback port; returns the child and its address.
fn serve(home: &Home) -> (Child, SocketAddr) {
    let mut child = bin()
        .args(["serve", "--addr", "127.0.0.1:0", "--home", home.s()])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in: {line}"))
        .parse()
        .unwrap();
    (child, addr)
}

fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    if !body.is_empty() {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let (h, b) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    let status = h
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, serde_json::from_str(b).unwrap_or(Value::Null))
}

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
                let body =
                    json!({"tool": "bash", "args": {"command": "rm -rf build"}, "session": "k"})
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
