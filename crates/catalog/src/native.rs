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
        "run execute shell command terminal script install build test compile lint linter format process kill start stop restart server service daemon port disk space usage memory cpu version installed npm pip cargo make docker container permissions environment free box machine host ram flaky rerun rebuild suite e2e locally",
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

/// (tool name, example requests): how people ask for each native tool, in
/// whole sentences. The model reads these as it reads a need, where it
/// reads a list of hint words poorly: a tool's cosine moves towards its
/// nearest example
/// ([`EmbeddingRanker::with_examples`](crate::retrieval::embedding::EmbeddingRanker::with_examples)),
/// and that example also counts on its own
/// ([`EXAMPLE_WEIGHT`](crate::acquisition::EXAMPLE_WEIGHT)). BM25 does not
/// read them: the hint words are its part. Read by BM25 too (each tool's
/// best example score, z-normalised and added as the model's nearest
/// example is), they moved needs around rather than meeting more: at
/// weights 0.5, 1.0 and 2.0 they met 22, 43 and 68 needs that BM25 had
/// missed and missed 18, 31 and 52 it had met. Written from what each tool
/// does; six were then added or reworded for older needs of
/// `crates/server/tests/data/needs.jsonl` that the first ones cost, none
/// for the needs of batches 133 to 135, which measure them. Twelve more,
/// in the words of someone who knows no git ("share my saved changes so
/// everyone else on the team gets them"), were written after batches 145
/// and 146 and before batch 147's results were read: with the local model
/// they met 2 of the 11 needs of batch 147 it missed, 1 of batch 146's,
/// and lost none. Seventeen more in that voice, written before batch 148's
/// first run was read, met none of its 8 misses and one older need, so
/// they were not kept: examples, like idioms, meet the needs they were
/// written for more than the next ones.
pub const NATIVE_TOOL_EXAMPLES: &[(&str, &[&str])] = &[
    (
        "read_file",
        &[
            "show me what this file says",
            "open the config and tell me what's in it",
            "print the first lines of the log",
            "what does this script do when it runs",
            "what is defined in this source file",
        ],
    ),
    (
        "write_file",
        &[
            "create a new file with this content",
            "save this text as a file in the project",
            "start a fresh readme for the repo",
            "write the output to a file",
        ],
    ),
    (
        "edit_file",
        &[
            "change this line in the file",
            "fix the typo in the code",
            "replace the old value with the new one in the config",
            "rename the variable in that source file",
            "reword this paragraph in the markdown file",
        ],
    ),
    (
        "search_files",
        &[
            "find the files with this name",
            "which files in the repo are images",
            "list every test file under the folder",
            "where is that file kept in the project",
        ],
    ),
    (
        "search_content",
        &[
            "which files mention this function",
            "find where this text appears in the code",
            "where in the codebase is this error handled",
            "search the source for every use of the setting",
            "find the place in our files where this sentence appears",
        ],
    ),
    (
        "bash",
        &[
            "run this command in the terminal",
            "how much disk space is left on this machine",
            "install the package and run the tests",
            "is the server process still running",
            "build the project and run the linter",
            "type in a command that squeezes a folder into a zip file",
            "is the computer running out of memory or space",
            "count the lines of a text file",
        ],
    ),
    (
        "web_search",
        &[
            "look this up online",
            "what's the latest news about this",
            "what is the weather going to be tomorrow",
            "who won the game last night",
        ],
    ),
    (
        "web_fetch",
        &[
            "download the page at this address",
            "read the article at this link",
            "get the contents of this url",
            "fetch the response from that web endpoint",
        ],
    ),
    (
        "git_status",
        &[
            "what have I changed that isn't committed",
            "which files are modified or untracked",
            "is my working tree clean",
            "what branch am I on",
            "which of my edits haven't been stored in the project yet",
        ],
    ),
    (
        "git_diff",
        &[
            "show me the diff of my changes",
            "what exactly changed in this file since the last commit",
            "compare my edits to what's committed",
            "which lines did I modify",
            "what's different in this file from the version saved before",
        ],
    ),
    (
        "git_log",
        &[
            "who changed this last and when",
            "show the recent commit history",
            "which commit introduced this",
            "what landed on the branch this week",
            "who worked on this part before me, and when",
        ],
    ),
    (
        "git_commit",
        &[
            "commit my changes with a message",
            "save a checkpoint of the work in git",
            "record these edits as a commit",
            "save my progress into the project's history with a short note",
        ],
    ),
    (
        "git_push",
        &[
            "push my commits to the remote",
            "upload my branch to the server",
            "publish the new tag",
            "share my saved changes so everyone else on the team gets them",
        ],
    ),
    (
        "git_pr",
        &[
            "open a pull request for my branch",
            "ask for a code review of these changes",
            "propose merging the feature into main",
            "send my changes to the team to approve before they go in",
        ],
    ),
    (
        "git_merge",
        &[
            "merge this branch into main",
            "bring the other branch's changes into mine",
            "combine the two branches",
            "bring the changes someone else made into my copy",
        ],
    ),
    (
        "spawn_agent",
        &[
            "get some helpers to work on these in parallel",
            "hand this subtask to another agent",
            "split the work across several assistants at once",
            "start a second copy of yourself for the research",
            "have several of you work on different parts at the same time",
        ],
    ),
    (
        "generate_docx",
        &[
            "make a Word document of this",
            "save the summary as a Word file",
            "turn these notes into a document I can print",
        ],
    ),
    (
        "query_knowledge",
        &[
            "what does our company policy say about this",
            "look it up in the team's knowledge base",
            "according to our internal docs, how do we do this",
            "what's the official procedure in our handbook",
        ],
    ),
    (
        "search_memory",
        &[
            "what did I tell you before about this",
            "do you remember what I said I prefer",
            "what did we decide last time we talked",
            "remind me what I mentioned earlier",
        ],
    ),
    (
        "show_plan",
        &[
            "what are your next steps",
            "show me your plan for this task",
            "which steps have you done and which are left",
            "how are you going to approach this",
        ],
    ),
    (
        "get_identity",
        &[
            "who are you logged in as",
            "which account are you acting under",
            "whose permissions do you have",
            "what user do you run as",
        ],
    ),
    (
        "get_awareness",
        &[
            "what are you allowed to do right now",
            "which workspace are you working in",
            "what tier and autonomy level are you at",
            "what can you see about your current setup",
            "do you act on your own or wait for my yes",
        ],
    ),
    (
        "query_audit",
        &[
            "what actions have you taken today",
            "show me the calls that were blocked or approved",
            "what did you run on my behalf",
            "list everything you did that needed my approval",
        ],
    ),
    (
        "list_skills",
        &[
            "what skills do you have installed",
            "which abilities have been added to you",
            "list the skills you can use",
        ],
    ),
    (
        "search_skills",
        &[
            "is there a skill that can do this",
            "find a skill for making presentations",
            "search for a skill I could install",
        ],
    ),
    (
        "list_connectors",
        &[
            "which of my accounts are you connected to",
            "what apps can you reach",
            "have I given you access to my email",
            "which services are hooked up",
            "what integrations are enabled",
        ],
    ),
    (
        "list_harnesses",
        &[
            "which coding assistants can run you",
            "can I use you from my editor or the command line",
            "what agent front ends do you work with",
            "which other assistant programs can use you",
        ],
    ),
];

/// A native tool, its hint words and its example requests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeTool {
    pub name: String,
    pub hints: String,
    pub examples: Vec<String>,
}

/// A `[[tool]]` of the configuration file. Examples left out keep a
/// default tool's own.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ToolFile {
    name: String,
    hints: String,
    examples: Option<Vec<String>>,
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
                    examples: NATIVE_TOOL_EXAMPLES
                        .iter()
                        .find(|(e, _)| e == n)
                        .map(|(_, ex)| ex.iter().map(|s| (*s).into()).collect())
                        .unwrap_or_default(),
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
    tool: Vec<ToolFile>,
}

/// The largest native-tools file read: a list of tool names and hint
/// words has no business being bigger, and a runaway file must not be
/// parsed into memory.
pub const MAX_NATIVE_TOOLS_BYTES: usize = 1024 * 1024;

impl NativeTools {
    /// `replace = true` drops the defaults; `[[tool]] name, hints,
    /// examples?` entries add tools or override a default's hints (and its
    /// examples, when given).
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
                Some(x) => {
                    x.hints = t.hints;
                    if let Some(e) = t.examples {
                        x.examples = e;
                    }
                }
                None => out.tools.push(NativeTool {
                    name: t.name,
                    hints: t.hints,
                    examples: t.examples.unwrap_or_default(),
                }),
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
    fn every_default_tool_has_example_requests() {
        for t in NativeTools::default().tools {
            assert!(t.examples.len() >= 3, "{}", t.name);
        }
        // Each example names a default tool, once.
        for (i, (name, _)) in NATIVE_TOOL_EXAMPLES.iter().enumerate() {
            assert!(NATIVE_TOOL_HINTS.iter().any(|(n, _)| n == name), "{name}");
            assert!(
                NATIVE_TOOL_EXAMPLES[..i].iter().all(|(n, _)| n != name),
                "{name}"
            );
        }
    }

    #[test]
    fn config_sets_examples_or_keeps_the_defaults() {
        let n = NativeTools::from_toml(
            "[[tool]]\nname = \"bash\"\nhints = \"shell\"\n\
             [[tool]]\nname = \"git_log\"\nhints = \"history\"\nexamples = [\"who broke it\"]\n\
             [[tool]]\nname = \"deploy\"\nhints = \"ship\"\nexamples = [\"put it live\"]\n\
             [[tool]]\nname = \"rollback\"\nhints = \"undo\"\n",
        )
        .unwrap();
        let get = |name: &str| n.tools.iter().find(|t| t.name == name).unwrap();
        let defaults = NativeTools::default();
        let default_bash = defaults.tools.iter().find(|t| t.name == "bash").unwrap();
        assert_eq!(get("bash").examples, default_bash.examples);
        assert_eq!(get("git_log").examples, ["who broke it"]);
        assert_eq!(get("deploy").examples, ["put it live"]);
        assert!(get("rollback").examples.is_empty());
        let e =
            NativeTools::from_toml("[[tool]]\nname = \"x\"\nhints = \"\"\nexamples = \"one\"\n")
                .unwrap_err()
                .to_string();
        assert!(e.contains("native tools"), "{e}");
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
