//! A need written as a form: "Repo: acme/web; Title: login button
//! misaligned; Labels: bug", `{"project": "OPS", "issuetype": "Task",
//! "summary": "renew the TLS cert"}`. The values fill most of it and say
//! what it is about; the field names, a service's or a tool's own (a
//! tracker's `issuetype`, a pull request's `base` and `head`, a file's
//! `path` and `content`), say what is asked.

use super::LOOK_UP_ONLINE;

/// Field names (lower case, words joined by `_`) and the hint a form
/// holding them gets: one name of each `|`-separated group.
const FORMS: &[(&[&str], &str)] = &[
    (&["issuetype|issue_type"], "Jira issue"),
    (&["project", "type", "summary"], "Jira issue"),
    (&["repo|repository", "title"], "issue in the repository"),
    (&["base", "head"], "pull request"),
    (&["base", "table"], "Airtable record"),
    (&["path|file|filename", "content|contents"], "write"),
    (&["cmd|command"], "shell command"),
    (&["pattern|grep|regex"], "grep"),
    (&["target_lang|target_language"], "translate"),
    (&["subagent"], "parallel"),
    (&["query|q", "results"], LOOK_UP_ONLINE),
];

/// What separates a form's fields; a field name follows one of these (or
/// starts the need).
const SEPARATORS: &[char] = &[
    ';', '|', '/', ',', '.', '{', '(', '[', '\u{2014}', '\u{2013}', '\u{2190}', '\u{2192}',
];

/// The hints of a need written as a form of two fields or more (one
/// "Note: …" makes no form); none for any other need.
pub(super) fn form_hints(need: &str) -> Vec<&'static str> {
    let names = field_names(need);
    if names.len() < 2 {
        return Vec::new();
    }
    FORMS
        .iter()
        .filter(|(groups, _)| {
            groups
                .iter()
                .all(|g| g.split('|').any(|n| names.iter().any(|name| name == n)))
        })
        .map(|(_, hint)| *hint)
        .collect()
}

/// The names of the need's fields: `Name:` or `"name":` at the start or
/// after a separator, one or two words, the colon followed by a space, a
/// quote or the end (so "10:30" and "https://" are no fields).
fn field_names(need: &str) -> Vec<String> {
    need.match_indices(':')
        .filter(|(i, _)| {
            need[i + 1..]
                .chars()
                .next()
                .is_none_or(|c| c.is_whitespace() || c == '"' || c == '\'')
        })
        .filter_map(|(i, _)| field_name(&need[..i]))
        .collect()
}

/// The field name that ends `before` (the text before a colon), if any.
fn field_name(before: &str) -> Option<String> {
    let (quoted, before) = match before.strip_suffix(['"', '\'']) {
        Some(inside) => (true, inside),
        None => (false, before),
    };
    let start = before
        .rfind(|c: char| !(c.is_ascii_alphabetic() || c == '_' || c == ' '))
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
    let name = before[start..].trim();
    if name.is_empty() || name.split(' ').count() > 2 {
        return None;
    }
    let lead = before[..start].trim_end();
    let led = if quoted {
        lead.ends_with(['"', '\''])
    } else {
        lead.is_empty() || lead.ends_with(SEPARATORS)
    };
    led.then(|| name.to_ascii_lowercase().replace(' ', "_"))
}

#[cfg(test)]
mod tests {
    use super::{LOOK_UP_ONLINE, field_names, form_hints};

    #[test]
    fn a_form_says_what_is_asked_by_its_field_names() {
        for (need, want) in [
            (
                "Repo: acme/web; Title: login button misaligned; Labels: bug",
                vec!["issue in the repository"],
            ),
            (
                "Project: PAY / Type: Bug / Summary: refunds double-charged",
                vec!["Jira issue"],
            ),
            (
                r#"{"project": "OPS", "issuetype": "Task", "summary": "renew the cert"}"#,
                vec!["Jira issue"],
            ),
            (
                "Base: main \u{2190} Head: feat/export-csv; Title: Export orders",
                vec!["pull request"],
            ),
            (
                r#"{"base": "CRM-lite", "table": "Leads", "fields": {"Name": "Kofi"}}"#,
                vec!["Airtable record"],
            ),
            (
                "Path: notes/retro.md; Content: what went well",
                vec!["write"],
            ),
            (
                r#"{"cmd": "docker compose ps", "cwd": "./infra"}"#,
                vec!["shell command"],
            ),
            (r#"{"grep": "unsafe {", "include": "*.rs"}"#, vec!["grep"]),
            ("Pattern: TODO(security); Where: entire repo", vec!["grep"]),
            (
                r#"{"text": "Merci", "target_lang": "EN"}"#,
                vec!["translate"],
            ),
            (
                "Text: 'Wir freuen uns' ; Target language: English",
                vec!["translate"],
            ),
            (
                "Subagent: researcher; Brief: compare three databases",
                vec!["parallel"],
            ),
            (
                "Query: quietest dishwasher under 600 euros; Results: top 5",
                vec![LOOK_UP_ONLINE],
            ),
        ] {
            assert_eq!(form_hints(need), want, "{need}");
        }
    }

    #[test]
    fn a_sentence_with_a_colon_is_no_form() {
        for need in [
            "Acting as translator: put this blurb into Japanese",
            "Command: cargo test",
            "meet at 10:30: the repo title is wrong",
            "fetch https://example.com/a: the pattern is there",
            "the project summary: type it up",
            "Note: the base and the head of the table",
            "",
        ] {
            assert!(form_hints(need).is_empty(), "{need}");
        }
    }

    #[test]
    fn field_names_are_read_after_a_separator_or_in_quotes() {
        assert_eq!(
            field_names("Event: dentist. When: Tue 14:30. Length: 45 min."),
            ["event", "when", "length"]
        );
        assert_eq!(
            field_names(r#"{"to": "hr@corp.com", "subject": "sick day"}"#),
            ["to", "subject"]
        );
        assert_eq!(
            field_names("You're my assistant today. First job: book it"),
            ["first_job"]
        );
        assert!(field_names("Acting as translator: go").is_empty());
    }
}
