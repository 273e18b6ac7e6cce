//! What the gateway costs per call: `tools/call` of server-everything's
//! `echo` made directly over stdio, and the same call through
//! `hivegate mcp` (stdio in, stdio out, the gate deciding and auditing
//! each call), sequentially (latency) and 16 at a time (throughput).
//! `echo` is the cheapest call an upstream can answer, so the gateway's
//! share of it is the largest there is; server-filesystem's
//! `list_directory` is measured the same way as a call that does some
//! work. The echo throughput is measured again with a lean client that
//! writes and reads JSON lines itself, so that the client's own CPU (rmcp's
//! costs about what the gateway's does) weighs less on a machine of few
//! cores. Then once more with the TypeScript SDK's client (`ts_client.mjs`),
//! which starts its server as Node-based hosts do, over socket pairs. Then
//! 200 concurrent downstream sessions against `serve`'s `/mcp`.
//!
//! Run: `cargo bench -p hivegate --bench mcp_proxy` (needs
//! `scripts/npm-peers`). Prints p50 / p99, calls per second (the median
//! of interleaved direct and proxied rounds, and every round's ratio), the CPU
//! time per call of node and of the gateway process (from /proc, so Linux
//! only), which the machine's noise moves far less than wall time, and the
//! throughput those CPU times allow on this machine's cores, so that a ratio
//! is read against what the hardware permits.
//!
//! `HIVEGATE_BENCH_AB=BIN_A,BIN_B` compares two builds instead: only the
//! lean client's echo throughput, each build against direct in the same
//! rounds, which is how a change is told from this machine's noise.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a bench: a panic is a failure report

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{Peer, RoleClient};
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

const WARMUP: usize = 300;
const CALLS: usize = 3000;
/// Calls in one throughput round: long enough (a second or so) that a
/// passing burst of other load on the machine moves one round less.
const ROUND_CALLS: usize = 16_000;
const CONCURRENCY: usize = 16;
const SESSIONS: usize = 200;
const CPU_ROUNDS: usize = 4;
/// Interleaved direct/proxied throughput rounds; the median ratio is reported.
const RATIO_ROUNDS: usize = 5;

fn npm_dir() -> PathBuf {
    std::env::var_os("HIVEGATE_NPM_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/npm/node_modules"),
        PathBuf::from,
    )
}

/// `node` and the arguments that start an npm MCP server.
fn npm_server(package: &str, args: &[&str]) -> (String, Vec<String>) {
    let script = npm_dir().join(format!("@modelcontextprotocol/{package}/dist/index.js"));
    assert!(script.is_file(), "run scripts/npm-peers first");
    let mut all = vec![script.to_string_lossy().into_owned()];
    all.extend(args.iter().map(|a| (*a).to_owned()));
    ("node".into(), all)
}

/// Directories for `list_directory` to list: a call's path varies with
/// its number, as a call repeated five times in a row is stopped.
const DIRS: usize = 32;

fn list_dir(root: &Path) -> impl Fn(&str, usize) -> CallToolRequestParams + Clone + Send + 'static {
    let root = root.to_owned();
    move |name: &str, i: usize| {
        CallToolRequestParams::new(name.to_owned()).with_arguments(
            json!({"path": root.join(format!("d{}", i % DIRS))})
                .as_object()
                .cloned()
                .unwrap(),
        )
    }
}

/// The binary measured: this build's, or `HIVEGATE_BENCH_BIN` (another
/// build, to compare two commits on the same machine in the same minutes).
fn hivegate() -> String {
    std::env::var("HIVEGATE_BENCH_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_hivegate").into())
}

/// Each call's message differs: the same call five times in a row is what
/// the loop guard exists to stop.
fn echo(name: &str, i: usize) -> CallToolRequestParams {
    CallToolRequestParams::new(name.to_owned()).with_arguments(
        json!({"message": format!("benchmark {i}")})
            .as_object()
            .cloned()
            .unwrap(),
    )
}

async fn latencies(peer: &Peer<RoleClient>, name: &str) -> Vec<Duration> {
    for i in 0..WARMUP {
        peer.call_tool(echo(name, i)).await.unwrap();
    }
    let mut out = Vec::with_capacity(CALLS);
    for i in 0..CALLS {
        let p = echo(name, i);
        let t = Instant::now();
        let r = peer.call_tool(p).await.unwrap();
        out.push(t.elapsed());
        assert_ne!(r.is_error, Some(true), "{r:?}");
    }
    out.sort();
    out
}

async fn throughput(peer: &Peer<RoleClient>, name: &str) -> f64 {
    throughput_of(peer, name, echo).await
}

/// Calls per second with [`CONCURRENCY`] calls in flight, each call made
/// by `call(name, its number)`.
async fn throughput_of<F>(peer: &Peer<RoleClient>, name: &str, call: F) -> f64
where
    F: Fn(&str, usize) -> CallToolRequestParams + Clone + Send + 'static,
{
    let start = Instant::now();
    let per_task = ROUND_CALLS / CONCURRENCY;
    let tasks: Vec<_> = (0..CONCURRENCY)
        .map(|t| {
            let peer = peer.clone();
            let name = name.to_owned();
            let call = call.clone();
            tokio::spawn(async move {
                for i in 0..per_task {
                    let r = peer.call_tool(call(&name, t * per_task + i)).await.unwrap();
                    assert_ne!(r.is_error, Some(true), "{r:?}");
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    (per_task * CONCURRENCY) as f64 / start.elapsed().as_secs_f64()
}

/// CPU time (ms, user + system) and parent pid in a /proc `stat` file.
fn stat_ms(path: &str) -> Option<(f64, String)> {
    let stat = std::fs::read_to_string(path).ok()?;
    // Fields after the command name, which may hold spaces.
    let rest = stat.rsplit_once(") ")?.1;
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some((ticks * 10.0, f.get(1)?.to_string()))
}

/// The direct children of process `pid`, from /proc.
fn children(pid: u32) -> Vec<u32> {
    let me = pid.to_string();
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|c| stat_ms(&format!("/proc/{c}/stat")).is_some_and(|(_, ppid)| ppid == me))
        .collect()
}

/// CPU time (user + system) of process `pid`, read from /proc: a figure
/// that the machine's noise moves far less than wall time.
fn cpu_ms(pid: u32) -> f64 {
    stat_ms(&format!("/proc/{pid}/stat")).map_or(0.0, |(t, _)| t)
}

/// The CPU time of each thread of the processes `pids`, by thread id: with
/// a core per process, the busiest thread (not the sum) is what limits
/// throughput. Node runs JavaScript on one thread and collects garbage on
/// others, beside it.
fn thread_ms(pids: &[u32]) -> std::collections::BTreeMap<String, (String, f64)> {
    let mut out = std::collections::BTreeMap::new();
    for pid in pids {
        for entry in std::fs::read_dir(format!("/proc/{pid}/task"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let tid = entry.file_name().to_string_lossy().into_owned();
            let dir = format!("/proc/{pid}/task/{tid}");
            if let Some((t, _)) = stat_ms(&format!("{dir}/stat")) {
                let name = std::fs::read_to_string(format!("{dir}/comm")).unwrap_or_default();
                out.insert(tid, (name.trim().to_owned(), t));
            }
        }
    }
    out
}

/// The threads of some processes, read before rounds of calls, to tell
/// their CPU time per call after them.
struct Meter {
    pids: Vec<u32>,
    before: std::collections::BTreeMap<String, (String, f64)>,
}

impl Meter {
    fn start(pids: Vec<u32>) -> Meter {
        let before = thread_ms(&pids);
        Meter { pids, before }
    }

    /// µs per call over `calls` of each thread that ran since the start,
    /// busiest first.
    fn threads(&self, calls: usize) -> Vec<(String, f64)> {
        let mut threads: Vec<(String, f64)> = thread_ms(&self.pids)
            .into_iter()
            .map(|(tid, (name, t))| {
                let was = self.before.get(&tid).map_or(0.0, |b| b.1);
                (name, (t - was) * 1e3 / calls as f64)
            })
            .filter(|(_, us)| *us > 0.0)
            .collect();
        threads.sort_by(|a, b| b.1.total_cmp(&a.1));
        threads
    }

    /// µs per call of all the threads together, and of the busiest.
    fn per_call(&self, calls: usize) -> (f64, f64) {
        let threads = self.threads(calls);
        let busiest = threads.first().map_or(0.0, |t| t.1);
        (threads.iter().map(|t| t.1).sum(), busiest)
    }
}

/// A load generator that costs little CPU: JSON-RPC lines written to and
/// read from a server's stdio, [`CONCURRENCY`] calls kept in flight, a
/// response told from anything else by its shape alone. rmcp's client
/// costs about as much CPU per call as the gateway; on a machine with two
/// cores for three processes, that share moves the proxied figure more
/// than the gateway does, so throughput is also measured with this one.
struct LineClient {
    child: tokio::process::Child,
    input: tokio::io::BufWriter<tokio::process::ChildStdin>,
    output: tokio::io::BufReader<tokio::process::ChildStdout>,
    line: String,
}

impl LineClient {
    async fn start(cmd: &str, args: &[String]) -> LineClient {
        let mut child = tokio::process::Command::new(cmd)
            .args(args)
            .env_remove("HIVEGATE_HOME")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut c = LineClient {
            input: tokio::io::BufWriter::new(child.stdin.take().unwrap()),
            output: tokio::io::BufReader::new(child.stdout.take().unwrap()),
            child,
            line: String::new(),
        };
        c.send(
            json!({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "mcp_proxy bench", "version": "0"}}}),
        )
        .await;
        c.input.flush().await.unwrap();
        while !c.next_response().await.contains("\"init\"") {}
        c.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        c
    }

    fn pid(&self) -> u32 {
        self.child.id().expect("the client's server is running")
    }

    async fn send(&mut self, message: serde_json::Value) {
        let mut line = message.to_string();
        line.push('\n');
        self.input.write_all(line.as_bytes()).await.unwrap();
    }

    /// The next response; notifications (logging, list changes) are
    /// passed over, and an error fails the bench.
    async fn next_response(&mut self) -> &str {
        loop {
            self.line.clear();
            let n = self.output.read_line(&mut self.line).await.unwrap();
            assert!(n > 0, "the server closed its output");
            if self.line.contains("\"id\"") && !self.line.contains("\"method\"") {
                assert!(
                    !self.line.contains("\"error\"") && !self.line.contains("\"isError\":true"),
                    "{}",
                    self.line
                );
                return &self.line;
            }
        }
    }

    /// Calls per second of `echo` (the tool `name`), [`CONCURRENCY`] in
    /// flight: a call is sent for each response read, and what is queued
    /// goes out when nothing more is waiting to be read.
    async fn throughput(&mut self, name: &str, calls: usize) -> f64 {
        let call = |i: usize| {
            json!({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                   "params": {"name": name, "arguments": {"message": format!("benchmark {i}")}}})
        };
        let start = Instant::now();
        let mut sent = 0;
        while sent < CONCURRENCY {
            self.send(call(sent)).await;
            sent += 1;
        }
        self.input.flush().await.unwrap();
        for _ in 0..calls {
            self.next_response().await;
            if sent < calls {
                self.send(call(sent)).await;
                sent += 1;
            }
            if self.output.buffer().is_empty() {
                self.input.flush().await.unwrap();
            }
        }
        calls as f64 / start.elapsed().as_secs_f64()
    }
}

/// Stops `serve` however the bench ends, a panic included.
struct Serve(std::process::Child);

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = std::process::Command::new("kill")
            .arg(self.0.id().to_string())
            .status();
        let _ = self.0.wait();
    }
}

/// CPU time per call (µs) of each process on one path of a call: the
/// client, the gateway (0 direct) and node, each as a whole and its
/// busiest thread.
#[derive(Default)]
struct PathCpu {
    client: f64,
    gateway: f64,
    gateway_thread: f64,
    node: f64,
    node_thread: f64,
}

impl PathCpu {
    /// From the meters of a path's processes (`gateway` none direct) and
    /// the client's µs per call.
    fn measured(client: f64, gateway: Option<&Meter>, node: &Meter, calls: usize) -> PathCpu {
        let (gateway, gateway_thread) = gateway.map_or((0.0, 0.0), |g| g.per_call(calls));
        let (node, node_thread) = node.per_call(calls);
        PathCpu {
            client,
            gateway,
            gateway_thread,
            node,
            node_thread,
        }
    }

    /// Calls per second that CPU time alone allows: no thread runs faster
    /// than one core, and all the processes share `cores`. Measured
    /// throughput below it was lost to the processes waiting on each
    /// other, not to CPU work.
    fn bound(&self, cores: f64) -> f64 {
        let slowest = self.gateway_thread.max(self.node_thread);
        let total = self.client + self.gateway + self.node;
        (1e6 / slowest).min(cores * 1e6 / total)
    }
}

fn print_path_cpu(direct: &PathCpu, proxied: &PathCpu) {
    println!(
        "  direct: node {:.0} µs (its busiest thread {:.0}), the client {:.0} µs",
        direct.node, direct.node_thread, direct.client
    );
    println!(
        "  through hivegate: node {:.0} µs ({:.0}), the gateway {:.1} µs ({:.1}), the client {:.0} µs",
        proxied.node, proxied.node_thread, proxied.gateway, proxied.gateway_thread, proxied.client
    );
}

/// Both paths' CPU bound, their ratio, and the gateway's CPU per call
/// that would let the bound reach the target, node and the client
/// costing what they did.
fn print_cpu_bound(direct: &PathCpu, proxied: &PathCpu) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from) as f64;
    let (direct_cap, proxied_cap) = (direct.bound(cores), proxied.bound(cores));
    println!(
        "  bound by CPU alone on {cores} cores: direct {direct_cap:.0}/s, through hivegate {proxied_cap:.0}/s, a ratio of at most {:.2}; below that, the processes waited on each other",
        proxied_cap / direct_cap
    );
    let room = cores * 1e6 / (0.8 * direct_cap) - proxied.node - proxied.client;
    println!(
        "  for a bound of 0.8, the gateway could take at most {room:.1} µs per call; it took {:.1}",
        proxied.gateway
    );
}

/// The round (direct, proxied calls per second) of median ratio, and every
/// round's ratio, lowest first.
fn median_round(rounds: &mut [(f64, f64)]) -> ((f64, f64), Vec<String>) {
    rounds.sort_by(|a, b| (a.1 / a.0).total_cmp(&(b.1 / b.0)));
    let ratios = rounds
        .iter()
        .map(|(d, g)| format!("{:.2}", g / d))
        .collect();
    (rounds[rounds.len() / 2], ratios)
}

/// Rounds of [`compare_builds`]: more than the ratio rounds, since two
/// builds' difference is smaller than this machine's noise.
const AB_ROUNDS: usize = 12;

/// Calls per second of `tool` that the TypeScript SDK's client makes,
/// [`CONCURRENCY`] in flight, to the server `command args` it starts
/// (`ts_client.mjs`, after a warm-up; the start is not timed).
async fn ts_client(tool: &str, command: &str, args: &[String]) -> f64 {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/ts_client.mjs");
    let out = tokio::process::Command::new("node")
        .arg(script)
        .arg(npm_dir())
        .args([
            tool,
            &ROUND_CALLS.to_string(),
            &CONCURRENCY.to_string(),
            command,
        ])
        .args(args)
        .env_remove("HIVEGATE_HOME")
        .output()
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "ts_client.mjs failed: {text}");
    let v: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(v["errors"], 0, "{text}");
    v["rate"].as_f64().unwrap()
}

/// The median round of `rounds` (direct, proxied calls per second) made
/// with `client`, and every round's ratio.
fn print_rounds(client: &str, rounds: &mut [(f64, f64)]) {
    let ((td, tg), ratios) = median_round(rounds);
    println!(
        "throughput with {client}, the median of {} interleaved rounds:",
        rounds.len()
    );
    println!(
        "  direct {td:.0}/s  hivegate {tg:.0}/s  ratio {:.2} (the rounds, lowest first: {})",
        tg / td,
        ratios.join(", ")
    );
}

/// `HIVEGATE_BENCH_AB=BIN_A,BIN_B`: only the echo throughput with the lean
/// client, direct and through two builds in turn, round after round, each
/// build's ratio to the direct round beside it; the medians are compared.
async fn compare_builds(home: &Path, (cmd, args): (&str, &[String]), bins: [&str; 2]) {
    let mut direct = LineClient::start(cmd, args).await;
    let mut builds = Vec::new();
    for (i, bin) in bins.into_iter().enumerate() {
        // A home each: sharing one store, the idle build's checkpoint
        // thread copied the busy one's WAL, on the CPUs the rounds use.
        let own = home.join(format!("build-{i}"));
        std::fs::create_dir_all(&own).unwrap();
        std::fs::copy(home.join(".mcp.json"), own.join(".mcp.json")).unwrap();
        let hg_args = ["mcp", "--home", own.to_str().unwrap()].map(str::to_owned);
        builds.push(LineClient::start(bin, &hg_args).await);
    }
    direct.throughput("echo", ROUND_CALLS / 4).await;
    for b in &mut builds {
        b.throughput("mcp_everything_echo", ROUND_CALLS / 4).await;
    }
    let mut ratios = [Vec::new(), Vec::new()];
    for _ in 0..AB_ROUNDS {
        let d = direct.throughput("echo", ROUND_CALLS).await;
        for (b, r) in builds.iter_mut().zip(&mut ratios) {
            r.push(b.throughput("mcp_everything_echo", ROUND_CALLS).await / d);
        }
    }
    println!(
        "lean-client echo throughput through each build / direct, {AB_ROUNDS} interleaved rounds:"
    );
    for (bin, mut r) in bins.into_iter().zip(ratios) {
        r.sort_by(f64::total_cmp);
        let all: Vec<String> = r.iter().map(|x| format!("{x:.2}")).collect();
        println!(
            "  {bin}: median {:.2} (lowest first: {})",
            r[r.len() / 2],
            all.join(", ")
        );
    }
}

fn pct(v: &[Duration], p: f64) -> f64 {
    v[((v.len() as f64 - 1.0) * p) as usize].as_secs_f64() * 1e3
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    hivegate_mcp::upstream::install_tls_provider();
    let home = std::env::temp_dir().join(format!("hg-bench-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let (cmd, args) = npm_server("server-everything", &["stdio"]);
    let files = home.join("files");
    for d in 0..DIRS {
        let dir = files.join(format!("d{d}"));
        std::fs::create_dir_all(&dir).unwrap();
        for f in 0..20 {
            std::fs::write(dir.join(format!("file{f}.txt")), "some text\n").unwrap();
        }
    }
    let files = files.canonicalize().unwrap();
    let (fs_cmd, fs_args) = npm_server("server-filesystem", &[files.to_str().unwrap()]);
    std::fs::write(
        home.join(".mcp.json"),
        json!({"mcpServers": {
            "everything": {"command": cmd, "args": args},
            "fs": {"command": fs_cmd, "args": fs_args},
        }})
        .to_string(),
    )
    .unwrap();

    if let Ok(pair) = std::env::var("HIVEGATE_BENCH_AB") {
        let (a, b) = pair.split_once(',').expect("HIVEGATE_BENCH_AB=BIN_A,BIN_B");
        return compare_builds(&home, (&cmd, &args), [a, b]).await;
    }
    let mut direct = tokio::process::Command::new(&cmd);
    direct.args(&args);
    let direct = TokioChildProcess::new(direct).unwrap();
    let dpid = direct.id();
    let d = ().serve(direct).await.unwrap();
    let mut proxied = tokio::process::Command::new(hivegate());
    proxied
        .args(["mcp", "--home", home.to_str().unwrap()])
        .env_remove("HIVEGATE_HOME");
    let proxied = TokioChildProcess::new(proxied).unwrap();
    let gpid = proxied.id();
    let g = ().serve(proxied).await.unwrap();

    let ld = latencies(d.peer(), "echo").await;
    let lg = latencies(g.peer(), "mcp_everything_echo").await;
    // Direct and proxied in turn, several times: this machine's load moves
    // one round's figure by a third, and interleaving puts both sides of a
    // ratio in the same minutes.
    let mut pairs = Vec::with_capacity(RATIO_ROUNDS);
    for _ in 0..RATIO_ROUNDS {
        let td = throughput(d.peer(), "echo").await;
        let tg = throughput(g.peer(), "mcp_everything_echo").await;
        pairs.push((td, tg));
    }
    let ((td, tg), ratios) = median_round(&mut pairs);
    // CPU per call over more throughput rounds (the clock ticks are 10 ms),
    // for node alone, and for the gateway and its node child apart.
    let (dpid, gpid) = (dpid.unwrap(), gpid.unwrap());
    let n = CPU_ROUNDS * ROUND_CALLS;
    let me = std::process::id();
    let (node, client0) = (Meter::start(vec![dpid]), cpu_ms(me));
    for _ in 0..CPU_ROUNDS {
        throughput(d.peer(), "echo").await;
    }
    let direct = PathCpu::measured((cpu_ms(me) - client0) * 1e3 / n as f64, None, &node, n);
    let (gateway, node) = (Meter::start(vec![gpid]), Meter::start(children(gpid)));
    let client0 = cpu_ms(me);
    for _ in 0..CPU_ROUNDS {
        throughput(g.peer(), "mcp_everything_echo").await;
    }
    let client = (cpu_ms(me) - client0) * 1e3 / n as f64;
    let proxied = PathCpu::measured(client, Some(&gateway), &node, n);
    let per_thread: Vec<String> = gateway
        .threads(n)
        .iter()
        .map(|(name, us)| format!("{name} {us:.1}"))
        .collect();
    println!("tools/call echo over stdio, {CALLS} sequential calls after {WARMUP} warm-up:");
    println!(
        "  direct   p50 {:.3} ms  p99 {:.3} ms",
        pct(&ld, 0.5),
        pct(&ld, 0.99)
    );
    println!(
        "  hivegate p50 {:.3} ms  p99 {:.3} ms",
        pct(&lg, 0.5),
        pct(&lg, 0.99)
    );
    println!(
        "  added    p50 {:.3} ms (target ≤ 0.3 ms)",
        pct(&lg, 0.5) - pct(&ld, 0.5)
    );
    println!(
        "throughput, {CONCURRENCY} calls in flight, the median of {RATIO_ROUNDS} interleaved rounds:"
    );
    println!(
        "  direct {td:.0}/s  hivegate {tg:.0}/s  ratio {:.2} (target ≥ 0.8; the rounds, lowest first: {})",
        tg / td,
        ratios.join(", ")
    );
    println!("CPU per call at {CONCURRENCY} in flight:");
    print_path_cpu(&direct, &proxied);
    println!(
        "  the gateway's threads, µs per call, busiest first: {}",
        per_thread.join(", ")
    );
    print_cpu_bound(&direct, &proxied);
    // A call that does some work: the same 16 in flight, after a round
    // each to warm up.
    let mut direct_fs = tokio::process::Command::new(&fs_cmd);
    direct_fs.args(&fs_args);
    let dfs = ().serve(TokioChildProcess::new(direct_fs).unwrap()).await.unwrap();
    let list = list_dir(&files);
    throughput_of(dfs.peer(), "list_directory", list.clone()).await;
    throughput_of(g.peer(), "mcp_fs_list_directory", list.clone()).await;
    let fd = throughput_of(dfs.peer(), "list_directory", list.clone()).await;
    let fg = throughput_of(g.peer(), "mcp_fs_list_directory", list).await;
    println!(
        "  list_directory (20 files): direct {fd:.0}/s  hivegate {fg:.0}/s  ratio {:.2}",
        fg / fd
    );
    let _ = dfs.cancel().await;
    let _ = d.cancel().await;
    let _ = g.cancel().await;

    // The same echo throughput with the lean client, interleaved again.
    let mut ld = LineClient::start(&cmd, &args).await;
    let hg_args = ["mcp", "--home", home.to_str().unwrap()].map(str::to_owned);
    let mut lg = LineClient::start(&hivegate(), &hg_args).await;
    ld.throughput("echo", ROUND_CALLS / 4).await;
    lg.throughput("mcp_everything_echo", ROUND_CALLS / 4).await;
    let mut lean = Vec::with_capacity(RATIO_ROUNDS);
    let (mut client_direct, mut client_proxied) = (0.0, 0.0);
    let (direct_node, gateway, node) = (
        Meter::start(vec![ld.pid()]),
        Meter::start(vec![lg.pid()]),
        Meter::start(children(lg.pid())),
    );
    for _ in 0..RATIO_ROUNDS {
        let c0 = cpu_ms(me);
        let td = ld.throughput("echo", ROUND_CALLS).await;
        let c1 = cpu_ms(me);
        let tg = lg.throughput("mcp_everything_echo", ROUND_CALLS).await;
        client_direct += c1 - c0;
        client_proxied += cpu_ms(me) - c1;
        lean.push((td, tg));
    }
    let calls = RATIO_ROUNDS * ROUND_CALLS;
    let per_call = |ms: f64| ms * 1e3 / calls as f64;
    let direct = PathCpu::measured(per_call(client_direct), None, &direct_node, calls);
    let proxied = PathCpu::measured(per_call(client_proxied), Some(&gateway), &node, calls);
    print_rounds("a lean line client", &mut lean);
    println!("  CPU per call over those rounds:");
    print_path_cpu(&direct, &proxied);
    print_cpu_bound(&direct, &proxied);
    drop((ld, lg));

    // The TypeScript SDK's client, which starts its server as Node-based
    // hosts do (socket pairs for stdio), interleaved again.
    let mut ts = Vec::with_capacity(RATIO_ROUNDS);
    for _ in 0..RATIO_ROUNDS {
        let td = ts_client("echo", &cmd, &args).await;
        let tg = ts_client("mcp_everything_echo", &hivegate(), &hg_args).await;
        ts.push((td, tg));
    }
    print_rounds("the TypeScript SDK's client", &mut ts);

    // 200 concurrent downstream sessions over streamable HTTP.
    let mut serve = Serve(
        std::process::Command::new(hivegate())
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--mcp-autostart",
                "--home",
                home.to_str().unwrap(),
            ])
            .env_remove("HIVEGATE_HOME")
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(serve.0.stderr.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap()
        .to_owned();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let errors = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let start = Instant::now();
    let sessions: Vec<_> = (0..SESSIONS)
        .map(|_| {
            let addr = addr.clone();
            let errors = errors.clone();
            tokio::spawn(async move {
                let run = async {
                    let t = StreamableHttpClientTransport::from_uri(format!("http://{addr}/mcp"));
                    let c = ().serve(t).await.map_err(|e| e.to_string())?;
                    c.list_all_tools().await.map_err(|e| e.to_string())?;
                    for i in 0..5 {
                        let r = c
                            .call_tool(echo("mcp_everything_echo", i))
                            .await
                            .map_err(|e| e.to_string())?;
                        if r.is_error == Some(true) {
                            return Err(format!("{r:?}"));
                        }
                    }
                    c.cancel().await.map_err(|e| e.to_string())?;
                    Ok::<_, String>(())
                };
                if let Err(e) = run.await {
                    eprintln!("session error: {e}");
                    errors.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                }
            })
        })
        .collect();
    for s in sessions {
        s.await.unwrap();
    }
    println!(
        "{SESSIONS} concurrent sessions (initialize, tools/list, 5 calls each): {} errors in {:.2} s",
        errors.load(std::sync::atomic::Ordering::SeqCst),
        start.elapsed().as_secs_f64()
    );
    drop(serve);
    let _ = std::fs::remove_dir_all(&home);
}
