//! Operator rule files: `allow` / `ask` / `deny` by tool-name glob and
//! argument matchers, each rule carrying `match` / `not_match` example
//! calls that are checked when the file loads (as Codex's execpolicy does).
//! A rule whose examples disagree with it is a load error naming the rule.
//!
//! ```toml
//! [[rule]]
//! id = "deny-prod-db-writes"
//! tool = "connector_postgres_*"
//! decision = "deny"
//! justification = "Agents never write to the production database."
//! when = [{ pointer = "/database", glob = "prod*" }]
//! match = [{ tool = "connector_postgres_execute", args = { database = "prod-eu" } }]
//! not_match = [{ tool = "connector_postgres_execute", args = { database = "staging" } }]
//! ```
//!
//! Every matcher of a rule must hold (AND). A matcher reads the argument at
//! a JSON pointer (RFC 6901) and compares it with `exact` (any TOML value),
//! `glob` (strings) or `regex` (strings; unanchored, Rust `regex` syntax,
//! linear time). A missing argument never matches. Among the rules that
//! match a call, deny beats ask beats allow; at equal strength the first in
//! the file wins.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::glob::{Glob, GlobError};

/// Largest rule file accepted.
pub const MAX_RULE_FILE_BYTES: usize = 1024 * 1024;
/// Most rules in one file.
pub const MAX_RULES: usize = 10_000;
/// Compiled size limit for one regex.
const REGEX_SIZE_LIMIT: usize = 1 << 20;

/// What a rule decides for the calls it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleDecision {
    Allow,
    Ask,
    Deny,
}

impl RuleDecision {
    pub fn as_str(self) -> &'static str {
        match self {
            RuleDecision::Allow => "allow",
            RuleDecision::Ask => "ask",
            RuleDecision::Deny => "deny",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the rule file is {0} bytes, over the {MAX_RULE_FILE_BYTES}-byte limit")]
    TooLarge(usize),
    #[error("the rule file has {0} rules, over the {MAX_RULES}-rule limit")]
    TooManyRules(usize),
    #[error("the rule file is not valid: {0}")]
    Syntax(String),
    #[error("rule #{index}: {message}")]
    BadId { index: usize, message: String },
    #[error("rule `{id}`: the id is already used by rule #{first}")]
    DuplicateId { id: String, first: usize },
    #[error("rule `{id}`: {message}")]
    Invalid { id: String, message: String },
    #[error("rule `{id}`: example match[{index}] ({tool}) does not match the rule")]
    ExampleShouldMatch {
        id: String,
        index: usize,
        tool: String,
    },
    #[error("rule `{id}`: example not_match[{index}] ({tool}) matches the rule")]
    ExampleShouldNotMatch {
        id: String,
        index: usize,
        tool: String,
    },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    rule: Vec<RawRule>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    id: String,
    tool: String,
    decision: RuleDecision,
    justification: String,
    #[serde(default)]
    when: Vec<RawMatcher>,
    #[serde(default, rename = "match")]
    matches: Vec<Example>,
    #[serde(default)]
    not_match: Vec<Example>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMatcher {
    pointer: String,
    exact: Option<Value>,
    glob: Option<String>,
    regex: Option<String>,
}

/// An example call a rule must (or must not) match.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    pub tool: String,
    #[serde(default = "empty_object")]
    pub args: Value,
}

fn empty_object() -> Value {
    Value::Object(serde_json::Map::new())
}

#[derive(Debug, Clone)]
enum Test {
    Exact(Value),
    Glob(Glob),
    Regex(regex::Regex),
}

#[derive(Debug, Clone)]
struct Matcher {
    pointer: String,
    test: Test,
}

impl Matcher {
    fn matches(&self, args: &Value) -> bool {
        let Some(v) = args.pointer(&self.pointer) else {
            return false;
        };
        match (&self.test, v) {
            (Test::Exact(e), v) => e == v,
            (Test::Glob(g), Value::String(s)) => g.is_match(s),
            (Test::Regex(r), Value::String(s)) => r.is_match(s),
            _ => false,
        }
    }
}

/// One loaded, self-checked rule.
#[derive(Debug, Clone)]
pub struct Rule {
    pub id: String,
    pub decision: RuleDecision,
    pub justification: String,
    tool: Glob,
    when: Vec<Matcher>,
}

impl Rule {
    pub fn matches(&self, tool: &str, args: &Value) -> bool {
        self.tool.is_match(tool) && self.when.iter().all(|m| m.matches(args))
    }
}

/// The rule that decided a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleHit<'a> {
    pub id: &'a str,
    pub decision: RuleDecision,
    pub justification: &'a str,
}

/// A loaded rule file.
#[derive(Debug, Clone, Default)]
pub struct RuleSet {
    rules: Vec<Rule>,
}

impl RuleSet {
    /// Parses, validates and self-checks a rule file's text.
    pub fn from_toml_str(text: &str) -> Result<RuleSet, RuleError> {
        if text.len() > MAX_RULE_FILE_BYTES {
            return Err(RuleError::TooLarge(text.len()));
        }
        let raw: RawFile = toml::from_str(text).map_err(|e| RuleError::Syntax(e.to_string()))?;
        if raw.rule.len() > MAX_RULES {
            return Err(RuleError::TooManyRules(raw.rule.len()));
        }
        let mut rules: Vec<Rule> = Vec::with_capacity(raw.rule.len());
        for (index, r) in raw.rule.into_iter().enumerate() {
            let index = index + 1;
            check_id(&r.id).map_err(|message| RuleError::BadId { index, message })?;
            if let Some(first) = rules.iter().position(|x| x.id == r.id) {
                return Err(RuleError::DuplicateId {
                    id: r.id,
                    first: first + 1,
                });
            }
            rules.push(compile(r)?);
        }
        Ok(RuleSet { rules })
    }

    pub fn len(&self) -> usize {
        self.rules.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The strongest matching rule: deny, then ask, then allow.
    pub fn evaluate(&self, tool: &str, args: &Value) -> Option<RuleHit<'_>> {
        let mut best: Option<&Rule> = None;
        for r in &self.rules {
            if best.is_some_and(|b| b.decision >= r.decision) {
                continue;
            }
            if r.matches(tool, args) {
                best = Some(r);
                if r.decision == RuleDecision::Deny {
                    break;
                }
            }
        }
        best.map(|r| RuleHit {
            id: &r.id,
            decision: r.decision,
            justification: &r.justification,
        })
    }
}

fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() || id.len() > 128 {
        return Err("an id must be 1 to 128 characters".to_owned());
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return Err(format!(
            "id `{}` may use only letters, digits, `-`, `_` and `.`",
            id.chars().take(64).collect::<String>()
        ));
    }
    Ok(())
}

fn compile(r: RawRule) -> Result<Rule, RuleError> {
    let invalid = |message: String| RuleError::Invalid {
        id: r.id.clone(),
        message,
    };
    if r.justification.trim().is_empty() {
        return Err(invalid("a rule needs a justification".to_owned()));
    }
    if r.matches.is_empty() {
        return Err(invalid(
            "a rule needs at least one `match` example, checked when the file loads".to_owned(),
        ));
    }
    let tool = Glob::new(&r.tool).map_err(|e: GlobError| invalid(format!("tool: {e}")))?;
    let mut when = Vec::with_capacity(r.when.len());
    for (k, m) in r.when.into_iter().enumerate() {
        if !(m.pointer.is_empty() || m.pointer.starts_with('/')) {
            return Err(invalid(format!(
                "when[{k}]: pointer `{}` must be empty or start with `/`",
                m.pointer
            )));
        }
        let test = match (m.exact, m.glob, m.regex) {
            (Some(v), None, None) => Test::Exact(v),
            (None, Some(g), None) => {
                Test::Glob(Glob::new(&g).map_err(|e| invalid(format!("when[{k}]: {e}")))?)
            }
            (None, None, Some(re)) => Test::Regex(
                regex::RegexBuilder::new(&re)
                    .size_limit(REGEX_SIZE_LIMIT)
                    .dfa_size_limit(REGEX_SIZE_LIMIT)
                    .build()
                    .map_err(|e| invalid(format!("when[{k}]: bad regex: {e}")))?,
            ),
            _ => {
                return Err(invalid(format!(
                    "when[{k}]: give exactly one of `exact`, `glob` or `regex`"
                )));
            }
        };
        when.push(Matcher {
            pointer: m.pointer,
            test,
        });
    }
    let rule = Rule {
        id: r.id,
        decision: r.decision,
        justification: r.justification,
        tool,
        when,
    };
    for (index, ex) in r.matches.iter().enumerate() {
        if !rule.matches(&ex.tool, &ex.args) {
            return Err(RuleError::ExampleShouldMatch {
                id: rule.id,
                index,
                tool: ex.tool.clone(),
            });
        }
    }
    for (index, ex) in r.not_match.iter().enumerate() {
        if rule.matches(&ex.tool, &ex.args) {
            return Err(RuleError::ExampleShouldNotMatch {
                id: rule.id,
                index,
                tool: ex.tool.clone(),
            });
        }
    }
    Ok(rule)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const GOOD: &str = r#"
[[rule]]
id = "allow-cargo"
tool = "bash"
decision = "allow"
justification = "Builds and tests are routine here."
when = [{ pointer = "/command", regex = "^cargo (build|test)( |$)" }]
match = [{ tool = "bash", args = { command = "cargo test -p x" } }]
not_match = [{ tool = "bash", args = { command = "cargo publish" } }]

[[rule]]
id = "ask-slack"
tool = "connector_slack_*"
decision = "ask"
justification = "Every Slack action is visible to customers."
match = [{ tool = "connector_slack_list_channels" }]

[[rule]]
id = "deny-prod"
tool = "connector_postgres_*"
decision = "deny"
justification = "Production is read-only for agents."
when = [{ pointer = "/database", glob = "prod*" }, { pointer = "/readonly", exact = false }]
match = [{ tool = "connector_postgres_execute", args = { database = "prod-eu", readonly = false } }]
not_match = [
  { tool = "connector_postgres_execute", args = { database = "staging", readonly = false } },
  { tool = "connector_postgres_execute", args = { database = "prod-eu" } },
]
"#;

    #[test]
    fn a_good_file_loads_and_decides() {
        let rs = RuleSet::from_toml_str(GOOD).unwrap();
        assert_eq!(rs.len(), 3);
        let hit = rs
            .evaluate("bash", &json!({"command": "cargo build"}))
            .unwrap();
        assert_eq!((hit.id, hit.decision), ("allow-cargo", RuleDecision::Allow));
        assert!(rs.evaluate("bash", &json!({"command": "ls"})).is_none());
        let hit = rs
            .evaluate(
                "connector_postgres_execute",
                &json!({"database": "prod-1", "readonly": false}),
            )
            .unwrap();
        assert_eq!(hit.decision, RuleDecision::Deny);
    }

    #[test]
    fn deny_beats_ask_beats_allow() {
        let text = r#"
[[rule]]
id = "a"
tool = "*"
decision = "allow"
justification = "j"
match = [{ tool = "x" }]
[[rule]]
id = "b"
tool = "x*"
decision = "ask"
justification = "j"
match = [{ tool = "x" }]
[[rule]]
id = "c"
tool = "xy"
decision = "deny"
justification = "j"
match = [{ tool = "xy" }]
"#;
        let rs = RuleSet::from_toml_str(text).unwrap();
        assert_eq!(rs.evaluate("x", &json!({})).unwrap().id, "b");
        assert_eq!(rs.evaluate("xy", &json!({})).unwrap().id, "c");
        assert_eq!(rs.evaluate("z", &json!({})).unwrap().id, "a");
    }

    fn err(text: &str) -> String {
        RuleSet::from_toml_str(text).unwrap_err().to_string()
    }

    #[test]
    fn a_wrong_example_names_the_rule() {
        let e = err(&GOOD.replace("cargo test -p x", "cargo publish"));
        assert_eq!(
            e,
            "rule `allow-cargo`: example match[0] (bash) does not match the rule"
        );
        let e = err(&GOOD.replace(
            "{ tool = \"connector_postgres_execute\", args = { database = \"staging\"",
            "{ tool = \"connector_postgres_execute\", args = { database = \"prod-x\"",
        ));
        assert_eq!(
            e,
            "rule `deny-prod`: example not_match[0] (connector_postgres_execute) matches the rule"
        );
    }

    #[test]
    fn malformed_files_get_clear_errors() {
        assert!(err("[[rule]\nid=").contains("not valid"));
        assert!(
            err(&GOOD.replace(
                "regex = \"^cargo (build|test)( |$)\"",
                "regex = \"^cargo (build\""
            ))
            .contains("rule `allow-cargo`: when[0]: bad regex")
        );
        assert!(
            err(&GOOD.replace("decision = \"ask\"", "decision = \"maybe\"")).contains("not valid")
        );
        assert!(
            err(&GOOD.replace("id = \"ask-slack\"", "id = \"allow-cargo\""))
                .contains("already used by rule #1")
        );
        assert!(
            err(&GOOD.replace("id = \"ask-slack\"", "id = \"bad id!\"")).starts_with("rule #2:")
        );
        assert!(
            err(&GOOD.replace("pointer = \"/database\"", "pointer = \"database\""))
                .contains("must be empty or start with `/`")
        );
        assert!(
            err(&GOOD.replace("glob = \"prod*\"", "glob = \"prod*\", regex = \"x\""))
                .contains("exactly one of")
        );
        assert!(
            err(&GOOD.replace("tool = \"connector_slack_*\"", "tool = \"[oops\""))
                .contains("unterminated `[`")
        );
        assert!(
            err(
                "[[rule]]\nid = \"x\"\ntool = \"*\"\ndecision = \"allow\"\njustification = \"j\"\n"
            )
            .contains("at least one `match` example")
        );
        assert!(err("[[rule]]\nid = \"x\"\ntool = \"*\"\ndecision = \"allow\"\njustification = \"j\"\nmatch = [{tool=\"a\"}]\nextra = 1\n").contains("not valid"));
        assert!(matches!(
            RuleSet::from_toml_str(&" ".repeat(MAX_RULE_FILE_BYTES + 1)),
            Err(RuleError::TooLarge(_))
        ));
    }

    #[test]
    fn regex_size_is_limited() {
        let huge = "[[rule]]\nid=\"r\"\ntool=\"*\"\ndecision=\"deny\"\njustification=\"j\"\nwhen=[{pointer=\"/a\", regex=\"(a{1000}){1000}\"}]\nmatch=[{tool=\"t\", args={a=\"a\"}}]\n";
        assert!(err(huge).contains("bad regex"));
    }
}
