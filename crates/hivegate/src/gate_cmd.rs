//! `hivegate gate check` and `hivegate rules check`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Result;
use clap::{Args, Subcommand};
use hivegate_policy::confirmation::AutonomyOverride;
use hivegate_policy::rules::{MAX_RULE_FILE_BYTES, RuleSet};
use hivegate_policy::{ApprovalClass, AutonomyLevel, Decision, DecisionContext, Verdict, decide};
use serde::Serialize;
use serde_json::Value;

use crate::UserError;

#[derive(Debug, Subcommand)]
pub enum GateCommand {
    /// Decide one call (--tool, --args) or a JSONL batch (--batch).
    Check(CheckArgs),
}

#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// Load a rule file and check every rule's examples.
    Check {
        /// The TOML rule file.
        file: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The tool name, e.g. `bash` or `connector_github_create_issue`.
    #[arg(long, required_unless_present = "batch", conflicts_with = "batch")]
    tool: Option<String>,
    /// The call's arguments as a JSON object.
    #[arg(long, default_value = "{}", conflicts_with = "batch")]
    args: String,
    /// Autonomy level: normal, trusted or yolo (the default for batch lines
    /// that carry none).
    #[arg(long, default_value = "normal")]
    autonomy: String,
    /// A TOML rule file applied before autonomy.
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// A JSONL file of calls (`-` for stdin): one decision line per line.
    #[arg(long, value_name = "FILE.jsonl")]
    batch: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// One batch output line: exactly these five fields.
#[derive(Debug, Serialize)]
struct BatchLine<'a> {
    decision: Verdict,
    approval_class: ApprovalClass,
    critical: bool,
    reasons: &'a [String],
    rule: Option<&'a str>,
}

impl<'a> From<&'a Decision> for BatchLine<'a> {
    fn from(d: &'a Decision) -> Self {
        BatchLine {
            decision: d.decision,
            approval_class: d.approval_class,
            critical: d.critical,
            reasons: &d.reasons,
            rule: d.rule.as_deref(),
        }
    }
}

pub fn run_gate(cmd: GateCommand) -> Result<()> {
    match cmd {
        GateCommand::Check(args) => check(args),
    }
}

pub fn run_rules(cmd: RulesCommand) -> Result<()> {
    match cmd {
        RulesCommand::Check { file } => {
            let rules = load_rules(&file)?;
            println!(
                "{}: {} rules, every example agrees",
                file.display(),
                rules.len()
            );
            Ok(())
        }
    }
}

fn parse_level(s: &str) -> Result<AutonomyLevel, UserError> {
    s.parse::<AutonomyLevel>()
        .map_err(|e| UserError::new(e.to_string()))
}

pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn load_rules(path: &Path) -> Result<RuleSet> {
    let meta = std::fs::metadata(path)
        .map_err(|e| UserError::new(format!("cannot read rule file {}: {e}", path.display())))?;
    if meta.len() > MAX_RULE_FILE_BYTES as u64 {
        return Err(UserError::new(format!(
            "rule file {} is {} bytes, over the {MAX_RULE_FILE_BYTES}-byte limit",
            path.display(),
            meta.len()
        ))
        .into());
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| UserError::new(format!("cannot read rule file {}: {e}", path.display())))?;
    RuleSet::from_toml_str(&text).map_err(|e| {
        UserError::new(format!("{}: {e}", path.display()))
            .with_help("fix the rule or its example; `hivegate rules check FILE` re-checks it")
            .into()
    })
}

fn check(a: CheckArgs) -> Result<()> {
    let default_level = parse_level(&a.autonomy)?;
    let rules = a.rules.as_deref().map(load_rules).transpose()?;
    if let Some(batch) = &a.batch {
        return check_batch(batch, default_level, rules.as_ref(), a.json);
    }
    let tool = a.tool.unwrap_or_default();
    let args: Value = serde_json::from_str(&a.args)
        .map_err(|e| UserError::new(format!("--args is not valid JSON: {e}")))?;
    if !args.is_object() {
        return Err(
            UserError::new("--args must be a JSON object, like '{\"command\": \"ls\"}'").into(),
        );
    }
    let ctx = DecisionContext {
        autonomy: default_level,
        rules: rules.as_ref(),
        permissions: None,
        tool_hints: None,
    };
    let d = decide(&tool, &args, &ctx);
    let mut out = std::io::stdout().lock();
    if a.json {
        serde_json::to_writer(&mut out, &d)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{}  (approval: {}{})",
            d.decision.as_str(),
            d.approval_class,
            if d.critical { ", critical" } else { "" }
        )?;
        if let Some(rule) = &d.rule {
            writeln!(out, "  rule: {rule}")?;
        }
        for r in &d.reasons {
            writeln!(out, "  - {r}")?;
        }
        if let Some(level) = d.auto_approved {
            writeln!(out, "  ⚡ {tool} auto-approved ({level})")?;
        }
    }
    Ok(())
}

fn read_input(path: &Path) -> Result<String> {
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin().read_to_end(&mut bytes)?;
    } else {
        bytes = std::fs::read(path)
            .map_err(|e| UserError::new(format!("cannot read {}: {e}", path.display())))?;
    }
    String::from_utf8(bytes).map_err(|e| {
        UserError::new(format!(
            "{} is not UTF-8 (first bad byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
        .into()
    })
}

/// One batch input line, as the eval corpus shapes it.
fn parse_line(
    line: &str,
    default_level: AutonomyLevel,
    now: i64,
) -> Result<(String, Value, AutonomyLevel), String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not valid JSON: {e}"))?;
    let obj = v.as_object().ok_or("a line must be a JSON object")?;
    let tool = match obj.get("tool") {
        Some(Value::String(t)) if !t.is_empty() => t.clone(),
        Some(Value::String(_)) => return Err("`tool` is empty".to_owned()),
        Some(_) => return Err("`tool` must be a string".to_owned()),
        None => return Err("`tool` is missing".to_owned()),
    };
    let args = match obj.get("args") {
        None => Value::Object(serde_json::Map::new()),
        Some(a @ Value::Object(_)) => a.clone(),
        Some(_) => return Err("`args` must be a JSON object".to_owned()),
    };
    let level = match obj.get("autonomy") {
        None | Some(Value::Null) => default_level,
        Some(Value::String(s)) => s.parse::<AutonomyLevel>().map_err(|e| e.to_string())?,
        Some(o @ Value::Object(_)) => serde_json::from_value::<AutonomyOverride>(o.clone())
            .map_err(|e| format!("`autonomy`: {e}"))?
            .effective_level(now),
        Some(_) => return Err("`autonomy` must be a level or {level, expiresAt}".to_owned()),
    };
    Ok((tool, args, level))
}

fn check_batch(
    path: &Path,
    default_level: AutonomyLevel,
    rules: Option<&RuleSet>,
    json: bool,
) -> Result<()> {
    let text = read_input(path)?;
    let now = now_ms();
    // Everything is decided before anything is printed: a bad line leaves
    // no half-written output behind.
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (tool, args, level) = parse_line(line, default_level, now)
            .map_err(|e| UserError::new(format!("{} line {}: {e}", path.display(), i + 1)))?;
        let ctx = DecisionContext {
            autonomy: level,
            rules,
            permissions: None,
            tool_hints: None,
        };
        let d = decide(&tool, &args, &ctx);
        if json {
            out.push_str(&serde_json::to_string(&BatchLine::from(&d))?);
        } else {
            out.push_str(&format!(
                "{}\t{}\t{}\t{}",
                i + 1,
                d.decision.as_str(),
                d.approval_class,
                d.reasons.first().map_or("", String::as_str)
            ));
        }
        out.push('\n');
    }
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(())
}
