//! `hivegate gate check` and `hivegate rules check`, run as a user would:
//! the real binary, real files, exit codes and output.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a panic is a failure report

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hivegate"))
}

fn eval_dir() -> PathBuf {
    match std::env::var_os("HIVEGATE_EVAL_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/eval"),
    }
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn run_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("hivegate-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    fn file(&self, name: &str, content: &[u8]) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, content).unwrap();
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn batch_prints_one_line_per_case_in_order_and_agrees_with_the_corpus() {
    let corpus = eval_dir().join("gate/public.jsonl");
    let o = run(&["gate", "check", "--batch", s(&corpus), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let input = std::fs::read_to_string(&corpus).unwrap();
    let cases: Vec<Value> = input
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), cases.len());
    for (case, line) in cases.iter().zip(lines) {
        let d: Value = serde_json::from_str(line).unwrap();
        let mut keys: Vec<&String> = d.as_object().unwrap().keys().collect();
        keys.sort();
        assert_eq!(
            keys,
            ["approval_class", "critical", "decision", "reasons", "rule"]
        );
        let got = d["decision"].as_str().unwrap();
        let got = if got == "deny" { "confirm" } else { got };
        assert_eq!(got, case["expect"].as_str().unwrap(), "{case} → {d}");
        assert!(d["rule"].is_null());
    }
}

#[test]
fn a_malformed_line_is_named_and_nothing_is_printed() {
    let input = b"{\"tool\":\"bash\",\"args\":{\"command\":\"ls\"},\"autonomy\":\"normal\"}\n{\"tool\": bash}\n";
    let o = run_stdin(&["gate", "check", "--batch", "-", "--json"], input);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty(), "half-written output: {}", stdout(&o));
    assert!(
        stderr(&o).contains("line 2: not valid JSON"),
        "{}",
        stderr(&o)
    );

    for (line, want) in [
        (
            "{\"tool\":\"bash\",\"autonomy\":\"godmode\"}",
            "unknown autonomy level `godmode`",
        ),
        ("{\"args\":{}}", "`tool` is missing"),
        ("{\"tool\":7}", "`tool` must be a string"),
        (
            "{\"tool\":\"bash\",\"args\":\"ls\"}",
            "`args` must be a JSON object",
        ),
        ("[1,2]", "a line must be a JSON object"),
        (
            "{\"tool\":\"x\",\"autonomy\":{\"level\":\"yolo\",\"bogus\":1}}",
            "`autonomy`",
        ),
    ] {
        let o = run_stdin(
            &["gate", "check", "--batch", "-", "--json"],
            line.as_bytes(),
        );
        assert_eq!(o.status.code(), Some(2), "{line}");
        assert!(o.stdout.is_empty());
        assert!(
            stderr(&o).contains(&format!("line 1: {want}")),
            "{line}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn batch_autonomy_objects_expire_to_normal() {
    let input = b"{\"tool\":\"write_file\",\"args\":{},\"autonomy\":{\"level\":\"yolo\",\"expiresAt\":1}}\n{\"tool\":\"write_file\",\"args\":{},\"autonomy\":{\"level\":\"yolo\",\"expiresAt\":99999999999999}}\n";
    let o = run_stdin(&["gate", "check", "--batch", "-", "--json"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let decisions: Vec<String> = stdout(&o)
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["decision"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(decisions, ["confirm", "auto"]);
}

#[test]
fn non_utf8_input_is_refused() {
    let o = run_stdin(
        &["gate", "check", "--batch", "-", "--json"],
        b"{\"tool\":\"\xff\"}\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not UTF-8"));
}

#[test]
fn single_call_bad_input_gets_exit_2() {
    let o = run(&["gate", "check", "--tool", "bash", "--args", "{not json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--args is not valid JSON"));
    let o = run(&["gate", "check", "--tool", "bash", "--args", "[]"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "gate",
        "check",
        "--tool",
        "bash",
        "--args",
        "{}",
        "--autonomy",
        "reckless",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown autonomy level `reckless`"));
    let o = run(&["gate", "check"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn single_call_prints_the_decision_and_why() {
    let o = run(&[
        "gate",
        "check",
        "--tool",
        "bash",
        "--args",
        r#"{"command":"sudo ls"}"#,
        "--autonomy",
        "yolo",
    ]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(
        text.starts_with("confirm  (approval: critical, critical)"),
        "{text}"
    );
    assert!(text.contains("privilege escalation"), "{text}");

    let o = run(&[
        "gate",
        "check",
        "--tool",
        "edit_file",
        "--args",
        r#"{"path":"a"}"#,
        "--autonomy",
        "trusted",
        "--json",
    ]);
    let d: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(d["decision"], "auto");
    assert_eq!(d["auto_approved"], "trusted");
}

#[test]
fn enormous_and_deep_commands_are_confirmed_not_crashed() {
    let huge = "echo a && ".repeat(20_000) + "ls";
    let deep = "$(".repeat(10_000) + "ls" + &")".repeat(10_000);
    let mut input = String::new();
    for cmd in [&huge, &deep] {
        let line =
            serde_json::json!({"tool": "bash", "args": {"command": cmd}, "autonomy": "yolo"});
        input.push_str(&line.to_string());
        input.push('\n');
    }
    let o = run_stdin(
        &["gate", "check", "--batch", "-", "--json"],
        input.as_bytes(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    for line in stdout(&o).lines() {
        let d: Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            (d["decision"].as_str(), d["critical"].as_bool()),
            (Some("confirm"), Some(true)),
            "{d}"
        );
    }
}

const RULES: &str = r#"
[[rule]]
id = "allow-cargo-test"
tool = "bash"
decision = "allow"
justification = "Tests are routine."
when = [{ pointer = "/command", regex = "^cargo test( |$)" }]
match = [{ tool = "bash", args = { command = "cargo test" } }]
not_match = [{ tool = "bash", args = { command = "cargo publish" } }]

[[rule]]
id = "deny-email"
tool = "connector_*_send_email"
decision = "deny"
justification = "No outbound email from agents."
match = [{ tool = "connector_gmail_send_email" }]
"#;

#[test]
fn rules_decide_before_autonomy() {
    let dir = TempDir::new("rules");
    let rules = dir.file("rules.toml", RULES.as_bytes());
    let o = run(&[
        "gate",
        "check",
        "--tool",
        "bash",
        "--args",
        r#"{"command":"cargo test -q"}"#,
        "--rules",
        s(&rules),
        "--json",
    ]);
    let d: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        (d["decision"].as_str(), d["rule"].as_str()),
        (Some("auto"), Some("allow-cargo-test"))
    );
    let batch = dir.file(
        "b.jsonl",
        b"{\"tool\":\"connector_gmail_send_email\",\"args\":{},\"autonomy\":\"yolo\"}\n",
    );
    let o = run(&[
        "gate",
        "check",
        "--batch",
        s(&batch),
        "--rules",
        s(&rules),
        "--json",
    ]);
    let d: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (d["decision"].as_str(), d["rule"].as_str()),
        (Some("deny"), Some("deny-email"))
    );
    let o = run(&["rules", "check", s(&rules)]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("2 rules"));
}

#[test]
fn bad_rule_files_fail_with_the_rule_named() {
    let dir = TempDir::new("badrules");
    let cases = [
        (
            RULES.replace("command = \"cargo test\" }", "command = \"cargo build\" }"),
            "rule `allow-cargo-test`: example match[0] (bash) does not match the rule",
        ),
        (
            RULES.replace("^cargo test( |$)", "^cargo (test"),
            "rule `allow-cargo-test`: when[0]: bad regex",
        ),
        ("[[rule]\n".to_owned(), "not valid"),
        (
            RULES.replace("decision = \"deny\"", "decision = \"nope\""),
            "not valid",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let f = dir.file(&format!("r{i}.toml"), text.as_bytes());
        let o = run(&[
            "gate",
            "check",
            "--tool",
            "bash",
            "--args",
            "{}",
            "--rules",
            s(&f),
        ]);
        assert_eq!(o.status.code(), Some(2), "{want}");
        assert!(o.stdout.is_empty());
        assert!(stderr(&o).contains(want), "{want}: {}", stderr(&o));
    }
    let o = run(&[
        "gate",
        "check",
        "--tool",
        "bash",
        "--args",
        "{}",
        "--rules",
        "/nonexistent/rules.toml",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read rule file"));
    let dir_as_file = dir.0.clone();
    let o = run(&["rules", "check", s(&dir_as_file)]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_shipped_example_rule_file_checks() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/rules.toml");
    let o = run(&["rules", "check", s(&file)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("3 rules, every example agrees"));
}

#[test]
fn eval_retrieval_runs_every_ranker_and_refuses_bad_data_clearly() {
    let dir = TempDir::new("eval");
    dir.file(
        "mcp-bench.json",
        br#"{"name": "tiny", "source": "written for this test", "docs": [
            {"id": "weather", "text": "Forecasts and current weather for any city"},
            {"id": "mail", "text": "Send and read email in your inbox"},
            {"id": "maps", "text": "Directions and routes between places"}],
          "queries": [
            {"id": "q1", "text": "will it rain in Oslo tomorrow", "gold": ["weather"], "split": "test"},
            {"id": "q2", "text": "write to my landlord", "gold": ["mail"], "split": "test"},
            {"id": "q3", "text": "how do I drive to Bergen", "gold": ["maps"], "split": "train"}]}"#,
    );
    let data = dir.0.to_str().unwrap();
    let o = run(&[
        "eval",
        "retrieval",
        "--dataset",
        "mcp-bench",
        "--data",
        data,
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let names: Vec<&str> = v["rankers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ranker"].as_str().unwrap())
        .collect();
    assert_eq!(names[..2], ["keyword", "bm25"]);
    for r in v["rankers"].as_array().unwrap() {
        assert_eq!(r["queries"], 2, "{r}");
    }
    if std::env::var_os("HIVEGATE_MODEL_DIR").is_some() {
        // With the model, the query vectors are made once, up front.
        assert_eq!(names, ["keyword", "bm25", "embedding", "rrf", "hybrid"]);
        assert!(v["queryEmbeddingMs"].is_u64(), "{v}");
        assert!(stderr(&o).contains("embedded 2 queries"), "{}", stderr(&o));
    }

    dir.file("livemcpbench.json", b"{\"docs\": [");
    let o = run(&[
        "eval",
        "retrieval",
        "--dataset",
        "livemcpbench",
        "--data",
        data,
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("livemcpbench.json"), "{}", stderr(&o));
    let o = run(&["eval", "retrieval", "--dataset", "metatool", "--data", data]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}
