//! Walks a parsed command line and finds what each command in it does.
//!
//! Every simple command anywhere (in lists, pipelines, subshells, groups,
//! loops, function bodies, `$(…)`, `<(…)`, here-documents, `bash -c` bodies)
//! is classified by [`super::programs`]; the line's effect is the worst of
//! them. Whatever cannot be read, counts as critical.

use std::collections::HashSet;

use super::ast::*;
use super::parser::{ParseError, parse};
use super::paths::{is_block_device, is_sink};
use super::{Effect, ShellVerdict};

/// Deepest nesting of code inside code (`bash -c "sh -c '…'"`).
const MAX_NEST: usize = 8;
/// Most program invocations analysed for one command line.
const MAX_WORK: usize = 20_000;
/// Most reasons reported for one command line.
const MAX_REASONS: usize = 6;

/// Where a command's standard input comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stdin {
    /// Nothing the line controls.
    Terminal,
    /// The previous pipeline stage (or a `>(…)` writer).
    Piped,
    /// A file, here-document or here-string redirected into it.
    Fed,
}

impl Stdin {
    pub(super) fn carries_text(self) -> bool {
        self != Stdin::Terminal
    }
}

/// One argument of a command, after brace expansion.
#[derive(Debug, Clone)]
pub(super) struct Arg {
    /// The value, or how it reads when part of it is expanded at run time.
    pub text: String,
    /// Part of the value is only known at run time.
    pub dynamic: bool,
    /// The argument is (or holds) a `<(…)` / `>(…)` path.
    pub process_sub: bool,
    /// The argument holds an unquoted glob character (`*`, `?`, `[`).
    pub glob: bool,
}

impl Arg {
    pub(super) fn literal(text: &str) -> Arg {
        Arg {
            text: text.to_owned(),
            dynamic: false,
            process_sub: false,
            glob: false,
        }
    }

    fn from_word(w: &Word) -> Arg {
        Arg {
            text: Word::display_of(w),
            dynamic: w.is_dynamic(),
            process_sub: w.has_process_sub(),
            glob: w.has_unquoted_glob(),
        }
    }
}

#[derive(Debug, Clone)]
struct Finding {
    effect: Effect,
    subject: String,
    reason: String,
}

pub(super) struct Analyzer {
    findings: Vec<Finding>,
    read_only: Vec<String>,
    functions: HashSet<String>,
    fn_stack: Vec<String>,
    nest: usize,
    work: usize,
    /// The working directory, when `cd` made it known (`/`, `~`, …).
    cwd: Option<String>,
    /// Files this line writes (redirections, downloads, `tee`): running one
    /// of them later in the line runs text the gate never saw.
    written: Vec<String>,
    /// Values of variables assigned earlier in the line.
    vars: std::collections::HashMap<String, String>,
}

/// Analyses one command line.
pub fn analyze(command: &str) -> ShellVerdict {
    let parsed = match parse(command) {
        Ok(p) => p,
        Err(e) => return unreadable(&e),
    };
    let mut a = Analyzer::new();
    a.run_parsed(&parsed, Stdin::Terminal);
    a.finish()
}

fn unreadable(e: &ParseError) -> ShellVerdict {
    ShellVerdict {
        effect: Effect::Critical,
        reasons: vec![format!(
            "the command cannot be parsed ({e}); code the gate cannot read needs a human"
        )],
    }
}

impl Analyzer {
    fn new() -> Self {
        Analyzer {
            findings: Vec::new(),
            read_only: Vec::new(),
            functions: HashSet::new(),
            fn_stack: Vec::new(),
            nest: 0,
            work: 0,
            cwd: None,
            written: Vec::new(),
            vars: std::collections::HashMap::new(),
        }
    }

    /// A scratch analyser that shares what this one knows (functions,
    /// nesting), for probing a sub-command without recording it.
    pub(super) fn probe(&self) -> Analyzer {
        Analyzer {
            findings: Vec::new(),
            read_only: Vec::new(),
            functions: self.functions.clone(),
            fn_stack: self.fn_stack.clone(),
            nest: self.nest + 1,
            work: self.work,
            cwd: self.cwd.clone(),
            written: self.written.clone(),
            vars: self.vars.clone(),
        }
    }

    /// Remembers a file the line writes.
    pub(super) fn wrote(&mut self, path: &str) {
        if self.written.len() < 64 {
            self.written.push(normalize_path(path).to_owned());
        }
    }

    /// Whether `path` was written earlier in the line.
    pub(super) fn was_written(&self, path: &str) -> bool {
        let p = normalize_path(path);
        self.written.iter().any(|w| w == p)
    }

    /// A path as it would be resolved: relative paths joined to a known
    /// working directory, so `cd / && rm -rf *` is seen as `rm -rf /*`.
    pub(super) fn resolve(&self, path: &str) -> String {
        match &self.cwd {
            Some(cwd) if !is_anchored(path) => format!("{cwd}/{path}"),
            _ => path.to_owned(),
        }
    }

    /// Follows `cd DIR` / `pushd DIR` when the new directory is known.
    pub(super) fn change_dir(&mut self, target: Option<&Arg>) {
        self.cwd = match target {
            None => Some("~".to_owned()),
            Some(a) if a.text == "-" => None,
            Some(a) if is_anchored(&a.text) => Some(a.text.clone()),
            Some(a) if a.dynamic => None,
            Some(a) => self.cwd.as_ref().map(|c| format!("{c}/{}", a.text)),
        };
    }

    pub(super) fn effect(&self) -> Effect {
        self.findings
            .iter()
            .map(|f| f.effect)
            .max()
            .unwrap_or(Effect::ReadOnly)
    }

    /// The first reason at the worst effect.
    pub(super) fn worst_reason(&self) -> Option<String> {
        let worst = self.effect();
        self.findings
            .iter()
            .find(|f| f.effect == worst)
            .map(|f| format!("{}: {}", f.subject, f.reason))
    }

    fn finish(self) -> ShellVerdict {
        let effect = self.effect();
        if effect == Effect::ReadOnly {
            let mut names: Vec<&str> = Vec::new();
            for n in &self.read_only {
                if !names.contains(&n.as_str()) {
                    names.push(n);
                }
            }
            let reason = if names.is_empty() {
                "nothing runs".to_owned()
            } else {
                let shown: Vec<&str> = names.iter().take(8).copied().collect();
                format!("read-only: {}", shown.join(", "))
            };
            return ShellVerdict {
                effect,
                reasons: vec![reason],
            };
        }
        let mut ordered: Vec<&Finding> = self.findings.iter().collect();
        ordered.sort_by_key(|f| std::cmp::Reverse(f.effect));
        let mut reasons: Vec<String> = Vec::new();
        for f in ordered {
            let r = format!("{}: {}", f.subject, f.reason);
            if !reasons.contains(&r) {
                reasons.push(r);
            }
            if reasons.len() == MAX_REASONS {
                break;
            }
        }
        ShellVerdict { effect, reasons }
    }

    // ---- recording ---------------------------------------------------------

    pub(super) fn flag(&mut self, effect: Effect, subject: &str, reason: impl Into<String>) {
        if effect == Effect::ReadOnly {
            self.read_only(subject);
            return;
        }
        if self.findings.len() < 256 {
            self.findings.push(Finding {
                effect,
                subject: subject.to_owned(),
                reason: reason.into(),
            });
        }
    }

    pub(super) fn read_only(&mut self, program: &str) {
        if self.read_only.len() < 64 {
            self.read_only.push(program.to_owned());
        }
    }

    // ---- walking -----------------------------------------------------------

    fn run_parsed(&mut self, parsed: &Parsed, stdin: Stdin) {
        self.script(&parsed.script, stdin);
        for body in &parsed.heredocs {
            self.word_subs(body);
        }
    }

    /// Parses and analyses code found inside a command (a `bash -c` body, a
    /// `watch` command, a git alias) one level deeper.
    pub(super) fn nested(&mut self, code: &str, stdin: Stdin, what: &str) {
        if self.nest >= MAX_NEST {
            self.flag(
                Effect::Critical,
                what,
                "code nested too deeply for the gate to read",
            );
            return;
        }
        match parse(code) {
            Ok(parsed) => {
                self.nest += 1;
                self.run_parsed(&parsed, stdin);
                self.nest -= 1;
            }
            Err(e) => self.flag(
                Effect::Critical,
                what,
                format!("cannot be parsed ({e}); the gate cannot read what it runs"),
            ),
        }
    }

    fn script(&mut self, s: &Script, stdin: Stdin) {
        for list in &s.lists {
            for p in &list.pipelines {
                self.pipeline(p, stdin);
            }
        }
    }

    fn pipeline(&mut self, p: &Pipeline, stdin: Stdin) {
        let mut feed: Option<Vec<String>> = None;
        let last = p.commands.len().saturating_sub(1);
        for (i, c) in p.commands.iter().enumerate() {
            let stage_stdin = if i == 0 { stdin } else { Stdin::Piped };
            self.command(c, stage_stdin, feed.take());
            if i < last {
                feed = printed_words(c);
            }
        }
    }

    fn command(&mut self, c: &Command, stdin: Stdin, feed: Option<Vec<String>>) {
        match c {
            Command::Simple(s) => self.simple(s, stdin, feed),
            Command::Compound {
                kind,
                body,
                words,
                redirects,
            } => {
                for w in words {
                    self.word_subs(w);
                }
                let stdin = if self.redirects(redirects) {
                    Stdin::Fed
                } else {
                    stdin
                };
                if *kind == CompoundKind::Arith {
                    self.arith_as_subshells(body, stdin);
                } else {
                    self.script(body, stdin);
                }
            }
            Command::FunctionDef { name, body } => {
                self.functions.insert(name.to_ascii_lowercase());
                self.fn_stack.push(name.to_ascii_lowercase());
                self.command(body, stdin, None);
                self.fn_stack.pop();
            }
        }
    }

    /// Bash evaluates `((…))` as arithmetic; POSIX sh runs it as nested
    /// subshells. Only a critical reading of the latter counts.
    fn arith_as_subshells(&mut self, body: &Script, stdin: Stdin) {
        let mut probe = self.probe();
        probe.script(body, stdin);
        if probe.effect() == Effect::Critical {
            let why = probe.worst_reason().unwrap_or_default();
            self.flag(
                Effect::Critical,
                "((…))",
                format!("runs as nested subshells in POSIX sh: {why}"),
            );
        }
    }

    fn simple(&mut self, c: &SimpleCommand, stdin: Stdin, feed: Option<Vec<String>>) {
        for a in &c.assignments {
            self.word_subs(&a.value);
            self.assignment(&a.name, &Arg::from_word(&a.value));
            // `a=$HOME; rm -rf $a`: remember what a plain assignment holds.
            if c.words.is_empty() {
                match self.value_of(&a.value) {
                    Some(v) if self.vars.len() < 256 => {
                        self.vars.insert(a.name.clone(), v);
                    }
                    _ => {
                        self.vars.remove(&a.name);
                    }
                }
            }
        }
        let fed = self.redirects(&c.redirects);
        // `xargs … <<< "words"` reads those words as its input.
        let feed = feed.or_else(|| {
            c.redirects
                .iter()
                .find(|r| r.op == RedirOp::HereString)
                .and_then(|r| r.target.literal())
                .map(|t| t.split_whitespace().map(str::to_owned).collect())
        });
        let mut argv: Vec<Arg> = Vec::with_capacity(c.words.len());
        for w in &c.words {
            self.word_subs(w);
            match w.brace_expand() {
                None => argv.push(Arg::from_word(w)),
                Some(words) => argv.extend(words.iter().map(Arg::from_word)),
            }
        }
        if argv.is_empty() {
            return;
        }
        // Arguments (never the command word) read through known variables;
        // they stay marked dynamic.
        if !self.vars.is_empty() {
            for (a, w) in argv.iter_mut().zip(&c.words).skip(1) {
                if a.dynamic
                    && let Some(v) = self.value_of(w)
                {
                    a.text = v;
                }
            }
        }
        self.invoke(&argv, if fed { Stdin::Fed } else { stdin }, feed);
    }

    /// A word's value when every expansion in it is a variable this line
    /// assigned (or `$HOME`, kept as written for the path checks).
    fn value_of(&self, w: &Word) -> Option<String> {
        w.render(|p| match p {
            WordPart::Param { name } => match self.vars.get(name) {
                Some(v) => Some(v.clone()),
                None if name == "HOME" || name == "USERPROFILE" => Some(format!("${name}")),
                None => None,
            },
            _ => None,
        })
    }

    /// Analyses the scripts a word runs when it is expanded.
    fn word_subs(&mut self, w: &Word) {
        for (script, output) in w.substitutions() {
            // A `>(…)` reads what the command writes into it.
            self.script(
                script,
                if output {
                    Stdin::Piped
                } else {
                    Stdin::Terminal
                },
            );
        }
    }

    /// Records what redirections write; returns whether stdin is fed.
    fn redirects(&mut self, rs: &[Redirect]) -> bool {
        let mut fed = false;
        for r in rs {
            self.word_subs(&r.target);
            let target = Word::display_of(&r.target);
            if r.op.feeds_stdin() && matches!(r.fd, None | Some(0)) {
                fed = true;
            }
            if !r.op.writes() {
                continue;
            }
            let is_fd_dup = matches!(r.op, RedirOp::DupOut)
                && (target == "-" || target.bytes().all(|b| b.is_ascii_digit()));
            if is_fd_dup || is_sink(&target) {
                continue;
            }
            if is_block_device(&target) {
                self.flag(
                    Effect::Critical,
                    &target,
                    "redirection writes to a raw block device",
                );
            } else if r.target.is_dynamic() {
                self.flag(
                    Effect::Mutating,
                    &target,
                    "redirection writes to a path computed at run time",
                );
            } else {
                self.wrote(&target);
                self.flag(Effect::Mutating, &target, "redirection writes to this file");
            }
        }
        fed
    }

    /// An assignment that changes which code later runs is not read-only.
    pub(super) fn assignment(&mut self, name: &str, value: &Arg) {
        const COMMAND_VARS: &[&str] = &[
            "PAGER",
            "GIT_PAGER",
            "MANPAGER",
            "GIT_EDITOR",
            "EDITOR",
            "VISUAL",
            "GIT_SSH",
            "GIT_SSH_COMMAND",
            "GIT_EXTERNAL_DIFF",
            "GIT_ASKPASS",
            "SSH_ASKPASS",
            "SUDO_ASKPASS",
            "PROMPT_COMMAND",
            "GIT_SEQUENCE_EDITOR",
            "FCEDIT",
            "LESSOPEN",
            "LESSCLOSE",
        ];
        const LOADER_VARS: &[&str] = &[
            "PATH",
            "IFS",
            "LD_PRELOAD",
            "LD_LIBRARY_PATH",
            "LD_AUDIT",
            "DYLD_INSERT_LIBRARIES",
            "DYLD_LIBRARY_PATH",
            "BASH_ENV",
            "ENV",
            "SHELLOPTS",
            "BASHOPTS",
            "PYTHONSTARTUP",
            "PYTHONPATH",
            "NODE_OPTIONS",
            "PERL5OPT",
            "PERL5LIB",
            "RUBYOPT",
            "GIT_CONFIG_PARAMETERS",
            "GIT_CONFIG_COUNT",
            "GIT_EXEC_PATH",
            "GIT_TEMPLATE_DIR",
            "GIT_DIR",
            "GIT_WORK_TREE",
        ];
        if COMMAND_VARS.contains(&name) {
            self.flag(
                Effect::Unknown,
                name,
                "sets a command that later programs run",
            );
            if !value.dynamic {
                let code = value.text.trim_start_matches('|');
                self.nested(code, Stdin::Terminal, name);
            }
        } else if LOADER_VARS.contains(&name) || name.starts_with("GIT_CONFIG_") {
            self.flag(
                Effect::Unknown,
                name,
                "changes which code later programs load or run",
            );
        }
    }

    pub(super) fn invoke(&mut self, argv: &[Arg], stdin: Stdin, feed: Option<Vec<String>>) {
        let Some(cmd) = argv.first() else { return };
        self.work += 1;
        if self.work > MAX_WORK {
            self.flag(
                Effect::Critical,
                "command",
                "too much to analyse; a human must read it",
            );
            return;
        }
        if cmd.dynamic || cmd.process_sub {
            self.flag(
                Effect::Critical,
                &cmd.text,
                "the command word comes from a variable or a substitution; the gate cannot read what runs",
            );
            return;
        }
        if cmd.glob {
            self.flag(
                Effect::Critical,
                &cmd.text,
                "the command word is a glob; the gate cannot tell which program it names",
            );
            return;
        }
        if self.was_written(&cmd.text) {
            self.flag(
                Effect::Critical,
                &cmd.text,
                "runs a file written earlier in this command; the gate never saw its contents",
            );
            return;
        }
        let name = program_name(&cmd.text);
        if name.is_empty() {
            self.flag(Effect::Unknown, &cmd.text, "empty command word");
            return;
        }
        if self.fn_stack.contains(&name) {
            self.flag(
                Effect::Critical,
                &name,
                "a function that calls itself (a fork bomb)",
            );
            return;
        }
        self.program(&name, argv, stdin, feed);
    }

    /// Whether `name` was defined as a shell function earlier in the line
    /// (its body was analysed where it was defined).
    pub(super) fn is_function(&self, name: &str) -> bool {
        self.functions.contains(name)
    }
}

/// `./x.sh` and `x.sh` name the same file.
fn normalize_path(path: &str) -> &str {
    let mut p = path;
    while let Some(rest) = p.strip_prefix("./") {
        p = rest;
    }
    p
}

/// Whether a path does not depend on the working directory.
fn is_anchored(path: &str) -> bool {
    path.starts_with('/')
        || path.starts_with('~')
        || path.starts_with("$HOME")
        || path.starts_with("$USERPROFILE")
}

/// The program a command word runs: its file name, lower-cased (a case-
/// insensitive file system runs `RM` as `rm`), without `.exe`.
pub(super) fn program_name(word: &str) -> String {
    let base = word.rsplit(['/', '\\']).next().unwrap_or(word);
    let lower = base.to_ascii_lowercase();
    match lower.strip_suffix(".exe") {
        Some(s) => s.to_owned(),
        None => lower,
    }
}

/// Static words an `echo` / `printf` stage prints, for a following `xargs`.
fn printed_words(c: &Command) -> Option<Vec<String>> {
    let Command::Simple(s) = c else { return None };
    let first = s.words.first()?.literal()?;
    if !matches!(program_name(&first).as_str(), "echo" | "printf") {
        return None;
    }
    let mut out = Vec::new();
    for w in &s.words[1..] {
        let t = w.literal()?;
        if t.starts_with('-') && out.is_empty() {
            continue;
        }
        out.extend(t.split_whitespace().map(str::to_owned));
    }
    Some(out)
}
