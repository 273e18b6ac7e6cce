//! `git` and the forges' CLIs: which subcommands only read, which have the
//! effect of a tool that trusted autonomy still gates (push, commit, merge,
//! opening a pull request), and which pushes are forced onto a protected
//! branch in any spelling.

use super::Effect;
use super::analyze::{Analyzer, Arg, Stdin};
use super::programs::static_words;

/// Branches a forced push must never rewrite without a human.
pub const PROTECTED_BRANCHES: &[&str] = &["main", "master", "production"];

/// Subcommands that only read the repository.
const READ_ONLY: &[&str] = &[
    "status",
    "log",
    "show",
    "diff",
    "blame",
    "annotate",
    "rev-parse",
    "ls-files",
    "ls-tree",
    "cat-file",
    "describe",
    "shortlog",
    "rev-list",
    "name-rev",
    "merge-base",
    "show-ref",
    "for-each-ref",
    "count-objects",
    "whatchanged",
    "help",
    "version",
    "check-ignore",
    "check-attr",
    "check-ref-format",
    "diff-tree",
    "diff-files",
    "diff-index",
    "var",
    "cherry",
    "range-diff",
    "verify-commit",
    "verify-tag",
    "grep",
    "show-branch",
    "fsck",
];

/// Subcommands with the effect of `git_commit` / `git_merge` / `git_push`.
const GATED: &[&str] = &["commit", "merge", "pull", "am", "cherry-pick"];

/// Configuration keys whose value is a command git runs.
fn runs_command(key: &str) -> bool {
    const MARKERS: &[&str] = &[
        "pager",
        "editor",
        "command",
        "cmd",
        "program",
        "helper",
        "driver",
        "clean",
        "smudge",
        "process",
        "hook",
        "sshcommand",
        "fsmonitor",
        "askpass",
        "proxy",
        "external",
        "textconv",
        "uploadpack",
        "receivepack",
        "difffilter",
    ];
    MARKERS.iter().any(|m| key.contains(m))
}

/// Whether `git branch` / `git tag` arguments only list: every word is one
/// of `flags` or a filter option with its value (`--contains X`,
/// `--sort=…`).
fn listing_only(texts: &[&str], flags: &[&str]) -> bool {
    const FILTERS: &[&str] = &[
        "--contains",
        "--no-contains",
        "--merged",
        "--no-merged",
        "--points-at",
        "--sort",
        "--format",
    ];
    let mut i = 0;
    while i < texts.len() {
        let t = texts[i];
        if FILTERS.contains(&t) {
            i += 2;
            continue;
        }
        let filter_with_value = FILTERS
            .iter()
            .any(|f| t.strip_prefix(f).is_some_and(|r| r.starts_with('=')));
        if !(flags.contains(&t) || filter_with_value) {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether a branch name (after `refs/heads/`) is protected.
pub fn is_protected_branch(name: &str) -> bool {
    let name = name.trim();
    let name = name.strip_prefix("refs/heads/").unwrap_or(name);
    PROTECTED_BRANCHES
        .iter()
        .any(|b| name.eq_ignore_ascii_case(b))
}

impl Analyzer {
    pub(super) fn git(&mut self, args: &[Arg]) {
        let mut i = 0;
        let mut configs: Vec<&Arg> = Vec::new();
        while i < args.len() {
            let t = args[i].text.as_str();
            match t {
                "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--super-prefix"
                | "--list-cmds" | "--attr-source" => i += 2,
                "-c" => {
                    if let Some(v) = args.get(i + 1) {
                        configs.push(v);
                    }
                    i += 2;
                }
                "--config-env" => {
                    self.flag(
                        Effect::Unknown,
                        "git",
                        "takes configuration from the environment",
                    );
                    i += 2;
                }
                _ if t.starts_with("--config-env=") || t.starts_with("--exec-path=") => {
                    self.flag(Effect::Unknown, "git", "changes which helpers git runs");
                    i += 1;
                }
                _ if t.starts_with('-') && !args[i].dynamic => i += 1,
                _ => break,
            }
        }
        let rest = args.get(i..).unwrap_or_default();
        let Some(sub) = rest.first() else {
            if configs.is_empty() {
                self.read_only("git");
            }
            return;
        };
        if sub.dynamic {
            self.flag(
                Effect::Critical,
                "git",
                "the subcommand comes from a variable",
            );
            return;
        }
        for cfg in &configs {
            if let Some(expanded) = self.git_config(cfg, &sub.text) {
                let mut argv = expanded;
                argv.extend_from_slice(&rest[1..]);
                self.git(&argv);
                return;
            }
        }
        let sub_args = &rest[1..];
        let subject = format!("git {}", sub.text);
        let texts: Vec<&str> = sub_args.iter().map(|a| a.text.as_str()).collect();
        let has = |names: &[&str]| texts.iter().any(|t| names.contains(t));
        let first = texts.first().copied().unwrap_or("");
        match sub.text.as_str() {
            "push" => self.git_push(sub_args),
            s if GATED.contains(&s) => self.flag(
                Effect::Gated,
                &subject,
                "the same effect as the git_commit / git_merge tools, which trusted autonomy still gates",
            ),
            "revert" if !has(&["-n", "--no-commit"]) => self.flag(
                Effect::Gated,
                &subject,
                "creates a commit, the same effect as git_commit",
            ),
            s if READ_ONLY.contains(&s) => {
                if texts.iter().any(|t| t.starts_with("--output")) {
                    self.flag(Effect::Mutating, &subject, "--output writes a file");
                } else if texts.iter().any(|t| *t == "--ext-diff" || t.starts_with("--textconv")) {
                    self.flag(Effect::Unknown, &subject, "runs an external diff program");
                } else if s == "grep" && texts.iter().any(|t| t.starts_with("-O") || t.starts_with("--open-files-in-pager")) {
                    self.flag(Effect::Unknown, &subject, "runs a pager command on the results");
                } else {
                    self.read_only(&subject);
                }
            }
            "branch" => {
                const FLAGS: &[&str] = &[
                    "-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose", "--show-current",
                    "--no-color", "--color", "-i", "--ignore-case", "--no-column", "--column",
                ];
                let listing = listing_only(&texts, FLAGS)
                    || (has(&["-l", "--list"])
                        && !has(&["-d", "-D", "-m", "-M", "-c", "-C", "--delete", "--move", "--copy", "-f", "--force"]));
                self.mutating_unless(listing, &subject, "creates, renames or deletes branches");
            }
            "tag" => {
                let listing = listing_only(&texts, &["--no-color", "--color"])
                    || texts.iter().all(|t| t.starts_with("-n"))
                    || (has(&["-l", "--list"]) && !has(&["-d", "--delete", "-a", "-s", "-f", "--force"]));
                self.mutating_unless(listing, &subject, "creates or deletes tags");
            }
            "stash" | "worktree" | "notes" => {
                let listing = matches!(first, "list" | "show") || (first.is_empty() && sub.text != "stash");
                self.mutating_unless(listing, &subject, "changes the working tree or refs");
            }
            "reflog" => {
                let listing = matches!(first, "" | "show" | "exists") || first.starts_with('-');
                self.mutating_unless(listing, &subject, "expires or deletes reflog entries");
            }
            "remote" => {
                let listing = texts.is_empty() || texts.iter().all(|t| *t == "-v" || *t == "--verbose") || first == "get-url";
                if first == "show" || first == "update" || first == "prune" {
                    self.flag(Effect::Unknown, &subject, "talks to a remote");
                } else {
                    self.mutating_unless(listing, &subject, "changes the configured remotes");
                }
            }
            "config" => {
                let reading = has(&["--get", "--get-all", "--get-regexp", "-l", "--list", "--get-urlmatch", "--get-color", "--get-colorbool"])
                    || matches!(first, "get" | "list")
                    || (!first.is_empty() && texts.iter().filter(|t| !t.starts_with('-')).count() == 1
                        && !texts.iter().any(|t| matches!(*t, "--unset" | "--unset-all" | "--add" | "--replace-all" | "--rename-section" | "--remove-section" | "-e" | "--edit")));
                self.mutating_unless(reading, &subject, "changes git configuration");
            }
            "submodule" => match first {
                "status" | "summary" => self.read_only(&subject),
                "foreach" => {
                    self.flag(Effect::Mutating, &subject, "runs a command in every submodule");
                    let cmd: Vec<&str> = texts.iter().skip(1).filter(|t| !t.starts_with("--")).copied().collect();
                    self.nested(&cmd.join(" "), Stdin::Terminal, "git submodule foreach");
                }
                _ => self.flag(Effect::Mutating, &subject, "changes submodules"),
            },
            "bisect" => {
                self.flag(Effect::Mutating, &subject, "checks out other commits");
                if first == "run" && sub_args.len() > 1 {
                    self.invoke(&sub_args[1..], Stdin::Terminal, None);
                }
            }
            "rebase" => {
                self.flag(Effect::Mutating, &subject, "rewrites history");
                for w in sub_args.windows(2) {
                    if w[0].text == "-x" || w[0].text == "--exec" {
                        self.nested(&w[1].text, Stdin::Terminal, "git rebase --exec");
                    }
                }
            }
            "difftool" | "mergetool" => self.flag(Effect::Unknown, &subject, "runs external tools"),
            "ls-remote" | "fetch" | "clone" | "archive" | "request-pull" | "send-email" => {
                self.flag(Effect::Unknown, &subject, "talks to a remote or writes an archive")
            }
            "reset" | "checkout" | "switch" | "restore" | "clean" | "rm" | "mv" | "add" | "init"
            | "gc" | "prune" | "apply" | "update-ref" | "filter-branch" | "filter-repo" | "replace"
            | "format-patch" | "lfs" | "sparse-checkout" | "maintenance" | "repack" | "pack-refs"
            | "update-index" | "symbolic-ref" | "read-tree" | "write-tree" | "commit-tree"
            | "revert" | "stage" | "mktag" | "mktree" | "hash-object" => {
                self.flag(Effect::Mutating, &subject, "changes the repository or working tree")
            }
            _ => self.flag(
                Effect::Unknown,
                &subject,
                "an unknown git subcommand (it may be an alias)",
            ),
        }
    }

    fn mutating_unless(&mut self, read_only: bool, subject: &str, why: &str) {
        if read_only {
            self.read_only(subject);
        } else {
            self.flag(Effect::Mutating, subject, why);
        }
    }

    /// Judges one `git -c key=value`. Returns the words an alias for the
    /// subcommand expands to, when the value defines one.
    fn git_config(&mut self, cfg: &Arg, sub: &str) -> Option<Vec<Arg>> {
        if cfg.dynamic {
            self.flag(
                Effect::Critical,
                "git -c",
                "configuration comes from a variable",
            );
            return None;
        }
        let (key, value) = cfg.text.split_once('=').unwrap_or((cfg.text.as_str(), ""));
        let key = key.to_ascii_lowercase();
        self.flag(
            Effect::Unknown,
            "git -c",
            format!("overrides configuration ({key})"),
        );
        if let Some(alias) = key.strip_prefix("alias.") {
            if let Some(code) = value.strip_prefix('!') {
                self.nested(code, Stdin::Terminal, "a git shell alias");
                return None;
            }
            if alias == sub {
                match static_words(value) {
                    Some(words) => return Some(words),
                    None => self.flag(Effect::Critical, "git -c", "an alias the gate cannot read"),
                }
            }
        } else if runs_command(&key) {
            self.nested(
                value.trim_start_matches('!'),
                Stdin::Terminal,
                "a command in git configuration",
            );
        }
        None
    }

    fn git_push(&mut self, args: &[Arg]) {
        let mut force = false;
        let mut delete = false;
        let mut mirror = false;
        let mut all = false;
        let mut positional: Vec<&Arg> = Vec::new();
        let mut ended = false;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            let t = a.text.as_str();
            i += 1;
            if ended || !t.starts_with('-') || t.len() < 2 || a.dynamic {
                positional.push(a);
                continue;
            }
            match t {
                "--" => ended = true,
                "--delete" => delete = true,
                "--mirror" => mirror = true,
                "--all" | "--branches" => all = true,
                "--force" | "--force-with-lease" | "--force-if-includes" => force = true,
                "-o" | "--push-option" | "--repo" | "--receive-pack" | "--exec" => i += 1,
                _ if t.starts_with("--force-with-lease=") => force = true,
                _ if t.starts_with("--receive-pack=") || t.starts_with("--exec=") => {
                    self.flag(
                        Effect::Unknown,
                        "git push",
                        "runs a custom receive-pack program",
                    );
                }
                _ if t.starts_with("--") => {}
                _ => {
                    // A cluster of short flags: `-fu`, `-uf`, `-fd`, `-o` with its value.
                    for (k, ch) in t[1..].char_indices() {
                        match ch {
                            'f' => force = true,
                            'd' => delete = true,
                            'o' => {
                                if k + 2 == t.len() {
                                    i += 1;
                                }
                                break;
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        let mut critical: Option<String> = None;
        if mirror {
            critical = Some("--mirror force-updates and deletes every remote branch".to_owned());
        }
        let refspecs = positional.get(1..).unwrap_or_default();
        // Every positional after the remote is a refspec; a protected name in
        // the remote's place is treated as one too, to be safe.
        for r in &positional {
            if r.dynamic {
                if force {
                    critical.get_or_insert_with(|| {
                        "forced push to a branch computed at run time".to_owned()
                    });
                }
                continue;
            }
            let plus = r.text.starts_with('+');
            let spec = r.text.trim_start_matches('+');
            let (src, dst) = match spec.split_once(':') {
                Some((s, d)) => (s, d),
                None => (spec, spec),
            };
            // A pattern refspec (`refs/heads/*`) may name a protected branch.
            let to_protected = is_protected_branch(dst) || dst.contains('*');
            let unknown_branch = dst.eq_ignore_ascii_case("HEAD") || dst.eq_ignore_ascii_case("@");
            if (plus || force) && (to_protected || (unknown_branch && force)) {
                critical.get_or_insert_with(|| format!("forced push to {dst}"));
            }
            if (delete || (src.is_empty() && spec.contains(':'))) && to_protected {
                critical.get_or_insert_with(|| format!("deletes the remote {dst} branch"));
            }
        }
        if force && (refspecs.is_empty() || all) {
            critical.get_or_insert_with(|| {
                "forced push of the current or every branch, which may be main".to_owned()
            });
        }
        match critical {
            Some(why) => self.flag(Effect::Critical, "git push", why),
            None => self.flag(
                Effect::Gated,
                "git push",
                "the same effect as the git_push tool, which trusted autonomy still gates",
            ),
        }
    }

    /// GitHub / GitLab CLIs: opening or merging a pull request has the
    /// effect of `git_pr` / `git_merge`.
    pub(super) fn forge(&mut self, name: &str, args: &[Arg]) {
        let words: Vec<&str> = args
            .iter()
            .filter(|a| !a.text.starts_with('-'))
            .map(|a| a.text.as_str())
            .take(2)
            .collect();
        let api_pr_write = name == "gh"
            && words.first() == Some(&"api")
            && words
                .get(1)
                .is_some_and(|p| p.contains("/pulls") || p.contains("/merge"))
            && args.iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "-f" | "-F" | "--field" | "--raw-field" | "--input"
                ) || a.text.eq_ignore_ascii_case("post")
                    || a.text.eq_ignore_ascii_case("put")
            });
        let gated = api_pr_write
            || matches!(
                (name, words.as_slice()),
                ("gh", ["pr", "create" | "new" | "merge", ..])
                    | ("glab", ["mr", "create" | "new" | "merge", ..])
                    | ("hub", ["pull-request" | "merge", ..])
            );
        if gated {
            self.flag(
                Effect::Gated,
                name,
                "opens or merges a pull request, the same effect as git_pr / git_merge",
            );
        } else {
            self.flag(Effect::Unknown, name, "talks to a code-hosting service");
        }
    }
}
