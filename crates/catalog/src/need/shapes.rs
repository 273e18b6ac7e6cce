//! Words that name a kind of thing by their shape: a path, a branch, a
//! commit id, a name in code, a web address, a channel, a flag, a
//! ticket's key, an email address.

use super::dates::possessive;

/// File extensions that make a word a file name (`config.yaml`), not a
/// domain (`example.com`) or an abbreviation (`e.g.`).
pub(super) const FILE_EXTENSIONS: &[&str] = &[
    "bat", "bib", "c", "cfg", "cjs", "conf", "cpp", "cs", "csproj", "css", "csv", "dart", "doc",
    "docx", "env", "go", "gradle", "graphql", "h", "hcl", "html", "ini", "ipynb", "java", "js",
    "json", "jsx", "kt", "kts", "lock", "log", "lua", "md", "mdx", "mjs", "pdf", "php", "plist",
    "ppt", "pptx", "proto", "ps1", "py", "r", "rb", "rmd", "rs", "rst", "rtf", "scss", "sh", "sql",
    "svelte", "svg", "swift", "tex", "tf", "tfvars", "toml", "ts", "tsx", "txt", "vue", "xcconfig",
    "xib", "xls", "xlsx", "xml", "yaml", "yml",
];

/// A word without the quotes, brackets and punctuation at its edges:
/// `"notes.txt".` → `notes.txt`, while `./x` keeps its slash.
fn trim_edges(word: &str) -> &str {
    word.trim_matches(|c: char| "\"'`()[]{}<>,;:!?.".contains(c))
}

/// A number written as digits alone: `57`, not `5a` nor an empty word.
fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The prefixes branch names are commonly given: `feature/login`.
const BRANCH_PREFIXES: &[&str] = &[
    "feature", "feat", "fix", "bugfix", "hotfix", "release", "chore", "topic",
];

/// `feature/login`, `hotfix/1.2.3`: a branch named the usual way, one
/// slash after a known prefix (a path has more, or an extension).
pub(super) fn is_branch(word: &str) -> bool {
    let w = trim_edges(word);
    w.split_once('/').is_some_and(|(prefix, name)| {
        BRANCH_PREFIXES.contains(&prefix.to_ascii_lowercase().as_str())
            && name.starts_with(char::is_alphanumeric)
            && !name.contains('/')
            && !is_path(w)
    })
}

/// `3f9c2ab`, a full 40-digit sha: a commit named by its id. Seven to
/// forty hex digits with both a digit and a letter among them, so that
/// neither a number (`884221`) nor a word (`deadbeef`, `facade`) is one.
pub(super) fn is_commit_id(word: &str) -> bool {
    let w = trim_edges(word);
    (7..=40).contains(&w.len())
        && w.chars().all(|c| c.is_ascii_hexdigit())
        && w.chars().any(|c| c.is_ascii_digit())
        && w.chars().any(|c| c.is_ascii_alphabetic())
}

/// `parse_invoice`, `parseInvoice`, `render()`: a name in code. Snake
/// case needs a letter on each side of an underscore; camel case two
/// lower-case letters, then an upper-case one and a lower-case one, so
/// `iPhone`, `eBay` and `macOS` are brands, not code.
pub(super) fn is_code_name(word: &str) -> bool {
    // Not `trim_edges`: it would take the `()` off `render()`.
    let w = word.trim_matches(|c: char| "\"'`([{<>}],;:!?.".contains(c));
    let called = w.strip_suffix("()");
    let name = called.unwrap_or(w);
    let b = name.as_bytes();
    if b.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return false;
    }
    let snake = b
        .windows(3)
        .any(|t| t[0].is_ascii_alphabetic() && t[1] == b'_' && t[2].is_ascii_alphabetic());
    let camel = b.windows(4).any(|t| {
        t[0].is_ascii_lowercase()
            && t[1].is_ascii_lowercase()
            && t[2].is_ascii_uppercase()
            && t[3].is_ascii_lowercase()
    }) && b[0].is_ascii_lowercase();
    (called.is_some() && b[0].is_ascii_alphabetic()) || snake || camel
}

/// "use the gdrive_upload tool", "with your file_reader", "invoke
/// code_search": a code name that names a tool the agent is to use, not a
/// name to look for in code. "call parse_invoice" stays code.
pub(super) fn names_a_tool(need: &str) -> bool {
    let words: Vec<String> = need
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '_')
                .to_lowercase()
        })
        .collect();
    let word = |i: Option<usize>| i.and_then(|i| words.get(i)).map_or("", String::as_str);
    need.split_whitespace().enumerate().any(|(i, w)| {
        is_code_name(w)
            && (matches!(word(Some(i + 1)), "tool" | "tools" | "function")
                || matches!(word(i.checked_sub(1)), "use" | "using" | "invoke" | "your")
                || (word(i.checked_sub(1)) == "the"
                    && matches!(word(i.checked_sub(2)), "use" | "using" | "invoke")))
    })
}

/// Prefixes of `ABC-123` that name a standard or a version, not an
/// issue tracker's ticket: `COVID-19`, `SHA-256`, `UTF-8`, `GPT-4`.
const NOT_TICKET_KEYS: &[&str] = &[
    "AES", "COVID", "CVE", "ECMA", "GPT", "HDMI", "HTTP", "ISO", "MD", "MP", "PCI", "PEP", "RFC",
    "RSA", "SHA", "SSL", "TLS", "USB", "UTF", "WPA",
];

/// `ENG-1042`, `PAY-2231`: a ticket named by its tracker's key, two to
/// ten capitals, a dash and its number.
pub(super) fn is_ticket_key(word: &str) -> bool {
    trim_edges(word).split_once('-').is_some_and(|(key, n)| {
        (2..=10).contains(&key.len())
            && key.chars().all(|c| c.is_ascii_uppercase())
            && (1..=6).contains(&n.len())
            && n.chars().all(|c| c.is_ascii_digit())
            && !NOT_TICKET_KEYS.contains(&key)
    })
}

/// `ana@ruiz.io`: an email address (not `@maria`, a handle, nor
/// `git@github.com:org/repo`, a remote).
pub(super) fn is_email_address(word: &str) -> bool {
    trim_edges(word)
        .split_once('@')
        .is_some_and(|(local, domain)| {
            !local.is_empty()
                && local
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "._+-".contains(c))
                && is_host(domain)
        })
}

/// `https://…`, `http://…`, `www.…`, a host and a path with no scheme
/// (`docs.rs/serde`, `github.com/org/repo`), or a host of three names or
/// more (`status.example.com`): a page on the web.
pub(super) fn is_web_address(word: &str) -> bool {
    let w = word
        .trim_start_matches(|c: char| "\"'`(<[".contains(c))
        .to_ascii_lowercase();
    ["https://", "http://", "www."].iter().any(|p| {
        w.strip_prefix(p)
            .is_some_and(|rest| rest.starts_with(char::is_alphanumeric))
    }) || is_host_and_path(trim_edges(&w))
        || is_subdomain(trim_edges(&w))
}

/// Whether `host` has the shape of one: dotted names of letters, digits
/// and hyphens, at least two, the last of two to six letters.
fn is_host(host: &str) -> bool {
    let labels: Vec<&str> = host.split('.').collect();
    let tld = labels.last().copied().unwrap_or_default();
    labels.len() >= 2
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && (2..=6).contains(&tld.len())
        && tld.chars().all(|c| c.is_ascii_alphabetic())
}

/// `docs.rs/serde`: a host and a path. A bare host of two names is not
/// enough: `monday.com` names a service, and `notes.md` a file. A file has
/// no path under it, so `x.rs/y` is a host.
fn is_host_and_path(w: &str) -> bool {
    w.split_once('/')
        .is_some_and(|(host, path)| is_host(host) && path.starts_with(char::is_alphanumeric))
}

/// `status.example.com`, `docs.python.org`: a host of three names or more
/// whose last is no file's extension (`docker-compose.override.yml` is a
/// file).
fn is_subdomain(w: &str) -> bool {
    let tld = w
        .rsplit('.')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    w.split('.').count() >= 3 && is_host(w) && !FILE_EXTENSIONS.contains(&tld.as_str())
}

/// Words after a path that make it a route on a server: "the /health
/// endpoint", fetched, not a file read.
const ROUTE_WORDS: &[&str] = &["endpoint", "endpoints", "route", "routes"];

/// Whether the need names paths only as routes (`/health endpoint`,
/// `/api/v2/users`), and at least one.
pub(super) fn paths_are_routes(need: &str) -> bool {
    let words: Vec<&str> = need.split_whitespace().collect();
    let mut paths = words
        .iter()
        .enumerate()
        .filter(|(_, w)| is_path(w))
        .peekable();
    paths.peek().is_some()
        && paths.all(|(i, w)| {
            let rooted = w.trim_start_matches(|c: char| "\"'`([<".contains(c));
            rooted.starts_with('/')
                && (is_api_route(rooted)
                    || words.get(i + 1).is_some_and(|n| {
                        ROUTE_WORDS.contains(&trim_edges(n).to_ascii_lowercase().as_str())
                    }))
        })
}

/// `/api/v2/users`, `/v1/orders`: a path that is an API's route by its
/// first segment, whatever follows it.
fn is_api_route(rooted: &str) -> bool {
    let first = rooted
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or("");
    first.eq_ignore_ascii_case("api") || first.strip_prefix(['v', 'V']).is_some_and(is_number)
}

/// `#412`, `!57`: an issue or pull request (a merge request on GitLab) by
/// its number. Two digits at least after `#`, so "#1 priority" is a rank.
pub(super) fn is_item_number(word: &str) -> bool {
    let w = word
        .trim_start_matches(['(', '\'', '"'])
        .trim_end_matches(|c: char| ",;:!?.)'\"".contains(c));
    w.strip_prefix('#')
        .is_some_and(|n| n.len() >= 2 && is_number(n))
        || w.strip_prefix('!').is_some_and(is_number)
}

/// `HEAD`, `HEAD~3`, `HEAD^`, `stash@{0}`: a revision by git's own names.
pub(super) fn is_git_ref(word: &str) -> bool {
    let w = word.trim_matches(|c: char| ",;:!?.()'\"`".contains(c));
    let head = w.strip_prefix("HEAD").is_some_and(|rest| {
        rest.chars()
            .all(|c| c == '~' || c == '^' || c.is_ascii_digit())
    });
    let stash = w
        .strip_prefix("stash@{")
        .and_then(|rest| rest.strip_suffix('}'))
        .is_some_and(is_number);
    head || stash
}

/// `#general`, `#dev-ops`: a chat channel (not `#1`, `C#` or `#`).
pub(super) fn is_channel(word: &str) -> bool {
    let w = word.trim_end_matches(|c: char| ",;:!?.".contains(c));
    w.strip_prefix('#').is_some_and(|name| {
        name.starts_with(char::is_alphabetic)
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    })
}

/// `-rf`, `--hard`: a command-line flag (not `-`, `--`, `-1` or a dash
/// between words).
pub(super) fn is_flag(word: &str) -> bool {
    // "run `date -u`": a flag inside a quoted command is one.
    let w = word.trim_end_matches(|c: char| ",;:!?.`'\"".contains(c));
    let name = w.strip_prefix("--").or_else(|| w.strip_prefix('-'));
    name.is_some_and(|n| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    })
}

/// `|`, `&&`, `||` between words: commands joined as a shell joins them
/// ("pip list | grep requests").
pub(super) fn is_shell_operator(word: &str) -> bool {
    matches!(word, "|" | "&&" | "||")
}

/// `s/staging/prod/`, `s/foo/bar/g`: sed's substitution, as developers
/// write a replacement (not a path: it names no file).
pub(super) fn is_substitution(word: &str) -> bool {
    let w = word.trim_end_matches(|c: char| ",;:!?.".contains(c));
    w.strip_prefix("s/").is_some_and(|rest| {
        let parts: Vec<&str> = rest.split('/').collect();
        parts.len() == 3 && !parts[0].is_empty() && parts[2].chars().all(|c| "gimI".contains(c))
    })
}

/// `*.bak`, `test_*.py`, `src/**/*.rs`: a pattern of file names (a
/// glob), which names files to find, not one file. Not Markdown's
/// `*emphasis*` or a lone `*`.
pub(super) fn is_glob(word: &str) -> bool {
    let w = trim_edges(word);
    let emphasis = w.starts_with('*') && w.ends_with('*');
    let last = w.rsplit('/').next().unwrap_or(w);
    let extension = last.rsplit_once('.').is_some_and(|(_, ext)| {
        (1..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric())
    });
    w.contains('*') && !emphasis && (extension || w.contains('/'))
}

pub(super) fn is_path(word: &str) -> bool {
    let w = without_line_number(trim_edges(word));
    if w.contains("://")
        || w.contains('@')
        || is_host_and_path(w)
        || is_substitution(w)
        || is_glob(w)
    {
        return false;
    }
    let rooted = ["/", "./", "../", "~/"].iter().any(|r| {
        w.strip_prefix(r).is_some_and(|rest| {
            rest.trim_start_matches('.')
                .starts_with(char::is_alphanumeric)
        })
    });
    // Two slashes at least: "and/or" and "50/50" are not paths.
    let segments = w.split('/').filter(|s| !s.is_empty()).count();
    let last = w.rsplit('/').next().unwrap_or(w);
    let has_extension = last.rsplit_once('.').is_some_and(|(stem, ext)| {
        stem.chars().any(char::is_alphanumeric)
            && FILE_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
    });
    rooted
        || segments >= 3
        || has_extension
        || is_dotfile(word.rsplit('/').next().unwrap_or(word))
        || is_build_file(w)
        || is_project_doc(w)
}

/// A path without the line (and column) a compiler or linter gives after
/// it: `utils.py:88`, `src/main.rs:42:5`.
fn without_line_number(w: &str) -> &str {
    let mut rest = w;
    for _ in 0..2 {
        match rest.rsplit_once(':') {
            Some((head, n)) if is_number(n) => {
                rest = head;
            }
            _ => break,
        }
    }
    rest
}

/// A project's conventional documents, named with no extension: `README`
/// in any case ("update the readme"), the rest only in capitals, since
/// "license" and "notice" in lower case are everyday words.
fn is_project_doc(word: &str) -> bool {
    const IN_CAPITALS: &[&str] = &[
        "AUTHORS",
        "CHANGELOG",
        "CODEOWNERS",
        "CONTRIBUTING",
        "COPYING",
        "LICENSE",
        "NOTICE",
    ];
    let name = possessive(word).0;
    name.eq_ignore_ascii_case("readme") || IN_CAPITALS.contains(&name)
}

/// Files named by convention with no extension (`Makefile`,
/// `Dockerfile`), or with a variant's (`Makefile.am`, `Dockerfile.dev`),
/// a possessive `'s` aside.
const BUILD_FILES: &[&str] = &[
    "containerfile",
    "dockerfile",
    "gemfile",
    "jenkinsfile",
    "justfile",
    "makefile",
    "procfile",
    "rakefile",
    "vagrantfile",
];

fn is_build_file(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let name = possessive(&lower).0;
    let stem = match name.split_once('.') {
        Some((stem, variant))
            if !variant.is_empty() && variant.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            stem
        }
        _ => name,
    };
    BUILD_FILES.contains(&stem)
}

/// `.env`, `.bashrc`, `.env.example`: a hidden file (not `.NET` or `...`);
/// [`is_path`] also asks it of a path's last part (`docker/.env`).
fn is_dotfile(word: &str) -> bool {
    let w = word
        .trim_start_matches(|c: char| "\"'`([{<".contains(c))
        .trim_end_matches(|c: char| "\"'`)]}>,;:!?.".contains(c));
    w.strip_prefix('.').is_some_and(|name| {
        name.starts_with(char::is_alphabetic)
            && name.chars().any(char::is_lowercase)
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || "._-".contains(c))
    })
}

#[cfg(test)]
mod tests {
    use crate::need::hints_of;

    #[test]
    fn a_ticket_key_and_an_email_address_say_what_they_are() {
        for need in [
            "PAY-2231 to done",
            "who has ENG-1042?",
            "(PROJ-77) needs a comment",
        ] {
            assert_eq!(hints_of(need), format!("{need} (ticket)"), "{need}");
        }
        for need in [
            "ana@ruiz.io should get the price sheet",
            "cc <j.doe+work@mail.example.com>",
            // An address, not a path: `a@b.rs` ends as a Rust file would.
            "mail me at a@b.rs",
        ] {
            assert_eq!(hints_of(need), format!("{need} (email)"), "{need}");
        }
        // Standards, versions, handles and a git remote are neither.
        for need in [
            "COVID-19 rules for the office",
            "hash it with SHA-256",
            "Ab-12 or eng-12",
            "tell @maria",
            "the remote git@github.com:org/repo",
        ] {
            assert_eq!(hints_of(need), need, "{need}");
        }
    }

    #[test]
    fn a_route_under_api_is_fetched_not_read() {
        assert_eq!(
            hints_of("is there still a 404 on /api/v2/users? hit it"),
            "is there still a 404 on /api/v2/users? hit it (url, fetch page)"
        );
        assert_eq!(
            hints_of("GET /v1/orders"),
            "GET /v1/orders (url, fetch page)"
        );
        assert_eq!(
            hints_of("open /var/api/x.log"),
            "open /var/api/x.log (file)"
        );
    }

    #[test]
    fn a_glob_marks_files_to_find_not_one_file() {
        for need in [
            "there is some files called *.bak somewhere, find all of them",
            "every test_*.py we have",
            "list src/**/*.rs",
            "the \"*.log\" files",
        ] {
            assert_eq!(hints_of(need), format!("{need} (file name glob)"), "{need}");
        }
        // Emphasis, a lone star and arithmetic are no patterns.
        for need in ["this is *really* urgent", "rate it * out of 5", "2*3 rows"] {
            assert_eq!(hints_of(need), need, "{need}");
        }
    }

    #[test]
    fn a_file_and_line_from_a_compiler_is_a_path() {
        use super::is_path;
        assert!(is_path("utils.py:88"));
        assert!(is_path("src/main.rs:42:5"));
        // A time or a ratio stays what it is.
        assert!(!is_path("10:30"));
        assert!(!is_path("16:9"));
    }

    #[test]
    fn paths_and_file_names_mark_a_file_need() {
        for need in [
            "show me src/main.rs",
            "read config.yaml",
            "open \"notes.TXT\".",
            "what does crates/store/src do",
            "tail /var/log/syslog",
            "cat ~/.bashrc",
            "the Dockerfile.dev for local runs",
            "the .env.example file",
            "edit \".gitignore\".",
            "see variables.tf",
            "open analysis.R",
            "check paper/methods.tex",
            "edit the README",
            "is there a CHANGELOG",
            "who is in CODEOWNERS",
            "see docker/.env",
            "see deploy/.env.local",
        ] {
            assert_eq!(hints_of(need), format!("{need} (file)"), "{need}");
        }
        // Everyday words in lower case are no file.
        for need in [
            "renew my driving license",
            "give notice to the landlord",
            "C#/.NET jobs",
        ] {
            assert!(!hints_of(need).contains("(file)"), "{need}");
        }
        for need in ["tell #general, now", "post in #dev-ops"] {
            assert_eq!(
                hints_of(need),
                format!("{need} (channel message)"),
                "{need}"
            );
        }
        assert_eq!(
            hints_of("grab (https://example.org/pricing)"),
            "grab (https://example.org/pricing) (url, fetch page)"
        );
        assert_eq!(
            hints_of("see WWW.example.org"),
            "see WWW.example.org (url, fetch page)"
        );
        for need in [
            "get docs.rs/serde into the chat",
            "open (github.com/rust-lang/rust/issues).",
            "see socket.io/docs first",
            "what does status.example.com report",
            "is docs.python.org down?",
        ] {
            assert_eq!(
                hints_of(need),
                format!("{need} (url, fetch page)"),
                "{need}"
            );
        }
        // A folder path, not a host: its first segment has no dot.
        assert_eq!(
            hints_of("open src/app/main.rs"),
            "open src/app/main.rs (file)"
        );
        assert_eq!(
            hints_of("paste main.rs in #code"),
            "paste main.rs in #code (file, channel message)"
        );
        for need in [
            "visit example.com",
            "update the monday.com board",
            "v1.2/next",
            "e.g./i.e. either",
            "https:// alone",
            "e.g. this",
            "read it and/or write it",
            "50/50 odds",
            "item #1 in C#",
            "# heading",
            "port it to .NET",
            "U.S.A. only",
            "and so on...",
            "a . b",
            "",
        ] {
            assert_eq!(hints_of(need), need, "{need}");
        }
    }

    #[test]
    fn a_path_called_an_endpoint_is_a_route_on_a_server() {
        assert_eq!(
            hints_of("hit the /health endpoint on staging"),
            "hit the /health endpoint on staging (url, fetch page)"
        );
        assert_eq!(
            hints_of("why does the /api/v2/users route return 500s"),
            "why does the /api/v2/users route return 500s (url, fetch page)"
        );
        // A file named beside a route is still a file.
        assert_eq!(
            hints_of("the /health endpoint is in src/health.rs"),
            "the /health endpoint is in src/health.rs (file)"
        );
        assert_eq!(
            hints_of("open ./x.md endpoint"),
            "open ./x.md endpoint (file)"
        );
    }

    /// Each of `marked` gets ` (hint)` and nothing more; none of
    /// `unmarked` gets `hint` at all.
    fn marks(hint: &str, marked: &[&str], unmarked: &[&str]) {
        for need in marked {
            assert_eq!(hints_of(need), format!("{need} ({hint})"), "{need}");
        }
        for need in unmarked {
            assert!(!hints_of(need).contains(hint), "{need}");
        }
    }

    #[test]
    fn names_in_code_mark_a_symbol_need() {
        marks(
            "symbol",
            &[
                "which handlers call parse_invoice?",
                "who uses `parseInvoice`",
                "find render() callers",
                "search for MAX_RETRIES",
            ],
            &[
                "order an iPhone case",
                "sell it on eBay",
                "update macOS",
                "read my_notes.txt",
                "call () now",
                "2024_01 figures",
                "a _ b",
                "snake_",
            ],
        );
    }

    /// "sed" is among edit_file's hint words: the hint reads as an edit.
    #[test]
    fn a_sed_substitution_marks_an_edit() {
        marks(
            "sed",
            &["s/staging/prod/", "then s/foo/bar/g,"],
            &[
                "s/",
                "s//x/",
                "s/a/b/c/d",
                "as/a/b/",
                "s/a/b/zz",
                "read s/notes/x.md",
            ],
        );
        // A substitution names no file.
        assert!(!super::is_path("s/staging/prod/"));
    }

    #[test]
    fn branch_names_mark_a_branch_need() {
        marks(
            "branch",
            &[
                "delete feature/login after review",
                "push hotfix/1.2.3 now",
                "is `Release/2024-q3` merged?",
            ],
            &[
                "fix/",
                "a 50/50 fix",
                "open feature/login/form.rs",
                "read fix/notes.md",
                "feature/ /x",
            ],
        );
    }

    #[test]
    fn item_numbers_and_git_refs_say_what_they_are() {
        for need in [
            "is #55 merged yet?",
            "approve !57 on GitLab",
            "close (#214).",
        ] {
            assert!(hints_of(need).contains("issue or pull request"), "{need}");
        }
        for need in [
            "my #1 priority",
            "#general",
            "C# jobs",
            "wow!!",
            "a ! b",
            "#",
            "!",
            "rebase #640 onto main",
            "commit 'fix #311: null check'",
        ] {
            assert!(!hints_of(need).contains("issue or pull request"), "{need}");
        }
        for need in ["diff HEAD~3 and HEAD", "what's in stash@{0}?", "show HEAD^"] {
            assert!(hints_of(need).contains("revision"), "{need}");
        }
        for need in ["HEADS UP: the deploy", "stash@{x}", "head to the shop"] {
            assert!(!hints_of(need).contains("revision"), "{need}");
        }
    }

    #[test]
    fn commit_ids_mark_a_revision_need() {
        marks(
            "revision",
            &[
                "what's in commit 3f9c2ab",
                "who authored 9e8d7c6 and when?",
                "diff (a1b2c3d4e5f60718293a4b5c6d7e8f9012345678) against main",
            ],
            &[
                "meeting ID 884221",
                "the deadbeef value",
                "a facade for cafebabe",
                "color ab12",
                "opportunity 006Qx00000abcd",
                "a1b2c3d4e5f60718293a4b5c6d7e8f90123456789",
                "",
            ],
        );
    }
}
