//! Reading a plain-language need before it is ranked: which catalog
//! entries it names outright, and whether it names a file, a channel or a
//! web page.
//!
//! An embedding of the whole sentence dilutes each of these. "Write the
//! notes in a google doc" sits closer in meaning to a calendar than to a
//! document connector, but whoever wrote it named the product; "show me
//! src/main.rs" never says "file".
//!
//! This module puts a need's hints together ([`ranking_text`]); its parts
//! each read one thing: `shapes` the words that name a kind of thing by
//! their shape (a path, a branch, a commit id), `dates` the days named as
//! dates, `idioms` the runs of words that mean more than their words,
//! `world` whether the need asks about the world, `respell` the words as
//! the catalogs spell them, `misheard` the words a dictation wrote for
//! others that sound the same, `links` and `mentions` a service named by
//! a link or an @mention, `tags` the hashtags that are no channels,
//! `form` a need written as a form's fields, and `correction` the action a
//! need takes back ("fetch the page — I mean search for …").

use std::borrow::Cow;
use std::collections::HashSet;

use crate::retrieval::tokenize::tokens;

mod correction;
mod dates;
mod foreign;
mod form;
mod idioms;
mod links;
mod mentions;
mod misheard;
mod respell;
mod shapes;
mod tags;
mod world;

pub use correction::corrected;
pub use links::service_links;
pub use mentions::service_mentions;
pub use misheard::misheard;
pub use respell::{respelt, spoken};
pub use tags::untagged;

use dates::{is_time_of_day, without_dates};
use form::form_hints;
use idioms::{
    AUTHOR, CREATING, ENDINGS, IDIOMS, INSPECTING, LACKING, LAWS, REMEMBER, SCHEDULED_AT_THE_END,
    SETTING, asks_again, ends_saying, may_say, says,
};
use shapes::{
    is_branch, is_channel, is_code_name, is_commit_id, is_email_address, is_flag, is_git_ref,
    is_glob, is_item_number, is_path, is_shell_operator, is_substitution, is_ticket_key,
    is_web_address, names_a_tool, paths_are_routes,
};
use world::{asks_the_world, unquoted};

/// Words in entry names that name no product: "the filesystem MCP server"
/// is named by "filesystem" alone.
const GENERIC_NAME_WORDS: &[&str] = &["mcp", "server"];

/// Days and months: "every Monday" dates a need, it does not name
/// monday.com. A name made of these alone names nothing.
const WEEKDAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// [`WEEKDAYS`] as one pattern word, for `idioms::says`.
const WEEKDAY_WORDS: &str = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";

const MONTHS: &[&str] = &[
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The words that name an entry: its name's words, less the generic ones.
/// Empty when nothing specific is left (the entry can then not be named).
pub fn name_words(name: &str) -> Vec<String> {
    let words: Vec<String> = tokens(name)
        .filter(|w| !GENERIC_NAME_WORDS.contains(&w.as_str()))
        .collect();
    if words
        .iter()
        .all(|w| WEEKDAYS.contains(&w.as_str()) || MONTHS.contains(&w.as_str()))
    {
        return Vec::new();
    }
    words
}

/// Whether every one of `name` (from [`name_words`]) is among the need's
/// words, a plural `s` either way (`doc` names `google-docs`).
pub fn names(need_words: &[String], name: &[String]) -> bool {
    let has = |w: &str| {
        need_words.iter().any(|n| {
            n == w || n.strip_suffix('s') == Some(w) || w.strip_suffix('s') == Some(n.as_str())
        })
    };
    !name.is_empty() && name.iter().all(|w| has(w))
}

/// A word without the punctuation at its edges: `"notes,"` → `notes`.
fn word_core(word: &str) -> &str {
    word.trim_matches(|c: char| !c.is_alphanumeric())
}

/// The need's lower-cased words.
pub fn words(need: &str) -> Vec<String> {
    tokens(need).collect()
}

/// The text the rankers see: the need, with "(file)" added when it names
/// a path or a file, "(branch)" when it names a branch by the usual
/// prefixes (`feature/login`), "(revision)" when it names a commit by its
/// id (`3f9c2ab`), "(channel message)" when it names a `#channel`,
/// "(url)" when it holds a web address (and "fetch page" where it names
/// no file), "(file name glob)" when it holds a pattern of file names
/// (`*.bak`), "(ticket)" for a tracker's key (`ENG-1042`), "(email)" for
/// an email address, "(date)" in place of a day named as a date, and
/// what a form's field names ask (`form::form_hints`: "Jira issue" for
/// `issuetype`), so the tools for those are found for needs that never
/// say the word. A question about the world (`world::asks_the_world`) gets
/// "(look up online)" unless `names_ours`: the need names one of our own
/// entries (a connector, a native tool, a skill), whose words say it is
/// about our things however it is asked.
pub fn ranking_text(need: &str, names_ours: bool) -> Cow<'_, str> {
    let (need, hints) = hints(need, names_ours);
    hinted(need, &hints)
}

/// `need` with `hints` after it in brackets, as the rankers see it.
pub fn hinted<'a>(need: Cow<'a, str>, hints: &[&str]) -> Cow<'a, str> {
    if hints.is_empty() {
        need
    } else {
        Cow::Owned(format!("{need} ({})", hints.join(", ")))
    }
}

/// The need without its dates, and the hints [`ranking_text`] adds to it.
pub fn hints(need: &str, names_ours: bool) -> (Cow<'_, str>, Vec<&'static str>) {
    let as_written = need;
    let (need, dated) = without_dates(need);
    let mut hints: Vec<&str> = WORD_HINTS
        .iter()
        .filter(|(marks, _)| need.split_whitespace().any(marks))
        .map(|(_, hint)| *hint)
        .collect();
    // "hit the /health endpoint": a route on a server, not a file.
    if hints.contains(&"file") && paths_are_routes(&need) {
        hints.retain(|h| *h != "file");
        if !hints.contains(&"url") {
            hints.push("url");
        }
    }
    // "use the gdrive_upload tool": a tool to use, not code to search.
    if hints.contains(&"symbol") && names_a_tool(&need) {
        hints.retain(|h| *h != "symbol");
    }
    if dated {
        hints.push("date");
    }
    for hint in form_hints(&need) {
        if !hints.contains(&hint) {
            hints.push(hint);
        }
    }
    let need_words = words(&need);
    let present: HashSet<&str> = need_words.iter().map(String::as_str).collect();
    // "rebase #640 onto main", "commit 'fix #311: …'": the git verb says
    // what to do, and "#640" must not pull the hosting service above it.
    if hints.contains(&ITEM_NUMBER)
        && (GIT_VERBS.iter().any(|v| present.contains(v)) || numbers_others_things(&need))
    {
        hints.retain(|h| *h != ITEM_NUMBER);
    }
    let said = |pattern: &[&str]| may_say(&present, pattern) && says(&need_words, pattern);
    for (pattern, hint) in IDIOMS {
        if !hints.contains(hint) && said(pattern) {
            hints.push(hint);
        }
    }
    for (pattern, hint) in ENDINGS {
        if !hints.contains(hint) && ends_saying(&need_words, pattern) {
            hints.push(hint);
        }
    }
    if !hints.contains(&REMEMBER) && asks_again(&need_words) {
        hints.push(REMEMBER);
    }
    // "wait, what's the plan again": asked again, but it is the agent's
    // plan, not something told before.
    if said(&["plan", "again"]) {
        hints.retain(|h| *h != REMEMBER);
    }
    // "which of my drafts still say 'Kunde'" (which of many: a search of
    // their contents, not the read "does it still say" asks for) and
    // "what does state law say" (the law, looked up) read no file.
    if (hints.contains(&"grep") && said(&["which", "**", "still", "say|saying"]))
        || said(&[LAWS, "say"])
    {
        hints.retain(|h| *h != "read");
    }
    // "put the Hughes consult on Tuesday at 2": a thing put on a day is
    // scheduled, as is one dated and then added ("private session with
    // Ruth on Monday at 10, add that"). The day is gone from `need` by
    // now, so the words as written are read, and only where a day was
    // taken out.
    if dated && !hints.contains(&"schedule") {
        let written = words(as_written);
        if says(
            &written,
            &["put|pencil|slot|pop", "**", "on", WEEKDAY_WORDS],
        ) || SCHEDULED_AT_THE_END
            .iter()
            .any(|p| ends_saying(&written, p))
        {
            hints.push("schedule");
        }
    }
    // "open the feed at https://… and list the headlines": the page named
    // is fetched, whatever words would otherwise send it to a search;
    // "fetch page" says so in words BM25 weighs. Not where a file is named
    // too: "the base URL in .env.local is wrong" is an edit.
    if hints.contains(&"url") {
        hints.retain(|h| *h != LOOK_UP_ONLINE);
        if !hints.contains(&"fetch page") && !hints.contains(&"file") {
            hints.push("fetch page");
        }
    }
    // "the repo has no SECURITY.md", "notes.md is to be created": a file
    // to write; "run ./migrate.sh": a command; "check whether config.toml
    // still …": one to read; "put django back to 4.2 in requirements.txt":
    // one to edit; "the history of utils.py": its commits; "the diff of
    // src/router.ts" or "compare with the previous revision for
    // config.yaml": its diff; "the .txt with the Wi-Fi passwords, where
    // is it?" and "the .tf files: how many are there": files to find.
    if hints.contains(&"file") {
        let what = if said(&["history"]) {
            Some("commits")
        } else if said(&["diff|diffs|compare|differ|differs|differed"])
            || said(&["what", "changed", "in"])
        {
            Some("diff")
        } else if said(&["where", "is|s|are", "it|they"]) || said(&["files", "**", "how", "many"]) {
            Some("find files")
        } else if said(&["who", "wrote|authored|added"]) {
            Some(AUTHOR)
        } else if let Some(what) = redirect(&need) {
            Some(what)
        } else if (LACKING.iter().any(|p| said(p))
            && !said(&NO_IDEA)
            && !CONDITIONAL_LACK.iter().any(|p| said(p)))
            || creates(&need)
        {
            Some("write")
        } else if said(&RUNNING_A_SCRIPT) {
            Some("shell command")
        } else if INSPECTING.iter().any(|p| said(p)) {
            Some("read")
        } else if SETTING.iter().any(|p| said(p)) || sets_a_price(&need) {
            Some("edit")
        } else {
            None
        };
        // Once: an idiom may have said it already ("what does X say").
        if let Some(what) = what.filter(|w| !hints.contains(w)) {
            hints.push(what);
        }
    }
    // "1:1" as written: its tokens alone ("1 1") are a version's too;
    // "my 3pm" is the meeting at three.
    let spelt: Vec<&str> = need
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    let my_time = spelt
        .windows(2)
        .any(|w| w[0].eq_ignore_ascii_case("my") && is_time_of_day(w[1]));
    if (spelt.contains(&"1:1") || my_time) && !hints.contains(&"meeting") {
        hints.push("meeting");
    }
    let read_as_ours = hints.iter().any(|h| !WORLD_HINTS.contains(h));
    if !names_ours && !read_as_ours && !hints.contains(&LOOK_UP_ONLINE) && asks_the_world(&need) {
        hints.push(LOOK_UP_ONLINE);
    }
    (need, hints)
}

/// Whether the need says what something costs ("fees.md: a 1040 with
/// schedule C is $450 this season"): beside a file named, a value set.
fn sets_a_price(need: &str) -> bool {
    let words: Vec<&str> = need.split_whitespace().collect();
    words.windows(2).any(|w| {
        matches!(
            word_core(w[0]).to_lowercase().as_str(),
            "is" | "are" | "be" | "costs" | "cost" | "now" | "at"
        ) && w[1].starts_with(['$', '€', '£'])
            && w[1].chars().any(|c| c.is_ascii_digit())
    })
}

/// Whether the need says a file is to be made ([`CREATING`]), read
/// without its quoted spans: in "change the label in en.json from 'Save'
/// to 'Save changes'" the quoted words are the file's text, and "save to"
/// there makes nothing.
fn creates(need: &str) -> bool {
    let words = words(&unquoted(need));
    CREATING.iter().any(|p| says(&words, p))
}

/// "I have no idea what's in the error log": no file is lacking.
const NO_IDEA: [&str; 3] = ["have|has", "no", "idea|clue"];

/// A lack said as a condition ("read the .nvmrc; if it's missing, check
/// package.json") is no file to write.
const CONDITIONAL_LACK: &[&[&str]] = &[
    &[
        "if|unless|when",
        "it|they|that|one",
        "?",
        "s|is|are|re",
        "missing",
    ],
    &["if|unless", "there", "s|is|isn", "no|t"],
];

/// What a shell redirect does to the file it names: `echo x > .env`
/// writes it, `>> notes.md` appends to it. Not a comparison ("files > 10
/// MB"): the redirect's target must be a path.
fn redirect(need: &str) -> Option<&'static str> {
    let words: Vec<&str> = need.split_whitespace().collect();
    words.iter().enumerate().find_map(|(i, w)| {
        let (what, rest) = match w.strip_prefix(">>") {
            Some(rest) => ("edit", rest),
            None => ("write", w.strip_prefix('>')?),
        };
        let target = if rest.is_empty() {
            words.get(i + 1)?
        } else {
            rest
        };
        is_path(target).then_some(what)
    })
}

/// A script run by its path ("run ./migrate.sh", "the migration should be
/// run with scripts/migrate.sh", "run the migrations with ./manage.py"):
/// a command, not a file to read. A word
/// at least between, so the name `run.sh` alone runs nothing.
const RUNNING_A_SCRIPT: [&str; 4] = [
    "run|execute|executed",
    "*",
    "**",
    "sh|bash|zsh|ps1|py|rb|pl",
];

/// The hint for an issue or pull request named by its number (`#412`).
const ITEM_NUMBER: &str = "issue or pull request";

/// Things of the world that are numbered as issues are: "invoice #4471",
/// "order #55", "room #12".
const NUMBERED_THINGS: &[&str] = &[
    "account",
    "booking",
    "confirmation",
    "flight",
    "invoice",
    "order",
    "receipt",
    "ref",
    "reference",
    "reservation",
    "room",
    "seat",
    "table",
    "transaction",
];

/// Whether every `#number` of the need numbers a thing of the world
/// ([`NUMBERED_THINGS`]), not an issue or a pull request.
fn numbers_others_things(need: &str) -> bool {
    let words: Vec<&str> = need.split_whitespace().collect();
    let mut numbers = (0..words.len())
        .filter(|&i| is_item_number(words[i]))
        .peekable();
    numbers.peek().is_some()
        && numbers.all(|i| {
            i > 0
                && NUMBERED_THINGS
                    .iter()
                    .any(|t| word_core(words[i - 1]).eq_ignore_ascii_case(t))
        })
}

/// Git's verbs, as the need's words ("cherry-pick" is two), which say
/// what to do with a numbered item themselves.
const GIT_VERBS: &[&str] = &[
    "commit", "push", "rebase", "merge", "cherry", "checkout", "revert",
];

/// The hint a question about the world gets.
const LOOK_UP_ONLINE: &str = "look up online";

/// The hints that leave a need about the world: a date, a search, a
/// look-up. Any other (a path, a revision, a channel, "author", "meeting")
/// reads it as about our things.
const WORLD_HINTS: &[&str] = &["date", "search", LOOK_UP_ONLINE];

/// Whether a word of the need is of one shape (a path, a commit id, …).
type WordShape = fn(&str) -> bool;

/// Words that name a kind of thing by their shape, and the hint each adds.
const WORD_HINTS: &[(WordShape, &str)] = &[
    (is_path, "file"),
    (is_glob, "file name glob"),
    (is_ticket_key, "ticket"),
    (is_email_address, "email"),
    (is_branch, "branch"),
    (is_commit_id, "revision"),
    (is_git_ref, "revision"),
    (is_item_number, ITEM_NUMBER),
    (is_code_name, "symbol"),
    (is_channel, "channel message"),
    (is_web_address, "url"),
    (is_flag, "shell command"),
    (is_shell_operator, "shell command"),
    (is_substitution, "sed"),
];

/// The need's hints, the world question's aside (tested on its own in
/// `world::tests::questions_about_the_world_are_looked_up_online`).
#[cfg(test)]
fn hints_of(need: &str) -> Cow<'_, str> {
    ranking_text(need, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weekday_words_are_the_weekdays() {
        assert_eq!(WEEKDAY_WORDS, WEEKDAYS.join("|"));
    }

    #[test]
    fn a_thing_put_on_a_weekday_is_scheduled() {
        assert!(hints_of("put the Hughes wedding consult on Tuesday at 2").contains("schedule"));
        assert!(hints_of("pencil in the vet on Friday's slot").contains("schedule"));
        assert!(!hints_of("put the report on the shared drive by Friday").contains("schedule"));
        assert!(!hints_of("put the kettle on").contains("schedule"));
    }

    #[test]
    fn what_is_done_with_a_named_file() {
        for (need, want) in [
            ("compare with previous revision for config.yaml", "diff"),
            ("the .lock file changed, show what changed in it", "diff"),
            (
                "look at what changed in db/schema.sql before we migrate",
                "diff",
            ),
            ("did the staged app.js differ from my working tree?", "diff"),
            ("the .txt with Wi-Fi passwords: where is it?", "find files"),
            ("the .tf files: how many are there", "find files"),
        ] {
            assert_eq!(hints_of(need), format!("{need} (file, {want})"), "{need}");
        }
        assert!(!hints_of("where it is said in notes.md").contains("find files"));
        assert!(!hints_of("what changed since notes.md").contains("diff"));
    }

    #[test]
    fn a_code_name_that_names_a_tool_is_no_symbol() {
        for need in [
            "use the gdrive_upload tool for report.pdf",
            "with your file_reader, dump config/app.toml",
            "use memory_lookup for my shoe size",
            "invoke code_search for 'retryPolicy'",
        ] {
            assert!(!hints_of(need).contains("symbol"), "{need}");
        }
        for need in [
            "call parse_invoice with an empty string",
            "where is parse_invoice used",
        ] {
            assert!(hints_of(need).contains("symbol"), "{need}");
        }
    }

    #[test]
    fn a_lack_said_as_a_condition_writes_nothing() {
        for need in [
            "read the .nvmrc; if it's missing, check package.json",
            "find config.yaml — if there isn't one, look for config.yml",
        ] {
            assert!(!hints_of(need).contains("write"), "{need}");
        }
        assert!(hints_of("the .nvmrc is missing").contains("write"));
    }

    #[test]
    fn a_number_of_the_worlds_things_is_no_issue() {
        assert_eq!(
            hints_of("mail the plumber: invoice #4471 for $320 is paid"),
            "mail the plumber: invoice #4471 for $320 is paid"
        );
        assert_eq!(
            hints_of("is order #55 shipped? see #412"),
            "is order #55 shipped? see #412 (issue or pull request)"
        );
        assert_eq!(
            hints_of("close #4471, the invoice bug"),
            "close #4471, the invoice bug (issue or pull request)"
        );
    }

    #[test]
    fn a_shell_redirect_writes_or_appends_to_its_file() {
        assert_eq!(
            hints_of("echo 'BASE_URL=http://localhost' > .env.dev"),
            "echo 'BASE_URL=http://localhost' > .env.dev (file, write)"
        );
        assert_eq!(
            hints_of("echo '- buy milk' >>notes.md"),
            "echo '- buy milk' >>notes.md (file, edit)"
        );
        // A comparison is no redirect.
        assert!(!hints_of("list files > 10 MB in ./downloads").contains("write"));
    }

    #[test]
    fn having_no_idea_what_a_file_holds_is_no_file_lacking() {
        assert_eq!(
            hints_of("I have no idea what's in the error log file"),
            "I have no idea what's in the error log file (file, read)"
        );
        assert_eq!(
            hints_of("the repo has no SECURITY.md"),
            "the repo has no SECURITY.md (file, write)"
        );
    }

    #[test]
    fn a_need_names_an_entry_with_every_specific_word() {
        let need = words("Write up the meeting notes in a Google Doc");
        assert!(names(&need, &name_words("google-docs")));
        assert!(names(&need, &name_words("meeting-notes")));
        assert!(!names(&need, &name_words("google-calendar")));
        let weekly = words("a weekly sync every Monday at 10");
        assert!(!names(&weekly, &name_words("monday")));
        assert!(names(
            &words("move my monday.com item"),
            &name_words("monday.com")
        ));
        assert!(names(&words("chart it"), &name_words("mcp-server-chart")));
        assert!(!names(&words("an mcp server"), &name_words("mcp-server")));
        assert!(!names(&need, &[]));
        assert!(names(
            &words("what's the git status"),
            &name_words("git_status")
        ));
    }

    #[test]
    fn a_named_page_is_fetched_not_looked_up() {
        assert_eq!(
            hints_of("today's headlines"),
            "today's headlines (look up online)"
        );
        assert_eq!(
            hints_of("open https://news.example.net/feed.xml and list the headlines"),
            "open https://news.example.net/feed.xml and list the headlines (url, fetch page)"
        );
    }
}
