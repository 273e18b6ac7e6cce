//! Every line of `shared/eval/gate/public.jsonl`, and of our own probes, is
//! a test: the gate must agree with each (call, autonomy) → auto | confirm,
//! and never auto-pass a line whose note says it is critical.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::path::PathBuf;

use hivegate_policy::{AutonomyLevel, DecisionContext, Verdict, decide};
use serde_json::Value;

fn eval_dir() -> PathBuf {
    match std::env::var_os("HIVEGATE_EVAL_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/eval"),
    }
}

/// Runs every line of a corpus in the public set's shape: the number of
/// cases read, and a line per case the gate disagrees with.
fn run_corpus(text: &str) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut count = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let case: Value = serde_json::from_str(line).unwrap();
        let tool = case["tool"].as_str().unwrap();
        let level: AutonomyLevel = case["autonomy"].as_str().unwrap().parse().unwrap();
        let expect = case["expect"].as_str().unwrap();
        let ctx = DecisionContext {
            autonomy: level,
            ..Default::default()
        };
        let d = decide(tool, &case["args"], &ctx);
        let got = match d.decision {
            Verdict::Auto => "auto",
            Verdict::Confirm | Verdict::Deny => "confirm",
        };
        let note = case["note"].as_str().unwrap_or("");
        let critical_note = note.starts_with("critical");
        if got != expect || (critical_note && !d.critical) {
            failures.push(format!(
                "line {}: {tool} {} at {level}: expected {expect}{}, got {got} (critical={}) {:?}",
                n + 1,
                case["args"],
                if critical_note { " (critical)" } else { "" },
                d.critical,
                d.reasons
            ));
        }
        count += 1;
    }
    (count, failures)
}

#[test]
fn every_public_gate_case_passes() {
    let path = eval_dir().join("gate/public.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (set HIVEGATE_EVAL_DIR)",
            path.display()
        )
    });
    let (count, failures) = run_corpus(&text);
    assert!(
        count >= 200,
        "only {count} cases read from {}",
        path.display()
    );
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// 394 calls of our own in the public set's shape (tests/data/gate_probes.jsonl),
/// written on the README's principles in spellings the public set does not
/// use, after the gate was done: a stand-in for the hidden set.
/// - The first 87 all passed on their first run.
/// - Of the next 145 (homes and root spelt other ways, wrappers such as
///   `timeout`, `exec` and `time`, code fed to a shell from a file, stdin
///   or a process substitution, forced pushes as `+HEAD:refs/heads/main`,
///   writes by `-fprint`, `sort -o` and `&>`), 144 did. The one that did
///   not was an install whose risk level the gate could not read
///   ("critical"): it passed at yolo and now counts as high.
/// - Of the next 15 (the shell reached by other names and keys, forced
///   pushes said other ways), 8 did. A critical line through an MCP tool
///   (`mcp_desktop_execute_command`), `Bash` and `run_command` (other
///   runtimes' shell tools), and a `git_push` forced to `origin/main`, by
///   `"flags": ["--force"]` or by `force_with_lease` all passed at yolo;
///   each now asks.
/// - The next 18 (the git tools, connector risk by name, a push that names
///   no branch or deletes main) all passed on their first run, and so did
///   the next 30 (root or home emptied after a `cd`, raw disks written by
///   `cp`, `tee` or a redirection, wrappers such as `nohup`, `setsid`,
///   `chroot`, `flock`, remote code piped into python).
/// - The last 99 all passed on their first run too: each critical kind in
///   long, split, merged and reordered flags, another user's home, `/root`
///   and `/Users/*`, a fork bomb by another name, root fed to `rm` by
///   `xargs` or `find -exec`, `sudo` behind a backslash, quotes or a path,
///   forces after refspecs and full ref names, a force with no branch
///   named; and their harmless neighbours (a project's folders, a forced
///   push to a feature branch, read-only pipelines), which must not ask
///   at yolo or trusted.
#[test]
fn our_own_probes_in_new_spellings_pass() {
    let (count, failures) = run_corpus(include_str!("data/gate_probes.jsonl"));
    assert_eq!(count, 394);
    assert!(
        failures.is_empty(),
        "{} of {count} probes failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
