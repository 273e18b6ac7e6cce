//! The upstream runtime against real MCP servers from npm
//! (`@modelcontextprotocol/server-everything`, `-filesystem`, `-memory`,
//! installed by `scripts/npm-peers`) and a hostile one.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use hivegate_mcp::relay::ElicitRelay;
use hivegate_mcp::runtime::{McpRuntime, ServerState};
use hivegate_mcp::upstream::Limits;
use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction};
use serde_json::{Value, json};

fn npm_dir() -> PathBuf {
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

pub fn npm_server(name: &str, extra: &[&str]) -> Value {
    let script = npm_dir().join(format!("@modelcontextprotocol/server-{name}/dist/index.js"));
    let mut args = vec![json!(script.to_string_lossy())];
    args.extend(extra.iter().map(|a| json!(a)));
    json!({"command": "node", "args": args})
}

fn hostile(mode: &str) -> Value {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile_upstream.py");
    json!({"command": "python3", "args": [script.to_string_lossy(), mode]})
}

struct Home(PathBuf);

impl Home {
    fn new(tag: &str) -> Home {
        let p = std::env::temp_dir().join(format!("hg-mcp-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Home(p)
    }
    fn config(&self) -> PathBuf {
        self.0.join(".mcp.json")
    }
    fn write(&self, servers: Value) {
        let text = serde_json::to_string_pretty(&json!({"mcpServers": servers})).unwrap();
        let tmp = self.0.join(".mcp.json.tmp");
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, self.config()).unwrap();
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn alive(pid: u32) -> bool {
    // A zombie is not alive: it is a reaped-later exit.
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit(')')
            .next()
            .is_some_and(|rest| !rest.trim_start().starts_with('Z'))
    })
}

async fn gone(pid: u32) -> bool {
    for _ in 0..100 {
        if !alive(pid) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

fn text_of(r: &rmcp::model::CallToolResult) -> String {
    serde_json::to_value(&r.content).unwrap().to_string()
}

fn pid_of(servers: &[hivegate_mcp::runtime::ServerStatus], name: &str) -> u32 {
    servers
        .iter()
        .find(|s| s.name == name)
        .and_then(|s| s.pid)
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_servers_start_list_call_stop() {
    let home = Home::new("real");
    let files = home.0.join("files");
    std::fs::create_dir_all(&files).unwrap();
    std::fs::write(files.join("hello.txt"), "hello from disk").unwrap();
    home.write(json!({
        "everything": npm_server("everything", &["stdio"]),
        "memory": npm_server("memory", &[]),
        "fs": npm_server("filesystem", &[&files.to_string_lossy()]),
    }));
    let rt = McpRuntime::load(&home.config(), Limits::default())
        .await
        .unwrap();
    let (servers, err) = rt.servers().await;
    assert!(err.is_none());
    assert!(
        servers
            .iter()
            .all(|s| s.state == ServerState::Stopped && s.pid.is_none())
    );
    assert!(rt.index().tools.is_empty(), "registered is not started");

    let failures = rt.start_all().await;
    assert!(failures.is_empty(), "{failures:?}");
    let index = rt.index();
    for name in [
        "mcp_everything_echo",
        "mcp_memory_create_entities",
        "mcp_fs_read_text_file",
    ] {
        assert!(index.get(name).is_some(), "{name} missing");
    }
    // Annotations are kept as the upstream sent them.
    let read = index.get("mcp_fs_read_text_file").unwrap();
    assert_eq!(read.tool.annotations.map(|a| a.read_only()), Some(true));
    let write = index.get("mcp_fs_write_file").unwrap();
    assert_eq!(write.tool.annotations.map(|a| a.read_only()), Some(false));

    let r = rt
        .call(
            "mcp_everything_echo",
            json!({"message": "hi there"}).as_object().cloned(),
            None,
        )
        .await
        .unwrap();
    assert!(text_of(&r).contains("hi there"), "{}", text_of(&r));
    let r = rt
        .call(
            "mcp_fs_read_text_file",
            json!({"path": files.join("hello.txt")})
                .as_object()
                .cloned(),
            None,
        )
        .await
        .unwrap();
    assert!(text_of(&r).contains("hello from disk"), "{}", text_of(&r));
    assert!(rt.call("mcp_nope_tool", None, None).await.is_err());

    let (servers, _) = rt.servers().await;
    let pid = pid_of(&servers, "everything");
    assert!(alive(pid));
    rt.health("everything").await.unwrap();
    rt.stop("everything").await.unwrap();
    assert!(gone(pid).await, "a stopped server's process lives on");
    assert!(rt.index().get("mcp_everything_echo").is_none());
    rt.restart("everything").await.unwrap();
    assert!(rt.index().get("mcp_everything_echo").is_some());
    rt.stop_all().await;
    assert!(rt.index().tools.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reload_keeps_unchanged_servers_and_a_bad_file_keeps_everything() {
    let home = Home::new("reload");
    // Twenty servers, as the reload target says.
    let mut servers = serde_json::Map::new();
    for i in 0..20 {
        servers.insert(format!("m{i}"), npm_server("memory", &[]));
    }
    home.write(Value::Object(servers.clone()));
    let rt = McpRuntime::load(&home.config(), Limits::default())
        .await
        .unwrap();
    assert!(rt.start_all().await.is_empty());
    let (before, _) = rt.servers().await;

    // Unchanged file: the fast path.
    assert!(rt.reload().await.unwrap().unchanged);

    // m1 changes, m3 goes, m99 arrives.
    servers.insert("m1".into(), npm_server("memory", &["--changed"]));
    servers.remove("m3");
    servers.insert("m99".into(), npm_server("memory", &[]));
    home.write(Value::Object(servers.clone()));
    let report = rt.reload().await.unwrap();
    assert_eq!(report.diff.added, ["m99"]);
    assert_eq!(report.diff.removed, ["m3"]);
    assert_eq!(report.diff.changed, ["m1"]);
    assert_eq!(report.restarted, ["m1"]);
    let (after, _) = rt.servers().await;
    let mut kept = 0;
    for s in before
        .iter()
        .filter(|s| !["m1", "m3"].contains(&s.name.as_str()))
    {
        assert_eq!(
            s.pid,
            Some(pid_of(&after, &s.name)),
            "{} was restarted",
            s.name
        );
        kept += 1;
    }
    assert_eq!(kept, 18, "the 18 unchanged servers kept their process ids");
    assert_ne!(pid_of(&before, "m1"), pid_of(&after, "m1"));
    assert!(gone(pid_of(&before, "m3")).await);
    let m99 = after.iter().find(|s| s.name == "m99").unwrap();
    assert_eq!(
        m99.state,
        ServerState::Stopped,
        "added servers are registered, not started"
    );

    // A bad file: clear error, nothing stops.
    std::fs::write(
        home.config(),
        "{\"mcpServers\": {\"a\": {\"command\": \"x\"}, \"a\": {\"command\": \"y\"}}}",
    )
    .unwrap();
    let e = rt.reload().await.unwrap_err().to_string();
    assert!(e.contains("twice"), "{e}");
    std::fs::write(home.config(), "{ not json").unwrap();
    let (still, err) = rt.servers().await;
    assert!(err.unwrap().contains("not valid JSON"));
    assert_eq!(pid_of(&still, "m0"), pid_of(&before, "m0"));
    assert!(rt.index().get("mcp_m0_read_graph").is_some());
    rt.stop_all().await;
}

fn quick() -> Limits {
    Limits {
        start: Duration::from_secs(10),
        call: Duration::from_secs(2),
        health: Duration::from_secs(2),
        max_result_bytes: 256 * 1024,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_upstreams_get_clear_errors_and_leave_no_process() {
    let home = Home::new("hostile");
    let modes = ["crash", "hang", "flood", "malformed", "huge", "ok", "die"];
    home.write(Value::Object(
        modes.iter().map(|m| (m.to_string(), hostile(m))).collect(),
    ));
    let rt: Arc<McpRuntime> = McpRuntime::load(&home.config(), quick()).await.unwrap();
    let failures = rt.start_all().await;
    assert_eq!(failures.keys().collect::<Vec<_>>(), ["die"], "{failures:?}");
    assert!(
        failures["die"].contains("dying at start") || failures["die"].contains("handshake"),
        "{failures:?}"
    );
    let (servers, _) = rt.servers().await;
    let pids: Vec<u32> = servers.iter().filter_map(|s| s.pid).collect();
    assert_eq!(pids.len(), 6);

    let call = |m: &str| {
        let rt = rt.clone();
        let name = format!("mcp_{m}_poke");
        async move { rt.call(&name, None, None).await }
    };
    assert!(text_of(&call("ok").await.unwrap()).contains("pong"));
    let e = call("crash").await.unwrap_err().to_string();
    assert_eq!(e, "crash: the server closed the connection");
    let e = call("hang").await.unwrap_err().to_string();
    assert!(e.contains("no answer within 2 s"), "{e}");
    let r = call("flood").await.unwrap();
    assert!(text_of(&r).contains("after the flood"), "{}", text_of(&r));
    // A broken line is dropped by the transport; the call then has no
    // answer, and says so.
    let e = call("malformed").await.unwrap_err().to_string();
    assert_eq!(e, "malformed: no answer within 2 s");
    let r = call("huge").await.unwrap();
    assert_eq!(r.is_error, Some(true));
    assert!(
        text_of(&r).contains("over hivegate's cap"),
        "{}",
        text_of(&r)
    );
    // The crashed server is marked failed and its tool is gone.
    let (servers, _) = rt.servers().await;
    let crash = servers.iter().find(|s| s.name == "crash").unwrap();
    assert_eq!(crash.state, ServerState::Failed);
    assert!(rt.index().get("mcp_crash_poke").is_none());
    // Others still answer after all that.
    assert!(text_of(&call("ok").await.unwrap()).contains("pong"));

    rt.stop_all().await;
    for pid in pids {
        assert!(gone(pid).await, "process {pid} leaked");
    }
}

/// Answers an upstream's form after `delay`, as a slow person would.
struct SlowPerson {
    delay: Duration,
}

impl ElicitRelay for SlowPerson {
    fn elicit(&self, _server: &str, _request: ElicitRequestParams) -> BoxFuture<'_, ElicitResult> {
        Box::pin(async move {
            tokio::time::sleep(self.delay).await;
            ElicitResult::new(ElicitationAction::Accept)
                .with_content(json!({"name": "Grace Hopper", "check": true}))
        })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_answering_an_upstream_form_has_more_than_the_call_limit() {
    let home = Home::new("slow-person");
    home.write(json!({"everything": npm_server("everything", &["stdio"])}));
    // Calls may take 2 s of the server's time; the person takes 3 s.
    let rt = McpRuntime::load(&home.config(), quick()).await.unwrap();
    assert!(rt.start_all().await.is_empty());
    let person: Arc<dyn ElicitRelay> = Arc::new(SlowPerson {
        delay: Duration::from_secs(3),
    });
    // Before the call's clock stopped for the person, this failed with
    // "no answer within 2 s".
    let started = std::time::Instant::now();
    let r = rt
        .call(
            "mcp_everything_trigger-elicitation-request",
            None,
            Some(person),
        )
        .await
        .unwrap();
    assert!(started.elapsed() >= Duration::from_secs(3));
    assert!(text_of(&r).contains("Grace Hopper"), "{}", text_of(&r));
    // A relay that is never asked changes nothing for a call that asks
    // nobody.
    let hurried: Arc<dyn ElicitRelay> = Arc::new(SlowPerson {
        delay: Duration::from_secs(3),
    });
    let r = rt
        .call(
            "mcp_everything_echo",
            json!({"message": "still quick"}).as_object().cloned(),
            Some(hurried),
        )
        .await
        .unwrap();
    assert!(text_of(&r).contains("still quick"));
    rt.stop_all().await;
}
