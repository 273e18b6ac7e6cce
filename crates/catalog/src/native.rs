//! Native tool hints (`NATIVE_TOOL_HINTS`): the agent's own tools, each with
//! the words a need would use for it. Acquisition and agent-pick score
//! needs against these. The list is configurable: [`NativeTools::from_toml`]
//! replaces or extends the default.

use serde::Deserialize;

use crate::CatalogError;

/// (tool name, hint keywords).
pub const NATIVE_TOOL_HINTS: &[(&str, &str)] = &[
    (
        "read_file",
        "read open view show look at see display print cat head tail first lines inside file contents source code text document local readme changelog log logs",
    ),
    (
        "write_file",
        "write writing create make save new fresh overwrite dump file called output store contents dockerfile readme scratch brand changelog",
    ),
    (
        "edit_file",
        "edit modify change update replace patch fix add insert header rename refactor bump variable function file lines code swap typo tweak value setting correct tighten sed",
    ),
    (
        "search_files",
        "find locate where which list every all search files by name named matching type extension glob wildcard pattern path directory folder repo repository project images monorepo under anywhere",
    ),
    (
        "search_content",
        "grep search text inside files content comments fixme todo mention mentions contain containing word string pattern regex occurrences code codebase source hardcoded secrets usages uses of a function call calls called api symbol references defined implemented implementation where places import imports declares struct class deprecated referenced",
    ),
    (
        "bash",
        "run execute shell command terminal script install build test compile lint linter format process kill start stop restart server service daemon port disk space usage memory cpu version installed npm pip cargo make docker container permissions environment free box machine host ram flaky rerun rebuild",
    ),
    (
        "web_search",
        "search web internet google look up online news latest information weather forecast rain snow wind windy temperature stackoverflow error message answers price prices rate sports game",
    ),
    (
        "web_fetch",
        "fetch grab download read web page url https website article link html curl wget http request response endpoint",
    ),
    (
        "git_status",
        "git status what changed change files I changed modified uncommitted unstaged staged untracked files working tree state edited current branch",
    ),
    (
        "git_diff",
        "git diff what changed since the last commit changes compare differences differ patch review",
    ),
    (
        "git_log",
        "git log history commits recent changes author blame who touched wrote last changed line on this branch list commits recently landed timeline revision",
    ),
    (
        "git_commit",
        "git commit save changes message record progress wip work in progress snapshot checkpoint",
    ),
    (
        "git_push",
        "git push upload publish send ship upstream remote origin branch share commits changes",
    ),
    (
        "git_pr",
        "pull request open pr prs review merge proposal github",
    ),
    (
        "git_merge",
        "git merge branches combine integrate feature branch conflicts",
    ),
    (
        "spawn_agent",
        "delegate subagent sub agent another second agent parallel parallelize meanwhile helper helpers spin up agent agents split spawn task worker background fork farm",
    ),
    (
        "generate_docx",
        "word document docx report generate export formatted file",
    ),
    (
        "query_knowledge",
        "knowledge base wiki handbook runbook runbooks policy internal company documentation notes facts recall query stored information policies guidelines rules procedure procedures staff guide sop",
    ),
    (
        "search_memory",
        "memory remember recall previous conversation earlier past told tell said mentioned before ago last time say recommended suggested remind agreed decided favourite favorite preference preferences prefer",
    ),
    (
        "show_plan",
        "plan steps outline todo progress show checklist ticked outstanding remaining phases",
    ),
    (
        "get_identity",
        "identity who am i profile user persona account logged signed whoami credentials role",
    ),
    (
        "get_awareness",
        "awareness context situation current state environment session tier autonomy",
    ),
    (
        "query_audit",
        "audit log history actions decisions approvals trail calls denied blocked allowed approved agent did doing gate asked human ran approve stopped records",
    ),
    (
        "list_skills",
        "list installed skills available abilities know-how given added capabilities",
    ),
    (
        "search_skills",
        "search find skills ability how to install how-to playbook",
    ),
    (
        "list_connectors",
        "list connectors integrations connected services apps linked accounts third-party hooked access granted authorised authorized",
    ),
    (
        "list_harnesses",
        "list harnesses runtimes environments cursor claude codex cli ide editor",
    ),
];

/// A native tool and its hint text.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NativeTool {
    pub name: String,
    pub hints: String,
}

/// The native tools a deployment exposes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeTools {
    pub tools: Vec<NativeTool>,
}

impl Default for NativeTools {
    fn default() -> Self {
        NativeTools {
            tools: NATIVE_TOOL_HINTS
                .iter()
                .map(|(n, h)| NativeTool {
                    name: (*n).into(),
                    hints: (*h).into(),
                })
                .collect(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    replace: bool,
    #[serde(default)]
    tool: Vec<NativeTool>,
}

/// The largest native-tools file read: a list of tool names and hint
/// words has no business being bigger, and a runaway file must not be
/// parsed into memory.
pub const MAX_NATIVE_TOOLS_BYTES: usize = 1024 * 1024;

impl NativeTools {
    /// `replace = true` drops the defaults; `[[tool]] name, hints` entries
    /// add tools or override a default's hints.
    pub fn from_toml(text: &str) -> Result<NativeTools, CatalogError> {
        if text.len() > MAX_NATIVE_TOOLS_BYTES {
            return Err(CatalogError::Data(format!(
                "native tools: the file is {} bytes, over the {MAX_NATIVE_TOOLS_BYTES}-byte limit",
                text.len()
            )));
        }
        let f: File =
            toml::from_str(text).map_err(|e| CatalogError::Data(format!("native tools: {e}")))?;
        let mut out = if f.replace {
            NativeTools { tools: Vec::new() }
        } else {
            NativeTools::default()
        };
        for t in f.tool {
            if t.name.is_empty()
                || !t
                    .name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                return Err(CatalogError::Data(format!(
                    "native tools: `{}` is not a tool name",
                    t.name
                )));
            }
            match out.tools.iter_mut().find(|x| x.name == t.name) {
                Some(x) => x.hints = t.hints,
                None => out.tools.push(t),
            }
        }
        Ok(out)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.tools.iter().map(|t| t.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_cover_the_seed_lists() {
        let n = NativeTools::default();
        for t in hivegate_policy::permissions::READONLY_TOOLS {
            if !["get_identity"].contains(t) {
                assert!(n.names().any(|x| x == *t), "{t}");
            }
        }
        for t in [
            "write_file",
            "edit_file",
            "bash",
            "git_commit",
            "git_push",
            "spawn_agent",
            "generate_docx",
        ] {
            assert!(n.names().any(|x| x == t), "{t}");
        }
    }

    #[test]
    fn config_extends_overrides_or_replaces() {
        let n = NativeTools::from_toml("[[tool]]\nname = \"bash\"\nhints = \"shell\"\n[[tool]]\nname = \"deploy\"\nhints = \"ship release\"\n").unwrap();
        assert_eq!(
            n.tools.iter().find(|t| t.name == "bash").unwrap().hints,
            "shell"
        );
        assert!(n.names().any(|x| x == "deploy"));
        let r = NativeTools::from_toml("replace = true\n[[tool]]\nname = \"x\"\nhints = \"y\"\n")
            .unwrap();
        assert_eq!(r.tools.len(), 1);
        assert!(NativeTools::from_toml("[[tool]]\nname = \"../x\"\nhints = \"\"\n").is_err());
        assert!(NativeTools::from_toml("bogus = 1").is_err());
        assert!(NativeTools::from_toml("[[tool").is_err());
        let huge = format!("# {}", "x".repeat(MAX_NATIVE_TOOLS_BYTES));
        let e = NativeTools::from_toml(&huge).unwrap_err().to_string();
        assert!(e.contains("over the 1048576-byte limit"), "{e}");
    }
}
