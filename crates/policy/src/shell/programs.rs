//! What each program does with its arguments: read-only, writes, the same
//! effect as a gated tool, or critical. Wrappers (`sudo`, `env`, `nice`,
//! `xargs`, `find -exec`, `bash -c`, …) are seen through to the command they
//! run. A program the tables do not know is unknown: it needs a click at
//! normal, and its arguments are searched for a critical command it may run.

use super::Effect;
use super::analyze::{Analyzer, Arg, Stdin, program_name};
use super::parser::parse;
use super::paths::{dangerous_target, is_block_device, is_sink};

/// Shells whose `-c` body is parsed, and which must not read code from a pipe.
const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "yash", "posh",
    "rbash", "oksh", "loksh",
];

/// Interpreters that run code from a pipe when given no script.
const INTERPRETERS: &[(&str, &[&str])] = &[
    ("python", &["-c"]),
    ("python2", &["-c"]),
    ("python3", &["-c"]),
    ("pypy", &["-c"]),
    ("pypy3", &["-c"]),
    ("perl", &["-e", "-E"]),
    ("ruby", &["-e"]),
    ("node", &["-e", "-p", "--eval", "--print"]),
    ("nodejs", &["-e", "-p", "--eval", "--print"]),
    ("bun", &["-e", "--eval"]),
    ("php", &["-r"]),
    ("lua", &["-e"]),
    ("rscript", &["-e"]),
    ("tclsh", &[]),
    ("osascript", &["-e"]),
];

/// Programs that only read and print, given no argument that makes them
/// write (checked in [`read_only_violation`]).
const READ_ONLY: &[&str] = &[
    "ls",
    "dir",
    "vdir",
    "pwd",
    "cat",
    "tac",
    "nl",
    "head",
    "tail",
    "less",
    "more",
    "wc",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "cut",
    "tr",
    "paste",
    "join",
    "comm",
    "diff",
    "cmp",
    "column",
    "fold",
    "fmt",
    "expand",
    "unexpand",
    "rev",
    "strings",
    "od",
    "hexdump",
    "xxd",
    "base64",
    "base32",
    "basenc",
    "md5sum",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "b2sum",
    "cksum",
    "sum",
    "seq",
    "yes",
    "expr",
    "factor",
    "numfmt",
    "cal",
    "date",
    "jq",
    "yq",
    "tree",
    "stat",
    "file",
    "du",
    "df",
    "lsattr",
    "getfacl",
    "namei",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "which",
    "whereis",
    "type",
    "echo",
    "printf",
    "true",
    "false",
    ":",
    "test",
    "[",
    "sleep",
    "id",
    "whoami",
    "groups",
    "who",
    "w",
    "users",
    "uname",
    "arch",
    "nproc",
    "hostname",
    "uptime",
    "free",
    "ps",
    "pgrep",
    "lscpu",
    "lsblk",
    "lsusb",
    "lspci",
    "lsmod",
    "locale",
    "tty",
    "printenv",
    "getconf",
    "getent",
    "man",
    "info",
    "help",
    "whatis",
    "apropos",
    "sort",
    "uniq",
    "shuf",
    "cd",
    "pushd",
    "popd",
    "dirs",
    "read",
    "wait",
    "exit",
    "return",
    "shift",
    "set",
    "unset",
    "export",
    "declare",
    "typeset",
    "local",
    "readonly",
    "shopt",
    "ulimit",
    "umask",
    "jobs",
    "tput",
    "clear",
    "zcat",
    "zless",
    "zgrep",
    "bzcat",
    "xzcat",
    "zstdcat",
    "tsort",
    "top",
    "ss",
    "netstat",
    "lsof",
    "vmstat",
    "iostat",
    "mpstat",
    "last",
    "nslookup",
    "dig",
    "host",
    "hash",
    "let",
    "break",
    "continue",
];

/// Programs known to change files or the system (reported as such; they
/// gate like unknown programs).
const MUTATING: &[&str] = &[
    "cp",
    "mkdir",
    "touch",
    "ln",
    "install",
    "truncate",
    "patch",
    "tar",
    "zip",
    "unzip",
    "gzip",
    "gunzip",
    "bzip2",
    "xz",
    "7z",
    "rsync",
    "scp",
    "kill",
    "pkill",
    "killall",
    "rmdir",
    "unlink",
    "crontab",
    "systemctl",
    "service",
    "apt",
    "apt-get",
    "dpkg",
    "yum",
    "dnf",
    "brew",
    "pip",
    "pip3",
    "npm",
    "pnpm",
    "yarn",
    "cargo",
    "docker",
    "kubectl",
    "terraform",
    "mount",
    "umount",
    "useradd",
    "userdel",
    "usermod",
    "passwd",
    "iptables",
    "reboot",
    "shutdown",
    "halt",
    "poweroff",
    "split",
    "csplit",
    "ssh",
    "sftp",
];

/// Programs that destroy disk contents whatever their arguments.
const DISK_DESTROYERS: &[&str] = &[
    "shred",
    "wipefs",
    "blkdiscard",
    "format",
    "diskpart",
    "mkswap",
    "mke2fs",
    "mkdosfs",
    "mkntfs",
    "mkexfatfs",
    "zpool",
    "cryptsetup",
    "sgdisk",
];

/// Program names worth probing for when an unknown program's arguments may
/// be a command it runs (`chrt 1 rm -rf /`, `ssh host sudo …`).
fn may_be_critical(name: &str) -> bool {
    const NAMES: &[&str] = &[
        "sudo", "doas", "su", "pkexec", "run0", "rm", "mv", "chmod", "chown", "chgrp", "dd",
        "eval", "git", "find", "xargs", "env", "reg", "fdisk", "parted", "sfdisk", "busybox",
        "source", ".", "nice", "nohup", "timeout", "command", "exec",
    ];
    NAMES.contains(&name)
        || SHELLS.contains(&name)
        || DISK_DESTROYERS.contains(&name)
        || name.starts_with("mkfs")
}

/// Splits GNU-style arguments (options may follow operands; `--` ends them).
fn split_gnu(args: &[Arg]) -> (Vec<&str>, Vec<&Arg>) {
    let mut opts = Vec::new();
    let mut operands = Vec::new();
    let mut ended = false;
    for a in args {
        if !ended && a.text == "--" {
            ended = true;
        } else if !ended && a.text.len() > 1 && a.text.starts_with('-') && !a.dynamic {
            opts.push(a.text.as_str());
        } else {
            operands.push(a);
        }
    }
    (opts, operands)
}

/// Where a command's operands start: past its options (`takes_value`
/// options consume the next word too) and a `--`.
fn operand_start(args: &[Arg], takes_value: impl Fn(&str) -> bool) -> usize {
    let mut i = 0;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            return i + 1;
        }
        if !t.starts_with('-') || t.len() < 2 || args[i].dynamic {
            break;
        }
        i += if takes_value(t) { 2 } else { 1 };
    }
    i
}

/// A wrapper's own options: those before its first operand (or `--`).
fn leading_options(args: &[Arg]) -> Vec<&str> {
    args.iter()
        .map(|a| a.text.as_str())
        .take_while(|t| t.len() > 1 && t.starts_with('-') && *t != "--")
        .collect()
}

/// Whether a short flag appears alone or in a cluster (`-r`, `-rf`, `-fR`).
fn has_short(opts: &[&str], flag: char) -> bool {
    opts.iter()
        .any(|o| !o.starts_with("--") && o[1..].contains(flag))
}

/// Whether a long option appears, with or without `=value`.
fn has_long(opts: &[&str], name: &str) -> bool {
    opts.iter().any(|o| {
        o.strip_prefix(name)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('='))
    })
}

fn texts(args: &[Arg]) -> impl Iterator<Item = &str> {
    args.iter().map(|a| a.text.as_str())
}

impl Analyzer {
    pub(super) fn program(
        &mut self,
        name: &str,
        argv: &[Arg],
        stdin: Stdin,
        feed: Option<Vec<String>>,
    ) {
        let args = &argv[1..];
        match name {
            "sudo" | "doas" => {
                self.flag(
                    Effect::Critical,
                    name,
                    "privilege escalation runs as another user",
                );
                if let Some(rest) = skip_sudo_options(args) {
                    self.invoke(rest, stdin, feed);
                }
            }
            "su" | "pkexec" | "run0" | "runas" => {
                self.flag(
                    Effect::Critical,
                    name,
                    "privilege escalation runs as another user",
                );
                if name == "su" {
                    let body = args
                        .windows(2)
                        .find(|w| w[0].text == "-c" || w[0].text == "--command");
                    if let Some(w) = body {
                        self.shell_body(name, &w[1], stdin);
                    }
                } else if let Some(i) = args.iter().position(|a| !a.text.starts_with('-')) {
                    self.invoke(&args[i..], stdin, feed);
                }
            }
            "env" => self.env(args, stdin, feed),
            "command" => {
                let own = leading_options(args);
                if has_short(&own, 'v') || has_short(&own, 'V') {
                    self.read_only("command");
                } else {
                    self.wrapped(name, args, &[], &[], stdin, feed);
                }
            }
            "builtin" | "nohup" | "setsid" | "unbuffer" | "caffeinate" | "chronic" | "exec"
            | "busybox" | "torsocks" | "proxychains" | "proxychains4" | "sg" => {
                self.wrapped(name, args, &["-a", "-g"], &[], stdin, feed)
            }
            "nice" => self.wrapped(name, args, &["-n", "--adjustment"], &[], stdin, feed),
            "time" => {
                let own = leading_options(args);
                if has_short(&own, 'o') || has_long(&own, "--output") {
                    self.flag(Effect::Mutating, "time", "writes its report to a file");
                }
                self.wrapped(
                    name,
                    args,
                    &["-f", "--format", "-o", "--output"],
                    &[],
                    stdin,
                    feed,
                )
            }
            "timeout" => self.wrapped(
                name,
                args,
                &["-s", "--signal", "-k", "--kill-after"],
                &["duration"],
                stdin,
                feed,
            ),
            "stdbuf" => self.wrapped(
                name,
                args,
                &["-i", "-o", "-e", "--input", "--output", "--error"],
                &[],
                stdin,
                feed,
            ),
            "ionice" => self.wrapped(
                name,
                args,
                &["-c", "-n", "--class", "--classdata"],
                &[],
                stdin,
                feed,
            ),
            "taskset" => self.wrapped(name, args, &[], &["mask"], stdin, feed),
            "flock" => self.wrapped(
                name,
                args,
                &["-w", "--timeout", "-E", "--conflict-exit-code"],
                &["lockfile"],
                stdin,
                feed,
            ),
            "xargs" => self.xargs(args, feed),
            "watch" => self.watch(args),
            "eval" => self.flag(
                Effect::Critical,
                "eval",
                "eval runs text as code; the gate does not vet text turned into code",
            ),
            "source" | "." => self.source(name, args, stdin),
            "trap" => match args.first() {
                Some(a) if !a.text.starts_with('-') => {
                    self.flag(Effect::Unknown, "trap", "installs code to run later");
                    if a.dynamic {
                        self.flag(Effect::Critical, "trap", "installs code from a variable");
                    } else {
                        self.nested(&a.text, Stdin::Terminal, "the trap command");
                    }
                }
                _ => self.read_only("trap"),
            },
            "alias" => {
                if args.iter().any(|a| a.text.contains('=')) {
                    self.flag(
                        Effect::Unknown,
                        "alias",
                        "defines an alias that changes what later words run",
                    );
                } else {
                    self.read_only("alias");
                }
            }
            "cd" | "pushd" => {
                let target = args
                    .iter()
                    .find(|a| !a.text.starts_with('-') || a.text == "-");
                self.change_dir(target);
                self.read_only(name);
            }
            "ssh" => self.ssh(args),
            "git" => self.git(args),
            "gh" | "glab" | "hub" => self.forge(name, args),
            "rm" => self.rm(args),
            "mv" => self.mv(args),
            "chmod" | "chown" | "chgrp" | "chattr" | "setfacl" => self.chmod_like(name, args),
            "dd" => self.dd(args),
            "find" => self.find(args),
            "sed" => self.sed(args),
            "awk" | "gawk" | "mawk" | "nawk" => self.awk(name, args),
            "tee" => self.tee(args),
            "curl" | "wget" => self.fetch(name, args),
            "fdisk" | "sfdisk" | "parted" | "gdisk" | "cfdisk" => {
                let (opts, _) = split_gnu(args);
                if has_short(&opts, 'l') || has_long(&opts, "--list") {
                    self.read_only(name);
                } else {
                    self.flag(Effect::Critical, name, "rewrites a disk's partition table");
                }
            }
            "reg" => {
                let sub = args.first().map(|a| a.text.to_ascii_lowercase());
                if sub.as_deref() == Some("delete") {
                    self.flag(
                        Effect::Critical,
                        "reg delete",
                        "deletes Windows registry keys",
                    );
                } else {
                    self.flag(
                        Effect::Unknown,
                        "reg",
                        "changes or reads the Windows registry",
                    );
                }
            }
            "pwsh" | "powershell" => self.powershell(name, args, stdin),
            "rd" | "del" | "erase" | "rmdir"
                if args.iter().any(|a| a.text.eq_ignore_ascii_case("/s")) =>
            {
                let target = args
                    .iter()
                    .filter(|a| !a.text.starts_with('/') || a.text.len() > 2)
                    .find_map(|a| dangerous_target(&a.text));
                match target {
                    Some(what) => self.flag(
                        Effect::Critical,
                        name,
                        format!("recursive delete of {what}"),
                    ),
                    None => self.flag(Effect::Mutating, name, "deletes files"),
                }
            }
            "history" => {
                if leading_options(args)
                    .iter()
                    .any(|o| o.contains(['c', 'd', 'w', 'a', 'n', 'r', 's']))
                {
                    self.flag(Effect::Mutating, name, "changes the shell history");
                } else {
                    self.read_only(name);
                }
            }
            "cmd" => self.flag(Effect::Unknown, "cmd", "runs a Windows command line"),
            n if SHELLS.contains(&n) => self.shell(n, args, stdin),
            n if DISK_DESTROYERS.contains(&n)
                || n.starts_with("mkfs")
                || n.starts_with("newfs") =>
            {
                self.flag(
                    Effect::Critical,
                    n,
                    "irreversibly destroys the data on a disk or file",
                )
            }
            n if READ_ONLY.contains(&n) => match read_only_violation(n, args) {
                None => {
                    for a in args {
                        if let Some((var, value)) = assignment_arg(n, &a.text) {
                            self.assignment(
                                var,
                                &Arg {
                                    text: value.to_owned(),
                                    ..a.clone()
                                },
                            );
                        }
                    }
                    self.read_only(n)
                }
                Some(why) => {
                    self.flag(Effect::Mutating, n, why);
                    self.device_operands(n, args);
                }
            },
            n if MUTATING.contains(&n) => {
                self.flag(Effect::Mutating, n, "changes files or the system");
                self.device_operands(n, args);
            }
            n => {
                if let Some((_, inline)) = INTERPRETERS.iter().find(|(i, _)| {
                    n.strip_prefix(i)
                        .is_some_and(|r| r.is_empty() || r.starts_with('.'))
                }) {
                    self.interpreter(n, args, inline, stdin);
                } else if self.is_function(n) && !argv[0].text.contains('/') {
                    self.read_only(n);
                    return;
                } else {
                    self.flag(Effect::Unknown, n, "a program the gate does not know");
                }
                self.device_operands(n, args);
                self.probe_wrapped(n, argv, stdin);
            }
        }
    }

    /// Peels a wrapper's options (`value_opts` take a value, separate or
    /// attached) and `positional` leading operands, then analyses the
    /// command it runs.
    fn wrapped(
        &mut self,
        name: &str,
        args: &[Arg],
        value_opts: &[&str],
        positional: &[&str],
        stdin: Stdin,
        feed: Option<Vec<String>>,
    ) {
        let mut i = operand_start(args, |t| value_opts.contains(&t));
        i += positional.len();
        match args.get(i..) {
            Some(rest) if !rest.is_empty() => self.invoke(rest, stdin, feed),
            _ => self.read_only(name),
        }
    }

    /// When an unknown program's arguments include a program that can do
    /// critical harm, probes the rest of the line as that command.
    fn probe_wrapped(&mut self, outer: &str, argv: &[Arg], stdin: Stdin) {
        for i in 1..argv.len().min(32) {
            let candidate = program_name(&argv[i].text);
            if argv[i].dynamic || !may_be_critical(&candidate) {
                continue;
            }
            let mut probe = self.probe();
            probe.invoke(&argv[i..], stdin, None);
            if probe.effect() == Effect::Critical {
                let why = probe.worst_reason().unwrap_or_default();
                self.flag(
                    Effect::Critical,
                    outer,
                    format!("may run `{candidate}` from its arguments ({why})"),
                );
                return;
            }
        }
    }

    /// Any non-read-only program pointed at a raw disk is critical.
    fn device_operands(&mut self, name: &str, args: &[Arg]) {
        for a in args {
            let value = a.text.split_once('=').map_or(a.text.as_str(), |(_, v)| v);
            if is_block_device(&a.text) || is_block_device(value) {
                self.flag(
                    Effect::Critical,
                    name,
                    format!("acts on the raw device {}", a.text),
                );
                return;
            }
        }
    }

    // ---- environment and code-running wrappers ----------------------------

    fn env(&mut self, args: &[Arg], stdin: Stdin, feed: Option<Vec<String>>) {
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            let t = a.text.as_str();
            match t {
                "-i" | "-" | "--ignore-environment" | "-0" | "--null" | "-v" | "--debug" => i += 1,
                "-u" | "--unset" | "-C" | "--chdir" | "-P" => i += 2,
                "-S" | "--split-string" => {
                    let Some(s) = args.get(i + 1) else { break };
                    self.env_split(s, &args[i + 2..], stdin, feed);
                    return;
                }
                "--" => {
                    i += 1;
                    break;
                }
                _ if t.starts_with("--split-string=")
                    || (t.starts_with("-S") && !t.starts_with("--")) =>
                {
                    let value = t.strip_prefix("--split-string=").unwrap_or_else(|| &t[2..]);
                    let s = Arg {
                        text: value.to_owned(),
                        ..a.clone()
                    };
                    self.env_split(&s, &args[i + 1..], stdin, feed);
                    return;
                }
                _ if t.starts_with('-') && !a.dynamic => i += 1,
                _ => match t.split_once('=') {
                    Some((var, value)) if is_var_name(var) => {
                        self.assignment(
                            var,
                            &Arg {
                                text: value.to_owned(),
                                ..a.clone()
                            },
                        );
                        i += 1;
                    }
                    _ => break,
                },
            }
        }
        match args.get(i..) {
            Some(rest) if !rest.is_empty() => self.invoke(rest, stdin, feed),
            _ => self.read_only("env"),
        }
    }

    /// `env -S 'cmd args'`: the string is split into words and run.
    fn env_split(&mut self, s: &Arg, rest: &[Arg], stdin: Stdin, feed: Option<Vec<String>>) {
        let words = if s.dynamic {
            None
        } else {
            static_words(&s.text)
        };
        let Some(mut argv) = words else {
            self.flag(
                Effect::Critical,
                "env -S",
                "runs a command string the gate cannot read",
            );
            return;
        };
        argv.extend_from_slice(rest);
        self.env(&argv, stdin, feed);
    }

    /// A shell (`bash`, `sh`, …): its `-c` body is parsed and analysed; a
    /// shell that reads its script from a pipe or a redirection runs text
    /// the gate never sees.
    fn shell(&mut self, name: &str, args: &[Arg], stdin: Stdin) {
        let mut i = 0;
        let mut command_mode = false;
        let mut stdin_mode = false;
        while i < args.len() {
            let t = args[i].text.as_str();
            if t == "--" || t == "-" {
                stdin_mode |= t == "-";
                i += 1;
                break;
            }
            if args[i].dynamic || t.len() < 2 || !(t.starts_with('-') || t.starts_with('+')) {
                break;
            }
            if let Some(long) = t.strip_prefix("--") {
                if matches!(long, "rcfile" | "init-file") {
                    i += 1;
                }
                if long == "command" {
                    command_mode = true;
                }
            } else {
                for ch in t[1..].chars() {
                    match ch {
                        'c' => command_mode = true,
                        's' => stdin_mode = true,
                        'o' | 'O' => i += 1,
                        _ => {}
                    }
                }
            }
            i += 1;
        }
        if command_mode {
            match args.get(i) {
                Some(body) => self.shell_body(name, body, stdin),
                None => self.flag(Effect::Critical, name, "-c without a command to read"),
            }
            return;
        }
        match args.get(i) {
            Some(script) if !stdin_mode => {
                let t = script.text.as_str();
                if self.was_written(t) {
                    self.flag(
                        Effect::Critical,
                        name,
                        "runs a script written earlier in this command; the gate never saw it",
                    );
                } else if script.dynamic || script.process_sub || is_stdin_path(t) {
                    self.flag(
                        Effect::Critical,
                        name,
                        "runs a script from a substitution or stdin; the gate cannot read it",
                    );
                } else {
                    self.flag(
                        Effect::Unknown,
                        name,
                        format!("runs the script file {t}, which the gate does not read"),
                    );
                }
            }
            _ if stdin.carries_text() => self.flag(
                Effect::Critical,
                name,
                "text piped or fed into a shell runs as code the gate cannot read",
            ),
            _ => self.flag(Effect::Unknown, name, "starts an interactive shell"),
        }
    }

    fn shell_body(&mut self, name: &str, body: &Arg, stdin: Stdin) {
        if body.dynamic {
            self.flag(
                Effect::Critical,
                name,
                "the -c body comes from a variable or a substitution; the gate cannot read it",
            );
        } else {
            self.nested(&body.text, stdin, &format!("{name} -c"));
        }
    }

    fn powershell(&mut self, name: &str, args: &[Arg], stdin: Stdin) {
        let lower: Vec<String> = texts(args).map(str::to_ascii_lowercase).collect();
        let encoded = lower.iter().any(|a| {
            let a = a.trim_start_matches(['-', '/']);
            a.len() >= 2 && "encodedcommand".starts_with(a) && a.starts_with('e')
        });
        if encoded {
            self.flag(
                Effect::Critical,
                name,
                "runs an encoded command the gate cannot read",
            );
        } else if (args.is_empty() || lower.iter().any(|a| a == "-")) && stdin.carries_text() {
            self.flag(
                Effect::Critical,
                name,
                "text piped into PowerShell runs as code the gate cannot read",
            );
        } else {
            self.flag(
                Effect::Unknown,
                name,
                "runs PowerShell code the gate does not analyse",
            );
        }
    }

    fn interpreter(&mut self, name: &str, args: &[Arg], inline: &[&str], stdin: Stdin) {
        let is_inline_flag = |a: &Arg| {
            inline.iter().any(|f| {
                a.text == *f
                    || (f.len() == 2
                        && a.text.starts_with('-')
                        && !a.text.starts_with("--")
                        && a.text[1..].ends_with(&f[1..]))
            })
        };
        if let Some(i) = args.iter().position(is_inline_flag) {
            // Code built at run time (`python3 -c "$(curl …)"`) is code the
            // gate cannot read, whatever the language.
            if args
                .get(i + 1)
                .is_some_and(|code| code.dynamic || code.process_sub)
            {
                self.flag(
                    Effect::Critical,
                    name,
                    "runs inline code that comes from a variable or a substitution",
                );
            }
            let code = texts(args).collect::<Vec<_>>().join(" ");
            if code.contains("fork")
                && (code.contains("while") || code.contains("for ") || code.contains("loop"))
            {
                self.flag(
                    Effect::Critical,
                    name,
                    "inline code that forks in a loop (a fork bomb)",
                );
            }
            self.flag(Effect::Unknown, name, format!("runs inline {name} code"));
            return;
        }
        let script = args
            .iter()
            .find(|a| !a.text.starts_with('-') || a.text == "-");
        match script {
            Some(s) if s.process_sub || s.dynamic || is_stdin_path(&s.text) => {
                if stdin == Stdin::Piped || s.process_sub || s.dynamic {
                    self.flag(
                        Effect::Critical,
                        name,
                        "runs code from a pipe or a substitution; the gate cannot read it",
                    );
                } else {
                    self.flag(
                        Effect::Unknown,
                        name,
                        format!("runs {name} code from stdin"),
                    );
                }
            }
            Some(s) if self.was_written(&s.text) => self.flag(
                Effect::Critical,
                name,
                "runs a script written earlier in this command; the gate never saw it",
            ),
            Some(s) => self.flag(
                Effect::Unknown,
                name,
                format!("runs the {name} script {}", s.text),
            ),
            None if stdin == Stdin::Piped => self.flag(
                Effect::Critical,
                name,
                format!("text piped into {name} runs as code the gate cannot read"),
            ),
            None => self.flag(Effect::Unknown, name, format!("runs {name} code")),
        }
    }

    fn source(&mut self, name: &str, args: &[Arg], stdin: Stdin) {
        match args.first() {
            Some(f)
                if f.dynamic
                    || f.process_sub
                    || is_stdin_path(&f.text)
                    || (stdin.carries_text() && f.text == "/dev/stdin") =>
            {
                self.flag(
                    Effect::Critical,
                    name,
                    "runs code from a substitution or stdin; the gate cannot read it",
                )
            }
            Some(f) if self.was_written(&f.text) => self.flag(
                Effect::Critical,
                name,
                "runs a file written earlier in this command; the gate never saw it",
            ),
            Some(f) => self.flag(
                Effect::Unknown,
                name,
                format!("runs {} in this shell; the gate does not read it", f.text),
            ),
            None => self.flag(Effect::Unknown, name, "nothing to source"),
        }
    }

    /// `ssh host cmd…`: the remote shell joins and parses the words.
    fn ssh(&mut self, args: &[Arg]) {
        const VALUE_OPTS: &str = "BbcDEeFIiJLlmOopQRSWw";
        self.flag(Effect::Unknown, "ssh", "runs commands on another machine");
        let i = operand_start(args, |t| {
            t.len() == 2 && t.chars().last().is_some_and(|c| VALUE_OPTS.contains(c))
        });
        let remote = args.get(i + 1..).unwrap_or_default();
        if remote.is_empty() {
            return;
        }
        if remote.iter().any(|a| a.dynamic) {
            self.flag(
                Effect::Critical,
                "ssh",
                "runs a remote command built from variables",
            );
            return;
        }
        let joined: Vec<&str> = texts(remote).collect();
        self.nested(&joined.join(" "), Stdin::Terminal, "the ssh remote command");
    }

    fn watch(&mut self, args: &[Arg]) {
        let mut i = 0;
        let mut exec = false;
        while i < args.len() {
            let t = args[i].text.as_str();
            if t == "--" {
                i += 1;
                break;
            }
            if !t.starts_with('-') || args[i].dynamic {
                break;
            }
            exec |= t == "-x" || t == "--exec";
            i += if matches!(t, "-n" | "--interval" | "-q" | "--equexit") {
                2
            } else {
                1
            };
        }
        let rest = args.get(i..).unwrap_or_default();
        if rest.is_empty() {
            self.read_only("watch");
        } else if exec {
            self.invoke(rest, Stdin::Terminal, None);
        } else if rest.iter().any(|a| a.dynamic) {
            self.flag(
                Effect::Critical,
                "watch",
                "runs a command built from variables",
            );
        } else {
            let joined: Vec<&str> = texts(rest).collect();
            self.nested(&joined.join(" "), Stdin::Terminal, "the watch command");
        }
    }

    /// `xargs` keeps stdin for itself: the command it runs gets the input
    /// as arguments, and no text on its own stdin.
    fn xargs(&mut self, args: &[Arg], feed: Option<Vec<String>>) {
        const VALUE_OPTS: &[&str] = &[
            "-a",
            "-d",
            "-E",
            "-I",
            "-L",
            "-n",
            "-P",
            "-s",
            "--arg-file",
            "--delimiter",
            "--eof",
            "--replace",
            "--max-lines",
            "--max-args",
            "--max-procs",
            "--max-chars",
            "--process-slot-var",
        ];
        let mut i = 0;
        let mut replace: Option<String> = None;
        while i < args.len() {
            let t = args[i].text.as_str();
            if t == "--" {
                i += 1;
                break;
            }
            if !t.starts_with('-') || t.len() < 2 || args[i].dynamic {
                break;
            }
            if t == "-I" || t == "--replace" {
                replace = args.get(i + 1).map(|a| a.text.clone());
                i += 2;
            } else if let Some(r) = t.strip_prefix("--replace=") {
                replace = Some(r.to_owned());
                i += 1;
            } else if let Some(r) = t.strip_prefix("-I").or_else(|| t.strip_prefix("-i")) {
                replace = Some(if r.is_empty() {
                    "{}".to_owned()
                } else {
                    r.to_owned()
                });
                i += 1;
            } else if VALUE_OPTS.contains(&t) {
                i += 2;
            } else {
                i += 1;
            }
        }
        let rest = args.get(i..).unwrap_or_default();
        if rest.is_empty() {
            self.read_only("xargs");
            return;
        }
        let inner = program_name(&rest[0].text);
        let code_from_input = match &replace {
            Some(r) => rest.iter().any(|a| a.text.contains(r.as_str())),
            None => false,
        };
        if code_from_input && (SHELLS.contains(&inner.as_str()) || inner == "eval") {
            self.flag(
                Effect::Critical,
                "xargs",
                "splices its input into shell code; the gate cannot read what runs",
            );
        }
        // What the previous stage prints becomes arguments (or replaces `{}`).
        let fed_words: Vec<Arg> = feed
            .unwrap_or_else(|| vec!["<input>".to_owned()])
            .iter()
            .map(|w| Arg::literal(w))
            .collect();
        let mut argv: Vec<Arg> = Vec::with_capacity(rest.len() + fed_words.len());
        match &replace {
            Some(r) => {
                for a in rest {
                    if a.text.contains(r.as_str()) {
                        for w in &fed_words {
                            argv.push(Arg {
                                text: a.text.replace(r.as_str(), &w.text),
                                ..a.clone()
                            });
                        }
                    } else {
                        argv.push(a.clone());
                    }
                }
            }
            None => {
                argv.extend_from_slice(rest);
                argv.extend(fed_words);
            }
        }
        self.invoke(&argv, Stdin::Terminal, None);
    }

    // ---- file system -------------------------------------------------------

    fn rm(&mut self, args: &[Arg]) {
        let (opts, operands) = split_gnu(args);
        let recursive =
            has_short(&opts, 'r') || has_short(&opts, 'R') || has_long(&opts, "--recursive");
        if recursive {
            for op in &operands {
                if let Some(what) = dangerous_target(&self.resolve(&op.text)) {
                    self.flag(
                        Effect::Critical,
                        "rm",
                        format!("recursive delete of {what} ({})", op.text),
                    );
                    return;
                }
            }
        }
        self.flag(Effect::Mutating, "rm", "deletes files");
        self.device_operands("rm", args);
    }

    fn mv(&mut self, args: &[Arg]) {
        let (opts, operands) = split_gnu(args);
        let has_target_dir = has_short(&opts, 't') || has_long(&opts, "--target-directory");
        let sources: &[&Arg] = if has_target_dir || operands.len() < 2 {
            &operands
        } else {
            &operands[..operands.len() - 1]
        };
        for op in sources {
            if let Some(what) = dangerous_target(&self.resolve(&op.text)) {
                self.flag(
                    Effect::Critical,
                    "mv",
                    format!("moves {what} ({})", op.text),
                );
                return;
            }
        }
        self.flag(Effect::Mutating, "mv", "moves files");
        self.device_operands("mv", args);
    }

    fn chmod_like(&mut self, name: &str, args: &[Arg]) {
        let (_, operands) = split_gnu(args);
        let what_changes = if name == "chmod" || name == "setfacl" || name == "chattr" {
            "the permissions"
        } else {
            "the ownership"
        };
        for op in &operands {
            if let Some(what) = dangerous_target(&self.resolve(&op.text)) {
                self.flag(
                    Effect::Critical,
                    name,
                    format!("changes {what_changes} of {what} ({})", op.text),
                );
                return;
            }
        }
        self.flag(
            Effect::Mutating,
            name,
            format!("changes {what_changes} of files"),
        );
    }

    fn dd(&mut self, args: &[Arg]) {
        let mut writes = false;
        for a in args {
            if let Some(out) = a.text.strip_prefix("of=") {
                if is_block_device(out) {
                    self.flag(
                        Effect::Critical,
                        "dd",
                        format!("writes to the raw device {out}"),
                    );
                    return;
                }
                writes |= !is_sink(out);
            }
        }
        if writes {
            self.flag(Effect::Mutating, "dd", "writes a file");
        } else {
            self.read_only("dd");
        }
    }

    fn tee(&mut self, args: &[Arg]) {
        let (_, operands) = split_gnu(args);
        if operands.iter().all(|o| is_sink(&o.text)) {
            self.read_only("tee");
            return;
        }
        self.device_operands("tee", args);
        for o in &operands {
            self.wrote(&o.text);
        }
        self.flag(Effect::Mutating, "tee", "writes files");
    }

    fn find(&mut self, args: &[Arg]) {
        // Actions and options that do not narrow which files are hit.
        const NOT_NARROWING: &[&str] = &[
            "-type",
            "-xtype",
            "-maxdepth",
            "-mindepth",
            "-depth",
            "-d",
            "-xdev",
            "-mount",
            "-follow",
            "-noleaf",
            "-ignore_readdir_race",
            "-print",
            "-print0",
            "-printf",
            "-ls",
            "-true",
            "-nowarn",
            "-warn",
            "-regextype",
            "-daystart",
            "-delete",
            "-exec",
            "-execdir",
            "-ok",
            "-okdir",
            "-a",
            "-and",
            "-o",
            "-or",
            ",",
        ];
        let mut i = 0;
        while i < args.len() && matches!(args[i].text.as_str(), "-H" | "-L" | "-P") {
            i += 1;
        }
        while i < args.len() && (args[i].text == "-D" || args[i].text.starts_with("-O")) {
            i += if args[i].text == "-D" { 2 } else { 1 };
        }
        let mut starts: Vec<&Arg> = Vec::new();
        while i < args.len()
            && !args[i].text.starts_with('-')
            && !matches!(args[i].text.as_str(), "(" | "!" | ")")
        {
            starts.push(&args[i]);
            i += 1;
        }
        let expr = args.get(i..).unwrap_or_default();
        let tests: Vec<&str> = find_tests(expr).collect();
        // `-name '*'` matches everything: it narrows nothing.
        let narrowed = tests.iter().enumerate().any(|(k, t)| {
            let matches_all = matches!(
                *t,
                "-name" | "-iname" | "-path" | "-ipath" | "-wholename" | "-iwholename"
            ) && tests
                .get(k + 1)
                .is_some_and(|v| v.chars().all(|c| c == '*'));
            t.starts_with('-') && !NOT_NARROWING.contains(t) && !matches_all
        });
        let mut effect_found = false;
        let mut j = 0;
        while j < expr.len() {
            let t = expr[j].text.as_str();
            match t {
                "-delete" => {
                    effect_found = true;
                    let whole = starts
                        .iter()
                        .find_map(|s| dangerous_target(&self.resolve(&s.text)));
                    match whole {
                        Some(what) if !narrowed => self.flag(
                            Effect::Critical,
                            "find",
                            format!("deletes everything under {what}"),
                        ),
                        _ => self.flag(Effect::Mutating, "find", "-delete removes files"),
                    }
                }
                "-exec" | "-execdir" | "-ok" | "-okdir" => {
                    effect_found = true;
                    // Never read-only, whatever it runs: one command per file
                    // found is more than a person can read ahead.
                    self.flag(
                        Effect::Mutating,
                        "find",
                        format!("{t} runs a command on every file found"),
                    );
                    let end = expr[j + 1..]
                        .iter()
                        .position(|a| a.text == ";" || a.text == "+")
                        .map_or(expr.len(), |k| j + 1 + k);
                    let cmd = &expr[j + 1..end];
                    // `{}` stands for each file found: with no test narrowing
                    // the search, that includes the starting points themselves.
                    let stand_ins: Vec<String> = if narrowed || starts.is_empty() {
                        vec!["./found-file".to_owned()]
                    } else {
                        starts.iter().map(|s| s.text.clone()).collect()
                    };
                    for stand_in in &stand_ins {
                        let argv: Vec<Arg> = cmd
                            .iter()
                            .map(|a| Arg {
                                text: a.text.replace("{}", stand_in),
                                ..a.clone()
                            })
                            .collect();
                        self.invoke(&argv, Stdin::Terminal, None);
                    }
                    j = end;
                }
                "-fprint" | "-fprint0" | "-fprintf" | "-fls" => {
                    effect_found = true;
                    self.flag(Effect::Mutating, "find", format!("{t} writes a file"));
                }
                _ => {}
            }
            j += 1;
        }
        if !effect_found {
            self.read_only("find");
        }
    }

    fn sed(&mut self, args: &[Arg]) {
        let mut scripts: Vec<&str> = Vec::new();
        let mut operands: Vec<&str> = Vec::new();
        let mut i = 0;
        let mut ended = false;
        while i < args.len() {
            let t = args[i].text.as_str();
            if ended || !t.starts_with('-') || t == "-" {
                operands.push(t);
            } else if t == "--" {
                ended = true;
            } else if t == "-i"
                || t.starts_with("--in-place")
                || (t.starts_with("-i") && !t.starts_with("--"))
            {
                self.flag(Effect::Mutating, "sed", "-i edits files in place");
                return;
            } else if t == "-e" || t == "--expression" {
                if let Some(s) = args.get(i + 1) {
                    scripts.push(s.text.as_str());
                }
                i += 1;
            } else if let Some(s) = t.strip_prefix("--expression=") {
                scripts.push(s);
            } else if t == "-f" || t.starts_with("--file") {
                self.flag(
                    Effect::Unknown,
                    "sed",
                    "reads its script from a file the gate does not read",
                );
                return;
            } else if t == "-l" || t == "--line-length" {
                i += 1;
            } else if !t.starts_with("--") && t.contains('i') {
                self.flag(Effect::Mutating, "sed", "-i edits files in place");
                return;
            } else if t.starts_with("-e") && t.len() > 2 {
                scripts.push(&t[2..]);
            }
            i += 1;
        }
        if scripts.is_empty() && !operands.is_empty() {
            scripts.push(operands[0]);
        }
        if args.iter().any(|a| a.dynamic) && scripts.iter().any(|s| s.contains('$')) {
            self.flag(Effect::Unknown, "sed", "its script is built at run time");
        } else if scripts.iter().all(|s| sed_script_read_only(s)) {
            self.read_only("sed");
        } else {
            self.flag(
                Effect::Mutating,
                "sed",
                "its script writes files or runs commands",
            );
        }
    }

    fn awk(&mut self, name: &str, args: &[Arg]) {
        let mut i = 0;
        let mut program: Option<&str> = None;
        while i < args.len() {
            let t = args[i].text.as_str();
            match t {
                "-F" | "-v" | "--assign" | "--field-separator" => i += 2,
                "-f" | "--file" | "-i" | "--include" | "-l" | "--load" => {
                    self.flag(Effect::Unknown, name, "loads program code from a file");
                    return;
                }
                "-e" | "--source" => {
                    program = args.get(i + 1).map(|a| a.text.as_str());
                    i += 2;
                }
                "--" => {
                    i += 1;
                    break;
                }
                _ if t.starts_with('-') && t.len() > 1 => i += 1,
                _ => break,
            }
        }
        let program = program
            .or_else(|| args.get(i).map(|a| a.text.as_str()))
            .unwrap_or("");
        let writes_or_runs = awk_program_writes_or_runs(program);
        if writes_or_runs {
            self.flag(
                Effect::Mutating,
                name,
                "its program may write files or run commands",
            );
        } else {
            self.read_only(name);
        }
    }

    fn fetch(&mut self, name: &str, args: &[Arg]) {
        for w in args.windows(2) {
            let t = w[0].text.as_str();
            let cluster = t.starts_with('-') && !t.starts_with("--");
            let out_flag = matches!(t, "--output" | "--output-document")
                || (cluster && name == "curl" && t.ends_with('o'))
                || (cluster && name == "wget" && t.ends_with('O'));
            if out_flag && w[1].text != "-" {
                self.wrote(&w[1].text);
            }
        }
        for a in args {
            for prefix in ["--output=", "--output-document="] {
                if let Some(f) = a.text.strip_prefix(prefix) {
                    self.wrote(f);
                }
            }
        }
        let upload = texts(args).any(|t| {
            matches!(
                t,
                "-d" | "-F"
                    | "-T"
                    | "--json"
                    | "--upload-file"
                    | "--post-data"
                    | "--post-file"
                    | "--body-data"
                    | "--body-file"
            ) || t.starts_with("--data")
                || t.starts_with("--form")
                || t.starts_with("--post-")
                || (t.starts_with("-d") && !t.starts_with("--") && name == "curl")
        });
        let method = args.windows(2).any(|w| {
            (w[0].text == "-X" || w[0].text == "--request" || w[0].text == "--method")
                && matches!(
                    w[1].text.to_ascii_uppercase().as_str(),
                    "POST" | "PUT" | "DELETE" | "PATCH"
                )
        });
        if upload || method {
            self.flag(Effect::Mutating, name, "sends data to a server");
        } else {
            self.flag(Effect::Unknown, name, "talks to the network");
        }
    }
}

/// The words of a `find` expression outside `-exec … ;` command bodies.
fn find_tests(expr: &[Arg]) -> impl Iterator<Item = &str> {
    let mut in_exec = false;
    expr.iter().filter_map(move |a| {
        let t = a.text.as_str();
        if in_exec {
            in_exec = !(t == ";" || t == "+");
            return None;
        }
        in_exec = matches!(t, "-exec" | "-execdir" | "-ok" | "-okdir");
        Some(t)
    })
}

/// Why a normally read-only program writes given these arguments.
fn read_only_violation(name: &str, args: &[Arg]) -> Option<&'static str> {
    let (opts, operands) = split_gnu(args);
    let any = |pred: &dyn Fn(&str) -> bool| opts.iter().any(|o| pred(o));
    match name {
        "sort" | "shuf" | "tree" if any(&|o| o.starts_with("-o") || o.starts_with("--output")) => {
            Some("writes its output to a file")
        }
        "sort" if any(&|o| o.starts_with("--compress-program")) => {
            Some("runs a compression program")
        }
        "uniq" if operands.len() > 1 => Some("writes its output to a file"),
        "date" if any(&|o| o == "-s" || o.starts_with("--set")) => Some("sets the system clock"),
        "hostname" if !operands.is_empty() => Some("sets the host name"),
        "xxd" if operands.len() > 1 || any(&|o| o == "-r" || o.starts_with("--revert")) => {
            Some("writes a file")
        }
        "yq" if any(&|o| o == "-i" || o.starts_with("--inplace")) => Some("edits files in place"),
        "rg" if any(&|o| o.starts_with("--pre")) => Some("runs a preprocessor command"),
        "less" | "more" | "man" if operands.iter().any(|o| o.text.starts_with('!')) => {
            Some("may run a command")
        }
        _ => None,
    }
}

/// `export NAME=value` and friends set a variable like an assignment does.
fn assignment_arg<'t>(program: &str, arg: &'t str) -> Option<(&'t str, &'t str)> {
    if !matches!(
        program,
        "export" | "declare" | "typeset" | "local" | "readonly"
    ) {
        return None;
    }
    let (var, value) = arg.split_once('=')?;
    is_var_name(var).then_some((var, value))
}

fn is_var_name(s: &str) -> bool {
    let mut b = s.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

fn is_stdin_path(t: &str) -> bool {
    matches!(t, "-" | "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

/// Skips `sudo`'s own options; returns the command it runs, if any.
fn skip_sudo_options(args: &[Arg]) -> Option<&[Arg]> {
    const VALUE_OPTS: &[&str] = &[
        "-u",
        "-g",
        "-C",
        "-D",
        "-h",
        "-p",
        "-r",
        "-t",
        "-U",
        "-T",
        "-R",
        "--user",
        "--group",
        "--chdir",
        "--host",
        "--prompt",
        "--role",
        "--type",
        "--other-user",
        "--command-timeout",
        "--chroot",
        "--close-from",
    ];
    let i = operand_start(args, |t| VALUE_OPTS.contains(&t));
    args.get(i..).filter(|r| !r.is_empty())
}

/// The words of a command string, when it is one simple static command.
pub(super) fn static_words(s: &str) -> Option<Vec<Arg>> {
    use super::ast::Command;
    let parsed = parse(s).ok()?;
    let [list] = parsed.script.lists.as_slice() else {
        return None;
    };
    let [pipeline] = list.pipelines.as_slice() else {
        return None;
    };
    let [Command::Simple(cmd)] = pipeline.commands.as_slice() else {
        return None;
    };
    if !cmd.assignments.is_empty() || !cmd.redirects.is_empty() {
        return None;
    }
    cmd.words
        .iter()
        .map(|w| w.literal().map(|t| Arg::literal(&t)))
        .collect()
}

/// Whether an awk program may write files or run commands: a pipe (to or
/// from a command), `system(`, or a `>` inside a `print` / `printf`
/// statement (elsewhere `>` compares: `NR > 1`).
fn awk_program_writes_or_runs(program: &str) -> bool {
    if program.contains("system") || program.replace("||", "").contains('|') {
        return true;
    }
    program.split([';', '{', '}', '\n']).any(|stmt| {
        let stmt = stmt.trim_start();
        (stmt.starts_with("print") || stmt.contains(" print")) && stmt.contains('>')
    })
}

/// Whether a sed script only prints: no `w`/`W`/`r`/`R`/`e` command and no
/// `w`/`e` flag on a substitution.
fn sed_script_read_only(script: &str) -> bool {
    let s: Vec<char> = script.chars().collect();
    let mut i = 0;
    let skip_regex = |i: &mut usize, delim: char| -> bool {
        while *i < s.len() {
            if s[*i] == '\\' {
                *i += 2;
                continue;
            }
            if s[*i] == delim {
                *i += 1;
                return true;
            }
            *i += 1;
        }
        false
    };
    while i < s.len() {
        let c = s[i];
        match c {
            ' ' | '\t' | '\n' | ';' | '{' | '}' | '!' | ',' | '$' | '~' | '+' | '0'..='9' => i += 1,
            '/' => {
                i += 1;
                if !skip_regex(&mut i, '/') {
                    return false;
                }
            }
            '\\' => {
                let Some(&d) = s.get(i + 1) else { return false };
                i += 2;
                if !skip_regex(&mut i, d) {
                    return false;
                }
            }
            's' | 'y' => {
                let Some(&d) = s.get(i + 1) else { return false };
                if d == '\\' || d == '\n' {
                    return false;
                }
                i += 2;
                if !skip_regex(&mut i, d) || !skip_regex(&mut i, d) {
                    return false;
                }
                while i < s.len() && !matches!(s[i], ';' | '\n' | '}') {
                    if c == 's' && matches!(s[i], 'w' | 'W' | 'e') {
                        return false;
                    }
                    i += 1;
                }
            }
            'p' | 'P' | 'd' | 'D' | 'q' | 'Q' | 'n' | 'N' | '=' | 'l' | 'h' | 'H' | 'g' | 'G'
            | 'x' | 'z' | 'F' => i += 1,
            'a' | 'i' | 'c' | 'b' | 't' | 'T' | ':' | '#' => {
                while i < s.len() && s[i] != '\n' {
                    if matches!(c, 'b' | 't' | 'T' | ':') && s[i] == ';' {
                        break;
                    }
                    i += 1;
                }
            }
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::sed_script_read_only;

    #[test]
    fn sed_scripts_that_only_print() {
        for s in [
            "p",
            "1,10p",
            "/foo/d",
            "s/a/b/g",
            "s|x|y|2",
            "$p",
            "5q",
            "/a/,/b/{p;d}",
            "y/abc/xyz/",
            "s/w/e/",
        ] {
            assert!(sed_script_read_only(s), "{s}");
        }
    }

    #[test]
    fn sed_scripts_that_write_or_run() {
        for s in [
            "w out",
            "s/a/b/w out",
            "s/a/b/e",
            "e date",
            "r /etc/passwd",
            "1W x",
            "s/a/b",
            "?",
        ] {
            assert!(!sed_script_read_only(s), "{s}");
        }
    }
}
