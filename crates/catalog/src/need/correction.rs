//! A need that corrects itself: "read me the config — correction, change
//! it: debug should be false", "fetch the page — hmm, I mean search for
//! reviews of …". The words before the correction name an action taken
//! back; only what follows is asked. A correction that changes a detail
//! and names no new action ("push to main — no! to my own branch",
//! "translate it to French, no, Italian") takes nothing back: the action
//! said first still stands.

use super::word_core;

/// Words that take back what came before them, said after a pause (a
/// comma, a dash, a sentence's end): "where do we actually send …" takes
/// nothing back.
const MARKERS: &[&[&str]] = &[
    &["i", "mean"],
    &["correction"],
    &["scratch", "that"],
    &["no", "wait"],
    &["wait", "no"],
    &["on", "second", "thought"],
    &["actually"],
    &["rather"],
];

/// Words between a correction and its new action: "— hmm, no wait, just
/// search …".
const FILLERS: &[&str] = &[
    "hmm", "um", "uh", "er", "oh", "ok", "okay", "sorry", "no", "wait", "just", "please", "pls",
    "instead", "then", "you", "can", "could", "should",
];

/// Actions a correction may put in place of the one taken back.
const ACTIONS: &[&str] = &[
    "add",
    "book",
    "change",
    "check",
    "commit",
    "compare",
    "count",
    "create",
    "delete",
    "diff",
    "draft",
    "edit",
    "email",
    "fetch",
    "find",
    "grep",
    "list",
    "log",
    "look",
    "make",
    "merge",
    "message",
    "move",
    "open",
    "ping",
    "post",
    "push",
    "put",
    "query",
    "read",
    "rebase",
    "remove",
    "run",
    "save",
    "schedule",
    "search",
    "send",
    "set",
    "show",
    "start",
    "tell",
    "translate",
    "update",
    "upload",
    "write",
];

/// What the need asks once its corrections are read: the words after the
/// last correction that names a new action, or the whole need.
pub fn corrected(need: &str) -> &str {
    let raw: Vec<&str> = need.split_whitespace().collect();
    // Each word's start in `need` (the words are slices of it) and its
    // letters, lower-cased.
    let words: Vec<(usize, String)> = raw
        .iter()
        .map(|w| {
            let start = w.as_ptr() as usize - need.as_ptr() as usize;
            (start, word_core(w).to_lowercase())
        })
        .collect();
    // Whether the word before `i` ends in a pause.
    let after_a_pause = |i: usize| {
        i > 0
            && raw[i - 1].ends_with([
                ',', '.', ';', ':', '!', '?', '\u{2014}', '\u{2013}', '-', '\u{2026}',
            ])
    };
    // "no" takes back only when a pause follows it ("wait, no, push it");
    // "wait, no push" says not to push.
    let negates = |j: usize| words[j].1 == "no" && !after_a_pause(j + 1);
    let said = |i: usize, marker: &[&str]| {
        words.len() >= i + marker.len() && marker.iter().zip(&words[i..]).all(|(m, (_, w))| m == w)
    };
    let mut from = None;
    for i in 0..words.len() {
        for marker in MARKERS {
            let end = i + marker.len();
            if !after_a_pause(i) || !said(i, marker) || negates(end - 1) {
                continue;
            }
            let next =
                (end..words.len()).find(|&j| !FILLERS.contains(&words[j].1.as_str()) || negates(j));
            if let Some(j) = next
                && ACTIONS.contains(&words[j].1.as_str())
            {
                from = Some(words[j].0);
            }
        }
    }
    from.map_or(need, |start| &need[start..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_action_takes_back_the_one_before() {
        for (need, want) in [
            (
                "read me the config — correction, change it: debug should be false",
                "change it: debug should be false",
            ),
            (
                "fetch the page — hmm, I mean search for reviews of the laptop",
                "search for reviews of the laptop",
            ),
            (
                "write it to notes.txt... actually, make that a new file",
                "make that a new file",
            ),
            (
                "run the tests — no wait, just show me the status",
                "show me the status",
            ),
            (
                "merge it. on second thought, open a PR instead",
                "open a PR instead",
            ),
            ("merge it — wait, no, open a PR", "open a PR"),
        ] {
            assert_eq!(corrected(need), want, "{need}");
        }
    }

    #[test]
    fn a_changed_detail_or_no_correction_keeps_the_need() {
        for need in [
            "push to main — no! to my own branch feature/menu, not main",
            "commit and push, wait, no push, CI is broken. only commit",
            "translate it to French, no, Italian: the welcome email",
            "what did you do yesterday — I mean today, since 9am",
            "what's actually in the config?",
            "where do we actually send the welcome email in the code",
            "I'd rather you asked first",
            "send the report to Ana",
            "",
            "actually",
            "— I mean —",
        ] {
            assert_eq!(corrected(need), need, "{need}");
        }
    }
}
