//! Audit appends on the embedded store, as gated calls make them: 1, 3
//! and 16 tasks on one current-thread runtime (as `hivegate mcp` runs),
//! each appending a decision row and waiting for its commit before the
//! next. Prints rows per second and CPU time per row (the whole process,
//! its checkpoint thread included, from /proc/self/stat, so Linux only).
//!
//! `cargo bench -p hivegate-store --bench audit_append`

#![allow(clippy::unwrap_used, clippy::print_stdout)] // a bench: a panic is a failure report

use std::sync::Arc;
use std::time::Instant;

use hivegate_store::{SqliteStore, Store};
use serde_json::json;

/// Concurrent appenders: 1 shows a commit's whole cost per row, 16 what
/// group commit makes of it.
const TASKS: [usize; 3] = [1, 3, 16];
const ROWS: usize = 32_000;
const ROUNDS: usize = 5;

/// User + system CPU time of this process, in ms.
fn cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|u| u.parse::<f64>().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    ticks * 10.0
}

fn decision(task: usize, i: usize) -> serde_json::Value {
    json!({
        "tool": "mcp_everything_echo",
        "argsHash": format!("{:064x}", task * 1_000_003 + i),
        "session": format!("session-{task}"),
        "workspace": null,
        "decision": "auto",
        "approvalClass": null,
        "critical": false,
        "rule": null,
        "autonomy": "normal",
        "reasons": ["mcp tool annotated read-only"],
    })
}

async fn round(store: Arc<SqliteStore>, tasks: usize, round: usize) -> (f64, f64, i64) {
    let per_task = ROWS / tasks;
    let before = store.counts().await.unwrap().audit_rows;
    let (t0, c0) = (Instant::now(), cpu_ms());
    let tasks: Vec<_> = (0..tasks)
        .map(|t| {
            let store = Arc::clone(&store);
            tokio::task::spawn_local(async move {
                for i in 0..per_task {
                    store
                        .audit_append("decision", &decision(t, round * per_task + i), 1)
                        .await
                        .unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let (wall, cpu) = (t0.elapsed().as_secs_f64(), cpu_ms() - c0);
    let after = store.counts().await.unwrap().audit_rows;
    (wall, cpu, after - before)
}

fn main() {
    let dir = std::env::temp_dir().join(format!("hg-audit-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let local = tokio::task::LocalSet::new();
    local.block_on(&rt, async {
        let store = Arc::new(SqliteStore::open(&dir.join("hivegate.db")).unwrap());
        println!("audit_append: {ROWS} rows a round, median of {ROUNDS} rounds");
        for tasks in TASKS {
            let mut cpu_per_row = Vec::new();
            let mut rate = Vec::new();
            for r in 0..ROUNDS {
                let (wall, cpu, rows) = round(Arc::clone(&store), tasks, r).await;
                cpu_per_row.push(cpu * 1e3 / rows as f64);
                rate.push(rows as f64 / wall);
            }
            cpu_per_row.sort_by(f64::total_cmp);
            rate.sort_by(f64::total_cmp);
            println!(
                "  {tasks:>2} appenders: {:.0} rows/s, {:.1} µs CPU per row",
                rate[ROUNDS / 2],
                cpu_per_row[ROUNDS / 2]
            );
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
}
