//! hivegate as an MCP gateway, end to end: the real binary, real upstreams
//! from npm (server-everything, -filesystem, -memory), real MCP clients
//! (rmcp's, and the inspector CLI) over streamable HTTP on loopback.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

mod common;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::*;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, ElicitRequestParams,
    ElicitResult, ElicitationAction, Implementation, PaginatedRequestParams, ServerNotification,
    SubscriptionFilter,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, NotificationContext, RequestContext, RoleClient,
    RunningService,
};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientHandler, ErrorData, ServiceExt};
use serde_json::{Value, json};

pub fn npm_dir() -> PathBuf {
    let dir = std::env::var_os("HIVEGATE_NPM_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/npm/node_modules"),
        PathBuf::from,
    );
    assert!(
        dir.join("@modelcontextprotocol/server-everything").is_dir(),
        "the npm MCP peers are missing from {}: run scripts/npm-peers",
        dir.display()
    );
    dir
}

fn npm_server(name: &str, extra: &[&str]) -> Value {
    let script = npm_dir().join(format!("@modelcontextprotocol/server-{name}/dist/index.js"));
    let mut args = vec![json!(script.to_string_lossy())];
    args.extend(extra.iter().map(|a| json!(a)));
    json!({"command": "node", "args": args})
}

/// What a test client saw.
#[derive(Clone, Default)]
struct Client {
    /// None: no elicitation capability; Some(true/false): accept/decline.
    elicit: Option<bool>,
    /// Speak protocol 2026-07-28 (no sessions; elicitation as input requests).
    stateless: bool,
    list_changed: Arc<AtomicUsize>,
    elicited: Arc<AtomicUsize>,
    progress: Arc<AtomicUsize>,
    /// Forms an upstream asked through the gateway (their messages).
    relayed: Arc<std::sync::Mutex<Vec<String>>>,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let caps: ClientCapabilities = if self.elicit.is_some() {
            serde_json::from_value(json!({"elicitation": {"form": {}}})).unwrap()
        } else {
            ClientCapabilities::default()
        };
        let c = ClientConfig::new(caps, Implementation::new("hivegate-test", "0"));
        if self.stateless {
            c.with_protocol_version(rmcp::model::ProtocolVersion::V_2026_07_28)
        } else {
            c
        }
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let text = serde_json::to_string(&request).unwrap();
        if let ElicitRequestParams::FormElicitationParams { message, .. } = &request
            && message.starts_with("The MCP server `everything` asks")
        {
            // An upstream's own form, passed on: answer as a person would.
            self.relayed.lock().unwrap().push(message.clone());
            return Ok(ElicitResult::new(ElicitationAction::Accept)
                .with_content(json!({"name": "Ada Lovelace", "check": true})));
        }
        self.elicited.fetch_add(1, Ordering::SeqCst);
        assert!(text.contains("Allow mcp_"), "{text}");
        let action = if self.elicit == Some(true) {
            ElicitationAction::Accept
        } else {
            ElicitationAction::Decline
        };
        Ok(ElicitResult::new(action))
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.list_changed.fetch_add(1, Ordering::SeqCst);
    }

    async fn on_progress(
        &self,
        _params: rmcp::model::ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.progress.fetch_add(1, Ordering::SeqCst);
    }
}

/// A human approves over HTTP with the admin token.
fn approve(addr: SocketAddr, token: &str, id: &str) {
    let (status, body) = http(
        addr,
        "POST",
        &format!("/api/approvals/{id}/approve"),
        Some(token),
        None,
    );
    assert_eq!(status, 200, "{body}");
}

async fn connect(addr: SocketAddr, c: &Client) -> RunningService<RoleClient, Client> {
    hivegate_mcp::upstream::install_tls_provider();
    let t = StreamableHttpClientTransport::from_uri(format!("http://{addr}/mcp"));
    if !c.stateless {
        return c.clone().serve(t).await.unwrap();
    }
    // Protocol 2026-07-28 has no `initialize`: `server/discover`, then
    // self-contained requests.
    let s = c
        .clone()
        .serve_with_lifecycle(
            t,
            ClientLifecycleMode::Discover {
                preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
            },
        )
        .await
        .unwrap();
    assert_eq!(
        s.peer().peer_info().unwrap().protocol_version,
        rmcp::model::ProtocolVersion::V_2026_07_28
    );
    s
}

fn args(v: Value) -> serde_json::Map<String, Value> {
    v.as_object().cloned().unwrap()
}

async fn call(s: &RunningService<RoleClient, Client>, tool: &str, a: Value) -> CallToolResult {
    s.call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(args(a)))
        .await
        .unwrap()
}

/// Asks the filesystem upstream to write `path`; the call must be refused
/// with `why` in its message, and nothing written.
async fn write_refused(s: &RunningService<RoleClient, Client>, path: &Path, why: &str) {
    let r = call(
        s,
        "mcp_fs_write_file",
        json!({"path": path, "content": "x"}),
    )
    .await;
    assert_eq!(r.is_error, Some(true), "{}", text(&r));
    assert!(text(&r).contains(why), "{}", text(&r));
    assert!(!path.exists());
}

fn text(r: &CallToolResult) -> String {
    serde_json::to_value(&r.content).unwrap().to_string()
}

async fn tool_names(s: &RunningService<RoleClient, Client>, context: Option<&str>) -> Vec<String> {
    let mut p = PaginatedRequestParams::default();
    if let Some(c) = context {
        let meta: rmcp::model::RequestMetaObject = args(json!({"hivegate/context": c})).into();
        p.meta = Some(meta);
    }
    s.list_tools(Some(p))
        .await
        .unwrap()
        .tools
        .into_iter()
        .map(|t| t.name.to_string())
        .collect()
}

fn wait_running(addr: SocketAddr, n: usize) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, v) = http(addr, "GET", "/api/mcps", None, None);
        let running = v["servers"]
            .as_array()
            .map_or(0, |a| a.iter().filter(|s| s["state"] == "running").count());
        if running == n {
            return v;
        }
        assert!(Instant::now() < deadline, "servers did not start: {v}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn alive(pid: u64) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit(')')
            .next()
            .is_some_and(|r| !r.trim_start().starts_with('Z'))
    })
}

/// `hivegate mcp` on `home`, as an MCP client spawns it.
fn mcp_stdio(home: &Home, extra: &[&str]) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::from(bin());
    cmd.arg("mcp").args(extra).args(["--home", home.s()]);
    cmd
}

/// A plain client of `hivegate mcp` run with `extra` flags.
async fn stdio_client(home: &Home, extra: &[&str]) -> RunningService<RoleClient, Client> {
    Client::default()
        .serve(rmcp::transport::TokioChildProcess::new(mcp_stdio(home, extra)).unwrap())
        .await
        .unwrap()
}

fn setup(tag: &str) -> (Home, PathBuf, String) {
    let home = Home::new(tag);
    let files = home.0.join("files");
    std::fs::create_dir_all(&files).unwrap();
    std::fs::write(files.join("hello.txt"), "hello from disk").unwrap();
    let cfg = json!({"mcpServers": {
        "everything": npm_server("everything", &["stdio"]),
        "memory": npm_server("memory", &[]),
        "fs": npm_server("filesystem", &[files.to_str().unwrap()]),
    }});
    std::fs::write(home.0.join(".mcp.json"), cfg.to_string()).unwrap();
    let out = run(&home, &["token", "create"]);
    let token = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    (home, files, token)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_over_http_with_real_upstreams_and_clients() {
    let (home, files, token) = setup("gw");
    let (child, addr) = serve_args(&home, &[], &["--mcp-autostart", "--approval-wait", "0"]);
    let child = Terminate(child);
    let listing = wait_running(addr, 3);
    assert_eq!(
        listing["autonomy"],
        json!({"level": "normal", "expiresAt": null}),
        "{listing}"
    );
    assert_eq!(listing["toolFilter"], Value::Null, "{listing}");
    let pids: Vec<u64> = listing["servers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["pid"].as_u64().unwrap())
        .collect();
    let upstream_tools = listing["toolCount"].as_u64().unwrap();
    assert!(upstream_tools > 20, "{listing}");

    let plain = Client::default();
    let a = connect(addr, &plain).await;
    // Above 20 upstream tools, none is shown until something asks for it.
    let names = tool_names(&a, None).await;
    assert_eq!(
        names,
        [
            "acquire_capability",
            "install_capability",
            "find_connector",
            "list_connector_categories"
        ]
    );
    let names = tool_names(&a, Some("echo this message back to me")).await;
    assert!(
        names.contains(&"mcp_everything_echo".to_owned()),
        "{names:?}"
    );
    assert!(names.len() <= 4 + 10, "{names:?}");

    // Read-only upstream tool: runs.
    let r = call(&a, "mcp_everything_echo", json!({"message": "hi there"})).await;
    assert_ne!(r.is_error, Some(true));
    assert!(text(&r).contains("Echo: hi there"), "{}", text(&r));

    // A write needs a human: pending_approval, and nothing was written.
    let target = files.join("new.txt");
    let write = json!({"path": target, "content": "written through the gate"});
    let r = call(&a, "mcp_fs_write_file", write.clone()).await;
    assert_eq!(r.is_error, Some(true));
    let pending = r.structured_content.clone().unwrap();
    assert_eq!(pending["status"], "pending_approval", "{pending}");
    let id = pending["approvalId"].as_str().unwrap().to_owned();
    assert!(
        pending["approveAt"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/api/approvals/{id}/approve"))
    );
    assert!(!target.exists(), "a call that needs approval ran");
    // Asking again before a human decided finds the same request.
    let again = call(&a, "mcp_fs_write_file", write.clone()).await;
    assert_eq!(again.structured_content.unwrap()["approvalId"], id.as_str());
    // A human approves; the same call now runs, once.
    approve(addr, &token, &id);
    let r = call(&a, "mcp_fs_write_file", write.clone()).await;
    assert_ne!(r.is_error, Some(true), "{}", text(&r));
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "written through the gate"
    );
    let r = call(&a, "mcp_fs_write_file", write.clone()).await;
    assert_eq!(
        r.structured_content.unwrap()["status"],
        "pending_approval",
        "approvals are single-use"
    );

    // Meta tools.
    let r = call(&a, "find_connector", json!({"query": "postgres database"})).await;
    assert!(text(&r).to_lowercase().contains("postgres"), "{}", text(&r));
    let before = plain.list_changed.load(Ordering::SeqCst);
    let r = call(
        &a,
        "acquire_capability",
        json!({"need": "remember facts about people in a knowledge graph"}),
    )
    .await;
    let pick = r.structured_content.unwrap();
    assert!(pick["groupedByKind"].is_object(), "{pick}");
    let added = pick["mcpToolsAdded"].as_array().unwrap();
    assert!(
        added
            .iter()
            .any(|n| n.as_str().unwrap().starts_with("mcp_memory_")),
        "{pick}"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        plain.list_changed.load(Ordering::SeqCst) > before,
        "acquire_capability adds tools and says so"
    );
    let names = tool_names(&a, None).await;
    assert!(
        names.contains(&"mcp_memory_create_entities".to_owned())
            && names.contains(&"mcp_everything_echo".to_owned())
    );
    let r = call(&a, "install_capability", json!({"name": "code-review"})).await;
    assert_eq!(
        r.structured_content.unwrap()["status"],
        "pending_approval",
        "install always asks"
    );
    let r = call(&a, "mcp_nope_nothing", json!({})).await;
    assert!(text(&r).contains("no tool named"), "{}", text(&r));

    // Elicitation: accept runs the call, decline refuses it.
    let yes = Client {
        elicit: Some(true),
        ..Client::default()
    };
    let b = connect(addr, &yes).await;
    let t2 = files.join("elicited.txt");
    let r = call(
        &b,
        "mcp_fs_write_file",
        json!({"path": t2, "content": "yes"}),
    )
    .await;
    assert_ne!(r.is_error, Some(true), "{}", text(&r));
    assert_eq!(yes.elicited.load(Ordering::SeqCst), 1);
    assert_eq!(std::fs::read_to_string(&t2).unwrap(), "yes");
    let no = Client {
        elicit: Some(false),
        ..Client::default()
    };
    let c = connect(addr, &no).await;
    write_refused(&c, &files.join("declined.txt"), "declined").await;
    // The same on protocol 2026-07-28, where the form travels as an input
    // request in the result and comes back with the retried call.
    let mrtr = Client {
        elicit: Some(true),
        stateless: true,
        ..Client::default()
    };
    let d = connect(addr, &mrtr).await;
    let t4 = files.join("mrtr.txt");
    let r = call(
        &d,
        "mcp_fs_write_file",
        json!({"path": t4, "content": "input round"}),
    )
    .await;
    assert_ne!(r.is_error, Some(true), "{}", text(&r));
    assert_eq!(mrtr.elicited.load(Ordering::SeqCst), 1);
    assert_eq!(std::fs::read_to_string(&t4).unwrap(), "input round");
    // An upstream that asks its client for input mid-call: the form reaches
    // the agent's client, naming the server, and the answer goes back.
    let r = call(&b, "mcp_everything_trigger-elicitation-request", json!({})).await;
    assert_ne!(r.is_error, Some(true), "{}", text(&r));
    assert!(text(&r).contains("Name: Ada Lovelace"), "{}", text(&r));
    assert_eq!(yes.relayed.lock().unwrap().len(), 1);
    assert!(
        yes.relayed.lock().unwrap()[0]
            .contains("while running mcp_everything_trigger-elicitation-request"),
        "{:?}",
        yes.relayed.lock().unwrap()
    );
    // A client without elicitation cannot be asked: the upstream hears
    // `cancel`, never an accept nobody gave. (The call itself is a write:
    // approved over HTTP first.)
    let r = call(&a, "mcp_everything_trigger-elicitation-request", json!({})).await;
    let id = r.structured_content.clone().unwrap()["approvalId"]
        .as_str()
        .unwrap()
        .to_owned();
    approve(addr, &token, &id);
    let r = call(&a, "mcp_everything_trigger-elicitation-request", json!({})).await;
    assert!(
        text(&r).contains("User cancelled the elicitation dialog"),
        "{}",
        text(&r)
    );
    let _ = d.cancel().await;

    // The loop guard: a tool that keeps failing ends the run (T3).
    let mut last = String::new();
    for i in 0..9 {
        let r = call(
            &c,
            "mcp_fs_read_text_file",
            json!({"path": files.join(format!("missing-{i}.txt"))}),
        )
        .await;
        assert_eq!(r.is_error, Some(true));
        last = text(&r);
    }
    assert!(last.contains("couldn't complete this"), "{last}");

    // The audit saw all of it.
    let (_, audit) = http(addr, "GET", "/api/audit?limit=1000", Some(&token), None);
    let kinds: Vec<&str> = audit["rows"]
        .as_array()
        .map(|a| a.iter().filter_map(|r| r["kind"].as_str()).collect())
        .unwrap_or_default();
    for k in [
        "tools_shown",
        "decision",
        "approval_requested",
        "approval_granted",
        "approval_redeemed",
        "approval_denied",
        "loop_abort",
        "capability_proposal",
    ] {
        assert!(kinds.contains(&k), "no {k} in the audit: {audit}");
    }
    let relayed: Vec<&Value> = audit["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "upstream_elicitation")
        .collect();
    // Two rows: the form the client answered, and the one nobody could
    // be asked (recorded as such, with why).
    assert_eq!(relayed.len(), 2, "{relayed:?}");
    let payload = |r: &Value| -> Value {
        serde_json::from_str(r["payload"].as_str().unwrap_or("null"))
            .unwrap_or_else(|_| r["payload"].clone())
    };
    let rows: Vec<Value> = relayed.iter().map(|r| payload(r)).collect();
    let asked = rows.iter().find(|r| r["asked"] == true).unwrap();
    assert_eq!(asked["action"], "accept", "{asked}");
    assert_eq!(asked["server"], "everything", "{asked}");
    let unasked = rows.iter().find(|r| r["asked"] == false).unwrap();
    assert_eq!(unasked["action"], "cancel", "{unasked}");
    assert!(
        unasked["why"].as_str().unwrap().contains("cannot be asked"),
        "{unasked}"
    );
    assert!(
        !rows.iter().any(|r| r.to_string().contains("Ada")),
        "the answer itself is not audited"
    );

    // Hostile input: a broken body on /mcp, bad config files, unknown
    // servers and actions. Each is a clear error; nothing stops.
    let (status, _) = http_bytes(addr, "POST", "/mcp", None, b"{not json");
    assert!((400..500).contains(&status), "{status}");
    let (status, _) = http_bytes(addr, "POST", "/mcp", None, &[0xff, 0xfe, 0x00]);
    assert!((400..500).contains(&status), "{status}");
    let cfg = home.0.join(".mcp.json");
    let good = std::fs::read_to_string(&cfg).unwrap();
    for (bad, code) in [
        (
            r#"{"mcpServers": {"a": {"command": "x"}, "a": {"command": "y"}}}"#,
            "twice",
        ),
        ("{ not json", "not valid JSON"),
        (
            r#"{"mcpServers": {"a": {"url": "file:///etc/passwd"}}}"#,
            "http://",
        ),
    ] {
        std::fs::write(&cfg, bad).unwrap();
        let (status, body) = http(addr, "POST", "/api/mcps/reload", Some(&token), None);
        assert_eq!(status, 400, "{body}");
        assert!(body["message"].as_str().unwrap().contains(code), "{body}");
        let (_, listing) = http(addr, "GET", "/api/mcps", None, None);
        assert!(listing["reloadError"].as_str().is_some(), "{listing}");
        assert_eq!(
            listing["servers"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|s| s["state"] == "running")
                .count(),
            3
        );
    }
    std::fs::write(&cfg, good).unwrap();
    let (status, body) = http(addr, "POST", "/api/mcps/reload", Some(&token), None);
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["restarted"],
        json!([]),
        "an unchanged config restarts nothing: {body}"
    );
    assert_eq!(
        http(addr, "POST", "/api/mcps/nope/start", Some(&token), None).0,
        404
    );
    assert_eq!(
        http(addr, "POST", "/api/mcps/fs/explode", Some(&token), None).0,
        404
    );
    let r = call(&a, "mcp_everything_echo", json!({"message": "still here"})).await;
    assert!(text(&r).contains("still here"), "{}", text(&r));

    // Capabilities, then a stop that takes tools away: clients are told.
    let (status, caps) = http(addr, "GET", "/api/capabilities/status", None, None);
    assert_eq!(status, 200);
    assert_eq!(caps["mcpServers"].as_array().unwrap().len(), 3);
    assert_eq!(caps["tools"]["mcp"], upstream_tools);
    assert_eq!(caps["plugins"], json!([]));
    // A client on protocol 2026-07-28 has no session to be told on: it
    // listens (subscriptions/listen) instead.
    let stateless = Client {
        stateless: true,
        ..Client::default()
    };
    let e = connect(addr, &stateless).await;
    let seen = tool_names(&e, Some("echo a message back to me")).await;
    assert!(seen.contains(&"mcp_everything_echo".to_owned()), "{seen:?}");
    let mut listening = e
        .peer()
        .listen(SubscriptionFilter::builder().tools_list_changed().build())
        .await
        .unwrap();
    assert_eq!(listening.acknowledged().tools_list_changed, Some(true));
    let before = plain.list_changed.load(Ordering::SeqCst);
    let (status, _) = http(
        addr,
        "POST",
        "/api/mcps/everything/stop",
        Some(&token),
        None,
    );
    assert_eq!(status, 200);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        plain.list_changed.load(Ordering::SeqCst) > before,
        "no tools/list_changed after a stop"
    );
    let heard = tokio::time::timeout(Duration::from_secs(5), listening.next())
        .await
        .expect("no tools/list_changed on the subscription after a stop")
        .unwrap();
    assert!(
        matches!(
            heard,
            Some(ServerNotification::ToolListChangedNotification(_))
        ),
        "{heard:?}"
    );
    drop(listening);
    let _ = e.cancel().await;
    assert!(
        !tool_names(&a, None)
            .await
            .contains(&"mcp_everything_echo".to_owned())
    );
    let (status, _) = http(addr, "POST", "/api/mcps/everything/stop", None, None);
    assert_eq!(status, 401, "lifecycle routes need the admin token");

    for s in [a, b, c] {
        let _ = s.cancel().await;
    }
    // SIGTERM: serve stops its upstreams; none outlives it.
    drop(child);
    for pid in pids {
        let deadline = Instant::now() + Duration::from_secs(10);
        while alive(pid) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(100));
        }
        assert!(!alive(pid), "upstream {pid} outlived serve");
    }
}

fn children_of(pid: u32) -> Vec<u64> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        let Some(rest) = stat.rsplit(')').next() else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.get(1).and_then(|p| p.parse::<u32>().ok()) == Some(pid)
            && let Ok(child) = e.file_name().to_string_lossy().parse()
        {
            out.push(child);
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hivegate_mcp_over_stdio_waits_for_a_human_and_leaks_nothing() {
    let (home, files, _token) = setup("stdio");
    let cmd = mcp_stdio(&home, &["--approval-wait", "20"]);
    let transport = rmcp::transport::TokioChildProcess::new(cmd).unwrap();
    let hivegate_pid = transport.id().unwrap();
    let client = Client::default();
    let s = client.clone().serve(transport).await.unwrap();
    let names = tool_names(&s, Some("write a file to disk")).await;
    assert!(names.contains(&"mcp_fs_write_file".to_owned()), "{names:?}");
    let upstreams = children_of(hivegate_pid);
    assert_eq!(upstreams.len(), 3, "three upstream children: {upstreams:?}");

    // A write waits for a human, with progress notifications; a human
    // approves from the CLI on the same home; the call then runs.
    let target = files.join("waited.txt");
    let mut params = CallToolRequestParams::new("mcp_fs_write_file")
        .with_arguments(args(json!({"path": target, "content": "after a wait"})));
    params.meta = Some(args(json!({"progressToken": "wait-1"})).into());
    let call = tokio::spawn({
        let peer = s.peer().clone();
        async move { peer.call_tool(params).await }
    });
    let deadline = Instant::now() + Duration::from_secs(15);
    let id = loop {
        let out = run(&home, &["approvals", "list", "--json"]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        let found = v["approvals"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|a| a["tool"] == "mcp_fs_write_file")
            .and_then(|a| a["id"].as_str().map(str::to_owned));
        if let Some(id) = found {
            break id;
        }
        assert!(Instant::now() < deadline, "no approval request appeared");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert!(!target.exists(), "ran before a human approved");
    let out = run(&home, &["approvals", "approve", &id]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r = call.await.unwrap().unwrap();
    assert_ne!(r.is_error, Some(true), "{}", text(&r));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "after a wait");
    assert!(
        client.progress.load(Ordering::SeqCst) >= 1,
        "no progress notification while waiting"
    );

    // The client goes away in the middle of a waiting call: hivegate exits
    // and takes its upstreams with it.
    let pending = tokio::spawn({
        let peer = s.peer().clone();
        async move {
            peer.call_tool(
                CallToolRequestParams::new("mcp_fs_write_file").with_arguments(args(
                    json!({"path": files.join("never.txt"), "content": "x"}),
                )),
            )
            .await
        }
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    let _ = s.cancel().await;
    let _ = pending.await;
    let deadline = Instant::now() + Duration::from_secs(15);
    while (alive(hivegate_pid.into()) || upstreams.iter().any(|p| alive(*p)))
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        !alive(hivegate_pid.into()),
        "hivegate mcp outlived its client"
    );
    for p in upstreams {
        assert!(!alive(p), "upstream {p} leaked");
    }
}

#[test]
fn the_inspector_cli_lists_and_calls_through_the_gateway() {
    let (home, _files, _token) = setup("inspector");
    let (child, addr) = serve_args(&home, &[], &["--mcp-autostart", "--approval-wait", "0"]);
    let _child = Terminate(child);
    wait_running(addr, 3);
    let build = npm_dir().join("@modelcontextprotocol/inspector-cli/build");
    let inspector = |extra: &[&str]| {
        // The CLI looks for its package.json relative to the working
        // directory, so it runs from its own build folder.
        let out = std::process::Command::new("node")
            .current_dir(&build)
            .args(["cli.js", "--cli", &format!("http://{addr}/mcp")])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let list = inspector(&["--method", "tools/list"]);
    let names: Vec<&str> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(
        names.contains(&"acquire_capability") && names.contains(&"find_connector"),
        "{names:?}"
    );
    let r = inspector(&[
        "--method",
        "tools/call",
        "--tool-name",
        "mcp_everything_echo",
        "--tool-arg",
        "message=from the inspector",
    ]);
    assert!(r.to_string().contains("Echo: from the inspector"), "{r}");
    let r = inspector(&[
        "--method",
        "tools/call",
        "--tool-name",
        "mcp_memory_delete_entities",
        "--tool-arg",
        "entityNames=[\"x\"]",
    ]);
    assert_eq!(r["structuredContent"]["status"], "pending_approval", "{r}");
}

/// stdin from a file and stdout sharing one pipe with stderr take tokio's
/// portable stdio path rather than the reactor pipes: the session still
/// answers, and ends cleanly at the end of the file.
#[test]
fn hivegate_mcp_answers_when_stdio_is_a_file_and_a_shared_pipe() {
    let home = Home::new("stdio-file");
    std::fs::create_dir_all(&home.0).unwrap();
    let script = home.0.join("session.jsonl");
    let lines = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "file", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
            "params": {"name": "no_such_tool", "arguments": {}}}),
    ];
    let body: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&script, body).unwrap();
    // `sh -c '... 2>&1'` puts stdout and stderr on one pipe.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec '{}' mcp --home '{}' < '{}' 2>&1",
            env!("CARGO_BIN_EXE_hivegate"),
            home.s(),
            script.display()
        ))
        .env_remove("HIVEGATE_HOME")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("id").is_some())
        .collect();
    let by_id = |id: i64| {
        answers
            .iter()
            .find(|v| v["id"] == id)
            .unwrap_or_else(|| panic!("no answer {id} in {text}"))
    };
    assert_eq!(
        by_id(1)["result"]["serverInfo"]["name"],
        "hivegate",
        "{text}"
    );
    let tools: Vec<&str> = by_id(2)["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(tools.contains(&"find_connector"), "{tools:?}");
    assert_eq!(by_id(3)["result"]["isError"], true, "{text}");
}

/// The operator raises the gateway's autonomy for a while: at trusted a
/// non-destructive write runs without asking, a destructive one still
/// asks. Raising it without an expiry, or to a level that does not exist,
/// is refused before anything starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operator_sets_the_gateways_autonomy_with_an_expiry() {
    let (home, files, _token) = setup("autonomy");
    for (bad, why) in [
        (
            vec!["--mcp-autonomy", "yolo"],
            "a raised level always expires",
        ),
        (
            vec!["--mcp-autonomy", "godmode", "--mcp-autonomy-minutes", "5"],
            "--mcp-autonomy",
        ),
        (
            vec!["--mcp-autonomy", "trusted", "--mcp-autonomy-minutes", "0"],
            "must be 1 to",
        ),
        (
            vec!["--mcp-autonomy-minutes", "5"],
            "needs --mcp-autonomy trusted or yolo",
        ),
    ] {
        let out = bin()
            .arg("mcp")
            .args(&bad)
            .args(["--home", home.s()])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {err}");
        assert!(err.contains(why), "{bad:?}: {err}");
    }

    let s = stdio_client(
        &home,
        &[
            "--approval-wait",
            "0",
            "--mcp-autonomy",
            "trusted",
            "--mcp-autonomy-minutes",
            "5",
        ],
    )
    .await;
    let dir = files.join("made-at-trusted");
    let r = call(&s, "mcp_fs_create_directory", json!({"path": dir})).await;
    assert_ne!(r.is_error, Some(true), "{}", text(&r));
    assert!(dir.is_dir(), "a non-destructive write runs at trusted");
    let target = files.join("overwrite.txt");
    let r = call(
        &s,
        "mcp_fs_write_file",
        json!({"path": target, "content": "x"}),
    )
    .await;
    assert_eq!(
        r.structured_content.unwrap()["status"],
        "pending_approval",
        "a destructive write asks at trusted too"
    );
    assert!(!target.exists());
    let _ = s.cancel().await;

    // At yolo a write runs, but an install still asks: the MCP face's
    // install_capability always does, and a risk label the caller adds
    // lowers nothing.
    let s = stdio_client(
        &home,
        &[
            "--approval-wait",
            "0",
            "--mcp-autonomy",
            "yolo",
            "--mcp-autonomy-minutes",
            "5",
        ],
    )
    .await;
    let dir = files.join("made-at-yolo");
    let r = call(&s, "mcp_fs_create_directory", json!({"path": dir})).await;
    assert_ne!(r.is_error, Some(true), "{}", text(&r));
    assert!(dir.is_dir(), "a write runs at yolo");
    for args in [
        json!({"name": "code-review"}),
        json!({"name": "code-review", "_riskLevel": "low"}),
    ] {
        let r = call(&s, "install_capability", args.clone()).await;
        assert_eq!(
            r.structured_content.unwrap()["status"],
            "pending_approval",
            "an install asks at yolo too: {args}"
        );
    }
    let _ = s.cancel().await;

    // At normal (no flag) the same directory call asks.
    let s = stdio_client(&home, &["--approval-wait", "0"]).await;
    let dir = files.join("made-at-normal");
    let r = call(&s, "mcp_fs_create_directory", json!({"path": dir})).await;
    assert_eq!(r.structured_content.unwrap()["status"], "pending_approval");
    assert!(!dir.exists());
    let _ = s.cancel().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operators_tool_filter_hides_and_denies() {
    let (home, files, _token) = setup("toolfilter");
    for bad in ["", "has space", "semi;colon", &"x".repeat(129)] {
        let out = bin()
            .args(["mcp", "--mcp-deny-tool", bad, "--home", home.s()])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {err}");
        assert!(err.contains("is not a tool name"), "{bad:?}: {err}");
    }

    // A deny list: the write tool and installs are neither shown nor run,
    // even for a context that asks for exactly them.
    let s = stdio_client(
        &home,
        &[
            "--approval-wait",
            "0",
            "--mcp-deny-tool",
            "mcp_fs_write_file",
            "--mcp-deny-tool",
            "install_capability",
        ],
    )
    .await;
    let names = tool_names(&s, None).await;
    assert!(
        names.contains(&"acquire_capability".to_owned()),
        "{names:?}"
    );
    assert!(
        !names.contains(&"install_capability".to_owned()),
        "{names:?}"
    );
    let names = tool_names(&s, Some("write a text file to disk with fs write_file")).await;
    assert!(
        names.iter().any(|n| n.starts_with("mcp_fs_")),
        "the context shows fs tools: {names:?}"
    );
    assert!(
        !names.contains(&"mcp_fs_write_file".to_owned()),
        "{names:?}"
    );
    write_refused(&s, &files.join("denied.txt"), "not permitted").await;
    let r = call(
        &s,
        "install_capability",
        json!({"name": "code-review", "source": "starter-pack"}),
    )
    .await;
    assert!(text(&r).contains("not permitted"), "{}", text(&r));
    let _ = s.cancel().await;

    // An allow list: exactly those tools, shown without gating (two are
    // under the threshold), and nothing else runs.
    let s = stdio_client(
        &home,
        &[
            "--mcp-allow-tool",
            "find_connector",
            "--mcp-allow-tool",
            "mcp_everything_echo",
        ],
    )
    .await;
    let mut names = tool_names(&s, None).await;
    names.sort();
    assert_eq!(names, ["find_connector", "mcp_everything_echo"]);
    let r = call(&s, "mcp_everything_echo", json!({"message": "allowed"})).await;
    assert!(text(&r).contains("allowed"), "{}", text(&r));
    let r = call(&s, "mcp_memory_read_graph", json!({})).await;
    assert!(text(&r).contains("not permitted"), "{}", text(&r));
    let _ = s.cancel().await;

    // serve takes the same flags and shows the filter in force.
    let (child, addr) = serve_args(
        &home,
        &[],
        &[
            "--mcp-deny-tool",
            "mcp_fs_write_file",
            "--mcp-allow-tool",
            "find_connector",
        ],
    );
    let _child = Terminate(child);
    let (code, listing) = http(addr, "GET", "/api/mcps", None, None);
    assert_eq!(code, 200, "{listing}");
    assert_eq!(
        listing["toolFilter"],
        json!({"deny": ["mcp_fs_write_file"], "allowOnly": ["find_connector"]}),
        "{listing}"
    );
}

/// Runs `openssl` with `args` in `dir`; panics with its stderr on failure.
fn openssl(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("openssl")
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "openssl {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// An https:// upstream: server-everything over streamable HTTP behind a
/// TLS front whose certificate a test CA signed. With that CA trusted
/// (SSL_CERT_FILE) the upstream client lists and calls; without it the
/// connection is refused for the certificate, clearly.
#[test]
fn an_https_upstream_is_reached_only_with_a_trusted_certificate() {
    let home = Home::new("https");
    let dir = home.0.join("tls");
    std::fs::create_dir_all(&dir).unwrap();
    openssl(
        &dir,
        &[
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
            "-days",
            "2",
            "-subj",
            "/CN=hivegate test CA",
        ],
    );
    openssl(
        &dir,
        &[
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            "srv.key",
            "-out",
            "srv.csr",
            "-subj",
            "/CN=localhost",
        ],
    );
    std::fs::write(
        dir.join("ext.cnf"),
        "subjectAltName=DNS:localhost,IP:127.0.0.1\n",
    )
    .unwrap();
    openssl(
        &dir,
        &[
            "x509",
            "-req",
            "-in",
            "srv.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-out",
            "srv.pem",
            "-days",
            "2",
            "-extfile",
            "ext.cnf",
        ],
    );

    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let script = npm_dir().join("@modelcontextprotocol/server-everything/dist/index.js");
    let mut http = std::process::Command::new("node")
        .arg(&script)
        .arg("streamableHttp")
        .env("PORT", port.to_string())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let mut err = std::io::BufReader::new(http.stderr.take().unwrap());
    while !line.contains("listening") {
        line.clear();
        assert!(
            std::io::BufRead::read_line(&mut err, &mut line).unwrap() > 0,
            "server-everything exited"
        );
    }
    let _http = Terminate(http);
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tls_proxy.mjs");
    let mut proxy = std::process::Command::new("node")
        .arg(&fixture)
        .args([dir.join("srv.key"), dir.join("srv.pem")])
        .arg(port.to_string())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut tls_port = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(proxy.stdout.take().unwrap()),
        &mut tls_port,
    )
    .unwrap();
    let _proxy = Terminate(proxy);
    let url = format!("https://localhost:{}/mcp", tls_port.trim());

    let probe = |trust: bool| {
        let mut c = bin();
        c.args([
            "mcp",
            "probe",
            &url,
            "--call",
            "echo",
            "--args",
            r#"{"message": "over tls"}"#,
        ]);
        if trust {
            c.env("SSL_CERT_FILE", dir.join("ca.pem"));
        } else {
            // The machine's own roots only, which never signed this CA.
            c.env_remove("SSL_CERT_FILE").env_remove("SSL_CERT_DIR");
        }
        c.output().unwrap()
    };
    let ok = probe(true);
    let out = String::from_utf8_lossy(&ok.stdout);
    assert!(
        ok.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(out.contains("\"tool\":\"echo\""), "{out}");
    assert!(out.contains("Echo: over tls"), "{out}");
    let refused = probe(false);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        err.to_lowercase().contains("certificate") || err.contains("UnknownIssuer"),
        "{err}"
    );
}

/// `hivegate mcp` spoken to line by line, as a client writes it: the
/// lines it answers, by id, as they arrive.
struct RawSession {
    stdin: std::pin::Pin<Box<dyn tokio::io::AsyncWrite + Send>>,
    lines: tokio::sync::mpsc::UnboundedReceiver<Value>,
    seen: Vec<Value>,
    child: tokio::process::Child,
}

impl RawSession {
    /// `hivegate mcp` in a new home whose one upstream is server-everything,
    /// answering at once when a human is needed.
    fn with_everything(tag: &str) -> (Home, RawSession) {
        RawSession::with_everything_by(tag, RawSession::start)
    }

    /// The same, started by `start` (over pipes or over socket pairs).
    fn with_everything_by(
        tag: &str,
        start: fn(&Home, &[&str]) -> RawSession,
    ) -> (Home, RawSession) {
        let home = Home::new(tag);
        std::fs::create_dir_all(&home.0).unwrap();
        let cfg = json!({"mcpServers": {"everything": npm_server("everything", &["stdio"])}});
        std::fs::write(home.0.join(".mcp.json"), cfg.to_string()).unwrap();
        let s = start(&home, &["--approval-wait", "0"]);
        (home, s)
    }

    /// A call that is not read-only, as request `id`: at normal it needs a
    /// human, which the fast lane never decides; with no wait the full
    /// path says where to approve.
    async fn asks_a_human(&mut self, id: i64) {
        self.send(tools_call(
            json!(id),
            "mcp_everything_toggle-simulated-logging",
            json!({}),
        ))
        .await;
        let asked = self.answer(json!(id)).await;
        assert_eq!(
            asked["result"]["structuredContent"]["status"], "pending_approval",
            "{asked}"
        );
    }

    /// The `initialize` handshake, as request 1; its result.
    async fn initialize(&mut self) -> Value {
        self.send(
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}}),
        )
        .await;
        let answer = self.answer(json!(1)).await;
        self.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        answer
    }

    fn start(home: &Home, extra: &[&str]) -> RawSession {
        let mut cmd = mcp_stdio(home, extra);
        cmd.stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true);
        let mut child = cmd.spawn().unwrap();
        let stdin = Box::pin(child.stdin.take().unwrap());
        let stdout = child.stdout.take().unwrap();
        RawSession::over(child, stdin, stdout)
    }

    /// As Node's `child_process` starts a server (the TypeScript SDK's
    /// stdio transport, the inspector, desktop hosts): stdin and stdout
    /// are each one end of a Unix socket pair, not pipes.
    fn start_over_sockets(home: &Home, extra: &[&str]) -> RawSession {
        use std::os::unix::net::UnixStream;
        let (stdin_ours, stdin_theirs) = UnixStream::pair().unwrap();
        let (stdout_ours, stdout_theirs) = UnixStream::pair().unwrap();
        let mut cmd = mcp_stdio(home, extra);
        cmd.stdin(std::process::Stdio::from(std::os::fd::OwnedFd::from(
            stdin_theirs,
        )))
        .stdout(std::process::Stdio::from(std::os::fd::OwnedFd::from(
            stdout_theirs,
        )))
        .kill_on_drop(true);
        let child = cmd.spawn().unwrap();
        let tokio_side = |s: UnixStream| {
            s.set_nonblocking(true).unwrap();
            tokio::net::UnixStream::from_std(s).unwrap()
        };
        RawSession::over(
            child,
            Box::pin(tokio_side(stdin_ours)),
            tokio_side(stdout_ours),
        )
    }

    fn over(
        child: tokio::process::Child,
        stdin: std::pin::Pin<Box<dyn tokio::io::AsyncWrite + Send>>,
        stdout: impl tokio::io::AsyncRead + Unpin + Send + 'static,
    ) -> RawSession {
        let (tx, lines) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(async move {
            use tokio::io::AsyncBufReadExt;
            let mut read = tokio::io::BufReader::new(stdout).lines();
            while let Ok(Some(line)) = read.next_line().await {
                let v: Value = serde_json::from_str(&line)
                    .unwrap_or_else(|e| panic!("not one JSON message per line ({e}): {line}"));
                if tx.send(v).is_err() {
                    break;
                }
            }
        });
        RawSession {
            stdin,
            lines,
            seen: Vec::new(),
            child,
        }
    }

    async fn send(&mut self, message: Value) {
        use tokio::io::AsyncWriteExt;
        self.stdin
            .write_all(format!("{message}\n").as_bytes())
            .await
            .unwrap();
    }

    /// The answer to request `id`, waiting up to 20 s for it.
    async fn answer(&mut self, id: Value) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(v) = self.seen.iter().find(|v| v["id"] == id) {
                return v.clone();
            }
            match tokio::time::timeout_at(deadline, self.lines.recv()).await {
                Ok(Some(v)) => self.seen.push(v),
                _ => panic!("no answer to {id}; saw {:?}", self.seen),
            }
        }
    }

    /// Everything that arrives in the next `wait`.
    async fn drain(&mut self, wait: Duration) -> &[Value] {
        let deadline = tokio::time::Instant::now() + wait;
        while let Ok(Some(v)) = tokio::time::timeout_at(deadline, self.lines.recv()).await {
            self.seen.push(v);
        }
        &self.seen
    }
}

fn tools_call(id: Value, name: &str, arguments: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": name, "arguments": arguments}})
}

/// The stdio fast lane, seen from the wire: an `auto` call keeps its id's
/// type; a cancelled call is never answered and holds nothing up; a call
/// that needs a human is left to the full path (which answers
/// `pending_approval`); a call before the handshake is not the lane's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stdio_fast_lane_answers_by_id_and_honours_cancellation() {
    let (_home, mut s) = RawSession::with_everything("lane");

    // Before the handshake a call is not carried (the lane needs the
    // client's capabilities): rmcp answers it, here with the error a
    // request without a session's `_meta` gets.
    s.send(tools_call(
        json!(0),
        "mcp_everything_echo",
        json!({"message": "early"}),
    ))
    .await;
    let early = s.answer(json!(0)).await;
    assert!(early["error"]["message"].is_string(), "{early}");

    assert_eq!(
        s.initialize().await["result"]["serverInfo"]["name"],
        "hivegate"
    );

    let slow = json!("slow-1");
    s.send(tools_call(
        slow.clone(),
        "mcp_everything_trigger-long-running-operation",
        json!({"duration": 2, "steps": 2}),
    ))
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    s.send(
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": slow, "reason": "the user moved on"}}),
    )
    .await;

    // Calls after it run at once, each answered under its own id, as sent.
    for id in [json!(7), json!("seven")] {
        s.send(tools_call(
            id.clone(),
            "mcp_everything_echo",
            json!({"message": format!("id {id}")}),
        ))
        .await;
        let a = s.answer(id.clone()).await;
        assert_eq!(a["id"], id, "{a}");
        assert_eq!(
            a["result"]["content"][0]["text"],
            format!("Echo: id {id}"),
            "{a}"
        );
    }

    s.asks_a_human(8).await;

    // Long past when the cancelled call would have ended: no answer to it.
    let seen = s.drain(Duration::from_millis(2500)).await;
    assert!(
        !seen.iter().any(|v| v["id"] == "slow-1"),
        "a cancelled call was answered: {seen:?}"
    );

    // An uncancelled slow call is answered.
    s.send(tools_call(
        json!("slow-2"),
        "mcp_everything_trigger-long-running-operation",
        json!({"duration": 0.2, "steps": 1}),
    ))
    .await;
    let done = s.answer(json!("slow-2")).await;
    assert!(
        done["result"]["content"][0]["text"]
            .as_str()
            .is_some_and(|t| t.contains("completed")),
        "{done}"
    );
}

/// Over socket pairs, as a Node-based host starts it: the handshake, calls
/// in flight together on the fast lane, one left to the full path for a
/// human, and a clean exit when the client closes stdin.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_runs_over_socket_pairs_as_node_starts_it() {
    let (_home, mut s) = RawSession::with_everything_by("sockets", RawSession::start_over_sockets);
    assert_eq!(
        s.initialize().await["result"]["serverInfo"]["name"],
        "hivegate"
    );
    for i in 0..32 {
        s.send(tools_call(
            json!(100 + i),
            "mcp_everything_echo",
            json!({"message": format!("n{i}")}),
        ))
        .await;
    }
    for i in 0..32 {
        let a = s.answer(json!(100 + i)).await;
        assert_eq!(
            a["result"]["content"][0]["text"],
            format!("Echo: n{i}"),
            "{a}"
        );
    }
    s.asks_a_human(8).await;
    use tokio::io::AsyncWriteExt;
    s.stdin.shutdown().await.unwrap();
    let status = tokio::time::timeout(Duration::from_secs(20), s.child.wait())
        .await
        .expect("hivegate mcp did not end when its stdin closed")
        .unwrap();
    assert!(status.success(), "{status}");
}

/// A read-only call starts beside the commit of its decision row, and its
/// result waits for that commit: when the row cannot be written the agent
/// gets an error, never the result, on the fast lane and on rmcp's path
/// alike; a call that may change something does not run at all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_result_is_withheld_when_its_record_fails() {
    let (home, mut s) = RawSession::with_everything("withheld");
    s.initialize().await;
    // An unknown `_meta` key leaves a call to rmcp's path.
    let via = |path: &str, mut call: Value| {
        if path == "rmcp" {
            call["params"]["_meta"] = json!({"x-test": true});
        }
        call
    };
    let echo = |id: &str| tools_call(json!(id), "mcp_everything_echo", json!({"message": id}));
    let text = |a: &Value| {
        a["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    let db = rusqlite::Connection::open(home.0.join("hivegate.db")).unwrap();
    for path in ["lane", "rmcp"] {
        let ok = format!("{path}-ok");
        s.send(via(path, echo(&ok))).await;
        let a = s.answer(json!(ok)).await;
        assert_eq!(text(&a), format!("Echo: {ok}"), "{a}");

        db.execute_batch("ALTER TABLE audit RENAME TO audit_away")
            .unwrap();
        let lost = format!("{path}-lost");
        s.send(via(path, echo(&lost))).await;
        let a = s.answer(json!(lost)).await;
        assert_eq!(a["result"]["isError"], true, "{a}");
        assert!(text(&a).contains("its result is withheld"), "{a}");
        assert!(!a.to_string().contains("Echo:"), "{a}");
        let writes = format!("{path}-writes");
        let toggle = tools_call(
            json!(writes),
            "mcp_everything_toggle-simulated-logging",
            json!({}),
        );
        s.send(via(path, toggle)).await;
        let a = s.answer(json!(writes)).await;
        assert!(text(&a).contains("did not run"), "{a}");
        db.execute_batch("ALTER TABLE audit_away RENAME TO audit")
            .unwrap();
    }
    // Every row that was written still verifies.
    let out = run(&home, &["audit", "verify"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
